/*
 * The terminal of an attached client, driven by the server (see
 * server_tty.h).
 *
 * The fd the client passed refers to the client's own open file
 * description of its terminal, whose flags (O_NONBLOCK) the client's
 * shell shares; so the server opens the terminal again through
 * /proc/self/fd, non-blocking and close-on-exec, and closes the passed fd.
 * If that fails the client draws, as it does without a terminal to pass.
 *
 * Input is decoded per client with tty/input.c and handed to the same
 * functions MSG_KEY, MSG_MOUSE and the rest reach (server_input_event),
 * in the callback that read it. A lone ESC waits escape-time; while the
 * terminal may still be answering the queries sent at attach (colours,
 * XTVERSION, DA2), an unfinished answer is held (at most
 * SERVER_TTY_REPLY_MS). Nothing waits for those answers: the first frame
 * goes out at once, and when the terminal says who it is the features
 * that proves are turned on and the client is redrawn with them.
 *
 * Frames are composed into c->sent (compose_client with no buffer), which
 * is then the target screen tty_draw compares with what the terminal
 * shows; rows are marked dirty in c->sent_dirty.
 *
 * A terminal behind a slow link (ssh over a slow line) takes output more
 * slowly than frames come, and what the server writes waits in the pty,
 * in sshd and in the network before it is shown: a key's echo waits
 * behind all of it. So the server asks, after each frame, to be told when
 * the terminal has shown it (a DA1 query in the same write, answered in
 * order: tty_ask_shown), and while the terminal has too much unshown
 * (tty-pace.h: more than a little, or, while the user types, anything,
 * and then for a rest after it is shown so the link is mostly idle) the
 * client gets no new frame but a key's echo (unshown, client-out.h); the
 * answer (or the rest's end) brings the frame back, composed from the
 * current state. A slow terminal so gets fewer, newer frames and little
 * waits in front of an echo; a fast one answers at once and is never
 * held. Only a terminal that answered the DA1 asked at attach is paced,
 * and an answer SERVER_TTY_SHOWN_MS late ends the wait (questions
 * outstanding are forgotten), so a terminal that does not answer is never
 * held.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/event.h>

#include "common/base64.h"
#include "common/log.h"
#include "common/peer.h"
#include "common/proto.h"
#include "common/trace.h"
#include "common/xmalloc.h"
#include "server/client-out.h"
#include "model/client.h"
#include "draw/compose.h"
#include "server/loop.h"
#include "model/options.h"
#include "model/paste.h"
#include "model/state.h"
#include "server/server_tty.h"
#include "tty/input.h"
#include "tty/tty.h"
#include "tty/tty-pace.h"
#include "model/window.h"

/* The options read on every key or frame (options.h: handles). */
static struct option_handle oh_escape_time = OPTION_HANDLE("escape-time");

static void	server_tty_user_keys(struct client *);

/* How long the terminal has to answer the colour queries; until then an
 * unfinished OSC string in its input is held (see input.h). */
#define SERVER_TTY_REPLY_MS	1000
/* How long a terminal that does not read may delay a client's exit
 * before what it has not taken is given up. */
#define SERVER_TTY_RELEASE_MS	1000
/* Output kept for the terminal above which the client gets no new frame
 * until it drains (bytes a terminal has yet to show, so fewer than a
 * socket's backlog). */
#define SERVER_TTY_BACKLOG_MAX	(32 * 1024)
/* How long an answer to DA1 may be late before the questions are
 * forgotten. */
#define SERVER_TTY_SHOWN_MS	2000

struct client_tty {
	struct client	*c;
	int		 fd;
	struct tty	*tty;
	struct input	*input;
	struct event	*read_ev;
	struct event	*write_ev;
	struct event	*escape_ev;
	struct event	*reply_ev;
	struct event	*resume_ev;	/* decode what a pause left */
	struct event	*release_ev;
	int		 replies;	/* colour answers awaited */
	int		 asked;		/* XTVERSION and DA2 sent, DA2 (the
					 * last answer) not yet back */
	int		 releasing;
	int		 given_up;	/* release: stop waiting for writes */

