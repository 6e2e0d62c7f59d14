/*
 * respawn-window (respawnw): start a window again with one pane: every
 * pane but the first is closed and the first runs its program again (or
 * shell-command). The window's panes must all have exited, unless -k.
 */
#include <stdlib.h>

#include "cmd/cmd.h"
#include "model/environ.h"
#include "model/session.h"
#include "model/window.h"

static enum cmd_retval	cmd_respawn_window_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_respawn_window_entry = {
	.name = "respawn-window",
	.alias = "respawnw",
	.args = { "c:e:kt:", 0, -1 },
	.usage = "[-k] [-c start-directory] [-e environment] "
	    "[-t target-window] [shell-command]",
	.target = CMD_TARGET_WINDOW,
	.flags = 0,
	.exec = cmd_respawn_window_exec,
};

static enum cmd_retval
cmd_respawn_window_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct window		*w = item->target.w;
	struct pane		*p, *first, *next;

	if (!args_has(args, 'k')) {
		TAILQ_FOREACH(p, &w->panes, entry) {
			if (!(p->flags & PANE_EXITED)) {
				cmdq_error(item, "respawn window failed: "
				    "window %s:%d still active",
				    item->target.s->name, item->target.wl->idx);
				return (CMD_RETURN_ERROR);
			}
		}
	}
	if (cmd_spawn_check_env(item, args) != 0)
		return (CMD_RETURN_ERROR);
	first = TAILQ_FIRST(&w->panes);
	if (w->flags & WINDOW_ZOOMED)
		window_zoom(w, 0);
	for (p = TAILQ_NEXT(first, entry); p != NULL; p = next) {
		next = TAILQ_NEXT(p, entry);
		window_remove_pane(w, p);
	}
	window_set_active(w, first);
	return (cmd_respawn(item, args, first));
}
