/*
 * swap-pane (swapp): swap two panes (-s with -t, in one window or two), or
 * the target with the previous (-U) or next (-D) pane. Without -s the
 * marked pane (select-pane -m), else the current one, is swapped. The
 * active pane follows the swap unless -d; -Z keeps zoomed windows zoomed.
 */
#include "cmd/cmd.h"
#include "model/session.h"
#include "model/window.h"

static enum cmd_retval	cmd_swap_pane_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_swap_pane_entry = {
	.name = "swap-pane",
	.alias = "swapp",
	.args = { "dDs:t:UZ", 0, 0 },
	.usage = "[-dDUZ] [-s src-pane] [-t dst-pane]",
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
	struct window	*sw, *dw;
	int		 szoom, dzoom;

	if (args_has(args, 'U') || args_has(args, 'D')) {
		src = dst;
		if (args_has(args, 'U')) {
			if ((dst = TAILQ_PREV(src, panes, entry)) == NULL)
				dst = TAILQ_LAST(&w->panes, panes);
		} else {
			if ((dst = TAILQ_NEXT(src, entry)) == NULL)
				dst = TAILQ_FIRST(&w->panes);
		}
	} else {
		/* -s, else the marked pane, else the current one. */
		if (cmd_source_target(item, args, CMD_TARGET_PANE, &t) != 0)
			return (CMD_RETURN_ERROR);
		src = t.p;
	}
	if (src == NULL || dst == NULL) {
		cmdq_error(item, "no pane to swap");
		return (CMD_RETURN_ERROR);
	}
	if (src == dst)
		return (CMD_RETURN_NORMAL);
	/* As tmux: zoomed windows are unzoomed, and zoomed again with -Z. */
	sw = src->window;
	dw = dst->window;
	szoom = (sw->flags & WINDOW_ZOOMED) != 0;
	dzoom = (dw->flags & WINDOW_ZOOMED) != 0;
	if (szoom)
		window_zoom(sw, 0);
	if (dzoom)
		window_zoom(dw, 0);
	window_swap_panes(src, dst);
	if (!args_has(args, 'd') && src->window == dst->window)
		window_set_active(src->window, src);
	if (args_has(args, 'Z')) {
		if (szoom)
			window_zoom(sw, 1);
		if (dzoom && dw != sw)
			window_zoom(dw, 1);
	}
	return (CMD_RETURN_NORMAL);
}
