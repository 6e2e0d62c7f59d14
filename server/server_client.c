/*
 * The server's side of each client connection: identify, run commands,
 * take keys and resizes, and at the end of each loop turn send what the
 * client owes: exit messages, frames, bells.
 *
 * Frames follow the flush policy in DESIGN.md: changes after an idle
 * period go out in the same loop turn (a short burst of them: a program's
 * first output and then its prompt both go at once); while panes stream
 * output, frames to a client are at most one per frame-interval, except
 * that output that answers input (the echo of a key) goes out at once;
 * a client whose socket is backed up gets no new frame until it drains,
 * then one composed from the current state; and a terminal that has yet
 * to show what it was sent (a slow link: client-out.h's unshown) gets only
 * echoes until it has, then the current state.
 *
 * Frames, bells, titles, the clipboard and modes go out through the
 * client's output interface (c->out, client-out.h), under the same pacing
 * whoever draws: protocol messages for a client that draws, or the
 * terminal itself when the client passed it (MSG_TTY) and the server
 * drives it (server_tty.c, whose decoded input comes to
 * server_input_event). This file never asks which.
 */
#include <sys/socket.h>
#include <sys/types.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/event.h>

#include "cmd/cmd.h"
#include "common/log.h"
#include "common/peer.h"
#include "common/proto.h"
#include "common/trace.h"
#include "common/xmalloc.h"
#include "server/client-out.h"
#include "model/client.h"
#include "model/hooks.h"
#include "draw/compose.h"
#include "server/loop.h"
#include "model/options.h"
#include "draw/overlay.h"
#include "model/format.h"
#include "draw/prompt.h"
#include "model/control.h"
#include "model/state.h"
#include "server/server_control.h"
#include "server/server_tty.h"
#include "model/target.h"
#include "server/upgrade.h"
#include "model/session.h"
#include "draw/status.h"
#include "draw/view.h"
#include "model/window.h"

/* The options read on every key or frame (options.h: handles). */
static struct option_handle oh_frame_interval = OPTION_HANDLE("frame-interval");

/* A connection has this long to identify, and until it has, a message
 * from it may be at most this large (an identify carries the client's
 * environment; Linux gives a program at most about 2 MiB of arguments
 * and environment together, and a usual one is a few KiB). Together with
 * SERVER_UNIDENTIFIED_MAX this bounds what strangers can make the server
 * hold. */
#define CLIENT_IDENTIFY_SEC	5
/* How long a newer client has to ask for the upgrade (its user answers a
 * question first). */
#define CLIENT_ASK_SEC		300
#define CLIENT_IDENTIFY_MAX	(1024 * 1024)

/* A client's input is held for a pane that is slow to take a paste
 * while the pane takes some of it at least this often; once it takes none
 * for this long, the input is read again (and a paste the pane still has
 * no room for is refused, telling the user). A slow reader is not a
 * stuck one: its paste waits, whole. */
#define CLIENT_HOLD_SEC		5

static void	server_client_msg(struct peer *, uint32_t, const uint8_t *,
		    size_t, void *);
static void	server_client_close(struct peer *, const char *, void *);
static void	server_client_drain(struct peer *, void *);
static int	server_client_eof(struct peer *, void *);
static void	server_client_timer(int, short, void *);
static void	server_client_identify_timeout(int, short, void *);
static void	server_client_hold_timeout(int, short, void *);

/* Is the peer allowed in: same uid, root, or a user server-access let
 * in? *uid gets its user ((uid_t)-1 when it cannot be known: then it is
 * not allowed). */
static int
server_client_allowed(int fd, uid_t *uid)
{
	struct ucred	cred;
	socklen_t	len = sizeof cred;

	*uid = (uid_t)-1;
	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) == -1)
		return (0);
	*uid = cred.uid;
	return (cred.uid == getuid() || cred.uid == 0 ||
	    server_acl_find(cred.uid) != NULL);
}

/* Tell a refused peer why before hanging up: MSG_EXIT, in one write (a
 * fresh socket's buffer takes it; never a wait). What it sent is read
 * first (at most a little), so closing does not reset it before it reads
 * the reason. */
static void
server_client_refuse(int fd, uid_t uid)
{
	struct pbuf	 pb;
	size_t		 start;
	char		 buf[4096], *msg;
	int		 i;

	log_debug("refused a connection from uid %ld", (long)(int)uid);
	for (i = 0; i < 16 && read(fd, buf, sizeof buf) > 0; i++)
		/* discard */;
	msg = xasprintf("access denied: uid %ld may not use this server "
	    "(it belongs to uid %ld)", (long)(int)uid, (long)getuid());
	pbuf_init(&pb);
	start = pw_begin(&pb, MSG_EXIT);
	pw_u32(&pb, 1);
	pw_str(&pb, msg);
	pw_end(&pb, start);
	if (write(fd, pb.data, pb.len) != (ssize_t)pb.len)
		log_debug("refused uid %ld: %s", (long)(int)uid,
		    strerror(errno));
	pbuf_free(&pb);
	free(msg);
	shutdown(fd, SHUT_WR);
	close(fd);
}

