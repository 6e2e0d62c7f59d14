/*
 * Borders (see borders.h), worked out cell by cell as tmux 3.3a's
 * screen-redraw.c does.
 *
 * A cell not inside a pane is a border of a pane when it is on the line
 * just outside the pane's rectangle (left, right, top or bottom; with
 * pane status lines, only the top or only the bottom). With
 * pane-border-indicators colour or both, exactly two panes side by side
 * (or one above the other) and no pane status lines, each pane owns only
 * its half of the shared border, so the active pane's colour shows on
 * half of it. The
 * pane a cell belongs to is the first, counting from the active pane,
 * whose border it is. Its shape comes from which of its four neighbours
 * are borders too (the window's own right and bottom edges count, where
 * the client is larger than the window); cells beyond the window are
 * outside, drawn with fill-character (or the line set's own fill).
 *
 * With pane-border-status, panes at the top (or bottom) of the window
 * give up their first (or last) row (window.c), and every pane's status
 * line is the border line above (below) it: from two cells in, as wide
 * as the pane less four, pane-border-format drawn over the border in the
 * pane's border style.
 */
#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"
#include "common/xmalloc.h"
#include "draw/borders.h"
#include "model/client.h"
#include "model/format.h"
#include "model/options.h"
#include "model/state.h"
#include "model/session.h"
#include "draw/style-draw.h"
#include "model/style.h"
#include "model/target.h"
#include "model/window.h"

static struct option_handle oh_border_status =
    OPTION_HANDLE("pane-border-status");
static struct option_handle oh_border_indicators =
    OPTION_HANDLE("pane-border-indicators");
static struct option_handle oh_border_lines =
    OPTION_HANDLE("pane-border-lines");

/* What a cell is, as tmux names them (by its neighbours). */
enum border_cell {
	BORDER_INSIDE,
	BORDER_TOPBOTTOM,	/* │ */
	BORDER_LEFTRIGHT,	/* ─ */
	BORDER_TOPLEFT,
	BORDER_TOPRIGHT,
	BORDER_BOTTOMLEFT,
	BORDER_BOTTOMRIGHT,
	BORDER_TOPJOIN,
	BORDER_BOTTOMJOIN,
	BORDER_LEFTJOIN,
	BORDER_RIGHTJOIN,
	BORDER_JOIN,
	BORDER_OUTSIDE,
	BORDER_NCELLS
};

/* Where a cell is relative to one pane. */
enum border_side {
	SIDE_OUTSIDE,
	SIDE_INSIDE,
	SIDE_LEFT,
	SIDE_RIGHT,
	SIDE_TOP,
	SIDE_BOTTOM,
};

/* pane-border-status, pane-border-indicators and pane-border-lines, by
 * their choices' order. */
enum { STATUS_OFF, STATUS_TOP, STATUS_BOTTOM };
enum { IND_OFF, IND_COLOUR, IND_ARROWS, IND_BOTH };
enum { LINES_SINGLE, LINES_DOUBLE, LINES_HEAVY, LINES_SIMPLE, LINES_NUMBER };

/* The characters of each line set, by enum border_cell. */
static const uint32_t border_chars[4][BORDER_NCELLS] = {
	{ ' ', 0x2502, 0x2500, 0x250c, 0x2510, 0x2514, 0x2518, 0x252c, 0x2534,
	  0x251c, 0x2524, 0x253c, 0xb7 },
	{ ' ', 0x2551, 0x2550, 0x2554, 0x2557, 0x255a, 0x255d, 0x2566, 0x2569,
	  0x2560, 0x2563, 0x256c, 0xb7 },
	{ ' ', 0x2503, 0x2501, 0x250f, 0x2513, 0x2517, 0x251b, 0x2533, 0x253b,
	  0x2523, 0x252b, 0x254b, 0xb7 },
	{ ' ', '|', '-', '+', '+', '+', '+', '+', '+', '+', '+', '+', '.' },
};

/* The arrows pointing into the active pane, by enum border_side. */
static const uint32_t border_arrows[] = {
	' ', ' ', 0x2192, 0x2190, 0x2193, 0x2191
};

struct borders {
	struct client	*c;
	struct window	*w;
	struct pane	*active;
	int		 status, indicators, lines;
	int		 hsplit, vsplit;	/* two panes share half each */
	uint32_t	 fill;			/* fill-character, or 0 */
};

/* Is p drawn (only the active pane of a zoomed window)? */
static int
borders_visible(const struct borders *b, const struct pane *p)
{
	return (!(b->w->flags & WINDOW_ZOOMED) || p == b->w->active);
}

