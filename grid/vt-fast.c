/*
 * vt-fast: the plain-text fast path. The scanner (vt-scan.c) finds text in
 * ground state; where the terminal's state allows (vt_fast_ok), the text
 * is written into the grid here, as libvterm's putglyph, linefeed and
 * scrollrect would write it, and libvterm is told only where its cursor
 * ends up, with one cursor movement, and only when it is next given
 * anything (vt_sync; until then vt_pos answers for it). What libvterm
 * keeps that the fast path cannot set it is spared: its memory of the last
 * glyph, which a combining mark that follows joins, is done for it
 * (vt_mark); a wrap pending at the right edge is never left, the path
 * stops short of a glyph at the last column unless what follows takes the
 * pending wrap away again.
 *
 * What the state callbacks keep alongside (vt->wrap_*: which line a wrap
 * continues; vt->edge_*: a glyph at the right edge) is kept here exactly
 * as the callbacks would keep it, through the same functions where there
 * are any (vt_moved, vt_scroll_up, vt_mark_wrapped). regress/unit/
 * test_vt_fast.c feeds the same bytes, split at random, to a terminal
 * with the path and one without and compares everything a reader sees.
 */
#include <stdio.h>
#include <string.h>

#include "grid/vt-int.h"

/* How many columns the fast path may fill from libvterm's cursor before
 * the last one: 0 when it cannot print there at all (see vt_put_text). */
unsigned int
vt_put_room(struct vt *vt)
{
	struct vt_pos	pos;

	if (!vt_fast_ok(vt))
		return (0);
	vt_vterm_pos(vt, &pos);
	if (pos.row < 0 || pos.col < 0 ||
	    (unsigned int)pos.row >= vt->grid->rows ||
	    (unsigned int)pos.col + 1 >= vt->grid->cols)
		return (0);
	if (pos.row < vt->top || pos.row > vt_region_bottom(vt))
		return (0);
	return (vt->grid->cols - 1 - pos.col);
}

/*
 * The plain-text fast path (vt-scan.c finds the runs): n characters,
 * cps[i] of widths[i] columns (printable ASCII, or code points vt_fast_width
 * allows), or when ascii is not NULL n printable ASCII bytes there, about
 * to go to libvterm, are written into the grid here, as putglyph would
 * write them one by one; libvterm's cursor is left where it was and moved
 * over them when it is next given anything (vt_sync). Only where that
 * leaves libvterm exactly as if it had printed them (vt_fast_ok), from a cursor inside the scroll region, and
 * only characters that end before the last column, so no wrap is pending
 * or taken. libvterm's memory of the last glyph (what a combining mark
 * that follows joins) is then of an older one: the glyph is kept for
 * vt_mark instead. Returns how many characters were written: 0 when none.
 */
