/*
 * The hyperlink table (see link.h): entries indexed by id, found by an
 * open-addressing hash of (uri, param) with LINK_SLOTS slots, twice the
 * most entries there can be, so a probe always ends. Freeing only happens
 * in link_sweep, which rebuilds the hash from the entries left, so the
 * hash never needs deletion marks.
 */
#include <stdlib.h>
#include <string.h>

#include "common/link.h"
#include "common/xmalloc.h"

#define LINK_SLOTS	4096
_Static_assert(LINK_SLOTS >= 2 * (LINK_MAX + 1), "hash has room");

struct link_entry {
	char		*uri;		/* NULL: free */
	char		*param;
	uint32_t	 hash;
};

/* Process-wide, as utf8_intern's table is: ids are shared by every pane. */
static struct link_entry	 link_entries[LINK_MAX + 1];
static uint16_t			 link_slots[LINK_SLOTS];	/* 0 empty */
static unsigned int		 link_used;
static uint16_t			 link_next = 1;	/* where to look for a free id */
static uint64_t			 link_gen;

/* FNV-1a over the param, a separator and the URI. */
static uint32_t
link_hash(const char *uri, size_t urilen, const char *param, size_t paramlen)
{
	uint32_t	h = 2166136261u;
	size_t		i;

	for (i = 0; i < paramlen; i++)
		h = (h ^ (unsigned char)param[i]) * 16777619u;
	h = (h ^ 0xff) * 16777619u;
	for (i = 0; i < urilen; i++)
		h = (h ^ (unsigned char)uri[i]) * 16777619u;
	return (h);
}

/* Put id in the hash. */
static void
link_slot_add(uint16_t id)
{
	uint32_t	i = link_entries[id].hash % LINK_SLOTS;

	while (link_slots[i] != 0)
		i = (i + 1) % LINK_SLOTS;
	link_slots[i] = id;
}

/* Is s free of control characters (it goes to terminals as it is)? */
static int
link_printable(const char *s, size_t len)
{
	size_t	i;

	for (i = 0; i < len; i++) {
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return (0);
	}
	return (1);
}

uint16_t
link_intern(const char *uri, size_t urilen, const char *param,
    size_t paramlen)
{
	struct link_entry	*le;
	uint32_t		 h, i;
	uint16_t		 id;

	if (urilen == 0 || urilen > LINK_URI_MAX || paramlen > LINK_PARAM_MAX)
		return (0);
	if (!link_printable(uri, urilen) || !link_printable(param, paramlen))
		return (0);
	h = link_hash(uri, urilen, param, paramlen);
	for (i = h % LINK_SLOTS; (id = link_slots[i]) != 0;
	    i = (i + 1) % LINK_SLOTS) {
		le = &link_entries[id];
		if (le->hash == h && strlen(le->uri) == urilen &&
		    memcmp(le->uri, uri, urilen) == 0 &&
		    strlen(le->param) == paramlen &&
		    memcmp(le->param, param, paramlen) == 0)
			return (id);
	}
	if (link_used == LINK_MAX)
		return (0);
	while (link_entries[link_next].uri != NULL)
		link_next = link_next == LINK_MAX ? 1 : link_next + 1;
	id = link_next;
	le = &link_entries[id];
	le->uri = xstrndup(uri, urilen);
	le->param = xstrndup(param, paramlen);
	le->hash = h;
	link_slot_add(id);
	link_used++;
	return (id);
}

int
link_full(void)
{
	return (link_used == LINK_MAX);
}

const char *
link_uri(uint16_t id)
{
	if (id == 0 || id > LINK_MAX)
		return (NULL);
	return (link_entries[id].uri);
}

const char *
link_param(uint16_t id)
{
	if (id == 0 || id > LINK_MAX)
		return (NULL);
	return (link_entries[id].param);
}

unsigned int
link_count(void)
{
	return (link_used);
}

unsigned int
link_sweep(const uint8_t *used)
{
	struct link_entry	*le;
	unsigned int		 id, freed = 0;

	for (id = 1; id <= LINK_MAX; id++) {
		le = &link_entries[id];
		if (le->uri == NULL || (used[id / 8] & (1u << (id % 8))))
			continue;
		free(le->uri);
		free(le->param);
		le->uri = le->param = NULL;
		link_used--;
		freed++;
	}
	if (freed == 0)
		return (0);
	memset(link_slots, 0, sizeof link_slots);
	for (id = 1; id <= LINK_MAX; id++) {
		if (link_entries[id].uri != NULL)
			link_slot_add(id);
	}
	link_gen++;
	return (freed);
}

uint64_t
link_generation(void)
{
	return (link_gen);
}
