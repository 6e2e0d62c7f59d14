/*
 * Copy mode (see copy.h).
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
#include <ctype.h>
#include <limits.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"
#include "common/xmalloc.h"
#include "grid/grid.h"
#include "grid/history.h"
#include "grid/vt.h"
#include "server/copy.h"
#include "server/options.h"
#include "server/server.h"
#include "server/style.h"
#include "server/window.h"

/* The snapshot never drops lines (a narrower pane makes more of them). */
#define COPY_LIMIT		(UINT_MAX / 2)
/* Decoded lines kept. */
#define COPY_CACHE		64
/* Cells of one wrapped line a search looks at, as tmux. */
#define COPY_SEARCH_MAX		2000
/* Counting every match in the history stops after this long. */
#define COPY_COUNT_NS		(200 * 1000000ULL)

#define COPY_WHITESPACE		" \t"
/* tmux 3.3a's default word-separators. */
#define COPY_SEPARATORS		"!\"#$%&'()*+,-./:;<=>?@[\\]^`{|}~"

/* Which end of the selection follows the cursor. */
enum copy_drag {
	COPY_DRAG_NONE,
	COPY_DRAG_END,
	COPY_DRAG_START,
};

/* select-line: the direction whole lines are being selected in. */
enum copy_lineflag {
	COPY_LINE_NONE,
	COPY_LINE_LEFT_RIGHT,
	COPY_LINE_RIGHT_LEFT,
};

/* What one step of the selection covers. */
enum copy_selflag {
	COPY_SEL_CHAR,
	COPY_SEL_WORD,
	COPY_SEL_LINE,
};

enum copy_search_type {
	COPY_SEARCH_OFF,
	COPY_SEARCH_UP,
	COPY_SEARCH_DOWN,
};

/* One decoded line of the snapshot. */
struct copy_line {
	unsigned int	 y;		/* UINT_MAX: the slot is empty */
	struct cell	*cells;		/* sx cells, blank past used */
	unsigned int	 used;		/* cells the line holds */
	unsigned int	 length;	/* without trailing spaces */
	int		 wrapped;
};

/* A position while moving through the snapshot (absolute line). */
struct copy_pos {
	unsigned int	 x, y;
};

struct copy_mode {
	struct pane		*pane;
	struct history		*lines;		/* the snapshot */
	unsigned int		 sx, sy;	/* its width, the view's rows */

	unsigned int		 oy;		/* lines scrolled up */
	unsigned int		 cx, cy;	/* cursor, view coordinates */
	unsigned int		 lastcx;	/* sticky column */
	unsigned int		 lastsx;	/* length of its line */
	int			 scroll_exit;
	int			 hide_position;

	int			 sel;		/* a selection is shown */
	unsigned int		 selx, sely;	/* start (absolute) */
	unsigned int		 endselx, endsely;
	enum copy_drag		 drag;
	enum copy_lineflag	 lineflag;
	enum copy_selflag	 selflag;
	int			 rectflag;
	unsigned int		 selrx, selry;	/* word/line selection: */
	unsigned int		 endselrx, endselry; /* the first one */
	unsigned int		 dx, dy;	/* where it started */
	char			*separators;	/* of a word selection */

	unsigned int		 mx, my;	/* set-mark */
	int			 showmark;

	enum copy_search_type	 searchtype;
	int			 searchregex;
	int			 searchdirection;	/* 1: down */
	char			*searchstr;
	char			*laststr;	/* what marks were made for */
	int			 lastregex;
	int			 searchall;	/* count all matches next */
	int			 marks_on;	/* matches are highlighted */
	uint8_t			*marks;		/* per view cell: its match */
	unsigned int		 marks_top, marks_sx, marks_sy;
	int			 marks_valid;
	int			 searchcount;	/* -1: unknown */
	int			 searchmore;
	int			 searchx;	/* where incremental search */
	int			 searchy;	/* began (-1: none) */
	int			 searcho;

	enum copy_jump		 jumptype;
	uint32_t		 jumpchar;
	enum copy_jump		 pending;	/* waits for a character */

	struct copy_line	 cache[COPY_CACHE];
};

static void	copy_update_selection(struct copy_mode *, int);
static void	copy_other_end1(struct copy_mode *);
static void	copy_marks_make(struct copy_mode *);

/* Lines in the snapshot. */
static unsigned int
copy_total(const struct copy_mode *cm)
{
	return (history_size(cm->lines));
}

/* Lines above the last screenful. */
static unsigned int
copy_hsize(const struct copy_mode *cm)
{
	return (copy_total(cm) - cm->sy);
}

/* Absolute line of view row 0. */
static unsigned int
copy_top(const struct copy_mode *cm)
{
	return (copy_hsize(cm) - cm->oy);
}

/* Absolute line of the cursor. */
static unsigned int
copy_cursor_line(const struct copy_mode *cm)
{
	return (copy_top(cm) + cm->cy);
}

static int
copy_vi(const struct copy_mode *cm)
{
	return (strcmp(options_get_string(cm->pane->window->options,
	    "mode-keys"), "vi") == 0);
}

/* An option's value if mux has the option, else dflt (tmux's default):
 * mode-style and the like are looked up here but may not exist yet. */
