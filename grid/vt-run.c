/*
 * vt-run: the fast path's runs. The scanner (vt-scan.c) hands ground-state
 * text here (vt_scan_fast); what the fast path can print is found and
 * decoded here, a run at a time, and written into the grid by vt-fast.c
 * (vt_put_text, vt_put_lines). What comes before a run, and what a run
 * cannot take (the characters that reach the right edge and wrap, a
 * joiner it cannot join), goes to libvterm as the scanner would give it.
 * Combining marks and joined emoji are joined to the character before
 * them here (vt_fast_join), as putglyph and vt_subst would make the cell.
 */
#include <string.h>

#include "common/utf8.h"
#include "grid/vt-int.h"

/* The character at p: printable ASCII, or UTF-8 of a code point from
 * U+0080 up. Its length in bytes, with *cp set; 0 when it is neither. */
static inline __attribute__((always_inline)) int
vt_fast_decode(const unsigned char *p, const unsigned char *end,
    uint32_t *cp)
{
	if (*p >= 0x20 && *p < 0x7f) {
		*cp = *p;
		return (1);
	}
	if (*p < 0xc2 || *p > 0xf4)
		return (0);
	/* UTF-8 decoded here, the hot case: a lead byte and continuation
	 * bytes; overlong forms, surrogates and code points past U+10FFFF
	 * are told by the value (as the second byte's range tells them in
	 * utf8_decode), and any of those, or a sequence cut by end, is left
	 * to the slow path. */
	if (*p < 0xe0) {
		if (end - p < 2 || (p[1] & 0xc0) != 0x80)
			return (0);
		*cp = ((uint32_t)(p[0] & 0x1f) << 6) | (p[1] & 0x3f);
		return (2);
	}
	if (*p < 0xf0) {
		if (end - p < 3 || ((p[1] & 0xc0) ^ 0x80) |
		    ((p[2] & 0xc0) ^ 0x80))
			return (0);
		*cp = ((uint32_t)(p[0] & 0x0f) << 12) |
		    ((uint32_t)(p[1] & 0x3f) << 6) | (p[2] & 0x3f);
		if (*cp < 0x800 || (*cp >= 0xd800 && *cp <= 0xdfff))
			return (0);
		return (3);
	}
	if (end - p < 4 || ((p[1] & 0xc0) ^ 0x80) |
	    ((p[2] & 0xc0) ^ 0x80) | ((p[3] & 0xc0) ^ 0x80))
		return (0);
	*cp = ((uint32_t)(p[0] & 0x07) << 18) |
	    ((uint32_t)(p[1] & 0x3f) << 12) |
	    ((uint32_t)(p[2] & 0x3f) << 6) | (p[3] & 0x3f);
	if (*cp < 0x10000 || *cp > 0x10ffff)
		return (0);
	return (4);
}

/* Add code point cp of len bytes of UTF-8 to the n of a cell (bytes so
 * far), as putglyph adds a glyph's code points (vt_cell_add in vt.c): from
 * the first that does not fit on, none (*full). */
static inline void
vt_fast_join_add(uint32_t *cps, unsigned int *n, unsigned int *bytes,
    int *full, uint32_t cp, int len)
{
	if (*full || *n == UTF8_MAX_CPS || *bytes + len > VT_CELL_BYTES) {
		*full = 1;
		return;
	}
	cps[(*n)++] = cp;
	*bytes += len;
}

/*
 * The marks after a character the fast path decoded (*ch, of blen bytes),
 * from t: combining marks libvterm joins to it in one write (vt_fast_mark
 * 1), and a zero width joiner with the character after it unless that is
 * narrow (vt_fast_mark 2; vt_subst joins them to the glyph with a
 * placeholder). *ch becomes the cell's character, interned, with what fits
 * of them as putglyph keeps it. Returns the bytes they take: 0 when there
 * is none to join (a joiner that is not followed by what it joins is left
 * to the slow path, which holds it across writes).
 */
