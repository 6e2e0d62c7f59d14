/*
 * grid: a rectangle of cells reached through line pointers, so scrolling
 * rotates pointers rather than moving cells. A grid has no notion of
 * terminal modes or history; vt.c drives it and moves lines that leave the
 * top into the pane's history.
 *
 * Coordinates are (x, y), 0-based, y = 0 is the top visible line.
 *
 * A line that was never written (or was cleared whole to the default
 * background) shares the grid's blank line: its cells read as blanks and
 * are never to be written through. Write with the functions below, or
 * take the line with grid_line_write first.
 */
#ifndef MUX_GRID_H
#define MUX_GRID_H

#include <stddef.h>
#include <stdint.h>

#include "grid/cell.h"

#define GRID_LINE_WRAPPED	0x1	/* continues on the next line */
#define GRID_LINE_DIRTY		0x2	/* changed since grid_clean or
					   grid_commit */

/* A grid_line's plain when it is not known to be plain text. */
#define GRID_PLAIN_NONE		UINT16_MAX

struct grid_line {
	struct cell	*cells;		/* cols cells, maybe the grid's blank */
	uint16_t	 flags;
	uint16_t	 plain;		/* cells [0, plain) are narrow printable
					   ASCII in the default style and the
					   rest default blanks (what history
					   takes without reading each cell);
					   GRID_PLAIN_NONE when not known.
					   Any write but grid_plain_put's
					   forgets it */
	unsigned int	 used;		/* columns written (as tmux's cellused:
					   what a clear to the end with the
					   default background took back is
					   not); capture-pane -e reads it */
	uint64_t	 gen;		/* the generation grid_commit last gave
					   it as it was dirty (0: never) */
};

struct grid {
	unsigned int		 cols;
	unsigned int		 rows;
	struct grid_line	**lines;	/* rows pointers */
	struct cell		*blank;		/* cols blanks, shared, read-only */
};

_Static_assert(sizeof(struct grid_line) == 24, "a line stays 24 bytes");

/* A line whose plain was p before a write (grid_line_write forgets it)
 * got narrow printable ASCII in the default style up to column x1. */
static inline void
grid_plain_put(struct grid_line *gl, unsigned int p, unsigned int x1)
{
	if (p != GRID_PLAIN_NONE && x1 < GRID_PLAIN_NONE)
		gl->plain = p > x1 ? p : x1;
}

struct grid	*grid_create(unsigned int cols, unsigned int rows);
void		 grid_free(struct grid *);
/* Resize, keeping the top-left content; new cells are blank. */
void		 grid_resize(struct grid *, unsigned int cols, unsigned int rows);
/* Set one cell (and its wide right half when width is 2); marks the line
 * dirty. Out-of-range coordinates are ignored. */
void		 grid_set_cell(struct grid *, unsigned int x, unsigned int y,
		     const struct cell *);
const struct cell *grid_get_cell(const struct grid *, unsigned int x,
		     unsigned int y);
/* Fill [x0, x1) of line y with blanks of background bg. */
void		 grid_clear_range(struct grid *, unsigned int y, unsigned int x0,
		     unsigned int x1, uint32_t bg);
/* Scroll lines [top, bottom) by n: n > 0 moves content up (new blank lines
 * at the bottom), n < 0 down. Only the columns [left, right) move when the
 * range is narrower than the grid (done by copying cells). */
void		 grid_scroll(struct grid *, unsigned int top, unsigned int bottom,
		     unsigned int left, unsigned int right, int n, uint32_t bg);
/* Move a rectangle of cells (for libvterm's moverect). */
void		 grid_move_rect(struct grid *, unsigned int dst_x,
		     unsigned int dst_y, unsigned int src_x, unsigned int src_y,
		     unsigned int w, unsigned int h);
/* Take the top line out (its pointer returned, ownership to the caller,
 * with cells of its own), shift lines up and put a fresh blank line at the
 * bottom. Free it with grid_line_free. */
struct grid_line *grid_take_top(struct grid *, uint32_t bg);
void		 grid_line_free(struct grid_line *);
/* Line y with cells of its own, to write into directly (its cells pointer
 * stays valid until the line is cleared whole, resized or freed). */
struct grid_line *grid_line_write(struct grid *, unsigned int y);
/* Bytes allocated for the grid (cells only where lines have their own). */
size_t		 grid_memory(const struct grid *);
/* Clear every line's dirty flag. */
void		 grid_clean(struct grid *);
/* Give every dirty line generation gen (which the caller makes larger
 * each time) and clear its flag: a line's gen then says when it last
 * changed, content or place (a scroll marks the lines it moves), for
 * readers that each remember the generation they last looked at. */
void		 grid_commit(struct grid *, uint64_t gen);
/* Mark every line dirty. */
void		 grid_dirty_all(struct grid *);

#endif
