/*
 * The client process (see client.h). One libevent loop: the socket to the
 * server, SIGWINCH, SIGTERM and SIGHUP.
 *
 * A client in a terminal passes the terminal's fd to the server (MSG_TTY)
 * right after identifying. If it attaches and the server could open the
 * terminal (MSG_ATTACHED with ATTACHED_TTY), the server reads and draws
 * it: the client only reports resizes and waits for MSG_EXIT, which comes
 * once the server has restored the terminal. The client keeps the termios
 * from before, and restores the terminal itself only if the server goes
 * away without saying so (or does not answer MSG_EXITING, sent when a
 * signal ends the client).
 *
 * Otherwise (no fd passed, or the server could not use it, or
 * MUX_KEEP_TTY is set) the client draws: it decodes the terminal's input
 * and sends each key in the callback that read it, and applies frames to
 * a screen mirror, drawn with one write() as they come.
 *
 * Every exit path restores the terminal before printing anything.
 */
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/un.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include <event2/event.h>

#include "client/client.h"
#include "tty/input.h"
#include "tty/tty.h"
#include "common/json.h"
#include "common/link.h"
#include "common/log.h"
#include "common/name.h"
#include "common/peer.h"
#include "common/proto.h"
#include "common/trace.h"
#include "common/utf8.h"
#include "common/xmalloc.h"

/* How long to wait for a new server to say it is listening. */
#define CLIENT_START_TIMEOUT_MS	10000
/* How long the terminal has to answer the colour queries; until then an
 * unfinished OSC string in the input is held (see input.h). Nothing else
 * waits for the answers. */
#define CLIENT_REPLY_TIMEOUT_MS	1000
/* How long a client ended by a signal waits for the server to give its
 * terminal back before restoring it itself. */
#define CLIENT_EXIT_WAIT_MS	2000

/* Who drives the terminal while attached. */
enum client_mode {
	CLIENT_DETACHED,
	CLIENT_DRAWS,		/* the client: input, frames */
	CLIENT_PASSED,		/* the server (it has the fd) */
};

extern char	**environ;

struct client_ctx {
	struct event_base	*base;
	struct peer		*peer;
	const char		*socket_path;

	int			 attached;
	enum client_mode	 mode;
	struct termios		 saved;		/* before the server took it */
	int			 passed;	/* the fd went to the server */
	int			 restored;	/* ... which gave it back */
	int			 exiting;	/* MSG_EXITING sent */
	int			 exiting_status;
	const char		*exiting_message;
	struct event		*exit_ev;
	struct tty		*tty;
	struct input		*input;
	struct tty_screen	 screen;
	/* The server's hyperlink ids as this process's (common/link.h),
	 * as the frame being read defines them. */
	uint16_t		 linkmap[LINK_MAX + 1];
	/* terminal-features and terminal-overrides (MSG_TERMINAL), for the
	 * terminal this client draws. */
	char			**features;
	unsigned int		 nfeatures;
	char			**overrides;
	unsigned int		 noverrides;
	struct event		*stdin_ev;
	struct event		*escape_ev;
	struct event		*winch_ev;
	struct event		*term_ev;
	struct event		*hup_ev;
	struct event		*reply_ev;
	unsigned int		 escape_ms;
	int			 replies;	/* colour answers awaited */
	int			 asked;		/* XTVERSION and DA2 sent, DA2
						 * (the last answer) not back */
	uint32_t		 modes;		/* HOST_MODE_* last told */

	int			 exited;
	int			 status;
	char			*message;
	int			 exit_flags;	/* EXIT_* from MSG_EXIT */
	char			*exit_exec;	/* detach -E: run this */
	char			*exit_shell;

	/* Control mode (-C: 1, -CC: 2): standard input goes to the server
	 * as command lines, its output to standard output. */
	int			 control;
	struct event		*control_ev;
	int			 control_eof;	/* standard input ended */
	struct termios		 control_saved;	/* -CC: the terminal before */
	int			 control_raw;
	int			 control_wait;	/* wait-exit */
	char			*control_reason; /* for %exit; NULL: none */

	/* A version mismatch: the command line to run again once the
	 * server was upgraded to this binary (its path). */
	char			**argv;
	char			*self;
	int			 upgrade_asked;
	int			 reexec;
};

/* The one client context. */
static struct client_ctx	 cc;

/* Connect to the socket; returns the fd or -1 with errno set. */
static int
client_connect(const char *path)
{
	struct sockaddr_un	sa;
	int			fd;

	memset(&sa, 0, sizeof sa);
	sa.sun_family = AF_UNIX;
	if (strlen(path) >= sizeof sa.sun_path) {
		errno = ENAMETOOLONG;
		return (-1);
	}
	strcpy(sa.sun_path, path);
	if ((fd = socket(AF_UNIX, SOCK_STREAM|SOCK_CLOEXEC, 0)) == -1)
		return (-1);
	if (connect(fd, (struct sockaddr *)&sa, sizeof sa) == -1) {
		int	saved = errno;

		close(fd);
		errno = saved;
		return (-1);
	}
	return (fd);
}

/* Is the server on fd ours to trust: run by this uid, or by root? A
 * server of another user would be handed the terminal and see every key,
 * so nothing is sent to it. Returns 0, or -1 after saying whose it is. */
static int
client_check_server(int fd, const char *path)
{
	struct ucred	cred;
	socklen_t	len = sizeof cred;

	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) == -1) {
		fprintf(stderr, "can't check the server on %s (%s)\n", path,
		    strerror(errno));
		return (-1);
	}
	if (cred.uid != getuid() && cred.uid != 0) {
		fprintf(stderr, "access denied: %s is a socket owned by uid "
		    "%ld, not uid %ld: not connecting\n", path,
		    (long)cred.uid, (long)getuid());
		return (-1);
	}
	/* Installed as tmux, mux shares tmux's socket directory: a tmux
	 * server there speaks another protocol. */
	if (name_pid_is_mux_server(cred.pid, NULL) == 0) {
		fprintf(stderr, "%s belongs to a server that is not mux "
		    "(pid %ld; tmux's own?): not connecting\n", path,
		    (long)cred.pid);
		return (-1);
	}
	return (0);
}

/* Start a server (fork twice, setsid, exec) and wait until it listens.
 * Returns 0, or -1 after printing why. */
