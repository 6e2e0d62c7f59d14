/*
 * Copy mode (see copy.h): the core. The snapshot and its line cache, the
 * view and the cursor moving up and down it, pages, entering and leaving.
 * Motions are in copy-move.c, the selection in copy-select.c, search in
 * copy-search.c, drawing and formats in copy-draw.c (copy-int.h is what
 * they share).
 *
 * The snapshot is a history (grid/history.h) holding the pane's history
 * lines and then its screen rows, so it costs what the pane's history
 * costs (about 100 bytes an 80-column line) rather than a cell grid. Lines
 * are decoded on use into a small cache keyed by line number; every
 * movement and search reads cells through it.
 *
 * Three coordinate systems meet here and stay apart: absolute lines of the
 * snapshot (0 = oldest; selections, marks and search positions use them),
 * view rows (0 = the top row shown; the cursor's cy), and the view's place,
 * oy lines above the last screenful (hsize - oy is the absolute line of
 * view row 0).
 *
 * Behaviour follows tmux 3.3a's copy mode: the sticky cursor column, the
 * selection that follows the cursor (by character, word or line, or as a
 * rectangle), emacs and vi differences (a vi selection includes the cell
 * under the cursor), words split at word-separators, search that wraps
 * around and highlights the matches in view.
 */
#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"
#include "common/xmalloc.h"
#include "grid/grid.h"
#include "grid/history.h"
#include "grid/vt.h"
#include "copy/copy-int.h"
#include "model/hooks.h"
#include "model/options.h"
#include "model/pane-mode.h"
#include "model/state.h"
#include "model/window.h"

/* Is mode-keys vi? */
int
copy_vi(const struct copy_mode *cm)
{
	return (strcmp(options_get_string(cm->pane->window->options,
	    "mode-keys"), "vi") == 0);
}

/* An option's value at its scope: the pane's window's, the sessions' or
 * the server's. */
const char *
copy_option(const struct copy_mode *cm, const char *name)
{
	const struct option_def	*od = options_find(name);

	switch (od->scope) {
	case OPTION_WINDOW:
		return (options_get_string(cm->pane->window->options, name));
	case OPTION_SESSION:
		return (options_get_string(srv->session_options, name));
	default:
		return (options_get_string(srv->options, name));
	}
}

/* Forget decoded lines (the snapshot changed). */
static void
copy_invalidate(struct copy_mode *cm)
{
	unsigned int	i;

	for (i = 0; i < COPY_CACHE; i++) {
		free(cm->cache[i].cells);
		cm->cache[i].cells = NULL;
		cm->cache[i].y = UINT_MAX;
	}
	cm->marks_valid = 0;
}

/* Decode line y (clamped to the snapshot) through the cache. The pointer
 * is good until the next line is read. */
const struct copy_line *
copy_get(struct copy_mode *cm, unsigned int y)
{
	struct copy_line	*cl;
	unsigned int		 x, n;
	int			 wrapped;

	if (y >= copy_total(cm))
		y = copy_total(cm) - 1;
	cl = &cm->cache[y % COPY_CACHE];
	if (cl->y == y && cl->cells != NULL)
		return (cl);
	if (cl->cells == NULL)
		cl->cells = xreallocarray(NULL, cm->sx, sizeof *cl->cells);
	for (x = 0; x < cm->sx; x++)
		cl->cells[x] = CELL_BLANK;
	n = history_get(cm->lines, y, cl->cells, cm->sx, &wrapped);
	if (n > cm->sx)
		n = cm->sx;
	cl->y = y;
	cl->used = n;
	cl->wrapped = wrapped;
	while (n > 0 && cl->cells[n - 1].width != 0 &&
	    cl->cells[n - 1].ch == ' ')
		n--;
	cl->length = n;
	return (cl);
}

/* Cell (x, y); blank outside the line. */
struct cell
copy_cell(struct copy_mode *cm, unsigned int x, unsigned int y)
{
	if (x >= cm->sx)
		return (CELL_BLANK);
	return (copy_get(cm, y)->cells[x]);
}

/* Length of line y without trailing spaces. */
unsigned int
copy_length(struct copy_mode *cm, unsigned int y)
{
	return (copy_get(cm, y)->length);
}

int
copy_wrapped(struct copy_mode *cm, unsigned int y)
{
	if (y >= copy_total(cm))
		y = copy_total(cm) - 1;
	return (history_get_wrapped(cm->lines, y));
}

