/*
 * Drawing frames on the host terminal.
 *
 * tty keeps a shadow of the host screen: the cells it last drew. tty_draw
 * looks only at the target rows marked dirty, finds the cells that differ
 * (widened so that a wide character and its right half are always drawn
 * together, and so that overwriting half of an old wide character redraws
 * the other half), and appends to one output buffer: cursor movement (the
 * shortest of cup, cr, cuf/cub, a line feed, or rewriting the cells in
 * between), pen changes, the characters, and "el" for a row that ends in
 * blanks. The buffer goes out with one write() at the end of the frame.
 *
 * Scroll damage (tty_screen's scroll_*): rows that moved up or down are
 * scrolled on the terminal first, inside a scroll region (csr; ind or
 * indn at its bottom for up, ri or rin at its top for down; no csr needed
 * for the whole screen), else by deleting and inserting lines (dl, il),
 * with the default pen so the rows it brings in are default blanks; the shadow moves with
 * them, then every row of the region is compared as usual, so only what
 * the scroll did not bring is drawn.
 *
 * Cursor tracking: after a character the cursor is where the cell widths
 * say, never where the host's wcwidth might put it; after a wide character
 * outside the CJK blocks (emoji and the like, whose width terminals disagree
 * about) the position is treated as unknown, so the next cell is placed
 * with cup. After the last column it is unknown too (pending wrap).
 *
 * The bottom-right cell of a terminal with automatic margins: with xenl the
 * cursor waits at the margin and nothing scrolls, so it is drawn directly;
 * without xenl it is drawn one column to the left and pushed into place by
 * inserting the cell before it (ich/ich1 or insert mode); with no way to
 * insert it is skipped. Without automatic margins (am, or "am@" in
 * terminal-overrides) it is never drawn, as tmux 3.3a never draws it.
 *
 * Colours: default stays default (SGR 39/49 or op); 0-7 and, when the host
 * has them, 8-255 through setaf/setab; 8-15 on an 8 colour host as 0-7 with
 * bold for the foreground; 256 colours on a 16 colour host as the nearest
 * of the 16; 24-bit as direct SGR when the host takes it, else the nearest
 * 256 colour (6x6x6 cube or grey ramp), else the nearest of 16.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tty/tty-int.h"
#include "common/log.h"
#include "common/colour.h"
#include "common/link.h"
#include "common/utf8.h"
#include "common/xmalloc.h"

/* Write an unsigned number in decimal to out; returns its length. */
static size_t
tty_fmt_uint(char *out, unsigned int v)
{
	char	tmp[16];
	size_t	n = 0, i;

	do {
		tmp[n++] = '0' + v % 10;
		v /= 10;
	} while (v != 0);
	for (i = 0; i < n; i++)
		out[i] = tmp[n - 1 - i];
	return (n);
}

/* Write a colour component (0-255) in decimal to out; returns its length. */
static size_t
tty_fmt_byte(char *out, unsigned int v)
{
	if (v >= 100) {
		out[0] = '0' + v / 100;
		out[1] = '0' + (v / 10) % 10;
		out[2] = '0' + v % 10;
		return (3);
	}
	if (v >= 10) {
		out[0] = '0' + v / 10;
		out[1] = '0' + v % 10;
		return (2);
	}
	out[0] = '0' + v;
	return (1);
}

/* Clear the host screen and make the shadow blank. */
void
tty_clear(struct tty *tty)
{
	size_t	i, n = (size_t)tty->cols * tty->rows;

	tty_putcap(tty, TTYC_SGR0);
	memset(&tty->pen, 0, sizeof tty->pen);
	tty->pen_known = 1;
	if (tty->caps[TTYC_CLEAR].s != NULL)
		tty_putcap(tty, TTYC_CLEAR);
	else {
		tty->cx = tty->cy = TTY_UNKNOWN;
		tty->pen_known = 1;
		if (tty->cup_ansi)
			tty_puts(tty, "\033[H");
		else {
			char	buf[64];

			tty_putn(tty, buf, tty_param(buf, sizeof buf,
			    tty->caps[TTYC_CUP].s, 0, 0, 0));
		}
		tty_putcap(tty, TTYC_ED);
	}
	tty->cx = tty->cy = TTY_UNKNOWN;
	for (i = 0; i < n; i++)
		tty->shadow[i] = CELL_BLANK;
	tty->invalid = 0;
}

/* Map a cell colour to one the host has; may add bold to *attr for a
 * bright foreground on an 8 colour host. */
static uint32_t
tty_map_colour(const struct tty *tty, uint32_t c, int fg, uint16_t *attr)
{
	unsigned int	i;
	uint8_t		r, g, b;

	if (tty->colours < 8 || c == COLOUR_DEFAULT)
		return (COLOUR_DEFAULT);
	if (COLOUR_TYPE(c) == COLOUR_TYPE_RGB) {
		if (tty->rgb)
			return (c);
		if (tty->colours >= 256)
			return (COLOUR_INDEX(colour_nearest_256(COLOUR_R(c),
			    COLOUR_G(c), COLOUR_B(c))));
		i = colour_nearest_16(COLOUR_R(c), COLOUR_G(c), COLOUR_B(c));
	} else if (COLOUR_TYPE(c) == COLOUR_TYPE_INDEX) {
		i = c & 0xff;
		if (i >= 16) {
			if (tty->colours >= 256)
				return (c);
			colour_xterm_palette(i, &r, &g, &b);
			i = colour_nearest_16(r, g, b);
		}
	} else
		return (COLOUR_DEFAULT);

	if (i >= 8 && tty->colours < 16) {
		i -= 8;
		if (fg)
			*attr |= ATTR_BOLD;
	}
	return (COLOUR_INDEX(i));
}

