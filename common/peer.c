/*
 * Framed messages over a socket (see peer.h). One read event, one write
 * event armed only while output is queued; input and output are evbuffers.
 * A read pulls at most PEER_READ_SIZE bytes, then dispatches every whole
 * message in the buffer.
 *
 * Reads use recvmsg, so file descriptors the other side passes
 * (SCM_RIGHTS) are kept, in order, until a message claims one with
 * peer_take_fd; the kernel delivers a passed fd with the first byte of the
 * message it was sent with, so it is always here when that message is.
 */
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/uio.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <event2/buffer.h>
#include <event2/event.h>

#include "common/log.h"
#include "common/peer.h"
#include "common/proto.h"
#include "common/xmalloc.h"

#define PEER_READ_SIZE	65536
/* Passed fds kept unclaimed at most; more are closed. */
#define PEER_MAX_FDS	4

struct peer {
	int		 fd;
	struct event	*rev;
	struct event	*wev;
	struct evbuffer	*in;
	struct evbuffer	*out;
	peer_msg_cb	 msg_cb;
	peer_close_cb	 close_cb;
	peer_drain_cb	 drain_cb;
	peer_eof_cb	 eof_cb;
	void		*arg;

	int		 busy;		/* inside a callback */
	int		 dead;		/* freed while busy */
	int		 closed;	/* close reported or pending */
	int		 flush_close;	/* close once the output is written */
	int		 paused;
	int		 eof;		/* the other side sends no more */
	const char	*error;		/* error to report from the loop */
	int		 last_words;	/* read after a failed write */
	size_t		 max_message;	/* largest payload taken */
	size_t		 dispatching;	/* of in, the message being handled */

	int		 fds[PEER_MAX_FDS];	/* passed, not yet claimed */
	int		 nfds;
};

static void	peer_read_cb(int, short, void *);
static void	peer_write_cb(int, short, void *);
static int	peer_dispatch(struct peer *, const char **);

struct peer *
peer_create(struct event_base *base, int fd, peer_msg_cb msg_cb,
    peer_close_cb close_cb, void *arg)
{
	struct peer	*p = xcalloc(1, sizeof *p);
	int		 flags;

	if ((flags = fcntl(fd, F_GETFL)) != -1)
		fcntl(fd, F_SETFL, flags | O_NONBLOCK);
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	p->fd = fd;
	p->msg_cb = msg_cb;
	p->close_cb = close_cb;
	p->arg = arg;
	p->max_message = PROTO_MAX_PAYLOAD;
	p->in = evbuffer_new();
	p->out = evbuffer_new();
	p->rev = event_new(base, fd, EV_READ|EV_PERSIST, peer_read_cb, p);
	p->wev = event_new(base, fd, EV_WRITE|EV_PERSIST, peer_write_cb, p);
	if (p->in == NULL || p->out == NULL || p->rev == NULL || p->wev == NULL)
		fatalx("peer_create: libevent allocation failed");
	event_add(p->rev, NULL);
	return (p);
}

void
peer_set_drain_cb(struct peer *p, peer_drain_cb cb)
{
	p->drain_cb = cb;
}

void
peer_set_eof_cb(struct peer *p, peer_eof_cb cb)
{
	p->eof_cb = cb;
}

void
peer_set_max_message(struct peer *p, size_t max)
{
	p->max_message = max < PROTO_MAX_PAYLOAD ? max : PROTO_MAX_PAYLOAD;
}

/* Release everything. */
static void
peer_destroy(struct peer *p)
{
	while (p->nfds > 0)
		close(p->fds[--p->nfds]);
	event_free(p->rev);
	event_free(p->wev);
	evbuffer_free(p->in);
	evbuffer_free(p->out);
	close(p->fd);
	free(p);
}

void
peer_free(struct peer *p)
{
	if (p == NULL)
		return;
	if (p->busy) {
		p->dead = 1;
		event_del(p->rev);
		event_del(p->wev);
		return;
	}
	peer_destroy(p);
}