static int
client_start_server(const struct client_start *start)
{
	int		 pipefd[2], status, argc, fd;
	pid_t		 pid;
	char		 line[512], fdnum[16];
	struct pollfd	 pfd;
	ssize_t		 n;
	size_t		 got = 0;

	if (pipe(pipefd) != 0) {
		fprintf(stderr, "mux: pipe: %s\n", strerror(errno));
		return (-1);
	}
	/* The server holds this client's command until its config has run
	 * (see server_config_hold): it knows the client by this pid. */
	snprintf(fdnum, sizeof fdnum, "%ld", (long)getpid());
	setenv("MUX_START_PID", fdnum, 1);
	pid = fork();
	if (pid == -1) {
		fprintf(stderr, "mux: fork: %s\n", strerror(errno));
		unsetenv("MUX_START_PID");
		return (-1);
	}
	if (pid == 0) {
		close(pipefd[0]);
		if (setsid() == -1)
			_exit(1);
		if (fork() != 0)
			_exit(0);
		for (argc = 0; start->server_argv[argc] != NULL; argc++)
			;
		snprintf(fdnum, sizeof fdnum, "%d", pipefd[1]);
		start->server_argv[argc - 1] = fdnum;
		if ((fd = open("/dev/null", O_RDWR)) != -1) {
			dup2(fd, STDIN_FILENO);
			dup2(fd, STDOUT_FILENO);
			if (getenv("MUX_SERVER_STDERR") == NULL)
				dup2(fd, STDERR_FILENO);
			if (fd > STDERR_FILENO)
				close(fd);
		}
		execv("/proc/self/exe", start->server_argv);
		_exit(127);
	}
	close(pipefd[1]);
	unsetenv("MUX_START_PID");
	waitpid(pid, &status, 0);

	pfd.fd = pipefd[0];
	pfd.events = POLLIN;
	while (got < sizeof line - 1) {
		if (poll(&pfd, 1, CLIENT_START_TIMEOUT_MS) <= 0) {
			fprintf(stderr, "mux: server did not start\n");
			close(pipefd[0]);
			return (-1);
		}
		n = read(pipefd[0], line + got, sizeof line - 1 - got);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += n;
		if (memchr(line, '\n', got) != NULL)
			break;
	}
	close(pipefd[0]);
	line[got] = '\0';
	line[strcspn(line, "\n")] = '\0';
	if (strcmp(line, "ok") != 0) {
		fprintf(stderr, "mux: server failed to start: %s\n",
		    got == 0 ? "it exited" : line);
		return (-1);
	}
	return (0);
}

/* Write all of buf to fd (blocking fds: stdout and stderr). */
static void
client_write_all(int fd, const void *buf, size_t len)
{
	const char	*p = buf;
	ssize_t		 n;

	while (len > 0) {
		n = write(fd, p, len);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		p += n;
		len -= n;
	}
}

/* The server had the terminal and is gone without giving it back:
 * restore it from here, as tty_stop would have. */
static void
client_restore_passed(void)
{
	struct tty	*tty;
	char		*cause = NULL;

	tty = tty_open(STDIN_FILENO, NULL, getenv("COLORTERM"), &cause);
	if (tty == NULL) {
		free(cause);
		if (tcsetattr(STDIN_FILENO, TCSADRAIN, &cc.saved) != 0)
			log_debug("tcsetattr: %s", strerror(errno));
		return;
	}
	tty_adopt(tty, &cc.saved);
	tty_free(tty);		/* tty_stop, then free */
}

/* Leave terminal mode (idempotent). */
static void
client_leave_terminal(void)
{
	if (!cc.attached)
		return;
	cc.attached = 0;
	if (cc.mode == CLIENT_PASSED) {
		if (!cc.restored)
			client_restore_passed();
		return;
	}
	tty_stop(cc.tty);
	if (cc.stdin_ev != NULL)
		event_del(cc.stdin_ev);
	if (cc.escape_ev != NULL)
		event_del(cc.escape_ev);
	if (cc.reply_ev != NULL)
		event_del(cc.reply_ev);
}

/* Stop the loop with a status and a message to print afterwards. */
static void
client_exit(int status, const char *message)
{
	if (cc.exited)
		return;
	cc.exited = 1;
	cc.status = status;
	free(cc.message);
	cc.message = message != NULL && *message != '\0' ? xstrdup(message) :
	    NULL;
	client_leave_terminal();
	event_base_loopbreak(cc.base);
}

/* The terminal answered both colour queries, or had its time: input
 * that looks like an answer is keys again. */
static void
client_replies_done(void)
{
	cc.replies = 0;
	cc.asked = 0;
	input_expect_replies(cc.input, 0);
	if (cc.reply_ev != NULL)
		evtimer_del(cc.reply_ev);
}

/* Apply terminal-features and terminal-overrides, as the server last
 * sent them, and what the terminal proved it is; returns 1 if what the
 * terminal is drawn with changed (and it is to be redrawn). */
static int
client_apply_terminal(void)
{
	return (tty_apply_terminal(cc.tty, (const char *const *)cc.features,
	    cc.nfeatures, (const char *const *)cc.overrides, cc.noverrides));
}

