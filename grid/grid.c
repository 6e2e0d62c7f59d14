/*
 * The grid: rows of cells reached through line pointers.
 *
 * Each line is a small struct grid_line, so a line moves (scroll, into
 * history) by moving one pointer. A scroll of the full width rotates the
 * pointers of the region and recycles the lines that leave it as the new
 * blank lines; only a scroll inside left/right margins copies cells.
 *
 * Cells cost memory only where they are in use. A line never written, or
 * cleared whole to the default background, has no cells of its own: its
 * cells pointer is the grid's one shared blank line (g->blank, cols blanks,
 * never written). The first write to it (grid_cells_own) gives it cells of
 * its own; clearing it whole gives them back. So a new 80x24 pane costs
 * 24 line structs and one blank line, and a 10000x10000 window what its
 * program wrote. Readers see every line's cells, shared or not, and never
 * write them; all writes go through this file (or grid_line_write).
 *
 *   g->lines ─▶ [0] ─▶ { cells ─┐ , flags }        cells of its own
 *               [1] ─▶ { cells ─┼─────────────┐ }
 *               [2] ─▶ { cells ─┼──────────┐  │ }
 *                               ▼          ▼  ▼
 *                        "$ ls      "   g->blank: "        "
 *
 * A line also knows when it is plain text (gl->plain: narrow printable
 * ASCII in the default style up to a column, default blanks after), the
 * common line of a log or a compiler's output: history then takes it from
 * its characters alone, and the fast path writes into it with no wide
 * character to break up. Every write here goes through grid_cells_own,
 * which forgets it, or keeps what stays true (a clear to the default
 * background, a reset, a resize); the writers that print such text
 * (putglyph, the fast path) keep it with grid_plain_put. A blank line is
 * plain.
 *
 * A character of width 2 occupies two cells: the left one holds it (width
 * 2) and the right one is a blank of width 0 (CELL_WIDE_RIGHT) with the same
 * colours and attributes. Every function here keeps that pairing: when one
 * half is overwritten, cleared or cut off by a move, the other half becomes
 * a blank of width 1 with the style it had.
 */
#include <stdlib.h>
#include <string.h>

#include "common/xmalloc.h"
#include "grid/grid.h"
#include "grid/history-ring.h"

/* A blank cell with background bg. */
static inline struct cell
grid_blank(uint32_t bg)
{
	struct cell	c = CELL_BLANK;

	c.bg = bg;
	return (c);
}

/* Does the line use the shared blank line (no cells of its own)? */
static inline int
grid_line_shared(const struct grid *g, const struct grid_line *gl)
{
	return (gl->cells == g->blank);
}

/* A new line with no cells of its own, dirty. */
static struct grid_line *
grid_line_new(struct grid *g)
{
	struct grid_line	*gl;

	gl = xmalloc(sizeof *gl);
	gl->cells = g->blank;
	gl->flags = GRID_LINE_DIRTY;
	gl->plain = 0;
	gl->used = 0;
	gl->gen = 0;
	return (gl);
}

/* Fill n cells with blanks of background bg: one cell, then copies of
 * what is filled so far (a few memcpy calls, not one store per cell). */
static void
grid_fill(struct cell *cells, unsigned int n, uint32_t bg)
{
	unsigned int	done, step;

	if (n == 0)
		return;
	cells[0] = grid_blank(bg);
	for (done = 1; done < n; done += step) {
		step = done < n - done ? done : n - done;
		memcpy(cells + done, cells, step * sizeof *cells);
	}
}

/* Give a line cells of its own (blank, as it read) before a write. */
static struct cell *
grid_cells_own(struct grid *g, struct grid_line *gl)
{
	gl->plain = GRID_PLAIN_NONE;	/* about to be written */
	if (grid_line_shared(g, gl)) {
		gl->cells = xreallocarray(NULL, g->cols == 0 ? 1 : g->cols,
		    sizeof *gl->cells);
		memcpy(gl->cells, g->blank, g->cols * sizeof *gl->cells);
	}
	return (gl->cells);
}

/* Give a line's cells back: it reads blank (default background). */
static void
grid_cells_release(struct grid *g, struct grid_line *gl)
{
	if (!grid_line_shared(g, gl)) {
		free(gl->cells);
		gl->cells = g->blank;
	}
	gl->plain = 0;
}

