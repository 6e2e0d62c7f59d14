/*
 * kill-server: end every session and the server; attached clients print
 * "[server exited]". First the sessions are saved for mux resurrect
 * (model/snapshot.c); a snapshot that cannot be written is reported,
 * and the server ends all the same.
 */
#include <stdlib.h>

#include "cmd/cmd.h"
#include "model/state.h"
#include "model/snapshot.h"

static enum cmd_retval	cmd_kill_server_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_kill_server_entry = {
	.name = "kill-server",
	.alias = NULL,
	.args = { "", 0, 0 },
	.usage = "",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_kill_server_exec,
};

static enum cmd_retval
cmd_kill_server_exec(struct cmd *self, struct cmdq_item *item)
{
	char	*cause = NULL;

	if (snapshot_save_now(&cause) != 0) {
		cmdq_error(item, "snapshot not written: %s", cause);
		free(cause);
	}
	server_kill();
	return (CMD_RETURN_NORMAL);
}