static size_t
vt_fast_join(const unsigned char *t, const unsigned char *end, uint32_t *ch,
    int blen)
{
	uint32_t		 cps[UTF8_MAX_CPS], cp, next;
	const unsigned char	*p = t;
	unsigned int		 n = 1, bytes = blen;
	int			 full = 0, len, nlen, j;

	if (*ch >= UTF8_INTERN_BASE)
		return (0);	/* joined already, up to what stopped it */
	cps[0] = *ch;
	while (p < end && *p >= 0xc2) {
		if ((len = vt_fast_decode(p, end, &cp)) == 0)
			break;
		if ((j = vt_fast_mark(cp)) == 0)
			break;
		if (j == 2) {
			if (p + len >= end ||
			    (nlen = vt_fast_decode(p + len, end, &next)) == 0 ||
			    next < 0xa0 || next >= VT_WIDE_BASE ||
			    next == VT_ZWJ || utf8_cp_width(next) == 1)
				break;
			vt_fast_join_add(cps, &n, &bytes, &full, cp, len);
			vt_fast_join_add(cps, &n, &bytes, &full, next, nlen);
			p += len + nlen;
			continue;
		}
		vt_fast_join_add(cps, &n, &bytes, &full, cp, len);
		p += len;
	}
	if (p != t && n > 1)
		*ch = utf8_intern(cps, n);
	return (p - t);
}

/*
 * Characters the fast path may print, from *tp: cps[n], widths[n] and
 * at[n] (where each starts) on, until one that is not, end, or past max in
 * all; marks after each are joined to it (vt_fast_join). Returns the count
 * in all, *tp where it stopped.
 */
static inline __attribute__((always_inline)) size_t
vt_fast_decode_run(const unsigned char **tp, const unsigned char *end,
    uint32_t *cps, uint8_t *widths, const unsigned char **at, size_t n,
    size_t max)
{
	const unsigned char	*t = *tp;
	uint32_t		 cp;
	size_t			 k;
	int			 len, w;

	while (t < end) {
		if ((len = vt_fast_decode(t, end, &cp)) == 0)
			break;
		w = cp < 0x80 ? 1 : vt_fast_width(cp);
		if (w == 0) {
			if (n == 0 || (k = vt_fast_join(t, end, &cps[n - 1],
			    t - at[n - 1])) == 0)
				break;
			t += k;
			continue;
		}
		if (n >= max)
			break;
		cps[n] = cp;
		widths[n] = w;
		at[n++] = t;
		t += len;
	}
	*tp = t;
	return (n);
}

/* The character a cell's stands for alone, for REP: the first of its
 * code points when it has marks. */
static uint32_t
vt_fast_base(uint32_t ch)
{
	const char	*bytes;
	uint32_t	 first;
	size_t		 len;

	if (ch < UTF8_INTERN_BASE)
		return (ch);
	utf8_interned(ch, &first, &bytes, &len);
	return (first);
}

/* Is the character at at[i] (up to at[i + 1]) one with marks joined? */
static int
vt_fast_joined(const unsigned char **at, size_t i)
{
	unsigned char	c = at[i][0];
	long		len = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;

	return (at[i + 1] - at[i] != len);
}

/*
 * A run of characters the fast path may print, from s: what is before it
 * goes to libvterm, then vt_put_text writes what it can. At the end of a
 * row, the two characters that reach the last column and wrap go to
 * libvterm, and the run goes on. Nothing fed here ends just before what
 * the run stopped at: libvterm joins a combining mark to the glyph before
 * it differently when the two come in different writes. Returns where
 * what was dealt with ends (written or fed): s when nothing was (a run too
 * short, or a state the path cannot take).
 */
