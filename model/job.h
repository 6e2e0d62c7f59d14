/*
 * job: a shell command run in the background for run-shell, if-shell and
 * #() in formats. Its standard output (at most JOB_OUTPUT_MAX bytes kept;
 * its standard error is dropped, as tmux 3.3a drops it) is collected
 * without blocking the loop; the callback runs once the output has ended
 * and the process has exited.
 */
#ifndef MUX_JOB_H
#define MUX_JOB_H

#include <sys/types.h>

#include <stddef.h>

#define JOB_OUTPUT_MAX	(1024 * 1024)

struct job;

/* status is the exit status (128 + signal when killed); output is NUL-
 * terminated and belongs to the job (copy it to keep it). */
typedef void (*job_cb)(const char *output, size_t len, int status,
    void *arg);

/* Run "sh -c cmd" in cwd with environment env (NULL-terminated, NULL:
 * the server's). Returns NULL with *cause on failure. */
struct job	*job_run(const char *cmd, const char *cwd, char **env,
		     job_cb cb, void *arg, char **cause);
/* The same, with in (in_len bytes, copied) written to the command's
 * standard input, which then closes. */
struct job	*job_run_input(const char *cmd, const char *cwd, char **env,
		     const char *in, size_t in_len, job_cb cb, void *arg,
		     char **cause);
/* A child exited: if it is a job's, record it. Returns 1 if it was. */
int		 job_reaped(pid_t pid, int status);
/* Stop caring: the callback will not run (the process is killed). */
void		 job_cancel(struct job *);
/* Each job, oldest first: its command, the fd its output is read from
 * (-1 once it ended), its process and its wait status (0 until it
 * exits); for show-messages -J. */
typedef void (*job_each_cb)(const char *cmd, int fd, pid_t pid, int status,
    void *arg);
void		 job_each(job_each_cb, void *arg);
/* Kill and forget every job (server exit). */
void		 job_free_all(void);

#endif
