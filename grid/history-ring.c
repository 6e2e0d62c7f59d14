/*
 * History storage: records packed into blocks, the blocks in a ring.
 *
 * Lines are not allocated one by one: each is a record appended to the
 * newest block, and the ring keeps the blocks oldest first, each with the
 * number of its first record. Inside a block the records grow up from the
 * start and a 16-bit offset per record grows down from the end:
 *
 *	| header | rec 0 | rec 1 | ...  free  ... | off 1 | off 0 |
 *
 * Line idx is the record numbered first + idx (first: the oldest line
 * kept); a binary search over the slots finds its block and the offset its
 * bytes. Dropping the oldest line only advances first; a block is freed
 * once none of its records is kept. Popping the newest line gives its bytes
 * back to the newest block. Blocks start at HBLOCK_MIN bytes and double up
 * to about a twentieth of what the limit's lines take (HBLOCK_MAX at most),
 * so a short history stays small and a long one wastes little beyond the
 * free tail of its newest block and the dropped lines of its oldest; a
 * record too long for a block gets a block of its own.
 *
 * Sizes are counted as the chunks glibc's malloc takes, so what the ring
 * reports is what it costs.
 */
#include <stdlib.h>

#include "common/xmalloc.h"
#include "grid/history-ring.h"

/*
 * glibc on 64-bit systems puts an 8-byte header before each allocation and
 * rounds the whole to 16 bytes (32 at least). Blocks ask for a power of two
 * less that header, so each takes exactly a power of two.
 */
#define HRING_MALLOC_HDR		8
#define HRING_MALLOC_ALIGN	16
#define HRING_MALLOC_MIN		32

/* Chunk sizes of blocks (power of two; record offsets are 16 bits). */
#define HBLOCK_MIN	1024
#define HBLOCK_MAX	32768

/* A block of records; the offsets sit at the end of data. */
struct hblock {
	uint32_t	size;		/* bytes of data */
	uint32_t	used;		/* bytes of records, from the start */
	uint32_t	n;		/* records (offsets) */
	uint32_t	chunk;		/* bytes the allocation takes */
	unsigned char	data[];
};
_Static_assert(sizeof(struct hblock) == 16, "block header is 16 bytes");

/* A block in the ring and the number of its first record. */
struct hslot {
	struct hblock	*b;
	uint64_t	 first;
};

/* The chunk glibc's malloc takes for a request of size bytes. */
size_t
hring_chunk(size_t size)
{
	size = (size + HRING_MALLOC_HDR + HRING_MALLOC_ALIGN - 1) &
	    ~(size_t)(HRING_MALLOC_ALIGN - 1);
	return (size < HRING_MALLOC_MIN ? HRING_MALLOC_MIN : size);
}

/* The offsets of a block: record i's offset is at index -1 - i. */
static inline uint16_t *
hblock_offs(const struct hblock *b)
{
	return ((uint16_t *)(b->data + b->size));
}

/* Offset of record i of a block. */
static inline unsigned int
hblock_off(const struct hblock *b, unsigned int i)
{
	return (hblock_offs(b)[-1 - (long)i]);
}

/* Can a record of len bytes go at the end of block b? */
static int
hblock_fits(const struct hblock *b, size_t len)
{
	return (b->used <= UINT16_MAX &&
	    b->used + len + 2 * ((size_t)b->n + 1) <= b->size);
}

/* Slot i of the ring (0 = oldest block). */
static inline struct hslot *
hring_slot(const struct hring *r, unsigned int i)
{
	return (&r->slots[(r->start + i) & (r->cap - 1)]);
}

/* The slot of the block holding record seq (which must be kept). */
static const struct hslot *
hring_find(const struct hring *r, uint64_t seq)
{
	const struct hslot	*s;
	unsigned int		 lo = 0, hi = r->n - 1, mid;

	/* The newest block is the one most often wanted. */
	s = hring_slot(r, hi);
	if (seq >= s->first)
		return (s);
	while (lo < hi) {
		mid = lo + (hi - lo + 1) / 2;
		if (hring_slot(r, mid)->first <= seq)
			lo = mid;
		else
			hi = mid - 1;
	}
	return (hring_slot(r, lo));
}

/* The record of line idx (< r->size); *len gets its length if not NULL. */
unsigned char *
hring_line(const struct hring *r, unsigned int idx, size_t *len)
{
	uint64_t		 seq = r->first + idx;
	const struct hslot	*s = hring_find(r, seq);
	const struct hblock	*b = s->b;
	unsigned int		 i = seq - s->first, off;

	off = hblock_off(b, i);
	if (len != NULL)
		*len = (i + 1 < b->n ? hblock_off(b, i + 1) : b->used) - off;
	return (s->b->data + off);
}

