/*
 * The choose lists (see choose.h). A list is rebuilt from its callbacks
 * before each frame and each key; between builds only ids are kept (the
 * selection and the tags), so a line that goes away takes its tag with
 * it and a selection whose line went away stays at the same position.
 *
 * Callbacks may close the list, or open another on the same client
 * (Enter runs a command): a list closed while one of its callbacks runs
 * is only marked, and freed when the callback has returned.
 */
#include <stdlib.h>
#include <string.h>

#include "common/xmalloc.h"
#include "server/choose.h"
#include "server/client.h"
#include "server/options.h"
#include "server/server.h"
#include "server/session.h"
#include "server/style.h"
#include "server/window.h"

struct choose_item {
	char		*id;
	char		*name;
	char		*text;
	unsigned int	 depth;
	int		 tagged;
};

struct choose {
	struct client		*c;
	const struct choose_ops	*ops;
	void			*data;

	struct choose_item	*items;	/* the lines, last built */
	unsigned int		 n;

	char			*sel;	/* id of the selected line */
	unsigned int		 sel_idx; /* its index, last built */
	unsigned int		 top;	/* first line shown */
	unsigned int		 rows;	/* lines shown, last frame */

	char			**tags;	/* ids of the tagged lines */
	unsigned int		  ntags;

	int			 busy;	/* callbacks running */
	int			 dead;	/* closed: free when idle */
};

/* Forget the lines. */
static void
choose_free_items(struct choose *ch)
{
	unsigned int	i;

	for (i = 0; i < ch->n; i++) {
		free(ch->items[i].id);
		free(ch->items[i].name);
		free(ch->items[i].text);
	}
	free(ch->items);
	ch->items = NULL;
	ch->n = 0;
}

/* Forget the tags. */
static void
choose_free_tags(struct choose *ch)
{
	unsigned int	i;

	for (i = 0; i < ch->ntags; i++)
		free(ch->tags[i]);
	free(ch->tags);
	ch->tags = NULL;
	ch->ntags = 0;
}

/* Free a closed list and its data. */
static void
choose_free(struct choose *ch)
{
	if (ch->ops->free != NULL)
		ch->ops->free(ch->data);
	choose_free_items(ch);
	choose_free_tags(ch);
	free(ch->sel);
	free(ch);
}

/* Redraw the list on its client. */
static void
choose_redraw(struct choose *ch)
{
	ch->c->flags |= CLIENT_RECOMPOSE;
	srv->dirty = 1;
}

/* Close ch; it is freed now, or when its callbacks have returned. */
static void
choose_end(struct choose *ch)
{
	if (ch->dead)
		return;
	ch->dead = 1;
	if (ch->c->choose == ch) {
		ch->c->choose = NULL;
		choose_redraw(ch);
	}
	if (ch->busy == 0)
		choose_free(ch);
}

/* Select line i. */
static void
choose_set_index(struct choose *ch, unsigned int i)
{
	ch->sel_idx = i;
	free(ch->sel);
	ch->sel = xstrdup(ch->items[i].id);
}

/* Keep the tags of the lines that are tagged now, and only those. */
static void
choose_save_tags(struct choose *ch)
{
	unsigned int	i;

	choose_free_tags(ch);
	for (i = 0; i < ch->n; i++) {
		if (!ch->items[i].tagged)
			continue;
		ch->tags = xreallocarray(ch->tags, ch->ntags + 1,
		    sizeof *ch->tags);
		ch->tags[ch->ntags++] = xstrdup(ch->items[i].id);
	}
}

/* Rebuild the lines; find the selection and the tags in them. */
static void
choose_build(struct choose *ch)
{
	unsigned int	i, j;

	choose_free_items(ch);
	ch->busy++;
	ch->ops->build(ch, ch->c, ch->data);
	ch->busy--;
	for (i = 0; i < ch->n; i++) {
		for (j = 0; j < ch->ntags; j++) {
			if (strcmp(ch->items[i].id, ch->tags[j]) == 0)
				ch->items[i].tagged = 1;
		}
	}
	choose_save_tags(ch);
	if (ch->n == 0) {
		ch->sel_idx = 0;
		return;
	}
	if (ch->sel != NULL) {
		for (i = 0; i < ch->n; i++) {
			if (strcmp(ch->items[i].id, ch->sel) == 0) {
				ch->sel_idx = i;
				return;
			}
		}
	}
	/* The selected line went away: select what is in its place. */
	choose_set_index(ch, ch->sel_idx < ch->n ? ch->sel_idx : ch->n - 1);
}

void
choose_add(struct choose *ch, const char *id, const char *name,
    const char *text, unsigned int depth)
{
	struct choose_item	*item;

	ch->items = xreallocarray(ch->items, ch->n + 1, sizeof *ch->items);
	item = &ch->items[ch->n++];
	item->id = xstrdup(id);
	item->name = xstrdup(name);
	item->text = xstrdup(text != NULL ? text : "");
	item->depth = depth;
	item->tagged = 0;
}

const char *
choose_selected(const struct choose *ch)
{
	if (ch->n == 0)
		return (NULL);
	return (ch->items[ch->sel_idx].id);
}

const char *
choose_next_tagged(const struct choose *ch, unsigned int *i)
{
	while (*i < ch->n) {
		if (ch->items[(*i)++].tagged)
			return (ch->items[*i - 1].id);
	}
	return (NULL);
}

