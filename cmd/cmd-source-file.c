/*
 * source-file (source): run the commands in a file. Errors name the file
 * and line; the rest of the file still runs.
 */
#include "cmd/cmd.h"

static enum cmd_retval	cmd_source_file_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_source_file_entry = {
	.name = "source-file",
	.alias = "source",
	.args = { "q", 1, -1 },
	.usage = "[-q] path ...",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_source_file_exec,
};

static enum cmd_retval
cmd_source_file_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	int		 i, errors = 0;

	for (i = 0; i < args->argc; i++)
		errors += cmd_source_file(args->argv[i], item,
		    args_has(args, 'q'));
	return (errors == 0 ? CMD_RETURN_NORMAL : CMD_RETURN_ERROR);
}
