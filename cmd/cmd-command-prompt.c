/*
 * command-prompt and confirm-before: open a prompt in the status line of
 * the current client. command-prompt runs the input (or the template with
 * %% / %1 replaced by it); with -N it takes digits only, and the first
 * other key runs the template and then acts as a key (copy mode's repeat
 * counts); with -1 one character is the input, with -k one key's name.
 * -T picks the history (command, search, target, window-target); with -i
 * the template runs as the input changes, with it after '=' ('-' and '+'
 * for C-r and C-s, searching again), as copy mode's incremental search
 * takes it, and Enter keeps what it found.
 * -F expands the template as a format first. confirm-before runs its command on 'y'. Both wait, as tmux's
 * do, until the prompt is answered and what it ran has finished, unless
 * -b.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "model/format.h"
#include "draw/prompt.h"
#include "draw/view.h"

static enum cmd_retval	cmd_command_prompt_exec(struct cmd *,
			    struct cmdq_item *);
static enum cmd_retval	cmd_confirm_before_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_command_prompt_entry = {
	.name = "command-prompt",
	.alias = NULL,
	.args = { "1bFiI:kNp:t:T:", 0, 1 },
	.usage = "[-1bFikN] [-I inputs] [-p prompts] [-t target-client] "
	    "[-T type] [template]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_command_prompt_exec,
};

const struct cmd_entry cmd_confirm_before_entry = {
	.name = "confirm-before",
	.alias = "confirm",
	.args = { "bp:t:", 1, 1 },
	.usage = "[-b] [-p prompt] [-t target-client] command",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_confirm_before_exec,
};

/* The prompt was answered: the waiting command runs what it accepted
 * inside itself (cl NULL: nothing), then goes on. */
static void
cmd_prompt_done(void *arg, struct cmd_list *cl)
{
	struct cmdq_item	*item = arg;
	enum cmd_retval		 rc;

	if (cl == NULL) {
		cmdq_continue(item, 0);
		return;
	}
	/* As inside its exec: a list that ends at once only says so, and
	 * the item is continued here, after cmdq_run_nested is done with
	 * it. */
	item->in_exec = 1;
	rc = cmdq_run_nested(item, cl);
	item->in_exec = 0;
	if (rc != CMD_RETURN_WAIT)
		cmdq_continue(item, rc == CMD_RETURN_ERROR);
}

/* Tab: complete from the command names (and what the prompt adds
 * itself). */
static void
cmd_prompt_complete(struct client *c)
{
	const struct cmd_entry *const	*ce;
	const char			**names;
	size_t				 n = 0;

	for (ce = cmd_table; *ce != NULL; ce++)
		n++;
	names = xcalloc(n + 1, sizeof *names);
	for (n = 0, ce = cmd_table; *ce != NULL; ce++)
		names[n++] = (*ce)->name;
	prompt_complete(c, names);
	free(names);
}

/* A key at the prompt (its overlay's, prompt.h); an accepted line runs as
 * commands, or goes to the command that waits for it. Returns 1 when the
 * key is to be taken as a key after all (a repeat count's end). */
static int
cmd_prompt_key(struct client *c, key_code key)
{
	struct cmd_list		*cl = NULL;
	char			*command = NULL, *cause = NULL;
	enum prompt_result	 result;
	void			(*done)(void *, struct cmd_list *);
	void			*arg;

	if (key == '\t') {
		cmd_prompt_complete(c);
		return (0);
	}
	/* Held aside while the key is fed, so that the prompt closing does
	 * not end the wait before the command is known. */
	done = c->prompt_done;
	arg = c->prompt_done_arg;
	c->prompt_done = NULL;
	result = prompt_key(c, key, &command);
	if (result == PROMPT_RUN) {
		/* An incremental prompt's command; the prompt stays. */
		c->prompt_done = done;
		c->prompt_done_arg = arg;
		if ((cl = cmd_parse_string(command, NULL, &cause)) == NULL) {
			view_client_errors(c, cause, strlen(cause));
			free(cause);
		} else
			cmdq_run(cmdq_new(c, cl, NULL), cmdq_client_done,
			    NULL);
		cmd_list_free(cl);
		free(command);
		return (0);
	}
	if (result == PROMPT_CONTINUE) {
		if (prompt_active(c)) {
			c->prompt_done = done;
			c->prompt_done_arg = arg;
		} else if (done != NULL)
			done(arg, NULL);
		return (0);
	}
	if (result != PROMPT_ACCEPT && result != PROMPT_ACCEPT_KEY) {
		if (done != NULL)
			done(arg, NULL);
		return (0);
	}
	if (*command != '\0') {
		if ((cl = cmd_parse_string(command, NULL, &cause)) == NULL) {
			view_client_errors(c, cause, strlen(cause));
			free(cause);
		} else if (done == NULL) {
			cmdq_run(cmdq_new(c, cl, NULL), cmdq_client_done,
			    NULL);
		}
	}
	/* The waiting command runs the input inside itself, in order. */
	if (done != NULL)
		done(arg, cl);
	cmd_list_free(cl);
	free(command);
	return (result == PROMPT_ACCEPT_KEY);
}

