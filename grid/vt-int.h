/*
 * vt-int: what the vt files share: vt.c (the libvterm side), vt-scan.c
 * (the byte scanner in front of libvterm), vt-reflow.c (re-wrapping on
 * resize), vt-keys.c (input encoding) and vt-colour.c (colour queries).
 * Only they include it. libvterm's types appear as incomplete structs:
 * <vterm.h> is included by vt.c and vt-keys.c alone.
 */
#ifndef MUX_VT_INT_H
#define MUX_VT_INT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common/queue.h"
#include "common/utf8.h"
#include "grid/vt.h"

struct VTerm;
struct VTermState;

/* Most bytes per vterm_input_write. */
#define VT_FEED_MAX	65536
/* Longest OSC 52 (clipboard) string, and longest other string, passed on. */
#define VT_STRING_MAX	(1024 * 1024)
#define VT_STRING_SHORT	65536
/* Longest mouse report libvterm makes (caught by vt_send_mouse). */
#define VT_MOUSE_MAX	64
/* Longest title kept. */
#define VT_TITLE_MAX	1024
/* libvterm 0.1.4 writes past its argument array from the 17th CSI
 * parameter; longer SGRs are split, other such sequences dropped. */
#define VT_SEQ_PARAMS	16
/* The most parameters (';'-separated: a ':' one is part of the one before)
 * tmux 3.3a takes in a CSI: it drops a CSI with more. */
#define VT_TMUX_PARAMS	23
#define VT_SEQ_STORE	64
/* Shortest run of printable ASCII the fast path takes (vt_scan_fast).
 * One: libvterm's cursor follows the path only when libvterm is next
 * given anything (vt_sync), so even a lone space between two SGRs costs
 * less printed here (measured: emu-highlight 104 -> 120 MiB/s against 4;
 * 2 was slower than 4, each lone character then costing a sync). */
#define VT_FAST_MIN	1
/* Most characters the fast path decodes at a time. */
#define VT_FAST_CHUNK	256
/* Longest unfinished escape sequence held across writes. */
#define VT_SEQ_MAX	256

/* Attributes libvterm 0.1.4 does not report, tracked by the scanner. */
#define VT_EXTRA_ATTRS	(ATTR_DIM|ATTR_INVISIBLE|ATTR_OVERLINE)

/* Placeholder code points (see vt.c). */
#define VT_WIDE_BASE	0x30000u
#define VT_WIDE_SLOTS	4096u
#define VT_NARROW_BASE	0xf0000u
#define VT_NARROW_SLOTS	4096u
#define VT_ZERO_BASE	0xe0100u
#define VT_ZERO_SLOTS	240u

/* DEC private modes the scanner tracks (struct vt's dec). */
#define VT_DEC_ORIGIN	0x1	/* ?6 DECOM */
#define VT_DEC_AUTOWRAP	0x2	/* ?7 DECAWM */
#define VT_DEC_REVWRAP	0x4	/* ?45 reverse wraparound */
#define VT_DEC_LRMM	0x8	/* ?69 DECLRMM */

enum vt_scan_state {
	SCAN_GROUND,
	SCAN_ESC,		/* after ESC, maybe intermediates */
	SCAN_CSI_LEADER,
	SCAN_CSI_ARGS,
	SCAN_CSI_INTER,
	SCAN_STRING,		/* OSC or DCS, held in vt->str */
	SCAN_STRING_ESC,
	SCAN_SKIP,		/* APC, PM, SOS: removed */
	SCAN_SKIP_ESC,
	SCAN_PASS_ESC,		/* after ESC in a DCS tmux; passthrough */
	SCAN_VT52_Y		/* VT52 ESC Y: the row and column bytes */
};

/* The escape sequence being scanned. */
/* How many kitty keyboard flags a screen keeps pushed (the oldest go). */
#define VT_KITTY_STACK		16
/* The kitty keyboard protocol's enhancement flags. */
#define VT_KITTY_DISAMBIGUATE	0x01
#define VT_KITTY_EVENTS		0x02
#define VT_KITTY_ALTERNATE	0x04
#define VT_KITTY_ALL_KEYS	0x08
#define VT_KITTY_TEXT		0x10
#define VT_KITTY_MASK		0x1f