	/* Pacing by what the terminal has shown (see the top). */
	struct tty_pace	 pace;
	struct event	*shown_ev;	/* an answer is late */
	struct event	*rest_ev;	/* a frame held for a rest may go */
	int		 clipboard;	/* asked for the clipboard, no answer
					 * yet (refresh-client -l) */
	unsigned int	 cols, rows;	/* the size the cell size is for */
};

static void	server_tty_options(struct client *);
static void	server_tty_modes(struct client *, uint32_t);
static void	server_tty_pause(struct client *, int);

/* What the terminal took and what was dropped as it stopped reading (a
 * slow terminal is sent fewer frames, never cut short), for the client's
 * formats. */
static void
server_tty_counts(struct client_tty *ct)
{
	tty_counts(ct->tty, &ct->c->out_written, &ct->c->out_discarded);
}

/* Write what is kept when the terminal takes more. */
static void
server_tty_arm(struct client_tty *ct)
{
	server_tty_counts(ct);
	if (tty_pending(ct->tty) != 0 && !ct->given_up)
		event_add(ct->write_ev, NULL);
}

/* A DA1 was asked after everything flushed so far: wait for its answer.
 * The wait has a deadline only for a terminal that has answered before
 * (frames wait on it); the question asked at attach has none, so an idle
 * server never wakes for a terminal that does not answer, and a first
 * answer that comes late (a slow link) still turns the pacing on. */
static void
server_tty_asked(struct client_tty *ct)
{
	struct timeval	tv = { SERVER_TTY_SHOWN_MS / 1000,
	    (SERVER_TTY_SHOWN_MS % 1000) * 1000 };

	if (tty_pace_asked(&ct->pace, tty_flushed(ct->tty),
	    server_now_ns())) {
		input_expect_da1(ct->input, 1);
		if (ct->pace.answers)
			evtimer_add(ct->shown_ev, &tv);
	}
}

/* The terminal answered the oldest DA1: it has shown what came before. */
static void
server_tty_answered(struct client_tty *ct)
{
	struct timeval	tv = { SERVER_TTY_SHOWN_MS / 1000,
	    (SERVER_TTY_SHOWN_MS % 1000) * 1000 };

	if (!tty_pace_answered(&ct->pace, server_now_ns()))
		return;		/* not asked by the server, or forgotten */
	evtimer_del(ct->shown_ev);
	if (ct->pace.nasks != 0)
		evtimer_add(ct->shown_ev, &tv);
	else
		input_expect_da1(ct->input, 0);
	if (ct->c->flags & CLIENT_BLOCKED)
		srv->dirty = 1;
}

/* An answer is late: forget the questions, frames go again. */
static void
server_tty_shown_cb(int fd, short events, void *arg)
{
	struct client_tty	*ct = arg;

	log_debug("client %u: no answer to DA1 in %d ms%s", ct->c->id,
	    SERVER_TTY_SHOWN_MS, ct->pace.answers ? "" : "; not paced");
	tty_pace_forget(&ct->pace, tty_flushed(ct->tty));
	input_expect_da1(ct->input, 0);
	srv->dirty = 1;
}

/* A rest after a frame is over (see the top): a held frame may go. */
static void
server_tty_rest_cb(int fd, short events, void *arg)
{
	struct client_tty	*ct = arg;

	if (ct->c->flags & CLIENT_BLOCKED)
		srv->dirty = 1;
}

/* The terminal is gone or broken: the client exits. */
static void
server_tty_lost(struct client_tty *ct)
{
	event_del(ct->read_ev);
	event_del(ct->write_ev);
	tty_discard(ct->tty);
	server_tty_counts(ct);
	ct->given_up = 1;
	if (ct->releasing)
		srv->dirty = 1;
	else
		client_set_exit(ct->c, 1, "[lost tty]");
}

