/*
 * command-prompt and confirm-before: open a prompt in the status line of
 * the current client. command-prompt runs the input (or the template with
 * %% / %1 replaced by it); with -N it takes digits only, and the first
 * other key runs the template and then acts as a key (copy mode's repeat
 * counts). confirm-before runs its command on 'y'.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "common/xmalloc.h"
#include "server/format.h"
#include "server/prompt.h"

static enum cmd_retval	cmd_command_prompt_exec(struct cmd *,
			    struct cmdq_item *);
static enum cmd_retval	cmd_confirm_before_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_command_prompt_entry = {
	.name = "command-prompt",
	.alias = NULL,
	.args = { "I:Np:t:", 0, 1 },
	.usage = "[-N] [-I inputs] [-p prompts] [-t target-client] "
	    "[template]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_command_prompt_exec,
};

const struct cmd_entry cmd_confirm_before_entry = {
	.name = "confirm-before",
	.alias = "confirm",
	.args = { "p:t:", 1, 1 },
	.usage = "[-p prompt] [-t target-client] command",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_confirm_before_exec,
};

static enum cmd_retval
cmd_command_prompt_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct client	*c = cmd_find_client(item);
	char		*label, *initial = NULL;

	if (c == NULL) {
		cmdq_error(item, "no client to prompt");
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'p'))
		label = xasprintf("%s ", args_get(args, 'p'));
	else if (args->argc == 1) {
		/* As tmux: the command's name in parentheses. */
		size_t	n = strcspn(args->argv[0], " ");

		label = xasprintf("(%.*s) ", (int)n, args->argv[0]);
	} else
		label = xstrdup(":");
	if (args_has(args, 'I'))
		initial = format_expand(args_get(args, 'I'), &item->current, c);
	prompt_open(c, label, initial, args->argc == 1 ? args->argv[0] : NULL,
	    args_has(args, 'N') ? PROMPT_NUMERIC : PROMPT_COMMAND);
	free(initial);
	free(label);
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_confirm_before_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct client	*c = cmd_find_client(item);
	char		*label, *text;
	size_t		 n;

	if (c == NULL) {
		cmdq_error(item, "no client to prompt");
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'p'))
		text = format_expand(args_get(args, 'p'), &item->current, c);
	else {
		n = strcspn(args->argv[0], " ");
		text = xasprintf("Confirm '%.*s'? (y/n)", (int)n,
		    args->argv[0]);
	}
	label = xasprintf("%s ", text);
	prompt_open(c, label, NULL, args->argv[0], PROMPT_CONFIRM);
	free(label);
	free(text);
	return (CMD_RETURN_NORMAL);
}
