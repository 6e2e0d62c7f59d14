/*
 * suspend-client (suspendc): stop a client (SIGTSTP) with its terminal
 * given back, as the shell's job control would; it shows its session
 * again when it is continued (fg).
 */
#include "cmd/cmd.h"
#include "model/client.h"

static enum cmd_retval	cmd_suspend_client_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_suspend_client_entry = {
	.name = "suspend-client",
	.alias = "suspendc",
	.args = { "t:", 0, 0 },
	.usage = "[-t target-client]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_suspend_client_exec,
};

static enum cmd_retval
cmd_suspend_client_exec(struct cmd *self, struct cmdq_item *item)
{
	struct client	*c;

	if ((c = cmd_get_client(item, args_get(self->args, 't'))) == NULL)
		return (CMD_RETURN_ERROR);
	client_lock(c, NULL);
	return (CMD_RETURN_NORMAL);
}