/* How many connections have not identified yet. */
unsigned int
server_client_unidentified(void)
{
	struct client	*c;
	unsigned int	 n = 0;

	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (!(c->flags & (CLIENT_IDENTIFIED|CLIENT_DEAD)))
			n++;
	}
	return (n);
}

void
server_client_accept(int fd)
{
	struct timeval	tv = { CLIENT_IDENTIFY_SEC, 0 };
	struct client	*c;
	uid_t		 uid;

	if (!server_client_allowed(fd, &uid)) {
		server_client_refuse(fd, uid);
		return;
	}
	c = server_client_create(fd, uid);
	evtimer_add(c->identify_timer, &tv);
	log_debug("client %u connected", c->id);
}

struct client *
server_client_create(int fd, uid_t uid)
{
	struct client		*c;
	struct server_acl	*acl;

	c = xcalloc(1, sizeof *c);
	c->flags = CLIENT_FOCUSED;
	c->id = srv->next_client_id++;
	c->uid = uid;
	if ((acl = server_acl_find(uid)) != NULL && acl->readonly)
		c->flags |= CLIENT_READONLY;
	c->key_table = "root";
	c->drag_pane = -1;
	c->tty_fd = -1;
	c->out = &client_out_remote;
	c->activity_ns = server_now_ns();
	c->created = time(NULL);
	c->peer = peer_create(srv->base, fd, server_client_msg,
	    server_client_close, c);
	peer_set_drain_cb(c->peer, server_client_drain);
	peer_set_eof_cb(c->peer, server_client_eof);
	peer_set_max_message(c->peer, CLIENT_IDENTIFY_MAX);
	c->frame_timer = evtimer_new(srv->base, server_client_timer, c);
	c->identify_timer = evtimer_new(srv->base,
	    server_client_identify_timeout, c);
	c->hold_timer = evtimer_new(srv->base, server_client_hold_timeout, c);
	TAILQ_INSERT_TAIL(&srv->clients, c, entry);
	return (c);
}

/* Release a client that is gone. */
static void
server_client_free(struct client *c)
{
	log_debug("client %u freed", c->id);
	free(c->suspend_cmd);
	client_stdin_done(c, "client went away");
	cmdq_client_gone(c);
	prompt_close(c);
	overlay_close_all(c);	/* a command may wait for one */
	message_clear(c);
	if (c->message_timer != NULL)
		event_free(c->message_timer);
	if (c->click_timer != NULL)
		event_free(c->click_timer);
	if (c->repeat_timer != NULL)
		event_free(c->repeat_timer);
	TAILQ_REMOVE(&srv->clients, c, entry);
	if (c->session != NULL && c->session->attached > 0)
		c->session->attached--;
	c->session = NULL;
	server_tty_free(c);
	if (c->tty_fd != -1)
		close(c->tty_fd);
	peer_free(c->peer);
	event_free(c->frame_timer);
	event_free(c->identify_timer);
	event_free(c->hold_timer);
	proto_free_identify(&c->ident);
	control_free(c);
	compose_reset(c);
	free(c->exit_msg);
	free(c->exit_exec);
	free(c->exit_shell);
	status_free_ranges(c);
	free(c->title);
	free(c->panes);
	free(c->clip_sel);
	free(c->clip_data);
	pbuf_free(&c->pass_owed);
	free(c);
	client_update_sizes();
	/* A file descriptor and perhaps a place to identify are free. */
	server_accept_retry();
	server_accept_update();
}

void
server_client_free_all(void)
{
	struct client	*c;

	while ((c = TAILQ_FIRST(&srv->clients)) != NULL)
		server_client_free(c);
}

/* Drop a client now for a protocol error, telling it why if it can
 * still hear. */
static void
server_client_fail(struct client *c, const char *fmt, const char *detail)
{
	char	*msg = xasprintf(fmt, detail);

	log_debug("client %u: %s", c->id, msg);
	client_set_exit(c, 1, msg);
	free(msg);
}

/* The connection closed. */
static void
server_client_close(struct peer *peer, const char *why, void *arg)
{
	struct client	*c = arg;

	log_debug("client %u closed%s%s", c->id, why != NULL ? ": " : "",
	    why != NULL ? why : "");
	evtimer_del(c->identify_timer);
	if (c->session != NULL) {
		hooks_notify_client("client-detached", c);
		if (c->session->attached > 0)
			c->session->attached--;
		c->session = NULL;
	}
	c->flags |= CLIENT_DEAD;
	srv->check_unattached = 1;
	srv->dirty = 1;
}

/* The client sends no more. A command client that half-closed its socket
 * after its command still gets the answer, and a client being told why it
 * must go (a protocol error) still gets told; otherwise this is the end. */
