/*
 * respawn-window (respawnw): start a window again with one pane: every
 * pane but the first is closed and the first runs its program again (or
 * shell-command). The window's panes must all have exited, unless -k.
 */
#include <stdlib.h>

#include "cmd/cmd.h"
#include "server/environ.h"
#include "server/session.h"
#include "server/window.h"

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
	struct pane_spawn	 sp;
	char			*cause = NULL, *cwd = NULL;
	char *const		*vars;
	int			 rc, nvars;

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
	if (args_has(args, 'c'))
		cwd = cmd_spawn_cwd(item, args, &item->target);
	session_spawn(item->target.s, &sp, args->argc, args->argv,
	    cwd != NULL ? cwd : first->cwd);
	vars = args_values(args, 'e', &nvars);
	session_spawn_env(&sp, vars, nvars);
	rc = pane_respawn(first, &sp, &cause);
	environ_free_vector(sp.env);
	free(cwd);
	if (rc != 0) {
		cmdq_error(item, "%s", cause);
		free(cause);
		return (CMD_RETURN_ERROR);
	}
	return (CMD_RETURN_NORMAL);
}