size_t
vt_put_text(struct vt *vt, const uint32_t *cps, const uint8_t *widths,
    const unsigned char *ascii, size_t n)
{
	struct grid		*g = vt->grid;
	struct grid_line	*gl;
	struct cell		 pen = vt->pen_cell, c, *dst;
	struct vt_pos		 pos;
	size_t			 k, i;
	unsigned int		 x, x0;

	if (!vt_fast_ok(vt) || n == 0)
		return (0);
	vt_vterm_pos(vt, &pos);
	if (pos.row < 0 || pos.col < 0 || (unsigned int)pos.row >= g->rows ||
	    (unsigned int)pos.col >= g->cols)
		return (0);
	/* A CSI clamps the cursor into the scroll region in origin mode
	 * (DECRC can put it outside), where printing leaves it. */
	if (pos.row < vt->top || pos.row > vt_region_bottom(vt))
		return (0);
	x = x0 = pos.col;
	if (ascii != NULL) {
		k = n;
		if (k > g->cols - 1 - x0)
			k = g->cols - 1 - x0;
		x += k;
	} else {
		for (k = 0; k < n && x + widths[k] < g->cols; k++)
			x += widths[k];
	}
	if (k == 0)
		return (0);
	if (vt->wrap_valid && x0 == 0 && pos.row == vt->wrap_row + 1)
		vt_mark_wrapped(vt);
	gl = grid_line_write(g, pos.row);
	if (ascii != NULL) {
		/* The pen whole, then the character over it: no cell is
		 * read back just after a part of it was written (a load
		 * the stores cannot be forwarded to). */
		dst = &gl->cells[x0];
		for (i = 0; i < k; i++, dst++) {
			if (dst->width == 1) {
				*dst = pen;
				dst->ch = ascii[i];
			} else {
				c = pen;
				c.ch = ascii[i];
				grid_set_cell(g, x0 + i, pos.row, &c);
			}
		}
	} else {
		struct cell	wide = vt->pen_cell, right = vt->pen_cell;

		wide.width = 2;
		right.ch = ' ';
		right.width = CELL_WIDE_RIGHT;
		for (i = 0, x = x0; i < k; i++) {
			dst = &gl->cells[x];
			if (widths[i] == 1 && dst->width == 1) {
				*dst = pen;
				dst->ch = cps[i];
			} else if (widths[i] == 2 && dst[0].width != 0 &&
			    dst[1].width != 2) {
				/* Over two narrow cells or a whole wide
				 * character (x + 1 is a column: the loop
				 * above left room): no pair to break up.
				 * Both halves whole (no bit field written
				 * into a cell just stored). */
				dst[0] = wide;
				dst[0].ch = cps[i];
				dst[1] = right;
			} else {
				c = pen;
				c.ch = cps[i];
				c.width = widths[i];
				grid_set_cell(g, x, pos.row, &c);
			}
			x += widths[i];
		}
	}
	gl->flags |= GRID_LINE_DIRTY;
	x = ascii != NULL ? x0 + k : x;
	if (gl->used < x)
		gl->used = x;
	if (ascii != NULL)
		vt_mark_fast(vt, ascii[k - 1], 1, pos.row, x - 1);
	else {
		vt_mark_fast(vt, cps[k - 1], widths[k - 1], pos.row,
		    x - widths[k - 1]);
	}
	vt->wrap_valid = 1;
	vt->wrap_row = pos.row;
	vt->wrap_col = x;
	vt->wrap_edge = 0;
	vt->edge_glyph = 0;
	vt->gen++;

	/* libvterm's cursor follows when it is next given anything
	 * (vt_sync); the move is reported now, as its text call would. */
	vt_lazy_move(vt, pos.row, x);
	vt_moved(vt, pos.row, x);
	return (k);
}

/* Is c printable ASCII? */
static inline int
vt_fast_printable(unsigned char c)
{
	return (c - 0x20u < 0x5fu);
}

/* Write k printable ASCII bytes at (row, col) as putglyph writes them,
 * with the wrap and edge tracking it keeps. */