/* Is the cell a single code point in set (UTF-8)? The right half of a
 * wide character is in no set. */
int
copy_in_set(struct copy_mode *cm, unsigned int x, unsigned int y,
    const char *set)
{
	struct cell	c = copy_cell(cm, x, y);
	uint32_t	cp;
	size_t		left = strlen(set);
	int		n;

	if (c.width == 0 || c.ch >= UTF8_INTERN_BASE)
		return (0);
	while (left > 0) {
		if ((n = utf8_decode(set, left, &cp)) <= 0)
			n = 1;
		else if (cp == c.ch)
			return (1);
		set += n;
		left -= n;
	}
	return (0);
}

/* The view or the snapshot changed: clients showing the pane draw it
 * again; highlighted matches are found again for the new view. */
void
copy_changed(struct copy_mode *cm)
{
	cm->marks_valid = 0;
	if (cm->pane->window != NULL)
		window_recompose(cm->pane->window);
}

/* The pane whose text the mode shows: copy-mode -s's source while it
 * lives, else its own. */
static struct pane *
copy_source(struct copy_mode *cm)
{
	struct pane	*p;

	if (cm->src != 0 && (p = pane_find_by_id(cm->src - 1)) != NULL)
		return (p);
	return (cm->pane);
}

/* Take the snapshot: the pane's history (its stored lines copied as they
 * are, not decoded), then its screen. */
static void
copy_snapshot(struct copy_mode *cm)
{
	struct pane		*p = copy_source(cm);
	const struct grid_line	*gl;
	unsigned int		 cols = vt_cols(p->vt), rows = vt_rows(p->vt);
	unsigned int		 i;

	history_free(cm->lines);
	cm->lines = history_dup(vt_history(p->vt), COPY_LIMIT);
	for (i = 0; i < rows; i++) {
		gl = vt_line(p->vt, i);
		history_push(cm->lines, gl->cells, cols,
		    (gl->flags & GRID_LINE_WRAPPED) != 0);
	}
	copy_invalidate(cm);
	cm->sx = cols;
	cm->sy = rows;
}

/* Logical position of (x, y): the index of its unwrapped line and the
 * offset into it. */
static void
copy_unwrap_pos(struct copy_mode *cm, unsigned int x, unsigned int y,
    unsigned int *lx, unsigned int *ly)
{
	unsigned int	i, line = 0, off = 0;

	for (i = 0; i < y; i++) {
		if (copy_wrapped(cm, i))
			off += copy_get(cm, i)->used;
		else {
			line++;
			off = 0;
		}
	}
	*lx = off + x;
	*ly = line;
}

/* And back, after a reflow. */
static void
copy_wrap_pos(struct copy_mode *cm, unsigned int lx, unsigned int ly,
    unsigned int *x, unsigned int *y)
{
	unsigned int	i, line = 0, total = copy_total(cm);

	for (i = 0; i < total && line != ly; i++) {
		if (!copy_wrapped(cm, i))
			line++;
	}
	if (i >= total)
		i = total - 1;
	while (copy_wrapped(cm, i) && i + 1 < total &&
	    lx >= copy_get(cm, i)->used) {
		lx -= copy_get(cm, i)->used;
		i++;
	}
	*x = lx;
	*y = i;
}

/* A view's blank lines under its text go (before text is added or
 * re-wrapped). */
static void
copy_view_unpad(struct copy_mode *cm)
{
	for (; cm->view_pad > 0; cm->view_pad--)
		history_pop(cm->lines, NULL, 0, NULL, NULL);
	copy_invalidate(cm);
}

/* Fit the snapshot to the pane's size when it changed: lines re-wrap to
 * the new width, the cursor stays on its character, the selection goes
 * (as tmux). */