/* Has w exactly two panes, the second to the right (direction 0) or
 * below (1) the first? */
static int
borders_two_panes(struct window *w, int direction)
{
	struct pane	*p = TAILQ_FIRST(&w->panes);

	if (p == NULL || (p = TAILQ_NEXT(p, entry)) == NULL ||
	    TAILQ_NEXT(p, entry) != NULL)
		return (0);
	return (direction == 0 ? p->xoff != 0 : p->yoff != 0);
}

/* Where (px, py) is relative to p. */
static enum border_side
borders_side(const struct borders *b, const struct pane *p, unsigned int px,
    unsigned int py)
{
	unsigned int	ex = p->xoff + p->sx, ey = p->yoff + p->sy;

	if (px >= p->xoff && px < ex && py >= p->yoff && py < ey)
		return (SIDE_INSIDE);

	/* Left and right; with two panes side by side (and no pane status
	 * lines), each has half. */
	if (b->hsplit && b->status == STATUS_OFF) {
		if (p->xoff == 0 && px == p->sx && py <= p->sy / 2)
			return (SIDE_RIGHT);
		if (p->xoff != 0 && px == p->xoff - 1 && py > p->sy / 2)
			return (SIDE_LEFT);
	} else if ((p->yoff == 0 || py >= p->yoff - 1) && py <= ey) {
		if (p->xoff != 0 && px == p->xoff - 1)
			return (SIDE_LEFT);
		if (px == ex)
			return (SIDE_RIGHT);
	}

	/* Top and bottom; with pane status lines a pane has only the line
	 * its status is on. */
	if ((p->xoff != 0 && px < p->xoff - 1) || px > ex)
		return (SIDE_OUTSIDE);
	if (b->vsplit && b->status == STATUS_OFF) {
		if (p->yoff == 0 && py == p->sy && px <= p->sx / 2)
			return (SIDE_BOTTOM);
		if (p->yoff != 0 && py == p->yoff - 1 && px > p->sx / 2)
			return (SIDE_TOP);
		return (SIDE_OUTSIDE);
	}
	if (b->status != STATUS_BOTTOM && p->yoff != 0 && py == p->yoff - 1)
		return (SIDE_TOP);
	if (b->status != STATUS_TOP && py == ey)
		return (SIDE_BOTTOM);
	return (SIDE_OUTSIDE);
}

/* Is (px, py) a border cell (of any pane, or the window's edge)? */
static int
borders_is_border(const struct borders *b, unsigned int px, unsigned int py)
{
	struct pane	*p;

	if (px > b->w->sx || py > b->w->sy)
		return (0);
	if (px == b->w->sx || py == b->w->sy)
		return (1);
	TAILQ_FOREACH(p, &b->w->panes, entry) {
		if (!borders_visible(b, p))
			continue;
		switch (borders_side(b, p, px, py)) {
		case SIDE_INSIDE:
			return (0);
		case SIDE_OUTSIDE:
			break;
		default:
			return (1);
		}
	}
	return (0);
}

/* The shape of border cell (px, py), from its neighbours. */
static enum border_cell
borders_shape(const struct borders *b, unsigned int px, unsigned int py)
{
	unsigned int	sx = b->w->sx, sy = b->w->sy;
	int		bits = 0;	/* 8 left, 4 right, 2 up, 1 down */

	if (px > sx || py > sy)
		return (BORDER_OUTSIDE);
	if (px == 0 || borders_is_border(b, px - 1, py))
		bits |= 8;
	if (px <= sx && borders_is_border(b, px + 1, py))
		bits |= 4;
	if (b->status == STATUS_TOP) {
		if (py != 0 && borders_is_border(b, px, py - 1))
			bits |= 2;
		if (borders_is_border(b, px, py + 1))
			bits |= 1;
	} else if (b->status == STATUS_BOTTOM) {
		if (py == 0 || borders_is_border(b, px, py - 1))
			bits |= 2;
		if (py != sy - 1 && borders_is_border(b, px, py + 1))
			bits |= 1;
	} else {
		if (py == 0 || borders_is_border(b, px, py - 1))
			bits |= 2;
		if (borders_is_border(b, px, py + 1))
			bits |= 1;
	}
	switch (bits) {
	case 15:
		return (BORDER_JOIN);
	case 14:
		return (BORDER_BOTTOMJOIN);
	case 13:
		return (BORDER_TOPJOIN);
	case 12:
		return (BORDER_LEFTRIGHT);
	case 11:
		return (BORDER_RIGHTJOIN);
	case 10:
		return (BORDER_BOTTOMRIGHT);
	case 9:
		return (BORDER_TOPRIGHT);
	case 7:
		return (BORDER_LEFTJOIN);
	case 6:
		return (BORDER_BOTTOMLEFT);
	case 5:
		return (BORDER_TOPLEFT);
	case 3:
		return (BORDER_TOPBOTTOM);
	}
	return (BORDER_OUTSIDE);
}

