/*
 * set-hook: set, append to, unset or run a hook (model/hooks.h), as tmux
 * 3.3a's set-hook. Which table a hook goes in follows from the hook, as an
 * option's does: a session hook goes in the global session table with -g,
 * else the target session's; a window hook in the target pane's with -p,
 * else the global window table with -g, else the target window's (-w
 * changes nothing, as in tmux). A member is the command text, checked to
 * parse; without an index, the hook is cleared and the text becomes
 * member 0 (-a: it goes at the first free index).
 */
#include <stdlib.h>

#include "cmd/cmd.h"
#include "cmd/cmd-hooks.h"
#include "common/xmalloc.h"
#include "model/format.h"
#include "model/hooks.h"
#include "model/session.h"
#include "model/window.h"

extern const struct cmd_entry cmd_set_option_entry;

const struct cmd_entry cmd_set_hook_entry = {
	.name = "set-hook",
	.alias = NULL,
	.args = { "agpRt:uw", 1, 2 },
	.usage = "[-agpRuw] [-t target-pane] hook [command]",
	.target = CMD_TARGET_PANE,
	.flags = CMD_CANFAIL,
	.exec = cmd_set_hook,
};

enum cmd_retval
cmd_set_hook(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	const struct hook_def	*def;
	struct hooks		**where, *hs;
	struct hook		*h;
	struct cmd_list		*cl;
	const char		*value = args->argc > 1 ? args->argv[1] : NULL;
	char			*name, *cause = NULL;
	int			 idx, global;
	enum cmd_retval		 rv = CMD_RETURN_ERROR;

	name = format_expand(args->argv[0], &item->target, item->client);
	if (args_has(args, 'R')) {
		/* Run it now; a name that is no hook runs nothing. */
		rv = CMD_RETURN_NORMAL;
		if ((def = hooks_def_find(name)) != NULL)
			rv = cmd_hooks_run_now(item, def);
		free(name);
		return (rv);
	}
	if ((def = hooks_match(name, &idx, &cause)) == NULL) {
		if (cause == NULL) {
			/* An option: set-hook is set-option there. */
			free(name);
			return (cmd_set_option_entry.exec(self, item));
		}
		cmdq_error(item, "%s", cause);
		free(cause);
		goto out;
	}
	if ((where = cmd_hooks_where(item, args, def, &global)) == NULL)
		goto out;
	h = hooks_get_only(*where, def);
	if (args_has(args, 'u')) {
		rv = CMD_RETURN_NORMAL;
		if (h == NULL)
			goto out;
		if (idx != -1)
			hook_unset(h, idx);
		else if (global)
			hook_clear(h);	/* back to its default: empty */
		else
			hooks_remove(*where, def);
		goto out;
	}
	if (value == NULL) {
		cmdq_error(item, "empty value");
		goto out;
	}
	if (!cmd_hooks_text_empty(value)) {
		cl = cmd_parse_string(value, NULL, &cause);
		if (cl == NULL) {
			cmdq_error(item, "%s", cause);
			free(cause);
			goto out;
		}
		cmd_list_free(cl);
	}
	hs = hooks_table(where);
	h = hooks_add(hs, def);
	rv = CMD_RETURN_NORMAL;
	if (idx == -1) {
		if (!args_has(args, 'a'))
			hook_clear(h);
		if (*value == '\0')
			goto out;	/* as tmux: "" sets no member */
		idx = hook_next_index(h);
	}
	hook_set(h, idx, value);
out:
	free(name);
	return (rv);
}
