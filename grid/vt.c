/*
 * vt: a pane's terminal on libvterm's state layer.
 *
 * libvterm (0.1.4) parses and keeps the terminal state: cursor, modes, pen,
 * scroll region, key and mouse encoding. Its state callbacks write into
 * mux's own grids (one for the primary screen, one for the alternate) and
 * the primary screen's history. The screen layer is never used. This file
 * and vt-keys.c are the only ones that include <vterm.h>.
 *
 * Every byte first passes the scanner in vt-scan.c, which works around
 * what 0.1.4 gets wrong (split strings, CSI 3 J, ?2026, ?1004, REP, long
 * parameter lists, ...). This file keeps the libvterm side:
 *   - the callbacks that write the grids, and the pen, modes and cursor
 *     they report;
 *   - widths: libvterm's width table is older than utf8proc's (U+1F9D1 is
 *     1 column to libvterm, 2 to utf8proc and glibc). Since libvterm moves
 *     its cursor by its own width, a cell placed with another width would
 *     overlap its neighbour. Instead, a code point whose utf8proc width
 *     differs from libvterm's is replaced before libvterm sees it by a
 *     placeholder code point that libvterm gives the utf8proc width (from
 *     U+30000 for width 2, U+F0000 for 1, U+E0100 for 0, a ring of slots
 *     each), and putglyph maps the placeholder back. libvterm then places
 *     the cursor, wraps and combines exactly as utf8proc's widths say, so
 *     the grid matches what programs using wcwidth expect and never shifts.
 *     libvterm's width of a code point is learned once by feeding it to a
 *     private probe terminal and cached (2 bits a code point);
 *   - joining, as tmux 3.3a joins: a zero width joiner (U+200D) is held
 *     back, and the character right after it decides. A wide or zero
 *     width one joins the glyph before the joiner (libvterm gets a zero
 *     width placeholder for it and adds it to that glyph; the cell keeps
 *     the first glyph's width and gets the joiner and the character); a
 *     narrow one or anything else is written as it is and the joiner is
 *     dropped, as it is at the end of the output. With no glyph before
 *     it (the cursor moved since) the joiner is dropped, and at the left
 *     edge so is the wide or zero width character after it, as tmux does.
 *     Regional indicators are one column each and are not paired, VS16
 *     (U+FE0F) is a zero width mark that widens nothing, and a cell keeps
 *     at most VT_CELL_BYTES of UTF-8 (tmux's UTF8_SIZE): checked against
 *     tmux 3.3a's cursor and capture-pane here (regress/widths.sh);
 *   - resizing (the reflow itself is in vt-reflow.c).
 * Input for the pane (keys, paste, focus, mouse) is encoded in vt-keys.c.
 *
 * Line wrapping: 0.1.4 has no "continuation" line info. A line wrapped when
 * a glyph lands at column 0 of the next row with no cursor movement since
 * the previous glyph, which is what only autowrap does; vt keeps where
 * libvterm's cursor must be after the last glyph and any movecursor
 * elsewhere cancels.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vterm.h>

#include "common/log.h"
#include "common/utf8.h"
#include "common/xmalloc.h"
#include "grid/vt-int.h"

/*
 * libvterm's width of each code point, learned on demand from a probe
 * terminal: 2 bits each, 0 unknown, else width + 1. Process-wide, because
 * it describes the library, not a pane.
 */
static uint8_t		 vt_lw_cache[0x110000 / 4];
static VTerm		*vt_lw_vterm;
static uint32_t		 vt_lw_chars[2];
static int		 vt_lw_width;
static int		 vt_subst_ok;

static void	vt_pos(const struct vt *, VTermPos *);


/* Probe terminal's putglyph: remember the last glyph. */
static int
vt_lw_putglyph(VTermGlyphInfo *info, VTermPos pos, void *data)
{
	vt_lw_chars[0] = info->chars[0];
	vt_lw_chars[1] = info->chars[0] != 0 ? info->chars[1] : 0;
	vt_lw_width = info->width;
	return (1);
}

/* Ask the probe terminal for libvterm's width of cp (0, 1 or 2). */
static int
vt_lw_probe(uint32_t cp)
{
	char	buf[8];
	size_t	n;

	buf[0] = '\r';
	buf[1] = 'a';
	n = 2 + utf8_encode(cp, buf + 2);
	vt_lw_chars[0] = vt_lw_chars[1] = 0;
	vt_lw_width = 1;
	vterm_input_write(vt_lw_vterm, buf, n);
	if (vt_lw_chars[0] == 'a' && vt_lw_chars[1] == cp)
		return (0);
	if (vt_lw_chars[0] == cp && vt_lw_width == 2)
		return (2);
	return (1);
}

/* Create the probe terminal and check the placeholder ranges once. */
static void
vt_lw_init(void)
{
	static const VTermStateCallbacks	cbs = {
		.putglyph = vt_lw_putglyph
	};
	VTermState				*state;

	if (vt_lw_vterm != NULL)
		return;
	vt_lw_vterm = vterm_new(1, 10);
	vterm_set_utf8(vt_lw_vterm, 1);
	state = vterm_obtain_state(vt_lw_vterm);
	vterm_state_set_callbacks(state, &cbs, NULL);
	vterm_state_reset(state, 1);
	vt_subst_ok = (vt_lw_probe(VT_WIDE_BASE) == 2 &&
	    vt_lw_probe(VT_WIDE_BASE + VT_WIDE_SLOTS - 1) == 2 &&
	    vt_lw_probe(VT_NARROW_BASE) == 1 &&
	    vt_lw_probe(VT_NARROW_BASE + VT_NARROW_SLOTS - 1) == 1 &&
	    vt_lw_probe(VT_ZERO_BASE) == 0 &&
	    vt_lw_probe(VT_ZERO_BASE + VT_ZERO_SLOTS - 1) == 0);
	if (!vt_subst_ok)
		log_debug("vt: libvterm placeholder widths differ, no subst");
}

/* libvterm's width of cp, cached. */
static int
vt_lw_width_of(uint32_t cp)
{
	unsigned int	shift = (cp & 3) * 2;
	int		v;

	v = (vt_lw_cache[cp >> 2] >> shift) & 3;
	if (v == 0) {
		v = vt_lw_probe(cp) + 1;
		vt_lw_cache[cp >> 2] |= v << shift;
	}
	return (v - 1);
}

static void	vt_join_edge(struct vt *, uint32_t);

/* Is cp one of the placeholder code points? */
static inline int
vt_is_placeholder(uint32_t cp)
{
	return ((cp >= VT_WIDE_BASE && cp < VT_WIDE_BASE + VT_WIDE_SLOTS) ||
	    (cp >= VT_NARROW_BASE && cp < VT_NARROW_BASE + VT_NARROW_SLOTS) ||
	    (cp >= VT_ZERO_BASE && cp < VT_ZERO_BASE + VT_ZERO_SLOTS));
}

