/*
 * Background shell commands (see job.h). Each job is a child with its
 * stdout on a pipe (stderr goes to /dev/null, as tmux 3.3a sends it), read
 * by a libevent event; the job is done
 * when the pipe reaches end of file and SIGCHLD has reaped the child, in
 * either order. A job given input (job_run_input) has its standard input
 * on a second pipe, written as the child takes it and then closed.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <event2/event.h>

#include "common/log.h"
#include "common/queue.h"
#include "common/xmalloc.h"
#include "model/job.h"
#include "model/state.h"

struct job {
	char			*cmd;		/* what it runs (show-messages
						   -J) */
	pid_t			 pid;
	int			 fd;
	struct event		*ev;
	char			*out;
	size_t			 len;
	int			 eof;
	int			 reaped;
	int			 status;
	job_cb			 cb;
	void			*arg;

	int			 in_fd;		/* -1: no input, or written */
	struct event		*in_ev;
	char			*in;
	size_t			 in_len;
	size_t			 in_off;
	TAILQ_ENTRY(job)	 entry;
};

/* Stop writing the job's input (all written, or the child went). */
static void
job_input_done(struct job *job)
{
	if (job->in_ev != NULL)
		event_free(job->in_ev);
	job->in_ev = NULL;
	if (job->in_fd != -1)
		close(job->in_fd);
	job->in_fd = -1;
	free(job->in);
	job->in = NULL;
}

/* Free a job (its process is gone or killed). */
static void
job_free(struct job *job)
{
	TAILQ_REMOVE(&srv->jobs, job, entry);
	job_input_done(job);
	if (job->ev != NULL)
		event_free(job->ev);
	if (job->fd != -1)
		close(job->fd);
	free(job->out);
	free(job->cmd);
	free(job);
}

/* Call back and free once both the output and the process have ended. */
static void
job_check_done(struct job *job)
{
	if (!job->eof || !job->reaped)
		return;
	job->out[job->len] = '\0';
	if (job->cb != NULL)
		job->cb(job->out, job->len, job->status, job->arg);
	job_free(job);
	srv->dirty = 1;
}

/* Output from the job. */
static void
job_read_cb(int fd, short events, void *arg)
{
	struct job	*job = arg;
	char		 buf[8192];
	ssize_t		 n;
	size_t		 keep;

	n = read(fd, buf, sizeof buf);
	if (n == -1 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n <= 0) {
		event_del(job->ev);
		job->eof = 1;
		job_check_done(job);
		return;
	}
	keep = (size_t)n;
	if (job->len + keep > JOB_OUTPUT_MAX)
		keep = JOB_OUTPUT_MAX - job->len;	/* the rest is dropped */
	memcpy(job->out + job->len, buf, keep);
	job->len += keep;
}

/* The child takes more input. */
static void
job_write_cb(int fd, short events, void *arg)
{
	struct job	*job = arg;
	ssize_t		 n;

	n = write(fd, job->in + job->in_off, job->in_len - job->in_off);
	if (n == -1 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n <= 0) {
		job_input_done(job);	/* the child stopped reading */
		return;
	}
	job->in_off += n;
	if (job->in_off == job->in_len)
		job_input_done(job);
}

/* Start a job; in (in_len bytes, may be NULL) is its standard input,
 * else /dev/null. */
