/*
 * display-panes (displayp): show each pane's index over the client's
 * window, for -d milliseconds (default display-panes-time; 0: until a
 * key). A key 0-9 (or a-z for 10 on) picks that pane: template runs with
 * %% standing for the pane's id (default: select it); another key closes
 * the indicator, and with -N keys do neither. The command waits until the
 * indicator closes, unless -b.
 */
#include <stdlib.h>

#include "cmd/cmd.h"
#include "model/client.h"

static enum cmd_retval	cmd_display_panes_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_display_panes_entry = {
	.name = "display-panes",
	.alias = "displayp",
	.args = { "bd:Nt:", 0, 1 },
	.usage = "[-bN] [-d duration] [-t target-client] [template]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_display_panes_exec,
};

/* The indicator closed: the command that waited goes on. */
static void
cmd_display_panes_done(void *arg)
{
	cmdq_continue(arg, 0);
}

static enum cmd_retval
cmd_display_panes_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct client	*c;
	long long	 ms = -1;
	char		*cause = NULL;
	const char	*template = args->argc == 1 ? args->argv[0] : NULL;

	if ((c = cmd_get_client(item, args_get(args, 't'))) == NULL)
		return (CMD_RETURN_ERROR);
	if (c->session == NULL) {
		cmdq_error(item, "no client to show panes on");
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'd')) {
		ms = args_strtonum(args, 'd', 0, 0x7fffffff, &cause);
		if (cause != NULL) {
			cmdq_error(item, "duration %s", cause);
			free(cause);
			return (CMD_RETURN_ERROR);
		}
	}
	if (args_has(args, 'b')) {
		client_display_panes_open(c, ms, template, args_has(args, 'N'),
		    NULL, NULL);
		return (CMD_RETURN_NORMAL);
	}
	client_display_panes_open(c, ms, template, args_has(args, 'N'),
	    cmd_display_panes_done, item);
	return (c->display_panes ? CMD_RETURN_WAIT : CMD_RETURN_NORMAL);
}