struct vt_seq {
	unsigned int	nleader;
	char		leader;			/* the first leader byte */
	unsigned int	ninter;
	char		inter;			/* the first intermediate */
	unsigned int	n;			/* parameters (>= 1) */
	int		param[VT_SEQ_STORE];	/* -1: missing; at most
						 * 999,999,999 */
	uint8_t		sub[VT_SEQ_STORE];	/* follows a ':' */
	/* The whole value of parameter long_n (counted from 1, as n) once
	 * it is past nine digits: param keeps the first nine. */
	unsigned int	long_n;
	int64_t		long_value;
	int		too_big;		/* one was past INT_MAX */
	int		cut;			/* n cut to VT_SEQ_PARAMS: fed
						 * as rebuilt (vt_seq_done) */
	unsigned int	nc0;			/* C0 controls inside it */
	unsigned char	c0[8];			/* the first of them */
};

/* Colours a program set (vt-colour.c); COLOUR_DEFAULT when not set. */
struct vt_palette {
	uint32_t	idx[256];	/* OSC 4: COLOUR_RGB */
	uint32_t	fg;		/* OSC 10 */
	uint32_t	bg;		/* OSC 11 */
	uint32_t	cursor;		/* OSC 12 */
};

struct vt {
	struct VTerm			*vterm;
	struct VTermState		*state;
	const struct vt_callbacks	*cb;
	void				*cbarg;

	unsigned int			 cols;
	unsigned int			 rows;
	struct grid			*primary;
	struct grid			*alternate;
	struct grid			*grid;		/* the visible one */
	struct history			*hist;

	struct cell			 pen;		/* libvterm's pen */
	uint16_t			 extra;		/* VT_EXTRA_ATTRS */
	uint16_t			 saved_extra;	/* DECSC */
	uint16_t			 alt_saved_extra; /* ?1049 */
	uint32_t			 ul;		/* SGR 58 colour */
	uint32_t			 saved_ul;	/* DECSC */
	uint32_t			 alt_saved_ul;	/* ?1049 */
	uint8_t				 ul_id;		/* cell_ul_intern(ul) */
	uint16_t			 link_id;	/* OSC 8 (vt-link.c) */
	struct cell			 pen_cell;	/* pen + extra + ul +
							   link */
	int				 pen_plain;	/* pen_cell is the default
							   style (grid_plain_put);
							   -1: not known yet */
	int				 pen_stale;	/* libvterm's own pen is
							   behind pen (vt_sgr_pen) */
	TAILQ_ENTRY(vt)			 link_entry;	/* vt-link.c's list */

	int				 visible;
	int				 blink;
	int				 shape;
	int				 modes;
	/* The kitty keyboard protocol, per screen (0 primary, 1
	 * alternate): the flags in force and the ones pushed before. */
	struct vt_kitty {
		uint8_t			 flags;
		uint8_t			 stack[VT_KITTY_STACK];
		unsigned int		 depth;
	}				 kitty[2];
	int				 no_altscreen;	/* ignore ?47 ?1047 ?1049 */
	int				 no_scroll_clear; /* ED 2 keeps no history */
	char				*title;
	char				*path;		/* OSC 7, "" if none */
	struct vt_palette		*palette;	/* NULL: none set */
	uint32_t			*base;		/* pane-colours: 256,
							 * COLOUR_DEFAULT unset;
							 * NULL: none */
	uint64_t			 gen;
	uint64_t			 committed;	/* gen at the last vt_commit */
	size_t				 out_bytes;
	int				 mouse_last;	/* last button down */
	char				*mouse_buf;	/* vt_send_mouse: caught */
	size_t				 mouse_len;
	uint32_t			 rep_cp;	/* for REP */

