/*
 * Composing a client's screen and diffing it against what the client has.
 *
 * c->sent holds, cell for cell, what the client's terminal shows. For each
 * row that may have changed, the row is composed into a scratch line and
 * compared with the sent row; the cells that differ go out as runs (close
 * runs are merged: a run header costs as much as a few cells). A run never
 * starts on the right half of a wide character or ends between its halves:
 * the client always gets whole characters.
 *
 * Which rows may have changed is per client: every pane line carries the
 * generation it last changed at (srv->line_gen, given by vt_commit once a
 * loop turn), and c->row_gen[y] is the generation at which c last had row
 * y composed whole. A row is composed again when a line of a pane on it
 * is newer than that, so a client whose frames were held (synchronized
 * output, a slow socket, pacing) gets exactly the rows that changed since
 * its last frame, not every row, and one client's frame never hides a
 * change from another. What is not a pane line (layout, borders, modes,
 * overlays, the status line) has flags and generations of its own.
 *
 * Scroll damage comes from the lines themselves: a scroll moves line
 * pointers (grid.h), so c->row_line[y], the address of the line of a
 * full-width pane that row y showed at c's last frame, says where each
 * line was. When a run of rows now shows the lines that were k rows
 * lower, those rows scrolled up by k (whatever happened, in however many
 * turns, between the frames); when it shows the lines that were k rows
 * higher, they scrolled down (a reverse index at the top of a region, a
 * line inserted or deleted in the middle of one). What c was sent moves up with them, so only
 * the rows the scroll did not bring differ, and the frame says so
 * (c->scroll_*, FRAME_SCROLL) for the terminal to be scrolled rather than
 * repainted (tty_draw: by the server for client_out_tty, else by the
 * client). The rows are still composed and compared as usual, and a
 * terminal that cannot scroll compares them again, so the picture never
 * depends on the hint. (An address is kept as a number and never
 * followed: a line freed since may have given its address to a new one,
 * which at worst makes a hint that does not fit.) Only panes as wide as
 * the client's screen are scrolled so, as tmux does.
 *
 * When the server draws the client's terminal itself there is no message:
 * c->sent is then the target screen, and the rows whose cells changed are
 * marked in c->sent_dirty for tty_draw.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/link.h"
#include "common/proto.h"
#include "common/utf8.h"
#include "common/xmalloc.h"
#include "grid/vt.h"
#include "draw/borders.h"
#include "model/client.h"
#include "draw/compose.h"
#include "model/target.h"
#include "model/format.h"
#include "copy/copy.h"
#include "model/layout.h"
#include "model/options.h"
#include "draw/overlay.h"
#include "model/pane-mode.h"
#include "draw/prompt.h"
#include "model/state.h"
#include "model/session.h"
#include "draw/status.h"
#include "model/style.h"
#include "model/window.h"

/* Equal cells between two runs below which the runs are merged. */
#define COMPOSE_MERGE_GAP	4

/* A cell value no composed cell can equal (forces a send). */
static const struct cell compose_unknown = { 0xffffffffu, 0, 0, 0, 1, 0, 0 };

void
compose_reset(struct client *c)
{
	free(c->sent);
	free(c->sent_dirty);
	free(c->sent_span);
	free(c->row_gen);
	free(c->row_line);
	c->sent = NULL;
	c->sent_dirty = NULL;
	c->sent_span = NULL;
	c->row_gen = NULL;
	c->row_line = NULL;
	c->sent_cols = c->sent_rows = 0;
}

/* A style option of pane p as a cell over the terminal's defaults: a
 * style, or a format giving one, expanded for p (as tmux does). */
static void
compose_pane_style(struct pane *p, const char *name, struct cell *cell)
{
	const char	*style = options_get_string(p->options, name);
	struct target	 t;
	char		*expanded;

	*cell = CELL_BLANK;
	if (strstr(style, "#{") == NULL) {
		style_apply(cell, style);
		return;
	}
	target_from_pane(&t, p, NULL);
	expanded = format_expand(style, &t, NULL);
	style_apply(cell, expanded);
	free(expanded);
}

/* The default colours of p's cells, as tmux 3.3a gives them: a colour
 * the program left default is window-active-style's for the active pane
 * (when that has one), else window-style's. (The program's own default
 * colours, OSC 10 and 11, are applied after, by vt_render_cells, to what
 * is still default.) Only the colours: the styles' attributes are not
 * drawn, as in tmux. */
