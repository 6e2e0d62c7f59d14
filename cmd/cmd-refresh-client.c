/*
 * refresh-client (refresh): repaint a client's whole screen (-t
 * target-client, else the current client; from outside mux, every client
 * of the current session), or with -S only its status line. -f sets
 * client flags, as attach-session -f does.
 */
#include "cmd/cmd.h"
#include "server/client.h"
#include "server/server.h"

static enum cmd_retval	cmd_refresh_client_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_refresh_client_entry = {
	.name = "refresh-client",
	.alias = "refresh",
	.args = { "f:St:", 0, 0 },
	.usage = "[-S] [-f flags] [-t target-client]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_refresh_client_exec,
};

/* Repaint c, or only its status line. */
static void
cmd_refresh_client_one(struct args *args, struct client *c)
{
	if (args_has(args, 'S'))
		server_status_changed();
	else
		c->flags |= CLIENT_REDRAW;
	srv->dirty = 1;
}

static enum cmd_retval
cmd_refresh_client_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct client	*c;

	if (args_has(args, 't')) {
		if ((c = cmd_get_client(item, args_get(args, 't'))) == NULL)
			return (CMD_RETURN_ERROR);
	} else
		c = item->client;
	if (args_has(args, 'f')) {
		if (c == NULL || c->session == NULL)
			c = cmd_find_client(item);
		if (c == NULL) {
			cmdq_error(item, "no client for -f");
			return (CMD_RETURN_ERROR);
		}
		return (cmd_client_flags(item, c, args_get(args, 'f')) == 0 ?
		    CMD_RETURN_NORMAL : CMD_RETURN_ERROR);
	}
	if (c != NULL && c->session != NULL) {
		cmd_refresh_client_one(args, c);
		return (CMD_RETURN_NORMAL);
	}
	/* From outside: every client showing the current session. */
	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session != NULL && c->session == item->current.s)
			cmd_refresh_client_one(args, c);
	}
	return (CMD_RETURN_NORMAL);
}