	/* libvterm state the scanner tracks (0.1.4 cannot be asked). */
	int				 top;		/* DECSTBM, 0-based */
	int				 bottom;	/* inclusive; -1: last row */
	int				 left;		/* DECSLRM (with DECLRMM) */
	int				 right;		/* inclusive; -1: last col */
	int				 dec;		/* VT_DEC_* */
	uint8_t				*tabs;		/* per column, a tab stop
							 * (HTS, TBC); NULL: none
							 * set, libvterm's every 8 */
	int				 mouse_enc;	/* 1005: 1, 1006: 2, 1015: 3,
							 * else 0 (libvterm's own
							 * is not readable) */
	unsigned char			 gset[4];	/* G0-G3: '0', 'A', 'B' */
	unsigned char			 gl;		/* the set in GL, 0-3 */
	unsigned char			 gdesig;	/* bit n: Gn designated since
							 * the reset (libvterm then
							 * decodes a single shift to
							 * it as the set, even B) */
	unsigned char			 saved_gset[4];	/* DECSC */
	unsigned char			 saved_gl;
	int				 vt52;		/* VT52 mode (DECANM reset) */
	/* What libvterm's one saved cursor holds (DECSC, ?1048h, ?1049h
	 * save into it; 0.1.4 cannot be asked), for the live upgrade. */
	int				 sc_valid;	/* saved since the start */
	unsigned int			 sc_x, sc_y;
	struct cell			 sc_pen;
	int				 sc_visible, sc_blink, sc_shape;
	uint8_t				 lnm;		/* newline mode (CSI 20 h)
							 * may be on */
	/*
	 * What stops the fast path (vt_fast_ok), one byte each so that it
	 * tests them all at once as stop: the bytes after them are zero.
	 */
	union {
		struct {
			uint8_t		 irm;		/* insert mode (CSI 4 h)
							 * may be on */
			uint8_t		 single_shift;	/* 2 or 3: SS2/SS3 may
							 * be pending */
			uint8_t		 no_fast;	/* no plain-text fast
							 * path (vt_put_text) */
			/* The last glyph reached the right edge and
			 * libvterm's cursor has not moved from it since: a
			 * wrap may be pending (libvterm keeps the cursor on
			 * the glyph then, even a wide one short of the last
			 * column), which the fast path cannot see otherwise. */
			uint8_t		 edge_glyph;
			/* A zero width joiner held back for the character
			 * right after it (vt_subst; zwj_end below). */
			uint8_t		 zwj;
			/* GL is not US ASCII, or origin mode or left and
			 * right margins are on (vt_fast_modes keeps it). */
			uint8_t		 mode_stop;
		};
		uint64_t		 stop;
	};
	int				 edge_row;
	int				 edge_col;
	int				 edge_wrap;	/* autowrap was on for it (so
							 * libvterm waits to wrap:
							 * vt-state.c) */

	/*
	 * The last glyph printed, as libvterm remembers it for a combining
	 * mark that comes next (its code points as libvterm was given them,
	 * 0-terminated; its width and cell): mark_mux when the fast path
	 * printed it and libvterm's own memory is of an older one, lv_*
	 * (vt_mark).
	 */
	uint32_t			 mark_chars[UTF8_MAX_CPS + 2];
	int				 mark_width;
	int				 mark_row;
	int				 mark_col;
	int				 mark_mux;
	/* libvterm's cursor is behind: it is at lazy_row, lazy_col
	 * (vt_sync). */
	int				 lazy;
	int				 lazy_row;
	int				 lazy_col;
	int				 syncing;	/* in vt_sync */
	int				 lv_row;	/* libvterm's own memory */
	int				 lv_col;
	int				 lv_width;

	/* Where libvterm's cursor is after the last glyph (wrap tracking). */
	int				 wrap_valid;
	int				 wrap_row;	/* < 0: in history */
	int				 wrap_col;
	int				 wrap_edge;	/* the glyph reached the
							 * right edge */

	/* Primary cursor while the alternate screen is on (kept after, for
	 * alternate_saved_x and _y; primary_saved: ever entered). */
	int				 primary_cx;
	int				 primary_cy;
	int				 primary_saved;
	int				 primary_fix;

	/* Resize in progress: cursor before, and where it should go. */
	int				 rs_cx;
	int				 rs_cy;
	int				 rs_probe;