/* The pane's placeholder slots, made when first needed. */
static struct vt_slots *
vt_slots(struct vt *vt)
{
	struct vt_slots	*sl;
	unsigned int	 i;

	if ((sl = vt->slots) == NULL) {
		/* An unused slot stands for its own code point. */
		sl = vt->slots = xcalloc(1, sizeof *vt->slots);
		for (i = 0; i < VT_WIDE_SLOTS; i++)
			sl->wide[i] = VT_WIDE_BASE + i;
		for (i = 0; i < VT_NARROW_SLOTS; i++)
			sl->narrow[i] = VT_NARROW_BASE + i;
		for (i = 0; i < VT_ZERO_SLOTS; i++)
			sl->zero[i] = VT_ZERO_BASE + i;
	}
	return (sl);
}

/* The zero width placeholder vt_subst feeds for cp right after a joiner
 * that joins it to the glyph before (putglyph puts the joiner back). */
uint32_t
vt_subst_joined(struct vt *vt, uint32_t cp)
{
	struct vt_slots	*sl = vt_slots(vt);
	unsigned int	 slot;

	slot = sl->next_zero++ % VT_ZERO_SLOTS;
	sl->zero[slot] = cp | VT_SLOT_ZWJ;
	return (VT_ZERO_BASE + slot);
}

/*
 * What to feed libvterm for code point cp (>= 0x80): 0 as it is, 1 the
 * placeholder in *out, -1 nothing.
 */
int
vt_subst(struct vt *vt, uint32_t cp, uint32_t *out)
{
	struct vt_slots	*sl;
	unsigned int	 slot;
	int		 u, joined = 0;
	VTermPos	 pos;

	if (cp < 0xa0)
		return (-1);
	if (!vt_subst_ok)
		return (0);
	u = utf8_cp_width(cp);
	if (u < 0)
		u = 0;
	if (cp == VT_ZWJ) {
		/* Held back: what follows decides (see the top). */
		vt->zwj = 1;
		return (-1);
	}
	if (vt->zwj != 0) {
		/* The character right after a joiner: libvterm has had
		 * everything before the joiner. */
		vt->zwj = 0;
		vt_pos(vt, &pos);
		if (u == 1)
			joined = 0;	/* the joiner goes, it stays */
		else if (vt->wrap_valid)
			joined = 1;
		else if (pos.col == 0)
			return (-1);	/* nothing to join: it goes too */
	}
	if (joined && vt->wrap_edge) {
		/* After a glyph at the right edge libvterm adds nothing to
		 * it: the cell is joined here. */
		vt_join_edge(vt, cp);
		return (-1);
	}
	if (joined) {
		/* Wide or zero width: a zero width placeholder, so libvterm
		 * adds it to its last glyph; putglyph puts the joiner back
		 * before it. */
		u = 0;
	} else if (!vt_is_placeholder(cp) && vt_lw_width_of(cp) == u)
		return (0);
	sl = vt_slots(vt);
	switch (u) {
	case 2:
		slot = sl->next_wide++ % VT_WIDE_SLOTS;
		sl->wide[slot] = cp;
		*out = VT_WIDE_BASE + slot;
		break;
	case 1:
		slot = sl->next_narrow++ % VT_NARROW_SLOTS;
		sl->narrow[slot] = cp;
		*out = VT_NARROW_BASE + slot;
		break;
	default:
		if (joined) {
			*out = vt_subst_joined(vt, cp);
			break;
		}
		slot = sl->next_zero++ % VT_ZERO_SLOTS;
		sl->zero[slot] = cp;
		*out = VT_ZERO_BASE + slot;
		break;
	}
	return (1);
}

/* The real code point behind a (possible) placeholder. */
static inline uint32_t
vt_unmap(const struct vt *vt, uint32_t cp)
{
	const struct vt_slots	*sl = vt->slots;

	if (cp < VT_WIDE_BASE || sl == NULL)
		return (cp);
	if (cp - VT_WIDE_BASE < VT_WIDE_SLOTS)
		return (sl->wide[cp - VT_WIDE_BASE]);
	if (cp - VT_ZERO_BASE < VT_ZERO_SLOTS)
		return (sl->zero[cp - VT_ZERO_BASE]);
	if (cp - VT_NARROW_BASE < VT_NARROW_SLOTS)
		return (sl->narrow[cp - VT_NARROW_BASE]);
	return (cp);
}

/* Recompute the cell template from the pen and the extra attributes. */
void
vt_update_pen(struct vt *vt)
{
	/* Built whole and stored once: the fast path copies it whole, and
	 * a copy of a cell just after its bit fields were written one by
	 * one is a load the stores cannot be forwarded to. */
	struct cell	c = CELL_BLANK;

	c.ch = vt->pen.ch;
	c.fg = vt->pen.fg;
	c.bg = vt->pen.bg;
	c.attr = vt->pen.attr | vt->extra;
	c.flags = vt->ul_id;
	c.link = vt->link_id;
	vt->pen_cell = c;
	vt->pen_plain = -1;	/* vt_pen_plain */
}

/* Convert a libvterm colour. */
static uint32_t
vt_colour(const VTermColor *col)
{
	if (col->type & VTERM_COLOR_DEFAULT_MASK)
		return (COLOUR_DEFAULT);
	if (VTERM_COLOR_IS_INDEXED(col))
		return (COLOUR_INDEX(col->indexed.idx));
	return (COLOUR_RGB(col->rgb.red, col->rgb.green, col->rgb.blue));
}

/* Record that the line libvterm's cursor was on after the last glyph
 * wrapped onto the next one. */
void
vt_mark_wrapped(struct vt *vt)
{
	struct grid	*g = vt->grid;
	unsigned int	 size;

	if (vt->wrap_row >= 0) {
		if ((unsigned int)vt->wrap_row < g->rows)
			g->lines[vt->wrap_row]->flags |= GRID_LINE_WRAPPED;
		return;
	}
	size = history_size(vt->hist);
	if (vt->grid == vt->primary && (unsigned int)-vt->wrap_row <= size)
		history_set_wrapped(vt->hist, size + vt->wrap_row, 1);
}

/* Add cp to the n code points of a cell (bytes of UTF-8 so far), unless
 * it would pass UTF8_MAX_CPS or VT_CELL_BYTES: returns 0 then. */
static int
vt_cell_add(uint32_t *cps, unsigned int *n, unsigned int *bytes, uint32_t cp)
{
	char		tmp[4];
	unsigned int	len = utf8_encode(cp, tmp);

	if (len == 0)
		return (1);	/* not a code point: skipped */
	if (*n == UTF8_MAX_CPS || *bytes + len > VT_CELL_BYTES)
		return (0);
	cps[(*n)++] = cp;
	*bytes += len;
	return (1);
}