static struct job *
job_start(const char *cmd, const char *cwd, char **env, const char *in,
    size_t in_len, job_cb cb, void *arg, char **cause)
{
	struct job	*job;
	int		 fds[2], ifds[2] = { -1, -1 }, i, nullfd, errfd;
	pid_t		 pid;

	if (pipe2(fds, O_CLOEXEC) != 0) {
		*cause = xasprintf("pipe: %s", strerror(errno));
		return (NULL);
	}
	if (in != NULL && pipe2(ifds, O_CLOEXEC) != 0) {
		*cause = xasprintf("pipe: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		return (NULL);
	}
	if ((pid = fork()) == -1) {
		*cause = xasprintf("fork: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		if (in != NULL) {
			close(ifds[0]);
			close(ifds[1]);
		}
		return (NULL);
	}
	if (pid == 0) {
		sigset_t	set;

		sigemptyset(&set);
		sigprocmask(SIG_SETMASK, &set, NULL);
		for (i = 1; i < NSIG; i++)
			signal(i, SIG_DFL);
		setsid();
		if (in != NULL)
			dup2(ifds[0], STDIN_FILENO);
		else if ((nullfd = open("/dev/null", O_RDONLY)) != -1)
			dup2(nullfd, STDIN_FILENO);
		dup2(fds[1], STDOUT_FILENO);
		/* As tmux 3.3a: what a job writes to stderr is not kept. */
		if ((errfd = open("/dev/null", O_WRONLY)) != -1) {
			dup2(errfd, STDERR_FILENO);
			if (errfd > STDERR_FILENO)
				close(errfd);
		}
		if (cwd == NULL || chdir(cwd) != 0)
			(void)!chdir("/");
		if (env != NULL) {
			clearenv();
			for (i = 0; env[i] != NULL; i++) {
				if (strchr(env[i], '=') != NULL)
					putenv(env[i]);
			}
		}
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
	job = xcalloc(1, sizeof *job);
	job->cmd = xstrdup(cmd);
	job->pid = pid;
	job->fd = fds[0];
	job->out = xmalloc(JOB_OUTPUT_MAX + 1);
	job->cb = cb;
	job->arg = arg;
	job->ev = event_new(srv->base, job->fd, EV_READ|EV_PERSIST,
	    job_read_cb, job);
	event_add(job->ev, NULL);
	job->in_fd = -1;
	if (in != NULL) {
		close(ifds[0]);
		job->in_fd = ifds[1];
		fcntl(job->in_fd, F_SETFL,
		    fcntl(job->in_fd, F_GETFL) | O_NONBLOCK);
		job->in = xmalloc(in_len == 0 ? 1 : in_len);
		memcpy(job->in, in, in_len);
		job->in_len = in_len;
		job->in_ev = event_new(srv->base, job->in_fd,
		    EV_WRITE|EV_PERSIST, job_write_cb, job);
		event_add(job->in_ev, NULL);
		if (in_len == 0)
			job_input_done(job);
	}
	TAILQ_INSERT_TAIL(&srv->jobs, job, entry);
	log_debug("job %ld: %s", (long)pid, cmd);
	return (job);
}

struct job *
job_run(const char *cmd, const char *cwd, char **env, job_cb cb, void *arg,
    char **cause)
{
	return (job_start(cmd, cwd, env, NULL, 0, cb, arg, cause));
}

struct job *
job_run_input(const char *cmd, const char *cwd, char **env, const char *in,
    size_t in_len, job_cb cb, void *arg, char **cause)
{
	return (job_start(cmd, cwd, env, in != NULL ? in : "", in_len, cb,
	    arg, cause));
}

int
job_reaped(pid_t pid, int status)
{
	struct job	*job;

	TAILQ_FOREACH(job, &srv->jobs, entry) {
		if (job->pid != pid)
			continue;
		job->reaped = 1;
		if (WIFEXITED(status))
			job->status = WEXITSTATUS(status);
		else
			job->status = 128 + WTERMSIG(status);
		job_check_done(job);
		return (1);
	}
	return (0);
}

void
job_cancel(struct job *job)
{
	job->cb = NULL;
	if (!job->reaped)
		kill(-job->pid, SIGTERM);
}

void
job_free_all(void)
{
	struct job	*job;

	while ((job = TAILQ_FIRST(&srv->jobs)) != NULL) {
		if (!job->reaped)
			kill(-job->pid, SIGTERM);
		job_free(job);
	}
}

void
job_each(job_each_cb cb, void *arg)
{
	struct job	*job;

	TAILQ_FOREACH(job, &srv->jobs, entry)
		cb(job->cmd, job->fd, job->pid, job->status, arg);
}