void
copy_check_size(struct copy_mode *cm)
{
	struct pane	*p = cm->pane;
	unsigned int	 lx, ly, x, y, sx = p->sx, sy = p->sy;
	struct cell	 blank = CELL_BLANK;

	if (sx == 0 || sy == 0 || (sx == cm->sx && sy == cm->sy))
		return;
	copy_unwrap_pos(cm, cm->cx, copy_cursor_line(cm), &lx, &ly);
	if (cm->view)
		copy_view_unpad(cm);	/* blanks are not text to re-wrap */
	if (sx != cm->sx) {
		history_reflow(cm->lines, sx);
		copy_invalidate(cm);
	}
	cm->sx = sx;
	cm->sy = sy;
	while (copy_total(cm) < sy) {
		history_push(cm->lines, &blank, 0, 0);
		if (cm->view)
			cm->view_pad++;
	}
	copy_invalidate(cm);
	copy_wrap_pos(cm, lx, ly, &x, &y);
	if (x > sx)
		x = sx;
	cm->cx = x;
	if (y < copy_hsize(cm)) {
		cm->oy = copy_hsize(cm) - y;
		cm->cy = 0;
	} else {
		cm->oy = 0;
		cm->cy = y - copy_hsize(cm);
	}
	cm->sel = 0;
	cm->drag = COPY_DRAG_NONE;
	cm->lineflag = COPY_LINE_NONE;
	cm->selflag = COPY_SEL_CHAR;
	cm->showmark = 0;
	cm->searchx = cm->searchy = -1;
	copy_changed(cm);
}

/* What the model asks of a copy or view mode (pane-mode.h); the rest of
 * mux draws it and gives it keys through copy.h. */
static void
copy_ops_free(void *data)
{
	copy_free(data);
}

static char *
copy_ops_format(void *data, const char *name)
{
	return (copy_format(data, name));
}

static int
copy_ops_cursor(void *data, unsigned int *x, unsigned int *y)
{
	copy_cursor(data, x, y);
	return (1);
}

/* The cells of view row y as the snapshot (or view mode's text) has
 * them, without selection or search styles. */
static const struct cell *
copy_ops_row(void *data, unsigned int y, unsigned int *n)
{
	struct copy_mode	*cm = data;

	*n = cm->sx;
	return (copy_get(cm, copy_top(cm) + y)->cells);
}

static const struct pane_mode_ops copy_ops = {
	.name = "copy-mode",
	.free = copy_ops_free,
	.format = copy_ops_format,
	.cursor = copy_ops_cursor,
	.row = copy_ops_row,
};
static const struct pane_mode_ops copy_view_ops = {
	.name = "view-mode",
	.free = copy_ops_free,
	.format = copy_ops_format,
	.cursor = copy_ops_cursor,
	.row = copy_ops_row,
};

void
copy_set_mode(struct pane *p, struct copy_mode *cm)
{
	p->mode = cm;
	if (cm == NULL)
		p->mode_ops = NULL;
	else
		p->mode_ops = cm->view ? &copy_view_ops : &copy_ops;
}

/* A new mode on p, its snapshot not taken yet. */
static struct copy_mode *
copy_new(struct pane *p)
{
	struct copy_mode	*cm;
	unsigned int		 i;

	pane_mode_reset(p);	/* copy and view mode leave clock mode */
	cm = xcalloc(1, sizeof *cm);
	cm->pane = p;
	for (i = 0; i < COPY_CACHE; i++)
		cm->cache[i].y = UINT_MAX;
	cm->searchcount = -1;
	cm->searchx = cm->searchy = cm->searcho = -1;
	cm->searchall = 1;
	return (cm);
}

struct copy_mode *
copy_view_enter(struct pane *p)
{
	struct copy_mode	*cm;
	struct cell		 blank = CELL_BLANK;
	unsigned int		 i;

	if (p->mode != NULL && p->mode->view) {
		pane_mode_reset(p);	/* it shows again over clock mode */
		return (p->mode);
	}
	cm = copy_new(p);
	cm->view = 1;
	cm->below = p->mode;
	cm->lines = history_create(COPY_LIMIT);
	cm->sx = p->sx > 0 ? p->sx : 1;
	cm->sy = p->sy > 0 ? p->sy : 1;
	for (i = 0; i < cm->sy; i++)
		history_push(cm->lines, &blank, 0, 0);
	cm->view_pad = cm->sy;
	copy_set_mode(p, cm);
	srv->names_dirty = 1;	/* its window is "[tmux]" now */
	hooks_notify_pane("pane-mode-changed", p);
	copy_changed(cm);
	return (cm);
}