/* Join cp (after a joiner) to the glyph libvterm left at the right edge. */
static void
vt_join_edge(struct vt *vt, uint32_t cp)
{
	struct grid_line	*gl;
	struct cell		*c;
	uint32_t		 cps[UTF8_MAX_CPS], tmp[UTF8_MAX_CPS];
	unsigned int		 n = 0, bytes = 0, i, k;

	if ((unsigned int)vt->edge_row >= vt->grid->rows ||
	    (unsigned int)vt->edge_col >= vt->grid->cols)
		return;
	gl = grid_line_write(vt->grid, vt->edge_row);
	c = &gl->cells[vt->edge_col];
	k = utf8_expand(c->ch, tmp);
	for (i = 0; i < k; i++)
		vt_cell_add(cps, &n, &bytes, tmp[i]);
	if (vt_cell_add(cps, &n, &bytes, VT_ZWJ))
		vt_cell_add(cps, &n, &bytes, cp);
	c->ch = utf8_intern(cps, n);
	gl->flags |= GRID_LINE_DIRTY;
	vt->gen++;
}

/* The character set the glyph libvterm puts now was taken from: the one
 * a pending SS2 or SS3 names, else the one shifted into GL. */
static unsigned char
vt_glyph_set(const struct vt *vt)
{
	if (vt->single_shift == 2 || vt->single_shift == 3)
		return (vt->gset[vt->single_shift]);
	return (vt->gset[vt->gl & 3]);
}

/* State callback: a glyph at pos. */
static int
vt_cb_putglyph(VTermGlyphInfo *info, VTermPos pos, void *data)
{
	struct vt	*vt = data;
	unsigned int	 i;

	/* What libvterm will join a combining mark to (see vt_mark). */
	for (i = 0; i < UTF8_MAX_CPS + 1 && info->chars[i] != 0; i++)
		vt->mark_chars[i] = info->chars[i];
	vt->mark_chars[i] = 0;
	vt->mark_width = info->width;
	vt->mark_row = vt->lv_row = pos.row;
	vt->mark_col = vt->lv_col = pos.col;
	vt->lv_width = info->width;
	vt->mark_mux = 0;
	vt_put_glyph(vt, info->chars, info->width, pos.row, pos.col);
	return (1);
}

void
vt_put_glyph(struct vt *vt, const uint32_t *chars, int info_width, int row,
    int col)
{
	VTermPos		 pos = { .row = row, .col = col };
	struct grid		*g = vt->grid;
	struct grid_line	*gl;
	struct cell		 c, *dst;
	uint32_t		 cps[UTF8_MAX_CPS], cp, ch;
	unsigned int		 n, i, bytes, plain;
	int			 width;

	if (pos.row < 0 || pos.col < 0 || (unsigned int)pos.row >= g->rows ||
	    (unsigned int)pos.col >= g->cols)
		return;

	if (chars[0] == '_' && chars[1] == 0 &&
	    vt_glyph_set(vt) == '0') {
		/* 0x5f is blank in DEC special graphics (VT100 User Guide,
		 * table 3-9; xterm); libvterm 0.1.4's table starts at 0x60
		 * and passes the underscore through. */
		ch = ' ';
	} else if (chars[0] < VT_WIDE_BASE && chars[1] == 0)
		ch = chars[0];
	else {
		/* libvterm 0.1.4 passes every combining mark (the array
		 * ends with 0); the cell keeps what fits in VT_CELL_BYTES of
		 * UTF-8, as tmux 3.3a's cells do. A character joined by a
		 * zero width joiner gets the joiner back in front. */
		n = 0;
		bytes = 0;
		for (i = 0; chars[i] != 0; i++) {
			cp = vt_unmap(vt, chars[i]);
			if (cp & VT_SLOT_ZWJ) {
				cp &= ~VT_SLOT_ZWJ;
				if (!vt_cell_add(cps, &n, &bytes, VT_ZWJ))
					break;
			}
			if (!vt_cell_add(cps, &n, &bytes, cp))
				break;
		}
		ch = utf8_intern(cps, n);
	}
	if (ch == 0)
		ch = ' ';
	width = info_width == 2 ? 2 : 1;
	plain = g->lines[pos.row]->plain;
	gl = grid_line_write(g, pos.row);
	dst = &gl->cells[pos.col];
	if (width == 1 && dst->width == 1) {
		/* The common case: one narrow cell over another. The pen
		 * whole, then the character (no cell read back just after
		 * a part of it was written: see vt_put_text). */
		*dst = vt->pen_cell;
		dst->ch = ch;
		gl->flags |= GRID_LINE_DIRTY;
		if (gl->used <= (unsigned int)pos.col)
			gl->used = pos.col + 1;
		if (ch - 0x20 < 0x5f && vt_pen_plain(vt))
			grid_plain_put(gl, plain, pos.col + 1);
	} else {
		c = vt->pen_cell;
		c.ch = ch;
		c.width = width;
		grid_set_cell(g, pos.col, pos.row, &c);
	}

	if (vt->wrap_valid && pos.col == 0 && pos.row == vt->wrap_row + 1)
		vt_mark_wrapped(vt);
	vt->wrap_valid = 1;
	vt->wrap_row = pos.row;
	vt->wrap_col = pos.col + width;
	vt->wrap_edge = ((unsigned int)vt->wrap_col >= g->cols);
	if (vt->wrap_edge) {
		/* libvterm's cursor stays on the glyph (a wide one short
		 * of the last column too) until the wrap. */
		vt->wrap_col = pos.col;
	}
	vt->single_shift = 0;	/* a glyph took it */
	vt->edge_glyph = (pos.col + width >= (int)g->cols);
	vt->edge_wrap = (vt->dec & VT_DEC_AUTOWRAP) != 0;
	vt->edge_row = pos.row;
	vt->edge_col = pos.col;
	vt->gen++;
	return;
}

/*
 * vt_fast_width's answer for each code point below VT_WIDE_BASE, learned
 * when first asked: 2 bits each, 0 not yet, else the answer + 1. One
 * lookup in place of utf8proc's width and libvterm's (both cached, but
 * two tables and two calls a character); process-wide, like the tables it
 * is made from.
 */
uint8_t			 vt_fast_cache[VT_WIDE_BASE / 4];

/* vt_fast_width for a code point not yet in vt_fast_cache: 1 or 2 when
 * libvterm gives it the width utf8proc does and it needs no placeholder
 * (vt_subst would feed it as it is), else 0. */
int
vt_fast_width_learn(uint32_t cp)
{
	int	u;

	u = utf8_cp_width(cp);
	if ((u != 1 && u != 2) || vt_lw_width_of(cp) != u)
		u = 0;
	vt_fast_cache[cp >> 2] |= (u + 1) << ((cp & 3) * 2);
	return (u);
}

