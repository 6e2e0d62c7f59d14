/*
 * The output interface of a client that draws its own terminal (see
 * client-out.h): each operation is a protocol message on its socket, and
 * the socket's unwritten output is the backlog. What it sends is its
 * output (client_written); nothing made for a slow client is dropped (it
 * gets fewer, newer frames), and the cell size is the client's to know.
 */
#include <stdlib.h>

#include "common/peer.h"
#include "common/proto.h"
#include "common/trace.h"
#include "server/client-out.h"
#include "model/client.h"
#include "model/options.h"
#include "model/state.h"
#include "draw/compose.h"

/* Queued socket output above which the client gets no new frame until
 * it drains. */
#define CLIENT_OUT_BACKLOG_MAX	(256 * 1024)

/* Send a message made in pb, counting it as output (client_written). */
static void
client_out_send(struct client *c, struct pbuf *pb)
{
	peer_send(c->peer, pb->data, pb->len);
	c->out_written += pb->len;
}

/* Send one message whose payload is a single string. */
static void
client_out_send_str(struct client *c, uint32_t type, const char *s)
{
	struct pbuf	pb;
	size_t		start;

	pbuf_init(&pb);
	start = pw_begin(&pb, type);
	pw_str(&pb, s);
	pw_end(&pb, start);
	client_out_send(c, &pb);
	pbuf_free(&pb);
}

/* Compose c's frame as a MSG_FRAME and send it. */
static int
client_out_remote_frame(struct client *c, int full, const struct pane *only)
{
	struct pbuf	pb;
	int		put;

	pbuf_init(&pb);
	if ((put = compose_client(c, &pb, full, only)) != 0) {
		client_out_send(c, &pb);
		trace_stamp("frame-sent");
	}
	pbuf_free(&pb);
	return (put);
}

static int
client_out_remote_backlogged(struct client *c)
{
	return (peer_pending(c->peer) > CLIENT_OUT_BACKLOG_MAX);
}

/* The client draws: its socket's backlog is what it has not shown. */
static int
client_out_remote_unshown(struct client *c)
{
	return (0);
}

static void
client_out_remote_bell(struct client *c)
{
	peer_send_msg(c->peer, MSG_BELL, NULL, 0);
	c->out_written += PROTO_HEADER_SIZE;
}

static void
client_out_remote_title(struct client *c, const char *title)
{
	client_out_send_str(c, MSG_TITLE, title);
}

static void
client_out_remote_clipboard(struct client *c, const char *sel,
    const char *b64, size_t len)
{
	struct pbuf	pb;
	size_t		start;

	pbuf_init(&pb);
	start = pw_begin(&pb, MSG_CLIPBOARD);
	pw_str(&pb, sel);
	pw_strn(&pb, b64, len);
	pw_end(&pb, start);
	client_out_send(c, &pb);
	pbuf_free(&pb);
}

static void
client_out_remote_passthrough(struct client *c, const char *buf, size_t len)
{
	struct pbuf	pb;
	size_t		start;

	pbuf_init(&pb);
	start = pw_begin(&pb, MSG_PASSTHROUGH);
	pw_bytes(&pb, buf, len);
	pw_end(&pb, start);
	client_out_send(c, &pb);
	pbuf_free(&pb);
}

static void
client_out_remote_modes(struct client *c, uint32_t modes)
{
	struct pbuf	pb;
	size_t		start;

	pbuf_init(&pb);
	start = pw_begin(&pb, MSG_MODES);
	pw_u32(&pb, modes);
	pw_end(&pb, start);
	client_out_send(c, &pb);
	pbuf_free(&pb);
}

/* Append array option name's members to pb: u32 count, the strings. */
static void
client_out_remote_array(struct pbuf *pb, const char *name)
{
	const struct option_item	*items;
	unsigned int			 i, n;

	n = options_array_items(srv->options, name, &items);
	pw_u32(pb, n);
	for (i = 0; i < n; i++)
		pw_str(pb, items[i].str);
}

/* terminal-features and terminal-overrides go to the client, which
 * applies them to its terminal with its own terminfo (MSG_TERMINAL). */
static void
client_out_remote_options(struct client *c)
{
	struct pbuf	pb;
	size_t		start;

	pbuf_init(&pb);
	start = pw_begin(&pb, MSG_TERMINAL);
	client_out_remote_array(&pb, "terminal-features");
	client_out_remote_array(&pb, "terminal-overrides");
	pw_end(&pb, start);
	peer_send(c->peer, pb.data, pb.len);
	pbuf_free(&pb);
}

/* Everything owed goes in frames or messages of their own. */
int
client_out_none_flush(struct client *c)
{
	return (0);
}

/* terminal-features and terminal-overrides: nothing to a client with no
 * terminal (a control client). */
void
client_out_none_options(struct client *c)
{
}

/* The client's input all comes over its socket. */
void
client_out_peer_pause(struct client *c, int on)
{
	peer_pause(c->peer, on);
}

/* The client restores its own terminal (a control client has none). */
int
client_out_none_release(struct client *c)
{
	return (1);
}

/* The client reads its own terminal (or has none): nothing the server
 * can ask. */
int
client_out_none_clipboard_query(struct client *c)
{
	return (0);
}

const struct client_out_ops client_out_remote = {
	.name = "remote",
	.screen = 1,
	.flush = client_out_none_flush,
	.frame = client_out_remote_frame,
	.backlogged = client_out_remote_backlogged,
	.unshown = client_out_remote_unshown,
	.bell = client_out_remote_bell,
	.title = client_out_remote_title,
	.clipboard = client_out_remote_clipboard,
	.passthrough = client_out_remote_passthrough,
	.modes = client_out_remote_modes,
	.options = client_out_remote_options,
	.pause = client_out_peer_pause,
	.release = client_out_none_release,
	.clipboard_query = client_out_none_clipboard_query,
};