/* Line y, with cells of its own to write into. */
struct grid_line *
grid_line_write(struct grid *g, unsigned int y)
{
	struct grid_line	*gl = g->lines[y];

	grid_cells_own(g, gl);
	return (gl);
}

/* Change the width of a line with cells of its own. */
static void
grid_line_resize(struct grid_line *gl, unsigned int oldcols, unsigned int cols)
{
	unsigned int	x;

	gl->cells = xreallocarray(gl->cells, cols == 0 ? 1 : cols,
	    sizeof *gl->cells);
	for (x = oldcols; x < cols; x++)
		gl->cells[x] = CELL_BLANK;
	/* A wide character cut in half by the new edge becomes a blank. */
	if (cols < oldcols && cols > 0 && gl->cells[cols - 1].width == 2) {
		gl->cells[cols - 1].ch = ' ';
		gl->cells[cols - 1].width = 1;
	}
	if (gl->used > cols)
		gl->used = cols;
	if (gl->plain != GRID_PLAIN_NONE && gl->plain > cols)
		gl->plain = cols;
	gl->flags |= GRID_LINE_DIRTY;
}

/* A shared blank line of cols cells. */
static struct cell *
grid_blank_line(unsigned int cols)
{
	struct cell	*cells;

	cells = xreallocarray(NULL, cols == 0 ? 1 : cols, sizeof *cells);
	grid_fill(cells, cols, COLOUR_DEFAULT);
	return (cells);
}

/* Turn cell x into a single-width blank keeping its style. */
static inline void
grid_unpair(struct cell *cells, unsigned int x)
{
	cells[x].ch = ' ';
	cells[x].width = 1;
}

/*
 * Repair the wide-character pairing across the boundary between cells x - 1
 * and x of a line of cols cells (after cells on one side changed).
 */
static void
grid_fix_boundary(struct cell *cells, unsigned int cols, unsigned int x)
{
	if (x > cols || cols == 0)
		return;
	if (x == cols) {
		if (cells[cols - 1].width == 2)
			grid_unpair(cells, cols - 1);
		return;
	}
	if (x == 0) {
		if (cells[0].width == 0)
			grid_unpair(cells, 0);
		return;
	}
	if (cells[x].width == 0 && cells[x - 1].width != 2)
		grid_unpair(cells, x);
	if (cells[x - 1].width == 2 && cells[x].width != 0)
		grid_unpair(cells, x - 1);
}

/* Create a grid of blank cells. */
struct grid *
grid_create(unsigned int cols, unsigned int rows)
{
	struct grid	*g;
	unsigned int	 y;

	g = xcalloc(1, sizeof *g);
	g->cols = cols;
	g->rows = rows;
	g->blank = grid_blank_line(cols);
	g->lines = xcalloc(rows == 0 ? 1 : rows, sizeof *g->lines);
	for (y = 0; y < rows; y++)
		g->lines[y] = grid_line_new(g);
	return (g);
}

/* Free a grid and its lines. */
void
grid_free(struct grid *g)
{
	unsigned int	y;

	if (g == NULL)
		return;
	for (y = 0; y < g->rows; y++) {
		grid_cells_release(g, g->lines[y]);
		free(g->lines[y]);
	}
	free(g->lines);
	free(g->blank);
	free(g);
}

/* Resize, keeping the top-left content. */
void
grid_resize(struct grid *g, unsigned int cols, unsigned int rows)
{
	struct grid_line	*gl;
	struct cell		*blank;
	unsigned int		 y;

	for (y = rows; y < g->rows; y++) {
		grid_cells_release(g, g->lines[y]);
		free(g->lines[y]);
	}
	g->lines = xreallocarray(g->lines, rows == 0 ? 1 : rows,
	    sizeof *g->lines);
	blank = cols != g->cols ? grid_blank_line(cols) : g->blank;
	for (y = 0; y < rows && y < g->rows; y++) {
		gl = g->lines[y];
		if (grid_line_shared(g, gl))
			gl->cells = blank;
		else if (cols != g->cols)
			grid_line_resize(gl, g->cols, cols);
		if (gl->used > cols)
			gl->used = cols;
		gl->flags |= GRID_LINE_DIRTY;
	}
	if (blank != g->blank) {
		free(g->blank);
		g->blank = blank;
	}
	g->cols = cols;
	for (; y < rows; y++)
		g->lines[y] = grid_line_new(g);
	g->rows = rows;
}