/*
 * vt_fast_mark's answer for each code point below VT_WIDE_BASE, learned
 * as vt_fast_cache is: 2 bits each, 0 not yet, else the answer + 1.
 */
uint8_t			 vt_fast_mark_cache[VT_WIDE_BASE / 4];

/* vt_fast_mark for a code point not yet in vt_fast_mark_cache. A mark is
 * what vt_scan_text gives vt_mark, fed as it is (vt_subst): zero columns to
 * mux and to libvterm, which then joins it to the glyph before it in one
 * write (what vt_lw_probe's 0 means). The joiner joins only with the
 * placeholders (vt_subst). */
int
vt_fast_mark_learn(uint32_t cp)
{
	int	v = 0;

	if (cp == VT_ZWJ && vt_subst_ok)
		v = 2;
	else if (utf8_cp_width(cp) == 0 && vt_lw_width_of(cp) == 0)
		v = 1;
	vt_fast_mark_cache[cp >> 2] |= (v + 1) << ((cp & 3) * 2);
	return (v);
}

/* Whether plain text takes the fast path (on at first). */
void
vt_set_fast_text(struct vt *vt, int on)
{
	vt->no_fast = !on;
}

/*
 * The fast path moves the cursor without telling libvterm (lazy): where
 * it is, for everything that asks, until libvterm is given anything.
 */
static void
vt_pos(const struct vt *vt, VTermPos *pos)
{
	if (vt->lazy) {
		pos->row = vt->lazy_row;
		pos->col = vt->lazy_col;
	} else
		vterm_state_get_cursorpos(vt->state, pos);
}

/*
 * Before libvterm is given anything: its cursor is moved to where the
 * fast path left it (along the row, or CUP: origin mode is off while the
 * fast path prints, and set only through libvterm, after this). The move
 * was reported to vt_moved when the fast path made it; libvterm's report
 * of it now is not one (a scroll since may have moved what the wrap
 * tracking follows), so it is not passed on.
 */
void
vt_sync(struct vt *vt)
{
	VTermPos	pos;
	char		buf[32];
	int		len, d;

	if (!vt->lazy)
		return;
	vt->lazy = 0;
	vterm_state_get_cursorpos(vt->state, &pos);
	if (pos.row == vt->lazy_row && pos.col == vt->lazy_col)
		return;
	if (pos.row != vt->lazy_row) {
		len = snprintf(buf, sizeof buf, "\033[%d;%dH",
		    vt->lazy_row + 1, vt->lazy_col + 1);
	} else {
		d = vt->lazy_col - pos.col;
		len = snprintf(buf, sizeof buf, "\033[%d%c", d > 0 ? d : -d,
		    d > 0 ? 'C' : 'D');
	}
	vt->syncing = 1;
	vterm_input_write(vt->vterm, buf, len);
	vt->syncing = 0;
}

/* State callback: the cursor moved. */
static int
vt_cb_movecursor(VTermPos pos, VTermPos oldpos, int visible, void *data)
{
	struct vt	*vt = data;

	if (!vt->syncing)
		vt_moved(vt, pos.row, pos.col);
	return (1);
}

/* libvterm's own cursor, the fast path not ahead of it (vt_vterm_pos). */
void
vt_state_pos(const struct vt *vt, struct vt_pos *pos)
{
	VTermPos	p;

	vterm_state_get_cursorpos(vt->state, &p);
	pos->row = p.row;
	pos->col = p.col;
}

void
vt_push_history(struct vt *vt, unsigned int n)
{
	struct grid_line	*gl;
	unsigned int		 y;

	for (y = 0; y < n && y < vt->primary->rows; y++) {
		gl = vt->primary->lines[y];
		if (gl->plain != GRID_PLAIN_NONE) {
			history_push_plain(vt->hist, gl->cells, gl->plain,
			    vt->primary->cols,
			    (gl->flags & GRID_LINE_WRAPPED) != 0);
		} else {
			history_push(vt->hist, gl->cells, vt->primary->cols,
			    (gl->flags & GRID_LINE_WRAPPED) != 0);
		}
	}
}

/* State callback: scroll a rectangle. */
static int
vt_cb_scrollrect(VTermRect r, int down, int right, void *data)
{
	struct vt	*vt = data;
	struct grid	*g = vt->grid;
	unsigned int	 top, bottom, left, rt, w, h, n, y;
	int		 full, pushed = 0;

	if (r.start_row < 0 || r.start_col < 0 || r.end_row <= r.start_row ||
	    r.end_col <= r.start_col)
		return (1);
	top = r.start_row;
	bottom = r.end_row;
	left = r.start_col;
	rt = r.end_col;
	if (bottom > g->rows)
		bottom = g->rows;
	if (rt > g->cols)
		rt = g->cols;
	if (top >= bottom || left >= rt)
		return (1);
	h = bottom - top;
	w = rt - left;
	full = (left == 0 && rt == g->cols);
	vt->gen++;

	if (down != 0 && right == 0) {
		if (down > 0 && full && top == 0 && g == vt->primary) {
			n = (unsigned int)down < h ? (unsigned int)down : h;
			vt_push_history(vt, n);
			pushed = 1;
		}
		grid_scroll(g, top, bottom, left, rt, down, vt->pen.bg);

		if (vt->wrap_valid && vt->wrap_row >= (int)top &&
		    vt->wrap_row < (int)bottom) {
			if (!full)
				vt->wrap_valid = 0;
			else {
				vt->wrap_row -= down;
				if (vt->wrap_row >= (int)bottom ||
				    (vt->wrap_row < (int)top && !pushed))
					vt->wrap_valid = 0;
			}
		}
		return (1);
	}

	vt->wrap_valid = 0;
	if (down == 0 && right != 0) {
		n = (unsigned int)(right > 0 ? right : -right);
		if (n >= w) {
			for (y = top; y < bottom; y++)
				grid_clear_range(g, y, left, rt, vt->pen.bg);
			return (1);
		}
		if (right > 0) {
			grid_move_rect(g, left, top, left + n, top, w - n, h);
			for (y = top; y < bottom; y++)
				grid_clear_range(g, y, rt - n, rt, vt->pen.bg);
		} else {
			grid_move_rect(g, left + n, top, left, top, w - n, h);
			for (y = top; y < bottom; y++)
				grid_clear_range(g, y, left, left + n,
				    vt->pen.bg);
		}
		return (1);
	}

	/* Both directions at once: libvterm does not do this in practice. */
	for (y = top; y < bottom; y++)
		grid_clear_range(g, y, left, rt, vt->pen.bg);
	return (1);
}

/*
 * A line feed at the bottom of the scroll region (top to bottom, the full
 * width: no left/right margins), as libvterm 0.1.4 does it: the region
 * scrolls up one line through the scrollrect callback. libvterm's own
 * state changes only in its line info, which is all zero here (the
 * scanner drops double-width and double-height lines).
 */
