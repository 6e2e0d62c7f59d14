/*
 * has-session (has): succeed if the target session exists.
 */
#include "cmd/cmd.h"

static enum cmd_retval	cmd_has_session_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_has_session_entry = {
	.name = "has-session",
	.alias = "has",
	.args = { "t:", 0, 0 },
	.usage = "[-t target-session]",
	.target = CMD_TARGET_SESSION,
	.flags = 0,
	.exec = cmd_has_session_exec,
};

static enum cmd_retval
cmd_has_session_exec(struct cmd *self, struct cmdq_item *item)
{
	return (CMD_RETURN_NORMAL);	/* the target lookup did the work */
}
