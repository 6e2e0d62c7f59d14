/*
 * set-option (set) and show-options (show). The table an option lives in
 * follows from its definition (server, session or window option); -g
 * picks the global table, else the target session's or window's own.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "common/xmalloc.h"
#include "server/client.h"
#include "server/options.h"
#include "server/server.h"
#include "server/session.h"
#include "server/window.h"

static enum cmd_retval	cmd_set_option_exec(struct cmd *, struct cmdq_item *);
static enum cmd_retval	cmd_show_options_exec(struct cmd *,
			    struct cmdq_item *);

extern const struct cmd_entry cmd_show_window_options_entry;

const struct cmd_entry cmd_set_option_entry = {
	.name = "set-option",
	.alias = "set",
	.args = { "agopqst:uw", 1, 2 },
	.usage = "[-agopqsuw] [-t target] option [value]",
	.target = CMD_TARGET_PANE,
	.flags = CMD_CANFAIL,
	.exec = cmd_set_option_exec,
};

const struct cmd_entry cmd_set_window_option_entry = {
	.name = "set-window-option",
	.alias = "setw",
	.args = { "agoqt:u", 1, 2 },
	.usage = "[-agoqu] [-t target-window] option [value]",
	.target = CMD_TARGET_PANE,
	.flags = CMD_CANFAIL,
	.exec = cmd_set_option_exec,
};

const struct cmd_entry cmd_show_window_options_entry = {
	.name = "show-window-options",
	.alias = "showw",
	.args = { "gt:v", 0, 1 },
	.usage = "[-gv] [-t target-window] [option]",
	.target = CMD_TARGET_PANE,
	.flags = CMD_CANFAIL,
	.exec = cmd_show_options_exec,
};

const struct cmd_entry cmd_show_options_entry = {
	.name = "show-options",
	.alias = "show",
	.args = { "gpqst:vw", 0, 1 },
	.usage = "[-gpqsvw] [-t target] [option]",
	.target = CMD_TARGET_PANE,
	.flags = CMD_CANFAIL,
	.exec = cmd_show_options_exec,
};

/* The table for scope: global with -g (or no target), else the target's. */
static struct options *
cmd_options_table(struct cmdq_item *item, const struct args *args,
    enum option_scope scope)
{
	int	global = args_has(args, 'g');

	switch (scope) {
	case OPTION_SERVER:
		return (srv->options);
	case OPTION_SESSION:
		if (global)
			return (srv->session_options);
		if (item->target.s == NULL) {
			cmdq_error(item, "no such session");
			return (NULL);
		}
		return (item->target.s->options);
	case OPTION_WINDOW:
		if (global)
			return (srv->window_options);
		if (item->target.w == NULL) {
			cmdq_error(item, "no such window");
			return (NULL);
		}
		return (item->target.w->options);
	}
	return (NULL);
}

/* The scope the flags ask for when no option names it. */
static enum option_scope
cmd_options_scope(const struct args *args)
{
	if (args_has(args, 's'))
		return (OPTION_SERVER);
	if (args_has(args, 'w') || args_has(args, 'p'))
		return (OPTION_WINDOW);
	return (OPTION_SESSION);
	return (OPTION_SESSION);
}

static enum cmd_retval
cmd_set_option_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	const struct option_def	*od;
	struct options		*oo;
	const char		*name = args->argv[0];
	const char		*value = args->argc > 1 ? args->argv[1] : NULL;
	char			*cause;
	struct client		*c;

	if ((od = options_find(name)) == NULL) {
		if (args_has(args, 'q'))
			return (CMD_RETURN_NORMAL);
		cmdq_error(item, "invalid option: %s", name);
		return (CMD_RETURN_ERROR);
	}
	if ((oo = cmd_options_table(item, args, od->scope)) == NULL)
		return (CMD_RETURN_ERROR);
	if (args_has(args, 'u')) {
		if (oo == srv->options || oo == srv->session_options ||
		    oo == srv->window_options) {
			cmdq_error(item, "can't unset global option: %s",
			    od->name);
			return (CMD_RETURN_ERROR);
		}
		options_unset(oo, od->name);
		goto changed;
	}
	if (args_has(args, 'o') && options_is_set(oo, od->name)) {
		cmdq_error(item, "already set: %s", od->name);
		return (CMD_RETURN_ERROR);
	}
	if (options_set(oo, od->name, value, args_has(args, 'a'),
	    &cause) != 0) {
		cmdq_error(item, "%s", cause);
		free(cause);
		return (CMD_RETURN_ERROR);
	}
changed:
	/* Status line options change sizes and what clients show. */
	client_update_sizes();
	TAILQ_FOREACH(c, &srv->clients, entry)
		c->flags |= CLIENT_REDRAW;
	server_status_changed();
	return (CMD_RETURN_NORMAL);
}

/* Print one option of a table. */
static void
cmd_show_option(struct cmdq_item *item, struct options *oo,
    const struct option_def *od, int value_only)
{
	char	*v = options_to_string(oo, od->name);

	if (value_only)
		cmdq_print(item, "%s", v);
	else if (od->type == OPTION_STRING &&
	    (*v == '\0' || strpbrk(v, " \t\"'#;$\\") != NULL)) {
		/* Quoted so that the line reads back as a set-option. */
		char	*q = xmalloc(strlen(v) * 2 + 1), *out = q;
		const char *p;

		for (p = v; *p != '\0'; p++) {
			if (*p == '"' || *p == '\\' || *p == '$')
				*out++ = '\\';
			*out++ = *p;
		}
		*out = '\0';
		cmdq_print(item, "%s \"%s\"", od->name, q);
		free(q);
	} else
		cmdq_print(item, "%s %s", od->name, v);
	free(v);
}

static enum cmd_retval
cmd_show_options_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	const struct option_def	*od;
	struct options		*oo;
	enum option_scope	 scope;
	unsigned int		 i;

	if (args->argc == 1) {
		if ((od = options_find(args->argv[0])) == NULL) {
			if (args_has(args, 'q'))
				return (CMD_RETURN_NORMAL);
			cmdq_error(item, "invalid option: %s", args->argv[0]);
			return (CMD_RETURN_ERROR);
		}
		if ((oo = cmd_options_table(item, args, od->scope)) == NULL)
			return (CMD_RETURN_ERROR);
		cmd_show_option(item, oo, od, args_has(args, 'v'));
		return (CMD_RETURN_NORMAL);
	}
	scope = cmd_options_scope(args);
	if (self->entry == &cmd_show_window_options_entry)
		scope = OPTION_WINDOW;
	if ((oo = cmd_options_table(item, args, scope)) == NULL)
		return (CMD_RETURN_ERROR);
	for (i = 0; (od = options_def_at(i)) != NULL; i++) {
		if (od->scope != scope)
			continue;
		/* A session's or window's own table shows what it sets. */
		if (!args_has(args, 'g') && scope != OPTION_SERVER &&
		    !options_is_set(oo, od->name))
			continue;
		cmd_show_option(item, oo, od, args_has(args, 'v'));
	}
	return (CMD_RETURN_NORMAL);
}
