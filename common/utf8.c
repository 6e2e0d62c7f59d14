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
 * points takes some 60 bytes with its share of the hash, so a full table
 * is some 60 MiB; it is only as big as the distinct sequences the process
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
 * the entry's index + 1 (0: empty), its length and its first three code
 * points, so a lookup of a base and one or two marks (nearly every one)
 * reads the slot alone: one cache line where the table has grown past the
 * caches (the entry and the pool were two more).
 */
struct utf8_entry {
	uint32_t	off;	/* code points at utf8_cps[off] */
	uint32_t	boff;	/* UTF-8 at utf8_bytes[boff] */
	uint8_t		n;	/* code points */
	uint8_t		blen;	/* UTF-8 bytes */
};
_Static_assert(UTF8_MAX_BYTES <= UINT8_MAX, "an entry's UTF-8 fits blen");

#define UTF8_SLOT_CPS	3
struct utf8_slot {
	uint32_t	id:24;	/* entry index + 1; 0: empty */
	uint32_t	n:8;	/* code points */
	uint32_t	cps[UTF8_SLOT_CPS]; /* the first ones (0 past n) */
};
_Static_assert(sizeof(struct utf8_slot) == 16, "a slot is 16 bytes");
_Static_assert(UTF8_INTERN_MAX < (1u << 24), "an id fits a slot");
_Static_assert(UTF8_MAX_CPS < (1u << 8), "a length fits a slot");

static struct utf8_entry	*utf8_entries;
static uint32_t			 utf8_nentries;
static uint32_t			 utf8_entries_size;
static uint32_t			*utf8_cps;
static size_t			 utf8_cps_len, utf8_cps_size;
static char			*utf8_bytes;
static size_t			 utf8_bytes_len, utf8_bytes_size;
static struct utf8_slot		*utf8_hash;
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

/* Fill slot sl for entry idx, of the n code points cps. */
static void
utf8_slot_fill(struct utf8_slot *sl, uint32_t idx, const uint32_t *cps,
    size_t n)
{
	size_t	i;

	sl->id = idx + 1;
	sl->n = n;
	for (i = 0; i < UTF8_SLOT_CPS; i++)
		sl->cps[i] = i < n ? cps[i] : 0;
}

/* The first free slot from hash h. */
static struct utf8_slot *
utf8_hash_free_slot(uint32_t h)
{
	uint32_t	mask = utf8_hash_size - 1, slot = h & mask;

	while (utf8_hash[slot].id != 0)
		slot = (slot + 1) & mask;
	return (&utf8_hash[slot]);
}

/* Grow the hash to twice its size and reinsert every entry. */
static void
utf8_hash_grow(void)
{
	const struct utf8_entry	*e;
	const uint32_t		*cps;
	uint32_t		 i;

	free(utf8_hash);
	utf8_hash_size = utf8_hash_size == 0 ? 256 : utf8_hash_size * 2;
	utf8_hash = xcalloc(utf8_hash_size, sizeof *utf8_hash);
	for (i = 0; i < utf8_nentries; i++) {
		e = &utf8_entries[i];
		cps = &utf8_cps[e->off];
		utf8_slot_fill(utf8_hash_free_slot(utf8_hash_cps(cps, e->n)),
		    i, cps, e->n);
	}
}

/* Is slot sl's entry the n code points cps (n >= 2)? Only one longer
 * than the slot holds reads its entry and the pool. */
static inline int
utf8_slot_is(const struct utf8_slot *sl, const uint32_t *cps, size_t n)
{
	const struct utf8_entry	*e;

	if (sl->n != n || sl->cps[0] != cps[0] || sl->cps[1] != cps[1])
		return (0);
	if (n == 2)
		return (1);
	if (sl->cps[2] != cps[2])
		return (0);
	if (n == UTF8_SLOT_CPS)
		return (1);
	e = &utf8_entries[sl->id - 1];
	return (memcmp(&utf8_cps[e->off + UTF8_SLOT_CPS], cps + UTF8_SLOT_CPS,
	    (n - UTF8_SLOT_CPS) * sizeof *cps) == 0);
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
	struct utf8_slot	*sl;
	uint32_t		 h, slot, mask;
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
		for (slot = h & mask; (sl = &utf8_hash[slot])->id != 0;
		    slot = (slot + 1) & mask) {
			if (utf8_slot_is(sl, cps, n))
				return (UTF8_INTERN_BASE + sl->id - 1);
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

	utf8_slot_fill(utf8_hash_free_slot(h), utf8_nentries, cps, n);
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