/* No more answers are awaited: stop holding unfinished ones. */
static void
server_tty_replies_done(struct client_tty *ct)
{
	if (ct->replies > 0 || ct->asked || ct->clipboard)
		return;
	input_expect_replies(ct->input, 0);
	evtimer_del(ct->reply_ev);
}

/* The terminal said who it is (XTVERSION, DA2): turn on what that proves
 * and redraw with it. DA2 is asked last, so its answer ends the wait. */
static void
server_tty_identified(struct client_tty *ct, const struct input_event *ev)
{
	struct client	*c = ct->c;
	int		 more;

	if (ev->type == INPUT_XTVERSION)
		more = tty_xtversion(ct->tty, ev->data, ev->len);
	else {
		more = tty_da2(ct->tty, ev->da2);
		ct->asked = 0;
		server_tty_replies_done(ct);
	}
	if (!more) {
		free(c->term_type);
		c->term_type = xstrdup(tty_termtype(ct->tty));
		return;
	}
	server_tty_options(c);
	server_tty_modes(c, c->host_modes);
	c->flags |= CLIENT_REDRAW;
	srv->dirty = 1;
}

/* The terminal's clipboard, if it was asked for: a new automatic buffer,
 * as tmux makes one. An answer nobody asked for is dropped. */
static void
server_tty_clipboard_answer(struct client_tty *ct, const char *b64,
    size_t len)
{
	unsigned char	*data;
	long		 n;

	if (!ct->clipboard)
		return;
	ct->clipboard = 0;
	server_tty_replies_done(ct);
	data = xmalloc(len / 4 * 3 + 3);
	n = base64_decode(b64, len, data);
	if (n > 0) {
		paste_add((const char *)data, (size_t)n);
		srv->dirty = 1;
	} else
		log_debug("client %u: clipboard answer not used", ct->c->id);
	free(data);
}

/* One decoded input event. */
static void
server_tty_event(const struct input_event *ev, void *arg)
{
	struct client_tty	*ct = arg;

	if (ev->type == INPUT_XTVERSION || ev->type == INPUT_DA2) {
		server_tty_identified(ct, ev);
		return;
	}
	if (ev->type == INPUT_DA1) {
		server_tty_answered(ct);
		return;
	}
	if (ev->type == INPUT_CLIPBOARD) {
		server_tty_clipboard_answer(ct, ev->data, ev->len);
		return;
	}
	if (ev->type == INPUT_COLOUR && ct->replies > 0 &&
	    --ct->replies == 0)
		server_tty_replies_done(ct);
	/* What the user typed (not the terminal's answers, which come
	 * with every frame): this turn ends with it. */
	server_turn_over();
	server_input_event(ct->c, ev);
}

/* Arm the escape timer when the decoder holds bytes back. */
static void
server_tty_escape_wait(struct client_tty *ct, int held)
{
	long long	ms;
	struct timeval	tv;

	if (!held)
		return;
	ms = options_get_number_h(srv->options, &oh_escape_time);
	tv.tv_sec = ms / 1000;
	tv.tv_usec = (ms % 1000) * 1000;
	evtimer_add(ct->escape_ev, &tv);
}

/* The terminal has input: decode it and act on it at once. */
static void
server_tty_read_cb(int fd, short events, void *arg)
{
	struct client_tty	*ct = arg;
	char			 buf[4096];
	ssize_t			 n;

	n = read(fd, buf, sizeof buf);
	if (n == -1 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n <= 0) {
		server_tty_lost(ct);
		return;
	}
	trace_stamp("tty-read");
	evtimer_del(ct->escape_ev);
	server_tty_escape_wait(ct, input_parse(ct->input, buf, n,
	    server_tty_event, ct));
}

/* escape-time passed with a lone ESC held back. */
static void
server_tty_escape_cb(int fd, short events, void *arg)
{
	struct client_tty	*ct = arg;

	input_flush(ct->input, server_tty_event, ct);
}