static int
server_client_eof(struct peer *peer, void *arg)
{
	struct client	*c = arg;

	if ((c->flags & CLIENT_RUNNING) && c->session == NULL &&
	    c->stdin_item == NULL)
		return (0);
	if ((c->flags & CLIENT_EXIT) && !(c->flags & CLIENT_EXIT_SENT))
		return (0);	/* its exit message goes at the loop's end */
	return (-1);
}

/* The client drained its backlog: send it the current state (the rows
 * that changed since its last frame, compose.c). The flag stays until
 * that frame is sent. */
static void
server_client_drain(struct peer *peer, void *arg)
{
	struct client	*c = arg;

	if (c->flags & CLIENT_BLOCKED)
		srv->dirty = 1;
}

/* A deferred frame is due. */
static void
server_client_timer(int fd, short events, void *arg)
{
	srv->dirty = 1;
}

/* The size of the client's terminal, as it says, but never more than
 * WINDOW_SIZE_MAX either way: what a client claims is not trusted to size
 * what the server allocates for it. */
void
server_client_set_size(struct client *c, unsigned int cols, unsigned int rows)
{
	if (cols > WINDOW_SIZE_MAX || rows > WINDOW_SIZE_MAX)
		log_debug("client %u: size %ux%u clamped to %u", c->id, cols,
		    rows, WINDOW_SIZE_MAX);
	c->cols = cols > WINDOW_SIZE_MAX ? WINDOW_SIZE_MAX : cols;
	c->rows = rows > WINDOW_SIZE_MAX ? WINDOW_SIZE_MAX : rows;
	if (c->cols != 0 && (size_t)c->cols * c->rows > CLIENT_CELLS_MAX) {
		c->rows = CLIENT_CELLS_MAX / c->cols;
		log_debug("client %u: %ux%u is over %u cells: %u rows",
		    c->id, cols, rows, CLIENT_CELLS_MAX, c->rows);
	}
	overlay_resize(c);
}

void
server_client_hold_input(struct client *c, struct pane *p)
{
	struct timeval	tv = { CLIENT_HOLD_SEC, 0 };

	if (c->hold_pane != 0)
		return;
	log_debug("client %u: input held for pane %%%u", c->id, p->id);
	c->hold_pane = p->id + 1;
	c->hold_taken = p->input_taken;
	c->out->pause(c, 1);
	evtimer_add(c->hold_timer, &tv);
}

/* Read c's input again. */
static void
server_client_release_input(struct client *c)
{
	if (c->hold_pane == 0)
		return;
	c->hold_pane = 0;
	evtimer_del(c->hold_timer);
	c->out->pause(c, 0);
}

/* Held a while: if the pane took some of its input meanwhile, it is
 * reading, and the input waits for it again; if not, it does not read. */
static void
server_client_hold_timeout(int fd, short events, void *arg)
{
	struct client	*c = arg;
	struct pane	*p = pane_find_by_id(c->hold_pane - 1);
	struct timeval	 tv = { CLIENT_HOLD_SEC, 0 };

	if (p != NULL && p->input_taken != c->hold_taken) {
		c->hold_taken = p->input_taken;
		evtimer_add(c->hold_timer, &tv);
		return;
	}
	log_debug("client %u: pane %%%u took no input for %d s", c->id,
	    c->hold_pane - 1, CLIENT_HOLD_SEC);
	server_client_release_input(c);
}

/* The connection did not identify in time: it goes, saying why. */
static void
server_client_identify_timeout(int fd, short events, void *arg)
{
	struct client	*c = arg;

	if (c->flags & (CLIENT_IDENTIFIED|CLIENT_DEAD))
		return;
	log_debug("client %u: no identify within %d seconds", c->id,
	    CLIENT_IDENTIFY_SEC);
	server_client_fail(c, "%s", "protocol error: no identify in time");
}

/* A client of a newer protocol: say which this server speaks, and wait
 * for it to ask for the upgrade (proto.h). */
static void
server_client_newer(struct client *c)
{
	struct timeval	tv = { CLIENT_ASK_SEC, 0 };
	struct pbuf	pb;
	size_t		start;

	log_debug("client %u: newer protocol: it may ask for an upgrade",
	    c->id);
	c->flags |= CLIENT_NEWER;
	evtimer_add(c->identify_timer, &tv);
	pbuf_init(&pb);
	start = pw_begin(&pb, MSG_VERSION);
	pw_u32(&pb, proto_version());
	pw_u8(&pb, 1);
	pw_end(&pb, start);
	peer_send(c->peer, pb.data, pb.len);
	pbuf_free(&pb);
}

/* What a newer client may send: MSG_UPGRADE_ASK (anything else, its
 * terminal and command, is not for this server). */
static void
server_client_newer_msg(struct client *c, uint32_t type, const uint8_t *data,
    size_t len)
{
	struct preader	 pr;
	char		*path, *cause = NULL;
	int		 fd;

	if (type == MSG_TTY) {
		if ((fd = peer_take_fd(c->peer)) != -1)
			close(fd);
		return;
	}
	if (type != MSG_UPGRADE_ASK)
		return;
	pr_init(&pr, data, len);
	if ((path = pr_str(&pr)) == NULL || !pr_done(&pr) || *path != '/') {
		free(path);
		server_client_fail(c, "%s", "protocol error: bad upgrade "
		    "request");
		return;
	}
	/* Returns only when the upgrade did not happen. */
	if (upgrade_start(c, path, &cause) != 0) {
		server_client_fail(c, "server-upgrade: %s", cause);
		free(cause);
	}
	free(path);
}