/* The host pen for a cell. */
static void
tty_cell_pen(const struct tty *tty, const struct cell *gc, struct tty_pen *pen)
{
	pen->attr = gc->attr;
	pen->link = tty->caps[TTYC_HLS].s != NULL ? gc->link : 0;
	pen->us = 0;
	if (gc->flags != 0 && (gc->attr & ATTR_ANY_UNDERLINE) &&
	    tty->caps[TTYC_SETULC].s != NULL)
		pen->us = cell_ul_colour(gc->flags);
	if (gc->fg == COLOUR_DEFAULT && gc->bg == COLOUR_DEFAULT) {
		pen->fg = pen->bg = COLOUR_DEFAULT;
		return;
	}
	pen->fg = tty_map_colour(tty, gc->fg, 1, &pen->attr);
	pen->bg = tty_map_colour(tty, gc->bg, 0, &pen->attr);
}

/* Are two pens the same? */
static int
tty_pen_equal(const struct tty_pen *a, const struct tty_pen *b)
{
	return (a->fg == b->fg && a->bg == b->bg && a->attr == b->attr &&
	    a->link == b->link && a->us == b->us);
}

/* The red, green and blue of a cell colour that is not the default: an
 * index as xterm's palette has it. */
static void
tty_colour_rgb(uint32_t c, uint8_t *r, uint8_t *g, uint8_t *b)
{
	if (COLOUR_TYPE(c) == COLOUR_TYPE_RGB) {
		*r = COLOUR_R(c);
		*g = COLOUR_G(c);
		*b = COLOUR_B(c);
	} else
		colour_xterm_palette(c & 0xff, r, g, b);
}

/* Set the underline colour (Setulc, the usstyle feature, as tmux 3.3a
 * sets it: one number, r * 65536 + g * 256 + b; an index colour as
 * xterm's palette has it), or back to the text's (ol). */
static void
tty_put_us(struct tty *tty, uint32_t us)
{
	char	buf[64];
	uint8_t	r, g, b;

	if (us == COLOUR_DEFAULT) {
		tty_putcap(tty, TTYC_OL);
		return;
	}
	tty_colour_rgb(us, &r, &g, &b);
	tty_putn(tty, buf, tty_param(buf, sizeof buf,
	    tty->caps[TTYC_SETULC].s, r * 65536 + g * 256 + b, 0, 0));
}

/* Open hyperlink id on the host (0: close the one open), where terminfo
 * or terminal-features (hyperlinks) give Hls. */
static void
tty_put_link(struct tty *tty, uint16_t id)
{
	const char	*uri = link_uri(id), *param = link_param(id);
	char		*s;

	if (tty->caps[TTYC_HLS].s == NULL)
		return;
	if (uri == NULL)
		uri = param = "";
	/* Nine strings: an override naming a parameter past the two
	 * (%p3%s) reads an empty one, not a stray pointer. */
	s = tiparm(tty->caps[TTYC_HLS].s, param, uri, "", "", "", "", "", "",
	    "");
	if (s != NULL)
		tty_puts(tty, s);
}

/* Append "\033[<n>;2;r;g;bm" for a 24-bit colour. */
static void
tty_put_rgb(struct tty *tty, int fg, uint32_t c)
{
	char	buf[32];
	size_t	n = 0;

	if (!tty->rgb_ansi) {
		n = tty_param(buf, sizeof buf,
		    tty->caps[fg ? TTYC_SETRGBF : TTYC_SETRGBB].s,
		    COLOUR_R(c), COLOUR_G(c), COLOUR_B(c));
		tty_putn(tty, buf, n);
		return;
	}
	memcpy(buf, fg ? "\033[38;2;" : "\033[48;2;", 7);
	n = 7;
	n += tty_fmt_byte(buf + n, COLOUR_R(c));
	buf[n++] = ';';
	n += tty_fmt_byte(buf + n, COLOUR_G(c));
	buf[n++] = ';';
	n += tty_fmt_byte(buf + n, COLOUR_B(c));
	buf[n++] = 'm';
	tty_putn(tty, buf, n);
}

