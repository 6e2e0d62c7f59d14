/*
 * respawn-pane (respawnp): start a pane's program again (or another one)
 * once it has exited (remain-on-exit), or at once with -k.
 */
#include <stdlib.h>

#include "cmd/cmd.h"
#include "model/environ.h"
#include "model/session.h"
#include "model/window.h"

static enum cmd_retval	cmd_respawn_pane_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_respawn_pane_entry = {
	.name = "respawn-pane",
	.alias = "respawnp",
	.args = { "c:e:kt:", 0, -1 },
	.usage = "[-k] [-c start-directory] [-e environment] "
	    "[-t target-pane] [shell-command]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_respawn_pane_exec,
};

static enum cmd_retval
cmd_respawn_pane_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct pane		*p = item->target.p;

	if (!(p->flags & PANE_EXITED) && !args_has(args, 'k')) {
		cmdq_error(item, "respawn pane failed: pane %s:%d.%u still "
		    "active", item->target.s->name, item->target.wl->idx,
		    window_pane_index(item->target.w, p));
		return (CMD_RETURN_ERROR);
	}
	if (cmd_spawn_check_env(item, args) != 0)
		return (CMD_RETURN_ERROR);
	return (cmd_respawn(item, args, p));
}
