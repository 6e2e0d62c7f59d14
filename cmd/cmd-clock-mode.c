/*
 * clock-mode: show a big clock in a pane (draw/clock.h).
 */
#include "cmd/cmd.h"
#include "draw/clock.h"
#include "model/window.h"

static enum cmd_retval	cmd_clock_mode_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_clock_mode_entry = {
	.name = "clock-mode",
	.alias = NULL,
	.args = { "t:", 0, 0 },
	.usage = "[-t target-pane]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_clock_mode_exec,
};

static enum cmd_retval
cmd_clock_mode_exec(struct cmd *self, struct cmdq_item *item)
{
	(void)self;
	clock_enter(item->target.p);
	return (CMD_RETURN_NORMAL);
}