/* Append the sequence for a mapped colour (not the default). */
static void
tty_put_colour(struct tty *tty, int fg, uint32_t c)
{
	struct tty_colstr	*cs;
	unsigned int		 i;
	char			 buf[64];
	size_t			 n;

	if (COLOUR_TYPE(c) == COLOUR_TYPE_RGB) {
		tty_put_rgb(tty, fg, c);
		return;
	}
	i = c & 0xff;
	if (i >= 8 && tty->colours > 256) {
		/* Direct-colour setaf takes RGB values, not indexes. */
		memcpy(buf, fg ? "\033[38;5;" : "\033[48;5;", 7);
		n = 7 + tty_fmt_uint(buf + 7, i);
		buf[n++] = 'm';
		tty_putn(tty, buf, n);
		return;
	}
	cs = fg ? &tty->fgstr[i] : &tty->bgstr[i];
	if (cs->s == NULL) {
		n = tty_param(buf, sizeof buf,
		    tty->caps[fg ? TTYC_SETAF : TTYC_SETAB].s, (int)i, 0, 0);
		cs->s = xstrndup(buf, n);
		cs->len = n;
	}
	tty_putn(tty, cs->s, cs->len);
}

/* Append the underline style of attr. */
static void
tty_put_underline(struct tty *tty, uint16_t attr)
{
	char	buf[32];
	int	style = 1;

	if (attr & ATTR_UNDERCURL)
		style = 3;
	else if (attr & ATTR_UNDERLINE2)
		style = 2;
	if (style != 1 && tty->caps[TTYC_SMULX].s != NULL)
		tty_putn(tty, buf, tty_param(buf, sizeof buf,
		    tty->caps[TTYC_SMULX].s, style, 0, 0));
	else
		tty_putcap(tty, TTYC_SMUL);
}

/* Change the host pen to want. */
static void
tty_set_pen(struct tty *tty, const struct tty_pen *want)
{
	struct tty_pen	*cur = &tty->pen;
	uint16_t	 add, link = cur->link;
	int		 deffg, defbg;

	if (tty->pen_known && tty_pen_equal(cur, want))
		return;
	if (!tty->pen_known || link != want->link) {
		/* A hyperlink is no part of SGR: sgr0 leaves it open. */
		tty_put_link(tty, want->link);
		link = want->link;
	}

	deffg = want->fg == COLOUR_DEFAULT && cur->fg != COLOUR_DEFAULT;
	defbg = want->bg == COLOUR_DEFAULT && cur->bg != COLOUR_DEFAULT;
	if (!tty->pen_known || (cur->attr & ~want->attr) ||
	    (!tty->ansi && tty->caps[TTYC_OP].s == NULL && (deffg || defbg))) {
		tty_putcap(tty, TTYC_SGR0);
		memset(cur, 0, sizeof *cur);
		tty->pen_known = 1;
		cur->link = link;
		deffg = defbg = 0;
	}

	add = want->attr & ~cur->attr;
	if (add & ATTR_BOLD)
		tty_putcap(tty, TTYC_BOLD);
	if (add & ATTR_DIM)
		tty_putcap(tty, TTYC_DIM);
	if (add & ATTR_ITALIC)
		tty_putcap(tty, TTYC_SITM);
	if (add & ATTR_ANY_UNDERLINE)
		tty_put_underline(tty, want->attr);
	if (add & ATTR_BLINK)
		tty_putcap(tty, TTYC_BLINK);
	if (add & ATTR_REVERSE)
		tty_putcap(tty, TTYC_REV);
	if (add & ATTR_INVISIBLE)
		tty_putcap(tty, TTYC_INVIS);
	if (add & ATTR_STRIKE)
		tty_putcap(tty, TTYC_SMXX);
	if (add & ATTR_OVERLINE) {
		if (tty->caps[TTYC_SMOL].s != NULL)
			tty_putcap(tty, TTYC_SMOL);
		else if (tty->ansi)
			tty_puts(tty, "\033[53m");
	}
	cur->attr = want->attr;
	cur->link = link;

	if (deffg || defbg) {
		if (tty->ansi) {
			if (deffg && defbg)
				tty_puts(tty, "\033[39;49m");
			else
				tty_puts(tty, deffg ? "\033[39m" : "\033[49m");
		} else {
			tty_putcap(tty, TTYC_OP);
			cur->fg = cur->bg = COLOUR_DEFAULT;
		}
		if (deffg)
			cur->fg = COLOUR_DEFAULT;
		if (defbg)
			cur->bg = COLOUR_DEFAULT;
	}
	if (want->fg != cur->fg)
		tty_put_colour(tty, 1, want->fg);
	if (want->bg != cur->bg)
		tty_put_colour(tty, 0, want->bg);
	if (want->us != cur->us)
		tty_put_us(tty, want->us);
	cur->fg = want->fg;
	cur->bg = want->bg;
	cur->us = want->us;
}

/* Format cup for x, y into buf. */
static size_t
tty_fmt_cup(struct tty *tty, char *buf, size_t size, unsigned int x,
    unsigned int y)
{
	size_t	n;

	if (!tty->cup_ansi)
		return (tty_param(buf, size, tty->caps[TTYC_CUP].s, (int)y,
		    (int)x, 0));
	buf[0] = '\033';
	buf[1] = '[';
	n = 2 + tty_fmt_uint(buf + 2, y + 1);
	buf[n++] = ';';
	n += tty_fmt_uint(buf + n, x + 1);
	buf[n++] = 'H';
	return (n);
}

