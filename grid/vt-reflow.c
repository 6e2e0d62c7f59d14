/*
 * Reflow: re-wrapping the primary screen and its history on resize.
 *
 * A change of width re-wraps as tmux 3.3a does: history and the whole
 * screen, blank lines at its bottom included, are one list of lines; the
 * screen's lines (with the newest history lines that continue onto them)
 * are joined into logical lines by their wrapped flags and split again at
 * the new width, history is reflowed on its own, and the screen is then the
 * last lines of the list: lines beyond it go into history from the top,
 * and when there are fewer, lines come back from history (blank lines fill
 * the bottom when history runs out). The cursor keeps its place in its
 * logical line; a cursor whose line went into history goes to the top
 * left. A change of height alone (and the height part of a change of both,
 * first, as tmux does) drops blank lines below the cursor before pushing
 * lines into history, and brings lines back only to a screen that was full.
 */
#include <stdlib.h>
#include <string.h>

#include "common/xmalloc.h"
#include "grid/vt-int.h"

/* Physical lines being built: n lines of cols cells in one array. */
struct vt_lines {
	struct cell	*cells;
	int		*wrapped;
	unsigned int	 n;
	unsigned int	 size;
	unsigned int	 cols;
};

/* Append a line of len (<= cols) cells, padded with blanks. */
static void
vt_lines_add(struct vt_lines *vl, const struct cell *cells, unsigned int len,
    int wrapped)
{
	struct cell	*dst;
	unsigned int	 x;

	if (vl->n == vl->size) {
		vl->size = vl->size == 0 ? 64 : vl->size * 2;
		vl->cells = xreallocarray(vl->cells,
		    (size_t)vl->size * vl->cols, sizeof *vl->cells);
		vl->wrapped = xreallocarray(vl->wrapped, vl->size,
		    sizeof *vl->wrapped);
	}
	dst = vl->cells + (size_t)vl->n * vl->cols;
	if (len > vl->cols)
		len = vl->cols;
	if (len > 0)
		memcpy(dst, cells, len * sizeof *dst);
	for (x = len; x < vl->cols; x++)
		dst[x] = CELL_BLANK;
	/* Half a wide character (one column wide lines) becomes a blank. */
	if (len > 0 && dst[len - 1].width == 2) {
		dst[len - 1].ch = ' ';
		dst[len - 1].width = 1;
	}
	if (len > 0 && dst[0].width == 0) {
		dst[0].ch = ' ';
		dst[0].width = 1;
	}
	vl->wrapped[vl->n++] = wrapped;
}

/* Is c a blank that may be dropped at the end of a line? */
static int
vt_blank(const struct cell *c)
{
	return (c->ch == ' ' && c->width == 1 && c->fg == COLOUR_DEFAULT &&
	    c->bg == COLOUR_DEFAULT && c->attr == 0);
}

/*
 * Split a logical line of len cells into lines of vl->cols columns. If the
 * cursor is in it (cur >= 0: its offset), *cx and *cy get its new place.
 */
static void
vt_lines_split(struct vt_lines *vl, const struct cell *cells, unsigned int len,
    int wrapped, long cur, int *cx, int *cy)
{
	unsigned int	cols = vl->cols, k = 0, take;

	do {
		take = len - k;
		if (take > cols) {
			take = cols;
			if (cols > 1 && cells[k + cols - 1].width == 2)
				take = cols - 1;
		}
		if (cur >= (long)k && (cur < (long)(k + take) ||
		    k + take >= len)) {
			*cy = vl->n;
			*cx = cur - k;
			if (*cx >= (int)cols)
				*cx = cols - 1;
			cur = -1;
		}
		vt_lines_add(vl, len == 0 ? NULL : cells + k, take,
		    k + take < len ? 1 : wrapped);
		k += take;
	} while (k < len);
}

/* Is line y blank and not wrapped? */
static int
vt_lines_blank(const struct vt_lines *vl, unsigned int y)
{
	const struct cell	*cells = vl->cells + (size_t)y * vl->cols;
	unsigned int		 x;

	if (vl->wrapped[y])
		return (0);
	for (x = 0; x < vl->cols; x++) {
		if (!vt_blank(&cells[x]))
			return (0);
	}
	return (1);
}

