/*
 * paste: the paste buffers. Automatic buffers (from copies, capture-pane,
 * OSC 52) are named bufferN and bounded by buffer-limit, oldest dropped
 * first; named buffers (set-buffer -b) stay until deleted. Buffers hold
 * arbitrary bytes. The newest buffer is the default for paste-buffer.
 */
#ifndef MUX_PASTE_H
#define MUX_PASTE_H

#include <stddef.h>
#include <time.h>

struct paste_buffer;
/* A buffer's bytes, counted: held by whoever still needs them. */
struct paste_blob;

/* Add an automatic buffer (data copied); returns its name. */
const char	*paste_add(const char *data, size_t len);
/* Set a named buffer (creating it), or replace its data. */
void		 paste_set(const char *name, const char *data, size_t len);
/* Give a buffer new bytes (copied), keeping its name, kind and place. */
void		 paste_replace(struct paste_buffer *, const char *data,
		     size_t len);
/* Append to a buffer (creating it). */
void		 paste_append(const char *name, const char *data, size_t len);
/* The newest buffer, or NULL. */
struct paste_buffer *paste_top(void);
struct paste_buffer *paste_find(const char *name);
/* Iterate newest first; NULL past the end. */
struct paste_buffer *paste_next(struct paste_buffer *);
void		 paste_free(struct paste_buffer *);
/* Rename; -1 with *cause when the new name is taken. */
int		 paste_rename(struct paste_buffer *, const char *name,
		     char **cause);
const char	*paste_name(const struct paste_buffer *);
const char	*paste_data(const struct paste_buffer *, size_t *len);
int		 paste_automatic(const struct paste_buffer *);
time_t		 paste_created(const struct paste_buffer *);
/* Hold the buffer's bytes (they stay as they are now, whatever happens to
 * the buffer) until paste_release. */
struct paste_blob *paste_hold(struct paste_buffer *);
/* New bytes (copied), held once. */
struct paste_blob *paste_blob_new(const char *data, size_t len);
void		 paste_release(struct paste_blob *);
const char	*paste_blob_data(const struct paste_blob *, size_t *len);
/* Forget every buffer (server exit). */
void		 paste_free_all(void);
/* The live upgrade: a buffer as it was (put above the others). */
void		 paste_restore(const char *name, const char *data, size_t len,
		     int automatic, time_t created);

#endif
