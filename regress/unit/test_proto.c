/*
 * Protocol packing and unpacking: round trips, and malformed input
 * (truncated, oversized, trailing bytes, embedded NULs) rejected cleanly;
 * and a file descriptor passed with a message over a peer.
 */
#include <sys/socket.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <event2/event.h>

#include "common/link.h"
#include "common/peer.h"
#include "common/proto.h"

static void
test_integers_round_trip(void **state)
{
	struct pbuf	pb;
	struct preader	pr;

	pbuf_init(&pb);
	pw_u8(&pb, 0xab);
	pw_u16(&pb, 0xbeef);
	pw_u32(&pb, 0xdeadbeef);
	pw_str(&pb, "hello");
	pr_init(&pr, pb.data, pb.len);
	assert_int_equal(pr_u8(&pr), 0xab);
	assert_int_equal(pr_u16(&pr), 0xbeef);
	assert_int_equal(pr_u32(&pr), 0xdeadbeef);
	char *s = pr_str(&pr);
	assert_string_equal(s, "hello");
	free(s);
	assert_true(pr_done(&pr));
	pbuf_free(&pb);
}

static void
test_little_endian_layout(void **state)
{
	struct pbuf	pb;
	size_t		start;

	pbuf_init(&pb);
	start = pw_begin(&pb, MSG_KEY);
	pw_u32(&pb, 0x01020304);
	pw_end(&pb, start);
	assert_int_equal(pb.len, 12);
	const uint8_t expect[] = { MSG_KEY, 0, 0, 0, 4, 0, 0, 0, 4, 3, 2, 1 };
	assert_memory_equal(pb.data, expect, sizeof expect);
	pbuf_free(&pb);
}

static void
test_reader_truncated(void **state)
{
	struct preader	pr;
	const uint8_t	buf[3] = { 1, 2, 3 };

	pr_init(&pr, buf, sizeof buf);
	assert_int_equal(pr_u32(&pr), 0);
	assert_true(pr.error);
	/* Once in error, everything reads as zero/NULL. */
	assert_int_equal(pr_u8(&pr), 0);
	assert_null(pr_str(&pr));
	assert_false(pr_done(&pr));
}

static void
test_string_length_past_end(void **state)
{
	struct pbuf	pb;
	struct preader	pr;

	pbuf_init(&pb);
	pw_u32(&pb, 1000);	/* claims 1000 bytes */
	pw_bytes(&pb, "abc", 3);
	pr_init(&pr, pb.data, pb.len);
	assert_null(pr_str(&pr));
	assert_true(pr.error);
	pbuf_free(&pb);
}

static void
test_string_with_nul_rejected(void **state)
{
	struct pbuf	pb;
	struct preader	pr;

	pbuf_init(&pb);
	pw_strn(&pb, "a\0b", 3);
	pr_init(&pr, pb.data, pb.len);
	assert_null(pr_str(&pr));
	assert_true(pr.error);
	pbuf_free(&pb);
}

static void
test_header_oversized(void **state)
{
	uint8_t		hdr[PROTO_HEADER_SIZE] = { MSG_COMMAND, 0, 0, 0 };
	uint32_t	type, len, big = PROTO_MAX_PAYLOAD + 1;

	hdr[4] = big & 0xff;
	hdr[5] = (big >> 8) & 0xff;
	hdr[6] = (big >> 16) & 0xff;
	hdr[7] = big >> 24;
	assert_int_equal(proto_header(hdr, &type, &len), -1);
	big = PROTO_MAX_PAYLOAD;
	hdr[4] = big & 0xff;
	hdr[5] = (big >> 8) & 0xff;
	hdr[6] = (big >> 16) & 0xff;
	hdr[7] = big >> 24;
	assert_int_equal(proto_header(hdr, &type, &len), 0);
	assert_int_equal(type, MSG_COMMAND);
	assert_int_equal(len, PROTO_MAX_PAYLOAD);
}