void
vt_scroll_up(struct vt *vt, int top, int bottom)
{
	VTermRect	r;

	r.start_row = top;
	r.end_row = bottom + 1;
	r.start_col = 0;
	r.end_col = vt->grid->cols;
	vt_cb_scrollrect(r, 1, 0, vt);
}

/*
 * ICH/DCH done by mux when the cursor is above or below the scroll region:
 * libvterm 0.1.4 then does nothing, but the region only limits lines, and
 * xterm and tmux shift the row. Nothing happens outside the left and right
 * margins (xterm).
 */
void
vt_shift_chars(struct vt *vt, int n)
{
	VTermPos	pos;
	VTermRect	r;
	int		right = vt_region_right(vt) + 1;

	vt_pos(vt, &pos);
	if ((vt->dec & VT_DEC_LRMM) && (pos.col < vt->left || pos.col >= right))
		return;
	if (pos.row < 0 || pos.col < 0 || pos.col >= right)
		return;
	r.start_row = pos.row;
	r.end_row = pos.row + 1;
	r.start_col = pos.col;
	r.end_col = right;
	vt_cb_scrollrect(r, 0, -n, vt);
}

/*
 * DECALN: the screen filled with E in the default rendition, the margins
 * reset and the cursor home (xterm and tmux; libvterm 0.1.4 leaves the
 * cursor and uses the pen).
 */
void
vt_align(struct vt *vt)
{
	struct grid	*g = vt->grid;
	struct cell	 e = CELL_BLANK;
	unsigned int	 x, y;

	vt_sync(vt);
	e.ch = 'E';
	for (y = 0; y < g->rows; y++) {
		for (x = 0; x < g->cols; x++)
			grid_set_cell(g, x, y, &e);
		g->lines[y]->flags &= ~GRID_LINE_WRAPPED;
	}
	vterm_input_write(vt->vterm, "\033[r", 3);
	if (vt->dec & VT_DEC_LRMM)
		vterm_input_write(vt->vterm, "\033[s", 3);
	vterm_input_write(vt->vterm, "\033[H", 3);
	vt->top = vt->left = 0;
	vt->bottom = vt->right = -1;
	vt->wrap_valid = 0;
	vt->gen++;
}

/* State callback: move a rectangle. */
static int
vt_cb_moverect(VTermRect dest, VTermRect src, void *data)
{
	struct vt	*vt = data;

	if (dest.start_row < 0 || dest.start_col < 0 || src.start_row < 0 ||
	    src.start_col < 0 || src.end_row <= src.start_row ||
	    src.end_col <= src.start_col)
		return (1);
	grid_move_rect(vt->grid, dest.start_col, dest.start_row, src.start_col,
	    src.start_row, src.end_col - src.start_col,
	    src.end_row - src.start_row);
	vt->wrap_valid = 0;
	vt->gen++;
	return (1);
}

/*
 * State callback: erase a rectangle (with the pen's background). Selective
 * erase (DECSED/DECSEL) erases protected cells too: the grid does not keep
 * protection.
 */
static int
vt_cb_erase(VTermRect r, int selective, void *data)
{
	struct vt	*vt = data;
	struct grid	*g = vt->grid;
	int		 y;

	for (y = r.start_row; y < r.end_row; y++) {
		if (y < 0 || (unsigned int)y >= g->rows)
			continue;
		grid_clear_range(g, y, r.start_col < 0 ? 0 : r.start_col,
		    r.end_col, vt->pen.bg);
		if ((unsigned int)r.end_col >= g->cols)
			g->lines[y]->flags &= ~GRID_LINE_WRAPPED;
	}
	vt->gen++;
	return (1);
}

/* State callback: reset the pen. */
static int
vt_cb_initpen(void *data)
{
	struct vt	*vt = data;

	vt->pen = CELL_BLANK;
	vt_update_pen(vt);
	return (1);
}

/* Set or clear attribute bit a of the pen. */
static void
vt_pen_bit(struct vt *vt, uint16_t a, int on)
{
	if (on)
		vt->pen.attr |= a;
	else
		vt->pen.attr &= ~a;
}

/* State callback: one pen attribute changed. */
static int
vt_cb_setpenattr(VTermAttr attr, VTermValue *val, void *data)
{
	struct vt	*vt = data;

	switch (attr) {
	case VTERM_ATTR_BOLD:
		vt_pen_bit(vt, ATTR_BOLD, val->boolean);
		break;
	case VTERM_ATTR_UNDERLINE:
		vt->pen.attr &= ~ATTR_ANY_UNDERLINE;
		switch (val->number) {
		case VTERM_UNDERLINE_SINGLE:
			vt->pen.attr |= ATTR_UNDERLINE;
			break;
		case VTERM_UNDERLINE_DOUBLE:
			vt->pen.attr |= ATTR_UNDERLINE2;
			break;
		case VTERM_UNDERLINE_CURLY:
			vt->pen.attr |= ATTR_UNDERCURL;
			break;
		}
		break;
	case VTERM_ATTR_ITALIC:
		vt_pen_bit(vt, ATTR_ITALIC, val->boolean);
		break;
	case VTERM_ATTR_BLINK:
		vt_pen_bit(vt, ATTR_BLINK, val->boolean);
		break;
	case VTERM_ATTR_REVERSE:
		vt_pen_bit(vt, ATTR_REVERSE, val->boolean);
		break;
	case VTERM_ATTR_STRIKE:
		vt_pen_bit(vt, ATTR_STRIKE, val->boolean);
		break;
	case VTERM_ATTR_FOREGROUND:
		vt->pen.fg = vt_colour(&val->color);
		break;
	case VTERM_ATTR_BACKGROUND:
		vt->pen.bg = vt_colour(&val->color);
		break;
	default:
		break;
	}
	vt_update_pen(vt);
	return (1);
}

/* Switch between the primary and alternate screens. The alternate grid
 * exists only while it is shown: most panes never use it, and a full
 * grid is the largest part of a pane's memory. */
void
vt_set_alt(struct vt *vt, int on)
{
	VTermPos	pos;

	if (on == (vt->alternate != NULL && vt->grid == vt->alternate))
		return;
	if (on) {
		vt_pos(vt, &pos);
		vt->primary_cx = pos.col;
		vt->primary_cy = pos.row;
		vt->primary_saved = 1;
		vt->primary_fix = 0;
		/* A new grid is blank, as entering the screen requires. */
		vt->alternate = grid_create(vt->primary->cols,
		    vt->primary->rows);
		vt->grid = vt->alternate;
		vt->modes |= VT_MODE_ALTSCREEN;
	} else {
		vt->grid = vt->primary;
		vt->modes &= ~VT_MODE_ALTSCREEN;
		grid_free(vt->alternate);
		vt->alternate = NULL;
	}
	grid_dirty_all(vt->grid);
	vt->wrap_valid = 0;
	vt->gen++;
}