static void
vt_lines_glyphs(struct vt *vt, const unsigned char *s, size_t k, int row,
    int col)
{
	struct grid		*g = vt->grid;
	struct grid_line	*gl;
	struct cell		 pen = vt->pen_cell, c, *dst;
	unsigned int		 cols = g->cols, last = col + k - 1, plain;
	uint64_t		 w[2];
	size_t			 x;

	_Static_assert(sizeof pen == sizeof w, "a cell is two words");
	plain = g->lines[row]->plain;
	gl = grid_line_write(g, row);
	if (vt->wrap_valid && col == 0 && row == vt->wrap_row + 1)
		vt_mark_wrapped(vt);
	dst = &gl->cells[col];
	if (plain != GRID_PLAIN_NONE) {
		/* No wide character to break up: every cell is the pen's
		 * two words, the character in the first. */
		memcpy(w, &pen, sizeof w);
		w[0] &= ~(uint64_t)UINT32_MAX;
		for (x = 0; x < k; x++) {
			memcpy(&dst[x], (uint64_t[2]){ w[0] | s[x], w[1] },
			    sizeof dst[x]);
		}
	} else {
		for (x = 0; x < k; x++) {
			if (dst[x].width == 1) {
				dst[x] = pen;	/* as in vt_put_text */
				dst[x].ch = s[x];
			} else {
				c = pen;
				c.ch = s[x];
				grid_set_cell(g, col + x, row, &c);
			}
		}
	}
	gl->flags |= GRID_LINE_DIRTY;
	if (gl->used < last + 1)
		gl->used = last + 1;
	if (vt_pen_plain(vt))
		grid_plain_put(gl, plain, last + 1);
	vt->wrap_valid = 1;
	vt->wrap_row = row;
	vt->wrap_edge = (last + 1 >= cols);
	vt->wrap_col = vt->wrap_edge ? (int)last : (int)last + 1;
	vt->edge_glyph = vt->wrap_edge;
	vt->edge_wrap = (vt->dec & VT_DEC_AUTOWRAP) != 0;
	vt->edge_row = row;
	vt->edge_col = last;
	vt->gen++;
}

/* The cursor the fast path moves as libvterm would move its own. */
struct vt_lines {
	struct vt	*vt;
	int		 row;
	int		 col;
	int		 phantom;	/* at the last column, waiting to wrap */
	int		 top;
	int		 bottom;
	int		 rows;
	int		 cols;
	int		 wrap;		/* autowrap */
};

/* A line feed: the region scrolls at its bottom, else the cursor goes
 * down (not past the last row). Returns whether the cursor moved. */
static int
vt_lines_feed(struct vt_lines *l)
{
	if (l->row == l->bottom) {
		vt_scroll_up(l->vt, l->top, l->bottom);
		return (0);
	}
	if (l->row < l->rows - 1) {
		l->row++;
		return (1);
	}
	return (0);
}

/* CR and LF at s[0, n), as libvterm's control calls: a move reported
 * takes a wait to wrap away. */
static void
vt_lines_controls(struct vt_lines *l, const unsigned char *s, size_t n)
{
	size_t	i;
	int	moved;

	for (i = 0; i < n; i++) {
		if (s[i] == '\r') {
			moved = (l->col != 0);
			l->col = 0;
		} else
			moved = vt_lines_feed(l);
		if (moved) {
			l->phantom = 0;
			vt_moved(l->vt, l->row, l->col);
		}
	}
}

/* Glyphs s[0, n), as one text call of libvterm's: a glyph after one at
 * the last column wraps first (with autowrap; without it, each one goes
 * over the last column). *lrow and *lcol get where the last one went. */
static void
vt_lines_text(struct vt_lines *l, const unsigned char *s, size_t n,
    int *lrow, int *lcol)
{
	size_t	i = 0, k;
	int	r0 = l->row, c0 = l->col;

	while (i < n) {
		if (l->phantom) {
			/* The wrap: a line feed and the left edge, no move
			 * reported. */
			vt_lines_feed(l);
			l->col = 0;
			l->phantom = 0;
		}
		k = n - i;
		if (k > (size_t)(l->cols - l->col))
			k = l->cols - l->col;
		if (!l->wrap && l->col == l->cols - 1) {
			/* Each goes over the last column: the last shows. */
			i = n - 1;
			k = 1;
		}
		vt_lines_glyphs(l->vt, s + i, k, l->row, l->col);
		*lrow = l->row;
		*lcol = l->col + k - 1;
		i += k;
		l->col += k;
		if (l->col == l->cols) {
			l->col = l->cols - 1;
			l->phantom = l->wrap;
		}
	}
	/* The end of the text call reports the move. */
	if (l->row != r0 || l->col != c0)
		vt_moved(l->vt, l->row, l->col);
}

