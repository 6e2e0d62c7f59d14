/*
 * choose-tree: pick a session (-s) or a window (-w, the default) from a
 * list over the current client's window. -Z is accepted for tmux's
 * default bindings: the list already covers the window.
 */
#include "cmd/cmd.h"
#include "server/tree.h"

static enum cmd_retval	cmd_choose_tree_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_choose_tree_entry = {
	.name = "choose-tree",
	.alias = NULL,
	.args = { "st:wZ", 0, 0 },
	.usage = "[-swZ] [-t target-pane]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_choose_tree_exec,
};

static enum cmd_retval
cmd_choose_tree_exec(struct cmd *self, struct cmdq_item *item)
{
	struct client	*c = cmd_find_client(item);

	if (c == NULL) {
		cmdq_error(item, "no client to show the tree on");
		return (CMD_RETURN_ERROR);
	}
	tree_open(c, !args_has(self->args, 's'));
	return (CMD_RETURN_NORMAL);
}