/* Format a relative move of n columns (cuf or cub) into buf; 0 if the
 * terminal has no way. */
static size_t
tty_fmt_rel(struct tty *tty, char *buf, size_t size, unsigned int n,
    int right)
{
	enum tty_capname	one = right ? TTYC_CUF1 : TTYC_CUB1;
	enum tty_capname	many = right ? TTYC_CUF : TTYC_CUB;
	size_t			len;

	if (n == 1 && tty->caps[one].s != NULL &&
	    tty->caps[one].len < size) {
		memcpy(buf, tty->caps[one].s, tty->caps[one].len);
		return (tty->caps[one].len);
	}
	if (tty->caps[many].s == NULL)
		return (0);
	if (right ? tty->cuf_ansi : tty->cub_ansi) {
		buf[0] = '\033';
		buf[1] = '[';
		len = 2 + tty_fmt_uint(buf + 2, n);
		buf[len++] = right ? 'C' : 'D';
		return (len);
	}
	return (tty_param(buf, size, tty->caps[many].s, (int)n, 0, 0));
}

/* Can the cursor move right from cx to x on row y by rewriting the cells
 * in between? Only plain narrow ASCII in the current pen qualifies. */
static int
tty_can_advance(struct tty *tty, unsigned int cx, unsigned int x,
    unsigned int y)
{
	const struct cell	*gc;
	struct tty_pen		 pen;
	unsigned int		 i;

	if (!tty->pen_known)
		return (0);
	for (i = cx; i < x; i++) {
		gc = &tty->shadow[(size_t)y * tty->cols + i];
		if (gc->width != 1 || gc->ch < 0x20 || gc->ch >= 0x7f)
			return (0);
		tty_cell_pen(tty, gc, &pen);
		if (!tty_pen_equal(&pen, &tty->pen))
			return (0);
	}
	return (1);
}

/* The cheapest way to move from column cx to column x on the current row,
 * into buf; returns its length (0 means no movement needed or possible:
 * *ok says which). */
static size_t
tty_fmt_horizontal(struct tty *tty, char *buf, size_t size, unsigned int cx,
    unsigned int x, unsigned int y, int *ok)
{
	char	tmp[64];
	size_t	n, best = SIZE_MAX, i;

	*ok = 1;
	if (x == cx)
		return (0);
	if (x == 0 && tty->caps[TTYC_CR].s != NULL) {
		memcpy(buf, tty->caps[TTYC_CR].s, tty->caps[TTYC_CR].len);
		return (tty->caps[TTYC_CR].len);
	}
	if (x > cx && x - cx <= 8 && tty_can_advance(tty, cx, x, y)) {
		for (i = cx; i < x; i++)
			buf[i - cx] = (char)tty->shadow[(size_t)y * tty->cols +
			    i].ch;
		best = x - cx;
	}
	n = tty_fmt_rel(tty, tmp, sizeof tmp, x > cx ? x - cx : cx - x,
	    x > cx);
	if (n != 0 && n < best) {
		memcpy(buf, tmp, n);
		best = n;
	}
	if (tty->caps[TTYC_CR].s != NULL && tty->caps[TTYC_CR].len < size) {
		memcpy(tmp, tty->caps[TTYC_CR].s, tty->caps[TTYC_CR].len);
		n = tty_fmt_rel(tty, tmp + tty->caps[TTYC_CR].len,
		    sizeof tmp - tty->caps[TTYC_CR].len, x, 1);
		if (n != 0) {
			n += tty->caps[TTYC_CR].len;
			if (n < best) {
				memcpy(buf, tmp, n);
				best = n;
			}
		}
	}
	if (best == SIZE_MAX) {
		*ok = 0;
		return (0);
	}
	return (best);
}

/* Move the host cursor to x, y by the shortest means. */
static void
tty_cursor(struct tty *tty, unsigned int x, unsigned int y)
{
	char	best[64], tmp[64];
	size_t	bestlen, n, nl;
	int	ok;

	if (tty->cx == x && tty->cy == y)
		return;
	bestlen = tty_fmt_cup(tty, best, sizeof best, x, y);
	if (tty->cx != TTY_UNKNOWN && tty->cx < tty->cols) {
		if (tty->cy == y) {
			n = tty_fmt_horizontal(tty, tmp, sizeof tmp, tty->cx,
			    x, y, &ok);
			if (ok && n < bestlen) {
				memcpy(best, tmp, n);
				bestlen = n;
			}
		} else if (y == tty->cy + 1 && tty->caps[TTYC_CUD1].s != NULL &&
		    strcmp(tty->caps[TTYC_CUD1].s, "\n") == 0) {
			nl = tty->caps[TTYC_CUD1].len;
			memcpy(tmp, tty->caps[TTYC_CUD1].s, nl);
			n = tty_fmt_horizontal(tty, tmp + nl, sizeof tmp - nl,
			    tty->cx, x, y, &ok);
			if (ok && n + nl < bestlen) {
				memcpy(best, tmp, n + nl);
				bestlen = n + nl;
			}
		}
	}
	tty_putn(tty, best, bestlen);
	tty->cx = x;
	tty->cy = y;
}

