/*
 * The customize mode tree (see customize.h). Items are rebuilt from the
 * owner's callbacks before each frame and each key; between builds only
 * ids are kept: the selection, the items folded or unfolded by the user
 * and the tags. A selection whose item went away stays at the same line.
 *
 * The layout follows tmux 3.3a's mode trees: the list takes the pane's
 * height less 12 rows for the preview box (the whole height when that
 * leaves no room), the box has single lines and " name " in its top
 * border, and its text starts two columns in.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"
#include "common/xmalloc.h"
#include "draw/customize.h"
#include "model/mouse.h"
#include "model/options.h"
#include "model/pane-mode.h"
#include "draw/prompt.h"
#include "model/state.h"
#include "draw/style-draw.h"
#include "model/style.h"
#include "model/window.h"

/* Rows the preview box takes, as tmux's customize mode asks for. */
#define CUSTOMIZE_PREVIEW_ROWS	12

struct customize_item {
	char		*id;
	unsigned int	 depth;
	char		*name;
	char		*scope;		/* NULL: none */
	char		*text;		/* NULL: no ": " */
	int		 styled;
	int		 expanded;	/* the owner's default */
	int		 as_parent;
	int		 parent;	/* index, -1 at the top */
	int		 children;
	int		 last;		/* the last of its parent's */
	int		 flat;		/* no sibling has children */
};

/* A visible line: an item whose parents are all unfolded, and its key. */
struct customize_line {
	unsigned int	 item;
	key_code	 key;
};

/* What the user changed about an item, by id. */
struct customize_state {
	char		*id;
	int		 expanded;	/* -1: the owner's default */
	int		 tagged;
};

struct customize {
	struct pane			*pane;
	const struct customize_ops	*ops;
	void				*data;

	struct customize_item		*items;
	unsigned int			 n;
	struct customize_line		*lines;
	unsigned int			 nlines;

	struct customize_state		*states;
	unsigned int			 nstates;

	char				*sel;	/* id of the selected item */
	unsigned int			 current; /* its line */
	unsigned int			 offset;  /* first line shown */

	char				*filter;
	int				 no_matches;
	char				*search;
	int				 preview;	/* 0 off, 1, 2 */

	/* The preview drawn as cells (ops->draw), for this frame. */
	struct cell			*pv_cells;
	unsigned int			 pv_sx, pv_sy;

	/* The preview being written: box width, rows, where. */
	struct cell			*pv_line;
	unsigned int			 pv_y, pv_rows, pv_want, pv_x;
	unsigned int			 pv_width;
	int				 pv_full;
};

/* The key that picks line i: 0-9, then M-a to M-z; KEYC_NONE after. */
static key_code
customize_line_key(unsigned int i)
{
	if (i < 10)
		return ('0' + i);
	if (i < 36)
		return (('a' + i - 10) | KEYC_META);
	return (KEYC_NONE);
}

/* The state of an item, created when asked for with create. */
static struct customize_state *
customize_state(struct customize *ct, const char *id, int create)
{
	unsigned int	i;

	for (i = 0; i < ct->nstates; i++) {
		if (strcmp(ct->states[i].id, id) == 0)
			return (&ct->states[i]);
	}
	if (!create)
		return (NULL);
	ct->states = xreallocarray(ct->states, ct->nstates + 1,
	    sizeof *ct->states);
	ct->states[ct->nstates].id = xstrdup(id);
	ct->states[ct->nstates].expanded = -1;
	ct->states[ct->nstates].tagged = 0;
	return (&ct->states[ct->nstates++]);
}

static int
customize_expanded(struct customize *ct, unsigned int i)
{
	struct customize_state	*st = customize_state(ct, ct->items[i].id, 0);

	if (st != NULL && st->expanded != -1)
		return (st->expanded);
	return (ct->items[i].expanded);
}

static int
customize_is_tagged(struct customize *ct, unsigned int i)
{
	struct customize_state	*st = customize_state(ct, ct->items[i].id, 0);

	return (st != NULL && st->tagged);
}

static void
customize_set_tagged(struct customize *ct, unsigned int i, int tagged)
{
	customize_state(ct, ct->items[i].id, 1)->tagged = tagged;
}