/* Append n cells to the logical line buffer. */
static void
vt_logical_add(struct cell **buf, size_t *size, size_t *len,
    const struct cell *cells, unsigned int n)
{
	if (n == 0)
		return;
	if (*len + n > *size) {
		*size = (*len + n) * 2;
		*buf = xreallocarray(*buf, *size, sizeof **buf);
	}
	memcpy(*buf + *len, cells, n * sizeof **buf);
	*len += n;
}

unsigned int
vt_lines_used(struct grid *g, unsigned int cols, unsigned int rows, int cy)
{
	const struct cell	*cells;
	unsigned int		 y, x, used = 0;

	for (y = rows; y > 0; y--) {
		cells = g->lines[y - 1]->cells;
		for (x = 0; x < cols; x++) {
			if (!vt_blank(&cells[x]))
				break;
		}
		if (x != cols) {
			used = y;
			break;
		}
	}
	if (cy >= 0 && (unsigned int)cy + 1 > used)
		used = cy + 1;
	if (used > rows)
		used = rows;
	return (used);
}

/* Take the newest history lines that continue onto the screen (a logical
 * line split between history and screen) into buf, oldest first. */
static void
vt_pop_continued(struct history *h, const struct cell *next, struct cell **buf,
    size_t *size, size_t *len)
{
	struct {
		struct cell	*cells;
		unsigned int	 n;
	}		*popped = NULL;
	unsigned int	 npopped = 0, i, n, hcols;
	int		 wrapped;

	while (history_size(h) > 0) {
		history_get(h, history_size(h) - 1, NULL, 0, &wrapped);
		if (!wrapped)
			break;
		hcols = history_get(h, history_size(h) - 1, NULL, 0, NULL);
		popped = xreallocarray(popped, npopped + 1, sizeof *popped);
		popped[npopped].cells = xreallocarray(NULL, hcols + 1,
		    sizeof *popped[npopped].cells);
		history_pop(h, popped[npopped].cells, hcols,
		    &popped[npopped].n, NULL);
		npopped++;
	}
	for (i = npopped; i-- > 0;) {
		n = popped[i].n;
		/* Drop the blank that padded a wide character that did not
		 * fit at the end of the line. */
		if (i > 0)
			next = popped[i - 1].cells;
		if (n > 0 && vt_blank(&popped[i].cells[n - 1]) &&
		    next != NULL && next[0].width == 2 &&
		    (i > 0 ? popped[i - 1].n > 0 : 1))
			n--;
		vt_logical_add(buf, size, len, popped[i].cells, n);
		free(popped[i].cells);
	}
	free(popped);
}

/* Append n blank cells to the logical line buffer. */
static void
vt_logical_blanks(struct cell **buf, size_t *size, size_t *len, unsigned int n)
{
	struct cell	blank = CELL_BLANK;

	while (n-- > 0)
		vt_logical_add(buf, size, len, &blank, 1);
}

/*
 * Reflow (or just resize) a primary screen g of oldcols x oldrows with
 * history h to cols x rows. *cx, *cy is its cursor (*cx may be oldcols,
 * just past the edge, for a cursor waiting to wrap) and gets its new place.
 */