/* MSG_IDENTIFY. */
static void
server_client_identify(struct client *c, const uint8_t *data, size_t len)
{
	struct preader	 pr;
	const char	*cause;
	uint32_t	 version;
	char		*msg;

	if (c->flags & CLIENT_IDENTIFIED) {
		server_client_fail(c, "%s", "protocol error: identified twice");
		return;
	}
	pr_init(&pr, data, len);
	version = pr_u32(&pr);
	pr_init(&pr, data, len);
	if (proto_read_identify(&pr, &c->ident, &cause) != 0) {
		if (version > proto_version() && len >= 4 &&
		    c->uid == getuid()) {
			server_client_newer(c);
			return;
		}
		if (version != proto_version() && len >= 4) {
			msg = xasprintf("protocol version mismatch (client %u, "
			    "server %u)", version, proto_version());
			server_client_fail(c, "%s", msg);
			free(msg);
		} else
			server_client_fail(c, "protocol error: %s", cause);
		return;
	}
	c->flags |= CLIENT_IDENTIFIED;
	evtimer_del(c->identify_timer);
	peer_set_max_message(c->peer, PROTO_MAX_PAYLOAD);
	server_accept_update();
	if (c->ident.flags & IDENTIFY_TERMINAL)
		c->flags |= CLIENT_TERMINAL;
	server_client_set_size(c, c->ident.cols, c->ident.rows);
	if (c->ident.flags & IDENTIFY_CONTROL)
		server_control_start(c);
}

/* Send a command's output (or errors) in messages of at most
 * CLIENT_TEXT_CHUNK: a message over PROTO_MAX_PAYLOAD would break the
 * framing (save-buffer - of a 20 MB buffer lost the connection). */
#define CLIENT_TEXT_CHUNK	(1024 * 1024)

static void
server_client_send_text(struct client *c, uint32_t type, const struct pbuf *pb)
{
	size_t	off, n;

	for (off = 0; off < pb->len; off += n) {
		n = pb->len - off;
		if (n > CLIENT_TEXT_CHUNK)
			n = CLIENT_TEXT_CHUNK;
		peer_send_msg(c->peer, type, pb->data + off, n);
	}
}

/* A client's command finished: answer, and let a client that did not
 * attach go. */
static void
server_client_command_done(struct cmdq_item *item, void *arg)
{
	struct client	*c = item->client;

	if (c == NULL || (c->flags & CLIENT_DEAD))
		return;
	if (c->control != NULL) {
		server_control_block(c, item, 0);
		server_control_events(c);
		goto done;
	}
	server_client_send_text(c, MSG_OUTPUT, &item->out);
	/* The config's errors, once there is a session (the client's, or
	 * the first): in view mode over its pane, as tmux 3.3a shows them.
	 * With no session at all, the client that started the server gets
	 * them with its own. */
	if (!view_config_errors(c->session != NULL ? c->session :
	    TAILQ_FIRST(&srv->sessions)) && TAILQ_EMPTY(&srv->sessions))
		server_config_give_errors(item);
	/* Errors of a command run by a client that is now attached: as
	 * tmux does for an attached client, they show in its status line,
	 * not on its terminal. */
	if (item->err.len != 0 && c->session != NULL)
		view_client_errors(c, (const char *)item->err.data,
		    item->err.len);
	else
		server_client_send_text(c, MSG_ERROR, &item->err);
done:
	c->flags &= ~CLIENT_RUNNING;
	if (c->session == NULL)
		client_set_exit(c, item->failed ? 1 : item->exit_status, NULL);
	srv->dirty = 1;
	if (c->control != NULL)
		server_control_next(c);
}

/* MSG_COMMAND: run it; the answer goes when it finishes. */
static void
server_client_command(struct client *c, const uint8_t *data, size_t len)
{
	struct preader		 pr;
	struct cmdq_item	*item;
	struct cmd_list		*cl;
	char			**argv, *cause = NULL;
	int			 argc;

	if (!(c->flags & CLIENT_IDENTIFIED)) {
		server_client_fail(c, "%s", "protocol error: command before "
		    "identify");
		return;
	}
	if (c->flags & CLIENT_RUNNING) {
		server_client_fail(c, "%s", "protocol error: a command is "
		    "already running");
		return;
	}
	pr_init(&pr, data, len);
	if ((argv = proto_read_command(&pr, &argc)) == NULL) {
		server_client_fail(c, "%s", "protocol error: malformed command");
		return;
	}
	pane_read_pending();
	cl = cmd_parse_argv(argc, argv, &cause);
	proto_free_argv(argv);
	if (cl == NULL)
		cl = cmd_list_new();	/* it only reports the error */
	item = cmdq_new(c, cl, NULL);
	cmd_list_free(cl);
	if (cause != NULL) {
		cmdq_error(item, "%s", cause);
		free(cause);
		item->failed = 1;
	}
	c->flags |= CLIENT_RUNNING;
	if (c->control != NULL)
		server_control_begin(c);
	if (server_config_hold(c, item, server_client_command_done, NULL))
		return;
	cmdq_run(item, server_client_command_done, NULL);
}