static void
customize_set_expanded(struct customize *ct, unsigned int i, int expanded)
{
	customize_state(ct, ct->items[i].id, 1)->expanded = expanded;
}

/* Forget the items. */
static void
customize_free_items(struct customize *ct)
{
	unsigned int	i;

	for (i = 0; i < ct->n; i++) {
		free(ct->items[i].id);
		free(ct->items[i].name);
		free(ct->items[i].scope);
		free(ct->items[i].text);
	}
	free(ct->items);
	ct->items = NULL;
	ct->n = 0;
	free(ct->lines);
	ct->lines = NULL;
	ct->nlines = 0;
}

void
customize_add(struct customize *ct, const char *id, unsigned int depth,
    const char *name, const char *scope, const char *text, int styled,
    int expanded, int as_parent)
{
	struct customize_item	*item;
	int			 i;

	ct->items = xreallocarray(ct->items, ct->n + 1, sizeof *ct->items);
	item = &ct->items[ct->n];
	memset(item, 0, sizeof *item);
	item->id = xstrdup(id);
	item->depth = depth;
	item->name = xstrdup(name);
	item->scope = scope != NULL ? xstrdup(scope) : NULL;
	item->text = text != NULL ? xstrdup(text) : NULL;
	item->styled = styled;
	item->expanded = expanded;
	item->as_parent = as_parent;
	item->parent = -1;
	item->last = 1;
	for (i = (int)ct->n - 1; depth > 0 && i >= 0; i--) {
		if (ct->items[i].depth == depth) {
			ct->items[i].last = 0;	/* a later sibling */
			continue;
		}
		if (ct->items[i].depth == depth - 1) {
			item->parent = i;
			ct->items[i].children = 1;
			break;
		}
	}
	if (depth == 0) {
		for (i = (int)ct->n - 1; i >= 0; i--) {
			if (ct->items[i].depth == 0) {
				ct->items[i].last = 0;
				break;
			}
		}
	}
	ct->n++;
}

/* Rebuild the items and the visible lines; find the selection. */
static void
customize_build(struct customize *ct)
{
	unsigned int	i;
	int		p, shown;
	char		*nested;

	customize_free_items(ct);
	ct->ops->build(ct, ct->pane, ct->data, ct->filter);
	ct->no_matches = (ct->n == 0);
	if (ct->n == 0 && ct->filter != NULL) {
		/* A filter that leaves nothing is ignored, as in tmux. */
		ct->ops->build(ct, ct->pane, ct->data, NULL);
	}
	/* An item is flat (drawn without "+ " or "  ") when none of its
	 * siblings has children. */
	nested = xcalloc(ct->n + 1, sizeof *nested);
	for (i = 0; i < ct->n; i++) {
		if (ct->items[i].children)
			nested[ct->items[i].parent + 1] = 1;
	}
	for (i = 0; i < ct->n; i++)
		ct->items[i].flat = !nested[ct->items[i].parent + 1];
	free(nested);
	ct->lines = xreallocarray(NULL, ct->n + 1, sizeof *ct->lines);
	for (i = 0; i < ct->n; i++) {
		shown = 1;
		for (p = ct->items[i].parent; p != -1; p = ct->items[p].parent) {
			if (!customize_expanded(ct, p))
				shown = 0;
		}
		if (shown)
			ct->lines[ct->nlines++].item = i;
	}
	for (i = 0; i < ct->nlines; i++) {
		if (ct->ops->line_key != NULL) {
			ct->lines[i].key = ct->ops->line_key(ct, ct->data,
			    ct->items[ct->lines[i].item].id, i);
		} else
			ct->lines[i].key = customize_line_key(i);
	}
	if (ct->nlines == 0) {
		ct->current = 0;
		return;
	}
	if (ct->sel != NULL) {
		for (i = 0; i < ct->nlines; i++) {
			if (strcmp(ct->items[ct->lines[i].item].id,
			    ct->sel) == 0) {
				ct->current = i;
				return;
			}
		}
	}
	if (ct->current >= ct->nlines)
		ct->current = ct->nlines - 1;
	free(ct->sel);
	ct->sel = xstrdup(ct->items[ct->lines[ct->current].item].id);
}