	/* Scanner. */
	enum vt_scan_state		 scan;
	struct vt_seq			 seq;
	unsigned char			 held[VT_SEQ_MAX]; /* unfinished seq */
	size_t				 nheld;
	int				 held_over;	/* did not fit */
	char				*str;
	size_t				 str_len;
	size_t				 str_size;
	int				 str_drop;
	int				 str_bel;	/* last ended by BEL */
	unsigned char			 carry[4];
	size_t				 ncarry;

	/* Placeholder slots; NULL until a program prints a character whose
	 * width libvterm gets wrong (most panes never do: 34 KiB saved). */
	struct vt_slots			*slots;

	/* Where the held zero width joiner (zwj, above) ended in the bytes
	 * being scanned (NULL: at the start of the next write). */
	const unsigned char		*zwj_end;
};
#define VT_ZWJ		0x200du
/* A zero width slot holding a character joined by a ZWJ. */
#define VT_SLOT_ZWJ	0x80000000u
/* The most UTF-8 one cell keeps, as tmux 3.3a (UTF8_SIZE). */
#define VT_CELL_BYTES	UTF8_CELL_BYTES

/* Placeholder slots: the real code point each stands for. */
struct vt_slots {
	uint32_t			 wide[VT_WIDE_SLOTS];
	uint32_t			 narrow[VT_NARROW_SLOTS];
	uint32_t			 zero[VT_ZERO_SLOTS];
	unsigned int			 next_wide;
	unsigned int			 next_narrow;
	unsigned int			 next_zero;
};

/* vt-scan.c: tab stops as libvterm keeps them, after a resize to cols
 * (the new columns get one every 8, as libvterm gives them). */
void		 vt_tabs_resize(struct vt *, unsigned int cols);
/* vt.c: feeding libvterm and what only it can do. */
/* Feed bytes, at most VT_FEED_MAX a call, never splitting UTF-8. */
void		 vt_feed(struct vt *, const unsigned char *, size_t);
/* vt-link.c: every vt is on a list (for the hyperlink sweep); body is an
 * OSC 8 string without its terminator. */
void		 vt_link_add(struct vt *);
void		 vt_link_remove(struct vt *);
void		 vt_link_osc(struct vt *, const char *body, size_t len);
/* Feed bytes in one call (a complete string or mux's own sequences). */
void		 vt_feed_whole(struct vt *, const char *, size_t);
/* Send bytes to the pane through the output callback. */
void		 vt_output(struct vt *, const char *, size_t);
/* What to feed for non-ASCII code point cp: 0 as it is, 1 the
 * placeholder *out, -1 nothing. */
int		 vt_subst(struct vt *, uint32_t cp, uint32_t *out);
void		 vt_update_pen(struct vt *);
void		 vt_set_alt(struct vt *, int);
void		 vt_clamp_cursor(struct vt *);
void		 vt_fix_primary_cursor(struct vt *);
/* Move the top n lines of the primary screen into history (copies; the
 * screen keeps them). */
void		 vt_push_history(struct vt *, unsigned int n);
/* How many lines from the top of g are in use: down to the last non-blank
 * one or row cy (-1: none). */
unsigned int	 vt_lines_used(struct grid *, unsigned int cols,
		     unsigned int rows, int cy);

/*
 * Whether the terminal's state lets the fast path print ASCII for
 * libvterm: insert mode off, no single shift pending, US ASCII in GL, no
 * left/right margins. Checked before anything is fed apart for it: where
 * libvterm's writes are split matters otherwise (0.1.4 decodes a text run
 * that starts with UTF-8 all as UTF-8, so ASCII after it escapes the DEC
 * graphics set).
 */
static inline int
vt_fast_ok(const struct vt *vt)
{
	return (vt->stop == 0);
}

/* Keep mode_stop: after any change to dec, gl or gset. */
static inline void
vt_fast_modes(struct vt *vt)
{
	vt->mode_stop = ((vt->dec & (VT_DEC_LRMM|VT_DEC_ORIGIN)) != 0 ||
	    vt->gset[vt->gl & 3] != 'B');
}

/* libvterm's cursor, 0-based, as it holds it (vt_vterm_pos). */
struct vt_pos {
	int	row;
	int	col;
};