/* One message from a client. */
static void
server_client_msg(struct peer *peer, uint32_t type, const uint8_t *data,
    size_t len, void *arg)
{
	struct client		*c = arg;
	struct preader		 pr;
	struct msg_mouse	 mm;
	uint32_t		 key;
	uint16_t		 cols, rows;
	int			 fd, in;

	server_turn_over();
	if (c->flags & (CLIENT_DEAD|CLIENT_EXIT))
		return;
	if (c->flags & CLIENT_NEWER) {
		server_client_newer_msg(c, type, data, len);
		return;
	}
	pr_init(&pr, data, len);
	switch (type) {
	case MSG_IDENTIFY:
		server_client_identify(c, data, len);
		return;
	case MSG_COMMAND:
		server_client_command(c, data, len);
		return;
	case MSG_KEY:
		if (proto_read_key(&pr, &key) != 0)
			break;
		server_input_key(c, key);
		return;
	case MSG_PASTE:
		server_input_paste(c, (const char *)data, len);
		return;
	case MSG_FOCUS:
		if (proto_read_focus(&pr, &in) != 0)
			break;
		server_input_focus(c, in);
		return;
	case MSG_MOUSE:
		if (proto_read_mouse(&pr, &mm) != 0)
			break;
		server_input_mouse(c, mm.x, mm.y, mm.button, mm.pressed,
		    mm.motion, mm.mods);
		return;
	case MSG_STDIN:
		if (c->stdin_item == NULL)
			break;
		if (len == 0)
			client_stdin_done(c, NULL);
		else if (c->stdin_part_cb != NULL)
			c->stdin_part_cb((const char *)data, len,
			    c->stdin_arg);
		else if (c->stdin_data.len <= 64 * 1024 * 1024)
			pw_bytes(&c->stdin_data, data, len);
		return;
	case MSG_HOST_COLOUR: {
		struct colour_rgb16	rgb;
		uint8_t			which = pr_u8(&pr);

		rgb.r = pr_u16(&pr);
		rgb.g = pr_u16(&pr);
		rgb.b = pr_u16(&pr);
		if (!pr_done(&pr) || (which != 10 && which != 11))
			break;
		client_set_host_colour(c, which, &rgb);
		return;
	}
	case MSG_TTY:
		fd = peer_take_fd(peer);
		if (len != 0 || !(c->flags & CLIENT_TERMINAL) ||
		    server_tty_take_fd(c, fd) != 0) {
			if (fd != -1)
				close(fd);
			break;
		}
		return;		/* with no fd the client draws */
	case MSG_UNLOCK:
		if (len != 0 || !(c->flags & CLIENT_SUSPENDED))
			break;
		/* A terminal the server drove was passed again. */
		if (c->tty_fd != -1 && server_tty_open(c) != 0) {
			client_set_exit(c, 1, "[lost tty]");
			return;
		}
		client_unlock(c);
		return;
	case MSG_CONTROL:
		if (c->control == NULL)
			break;
		server_control_input(c, data, len);
		return;
	case MSG_EXITING:
		if (len != 0)
			break;
		client_set_exit(c, 1, NULL);
		return;
	case MSG_RESIZE:
		cols = pr_u16(&pr);
		rows = pr_u16(&pr);
		if (!pr_done(&pr))
			break;
		server_client_set_size(c, cols, rows);
		c->activity_ns = server_now_ns();
		hooks_client_active(c);
		client_update_sizes();
		if (c->session != NULL)
			hooks_notify_client("client-resized", c);
		srv->dirty = 1;
		return;
	default:
		server_client_fail(c, "protocol error: unknown message type "
		    "%s", proto_type_name(type));
		log_debug("client %u: message type %u", c->id, type);
		return;
	}
	server_client_fail(c, "protocol error: malformed %s message",
	    proto_type_name(type));
}

/* A pane the client shows with output answering recent input, or NULL. */
static struct pane *
server_client_echo_due(struct client *c)
{
	struct session	*s = c->session;
	struct pane	*p;

	if (s == NULL || s->curw == NULL)
		return (NULL);
	TAILQ_FOREACH(p, &s->curw->window->panes, entry) {
		if (p->echo_ns > c->last_frame_ns)
			return (p);
	}
	return (NULL);
}

/* A program in a pane c shows has an update open (CSI ?2026 h): hold
 * frames until it ends it, or until PANE_SYNC_MAX_NS has passed so that
 * a program that never ends it cannot freeze the screen. Returns the
 * nanoseconds to wait, 0 when a frame may go. */
