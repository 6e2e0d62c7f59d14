/*
 * swap-window (swapw): swap the windows at two places (-s and -t, in one
 * session or two). The current windows stay where they are (so they now
 * show the other window); with -d, the -t place (and the -s place in its
 * session) becomes current. tmux 3.3a does this, the reverse of what its
 * manual says, and mux follows what it does.
 */
#include "cmd/cmd.h"
#include "model/session.h"
#include "model/window.h"

static enum cmd_retval	cmd_swap_window_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_swap_window_entry = {
	.name = "swap-window",
	.alias = "swapw",
	.args = { "ds:t:", 0, 0 },
	.usage = "[-d] [-s src-window] [-t dst-window]",
	.target = CMD_TARGET_WINDOW,
	.flags = 0,
	.exec = cmd_swap_window_exec,
};

static enum cmd_retval
cmd_swap_window_exec(struct cmd *self, struct cmdq_item *item)
{
	struct winlink	*dst = item->target.wl, *src;
	struct target	 t;

	if (cmd_source_target(item, self->args, CMD_TARGET_WINDOW, &t) != 0)
		return (CMD_RETURN_ERROR);
	src = t.wl;
	if (src->session != dst->session && src->session->group != NULL &&
	    src->session->group == dst->session->group) {
		cmdq_error(item, "can't move window, sessions are grouped");
		return (CMD_RETURN_ERROR);
	}
	if (src->window == dst->window)
		return (CMD_RETURN_NORMAL);
	winlink_swap(src, dst);
	if (args_has(self->args, 'd')) {
		session_select(dst->session, dst);
		if (src->session != dst->session)
			session_select(src->session, src);
	}
	return (CMD_RETURN_NORMAL);
}