/* Select line i. */
static void
customize_set_current(struct customize *ct, unsigned int i)
{
	ct->current = i;
	free(ct->sel);
	ct->sel = xstrdup(ct->items[ct->lines[i].item].id);
}

/* The selected item's index, or -1. */
static int
customize_current_item(struct customize *ct)
{
	if (ct->nlines == 0)
		return (-1);
	return (ct->lines[ct->current].item);
}

/* The list's rows and whether the preview shows, for a pane sy high. */
static unsigned int
customize_height(struct customize *ct, unsigned int sy, int *preview)
{
	unsigned int	h = sy;

	if (ct->ops->tree) {
		/* As tmux 3.3a's mode trees, preview or not. */
		h = (sy / 3) * 2;
		if (h > ct->nlines)
			h = sy / 2;
		if (h < 10)
			h = sy;
	} else if (ct->preview && CUSTOMIZE_PREVIEW_ROWS < sy)
		h = sy - CUSTOMIZE_PREVIEW_ROWS;
	if (sy - h < 2)
		h = sy;
	if (ct->ops->tree)
		*preview = ct->preview && sy > 4 && h > 4 && sy - h > 4;
	else
		*preview = ct->preview && sy > 4 && h >= 2 && sy - h > 4;
	return (h);
}

/* Keep the selected line within the list's rows. */
static void
customize_scroll(struct customize *ct, unsigned int h)
{
	if (h == 0)
		return;
	if (ct->current < ct->offset)
		ct->offset = ct->current;
	else if (ct->current >= ct->offset + h)
		ct->offset = ct->current - h + 1;
	if (ct->offset > 0 && ct->offset + h > ct->nlines)
		ct->offset = ct->nlines > h ? ct->nlines - h : 0;
}

void
customize_select(struct customize *ct, const char *id)
{
	unsigned int	i;

	for (i = 0; i < ct->nlines; i++) {
		if (strcmp(ct->items[ct->lines[i].item].id, id) == 0) {
			customize_set_current(ct, i);
			return;
		}
	}
}

void
customize_up(struct customize *ct)
{
	if (ct->nlines == 0)
		return;
	customize_set_current(ct, ct->current == 0 ? ct->nlines - 1 :
	    ct->current - 1);
}

void
customize_redraw(struct customize *ct)
{
	pane_mode_redraw(ct->pane);
}

const char *
customize_name(const struct customize *ct, const char *id)
{
	unsigned int	i;

	for (i = 0; i < ct->n; i++) {
		if (strcmp(ct->items[i].id, id) == 0)
			return (ct->items[i].name);
	}
	return (NULL);
}

const char *
customize_next_tagged(const struct customize *ct, unsigned int *i)
{
	struct customize	*c = (struct customize *)ct;

	while (*i < ct->n) {
		if (customize_is_tagged(c, (*i)++))
			return (ct->items[*i - 1].id);
	}
	return (NULL);
}

unsigned int
customize_tagged(const struct customize *ct)
{
	unsigned int	i = 0, n = 0;

	while (customize_next_tagged(ct, &i) != NULL)
		n++;
	return (n);
}