/* Set one cell, keeping wide characters paired. */
void
grid_set_cell(struct grid *g, unsigned int x, unsigned int y,
    const struct cell *c)
{
	struct grid_line	*gl;
	struct cell		*cells;
	unsigned int		 cols = g->cols;

	if (x >= cols || y >= g->rows)
		return;
	gl = g->lines[y];
	cells = grid_cells_own(g, gl);
	gl->flags |= GRID_LINE_DIRTY;
	if (gl->used < x + (c->width == 2 ? 2 : 1))
		gl->used = x + (c->width == 2 ? 2 : 1) > cols ? cols :
		    x + (c->width == 2 ? 2 : 1);

	/* Break up any wide character this cell is half of. */
	if (cells[x].width == 0 && x > 0 && cells[x - 1].width == 2)
		grid_unpair(cells, x - 1);
	if (cells[x].width == 2 && x + 1 < cols && cells[x + 1].width == 0)
		grid_unpair(cells, x + 1);

	if (c->width != 2) {
		cells[x] = *c;
		if (cells[x].width == 0)
			cells[x].width = 1;
		return;
	}
	if (x + 1 >= cols) {
		/* No room for the right half: a blank in its place. */
		cells[x] = *c;
		grid_unpair(cells, x);
		return;
	}
	/* The right half may overwrite the left half of another one. */
	if (cells[x + 1].width == 2 && x + 2 < cols &&
	    cells[x + 2].width == 0)
		grid_unpair(cells, x + 2);
	cells[x] = *c;
	cells[x + 1] = *c;
	cells[x + 1].ch = ' ';
	cells[x + 1].width = CELL_WIDE_RIGHT;
}

/* Out of range coordinates give NULL. */
const struct cell *
grid_get_cell(const struct grid *g, unsigned int x, unsigned int y)
{
	if (x >= g->cols || y >= g->rows)
		return (NULL);
	return (&g->lines[y]->cells[x]);
}

/* What blanking [x0, x1) with bg does to gl's written columns: a clear to
 * the end with the default background takes them back (as tmux's does),
 * any other counts as written. */
static void
grid_line_used_clear(struct grid_line *gl, unsigned int cols,
    unsigned int x0, unsigned int x1, uint32_t bg)
{
	if (bg == COLOUR_DEFAULT) {
		if (x1 >= cols && gl->used > x0)
			gl->used = x0;
	} else if (gl->used < x1)
		gl->used = x1;
}

/* Blank [x0, x1) of line y with background bg. */
void
grid_clear_range(struct grid *g, unsigned int y, unsigned int x0,
    unsigned int x1, uint32_t bg)
{
	struct grid_line	*gl;
	unsigned int		 plain;

	if (y >= g->rows)
		return;
	if (x1 > g->cols)
		x1 = g->cols;
	if (x0 >= x1)
		return;
	gl = g->lines[y];
	gl->flags |= GRID_LINE_DIRTY;
	grid_line_used_clear(gl, g->cols, x0, x1, bg);
	if (bg == COLOUR_DEFAULT && x0 == 0 && x1 == g->cols) {
		grid_cells_release(g, gl);
		return;
	}
	if (bg == COLOUR_DEFAULT && grid_line_shared(g, gl))
		return;		/* blank already */
	plain = gl->plain;
	grid_fill(grid_cells_own(g, gl) + x0, x1 - x0, bg);
	grid_fix_boundary(gl->cells, g->cols, x0);
	grid_fix_boundary(gl->cells, g->cols, x1);
	if (bg == COLOUR_DEFAULT)
		gl->plain = plain;	/* a default blank is plain text */
}

/*
 * Clear a whole line to background bg and drop its flags (but dirty). A
 * line recycled by a scroll keeps its cells: it is about to be written.
 */