static void
test_identify_round_trip(void **state)
{
	struct msg_identify	 in, out;
	struct pbuf		 pb;
	struct preader		 pr;
	const char		*cause = NULL;
	char			*env[] = { "A=1", "B=two", NULL };
	uint32_t		 type, len;

	memset(&in, 0, sizeof in);
	in.version = PROTO_VERSION;
	in.flags = IDENTIFY_TERMINAL;
	in.cols = 120;
	in.rows = 40;
	in.term = "xterm-256color";
	in.colorterm = NULL;
	in.cwd = "/tmp";
	in.environ = env;
	in.nenviron = 2;
	pbuf_init(&pb);
	proto_write_identify(&pb, &in);
	assert_int_equal(proto_header(pb.data, &type, &len), 0);
	assert_int_equal(type, MSG_IDENTIFY);
	assert_int_equal(len, pb.len - PROTO_HEADER_SIZE);
	pr_init(&pr, pb.data + PROTO_HEADER_SIZE, len);
	assert_int_equal(proto_read_identify(&pr, &out, &cause), 0);
	assert_int_equal(out.cols, 120);
	assert_int_equal(out.rows, 40);
	assert_string_equal(out.term, "xterm-256color");
	assert_string_equal(out.colorterm, "");
	assert_string_equal(out.cwd, "/tmp");
	assert_int_equal(out.nenviron, 2);
	assert_string_equal(out.environ[1], "B=two");
	proto_free_identify(&out);

	/* Every truncation of the payload is refused, never read past. */
	for (size_t cut = 0; cut < len; cut++) {
		pr_init(&pr, pb.data + PROTO_HEADER_SIZE, cut);
		assert_int_equal(proto_read_identify(&pr, &out, &cause), -1);
		assert_non_null(cause);
	}
	/* Trailing garbage is refused too. */
	pw_u8(&pb, 0);
	pr_init(&pr, pb.data + PROTO_HEADER_SIZE, len + 1);
	assert_int_equal(proto_read_identify(&pr, &out, &cause), -1);
	pbuf_free(&pb);
}

static void
test_identify_version_mismatch(void **state)
{
	struct msg_identify	 in, out;
	struct pbuf		 pb;
	struct preader		 pr;
	const char		*cause = NULL;

	memset(&in, 0, sizeof in);
	in.version = PROTO_VERSION + 7;
	pbuf_init(&pb);
	proto_write_identify(&pb, &in);
	pr_init(&pr, pb.data + PROTO_HEADER_SIZE, pb.len - PROTO_HEADER_SIZE);
	assert_int_equal(proto_read_identify(&pr, &out, &cause), -1);
	assert_string_equal(cause, "protocol version mismatch");
	pbuf_free(&pb);
}

static void
test_command_round_trip(void **state)
{
	char		*argv[] = { "send-keys", "-t", "a", "echo hi", "Enter" };
	struct pbuf	 pb;
	struct preader	 pr;
	char		**out;
	int		 argc = 0;

	pbuf_init(&pb);
	proto_write_command(&pb, 5, argv);
	pr_init(&pr, pb.data + PROTO_HEADER_SIZE, pb.len - PROTO_HEADER_SIZE);
	out = proto_read_command(&pr, &argc);
	assert_non_null(out);
	assert_int_equal(argc, 5);
	assert_string_equal(out[3], "echo hi");
	assert_null(out[5]);
	proto_free_argv(out);

	/* A count far larger than the payload fails without allocating it. */
	pbuf_reset(&pb);
	pw_u32(&pb, 0xffffffff);
	pr_init(&pr, pb.data, pb.len);
	assert_null(proto_read_command(&pr, &argc));
	pbuf_free(&pb);
}

/* Point pr at the payload of the one message in pb, checking its type. */
static void
payload(struct preader *pr, const struct pbuf *pb, uint32_t type)
{
	uint32_t	t, len;

	assert_true(pb->len >= PROTO_HEADER_SIZE);
	assert_int_equal(proto_header(pb->data, &t, &len), 0);
	assert_int_equal(t, type);
	assert_int_equal(len, pb->len - PROTO_HEADER_SIZE);
	pr_init(pr, pb->data + PROTO_HEADER_SIZE, len);
}

/* MSG_KEY, MSG_FOCUS, MSG_MOUSE: what is written is read back, and a
 * payload one byte short or long is refused. */
