/*
 * kill-window (killw) and kill-pane (killp). -a kills every other window
 * (pane) instead.
 */
#include "cmd/cmd.h"
#include "common/queue.h"
#include "model/state.h"
#include "model/session.h"
#include "model/window.h"

static enum cmd_retval	cmd_kill_window_exec(struct cmd *, struct cmdq_item *);
static enum cmd_retval	cmd_kill_pane_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_kill_window_entry = {
	.name = "kill-window",
	.alias = "killw",
	.args = { "at:", 0, 0 },
	.usage = "[-a] [-t target-window]",
	.target = CMD_TARGET_WINDOW,
	.flags = 0,
	.exec = cmd_kill_window_exec,
};

const struct cmd_entry cmd_kill_pane_entry = {
	.name = "kill-pane",
	.alias = "killp",
	.args = { "at:", 0, 0 },
	.usage = "[-a] [-t target-pane]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_kill_pane_exec,
};

static enum cmd_retval
cmd_kill_window_exec(struct cmd *self, struct cmdq_item *item)
{
	struct session	*s = item->target.s;
	struct winlink	*wl = item->target.wl, *other, *next;

	if (args_has(self->args, 'a')) {
		TAILQ_FOREACH_SAFE(other, &s->windows, entry, next) {
			if (other != wl)
				winlink_remove(other);
		}
		return (CMD_RETURN_NORMAL);
	}
	/* Every session showing the window loses it. */
	window_kill(wl->window);
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_kill_pane_exec(struct cmd *self, struct cmdq_item *item)
{
	struct window	*w = item->target.w;
	struct pane	*p = item->target.p, *other, *next;

	if (args_has(self->args, 'a')) {
		TAILQ_FOREACH_SAFE(other, &w->panes, entry, next) {
			if (other != p)
				window_remove_pane(w, other);
		}
		return (CMD_RETURN_NORMAL);
	}
	if (window_count_panes(w) == 1) {
		window_kill(w);
		return (CMD_RETURN_NORMAL);
	}
	window_remove_pane(w, p);
	return (CMD_RETURN_NORMAL);
}