/* Is a wide character one every terminal agrees is two columns (the CJK
 * blocks)? Others (emoji, sequences) leave the cursor position unknown. */
static int
tty_wide_stable(uint32_t ch)
{
	return ((ch >= 0x1100 && ch <= 0x115f) ||
	    (ch >= 0x2e80 && ch <= 0x303e) ||
	    (ch >= 0x3041 && ch <= 0x33ff) ||
	    (ch >= 0x3400 && ch <= 0x4dbf) ||
	    (ch >= 0x4e00 && ch <= 0x9fff) ||
	    (ch >= 0xa000 && ch <= 0xa4cf) ||
	    (ch >= 0xac00 && ch <= 0xd7a3) ||
	    (ch >= 0xf900 && ch <= 0xfaff) ||
	    (ch >= 0xfe30 && ch <= 0xfe4f) ||
	    (ch >= 0xff00 && ch <= 0xff60) ||
	    (ch >= 0xffe0 && ch <= 0xffe6) ||
	    (ch >= 0x20000 && ch <= 0x2fffd) ||
	    (ch >= 0x30000 && ch <= 0x3fffd));
}

/* Append the text of a cell's character; controls become a space. */
static void
tty_put_char(struct tty *tty, uint32_t ch)
{
	char	buf[UTF8_MAX_BYTES];
	char	c;
	size_t	n;

	if (ch < 0x80) {
		c = (ch < 0x20 || ch == 0x7f) ? ' ' : (char)ch;
		tty_putn(tty, &c, 1);
		return;
	}
	if (ch < 0xa0) {
		tty_putn(tty, " ", 1);
		return;
	}
	n = utf8_char_to_utf8(ch, buf);
	if (n == 0)
		tty_putn(tty, " ", 1);
	else
		tty_putn(tty, buf, n);
}

/* Draw one cell of width w (1 or 2) at the cursor, in its pen. */
static void
tty_put_cell(struct tty *tty, const struct cell *gc, unsigned int w)
{
	struct tty_pen	pen;

	tty_cell_pen(tty, gc, &pen);
	tty_set_pen(tty, &pen);
	if (w == 1 && gc->width != 1)
		tty_putn(tty, " ", 1);
	else
		tty_put_char(tty, gc->ch);
	tty->cx += w;
	if (tty->cx >= tty->cols || (w == 2 && !tty_wide_stable(gc->ch)))
		tty->cx = tty->cy = TTY_UNKNOWN;
}

/* Draw the narrow bottom-right cell of a terminal that would scroll if
 * it were written directly: write it one column to the left, then insert
 * the cell that belongs there in front of it. Returns 0 if there is no way
 * to insert. */
static int
tty_put_last(struct tty *tty, const struct cell *row, unsigned int x,
    unsigned int y)
{
	const struct cell	*before = &row[x - 1];
	char			 buf[64];
	size_t			 n;

	if (before->width != 1)
		return (0);
	if (tty->caps[TTYC_ICH1].s == NULL && tty->caps[TTYC_ICH].s == NULL &&
	    (tty->caps[TTYC_SMIR].s == NULL || tty->caps[TTYC_RMIR].s == NULL))
		return (0);

	tty_cursor(tty, x - 1, y);
	tty_put_cell(tty, &row[x], 1);
	tty_cursor(tty, x - 1, y);
	if (tty->caps[TTYC_ICH1].s != NULL)
		tty_putcap(tty, TTYC_ICH1);
	else if (tty->caps[TTYC_ICH].s != NULL) {
		n = tty_param(buf, sizeof buf, tty->caps[TTYC_ICH].s, 1, 0, 0);
		tty_putn(tty, buf, n);
	}
	if (tty->caps[TTYC_ICH1].s == NULL && tty->caps[TTYC_ICH].s == NULL) {
		tty_putcap(tty, TTYC_SMIR);
		tty_put_cell(tty, before, 1);
		tty_putcap(tty, TTYC_RMIR);
	} else
		tty_put_cell(tty, before, 1);
	tty->cx = tty->cy = TTY_UNKNOWN;
	return (1);
}

/* Mark which cells of row y must be drawn: those that differ (every one
 * for a row written whole), widened so wide characters are drawn whole
 * and old ones are fully overwritten. Only columns [lo0, hi0) can differ
 * (the span: see tty_screen). Returns the number marked, all of them in
 * [*lo, *hi): only the columns from the first that differs to the last
 * are looked at again (an echo changes one or two). */
