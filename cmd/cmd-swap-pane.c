/*
 * swap-pane (swapp): swap two panes (-s with -t, in one window or two), or
 * the target with the previous (-U) or next (-D) pane. The active pane
 * follows the swap unless -d.
 */
#include "cmd/cmd.h"
#include "server/session.h"
#include "server/window.h"

static enum cmd_retval	cmd_swap_pane_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_swap_pane_entry = {
	.name = "swap-pane",
	.alias = "swapp",
	.args = { "dDs:t:U", 0, 0 },
	.usage = "[-dDU] [-s src-pane] [-t dst-pane]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_swap_pane_exec,
};

static enum cmd_retval
cmd_swap_pane_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct pane	*dst = item->target.p, *src;
	struct window	*w = item->target.w;
	struct target	 t;

	if (args_has(args, 'U') || args_has(args, 'D')) {
		src = dst;
		if (args_has(args, 'U')) {
			if ((dst = TAILQ_PREV(src, panes, entry)) == NULL)
				dst = TAILQ_LAST(&w->panes, panes);
		} else {
			if ((dst = TAILQ_NEXT(src, entry)) == NULL)
				dst = TAILQ_FIRST(&w->panes);
		}
	} else if (args_has(args, 's')) {
		if (cmd_find_target(item, args_get(args, 's'), CMD_TARGET_PANE,
		    &t) != 0)
			return (CMD_RETURN_ERROR);
		src = t.p;
	} else
		src = item->current.p;
	if (src == NULL || dst == NULL) {
		cmdq_error(item, "no pane to swap");
		return (CMD_RETURN_ERROR);
	}
	if (src == dst)
		return (CMD_RETURN_NORMAL);
	window_swap_panes(src, dst);
	if (!args_has(args, 'd') && src->window == dst->window)
		window_set_active(src->window, src);
	return (CMD_RETURN_NORMAL);
}