/* The terminal did not answer the colour queries in time: decode what was
 * held for them. */
static void
server_tty_reply_cb(int fd, short events, void *arg)
{
	struct client_tty	*ct = arg;

	ct->replies = 0;
	ct->asked = 0;
	input_expect_replies(ct->input, 0);
	server_tty_escape_wait(ct, input_parse(ct->input, NULL, 0,
	    server_tty_event, ct));
}

/* Input is taken again: decode what was read before the pause and left
 * (the rest of the read that filled a pane, perhaps the end of a paste),
 * in its own turn rather than inside whoever ended the pause. */
static void
server_tty_resume_cb(int fd, short events, void *arg)
{
	struct client_tty	*ct = arg;

	server_tty_escape_wait(ct, input_parse(ct->input, NULL, 0,
	    server_tty_event, ct));
}

/* The terminal takes more output. */
static void
server_tty_write_cb(int fd, short events, void *arg)
{
	struct client_tty	*ct = arg;

	if (tty_write_pending(ct->tty) != 0) {
		server_tty_lost(ct);
		return;
	}
	server_tty_counts(ct);
	if (tty_pending(ct->tty) != 0)
		return;
	event_del(ct->write_ev);
	/* Drained: a held frame (or the exit message) may go now. */
	if (ct->releasing || (ct->c->flags & CLIENT_BLOCKED))
		srv->dirty = 1;
}

/* The terminal did not take the last of its output in time. */
static void
server_tty_release_cb(int fd, short events, void *arg)
{
	struct client_tty	*ct = arg;

	log_debug("client %u: terminal output given up", ct->c->id);
	ct->given_up = 1;
	event_del(ct->write_ev);
	tty_discard(ct->tty);
	server_tty_counts(ct);
	srv->dirty = 1;
}

int
server_tty_take_fd(struct client *c, int fd)
{
	if (c->tty_fd != -1 || c->tty != NULL)
		return (-1);	/* it has one already */
	c->tty_fd = fd;		/* -1 if none came: the client draws */
	return (0);
}

/* Make c's terminal state on fd (ours now) with tty: c->out is then
 * client_out_tty. */
static struct client_tty *
server_tty_make(struct client *c, int fd, struct tty *tty)
{
	struct client_tty	*ct;

	ct = xcalloc(1, sizeof *ct);
	ct->c = c;
	ct->fd = fd;
	ct->tty = tty;
	c->tty = ct;
	c->out = &client_out_tty;
	tty_set_queued(tty);
	ct->read_ev = event_new(srv->base, fd, EV_READ|EV_PERSIST,
	    server_tty_read_cb, ct);
	ct->write_ev = event_new(srv->base, fd, EV_WRITE|EV_PERSIST,
	    server_tty_write_cb, ct);
	ct->escape_ev = evtimer_new(srv->base, server_tty_escape_cb, ct);
	ct->reply_ev = evtimer_new(srv->base, server_tty_reply_cb, ct);
	ct->resume_ev = evtimer_new(srv->base, server_tty_resume_cb, ct);
	ct->release_ev = evtimer_new(srv->base, server_tty_release_cb, ct);
	ct->shown_ev = evtimer_new(srv->base, server_tty_shown_cb, ct);
	ct->rest_ev = evtimer_new(srv->base, server_tty_rest_cb, ct);
	return (ct);
}

/* Hold unfinished answers for the queries sent (see input.h) for at most
 * SERVER_TTY_REPLY_MS. */
static void
server_tty_expect(struct client_tty *ct)
{
	struct timeval	tv = { SERVER_TTY_REPLY_MS / 1000,
	    (SERVER_TTY_REPLY_MS % 1000) * 1000 };

	if (ct->replies == 0 && !ct->asked)
		return;
	input_expect_replies(ct->input, 1);
	evtimer_add(ct->reply_ev, &tv);
}

