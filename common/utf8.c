/*
 * UTF-8 and character widths.
 *
 * Widths come from utf8proc (Unicode 15 with utf8proc 2.8): it is the one
 * table every width in mux is taken from, so the server's grid, the status
 * line and the client agree. C0 and C1 controls have width -1.
 *
 * The interning table maps a sequence of code points (a base character and
 * the zero-width characters that follow it) to an id >= UTF8_INTERN_BASE.
 * Ids are handed out in insertion order and never reused, so the mapping is
 * deterministic for the life of the process. The table is file-local state
 * shared by every pane (a cell must mean the same thing wherever it is
 * copied); it grows on demand up to UTF8_INTERN_MAX entries and after that
 * interning degrades to the base code point alone.
 */
#include <stdlib.h>
#include <string.h>

#include <utf8proc.h>

#include "common/utf8.h"
#include "common/xmalloc.h"

struct utf8_entry {
	uint32_t	cps[UTF8_MAX_CPS];
	uint8_t		n;
};

/* The interning table: entries in id order, and an open-addressed hash of
 * entry index + 1 (0 is an empty slot). */
/*
 * utf8proc's width of each code point from U+00A0, learned when first
 * asked: 2 bits each, 0 not yet, else the width + 1. Process-wide, as it
 * describes the library (utf8proc's lookup was a tenth of printing
 * Unicode); untouched pages cost nothing.
 */
static uint8_t			 utf8_width_cache[0x110000 / 4];

static struct utf8_entry	*utf8_entries;
static uint32_t			 utf8_nentries;
static uint32_t			 utf8_entries_size;
static uint32_t			*utf8_hash;
static uint32_t			 utf8_hash_size;	/* power of two */

/* Encode one code point as UTF-8; 0 bytes for an invalid one. */
size_t
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

/* Decode one code point (see utf8.h for the return values). */
int
utf8_decode(const char *buf, size_t len, uint32_t *cp)
{
	const unsigned char	*u = (const unsigned char *)buf;
	unsigned char		 lo = 0x80, hi = 0xbf;
	uint32_t		 c;
	size_t			 need, i;

	if (len == 0)
		return (0);
	c = u[0];
	if (c < 0x80) {
		*cp = c;
		return (1);
	}
	/* The valid range of the second byte excludes overlong forms,
	 * surrogates and code points above U+10FFFF (RFC 3629). */
	if (c >= 0xc2 && c <= 0xdf) {
		need = 2;
		c &= 0x1f;
	} else if (c >= 0xe0 && c <= 0xef) {
		need = 3;
		if (c == 0xe0)
			lo = 0xa0;
		else if (c == 0xed)
			hi = 0x9f;
		c &= 0x0f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		need = 4;
		if (c == 0xf0)
			lo = 0x90;
		else if (c == 0xf4)
			hi = 0x8f;
		c &= 0x07;
	} else
		return (-1);

	for (i = 1; i < need; i++) {
		if (i >= len)
			return (0);	/* valid so far, incomplete */
		if (i == 1 ? (u[i] < lo || u[i] > hi) : (u[i] & 0xc0) != 0x80)
			return (-1);
		c = (c << 6) | (u[i] & 0x3f);
	}
	*cp = c;
	return ((int)need);
}

/* Columns a code point takes: -1 control, 0 zero-width, 1 or 2. */
int
utf8_cp_width(uint32_t cp)
{
	unsigned int	shift, v;
	int		w;

	if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0))
		return (-1);
	if (cp < 0x7f)
		return (1);
	if (cp > 0x10ffff)
		return (1);
	shift = (cp & 3) * 2;
	v = (utf8_width_cache[cp >> 2] >> shift) & 3;
	if (v != 0)
		return (v - 1);
	w = utf8proc_charwidth((utf8proc_int32_t)cp);
	if (w < 0)
		w = 0;
	if (w > 2)
		w = 2;
	utf8_width_cache[cp >> 2] |= (w + 1) << shift;
	return (w);
}

/* Does cp join the character before it (zero width, not a control)? */
int
utf8_is_combining(uint32_t cp)
{
	return (cp >= 0x300 && utf8_cp_width(cp) == 0);
}

