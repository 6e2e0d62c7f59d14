/*
 * source-file (source): run the commands in files. Errors name the file
 * and line; the lines that parse still run.
 */
#include <stdlib.h>

#include "cmd/cmd.h"
#include "common/xmalloc.h"

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
	struct args		*args = self->args;
	struct cmdq_item	*root = cmdq_root(item);
	struct cmd_list		*all, *cl;
	size_t			 before = root->err.len;
	enum cmd_retval		 rv;
	unsigned int		 j;
	int			 i;

	all = xcalloc(1, sizeof *all);
	all->references = 1;
	for (i = 0; i < args->argc; i++) {
		cl = cmd_parse_file(args->argv[i], &root->err,
		    args_has(args, 'q'));
		if (cl == NULL)
			continue;
		for (j = 0; j < cl->n; j++) {
			all->cmds = xreallocarray(all->cmds, all->n + 1,
			    sizeof *all->cmds);
			all->cmds[all->n++] = cl->cmds[j];
		}
		cl->n = 0;
		cmd_list_free(cl);
	}
	rv = cmdq_run_nested(item, all);
	cmd_list_free(all);
	if (root->err.len != before && rv == CMD_RETURN_NORMAL)
		rv = CMD_RETURN_ERROR;
	return (rv);
}
