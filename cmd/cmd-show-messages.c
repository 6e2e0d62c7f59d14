/*
 * show-messages (showmsgs): the server's message log, oldest first, each
 * line with the time it was added (at most message-limit lines are kept).
 * As in tmux it runs for a client (-t target-client, or the current one).
 * -T lists instead every terminal the server draws on (newest first),
 * each with what tmux 3.3a knows of a terminal and the value this one
 * has (as the server's terminal driver keeps it), and -J the jobs (run-shell, if-shell and #()
 * commands that have not finished), as tmux 3.3a prints them; with both,
 * a blank line between.
 */
#include <string.h>
#include <time.h>

#include "cmd/cmd.h"
#include "model/client.h"
#include "model/job.h"
#include "model/state.h"

static enum cmd_retval	cmd_show_messages_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_show_messages_entry = {
	.name = "show-messages",
	.alias = "showmsgs",
	.args = { "JTt:", 0, 0 },
	.usage = "[-JT] [-t target-client]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_show_messages_exec,
};

/* What -J lists for each job. */
struct cmd_show_messages_jobs {
	struct cmdq_item	*item;
	unsigned int		 n;
	int			 blank;	/* a blank line first */
};

/* Every terminal the server draws on, newest first (what the output
 * keeps in term_info, client.h); returns how many. */
static unsigned int
cmd_show_messages_terminals(struct cmdq_item *item)
{
	struct client	*c;
	unsigned int	 n = 0;
	const char	*line, *end;

	TAILQ_FOREACH_REVERSE(c, &srv->clients, clients, entry) {
		if (c->term_info == NULL)
			continue;
		for (line = c->term_info; *line != '\0'; line = end + 1) {
			if ((end = strchr(line, '\n')) == NULL)
				end = line + strlen(line) - 1;
			if (line == c->term_info)
				cmdq_print(item, "Terminal %u: %.*s", n,
				    (int)(end - line), line);
			else
				cmdq_print(item, "%.*s", (int)(end - line), line);
		}
		n++;
	}
	return (n);
}

static void
cmd_show_messages_job(const char *cmd, int fd, pid_t pid, int status,
    void *arg)
{
	struct cmd_show_messages_jobs	*j = arg;

	if (j->blank) {
		cmdq_print(j->item, "%s", "");
		j->blank = 0;
	}
	cmdq_print(j->item, "Job %u: %s [fd=%d, pid=%ld, status=%d]", j->n++,
	    cmd, fd, (long)pid, status);
}

static enum cmd_retval
cmd_show_messages_exec(struct cmd *self, struct cmdq_item *item)
{
	struct message_entry		*me;
	char				 tim[64];
	struct tm			 tm;
	struct cmd_show_messages_jobs	 jobs = { item, 0, 0 };
	int				 done = 0;

	if (cmd_get_client(item, args_get(self->args, 't')) == NULL)
		return (CMD_RETURN_ERROR);
	if (args_has(self->args, 'T')) {
		jobs.blank = cmd_show_messages_terminals(item) != 0;
		done = 1;
	}
	if (args_has(self->args, 'J')) {
		job_each(cmd_show_messages_job, &jobs);
		done = 1;
	}
	if (done)
		return (CMD_RETURN_NORMAL);
	TAILQ_FOREACH(me, &srv->messages, entry) {
		localtime_r(&me->time, &tm);
		strftime(tim, sizeof tim, "%a %b %e %H:%M:%S %Y", &tm);
		cmdq_print(item, "%s %s", tim, me->msg);
	}
	return (CMD_RETURN_NORMAL);
}