/* vt.c: what the fast path (vt-fast.c) shares with the callbacks. */
/* Move libvterm's cursor to where the fast path left it (lazy). */
void		 vt_sync(struct vt *);
/* The fast path moved the cursor to (row, col), libvterm's not yet. */
static inline void
vt_lazy_move(struct vt *vt, int row, int col)
{
	vt->lazy = 1;
	vt->lazy_row = row;
	vt->lazy_col = col;
}
/* Where libvterm's cursor is, not clamped: the fast path's, while it is
 * behind (lazy), else libvterm's own (vt_state_pos). */
void		 vt_state_pos(const struct vt *, struct vt_pos *);
static inline void
vt_vterm_pos(const struct vt *vt, struct vt_pos *pos)
{
	if (vt->lazy) {
		pos->row = vt->lazy_row;
		pos->col = vt->lazy_col;
	} else
		vt_state_pos(vt, pos);
}
/* libvterm's cursor moved to (row, col): what the wrap tracking makes of
 * it (the movecursor callback, and the fast path's moves). */
static inline void
vt_moved(struct vt *vt, int row, int col)
{
	if (vt->wrap_valid && (row != vt->wrap_row || col != vt->wrap_col))
		vt->wrap_valid = 0;
	if (row != vt->edge_row || col != vt->edge_col)
		vt->edge_glyph = 0;	/* off the glyph: no wrap pending */
	vt->gen++;
}
/* A line feed at the bottom of the scroll region [top, bottom]. */
void		 vt_scroll_up(struct vt *, int top, int bottom);
/* The line the last glyph was on wrapped onto the next one. */
void		 vt_mark_wrapped(struct vt *);

/* Print a glyph as libvterm's putglyph callback does (chars as libvterm
 * holds them, 0-terminated). */
void		 vt_put_glyph(struct vt *, const uint32_t *chars, int width,
		     int row, int col);
/* The fast path printed the glyph cp of width at (row, col): a cell's
 * character, interned when it has marks (their code points are kept). */
static inline void
vt_mark_fast(struct vt *vt, uint32_t cp, int width, int row, int col)
{
	size_t	n = 1;

	if (cp >= UTF8_INTERN_BASE)
		n = utf8_expand(cp, vt->mark_chars);
	else
		vt->mark_chars[0] = cp;
	vt->mark_chars[n] = 0;
	vt->mark_width = width;
	vt->mark_row = row;
	vt->mark_col = col;
	vt->mark_mux = 1;
}

/* Set or clear mode bits. */
static inline void
vt_set_mode(struct vt *vt, int mode, int on)
{
	if (on)
		vt->modes |= mode;
	else
		vt->modes &= ~mode;
	vt->gen++;
}

/* Parameter i of the current CSI, def when missing. */
static inline int
vt_csi_param(const struct vt_seq *csi, unsigned int i, int def)
{
	if (i >= csi->n || i >= VT_SEQ_STORE || csi->param[i] < 0)
		return (def);
	return (csi->param[i]);
}

/* vt-reply.c: the CSIs mux answers or keeps itself (vt->seq). */
/* DECRQM for DEC private mode m: 1 when mux answers it (tracks it). */
int		 vt_mode_report(struct vt *, int m);
/* CSI > 4 ; n m (set modifyOtherKeys), CSI ? 4 m (query: query 1). */
void		 vt_modkeys(struct vt *, int query);
/* The kitty keyboard protocol's CSI > u, < u, = u and ? u (leader). */
void		 vt_kitty_request(struct vt *, char leader);
/* XTVERSION (CSI > q). */
void		 vt_xtversion(struct vt *);
/* DA2 (CSI > c). */
void		 vt_da2(struct vt *);
/* CPR (CSI 6 n; dec: CSI ? 6 n) in origin mode. */
void		 vt_cpr_origin(struct vt *, int dec);

