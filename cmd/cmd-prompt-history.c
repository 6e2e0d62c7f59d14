/*
 * show-prompt-history (showphist) and clear-prompt-history (clearphist):
 * the command prompt's history, for each prompt type of tmux (command,
 * search, target, window-target) or only the one -T names (command-prompt
 * -T says which a prompt's lines go to).
 */
#include <string.h>

#include "cmd/cmd.h"
#include "draw/prompt.h"
#include "model/state.h"

static enum cmd_retval	cmd_prompt_history_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_show_prompt_history_entry = {
	.name = "show-prompt-history",
	.alias = "showphist",
	.args = { "T:", 0, 0 },
	.usage = "[-T type]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_prompt_history_exec,
};

const struct cmd_entry cmd_clear_prompt_history_entry = {
	.name = "clear-prompt-history",
	.alias = "clearphist",
	.args = { "T:", 0, 0 },
	.usage = "[-T type]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_prompt_history_exec,
};

static enum cmd_retval
cmd_prompt_history_exec(struct cmd *self, struct cmdq_item *item)
{
	const char			*name = args_get(self->args, 'T');
	const struct prompt_history	*h;
	int				 clear, type, only = -1;
	unsigned int			 n;

	clear = self->entry == &cmd_clear_prompt_history_entry;
	if (name != NULL && (only = prompt_history_type(name)) == -1) {
		cmdq_error(item, "invalid type: %s", name);
		return (CMD_RETURN_ERROR);
	}
	for (type = 0; type < PROMPT_HISTORY_NTYPES; type++) {
		if (only != -1 && type != only)
			continue;
		if (clear) {
			prompt_history_clear(type);
			continue;
		}
		h = prompt_history_get(type);
		cmdq_print(item, "History for %s:\n",
		    prompt_history_name(type));
		for (n = 0; n < h->n; n++)
			cmdq_print(item, "%u: %s", n + 1, h->lines[n]);
		cmdq_print(item, "%s", "");
	}
	return (CMD_RETURN_NORMAL);
}