static unsigned int
tty_mark_row(struct tty *tty, const struct cell *t, const struct cell *s,
    int written, unsigned int lo0, unsigned int hi0, unsigned int *lo,
    unsigned int *hi)
{
	uint8_t		*need = tty->need;
	unsigned int	 x, cols = tty->cols, count = 0, a, b;
	int		 changed;

	if (written) {
		memset(need, 1, cols);
		*lo = 0;
		*hi = cols;
		return (cols);
	}
	for (a = lo0; a < hi0 && cell_equal(&t[a], &s[a]); a++)
		/* nothing */;
	if (a == hi0)
		return (0);
	for (b = hi0; b > a + 1 && cell_equal(&t[b - 1], &s[b - 1]); b--)
		/* nothing */;
	memset(need, 0, cols);
	for (x = a; x < b; x++)
		need[x] = !cell_equal(&t[x], &s[x]);
	do {
		changed = 0;
		for (x = a; x < b; x++) {
			if (!need[x])
				continue;
			if (x + 1 < cols && !need[x + 1] &&
			    (s[x].width == 2 || t[x].width == 2)) {
				need[x + 1] = 1;
				if (x + 2 > b)
					b = x + 2;
				changed = 1;
			}
			if (x > 0 && !need[x - 1] &&
			    (s[x].width == 0 || t[x].width == 0)) {
				need[x - 1] = 1;
				if (x - 1 < a)
					a = x - 1;
				changed = 1;
			}
		}
	} while (changed);
	for (x = a; x < b; x++)
		count += need[x];
	*lo = a;
	*hi = b;
	return (count);
}

/* Draw the changed cells of row y; only columns [lo0, hi0) can have
 * changed since it was last drawn. */
static void
tty_draw_row(struct tty *tty, const struct cell *t, unsigned int y,
    int written, unsigned int lo0, unsigned int hi0)
{
	struct cell		*s = &tty->shadow[(size_t)y * tty->cols];
	static const struct cell blank = CELL_BLANK;
	struct tty_pen		 none;
	unsigned int		 x, cols = tty->cols, w, lo, hi, nb = 0;
	int			 last_row = (y == tty->rows - 1), el, to_end;

	if (!written && memcmp(t + lo0, s + lo0, (hi0 - lo0) * sizeof *t) == 0)
		return;
	if (tty_mark_row(tty, t, s, written, lo0, hi0, &lo, &hi) == 0)
		return;

	/* Where the row is blank to its end, one el can do it. Which cell
	 * is the first not blank from x on (nb) is found only for a blank
	 * cell to draw, and kept: a row's far end is read only then. */
	el = tty->caps[TTYC_EL].s != NULL && !written;
	for (x = lo; x < hi; x++) {
		if (!tty->need[x])
			continue;
		to_end = 0;
		if (el && cell_equal(&t[x], &blank)) {
			if (nb <= x) {
				for (nb = x + 1; nb < cols &&
				    cell_equal(&t[nb], &blank); nb++)
					/* nothing */;
			}
			to_end = nb == cols;
		}
		if (to_end) {
			tty_cursor(tty, x, y);
			memset(&none, 0, sizeof none);
			tty_set_pen(tty, &none);
			tty_putcap(tty, TTYC_EL);
			for (; x < cols; x++)
				s[x] = blank;
			break;
		}

		w = 1;
		if (t[x].width == 2 && x + 1 < cols && t[x + 1].width == 0)
			w = 2;
		else if (t[x].width == 0 && x > 0 && t[x - 1].width == 2) {
			/* Right half: drawn with its left half. */
			s[x] = t[x];
			continue;
		}

		if (last_row && x + w == cols && !tty->am) {
			/* As tmux: a terminal without automatic margins
			 * never gets its bottom-right cell. */
			s[x] = t[x];
			if (w == 2)
				s[x + 1] = t[x + 1];
			break;
		}
		if (last_row && x + w == cols && tty->am && !tty->xenl) {
			/* Would scroll: insert it, or leave it. */
			if (w != 1 || x == 0 || !tty_put_last(tty, t, x, y))
				log_debug("tty: bottom-right cell skipped");
			s[x] = t[x];
			if (w == 2)
				s[x + 1] = t[x + 1];
			if (x > 0)
				s[x - 1] = t[x - 1];
			break;
		}

		tty_cursor(tty, x, y);
		tty_put_cell(tty, &t[x], w);
		s[x] = t[x];
		if (w == 2) {
			s[x + 1] = t[x + 1];
			x++;
		}
	}
}

/* Write a capability that does something count times: the parameterised
 * one (indn, rin, il, dl) when there is one and count is not 1 or the
 * single one is missing, else the single one (ind, ri, il1, dl1) count
 * times. */
static void
tty_put_times(struct tty *tty, enum tty_capname many, enum tty_capname one,
    unsigned int count)
{
	char		buf[64];
	unsigned int	i;

	if (tty->caps[many].s != NULL &&
	    (count > 1 || tty->caps[one].s == NULL)) {
		tty_putn(tty, buf, tty_param(buf, sizeof buf,
		    tty->caps[many].s, count, 0, 0));
		return;
	}
	for (i = 0; i < count; i++)
		tty_putcap(tty, one);
}

/* Can the terminal do something (many or one, as tty_put_times)? */
static int
tty_has_times(struct tty *tty, enum tty_capname many, enum tty_capname one)
{
	return (tty->caps[many].s != NULL || tty->caps[one].s != NULL);
}

/* Set the scroll region to rows [top, bottom) (csr); the cursor is then
 * unknown (csr homes it). */
static void
tty_region(struct tty *tty, unsigned int top, unsigned int bottom)
{
	char	buf[64];

	tty_putn(tty, buf, tty_param(buf, sizeof buf, tty->caps[TTYC_CSR].s,
	    top, bottom - 1, 0));
	tty->cx = tty->cy = TTY_UNKNOWN;
}