/* Wait for the prompt just opened on c, unless -b. */
static enum cmd_retval
cmd_prompt_wait(struct cmd *self, struct cmdq_item *item, struct client *c)
{
	if (args_has(self->args, 'b') || !prompt_active(c))
		return (CMD_RETURN_NORMAL);
	c->prompt_done = cmd_prompt_done;
	c->prompt_done_arg = item;
	return (CMD_RETURN_WAIT);
}

static enum cmd_retval
cmd_command_prompt_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct client	*c = cmd_get_client(item, args_get(self->args, 't'));
	struct cmd_list	*cl;
	char		*label, *initial = NULL, *template = NULL, *cause;
	int		 type, history = PROMPT_HISTORY_COMMAND, flags = 0;

	if (c == NULL)
		return (CMD_RETURN_ERROR);
	if (args_has(args, 'T') &&
	    (history = prompt_history_type(args_get(args, 'T'))) == -1) {
		cmdq_error(item, "unknown type: %s", args_get(args, 'T'));
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'i'))
		flags |= PROMPT_INCREMENTAL;
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
	if (args->argc == 1 && args_has(args, 'F'))
		template = format_expand(args->argv[0], &item->current, c);
	else if (args->argc == 1)
		template = xstrdup(args->argv[0]);
	if (args_has(args, 'k'))
		type = PROMPT_KEYNAME;
	else if (args_has(args, '1'))
		type = PROMPT_SINGLE;
	else if (args_has(args, 'N'))
		type = PROMPT_NUMERIC;
	else
		type = PROMPT_COMMAND;
	prompt_open(c, label, initial, template, type, history, flags,
	    cmd_prompt_key);
	/* -i: what it starts with is searched for at once, as tmux does. */
	if ((flags & PROMPT_INCREMENTAL) && type == PROMPT_COMMAND &&
	    initial != NULL && *initial != '\0') {
		template = prompt_incremental(c, '=');
		if ((cl = cmd_parse_string(template, NULL, &cause)) == NULL) {
			cmdq_error(item, "%s", cause);
			free(cause);
		} else {
			cmdq_run(cmdq_new(c, cl, NULL), NULL, NULL);
			cmd_list_free(cl);
		}
	}
	free(template);
	free(initial);
	free(label);
	return (cmd_prompt_wait(self, item, c));
}

static enum cmd_retval
cmd_confirm_before_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct client	*c = cmd_get_client(item, args_get(self->args, 't'));
	char		*label, *text;
	size_t		 n;

	if (c == NULL)
		return (CMD_RETURN_ERROR);
	if (args_has(args, 'p'))
		text = format_expand(args_get(args, 'p'), &item->current, c);
	else {
		n = strcspn(args->argv[0], " ");
		text = xasprintf("Confirm '%.*s'? (y/n)", (int)n,
		    args->argv[0]);
	}
	label = xasprintf("%s ", text);
	prompt_open(c, label, NULL, args->argv[0], PROMPT_CONFIRM,
	    PROMPT_HISTORY_COMMAND, 0, cmd_prompt_key);
	free(label);
	free(text);
	return (cmd_prompt_wait(self, item, c));
}
