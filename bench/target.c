/*
 * target: the three ways the bench runs a program, behind one interface.
 *
 *   direct	the program in a pty of its own (no multiplexer)
 *   mux	a private mux server: -L of its own, -f /dev/null, MUX_TMPDIR
 *		in the bench's temporary directory; a real client attached
 *		in a pty the bench owns
 *   tmux	the same with tmux (TMUX_TMPDIR), plus escape-time 0 and the
 *		status line off, so both draw the same screen, and told that
 *		the terminal takes 24-bit colour (terminal-features RGB; mux
 *		learns it from COLORTERM=truecolor), so neither maps colours
 *		down to 256 for a terminal that does not need it
 *
 * A command mux does not have yet fails like any other: the caller gets
 * its status and t->error names the command and what mux said, and skips
 * that measurement.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/xmalloc.h"
#include "bench/bench.h"

#define TARGET_MAXARGS	64

/* A target of mode with a private label and socket path. */
void
target_init(struct target *t, int mode, const char *suffix)
{
	const char	*dir = proc_tmpdir();

	memset(t, 0, sizeof *t);
	t->mode = mode;
	t->name = mode_name(mode);
	if (mode == MODE_MUX)
		t->path = opt.mux_path;
	else if (mode == MODE_TMUX)
		t->path = opt.tmux_path;
	snprintf(t->label, sizeof t->label, "b%ld%s", (long)getpid(), suffix);
	if (mode == MODE_MUX) {
		snprintf(t->socket, sizeof t->socket, "%s/mux-%ld/%s", dir,
		    (long)getuid(), t->label);
	} else if (mode == MODE_TMUX) {
		snprintf(t->socket, sizeof t->socket, "%s/tmux-%ld/%s", dir,
		    (long)getuid(), t->label);
	}
}

/* argv prefix: BINARY -L LABEL -f /dev/null. Returns the count. */
static int
target_prefix(struct target *t, char **argv)
{
	argv[0] = (char *)t->path;
	argv[1] = "-L";
	argv[2] = t->label;
	argv[3] = "-f";
	argv[4] = "/dev/null";
	return (5);
}

/* First line of s, for messages. */
static void
first_line(const char *s, char *out, size_t len)
{
	size_t	n = strcspn(s, "\r\n");

	if (n >= len)
		n = len - 1;
	memcpy(out, s, n);
	out[n] = '\0';
}

/* Run argv; on failure describe it in t->error. */
static int
target_run(struct target *t, char **argv, struct buf *out)
{
	struct buf	 err = { 0 };
	char		 why[256], line[256];
	int		 st;

	why[0] = '\0';
	st = proc_run(argv, opt.timeout, out, &err, why, sizeof why);
	if (st == -1) {
		snprintf(t->error, sizeof t->error, "`%s %s`: %s", t->name,
		    argv[5], why);
	} else if (st != 0) {
		first_line(buf_str(&err), line, sizeof line);
		if (line[0] == '\0' && out != NULL)
			first_line(buf_str(out), line, sizeof line);
		snprintf(t->error, sizeof t->error,
		    "`%s %s` failed (exit %d)%s%s",
		    t->name, argv[5], st, line[0] != '\0' ? ": " : "", line);
	}
	buf_free(&err);
	return (st == 0 ? 0 : -1);
}

/* Run one command against the target's server. */
int
target_cmd(struct target *t, struct buf *out, const char *cmd, ...)
{
	char		*argv[TARGET_MAXARGS];
	const char	*a;
	va_list		 ap;
	int		 n;

	n = target_prefix(t, argv);
	argv[n++] = (char *)cmd;
	va_start(ap, cmd);
	while ((a = va_arg(ap, const char *)) != NULL && n < TARGET_MAXARGS - 1)
		argv[n++] = (char *)a;
	va_end(ap);
	argv[n] = NULL;
	return (target_run(t, argv, out));
}

/* Append "new-session [-d] -s SESSION -x COLS -y ROWS ARGV..." to av at n,
 * leaving room for reserve more words and the NULL. Returns the new count;
 * x and y hold the numbers' text. */
static int
target_session_args(char **av, int n, int reserve, const char *session,
    int detached, unsigned int cols, unsigned int rows, char *const argv[],
    char x[16], char y[16])
{
	int	i;

	snprintf(x, 16, "%u", cols);
	snprintf(y, 16, "%u", rows);
	av[n++] = "new-session";
	if (detached)
		av[n++] = "-d";
	av[n++] = "-s";
	av[n++] = (char *)session;
	av[n++] = "-x";
	av[n++] = x;
	av[n++] = "-y";
	av[n++] = y;
	for (i = 0; argv[i] != NULL && n < TARGET_MAXARGS - 1 - reserve; i++)
		av[n++] = argv[i];
	return (n);
}

/* new-session -d -s SESSION -x COLS -y ROWS ARGV... */
int
target_new_session(struct target *t, const char *session, unsigned int cols,
    unsigned int rows, char *const argv[])
{
	char	*av[TARGET_MAXARGS], x[16], y[16];
	int	 n;

	n = target_prefix(t, av);
	n = target_session_args(av, n, 0, session, 1, cols, rows, argv, x, y);
	av[n] = NULL;
	return (target_run(t, av, NULL));
}

