/*
 * history-ring: the storage under grid/history.c, private to it. Lines are
 * records of bytes (the history decides what they hold) appended to blocks
 * kept in a ring, oldest first; see history-ring.c for the layout.
 */
#ifndef MUX_HISTORY_RING_H
#define MUX_HISTORY_RING_H

#include <stddef.h>
#include <stdint.h>

struct hslot;

/* The blocks of a history, oldest first. All zero is an empty ring with
 * the smallest blocks. */
struct hring {
	struct hslot	*slots;		/* cap slots, cap a power of two */
	unsigned int	 cap;
	unsigned int	 start;		/* slot of the oldest block */
	unsigned int	 n;		/* blocks */
	uint64_t	 first;		/* number of the oldest line kept */
	unsigned int	 size;		/* lines kept */
	size_t		 bytes;		/* chunks of the blocks and slots */
	size_t		 bmax;		/* chunk of the largest block */
};

/* The chunk glibc's malloc takes for a request of size bytes. */
size_t		 hring_chunk(size_t size);
/* The largest block for a history of at most limit lines. */
size_t		 hring_block_max(unsigned int limit);
/* The record of line idx (0 = oldest, < size); *len gets its length if
 * not NULL. The pointer is good until the ring next changes. */
unsigned char	*hring_line(const struct hring *, unsigned int idx,
		     size_t *len);
/* Append a record of len bytes as the newest line; returns where to write
 * it. */
unsigned char	*hring_push(struct hring *, size_t len);
/* Remove the newest line; its bytes go back to its block. */
void		 hring_pop(struct hring *);
/* Drop the oldest line; its block goes once it holds no kept line. */
void		 hring_drop_oldest(struct hring *);
/* Free every block and the slots; the ring is empty (bmax stays). */
void		 hring_clear(struct hring *);

#endif
