/*
 * detach-client (detach): detach the current client (or -t
 * target-client), every client of a session (-s), or every other client
 * (-a). With -P the client then sends SIGHUP to its parent (the shell it
 * ran in); with -E it runs shell-command (with default-shell) in its
 * place.
 */
#include "cmd/cmd.h"
#include "model/client.h"
#include "model/options.h"
#include "model/state.h"
#include "model/session.h"

static enum cmd_retval	cmd_detach_client_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_detach_client_entry = {
	.name = "detach-client",
	.alias = "detach",
	.args = { "aE:Ps:t:", 0, 0 },
	.usage = "[-aP] [-E shell-command] [-s target-session] "
	    "[-t target-client]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_detach_client_exec,
};

/* Detach c as the flags say. */
static void
cmd_detach_client_one(struct args *args, struct client *c)
{
	const char	*shell = NULL;

	if (c->session != NULL)
		shell = options_get_string(c->session->options,
		    "default-shell");
	if (shell == NULL || *shell == '\0')
		shell = client_getenv(c, "SHELL");
	client_detach_with(c, args_has(args, 'P'), args_get(args, 'E'),
	    shell);
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
				cmd_detach_client_one(args, c);
		}
		return (CMD_RETURN_NORMAL);
	}
	if (args_has(args, 't')) {
		if ((current = cmd_find_client_named(args_get(args,
		    't'))) == NULL) {
			cmdq_error(item, "can't find client: %s",
			    args_get(args, 't'));
			return (CMD_RETURN_ERROR);
		}
	} else if ((current = cmd_find_client(item)) == NULL) {
		cmdq_error(item, "no current client");
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'a')) {
		TAILQ_FOREACH(c, &srv->clients, entry) {
			if (c != current && c->session != NULL)
				cmd_detach_client_one(args, c);
		}
		return (CMD_RETURN_NORMAL);
	}
	cmd_detach_client_one(args, current);
	return (CMD_RETURN_NORMAL);
}