static const unsigned char *
vt_fast_run(struct vt *vt, struct vt_scanpos *sp, const unsigned char *s,
    const unsigned char *end)
{
	uint32_t		 cps[VT_FAST_CHUNK];
	uint8_t			 widths[VT_FAST_CHUNK];
	const unsigned char	*at[VT_FAST_CHUNK + 1], *t, *lim;
	size_t			 n, k, k0;
	unsigned int		 room;

	for (;;) {
		/* Plain ASCII to something that is not UTF-8 goes as bytes,
		 * anything else decoded. */
		lim = end - s > VT_FAST_CHUNK ? s + VT_FAST_CHUNK : end;
		for (t = s; t < lim && *t - 0x20u < 0x5fu; t++)
			/* nothing */;
		if (t == lim || *t < 0xc2) {
			n = t - s;
			if (n < VT_FAST_MIN)
				return (s);
			vt_flush(vt, sp->fed, s);
			sp->fed = s;
			if ((k = vt_put_text(vt, NULL, NULL, s, n)) == 0)
				return (s);
			for (k0 = k; k0 <= k + 2 && k0 <= n; k0++)
				at[k0] = s + k0;
			vt->rep_cp = s[k - 1];
		} else {
			/*
			 * Decode no more than the row can take: a run long
			 * enough first (feeding nothing before a character
			 * that is not one), then what fits. Where the path
			 * cannot go (no room), printing costs what it did.
			 */
			t = s;
			n = vt_fast_decode_run(&t, end, cps, widths, at, 0,
			    VT_FAST_MIN);
			if (n < VT_FAST_MIN)
				return (s);
			vt_flush(vt, sp->fed, s);
			sp->fed = s;
			if ((room = vt_put_room(vt)) == 0)
				return (s);
			if (room > VT_FAST_CHUNK - 1)
				room = VT_FAST_CHUNK - 1;
			n = vt_fast_decode_run(&t, end, cps, widths, at, n,
			    room + 1);
			at[n] = t;
			k = vt_put_text(vt, cps, widths, NULL, n);
			if (k == 0)
				return (s);
			vt->rep_cp = vt_fast_base(cps[k - 1]);
		}
		s = sp->fed = at[k];
		if (k == n)
			return (s);	/* all of it */
		if (k + 2 >= n) {
			/* The last one or two, at the right edge, are
			 * libvterm's, fed with what follows. */
			return (s);
		}
		/* The row is full: libvterm wraps. A character with marks
		 * joined (a joiner's need vt_subst) is left to the slow
		 * path. */
		if (vt_fast_joined(at, k) || vt_fast_joined(at, k + 1))
			return (s);
		vt_flush(vt, at[k], at[k + 2]);
		s = sp->fed = at[k + 2];
		vt->rep_cp = at[k + 1][0] < 0x80 ? at[k + 1][0] : cps[k + 1];
	}
}

/* Does vt_put_lines take byte c: printable ASCII, CR or LF? */
static inline int
vt_line_byte(unsigned char c)
{
	return (c - 0x20u < 0x5fu || c == '\r' || c == '\n');
}

/*
 * The fast path over ground-state text from s: [s, p) has no byte the
 * scanner stops at, and a run may go on past p into characters of known
 * width. Lines of ASCII (text, CR and LF) long enough go to vt_put_lines,
 * other runs long enough to vt_fast_run. Returns where what it dealt with
 * ends: at most p when the scanner goes on at p as before, past p when a
 * run took bytes beyond it (the scanner goes on from there).
 */
const unsigned char *
vt_scan_fast(struct vt *vt, struct vt_scanpos *sp, const unsigned char *s,
    const unsigned char *p, const unsigned char *end)
{
	const unsigned char	*r;
	size_t			 n;

	while (vt_fast_ok(vt)) {
		while (s < p && !vt_line_byte(*s))
			s++;
		if (s == end || (s == p && *s < 0xc2))
			break;
		if (p - s >= VT_FAST_MIN) {
			vt_flush(vt, sp->fed, s);
			sp->fed = s;
			/* Text alone up to where the scan stopped, the most
			 * common between escape sequences, or lines. */
			if (vt_span_printable(s, p) == p)
				n = vt_put_text(vt, NULL, NULL, s, p - s);
			else
				n = vt_put_lines(vt, s, p - s);
			if (n != 0) {
				s = sp->fed = s + n;
				continue;
			}
		}
		while (s < p && (*s == '\r' || *s == '\n'))
			s++;
		if (s < p && !vt_line_byte(*s))
			continue;
		if (s == end || (s == p && *s < 0xc2))
			break;
		r = vt_fast_run(vt, sp, s, end);
		if (r != s) {
			if (r > p)
				return (r);
			s = r;
			continue;
		}
		/* Too short: on past it. */
		if (s == p)
			break;
		while (s < p && *s >= 0x20 && *s < 0x7f)
			s++;
	}
	return (s);
}