/* Start the target's server with a first session. */
int
target_start(struct target *t, const char *session, unsigned int cols,
    unsigned int rows, char *const argv[])
{
	if (t->up)
		return (0);
	t->server = 0;
	if (target_new_session(t, session, cols, rows, argv) != 0)
		return (-1);
	t->up = 1;
	if (t->mode == MODE_TMUX) {
		if (target_cmd(t, NULL, "set-option", "-g", "status", "off",
		    NULL) != 0 ||
		    target_cmd(t, NULL, "set-option", "-s", "escape-time", "0",
		    NULL) != 0 ||
		    target_cmd(t, NULL, "set-option", "-as",
		    "terminal-features", ",xterm-256color:RGB", NULL) != 0)
			bench_fail("tmux settings: %s", t->error);
	} else if (t->mode == MODE_MUX) {
		/* Both draw the same screen: no status line. */
		if (target_cmd(t, NULL, "set-option", "-g", "status", "off",
		    NULL) != 0)
			bench_fail("mux settings: %s", t->error);
	}
	return (0);
}

/* Stop the target's server and wait until it is gone. */
void
target_stop(struct target *t)
{
	pid_t	pid;

	if (!t->up || t->mode == MODE_DIRECT)
		return;
	pid = t->server;
	if (pid == 0)
		pid = proc_socket_owner(t->socket);
	if (target_cmd(t, NULL, "kill-server", NULL) != 0)
		bench_log("%s", t->error);
	if (pid > 0 && proc_wait(pid, 5, NULL) != 0) {
		bench_note("%s server (pid %ld) still running 5 s after "
		    "kill-server; killed", t->name, (long)pid);
		proc_kill(pid);
	}
	t->up = 0;
	t->server = 0;
}

/* No server running for this target (cold start). */
int
target_ensure_down(struct target *t)
{
	pid_t	pid;

	t->up = 1;
	target_stop(t);
	pid = proc_socket_owner(t->socket);
	if (pid > 0) {
		proc_kill(pid);
		if (proc_alive(pid)) {
			snprintf(t->error, sizeof t->error,
			    "%s server %ld would not stop", t->name, (long)pid);
			return (-1);
		}
	}
	unlink(t->socket);
	return (0);
}

/* A client (or the program) in a new pty. */
pid_t
target_spawn(struct target *t, const char *session, int attach,
    unsigned int cols, unsigned int rows, char *const argv[], int *master)
{
	char	*av[TARGET_MAXARGS], x[16], y[16];
	int	 n;

	if (t->mode == MODE_DIRECT)
		return (proc_spawn_pty(argv, cols, rows, master));
	n = target_prefix(t, av);
	if (attach) {
		av[n++] = "attach-session";
		av[n++] = "-t";
		av[n++] = (char *)session;
	} else {
		n = target_session_args(av, n, 5, session, 0, cols, rows, argv,
		    x, y);
		/* A cold server has defaults: match the warm one. */
		av[n++] = ";";
		av[n++] = "set-option";
		av[n++] = "-g";
		av[n++] = "status";
		av[n++] = "off";
	}
	av[n] = NULL;
	t->up = 1;
	return (proc_spawn_pty(av, cols, rows, master));
}

/* The server's pid, from the server or its socket. */
pid_t
target_server_pid(struct target *t)
{
	struct buf	 out = { 0 };
	char		*end;
	long		 pid;

	if (t->mode == MODE_DIRECT)
		return (0);
	if (t->server > 0 && proc_alive(t->server))
		return (t->server);
	t->server = 0;
	if (target_cmd(t, &out, "display-message", "-p", "#{pid}",
	    NULL) == 0) {
		pid = strtol(buf_str(&out), &end, 10);
		if (pid > 0 && (*end == '\n' || *end == '\0') &&
		    proc_alive(pid))
			t->server = pid;
	}
	buf_free(&out);
	if (t->server == 0) {
		/* No display-message or #{pid}: who listens on the socket. */
		t->server = proc_socket_owner(t->socket);
		if (t->server > 0)
			bench_log("%s server pid %ld from its socket",
			    t->name, (long)t->server);
	}
	return (t->server);
}

/* Poll capture-pane until the pane shows text. */
int
target_wait_text(struct target *t, const char *pane, const char *text,
    double timeout)
{
	struct buf	out = { 0 };
	uint64_t	end = now_ns() + (uint64_t)(timeout * 1e9);
	int		found = 0;

	for (;;) {
		out.len = 0;
		if (target_cmd(t, &out, "capture-pane", "-p", "-t", pane,
		    NULL) != 0)
			break;
		if (strstr(buf_str(&out), text) != NULL) {
			found = 1;
			break;
		}
		if (now_ns() > end) {
			snprintf(t->error, sizeof t->error, "`%s capture-pane "
			    "-p -t %s` never showed \"%s\" within %.0f s",
			    t->name, pane, text, timeout);
			break;
		}
		sleep_ns(20000000);
	}
	buf_free(&out);
	return (found ? 0 : -1);
}