/* The row of p's status line. */
static unsigned int
borders_status_row(const struct borders *b, const struct pane *p)
{
	if (b->status == STATUS_TOP)
		return (p->yoff - 1);
	return (p->yoff + p->sy);
}

/* The width of p's status line. */
static unsigned int
borders_status_width(const struct pane *p)
{
	return (p->sx < 4 ? 0 : p->sx - 4);
}

/* What cell (px, py) is, and the pane it belongs to (*pp; NULL for the
 * window's edge and outside). Cells of pane status lines are inside. */
static enum border_cell
borders_cell(const struct borders *b, unsigned int px, unsigned int py,
    struct pane **pp)
{
	struct window	*w = b->w;
	struct pane	*p;
	unsigned int	 width;

	*pp = NULL;
	if (px > w->sx || py > w->sy)
		return (BORDER_OUTSIDE);
	if (px == w->sx || py == w->sy)
		return (borders_shape(b, px, py));
	if (b->active == NULL)
		return (BORDER_OUTSIDE);

	if (b->status != STATUS_OFF) {
		p = b->active;
		do {
			width = borders_status_width(p);
			if (borders_visible(b, p) &&
			    py == borders_status_row(b, p) &&
			    px >= p->xoff + 2 && px < p->xoff + 2 + width)
				return (BORDER_INSIDE);
			if ((p = TAILQ_NEXT(p, entry)) == NULL)
				p = TAILQ_FIRST(&w->panes);
		} while (p != b->active);
	}

	p = b->active;
	do {
		if (borders_visible(b, p)) {
			*pp = p;
			switch (borders_side(b, p, px, py)) {
			case SIDE_INSIDE:
				return (BORDER_INSIDE);
			case SIDE_OUTSIDE:
				break;
			default:
				return (borders_shape(b, px, py));
			}
		}
		if ((p = TAILQ_NEXT(p, entry)) == NULL)
			p = TAILQ_FIRST(&w->panes);
	} while (p != b->active);
	*pp = NULL;
	return (BORDER_OUTSIDE);
}

/* Is (px, py) a border of p? */
static int
borders_of(const struct borders *b, const struct pane *p, unsigned int px,
    unsigned int py)
{
	enum border_side	side;

	if (p == NULL)
		return (0);
	side = borders_side(b, p, px, py);
	return (side != SIDE_INSIDE && side != SIDE_OUTSIDE);
}

/* A border style option as a cell, expanded for pane p when it is a
 * format (tmux 3.3a's pane-active-border-style is one). */
static void
borders_style(struct pane *p, struct window *w, const char *name,
    struct cell *cell)
{
	const char	*style = options_get_string(w->options, name);
	struct target	 t;
	char		*expanded;

	*cell = CELL_BLANK;
	if (strstr(style, "#{") == NULL || p == NULL) {
		style_apply(cell, style);
		return;
	}
	target_from_pane(&t, p, NULL);
	expanded = format_expand(style, &t, NULL);
	style_apply(cell, expanded);
	free(expanded);
}

/* The character for a cell of this shape of p's border. */
static uint32_t
borders_char(const struct borders *b, const struct pane *p,
    enum border_cell shape)
{
	if (shape == BORDER_OUTSIDE && b->fill != 0)
		return (b->fill);
	if (b->lines == LINES_NUMBER) {
		if (shape == BORDER_OUTSIDE)
			return (0xb7);
		if (p == NULL)
			return ('*');
		return ('0' + window_pane_index(b->w, p) % 10);
	}
	return (border_chars[b->lines][shape]);
}

/* fill-character, if it is one character of width 1. */
static uint32_t
borders_fill(struct window *w)
{
	const char	*value = options_get_string(w->options,
			    "fill-character");
	uint32_t	 cp;
	int		 n;

	if (*value == '\0')
		return (0);
	n = utf8_decode(value, strlen(value), &cp);
	if (n <= 0 || (size_t)n != strlen(value) || utf8_cp_width(cp) != 1)
		return (0);
	return (cp);
}

