/*
 * display-panes (displayp): show each pane's index over the window for
 * display-panes-time; typing a digit meanwhile selects that pane.
 */
#include "cmd/cmd.h"
#include "server/client.h"

static enum cmd_retval	cmd_display_panes_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_display_panes_entry = {
	.name = "display-panes",
	.alias = "displayp",
	.args = { "t:", 0, 0 },
	.usage = "[-t target-client]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_display_panes_exec,
};

static enum cmd_retval
cmd_display_panes_exec(struct cmd *self, struct cmdq_item *item)
{
	struct client	*c = cmd_find_client(item);

	if (c == NULL) {
		cmdq_error(item, "no client to show panes on");
		return (CMD_RETURN_ERROR);
	}
	client_display_panes(c, 1);
	return (CMD_RETURN_NORMAL);
}