static void
test_input_round_trip(void **state)
{
	struct pbuf		pb;
	struct preader		pr;
	struct msg_mouse	in = { 199, 49, 2, 1, 0, 0x70000000 }, out;
	uint32_t		key;
	int			focus;

	pbuf_init(&pb);
	proto_write_key(&pb, 0x12345678);
	payload(&pr, &pb, MSG_KEY);
	assert_int_equal(proto_read_key(&pr, &key), 0);
	assert_int_equal(key, 0x12345678);
	pr_init(&pr, pb.data + PROTO_HEADER_SIZE, 3);
	assert_int_equal(proto_read_key(&pr, &key), -1);
	pw_u8(&pb, 0);
	pr_init(&pr, pb.data + PROTO_HEADER_SIZE, 5);
	assert_int_equal(proto_read_key(&pr, &key), -1);

	pbuf_reset(&pb);
	proto_write_focus(&pb, 7);
	payload(&pr, &pb, MSG_FOCUS);
	assert_int_equal(proto_read_focus(&pr, &focus), 0);
	assert_int_equal(focus, 1);
	pr_init(&pr, pb.data + PROTO_HEADER_SIZE, 0);
	assert_int_equal(proto_read_focus(&pr, &focus), -1);

	pbuf_reset(&pb);
	proto_write_mouse(&pb, &in);
	payload(&pr, &pb, MSG_MOUSE);
	assert_int_equal(pb.len - PROTO_HEADER_SIZE, 11);
	assert_int_equal(proto_read_mouse(&pr, &out), 0);
	assert_int_equal(out.x, 199);
	assert_int_equal(out.y, 49);
	assert_int_equal(out.button, 2);
	assert_int_equal(out.pressed, 1);
	assert_int_equal(out.motion, 0);
	assert_int_equal(out.mods, 0x70000000);
	pr_init(&pr, pb.data + PROTO_HEADER_SIZE, 10);
	assert_int_equal(proto_read_mouse(&pr, &out), -1);
	pbuf_free(&pb);
}

/* MSG_FRAME: a header, two runs (one with a wide character and its right
 * half), read back as written; then malformed frames. */
