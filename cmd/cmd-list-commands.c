/*
 * list-commands (lscm): every command with its alias and usage, or -F a
 * format of #{command_list_name}, #{command_list_alias} and
 * #{command_list_usage}, or -J as JSON.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/cmd-json.h"
#include "model/format.h"

static enum cmd_retval	cmd_list_commands_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_list_commands_entry = {
	.name = "list-commands",
	.alias = "lscm",
	.args = { "F:J", 0, 1 },
	.usage = "[-J] [-F format] [command]",
	.target = CMD_TARGET_NONE,
	.flags = CMD_STARTSERVER,
	.exec = cmd_list_commands_exec,
};

static enum cmd_retval
cmd_list_commands_exec(struct cmd *self, struct cmdq_item *item)
{
	const struct cmd_entry *const	*ce;
	const char			*only = NULL;
	const char			*template = args_get(self->args, 'F');
	int				 found = 0;
	struct cmd_json			 cj;
	struct format_pair		 pairs[3];
	struct format_extra		 extra = { .pairs = pairs, .npairs = 3 };
	char				*line;

	if (cmd_json_check(item, self->args))
		return (CMD_RETURN_ERROR);
	if (args_has(self->args, 'J'))
		cmd_json_start(&cj);
	if (self->args->argc == 1)
		only = self->args->argv[0];
	for (ce = cmd_table; *ce != NULL; ce++) {
		if (only != NULL && strcmp((*ce)->name, only) != 0 &&
		    ((*ce)->alias == NULL || strcmp((*ce)->alias, only) != 0))
			continue;
		found = 1;
		if (args_has(self->args, 'J'))
			cmd_json_command(&cj, *ce);
		else if (template != NULL) {
			pairs[0].name = "command_list_name";
			pairs[0].value = (*ce)->name;
			pairs[1].name = "command_list_alias";
			pairs[1].value = (*ce)->alias != NULL ? (*ce)->alias : "";
			pairs[2].name = "command_list_usage";
			pairs[2].value = (*ce)->usage;
			line = format_expand_extra(template, &item->current,
			    item->client, &extra);
			cmdq_print(item, "%s", line);
			free(line);
		} else if ((*ce)->alias != NULL)
			cmdq_print(item, "%s (%s) %s", (*ce)->name,
			    (*ce)->alias, (*ce)->usage);
		else
			cmdq_print(item, "%s %s", (*ce)->name, (*ce)->usage);
	}
	if (!found) {
		if (args_has(self->args, 'J'))
			pbuf_free(&cj.pb);
		cmdq_error(item, "unknown command: %s", only);
		return (CMD_RETURN_ERROR);
	}
	if (args_has(self->args, 'J'))
		cmd_json_end(&cj, item);
	return (CMD_RETURN_NORMAL);
}
