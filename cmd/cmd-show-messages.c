/*
 * show-messages (showmsgs): the server's message log, oldest first, each
 * line with the time it was added (at most message-limit lines are kept).
 * As in tmux it runs for a client (-t target-client, or the current one).
 * -J lists the jobs instead (run-shell, if-shell and #() commands that
 * have not finished), as tmux 3.3a prints them.
 */
#include <string.h>
#include <time.h>

#include "cmd/cmd.h"
#include "model/job.h"
#include "model/state.h"

static enum cmd_retval	cmd_show_messages_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_show_messages_entry = {
	.name = "show-messages",
	.alias = "showmsgs",
	.args = { "Jt:", 0, 0 },
	.usage = "[-J] [-t target-client]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_show_messages_exec,
};

/* What -J lists for each job. */
struct cmd_show_messages_jobs {
	struct cmdq_item	*item;
	unsigned int		 n;
};

static void
cmd_show_messages_job(const char *cmd, int fd, pid_t pid, int status,
    void *arg)
{
	struct cmd_show_messages_jobs	*j = arg;

	cmdq_print(j->item, "Job %u: %s [fd=%d, pid=%ld, status=%d]", j->n++,
	    cmd, fd, (long)pid, status);
}

static enum cmd_retval
cmd_show_messages_exec(struct cmd *self, struct cmdq_item *item)
{
	struct message_entry		*me;
	char				 tim[64];
	struct tm			 tm;
	struct cmd_show_messages_jobs	 jobs = { item, 0 };

	if (cmd_get_client(item, args_get(self->args, 't')) == NULL)
		return (CMD_RETURN_ERROR);
	if (args_has(self->args, 'J')) {
		job_each(cmd_show_messages_job, &jobs);
		return (CMD_RETURN_NORMAL);
	}
	TAILQ_FOREACH(me, &srv->messages, entry) {
		localtime_r(&me->time, &tm);
		strftime(tim, sizeof tim, "%a %b %e %H:%M:%S %Y", &tm);
		cmdq_print(item, "%s %s", tim, me->msg);
	}
	return (CMD_RETURN_NORMAL);
}
