/*
 * set-environment (setenv) and show-environment (showenv): the global
 * (-g) or a session's environment table, which new panes and shell
 * commands start with. -u forgets a variable (a session's then falls back
 * to the global one); -r marks it removed, so processes do not get it;
 * -h sets it hidden (processes do not get it, and show-environment shows
 * it only with -h, which shows only hidden ones); -F expands the value as
 * a format.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/cmd-json.h"
#include "model/environ.h"
#include "model/format.h"
#include "model/state.h"
#include "model/session.h"

static enum cmd_retval	cmd_set_environment_exec(struct cmd *,
			    struct cmdq_item *);
static enum cmd_retval	cmd_show_environment_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_set_environment_entry = {
	.name = "set-environment",
	.alias = "setenv",
	.args = { "Fhgrt:u", 1, 2 },
	.usage = "[-Fhgru] [-t target-session] name [value]",
	.target = CMD_TARGET_SESSION,
	.flags = CMD_CANFAIL,
	.exec = cmd_set_environment_exec,
};

const struct cmd_entry cmd_show_environment_entry = {
	.name = "show-environment",
	.alias = "showenv",
	.args = { "hgJst:", 0, 1 },
	.usage = "[-hgJs] [-t target-session] [name]",
	.target = CMD_TARGET_SESSION,
	.flags = CMD_CANFAIL,
	.exec = cmd_show_environment_exec,
};

/* The table the flags name. */
static struct environ *
cmd_environment_table(struct cmdq_item *item, const struct args *args)
{
	if (args_has(args, 'g'))
		return (srv->environ);
	if (item->target.s == NULL) {
		cmdq_error(item, "no current session");
		return (NULL);
	}
	return (item->target.s->environ);
}

static enum cmd_retval
cmd_set_environment_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct environ	*env;
	const char	*name = args->argv[0];
	const char	*value = args->argc > 1 ? args->argv[1] : NULL;
	struct target	 t;
	char		*expanded;

	if (*name == '\0' || strchr(name, '=') != NULL) {
		cmdq_error(item, "invalid environment variable: %s", name);
		return (CMD_RETURN_ERROR);
	}
	if ((env = cmd_environment_table(item, args)) == NULL)
		return (CMD_RETURN_ERROR);
	if (args_has(args, 'u')) {
		if (value != NULL) {
			cmdq_error(item, "can't specify a value with -u");
			return (CMD_RETURN_ERROR);
		}
		environ_unset(env, name);
	} else if (args_has(args, 'r')) {
		if (value != NULL) {
			cmdq_error(item, "can't specify a value with -r");
			return (CMD_RETURN_ERROR);
		}
		environ_remove(env, name);
	} else {
		if (value == NULL) {
			cmdq_error(item, "no value specified");
			return (CMD_RETURN_ERROR);
		}
		if (args_has(args, 'F')) {
			/* -F: the value is a format of the target. */
			cmd_find_current(item, &t);
			if (args_has(args, 't') && cmd_find_target(item,
			    args_get(args, 't'), CMD_TARGET_SESSION, &t) != 0)
				return (CMD_RETURN_ERROR);
			expanded = format_expand(value, &t, item->client);
			value = expanded;
		} else
			expanded = NULL;
		if (args_has(args, 'h'))
			environ_set_hidden(env, name, value);
		else
			environ_set(env, name, value);
		free(expanded);
	}
	return (CMD_RETURN_NORMAL);
}

/* Print one variable: NAME=VALUE, -NAME when removed; -s as shell. */
static void
cmd_show_environment_print(struct cmdq_item *item, const char *name,
    const char *value, int shell)
{
	const char	*p;
	char		*quoted, *q;

	if (value == NULL) {
		if (shell)
			cmdq_print(item, "unset %s;", name);
		else
			cmdq_print(item, "-%s", name);
		return;
	}
	if (!shell) {
		cmdq_print(item, "%s=%s", name, value);
		return;
	}
	quoted = q = malloc(strlen(value) * 2 + 1);
	for (p = value; *p != '\0'; p++) {
		if (strchr("$`\"\\", *p) != NULL)
			*q++ = '\\';
		*q++ = *p;
	}
	*q = '\0';
	cmdq_print(item, "%s=\"%s\"; export %s;", name, quoted, name);
	free(quoted);
}

static enum cmd_retval
cmd_show_environment_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct environ	*env;
	const char	*name, *value;
	unsigned int	 i;
	int		 removed, json = args_has(args, 'J');
	struct cmd_json	 cj;

	if (json && args_has(args, 's')) {
		cmdq_error(item, "-J and -s cannot be used together");
		return (CMD_RETURN_ERROR);
	}
	if ((env = cmd_environment_table(item, args)) == NULL)
		return (CMD_RETURN_ERROR);
	if (args->argc == 1) {
		value = environ_get(env, args->argv[0], &removed);
		if (value == NULL && !removed) {
			cmdq_error(item, "unknown variable: %s", args->argv[0]);
			return (CMD_RETURN_ERROR);
		}
		if (json)
			cmd_json_start(&cj);
		/* -h shows only hidden variables; without it, none. */
		if (environ_is_hidden(env, args->argv[0]) != args_has(args, 'h'))
			value = name = NULL;	/* not shown */
		else
			name = args->argv[0];
		if (json && name != NULL)
			cmd_json_environ(&cj, name, value, args_has(args, 'h'),
			    env == srv->environ);
		else if (name != NULL)
			cmd_show_environment_print(item, name, value,
			    args_has(args, 's'));
		if (json)
			cmd_json_end(&cj, item);
		return (CMD_RETURN_NORMAL);
	}
	if (json)
		cmd_json_start(&cj);
	for (i = 0; i < environ_count(env); i++) {
		environ_at(env, i, &name, &value);
		if (environ_hidden_at(env, i) != args_has(args, 'h'))
			continue;
		if (json)
			cmd_json_environ(&cj, name, value, args_has(args, 'h'),
			    env == srv->environ);
		else
			cmd_show_environment_print(item, name, value,
			    args_has(args, 's'));
	}
	if (json)
		cmd_json_end(&cj, item);
	return (CMD_RETURN_NORMAL);
}