/* Keep a title: valid printable UTF-8 only, bounded. */
static void
vt_set_title(struct vt *vt, const char *s)
{
	char		*t;
	size_t		 len = strlen(s), out = 0;
	uint32_t	 cp;
	int		 n;

	t = xmalloc(VT_TITLE_MAX + 1);
	while (len > 0) {
		n = utf8_decode(s, len, &cp);
		if (n <= 0) {
			s++;
			len--;
			continue;
		}
		if (utf8_cp_width(cp) >= 0) {
			if (out + n > VT_TITLE_MAX)
				break;
			memcpy(t + out, s, n);
			out += n;
		}
		s += n;
		len -= n;
	}
	t[out] = '\0';
	free(vt->title);
	vt->title = t;
	if (vt->cb->title != NULL)
		vt->cb->title(vt->title, vt->cbarg);
}

/* State callback: a terminal property changed. */
static int
vt_cb_settermprop(VTermProp prop, VTermValue *val, void *data)
{
	struct vt	*vt = data;

	switch (prop) {
	case VTERM_PROP_CURSORVISIBLE:
		vt->visible = val->boolean;
		break;
	case VTERM_PROP_CURSORBLINK:
		vt->blink = val->boolean;
		break;
	case VTERM_PROP_ALTSCREEN:
		vt_set_alt(vt, val->boolean);
		break;
	case VTERM_PROP_TITLE:
		if (val->string != NULL)
			vt_set_title(vt, val->string);
		break;
	case VTERM_PROP_REVERSE:
		if (val->boolean)
			vt->modes |= VT_MODE_REVERSE;
		else
			vt->modes &= ~VT_MODE_REVERSE;
		grid_dirty_all(vt->grid);
		break;
	case VTERM_PROP_CURSORSHAPE:
		switch (val->number) {
		case VTERM_PROP_CURSORSHAPE_UNDERLINE:
			vt->shape = VT_CURSOR_UNDERLINE;
			break;
		case VTERM_PROP_CURSORSHAPE_BAR_LEFT:
			vt->shape = VT_CURSOR_BAR;
			break;
		default:
			vt->shape = VT_CURSOR_BLOCK;
			break;
		}
		break;
	case VTERM_PROP_MOUSE:
		vt->modes &= ~VT_MODE_MOUSE_ANY;
		switch (val->number) {
		case VTERM_PROP_MOUSE_CLICK:
			vt->modes |= VT_MODE_MOUSE_CLICK;
			break;
		case VTERM_PROP_MOUSE_DRAG:
			vt->modes |= VT_MODE_MOUSE_DRAG;
			break;
		case VTERM_PROP_MOUSE_MOVE:
			vt->modes |= VT_MODE_MOUSE_MOVE;
			break;
		}
		break;
	default:
		break;
	}
	vt->gen++;
	return (1);
}

/* State callback: BEL. */
static int
vt_cb_bell(void *data)
{
	struct vt	*vt = data;

	if (vt->cb->bell != NULL)
		vt->cb->bell(vt->cbarg);
	return (1);
}

/*
 * State callback: libvterm is resizing (from vt_resize). Resize the grids
 * here and tell libvterm where the reflow put the cursor.
 */
static int
vt_cb_resize(int rows, int cols, VTermPos *delta, void *data)
{
	struct vt	*vt = data;
	VTermPos	 now;
	unsigned int	 oldcols = vt->cols, oldrows = vt->rows;
	int		 cx, cy;

	if (vt->rs_probe)
		return (1);
	if (vt->grid == vt->primary) {
		cx = vt->rs_cx;
		cy = vt->rs_cy;
	} else {
		cx = vt->primary_cx;
		cy = vt->primary_cy;
	}
	vt_reflow(vt->primary, vt->hist, oldcols, oldrows, cols, rows, &cx,
	    &cy);
	if (vt->alternate != NULL)
		grid_resize(vt->alternate, cols, rows);
	if (vt->grid == vt->primary) {
		vt->rs_cx = cx;
		vt->rs_cy = cy;
	} else {
		vt->primary_cx = cx;
		vt->primary_cy = cy;
		vt->primary_fix = 1;
		if (vt->rs_cx >= cols)
			vt->rs_cx = cols - 1;
		if (vt->rs_cy >= rows)
			vt->rs_cy = rows - 1;
	}
	/* libvterm adds delta to where its cursor is now. */
	vt_pos(vt, &now);
	delta->row = vt->rs_cy - now.row;
	delta->col = vt->rs_cx - now.col;
	vt->cols = cols;
	vt->rows = rows;
	return (1);
}

/* State callback: DECDWL/DECDHL line info; double-size lines are drawn
 * single size. */
static int
vt_cb_setlineinfo(int row, const VTermLineInfo *newinfo,
    const VTermLineInfo *oldinfo, void *data)
{
	return (1);
}

/* Fallback: an OSC libvterm does not handle. Colours are vt-colour.c's;
 * OSC 52 goes to clipboard. */
static int
vt_cb_osc(const char *command, size_t len, void *data)
{
	struct vt	*vt = data;
	const char	*semi;
	char		 sel[16];
	size_t		 n;

	if (vt_osc_colour(vt, command, len))
		return (1);
	if (len >= 2 && memcmp(command, "7;", 2) == 0) {
		/* The working directory a program says it is in (a URI,
		 * kept as given, as tmux keeps it for pane_path). */
		free(vt->path);
		vt->path = xstrndup(command + 2, len - 2);
		vt->gen++;
		return (1);
	}
	if (len < 3 || memcmp(command, "52;", 3) != 0)
		return (0);
	semi = memchr(command + 3, ';', len - 3);
	if (semi == NULL)
		return (1);
	n = semi - (command + 3);
	if (n >= sizeof sel)
		n = sizeof sel - 1;
	memcpy(sel, command + 3, n);
	sel[n] = '\0';
	if (vt->cb->clipboard != NULL)
		vt->cb->clipboard(sel, semi + 1, command + len - (semi + 1),
		    vt->cbarg);
	return (1);
}

/* libvterm's output: replies and encoded input for the pane. */
static void
vt_cb_output(const char *buf, size_t len, void *data)
{
	struct vt	*vt = data;

	vt->out_bytes += len;
	if (vt->mouse_buf != NULL) {
		/* A mouse report, caught for vt_mouse_fix. */
		if (len > VT_MOUSE_MAX - vt->mouse_len)
			len = VT_MOUSE_MAX - vt->mouse_len;
		memcpy(vt->mouse_buf + vt->mouse_len, buf, len);
		vt->mouse_len += len;
		return;
	}
	if (vt->cb->output != NULL)
		vt->cb->output(buf, len, vt->cbarg);
}