/* Draw p's status line, if it is on row y, into line. */
static void
borders_pane_status(const struct borders *b, struct pane *p, unsigned int y,
    struct cell *line, unsigned int cols)
{
	struct target	 t;
	struct cell	 gc, *cells;
	unsigned int	 width = borders_status_width(p), i;
	char		*text;

	if (!borders_visible(b, p) || y != borders_status_row(b, p) ||
	    width == 0 || p->xoff + 2 >= cols)
		return;
	borders_style(p, b->w, p == b->active ? "pane-active-border-style" :
	    "pane-border-style", &gc);
	cells = xreallocarray(NULL, width, sizeof *cells);
	for (i = 0; i < width; i++) {
		cells[i] = gc;
		cells[i].ch = borders_char(b, p,
		    borders_shape(b, p->xoff + 2 + i, y));
		cells[i].width = 1;
	}
	target_from_pane(&t, p, b->c->session);
	text = format_expand_time(options_get_string(p->options,
	    "pane-border-format"), &t, b->c);
	style_draw_format(cells, 0, width, text, &gc, NULL, NULL);
	free(text);
	if (p->xoff + 2 + width > cols)
		width = cols - p->xoff - 2;
	memcpy(line + p->xoff + 2, cells, width * sizeof *cells);
	free(cells);
}

void
borders_draw_row(struct client *c, struct window *w, unsigned int y,
    struct cell *line, unsigned int cols, const uint8_t *covered)
{
	struct borders	 b;
	struct pane	*p, *active = w->active;
	struct cell	 outside, cell;
	enum border_cell shape;
	enum border_side side;
	unsigned int	 x;
	int		 arrows;
	struct pane	*marked = NULL;

	for (x = 0; x < cols && covered[x]; x++)
		;
	if (x == cols && options_get_number_h(w->options,
	    &oh_border_status) == STATUS_OFF)
		return;	/* all panes (the usual row of one pane) */
	memset(&b, 0, sizeof b);
	b.c = c;
	b.w = w;
	b.active = active;
	b.status = options_get_number_h(w->options, &oh_border_status);
	b.indicators = options_get_number_h(w->options,
	    &oh_border_indicators);
	b.lines = options_get_number_h(w->options, &oh_border_lines);
	b.fill = borders_fill(w);
	if (b.indicators == IND_COLOUR || b.indicators == IND_BOTH) {
		b.hsplit = borders_two_panes(w, 0);
		b.vsplit = borders_two_panes(w, 1);
	}
	arrows = b.indicators == IND_ARROWS || b.indicators == IND_BOTH;
	/* The marked pane's border is reversed (select-pane -m). */
	if (srv->marked_pane >= 0 &&
	    (marked = pane_find_by_id(srv->marked_pane)) != NULL &&
	    (marked->window != w || !borders_visible(&b, marked)))
		marked = NULL;
	borders_style(NULL, w, "pane-border-style", &outside);

	for (x = 0; x < cols; x++) {
		if (covered[x])
			continue;
		shape = borders_cell(&b, x, y, &p);
		if (shape == BORDER_INSIDE)
			continue;
		if (p == NULL)
			cell = outside;
		else {
			/* Each pane's styles are formats for it: worked
			 * out once a compose pass, not once a row. */
			if (p->border_pass != srv->compose_pass) {
				borders_style(p, w, "pane-border-style",
				    &p->border_cells[0]);
				borders_style(p, w, "pane-active-border-style",
				    &p->border_cells[1]);
				p->border_pass = srv->compose_pass;
			}
			cell = p->border_cells[borders_of(&b, active, x, y)];
			if (marked != NULL && borders_of(&b, marked, x, y))
				cell.attr ^= ATTR_REVERSE;
		}
		cell.ch = borders_char(&b, p, shape);
		cell.width = 1;
		if (p != NULL && arrows && borders_of(&b, active, x, y)) {
			side = borders_side(&b, active, x, y);
			if ((x == p->xoff + 1 && (shape == BORDER_LEFTRIGHT ||
			    (shape == BORDER_TOPJOIN && side == SIDE_BOTTOM) ||
			    (shape == BORDER_BOTTOMJOIN && side == SIDE_TOP))) ||
			    (y == p->yoff + 1 && (shape == BORDER_TOPBOTTOM ||
			    (shape == BORDER_LEFTJOIN && side == SIDE_RIGHT) ||
			    (shape == BORDER_RIGHTJOIN && side == SIDE_LEFT))))
				cell.ch = border_arrows[side];
		}
		line[x] = cell;
	}
	if (b.status != STATUS_OFF) {
		TAILQ_FOREACH(p, &w->panes, entry)
			borders_pane_status(&b, p, y, line, cols);
	}
}