int
peer_fd(const struct peer *p)
{
	return (p->fd);
}

int
peer_take_fd(struct peer *p)
{
	int	fd;

	if (p->nfds == 0)
		return (-1);
	fd = p->fds[0];
	memmove(p->fds, p->fds + 1, --p->nfds * sizeof *p->fds);
	return (fd);
}

const uint8_t *
peer_unread(struct peer *p, size_t *len)
{
	/* From inside a message's callback (one that ran server-upgrade):
	 * that message is handled already. */
	*len = evbuffer_get_length(p->in) - p->dispatching;
	return (*len != 0 ? evbuffer_pullup(p->in, -1) + p->dispatching :
	    NULL);
}

void
peer_put_unread(struct peer *p, const void *buf, size_t len)
{
	if (len == 0)
		return;
	evbuffer_prepend(p->in, buf, len);
	if (!p->paused && !p->dead && !p->closed)
		event_active(p->rev, EV_READ, 0);
}

int
peer_send_fd(struct peer *p, uint32_t type, int fd)
{
	union {
		struct cmsghdr	hdr;
		char		buf[CMSG_SPACE(sizeof(int))];
	}		 cmsg;
	struct msghdr	 msg;
	struct cmsghdr	*c;
	struct iovec	 iov;
	uint8_t		 hdr[PROTO_HEADER_SIZE];
	ssize_t		 n;

	if (p->dead || p->closed || p->error != NULL ||
	    evbuffer_get_length(p->out) != 0)
		return (-1);
	proto_write_header(hdr, type, 0);
	iov.iov_base = hdr;
	iov.iov_len = sizeof hdr;
	memset(&msg, 0, sizeof msg);
	memset(&cmsg, 0, sizeof cmsg);
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	msg.msg_control = cmsg.buf;
	msg.msg_controllen = sizeof cmsg.buf;
	c = CMSG_FIRSTHDR(&msg);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &fd, sizeof fd);
	do
		n = sendmsg(p->fd, &msg, MSG_NOSIGNAL);
	while (n == -1 && errno == EINTR);
	if (n <= 0)
		return (-1);
	if ((size_t)n < sizeof hdr) {
		/* The fd went with the first byte; the rest is plain. */
		evbuffer_add(p->out, hdr + n, sizeof hdr - n);
		event_add(p->wev, NULL);
	}
	return (0);
}

/* Keep the fds passed with a read (closing any beyond PEER_MAX_FDS). */
static void
peer_keep_fds(struct peer *p, struct msghdr *msg)
{
	struct cmsghdr	*c;
	size_t		 i, n;
	int		 fd;

	for (c = CMSG_FIRSTHDR(msg); c != NULL; c = CMSG_NXTHDR(msg, c)) {
		if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
			continue;
		n = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		for (i = 0; i < n; i++) {
			memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof fd);
			if (p->nfds < PEER_MAX_FDS)
				p->fds[p->nfds++] = fd;
			else
				close(fd);
		}
	}
}

/* Read at most PEER_READ_SIZE bytes into the input buffer, keeping passed
 * fds. Returns what recvmsg did. */
static ssize_t
peer_read(struct peer *p)
{
	union {
		struct cmsghdr	hdr;
		char		buf[CMSG_SPACE(PEER_MAX_FDS * sizeof(int))];
	}			 cmsg;
	struct evbuffer_iovec	 vec;
	struct msghdr		 msg;
	struct iovec		 iov;
	ssize_t			 n;

	if (evbuffer_reserve_space(p->in, PEER_READ_SIZE, &vec, 1) != 1)
		fatalx("peer_read: evbuffer_reserve_space failed");
	iov.iov_base = vec.iov_base;
	iov.iov_len = vec.iov_len < PEER_READ_SIZE ? vec.iov_len :
	    PEER_READ_SIZE;
	memset(&msg, 0, sizeof msg);
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	msg.msg_control = cmsg.buf;
	msg.msg_controllen = sizeof cmsg.buf;
	n = recvmsg(p->fd, &msg, MSG_CMSG_CLOEXEC);
	if (msg.msg_controllen != 0)
		peer_keep_fds(p, &msg);
	vec.iov_len = n > 0 ? (size_t)n : 0;
	evbuffer_commit_space(p->in, &vec, 1);
	return (n);
}

