/*
 * The grid: rows of cells reached through line pointers.
 *
 * Each line is one allocation, the struct grid_line followed by its cells,
 * so a line moves (scroll, into history) by moving one pointer. A scroll of
 * the full width rotates the pointers of the region and recycles the lines
 * that leave it as the new blank lines; only a scroll inside left/right
 * margins copies cells.
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

/* A blank cell with background bg. */
static inline struct cell
grid_blank(uint32_t bg)
{
	struct cell	c = CELL_BLANK;

	c.bg = bg;
	return (c);
}

/* Allocate a line of cols blank cells with background bg. */
static struct grid_line *
grid_line_new(unsigned int cols, uint32_t bg)
{
	struct grid_line	*gl;
	unsigned int		 x;

	gl = xmalloc(sizeof *gl + (size_t)cols * sizeof *gl->cells);
	gl->cells = (struct cell *)(gl + 1);
	gl->flags = GRID_LINE_DIRTY;
	for (x = 0; x < cols; x++)
		gl->cells[x] = grid_blank(bg);
	return (gl);
}

/* Change the width of a line; its pointer may move. */
static struct grid_line *
grid_line_resize(struct grid_line *gl, unsigned int oldcols, unsigned int cols)
{
	unsigned int	x;

	gl = xreallocarray(gl, 1,
	    sizeof *gl + (size_t)cols * sizeof *gl->cells);
	gl->cells = (struct cell *)(gl + 1);
	for (x = oldcols; x < cols; x++)
		gl->cells[x] = CELL_BLANK;
	/* A wide character cut in half by the new edge becomes a blank. */
	if (cols < oldcols && cols > 0 && gl->cells[cols - 1].width == 2) {
		gl->cells[cols - 1].ch = ' ';
		gl->cells[cols - 1].width = 1;
	}
	gl->flags |= GRID_LINE_DIRTY;
	return (gl);
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
	g->lines = xcalloc(rows == 0 ? 1 : rows, sizeof *g->lines);
	for (y = 0; y < rows; y++)
		g->lines[y] = grid_line_new(cols, COLOUR_DEFAULT);
	return (g);
}

/* Free a grid and its lines. */
void
grid_free(struct grid *g)
{
	unsigned int	y;

	if (g == NULL)
		return;
	for (y = 0; y < g->rows; y++)
		free(g->lines[y]);
	free(g->lines);
	free(g);
}

/* Resize, keeping the top-left content. */
void
grid_resize(struct grid *g, unsigned int cols, unsigned int rows)
{
	unsigned int	y;

	for (y = rows; y < g->rows; y++)
		free(g->lines[y]);
	g->lines = xreallocarray(g->lines, rows == 0 ? 1 : rows,
	    sizeof *g->lines);
	for (y = 0; y < rows && y < g->rows; y++) {
		if (cols != g->cols)
			g->lines[y] = grid_line_resize(g->lines[y], g->cols,
			    cols);
		g->lines[y]->flags |= GRID_LINE_DIRTY;
	}
	for (; y < rows; y++)
		g->lines[y] = grid_line_new(cols, COLOUR_DEFAULT);
	g->cols = cols;
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
	cells = gl->cells;
	gl->flags |= GRID_LINE_DIRTY;

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

/* Blank [x0, x1) of line y with background bg. */
void
grid_clear_range(struct grid *g, unsigned int y, unsigned int x0,
    unsigned int x1, uint32_t bg)
{
	struct grid_line	*gl;
	unsigned int		 x;

	if (y >= g->rows)
		return;
	if (x1 > g->cols)
		x1 = g->cols;
	if (x0 >= x1)
		return;
	gl = g->lines[y];
	for (x = x0; x < x1; x++)
		gl->cells[x] = grid_blank(bg);
	grid_fix_boundary(gl->cells, g->cols, x0);
	grid_fix_boundary(gl->cells, g->cols, x1);
	gl->flags |= GRID_LINE_DIRTY;
}

/* Clear a whole line to background bg and drop its flags (but dirty). */
static void
grid_line_reset(struct grid_line *gl, unsigned int cols, uint32_t bg)
{
	unsigned int	x;

	for (x = 0; x < cols; x++)
		gl->cells[x] = grid_blank(bg);
	gl->flags = GRID_LINE_DIRTY;
}

/* Scroll a region: rotate line pointers, or copy inside margins. */
void
grid_scroll(struct grid *g, unsigned int top, unsigned int bottom,
    unsigned int left, unsigned int right, int n, uint32_t bg)
{
	struct grid_line	**lines = g->lines, *save[64], **tmp;
	unsigned int		  height, count, y, x, w;

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
				grid_line_reset(lines[y], g->cols, bg);
		} else {
			memcpy(tmp, lines + bottom - count,
			    count * sizeof *tmp);
			memmove(lines + top + count, lines + top,
			    (height - count) * sizeof *lines);
			memcpy(lines + top, tmp, count * sizeof *tmp);
			for (y = top; y < top + count; y++)
				grid_line_reset(lines[y], g->cols, bg);
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
		for (y = top; y + count < bottom; y++) {
			memcpy(lines[y]->cells + left,
			    lines[y + count]->cells + left,
			    w * sizeof(struct cell));
		}
		for (y = bottom - count; y < bottom; y++) {
			for (x = left; x < right; x++)
				lines[y]->cells[x] = grid_blank(bg);
		}
	} else {
		for (y = bottom; y-- > top + count;) {
			memcpy(lines[y]->cells + left,
			    lines[y - count]->cells + left,
			    w * sizeof(struct cell));
		}
		for (y = top; y < top + count; y++) {
			for (x = left; x < right; x++)
				lines[y]->cells[x] = grid_blank(bg);
		}
	}
	for (y = top; y < bottom; y++) {
		grid_fix_boundary(lines[y]->cells, g->cols, left);
		grid_fix_boundary(lines[y]->cells, g->cols, right);
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
		memmove(g->lines[y]->cells + dst_x, g->lines[sy]->cells + src_x,
		    w * sizeof(struct cell));
	}
	for (y = dst_y; y < dst_y + h; y++) {
		grid_fix_boundary(g->lines[y]->cells, g->cols, dst_x);
		grid_fix_boundary(g->lines[y]->cells, g->cols, dst_x + w);
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
	memmove(g->lines, g->lines + 1, (g->rows - 1) * sizeof *g->lines);
	g->lines[g->rows - 1] = grid_line_new(g->cols, bg);
	for (y = 0; y < g->rows; y++)
		g->lines[y]->flags |= GRID_LINE_DIRTY;
	return (gl);
}

/* Free a line taken out with grid_take_top. */
void
grid_line_free(struct grid_line *gl)
{
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

/* Mark every line dirty. */
void
grid_dirty_all(struct grid *g)
{
	unsigned int	y;

	for (y = 0; y < g->rows; y++)
		g->lines[y]->flags |= GRID_LINE_DIRTY;
}