/* vt-string.c: the held string (vt->str). A passthrough starts so. */
#define VT_PASS_PREFIX		"\033Ptmux;"
#define VT_PASS_PREFIX_LEN	(sizeof VT_PASS_PREFIX - 1)
/* Start holding a string introduced by ESC c. */
void		 vt_str_start(struct vt *, unsigned char c);
/* Append to it; past VT_STRING_MAX it is dropped. */
void		 vt_str_append(struct vt *, const unsigned char *, size_t);
/* Forget it (and a large buffer). */
void		 vt_str_reset(struct vt *);
/* Is it a passthrough (DCS tmux; ... ST)? */
int		 vt_str_pass(const struct vt *);
/* It is complete: act on it, or feed it to libvterm in one write. */
void		 vt_str_finish(struct vt *);

/* vt-fast.c: the plain-text fast path. */
/* A combining mark after a glyph the fast path printed: 1 when dealt
 * with, 0 when libvterm is to be given it. */
int		 vt_mark(struct vt *, uint32_t cp);
/* Is the pen the default style (the text it writes plain, grid.h)? Found
 * when first asked after a change: pens change more often than text is
 * printed in some output. */
static inline int
vt_pen_plain(struct vt *vt)
{
	static const struct cell	blank = CELL_BLANK;

	if (vt->pen_plain == -1)
		vt->pen_plain = cell_same_style(&vt->pen_cell, &blank);
	return (vt->pen_plain);
}

/* Write the first of n characters (cps and widths, or printable ASCII
 * bytes at ascii) as libvterm would print them, where the terminal's state
 * allows (see vt-fast.c); returns how many were written, 0 when none: feed the
 * rest. */
size_t		 vt_put_text(struct vt *, const uint32_t *cps,
		     const uint8_t *widths, const unsigned char *ascii,
		     size_t n);
/* Columns the fast path may fill from libvterm's cursor (0: none). */
unsigned int	 vt_put_room(struct vt *);
/* Print n bytes of printable ASCII, CR and LF at s as libvterm would, up
 * to the last printable one (which, and what follows, the caller feeds);
 * returns how many bytes were dealt with, 0 when none. */
size_t		 vt_put_lines(struct vt *, const unsigned char *s, size_t n);
/* The width (1, 2) the fast path may print code point cp >= 0x80 with, or
 * 0 when it must go through vt_subst and libvterm: vt_fast_cache, and
 * vt_fast_width_learn the first time. */
extern uint8_t	 vt_fast_cache[VT_WIDE_BASE / 4];
int		 vt_fast_width_learn(uint32_t cp);

/* The answer for cp from U+00A0 to below VT_WIDE_BASE in a table of 2
 * bits each (0 not yet, else the answer + 1), learned when first asked;
 * 0 for any other. */
static inline int
vt_fast_lookup(const uint8_t *cache, int (*learn)(uint32_t), uint32_t cp)
{
	unsigned int	v;

	if (cp < 0xa0 || cp >= VT_WIDE_BASE)
		return (0);
	v = (cache[cp >> 2] >> ((cp & 3) * 2)) & 3;
	if (v != 0)
		return (v - 1);
	return (learn(cp));
}

static inline int
vt_fast_width(uint32_t cp)
{
	return (vt_fast_lookup(vt_fast_cache, vt_fast_width_learn, cp));
}

/* What the fast path makes of code point cp >= 0x80 after a character:
 * 1 a combining mark it joins to that character, 2 the zero width joiner
 * (which joins the character after it too, unless that is narrow), 0
 * neither (vt_fast_mark_cache, vt_fast_mark_learn the first time). */
extern uint8_t	 vt_fast_mark_cache[VT_WIDE_BASE / 4];
int		 vt_fast_mark_learn(uint32_t cp);

static inline int
vt_fast_mark(uint32_t cp)
{
	return (vt_fast_lookup(vt_fast_mark_cache, vt_fast_mark_learn, cp));
}
/* The placeholder for cp joined by a zero width joiner (vt_subst). */
uint32_t	 vt_subst_joined(struct vt *, uint32_t cp);

/*
 * Spans of bytes, a word (8 bytes) at a time where it can: the first byte
 * from p on that is not printable ASCII (vt_span_printable), or that the
 * scanner's text loop stops at (vt_span_text: ESC, BS, SO, SI or >= 0x80),
 * or end. Past the first eight bytes (most spans are shorter), a word
 * test says exactly whether any of its bytes is such a byte (the borrows
 * of the subtractions only flag bytes after one that is); the bytes of a
 * word that has one are then looked at one by one.
 */
