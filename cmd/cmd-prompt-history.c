/*
 * show-prompt-history (showphist) and clear-prompt-history (clearphist):
 * the command prompt's history, for each prompt type of tmux (command,
 * search, target, window-target) or only the one -T names. mux's prompts
 * are all command prompts, so only "command" ever has lines.
 */
#include <string.h>

#include "cmd/cmd.h"
#include "server/prompt.h"
#include "server/server.h"

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

static const char *const cmd_prompt_types[] = {
	"command", "search", "target", "window-target", NULL
};

static enum cmd_retval
cmd_prompt_history_exec(struct cmd *self, struct cmdq_item *item)
{
	const char		*type = args_get(self->args, 'T');
	struct prompt_history	*h = &srv->prompt_history;
	int			 clear, i;
	unsigned int		 n;

	clear = self->entry == &cmd_clear_prompt_history_entry;
	if (type != NULL) {
		for (i = 0; cmd_prompt_types[i] != NULL; i++) {
			if (strcmp(cmd_prompt_types[i], type) == 0)
				break;
		}
		if (cmd_prompt_types[i] == NULL) {
			cmdq_error(item, "invalid type: %s", type);
			return (CMD_RETURN_ERROR);
		}
	}
	for (i = 0; cmd_prompt_types[i] != NULL; i++) {
		if (type != NULL && strcmp(cmd_prompt_types[i], type) != 0)
			continue;
		if (clear) {
			if (i == 0)
				prompt_history_free();
			continue;
		}
		cmdq_print(item, "History for %s:\n", cmd_prompt_types[i]);
		for (n = 0; i == 0 && n < h->n; n++)
			cmdq_print(item, "%u: %s", n + 1, h->lines[n]);
		cmdq_print(item, "%s", "");
	}
	return (CMD_RETURN_NORMAL);
}
