/*
 * Paste buffers (see paste.h): a list kept newest first, in the server
 * context. A buffer's bytes are a counted blob, so a paste still being
 * fed to a pane keeps them after the buffer is replaced or deleted;
 * appending to a blob someone else holds copies it first.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "common/queue.h"
#include "common/xmalloc.h"
#include "model/options.h"
#include "model/control.h"
#include "model/pane-mode.h"
#include "model/paste.h"
#include "model/state.h"

struct paste_blob {
	unsigned int		 references;
	size_t			 len;
	char			 data[];	/* len bytes and a NUL */
};

struct paste_buffer {
	char			*name;
	struct paste_blob	*blob;
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

struct paste_blob *
paste_blob_new(const char *data, size_t len)
{
	struct paste_blob	*b = xmalloc(sizeof *b + len + 1);

	b->references = 1;
	b->len = len;
	memcpy(b->data, data, len);
	b->data[len] = '\0';
	return (b);
}

struct paste_blob *
paste_hold(struct paste_buffer *pb)
{
	pb->blob->references++;
	return (pb->blob);
}

void
paste_release(struct paste_blob *b)
{
	if (b != NULL && --b->references == 0)
		free(b);
}

const char *
paste_blob_data(const struct paste_blob *b, size_t *len)
{
	*len = b->len;
	return (b->data);
}

void
paste_free(struct paste_buffer *pb)
{
	TAILQ_REMOVE(&srv->buffers, pb, entry);
	control_notify(CONTROL_PASTE_DELETED, NULL, NULL, NULL, NULL, pb->name);
	pane_mode_redraw_all();	/* buffer mode lists it */
	free(pb->name);
	paste_release(pb->blob);
	free(pb);
}

/* A new buffer at the front of the list. */
static struct paste_buffer *
paste_new(const char *name, const char *data, size_t len, int automatic)
{
	struct paste_buffer	*pb = xcalloc(1, sizeof *pb);

	pb->name = xstrdup(name);
	pb->blob = paste_blob_new(data, len);
	pb->automatic = automatic;
	pb->created = time(NULL);
	TAILQ_INSERT_HEAD(&srv->buffers, pb, entry);
	control_notify(CONTROL_PASTE_CHANGED, NULL, NULL, NULL, NULL, pb->name);
	pane_mode_redraw_all();	/* buffer mode lists it */
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
	struct paste_blob	*b;

	if (pb == NULL) {
		paste_new(name, data, len, 0);
		return;
	}
	b = pb->blob;
	if (b->references > 1) {
		/* Held by a paste in progress: that keeps the old bytes. */
		pb->blob = paste_blob_new(b->data, b->len);
		paste_release(b);
		b = pb->blob;
	}
	if (len > SIZE_MAX - sizeof *b - b->len - 1)
		fatalx("paste_append: too large");
	b = xreallocarray(b, 1, sizeof *b + b->len + len + 1);
	memcpy(b->data + b->len, data, len);
	b->len += len;
	b->data[b->len] = '\0';
	pb->blob = b;
	control_notify(CONTROL_PASTE_CHANGED, NULL, NULL, NULL, NULL, pb->name);
	pane_mode_redraw_all();	/* buffer mode lists it */
}

void
paste_replace(struct paste_buffer *pb, const char *data, size_t len)
{
	/* A paste in progress holding the old bytes keeps them. */
	paste_release(pb->blob);
	pb->blob = paste_blob_new(data, len);
	control_notify(CONTROL_PASTE_CHANGED, NULL, NULL, NULL, NULL, pb->name);
	pane_mode_redraw_all();	/* buffer mode shows it */
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
	control_notify(CONTROL_PASTE_DELETED, NULL, NULL, NULL, NULL, pb->name);
	pane_mode_redraw_all();	/* buffer mode lists it */
	free(pb->name);
	pb->name = xstrdup(name);
	pb->automatic = 0;
	control_notify(CONTROL_PASTE_CHANGED, NULL, NULL, NULL, NULL, pb->name);
	pane_mode_redraw_all();	/* buffer mode lists it */
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
		*len = pb->blob->len;
	return (pb->blob->data);
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

void
paste_restore(const char *name, const char *data, size_t len, int automatic,
    time_t created)
{
	paste_new(name, data, len, automatic)->created = created;
}