static void
test_frame_round_trip(void **state)
{
	struct msg_frame	 in = { FRAME_FULL, 80, 24, 5, 6, 1, 0x82, 0x2010203,
				    0, 0, 0 };
	struct msg_frame	 out;
	struct msg_frame_run	 run = { 3, 10, 2 }, got;
	struct msg_cell		 a = { .fg = 1, .bg = 2, .attr = 0x11,
				    .width = 1, .len = 1, .text = "x" };
	struct msg_cell		 wide = { .fg = 0x1000007, .bg = 9,
				    .width = 2, .len = 3,
				    .text = "\xe4\xb8\x80" };
	struct msg_cell		 half = { .fg = 0x1000007, .bg = 9,
				    .text = "" };
	struct msg_cell		 c;
	struct pbuf		 pb;
	struct preader		 pr;
	const char		*cause = NULL;
	size_t			 start;

	pbuf_init(&pb);
	start = proto_write_frame(&pb, &in);
	proto_write_frame_run(&pb, &run);
	proto_write_frame_cell(&pb, &wide);
	proto_write_frame_cell(&pb, &half);
	run.y = 23;
	run.x = 79;
	run.n = 1;
	proto_write_frame_run(&pb, &run);
	proto_write_frame_cell(&pb, &a);
	pw_end(&pb, start);

	payload(&pr, &pb, MSG_FRAME);
	assert_int_equal(proto_read_frame(&pr, &out, &cause), 0);
	assert_int_equal(out.flags, FRAME_FULL);
	assert_int_equal(out.cols, 80);
	assert_int_equal(out.rows, 24);
	assert_int_equal(out.cx, 5);
	assert_int_equal(out.cy, 6);
	assert_int_equal(out.cursor_visible, 1);
	assert_int_equal(out.cursor_shape, 0x82);
	assert_int_equal(out.cursor_colour, 0x2010203);
	assert_int_equal(proto_read_frame_run(&pr, &out, &got, &cause), 1);
	assert_int_equal(got.y, 3);
	assert_int_equal(got.x, 10);
	assert_int_equal(got.n, 2);
	assert_int_equal(proto_read_frame_cell(&pr, &c, &cause), 0);
	assert_int_equal(c.fg, 0x1000007);
	assert_int_equal(c.bg, 9);
	assert_int_equal(c.width, 2);
	assert_int_equal(c.len, 3);
	assert_memory_equal(c.text, "\xe4\xb8\x80", 3);
	assert_int_equal(proto_read_frame_cell(&pr, &c, &cause), 0);
	assert_int_equal(c.width, 0);
	assert_int_equal(c.len, 0);
	assert_int_equal(proto_read_frame_run(&pr, &out, &got, &cause), 1);
	assert_int_equal(got.y, 23);
	assert_int_equal(got.x, 79);
	assert_int_equal(proto_read_frame_cell(&pr, &c, &cause), 0);
	assert_int_equal(c.fg, 1);
	assert_int_equal(c.attr, 0x11);
	assert_memory_equal(c.text, "x", 1);
	assert_int_equal(proto_read_frame_run(&pr, &out, &got, &cause), 0);

	/* Scroll damage in the header, and a scroll that does not fit. */
	pbuf_reset(&pb);
	in.flags = FRAME_SCROLL;
	in.scroll_top = 2;
	in.scroll_bottom = 24;
	in.scroll_n = 3;
	start = proto_write_frame(&pb, &in);
	pw_end(&pb, start);
	payload(&pr, &pb, MSG_FRAME);
	assert_int_equal(proto_read_frame(&pr, &out, &cause), 0);
	assert_int_equal(out.flags, FRAME_SCROLL);
	assert_int_equal(out.scroll_top, 2);
	assert_int_equal(out.scroll_bottom, 24);
	assert_int_equal(out.scroll_n, 3);
	assert_int_equal(proto_read_frame_run(&pr, &out, &got, &cause), 0);
	pbuf_reset(&pb);
	in.scroll_bottom = 25;
	start = proto_write_frame(&pb, &in);
	pw_end(&pb, start);
	payload(&pr, &pb, MSG_FRAME);
	assert_int_equal(proto_read_frame(&pr, &out, &cause), -1);
	assert_string_equal(cause, "scroll outside the frame");
	pbuf_reset(&pb);
	in.scroll_bottom = 5;
	start = proto_write_frame(&pb, &in);
	pw_end(&pb, start);
	payload(&pr, &pb, MSG_FRAME);
	assert_int_equal(proto_read_frame(&pr, &out, &cause), -1);
	/* Down, and a direction with no scroll. */
	pbuf_reset(&pb);
	in.flags = FRAME_SCROLL|FRAME_SCROLL_DOWN;
	in.scroll_bottom = 24;
	start = proto_write_frame(&pb, &in);
	pw_end(&pb, start);
	payload(&pr, &pb, MSG_FRAME);
	assert_int_equal(proto_read_frame(&pr, &out, &cause), 0);
	assert_int_equal(out.flags, FRAME_SCROLL|FRAME_SCROLL_DOWN);
	assert_int_equal(out.scroll_n, 3);
	pbuf_reset(&pb);
	in.flags = FRAME_SCROLL_DOWN;
	start = proto_write_frame(&pb, &in);
	pw_end(&pb, start);
	payload(&pr, &pb, MSG_FRAME);
	assert_int_equal(proto_read_frame(&pr, &out, &cause), -1);
	assert_string_equal(cause, "scroll direction without a scroll");
	pbuf_reset(&pb);
	in.flags = FRAME_FULL;
	start = proto_write_frame(&pb, &in);
	proto_write_frame_run(&pb, &run);
	proto_write_frame_cell(&pb, &wide);
	pw_end(&pb, start);

	/* A header cut short. */
	pr_init(&pr, pb.data + PROTO_HEADER_SIZE, 10);
	assert_int_equal(proto_read_frame(&pr, &out, &cause), -1);
	assert_string_equal(cause, "short frame header");

	/* A cell cut short. */
	pr_init(&pr, pb.data + PROTO_HEADER_SIZE, 15 + 6 + 5);
	assert_int_equal(proto_read_frame(&pr, &out, &cause), 0);
	assert_int_equal(proto_read_frame_run(&pr, &out, &got, &cause), 1);
	assert_int_equal(proto_read_frame_cell(&pr, &c, &cause), -1);
	assert_string_equal(cause, "truncated cell");

	/* A run cut short, runs outside the frame, a width of 3. */
	pbuf_reset(&pb);
	pw_u16(&pb, 1);
	pr_init(&pr, pb.data, pb.len);
	assert_int_equal(proto_read_frame_run(&pr, &out, &got, &cause), -1);
	assert_string_equal(cause, "truncated run");
	pbuf_reset(&pb);
	run.y = 24;
	run.x = 0;
	run.n = 1;
	proto_write_frame_run(&pb, &run);
	pr_init(&pr, pb.data, pb.len);
	assert_int_equal(proto_read_frame_run(&pr, &out, &got, &cause), -1);
	assert_string_equal(cause, "run outside the frame");
	pbuf_reset(&pb);
	run.y = 0;
	run.x = 70;
	run.n = 11;
	proto_write_frame_run(&pb, &run);
	pr_init(&pr, pb.data, pb.len);
	assert_int_equal(proto_read_frame_run(&pr, &out, &got, &cause), -1);
	pbuf_reset(&pb);
	a.width = 3;
	proto_write_frame_cell(&pb, &a);
	pr_init(&pr, pb.data, pb.len);
	assert_int_equal(proto_read_frame_cell(&pr, &c, &cause), -1);
	assert_string_equal(cause, "cell width over 2");
	pbuf_free(&pb);
}

