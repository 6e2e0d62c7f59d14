/*
 * display-message (display): expand a format against the target and show
 * it in the current client's status line for display-time; -p (or no
 * attached client) prints it instead. -c names the client to show it on,
 * -d how long (milliseconds; 0: until a key), -N lets no key dismiss it.
 * -a prints every format variable that has a value for the target, as
 * name=value in name order, instead; -v prints each step of the
 * expansion first, as tmux does. -I shows the standard input of the
 * client that ran it in the target pane, which must be empty
 * (split-window -I), as it comes.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmd/cmd.h"
#include "model/client.h"
#include "model/format.h"
#include "draw/prompt.h"
#include "model/state.h"
#include "common/xmalloc.h"

#define DISPLAY_MESSAGE_TEMPLATE \
	"[#{session_name}] #{window_index}:#{window_name}, " \
	"current pane #{pane_index} - (%H:%M %d-%b-%y)"

static enum cmd_retval	cmd_display_message_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_display_message_entry = {
	.name = "display-message",
	.alias = "display",
	.args = { "ac:d:F:INpt:v", 0, 1 },
	.usage = "[-aINpv] [-c target-client] [-d delay] [-F format] "
	    "[-t target-pane] [message]",
	.target = CMD_TARGET_PANE,
	.flags = CMD_QUIETFAIL,
	.exec = cmd_display_message_exec,
};

/* The client the formats are for, as tmux picks it: the one the message
 * is for when it shows the target's session, else the newest client of
 * that session, else the newest of all, else the client that ran the
 * command. */
static struct client *
cmd_display_message_format_client(struct cmdq_item *item, struct client *c)
{
	struct session	*s = item->target.s;
	struct client	*best;

	if (c != NULL && c->session == s)
		return (c);
	if (item->client != NULL && item->client->session == s)
		return (item->client);
	/* The session's newest client, else the newest of all. */
	if ((best = cmd_find_best_client(s)) != NULL)
		return (best);
	return (item->client);
}

/* -v: one step of the expansion. */
static void
cmd_display_message_log(const char *line, void *arg)
{
	cmdq_print(arg, "%s", line);
}

/* -a: one variable. */
static void
cmd_display_message_each(const char *name, const char *value,
    enum format_type type, void *arg)
{
	(void)type;
	if (value != NULL)
		cmdq_print(arg, "%s=%s", name, value);
}

static enum cmd_retval
cmd_display_message_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	const char	*template;
	char		*msg;
	struct client	*c;
	struct format_extra extra = { .command = self->entry->name, .time = 1,
			    .mouse = cmdq_mouse(item) };
	long long	 delay = -1;
	char		*cause = NULL;

	if (args_has(args, 'I'))
		return (cmd_pane_input(item, item->target.p));
	if (args_has(args, 'd')) {
		delay = args_strtonum(args, 'd', 0, 0x7fffffff, &cause);
		if (cause != NULL) {
			cmdq_error(item, "delay %s", cause);
			free(cause);
			return (CMD_RETURN_ERROR);
		}
	}
	if (args_has(args, 'F') && args->argc != 0) {
		cmdq_error(item, "only one of -F or argument must be given");
		return (CMD_RETURN_ERROR);
	}
	if (args->argc != 0)
		template = args->argv[0];
	else if (args_has(args, 'F'))
		template = args_get(args, 'F');
	else
		template = DISPLAY_MESSAGE_TEMPLATE;
	if (args_has(args, 'v')) {
		extra.log = cmd_display_message_log;
		extra.log_arg = item;
	}
	if (args_has(args, 'a')) {
		/* The variables of the tables, then the command's own, as
		 * tmux lists them. */
		format_each(&item->target, cmd_display_message_format_client(
		    item, NULL), NULL, FORMAT_EACH_SERVER|FORMAT_EACH_CLIENT|
		    FORMAT_EACH_SESSION|FORMAT_EACH_WINDOW|FORMAT_EACH_PANE,
		    cmd_display_message_each, item);
		cmdq_print(item, "command=%s", self->entry->name);
		return (CMD_RETURN_NORMAL);
	}
	if (args_has(args, 'p'))
		c = NULL;
	else if (args_has(args, 'c')) {
		/* As tmux 3.3a: a -c client not found is none. */
		c = cmd_find_client_named(args_get(args, 'c'));
	} else
		c = cmd_find_client(item);
	/* Like tmux, the template goes through strftime first. */
	msg = format_expand_extra(template, &item->target,
	    cmd_display_message_format_client(item, c), &extra);
	if (c != NULL && c->session != NULL)
		message_show(c, msg, delay, args_has(args, 'N'));
	else
		cmdq_print(item, "%s", msg);	/* -p, or no client */
	free(msg);
	return (CMD_RETURN_NORMAL);
}