/* Free n strings and their vector. */
static void
client_free_strings(char **v, unsigned int n)
{
	unsigned int	i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* Read a u32 count and that many strings (each at least a byte of the
 * payload, so a count is never larger than what is left). Returns the
 * vector (the caller's) or NULL for a malformed list. */
static char **
client_read_strings(struct preader *pr, unsigned int *n)
{
	char		**v;
	unsigned int	  i;

	*n = pr_u32(pr);
	if (pr->error || *n > pr->left)
		return (NULL);
	v = xcalloc(*n + 1, sizeof *v);
	for (i = 0; i < *n; i++) {
		if ((v[i] = pr_str(pr)) == NULL) {
			client_free_strings(v, i);
			return (NULL);
		}
	}
	return (v);
}

/* MSG_TERMINAL: terminal-features and terminal-overrides, kept and
 * applied to the terminal, which is redrawn if that changed anything.
 * Returns -1 when malformed. */
static int
client_terminal_options(struct preader *pr)
{
	char		**features, **overrides;
	unsigned int	  nf, no;

	if ((features = client_read_strings(pr, &nf)) == NULL)
		return (-1);
	if ((overrides = client_read_strings(pr, &no)) == NULL ||
	    !pr_done(pr)) {
		if (overrides != NULL)
			client_free_strings(overrides, no);
		client_free_strings(features, nf);
		return (-1);
	}
	client_free_strings(cc.features, cc.nfeatures);
	client_free_strings(cc.overrides, cc.noverrides);
	cc.features = features;
	cc.nfeatures = nf;
	cc.overrides = overrides;
	cc.noverrides = no;
	if (cc.attached && cc.mode == CLIENT_DRAWS && client_apply_terminal() &&
	    cc.screen.cells != NULL) {
		memset(cc.screen.dirty, 1, cc.screen.rows);
		tty_draw(cc.tty, &cc.screen);
	}
	return (0);
}

/* The terminal said who it is (asked when the client draws): turn on what
 * that proves and redraw. DA2 is asked last, so its answer ends the wait
 * (with the colours'). */
static void
client_identified(const struct input_event *ev)
{
	int	more;

	if (ev->type == INPUT_XTVERSION)
		more = tty_xtversion(cc.tty, ev->data, ev->len);
	else {
		more = tty_da2(cc.tty, ev->da2);
		cc.asked = 0;
		if (cc.replies == 0)
			client_replies_done();
	}
	if (!more)
		return;
	client_apply_terminal();
	tty_set_extkeys(cc.tty, cc.modes & HOST_MODE_EXTKEYS);
	tty_set_kitty_keys(cc.tty, cc.modes & HOST_MODE_EXTKEYS);
	if (cc.screen.cells != NULL) {
		memset(cc.screen.dirty, 1, cc.screen.rows);
		tty_draw(cc.tty, &cc.screen);
	}
}

/* Send one input event to the server. */
static void
client_input_event(const struct input_event *ev, void *arg)
{
	struct pbuf		pb;
	struct msg_mouse	mm;
	size_t			start;

	pbuf_init(&pb);
	switch (ev->type) {
	case INPUT_KEY:
		proto_write_key(&pb, ev->key);
		break;
	case INPUT_PASTE:
		start = pw_begin(&pb, MSG_PASTE);
		pw_bytes(&pb, ev->data, ev->len);
		pw_end(&pb, start);
		break;
	case INPUT_FOCUS:
		proto_write_focus(&pb, ev->focus);
		break;
	case INPUT_MOUSE:
		mm.x = ev->x;
		mm.y = ev->y;
		mm.button = ev->button;
		mm.pressed = ev->pressed;
		mm.motion = ev->motion;
		mm.mods = ev->mods;
		proto_write_mouse(&pb, &mm);
		break;
	case INPUT_COLOUR:
		start = pw_begin(&pb, MSG_HOST_COLOUR);
		pw_u8(&pb, ev->which);
		pw_u16(&pb, ev->rgb.r);
		pw_u16(&pb, ev->rgb.g);
		pw_u16(&pb, ev->rgb.b);
		pw_end(&pb, start);
		if (cc.replies > 0 && --cc.replies == 0 && !cc.asked)
			client_replies_done();
		break;
	case INPUT_XTVERSION:
	case INPUT_DA2:
		pbuf_free(&pb);
		client_identified(ev);
		return;
	case INPUT_DA1:
		pbuf_free(&pb);
		return;		/* the client never asks: not a key */
	case INPUT_CLIPBOARD:
		/* Only the server asks for the clipboard (refresh-client
		 * -l), of a terminal it has; none is awaited here. */
		pbuf_free(&pb);
		return;
	}
	if (pb.len > PROTO_HEADER_SIZE + PROTO_MAX_PAYLOAD)
		pb.len = 0;	/* an enormous paste is cut at the limit */
	peer_send(cc.peer, pb.data, pb.len);
	pbuf_free(&pb);
	if (ev->type == INPUT_KEY)
		trace_stamp("key-sent");
}

/* The terminal has input: decode it and send it on at once. */
static void
client_stdin_cb(int fd, short events, void *arg)
{
	char		buf[4096];
	ssize_t		n;
	struct timeval	tv;

	n = read(fd, buf, sizeof buf);
	if (n == -1 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n <= 0) {
		client_exit(1, "[lost tty]");
		return;
	}
	trace_stamp("stdin-read");
	evtimer_del(cc.escape_ev);
	if (input_parse(cc.input, buf, n, client_input_event, NULL)) {
		tv.tv_sec = cc.escape_ms / 1000;
		tv.tv_usec = (cc.escape_ms % 1000) * 1000;
		evtimer_add(cc.escape_ev, &tv);
	}
}

/* escape-time passed with a lone ESC held back. */
static void
client_escape_cb(int fd, short events, void *arg)
{
	input_flush(cc.input, client_input_event, NULL);
}

/* The terminal did not answer the colour queries in time: decode what
 * was held for them. */
static void
client_reply_cb(int fd, short events, void *arg)
{
	struct timeval	tv;

	client_replies_done();
	if (input_parse(cc.input, NULL, 0, client_input_event, NULL)) {
		tv.tv_sec = cc.escape_ms / 1000;
		tv.tv_usec = (cc.escape_ms % 1000) * 1000;
		evtimer_add(cc.escape_ev, &tv);
	}
}

/* The terminal's size from the kernel; 80x24 if it does not say. */
static void
client_size(unsigned int *cols, unsigned int *rows)
{
	struct winsize	ws;

	*cols = 80;
	*rows = 24;
	if (ioctl(STDIN_FILENO, TIOCGWINSZ, &ws) == 0) {
		if (ws.ws_col != 0)
			*cols = ws.ws_col;
		if (ws.ws_row != 0)
			*rows = ws.ws_row;
	}
}

/* Tell the server the terminal's size. */
static void
client_send_size(void)
{
	struct pbuf	 pb;
	unsigned int	 cols, rows;
	size_t		 start;

	client_size(&cols, &rows);
	pbuf_init(&pb);
	start = pw_begin(&pb, MSG_RESIZE);
	pw_u16(&pb, cols);
	pw_u16(&pb, rows);
	pw_end(&pb, start);
	peer_send(cc.peer, pb.data, pb.len);
	pbuf_free(&pb);
}

/* SIGWINCH. */
static void
client_winch_cb(int sig, short events, void *arg)
{
	if (cc.attached)
		client_send_size();
}

/* The server did not give the terminal back in time after MSG_EXITING. */
static void
client_exit_wait_cb(int fd, short events, void *arg)
{
	client_exit(cc.exiting_status, cc.exiting_message);
}

/* SIGTERM or SIGHUP: restore the terminal and leave. When the server has
 * it, it is asked to give it back first (it answers with MSG_EXIT). */
static void
client_term_cb(int sig, short events, void *arg)
{
	struct timeval	tv = { CLIENT_EXIT_WAIT_MS / 1000,
	    (CLIENT_EXIT_WAIT_MS % 1000) * 1000 };

	cc.exiting_status = 1;
	cc.exiting_message = sig == SIGHUP ? "[lost tty]" : "[terminated]";
	if (!cc.attached || cc.mode != CLIENT_PASSED || cc.exiting) {
		client_exit(cc.exiting_status, cc.exiting_message);
		return;
	}
	cc.exiting = 1;
	peer_send_msg(cc.peer, MSG_EXITING, NULL, 0);
	cc.exit_ev = evtimer_new(cc.base, client_exit_wait_cb, NULL);
	evtimer_add(cc.exit_ev, &tv);
}

/* MSG_ATTACHED: the server has taken the terminal, or the client puts it
 * in terminal mode itself. */
static void
client_enter_terminal(struct preader *pr)
{
	char	*cause = NULL;
	uint8_t	 flags;

	cc.escape_ms = pr_u32(pr);
	flags = pr_u8(pr);
	if (cc.attached)
		return;
	if (flags & ATTACHED_TTY) {
		if (!cc.passed) {
			client_exit(1, "protocol error: terminal not passed");
			return;
		}
		cc.mode = CLIENT_PASSED;
		cc.attached = 1;
		client_send_size();	/* it may have changed meanwhile */
		return;
	}
	cc.mode = CLIENT_DRAWS;
	cc.tty = tty_open(STDIN_FILENO, NULL, getenv("COLORTERM"), &cause);
	if (cc.tty == NULL) {
		client_exit(1, cause);
		free(cause);
		return;
	}
	cc.input = input_create();
	client_apply_terminal();
	tty_start(cc.tty);
	cc.attached = 1;
	cc.stdin_ev = event_new(cc.base, STDIN_FILENO, EV_READ|EV_PERSIST,
	    client_stdin_cb, NULL);
	cc.escape_ev = evtimer_new(cc.base, client_escape_cb, NULL);
	cc.reply_ev = evtimer_new(cc.base, client_reply_cb, NULL);
	event_add(cc.stdin_ev, NULL);
	if (tty_query_colours(cc.tty))
		cc.replies = 2;
	cc.asked = tty_query_terminal(cc.tty);
	if (cc.replies != 0 || cc.asked) {
		struct timeval	tv = { CLIENT_REPLY_TIMEOUT_MS / 1000,
		    (CLIENT_REPLY_TIMEOUT_MS % 1000) * 1000 };

		input_expect_replies(cc.input, 1);
		evtimer_add(cc.reply_ev, &tv);
	}
	client_send_size();
}

/* Make the mirror cols x rows, blank, every row dirty. */
static void
client_screen_reset(unsigned int cols, unsigned int rows)
{
	struct tty_screen	*s = &cc.screen;
	size_t			 i, n = (size_t)cols * rows;

	if (s->cols != cols || s->rows != rows) {
		free(s->cells);
		free(s->dirty);
		s->cells = xcalloc(n > 0 ? n : 1, sizeof *s->cells);
		s->dirty = xcalloc(rows > 0 ? rows : 1, 1);
		s->cols = cols;
		s->rows = rows;
	}
	for (i = 0; i < n; i++)
		s->cells[i] = CELL_BLANK;
	memset(s->dirty, 1, rows);
}

/* FRAME_SCROLL: move the mirror's rows as the server moved what it sent
 * (blanks come in at the bottom, or with FRAME_SCROLL_DOWN at the top),
 * and let tty_draw scroll the terminal. */
static void
client_screen_scroll(const struct msg_frame *mf)
{
	struct tty_screen	*s = &cc.screen;
	struct cell		*c = s->cells + (size_t)mf->scroll_top * s->cols;
	size_t			 cols = s->cols, i;
	unsigned int		 h = mf->scroll_bottom - mf->scroll_top;
	unsigned int		 n = mf->scroll_n;

	s->scroll_down = (mf->flags & FRAME_SCROLL_DOWN) != 0;
	if (s->scroll_down) {
		memmove(c + n * cols, c, (h - n) * cols * sizeof *c);
		for (i = 0; i < n * cols; i++)
			c[i] = CELL_BLANK;
	} else {
		memmove(c, c + n * cols, (h - n) * cols * sizeof *c);
		for (i = (h - n) * cols; i < h * cols; i++)
			c[i] = CELL_BLANK;
	}
	s->scroll_top = mf->scroll_top;
	s->scroll_bottom = mf->scroll_bottom;
	s->scroll_n = n;
}

/* Decode a cell's text into a cell character; -1 if malformed. */
static int
client_cell_char(const char *text, size_t len, uint32_t *ch)
{
	uint32_t	cps[UTF8_MAX_CPS];
	size_t		n = 0;
	int		used;

	while (len > 0 && n < UTF8_MAX_CPS) {
		if ((used = utf8_decode(text, len, &cps[n])) <= 0)
			return (-1);
		text += used;
		len -= used;
		n++;
	}
	if (n == 0 || len != 0)
		return (-1);
	*ch = utf8_intern(cps, n);
	return (0);
}

/* This process's id of the link a frame cell defines (0 when the table
 * is full even after forgetting the links no cell shows any more). */
static uint16_t
client_cell_link(const struct msg_cell *mc)
{
	const struct tty_screen	*s = &cc.screen;
	uint8_t			 used[LINK_MAX / 8 + 1];
	uint16_t		 id;
	size_t			 i;

	id = link_intern(mc->uri, mc->urilen, mc->param, mc->paramlen);
	if (id != 0 || !link_full())
		return (id);
	memset(used, 0, sizeof used);
	for (i = 0; i < (size_t)s->cols * s->rows; i++)
		used[s->cells[i].link / 8] |= 1 << (s->cells[i].link % 8);
	link_sweep(used);
	return (link_intern(mc->uri, mc->urilen, mc->param, mc->paramlen));
}

/* MSG_FRAME: apply the runs to the mirror and draw. Returns -1 for a
 * malformed frame, with *cause saying how. */
static int
client_frame(struct preader *pr, const char **cause)
{
	struct tty_screen	*s = &cc.screen;
	struct cell		*cell;
	struct msg_frame	 mf;
	struct msg_frame_run	 run;
	struct msg_cell		 mc;
	uint16_t		 i;
	int			 more;

	trace_stamp("frame-recv");
	if (proto_read_frame(pr, &mf, cause) != 0)
		return (-1);
	s->cx = mf.cx;
	s->cy = mf.cy;
	s->cursor_visible = mf.cursor_visible;
	s->cursor_shape = mf.cursor_shape;
	s->cursor_colour = mf.cursor_colour;
	if ((mf.flags & FRAME_FULL) || mf.cols != s->cols ||
	    mf.rows != s->rows)
		client_screen_reset(mf.cols, mf.rows);
	else if (mf.flags & FRAME_SCROLL)
		client_screen_scroll(&mf);
	if ((mf.flags & FRAME_REDRAW) && cc.tty != NULL)
		tty_invalidate(cc.tty);
	while ((more = proto_read_frame_run(pr, &mf, &run, cause)) == 1) {
		for (i = 0; i < run.n; i++) {
			if (proto_read_frame_cell(pr, &mc, cause) != 0)
				return (-1);
			cell = &s->cells[(size_t)run.y * mf.cols + run.x + i];
			cell->fg = mc.fg;
			cell->bg = mc.bg;
			cell->attr = mc.attr;
			cell->width = mc.width;
			cell->flags = cell_ul_intern(mc.us);
			if (mc.urilen != 0)
				cc.linkmap[mc.link] = client_cell_link(&mc);
			cell->link = mc.link != 0 && mc.link <= LINK_MAX ?
			    cc.linkmap[mc.link] : 0;
			if (mc.width == 0 || mc.len == 0)
				cell->ch = ' ';
			else if (client_cell_char(mc.text, mc.len,
			    &cell->ch) != 0) {
				*cause = "cell text not UTF-8";
				return (-1);
			}
		}
		s->dirty[run.y] = 1;
	}
	if (more != 0)
		return (-1);
	if (cc.attached) {
		tty_draw(cc.tty, s);
		trace_stamp("frame-written");
	}
	return (0);
}

/* The server wants our standard input (load-buffer -): send it all, in
 * pieces, then an empty message for its end. A command client has no
 * other work, so reading it here, blocking, is what the user expects. */
static void
client_send_stdin(void)
{
	char	buf[65536];
	ssize_t	n;

	for (;;) {
		n = read(STDIN_FILENO, buf, sizeof buf);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		peer_send_msg(cc.peer, MSG_STDIN, buf, n);
	}
	peer_send_msg(cc.peer, MSG_STDIN, NULL, 0);
}

/* MSG_LOCK (cmd) or MSG_SUSPEND (cmd NULL): with the terminal given
 * back (by the server, or here when the client draws), run the lock
 * command in it or stop until continued; then take the terminal again
 * and say so. The loop waits meanwhile, as a locked client should. */
static void
client_suspend(const char *cmd)
{
	if (!cc.attached)
		return;
	if (cc.mode == CLIENT_DRAWS)
		tty_stop(cc.tty);
	if (cmd != NULL) {
		if (system(cmd) == -1)
			log_debug("lock command: %s", strerror(errno));
	} else
		kill(getpid(), SIGTSTP);
	if (cc.mode == CLIENT_DRAWS) {
		tty_start(cc.tty);
		if (cc.screen.dirty != NULL)
			memset(cc.screen.dirty, 1, cc.screen.rows);
	} else if (cc.mode == CLIENT_PASSED) {
		/* The server gave it back restored: it takes it again. */
		if (tcgetattr(STDIN_FILENO, &cc.saved) != 0 ||
		    peer_send_fd(cc.peer, MSG_TTY, STDIN_FILENO) != 0) {
			client_exit(1, "[lost tty]");
			return;
		}
	}
	peer_send_msg(cc.peer, MSG_UNLOCK, NULL, 0);
	client_send_size();
}

/* How long a client waits for the socket of an upgraded server to
 * answer (it stays open through the exec, so at once, really). */
#define CLIENT_RECONNECT_MS	5000

static void	client_msg(struct peer *, uint32_t, const uint8_t *, size_t,
		    void *);
static void	client_close(struct peer *, const char *, void *);
static void	client_send_hello(int, char **);
static void	client_version(uint32_t, int);

/*
 * MSG_UPGRADE: the server is replaced (server-upgrade). The old
 * connection ends; the terminal's settings go back to what they were
 * before the server took it (a client that draws stops drawing), then
 * the client connects again, passes its terminal again and attaches to
 * target: the new server redraws it all.
 */
static void
client_reconnect(const char *target)
{
	char	*argv[3], *copy = xstrdup(target);
	int	 fd, waited = 0;

	if (cc.attached && cc.mode == CLIENT_PASSED) {
		if (tcsetattr(STDIN_FILENO, TCSADRAIN, &cc.saved) != 0)
			log_debug("tcsetattr: %s", strerror(errno));
	} else if (cc.attached) {
		client_leave_terminal();
		if (cc.stdin_ev != NULL)
			event_free(cc.stdin_ev);
		if (cc.escape_ev != NULL)
			event_free(cc.escape_ev);
		if (cc.reply_ev != NULL)
			event_free(cc.reply_ev);
		cc.stdin_ev = cc.escape_ev = cc.reply_ev = NULL;
		if (cc.input != NULL)
			input_free(cc.input);
		cc.input = NULL;
		tty_free(cc.tty);
		cc.tty = NULL;
	}
	cc.attached = 0;
	cc.passed = 0;
	cc.mode = CLIENT_DETACHED;
	peer_free(cc.peer);
	cc.peer = NULL;

	while ((fd = client_connect(cc.socket_path)) == -1) {
		if ((errno != ECONNREFUSED && errno != ENOENT &&
		    errno != EAGAIN) || waited >= CLIENT_RECONNECT_MS) {
			free(copy);
			client_exit(1, "[lost server]");
			return;
		}
		poll(NULL, 0, 10);
		waited += 10;
	}
	if (client_check_server(fd, cc.socket_path) != 0) {
		close(fd);
		free(copy);
		client_exit(1, "[lost server]");
		return;
	}
	cc.peer = peer_create(cc.base, fd, client_msg, client_close, NULL);
	argv[0] = "attach-session";
	argv[1] = "-t";
	argv[2] = copy;
	client_send_hello(3, argv);
	free(copy);
}

/* A message from the server. */
static void
client_msg(struct peer *peer, uint32_t type, const uint8_t *data, size_t len,
    void *arg)
{
	struct preader	 pr;
	char		*s, *sel, *b64, *msg;
	const char	*cause;
	int32_t		 status;
	uint32_t	 modes;

	pr_init(&pr, data, len);
	switch (type) {
	case MSG_OUTPUT:
		client_write_all(STDOUT_FILENO, data, len);
		return;
	case MSG_ERROR:
		client_write_all(STDERR_FILENO, data, len);
		return;
	case MSG_ATTACHED:
		client_enter_terminal(&pr);
		return;
	case MSG_FRAME:
		if (cc.mode != CLIENT_PASSED && client_frame(&pr, &cause) != 0) {
			msg = xasprintf("protocol error: malformed frame (%s)",
			    cause);
			client_exit(1, msg);
			free(msg);
		}
		return;
	case MSG_BELL:
		if (cc.attached && cc.mode == CLIENT_DRAWS)
			tty_bell(cc.tty);
		return;
	case MSG_TITLE:
		if ((s = pr_str(&pr)) != NULL && cc.attached &&
		    cc.mode == CLIENT_DRAWS)
			tty_set_title(cc.tty, s);
		free(s);
		return;
	case MSG_CLIPBOARD:
		sel = pr_str(&pr);
		b64 = pr_str(&pr);
		if (sel != NULL && b64 != NULL && cc.attached &&
		    cc.mode == CLIENT_DRAWS)
			tty_set_clipboard(cc.tty, sel, b64, strlen(b64));
		free(sel);
		free(b64);
		return;
	case MSG_PASSTHROUGH:
		if (cc.attached && cc.mode == CLIENT_DRAWS)
			tty_passthrough(cc.tty, (const char *)data, len);
		return;
	case MSG_TERMINAL:
		if (client_terminal_options(&pr) != 0)
			break;
		return;
	case MSG_MODES:
		modes = pr_u32(&pr);
		if (!cc.attached || cc.mode != CLIENT_DRAWS)
			return;
		cc.modes = modes;
		tty_set_mouse(cc.tty, modes & HOST_MODE_MOUSE);
		tty_set_extkeys(cc.tty, modes & HOST_MODE_EXTKEYS);
		tty_set_kitty_keys(cc.tty, modes & HOST_MODE_EXTKEYS);
		if (tty_force_rgb(cc.tty, modes & HOST_MODE_RGB))
			tty_draw(cc.tty, &cc.screen);
		return;
	case MSG_READ_STDIN:
		if (!cc.attached)
			client_send_stdin();
		return;
	case MSG_LOCK:
		if ((s = pr_str(&pr)) == NULL || !pr_done(&pr)) {
			free(s);
			break;
		}
		client_suspend(s);
		free(s);
		return;
	case MSG_SUSPEND:
		if (len != 0)
			break;
		client_suspend(NULL);
		return;
	case MSG_CONTROL_WAIT:
		if (len != 0 || !cc.control)
			break;
		cc.control_wait = 1;
		return;
	case MSG_UPGRADE:
		if ((s = pr_str(&pr)) == NULL || !pr_done(&pr)) {
			free(s);
			break;
		}
		client_reconnect(s);
		free(s);
		return;
	case MSG_VERSION:
		status = (int32_t)pr_u32(&pr);
		modes = pr_u8(&pr);
		if (pr.error || !pr_done(&pr))
			break;
		client_version((uint32_t)status, modes != 0);
		return;
	case MSG_EXIT:
		status = (int32_t)pr_u32(&pr);
		if (cc.upgrade_asked && status == 0)
			cc.reexec = 1;	/* upgraded: run the command again */
		s = pr_str(&pr);
		cc.exit_flags = pr_u8(&pr);
		cc.exit_exec = pr_str(&pr);
		cc.exit_shell = pr_str(&pr);
		if (pr.error || !pr_done(&pr)) {
			free(cc.exit_exec);
			free(cc.exit_shell);
			cc.exit_exec = cc.exit_shell = NULL;
			cc.exit_flags = 0;
		}
		cc.restored = 1;	/* a server with the terminal restored it */
		if (cc.control && s != NULL && *s != '\0')
			cc.control_reason = xstrdup(s);
		if (cc.exiting)
			client_exit(cc.exiting_status, cc.exiting_message);
		else
			client_exit(status, s);
		free(s);
		return;
	}
	client_exit(1, "protocol error: unknown message from server");
}

/* The server hung up. */
static void
client_close(struct peer *peer, const char *why, void *arg)
{
	if (cc.control && !cc.exiting && cc.control_reason == NULL)
		cc.control_reason = xstrdup("lost server");
	if (cc.exiting)
		client_exit(cc.exiting_status, cc.exiting_message);
	else
		client_exit(1, cc.attached ? "[lost server]" :
		    "lost connection to the server");
}

/* Pass the terminal to the server, keeping its termios to restore if the
 * server goes away while it has it. */
static void
client_pass_terminal(void)
{
	const char	*keep = getenv("MUX_KEEP_TTY");

	if (keep != NULL && *keep != '\0')
		return;
	if (tcgetattr(STDIN_FILENO, &cc.saved) != 0)
		return;
	if (peer_send_fd(cc.peer, MSG_TTY, STDIN_FILENO) == 0)
		cc.passed = 1;
}

void
client_set_control(int level)
{
	cc.control = level;
}

void
client_set_argv(char **argv)
{
	cc.argv = argv;
}

/* The file this client runs, as it is now. Heap string, or NULL. */
static char *
client_self_path(void)
{
	char	buf[4096];
	ssize_t	n;
	size_t	len;

	if ((n = readlink("/proc/self/exe", buf, sizeof buf - 1)) <= 0)
		return (NULL);
	buf[n] = '\0';
	len = strlen(buf);
	if (len > 10 && strcmp(buf + len - 10, " (deleted)") == 0)
		buf[len - 10] = '\0';
	return (xstrdup(buf));
}

/*
 * MSG_VERSION: the server speaks another protocol. When it is older and
 * can be upgraded, and there is a terminal to ask on, ask: yes sends
 * MSG_UPGRADE_ASK with this binary, and the command runs again once the
 * server is upgraded. Otherwise the mismatch is the error.
 */
static void
client_version(uint32_t version, int can)
{
	struct pbuf	 pb;
	char		*msg, answer[16];
	size_t		 have = 0, start;
	ssize_t		 n;

	msg = xasprintf("protocol version mismatch (client %u, server %u)",
	    proto_version(), version);
	if (version >= proto_version() || !can || cc.control ||
	    cc.argv == NULL || !isatty(STDIN_FILENO) ||
	    (cc.self = client_self_path()) == NULL) {
		client_exit(1, msg);
		free(msg);
		return;
	}
	fprintf(stderr, "%s: the server runs an older %s (protocol %u, this "
	    "one %u).\nUpgrade it to this one? Its sessions and programs "
	    "carry over. [y/N] ", name_program(), name_program(), version,
	    proto_version());
	fflush(stderr);
	/* Nothing else to do meanwhile: a blocking read of one line. */
	while (have < sizeof answer - 1) {
		n = read(STDIN_FILENO, answer + have, 1);
		if (n == -1 && (errno == EINTR || errno == EAGAIN)) {
			struct pollfd	pfd = { STDIN_FILENO, POLLIN, 0 };

			poll(&pfd, 1, -1);
			continue;
		}
		if (n <= 0 || answer[have] == '\n' || answer[have] == '\r')
			break;
		have++;
	}
	answer[have] = '\0';
	if (answer[0] != 'y' && answer[0] != 'Y') {
		client_exit(1, msg);
		free(msg);
		return;
	}
	free(msg);
	pbuf_init(&pb);
	start = pw_begin(&pb, MSG_UPGRADE_ASK);
	pw_str(&pb, cc.self);
	pw_end(&pb, start);
	peer_send(cc.peer, pb.data, pb.len);
	pbuf_free(&pb);
	cc.upgrade_asked = 1;
}

/* Control mode: standard input is command lines for the server. */
static void
client_control_stdin_cb(int fd, short events, void *arg)
{
	char	buf[16384];
	ssize_t	n;

	n = read(fd, buf, sizeof buf);
	if (n == -1 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n <= 0) {
		event_del(cc.control_ev);
		cc.control_eof = 1;
		peer_send_msg(cc.peer, MSG_CONTROL, NULL, 0);
		return;
	}
	peer_send_msg(cc.peer, MSG_CONTROL, buf, n);
}

/* Can standard input be waited on? epoll refuses regular files and
 * /dev/null (the kernel says they are always ready). */
static int
client_stdin_pollable(void)
{
	struct stat	st, null;

	if (fstat(STDIN_FILENO, &st) != 0)
		return (1);
	if (S_ISREG(st.st_mode) || S_ISDIR(st.st_mode))
		return (0);
	if (S_ISCHR(st.st_mode) && stat("/dev/null", &null) == 0 &&
	    null.st_rdev == st.st_rdev)
		return (0);
	return (1);
}

/* Control mode with standard input a file: read a piece, and come back
 * next turn until the end. */
static void
client_control_file_cb(int fd, short events, void *arg)
{
	(void)fd;
	client_control_stdin_cb(STDIN_FILENO, events, arg);
	if (!cc.control_eof)
		event_active(cc.control_ev, EV_READ, 0);
}

/* -CC: the terminal, if standard input is one, goes raw as tmux sets it
 * (no echo, no canonical mode, CR to NL on input, NL to CRLF on output),
 * and the DCS that tells a terminal control mode begins is written.
 * Returns -1 (message printed) when the terminal cannot be read. */
static int
client_control_begin(void)
{
	struct termios	tio;

	if (cc.control < 2)
		return (0);
	if (tcgetattr(STDIN_FILENO, &cc.control_saved) != 0) {
		fprintf(stderr, "tcgetattr failed: %s\n", strerror(errno));
		return (-1);
	}
	tio = cc.control_saved;
	cfmakeraw(&tio);
	tio.c_iflag = ICRNL|IXANY;
	tio.c_oflag = OPOST|ONLCR;
	tio.c_cflag = CREAD|CS8|HUPCL;
	tio.c_cc[VMIN] = 1;
	tio.c_cc[VTIME] = 0;
	cfsetispeed(&tio, cfgetispeed(&cc.control_saved));
	cfsetospeed(&tio, cfgetospeed(&cc.control_saved));
	if (tcsetattr(STDIN_FILENO, TCSANOW, &tio) == 0)
		cc.control_raw = 1;
	client_write_all(STDOUT_FILENO, "\033P1000p", 7);
	return (0);
}

/* wait-exit: after %exit, read standard input until an empty line or its
 * end (blocking: the client has nothing else to do). */
static void
client_control_wait(void)
{
	char	c;
	ssize_t	n;
	int	empty = 1;

	for (;;) {
		n = read(STDIN_FILENO, &c, 1);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1 && errno == EAGAIN) {
			struct pollfd	pfd = { STDIN_FILENO, POLLIN, 0 };

			poll(&pfd, 1, -1);
			continue;
		}
		if (n <= 0)
			return;
		if (c == '\n' || c == '\r') {
			if (empty)
				return;
			empty = 1;
		} else
			empty = 0;
	}
}

/* Control mode ends: "%exit" and the reason (or, after refresh-client
 * -f json, {"type":"exit","reason":...}), -CC's ST, the terminal back. */
static void
client_control_end(void)
{
	struct pbuf	 pb;
	struct json	 j;
	char		*line;

	if (cc.exit_flags & EXIT_CONTROL_JSON) {
		pbuf_init(&pb);
		json_init(&j, &pb);
		json_object_open(&j);
		json_member_string(&j, "type", "exit");
		json_key(&j, "reason");
		if (cc.control_reason != NULL)
			json_string(&j, cc.control_reason);
		else
			json_null(&j);
		json_object_close(&j);
		pw_u8(&pb, '\n');
		client_write_all(STDOUT_FILENO, pb.data, pb.len);
		pbuf_free(&pb);
	} else {
		line = xasprintf("%%exit%s%s\n", cc.control_reason != NULL ?
		    " " : "", cc.control_reason != NULL ? cc.control_reason :
		    "");
		client_write_all(STDOUT_FILENO, line, strlen(line));
		free(line);
	}
	if (cc.control_wait)
		client_control_wait();
	if (cc.control >= 2) {
		client_write_all(STDOUT_FILENO, "\033\\", 2);
		if (cc.control_raw)
			tcsetattr(STDIN_FILENO, TCSAFLUSH, &cc.control_saved);
	}
}

/* Control mode: identify as a control client and start reading standard
 * input for commands. */
static void
client_control_hello(struct msg_identify *id)
{
	id->flags |= IDENTIFY_CONTROL;
	if (cc.control >= 2)
		id->flags |= IDENTIFY_CONTROL_CC;
	if (client_stdin_pollable()) {
		cc.control_ev = event_new(cc.base, STDIN_FILENO,
		    EV_READ|EV_PERSIST, client_control_stdin_cb, NULL);
		event_add(cc.control_ev, NULL);
	} else {
		/* A file (or /dev/null) is always ready: read it a piece
		 * a loop turn, from an event made active by hand. */
		cc.control_ev = event_new(cc.base, -1, 0,
		    client_control_file_cb, NULL);
		event_active(cc.control_ev, EV_READ, 0);
	}
}

/* Send IDENTIFY, the terminal (when there is one) and COMMAND. */
static void
client_send_hello(int argc, char **argv)
{
	struct msg_identify	 id;
	struct pbuf		 pb;
	char			 cwd[4096];
	unsigned int		 cols, rows;
	uint32_t		 n = 0;
	int			 terminal = isatty(STDIN_FILENO);

	memset(&id, 0, sizeof id);
	id.version = proto_version();
	if (cc.control)
		terminal = 0;	/* the terminal stays the client's */
	if (terminal) {
		id.flags |= IDENTIFY_TERMINAL;
		client_size(&cols, &rows);
		id.cols = cols;
		id.rows = rows;
	}
	id.term = getenv("TERM");
	id.colorterm = getenv("COLORTERM");
	id.cwd = getcwd(cwd, sizeof cwd) != NULL ? cwd : "/";
	id.tty = terminal ? ttyname(STDIN_FILENO) : NULL;
	while (environ[n] != NULL)
		n++;
	id.environ = environ;
	id.nenviron = n;
	if (cc.control)
		client_control_hello(&id);

	pbuf_init(&pb);
	proto_write_identify(&pb, &id);
	peer_send(cc.peer, pb.data, pb.len);
	if (terminal)
		client_pass_terminal();
	pbuf_reset(&pb);
	proto_write_command(&pb, argc, argv);
	peer_send(cc.peer, pb.data, pb.len);
	pbuf_free(&pb);
}

int
client_main(const char *socket_path, int argc, char **argv,
    const struct client_start *start)
{
	int	fd, lockfd;
	char	*lockpath;

	int	control = cc.control;
	char	**full_argv = cc.argv;

	signal(SIGPIPE, SIG_IGN);
	log_open("client", 0);
	trace_init("client");
	memset(&cc, 0, sizeof cc);
	cc.control = control;
	cc.argv = full_argv;
	cc.socket_path = socket_path;

	if ((fd = client_connect(socket_path)) == -1) {
		if ((errno != ENOENT && errno != ECONNREFUSED) ||
		    start == NULL) {
			if (errno == ENOENT || errno == ECONNREFUSED)
				fprintf(stderr, "no server running on %s\n",
				    socket_path);
			else
				fprintf(stderr, "error connecting to %s (%s)\n",
				    socket_path, strerror(errno));
			return (1);
		}
		/* One client at a time starts a server: another may have
		 * done it while this one waited for the lock. */
		lockpath = xasprintf("%s.lock", socket_path);
		lockfd = open(lockpath, O_WRONLY|O_CREAT|O_CLOEXEC|O_NOFOLLOW,
		    0600);
		if (lockfd == -1 && errno == ELOOP) {
			/* Someone put a link where the lock goes. */
			fprintf(stderr, "%s is a symbolic link: refusing to "
			    "follow it\n", lockpath);
			free(lockpath);
			return (1);
		}
		if (lockfd != -1)
			flock(lockfd, LOCK_EX);
		if ((fd = client_connect(socket_path)) == -1 &&
		    client_start_server(start) != 0) {
			if (lockfd != -1)
				close(lockfd);
			free(lockpath);
			return (1);
		}
		/* The server listens now (or another client's did): the
		 * lock goes, as tmux's does. A client waiting on it holds
		 * the same file and connects; one that comes later finds
		 * the socket, or makes a new lock and then finds it. */
		if (lockfd != -1) {
			unlink(lockpath);
			close(lockfd);
		}
		free(lockpath);
		if (fd == -1 && (fd = client_connect(socket_path)) == -1) {
			fprintf(stderr, "error connecting to %s (%s)\n",
			    socket_path, strerror(errno));
			return (1);
		}
	}

	if (client_check_server(fd, socket_path) != 0) {
		close(fd);
		return (1);
	}

	if ((cc.base = event_base_new()) == NULL)
		fatalx("event_base_new failed");
	cc.peer = peer_create(cc.base, fd, client_msg, client_close, NULL);
	cc.winch_ev = evsignal_new(cc.base, SIGWINCH, client_winch_cb, NULL);
	cc.term_ev = evsignal_new(cc.base, SIGTERM, client_term_cb, NULL);
	cc.hup_ev = evsignal_new(cc.base, SIGHUP, client_term_cb, NULL);
	event_add(cc.winch_ev, NULL);
	event_add(cc.term_ev, NULL);
	event_add(cc.hup_ev, NULL);

	if (client_control_begin() != 0) {
		peer_free(cc.peer);
		event_base_free(cc.base);
		return (1);
	}
	client_send_hello(argc, argv);
	event_base_dispatch(cc.base);
	client_leave_terminal();
	if (cc.reexec) {
		/* The server is this binary now: the command again. */
		execv(cc.self, cc.argv);
		fprintf(stderr, "%s: %s: %s\n", name_program(), cc.self,
		    strerror(errno));
		return (1);
	}

	if (cc.control)
		client_control_end();
	else if (cc.message != NULL)
		printf("%s\n", cc.message);
	fflush(stdout);
	if (cc.control_ev != NULL)
		event_free(cc.control_ev);
	free(cc.control_reason);
	if (cc.exit_flags & EXIT_KILL_PARENT)
		kill(getppid(), SIGHUP);	/* detach-client -P */
	if (cc.exit_exec != NULL && *cc.exit_exec != '\0') {
		/* detach-client -E: the command takes the client's place. */
		const char	*base = strrchr(cc.exit_shell, '/');

		execl(cc.exit_shell, base != NULL ? base + 1 : cc.exit_shell,
		    "-c", cc.exit_exec, (char *)NULL);
		fprintf(stderr, "mux: %s: %s\n", cc.exit_shell,
		    strerror(errno));
		return (1);
	}
	free(cc.exit_exec);
	free(cc.exit_shell);

	peer_free(cc.peer);
	if (cc.stdin_ev != NULL)
		event_free(cc.stdin_ev);
	if (cc.escape_ev != NULL)
		event_free(cc.escape_ev);
	if (cc.reply_ev != NULL)
		event_free(cc.reply_ev);
	if (cc.exit_ev != NULL)
		event_free(cc.exit_ev);
	event_free(cc.winch_ev);
	event_free(cc.term_ev);
	event_free(cc.hup_ev);
	if (cc.input != NULL)
		input_free(cc.input);
	if (cc.tty != NULL)
		tty_free(cc.tty);
	free(cc.screen.cells);
	free(cc.screen.dirty);
	free(cc.message);
	event_base_free(cc.base);
	return (cc.status);
}
