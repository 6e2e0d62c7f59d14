/*
 * pipe-pane (pipep): join a pane to a shell command (a format of the
 * pane): with -O (the default) the pane's output goes to the command's
 * standard input, with -I the command's output is sent to the pane, both
 * with -IO. Any pipe the pane had is closed first; with no command that
 * is all. -o opens a pipe only if the pane had none, so one key toggles
 * it.
 */
#include <stdlib.h>

#include "cmd/cmd.h"
#include "model/environ.h"
#include "model/format.h"
#include "model/state.h"
#include "model/session.h"
#include "model/window.h"

static enum cmd_retval	cmd_pipe_pane_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_pipe_pane_entry = {
	.name = "pipe-pane",
	.alias = "pipep",
	.args = { "IOot:", 0, 1 },
	.usage = "[-IOo] [-t target-pane] [shell-command]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_pipe_pane_exec,
};

static enum cmd_retval
cmd_pipe_pane_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct pane	*p = item->target.p;
	char		*cmd, *cause = NULL, **env;
	int		 had, in, out, rc;

	if (p->flags & PANE_EXITED) {
		cmdq_error(item, "target pane has exited");
		return (CMD_RETURN_ERROR);
	}
	had = p->pipe != NULL;
	pane_pipe_close(p);
	if (args->argc == 0 || *args->argv[0] == '\0')
		return (CMD_RETURN_NORMAL);
	if (args_has(args, 'o') && had)
		return (CMD_RETURN_NORMAL);
	in = args_has(args, 'I');
	out = !in || args_has(args, 'O');

	cmd = format_expand(args->argv[0], &item->target, item->client);
	env = environ_vector(srv->environ, item->target.s != NULL ?
	    item->target.s->environ : NULL);
	rc = pane_pipe_open(p, cmd, in, out, env, &cause);
	environ_free_vector(env);
	free(cmd);
	if (rc != 0) {
		cmdq_error(item, "%s", cause);
		free(cause);
		return (CMD_RETURN_ERROR);
	}
	return (CMD_RETURN_NORMAL);
}