static const VTermStateCallbacks vt_state_callbacks = {
	.putglyph = vt_cb_putglyph,
	.movecursor = vt_cb_movecursor,
	.scrollrect = vt_cb_scrollrect,
	.moverect = vt_cb_moverect,
	.erase = vt_cb_erase,
	.initpen = vt_cb_initpen,
	.setpenattr = vt_cb_setpenattr,
	.settermprop = vt_cb_settermprop,
	.bell = vt_cb_bell,
	.resize = vt_cb_resize,
	.setlineinfo = vt_cb_setlineinfo
};

static const VTermParserCallbacks vt_fallbacks = {
	.osc = vt_cb_osc
};

/* Create a terminal with its grids, history and libvterm. */
struct vt *
vt_create(unsigned int cols, unsigned int rows, unsigned int history_limit,
    const struct vt_callbacks *cb, void *arg)
{
	struct vt	*vt;

	vt_lw_init();
	if (cols == 0)
		cols = 1;
	if (rows == 0)
		rows = 1;

	vt = xcalloc(1, sizeof *vt);
	vt->cb = cb;
	vt->cbarg = arg;
	vt->cols = cols;
	vt->rows = rows;
	vt->primary = grid_create(cols, rows);
	vt->committed = UINT64_MAX;	/* never: every line is dirty */
	vt->alternate = NULL;	/* made when a program switches to it */
	vt->grid = vt->primary;
	vt->hist = history_create(history_limit);
	vt->pen = CELL_BLANK;
	vt_update_pen(vt);
	vt->visible = 1;
	vt->shape = VT_CURSOR_DEFAULT;
	vt->title = xstrdup("");
	vt->path = xstrdup("");
	vt_link_add(vt);

	vt->vterm = vterm_new(rows, cols);
	vterm_set_utf8(vt->vterm, 1);
	vterm_output_set_callback(vt->vterm, vt_cb_output, vt);
	vt->state = vterm_obtain_state(vt->vterm);
	vterm_state_set_callbacks(vt->state, &vt_state_callbacks, vt);
	vterm_state_set_unrecognised_fallbacks(vt->state, &vt_fallbacks, vt);
	vterm_state_reset(vt->state, 1);
	vt->shape = VT_CURSOR_DEFAULT;
	vt_scan_reset(vt);
	grid_dirty_all(vt->grid);
	return (vt);
}

/* Free a terminal. */
void
vt_free(struct vt *vt)
{
	if (vt == NULL)
		return;
	vt_link_remove(vt);
	vterm_free(vt->vterm);
	grid_free(vt->primary);
	grid_free(vt->alternate);
	history_free(vt->hist);
	free(vt->title);
	free(vt->path);
	free(vt->tabs);
	free(vt->palette);
	free(vt->base);
	free(vt->str);
	free(vt->slots);
	free(vt);
}

/* Feed bytes to libvterm, at most VT_FEED_MAX a call and never splitting
 * a UTF-8 sequence. */
void
vt_feed(struct vt *vt, const unsigned char *buf, size_t len)
{
	size_t	n, back;

	vt_sync(vt);
	while (len > 0) {
		n = len;
		if (n > VT_FEED_MAX) {
			n = VT_FEED_MAX;
			back = 0;
			while (back < 3 && (buf[n - back] & 0xc0) == 0x80)
				back++;
			n -= back;
		}
		vterm_input_write(vt->vterm, (const char *)buf, n);
		buf += n;
		len -= n;
	}
}

/* Feed bytes to libvterm in one call. */
void
vt_feed_whole(struct vt *vt, const char *buf, size_t len)
{
	vt_sync(vt);
	vterm_input_write(vt->vterm, buf, len);
}

/*
 * libvterm 0.1.4 restores a saved cursor (DECRC, ?1048l, ?1049l) without
 * checking it against a screen that has become smaller since, and then
 * indexes its line array with it. An ignored CSI (a DSR reply code) runs
 * its bounds check.
 */
void
vt_clamp_cursor(struct vt *vt)
{
	VTermPos	pos;

	vt_sync(vt);
	vt_pos(vt, &pos);
	if (pos.row < 0 || pos.col < 0 || (unsigned int)pos.row >= vt->rows ||
	    (unsigned int)pos.col >= vt->cols)
		vterm_input_write(vt->vterm, "\033[0n", 4);
}

/* Put libvterm's cursor back where the primary screen's reflow put it
 * (after leaving the alternate screen of a resized pane). */
void
vt_fix_primary_cursor(struct vt *vt)
{
	char	buf[32];
	int	n;

	vt_sync(vt);
	if (!vt->primary_fix)
		return;
	vt->primary_fix = 0;
	n = snprintf(buf, sizeof buf, "\033[%d;%dH", vt->primary_cy + 1,
	    vt->primary_cx + 1);
	vterm_input_write(vt->vterm, buf, n);
}

/* Resize libvterm, the grids (reflowing the primary one) and history. */
void
vt_resize(struct vt *vt, unsigned int cols, unsigned int rows)
{
	VTermPos	pos, probe;

	vt_sync(vt);
	if (cols == 0)
		cols = 1;
	if (rows == 0)
		rows = 1;
	if (cols == vt->cols && rows == vt->rows)
		return;
	vt->edge_glyph = 1;	/* whether a wrap is pending is not known */
	vt->edge_row = vt->edge_col = -1;
	vt_tabs_resize(vt, cols);
	vt_pos(vt, &pos);
	{
		/*
		 * A cursor that waits to wrap at the right edge (libvterm's
		 * "phantom" column) is logically one column further, but
		 * libvterm does not say so. When it resizes to a wider
		 * screen, it moves such a cursor one column right and drops
		 * the wait: resizing to one column wider first tells
		 * whether the cursor was waiting, and leaves it where the
		 * reflow (or, on the alternate screen, the crop) must take
		 * it from.
		 */
		vt->rs_probe = 1;
		vterm_set_size(vt->vterm, vt->rows, vt->cols + 1);
		vt->rs_probe = 0;
		vt_pos(vt, &probe);
		if (probe.row == pos.row && probe.col == pos.col + 1)
			pos = probe;
	}
	if (pos.col < 0)
		pos.col = 0;
	if (pos.row < 0)
		pos.row = 0;
	vt->rs_cx = pos.col;
	vt->rs_cy = pos.row;

	/*
	 * Reset the scroll region and margins, as xterm and tmux do on
	 * resize: libvterm 0.1.4 keeps the region's top (and left margin)
	 * even when the screen becomes smaller than that, and then indexes
	 * its arrays out of bounds. This also homes libvterm's cursor; the
	 * resize callback puts it back (delta). libvterm is never inside a
	 * sequence here (vt_scan holds unfinished ones).
	 */
	vterm_input_write(vt->vterm, "\033[r\033[s", 6);
	vt->top = vt->left = 0;
	vt->bottom = vt->right = -1;

	vterm_set_size(vt->vterm, rows, cols);
	if (vt->cols != cols || vt->rows != rows) {
		/* libvterm did not call back: resize without it. */
		vt_cb_resize(rows, cols, &pos, vt);
	}
	vt_pos(vt, &pos);
	if (pos.col != vt->rs_cx || pos.row != vt->rs_cy) {
		log_debug("vt: cursor after resize %d,%d, expected %d,%d",
		    pos.col, pos.row, vt->rs_cx, vt->rs_cy);
	}
	vt->wrap_valid = 0;
	grid_dirty_all(vt->primary);
	if (vt->alternate != NULL)
		grid_dirty_all(vt->alternate);
	vt->gen++;
}

