/*
 * start-server (start): make sure a server runs (the client starts one
 * for any command flagged CMD_STARTSERVER); nothing else to do.
 */
#include "cmd/cmd.h"

static enum cmd_retval	cmd_start_server_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_start_server_entry = {
	.name = "start-server",
	.alias = "start",
	.args = { "", 0, 0 },
	.usage = "",
	.target = CMD_TARGET_NONE,
	.flags = CMD_STARTSERVER,
	.exec = cmd_start_server_exec,
};

static enum cmd_retval
cmd_start_server_exec(struct cmd *self, struct cmdq_item *item)
{
	return (CMD_RETURN_NORMAL);
}