size_t
peer_pending(const struct peer *p)
{
	return (evbuffer_get_length(p->out));
}

void
peer_pause(struct peer *p, int paused)
{
	if (p->dead || p->closed || p->paused == paused)
		return;
	p->paused = paused;
	if (paused)
		event_del(p->rev);
	else {
		if (!p->eof)
			event_add(p->rev, NULL);
		if (evbuffer_get_length(p->in) != 0)
			event_active(p->rev, EV_READ, 0);
	}
}

/* Report the close once (from the event loop, never from inside a send). */
static void
peer_report_close(struct peer *p, const char *why)
{
	if (p->closed)
		return;
	p->closed = 1;
	event_del(p->rev);
	event_del(p->wev);
	p->busy++;
	p->close_cb(p, why, p->arg);
	p->busy--;
}

/* Schedule an error to be reported from the loop. */
static void
peer_fail(struct peer *p, const char *why)
{
	if (p->error == NULL)
		p->error = why;
	event_del(p->rev);
	event_add(p->wev, NULL);
	event_active(p->wev, EV_WRITE, 0);
}

/* Write as much of the queued output as the socket takes. Returns -1 on a
 * write error. */
static int
peer_flush(struct peer *p)
{
	while (evbuffer_get_length(p->out) != 0) {
		int	n = evbuffer_write(p->out, p->fd);

		if (n > 0)
			continue;
		if (n == -1 && (errno == EAGAIN || errno == EINTR))
			return (0);
		return (-1);
	}
	return (0);
}

/* A write failed: the other side hung up, maybe just after its last words
 * (a server's exit status and why). Read what is already in the socket
 * (a little at most); peer_write_cb delivers it before it reports the
 * close. */
static void
peer_read_last_words(struct peer *p)
{
	if (p->eof || p->paused)
		return;
	while (evbuffer_get_length(p->in) < PEER_READ_SIZE && peer_read(p) > 0)
		/* read on */;
	p->last_words = 1;
}

void
peer_send(struct peer *p, const void *buf, size_t len)
{
	if (p->dead || p->closed || p->error != NULL)
		return;
	evbuffer_add(p->out, buf, len);
	if (peer_flush(p) == -1) {
		peer_read_last_words(p);
		peer_fail(p, "write to peer failed");
		return;
	}
	if (evbuffer_get_length(p->out) != 0)
		event_add(p->wev, NULL);
	else if (p->flush_close)
		peer_fail(p, NULL);
}

void
peer_send_msg(struct peer *p, uint32_t type, const void *payload, size_t len)
{
	uint8_t		hdr[PROTO_HEADER_SIZE];

	proto_write_header(hdr, type, len);
	if (p->dead || p->closed || p->error != NULL)
		return;
	evbuffer_add(p->out, hdr, sizeof hdr);
	peer_send(p, payload, len);
}

void
peer_close_when_flushed(struct peer *p)
{
	p->flush_close = 1;
	event_del(p->rev);
	if (evbuffer_get_length(p->out) == 0)
		peer_fail(p, NULL);
}

