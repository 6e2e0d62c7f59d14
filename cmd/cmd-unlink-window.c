/*
 * unlink-window (unlinkw): take a window out of a session. A window that
 * no other session (or index) shows is only unlinked, and so destroyed,
 * with -k (the sessions of a group count as one). A session left with no
 * window ends, and its group with it.
 */
#include "cmd/cmd.h"
#include "model/session.h"
#include "model/window.h"

static enum cmd_retval	cmd_unlink_window_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_unlink_window_entry = {
	.name = "unlink-window",
	.alias = "unlinkw",
	.args = { "kt:", 0, 0 },
	.usage = "[-k] [-t target-window]",
	.target = CMD_TARGET_WINDOW,
	.flags = 0,
	.exec = cmd_unlink_window_exec,
};

static enum cmd_retval
cmd_unlink_window_exec(struct cmd *self, struct cmdq_item *item)
{
	struct winlink	*wl = item->target.wl;

	/* The sessions of a group count as one (as in tmux). */
	if (!args_has(self->args, 'k') &&
	    !session_is_linked(wl->session, wl->window)) {
		cmdq_error(item, "window only linked to one session");
		return (CMD_RETURN_ERROR);
	}
	winlink_remove(wl);
	return (CMD_RETURN_NORMAL);
}
