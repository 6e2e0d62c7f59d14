/*
 * server-upgrade [-b path]: replace the running server by the binary at
 * path (by default the file this server was started from, as it is now:
 * a new build or install in its place) without losing anything: the
 * sessions, windows, panes and their programs, screens and history,
 * options, hooks, key tables, buffers and environment go across, and
 * attached clients reconnect by themselves (server/upgrade.c). All or
 * nothing: the new binary first loads the state in a dry run; if it
 * cannot, this server carries on and the error says why.
 */
#include <stdlib.h>

#include "cmd/cmd.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "model/state.h"

static enum cmd_retval	cmd_server_upgrade_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_server_upgrade_entry = {
	.name = "server-upgrade",
	.alias = NULL,
	.args = { "b:", 0, 0 },
	.usage = "[-b path]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_server_upgrade_exec,
};

static enum cmd_retval
cmd_server_upgrade_exec(struct cmd *self, struct cmdq_item *item)
{
	const char	*binary = args_get(self->args, 'b');
	struct client	*c = item->client;
	char		*cause = NULL, *path = NULL;

	if (binary != NULL && *binary == '\0') {
		cmdq_error(item, "-b: empty path");
		return (CMD_RETURN_ERROR);
	}
	/* A relative path is the client's, not the server's. */
	if (binary != NULL && *binary != '/' && c != NULL &&
	    c->ident.cwd != NULL && *c->ident.cwd == '/')
		binary = path = xasprintf("%s/%s", c->ident.cwd, binary);
	/* Only returns when the upgrade did not happen. */
	if (srv->upgrade(c, binary, &cause) != 0) {
		cmdq_error(item, "server-upgrade: %s", cause);
		free(cause);
		free(path);
		return (CMD_RETURN_ERROR);
	}
	free(path);
	return (CMD_RETURN_NORMAL);
}