/* The socket is writable (or an error is waiting to be reported). */
static void
peer_write_cb(int fd, short events, void *arg)
{
	struct peer	*p = arg;
	const char	*why;

	if (p->error == NULL && !(p->flush_close &&
	    evbuffer_get_length(p->out) == 0) && peer_flush(p) == -1) {
		peer_read_last_words(p);
		p->error = "write to peer failed";
	}
	if (p->error != NULL || (p->flush_close &&
	    evbuffer_get_length(p->out) == 0)) {
		if (p->last_words && !p->closed) {
			p->busy++;
			peer_dispatch(p, &why);
			p->busy--;
			if (p->dead)
				goto out;
		}
		peer_report_close(p, p->error);
		goto out;
	}
	if (evbuffer_get_length(p->out) != 0)
		return;
	event_del(p->wev);
	if (p->flush_close) {
		peer_report_close(p, NULL);
		goto out;
	}
	if (p->drain_cb != NULL) {
		p->busy++;
		p->drain_cb(p, p->arg);
		p->busy--;
	}
out:
	if (p->dead && p->busy == 0)
		peer_destroy(p);
}

/* Hand every whole message in the input buffer to the callback. Returns -1
 * with *why set for a message that breaks the framing. */
static int
peer_dispatch(struct peer *p, const char **why)
{
	uint8_t		*hdr, *data;
	uint32_t	 type, len;

	while (!p->dead && !p->closed && !p->paused && !p->flush_close) {
		if (evbuffer_get_length(p->in) < PROTO_HEADER_SIZE)
			break;
		hdr = evbuffer_pullup(p->in, PROTO_HEADER_SIZE);
		if (proto_header(hdr, &type, &len) != 0 ||
		    len > p->max_message) {
			*why = "message too large";
			return (-1);
		}
		if (evbuffer_get_length(p->in) < PROTO_HEADER_SIZE + len)
			break;
		data = evbuffer_pullup(p->in, PROTO_HEADER_SIZE + len);
		p->dispatching = PROTO_HEADER_SIZE + len;
		p->msg_cb(p, type, data + PROTO_HEADER_SIZE, len, p->arg);
		p->dispatching = 0;
		evbuffer_drain(p->in, PROTO_HEADER_SIZE + len);
	}
	return (0);
}

/* The socket is readable: read once, then dispatch. */
static void
peer_read_cb(int fd, short events, void *arg)
{
	struct peer	*p = arg;
	const char	*why = NULL;
	ssize_t		 n;

	p->busy++;
	if (p->eof)
		n = 1;	/* nothing more comes: dispatch what a pause held */
	else
		n = peer_read(p);
	if (n == -1 && (errno == EAGAIN || errno == EINTR))
		n = 1;	/* nothing new: still dispatch what a pause held back */
	if (n == 0 || n == -1) {
		/* Deliver what is complete, then report the end. */
		peer_dispatch(p, &why);
		if (!p->dead) {
			if (n == 0 && evbuffer_get_length(p->in) != 0)
				why = "connection closed inside a message";
			else if (n == -1)
				why = "read from peer failed";
			else if (p->eof_cb != NULL && !p->closed) {
				/* Half closed: answers may still go out. */
				p->eof = 1;
				event_del(p->rev);
				if (p->eof_cb(p, p->arg) == 0)
					goto out;
			}
			if (!p->dead)
				peer_report_close(p, why);
		}
		goto out;
	}
	if (peer_dispatch(p, &why) != 0 && !p->dead)
		peer_report_close(p, why);
out:
	p->busy--;
	if (p->dead && p->busy == 0)
		peer_destroy(p);
}

int
peer_flush_wait(struct peer *p, int timeout_ms)
{
	struct pollfd	pfd = { p->fd, POLLOUT, 0 };
	struct timespec	ts;
	long long	now, end;
	int		n;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	end = ts.tv_sec * 1000LL + ts.tv_nsec / 1000000 + timeout_ms;
	while (evbuffer_get_length(p->out) != 0) {
		n = evbuffer_write(p->out, p->fd);
		if (n > 0)
			continue;
		if (n != -1 || (errno != EAGAIN && errno != EINTR))
			return (-1);
		clock_gettime(CLOCK_MONOTONIC, &ts);
		now = ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
		if (now >= end)
			return (-1);
		poll(&pfd, 1, (int)(end - now));
	}
	return (0);
}