/* Scroll rows [top, bottom) of the terminal and the shadow by n rows, up
 * (down 0: the rows below move up, blanks come in at the bottom) or down
 * (blanks at the top), as the top of the file says. The ways, best first:
 * a scroll region (none needed for the whole screen) with ind/indn at its
 * bottom or ri/rin at its top; else lines deleted and inserted (dl/dl1 and
 * il/il1, which move everything below them, so a region that does not
 * reach the last row takes both). A region that does reach it takes one
 * dl or il, fewer bytes than a scroll region. Returns 0 when done, -1 when it cannot
 * be (no way, or a region that does not fit): the caller redraws. */
static int
tty_scroll(struct tty *tty, unsigned int top, unsigned int bottom,
    unsigned int n, int down)
{
	static const struct cell blank = CELL_BLANK;
	struct tty_pen		 none;
	struct cell		*s;
	unsigned int		 i, cols = tty->cols, h = bottom - top;
	int			 whole, region, edit;

	if (n == 0 || top >= bottom || bottom > tty->rows || n >= h)
		return (-1);
	whole = (top == 0 && bottom == tty->rows);
	region = (whole || tty->caps[TTYC_CSR].s != NULL) &&
	    (down ? tty_has_times(tty, TTYC_RIN, TTYC_RI) :
	    tty_has_times(tty, TTYC_INDN, TTYC_IND));
	edit = (down || bottom == tty->rows ||
	    tty_has_times(tty, TTYC_IL, TTYC_IL1)) &&
	    (!down || bottom == tty->rows ||
	    tty_has_times(tty, TTYC_DL, TTYC_DL1)) &&
	    tty_has_times(tty, down ? TTYC_IL : TTYC_DL,
	    down ? TTYC_IL1 : TTYC_DL1);
	if (!region && !edit)
		return (-1);
	/* A region down to the last row: one dl or il, no csr to set and
	 * put back. */
	if (edit && !whole && bottom == tty->rows)
		region = 0;

	memset(&none, 0, sizeof none);
	tty_set_pen(tty, &none);
	if (region) {
		if (!whole)
			tty_region(tty, top, bottom);
		if (down) {
			tty_cursor(tty, 0, top);
			tty_put_times(tty, TTYC_RIN, TTYC_RI, n);
		} else {
			tty_cursor(tty, 0, bottom - 1);
			tty_put_times(tty, TTYC_INDN, TTYC_IND, n);
		}
		if (!whole)
			tty_region(tty, 0, tty->rows);
	} else if (down) {
		if (bottom != tty->rows) {
			tty_cursor(tty, 0, bottom - n);
			tty_put_times(tty, TTYC_DL, TTYC_DL1, n);
		}
		tty_cursor(tty, 0, top);
		tty_put_times(tty, TTYC_IL, TTYC_IL1, n);
	} else {
		tty_cursor(tty, 0, top);
		tty_put_times(tty, TTYC_DL, TTYC_DL1, n);
		if (bottom != tty->rows) {
			tty_cursor(tty, 0, bottom - n);
			tty_put_times(tty, TTYC_IL, TTYC_IL1, n);
		}
	}

	s = &tty->shadow[(size_t)top * cols];
	if (down) {
		memmove(s + (size_t)n * cols, s,
		    (size_t)(h - n) * cols * sizeof *s);
		for (i = 0; i < n * cols; i++)
			s[i] = blank;
	} else {
		memmove(s, s + (size_t)n * cols,
		    (size_t)(h - n) * cols * sizeof *s);
		for (i = (h - n) * cols; i < h * cols; i++)
			s[i] = blank;
	}
	return (0);
}

/* Make the shadow the size of the target, cleared. */
static void
tty_resize_shadow(struct tty *tty, unsigned int cols, unsigned int rows)
{
	free(tty->shadow);
	free(tty->need);
	tty->cols = cols;
	tty->rows = rows;
	tty->shadow = xreallocarray(NULL, (size_t)cols * rows,
	    sizeof *tty->shadow);
	tty->need = xmalloc(cols);
	tty_clear(tty);
}

/* Begin (on) or end a synchronized update, where the terminal has Sync
 * (the sync feature): it shows none of a frame until all of it came. */
static void
tty_sync(struct tty *tty, int on)
{
	char	buf[64];

	if (tty->caps[TTYC_SYNC].s != NULL)
		tty_putn(tty, buf, tty_param(buf, sizeof buf,
		    tty->caps[TTYC_SYNC].s, on ? 1 : 2, 0, 0));
}

/* Set the cursor's colour (COLOUR_DEFAULT: the terminal's own again)
 * with Cs and Cr (the ccolour feature), as "rgb:rr/gg/bb"; an index
 * colour as xterm's palette has it. Returns 0 if the terminal cannot. */
