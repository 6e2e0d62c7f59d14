/*
 * detach-client (detach): detach the current client, every client of a
 * session (-s), or every other client (-a).
 */
#include "cmd/cmd.h"
#include "server/client.h"
#include "server/server.h"
#include "server/session.h"

static enum cmd_retval	cmd_detach_client_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_detach_client_entry = {
	.name = "detach-client",
	.alias = "detach",
	.args = { "as:", 0, 0 },
	.usage = "[-a] [-s target-session]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_detach_client_exec,
};

/* The client a command means by "the current client": the one that ran
 * it if attached, else the most recently active client attached to the
 * current session. */
static struct client *
cmd_detach_current_client(struct cmdq_item *item)
{
	struct client	*c, *best = NULL;

	if (item->client != NULL && item->client->session != NULL)
		return (item->client);
	if (item->current.s == NULL)
		return (NULL);
	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session != item->current.s)
			continue;
		if (best == NULL || c->activity_ns > best->activity_ns)
			best = c;
	}
	return (best);
}

static enum cmd_retval
cmd_detach_client_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct client		*c, *current;
	struct target	 fs;

	if (args_has(args, 's')) {
		if (cmd_find_target(item, args_get(args, 's'),
		    CMD_TARGET_SESSION, &fs) != 0)
			return (CMD_RETURN_ERROR);
		TAILQ_FOREACH(c, &srv->clients, entry) {
			if (c->session == fs.s)
				client_detach(c);
		}
		return (CMD_RETURN_NORMAL);
	}
	if ((current = cmd_detach_current_client(item)) == NULL) {
		cmdq_error(item, "no current client");
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'a')) {
		TAILQ_FOREACH(c, &srv->clients, entry) {
			if (c != current && c->session != NULL)
				client_detach(c);
		}
		return (CMD_RETURN_NORMAL);
	}
	client_detach(current);
	return (CMD_RETURN_NORMAL);
}
