/*
 * list-commands (lscm): every command with its alias and usage.
 */
#include <string.h>

#include "cmd/cmd.h"

static enum cmd_retval	cmd_list_commands_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_list_commands_entry = {
	.name = "list-commands",
	.alias = "lscm",
	.args = { "", 0, 1 },
	.usage = "[command]",
	.target = CMD_TARGET_NONE,
	.flags = CMD_STARTSERVER,
	.exec = cmd_list_commands_exec,
};

static enum cmd_retval
cmd_list_commands_exec(struct cmd *self, struct cmdq_item *item)
{
	const struct cmd_entry *const	*ce;
	const char			*only = NULL;
	int				 found = 0;

	if (self->args->argc == 1)
		only = self->args->argv[0];
	for (ce = cmd_table; *ce != NULL; ce++) {
		if (only != NULL && strcmp((*ce)->name, only) != 0 &&
		    ((*ce)->alias == NULL || strcmp((*ce)->alias, only) != 0))
			continue;
		found = 1;
		if ((*ce)->alias != NULL)
			cmdq_print(item, "%s (%s) %s", (*ce)->name,
			    (*ce)->alias, (*ce)->usage);
		else
			cmdq_print(item, "%s %s", (*ce)->name, (*ce)->usage);
	}
	if (!found) {
		cmdq_error(item, "unknown command: %s", only);
		return (CMD_RETURN_ERROR);
	}
	return (CMD_RETURN_NORMAL);
}