static int
tty_cursor_colour(struct tty *tty, uint32_t colour)
{
	char	 spec[32];
	char	*s;
	uint8_t	 r, g, b;

	if (colour == COLOUR_DEFAULT) {
		if (tty->caps[TTYC_CRC].s == NULL)
			return (0);
		tty_putcap(tty, TTYC_CRC);
		return (1);
	}
	if (tty->caps[TTYC_CS].s == NULL)
		return (0);
	tty_colour_rgb(colour, &r, &g, &b);
	snprintf(spec, sizeof spec, "rgb:%02x/%02x/%02x", r, g, b);
	s = tiparm(tty->caps[TTYC_CS].s, spec);
	if (s == NULL)
		return (0);
	tty_puts(tty, s);
	return (1);
}

/* Put the cursor where the target wants it, shown or hidden, shaped and
 * coloured. */
static void
tty_draw_cursor(struct tty *tty, struct tty_screen *scr)
{
	char	buf[64];
	int	visible = !!scr->cursor_visible, param;

	if (visible && scr->cx < tty->cols && scr->cy < tty->rows)
		tty_cursor(tty, scr->cx, scr->cy);
	if (visible != tty->cursor_visible) {
		tty_putcap(tty, visible ? TTYC_CNORM : TTYC_CIVIS);
		tty->cursor_visible = visible;
	}
	if (scr->cursor_shape != tty->cursor_shape) {
		tty->cursor_shape = scr->cursor_shape;
		switch (scr->cursor_shape & TTY_CURSOR_SHAPE_MASK) {
		case 1:		/* block */
			param = 2;
			break;
		case 2:		/* underline */
			param = 4;
			break;
		case 3:		/* bar */
			param = 6;
			break;
		default:
			param = 0;
			break;
		}
		/* DECSCUSR: the blinking form is one less than the steady. */
		if (param != 0 && (scr->cursor_shape & TTY_CURSOR_BLINK))
			param--;
		if (param == 0 && tty->caps[TTYC_SE].s != NULL)
			tty_putcap(tty, TTYC_SE);
		else if (tty->caps[TTYC_SS].s != NULL)
			tty_putn(tty, buf, tty_param(buf, sizeof buf,
			    tty->caps[TTYC_SS].s, param, 0, 0));
	}
	if (scr->cursor_colour != tty->cursor_colour &&
	    tty_cursor_colour(tty, scr->cursor_colour))
		tty->cursor_colour = scr->cursor_colour;
}

/* Draw the dirty rows of the target and place the cursor, in one write. */
void
tty_draw(struct tty *tty, struct tty_screen *scr)
{
	unsigned int	y, top = 0, bottom = 0, lo, hi;
	int		all = 0;
	size_t		start, synced;

	if (scr->cols == 0 || scr->rows == 0 || scr->cells == NULL) {
		scr->ask_shown = 0;
		return;
	}
	tty_use(tty);
	start = tty->outlen;
	tty_sync(tty, 1);
	synced = tty->outlen;
	if (tty->caps[TTYC_HLS].s != NULL &&
	    tty->link_gen != link_generation()) {
		/* Link ids were freed and may mean others now. */
		tty->link_gen = link_generation();
		tty->invalid = 1;
	}
	if (scr->cols != tty->cols || scr->rows != tty->rows) {
		tty_resize_shadow(tty, scr->cols, scr->rows);
		all = 1;
	} else if (tty->invalid) {
		tty_clear(tty);
		all = 1;
	}
	if (!all && scr->scroll_n != 0 && scr->scroll_top < scr->scroll_bottom &&
	    scr->scroll_bottom <= tty->rows) {
		/* The target's rows there moved (and the shadow's with them,
		 * if the terminal scrolls): compare all of them. */
		top = scr->scroll_top;
		bottom = scr->scroll_bottom;
		tty_scroll(tty, top, bottom, scr->scroll_n, scr->scroll_down);
	}
	scr->scroll_n = 0;
	scr->scroll_down = 0;

	for (y = 0; y < tty->rows; y++) {
		if (!all && scr->dirty != NULL && !scr->dirty[y] &&
		    (y < top || y >= bottom))
			continue;
		lo = 0;
		hi = tty->cols;
		if (!all && scr->span != NULL && scr->dirty != NULL &&
		    scr->dirty[y] == 1 && (y < top || y >= bottom) &&
		    scr->span[2 * y] < scr->span[2 * y + 1] &&
		    scr->span[2 * y + 1] <= tty->cols) {
			lo = scr->span[2 * y];
			hi = scr->span[2 * y + 1];
		}
		tty_draw_row(tty, &scr->cells[(size_t)y * tty->cols], y,
		    scr->dirty != NULL && (scr->dirty[y] & 2), lo, hi);
		if (scr->dirty != NULL)
			scr->dirty[y] = 0;
	}
	if (tty->pen.link != 0) {
		/* No link stays open between frames. */
		tty_put_link(tty, 0);
		tty->pen.link = 0;
	}
	tty_draw_cursor(tty, scr);
	if (tty->outlen == synced)
		tty->outlen = start;	/* nothing drawn: nothing to hold */
	else
		tty_sync(tty, 0);
	/* (After the update: its answer says the whole frame is shown.) */
	if (scr->ask_shown)
		scr->ask_shown = tty_ask_shown(tty);
	tty_flush(tty);
}