/* The chunk of a slot array of cap slots. */
static size_t
hring_slots_chunk(unsigned int cap)
{
	return (cap == 0 ? 0 : hring_chunk(cap * sizeof (struct hslot)));
}

/* Double the slot array, the oldest block first. */
static void
hring_grow(struct hring *r)
{
	struct hslot	*slots;
	unsigned int	 i, cap;

	cap = r->cap == 0 ? 4 : r->cap * 2;
	slots = xreallocarray(NULL, cap, sizeof *slots);
	for (i = 0; i < r->n; i++)
		slots[i] = *hring_slot(r, i);
	free(r->slots);
	r->bytes += hring_slots_chunk(cap) - hring_slots_chunk(r->cap);
	r->slots = slots;
	r->cap = cap;
	r->start = 0;
}

/* Free block s (the oldest or the newest) and take it off the ring; the
 * ring goes with its last block. */
static void
hring_remove(struct hring *r, struct hslot *s)
{
	r->bytes -= s->b->chunk;
	free(s->b);
	s->b = NULL;
	if (s == hring_slot(r, 0))
		r->start = (r->start + 1) & (r->cap - 1);
	if (--r->n == 0) {
		r->bytes -= hring_slots_chunk(r->cap);
		free(r->slots);
		r->slots = NULL;
		r->cap = r->start = 0;
	}
}

/* Drop the oldest line; its block goes once it holds no kept line. */
void
hring_drop_oldest(struct hring *r)
{
	struct hslot	*s;

	if (r->size == 0)
		return;
	s = hring_slot(r, 0);
	r->first++;
	r->size--;
	if (r->first >= s->first + s->b->n)
		hring_remove(r, s);
}

/* Remove the newest line; its bytes go back to its block. */
void
hring_pop(struct hring *r)
{
	struct hslot	*s;
	struct hblock	*b;

	if (r->size == 0)
		return;
	s = hring_slot(r, r->n - 1);
	b = s->b;
	b->n--;
	b->used = hblock_off(b, b->n);
	r->size--;
	if (b->n == 0 || s->first + b->n <= r->first)
		hring_remove(r, s);
}

/* Free every block and the slots. */
void
hring_clear(struct hring *r)
{
	unsigned int	i;

	for (i = 0; i < r->n; i++)
		free(hring_slot(r, i)->b);
	free(r->slots);
	r->slots = NULL;
	r->cap = r->start = r->n = r->size = 0;
	r->bytes = 0;
}

/* The largest block for a limit of limit lines: about a twentieth of
 * what the limit's lines take, so the part of a block that is free or
 * holds dropped lines stays small beside them. */
size_t
hring_block_max(unsigned int limit)
{
	size_t	chunk = HBLOCK_MIN;

	while (chunk < HBLOCK_MAX && chunk * 2 <= (size_t)limit * 8)
		chunk *= 2;
	return (chunk);
}

/* A new empty block for a record of len bytes, after a block of prev
 * bytes (0: none), normally at most max bytes. */
static struct hblock *
hblock_new(size_t prev, size_t max, size_t len)
{
	struct hblock	*b;
	size_t		 chunk, size;

	chunk = prev == 0 ? HBLOCK_MIN : prev * 2;
	if (chunk > max)
		chunk = max;
	while (chunk < HBLOCK_MAX &&
	    chunk - HRING_MALLOC_HDR - sizeof *b < len + 2)
		chunk *= 2;
	size = chunk - HRING_MALLOC_HDR - sizeof *b;
	if (size < len + 2) {
		/* A line of its own; an even size keeps offsets aligned. */
		size = (len + 2 + 1) & ~(size_t)1;
	}
	b = xmalloc(sizeof *b + size);
	b->size = size;
	b->used = 0;
	b->n = 0;
	b->chunk = hring_chunk(sizeof *b + size);
	return (b);
}

/* Append a record of len bytes as the newest line; returns where to write
 * it. */
unsigned char *
hring_push(struct hring *r, size_t len)
{
	struct hslot	*s;
	struct hblock	*b;

	if (r->n > 0) {
		b = hring_slot(r, r->n - 1)->b;
		if (!hblock_fits(b, len))
			b = hblock_new(b->chunk, r->bmax, len);
	} else
		b = hblock_new(0, r->bmax, len);
	if (b->n == 0) {
		if (r->n == r->cap)
			hring_grow(r);
		s = hring_slot(r, r->n++);
		s->b = b;
		s->first = r->first + r->size;
		r->bytes += b->chunk;
	}
	hblock_offs(b)[-1 - (long)b->n] = b->used;
	b->n++;
	b->used += len;
	r->size++;
	return (b->data + b->used - len);
}