/* Draw line l of the list into row (n cells). */
static void
customize_draw_line(struct customize *ct, unsigned int l, struct cell *row,
    unsigned int n, const struct cell *mode)
{
	struct customize_item	*item = &ct->items[ct->lines[l].item];
	struct cell		 base = CELL_BLANK, rev;
	char			 key[32], prefix[128], *text;
	const char		*symbol;
	unsigned int		 keylen, x, j;
	key_code		 k;
	int			 p;

	if (l == ct->current)
		base = *mode;
	if (customize_is_tagged(ct, ct->lines[l].item))
		base.attr ^= ATTR_BOLD;
	/* The selected line's rest in mode-style's background only, as
	 * tmux clears it. */
	for (x = 0; x < n; x++) {
		row[x] = CELL_BLANK;
		if (l == ct->current)
			row[x].bg = base.bg;
	}
	/* "(key)" padded to the widest key of the list plus three. */
	keylen = 0;
	for (j = 0; j < ct->nlines; j++) {
		if ((k = ct->lines[j].key) != KEYC_NONE &&
		    strlen(key_to_string(k)) + 3 > keylen)
			keylen = strlen(key_to_string(k)) + 3;
	}
	if ((k = ct->lines[l].key) != KEYC_NONE)
		snprintf(key, sizeof key, "(%s)", key_to_string(k));
	else
		key[0] = '\0';
	if (item->flat)
		symbol = "";
	else if (!item->children)
		symbol = "  ";
	else if (customize_expanded(ct, ct->lines[l].item))
		symbol = "- ";
	else
		symbol = "+ ";
	prefix[0] = '\0';
	if (item->depth > 0) {
		p = item->parent;
		for (j = 1; j < item->depth; j++) {
			strncat(prefix, p != -1 && ct->items[p].last ?
			    "    " : "\xe2\x94\x82   ", sizeof prefix -
			    strlen(prefix) - 1);
		}
		strncat(prefix, item->last ? "\xe2\x94\x94\xe2\x94\x80> " :
		    "\xe2\x94\x9c\xe2\x94\x80> ", sizeof prefix -
		    strlen(prefix) - 1);
	}
	text = xasprintf("%-*s%s%s%s%s%s", (int)keylen, key, prefix, symbol,
	    item->name, customize_is_tagged(ct, ct->lines[l].item) ? "*" : "",
	    item->text != NULL ? ": " : "");
	x = style_draw(row, n, 0, n, text, &base, 0);
	free(text);
	if (item->scope != NULL && x < n) {
		rev = base;
		rev.attr ^= ATTR_REVERSE;
		text = xasprintf("(%s)", item->scope);
		x += style_draw(row, n, x, n - x, text, &rev, 0);
		free(text);
		if (x < n)
			x += style_draw(row, n, x, n - x, " ", &base, 0);
	}
	if (item->text != NULL && x < n) {
		style_draw(row, n, x, n - x, item->text, &base,
		    item->styled ? STYLE_DRAW_MARKUP : 0);
	}
}

/* Put UTF-8 text at column x of the preview row (inside the box). */
static unsigned int
customize_pv_put(struct customize *ct, unsigned int x, const char *text,
    const struct cell *cell)
{
	if (ct->pv_line == NULL || x >= ct->pv_width)
		return (utf8_str_width(text));
	return (style_draw(ct->pv_line, ct->pv_x + ct->pv_width,
	    ct->pv_x + x, ct->pv_width - x, text, cell, 0));
}

void
customize_text(struct customize *ct, const char *text,
    const struct cell *example)
{
	struct cell	 blank = CELL_BLANK;
	const char	*word = text, *end;
	char		*w;
	unsigned int	 x = 0, width;

	/* Each line of the preview is laid out again for each row drawn;
	 * only the row asked for (pv_want) is written. */
	if (ct->pv_full)
		return;
	for (;;) {
		while (*word == ' ')
			word++;
		if (*word == '\0')
			break;
		end = strchr(word, ' ');
		if (end == NULL)
			end = word + strlen(word);
		w = xstrndup(word, end - word);
		width = utf8_str_width(w);
		if (x != 0 && x + 1 + width > ct->pv_width) {
			/* The next row. */
			if (++ct->pv_y >= ct->pv_rows) {
				ct->pv_full = 1;
				free(w);
				return;
			}
			x = 0;
		} else if (x != 0)
			x++;
		if (ct->pv_y == ct->pv_want)
			customize_pv_put(ct, x, w, &blank);
		x += width;
		free(w);
		word = end;
	}
	if (example != NULL) {
		if (x + 7 > ct->pv_width && x != 0) {
			if (++ct->pv_y >= ct->pv_rows) {
				ct->pv_full = 1;
				return;
			}
			x = 0;
		}
		if (ct->pv_y == ct->pv_want)
			customize_pv_put(ct, x, "EXAMPLE", example);
	}
	if (++ct->pv_y >= ct->pv_rows)
		ct->pv_full = 1;
}