/* Cell c written with its extension (the ext byte and what follows)
 * replaced by the n bytes of ext is malformed, for the reason why. */
static void
bad_ext(const struct msg_cell *c, const char *ext, size_t n, const char *why)
{
	struct msg_cell	 got;
	struct pbuf	 pb;
	struct preader	 pr;
	const char	*cause = NULL;

	pbuf_init(&pb);
	proto_write_frame_cell(&pb, c);
	pb.len -= 3;			/* ext, u16 id (c has a link) */
	pw_bytes(&pb, ext, n);
	pr_init(&pr, pb.data, pb.len);
	assert_int_equal(proto_read_frame_cell(&pr, &got, &cause), -1);
	assert_string_equal(cause, why);
	pbuf_free(&pb);
}

/* A frame cell's extensions: an underline colour, a hyperlink id and the
 * link it stands for, read back as written; a link id out of range, a
 * definition without an id or with an empty URI, and an unknown
 * extension are malformed. */
static void
test_frame_cell_ext(void **state)
{
	struct msg_cell	 in = { 1, 2, 0x8, 1, 1, "u", 0x2010203, 7,
			     "http://x/", 9, "id", 2 };
	struct msg_cell	 plain = { 1, 2, 0, 1, 1, "p", 0, 7, NULL, 0, NULL, 0 };
	struct msg_cell	 c;
	struct pbuf	 pb;
	struct preader	 pr;
	const char	*cause = NULL;

	(void)state;
	pbuf_init(&pb);
	proto_write_frame_cell(&pb, &in);
	proto_write_frame_cell(&pb, &plain);
	pr_init(&pr, pb.data, pb.len);
	assert_int_equal(proto_read_frame_cell(&pr, &c, &cause), 0);
	assert_int_equal(c.us, 0x2010203);
	assert_int_equal(c.link, 7);
	assert_int_equal(c.urilen, 9);
	assert_memory_equal(c.uri, "http://x/", 9);
	assert_int_equal(c.paramlen, 2);
	assert_memory_equal(c.param, "id", 2);
	assert_int_equal(proto_read_frame_cell(&pr, &c, &cause), 0);
	assert_int_equal(c.us, 0);
	assert_int_equal(c.link, 7);
	assert_int_equal(c.urilen, 0);
	assert_int_equal(pr.left, 0);

	pbuf_reset(&pb);
	in.link = LINK_MAX + 1;
	proto_write_frame_cell(&pb, &in);
	pr_init(&pr, pb.data, pb.len);
	assert_int_equal(proto_read_frame_cell(&pr, &c, &cause), -1);
	assert_string_equal(cause, "bad link id");

	/* Written by hand: a definition with no id, an empty URI, an
	 * unknown extension bit. */
	bad_ext(&plain, "\004\001\000h\000", 5, "bad link in cell");
	bad_ext(&plain, "\006\003\000\000\000\000", 6, "bad link in cell");
	bad_ext(&plain, "\200", 1, "unknown cell extension");
	pbuf_free(&pb);
}