static void
grid_line_reset(struct grid *g, struct grid_line *gl, uint32_t bg)
{
	if (bg != COLOUR_DEFAULT)
		grid_fill(grid_cells_own(g, gl), g->cols, bg);
	else {
		/* A plain line is blank past its text already. */
		if (!grid_line_shared(g, gl)) {
			memcpy(gl->cells, g->blank, (gl->plain != GRID_PLAIN_NONE ?
			    gl->plain : g->cols) * sizeof *gl->cells);
		}
		gl->plain = 0;
	}
	gl->flags = GRID_LINE_DIRTY;
	gl->used = bg != COLOUR_DEFAULT ? g->cols : 0;
}

/* Copy w cells from line sy, column sx, to line y, column x (overlap
 * allowed); nothing is allocated when both lines are blank. */
static void
grid_copy_cells(struct grid *g, unsigned int y, unsigned int sy,
    unsigned int x, unsigned int sx, unsigned int w)
{
	struct cell	*dst;

	if (grid_line_shared(g, g->lines[y]) &&
	    grid_line_shared(g, g->lines[sy]))
		return;
	dst = grid_cells_own(g, g->lines[y]);
	memmove(dst + x, g->lines[sy]->cells + sx, w * sizeof *dst);
	if (g->lines[y]->used < x + w)
		g->lines[y]->used = x + w;
}

/* Blank [x0, x1) of line y without repairing wide characters. */
static void
grid_clear_cells(struct grid *g, unsigned int y, unsigned int x0,
    unsigned int x1, uint32_t bg)
{
	struct grid_line	*gl = g->lines[y];

	grid_line_used_clear(gl, g->cols, x0, x1, bg);
	if (bg == COLOUR_DEFAULT && grid_line_shared(g, gl))
		return;
	grid_fill(grid_cells_own(g, gl) + x0, x1 - x0, bg);
}

/* Scroll a region: rotate line pointers, or copy inside margins. */
void
grid_scroll(struct grid *g, unsigned int top, unsigned int bottom,
    unsigned int left, unsigned int right, int n, uint32_t bg)
{
	struct grid_line	**lines = g->lines, *save[64], **tmp;
	unsigned int		  height, count, y, w;

	if (bottom > g->rows)
		bottom = g->rows;
	if (right > g->cols)
		right = g->cols;
	if (top >= bottom || left >= right || n == 0)
		return;
	height = bottom - top;
	count = (unsigned int)(n > 0 ? n : -n);
	if (count > height)
		count = height;

	if (left == 0 && right == g->cols) {
		/* Rotate the line pointers; recycle the lines that leave. */
		tmp = count <= 64 ? save : xreallocarray(NULL, count,
		    sizeof *tmp);
		if (n > 0) {
			memcpy(tmp, lines + top, count * sizeof *tmp);
			memmove(lines + top, lines + top + count,
			    (height - count) * sizeof *lines);
			memcpy(lines + bottom - count, tmp,
			    count * sizeof *tmp);
			for (y = bottom - count; y < bottom; y++)
				grid_line_reset(g, lines[y], bg);
		} else {
			memcpy(tmp, lines + bottom - count,
			    count * sizeof *tmp);
			memmove(lines + top + count, lines + top,
			    (height - count) * sizeof *lines);
			memcpy(lines + top, tmp, count * sizeof *tmp);
			for (y = top; y < top + count; y++)
				grid_line_reset(g, lines[y], bg);
		}
		if (tmp != save)
			free(tmp);
		for (y = top; y < bottom; y++)
			lines[y]->flags |= GRID_LINE_DIRTY;
		return;
	}

	/* Inside margins: copy the cells of the columns that move. */
	w = right - left;
	if (n > 0) {
		for (y = top; y + count < bottom; y++)
			grid_copy_cells(g, y, y + count, left, left, w);
		for (y = bottom - count; y < bottom; y++)
			grid_clear_cells(g, y, left, right, bg);
	} else {
		for (y = bottom; y-- > top + count;)
			grid_copy_cells(g, y, y - count, left, left, w);
		for (y = top; y < top + count; y++)
			grid_clear_cells(g, y, left, right, bg);
	}
	for (y = top; y < bottom; y++) {
		if (!grid_line_shared(g, lines[y])) {
			grid_fix_boundary(lines[y]->cells, g->cols, left);
			grid_fix_boundary(lines[y]->cells, g->cols, right);
		}
		lines[y]->flags |= GRID_LINE_DIRTY;
	}
}

