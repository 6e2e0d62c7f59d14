/*
 * pane-pipe: a pane's pipe (pipe-pane). A shell command runs with one end
 * of a socketpair as its standard input and output: with "out", what the
 * pane's program writes is copied to it (as it is read from the pty); with
 * "in", what the command writes is sent to the pane as if typed. At most
 * PANE_PIPE_MAX bytes wait for a command that does not read; more is
 * dropped, so a stuck command costs bounded memory and stalls nobody. The
 * pipe closes when the command closes its end, when pipe-pane closes it,
 * or with the pane.
 */
#include <sys/socket.h>
#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/buffer.h>
#include <event2/event.h>

#include "common/log.h"
#include "common/xmalloc.h"
#include "model/state.h"
#include "model/window.h"

struct pane_pipe {
	int		 fd;
	pid_t		 pid;
	int		 in, out;	/* directions (see pane_pipe_open) */
	struct event	*rev;
	struct event	*wev;
	struct evbuffer	*pending;	/* pane output not yet written */
};

/* The command's output: input for the pane. */
static void
pane_pipe_read_cb(int fd, short events, void *arg)
{
	struct pane	*p = arg;
	char		 buf[4096];
	ssize_t		 n;

	n = read(fd, buf, sizeof buf);
	if (n == -1 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n <= 0) {
		pane_pipe_close(p);
		return;
	}
	if (p->pipe->in && !(p->flags & PANE_EXITED))
		pane_write(p, buf, n);
}

/* Write what waits while the command takes it. */
static void
pane_pipe_write_cb(int fd, short events, void *arg)
{
	struct pane	*p = arg;
	struct pane_pipe *pp = p->pipe;
	int		 n;

	n = evbuffer_write(pp->pending, fd);
	if (n == -1 && errno != EAGAIN && errno != EINTR) {
		pane_pipe_close(p);
		return;
	}
	if (evbuffer_get_length(pp->pending) == 0)
		event_del(pp->wev);
}

int
pane_pipe_open(struct pane *p, const char *cmd, int in, int out,
    char **env, char **cause)
{
	struct pane_pipe	*pp;
	int			 sv[2], i, null;
	pid_t			 pid;

	pane_pipe_close(p);
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) {
		*cause = xasprintf("socketpair failed: %s", strerror(errno));
		return (-1);
	}
	switch (pid = fork()) {
	case -1:
		*cause = xasprintf("fork failed: %s", strerror(errno));
		close(sv[0]);
		close(sv[1]);
		return (-1);
	case 0:
		close(sv[0]);
		signal(SIGPIPE, SIG_DFL);
		signal(SIGHUP, SIG_DFL);
		null = open("/dev/null", O_RDWR);
		dup2(out ? sv[1] : null, STDIN_FILENO);
		dup2(in ? sv[1] : null, STDOUT_FILENO);
		dup2(null, STDERR_FILENO);
		for (i = 3; i < 1024; i++)
			close(i);
		setsid();
		if (p->cwd != NULL)
			(void)!chdir(p->cwd);
		clearenv();
		for (i = 0; env != NULL && env[i] != NULL; i++)
			putenv(env[i]);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	close(sv[1]);
	fcntl(sv[0], F_SETFL, fcntl(sv[0], F_GETFL) | O_NONBLOCK);
	fcntl(sv[0], F_SETFD, FD_CLOEXEC);
	pp = xcalloc(1, sizeof *pp);
	pp->fd = sv[0];
	pp->pid = pid;
	pp->in = in;
	pp->out = out;
	pp->pending = evbuffer_new();
	pp->rev = event_new(srv->base, pp->fd, EV_READ|EV_PERSIST,
	    pane_pipe_read_cb, p);
	pp->wev = event_new(srv->base, pp->fd, EV_WRITE|EV_PERSIST,
	    pane_pipe_write_cb, p);
	event_add(pp->rev, NULL);
	p->pipe = pp;
	log_debug("pane %%%u pipe to \"%s\" (pid %ld)", p->id, cmd, (long)pid);
	return (0);
}

void
pane_pipe_output(struct pane *p, const char *buf, size_t len)
{
	struct pane_pipe	*pp = p->pipe;
	size_t			 have;

	if (pp == NULL || !pp->out)
		return;
	have = evbuffer_get_length(pp->pending);
	if (have + len > PANE_PIPE_MAX) {
		log_debug("pane %%%u pipe full: %zu bytes dropped", p->id, len);
		return;
	}
	evbuffer_add(pp->pending, buf, len);
	if (have == 0)
		event_add(pp->wev, NULL);
}

void
pane_pipe_close(struct pane *p)
{
	struct pane_pipe	*pp = p->pipe;

	if (pp == NULL)
		return;
	event_free(pp->rev);
	event_free(pp->wev);
	close(pp->fd);
	evbuffer_free(pp->pending);
	free(pp);
	p->pipe = NULL;
}
