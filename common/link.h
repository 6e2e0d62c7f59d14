/*
 * link: hyperlinks (OSC 8), interned process-wide as characters of several
 * code points are (common/utf8.h), so a cell holds a small id of one
 * (struct cell's link) and everything that draws, copies or captures
 * cells can find its URI again.
 *
 * A link is its URI and its id= parameter (empty when none): two cells
 * with both the same are one link. The table is bounded: at most LINK_MAX
 * links, each at most LINK_URI_MAX bytes of URI and LINK_PARAM_MAX of id.
 * When it is full, link_intern returns 0 (the text is kept without a
 * link) until link_sweep frees the ids no cell holds any more (the grid
 * decides which: grid/vt-link.c).
 */
#ifndef MUX_LINK_H
#define MUX_LINK_H

#include <stddef.h>
#include <stdint.h>

#define LINK_MAX	2047	/* fits struct cell's 11 bits */
#define LINK_URI_MAX	2048
#define LINK_PARAM_MAX	250

/* The id of the link (uri, param) (param may be empty), interned if new;
 * 0 if either is too long or holds a control character, uri is empty or
 * the table is full. */
uint16_t	 link_intern(const char *uri, size_t urilen, const char *param,
		     size_t paramlen);
/* Is the table full (a new link would get 0)? */
int		 link_full(void);
/* The URI and id= parameter of id (NUL-terminated, valid until the id is
 * swept); NULL for 0 or an id not in use. */
const char	*link_uri(uint16_t id);
const char	*link_param(uint16_t id);
/* Links in the table. */
unsigned int	 link_count(void);
/* Free every id whose bit in used (LINK_MAX + 1 bits, bit n of byte n / 8
 * for id n) is clear; returns how many were freed. */
unsigned int	 link_sweep(const uint8_t *used);
/* Counts sweeps that freed something: a cell drawn with an id before may
 * mean another link now. */
uint64_t	 link_generation(void);

#endif