/* Move a rectangle of cells (overlap allowed). */
void
grid_move_rect(struct grid *g, unsigned int dst_x, unsigned int dst_y,
    unsigned int src_x, unsigned int src_y, unsigned int w, unsigned int h)
{
	unsigned int	i, y, sy;

	if (src_x >= g->cols || dst_x >= g->cols || src_y >= g->rows ||
	    dst_y >= g->rows)
		return;
	if (w > g->cols - src_x)
		w = g->cols - src_x;
	if (w > g->cols - dst_x)
		w = g->cols - dst_x;
	if (h > g->rows - src_y)
		h = g->rows - src_y;
	if (h > g->rows - dst_y)
		h = g->rows - dst_y;
	if (w == 0 || h == 0)
		return;

	for (i = 0; i < h; i++) {
		/* Copy bottom-up when moving down so sources stay intact. */
		if (dst_y > src_y) {
			y = dst_y + h - 1 - i;
			sy = src_y + h - 1 - i;
		} else {
			y = dst_y + i;
			sy = src_y + i;
		}
		grid_copy_cells(g, y, sy, dst_x, src_x, w);
	}
	for (y = dst_y; y < dst_y + h; y++) {
		if (!grid_line_shared(g, g->lines[y])) {
			grid_fix_boundary(g->lines[y]->cells, g->cols, dst_x);
			grid_fix_boundary(g->lines[y]->cells, g->cols,
			    dst_x + w);
		}
		g->lines[y]->flags |= GRID_LINE_DIRTY;
	}
}

/* Take the top line out; a blank line comes in at the bottom. */
struct grid_line *
grid_take_top(struct grid *g, uint32_t bg)
{
	struct grid_line	*gl;
	unsigned int		 y;

	if (g->rows == 0)
		return (NULL);
	gl = g->lines[0];
	grid_cells_own(g, gl);	/* the caller's, independent of the grid */
	memmove(g->lines, g->lines + 1, (g->rows - 1) * sizeof *g->lines);
	g->lines[g->rows - 1] = grid_line_new(g);
	if (bg != COLOUR_DEFAULT)
		grid_line_reset(g, g->lines[g->rows - 1], bg);
	for (y = 0; y < g->rows; y++)
		g->lines[y]->flags |= GRID_LINE_DIRTY;
	return (gl);
}

/* Free a line taken out with grid_take_top. */
void
grid_line_free(struct grid_line *gl)
{
	if (gl != NULL)
		free(gl->cells);
	free(gl);
}

/* Clear every line's dirty flag. */
void
grid_clean(struct grid *g)
{
	unsigned int	y;

	for (y = 0; y < g->rows; y++)
		g->lines[y]->flags &= ~GRID_LINE_DIRTY;
}

void
grid_commit(struct grid *g, uint64_t gen)
{
	unsigned int	y;

	for (y = 0; y < g->rows; y++) {
		if (g->lines[y]->flags & GRID_LINE_DIRTY) {
			g->lines[y]->flags &= ~GRID_LINE_DIRTY;
			g->lines[y]->gen = gen;
		}
	}
}

/* Mark every line dirty. */
void
grid_dirty_all(struct grid *g)
{
	unsigned int	y;

	for (y = 0; y < g->rows; y++)
		g->lines[y]->flags |= GRID_LINE_DIRTY;
}

/* Bytes the grid has allocated, as malloc rounds them (hring_chunk): the
 * line pointers, a struct per line, cells only for lines that have their
 * own, and the shared blank line. */
size_t
grid_memory(const struct grid *g)
{
	size_t		n, cells = (size_t)(g->cols == 0 ? 1 : g->cols) *
			    sizeof(struct cell);
	unsigned int	y;

	n = hring_chunk(sizeof *g) +
	    hring_chunk((g->rows == 0 ? 1 : g->rows) * sizeof *g->lines) +
	    hring_chunk(cells);
	for (y = 0; y < g->rows; y++) {
		n += hring_chunk(sizeof **g->lines);
		if (!grid_line_shared(g, g->lines[y]))
			n += hring_chunk(cells);
	}
	return (n);
}
