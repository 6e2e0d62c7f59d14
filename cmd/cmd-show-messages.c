/*
 * show-messages (showmsgs): the server's message log, oldest first, each
 * line with the time it was added (at most message-limit lines are kept).
 * As in tmux it runs for a client (-t target-client, or the current one).
 * -T lists instead every terminal the server draws on (newest first),
 * each with what tmux 3.3a knows of a terminal and the value this one
 * has (client-out.h), and -J the jobs (run-shell, if-shell and #()
 * commands that have not finished), as tmux 3.3a prints them; with both,
 * a blank line between.
 */
#include <string.h>
#include <time.h>

#include "cmd/cmd.h"
#include "model/client.h"
#include "model/job.h"
#include "model/state.h"
#include "server/client-out.h"

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

/* What -T is printing. */
struct cmd_show_messages_terms {
	struct cmdq_item	*item;
	unsigned int		 n;	/* terminals so far */
	int			 first;	/* the next line is a header */
};

static void
cmd_show_messages_term_line(void *arg, const char *line)
{
	struct cmd_show_messages_terms	*t = arg;

	if (t->first) {
		cmdq_print(t->item, "Terminal %u: %s", t->n, line);
		t->first = 0;
	} else
		cmdq_print(t->item, "%s", line);
}

/* Every terminal the server has, newest first; returns how many. */
static unsigned int
cmd_show_messages_terminals(struct cmdq_item *item)
{
	struct cmd_show_messages_terms	 t = { item, 0, 1 };
	struct client			*c;

	TAILQ_FOREACH_REVERSE(c, &srv->clients, clients, entry) {
		t.first = 1;
		if (c->out != NULL &&
		    c->out->describe(c, cmd_show_messages_term_line, &t))
			t.n++;
	}
	return (t.n);
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
