/*
 * attach-session (attach, a): show a session in the client's terminal.
 * -d detaches the session's other clients; -c sets the session's working
 * directory (a format); -E leaves the session's environment alone rather
 * than taking the client's update-environment variables.
 */
#include <stdlib.h>

#include "cmd/cmd.h"
#include "server/client.h"
#include "server/format.h"
#include "server/server.h"
#include "server/session.h"

static enum cmd_retval	cmd_attach_session_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_attach_session_entry = {
	.name = "attach-session",
	.alias = "attach",
	.args = { "c:dEt:", 0, 0 },
	.usage = "[-dE] [-c working-directory] [-t target-session]",
	.target = CMD_TARGET_SESSION,
	.flags = 0,
	.exec = cmd_attach_session_exec,
};

static enum cmd_retval
cmd_attach_session_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct session	*s = item->target.s;
	char		*cwd;

	if (cmd_attach_check(item) != 0)
		return (CMD_RETURN_ERROR);
	if (args_has(args, 'c')) {
		cwd = format_expand(args_get(args, 'c'), &item->target,
		    item->client);
		free(s->cwd);
		s->cwd = cwd;
	}
	cmd_attach_do(item, s, args_has(args, 'd'), !args_has(args, 'E'));
	return (CMD_RETURN_NORMAL);
}
