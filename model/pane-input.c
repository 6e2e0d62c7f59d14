/*
 * A pane's input queue: what users type, what the vt owes the program
 * (replies, encoded keys), and pastes, written to the pty as it takes them,
 * in the order they came.
 *
 *	p->input (evbuffer)	bytes ready for the pty, written first
 *	p->feeds		pastes still to go, oldest first; each has
 *	  feed->after		the bytes queued behind it
 *
 * A paste is not copied into the queue: its feed holds a reference to the
 * bytes (a paste buffer's, or a terminal's paste) and turns at most
 * PANE_FEED_CHUNK of them at a time into p->input (line ends made the
 * separator, end markers left out of a bracketed paste) when p->input
 * runs low. When a feed is done its "after" bytes follow it into p->input.
 *
 * Bounds: small writes that would take the bytes held (p->input and every
 * "after") past PANE_INPUT_MAX are dropped and logged; a paste is taken
 * whole while the queue (counting what feeds have still to go) is below
 * PANE_INPUT_MAX, and refused once it is full. A program that never reads
 * so costs PANE_INPUT_MAX, a chunk, and a reference to one paste.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/buffer.h>
#include <event2/event.h>

#include "common/log.h"
#include "common/trace.h"
#include "common/xmalloc.h"
#include "grid/vt.h"
#include "model/paste.h"
#include "model/state.h"
#include "model/window.h"

/* What a feed turns into pty input at a time. */
#define PANE_FEED_CHUNK		65536

static const char	pane_paste_start[] = "\033[200~";
static const char	pane_paste_end[] = "\033[201~";
#define PANE_PASTE_MARK_LEN	(sizeof pane_paste_start - 1)

struct pane_feed {
	struct paste_blob	*blob;		/* held */
	size_t			 off;		/* next byte of blob to feed */
	char			*sep;		/* line ends become it, or NULL */
	int			 bracket;	/* 0; 1 start mark due; 2 inside */
	struct evbuffer		*after;		/* input queued behind it */
	TAILQ_ENTRY(pane_feed)	 entry;
};

void
pane_input_init(struct pane *p)
{
	if ((p->input = evbuffer_new()) == NULL)
		fatalx("pane_input_init: evbuffer_new failed");
	TAILQ_INIT(&p->feeds);
}

/* Forget a feed. */
static void
pane_feed_free(struct pane *p, struct pane_feed *f)
{
	TAILQ_REMOVE(&p->feeds, f, entry);
	paste_release(f->blob);
	evbuffer_free(f->after);
	free(f->sep);
	free(f);
}

void
pane_input_clear(struct pane *p)
{
	struct pane_feed	*f;

	while ((f = TAILQ_FIRST(&p->feeds)) != NULL)
		pane_feed_free(p, f);
	evbuffer_drain(p->input, evbuffer_get_length(p->input));
}

void
pane_input_free(struct pane *p)
{
	pane_input_clear(p);
	evbuffer_free(p->input);
	p->input = NULL;
}

/* Bytes held in buffers (not counting what feeds have still to feed). */
static size_t
pane_input_held(const struct pane *p)
{
	const struct pane_feed	*f;
	size_t			 n = evbuffer_get_length(p->input);

	TAILQ_FOREACH(f, &p->feeds, entry)
		n += evbuffer_get_length(f->after);
	return (n);
}

size_t
pane_input_queued(const struct pane *p)
{
	const struct pane_feed	*f;
	size_t			 n = pane_input_held(p), len;

	TAILQ_FOREACH(f, &p->feeds, entry) {
		paste_blob_data(f->blob, &len);
		n += len - f->off;
	}
	return (n);
}

int
pane_input_full(const struct pane *p)
{
	return (pane_input_queued(p) >= PANE_INPUT_MAX);
}

/* Turn up to PANE_FEED_CHUNK more bytes of f into p->input. Returns 1
 * when f is done. */
static int
pane_feed_some(struct pane *p, struct pane_feed *f)
{
	const char	*data;
	size_t		 len, i, start, end;

	data = paste_blob_data(f->blob, &len);
	if (f->bracket == 1) {
		evbuffer_add(p->input, pane_paste_start, PANE_PASTE_MARK_LEN);
		f->bracket = 2;
	}
	end = len - f->off > PANE_FEED_CHUNK ? f->off + PANE_FEED_CHUNK : len;
	for (i = start = f->off; i < end; i++) {
		if (data[i] == '\033' && f->bracket != 0 &&
		    len - i >= PANE_PASTE_MARK_LEN &&
		    memcmp(data + i, pane_paste_end, PANE_PASTE_MARK_LEN) == 0) {
			/* An end mark inside must not end the paste early. */
			evbuffer_add(p->input, data + start, i - start);
			i += PANE_PASTE_MARK_LEN - 1;
			start = i + 1;
		} else if (data[i] == '\n' && f->sep != NULL) {
			evbuffer_add(p->input, data + start, i - start);
			evbuffer_add(p->input, f->sep, strlen(f->sep));
			start = i + 1;
		}
	}
	if (start < i)
		evbuffer_add(p->input, data + start, i - start);
	f->off = i < len ? i : len;
	if (f->off < len)
		return (0);
	if (f->bracket != 0)
		evbuffer_add(p->input, pane_paste_end, PANE_PASTE_MARK_LEN);
	return (1);
}