/* Draw row y of the preview box (rows sy - h high from row h). */
static void
customize_draw_preview(struct customize *ct, unsigned int y,
    unsigned int h, unsigned int sy, struct cell *row, unsigned int n,
    const struct cell *mode)
{
	struct cell	 border = CELL_BLANK;
	char		*title;
	int		 i;
	unsigned int	 x, w;

	for (x = 0; x < n; x++)
		row[x] = CELL_BLANK;
	if ((i = customize_current_item(ct)) == -1)
		return;
	if (ct->items[i].as_parent && ct->items[i].parent != -1)
		i = ct->items[i].parent;
	border.width = 1;
	if (y == h || y == sy - 1) {
		for (x = 1; x + 1 < n; x++) {
			row[x] = border;
			row[x].ch = 0x2500;
		}
		row[0] = border;
		row[0].ch = y == h ? 0x250c : 0x2514;
		row[n - 1] = border;
		row[n - 1].ch = y == h ? 0x2510 : 0x2518;
		if (y != h)
			return;
		if (ct->ops->sort != NULL && ct->ops->sort(ct->data) != NULL) {
			title = xasprintf(" %s (sort: %s)", ct->items[i].name,
			    ct->ops->sort(ct->data));
		} else
			title = xasprintf(" %s", ct->items[i].name);
		if (n - 2 >= utf8_str_width(title)) {
			x = 1 + style_draw(row, n, 1, n - 2, title, &border, 0);
			if (ct->filter != NULL && n - 2 >= utf8_str_width(title) +
			    10 + (ct->no_matches ? 10 : 6) + 2) {
				x += style_draw(row, n, x, n - x, " (filter: ",
				    &border, 0);
				x += style_draw(row, n, x, n - x,
				    ct->no_matches ? "no matches" : "active",
				    ct->no_matches ? mode : &border, 0);
				style_draw(row, n, x, n - x, ") ", &border, 0);
			} else
				style_draw(row, n, x, n - x, " ", &border, 0);
		}
		free(title);
		return;
	}
	row[0] = border;
	row[0].ch = 0x2502;
	row[n - 1] = border;
	row[n - 1].ch = 0x2502;
	w = n > 4 ? n - 4 : 0;
	if (w == 0 || sy - h < 3)
		return;
	if (ct->ops->draw != NULL) {
		/* Drawn once a frame, at the first row inside the box. */
		if (y == h + 1 || ct->pv_cells == NULL || ct->pv_sx != w ||
		    ct->pv_sy != sy - h - 2) {
			free(ct->pv_cells);
			ct->pv_sx = w;
			ct->pv_sy = sy - h - 2;
			ct->pv_cells = xreallocarray(NULL, ct->pv_sx * ct->pv_sy,
			    sizeof *ct->pv_cells);
			for (x = 0; x < ct->pv_sx * ct->pv_sy; x++)
				ct->pv_cells[x] = CELL_BLANK;
			ct->ops->draw(ct, ct->pane, ct->data, ct->items[i].id,
			    ct->pv_cells, ct->pv_sx, ct->pv_sy);
		}
		memcpy(row + 2, ct->pv_cells + (y - h - 1) * ct->pv_sx,
		    w * sizeof *row);
		return;
	}
	ct->pv_line = row;
	ct->pv_x = 2;
	ct->pv_width = w;
	ct->pv_y = 0;
	ct->pv_rows = sy - h - 2;
	ct->pv_want = y - h - 1;
	ct->pv_full = 0;
	ct->ops->preview(ct, ct->pane, ct->data, ct->items[i].id);
	ct->pv_line = NULL;
}

/* Draw row y of the mode. */
static void
customize_draw(struct pane *p, void *data, unsigned int y, struct cell *line,
    unsigned int n)
{
	struct customize	*ct = data;
	struct cell		 mode = CELL_BLANK;
	unsigned int		 h, x;
	int			 preview;

	for (x = 0; x < n; x++)
		line[x] = CELL_BLANK;
	if (y == 0)
		customize_build(ct);	/* once a frame: the top row first */
	else if (ct->items == NULL)
		customize_build(ct);
	style_apply(&mode, options_get_string(p->window->options,
	    "mode-style"));
	h = customize_height(ct, p->sy, &preview);
	customize_scroll(ct, h);
	if (y < h) {
		if (ct->offset + y < ct->nlines)
			customize_draw_line(ct, ct->offset + y, line, n, &mode);
		return;
	}
	if (preview && n > 4)
		customize_draw_preview(ct, y, h, p->sy, line, n, &mode);
}