#define PANE_SYNC_MAX_NS	(1000ULL * 1000000ULL)

static uint64_t
server_client_sync_wait(struct client *c, uint64_t now)
{
	struct session	*s = c->session;
	struct pane	*p;
	uint64_t	 wait = 0;

	if (s == NULL || s->curw == NULL)
		return (0);
	TAILQ_FOREACH(p, &s->curw->window->panes, entry) {
		if (p->sync_ns == 0 || now - p->sync_ns >= PANE_SYNC_MAX_NS)
			continue;
		if (PANE_SYNC_MAX_NS - (now - p->sync_ns) > wait)
			wait = PANE_SYNC_MAX_NS - (now - p->sync_ns);
	}
	return (wait);
}

/* Hold c's next frame for ns nanoseconds (it then has the rows that
 * changed meanwhile). */
static void
server_client_defer(struct client *c, uint64_t ns)
{
	c->flags |= CLIENT_BLOCKED;
	evtimer_del(c->frame_timer);
	server_timer_ns(c->frame_timer, ns);
}

/*
 * Frame pacing is a token bucket kept as time: credit grows with the time
 * that passes, up to FRAME_BURST intervals, and each frame spends one
 * interval. An idle client has a full bucket, so a burst of changes (a
 * command's output, then the prompt) is shown at once; a pane that keeps
 * streaming drains it and then gets one frame per interval.
 */
#define FRAME_BURST	3

/* Nanoseconds until c may have a frame (0: now). */
static uint64_t
server_client_frame_wait(struct client *c, uint64_t now, uint64_t interval)
{
	uint64_t	max = FRAME_BURST * interval;

	if (c->frame_credit_at == 0)
		c->frame_credit_ns = max;
	else if (now - c->frame_credit_at >= max - c->frame_credit_ns)
		c->frame_credit_ns = max;
	else
		c->frame_credit_ns += now - c->frame_credit_at;
	c->frame_credit_at = now;
	if (c->frame_credit_ns >= interval)
		return (0);
	return (interval - c->frame_credit_ns);
}

/* Send c a frame if one is due; defer it if frames are coming too fast. */
static void
server_client_send_frame(struct client *c)
{
	struct pane	*echo = NULL;
	uint64_t	 now, interval, wait;

	if (c->out->backlogged(c)) {
		c->flags |= CLIENT_BLOCKED;
		return;
	}
	now = server_now_ns();
	if ((wait = server_client_sync_wait(c, now)) != 0) {
		c->flags |= CLIENT_SYNC_HELD;
		server_client_defer(c, wait);
		return;
	}
	if (c->out->unshown(c)) {
		/* The terminal has yet to show what it was sent: only a key's
		 * echo goes; its answer brings the rest, as it is then. */
		c->flags |= CLIENT_BLOCKED;
		if ((echo = server_client_echo_due(c)) != NULL &&
		    c->out->frame(c, 1, echo))
			c->last_frame_ns = now;
		return;
	}
	interval = options_get_number_h(srv->options, &oh_frame_interval) *
	    1000000ULL;
	wait = server_client_frame_wait(c, now, interval);
	if (c->flags & CLIENT_SYNC_HELD) {
		/* The update ended (or timed out): show it now. */
		c->flags &= ~CLIENT_SYNC_HELD;
		evtimer_del(c->frame_timer);
		wait = 0;
	}
	if (evtimer_pending(c->frame_timer, NULL)) {
		if ((echo = server_client_echo_due(c)) == NULL)
			return;		/* the timer will send it */
		/*
		 * The echo of a key while other output is held: send just the
		 * typed pane now, small and quick for the client to draw; the
		 * held frame stays due.
		 */
		if (c->out->frame(c, 1, echo))
			c->last_frame_ns = now;
		return;
	}
	if (wait != 0 && server_client_echo_due(c) == NULL &&
	    !(c->flags & CLIENT_REDRAW)) {
		/* Too soon: compose the current state when there is credit
		 * for a frame. */
		server_client_defer(c, wait);
		return;
	}
	c->flags &= ~CLIENT_BLOCKED;
	if (c->out->frame(c, 0, NULL)) {
		c->last_frame_ns = now;
		c->frame_credit_ns = c->frame_credit_ns > interval ?
		    c->frame_credit_ns - interval : 0;
	}
}

/* set-titles: keep the host terminal's title at set-titles-string. Only
 * looked at when something a status line shows has changed. */
static void
server_client_update_title(struct client *c)
{
	struct target	 t;
	char		*title;

	if (c->title_gen == srv->status_gen)
		return;
	c->title_gen = srv->status_gen;
	if (!options_get_number(c->session->options, "set-titles"))
		return;
	target_from_session(&t, c->session);
	title = format_expand(options_get_string(c->session->options,
	    "set-titles-string"), &t, c);
	if (c->title == NULL || strcmp(title, c->title) != 0) {
		c->out->title(c, title);
		free(c->title);
		c->title = title;
	} else
		free(title);
}