void
vt_reflow(struct grid *g, struct history *h, unsigned int oldcols,
    unsigned int oldrows, unsigned int cols, unsigned int rows, int *cx,
    int *cy)
{
	struct grid_line	*gl;
	struct vt_lines		 vl;
	struct cell		*lbuf = NULL, *cells;
	size_t			 lsize = 0, llen = 0;
	unsigned int		 used, y, x, n, want, first, nshow, pull;
	unsigned int		 eat, extra, hold;
	long			 cur = -1;
	int			 wrapped, ncx = 0, ncy = 0, anchored, rewrap;
	int			 phantom = 0;

	if (*cy >= (int)oldrows)
		*cy = oldrows - 1;
	if (*cx > (int)oldcols)
		*cx = oldcols;
	if (*cy < 0)
		*cy = 0;
	if (*cx < 0)
		*cx = 0;
	rewrap = (cols != oldcols);
	if (rewrap)
		used = oldrows;
	else
		used = vt_lines_used(g, oldcols, oldrows, *cy);
	anchored = rewrap || used >= oldrows;
	hold = history_size(h);

	memset(&vl, 0, sizeof vl);
	vl.cols = cols;
	if (rewrap) {
		vt_pop_continued(h, g->lines[0]->cells, &lbuf, &lsize, &llen);
		history_reflow(h, cols);
	}
	for (y = 0; y < used; y++) {
		gl = g->lines[y];
		cells = gl->cells;
		wrapped = (gl->flags & GRID_LINE_WRAPPED) && y + 1 < used;
		n = oldcols;
		if (wrapped) {
			if (vt_blank(&cells[n - 1]) &&
			    g->lines[y + 1]->cells[0].width == 2)
				n--;
		} else {
			while (n > 0 && vt_blank(&cells[n - 1]))
				n--;
		}
		if (y == (unsigned int)*cy)
			cur = llen + *cx;
		vt_logical_add(&lbuf, &lsize, &llen, cells, n);
		if (!wrapped) {
			/* The cursor's cell belongs to the line. */
			want = cur >= 0 ? (unsigned int)cur + 1 : 0;
			/*
			 * A cursor just past the end of its line's text that
			 * lands at the start of a line of its own: tmux keeps
			 * it at the end of the text, one line up, so that
			 * line is one more than tmux has.
			 */
			if (cur > 0 && (size_t)cur >= llen)
				phantom = -1;
			if (llen < want)
				vt_logical_blanks(&lbuf, &lsize, &llen,
				    want - llen);
			vt_lines_split(&vl, lbuf, llen, 0, cur, &ncx, &ncy);
			if (phantom == -1)
				phantom = (ncx == 0);
			llen = 0;
			cur = -1;
		}
	}
	if (llen > 0)
		vt_lines_split(&vl, lbuf, llen, 0, cur, &ncx, &ncy);
	free(lbuf);

	if (rewrap) {
		/* Fewer rows: blank lines below the cursor go first. */
		eat = rows < oldrows ? oldrows - rows : 0;
		eat += phantom;
		while (eat > 0 && vl.n > (unsigned int)ncy + 1 &&
		    vt_lines_blank(&vl, vl.n - 1)) {
			vl.n--;
			eat--;
		}
	}
	if (rewrap && rows > oldrows) {
		/* More rows: history comes down, then blank lines below. */
		extra = rows - oldrows;
		if (extra > hold)
			extra -= hold;
		else
			extra = 0;
		while (extra-- > 0)
			vt_lines_add(&vl, NULL, 0, 0);
	}

	/*
	 * Too many lines: the top ones go to history. A reflow keeps the
	 * bottom on screen (a cursor in a line that went goes to the top
	 * left); a change of height keeps the cursor on screen.
	 */
	first = 0;
	if (vl.n > rows) {
		first = vl.n - rows;
		if (!rewrap && first > (unsigned int)ncy)
			first = ncy;
		for (y = 0; y < first; y++) {
			history_push(h, vl.cells + (size_t)y * cols, cols,
			    vl.wrapped[y]);
		}
		if ((unsigned int)ncy < first)
			ncx = ncy = 0;
		else
			ncy -= first;
	}
	nshow = vl.n - first;
	if (nshow > rows)
		nshow = rows;

	/* Room at the top of a full screen: lines come back from history. */
	pull = 0;
	if (anchored && nshow < rows) {
		pull = rows - nshow;
		if (pull > history_size(h))
			pull = history_size(h);
	}

	grid_resize(g, cols, rows);
	for (y = 0; y < rows; y++) {
		grid_clear_range(g, y, 0, cols, COLOUR_DEFAULT);
		g->lines[y]->flags = GRID_LINE_DIRTY;
	}
	for (y = pull; y-- > 0;) {
		gl = grid_line_write(g, y);
		history_pop(h, gl->cells, cols, &n, &wrapped);
		if (wrapped)
			gl->flags |= GRID_LINE_WRAPPED;
	}
	for (y = 0; y < nshow; y++) {
		cells = vl.cells + (size_t)(first + y) * cols;
		for (x = 0; x < cols && vt_blank(&cells[x]); x++)
			/* nothing */;
		gl = x == cols ? g->lines[pull + y] : grid_line_write(g,
		    pull + y);
		if (x != cols)
			memcpy(gl->cells, cells, cols * sizeof *gl->cells);
		if (vl.wrapped[first + y])
			gl->flags |= GRID_LINE_WRAPPED;
	}
	free(vl.cells);
	free(vl.wrapped);

	ncy += pull;
	if (ncy >= (int)rows)
		ncy = rows - 1;
	if (ncx >= (int)cols)
		ncx = cols - 1;
	*cx = ncx;
	*cy = ncy;
}