/* Search from the selected item for the next (or previous) whose name
 * holds the search text; unfold its parents and select it. */
static void
customize_search(struct customize *ct, int forward)
{
	int		i, start, p;
	unsigned int	n = ct->n;

	if (ct->search == NULL || n == 0 || (start =
	    customize_current_item(ct)) == -1)
		return;
	i = start;
	for (;;) {
		i = forward ? (i + 1) % (int)n : (i + (int)n - 1) % (int)n;
		if (i == start)
			return;
		if (ct->ops->search != NULL) {
			if (ct->ops->search(ct->data, ct->items[i].id,
			    ct->search))
				break;
		} else if (strstr(ct->items[i].name, ct->search) != NULL)
			break;
	}
	for (p = ct->items[i].parent; p != -1; p = ct->items[p].parent)
		customize_set_expanded(ct, p, 1);
	free(ct->sel);
	ct->sel = xstrdup(ct->items[i].id);
	customize_build(ct);
}

/* The prompts the tree opens (search, filter): they find the tree again
 * by the pane, which may have left the mode by then. */
static void
customize_search_done(struct client *c, const char *input, void *arg)
{
	struct pane		*p = pane_find_by_id((unsigned int)(uintptr_t)arg);
	struct customize	*ct;

	(void)c;
	if (p == NULL || (ct = customize_get(p)) == NULL)
		return;
	free(ct->search);
	ct->search = *input != '\0' ? xstrdup(input) : NULL;
	customize_search(ct, 1);
	customize_redraw(ct);
}

static void
customize_filter_done(struct client *c, const char *input, void *arg)
{
	struct pane		*p = pane_find_by_id((unsigned int)(uintptr_t)arg);
	struct customize	*ct;

	(void)c;
	if (p == NULL || (ct = customize_get(p)) == NULL)
		return;
	free(ct->filter);
	ct->filter = *input != '\0' ? xstrdup(input) : NULL;
	customize_build(ct);
	customize_redraw(ct);
}

/* Fold or unfold every top item. */
static void
customize_expand_all(struct customize *ct, int expanded)
{
	unsigned int	i;

	for (i = 0; i < ct->n; i++) {
		if (ct->items[i].depth == 0)
			customize_set_expanded(ct, i, expanded);
	}
}