/* Hash of a code point sequence (FNV-1a over the words). */
static uint32_t
utf8_hash_cps(const uint32_t *cps, size_t n)
{
	uint32_t	h = 2166136261u;
	size_t		i;

	for (i = 0; i < n; i++) {
		h ^= cps[i];
		h *= 16777619u;
		h ^= h >> 15;
	}
	return (h);
}

/* Grow the hash to twice its size and reinsert every entry. */
static void
utf8_hash_grow(void)
{
	uint32_t	 size, i, slot, mask;
	uint32_t	*hash;

	size = utf8_hash_size == 0 ? 256 : utf8_hash_size * 2;
	hash = xcalloc(size, sizeof *hash);
	mask = size - 1;
	for (i = 0; i < utf8_nentries; i++) {
		slot = utf8_hash_cps(utf8_entries[i].cps, utf8_entries[i].n) &
		    mask;
		while (hash[slot] != 0)
			slot = (slot + 1) & mask;
		hash[slot] = i + 1;
	}
	free(utf8_hash);
	utf8_hash = hash;
	utf8_hash_size = size;
}

/* The cell character for a sequence of code points (interned). */
uint32_t
utf8_intern(const uint32_t *cps, size_t n)
{
	struct utf8_entry	*e;
	uint32_t		 slot, mask, idx;

	if (n == 0)
		return (' ');
	if (n == 1)
		return (cps[0]);
	if (n > UTF8_MAX_CPS)
		n = UTF8_MAX_CPS;

	if (utf8_hash_size != 0) {
		mask = utf8_hash_size - 1;
		slot = utf8_hash_cps(cps, n) & mask;
		while ((idx = utf8_hash[slot]) != 0) {
			e = &utf8_entries[idx - 1];
			if (e->n == n &&
			    memcmp(e->cps, cps, n * sizeof *cps) == 0)
				return (UTF8_INTERN_BASE + idx - 1);
			slot = (slot + 1) & mask;
		}
	}
	if (utf8_nentries >= UTF8_INTERN_MAX)
		return (cps[0]);

	/* Keep the hash at most half full. */
	if ((utf8_nentries + 1) * 2 > utf8_hash_size)
		utf8_hash_grow();
	if (utf8_nentries == utf8_entries_size) {
		utf8_entries_size = utf8_entries_size == 0 ? 64 :
		    utf8_entries_size * 2;
		utf8_entries = xreallocarray(utf8_entries, utf8_entries_size,
		    sizeof *utf8_entries);
	}
	e = &utf8_entries[utf8_nentries];
	memset(e, 0, sizeof *e);
	memcpy(e->cps, cps, n * sizeof *cps);
	e->n = n;

	mask = utf8_hash_size - 1;
	slot = utf8_hash_cps(cps, n) & mask;
	while (utf8_hash[slot] != 0)
		slot = (slot + 1) & mask;
	utf8_hash[slot] = ++utf8_nentries;
	return (UTF8_INTERN_BASE + utf8_nentries - 1);
}

/* The code points a cell character stands for. */
size_t
utf8_expand(uint32_t ch, uint32_t *cps)
{
	const struct utf8_entry	*e;
	uint32_t		 idx;

	if (ch < UTF8_INTERN_BASE) {
		cps[0] = ch;
		return (1);
	}
	idx = ch - UTF8_INTERN_BASE;
	if (idx >= utf8_nentries) {
		cps[0] = 0xfffd;
		return (1);
	}
	e = &utf8_entries[idx];
	memcpy(cps, e->cps, e->n * sizeof *cps);
	return (e->n);
}

/* A cell character as UTF-8. */
size_t
utf8_char_to_utf8(uint32_t ch, char *out)
{
	uint32_t	cps[UTF8_MAX_CPS];
	size_t		n, i, len = 0, l;

	n = utf8_expand(ch, cps);
	for (i = 0; i < n; i++) {
		l = utf8_encode(cps[i], out + len);
		if (l == 0)
			l = utf8_encode(0xfffd, out + len);
		len += l;
	}
	return (len);
}

/* Columns a UTF-8 string takes. */
size_t
utf8_str_width(const char *s)
{
	size_t		len = strlen(s), width = 0;
	uint32_t	cp;
	int		n, w;

	while (len > 0) {
		n = utf8_decode(s, len, &cp);
		if (n <= 0) {
			width++;
			s++;
			len--;
			continue;
		}
		w = utf8_cp_width(cp);
		if (w > 0)
			width += w;
		s += n;
		len -= n;
	}
	return (width);
}