/* Top p->input up from the feeds while it runs low. */
static void
pane_input_fill(struct pane *p)
{
	struct pane_feed	*f;

	while (evbuffer_get_length(p->input) < PANE_FEED_CHUNK &&
	    (f = TAILQ_FIRST(&p->feeds)) != NULL) {
		if (!pane_feed_some(p, f))
			continue;
		evbuffer_add_buffer(p->input, f->after);
		pane_feed_free(p, f);
	}
}

/* Write queued input while the pty takes it. */
static void
pane_input_flush(struct pane *p)
{
	int	n, full = pane_input_full(p);

	for (;;) {
		pane_input_fill(p);
		if (evbuffer_get_length(p->input) == 0)
			break;
		n = evbuffer_write(p->input, p->fd);
		if (n > 0) {
			p->input_taken += n;
			continue;
		}
		if (n == -1 && (errno == EAGAIN || errno == EINTR))
			break;
		pane_exited(p);
		return;
	}
	if (evbuffer_get_length(p->input) != 0)
		event_add(p->wev, NULL);
	else
		event_del(p->wev);
	if (full && !pane_input_full(p))
		srv->dirty = 1;	/* input held for it may go on */
}

/* The pty takes more input. */
void
pane_input_write_cb(int fd, short events, void *arg)
{
	pane_input_flush(arg);
}

/* Input was queued: the program's answer comes first in the next turn
 * (this fails harmlessly when the read event is running: a reply the vt
 * owes while parsing), and if nothing was waiting, write it now. */
static void
pane_input_urgent(struct pane *p)
{
	if (!p->urgent && event_priority_set(p->rev, PANE_PRIORITY_URGENT) == 0)
		p->urgent = 1;
}

static void
pane_input_queued_new(struct pane *p, int was_empty)
{
	pane_input_urgent(p);
	if (was_empty) {
		pane_input_flush(p);
		trace_stamp("pty-write");
	}
}

void
pane_write(struct pane *p, const char *buf, size_t len)
{
	struct pane_feed	*f;
	ssize_t			 n;
	int			 was_empty;

	if (p->fd == -1 || (p->flags & PANE_EXITED) || len == 0)
		return;
	if (pane_input_held(p) + len > PANE_INPUT_MAX) {
		log_debug("pane %%%u: input full, %zu bytes dropped", p->id,
		    len);
		return;
	}
	was_empty = evbuffer_get_length(p->input) == 0 &&
	    TAILQ_EMPTY(&p->feeds);
	if (was_empty) {
		/* Nothing waits before it (a key, most often): straight to
		 * the pty, and the queue only for what it does not take. */
		trace_stamp("key-encoded");
		n = write(p->fd, buf, len);
		if (n > 0) {
			p->input_taken += n;
			buf += n;
			len -= n;
		} else if (n == -1 && errno != EAGAIN && errno != EINTR) {
			pane_exited(p);
			return;
		}
		if (len == 0) {
			pane_input_urgent(p);
			trace_stamp("pty-write");
			return;
		}
	}
	if ((f = TAILQ_LAST(&p->feeds, pane_feeds)) != NULL)
		evbuffer_add(f->after, buf, len);
	else
		evbuffer_add(p->input, buf, len);
	pane_input_queued_new(p, was_empty);
}

int
pane_paste(struct pane *p, struct paste_blob *blob, const char *sep,
    int bracket)
{
	struct pane_feed	*f;
	size_t			 len;
	int			 was_empty;

	paste_blob_data(blob, &len);
	if (p->fd == -1 || (p->flags & PANE_EXITED) || len == 0) {
		paste_release(blob);
		return (0);
	}
	if (pane_input_full(p)) {
		log_debug("pane %%%u: input full, paste of %zu bytes refused",
		    p->id, len);
		paste_release(blob);
		return (-1);
	}
	was_empty = evbuffer_get_length(p->input) == 0 &&
	    TAILQ_EMPTY(&p->feeds);
	f = xcalloc(1, sizeof *f);
	f->blob = blob;
	f->sep = sep != NULL && strcmp(sep, "\n") != 0 ? xstrdup(sep) : NULL;
	f->bracket = bracket && (vt_modes(p->vt) & VT_MODE_BRACKETPASTE);
	if ((f->after = evbuffer_new()) == NULL)
		fatalx("pane_paste: evbuffer_new failed");
	TAILQ_INSERT_TAIL(&p->feeds, f, entry);
	pane_input_queued_new(p, was_empty);
	return (0);
}