int
server_tty_open(struct client *c)
{
	struct client_tty	*ct;
	struct tty		*tty;
	char			 path[64], *cause = NULL;
	int			 fd;

	if (c->tty_fd == -1)
		return (-1);
	snprintf(path, sizeof path, "/proc/self/fd/%d", c->tty_fd);
	fd = open(path, O_RDWR|O_NOCTTY|O_NONBLOCK|O_CLOEXEC);
	if (fd == -1)
		log_debug("client %u: open %s: %s", c->id, path, strerror(errno));
	close(c->tty_fd);
	c->tty_fd = -1;
	if (fd == -1)
		return (-1);
	tty = tty_open(fd, c->ident.term, c->ident.colorterm, &cause);
	if (tty == NULL) {
		log_debug("client %u: %s", c->id, cause);
		free(cause);
		close(fd);
		return (-1);
	}

	ct = server_tty_make(c, fd, tty);
	server_tty_options(c);
	tty_use(tty);
	ct->input = input_create();
	server_tty_user_keys(c);

	tty_start(tty);
	if (tty_query_colours(tty))
		ct->replies = 2;
	ct->asked = tty_query_terminal(tty);
	server_tty_expect(ct);
	/* Does it say when it has shown something? */
	if (tty_query_shown(tty))
		server_tty_asked(ct);
	event_add(ct->read_ev, NULL);
	server_tty_arm(ct);
	log_debug("client %u: the server has its terminal", c->id);
	return (0);
}

int
server_tty_releasing(const struct client *c)
{
	return (c->tty != NULL && c->tty->releasing);
}

int
server_tty_fd(const struct client *c)
{
	if (c->tty == NULL || c->tty->releasing)
		return (-1);
	return (c->tty->fd);
}

/*
 * The live upgrade's record of a terminal the server drives: u8 1 (0:
 * none; then nothing follows), u32 its fd, str the rest, so that a dry
 * run (no fd) checks it and skips it whole: the tty's record
 * (tty/tty-state.c), the decoder's (input_save), u8 colour answers
 * awaited, u8 XTVERSION and DA2 asked and not yet answered.
 */
void
server_tty_save(const struct client *c, struct pbuf *pb)
{
	struct client_tty	*ct = c->tty;
	struct pbuf		 body;

	if (server_tty_fd(c) == -1) {
		pw_u8(pb, 0);
		return;
	}
	pw_u8(pb, 1);
	pw_u32(pb, (uint32_t)ct->fd);
	pbuf_init(&body);
	tty_save(ct->tty, &body);
	input_save(ct->input, &body);
	pw_u8(&body, (uint8_t)ct->replies);
	pw_u8(&body, ct->asked != 0);
	pw_strn(pb, (const char *)body.data, body.len);
	pbuf_free(&body);
}

int
server_tty_load(struct client *c, struct preader *pr, int dry, char **cause)
{
	struct client_tty	*ct;
	struct tty		*tty;
	struct preader		 sub;
	const void		*body;
	uint32_t		 len;
	int			 fd, detected;
	char			*err = NULL;

	if (pr_u8(pr) == 0)
		return (pr->error ? -1 : 0);
	fd = (int)pr_u32(pr);
	len = pr_u32(pr);
	if ((body = pr_bytes(pr, len)) == NULL || fd < 0) {
		pr->error = 1;
		return (-1);
	}
	pr_init(&sub, body, len);
	if (dry) {
		if (tty_load(NULL, &sub, &detected) != 0 ||
		    input_load(NULL, &sub) != 0 || (pr_u8(&sub),
		    pr_u8(&sub), !pr_done(&sub))) {
			*cause = xstrdup("bad client terminal");
			return (-1);
		}
		return (0);
	}

	/* The descriptor server_tty_open made, through the exec. */
	if (fcntl(fd, F_SETFD, FD_CLOEXEC) == -1 ||
	    (tty = tty_open(fd, c->ident.term, c->ident.colorterm,
	    &err)) == NULL) {
		*cause = xasprintf("client %u: terminal lost in the upgrade%s%s",
		    c->id, err != NULL ? ": " : "", err != NULL ? err : "");
		free(err);
		if (fcntl(fd, F_GETFD) != -1)
			close(fd);
		return (-1);
	}
	ct = server_tty_make(c, fd, tty);
	if (tty_load(tty, &sub, &detected) != 0)
		goto bad;
	server_tty_options(c);
	tty_use(tty);
	ct->input = input_create();
	server_tty_user_keys(c);
	if (input_load(ct->input, &sub) != 0)
		goto bad;
	ct->replies = pr_u8(&sub);
	ct->asked = pr_u8(&sub);
	if (!pr_done(&sub))
		goto bad;
	server_tty_modes(c, c->host_modes);
	server_tty_expect(ct);
	/* Whether it says what it has shown is asked again (answers to
	 * the old server's questions are not counted). */
	if (tty_query_shown(tty))
		server_tty_asked(ct);
	event_add(ct->read_ev, NULL);
	/* What the decoder held is decoded on from the loop. */
	server_tty_pause(c, 0);
	server_tty_arm(ct);
	c->flags |= CLIENT_REDRAW;
	log_debug("client %u: its terminal came through the upgrade", c->id);
	return (0);

bad:
	*cause = xasprintf("client %u: bad terminal", c->id);
	server_tty_free(c);
	return (-1);
}