static const char *
copy_option(const struct copy_mode *cm, const char *name, const char *dflt)
{
	const struct option_def	*od = options_find(name);

	if (od == NULL || strcmp(od->name, name) != 0)
		return (dflt);
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
static const struct copy_line *
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
static struct cell
copy_cell(struct copy_mode *cm, unsigned int x, unsigned int y)
{
	if (x >= cm->sx)
		return (CELL_BLANK);
	return (copy_get(cm, y)->cells[x]);
}

/* Length of line y without trailing spaces. */
static unsigned int
copy_length(struct copy_mode *cm, unsigned int y)
{
	return (copy_get(cm, y)->length);
}

static int
copy_wrapped(struct copy_mode *cm, unsigned int y)
{
	return (copy_get(cm, y)->wrapped);
}

/* Is the cell a single code point in set (UTF-8)? The right half of a
 * wide character is in no set. */
static int
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
static void
copy_changed(struct copy_mode *cm)
{
	cm->marks_valid = 0;
	if (cm->pane->window != NULL)
		window_recompose(cm->pane->window);
}

/* Take the snapshot: the pane's history, then its screen. */
static void
copy_snapshot(struct copy_mode *cm)
{
	struct pane		*p = cm->pane;
	struct history		*src = vt_history(p->vt);
	const struct grid_line	*gl;
	struct cell		*buf;
	unsigned int		 cols = vt_cols(p->vt), rows = vt_rows(p->vt);
	unsigned int		 n = history_size(src), i, used, x;
	int			 wrapped;

	history_free(cm->lines);
	cm->lines = history_create(COPY_LIMIT);
	buf = xreallocarray(NULL, cols, sizeof *buf);
	for (i = 0; i < n; i++) {
		for (x = 0; x < cols; x++)
			buf[x] = CELL_BLANK;
		used = history_get(src, i, buf, cols, &wrapped);
		history_push(cm->lines, buf, used > cols ? cols : used,
		    wrapped);
	}
	free(buf);
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

/* Fit the snapshot to the pane's size when it changed: lines re-wrap to
 * the new width, the cursor stays on its character, the selection goes
 * (as tmux). */
static void
copy_check_size(struct copy_mode *cm)
{
	struct pane	*p = cm->pane;
	unsigned int	 lx, ly, x, y, sx = p->sx, sy = p->sy;
	struct cell	 blank = CELL_BLANK;

	if (sx == 0 || sy == 0 || (sx == cm->sx && sy == cm->sy))
		return;
	copy_unwrap_pos(cm, cm->cx, copy_cursor_line(cm), &lx, &ly);
	if (sx != cm->sx) {
		history_reflow(cm->lines, sx);
		copy_invalidate(cm);
	}
	cm->sx = sx;
	cm->sy = sy;
	while (copy_total(cm) < sy)
		history_push(cm->lines, &blank, 0, 0);
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

struct copy_mode *
copy_enter(struct pane *p, int scroll_exit)
{
	struct copy_mode	*cm;
	struct vt_cursor	 cur;
	unsigned int		 i;

	if (p->mode != NULL)
		return (p->mode);
	cm = xcalloc(1, sizeof *cm);
	cm->pane = p;
	for (i = 0; i < COPY_CACHE; i++)
		cm->cache[i].y = UINT_MAX;
	copy_snapshot(cm);
	vt_cursor(p->vt, &cur);
	cm->cx = cur.x;
	cm->cy = cur.y < cm->sy ? cur.y : cm->sy - 1;
	cm->scroll_exit = scroll_exit;
	cm->searchcount = -1;
	cm->searchx = cm->searchy = cm->searcho = -1;
	cm->searchall = 1;
	cm->mx = cm->cx;
	cm->my = copy_cursor_line(cm);
	p->mode = cm;
	copy_check_size(cm);
	copy_changed(cm);
	return (cm);
}

void
copy_free(struct copy_mode *cm)
{
	if (cm == NULL)
		return;
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
	p->mode = NULL;
	copy_free(cm);
	if (p->window != NULL)
		window_recompose(p->window);
}

void
copy_refresh(struct copy_mode *cm)
{
	struct pane	*p = cm->pane;

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
 * Moving a position through the snapshot, as tmux's grid reader: right and
 * left step over the right halves of wide characters, and wrapped lines
 * join their neighbours.
 */

/* Down a line, off the right half of a wide character. */
static void
copy_pos_down(struct copy_mode *cm, struct copy_pos *pos)
{
	if (pos->y + 1 < copy_total(cm))
		pos->y++;
	while (pos->x > 0 && copy_cell(cm, pos->x, pos->y).width == 0)
		pos->x--;
}

static void
copy_pos_up(struct copy_mode *cm, struct copy_pos *pos)
{
	if (pos->y > 0)
		pos->y--;
	while (pos->x > 0 && copy_cell(cm, pos->x, pos->y).width == 0)
		pos->x--;
}

/* To the start of the line (of the wrapped lines it belongs to when
 * wrap). */
static void
copy_pos_start_of_line(struct copy_mode *cm, struct copy_pos *pos, int wrap)
{
	if (wrap) {
		while (pos->y > 0 && copy_wrapped(cm, pos->y - 1))
			pos->y--;
	}
	pos->x = 0;
}

/* To the end of the line: past its last character, or the last column
 * when all. */
static void
copy_pos_end_of_line(struct copy_mode *cm, struct copy_pos *pos, int wrap,
    int all)
{
	unsigned int	last = copy_total(cm) - 1;

	if (wrap) {
		while (pos->y < last && copy_wrapped(cm, pos->y))
			pos->y++;
	}
	pos->x = all ? cm->sx : copy_length(cm, pos->y);
}

/* One character right; past the end of the line, to the start of the
 * next when wrap. all: the line ends at the last column. */
static void
copy_pos_right(struct copy_mode *cm, struct copy_pos *pos, int wrap, int all)
{
	unsigned int	end = all ? cm->sx : copy_length(cm, pos->y);

	if (wrap && pos->x >= end && pos->y + 1 < copy_total(cm)) {
		copy_pos_start_of_line(cm, pos, 0);
		copy_pos_down(cm, pos);
	} else if (pos->x < end) {
		pos->x++;
		while (pos->x < end &&
		    copy_cell(cm, pos->x, pos->y).width == 0)
			pos->x++;
	}
}

/* One character left; at the start of a line, to the end of the one
 * above when wrap or when that one wrapped. */
static void
copy_pos_left(struct copy_mode *cm, struct copy_pos *pos, int wrap)
{
	while (pos->x > 0 && copy_cell(cm, pos->x, pos->y).width == 0)
		pos->x--;
	if (pos->x == 0 && pos->y > 0 &&
	    (wrap || copy_wrapped(cm, pos->y - 1))) {
		copy_pos_up(cm, pos);
		copy_pos_end_of_line(cm, pos, 0, 0);
	} else if (pos->x > 0)
		pos->x--;
}

/* Keep pos inside its line (*xx the line's end), moving on to the next
 * lines as it runs off; 0 when it runs off the last line. */
static int
copy_pos_wrap(struct copy_mode *cm, struct copy_pos *pos, unsigned int *xx)
{
	while (pos->x > *xx) {
		if (pos->y + 1 >= copy_total(cm))
			return (0);
		copy_pos_start_of_line(cm, pos, 0);
		copy_pos_down(cm, pos);
		if (copy_wrapped(cm, pos->y))
			*xx = cm->sx - 1;
		else
			*xx = copy_length(cm, pos->y);
	}
	return (1);
}

/* Where a line's text ends, for word movement: a wrapped line goes on to
 * the last column so words are not split. */
static unsigned int
copy_word_end(struct copy_mode *cm, unsigned int y)
{
	if (copy_wrapped(cm, y))
		return (cm->sx - 1);
	return (copy_length(cm, y));
}

/* To the start of the next word: past this word (letters, or a run of
 * separators), then past spaces. */
static void
copy_pos_next_word(struct copy_mode *cm, struct copy_pos *pos,
    const char *seps)
{
	unsigned int	xx = copy_word_end(cm, pos->y);

	if (!copy_pos_wrap(cm, pos, &xx))
		return;
	if (!copy_in_set(cm, pos->x, pos->y, COPY_WHITESPACE)) {
		if (copy_in_set(cm, pos->x, pos->y, seps)) {
			do
				pos->x++;
			while (copy_pos_wrap(cm, pos, &xx) &&
			    copy_in_set(cm, pos->x, pos->y, seps) &&
			    !copy_in_set(cm, pos->x, pos->y, COPY_WHITESPACE));
		} else {
			do
				pos->x++;
			while (copy_pos_wrap(cm, pos, &xx) &&
			    !copy_in_set(cm, pos->x, pos->y, seps) &&
			    !copy_in_set(cm, pos->x, pos->y, COPY_WHITESPACE));
		}
	}
	while (copy_pos_wrap(cm, pos, &xx) &&
	    copy_in_set(cm, pos->x, pos->y, COPY_WHITESPACE))
		pos->x++;
}

/* To just past the end of the next word. */
static void
copy_pos_next_word_end(struct copy_mode *cm, struct copy_pos *pos,
    const char *seps)
{
	unsigned int	xx = copy_word_end(cm, pos->y);
	int		inseps;

	while (copy_pos_wrap(cm, pos, &xx)) {
		if (copy_in_set(cm, pos->x, pos->y, COPY_WHITESPACE)) {
			pos->x++;
			continue;
		}
		inseps = copy_in_set(cm, pos->x, pos->y, seps);
		do
			pos->x++;
		while (copy_pos_wrap(cm, pos, &xx) &&
		    !copy_in_set(cm, pos->x, pos->y, COPY_WHITESPACE) &&
		    copy_in_set(cm, pos->x, pos->y, seps) == inseps);
		return;
	}
}

/* To the start of this word, or of the previous one when already at a
 * start (already) or on a space. stop_at_eol (emacs): a line ending in a
 * space stops the search at its end. */
static void
copy_pos_previous_word(struct copy_mode *cm, struct copy_pos *pos,
    const char *seps, int already, int stop_at_eol)
{
	struct copy_pos	old;
	int		letters = 0, at_eol;

	if (already || copy_in_set(cm, pos->x, pos->y, COPY_WHITESPACE)) {
		for (;;) {
			if (pos->x > 0) {
				pos->x--;
				if (!copy_in_set(cm, pos->x, pos->y,
				    COPY_WHITESPACE)) {
					letters = !copy_in_set(cm, pos->x,
					    pos->y, seps);
					break;
				}
				continue;
			}
			if (pos->y == 0)
				return;
			copy_pos_up(cm, pos);
			copy_pos_end_of_line(cm, pos, 0, 0);
			if (stop_at_eol && pos->x > 0) {
				at_eol = copy_in_set(cm, pos->x - 1, pos->y,
				    COPY_WHITESPACE);
				if (at_eol) {
					letters = 0;
					break;
				}
			}
		}
	} else
		letters = !copy_in_set(cm, pos->x, pos->y, seps);

	do {
		old = *pos;
		if (pos->x == 0) {
			if (pos->y == 0 || !copy_wrapped(cm, pos->y - 1))
				break;
			copy_pos_up(cm, pos);
			copy_pos_end_of_line(cm, pos, 0, 1);
		}
		if (pos->x > 0)
			pos->x--;
	} while (!copy_in_set(cm, pos->x, pos->y, COPY_WHITESPACE) &&
	    letters != copy_in_set(cm, pos->x, pos->y, seps));
	*pos = old;
}

/* Is the cell the character ch? */
static int
copy_is_char(struct copy_mode *cm, unsigned int x, unsigned int y,
    uint32_t ch)
{
	struct cell	c = copy_cell(cm, x, y);

	return (c.width != 0 && c.ch == ch);
}

/* Forward to ch, on this line and the ones it wraps into. */
static int
copy_pos_jump(struct copy_mode *cm, struct copy_pos *pos, uint32_t ch)
{
	unsigned int	px = pos->x, py, last = copy_total(cm) - 1;

	for (py = pos->y; py <= last; py++) {
		for (; px < copy_length(cm, py); px++) {
			if (copy_is_char(cm, px, py, ch)) {
				pos->x = px;
				pos->y = py;
				return (1);
			}
		}
		if (py == last || !copy_wrapped(cm, py))
			return (0);
		px = 0;
	}
	return (0);
}

/* Backward to ch, on this line and the ones wrapping into it. */
static int
copy_pos_jump_back(struct copy_mode *cm, struct copy_pos *pos, uint32_t ch)
{
	unsigned int	px, py, xx = pos->x + 1;

	for (py = pos->y + 1; py > 0; py--) {
		for (px = xx; px > 0; px--) {
			if (copy_is_char(cm, px - 1, py - 1, ch)) {
				pos->x = px - 1;
				pos->y = py - 1;
				return (1);
			}
		}
		if (py == 1 || !copy_wrapped(cm, py - 2))
			return (0);
		xx = copy_length(cm, py - 2);
	}
	return (0);
}

/*
 * The cursor and the view.
 */

/* Put the cursor at view (x, y); x is not checked (as tmux). */
static void
copy_set_cursor(struct copy_mode *cm, unsigned int x, unsigned int y)
{
	cm->cx = x;
	cm->cy = y;
}

/* Put the cursor at absolute (px, py), scrolling the view the least to
 * show it; no_reset: a word or line selection keeps its first piece. The
 * view scrolls a line at a time as scroll-up and scroll-down do, so that
 * the sticky column follows as it does in tmux. */
static void
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
static void
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
static struct copy_pos
copy_here(struct copy_mode *cm)
{
	struct copy_pos	pos;

	copy_check_size(cm);
	pos.x = cm->cx;
	pos.y = copy_cursor_line(cm);
	return (pos);
}

void
copy_cursor_left(struct copy_mode *cm)
{
	struct copy_pos	pos = copy_here(cm);

	copy_pos_left(cm, &pos, 1);
	copy_show(cm, pos.x, pos.y, 0);
}

void
copy_cursor_right(struct copy_mode *cm)
{
	struct copy_pos	pos = copy_here(cm);

	copy_pos_right(cm, &pos, 1, cm->sel && cm->rectflag);
	copy_show(cm, pos.x, pos.y, 0);
}

void
copy_start_of_line(struct copy_mode *cm)
{
	struct copy_pos	pos = copy_here(cm);

	copy_pos_start_of_line(cm, &pos, 1);
	copy_show(cm, pos.x, pos.y, 0);
}

void
copy_end_of_line(struct copy_mode *cm)
{
	struct copy_pos	pos = copy_here(cm);

	copy_pos_end_of_line(cm, &pos, 1, cm->sel && cm->rectflag);
	copy_show(cm, pos.x, pos.y, 0);
}

void
copy_back_to_indentation(struct copy_mode *cm)
{
	struct copy_pos	pos = copy_here(cm), start;
	unsigned int	last = copy_total(cm) - 1, x;
	struct cell	c;

	start = pos;
	copy_pos_start_of_line(cm, &pos, 1);
	for (; pos.y <= last; pos.y++) {
		for (x = 0; x < copy_length(cm, pos.y); x++) {
			c = copy_cell(cm, x, pos.y);
			if (c.width != 0 && c.ch != ' ') {
				copy_show(cm, x, pos.y, 0);
				return;
			}
		}
		if (!copy_wrapped(cm, pos.y))
			break;
	}
	copy_show(cm, start.x, start.y, 0);
}

void
copy_next_word(struct copy_mode *cm, const char *seps)
{
	struct copy_pos	pos = copy_here(cm);

	copy_pos_next_word(cm, &pos, seps);
	copy_show(cm, pos.x, pos.y, 0);
}

/* Where next-word-end takes the cursor: vi stops on the last character
 * of the word, emacs just past it. */
static struct copy_pos
copy_next_word_end_pos(struct copy_mode *cm, const char *seps)
{
	struct copy_pos	pos = copy_here(cm);

	if (copy_vi(cm)) {
		if (!copy_in_set(cm, pos.x, pos.y, COPY_WHITESPACE))
			copy_pos_right(cm, &pos, 0, 0);
		copy_pos_next_word_end(cm, &pos, seps);
		copy_pos_left(cm, &pos, 1);
	} else
		copy_pos_next_word_end(cm, &pos, seps);
	return (pos);
}

/* next-word-end; no_reset keeps a word selection's first word. */
static void
copy_next_word_end1(struct copy_mode *cm, const char *seps, int no_reset)
{
	struct copy_pos	pos = copy_next_word_end_pos(cm, seps);

	copy_show(cm, pos.x, pos.y, no_reset);
}

void
copy_next_word_end(struct copy_mode *cm, const char *seps)
{
	copy_next_word_end1(cm, seps, 0);
}

/* previous-word; already: the cursor is at a word's start. */
static void
copy_previous_word1(struct copy_mode *cm, const char *seps, int already)
{
	struct copy_pos	pos = copy_here(cm);

	copy_pos_previous_word(cm, &pos, seps, already, !copy_vi(cm));
	copy_show(cm, pos.x, pos.y, 0);
}

void
copy_previous_word(struct copy_mode *cm, const char *seps)
{
	copy_previous_word1(cm, seps, 1);
}

void
copy_next_paragraph(struct copy_mode *cm)
{
	unsigned int	y = copy_here(cm).y, maxy = copy_total(cm) - 1;

	while (y < maxy && copy_length(cm, y) == 0)
		y++;
	while (y < maxy && copy_length(cm, y) > 0)
		y++;
	copy_scroll_to(cm, copy_length(cm, y), y);
}

void
copy_previous_paragraph(struct copy_mode *cm)
{
	unsigned int	y = copy_here(cm).y;

	while (y > 0 && copy_length(cm, y) == 0)
		y--;
	while (y > 0 && copy_length(cm, y) > 0)
		y--;
	copy_scroll_to(cm, 0, y);
}

/* The bracket character at (x, y), or 0. */
static char
copy_bracket(struct copy_mode *cm, unsigned int x, unsigned int y)
{
	struct cell	c = copy_cell(cm, x, y);

	if (c.width == 0 || c.ch > 0x7f || c.ch == 0 ||
	    strchr("{[()]}", (int)c.ch) == NULL)
		return (0);
	return ((char)c.ch);
}

/* Walk back from the closing bracket at pos to its opening one. */
static int
copy_bracket_back(struct copy_mode *cm, struct copy_pos *pos)
{
	static const char	 open[] = "{[(", close[] = "}])";
	char			 found = copy_bracket(cm, pos->x, pos->y);
	char			 start = open[strchr(close, found) - close], b;
	unsigned int		 n = 1, xx;

	do {
		if (pos->x == 0) {
			if (pos->y == 0)
				return (0);
			do {
				pos->y--;
				xx = copy_length(cm, pos->y);
			} while (xx == 0 && pos->y > 0);
			if (xx == 0)
				return (0);
			pos->x = xx - 1;
		} else
			pos->x--;
		b = copy_bracket(cm, pos->x, pos->y);
		if (b == found)
			n++;
		else if (b == start)
			n--;
	} while (n != 0);
	return (1);
}

/* Walk forward from the opening bracket at pos to its closing one. */
static int
copy_bracket_forward(struct copy_mode *cm, struct copy_pos *pos)
{
	static const char	 open[] = "{[(", close[] = "}])";
	char			 found = copy_bracket(cm, pos->x, pos->y);
	char			 end = close[strchr(open, found) - open], b;
	unsigned int		 n = 1, xx = copy_length(cm, pos->y);
	unsigned int		 last = copy_total(cm) - 1;

	do {
		if (pos->x > xx) {
			if (pos->y == last)
				return (0);
			pos->x = 0;
			pos->y++;
			xx = copy_length(cm, pos->y);
		} else
			pos->x++;
		b = copy_bracket(cm, pos->x, pos->y);
		if (b == found)
			n++;
		else if (b == end)
			n--;
	} while (n != 0);
	return (1);
}

/* previous-matching-bracket: from a closing bracket to its opening one
 * (emacs also looks one to the left, then moves as a word). */
static void
copy_previous_bracket(struct copy_mode *cm)
{
	struct copy_pos	pos = copy_here(cm);
	int		tried = 0;
	char		b;

	if (copy_length(cm, pos.y) == 0)
		return;
	for (;;) {
		b = copy_bracket(cm, pos.x, pos.y);
		if (b != 0 && strchr("}])", b) != NULL)
			break;
		if (copy_vi(cm))
			return;
		if (!tried && pos.x > 0) {
			pos.x--;
			tried = 1;
			continue;
		}
		copy_previous_word1(cm, "}])", 1);
		return;
	}
	if (copy_bracket_back(cm, &pos))
		copy_scroll_to(cm, pos.x, pos.y);
}

/* next-matching-bracket: from an opening bracket to its closing one. vi
 * looks along the line for a bracket and goes back from a closing one;
 * emacs looks one to the right, then moves as a word. */
static void
copy_next_bracket(struct copy_mode *cm)
{
	struct copy_pos	pos = copy_here(cm), start = pos;
	unsigned int	len = copy_length(cm, pos.y);
	unsigned int	last = copy_total(cm) - 1;
	int		vi = copy_vi(cm), tried = 0;
	char		b;

	if (len == 0)
		return;
	for (;;) {
		b = copy_bracket(cm, pos.x, pos.y);
		if (b != 0 && vi && strchr("}])", b) != NULL) {
			copy_scroll_to(cm, pos.x, pos.y);
			copy_previous_bracket(cm);
			b = copy_bracket(cm, cm->cx, copy_cursor_line(cm));
			if (b != 0 && strchr("}])", b) != NULL)
				copy_scroll_to(cm, start.x, start.y);
			return;
		}
		if (b != 0 && strchr("{[(", b) != NULL)
			break;
		if (!vi) {
			if (!tried && pos.x <= len) {
				pos.x++;
				tried = 1;
				continue;
			}
			copy_next_word_end1(cm, "{[(", 0);
			return;
		}
		if (pos.x > len) {
			if (pos.y == last || !copy_wrapped(cm, pos.y))
				return;
			pos.x = 0;
			pos.y++;
			len = copy_length(cm, pos.y);
		} else
			pos.x++;
	}
	if (copy_bracket_forward(cm, &pos))
		copy_scroll_to(cm, pos.x, pos.y);
}

void
copy_matching_bracket(struct copy_mode *cm, int next)
{
	if (next)
		copy_next_bracket(cm);
	else
		copy_previous_bracket(cm);
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

/* One jump of the given kind to ch. */
static void
copy_jump1(struct copy_mode *cm, enum copy_jump type, uint32_t ch)
{
	struct copy_pos	pos = copy_here(cm);

	switch (type) {
	case COPY_JUMP_FORWARD:
		pos.x++;
		if (copy_pos_jump(cm, &pos, ch))
			copy_show(cm, pos.x, pos.y, 0);
		break;
	case COPY_JUMP_BACKWARD:
		copy_pos_left(cm, &pos, 0);
		if (copy_pos_jump_back(cm, &pos, ch))
			copy_show(cm, pos.x, pos.y, 0);
		break;
	case COPY_JUMP_TO_FORWARD:
		pos.x += 2;
		if (copy_pos_jump(cm, &pos, ch)) {
			copy_pos_left(cm, &pos, 1);
			copy_show(cm, pos.x, pos.y, 0);
		}
		break;
	case COPY_JUMP_TO_BACKWARD:
		copy_pos_left(cm, &pos, 0);
		copy_pos_left(cm, &pos, 0);
		if (copy_pos_jump_back(cm, &pos, ch)) {
			copy_pos_right(cm, &pos, 1, 0);
			copy_show(cm, pos.x, pos.y, 0);
		}
		break;
	case COPY_JUMP_NONE:
		break;
	}
}

void
copy_jump(struct copy_mode *cm, enum copy_jump type, uint32_t ch)
{
	cm->jumptype = type;
	cm->jumpchar = ch;
	copy_jump1(cm, type, ch);
}

void
copy_jump_again(struct copy_mode *cm, int reverse)
{
	static const enum copy_jump	opposite[] = {
		[COPY_JUMP_NONE] = COPY_JUMP_NONE,
		[COPY_JUMP_FORWARD] = COPY_JUMP_BACKWARD,
		[COPY_JUMP_BACKWARD] = COPY_JUMP_FORWARD,
		[COPY_JUMP_TO_FORWARD] = COPY_JUMP_TO_BACKWARD,
		[COPY_JUMP_TO_BACKWARD] = COPY_JUMP_TO_FORWARD,
	};

	copy_jump1(cm, reverse ? opposite[cm->jumptype] : cm->jumptype,
	    cm->jumpchar);
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

const char *
copy_key_table(const struct copy_mode *cm)
{
	return (copy_vi(cm) ? "copy-mode-vi" : "copy-mode");
}

void
copy_set_mark(struct copy_mode *cm)
{
	copy_check_size(cm);
	cm->mx = cm->cx;
	cm->my = copy_cursor_line(cm);
	cm->showmark = 1;
	copy_changed(cm);
}

void
copy_jump_to_mark(struct copy_mode *cm)
{
	unsigned int	x, y, hsize;

	copy_check_size(cm);
	x = cm->cx;
	y = copy_cursor_line(cm);
	hsize = copy_hsize(cm);
	if (cm->my >= copy_total(cm))
		cm->my = copy_total(cm) - 1;
	cm->cx = cm->mx;
	if (cm->my < hsize) {
		cm->cy = 0;
		cm->oy = hsize - cm->my;
	} else {
		cm->cy = cm->my - hsize;
		cm->oy = 0;
	}
	cm->mx = x;
	cm->my = y;
	cm->showmark = 1;
	copy_update_selection(cm, 0);
	copy_changed(cm);
}

/*
 * Selection. The start (selx, sely) stays where it began and the end
 * (endselx, endsely) follows the cursor, or the other way round after
 * other-end; both are absolute, so the view can move under them.
 */

/* Where previous-word would stop, without moving (word selection). */
static struct copy_pos
copy_previous_word_pos(struct copy_mode *cm, const char *seps)
{
	struct copy_pos	pos = copy_here(cm);

	copy_pos_previous_word(cm, &pos, seps, 0, 1);
	return (pos);
}

/* Move the end of the selection that follows the cursor (the start when
 * begin) to it, widened to whole words or lines when selecting so. */
static void
copy_sync_end(struct copy_mode *cm, int begin, int no_reset)
{
	const char	*seps = cm->separators != NULL ? cm->separators :
			    COPY_SEPARATORS;
	struct copy_pos	 pos;
	unsigned int	 xx = cm->cx, yy = copy_cursor_line(cm);

	switch (cm->selflag) {
	case COPY_SEL_WORD:
		if (no_reset)
			break;
		begin = 0;
		if (cm->dy > yy || (cm->dy == yy && cm->dx > xx)) {
			/* Selecting leftwards: from the word's start. */
			pos = copy_previous_word_pos(cm, seps);
			xx = pos.x;
			yy = pos.y;
			begin = 1;
			cm->endselx = cm->endselrx;
			cm->endsely = cm->endselry;
		} else {
			if (xx >= copy_length(cm, yy) ||
			    !copy_in_set(cm, xx + 1, yy, COPY_WHITESPACE)) {
				pos = copy_next_word_end_pos(cm, seps);
				xx = pos.x;
				yy = pos.y;
			}
			cm->selx = cm->selrx;
			cm->sely = cm->selry;
		}
		break;
	case COPY_SEL_LINE:
		if (no_reset)
			break;
		begin = 0;
		if (cm->dy > yy) {
			xx = 0;
			begin = 1;
			cm->endselx = cm->endselrx;
			cm->endsely = cm->endselry;
		} else {
			if (yy < cm->endselry)
				yy = cm->endselry;
			xx = copy_length(cm, yy);
			cm->selx = cm->selrx;
			cm->sely = cm->selry;
		}
		break;
	case COPY_SEL_CHAR:
		break;
	}
	if (begin) {
		cm->selx = xx;
		cm->sely = yy;
	} else {
		cm->endselx = xx;
		cm->endsely = yy;
	}
}

/* The cursor moved: the selection follows it. */
static void
copy_update_selection(struct copy_mode *cm, int no_reset)
{
	if (!cm->sel && cm->lineflag == COPY_LINE_NONE)
		return;
	if (cm->drag == COPY_DRAG_END)
		copy_sync_end(cm, 0, no_reset);
	else if (cm->drag == COPY_DRAG_START)
		copy_sync_end(cm, 1, no_reset);
	cm->sel = 1;
}

/* A selection of nothing, at the cursor, whose end follows it. */
static void
copy_start_selection(struct copy_mode *cm)
{
	cm->selx = cm->endselx = cm->cx;
	cm->sely = cm->endsely = copy_cursor_line(cm);
	cm->drag = COPY_DRAG_END;
	cm->sel = 1;
	copy_update_selection(cm, 0);
	copy_changed(cm);
}

void
copy_begin_selection(struct copy_mode *cm)
{
	copy_check_size(cm);
	cm->lineflag = COPY_LINE_NONE;
	cm->selflag = COPY_SEL_CHAR;
	copy_start_selection(cm);
}

void
copy_stop_selection(struct copy_mode *cm)
{
	cm->drag = COPY_DRAG_NONE;
	cm->lineflag = COPY_LINE_NONE;
	cm->selflag = COPY_SEL_CHAR;
}

void
copy_clear_selection(struct copy_mode *cm)
{
	unsigned int	len;

	copy_check_size(cm);
	cm->sel = 0;
	cm->drag = COPY_DRAG_NONE;
	cm->lineflag = COPY_LINE_NONE;
	cm->selflag = COPY_SEL_CHAR;
	len = copy_length(cm, copy_cursor_line(cm));
	if (cm->cx > len)
		copy_set_cursor(cm, len, cm->cy);
	copy_changed(cm);
}

void
copy_select_line(struct copy_mode *cm, unsigned int n)
{
	copy_check_size(cm);
	cm->lineflag = COPY_LINE_LEFT_RIGHT;
	cm->rectflag = 0;
	cm->selflag = COPY_SEL_LINE;
	cm->dx = cm->cx;
	cm->dy = copy_cursor_line(cm);
	copy_start_of_line(cm);
	cm->selrx = cm->cx;
	cm->selry = copy_cursor_line(cm);
	cm->endselry = cm->selry;
	copy_start_selection(cm);
	copy_end_of_line(cm);
	cm->endselry = copy_cursor_line(cm);
	cm->endselrx = copy_length(cm, cm->endselry);
	for (; n > 1; n--) {
		copy_cursor_down(cm, 0);
		copy_end_of_line(cm);
	}
}

void
copy_select_word(struct copy_mode *cm, const char *seps)
{
	unsigned int	px, py, nextx, nexty;

	copy_check_size(cm);
	cm->lineflag = COPY_LINE_LEFT_RIGHT;
	cm->rectflag = 0;
	cm->selflag = COPY_SEL_WORD;
	cm->dx = cm->cx;
	cm->dy = copy_cursor_line(cm);
	free(cm->separators);
	cm->separators = xstrdup(seps);
	copy_previous_word1(cm, seps, 0);
	px = cm->cx;
	py = copy_cursor_line(cm);
	cm->selrx = px;
	cm->selry = py;
	copy_start_selection(cm);

	/* A word of one character is selected as it is. */
	nextx = px + 1;
	nexty = py;
	if (copy_wrapped(cm, nexty) && nextx > cm->sx - 1) {
		nextx = 0;
		nexty++;
	}
	if (px >= copy_length(cm, py) ||
	    !copy_in_set(cm, nextx, nexty, COPY_WHITESPACE))
		copy_next_word_end1(cm, seps, 1);
	else {
		copy_set_cursor(cm, px, cm->cy);
		copy_update_selection(cm, 1);
	}
	cm->endselrx = cm->cx;
	cm->endselry = copy_cursor_line(cm);
	if (cm->dy > cm->endselry) {
		cm->dy = cm->endselry;
		cm->dx = cm->endselrx;
	} else if (cm->dx > cm->endselrx)
		cm->dx = cm->endselrx;
	copy_changed(cm);
}

void
copy_rectangle(struct copy_mode *cm, int on)
{
	unsigned int	len;

	copy_check_size(cm);
	cm->lineflag = COPY_LINE_NONE;
	cm->rectflag = on == -1 ? !cm->rectflag : on;
	len = copy_length(cm, copy_cursor_line(cm));
	if (cm->cx > len)
		copy_set_cursor(cm, len, cm->cy);
	copy_update_selection(cm, 0);
	copy_changed(cm);
}

/* Swap the ends of the selection: the cursor goes to the other one,
 * which follows it from now on. */
static void
copy_other_end1(struct copy_mode *cm)
{
	unsigned int	selx, sely, cy, yy, top, len;

	copy_check_size(cm);
	if (!cm->sel && cm->lineflag == COPY_LINE_NONE)
		return;
	if (cm->lineflag == COPY_LINE_LEFT_RIGHT)
		cm->lineflag = COPY_LINE_RIGHT_LEFT;
	else if (cm->lineflag == COPY_LINE_RIGHT_LEFT)
		cm->lineflag = COPY_LINE_LEFT_RIGHT;
	if (cm->drag == COPY_DRAG_END)
		cm->drag = COPY_DRAG_START;
	else
		cm->drag = COPY_DRAG_END;

	/* The cursor goes to the end that now follows it. */
	if (cm->drag == COPY_DRAG_START) {
		selx = cm->selx;
		sely = cm->sely;
	} else {
		selx = cm->endselx;
		sely = cm->endsely;
	}
	cy = cm->cy;
	yy = copy_cursor_line(cm);
	top = copy_top(cm);
	cm->cx = selx;
	if (sely < top) {
		cm->oy = copy_hsize(cm) - sely;
		cm->cy = 0;
	} else if (sely >= top + cm->sy) {
		cm->oy = copy_hsize(cm) - sely + cm->sy - 1;
		cm->cy = cm->sy - 1;
	} else
		cm->cy = cy + sely - yy;
	len = copy_length(cm, copy_cursor_line(cm));
	if (!cm->rectflag && cm->cx > len)
		cm->cx = len;
	copy_update_selection(cm, 1);
	copy_changed(cm);
}

void
copy_other_end(struct copy_mode *cm, int swap)
{
	cm->selflag = COPY_SEL_CHAR;
	if (swap)
		copy_other_end1(cm);
}

/* Is absolute (x, y) selected? As tmux draws it: emacs leaves out the
 * cell at the far end, vi takes it; a rectangle takes both columns. */
static int
copy_in_selection(const struct copy_mode *cm, int vi, unsigned int x,
    unsigned int y)
{
	unsigned int	sx = cm->selx, sy = cm->sely;
	unsigned int	ex = cm->endselx, ey = cm->endsely, xx;

	if (!cm->sel)
		return (0);
	if (cm->rectflag) {
		if (y < (sy < ey ? sy : ey) || y > (sy < ey ? ey : sy))
			return (0);
		if (ex < sx)
			return (x >= ex && x <= sx);
		return (x >= sx && x <= ex);
	}
	if (sy < ey) {
		/* Downwards: from the start to the cursor. */
		if (y < sy || y > ey || (y == sy && x < sx))
			return (0);
		xx = vi ? ex : (ex == 0 ? 0 : ex - 1);
		return (y != ey || x <= xx);
	}
	if (sy > ey) {
		/* Upwards: from the cursor to the start. */
		if (y < ey || y > sy || (y == ey && x < ex))
			return (0);
		if (y != sy)
			return (1);
		if (vi)
			return (x <= sx);
		return (sx != 0 && x <= sx - 1);
	}
	if (y != sy)
		return (0);
	if (ex < sx) {
		xx = vi ? sx : sx - 1;
		return (x >= ex && x <= xx);
	}
	xx = vi ? ex : (ex == 0 ? 0 : ex - 1);
	return (x >= sx && x <= xx);
}

/* A growing byte buffer for copied text. */
struct copy_buf {
	char	*data;
	size_t	 len;
	size_t	 size;
};

static void
copy_buf_add(struct copy_buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->size) {
		b->size = (b->len + n + 1) * 2;
		b->data = xreallocarray(b->data, 1, b->size);
	}
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

/* Append what a copy of line y takes from columns [sx, ex): trailing
 * spaces go (not from a wrapped line), and a newline ends it unless it
 * ends where the line wraps. */
static void
copy_append_line(struct copy_mode *cm, struct copy_buf *b, unsigned int y,
    unsigned int sx, unsigned int ex)
{
	const struct copy_line	*cl;
	char			 text[UTF8_MAX_BYTES];
	unsigned int		 x, xx;
	size_t			 n;

	if (sx > ex)
		return;
	cl = copy_get(cm, y);
	xx = cl->wrapped ? cl->used : cl->length;
	if (ex > xx)
		ex = xx;
	if (sx > xx)
		sx = xx;
	for (x = sx; x < ex; x++) {
		if (cl->cells[x].width == 0)
			continue;
		n = utf8_char_to_utf8(cl->cells[x].ch, text);
		copy_buf_add(b, text, n);
	}
	if (!cl->wrapped || ex != xx)
		copy_buf_add(b, "\n", 1);
}

/* The text of the search match under the cursor (or just before it). */
static char *
copy_match_text(struct copy_mode *cm, size_t *len)
{
	struct copy_buf	 b = { NULL, 0, 0 };
	char		 text[UTF8_MAX_BYTES];
	unsigned int	 at, start, end, i, top = copy_top(cm), n;
	struct cell	 c;
	uint8_t		 mark;

	*len = 0;
	if (!cm->marks_on)
		return (NULL);
	copy_marks_make(cm);
	n = cm->sx * cm->sy;
	at = cm->cy * cm->sx + (cm->cx < cm->sx ? cm->cx : cm->sx - 1);
	if (cm->marks[at] == 0) {
		if (at == 0 || cm->marks[--at] == 0)
			return (NULL);
	}
	mark = cm->marks[at];
	for (start = at; start > 0 && cm->marks[start - 1] == mark; start--)
		/* nothing */;
	for (end = at; end + 1 < n && cm->marks[end + 1] == mark; end++)
		/* nothing */;
	for (i = start; i <= end; i++) {
		c = copy_cell(cm, i % cm->sx, top + i / cm->sx);
		if (c.width == 0)
			continue;
		copy_buf_add(&b, text, utf8_char_to_utf8(c.ch, text));
	}
	*len = b.len;
	return (b.data);
}

char *
copy_selection_text(struct copy_mode *cm, size_t *len)
{
	struct copy_buf	 b = { NULL, 0, 0 };
	unsigned int	 sx, sy, ex, ey, ey_last, y, selx;
	unsigned int	 firstsx, lastex, restsx, restex;
	int		 vi;

	copy_check_size(cm);
	*len = 0;
	if (!cm->sel && cm->lineflag == COPY_LINE_NONE)
		return (copy_match_text(cm, len));
	vi = copy_vi(cm);

	/* In order: (sx, sy) first. */
	if (cm->endsely < cm->sely ||
	    (cm->endsely == cm->sely && cm->endselx < cm->selx)) {
		sx = cm->endselx;
		sy = cm->endsely;
		ex = cm->selx;
		ey = cm->sely;
	} else {
		sx = cm->selx;
		sy = cm->sely;
		ex = cm->endselx;
		ey = cm->endsely;
	}
	ey_last = copy_length(cm, ey);
	if (ex > ey_last)
		ex = ey_last;

	if (cm->rectflag) {
		/* The column the selection started in and the cursor's:
		 * emacs leaves the cursor's out when it is on the right. */
		selx = cm->drag == COPY_DRAG_END ? cm->selx : cm->endselx;
		if (selx < cm->cx) {
			lastex = restex = vi ? cm->cx + 1 : cm->cx;
			firstsx = restsx = selx;
		} else {
			lastex = restex = selx + 1;
			firstsx = restsx = cm->cx;
		}
	} else {
		lastex = vi ? ex + 1 : ex;
		restex = cm->sx;
		firstsx = sx;
		restsx = 0;
	}
	for (y = sy; y <= ey; y++) {
		copy_append_line(cm, &b, y, y == sy ? firstsx : restsx,
		    y == ey ? lastex : restex);
	}
	if (b.len == 0) {
		free(b.data);
		return (NULL);
	}
	/* No newline after the last line (vi keeps it when the selection
	 * went past the end of the line). */
	if (!vi || lastex <= ey_last) {
		if ((!copy_wrapped(cm, ey) || lastex != ey_last) &&
		    b.data[b.len - 1] == '\n')
			b.data[--b.len] = '\0';
	}
	if (b.len == 0) {
		free(b.data);
		return (NULL);
	}
	*len = b.len;
	return (b.data);
}

char *
copy_line_text(struct copy_mode *cm, unsigned int n, int whole_line,
    size_t *len)
{
	unsigned int	 cx, cy, oy;
	char		*text;

	copy_check_size(cm);
	cx = cm->cx;
	cy = cm->cy;
	oy = cm->oy;
	if (whole_line) {
		cm->selflag = COPY_SEL_CHAR;
		copy_start_of_line(cm);
	}
	copy_start_selection(cm);
	for (; n > 1; n--)
		copy_cursor_down(cm, 0);
	copy_end_of_line(cm);
	text = copy_selection_text(cm, len);
	copy_clear_selection(cm);
	cm->cx = cx;
	cm->cy = cy;
	cm->oy = oy;
	copy_changed(cm);
	return (text);
}

/*
 * Search. A line is searched as text: its cells from a column on, and the
 * cells of the lines it wraps into, as UTF-8, with each byte knowing the
 * cell it came from, so a match maps back to cells however wide its
 * characters are. Matches in view are marked, one number per match, so
 * that neighbouring matches stay apart.
 */

/* Characters that make a search string a regular expression. */
#define COPY_REGEX_CHARS	"^$*+()?[].\\"

int
copy_pattern_init(struct copy_pattern *pat, const char *str, int regex)
{
	const char	*s;
	int		 flags = REG_EXTENDED;

	memset(pat, 0, sizeof *pat);
	if (regex && str[strcspn(str, COPY_REGEX_CHARS)] == '\0')
		regex = 0;
	pat->icase = 1;
	for (s = str; *s != '\0'; s++) {
		if (isupper((unsigned char)*s))
			pat->icase = 0;
	}
	pat->regex = regex;
	if (regex) {
		if (pat->icase)
			flags |= REG_ICASE;
		if (regcomp(&pat->re, str, flags) != 0)
			return (-1);
		return (0);
	}
	pat->str = xstrdup(str);
	pat->len = strlen(str);
	return (0);
}

void
copy_pattern_free(struct copy_pattern *pat)
{
	if (pat->regex)
		regfree(&pat->re);
	free(pat->str);
	memset(pat, 0, sizeof *pat);
}

/* Does text at s start with the pattern's text? */
static int
copy_pattern_at(const struct copy_pattern *pat, const char *s)
{
	size_t	i;

	if (!pat->icase)
		return (memcmp(s, pat->str, pat->len) == 0);
	for (i = 0; i < pat->len; i++) {
		if (tolower((unsigned char)s[i]) != (unsigned char)pat->str[i])
			return (0);
	}
	return (1);
}

int
copy_pattern_find(const struct copy_pattern *pat, const char *text,
    size_t len, size_t from, size_t limit, int notbol, int last, size_t *so,
    size_t *eo)
{
	regmatch_t	m;
	size_t		pos = from, s, e;
	int		found = 0, n;
	uint32_t	cp;

	if (limit > len)
		limit = len;
	if (!pat->regex) {
		if (pat->len == 0)
			return (0);
		for (s = from; s < limit && s + pat->len <= len; s++) {
			if (!copy_pattern_at(pat, text + s))
				continue;
			*so = s;
			*eo = s + pat->len;
			found = 1;
			if (!last)
				break;
		}
		return (found);
	}
	while (pos < limit) {
		if (regexec(&pat->re, text + pos, 1, &m,
		    (notbol || pos > 0) ? REG_NOTBOL : 0) != 0)
			break;
		s = pos + m.rm_so;
		e = pos + m.rm_eo;
		if (s >= limit)
			break;
		if (s == e) {
			/* An empty match: look again a character on. */
			if ((n = utf8_decode(text + s, len - s, &cp)) <= 0)
				n = 1;
			pos = s + n;
			continue;
		}
		*so = s;
		*eo = e;
		found = 1;
		if (!last)
			break;
		pos = e;
	}
	return (found);
}

/* A line's text for searching (see above). */
struct copy_text {
	char		*buf;
	unsigned int	*cell;		/* for each byte: its cell */
	size_t		 len;
	size_t		 size;
	unsigned int	 ncells;
};

/* The text of line y from column x on, and of the lines it wraps into
 * (COPY_SEARCH_MAX cells at most): every cell, trailing spaces too. */
static void
copy_text_line(struct copy_mode *cm, struct copy_text *t, unsigned int x,
    unsigned int y)
{
	const struct copy_line	*cl;
	char			 s[UTF8_MAX_BYTES];
	size_t			 n, i;

	t->len = 0;
	t->ncells = 0;
	for (;;) {
		cl = copy_get(cm, y);
		for (; x < cm->sx; x++, t->ncells++) {
			if (cl->cells[x].width == 0)
				continue;
			n = utf8_char_to_utf8(cl->cells[x].ch, s);
			if (t->len + n + 1 > t->size) {
				t->size = (t->len + n + 1) * 2;
				t->buf = xreallocarray(t->buf, 1, t->size);
				t->cell = xreallocarray(t->cell, t->size,
				    sizeof *t->cell);
			}
			memcpy(t->buf + t->len, s, n);
			for (i = 0; i < n; i++)
				t->cell[t->len + i] = t->ncells;
			t->len += n;
		}
		if (!cl->wrapped || y + 1 >= copy_total(cm) ||
		    t->ncells >= COPY_SEARCH_MAX)
			break;
		y++;
		x = 0;
	}
	if (t->buf == NULL) {
		t->size = 1;
		t->buf = xmalloc(1);
		t->cell = xreallocarray(NULL, 1, sizeof *t->cell);
	}
	t->buf[t->len] = '\0';
	t->cell[t->len] = t->ncells;
}

static void
copy_text_free(struct copy_text *t)
{
	free(t->buf);
	free(t->cell);
}

/* Find a match starting on line py in columns [first, last): the first,
 * or the last one when backward. Returns 1 with its column and its width
 * in cells (it may go on into the lines py wraps into). */
static int
copy_search_line(struct copy_mode *cm, const struct copy_pattern *pat,
    struct copy_text *t, unsigned int py, unsigned int first,
    unsigned int last, int backward, unsigned int *px, unsigned int *width)
{
	size_t	limit, so, eo;

	if (first >= last || first >= cm->sx)
		return (0);
	copy_text_line(cm, t, first, py);
	for (limit = 0; limit < t->len; limit++) {
		if (t->cell[limit] >= last - first)
			break;
	}
	if (!copy_pattern_find(pat, t->buf, t->len, 0, limit, first != 0,
	    backward, &so, &eo))
		return (0);
	*px = first + t->cell[so];
	*width = t->cell[eo] - t->cell[so];
	return (1);
}

/* One cell on, through the whole snapshot (and round when wrap). */
static void
copy_step_right(struct copy_mode *cm, unsigned int *fx, unsigned int *fy,
    int wrap)
{
	if (*fx + 1 < cm->sx) {
		(*fx)++;
		return;
	}
	if (*fy + 1 >= copy_total(cm)) {
		if (wrap)
			*fx = *fy = 0;
		return;
	}
	*fx = 0;
	(*fy)++;
}

/* One cell back. */
static void
copy_step_left(struct copy_mode *cm, unsigned int *fx, unsigned int *fy,
    int wrap)
{
	if (*fx > 0) {
		(*fx)--;
		return;
	}
	if (*fy == 0) {
		if (wrap) {
			*fx = cm->sx - 1;
			*fy = copy_total(cm) - 1;
		}
		return;
	}
	*fx = cm->sx - 1;
	(*fy)--;
}

/* The mark of absolute (x, y) if it is in view: its index in marks. */
static int
copy_mark_at(struct copy_mode *cm, unsigned int x, unsigned int y,
    unsigned int *at)
{
	unsigned int	top = copy_top(cm);

	copy_marks_make(cm);
	if (y < top || y >= top + cm->sy || x >= cm->sx)
		return (0);
	*at = (y - top) * cm->sx + x;
	return (1);
}

/* From inside a match, to the cell after it. */
static void
copy_after_mark(struct copy_mode *cm, unsigned int *fx, unsigned int *fy,
    int wrap)
{
	unsigned int	at, start, n = cm->sx * cm->sy;
	uint8_t		mark;

	if (!copy_mark_at(cm, *fx, *fy, &start) || cm->marks[start] == 0)
		return;
	mark = cm->marks[start];
	while (n-- > 0 && copy_mark_at(cm, *fx, *fy, &at) &&
	    cm->marks[at] == mark) {
		if (!wrap && *fx == cm->sx - 1 && *fy == copy_total(cm) - 1)
			break;
		copy_step_right(cm, fx, fy, wrap);
	}
}

/* Search from (fx, fy) to endline, down or up; go round once when wrap.
 * The cursor goes to the match. */
static int
copy_search_jump(struct copy_mode *cm, const struct copy_pattern *pat,
    unsigned int fx, unsigned int fy, unsigned int endline, int wrap,
    int down)
{
	struct copy_text	t = { NULL, NULL, 0, 0, 0 };
	unsigned int		i, px = 0, width;
	int			found = 0;

	if (down) {
		for (i = fy; i <= endline; i++) {
			found = copy_search_line(cm, pat, &t, i, fx, cm->sx, 0,
			    &px, &width);
			if (found)
				break;
			fx = 0;
		}
	} else {
		for (i = fy + 1; i > endline; i--) {
			found = copy_search_line(cm, pat, &t, i - 1, 0, fx + 1,
			    1, &px, &width);
			if (found) {
				i--;
				break;
			}
			fx = cm->sx - 1;
		}
	}
	copy_text_free(&t);
	if (found) {
		copy_scroll_to(cm, px, i);
		return (1);
	}
	if (wrap) {
		return (copy_search_jump(cm, pat, down ? 0 : cm->sx - 1,
		    down ? 0 : copy_total(cm) - 1, fy, 0, down));
	}
	return (0);
}

/* Count the matches in the whole snapshot for the position indicator;
 * past COPY_COUNT_NS the count is rounded down to 10, 100 or 1000 and
 * shown with a "+" (as tmux). */
static void
copy_count_matches(struct copy_mode *cm, const struct copy_pattern *pat)
{
	struct copy_text	t = { NULL, NULL, 0, 0, 0 };
	uint64_t		start = server_now_ns();
	unsigned int		y, px, fx, width, n = 0;
	int			stopped = 0;

	for (y = 0; y < copy_total(cm); y++) {
		px = 0;
		while (copy_search_line(cm, pat, &t, y, px, cm->sx, 0, &fx,
		    &width)) {
			n++;
			px = fx + (width == 0 ? 1 : width);
		}
		if ((y & 63) == 63 && server_now_ns() - start > COPY_COUNT_NS) {
			stopped = 1;
			break;
		}
	}
	copy_text_free(&t);
	if (stopped) {
		if (n > 1000)
			cm->searchcount = 1000;
		else if (n > 100)
			cm->searchcount = 100;
		else if (n > 10)
			cm->searchcount = 10;
		else
			cm->searchcount = -1;
		cm->searchmore = 1;
	} else {
		cm->searchcount = n;
		cm->searchmore = 0;
	}
}

/* Mark the matches in view (and those running into it from lines above
 * that wrap), if the view moved since they were marked. */
static void
copy_marks_make(struct copy_mode *cm)
{
	struct copy_pattern	 pat;
	struct copy_text	 t = { NULL, NULL, 0, 0, 0 };
	unsigned int		 top = copy_top(cm), start, end, py, px, fx;
	unsigned int		 width, k, x, y;
	uint8_t			 gen = 1;

	if (cm->marks_valid && cm->marks_top == top && cm->marks_sx == cm->sx &&
	    cm->marks_sy == cm->sy)
		return;
	free(cm->marks);
	cm->marks = xcalloc((size_t)cm->sx * cm->sy, 1);
	cm->marks_top = top;
	cm->marks_sx = cm->sx;
	cm->marks_sy = cm->sy;
	cm->marks_valid = 1;
	if (!cm->marks_on || cm->laststr == NULL)
		return;
	if (copy_pattern_init(&pat, cm->laststr, cm->lastregex) != 0)
		return;
	for (start = top; start > 0 && copy_wrapped(cm, start - 1); start--)
		/* nothing */;
	end = top + cm->sy;
	for (py = start; py < end; py++) {
		px = 0;
		while (copy_search_line(cm, &pat, &t, py, px, cm->sx, 0, &fx,
		    &width)) {
			for (k = 0; k < width; k++) {
				x = (fx + k) % cm->sx;
				y = py + (fx + k) / cm->sx;
				if (y < top || y >= end)
					continue;
				if (cm->marks[(y - top) * cm->sx + x] == 0)
					cm->marks[(y - top) * cm->sx + x] = gen;
			}
			gen = gen == UINT8_MAX ? 1 : gen + 1;
			px = fx + (width == 0 ? 1 : width);
		}
	}
	copy_text_free(&t);
	copy_pattern_free(&pat);
}

/* Stop highlighting matches. */
static void
copy_marks_off(struct copy_mode *cm)
{
	cm->marks_on = 0;
	cm->searchcount = -1;
	cm->searchmore = 0;
	cm->marks_valid = 0;
}

/* Search for searchstr from the cursor, down or up. */
static int
copy_search1(struct copy_mode *cm, int down, int regex)
{
	const char		*str = cm->searchstr;
	struct copy_pattern	 pat;
	unsigned int		 fx, fy, at, start, endline, top;
	int			 visible_only, found, vi = copy_vi(cm);

	copy_check_size(cm);
	if (str == NULL || *str == '\0')
		return (0);
	if (regex && str[strcspn(str, COPY_REGEX_CHARS)] == '\0')
		regex = 0;
	cm->searchdirection = down;

	/* The same search again only marks the view again. */
	if (cm->searchall || cm->laststr == NULL || cm->lastregex != regex) {
		visible_only = 0;
		cm->searchall = 0;
	} else
		visible_only = strcmp(cm->laststr, str) == 0;
	if (!visible_only && cm->marks_on)
		copy_marks_off(cm);
	free(cm->laststr);
	cm->laststr = xstrdup(str);
	cm->lastregex = regex;
	if (copy_pattern_init(&pat, str, regex) != 0) {
		copy_changed(cm);
		return (0);
	}

	fx = cm->cx;
	fy = copy_cursor_line(cm);
	if (down) {
		/* vi leaves the cursor on the match: start after it. */
		if (vi) {
			if (cm->marks_on)
				copy_after_mark(cm, &fx, &fy, 1);
			else
				copy_step_right(cm, &fx, &fy, 1);
		}
		endline = copy_total(cm) - 1;
	} else {
		copy_step_left(cm, &fx, &fy, 1);
		endline = 0;
	}
	found = copy_search_jump(cm, &pat, fx, fy, endline, 1, down);
	if (found) {
		cm->marks_on = 1;
		cm->marks_valid = 0;
		if (!visible_only)
			copy_count_matches(cm, &pat);
		fx = cm->cx;
		fy = copy_cursor_line(cm);

		/* Searching down into the middle of a match: on to the next
		 * one. */
		if (down && copy_mark_at(cm, fx, fy, &at) && at > 0 &&
		    cm->marks[at] != 0 && cm->marks[at] == cm->marks[at - 1]) {
			copy_after_mark(cm, &fx, &fy, 1);
			copy_search_jump(cm, &pat, fx, fy, endline, 1, down);
			fx = cm->cx;
			fy = copy_cursor_line(cm);
		}
		if (down) {
			/* emacs puts the cursor after the match (the selection
			 * still ends at its start, as tmux). */
			if (!vi) {
				copy_after_mark(cm, &fx, &fy, 1);
				top = copy_top(cm);
				if (fy >= top && fy < top + cm->sy) {
					cm->cx = fx;
					cm->cy = fy - top;
				} else
					copy_show(cm, fx, fy, 0);
			}
		} else if (copy_mark_at(cm, fx, fy, &start) &&
		    cm->marks[start] != 0) {
			/* Up: to the start of the match. */
			top = copy_top(cm);
			while (copy_mark_at(cm, fx, fy, &at) &&
			    cm->marks[at] == cm->marks[start]) {
				cm->cx = fx;
				cm->cy = fy - top;
				if (at == 0)
					break;
				copy_step_left(cm, &fx, &fy, 0);
			}
			copy_update_selection(cm, 0);
		}
	}
	copy_pattern_free(&pat);
	copy_changed(cm);
	return (found);
}

int
copy_search(struct copy_mode *cm, const char *str, int forward, int regex)
{
	if (str == NULL || *str == '\0')
		return (0);
	free(cm->searchstr);
	cm->searchstr = xstrdup(str);
	cm->searchtype = forward ? COPY_SEARCH_DOWN : COPY_SEARCH_UP;
	cm->searchregex = regex;
	return (copy_search1(cm, forward, regex));
}

void
copy_search_again(struct copy_mode *cm, int reverse)
{
	int	down;

	if (cm->searchtype == COPY_SEARCH_OFF)
		return;
	down = cm->searchtype == COPY_SEARCH_DOWN;
	copy_search1(cm, reverse ? !down : down, cm->searchregex);
}

void
copy_search_incremental(struct copy_mode *cm, const char *arg, int forward)
{
	char	prefix = '=';
	int	down;

	copy_check_size(cm);
	if (*arg == '=' || *arg == '+' || *arg == '-')
		prefix = *arg++;
	if (cm->searchx == -1 || cm->searchy == -1) {
		cm->searchx = cm->cx;
		cm->searchy = cm->cy;
		cm->searcho = cm->oy;
	} else if (cm->searchstr != NULL && strcmp(arg, cm->searchstr) != 0) {
		/* The text changed: search again from where it began. */
		cm->cx = cm->searchx;
		cm->cy = cm->searchy;
		cm->oy = cm->searcho;
		if (cm->oy > copy_hsize(cm))
			cm->oy = copy_hsize(cm);
		if (cm->cy >= cm->sy)
			cm->cy = cm->sy - 1;
		if (cm->cx > copy_length(cm, copy_cursor_line(cm)))
			cm->cx = copy_length(cm, copy_cursor_line(cm));
		copy_changed(cm);
	}
	if (*arg == '\0') {
		copy_marks_off(cm);
		copy_changed(cm);
		return;
	}
	if (prefix == '+')
		down = 1;
	else if (prefix == '-')
		down = 0;
	else
		down = forward;
	free(cm->searchstr);
	cm->searchstr = xstrdup(arg);
	cm->searchtype = down ? COPY_SEARCH_DOWN : COPY_SEARCH_UP;
	cm->searchregex = 0;
	if (!copy_search1(cm, down, 0)) {
		copy_marks_off(cm);
		copy_changed(cm);
	}
}

int
copy_has_marks(const struct copy_mode *cm)
{
	return (cm->marks_on);
}

void
copy_clear_marks(struct copy_mode *cm)
{
	copy_marks_off(cm);
	cm->searchx = cm->searchy = -1;
	copy_changed(cm);
}

/*
 * Drawing and formats.
 */

/* A style option made into a cell (colours and attributes). */
static struct cell
copy_style(const struct copy_mode *cm, const char *name, const char *dflt)
{
	struct cell	c = CELL_BLANK;

	style_apply(&c, copy_option(cm, name, dflt));
	return (c);
}

/* Give cell c the colours and attributes of style s. */
static void
copy_restyle(struct cell *c, const struct cell *s)
{
	c->fg = s->fg;
	c->bg = s->bg;
	c->attr = s->attr;
}

/* Is absolute (x, y) in the match the cursor is on? */
static int
copy_in_current(struct copy_mode *cm, unsigned int at)
{
	unsigned int	cursor, i, lo, hi;
	uint8_t		mark = cm->marks[at];

	if (!copy_mark_at(cm, cm->cx, copy_cursor_line(cm), &cursor))
		return (0);
	if (cursor != 0 && !copy_vi(cm) && cm->searchdirection) {
		/* emacs searching down: the cursor is just after it. */
		if (cm->marks[cursor - 1] != mark)
			return (0);
		cursor--;
	} else if (cm->marks[cursor] != mark)
		return (0);
	lo = hi = cursor;
	while (lo > 0 && cm->marks[lo - 1] == mark)
		lo--;
	while (hi + 1 < cm->sx * cm->sy && cm->marks[hi + 1] == mark)
		hi++;
	for (i = lo; i <= hi; i++) {
		if (i == at)
			return (1);
	}
	return (0);
}

/* The position indicator: "[oy/hsize]", with the match count after a
 * search. */
static void
copy_draw_position(struct copy_mode *cm, struct cell *out, unsigned int n)
{
	struct cell	style = copy_style(cm, "mode-style",
			    "bg=yellow,fg=black");
	char		hdr[128];
	size_t		size, i;
	unsigned int	x0;

	if (cm->marks_on && cm->searchcount != -1) {
		snprintf(hdr, sizeof hdr, "(%d%s results) [%u/%u]",
		    cm->searchcount, cm->searchmore ? "+" : "", cm->oy,
		    copy_hsize(cm));
	} else
		snprintf(hdr, sizeof hdr, "[%u/%u]", cm->oy, copy_hsize(cm));
	size = strlen(hdr);
	if (size > cm->sx)
		size = cm->sx;
	x0 = cm->sx - size;
	if (x0 > 0 && x0 < n && out[x0].width == 0)
		out[x0 - 1] = CELL_BLANK;	/* a cut wide character */
	for (i = 0; i < size; i++) {
		if (x0 + i >= n)
			break;
		out[x0 + i] = style;
		out[x0 + i].ch = (unsigned char)hdr[i];
		out[x0 + i].width = 1;
	}
}

void
copy_draw_line(struct copy_mode *cm, unsigned int y, struct cell *out,
    unsigned int n)
{
	const struct copy_line	*cl;
	struct cell		 sel, match, current, mark;
	unsigned int		 x, py, at;
	int			 vi;

	copy_check_size(cm);
	if (y >= cm->sy)
		return;
	py = copy_top(cm) + y;
	cl = copy_get(cm, py);
	for (x = 0; x < n; x++)
		out[x] = x < cm->sx ? cl->cells[x] : CELL_BLANK;

	vi = copy_vi(cm);
	sel = copy_style(cm, "mode-style", "bg=yellow,fg=black");
	match = copy_style(cm, "copy-mode-match-style", "bg=cyan,fg=black");
	current = copy_style(cm, "copy-mode-current-match-style",
	    "bg=magenta,fg=black");
	mark = copy_style(cm, "copy-mode-mark-style", "bg=red,fg=black");
	for (x = 0; x < n && x < cm->sx; x++) {
		if (out[x].width == 0 && x > 0) {
			copy_restyle(&out[x], &out[x - 1]);
			continue;
		}
		if (cm->showmark && py == cm->my) {
			copy_restyle(&out[x], &mark);
			if (x == cm->mx) {
				out[x].fg = mark.bg;
				out[x].bg = mark.fg;
			}
		}
		if (cm->marks_on && copy_mark_at(cm, x, py, &at) &&
		    cm->marks[at] != 0) {
			if (copy_in_current(cm, at))
				copy_restyle(&out[x], &current);
			else
				copy_restyle(&out[x], &match);
		}
		if (copy_in_selection(cm, vi, x, py))
			copy_restyle(&out[x], &sel);
	}
	if (y == 0 && !cm->hide_position)
		copy_draw_position(cm, out, n);
}

/* The word under the cursor (between spaces and word-separators). */
static char *
copy_cursor_word(struct copy_mode *cm)
{
	struct copy_buf	 b = { NULL, 0, 0 };
	const char	*seps = copy_option(cm, "word-separators",
			    COPY_SEPARATORS);
	char		 text[UTF8_MAX_BYTES];
	unsigned int	 y = copy_cursor_line(cm), x0, x1, x;
	struct cell	 c;

	x0 = x1 = cm->cx;
	if (copy_in_set(cm, x0, y, COPY_WHITESPACE) ||
	    copy_in_set(cm, x0, y, seps) || x0 >= copy_length(cm, y))
		return (xstrdup(""));
	while (x0 > 0 && !copy_in_set(cm, x0 - 1, y, COPY_WHITESPACE) &&
	    !copy_in_set(cm, x0 - 1, y, seps))
		x0--;
	while (x1 + 1 < copy_length(cm, y) &&
	    !copy_in_set(cm, x1 + 1, y, COPY_WHITESPACE) &&
	    !copy_in_set(cm, x1 + 1, y, seps))
		x1++;
	for (x = x0; x <= x1; x++) {
		c = copy_cell(cm, x, y);
		if (c.width != 0)
			copy_buf_add(&b, text, utf8_char_to_utf8(c.ch, text));
	}
	return (b.data != NULL ? b.data : xstrdup(""));
}

/* The text of the cursor's line, without trailing spaces. */
static char *
copy_cursor_line_text(struct copy_mode *cm)
{
	struct copy_buf	 b = { NULL, 0, 0 };
	unsigned int	 y = copy_cursor_line(cm);

	copy_append_line(cm, &b, y, 0, copy_length(cm, y));
	if (b.len > 0 && b.data[b.len - 1] == '\n')
		b.data[--b.len] = '\0';
	return (b.data != NULL ? b.data : xstrdup(""));
}

char *
copy_format(struct copy_mode *cm, const char *name)
{
	static const char *const	 modes[] = { "char", "word", "line" };

	copy_check_size(cm);
	if (strcmp(name, "scroll_position") == 0)
		return (xasprintf("%u", cm->oy));
	if (strcmp(name, "copy_cursor_x") == 0)
		return (xasprintf("%u", cm->cx));
	if (strcmp(name, "copy_cursor_y") == 0)
		return (xasprintf("%u", cm->cy));
	if (strcmp(name, "copy_cursor_word") == 0)
		return (copy_cursor_word(cm));
	if (strcmp(name, "copy_cursor_line") == 0)
		return (copy_cursor_line_text(cm));
	if (strcmp(name, "selection_present") == 0)
		return (xasprintf("%d", cm->sel));
	if (strcmp(name, "selection_active") == 0)
		return (xasprintf("%d", cm->sel && cm->drag != COPY_DRAG_NONE));
	if (strcmp(name, "selection_mode") == 0)
		return (xstrdup(modes[cm->selflag]));
	if (strcmp(name, "rectangle_toggle") == 0)
		return (xasprintf("%d", cm->rectflag));
	if (strcmp(name, "search_present") == 0)
		return (xasprintf("%d", cm->marks_on));
	if (strcmp(name, "pane_search_string") == 0)
		return (xstrdup(cm->searchstr != NULL ? cm->searchstr : ""));
	if (!cm->sel)
		return (NULL);
	if (strcmp(name, "selection_start_x") == 0)
		return (xasprintf("%u", cm->selx));
	if (strcmp(name, "selection_start_y") == 0)
		return (xasprintf("%u", cm->sely));
	if (strcmp(name, "selection_end_x") == 0)
		return (xasprintf("%u", cm->endselx));
	if (strcmp(name, "selection_end_y") == 0)
		return (xasprintf("%u", cm->endsely));
	return (NULL);
}