/*
 * Lines of plain text: the n bytes at s are ground-state text (no byte
 * the scanner stops at); from s, printable ASCII, CR and LF are printed as
 * libvterm 0.1.4 prints them (see the top of the file), up to the first
 * other byte or the end. Line feeds at the bottom of the scroll region
 * scroll it (the line leaving the top of a region at the top of the
 * primary screen goes to history); a glyph after one at the last column
 * wraps. Only where vt_fast_ok allows and newline mode is off.
 *
 * A last glyph at the right edge is written here too but left for
 * libvterm to print again (the same cell, the same tracking), so that it
 * waits to wrap as it would: its cursor goes where that glyph was
 * printed. Another last glyph is kept for vt_mark. What follows the last
 * glyph is not taken (CR and LF are taken only when a glyph follows
 * them). Returns how many bytes were dealt with: libvterm is to be fed
 * from there. 0: none.
 */
size_t
vt_put_lines(struct vt *vt, const unsigned char *s, size_t n)
{
	struct vt_lines	 l;
	struct vt_pos	 pos;
	size_t		 i, j, last = 0;
	int		 lrow = -1, lcol = -1;

	if (!vt_fast_ok(vt) || vt->lnm || n < VT_FAST_MIN)
		return (0);
	for (i = 0; i < VT_FAST_MIN; i++) {
		if (!vt_fast_printable(s[i]) && s[i] != '\r' && s[i] != '\n')
			return (0);
	}
	j = vt_span_printable(s, s + n) - s;
	if (j == n || (s[j] != '\r' && s[j] != '\n')) {
		/* One run of text and no more (the most common between
		 * escape sequences): vt_put_text writes it with less. */
		return (vt_put_text(vt, NULL, NULL, s, j));
	}
	vt_vterm_pos(vt, &pos);
	l.vt = vt;
	l.rows = vt->grid->rows;
	l.cols = vt->grid->cols;
	if (pos.row < 0 || pos.col < 0 || pos.row >= l.rows ||
	    pos.col >= l.cols)
		return (0);
	l.row = pos.row;
	l.col = pos.col;
	l.phantom = 0;
	l.top = vt->top;
	l.bottom = vt_region_bottom(vt);
	l.wrap = (vt->dec & VT_DEC_AUTOWRAP) != 0;

	i = 0;
	while (i < n) {
		if (s[i] == '\r' || s[i] == '\n') {
			for (j = i + 1; j < n && (s[j] == '\r' ||
			    s[j] == '\n'); j++)
				/* nothing */;
			if (lrow != -1 && (j == n || !vt_fast_printable(s[j])))
				break;	/* after the last glyph */
			vt_lines_controls(&l, s + i, j - i);
			i = j;
			continue;
		}
		if (!vt_fast_printable(s[i]))
			break;
		j = vt_span_printable(s + i, s + n) - s;
		vt_lines_text(&l, s + i, j - i, &lrow, &lcol);
		last = j - 1;
		i = j;
	}
	if (lrow != -1 && lcol == l.cols - 1) {
		/* At the right edge, where libvterm may wait to wrap: it
		 * prints the last glyph again, from where it went. */
		l.row = lrow;
		l.col = lcol;
		i = last;
	} else if (lrow != -1)
		vt_mark_fast(vt, s[last], 1, lrow, lcol);
	if (l.row != pos.row || l.col != pos.col) {
		vt_lazy_move(vt, l.row, l.col);
		vt_moved(vt, l.row, l.col);
	}
	return (i);
}

/*
 * Give libvterm the glyph the fast path printed last, again, where it
 * went, so that its memory of the last glyph is that one: its cursor is
 * moved back over it first. In GL's set: ASCII (the glyph was printed in
 * it). Returns 0 when libvterm cannot be moved there as it was.
 */
