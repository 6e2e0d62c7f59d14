/*
 * Paste buffers (see paste.h): a list kept newest first, in the server
 * context.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/queue.h"
#include "common/xmalloc.h"
#include "server/options.h"
#include "server/paste.h"
#include "server/server.h"

struct paste_buffer {
	char			*name;
	char			*data;
	size_t			 len;
	int			 automatic;
	time_t			 created;
	TAILQ_ENTRY(paste_buffer) entry;
};

struct paste_buffer *
paste_find(const char *name)
{
	struct paste_buffer	*pb;

	TAILQ_FOREACH(pb, &srv->buffers, entry) {
		if (strcmp(pb->name, name) == 0)
			return (pb);
	}
	return (NULL);
}

struct paste_buffer *
paste_top(void)
{
	return (TAILQ_FIRST(&srv->buffers));
}

struct paste_buffer *
paste_next(struct paste_buffer *pb)
{
	return (TAILQ_NEXT(pb, entry));
}

void
paste_free(struct paste_buffer *pb)
{
	TAILQ_REMOVE(&srv->buffers, pb, entry);
	free(pb->name);
	free(pb->data);
	free(pb);
}

/* A new buffer at the front of the list. */
static struct paste_buffer *
paste_new(const char *name, const char *data, size_t len, int automatic)
{
	struct paste_buffer	*pb = xcalloc(1, sizeof *pb);

	pb->name = xstrdup(name);
	pb->data = xmalloc(len + 1);
	memcpy(pb->data, data, len);
	pb->data[len] = '\0';
	pb->len = len;
	pb->automatic = automatic;
	pb->created = time(NULL);
	TAILQ_INSERT_HEAD(&srv->buffers, pb, entry);
	return (pb);
}

const char *
paste_add(const char *data, size_t len)
{
	struct paste_buffer	*pb, *last;
	unsigned int		 n = 0, limit;
	char			 name[32];

	limit = options_get_number(srv->options, "buffer-limit");
	TAILQ_FOREACH(pb, &srv->buffers, entry) {
		if (pb->automatic)
			n++;
	}
	/* Drop the oldest automatic buffers beyond the limit. */
	while (n >= limit) {
		last = NULL;
		TAILQ_FOREACH(pb, &srv->buffers, entry) {
			if (pb->automatic)
				last = pb;
		}
		if (last == NULL)
			break;
		paste_free(last);
		n--;
	}
	do {
		snprintf(name, sizeof name, "buffer%u", srv->next_buffer++);
	} while (paste_find(name) != NULL);
	return (paste_new(name, data, len, 1)->name);
}

void
paste_set(const char *name, const char *data, size_t len)
{
	struct paste_buffer	*pb;

	if ((pb = paste_find(name)) != NULL)
		paste_free(pb);
	paste_new(name, data, len, 0);
}

void
paste_append(const char *name, const char *data, size_t len)
{
	struct paste_buffer	*pb = paste_find(name);

	if (pb == NULL) {
		paste_new(name, data, len, 0);
		return;
	}
	pb->data = xreallocarray(pb->data, 1, pb->len + len + 1);
	memcpy(pb->data + pb->len, data, len);
	pb->len += len;
	pb->data[pb->len] = '\0';
}

int
paste_rename(struct paste_buffer *pb, const char *name, char **cause)
{
	struct paste_buffer	*other = paste_find(name);

	if (other == pb)
		return (0);
	if (other != NULL) {
		/* As tmux: renaming over a buffer replaces it. */
		paste_free(other);
	}
	free(pb->name);
	pb->name = xstrdup(name);
	pb->automatic = 0;
	return (0);
}

const char *
paste_name(const struct paste_buffer *pb)
{
	return (pb->name);
}

const char *
paste_data(const struct paste_buffer *pb, size_t *len)
{
	if (len != NULL)
		*len = pb->len;
	return (pb->data);
}

int
paste_automatic(const struct paste_buffer *pb)
{
	return (pb->automatic);
}

time_t
paste_created(const struct paste_buffer *pb)
{
	return (pb->created);
}

void
paste_free_all(void)
{
	struct paste_buffer	*pb;

	while ((pb = TAILQ_FIRST(&srv->buffers)) != NULL)
		paste_free(pb);
}