static void
compose_pane_colours(struct pane *p, int active, struct cell *cells,
    unsigned int n)
{
	unsigned long	 gen = options_generation() + 1;
	struct cell	*ws = &p->style_cells[0], *as = &p->style_cells[1];
	uint32_t	 fg, bg;
	unsigned int	 i;

	if (p->style_gen != gen) {
		compose_pane_style(p, "window-style", ws);
		compose_pane_style(p, "window-active-style", as);
		p->style_gen = gen;
	}
	fg = active && as->fg != COLOUR_DEFAULT ? as->fg : ws->fg;
	bg = active && as->bg != COLOUR_DEFAULT ? as->bg : ws->bg;
	if (fg == COLOUR_DEFAULT && bg == COLOUR_DEFAULT)
		return;
	for (i = 0; i < n; i++) {
		if (cells[i].fg == COLOUR_DEFAULT)
			cells[i].fg = fg;
		if (cells[i].bg == COLOUR_DEFAULT)
			cells[i].bg = bg;
	}
}

/* Compose row y of the window, from its column 0, into line (cols
 * cells). */
static void
compose_window_row(struct client *c, struct window *w, unsigned int y,
    struct cell *line, unsigned int cols)
{
	const struct grid_line	*gl;
	struct pane		*p;
	unsigned int		 x, px, n;
	uint8_t			 covered[cols];

	for (x = 0; x < cols; x++)
		line[x] = CELL_BLANK;
	if (w == NULL)
		return;
	memset(covered, 0, cols);
	TAILQ_FOREACH(p, &w->panes, entry) {
		if ((w->flags & WINDOW_ZOOMED) && p != w->active)
			continue;
		if (y < p->yoff || y >= p->yoff + p->sy || p->xoff >= cols)
			continue;
		n = p->sx;
		if (p->xoff + n > cols)
			n = cols - p->xoff;
		if (p->pmode != NULL) {
			/* Clock or customize mode: drawn as it is, without
			 * the program's colours. */
			pane_mode_draw(p, y - p->yoff, line + p->xoff, n);
			memset(covered + p->xoff, 1, n);
			continue;
		}
		if (p->mode != NULL) {
			/* Copy mode: its view instead of the live screen. */
			copy_draw_line(p->mode, y - p->yoff, line + p->xoff, n);
		} else {
			if ((gl = vt_line(p->vt, y - p->yoff)) == NULL)
				continue;
			memcpy(line + p->xoff, gl->cells, n * sizeof *line);
		}
		compose_pane_colours(p, p == w->active, line + p->xoff, n);
		vt_render_cells(p->vt, line + p->xoff, n);
		memset(covered + p->xoff, 1, n);
		/* A wide character cut by the edge becomes a blank. */
		px = p->xoff + n - 1;
		if (line[px].width == 2)
			line[px] = CELL_BLANK;
		if (line[p->xoff].width == 0)
			line[p->xoff] = CELL_BLANK;
	}
	borders_draw_row(c, w, y, line, cols, covered);
}

/* Compose row y of what c shows of the window (the part at ox, oy: see
 * client_window_offset) into line (cols cells). */
static void
compose_row(struct client *c, struct window *w, unsigned int y,
    unsigned int ox, unsigned int oy, struct cell *line, unsigned int cols)
{
	struct cell	*wide;

	if (ox == 0) {
		compose_window_row(c, w, y + oy, line, cols);
		return;
	}
	/* Panned right: the row from column 0, then its part from ox; a
	 * wide character cut by the left edge becomes a blank. */
	wide = xreallocarray(NULL, ox + cols, sizeof *wide);
	compose_window_row(c, w, y + oy, wide, ox + cols);
	memcpy(line, wide + ox, cols * sizeof *line);
	free(wide);
	if (line[0].width == 0)
		line[0] = CELL_BLANK;
}

/* Could row y of the window have changed since generation seen? */
static int
compose_row_dirty(struct window *w, unsigned int y, uint64_t seen)
{
	const struct grid_line	*gl;
	struct pane		*p;

	if (w == NULL)
		return (0);
	TAILQ_FOREACH(p, &w->panes, entry) {
		if ((w->flags & WINDOW_ZOOMED) && p != w->active)
			continue;
		if (y < p->yoff || y >= p->yoff + p->sy)
			continue;
		gl = vt_line(p->vt, y - p->yoff);
		if (gl != NULL && (gl->gen > seen ||
		    (gl->flags & GRID_LINE_DIRTY)))
			return (1);
	}
	return (0);
}