/* Compose c's frame into c->sent and draw it on the terminal. */
static int
server_tty_frame(struct client *c, int full, const struct pane *only)
{
	struct client_tty	*ct = c->tty;
	struct tty_screen	 scr;
	int			 redraw = (c->flags & CLIENT_REDRAW) != 0;

	if (!compose_client(c, NULL, full, only))
		return (0);
	trace_stamp("composed");
	if (redraw)
		tty_invalidate(ct->tty);
	/* The cell size in pixels, as the terminal says at a new size (as
	 * tmux reads it when the terminal is resized). */
	if (c->sent_cols != ct->cols || c->sent_rows != ct->rows) {
		ct->cols = c->sent_cols;
		ct->rows = c->sent_rows;
		tty_cell_size(ct->tty, &c->cell_width, &c->cell_height);
	}
	memset(&scr, 0, sizeof scr);
	scr.cols = c->sent_cols;
	scr.rows = c->sent_rows;
	scr.cells = c->sent;
	scr.dirty = c->sent_dirty;
	scr.span = c->sent_span;
	scr.cx = c->sent_cx;
	scr.cy = c->sent_cy;
	scr.cursor_visible = c->sent_cursor_visible;
	scr.cursor_shape = c->sent_cursor_shape;
	scr.cursor_colour = c->sent_cursor_colour;
	scr.scroll_top = c->scroll_top;
	scr.scroll_bottom = c->scroll_bottom;
	scr.scroll_n = c->scroll_n;
	scr.scroll_down = c->scroll_down;
	/* An echo alone is small: only whole frames ask. */
	scr.ask_shown = only == NULL && tty_pace_can_ask(&ct->pace);
	tty_draw(ct->tty, &scr);
	if (scr.ask_shown)
		server_tty_asked(ct);
	trace_stamp("tty-written");
	server_tty_arm(ct);
	return (1);
}

/* Stop or go on reading the terminal (and the socket: resizes). */
static void
server_tty_pause(struct client *c, int on)
{
	struct client_tty	*ct = c->tty;
	struct timeval		 tv = { 0, 0 };

	peer_pause(c->peer, on);
	if (ct->releasing || ct->given_up)
		return;
	/* Decoding stops too, mid-read if the pause comes from an event
	 * of this read: what is left waits, whole. */
	input_stop(ct->input, on);
	if (on) {
		event_del(ct->read_ev);
		evtimer_del(ct->resume_ev);
	} else {
		event_add(ct->read_ev, NULL);
		evtimer_add(ct->resume_ev, &tv);
	}
}