/* Add one line of text to a view, wrapped at its width. */
static void
copy_view_line(struct copy_mode *cm, const char *text, size_t len)
{
	struct cell	*cells = xreallocarray(NULL, cm->sx, sizeof *cells);
	const char	*end = text + len;
	unsigned int	 x = 0;
	uint32_t	 cp;
	int		 n, w;

	while (text < end) {
		if ((n = utf8_decode(text, end - text, &cp)) <= 0) {
			cp = 0xfffd;
			n = 1;
		}
		text += n;
		if ((w = utf8_cp_width(cp)) <= 0 || (unsigned int)w > cm->sx)
			continue;	/* controls and marks are not shown */
		if (x + w > cm->sx) {
			history_push(cm->lines, cells, x, 1);
			cm->view_lines++;
			x = 0;
		}
		cells[x] = CELL_BLANK;
		cells[x].ch = cp;
		cells[x].width = w;
		if (w == 2) {
			cells[x + 1] = CELL_BLANK;
			cells[x + 1].width = 0;
		}
		x += w;
	}
	history_push(cm->lines, cells, x, 0);
	cm->view_lines++;
	free(cells);
}

void
copy_view_add(struct copy_mode *cm, const char *text, size_t len)
{
	struct cell	 blank = CELL_BLANK;
	const char	*nl;
	unsigned int	 top;

	if (!cm->view)
		return;
	copy_check_size(cm);
	/* The view keeps its place from the top: new lines go below. */
	top = copy_top(cm);
	copy_view_unpad(cm);
	while (len > 0) {
		if ((nl = memchr(text, '\n', len)) == NULL)
			nl = text + len;
		copy_view_line(cm, text, nl - text);
		if (nl == text + len)
			break;
		len -= nl + 1 - text;
		text = nl + 1;
	}
	while (copy_total(cm) < cm->sy) {
		history_push(cm->lines, &blank, 0, 0);
		cm->view_pad++;
	}
	copy_invalidate(cm);
	if (top > copy_hsize(cm))
		top = copy_hsize(cm);
	cm->oy = copy_hsize(cm) - top;
	copy_changed(cm);
}

const char *
copy_mode_name(const struct copy_mode *cm)
{
	return (cm->view ? copy_view_ops.name : copy_ops.name);
}

int
copy_is_view(const struct copy_mode *cm)
{
	return (cm->view);
}

struct copy_mode *
copy_enter(struct pane *p, int scroll_exit)
{
	return (copy_enter_from(p, p, scroll_exit));
}

struct copy_mode *
copy_enter_from(struct pane *p, struct pane *src, int scroll_exit)
{
	struct copy_mode	*cm;
	struct vt_cursor	 cur;

	if (p->mode != NULL && !p->mode->view) {
		pane_mode_reset(p);	/* it shows again over clock mode */
		return (p->mode);
	}
	/* Over a view, copy mode opens on the pane and the view comes
	 * back when it closes, as in tmux. */
	cm = copy_new(p);
	cm->below = p->mode;
	if (src != p)
		cm->src = src->id + 1;
	copy_snapshot(cm);
	vt_cursor(copy_source(cm)->vt, &cur);
	cm->cx = cur.x;
	cm->cy = cur.y < cm->sy ? cur.y : cm->sy - 1;
	cm->scroll_exit = scroll_exit;
	cm->mx = cm->cx;
	cm->my = copy_cursor_line(cm);
	copy_set_mode(p, cm);
	srv->names_dirty = 1;	/* its window is "[tmux]" now */
	hooks_notify_pane("pane-mode-changed", p);
	copy_check_size(cm);
	copy_changed(cm);
	return (cm);
}

void
copy_free(struct copy_mode *cm)
{
	if (cm == NULL)
		return;
	copy_free(cm->below);
	copy_invalidate(cm);
	history_free(cm->lines);
	free(cm->separators);
	free(cm->searchstr);
	free(cm->laststr);
	free(cm->marks);
	free(cm);
}

void
copy_exit(struct pane *p)
{
	struct copy_mode	*cm = p->mode;

	if (cm == NULL)
		return;
	copy_set_mode(p, cm->below);
	cm->below = NULL;
	copy_free(cm);
	if (p->mode != NULL) {
		/* Back to the copy mode the view was opened over, at the
		 * pane's size now; tmux fits it to the pane again, which
		 * brings a cursor past the end of its line back to the
		 * end. */
		cm = p->mode;
		copy_check_size(cm);
		if (cm->cx > copy_length(cm, copy_cursor_line(cm)))
			cm->cx = copy_length(cm, copy_cursor_line(cm));
		copy_changed(cm);
	}
	srv->names_dirty = 1;
	hooks_notify_pane("pane-mode-changed", p);
	if (p->window != NULL)
		window_recompose(p->window);
}