/* Width in columns. */
unsigned int
vt_cols(const struct vt *vt)
{
	return (vt->cols);
}

/* Height in rows. */
unsigned int
vt_rows(const struct vt *vt)
{
	return (vt->rows);
}

/* Line y of the visible screen, or NULL. */
const struct grid_line *
vt_line(const struct vt *vt, unsigned int y)
{
	if (y >= vt->grid->rows)
		return (NULL);
	return (vt->grid->lines[y]);
}

/* Line y of the primary screen while the alternate one hides it, or NULL. */
const struct grid_line *
vt_saved_line(const struct vt *vt, unsigned int y)
{
	if (vt->grid == vt->primary || y >= vt->primary->rows)
		return (NULL);
	return (vt->primary->lines[y]);
}

/* The primary screen's history. */
struct history *
vt_history(struct vt *vt)
{
	return (vt->hist);
}

/* Drop the history (CSI 3 J, clear-history). */
void
vt_clear_history(struct vt *vt)
{
	history_clear(vt->hist);
	if (vt->wrap_valid && vt->wrap_row < 0)
		vt->wrap_valid = 0;
	vt->gen++;
}

unsigned int
vt_trim_below(struct vt *vt)
{
	struct grid		*g = vt->primary;
	struct grid_line	*gl;
	VTermPos		 pos;
	unsigned int		 n, y, ncells;
	int			 wrapped;
	char			 cup[32];
	int			 len;

	if (vt->grid != vt->primary)
		return (0);
	vt_sync(vt);
	vt_pos(vt, &pos);
	if (pos.row < 0 || (unsigned int)pos.row >= g->rows)
		return (0);
	n = g->rows - 1 - pos.row;
	if (n > history_size(vt->hist))
		n = history_size(vt->hist);
	if (n == 0)
		return (0);
	/* The screen moves down n lines (the bottom ones go), and the n
	 * newest history lines fill the top, the newest lowest. */
	grid_scroll(g, 0, g->rows, 0, g->cols, -(int)n, COLOUR_DEFAULT);
	for (y = n; y-- > 0;) {
		gl = grid_line_write(g, y);
		history_pop(vt->hist, gl->cells, g->cols, &ncells, &wrapped);
		gl->flags = wrapped ? GRID_LINE_WRAPPED : 0;
	}
	grid_dirty_all(g);
	/* libvterm's cursor goes down with its line (CUP is 1-based; the
	 * scroll region and origin mode are reset first, as a resize
	 * does). */
	vt->edge_glyph = 0;
	vt->edge_row = vt->edge_col = -1;
	vt->wrap_valid = 0;
	vterm_input_write(vt->vterm, "\033[r", 3);
	vt->top = vt->left = 0;
	vt->bottom = vt->right = -1;
	len = snprintf(cup, sizeof cup, "\033[%d;%dH", pos.row + (int)n + 1,
	    pos.col + 1);
	vterm_input_write(vt->vterm, cup, len);
	vt->gen++;
	return (n);
}

/* Where the cursor is and how it looks. */
void
vt_cursor(const struct vt *vt, struct vt_cursor *cur)
{
	VTermPos	pos;

	vt_pos(vt, &pos);
	if (pos.col < 0)
		pos.col = 0;
	if (pos.row < 0)
		pos.row = 0;
	if ((unsigned int)pos.col >= vt->cols)
		pos.col = vt->cols - 1;
	if ((unsigned int)pos.row >= vt->rows)
		pos.row = vt->rows - 1;
	cur->x = pos.col;
	cur->y = pos.row;
	cur->visible = vt->visible;
	cur->shape = vt->shape;
	cur->blink = vt->blink;
	cur->colour = vt->palette != NULL ? vt->palette->cursor :
	    COLOUR_DEFAULT;
}

/* The VT_MODE_* bits. */
int
vt_modes(const struct vt *vt)
{
	return (vt->modes);
}

int
vt_alternate_saved(const struct vt *vt, unsigned int *x, unsigned int *y)
{
	if (!vt->primary_saved)
		return (0);
	*x = vt->primary_cx;
	*y = vt->primary_cy;
	return (1);
}

int
vt_insert_mode(const struct vt *vt)
{
	return (vt->irm);
}

int
vt_origin_mode(const struct vt *vt)
{
	return ((vt->dec & VT_DEC_ORIGIN) != 0);
}

/* The working directory from OSC 7, "" if none. */
const char *
vt_path(const struct vt *vt)
{
	return (vt->path);
}

/* SGR (?1006) or UTF-8 (?1005) mouse encoding on? */
int
vt_mouse_sgr(const struct vt *vt)
{
	return (vt->mouse_enc == 2);
}

int
vt_mouse_utf8(const struct vt *vt)
{
	return (vt->mouse_enc == 1);
}

/* A tab stop at column x? */
int
vt_tab_stop(const struct vt *vt, unsigned int x)
{
	if (x >= vt->cols)
		return (0);
	if (vt->tabs == NULL)
		return (x % 8 == 0);
	return (vt->tabs[x]);
}

/* The title (OSC 0/2), "" if none. */
const char *
vt_title(const struct vt *vt)
{
	return (vt->title);
}

/* A counter that changes with every change. */
uint64_t
vt_generation(const struct vt *vt)
{
	return (vt->gen);
}

/* Clear the dirty flags of both screens' lines. */
void
vt_clean(struct vt *vt)
{
	grid_clean(vt->primary);
	if (vt->alternate != NULL)
		grid_clean(vt->alternate);
}

/* Stamp the dirty lines of both screens with gen. Nothing changed since
 * the last commit (the generation is the same): no line is dirty, and
 * none of them is read. */
void
vt_commit(struct vt *vt, uint64_t gen)
{
	if (vt->gen == vt->committed)
		return;
	grid_commit(vt->primary, gen);
	if (vt->alternate != NULL)
		grid_commit(vt->alternate, gen);
	vt->committed = vt->gen;
}

/* Send bytes to the pane (through the output callback). */
void
vt_output(struct vt *vt, const char *buf, size_t len)
{
	if (len != 0)
		vt_cb_output(buf, len, vt);
}