/* The line of a pane's screen shown on row y of the window when that pane
 * is as wide as the client's screen and shows its screen (not copy mode or
 * another mode), as a number; else 0. */
static uintptr_t
compose_row_line(struct client *c, struct window *w, unsigned int y,
    unsigned int cols)
{
	struct pane	*p;

	if (w == NULL)
		return (0);
	TAILQ_FOREACH(p, &w->panes, entry) {
		if ((w->flags & WINDOW_ZOOMED) && p != w->active)
			continue;
		if (y < p->yoff || y >= p->yoff + p->sy)
			continue;
		if (p->xoff != 0 || p->sx != cols || p->mode != NULL ||
		    p->pmode != NULL)
			return (0);
		return ((uintptr_t)vt_line(p->vt, y - p->yoff));
	}
	return (0);
}

/* Rows a run must have to be worth scrolling rather than redrawing. */
#define COMPOSE_SCROLL_MIN	2

/* Keep rows [top, bottom) moved n rows (down or up) as c's scroll damage
 * when more rows move with it than with the one kept so far. */
static void
compose_keep_scroll(struct client *c, unsigned int top, unsigned int bottom,
    unsigned int n, int down)
{
	unsigned int	moved = bottom - top - n;

	if (moved < COMPOSE_SCROLL_MIN || (c->scroll_n != 0 &&
	    moved <= c->scroll_bottom - c->scroll_top - c->scroll_n))
		return;
	c->scroll_top = top;
	c->scroll_bottom = bottom;
	c->scroll_n = n;
	c->scroll_down = down;
}

/* Find the scroll of a full-width pane since c's last frame (see the top
 * of the file): screen rows [y0, y1) are the window's, from row top. From
 * the first row whose line is not the one it had, either its line was k
 * rows below (the rows there moved up: a line feed at the bottom of a
 * region, a deleted line) or the line it had is now k rows below (they
 * moved down: a reverse index at the top, an inserted line). The longest
 * run found goes in c->scroll_*. */
static void
compose_find_scroll(struct client *c, struct window *w, unsigned int top,
    unsigned int y0, unsigned int y1)
{
	struct pane		*p;
	uintptr_t		 gl, had;
	unsigned int		 cols = c->cols, r0, r1, a, b, k;

	c->scroll_n = 0;
	c->scroll_down = 0;
	if (w == NULL)
		return;
	TAILQ_FOREACH(p, &w->panes, entry) {
		if ((w->flags & WINDOW_ZOOMED) && p != w->active)
			continue;
		if (p->xoff != 0 || p->sx != cols || p->mode != NULL ||
		    p->pmode != NULL)
			continue;
		r0 = top + p->yoff;
		r1 = r0 + p->sy < y1 ? r0 + p->sy : y1;
		if (r0 < y0)
			continue;
		/* The first row whose line is not the one it had. */
		gl = 0;
		for (a = r0; a < r1; a++) {
			gl = (uintptr_t)vt_line(p->vt, a - r0);
			if (gl != c->row_line[a])
				break;
		}
		if (a >= r1 || gl == 0)
			continue;
		/* Up: where its line was, below, and how many rows moved up
		 * with it. */
		for (k = 1; a + k < r1; k++) {
			if (c->row_line[a + k] == gl)
				break;
		}
		if (a + k < r1) {
			for (b = a; b + k < r1; b++) {
				gl = (uintptr_t)vt_line(p->vt, b - r0);
				if (gl == 0 || gl != c->row_line[b + k])
					break;
			}
			compose_keep_scroll(c, a, b + k, k, 0);
		}
		/* Down: where the line it had is now, below, and how many
		 * rows moved down with it. */
		if ((had = c->row_line[a]) == 0)
			continue;
		for (k = 1; a + k < r1; k++) {
			if ((uintptr_t)vt_line(p->vt, a + k - r0) == had)
				break;
		}
		if (a + k < r1) {
			for (b = a; b + k < r1; b++) {
				had = c->row_line[b];
				if (had == 0 ||
				    had != (uintptr_t)vt_line(p->vt, b + k - r0))
					break;
			}
			compose_keep_scroll(c, a, b + k, k, 1);
		}
	}
}

/* Move rows [scroll_top, scroll_bottom) of what c was sent scroll_n rows
 * up or down, blanks coming in at the bottom or the top (as a terminal
 * scrolls with the default pen, and as the client moves its copy on
 * FRAME_SCROLL). */
