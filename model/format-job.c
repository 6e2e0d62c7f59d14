/*
 * #(command) in formats: each command's last output is cached in the
 * server (srv->format_jobs, at most FORMAT_JOBS_MAX commands) and the
 * command is run again in the background at most once a second, so
 * expanding a format never waits for one. A command's text is expanded
 * first (with no #() inside), and so is its output.
 */
#include <sys/types.h>

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/xmalloc.h"
#include "model/format.h"
#include "model/format-int.h"
#include "model/job.h"
#include "model/state.h"
#include "model/session.h"
#include "model/target.h"

/* One #() command and what it last printed. */
struct format_job {
	char			*cmd;
	char			*output;	/* last line of the last run */
	time_t			 last;
	int			 running;
	TAILQ_ENTRY(format_job)	 entry;
};

#define FORMAT_JOBS_MAX	64

/* A #() command finished: keep the last line of what it printed. */
static void
format_job_done(const char *output, size_t len, int status, void *arg)
{
	struct format_job	*fj = arg;
	const char		*line = output, *nl;
	size_t			 n;

	(void)status;
	fj->running = 0;
	if (fj->cmd == NULL) {
		/* Forgotten while it ran. */
		free(fj->output);
		free(fj);
		return;
	}
	/* The last line that is not empty (a final newline ends it). */
	n = len;
	while (n > 0 && output[n - 1] == '\n')
		n--;
	for (nl = output; (nl = memchr(nl, '\n', n - (nl - output))) != NULL;
	    nl++)
		line = nl + 1;
	n -= line - output;
	if (strlen(fj->output) != n || strncmp(fj->output, line, n) != 0) {
		free(fj->output);
		fj->output = xstrndup(line, n);
		server_status_changed();
	}
}

/* Drop the least recently started job record when there are too many. */
static void
format_job_trim(void)
{
	struct format_job	*fj;
	unsigned int		 n = 0;

	TAILQ_FOREACH(fj, &srv->format_jobs, entry)
		n++;
	if (n < FORMAT_JOBS_MAX)
		return;
	fj = TAILQ_FIRST(&srv->format_jobs);
	TAILQ_REMOVE(&srv->format_jobs, fj, entry);
	free(fj->cmd);
	fj->cmd = NULL;
	if (!fj->running) {
		free(fj->output);
		free(fj);
	}
}

/* The output of #(cmd) (cmd is expanded first), starting or refreshing it
 * as needed; the output is itself expanded, as tmux does. */
char *
format_job(struct format_ctx *ft, const char *raw)
{
	struct format_job	*fj;
	struct format_ctx	 next = *ft;
	time_t			 now = time(NULL);
	char			*cause = NULL, *cmd, *v;
	const char		*cwd = NULL;

	next.flags = (next.flags | FORMAT_CTX_NOJOBS) & ~FORMAT_CTX_TIME;
	cmd = format_expand1(&next, raw);
	TAILQ_FOREACH(fj, &srv->format_jobs, entry) {
		if (strcmp(fj->cmd, cmd) == 0)
			break;
	}
	if (fj == NULL) {
		format_job_trim();
		fj = xcalloc(1, sizeof *fj);
		fj->cmd = xstrdup(cmd);
		fj->output = xstrdup("");
		TAILQ_INSERT_TAIL(&srv->format_jobs, fj, entry);
	}
	if (!fj->running && fj->last != now) {
		fj->last = now;
		if (ft->fs != NULL && ft->fs->s != NULL)
			cwd = ft->fs->s->cwd;
		if (job_run(cmd, cwd, NULL, format_job_done, fj,
		    &cause) != NULL)
			fj->running = 1;
		else
			free(cause);
	}
	free(cmd);
	v = format_expand1(&next, fj->output);
	return (v);
}

void
format_free_jobs(void)
{
	struct format_job	*fj;

	while ((fj = TAILQ_FIRST(&srv->format_jobs)) != NULL) {
		TAILQ_REMOVE(&srv->format_jobs, fj, entry);
		free(fj->cmd);
		free(fj->output);
		free(fj);
	}
}
