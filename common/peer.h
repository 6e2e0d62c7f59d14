/*
 * peer: framed protocol messages over a connected UNIX socket, driven by
 * libevent. Writes go out at once when the socket takes them (no loop turn
 * is spent waiting); what it does not take is queued and sent when the
 * socket drains. Callers bound what they queue by looking at peer_pending.
 *
 * A peer may be freed from inside its own callbacks: the free is deferred
 * until the callback returns.
 */
#ifndef MUX_PEER_H
#define MUX_PEER_H

#include <stddef.h>
#include <stdint.h>

struct event_base;
struct peer;

/* A whole message arrived. */
typedef void (*peer_msg_cb)(struct peer *, uint32_t type, const uint8_t *data,
    size_t len, void *arg);
/* The connection ended: why is NULL for an orderly end of file, else a
 * description of the error (bad message, write failed). The peer is not
 * freed; the callback usually does that. */
typedef void (*peer_close_cb)(struct peer *, const char *why, void *arg);
/* Everything queued has been written. */
typedef void (*peer_drain_cb)(struct peer *, void *arg);
/* The other side finished sending (end of file after whole messages) but
 * may still read: nothing more is read, sending still works. Returns 0 to
 * keep the connection for answers still to come, -1 to end it as an
 * orderly close (close_cb with why NULL). */
typedef int (*peer_eof_cb)(struct peer *, void *arg);

/* Take ownership of fd (made non-blocking, closed by peer_free). */
struct peer	*peer_create(struct event_base *, int fd, peer_msg_cb,
		     peer_close_cb, void *arg);
void		 peer_set_drain_cb(struct peer *, peer_drain_cb);
/* Without an eof callback, end of file is a close. */
void		 peer_set_eof_cb(struct peer *, peer_eof_cb);
/* The largest payload accepted from the other side (at most, and by
 * default, PROTO_MAX_PAYLOAD); a header announcing more breaks the
 * framing ("message too large"). With it, what a partial message holds is
 * bounded by max plus one read. */
void		 peer_set_max_message(struct peer *, size_t);
void		 peer_free(struct peer *);
/* Queue bytes that are already framed messages. */
void		 peer_send(struct peer *, const void *buf, size_t len);
/* Frame and queue one message. */
void		 peer_send_msg(struct peer *, uint32_t type, const void *payload,
		     size_t len);
/* Bytes queued and not yet written. */
size_t		 peer_pending(const struct peer *);
/* Stop or restart reading messages. */
void		 peer_pause(struct peer *, int paused);
/* Write what is queued, then report close (why NULL) instead of reading
 * more: for a last message before hanging up. */
void		 peer_close_when_flushed(struct peer *);
int		 peer_fd(const struct peer *);
/* Write what is queued now, waiting (poll) at most timeout_ms: for a
 * process about to exec (the live upgrade). Returns -1 when not all of
 * it went. */
int		 peer_flush_wait(struct peer *, int timeout_ms);
/* Send a message with no payload that carries fd (SCM_RIGHTS; the fd stays
 * the caller's too). Only when nothing is queued: returns -1 if anything
 * is, or if the socket does not take it now. */
int		 peer_send_fd(struct peer *, uint32_t type, int fd);
/* The oldest fd passed by the other side and not yet taken (the caller
 * owns it, close-on-exec), or -1. Those never taken are closed by
 * peer_free. */
int		 peer_take_fd(struct peer *);
/* The live upgrade: the bytes read from the other side and not yet
 * dispatched (a message not yet whole), *len of them; valid until the
 * peer reads again. */
const uint8_t	*peer_unread(struct peer *, size_t *len);
/* Put bytes in front of what is read next (a new server's peer on an
 * inherited socket gets what the old one had read); what they hold of
 * whole messages is dispatched from the loop. */
void		 peer_put_unread(struct peer *, const void *, size_t);

#endif