/* A key for the mode. */
static void
customize_key(struct pane *p, void *data, struct client *c, key_code key,
    const struct mouse_event *m)
{
	struct customize	*ct = data;
	struct customize_item	*item;
	unsigned int		 i, h, cur, mx, my, type;
	int			 preview, it, q;
	void			*arg = (void *)(uintptr_t)p->id;

	customize_build(ct);
	h = customize_height(ct, p->sy, &preview);
	if (KEYC_IS_MOUSE(key)) {
		/* The wheel moves; a click on a line selects it, a double
		 * click acts on it as Enter; other mouse keys do nothing. */
		type = KEYC_MOUSE_TYPE(key);
		if (type == KEYC_WHEEL_UP || type == KEYC_WHEEL_DOWN) {
			key = type == KEYC_WHEEL_UP ? KEYC_UP : KEYC_DOWN;
		} else if ((type == KEYC_MOUSE_DOWN ||
		    type == KEYC_DOUBLE_CLICK) && m != NULL &&
		    mouse_at(m, p, &mx, &my, 0) && my < h &&
		    ct->offset + my < ct->nlines) {
			customize_set_current(ct, ct->offset + my);
			if (type != KEYC_DOUBLE_CLICK)
				return;
			key = '\r';
		} else if (type == KEYC_MOUSE_DOWN &&
		    KEYC_MOUSE_BUTTON(key) == 1 && m != NULL &&
		    mouse_at(m, p, &mx, &my, 0) && my > h && preview &&
		    ct->ops->click != NULL && ct->nlines != 0) {
			ct->ops->click(ct, p, c, ct->data,
			    customize_current(ct), mx);
			return;
		} else
			return;
	}
	for (i = 0; i < ct->nlines; i++) {
		if (ct->lines[i].key != KEYC_NONE && key == ct->lines[i].key) {
			customize_set_current(ct, i);
			key = '\r';
			break;
		}
	}
	if (ct->nlines == 0 && key != 'q' && key != 0x1b &&
	    key != ('g'|KEYC_CTRL))
		return;
	cur = ct->current;
	it = customize_current_item(ct);
	item = it == -1 ? NULL : &ct->items[it];
	switch (key) {
	case 'q':
	case 0x1b:
	case 'g'|KEYC_CTRL:
		pane_mode_reset(p);
		return;
	case KEYC_UP:
	case 'k':
	case 'p'|KEYC_CTRL:
		customize_up(ct);
		return;
	case KEYC_DOWN:
	case 'j':
	case 'n'|KEYC_CTRL:
		customize_set_current(ct, cur + 1 == ct->nlines ? 0 : cur + 1);
		return;
	case KEYC_PPAGE:
	case 'b'|KEYC_CTRL:
		customize_set_current(ct, cur > h ? cur - h : 0);
		return;
	case KEYC_NPAGE:
	case 'f'|KEYC_CTRL:
		customize_set_current(ct, cur + h < ct->nlines ? cur + h :
		    ct->nlines - 1);
		return;
	case 'g':
	case KEYC_HOME:
		customize_set_current(ct, 0);
		ct->offset = 0;
		return;
	case 'G':
	case KEYC_END:
		customize_set_current(ct, ct->nlines - 1);
		return;
	case 't':
		/* A parent and its children are never tagged together; the
		 * sections of customize mode are not tagged; a tree moves
		 * on to the next line. */
		if (ct->ops->tree) {
			if (!customize_is_tagged(ct, it)) {
				for (q = item->parent; q != -1;
				    q = ct->items[q].parent)
					customize_set_tagged(ct, q, 0);
				for (i = it + 1; i < ct->n &&
				    ct->items[i].depth > item->depth; i++)
					customize_set_tagged(ct, i, 0);
			}
			customize_set_tagged(ct, it,
			    !customize_is_tagged(ct, it));
			customize_set_current(ct, cur + 1 == ct->nlines ? 0 :
			    cur + 1);
			return;
		}
		if (item->depth == 0)
			return;
		if (customize_is_tagged(ct, it)) {
			customize_set_tagged(ct, it, 0);
			return;
		}
		for (q = item->parent; q != -1; q = ct->items[q].parent)
			customize_set_tagged(ct, q, 0);
		for (i = it + 1; i < ct->n && ct->items[i].depth >
		    item->depth; i++)
			customize_set_tagged(ct, i, 0);
		customize_set_tagged(ct, it, 1);
		return;
	case 'T':
		for (i = 0; i < ct->n; i++)
			customize_set_tagged(ct, i, 0);
		return;
	case 't'|KEYC_CTRL:
		for (i = 0; i < ct->n; i++) {
			customize_set_tagged(ct, i, ct->items[i].depth ==
			    (ct->ops->tree ? 0 : 1));
		}
		return;
	case KEYC_LEFT:
	case 'h':
	case '-':
		if (item->flat || !customize_expanded(ct, it))
			it = item->parent;
		if (it == -1)
			customize_up(ct);
		else {
			customize_set_expanded(ct, it, 0);
			free(ct->sel);
			ct->sel = xstrdup(ct->items[it].id);
			customize_build(ct);
		}
		return;
	case KEYC_RIGHT:
	case 'l':
	case '+':
		if (item->flat || !item->children ||
		    customize_expanded(ct, it)) {
			customize_set_current(ct, cur + 1 == ct->nlines ? 0 :
			    cur + 1);
		} else {
			customize_set_expanded(ct, it, 1);
			customize_build(ct);
		}
		return;
	case '-'|KEYC_META:
		customize_expand_all(ct, 0);
		customize_build(ct);
		return;
	case '+'|KEYC_META:
		customize_expand_all(ct, 1);
		customize_build(ct);
		return;
	case '?':
	case '/':
	case 's'|KEYC_CTRL:
		if (c != NULL) {
			prompt_open_input(c, "(search) ", "", PROMPT_COMMAND,
			    customize_search_done, NULL, arg);
		}
		return;
	case 'n':
		customize_search(ct, 1);
		return;
	case 'N':
		customize_search(ct, 0);
		return;
	case 'f':
		if (c != NULL) {
			prompt_open_input(c, "(filter) ", ct->filter,
			    PROMPT_COMMAND, customize_filter_done, NULL, arg);
		}
		return;
	case 'v':
		if (ct->ops->tree) {
			ct->preview = !ct->preview;
			return;
		}
		/* tmux's three steps: off, big, normal (big and normal are
		 * the same size here, as in tmux's customize mode). */
		ct->preview = ct->preview == 0 ? 2 : ct->preview - 1;
		return;
	}
	ct->ops->key(ct, p, c, ct->data, key, item != NULL ? item->id : NULL);
	if (customize_get(p) == ct)
		customize_build(ct);
}