void
copy_refresh(struct copy_mode *cm)
{
	struct pane	*p = cm->pane;

	if (cm->view)
		return;		/* its text is not the pane's */
	copy_snapshot(cm);
	cm->sel = 0;
	cm->drag = COPY_DRAG_NONE;
	cm->lineflag = COPY_LINE_NONE;
	cm->selflag = COPY_SEL_CHAR;
	cm->searchx = cm->searchy = -1;
	if (cm->oy > copy_hsize(cm))
		cm->oy = copy_hsize(cm);
	if (cm->cy >= cm->sy)
		cm->cy = cm->sy - 1;
	if (p->sx != cm->sx || p->sy != cm->sy)
		copy_check_size(cm);
	copy_changed(cm);
}

/*
 * The cursor and the view.
 */

/* Put the cursor at view (x, y); x is not checked (as tmux). */
void
copy_set_cursor(struct copy_mode *cm, unsigned int x, unsigned int y)
{
	cm->cx = x;
	cm->cy = y;
}

/* Put the cursor at absolute (px, py), scrolling the view the least to
 * show it; no_reset: a word or line selection keeps its first piece. The
 * view scrolls a line at a time as scroll-up and scroll-down do, so that
 * the sticky column follows as it does in tmux. */
void
copy_show(struct copy_mode *cm, unsigned int px, unsigned int py,
    int no_reset)
{
	unsigned int	top = copy_top(cm), ny;

	if (py < top) {
		for (ny = top - py; ny > 0; ny--)
			copy_cursor_up(cm, 1);
		copy_set_cursor(cm, px, 0);
	} else if (py >= top + cm->sy) {
		for (ny = py - (top + cm->sy - 1); ny > 0; ny--)
			copy_cursor_down(cm, 1);
		copy_set_cursor(cm, px, cm->sy - 1);
	} else
		copy_set_cursor(cm, px, py - top);
	copy_update_selection(cm, no_reset);
	copy_changed(cm);
}

/* Put the cursor at absolute (px, py), moving the view only when it is
 * not shown already; a far line lands a quarter of a screen from the
 * edge it comes from (search, brackets, paragraphs). */
void
copy_scroll_to(struct copy_mode *cm, unsigned int px, unsigned int py)
{
	unsigned int	hsize = copy_hsize(cm), top = copy_top(cm);
	unsigned int	gap, offset;

	cm->cx = px;
	if (py >= top && py < top + cm->sy)
		cm->cy = py - top;
	else {
		gap = cm->sy / 4;
		if (py < cm->sy) {
			offset = 0;
			cm->cy = py;
		} else if (py > hsize + cm->sy - gap) {
			offset = hsize;
			cm->cy = py - hsize;
		} else {
			offset = py + gap - cm->sy;
			cm->cy = py - offset;
		}
		cm->oy = hsize - offset;
	}
	copy_update_selection(cm, 0);
	copy_changed(cm);
}

/* Move the view ny lines down the history (towards the bottom). */
static void
copy_view_down(struct copy_mode *cm, unsigned int ny)
{
	if (ny > cm->oy)
		ny = cm->oy;
	if (ny == 0)
		return;
	cm->oy -= ny;
	copy_update_selection(cm, 0);
	copy_changed(cm);
}

/* Move the view ny lines up the history. */
static void
copy_view_up(struct copy_mode *cm, unsigned int ny)
{
	unsigned int	hsize = copy_hsize(cm);

	if (ny > hsize)
		return;
	if (cm->oy > hsize - ny)
		ny = hsize - cm->oy;
	if (ny == 0)
		return;
	cm->oy += ny;
	copy_update_selection(cm, 0);
	copy_changed(cm);
}

void
copy_cursor(struct copy_mode *cm, unsigned int *x, unsigned int *y)
{
	copy_check_size(cm);
	*x = cm->cx < cm->sx ? cm->cx : cm->sx - 1;
	*y = cm->cy;
}

/* Remember the column to come back to when moving up and down. */
static void
copy_remember_column(struct copy_mode *cm, int norectsel)
{
	unsigned int	len = copy_length(cm, copy_cursor_line(cm));

	if (norectsel && cm->cx != len) {
		cm->lastcx = cm->cx;
		cm->lastsx = len;
	}
}

