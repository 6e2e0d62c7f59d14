/*
 * clear-history (clearhist): forget a pane's history (the lines scrolled
 * off its top). A pane in copy mode leaves it first, as in tmux.
 */
#include "cmd/cmd.h"
#include "grid/vt.h"
#include "copy/copy.h"
#include "model/window.h"

static enum cmd_retval	cmd_clear_history_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_clear_history_entry = {
	.name = "clear-history",
	.alias = "clearhist",
	.args = { "t:", 0, 0 },
	.usage = "[-t target-pane]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_clear_history_exec,
};

static enum cmd_retval
cmd_clear_history_exec(struct cmd *self, struct cmdq_item *item)
{
	struct pane	*p = item->target.p;

	if (p->mode != NULL)
		copy_exit(p);
	vt_clear_history(p->vt);
	window_recompose(p->window);
	return (CMD_RETURN_NORMAL);
}