static void
compose_scroll_sent(struct client *c)
{
	struct cell	*s = c->sent + (size_t)c->scroll_top * c->sent_cols;
	size_t		 cols = c->sent_cols, i;
	unsigned int	 h = c->scroll_bottom - c->scroll_top, n = c->scroll_n;

	if (c->scroll_down) {
		memmove(s + n * cols, s, (h - n) * cols * sizeof *s);
		for (i = 0; i < n * cols; i++)
			s[i] = CELL_BLANK;
		return;
	}
	memmove(s, s + n * cols, (h - n) * cols * sizeof *s);
	for (i = (h - n) * cols; i < h * cols; i++)
		s[i] = CELL_BLANK;
}

/* Write one cell of a run, with its underline colour and hyperlink; the
 * first cell of the frame with a link carries what the link is (linkdef
 * has a bit for each link defined so far). */
static void
compose_put_cell(struct pbuf *pb, const struct cell *cell, uint8_t *linkdef)
{
	char		 text[UTF8_MAX_BYTES];
	struct msg_cell	 mc;
	const char	*uri;

	memset(&mc, 0, sizeof mc);
	mc.fg = cell->fg;
	mc.bg = cell->bg;
	mc.attr = cell->attr;
	mc.width = cell->width;
	mc.len = cell->width != 0 ? utf8_char_to_utf8(cell->ch, text) : 0;
	mc.text = text;
	mc.us = cell_ul_colour(cell->flags);
	if (cell->link != 0 && (uri = link_uri(cell->link)) != NULL) {
		mc.link = cell->link;
		if (!(linkdef[cell->link / 8] & (1 << (cell->link % 8)))) {
			linkdef[cell->link / 8] |= 1 << (cell->link % 8);
			mc.uri = uri;
			mc.urilen = strlen(uri);
			mc.param = link_param(cell->link);
			mc.paramlen = strlen(mc.param);
		}
	}
	proto_write_frame_cell(pb, &mc);
}

/* Diff columns [x0, cols) of one composed row against the sent row; write
 * runs (to pb, if not NULL; linkdef as for compose_put_cell). Returns the
 * number of runs; the sent cells written are in [*lo, *hi). */
static int
compose_diff_row(struct pbuf *pb, unsigned int y, const struct cell *line,
    struct cell *sent, unsigned int x0, unsigned int cols, uint8_t *linkdef,
    unsigned int *lo, unsigned int *hi)
{
	struct msg_frame_run	run;
	unsigned int		x = x0, start, end, gap, i;
	int			runs = 0;

	*lo = cols;
	*hi = 0;

	while (x < cols) {
		if (cell_equal(&line[x], &sent[x])) {
			x++;
			continue;
		}
		start = x;
		end = x + 1;
		gap = 0;
		for (x = end; x < cols && gap <= COMPOSE_MERGE_GAP; x++) {
			if (cell_equal(&line[x], &sent[x]))
				gap++;
			else {
				gap = 0;
				end = x + 1;
			}
		}
		/* Whole characters only. */
		while (start > x0 && line[start].width == 0)
			start--;
		while (end < cols && line[end].width == 0)
			end++;
		if (pb != NULL) {
			run.y = y;
			run.x = start;
			run.n = end - start;
			proto_write_frame_run(pb, &run);
		}
		for (i = start; i < end; i++) {
			if (pb != NULL)
				compose_put_cell(pb, &line[i], linkdef);
			sent[i] = line[i];
		}
		if (start < *lo)
			*lo = start;
		if (end > *hi)
			*hi = end;
		runs++;
		x = end;
	}
	return (runs);
}

/* The scratch line rows are composed into, kept from frame to frame: a
 * malloc and a free a frame were some 80 cold cache lines of the
 * allocator's code and data a keystroke, for a buffer whose size never
 * changes. */
static struct cell *
compose_scratch(unsigned int cols)
{
	static struct cell	*line;
	static unsigned int	 size;

	if (cols > size) {
		line = xreallocarray(line, cols, sizeof *line);
		size = cols;
	}
	return (line);
}

/* Row y of what c was sent changed in [lo, hi): add it to the row's span
 * (the columns tty_draw compares), which holds what changed since the row
 * was last drawn. */
static void
compose_span(struct client *c, unsigned int y, unsigned int lo,
    unsigned int hi)
{
	uint16_t	*span = &c->sent_span[2 * y];

	if (c->sent_dirty[y] == 0) {
		span[0] = lo;
		span[1] = hi;
		return;
	}
	if (lo < span[0])
		span[0] = lo;
	if (hi > span[1])
		span[1] = hi;
}