static int
vt_mark_reprint(struct vt *vt)
{
	static const char	 g[] = "()*+";
	char			 buf[32 + 4 * (UTF8_MAX_CPS + 1)];
	uint32_t		 cp;
	unsigned int		 n, gl = vt->gl & 3;
	int			 len = 0, set;

	if ((vt->dec & (VT_DEC_ORIGIN|VT_DEC_LRMM)) || vt->mark_row < 0 ||
	    vt->mark_col < 0 || (unsigned int)vt->mark_row >= vt->grid->rows ||
	    (unsigned int)(vt->mark_col + vt->mark_width) >= vt->grid->cols)
		return (0);
	len = snprintf(buf, sizeof buf, "\033[%d;%dH", vt->mark_row + 1,
	    vt->mark_col + 1);
	set = (!vt->single_shift && vt->gset[gl] != 'B');
	if (set)
		len += snprintf(buf + len, sizeof buf - len, "\033%cB", g[gl]);
	for (n = 0; vt->mark_chars[n] != 0; n++) {
		cp = vt->mark_chars[n];
		if (cp == VT_ZWJ && n > 0 && vt->mark_chars[n + 1] != 0 &&
		    vt_fast_mark(VT_ZWJ) == 2) {
			/* Joined by the fast path (vt_fast_run): what
			 * vt_subst would have given libvterm for the two. */
			cp = vt_subst_joined(vt, vt->mark_chars[++n]);
		}
		len += utf8_encode(cp, buf + len);
	}
	if (set) {
		len += snprintf(buf + len, sizeof buf - len, "\033%c%c", g[gl],
		    vt->gset[gl]);
	}
	vt_feed_whole(vt, buf, len);
	return (1);
}

/* What vt_mark_reprint changes that the screen must not: the cells at
 * the glyph (and either side, for wide characters) and the tracking. */
struct vt_mark_saved {
	struct cell	cells[4];
	unsigned int	x0, n, used;
	int		plain, flags;
	int		wrap_valid, wrap_row, wrap_col, wrap_edge;
	int		edge_glyph, edge_wrap, edge_row, edge_col;
};

/* Keep it; 0 when the glyph's row is not on the screen. */
static int
vt_mark_save(struct vt *vt, struct vt_mark_saved *sv)
{
	struct grid_line	*gl;
	unsigned int		 x1;

	if (vt->mark_row < 0 || (unsigned int)vt->mark_row >= vt->grid->rows)
		return (0);	/* nothing there to save (or print again) */
	gl = vt->grid->lines[vt->mark_row];

	sv->x0 = vt->mark_col > 0 ? vt->mark_col - 1 : 0;
	x1 = vt->mark_col + (vt->mark_width > 0 ? vt->mark_width : 1) + 1;
	if (x1 > vt->grid->cols)
		x1 = vt->grid->cols;
	sv->n = x1 - sv->x0;
	memcpy(sv->cells, &gl->cells[sv->x0], sv->n * sizeof sv->cells[0]);
	sv->used = gl->used;
	sv->plain = gl->plain;
	sv->flags = gl->flags;
	sv->wrap_valid = vt->wrap_valid;
	sv->wrap_row = vt->wrap_row;
	sv->wrap_col = vt->wrap_col;
	sv->wrap_edge = vt->wrap_edge;
	sv->edge_glyph = vt->edge_glyph;
	sv->edge_wrap = vt->edge_wrap;
	sv->edge_row = vt->edge_row;
	sv->edge_col = vt->edge_col;
	vt->wrap_valid = 0;	/* no wrap to mark on the way */
	return (1);
}

