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
 * interning degrades to the base code point alone. An entry of three code
 * points takes some 50 bytes with its share of the hash, so a full table
 * is some 50 MiB; it is only as big as the distinct sequences the process
 * has seen.
 */
#include <stdlib.h>
#include <string.h>

#include <utf8proc.h>

#include "common/utf8.h"
#include "common/xmalloc.h"

/*
 * utf8proc's width of each code point from U+00A0 (see utf8.h).
 */
uint8_t				 utf8_width_cache[0x110000 / 4];

/*
 * The interning table. An entry is small and fixed; its code points and
 * its UTF-8 (an invalid code point as U+FFFD, as utf8_char_to_utf8 writes
 * it) live in two pools that are only appended to, since ids are never
 * reused. The hash is open-addressed and at most half full; a slot holds
 * the entry's hash in its high word and its index + 1 in its low word (0:
 * empty), so a probe past another sequence reads no entry.
 */
struct utf8_entry {
	uint32_t	off;	/* code points at utf8_cps[off] */
	uint32_t	boff;	/* UTF-8 at utf8_bytes[boff] */
	uint8_t		n;	/* code points */
	uint8_t		blen;	/* UTF-8 bytes */
};
_Static_assert(UTF8_MAX_BYTES <= UINT8_MAX, "an entry's UTF-8 fits blen");

static struct utf8_entry	*utf8_entries;
static uint32_t			 utf8_nentries;
static uint32_t			 utf8_entries_size;
static uint32_t			*utf8_cps;
static size_t			 utf8_cps_len, utf8_cps_size;
static char			*utf8_bytes;
static size_t			 utf8_bytes_len, utf8_bytes_size;
static uint64_t			*utf8_hash;
static uint32_t			 utf8_hash_size;	/* power of two */

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

/* utf8_cp_width for a code point not yet in utf8_width_cache: utf8proc's
 * width, learned. */
int
utf8_cp_width_learn(uint32_t cp)
{
	int	w;

	w = utf8proc_charwidth((utf8proc_int32_t)cp);
	if (w < 0)
		w = 0;
	if (w > 2)
		w = 2;
	utf8_width_cache[cp >> 2] |= (w + 1) << ((cp & 3) * 2);
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

/* Put entry index idx, of hash h, in the first free slot from h. */
static void
utf8_hash_put(uint32_t h, uint32_t idx)
{
	uint32_t	mask = utf8_hash_size - 1, slot = h & mask;

	while (utf8_hash[slot] != 0)
		slot = (slot + 1) & mask;
	utf8_hash[slot] = ((uint64_t)h << 32) | (idx + 1);
}

/* Grow the hash to twice its size and reinsert every entry. */
static void
utf8_hash_grow(void)
{
	uint64_t	*old = utf8_hash;
	uint32_t	 oldsize = utf8_hash_size, i;

	utf8_hash_size = oldsize == 0 ? 256 : oldsize * 2;
	utf8_hash = xcalloc(utf8_hash_size, sizeof *utf8_hash);
	for (i = 0; i < oldsize; i++) {
		if (old[i] != 0)
			utf8_hash_put(old[i] >> 32, (uint32_t)old[i] - 1);
	}
	free(old);
}

/* Make room in a pool of *size elements of elem bytes for need in all. */
static void *
utf8_pool_reserve(void *pool, size_t *size, size_t need, size_t elem)
{
	if (need <= *size)
		return (pool);
	*size = need < 1024 ? 1024 : need * 2;
	return (xreallocarray(pool, *size, elem));
}

/* The cell character for a sequence of code points (interned). */
uint32_t
utf8_intern(const uint32_t *cps, size_t n)
{
	struct utf8_entry	*e;
	uint32_t		 h, slot, mask, idx;
	uint64_t		 v;
	size_t			 i, k;

	if (n == 0)
		return (' ');
	if (n == 1)
		return (cps[0]);
	if (n > UTF8_MAX_CPS)
		n = UTF8_MAX_CPS;

	h = utf8_hash_cps(cps, n);
	if (utf8_hash_size != 0) {
		mask = utf8_hash_size - 1;
		for (slot = h & mask; (v = utf8_hash[slot]) != 0;
		    slot = (slot + 1) & mask) {
			if ((uint32_t)(v >> 32) != h)
				continue;
			idx = (uint32_t)v - 1;
			e = &utf8_entries[idx];
			if (e->n == n && memcmp(&utf8_cps[e->off], cps,
			    n * sizeof *cps) == 0)
				return (UTF8_INTERN_BASE + idx);
		}
	}
	if (utf8_nentries >= UTF8_INTERN_MAX)
		return (cps[0]);

	if ((utf8_nentries + 1) * 2 > utf8_hash_size)
		utf8_hash_grow();
	if (utf8_nentries == utf8_entries_size) {
		utf8_entries_size = utf8_entries_size == 0 ? 64 :
		    utf8_entries_size * 2;
		utf8_entries = xreallocarray(utf8_entries, utf8_entries_size,
		    sizeof *utf8_entries);
	}
	utf8_cps = utf8_pool_reserve(utf8_cps, &utf8_cps_size,
	    utf8_cps_len + n, sizeof *utf8_cps);
	utf8_bytes = utf8_pool_reserve(utf8_bytes, &utf8_bytes_size,
	    utf8_bytes_len + UTF8_MAX_BYTES, 1);

	e = &utf8_entries[utf8_nentries];
	e->off = utf8_cps_len;
	e->n = n;
	memcpy(&utf8_cps[utf8_cps_len], cps, n * sizeof *cps);
	utf8_cps_len += n;
	e->boff = utf8_bytes_len;
	for (i = 0, k = 0; i < n; i++) {
		if ((k = utf8_encode(cps[i], &utf8_bytes[utf8_bytes_len])) == 0)
			k = utf8_encode(0xfffd, &utf8_bytes[utf8_bytes_len]);
		utf8_bytes_len += k;
	}
	e->blen = utf8_bytes_len - e->boff;

	utf8_hash_put(h, utf8_nentries);
	return (UTF8_INTERN_BASE + utf8_nentries++);
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
	memcpy(cps, &utf8_cps[e->off], e->n * sizeof *cps);
	return (e->n);
}

/* An interned character's parts (see utf8.h). */
size_t
utf8_interned(uint32_t ch, uint32_t *first, const char **bytes, size_t *len)
{
	static const char		 fffd[] = "\xef\xbf\xbd";
	const struct utf8_entry		*e;
	uint32_t			 idx = ch - UTF8_INTERN_BASE;

	if (ch < UTF8_INTERN_BASE || idx >= utf8_nentries) {
		*first = 0xfffd;
		*bytes = fffd;
		*len = 3;
		return (1);
	}
	e = &utf8_entries[idx];
	*first = utf8_cps[e->off];
	*bytes = &utf8_bytes[e->boff];
	*len = e->blen;
	return (e->n);
}

/* A cell character as UTF-8. */
size_t
utf8_char_to_utf8(uint32_t ch, char *out)
{
	const char	*bytes;
	uint32_t	 first;
	size_t		 len;

	if (ch < UTF8_INTERN_BASE) {
		if ((len = utf8_encode(ch, out)) == 0)
			len = utf8_encode(0xfffd, out);
		return (len);
	}
	utf8_interned(ch, &first, &bytes, &len);
	memcpy(out, bytes, len);
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