/* Is more kept for the terminal than it should have to show? */
static int
server_tty_backlogged(struct client *c)
{
	return (tty_pending(c->tty->tty) > SERVER_TTY_BACKLOG_MAX);
}

/* Has the terminal not said it has shown more than it should have to? */
static int
server_tty_unshown(struct client *c)
{
	struct client_tty	*ct = c->tty;
	uint64_t		 now = server_now_ns(), hold;

	hold = tty_pace_hold(&ct->pace, tty_flushed(ct->tty), now,
	    pane_typing(now));
	if (hold == 0 || hold == TTY_PACE_UNTIL_ANSWER)
		return (hold != 0);
	/* A rest: the frame goes when it ends. */
	server_timer_ns(ct->rest_ev, hold);
	return (1);
}

static void
server_tty_bell(struct client *c)
{
	tty_bell(c->tty->tty);
	server_tty_arm(c->tty);
}

static void
server_tty_title(struct client *c, const char *title)
{
	tty_set_title(c->tty->tty, title);
	server_tty_arm(c->tty);
}

/* The members of array option name, as strings; *n is the count. The
 * vector is the caller's, the strings are the option's. */
static const char **
server_tty_array(const char *name, unsigned int *n)
{
	const struct option_item	*items;
	const char			**v;
	unsigned int			 i;

	*n = options_array_items(srv->options, name, &items);
	v = xcalloc(*n + 1, sizeof *v);
	for (i = 0; i < *n; i++)
		v[i] = items[i].str;
	return (v);
}

/* user-keys to the client's input decoder. */
static void
server_tty_user_keys(struct client *c)
{
	const struct option_item	*items;
	const char			**seqs;
	unsigned int			*idx, i, n;

	n = options_array_items(srv->options, "user-keys", &items);
	seqs = xcalloc(n + 1, sizeof *seqs);
	idx = xcalloc(n + 1, sizeof *idx);
	for (i = 0; i < n; i++) {
		seqs[i] = items[i].str;
		idx[i] = items[i].idx;
	}
	input_set_user_keys(c->tty->input, seqs, idx, n);
	free(idx);
	free(seqs);
}

/* The terminal as show-messages -T prints it: "NAME for TTY,
 * flags=0x..:" then a line for each capability tmux knows; a heap
 * string. */
static char *
server_tty_describe(struct client *c)
{
	struct tty	*tty = c->tty->tty;
	struct pbuf	 pb;
	unsigned int	 i;
	char		*s;

	pbuf_init(&pb);
	s = xasprintf("%s for %s, flags=0x%x:\n", c->ident.term != NULL ?
	    c->ident.term : "", c->ident.tty != NULL ? c->ident.tty : "",
	    tty_describe_flags(tty));
	pw_bytes(&pb, s, strlen(s));
	free(s);
	for (i = 0; i < tty_describe_count(); i++) {
		s = tty_describe(tty, i);
		pw_bytes(&pb, s, strlen(s));
		pw_u8(&pb, '\n');
		free(s);
	}
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
}

/* Apply terminal-features, terminal-overrides and user-keys again; a
 * change to what tty draws with redraws c. */
static void
server_tty_options(struct client *c)
{
	const char	**features, **overrides;
	unsigned int	  nf, no;

	features = server_tty_array("terminal-features", &nf);
	overrides = server_tty_array("terminal-overrides", &no);
	if (tty_apply_terminal(c->tty->tty, features, nf, overrides, no))
		c->flags |= CLIENT_REDRAW;
	free(c->term_features);
	c->term_features = tty_features_string(c->tty->tty);
	free(c->term_info);
	c->term_info = server_tty_describe(c);
	free(c->term_type);
	c->term_type = xstrdup(tty_termtype(c->tty->tty));
	free(overrides);
	free(features);
	if (c->tty->input != NULL)
		server_tty_user_keys(c);
}

