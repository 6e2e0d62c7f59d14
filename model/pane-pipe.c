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
#include "common/proto.h"
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

/* p's pipe on fd to the command pid, its events made but not added. */
static struct pane_pipe *
pane_pipe_new(struct pane *p, int fd, pid_t pid, int in, int out)
{
	struct pane_pipe	*pp = xcalloc(1, sizeof *pp);

	pp->fd = fd;
	pp->pid = pid;
	pp->in = in;
	pp->out = out;
	pp->pending = evbuffer_new();
	pp->rev = event_new(srv->base, pp->fd, EV_READ|EV_PERSIST,
	    pane_pipe_read_cb, p);
	pp->wev = event_new(srv->base, pp->fd, EV_WRITE|EV_PERSIST,
	    pane_pipe_write_cb, p);
	p->pipe = pp;
	return (pp);
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
	pp = pane_pipe_new(p, sv[0], pid, in, out);
	event_add(pp->rev, NULL);
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

int
pane_pipe_fd(const struct pane *p)
{
	return (p->pipe != NULL ? p->pipe->fd : -1);
}

/*
 * The live upgrade's record of a pane's pipe: u8 0 (none), or u8 1, u32
 * fd, u32 the command's pid, u8 in, u8 out, str output not yet written to
 * it. The socket comes through the exec; the command, a child of the
 * server's process still, never notices.
 */
void
pane_pipe_save(const struct pane *p, struct pbuf *pb)
{
	struct pane_pipe	*pp = p->pipe;
	size_t			 len;

	if (pp == NULL) {
		pw_u8(pb, 0);
		return;
	}
	pw_u8(pb, 1);
	pw_u32(pb, (uint32_t)pp->fd);
	pw_u32(pb, (uint32_t)pp->pid);
	pw_u8(pb, pp->in != 0);
	pw_u8(pb, pp->out != 0);
	len = evbuffer_get_length(pp->pending);
	pw_strn(pb, len != 0 ? (char *)evbuffer_pullup(pp->pending, -1) : "",
	    len);
}

int
pane_pipe_load(struct pane *p, struct preader *pr, int dry)
{
	struct pane_pipe	*pp;
	const void		*pending;
	uint32_t		 len;
	int			 fd, in, out;
	pid_t			 pid;

	if (pr_u8(pr) == 0)
		return (pr->error ? -1 : 0);
	fd = (int)pr_u32(pr);
	pid = (pid_t)pr_u32(pr);
	in = pr_u8(pr);
	out = pr_u8(pr);
	len = pr_u32(pr);
	pending = pr_bytes(pr, len);
	if (pr->error || fd < 0 || pid <= 0 || in > 1 || out > 1 ||
	    len > PANE_PIPE_MAX)
		return (-1);
	if (dry)
		return (0);
	if (fcntl(fd, F_SETFD, FD_CLOEXEC) == -1) {
		log_debug("pane %%%u: pipe fd %d lost in the exec", p->id, fd);
		return (0);
	}
	pp = pane_pipe_new(p, fd, pid, in, out);
	if (len != 0)
		evbuffer_add(pp->pending, pending, len);
	return (0);
}

void
pane_pipe_start(struct pane *p)
{
	struct pane_pipe	*pp = p->pipe;

	if (pp == NULL)
		return;
	event_add(pp->rev, NULL);
	if (evbuffer_get_length(pp->pending) != 0)
		event_add(pp->wev, NULL);
}
