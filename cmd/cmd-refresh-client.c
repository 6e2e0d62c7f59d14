/*
 * refresh-client (refresh): repaint the current client's whole screen.
 */
#include "cmd/cmd.h"
#include "server/client.h"
#include "server/server.h"

static enum cmd_retval	cmd_refresh_client_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_refresh_client_entry = {
	.name = "refresh-client",
	.alias = "refresh",
	.args = { "", 0, 0 },
	.usage = "",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_refresh_client_exec,
};

static enum cmd_retval
cmd_refresh_client_exec(struct cmd *self, struct cmdq_item *item)
{
	struct client	*c;

	if (item->client != NULL && item->client->session != NULL) {
		item->client->flags |= CLIENT_REDRAW;
		srv->dirty = 1;
		return (CMD_RETURN_NORMAL);
	}
	/* From outside: every client showing the current session. */
	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session != NULL && c->session == item->current.s)
			c->flags |= CLIENT_REDRAW;
	}
	srv->dirty = 1;
	return (CMD_RETURN_NORMAL);
}