/* What the receiving peer saw: message types in order, and for MSG_TTY
 * the fd that came with it. */
struct fd_seen {
	uint32_t	types[8];
	int		ntypes;
	int		fd;
	struct event_base *base;
};

static void
fd_msg(struct peer *p, uint32_t type, const uint8_t *data, size_t len,
    void *arg)
{
	struct fd_seen	*seen = arg;

	seen->types[seen->ntypes++] = type;
	if (type == MSG_TTY)
		seen->fd = peer_take_fd(p);
	if (type == MSG_EXIT)
		event_base_loopbreak(seen->base);
}

static void
fd_close(struct peer *p, const char *why, void *arg)
{
	fail_msg("peer closed: %s", why != NULL ? why : "end of file");
}

/* An fd sent with MSG_TTY arrives with that message, between the ones
 * sent before and after it; an fd nobody takes is closed with the peer. */
static void
test_peer_fd(void **state)
{
	struct event_base	*base = event_base_new();
	struct fd_seen		 seen = { .fd = -1, .base = base };
	struct peer		*a, *b;
	int			 sv[2], pipefd[2];
	char			 c = 0;

	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	assert_int_equal(pipe(pipefd), 0);
	a = peer_create(base, sv[0], NULL, fd_close, NULL);
	b = peer_create(base, sv[1], fd_msg, fd_close, &seen);
	peer_send_msg(a, MSG_KEY, "abcd", 4);
	assert_int_equal(peer_send_fd(a, MSG_TTY, pipefd[1]), 0);
	peer_send_msg(a, MSG_EXIT, NULL, 0);
	event_base_dispatch(base);

	assert_int_equal(seen.ntypes, 3);
	assert_int_equal(seen.types[0], MSG_KEY);
	assert_int_equal(seen.types[1], MSG_TTY);
	assert_int_equal(seen.types[2], MSG_EXIT);
	assert_true(seen.fd >= 0 && seen.fd != pipefd[1]);
	assert_int_equal(write(seen.fd, "x", 1), 1);
	assert_int_equal(read(pipefd[0], &c, 1), 1);
	assert_int_equal(c, 'x');
	close(seen.fd);
	assert_int_equal(peer_take_fd(b), -1);

	/* An fd that no message takes is closed by peer_free. */
	assert_int_equal(peer_send_fd(a, MSG_FOCUS, pipefd[1]), 0);
	peer_send_msg(a, MSG_EXIT, NULL, 0);
	event_base_dispatch(base);
	close(pipefd[1]);
	peer_free(b);
	assert_int_equal(read(pipefd[0], &c, 1), 0);	/* no writer left */

	peer_free(a);
	close(pipefd[0]);
	event_base_free(base);
}

/* What a peer saw before its close: messages, then the close. */
struct last_seen {
	uint32_t	type;
	int		nmsgs;
	int		closed;
	int		msgs_at_close;
};

static void
last_msg(struct peer *p, uint32_t type, const uint8_t *data, size_t len,
    void *arg)
{
	struct last_seen	*seen = arg;

	seen->type = type;
	seen->nmsgs++;
}

static void
last_close(struct peer *p, const char *why, void *arg)
{
	struct last_seen	*seen = arg;

	seen->closed = 1;
	seen->msgs_at_close = seen->nmsgs;
}

/* The other side says its last words (MSG_EXIT) and hangs up before this
 * side writes: the write fails, and the words are still delivered, before
 * the close. */
