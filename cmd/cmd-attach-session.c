/*
 * attach-session (attach, a): show a session in the client's terminal.
 * -d detaches the session's other clients; -c sets the session's working
 * directory (a format); -E leaves the session's environment alone rather
 * than taking the client's update-environment variables. -r makes the
 * client read-only (only keys bound to detach-client and switch-client
 * work; it does not size windows either), -f sets client flags; -x with -d also sends SIGHUP to the
 * parents of the clients it detaches.
 */
#include <stdlib.h>

#include "cmd/cmd.h"
#include "model/client.h"
#include "model/format.h"
#include "model/state.h"
#include "model/session.h"

static enum cmd_retval	cmd_attach_session_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_attach_session_entry = {
	.name = "attach-session",
	.alias = "attach",
	.args = { "c:dEf:rt:x", 0, 0 },
	.usage = "[-dErx] [-c working-directory] [-f flags] "
	    "[-t target-session]",
	.target = CMD_TARGET_SESSION,
	.flags = CMD_PREFER_UNATTACHED,
	.exec = cmd_attach_session_exec,
};

static enum cmd_retval
cmd_attach_session_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct session	*s = item->target.s;
	char		*cwd;

	if (args_has(args, 'c')) {
		cwd = format_expand(args_get(args, 'c'), &item->target,
		    item->client);
		free(s->cwd);
		s->cwd = cwd;
	}
	if (item->client != NULL && args_has(args, 'f') &&
	    cmd_client_flags(item, item->client, args_get(args, 'f')) != 0)
		return (CMD_RETURN_ERROR);
	if (cmd_attach_check(item) != 0)
		return (CMD_RETURN_ERROR);
	if (args_has(args, 'r'))	/* as tmux: and not sizing windows */
		item->client->flags |= CLIENT_READONLY|CLIENT_IGNORESIZE;
	cmd_attach_do(item, s, args_has(args, 'd') ? (args_has(args, 'x') ?
	    2 : 1) : 0, !args_has(args, 'E'));
	return (CMD_RETURN_NORMAL);
}