/* Tell the client what the host terminal should do: mouse reporting (the
 * mouse option), modifyOtherKeys (extended-keys), and 24-bit colour when
 * terminal-features or terminal-overrides say it has it. */
static void
server_client_update_modes(struct client *c)
{
	static const char *const	 features[] = { "RGB", NULL };
	static const char *const	 overrides[] = { "RGB", "Tc", NULL };
	uint32_t			 modes = 0;

	/* Only options and the session decide: work it out again only
	 * when one of them changed, not every loop turn. */
	if (c->modes_gen == options_generation() &&
	    c->modes_session == c->session->id + 1)
		return;
	c->modes_gen = options_generation();
	c->modes_session = c->session->id + 1;
	c->out->options(c);
	if (options_get_number(c->session->options, "mouse"))
		modes |= HOST_MODE_MOUSE;
	if (strcmp(options_get_string(srv->options, "extended-keys"),
	    "off") != 0)
		modes |= HOST_MODE_EXTKEYS;
	if (client_term_has(c, options_get_string(srv->options,
	    "terminal-features"), features) ||
	    client_term_has(c, options_get_string(srv->options,
	    "terminal-overrides"), overrides))
		modes |= HOST_MODE_RGB;
	if (modes == c->host_modes)
		return;
	c->host_modes = modes;
	c->out->modes(c, modes);
}

/* Ring c's terminal bell: owed, and sent with the rest of what c is owed
 * (server_client_send_owed) once its output is not backed up; bells
 * merge into one. */
static void
server_client_ring(struct client *c)
{
	c->bell_owed = 1;
}

/* One alert (what: "Bell", "Activity", "Silence") in wl for c, as tmux
 * passes it on: the action option says for which windows (none, any,
 * current, other); the visual option says how (off: the terminal's bell,
 * on: a message, both: both). */
static void
server_client_alert(struct client *c, struct winlink *wl, const char *what,
    const char *action_name, const char *visual_name)
{
	struct session	*s = c->session;
	long long	 action = options_get_number(s->options, action_name);
	long long	 visual = options_get_number(s->options, visual_name);
	int		 current = (wl == s->curw);
	char		*msg;

	/* bell_action_choices: none any current other */
	if (action == 0 || (action == 2 && !current) ||
	    (action == 3 && current))
		return;
	if (visual == 0 || visual == 2)
		server_client_ring(c);
	if (visual == 0)
		return;
	if (current)
		msg = xasprintf("%s in current window", what);
	else
		msg = xasprintf("%s in window %d", what, wl->idx);
	message_set(c, msg);
	free(msg);
}

/* Pass new bells, activity and silence in c's session on. */
static void
server_client_alerts(struct client *c)
{
	struct session	*s = c->session;
	struct winlink	*wl;

	TAILQ_FOREACH(wl, &s->windows, entry) {
		if (wl->window->flags & WINDOW_RING)
			server_client_alert(c, wl, "Bell", "bell-action",
			    "visual-bell");
		if (wl->window->flags & WINDOW_ACTIVE_NEW)
			server_client_alert(c, wl, "Activity",
			    "activity-action", "visual-activity");
		if (wl->window->flags & WINDOW_SILENCE_NEW)
			server_client_alert(c, wl, "Silence",
			    "silence-action", "visual-silence");
	}
}

/* Send what c is owed (see client.h): the newest clipboard set, a bell,
 * a question for the terminal's clipboard. */
static void
server_client_send_owed(struct client *c)
{
	if (c->clip_sel != NULL) {
		c->out->clipboard(c, c->clip_sel, c->clip_data, c->clip_len);
		free(c->clip_sel);
		free(c->clip_data);
		c->clip_sel = c->clip_data = NULL;
		c->clip_len = 0;
	}
	if (c->pass_owed.len != 0) {
		c->out->passthrough(c, (const char *)c->pass_owed.data,
		    c->pass_owed.len);
		pbuf_free(&c->pass_owed);
		/* Where the host cursor is is not known: place it again. */
		c->sent_cx = c->sent_cy = 0xffff;
	}
	if (c->bell_owed) {
		c->bell_owed = 0;
		c->out->bell(c);
	}
	if (c->clipboard_query_owed) {
		c->clipboard_query_owed = 0;
		c->out->clipboard_query(c);
	}
}

/* Tell the client it is attached: the server takes its terminal if it
 * passed one (and it opens), else the client puts it in terminal mode. */
static void
server_client_send_attached(struct client *c)
{
	struct pbuf	pb;
	size_t		start;
	uint8_t		flags = 0;

	if (server_tty_open(c) == 0)
		flags |= ATTACHED_TTY;
	pbuf_init(&pb);
	start = pw_begin(&pb, MSG_ATTACHED);
	pw_u32(&pb, options_get_number(srv->options, "escape-time"));
	pw_u8(&pb, flags);
	pw_end(&pb, start);
	peer_send(c->peer, pb.data, pb.len);
	pbuf_free(&pb);
}