void
choose_select(struct choose *ch, const char *id)
{
	unsigned int	i;

	for (i = 0; i < ch->n; i++) {
		if (strcmp(ch->items[i].id, id) == 0) {
			choose_set_index(ch, i);
			return;
		}
	}
	/* Not built yet: looked for at the next build. */
	free(ch->sel);
	ch->sel = xstrdup(id);
}

void
choose_open(struct client *c, const struct choose_ops *ops, void *data,
    const char *select)
{
	struct choose	*ch;

	choose_close(c);
	ch = xcalloc(1, sizeof *ch);
	ch->c = c;
	ch->ops = ops;
	ch->data = data;
	if (select != NULL)
		ch->sel = xstrdup(select);
	c->choose = ch;
	choose_redraw(ch);
}

void
choose_close(struct client *c)
{
	if (c->choose != NULL)
		choose_end(c->choose);
}

int
choose_active(const struct client *c)
{
	return (c->choose != NULL);
}

/* Enter: close the list, then act on line i. */
static void
choose_chosen(struct choose *ch, unsigned int i)
{
	char	*id = xstrdup(ch->items[i].id);

	choose_end(ch);
	ch->ops->choose(ch->c, ch->data, id);
	free(id);
}

/* Tag or untag every line. */
static void
choose_tag_all(struct choose *ch, int tagged)
{
	unsigned int	i;

	for (i = 0; i < ch->n; i++)
		ch->items[i].tagged = tagged;
	choose_save_tags(ch);
}

void
choose_key(struct client *c, key_code key)
{
	struct choose	*ch = c->choose;
	unsigned int	 i, n, page;

	ch->busy++;
	choose_build(ch);
	n = ch->n;
	i = ch->sel_idx;
	page = ch->rows > 0 ? ch->rows : 1;
	if (key == 'q' || key == 0x1b || key == ('c'|KEYC_CTRL) ||
	    key == ('g'|KEYC_CTRL) || n == 0) {
		choose_end(ch);
		goto out;
	}
	switch (key) {
	case KEYC_UP:
	case 'k':
	case 'p'|KEYC_CTRL:
		i = i == 0 ? n - 1 : i - 1;
		break;
	case KEYC_DOWN:
	case 'j':
	case 'n'|KEYC_CTRL:
		i = i + 1 == n ? 0 : i + 1;
		break;
	case KEYC_PPAGE:
	case 'b'|KEYC_CTRL:
		i = i > page ? i - page : 0;
		break;
	case KEYC_NPAGE:
	case 'f'|KEYC_CTRL:
		i = i + page < n ? i + page : n - 1;
		break;
	case 'g':
	case KEYC_HOME:
		i = 0;
		break;
	case 'G':
	case KEYC_END:
		i = n - 1;
		break;
	case 't':
		ch->items[i].tagged = !ch->items[i].tagged;
		choose_save_tags(ch);
		if (i + 1 < n)
			i++;
		break;
	case 'T':
		choose_tag_all(ch, 0);
		break;
	case 't'|KEYC_CTRL:
		choose_tag_all(ch, 1);
		break;
	case '\r':
	case KEYC_KP_ENTER:
		choose_chosen(ch, i);
		goto out;
	default:
		if (ch->ops->key == NULL)
			goto out;
		if (ch->ops->key(ch, c, ch->data, key) == CHOOSE_CLOSE)
			choose_end(ch);
		if (ch->dead)
			goto out;
		/* The key may have changed what is listed. */
		choose_build(ch);
		if (ch->n == 0)
			choose_end(ch);
		else
			choose_redraw(ch);
		goto out;
	}
	choose_set_index(ch, i);
	choose_redraw(ch);
out:
	if (--ch->busy == 0 && ch->dead)
		choose_free(ch);
}

void
choose_update(struct client *c, unsigned int rows)
{
	struct choose	*ch = c->choose;

	choose_build(ch);
	ch->rows = rows;
	if (ch->sel_idx < ch->top)
		ch->top = ch->sel_idx;
	else if (rows > 0 && ch->sel_idx >= ch->top + rows)
		ch->top = ch->sel_idx - rows + 1;
	/* No blank rows at the end while there are lines above. */
	if (ch->top > 0 && ch->top + rows > ch->n)
		ch->top = ch->n > rows ? ch->n - rows : 0;
}

void
choose_draw(struct client *c, unsigned int y, struct cell *line,
    unsigned int cols)
{
	struct choose		*ch = c->choose;
	struct choose_item	*item;
	struct cell		 base = CELL_BLANK;
	unsigned int		 x, idx = ch->top + y;
	char			*text;

	for (x = 0; x < cols; x++)
		line[x] = CELL_BLANK;
	if (idx >= ch->n)
		return;
	item = &ch->items[idx];
	if (idx == ch->sel_idx) {
		style_apply(&base, options_get_string(
		    c->session->curw->window->options, "mode-style"));
	}
	if (item->tagged)
		base.attr |= ATTR_BOLD;
	text = xasprintf("%s%s%s%s%s", item->depth > 0 ? "  - " : "",
	    item->name, item->tagged ? "*" : "",
	    *item->text != '\0' ? ": " : "", item->text);
	x = style_draw(line, cols, 0, cols, text, &base, 0);
	free(text);
	if (idx == ch->sel_idx) {
		base.ch = ' ';
		base.width = 1;
		for (; x < cols; x++)
			line[x] = base;
	}
}