static void
server_tty_modes(struct client *c, uint32_t modes)
{
	struct tty	*tty = c->tty->tty;

	tty_set_mouse(tty, modes & HOST_MODE_MOUSE);
	tty_set_extkeys(tty, modes & HOST_MODE_EXTKEYS);
	tty_set_kitty_keys(tty, modes & HOST_MODE_EXTKEYS);
	if (tty_force_rgb(tty, modes & HOST_MODE_RGB))
		c->flags |= CLIENT_REDRAW;
	server_tty_arm(c->tty);
}

static void
server_tty_clipboard(struct client *c, const char *sel, const char *b64,
    size_t len)
{
	tty_set_clipboard(c->tty->tty, sel, b64, len);
	server_tty_arm(c->tty);
}

static void
server_tty_passthrough(struct client *c, const char *buf, size_t len)
{
	tty_passthrough(c->tty->tty, buf, len);
	server_tty_arm(c->tty);
}

/* Ask the terminal for its clipboard. Answers are expected (an OSC
 * string split across reads is held, not taken as keys) for as long as
 * for the colour queries; a whole answer is taken however late it is. */
static int
server_tty_clipboard_query(struct client *c)
{
	struct client_tty	*ct = c->tty;
	struct timeval		 tv = { SERVER_TTY_REPLY_MS / 1000,
	    (SERVER_TTY_REPLY_MS % 1000) * 1000 };

	if (ct->releasing || ct->given_up || !tty_query_clipboard(ct->tty))
		return (0);
	server_tty_arm(ct);
	ct->clipboard = 1;
	input_expect_replies(ct->input, 1);
	evtimer_add(ct->reply_ev, &tv);
	return (1);
}

/* Restore the terminal as c exits or is locked (see client-out.h). */
static int
server_tty_release(struct client *c)
{
	struct client_tty	*ct = c->tty;
	struct timeval		 tv = { SERVER_TTY_RELEASE_MS / 1000,
	    (SERVER_TTY_RELEASE_MS % 1000) * 1000 };

	if (ct == NULL)
		return (1);
	if (!ct->releasing) {
		ct->releasing = 1;
		event_del(ct->read_ev);
		evtimer_del(ct->escape_ev);
		evtimer_del(ct->reply_ev);
		evtimer_del(ct->resume_ev);
		evtimer_del(ct->shown_ev);
		evtimer_del(ct->rest_ev);
		tty_pace_forget(&ct->pace, tty_flushed(ct->tty));
		if (!ct->given_up) {
			tty_stop(ct->tty);
			server_tty_arm(ct);
			evtimer_add(ct->release_ev, &tv);
		}
	}
	if (tty_pending(ct->tty) != 0 && !ct->given_up)
		return (0);
	server_tty_free(c);
	return (1);
}

void
server_tty_free(struct client *c)
{
	struct client_tty	*ct = c->tty;

	if (ct == NULL)
		return;
	event_free(ct->read_ev);
	event_free(ct->write_ev);
	event_free(ct->escape_ev);
	event_free(ct->reply_ev);
	event_free(ct->resume_ev);
	event_free(ct->release_ev);
	event_free(ct->shown_ev);
	event_free(ct->rest_ev);
	input_free(ct->input);
	tty_free(ct->tty);
	free(c->term_type);
	free(c->term_features);
	free(c->term_info);
	c->term_type = c->term_features = c->term_info = NULL;
	c->cell_width = c->cell_height = 0;
	close(ct->fd);
	free(ct);
	c->tty = NULL;
	c->out = &client_out_remote;
}

const struct client_out_ops client_out_tty = {
	.name = "tty",
	.screen = 1,
	.flush = client_out_none_flush,
	.frame = server_tty_frame,
	.backlogged = server_tty_backlogged,
	.unshown = server_tty_unshown,
	.bell = server_tty_bell,
	.title = server_tty_title,
	.clipboard = server_tty_clipboard,
	.passthrough = server_tty_passthrough,
	.modes = server_tty_modes,
	.options = server_tty_options,
	.pause = server_tty_pause,
	.release = server_tty_release,
	.clipboard_query = server_tty_clipboard_query,
};
