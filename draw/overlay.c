/*
 * Overlays: the box every kind shares (see overlay.h).
 *
 * The box is drawn over whatever the row shows (panes, borders, status
 * line): the border and title first, then the kind draws the inside.
 * Cells left in the default colours take the overlay's inside colours
 * when it has them (popup-style), as tmux draws a popup.
 */
#include <stdlib.h>
#include <string.h>

#include <event2/event.h>

#include "common/proto.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "draw/overlay.h"
#include "model/state.h"
#include "draw/style-draw.h"
#include "model/style.h"

static const char *const overlay_lines_names[] = {
	"single", "double", "heavy", "simple", "rounded", "padded", "none",
	NULL
};

/* Border characters for each kind of lines: top left, top right, bottom
 * left, bottom right, horizontal, vertical, left tee, right tee. */
static const uint32_t overlay_chars[][8] = {
	{ 0x250c, 0x2510, 0x2514, 0x2518, 0x2500, 0x2502, 0x251c, 0x2524 },
	{ 0x2554, 0x2557, 0x255a, 0x255d, 0x2550, 0x2551, 0x2560, 0x2563 },
	{ 0x250f, 0x2513, 0x2517, 0x251b, 0x2501, 0x2503, 0x2523, 0x252b },
	{ '+', '+', '+', '+', '-', '|', '+', '+' },
	{ 0x256d, 0x256e, 0x2570, 0x256f, 0x2500, 0x2502, 0x251c, 0x2524 },
	{ ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ' },
};

int
overlay_lines_from_name(const char *name)
{
	int	i;

	for (i = 0; overlay_lines_names[i] != NULL; i++) {
		if (strcmp(name, overlay_lines_names[i]) == 0)
			return (i);
	}
	return (-1);
}

/* Border character n (0-7, as overlay_chars) of lines. */
uint32_t
overlay_border_char(enum overlay_lines lines, int n)
{
	if (lines == OVERLAY_LINES_NONE)
		return (' ');
	return (overlay_chars[lines][n]);
}

struct overlay *
overlay_open(struct client *c, const struct overlay_ops *ops, void *data,
    unsigned int px, unsigned int py, unsigned int sx, unsigned int sy,
    enum overlay_lines lines, const char *title)
{
	struct overlay	*ov, **at;

	if (overlay_get(c, ops->layer) != NULL)
		return (NULL);
	ov = xcalloc(1, sizeof *ov);
	ov->client = c;
	ov->ops = ops;
	ov->data = data;
	ov->ppx = ov->px = px;
	ov->ppy = ov->py = py;
	ov->psx = ov->sx = sx;
	ov->psy = ov->sy = sy;
	ov->lines = lines;
	ov->border = CELL_BLANK;
	ov->inside = CELL_BLANK;
	ov->title = xstrdup(title != NULL ? title : "");
	/* The list is top first: in after the layers above. */
	for (at = &c->overlay; *at != NULL && (*at)->ops->layer > ops->layer;
	    at = &(*at)->below)
		;
	ov->below = *at;
	*at = ov;
	if (ops->place != NULL)
		ops->place(ov);
	c->flags |= CLIENT_RECOMPOSE;
	srv->dirty = 1;
	return (ov);
}

void
overlay_close(struct overlay *ov, int status)
{
	struct client	*c = ov->client;
	struct overlay	**at;

	for (at = &c->overlay; *at != NULL && *at != ov; at = &(*at)->below)
		;
	if (*at == NULL)
		return;		/* closed already */
	*at = ov->below;
	if (status != -1)
		ov->status = status;
	if (ov->timer != NULL)
		event_free(ov->timer);
	if (ov->ops->free != NULL)
		ov->ops->free(ov);
	if (ov->done != NULL)
		ov->done(ov->done_arg, ov->status);
	free(ov->title);
	free(ov);
	c->flags |= CLIENT_RECOMPOSE;
	srv->dirty = 1;
}

void
overlay_close_all(struct client *c)
{
	while (c->overlay != NULL)
		overlay_close(c->overlay, -1);
}

/* An overlay's timeout: it closes. */
static void
overlay_timer_cb(int fd, short events, void *arg)
{
	(void)fd;
	(void)events;
	overlay_close(arg, -1);
}

void
overlay_timeout(struct overlay *ov, long long ms)
{
	struct timeval	tv;

	if (ov->timer == NULL)
		ov->timer = evtimer_new(srv->base, overlay_timer_cb, ov);
	tv.tv_sec = ms / 1000;
	tv.tv_usec = (ms % 1000) * 1000;
	evtimer_add(ov->timer, &tv);
}

struct overlay *
overlay_get(const struct client *c, enum overlay_layer layer)
{
	struct overlay	*ov;

	for (ov = c->overlay; ov != NULL; ov = ov->below) {
		if (ov->ops->layer == layer)
			return (ov);
	}
	return (NULL);
}

/* Does ov's box cover screen row y? */
static int
overlay_on_row(const struct overlay *ov, unsigned int y)
{
	return (ov->sx != 0 && y >= ov->py && y < ov->py + ov->sy);
}

int
overlay_covers_row(const struct client *c, unsigned int y)
{
	const struct overlay	*ov;

	for (ov = c->overlay; ov != NULL; ov = ov->below) {
		if (overlay_on_row(ov, y))
			return (1);
	}
	return (0);
}

void
overlay_place(struct client *c)
{
	struct overlay	*ov;

	for (ov = c->overlay; ov != NULL; ov = ov->below) {
		if (ov->ops->place != NULL)
			ov->ops->place(ov);
	}
}

int
overlay_inside(const struct overlay *ov, unsigned int *x, unsigned int *y,
    unsigned int *w, unsigned int *h)
{
	if (ov->lines == OVERLAY_LINES_NONE) {
		*x = *y = 0;
		*w = ov->sx;
		*h = ov->sy;
		return (ov->sx > 0 && ov->sy > 0);
	}
	*x = *y = 1;
	*w = ov->sx > 2 ? ov->sx - 2 : 0;
	*h = ov->sy > 2 ? ov->sy - 2 : 0;
	return (*w > 0 && *h > 0);
}

/* Find the first #[...] block with an align= item in text: where it
 * starts and ends, the alignment (0 left, 1 centre, 2 right) and the
 * block's other items as a "#[...]" string (heap; NULL when none). */
static int
overlay_find_align(const char *text, const char **start, const char **end,
    int *align, char **rest)
{
	const char	*p = text, *close, *a;
	char		*items, *item, *next;
	struct pbuf	 pb;

	while ((p = strstr(p, "#[")) != NULL) {
		if (p > text && p[-1] == '#') {
			p += 2;
			continue;
		}
		if ((close = strchr(p + 2, ']')) == NULL)
			return (0);
		a = strstr(p + 2, "align=");
		if (a == NULL || a > close) {
			p = close + 1;
			continue;
		}
		*start = p;
		*end = close + 1;
		*align = 0;
		items = xstrndup(p + 2, close - p - 2);
		pbuf_init(&pb);
		for (item = items; item != NULL; item = next) {
			if ((next = strpbrk(item, ", ")) != NULL)
				*next++ = '\0';
			if (strncmp(item, "align=", 6) == 0) {
				if (strcmp(item + 6, "centre") == 0 ||
				    strcmp(item + 6, "center") == 0)
					*align = 1;
				else if (strcmp(item + 6, "right") == 0)
					*align = 2;
				continue;
			}
			if (*item == '\0')
				continue;
			pw_bytes(&pb, pb.len == 0 ? "#[" : ",",
			    pb.len == 0 ? 2 : 1);
			pw_bytes(&pb, item, strlen(item));
		}
		free(items);
		*rest = NULL;
		if (pb.len != 0) {
			pw_bytes(&pb, "]", 2);	/* with its NUL */
			*rest = xstrdup((char *)pb.data);
		}
		pbuf_free(&pb);
		return (1);
	}
	return (0);
}

unsigned int
overlay_text_width(const char *text)
{
	struct cell	blank = CELL_BLANK;

	return (style_draw(NULL, 0xffff, 0, 0xffff, text, &blank,
	    STYLE_DRAW_MARKUP));
}

unsigned int
overlay_draw_text(struct cell *cells, unsigned int width, const char *text,
    const struct cell *base)
{
	const char	*start, *end;
	char		*left, *aligned, *rest = NULL;
	unsigned int	 lw, aw, x;
	int		 align;

	if (!overlay_find_align(text, &start, &end, &align, &rest))
		return (style_draw(cells, width, 0, width, text, base,
		    STYLE_DRAW_MARKUP));
	left = xstrndup(text, start - text);
	aligned = xasprintf("%s%s%s", left, rest != NULL ? rest : "", end);
	lw = style_draw(cells, width, 0, width, left, base, STYLE_DRAW_MARKUP);
	/* Measure the aligned part alone, then draw it with the left part's
	 * markup before it (so its style carries on) at its place. */
	aw = overlay_text_width(aligned) - overlay_text_width(left);
	if (aw > width - lw)
		aw = width - lw;
	if (align == 1)
		x = width / 2 - aw / 2;	/* as tmux's format_draw: each halved */
	else if (align == 2)
		x = width - aw;
	else
		x = lw;
	if (x < lw)
		x = lw;
	if (aw != 0) {
		/* The left part again first, so that its markup carries on
		 * into the aligned part; only the aligned columns are kept. */
		struct cell	tmp[lw + aw];

		style_draw(tmp, lw + aw, 0, lw + aw, aligned, base,
		    STYLE_DRAW_MARKUP);
		memcpy(cells + x, tmp + lw, aw * sizeof *cells);
	}
	free(left);
	free(aligned);
	free(rest);
	return (x + aw);
}

/* The border and title of box row y into cells (sx of them). */
static void
overlay_draw_border(struct overlay *ov, unsigned int y, struct cell *cells)
{
	unsigned int	x, sx = ov->sx;
	struct cell	cell = ov->border;

	if (ov->lines == OVERLAY_LINES_NONE)
		return;
	cell.width = 1;
	if (y == 0 || y == ov->sy - 1) {
		for (x = 0; x < sx; x++) {
			cells[x] = cell;
			if (x == 0)
				cells[x].ch = overlay_border_char(ov->lines,
				    y == 0 ? 0 : 2);
			else if (x == sx - 1)
				cells[x].ch = overlay_border_char(ov->lines,
				    y == 0 ? 1 : 3);
			else
				cells[x].ch = overlay_border_char(ov->lines, 4);
		}
		if (y == 0 && *ov->title != '\0' && sx > 4)
			overlay_draw_text(cells + 2, sx - 4, ov->title, &cell);
		return;
	}
	cells[0] = cell;
	cells[0].ch = overlay_border_char(ov->lines, 5);
	cells[sx - 1] = cell;
	cells[sx - 1].ch = overlay_border_char(ov->lines, 5);
}

/* ov's part of screen row y, drawn over line (cols cells). */
static void
overlay_draw_one(struct overlay *ov, unsigned int y, struct cell *line,
    unsigned int cols)
{
	unsigned int	 x, n;
	struct cell	*cells;

	if (!overlay_on_row(ov, y) || ov->px >= cols)
		return;
	n = ov->sx;
	cells = xreallocarray(NULL, n, sizeof *cells);
	for (x = 0; x < n; x++) {
		if (ov->ops->transparent && ov->px + x < cols)
			cells[x] = line[ov->px + x];
		else
			cells[x] = CELL_BLANK;
	}
	overlay_draw_border(ov, y - ov->py, cells);
	ov->ops->draw(ov, y - ov->py, cells, n);
	if (ov->defaults) {
		for (x = 0; x < n; x++) {
			if (cells[x].fg == COLOUR_DEFAULT)
				cells[x].fg = ov->inside.fg;
			if (cells[x].bg == COLOUR_DEFAULT)
				cells[x].bg = ov->inside.bg;
		}
	}
	if (ov->px + n > cols)
		n = cols - ov->px;
	if (!ov->ops->transparent) {
		/* A wide character the box cuts becomes a blank. */
		if (ov->px > 0 && line[ov->px].width == 0)
			line[ov->px - 1] = CELL_BLANK;
		if (ov->px + n < cols && line[ov->px + n].width == 0)
			line[ov->px + n] = CELL_BLANK;
		if (n > 0 && cells[n - 1].width == 2)
			cells[n - 1] = CELL_BLANK;
	}
	memcpy(line + ov->px, cells, n * sizeof *line);
	free(cells);
}

void
overlay_draw_row(struct client *c, unsigned int y, struct cell *line,
    unsigned int cols)
{
	struct overlay	*stack[OVERLAY_LAYERS], *ov;
	unsigned int	 n = 0;

	/* The list is top first; drawn bottom first. */
	for (ov = c->overlay; ov != NULL && n < OVERLAY_LAYERS; ov = ov->below)
		stack[n++] = ov;
	while (n > 0)
		overlay_draw_one(stack[--n], y, line, cols);
}

int
overlay_cursor(struct client *c, unsigned int *x, unsigned int *y,
    int *shape, int *visible)
{
	struct overlay	*ov;
	int		 opaque = 0;

	/* Top first, so the lowest that shows has the last word: the
	 * prompt's hidden cursor wins over a popup's, as in tmux. */
	for (ov = c->overlay; ov != NULL; ov = ov->below) {
		if (ov->sx == 0 || ov->sy == 0)
			continue;	/* not shown */
		if (!ov->ops->transparent)
			opaque = 1;
		if (ov->ops->cursor == NULL) {
			*visible = 0;
			continue;
		}
		*shape = 0;
		*visible = ov->ops->cursor(ov, x, y, shape);
	}
	return (opaque);
}

/* What a kind's callback returned: 1 when the event was taken. */
static int
overlay_result(struct overlay *ov, enum overlay_result r)
{
	switch (r) {
	case OVERLAY_CLOSE:
		overlay_close(ov, -1);
		return (1);
	case OVERLAY_STAY:
		srv->dirty = 1;
		return (1);
	case OVERLAY_GONE:
		return (1);
	case OVERLAY_PASS:
		break;
	}
	return (0);
}

/* A key (m NULL) or a mouse event for the overlays, by layer from the
 * top (not by the list: a callback may close overlays). */
static int
overlay_route(struct client *c, key_code key, const struct overlay_mouse *m)
{
	struct overlay		*ov;
	enum overlay_result	 r;
	int			 layer;

	for (layer = OVERLAY_LAYERS - 1; layer >= 0; layer--) {
		if ((ov = overlay_get(c, layer)) == NULL)
			continue;
		if (m != NULL && ov->ops->mouse != NULL)
			r = ov->ops->mouse(ov, c, m);
		else if (m == NULL && ov->ops->key != NULL)
			r = ov->ops->key(ov, c, key);
		else
			continue;
		if (overlay_result(ov, r))
			return (1);
	}
	return (0);
}

int
overlay_key(struct client *c, key_code key)
{
	return (overlay_route(c, key, NULL));
}

int
overlay_mouse(struct client *c, const struct overlay_mouse *m)
{
	return (overlay_route(c, KEYC_NONE, m));
}

void
overlay_resize(struct client *c)
{
	struct overlay	*ov;

	if (c->overlay == NULL || c->cols == 0 || c->rows == 0)
		return;
	for (ov = c->overlay; ov != NULL; ov = ov->below) {
		if (ov->ops->place != NULL)
			ov->ops->place(ov);
		else {
			ov->sx = ov->psx > c->cols ? c->cols : ov->psx;
			ov->sy = ov->psy > c->rows ? c->rows : ov->psy;
			ov->px = ov->ppx + ov->sx > c->cols ?
			    c->cols - ov->sx : ov->ppx;
			ov->py = ov->ppy + ov->sy > c->rows ?
			    c->rows - ov->sy : ov->ppy;
		}
		if (ov->ops->resize != NULL)
			ov->ops->resize(ov);
	}
	c->flags |= CLIENT_RECOMPOSE;
	srv->dirty = 1;
}
