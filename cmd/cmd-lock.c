/*
 * lock-server (lock), lock-session (locks) and lock-client (lockc): lock
 * every attached client, those of a session, or one client: each gives
 * its terminal to lock-command (the session's option) and shows its
 * session again when the command exits. An empty lock-command locks nothing, as in
 * tmux.
 */
#include <string.h>

#include "cmd/cmd.h"
#include "model/client.h"
#include "model/options.h"
#include "model/state.h"
#include "model/session.h"

static enum cmd_retval	cmd_lock_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_lock_server_entry = {
	.name = "lock-server",
	.alias = "lock",
	.args = { "", 0, 0 },
	.usage = "",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_lock_exec,
};

const struct cmd_entry cmd_lock_session_entry = {
	.name = "lock-session",
	.alias = "locks",
	.args = { "t:", 0, 0 },
	.usage = "[-t target-session]",
	.target = CMD_TARGET_SESSION,
	.flags = 0,
	.exec = cmd_lock_exec,
};

const struct cmd_entry cmd_lock_client_entry = {
	.name = "lock-client",
	.alias = "lockc",
	.args = { "t:", 0, 0 },
	.usage = "[-t target-client]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_lock_exec,
};

/* Lock one client with its session's lock-command. */
static void
cmd_lock_one(struct client *c)
{
	const char	*cmd;

	if (c->session == NULL)
		return;
	cmd = options_get_string(c->session->options, "lock-command");
	if (*cmd != '\0')
		client_lock(c, cmd);
}

static enum cmd_retval
cmd_lock_exec(struct cmd *self, struct cmdq_item *item)
{
	struct client	*c;

	if (self->entry == &cmd_lock_client_entry) {
		if ((c = cmd_get_client(item, args_get(self->args, 't'))) ==
		    NULL)
			return (CMD_RETURN_ERROR);
		cmd_lock_one(c);
		return (CMD_RETURN_NORMAL);
	}
	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (self->entry == &cmd_lock_session_entry &&
		    c->session != item->target.s)
			continue;
		cmd_lock_one(c);
	}
	return (CMD_RETURN_NORMAL);
}