/* After a vertical move: a cursor past the end of its new line, or one
 * that was at the end of its old line, goes to the end of the new one. */
static void
copy_fix_column(struct copy_mode *cm)
{
	unsigned int	len = copy_length(cm, copy_cursor_line(cm));

	if ((cm->cx >= cm->lastsx && cm->cx != len) || cm->cx > len) {
		copy_set_cursor(cm, len, cm->cy);
		copy_update_selection(cm, 0);
	}
}

/* After a vertical move with select-line: the cursor goes to the end of
 * the line (or its start, selecting upwards). */
static void
copy_fix_line_selection(struct copy_mode *cm)
{
	unsigned int	py = copy_cursor_line(cm);

	if (cm->lineflag == COPY_LINE_LEFT_RIGHT) {
		copy_set_cursor(cm, cm->rectflag ? cm->sx :
		    copy_length(cm, py), cm->cy);
		copy_update_selection(cm, 0);
	} else if (cm->lineflag == COPY_LINE_RIGHT_LEFT) {
		copy_set_cursor(cm, 0, cm->cy);
		copy_update_selection(cm, 0);
	}
}

void
copy_cursor_up(struct copy_mode *cm, int scroll_only)
{
	int	norectsel = !cm->sel || !cm->rectflag;

	copy_check_size(cm);
	copy_remember_column(cm, norectsel);
	if (cm->lineflag == COPY_LINE_LEFT_RIGHT &&
	    copy_cursor_line(cm) == cm->sely)
		copy_other_end1(cm);
	if (scroll_only || cm->cy == 0) {
		if (norectsel)
			cm->cx = cm->lastcx;
		copy_view_up(cm, 1);
	} else {
		copy_set_cursor(cm, norectsel ? cm->lastcx : cm->cx,
		    cm->cy - 1);
		copy_update_selection(cm, 0);
	}
	if (norectsel)
		copy_fix_column(cm);
	copy_fix_line_selection(cm);
	copy_changed(cm);
}

void
copy_cursor_down(struct copy_mode *cm, int scroll_only)
{
	int	norectsel = !cm->sel || !cm->rectflag;

	copy_check_size(cm);
	copy_remember_column(cm, norectsel);
	if (cm->lineflag == COPY_LINE_RIGHT_LEFT &&
	    copy_cursor_line(cm) == cm->endsely)
		copy_other_end1(cm);
	if (scroll_only || cm->cy == cm->sy - 1) {
		if (norectsel)
			cm->cx = cm->lastcx;
		copy_view_down(cm, 1);
	} else {
		copy_set_cursor(cm, norectsel ? cm->lastcx : cm->cx,
		    cm->cy + 1);
		copy_update_selection(cm, 0);
	}
	if (norectsel)
		copy_fix_column(cm);
	copy_fix_line_selection(cm);
	copy_changed(cm);
}

/* The cursor as a position. */
struct copy_pos
copy_here(struct copy_mode *cm)
{
	struct copy_pos	pos;

	copy_check_size(cm);
	pos.x = cm->cx;
	pos.y = copy_cursor_line(cm);
	return (pos);
}

void
copy_top_line(struct copy_mode *cm)
{
	copy_check_size(cm);
	copy_set_cursor(cm, 0, 0);
	copy_update_selection(cm, 0);
	copy_changed(cm);
}

void
copy_middle_line(struct copy_mode *cm)
{
	copy_check_size(cm);
	copy_set_cursor(cm, 0, (cm->sy - 1) / 2);
	copy_update_selection(cm, 0);
	copy_changed(cm);
}

void
copy_bottom_line(struct copy_mode *cm)
{
	copy_check_size(cm);
	copy_set_cursor(cm, 0, cm->sy - 1);
	copy_update_selection(cm, 0);
	copy_changed(cm);
}

void
copy_history_top(struct copy_mode *cm)
{
	copy_check_size(cm);
	if (cm->lineflag == COPY_LINE_LEFT_RIGHT &&
	    copy_cursor_line(cm) == cm->sely)
		copy_other_end1(cm);
	copy_set_cursor(cm, 0, 0);
	cm->oy = copy_hsize(cm);
	copy_update_selection(cm, 0);
	copy_changed(cm);
}

