/*
 * kill-session: destroy a session (-a: every other session).
 */
#include "cmd/cmd.h"
#include "server/server.h"
#include "server/session.h"

static enum cmd_retval	cmd_kill_session_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_kill_session_entry = {
	.name = "kill-session",
	.alias = NULL,
	.args = { "at:", 0, 0 },
	.usage = "[-a] [-t target-session]",
	.target = CMD_TARGET_SESSION,
	.flags = 0,
	.exec = cmd_kill_session_exec,
};

static enum cmd_retval
cmd_kill_session_exec(struct cmd *self, struct cmdq_item *item)
{
	struct session	*s = item->target.s, *other, *next;

	if (args_has(self->args, 'a')) {
		TAILQ_FOREACH_SAFE(other, &srv->sessions, entry, next) {
			if (other != s)
				session_destroy(other);
		}
		return (CMD_RETURN_NORMAL);
	}
	session_destroy(s);
	return (CMD_RETURN_NORMAL);
}
