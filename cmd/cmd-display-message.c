/*
 * display-message (display): expand a format against the target and show
 * it in the current client's status line for display-time; -p (or no
 * attached client) prints it instead. -c names the client to show it on,
 * -d how long (milliseconds; 0: until a key), -N lets no key dismiss it.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmd/cmd.h"
#include "server/client.h"
#include "server/format.h"
#include "server/prompt.h"
#include "common/xmalloc.h"

#define DISPLAY_MESSAGE_TEMPLATE \
	"[#{session_name}] #{window_index}:#{window_name}, " \
	"current pane #{pane_index} - (%H:%M %d-%b-%y)"

static enum cmd_retval	cmd_display_message_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_display_message_entry = {
	.name = "display-message",
	.alias = "display",
	.args = { "c:d:F:Npt:", 0, 1 },
	.usage = "[-Np] [-c target-client] [-d delay] [-F format] "
	    "[-t target-pane] [message]",
	.target = CMD_TARGET_PANE,
	.flags = CMD_CANFAIL,
	.exec = cmd_display_message_exec,
};

static enum cmd_retval
cmd_display_message_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	const char	*template;
	char		*msg;
	struct client	*c, *fc;
	struct format_extra extra = { .command = self->entry->name, .time = 1,
			    .mouse = cmdq_mouse(item) };
	long long	 delay = -1;
	char		*cause = NULL;

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
	/* The client shown on (tmux's target client: the newest attached
	 * one when run from outside). */
	if (args_has(args, 'c')) {
		if ((c = cmd_get_client(item, args_get(args, 'c'))) == NULL)
			return (CMD_RETURN_ERROR);
	} else
		c = cmd_find_client(item);
	/* The formats are the target session's: with the client shown on
	 * if it shows that session, else (as tmux) the session's best
	 * client, so a script's display -p '#{client_session}' names the
	 * session of the client it was run for. */
	if (c != NULL && c->session == item->target.s)
		fc = c;
	else if (item->target.s != NULL)
		fc = cmd_find_best_client(item->target.s);
	else
		fc = NULL;
	/* Like tmux, the template goes through strftime first. */
	msg = format_expand_extra(template, &item->target, fc != NULL ? fc :
	    item->client, &extra);
	if (!args_has(args, 'p') && c != NULL && c->session != NULL)
		message_show(c, msg, delay, args_has(args, 'N'));
	else
		cmdq_print(item, "%s", msg);	/* -p, or no client */
	free(msg);
	return (CMD_RETURN_NORMAL);
}
