/*
 * server-access: the other users the server lets in. -a adds a user
 * (read-only with -r), -d denies one (its clients are closed), -r and -w
 * make a user read-only or able to write (its clients follow), -l lists
 * them. A user also needs to reach the socket, which mux keeps in a
 * directory only its owner can open (see SOCKETS); the server owner and
 * root always get in and cannot be changed. -t is a target pane, resolved
 * and otherwise unused, as in tmux.
 */
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "model/state.h"

static enum cmd_retval	cmd_server_access_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_server_access_entry = {
	.name = "server-access",
	.alias = NULL,
	.args = { "adlrt:w", 0, 1 },
	.usage = "[-adlrw] [-t target-pane] [user]",
	.target = CMD_TARGET_PANE,
	.flags = CMD_CANFAIL,
	.exec = cmd_server_access_exec,
};

/* Give the user's clients the entry's access. */
static void
cmd_server_access_update(uid_t uid, int readonly, int deny)
{
	struct client	*c;

	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->uid != uid)
			continue;
		if (deny)
			client_set_exit(c, 1, "access not allowed");
		else if (readonly)
			c->flags |= CLIENT_READONLY;
		else
			c->flags &= ~CLIENT_READONLY;
	}
}

static enum cmd_retval
cmd_server_access_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct server_acl	*acl;
	struct passwd		*pw;
	const char		*name;
	unsigned int		 i;
	uid_t			 uid;

	if (args_has(args, 'l')) {
		for (i = 0; i < srv->nacl; i++) {
			pw = getpwuid(srv->acl[i].uid);
			if (pw != NULL)
				cmdq_print(item, "%s (%s)", pw->pw_name,
				    srv->acl[i].readonly ? "R" : "W");
			else
				cmdq_print(item, "%ld (%s)",
				    (long)srv->acl[i].uid,
				    srv->acl[i].readonly ? "R" : "W");
		}
		return (CMD_RETURN_NORMAL);
	}
	if (args->argc == 0) {
		cmdq_error(item, "missing user argument");
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'a') && args_has(args, 'd')) {
		cmdq_error(item, "-a and -d cannot be used together");
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'r') && args_has(args, 'w')) {
		cmdq_error(item, "-r and -w cannot be used together");
		return (CMD_RETURN_ERROR);
	}
	name = args->argv[0];
	if ((pw = getpwnam(name)) == NULL) {
		cmdq_error(item, "unknown user: %s", name);
		return (CMD_RETURN_ERROR);
	}
	uid = pw->pw_uid;
	if (uid == 0 || uid == getuid()) {
		cmdq_error(item, "%s owns the server, can't change access",
		    name);
		return (CMD_RETURN_ERROR);
	}
	acl = server_acl_find(uid);
	if (args_has(args, 'd')) {
		if (acl == NULL) {
			cmdq_error(item, "user %s not found", name);
			return (CMD_RETURN_ERROR);
		}
		*acl = srv->acl[--srv->nacl];
		cmd_server_access_update(uid, 0, 1);
		return (CMD_RETURN_NORMAL);
	}
	if (args_has(args, 'a')) {
		if (acl != NULL) {
			cmdq_error(item, "user %s is already added", name);
			return (CMD_RETURN_ERROR);
		}
		srv->acl = xreallocarray(srv->acl, srv->nacl + 1,
		    sizeof *srv->acl);
		acl = &srv->acl[srv->nacl++];
		acl->uid = uid;
		acl->readonly = args_has(args, 'r');
		return (CMD_RETURN_NORMAL);
	}
	if (acl == NULL) {
		cmdq_error(item, "user %s not found", name);
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'r'))
		acl->readonly = 1;
	else if (args_has(args, 'w'))
		acl->readonly = 0;
	cmd_server_access_update(uid, acl->readonly, 0);
	return (CMD_RETURN_NORMAL);
}
