/*
 * attach-session (attach, a): show a session in the client's terminal.
 */
#include "cmd/cmd.h"
#include "server/client.h"
#include "server/server.h"
#include "server/session.h"

static enum cmd_retval	cmd_attach_session_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_attach_session_entry = {
	.name = "attach-session",
	.alias = "attach",
	.args = { "dt:", 0, 0 },
	.usage = "[-d] [-t target-session]",
	.target = CMD_TARGET_SESSION,
	.flags = 0,
	.exec = cmd_attach_session_exec,
};

static enum cmd_retval
cmd_attach_session_exec(struct cmd *self, struct cmdq_item *item)
{
	struct session	*s = item->target.s;

	if (cmd_attach_check(item) != 0)
		return (CMD_RETURN_ERROR);
	cmd_attach_do(item, s, args_has(self->args, 'd'));
	return (CMD_RETURN_NORMAL);
}