static void
test_peer_last_words(void **state)
{
	struct event_base	*base = event_base_new();
	struct last_seen	 seen = { 0 };
	struct peer		*b;
	uint8_t			 hdr[PROTO_HEADER_SIZE];
	int			 sv[2];

	signal(SIGPIPE, SIG_IGN);
	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	b = peer_create(base, sv[1], last_msg, last_close, &seen);
	proto_write_header(hdr, MSG_EXIT, 0);
	assert_int_equal(write(sv[0], hdr, sizeof hdr), (ssize_t)sizeof hdr);
	close(sv[0]);
	peer_send_msg(b, MSG_KEY, "abcd", 4);	/* fails: EPIPE */
	event_base_dispatch(base);
	assert_int_equal(seen.closed, 1);
	assert_int_equal(seen.msgs_at_close, 1);
	assert_int_equal(seen.type, MSG_EXIT);
	peer_free(b);
	event_base_free(base);
}

/* What a peer with a message limit saw. */
struct limit_seen {
	int		 msgs;
	size_t		 last_len;
	const char	*why;
	int		 closed;
	struct event_base *base;
};

static void
limit_msg(struct peer *p, uint32_t type, const uint8_t *data, size_t len,
    void *arg)
{
	struct limit_seen	*seen = arg;

	seen->msgs++;
	seen->last_len = len;
}

static void
limit_close(struct peer *p, const char *why, void *arg)
{
	struct limit_seen	*seen = arg;

	seen->closed = 1;
	seen->why = why;
	event_base_loopbreak(seen->base);
}

/* peer_set_max_message: a message up to the limit is taken; a header that
 * announces more breaks the framing at once, before its payload comes. */
static void
test_peer_max_message(void **state)
{
	struct event_base	*base = event_base_new();
	struct limit_seen	 seen = { .base = base };
	struct peer		*b;
	uint8_t			 hdr[PROTO_HEADER_SIZE], body[64] = { 0 };
	int			 sv[2];

	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	b = peer_create(base, sv[1], limit_msg, limit_close, &seen);
	peer_set_max_message(b, 64);
	proto_write_header(hdr, MSG_KEY, 64);
	assert_int_equal(write(sv[0], hdr, sizeof hdr), (ssize_t)sizeof hdr);
	assert_int_equal(write(sv[0], body, 64), 64);
	proto_write_header(hdr, MSG_KEY, 65);
	assert_int_equal(write(sv[0], hdr, sizeof hdr), (ssize_t)sizeof hdr);
	event_base_dispatch(base);
	assert_int_equal(seen.msgs, 1);
	assert_int_equal(seen.last_len, 64);
	assert_true(seen.closed);
	assert_non_null(seen.why);
	assert_string_equal(seen.why, "message too large");
	peer_free(b);
	close(sv[0]);

	/* The limit never goes above PROTO_MAX_PAYLOAD. */
	memset(&seen, 0, sizeof seen);
	seen.base = base;
	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	b = peer_create(base, sv[1], limit_msg, limit_close, &seen);
	peer_set_max_message(b, (size_t)PROTO_MAX_PAYLOAD * 4);
	proto_write_header(hdr, MSG_KEY, PROTO_MAX_PAYLOAD + 1);
	assert_int_equal(write(sv[0], hdr, sizeof hdr), (ssize_t)sizeof hdr);
	event_base_dispatch(base);
	assert_int_equal(seen.msgs, 0);
	assert_true(seen.closed);
	peer_free(b);
	close(sv[0]);
	event_base_free(base);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_integers_round_trip),
		cmocka_unit_test(test_little_endian_layout),
		cmocka_unit_test(test_reader_truncated),
		cmocka_unit_test(test_string_length_past_end),
		cmocka_unit_test(test_string_with_nul_rejected),
		cmocka_unit_test(test_header_oversized),
		cmocka_unit_test(test_identify_round_trip),
		cmocka_unit_test(test_identify_version_mismatch),
		cmocka_unit_test(test_command_round_trip),
		cmocka_unit_test(test_input_round_trip),
		cmocka_unit_test(test_frame_round_trip),
		cmocka_unit_test(test_frame_cell_ext),
		cmocka_unit_test(test_peer_fd),
		cmocka_unit_test(test_peer_last_words),
		cmocka_unit_test(test_peer_max_message),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