static void
vt_mark_restore(struct vt *vt, const struct vt_mark_saved *sv)
{
	struct grid_line	*gl = grid_line_write(vt->grid, vt->mark_row);

	memcpy(&gl->cells[sv->x0], sv->cells, sv->n * sizeof sv->cells[0]);
	gl->used = sv->used;
	gl->plain = sv->plain;
	gl->flags = sv->flags | GRID_LINE_DIRTY;
	vt->wrap_valid = sv->wrap_valid;
	vt->wrap_row = sv->wrap_row;
	vt->wrap_col = sv->wrap_col;
	vt->wrap_edge = sv->wrap_edge;
	vt->edge_glyph = sv->edge_glyph;
	vt->edge_wrap = sv->edge_wrap;
	vt->edge_row = sv->edge_row;
	vt->edge_col = sv->edge_col;
}

/*
 * A combining mark cp (zero width, as libvterm is to be given it) is
 * next. libvterm 0.1.4 joins a mark at the start of a write to the last
 * glyph it printed when its cursor is right after that glyph (and puts
 * the glyph again, in the pen of now), else puts it on its own, of no
 * width, at the cursor. When the fast path printed the last glyph,
 * libvterm's memory is of an older one (lv_*), so what it would do had
 * it printed that glyph is done here: the join, and the mark on its own
 * where libvterm would join it to the older glyph instead. Where what
 * follows the mark must reach libvterm in the same write (a single shift
 * pending, which the mark ends; a set other than ASCII in GL, which a
 * write that starts with UTF-8 does not use), libvterm is given the
 * glyph again first (vt_mark_reprint) and then the mark. Returns 1 when
 * done here, 0 when libvterm is to be given the mark.
 */
int
vt_mark(struct vt *vt, uint32_t cp)
{
	struct vt_mark_saved	 sv;
	struct vt_pos		 pos;
	uint32_t		 one[2] = { cp, 0 };
	char			 buf[32];
	unsigned int		 n;
	int			 odd, join, len;

	/* With a single shift to a set designated since the reset (ASCII
	 * too), libvterm decodes the bytes as that set's characters, not as
	 * a mark. */
	if (!vt->mark_mux || (vt->single_shift &&
	    (vt->gdesig & (1 << (vt->single_shift & 3)))))
		return (0);
	vt_vterm_pos(vt, &pos);
	odd = (vt->single_shift || vt->gset[vt->gl & 3] != 'B');
	join = (pos.row == vt->mark_row &&
	    pos.col == vt->mark_col + vt->mark_width);
	if (join && odd) {
		/* (What the wrap tracking had stays: libvterm's join moves
		 * no cursor, the reprint's does.) */
		if (!vt_mark_save(vt, &sv))
			return (0);
		vt_mark_reprint(vt);
		vt_mark_restore(vt, &sv);
		return (0);
	}
	if (join) {
		for (n = 0; vt->mark_chars[n] != 0; n++)
			/* nothing */;
		if (n < UTF8_MAX_CPS + 1) {
			vt->mark_chars[n++] = cp;
			vt->mark_chars[n] = 0;
		}
		vt_put_glyph(vt, vt->mark_chars, vt->mark_width, vt->mark_row,
		    vt->mark_col);
		return (1);
	}
	if (pos.row != vt->lv_row || pos.col != vt->lv_col + vt->lv_width)
		return (0);	/* libvterm puts it on its own too */
	if (!odd) {
		vt_put_glyph(vt, one, 0, pos.row, pos.col);
		vt_mark_fast(vt, cp, 0, pos.row, pos.col);
		return (1);
	}
	/*
	 * libvterm would join it to the older glyph, and what follows must
	 * go with it: its memory is made the glyph's, the screen kept, and
	 * its cursor put back. (With a single shift pending, printing the
	 * glyph again would end it: left as it is.)
	 */
	if (vt->single_shift || pos.row < 0 || pos.col < 0)
		return (0);
	if (!vt_mark_save(vt, &sv))
		return (0);
	if (vt_mark_reprint(vt)) {
		len = snprintf(buf, sizeof buf, "\033[%d;%dH", pos.row + 1,
		    pos.col + 1);
		vt_feed_whole(vt, buf, len);
	}
	vt_mark_restore(vt, &sv);
	return (0);
}
