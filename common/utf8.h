/*
 * utf8: UTF-8 encoding and decoding, display widths (utf8proc's tables, the
 * truth for every width mux uses), and an interning table for characters
 * made of more than one code point (a base plus combining marks, ZWJ
 * sequences).
 *
 * A "character" in a cell is a uint32_t: either a single Unicode code point
 * (<= 0x10ffff) or an interned id (>= UTF8_INTERN_BASE) that stands for a
 * sequence of up to UTF8_MAX_CPS code points. Interning is deterministic
 * within a process: the same sequence always yields the same id, so cells
 * compare with ==. The table is bounded (UTF8_INTERN_MAX entries); once it
 * is full, utf8_intern returns the base code point alone.
 */
#ifndef MUX_UTF8_H
#define MUX_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* A base and up to 31 combining marks or joined code points: libvterm
 * passes them all (its own cells stop at 6), xterm and tmux keep them;
 * more marks on one cell are dropped. */
#define UTF8_MAX_CPS		32
#define UTF8_INTERN_BASE	0x00200000u
#define UTF8_INTERN_MAX		(1u << 20)
/* The most UTF-8 a drawn cell keeps (the grid's and the status line's), as
 * tmux 3.3a's cells (its UTF8_SIZE): marks and joined characters past it
 * are dropped. */
#define UTF8_CELL_BYTES		21u
/* Longest UTF-8 text of one cell: UTF8_MAX_CPS code points of 4 bytes. */
#define UTF8_MAX_BYTES		(UTF8_MAX_CPS * 4)

/* Encode one code point; returns the number of bytes written (1-4), or 0 for
 * an invalid code point (nothing written). */
static inline size_t
utf8_encode(uint32_t cp, char *out)
{
	unsigned char	*u = (unsigned char *)out;

	if (cp < 0x80) {
		u[0] = cp;
		return (1);
	}
	if (cp < 0x800) {
		u[0] = 0xc0 | (cp >> 6);
		u[1] = 0x80 | (cp & 0x3f);
		return (2);
	}
	if (cp >= 0xd800 && cp <= 0xdfff)
		return (0);
	if (cp < 0x10000) {
		u[0] = 0xe0 | (cp >> 12);
		u[1] = 0x80 | ((cp >> 6) & 0x3f);
		u[2] = 0x80 | (cp & 0x3f);
		return (3);
	}
	if (cp <= 0x10ffff) {
		u[0] = 0xf0 | (cp >> 18);
		u[1] = 0x80 | ((cp >> 12) & 0x3f);
		u[2] = 0x80 | ((cp >> 6) & 0x3f);
		u[3] = 0x80 | (cp & 0x3f);
		return (4);
	}
	return (0);
}

/* Decode one code point from buf. Returns bytes consumed (>0), 0 when buf
 * holds an incomplete but so far valid sequence, -1 when invalid (one byte
 * should be skipped). */
int	utf8_decode(const char *buf, size_t len, uint32_t *cp);
/*
 * utf8proc's width of each code point from U+00A0, learned when first
 * asked (utf8_cp_width_learn): 2 bits each, 0 not yet, else the width + 1.
 * Process-wide, as it describes the library (utf8proc's lookup was a tenth
 * of printing Unicode); untouched pages cost nothing. Read only through
 * utf8_cp_width.
 */
extern uint8_t	utf8_width_cache[0x110000 / 4];
int	utf8_cp_width_learn(uint32_t cp);

/* Display width of a code point: 0 (combining, zero-width), 1 or 2; -1 for
 * control characters. Emoji presentation characters are 2. */
static inline int
utf8_cp_width(uint32_t cp)
{
	unsigned int	v;

	if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0))
		return (-1);
	if (cp < 0x7f || cp > 0x10ffff)
		return (1);
	v = (utf8_width_cache[cp >> 2] >> ((cp & 3) * 2)) & 3;
	if (v != 0)
		return ((int)v - 1);
	return (utf8_cp_width_learn(cp));
}
/* Is cp a combining/zero-width code point that joins the previous cell? */
int	utf8_is_combining(uint32_t cp);
/* Intern a sequence of n (1..UTF8_MAX_CPS) code points; returns cps[0] when
 * n == 1. */
uint32_t utf8_intern(const uint32_t *cps, size_t n);
/* Expand a cell character to its code points; returns the count (1.. ). */
size_t	utf8_expand(uint32_t ch, uint32_t *cps);
/* An interned character ch's code point count (1 and U+FFFD for an id
 * never handed out), its first code point in *first, and its UTF-8 as
 * utf8_char_to_utf8 writes it: *len bytes at *bytes, valid until the next
 * utf8_intern. */
size_t	utf8_interned(uint32_t ch, uint32_t *first, const char **bytes,
	    size_t *len);
/* Write a cell character as UTF-8 into out (UTF8_MAX_BYTES at least);
 * returns the byte count. */
size_t	utf8_char_to_utf8(uint32_t ch, char *out);
/* Display width of a NUL-terminated UTF-8 string (invalid bytes count 1). */
size_t	utf8_str_width(const char *);

#endif
