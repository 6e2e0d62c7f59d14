/*
 * show-hooks: list hooks as tmux 3.3a's show-hooks does. With no name, the
 * hooks set in one table: the target session's (-g: the global session
 * table), -w the target window's (-gw: the global window table), -p the
 * target pane's. A hook present but empty prints as its bare name; each
 * member as "name[N] command", the command printed as tmux prints it.
 * With a name (and maybe [N]) the table follows from the hook, as for
 * set-hook.
 */
#include <stdlib.h>

#include "cmd/cmd.h"
#include "cmd/cmd-hooks.h"
#include "cmd/cmd-json.h"
#include "common/xmalloc.h"
#include "model/format.h"
#include "model/hooks.h"
#include "model/session.h"
#include "model/window.h"

extern const struct cmd_entry cmd_show_options_entry;

const struct cmd_entry cmd_show_hooks_entry = {
	.name = "show-hooks",
	.alias = NULL,
	.args = { "gJpt:w", 0, 1 },
	.usage = "[-gJpw] [-t target-pane]",
	.target = CMD_TARGET_PANE,
	.flags = CMD_CANFAIL,
	.exec = cmd_show_hooks,
};

/* One member: "name[N] command". */
static void
cmd_show_hooks_member(struct cmdq_item *item, const struct hook *h,
    unsigned int idx, const char *text)
{
	char	*s = text != NULL ? cmd_hooks_print(text) : NULL;

	cmdq_print(item, "%s[%u] %s", h->def->name, idx,
	    s != NULL ? s : text != NULL ? text : "");
	free(s);
}

/* A hook as show-hooks lists it. */
void
cmd_show_hooks_one(struct cmdq_item *item, const struct hook *h)
{
	unsigned int	i;

	if (h->n == 0) {
		cmdq_print(item, "%s", h->def->name);
		return;
	}
	for (i = 0; i < h->n; i++)
		cmd_show_hooks_member(item, h, h->cmds[i].idx, h->cmds[i].text);
}

/* The table the flags name; NULL after reporting. */
static struct hooks *
cmd_show_hooks_table(struct cmdq_item *item, const struct args *args,
    int *missing)
{
	struct target	*t = &item->target;

	*missing = 0;
	if (args_has(args, 'p')) {
		if (t->p == NULL)
			goto none;
		return (t->p->hooks);
	}
	if (args_has(args, 'w')) {
		if (args_has(args, 'g'))
			return (hooks_global(HOOK_WINDOW));
		if (t->w == NULL)
			goto none;
		return (t->w->hooks);
	}
	if (args_has(args, 'g'))
		return (hooks_global(HOOK_SESSION));
	if (t->s == NULL)
		goto none;
	return (t->s->hooks);
none:
	cmdq_error(item, "no current %s", args_has(args, 'p') ? "pane" :
	    args_has(args, 'w') ? "window" : "session");
	*missing = 1;
	return (NULL);
}

enum cmd_retval
cmd_show_hooks(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	const struct hook_def	*def;
	struct hooks		*hs, **where;
	struct hook		*h;
	char			*name, *cause = NULL;
	unsigned int		 i;
	int			 idx, missing, global;
	const char		*scope;
	struct cmd_json		 cj;

	if (args->argc == 0) {
		hs = cmd_show_hooks_table(item, args, &missing);
		if (missing)
			return (CMD_RETURN_ERROR);
		if (args_has(args, 'J')) {
			scope = args_has(args, 'p') ? "pane" :
			    args_has(args, 'w') ? "window" : "session";
			cmd_json_start(&cj);
			for (i = 0; hs != NULL && i < hs->n; i++)
				cmd_json_hook(&cj, &hs->list[i], -1, scope,
				    args_has(args, 'g') && !args_has(args, 'p'));
			cmd_json_end(&cj, item);
			return (CMD_RETURN_NORMAL);
		}
		for (i = 0; hs != NULL && i < hs->n; i++)
			cmd_show_hooks_one(item, &hs->list[i]);
		return (CMD_RETURN_NORMAL);
	}
	name = format_expand(args->argv[0], &item->target, item->client);
	def = hooks_match(name, &idx, &cause);
	free(name);
	if (def == NULL && cause == NULL)
		return (cmd_show_options_entry.exec(self, item));
	if (def == NULL) {
		cmdq_error(item, "%s", cause);
		free(cause);
		return (CMD_RETURN_ERROR);
	}
	if ((where = cmd_hooks_where(item, args, def, &global)) == NULL)
		return (CMD_RETURN_ERROR);
	h = hooks_get_only(*where, def);
	if (args_has(args, 'J')) {
		/* The table is the hook's: pane, window or session. */
		scope = args_has(args, 'p') ? "pane" :
		    def->scope == HOOK_WINDOW ? "window" : "session";
		cmd_json_start(&cj);
		if (h != NULL)
			cmd_json_hook(&cj, h, idx, scope, global);
		cmd_json_end(&cj, item);
		return (CMD_RETURN_NORMAL);
	}
	if (h == NULL)
		return (CMD_RETURN_NORMAL);
	if (idx == -1)
		cmd_show_hooks_one(item, h);
	else
		cmd_show_hooks_member(item, h, idx, hook_get(h, idx));
	return (CMD_RETURN_NORMAL);
}