/* Ask the client to run the lock command, or to stop itself. */
static void
server_client_send_suspend(struct client *c)
{
	struct pbuf	pb;
	size_t		start;

	pbuf_init(&pb);
	if (c->suspend_cmd != NULL) {
		start = pw_begin(&pb, MSG_LOCK);
		pw_str(&pb, c->suspend_cmd);
	} else
		start = pw_begin(&pb, MSG_SUSPEND);
	pw_end(&pb, start);
	peer_send(c->peer, pb.data, pb.len);
	pbuf_free(&pb);
}

/* Send exit status and message, then hang up once it is written. */
static void
server_client_send_exit(struct client *c)
{
	struct pbuf	pb;
	size_t		start;

	if (c->control != NULL && (c->control->flags & CONTROL_WAIT_EXIT))
		peer_send_msg(c->peer, MSG_CONTROL_WAIT, NULL, 0);
	pbuf_init(&pb);
	start = pw_begin(&pb, MSG_EXIT);
	pw_u32(&pb, (uint32_t)c->exit_status);
	if (c->control != NULL)
		pw_str(&pb, server_control_exit_reason(c) != NULL ?
		    server_control_exit_reason(c) : "");
	else
		pw_str(&pb, c->exit_msg != NULL ? c->exit_msg : "");
	pw_u8(&pb, (c->exit_kill_parent ? EXIT_KILL_PARENT : 0) |
	    (c->control != NULL && (c->control->flags & CONTROL_JSON) ?
	    EXIT_CONTROL_JSON : 0));
	pw_str(&pb, c->exit_exec != NULL ? c->exit_exec : "");
	pw_str(&pb, c->exit_shell != NULL ? c->exit_shell : "");
	pw_end(&pb, start);
	peer_send(c->peer, pb.data, pb.len);
	pbuf_free(&pb);
	peer_close_when_flushed(c->peer);
}

void
server_client_flush(void)
{
	struct client	*c, *next;
	struct window	*w;

	TAILQ_FOREACH_SAFE(c, &srv->clients, entry, next) {
		if (c->flags & CLIENT_DEAD) {
			server_client_free(c);
			continue;
		}
		if (c->stdin_item != NULL && !c->stdin_asked) {
			c->stdin_asked = 1;
			peer_send_msg(c->peer, MSG_READ_STDIN, NULL, 0);
		}
		if (srv->exiting && !(c->flags & CLIENT_EXIT))
			client_set_exit(c, 0, c->session != NULL ?
			    "[server exited]" : NULL);
		/* What no frame carries goes first (a control client's
		 * output, before its %exit). */
		if (!(c->flags & CLIENT_EXIT_SENT) && c->out->flush(c)) {
			server_client_close(c->peer, "too far behind", c);
			server_client_free(c);
			continue;
		}
		if (c->flags & CLIENT_EXIT) {
			/* A terminal the server drives is restored first. */
			if (!(c->flags & CLIENT_EXIT_SENT) &&
			    c->out->release(c)) {
				c->flags |= CLIENT_EXIT_SENT;
				server_client_send_exit(c);
			}
			continue;
		}
		if (c->hold_pane != 0) {
			struct pane	*p = pane_find_by_id(c->hold_pane - 1);

			if (p == NULL || !pane_input_full(p))
				server_client_release_input(c);
		}
		if (c->session == NULL)
			continue;
		if (!c->out->screen) {
			/* The clipboard, passthrough and bells it is owed
			 * go nowhere: let them go. */
			server_client_send_owed(c);
			continue;
		}
		if (c->flags & CLIENT_NEW_ATTACH) {
			c->flags &= ~CLIENT_NEW_ATTACH;
			server_client_send_attached(c);
		}
		if (c->flags & CLIENT_SUSPEND_ASK) {
			/* lock-* or suspend-client: the terminal goes back
			 * to the client first. */
			if (!c->out->release(c))
				continue;
			c->flags &= ~CLIENT_SUSPEND_ASK;
			c->flags |= CLIENT_SUSPENDED;
			server_client_send_suspend(c);
		}
		if (c->flags & CLIENT_SUSPENDED)
			continue;
		server_client_alerts(c);
		/* Backed up: what is owed waits (the held frame's drain
		 * brings this back). */
		if (!c->out->backlogged(c)) {
			server_client_send_owed(c);
			server_client_update_title(c);
		}
		server_client_update_modes(c);
		server_client_send_frame(c);
	}
	/* Alerts have been passed on; a window on screen carries no flag. */
	TAILQ_FOREACH(w, &srv->windows, entry)
		w->flags &= ~(WINDOW_RING|WINDOW_ACTIVE_NEW|WINDOW_SILENCE_NEW);
	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session != NULL && c->session->curw != NULL) {
			c->session->curw->window->flags &=
			    ~(WINDOW_BELL|WINDOW_ACTIVITY|WINDOW_SILENCE);
			c->session->curw->flags &= ~WINLINK_ALERTS;
		}
	}
}