void
copy_history_bottom(struct copy_mode *cm)
{
	copy_check_size(cm);
	if (cm->lineflag == COPY_LINE_RIGHT_LEFT &&
	    copy_cursor_line(cm) == cm->endsely)
		copy_other_end1(cm);
	cm->oy = 0;
	copy_set_cursor(cm, copy_length(cm, copy_hsize(cm) + cm->sy - 1),
	    cm->sy - 1);
	copy_update_selection(cm, 0);
	copy_changed(cm);
}

/* Lines a page (or half) moves. */
static unsigned int
copy_page_size(const struct copy_mode *cm, int half)
{
	if (cm->sy <= 2)
		return (1);
	return (half ? cm->sy / 2 : cm->sy - 2);
}

/* After a page move, as after a vertical one. */
static void
copy_page_fix(struct copy_mode *cm)
{
	unsigned int	len;

	if (!cm->sel || !cm->rectflag) {
		len = copy_length(cm, copy_cursor_line(cm));
		if ((cm->cx >= cm->lastsx && cm->cx != len) || cm->cx > len)
			copy_end_of_line(cm);
	}
	copy_update_selection(cm, 0);
	copy_changed(cm);
}

void
copy_page_up(struct copy_mode *cm, int half)
{
	unsigned int	n;

	copy_check_size(cm);
	copy_remember_column(cm, 1);
	cm->cx = cm->lastcx;
	n = copy_page_size(cm, half);
	if (cm->oy + n > copy_hsize(cm)) {
		cm->oy = copy_hsize(cm);
		cm->cy = cm->cy < n ? 0 : cm->cy - n;
	} else
		cm->oy += n;
	copy_page_fix(cm);
}

int
copy_page_down(struct copy_mode *cm, int half, int force_exit)
{
	unsigned int	n;

	copy_check_size(cm);
	copy_remember_column(cm, 1);
	cm->cx = cm->lastcx;
	n = copy_page_size(cm, half);
	if (cm->oy < n) {
		if (cm->cy + (n - cm->oy) >= cm->sy)
			cm->cy = cm->sy - 1;
		else
			cm->cy += n - cm->oy;
		cm->oy = 0;
	} else
		cm->oy -= n;
	copy_page_fix(cm);
	return ((cm->scroll_exit || force_exit) && cm->oy == 0 && !cm->sel);
}

int
copy_at_bottom(const struct copy_mode *cm)
{
	return (cm->oy == 0);
}

int
copy_scroll_exit(const struct copy_mode *cm)
{
	return (cm->scroll_exit);
}

int
copy_has_selection(const struct copy_mode *cm)
{
	return (cm->sel);
}

void
copy_set_scroll_exit(struct copy_mode *cm, int on)
{
	cm->scroll_exit = on;
}

void
copy_toggle_position(struct copy_mode *cm)
{
	cm->hide_position = !cm->hide_position;
	copy_changed(cm);
}

void
copy_goto_line(struct copy_mode *cm, const char *line)
{
	char	*end;
	long	 n;

	copy_check_size(cm);
	n = strtol(line, &end, 10);
	if (*line == '\0' || *end != '\0' || n < -1)
		return;
	if (n < 0 || (unsigned long)n > copy_hsize(cm))
		n = copy_hsize(cm);
	cm->oy = n;
	copy_update_selection(cm, 0);
	copy_changed(cm);
}

void
copy_set_pending(struct copy_mode *cm, enum copy_jump type)
{
	cm->pending = type;
}

int
copy_pending_key(struct copy_mode *cm, key_code key)
{
	enum copy_jump	type = cm->pending;

	if (type == COPY_JUMP_NONE)
		return (0);
	cm->pending = COPY_JUMP_NONE;
	if ((key & KEYC_MASK_MOD) != 0 || KEYC_IS_SPECIAL(key) ||
	    key < 0x20 || key == 0x7f)
		return (1);	/* Escape and the like cancel */
	if (!copy_vi(cm))
		copy_clear_marks(cm);
	copy_jump(cm, type, key);
	return (1);
}

void
copy_set_prefix(struct copy_mode *cm, unsigned int n)
{
	cm->prefix = n;
}

unsigned int
copy_take_prefix(struct copy_mode *cm)
{
	unsigned int	n = cm->prefix;

	cm->prefix = 0;
	return (n);
}

const char *
copy_key_table(const struct copy_mode *cm)
{
	return (copy_vi(cm) ? "copy-mode-vi" : "copy-mode");
}