/* Is y in [first, first + n)? */
static int
compose_in(unsigned int first, unsigned int n, unsigned int y)
{
	return (y >= first && y < first + n);
}

int
compose_client(struct client *c, struct pbuf *pb, int full,
    const struct pane *only)
{
	struct window		*w = client_shown_window(c);
	struct pane		*p;
	struct msg_frame	 mf;
	struct cell		*line;
	unsigned int		 cols = c->cols, rows = c->rows, y, i, top;
	unsigned int		 x0 = 0, x1 = cols, y0 = 0, y1 = rows;
	unsigned int		 cx = 0, cy = 0, px, py, ox, oy, sx, sy, lo, hi;
	int			 flags = 0, visible = 0, shape = 0, runs = 0;
	uint32_t		 colour = COLOUR_DEFAULT;
	unsigned int		 status_first, status_n;
	int			 status_due, whole, n;
	size_t			 start = 0;
	uint8_t			 linkdef[LINK_MAX / 8 + 1];

	if (cols == 0 || rows == 0)
		return (0);
	memset(linkdef, 0, sizeof linkdef);
	srv->compose_pass++;
	c->scroll_n = 0;
	c->scroll_down = 0;
	if (c->sent == NULL || c->sent_cols != cols || c->sent_rows != rows) {
		compose_reset(c);
		c->sent = xcalloc((size_t)cols * rows, sizeof *c->sent);
		for (i = 0; i < cols * rows; i++)
			c->sent[i] = CELL_BLANK;
		/* A terminal the server draws compares every row with what
		 * it shows (as the client does after FRAME_FULL). */
		c->sent_dirty = xmalloc(rows);
		memset(c->sent_dirty, 1, rows);
		c->sent_span = xreallocarray(NULL, rows, 2 *
		    sizeof *c->sent_span);
		for (i = 0; i < rows; i++) {
			c->sent_span[2 * i] = 0;
			c->sent_span[2 * i + 1] = cols;
		}
		c->row_gen = xcalloc(rows, sizeof *c->row_gen);
		c->row_line = xcalloc(rows, sizeof *c->row_line);
		c->sent_cols = cols;
		c->sent_rows = rows;
		c->sent_cx = c->sent_cy = 0xffff;
		flags |= FRAME_FULL;
		full = 1;
		only = NULL;
	}
	if (c->flags & CLIENT_REDRAW) {
		/* Resend every cell the client may have lost. */
		for (i = 0; i < cols * rows; i++)
			c->sent[i] = compose_unknown;
		memset(c->row_line, 0, rows * sizeof *c->row_line);
		c->sent_cx = c->sent_cy = 0xffff;
		c->flags &= ~CLIENT_REDRAW;
		flags |= FRAME_REDRAW;
		full = 1;
		only = NULL;
	}
	if (c->link_gen != link_generation()) {
		/* Link ids were swept and may mean other links now: the
		 * cells sent with one are sent again. */
		for (i = 0; i < cols * rows; i++) {
			if (c->sent[i].link != 0)
				c->sent[i] = compose_unknown;
		}
		c->link_gen = link_generation();
	}
	if (c->flags & CLIENT_RECOMPOSE) {
		c->flags &= ~CLIENT_RECOMPOSE;
		full = 1;
		only = NULL;
	}
	status_n = client_status_rows(c, rows, &status_first, &top);
	/* The prompt's line and display-panes' rows follow the layout. */
	overlay_place(c);
	/* The part of a window larger than the terminal that shows: when it
	 * moves every row changes; while it is not at the top left a
	 * pane's rectangle is not where the pane is (no urgent frame). */
	client_window_offset(c, &ox, &oy, &sx, &sy);
	if (ox != c->sent_ox || oy != c->sent_oy) {
		c->sent_ox = ox;
		c->sent_oy = oy;
		full = 1;
		only = NULL;
	}
	if (ox != 0 || oy != 0)
		only = NULL;
	if (only != NULL) {
		/* Every row of the pane's rectangle, and nothing else: rows
		 * elsewhere (and the status line) wait for the full frame. */
		full = 1;
		status_due = 0;
		x0 = only->xoff;
		x1 = only->xoff + only->sx;
		y0 = top + only->yoff;
		y1 = top + only->yoff + only->sy;
		if (x1 > cols)
			x1 = cols;
		if (y1 > rows)
			y1 = rows;
	} else {
		status_due = full || c->status_gen != srv->status_gen;
		c->status_gen = srv->status_gen;
	}
	/* A frame of one pane as wide as the screen has its rows whole. */
	whole = only == NULL || (x0 == 0 && x1 == cols);
	if (whole && ox == 0 && oy == 0) {
		compose_find_scroll(c, w, top, y0, top == 0 && status_n != 0 ?
		    (status_first < y1 ? status_first : y1) : y1);
	}
	if (c->scroll_n != 0) {
		/* What the client has scrolls as its terminal will, so only
		 * the rows the scroll did not bring are sent. */
		compose_scroll_sent(c);
		flags |= FRAME_SCROLL;
		if (c->scroll_down)
			flags |= FRAME_SCROLL_DOWN;
	}

	/* The cursor of c's active pane (copy mode's always shows; clock
	 * and customize mode show none, as tmux's), if in the part shown. */
	if (w != NULL && (p = client_active_pane(c)) != NULL &&
	    pane_cursor(p, &px, &py, &shape, &colour)) {
		px += p->xoff;
		py += p->yoff;
		if (px >= ox && py >= oy) {
			cx = px - ox;
			cy = py - oy + top;
			visible = cx < cols && cy < rows &&
			    !compose_in(status_first, status_n, cy);
		}
	}
	if (status_n != 0 && message_text(c) != NULL)
		visible = 0;	/* as tmux, while a message shows */
	/* The overlays' cursors: the prompt's (drawn by it as a reversed
	 * cell: the terminal's is hidden, as tmux), a popup's program's,
	 * or none; in the terminal's colour under a box or the prompt. */
	if (overlay_cursor(c, &cx, &cy, &shape, &visible))
		colour = COLOUR_DEFAULT;
	if (cx >= cols)
		cx = cols - 1;
	if (cy >= rows)
		cy = rows - 1;

	if (pb != NULL) {
		mf.flags = flags;
		mf.cols = cols;
		mf.rows = rows;
		mf.cx = cx;
		mf.cy = cy;
		mf.cursor_visible = visible;
		mf.cursor_shape = shape;
		mf.cursor_colour = colour;
		mf.scroll_top = c->scroll_top;
		mf.scroll_bottom = c->scroll_bottom;
		mf.scroll_n = c->scroll_n;
		start = proto_write_frame(pb, &mf);
	}

	line = compose_scratch(cols);
	for (y = y0; y < y1; y++) {
		if (compose_in(status_first, status_n, y)) {
			if (!status_due && !overlay_covers_row(c, y))
				continue;
			status_render(c, y - status_first, line, cols);
		} else {
			if (!full && !overlay_covers_row(c, y) &&
			    !compose_row_dirty(w, y - top + oy, c->row_gen[y]))
				continue;
			compose_row(c, w, y - top, ox, oy, line, cols);
			/* (Only the pane's columns go in a frame for a
			 * narrower pane: the row is not all sent yet. A
			 * panned window's rows are not its panes' lines.) */
			if (whole) {
				c->row_gen[y] = srv->line_gen;
				c->row_line[y] = ox == 0 && oy == 0 ?
				    compose_row_line(c, w, y - top, cols) : 0;
			}
		}
		/* The overlays over the row (a popup, a menu, the prompt,
		 * display-panes: their rows may change any frame, so they
		 * are always composed). */
		overlay_draw_row(c, y, line, cols);
		n = compose_diff_row(pb, y, line, c->sent + y * cols,
		    compose_in(status_first, status_n, y) ? 0 : x0,
		    compose_in(status_first, status_n, y) ? cols : x1,
		    linkdef, &lo, &hi);
		/* (2: a status line is written whole, as tmux writes it:
		 * its blanks are spaces, not a clear to the end.) */
		if (n != 0) {
			compose_span(c, y, lo, hi);
			c->sent_dirty[y] = compose_in(status_first, status_n,
			    y) ? 3 : 1;
		}
		runs += n;
	}

	if (runs == 0 && flags == 0 && cx == c->sent_cx && cy == c->sent_cy &&
	    visible == c->sent_cursor_visible &&
	    shape == c->sent_cursor_shape &&
	    colour == c->sent_cursor_colour) {
		if (pb != NULL)
			pb->len = start;
		return (0);
	}
	if (pb != NULL)
		pw_end(pb, start);
	c->sent_cx = cx;
	c->sent_cy = cy;
	c->sent_cursor_visible = visible;
	c->sent_cursor_shape = shape;
	c->sent_cursor_colour = colour;
	return (1);
}