static void
customize_free(void *data)
{
	struct customize	*ct = data;
	unsigned int		 i;

	ct->ops->free(ct->data);
	customize_free_items(ct);
	for (i = 0; i < ct->nstates; i++)
		free(ct->states[i].id);
	free(ct->states);
	free(ct->sel);
	free(ct->filter);
	free(ct->search);
	free(ct->pv_cells);
	free(ct);
}

/* One pane mode a name (#{pane_mode}), all drawn and driven here. */
static const struct pane_mode_ops customize_mode_ops[] = {
	{ "options-mode", customize_draw, customize_key, customize_free, NULL, NULL, NULL },
	{ "tree-mode", customize_draw, customize_key, customize_free, NULL, NULL, NULL },
	{ "buffer-mode", customize_draw, customize_key, customize_free, NULL, NULL, NULL },
	{ "client-mode", customize_draw, customize_key, customize_free, NULL, NULL, NULL },
};

struct customize *
customize_get(struct pane *p)
{
	struct customize	*ct;
	unsigned int		 i;

	for (i = 0; i < sizeof customize_mode_ops /
	    sizeof customize_mode_ops[0]; i++) {
		if ((ct = pane_mode_data(p, &customize_mode_ops[i])) != NULL)
			return (ct);
	}
	return (NULL);
}

const char *
customize_current(const struct customize *ct)
{
	if (ct->nlines == 0)
		return (NULL);
	return (ct->items[ct->lines[ct->current].item].id);
}

void
customize_expand(struct customize *ct, const char *id)
{
	unsigned int	i;
	int		p;

	for (i = 0; i < ct->n; i++) {
		if (strcmp(ct->items[i].id, id) != 0)
			continue;
		customize_set_expanded(ct, i, 1);
		for (p = ct->items[i].parent; p != -1; p = ct->items[p].parent)
			customize_set_expanded(ct, p, 1);
		break;
	}
	customize_build(ct);
}

void
customize_rebuild(struct customize *ct)
{
	customize_build(ct);
}

void *
customize_data(struct customize *ct)
{
	return (ct->data);
}

void
customize_open(struct pane *p, const struct customize_ops *ops, void *data,
    const char *filter, int no_preview)
{
	struct customize		*ct;
	const struct pane_mode_ops	*mode = &customize_mode_ops[0];
	unsigned int			 i;

	ct = xcalloc(1, sizeof *ct);
	ct->pane = p;
	ct->ops = ops;
	ct->data = data;
	ct->filter = filter != NULL ? xstrdup(filter) : NULL;
	for (i = 0; ops->name != NULL && i < sizeof customize_mode_ops /
	    sizeof customize_mode_ops[0]; i++) {
		if (strcmp(customize_mode_ops[i].name, ops->name) == 0)
			mode = &customize_mode_ops[i];
	}
	ct->preview = !no_preview;
	pane_mode_set(p, mode, ct);
	customize_build(ct);
}