#define VT_WORD_ONES	0x0101010101010101ULL
#define VT_WORD_HIGHS	0x8080808080808080ULL
/* Any byte of w below n (n <= 128)? */
#define VT_WORD_LESS(w, n) \
	(((w) - VT_WORD_ONES * (n)) & ~(w) & VT_WORD_HIGHS)
/* Any byte of w equal to c? */
#define VT_WORD_HAS(w, c)	VT_WORD_LESS((w) ^ (VT_WORD_ONES * (c)), 1)

static inline const unsigned char *
vt_span_printable(const unsigned char *p, const unsigned char *end)
{
	const unsigned char	*first = end - p > 8 ? p + 8 : end;
	uint64_t		 w;

	/* Most spans are short: a byte at a time first. */
	for (; p < first; p++) {
		if (*p - 0x20u >= 0x5fu)
			return (p);
	}
	for (; end - p >= 8; p += 8) {
		memcpy(&w, p, sizeof w);
		if ((VT_WORD_LESS(w, 0x20) |
		    ((w + VT_WORD_ONES) | w)) & VT_WORD_HIGHS)
			break;
	}
	while (p < end && *p - 0x20u < 0x5fu)
		p++;
	return (p);
}

/* Does the text scan stop at byte c: ESC, non-ASCII, BS, SO or SI? */
static inline int
vt_text_stop(unsigned char c)
{
	return (c >= 0x80 || c == 0x1b || (c < 0x10 && ((0xc100u >> c) & 1)));
}

static inline const unsigned char *
vt_span_text(const unsigned char *p, const unsigned char *end)
{
	const unsigned char	*first = end - p > 8 ? p + 8 : end;
	uint64_t		 w;

	for (; p < first; p++) {
		if (vt_text_stop(*p))
			return (p);
	}
	for (; end - p >= 8; p += 8) {
		memcpy(&w, p, sizeof w);
		if ((w & VT_WORD_HIGHS) | VT_WORD_HAS(w, 0x1b) |
		    VT_WORD_HAS(w, 0x08) |
		    VT_WORD_LESS(w ^ (VT_WORD_ONES * 0x0e), 2))
			break;
	}
	while (p < end && !vt_text_stop(*p))
		p++;
	return (p);
}

/* The kitty keyboard protocol state of the screen shown. */
static inline struct vt_kitty *
vt_kitty_current(struct vt *vt)
{
	return (&vt->kitty[vt->grid == vt->alternate ? 1 : 0]);
}

/* vt-scan.c */
/* Forget the state the scanner tracks (new terminal, RIS). */
void		 vt_scan_reset(struct vt *);
/* The bottom row and right column of the scroll region and margins. */
static inline int
vt_region_bottom(const struct vt *vt)
{
	if (vt->bottom < 0 || (unsigned int)vt->bottom >= vt->rows)
		return (vt->rows - 1);
	return (vt->bottom);
}
int		 vt_region_right(const struct vt *);

/* vt.c */
/* Shift the cells of the cursor's row from the cursor to the right
 * margin by n: n > 0 inserts blanks (ICH), n < 0 deletes (DCH). */
void		 vt_shift_chars(struct vt *, int n);
/* DECALN: fill the screen with E, reset the margins, home the cursor. */
void		 vt_align(struct vt *);

/* vt-colour.c */
/* An OSC libvterm passed on: 1 if it was a colour one (4, 10, 11, 104,
 * 110, 111), handled. */
int		 vt_osc_colour(struct vt *, const char *cmd, size_t len);
void		 vt_palette_reset(struct vt *);

/* vt-reflow.c */
void		 vt_reflow(struct grid *, struct history *,
		     unsigned int oldcols, unsigned int oldrows,
		     unsigned int cols, unsigned int rows, int *cx, int *cy);

/* Feed [from, to). */
static inline void
vt_flush(struct vt *vt, const unsigned char *from, const unsigned char *to)
{
	if (to > from)
		vt_feed(vt, from, to - from);
}

#endif
