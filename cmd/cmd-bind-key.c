/*
 * bind-key (bind), unbind-key (unbind) and list-keys (lsk): the key
 * tables. -n is -T root; the default table is prefix; -r lets a key repeat
 * without the prefix within repeat-time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/key-bindings.h"
#include "common/key.h"
#include "common/xmalloc.h"

static enum cmd_retval	cmd_bind_key_exec(struct cmd *, struct cmdq_item *);
static enum cmd_retval	cmd_unbind_key_exec(struct cmd *, struct cmdq_item *);
static enum cmd_retval	cmd_list_keys_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_bind_key_entry = {
	.name = "bind-key",
	.alias = "bind",
	.args = { "nrT:", 2, -1 },
	.usage = "[-nr] [-T key-table] key command [arguments]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_bind_key_exec,
};

const struct cmd_entry cmd_unbind_key_entry = {
	.name = "unbind-key",
	.alias = "unbind",
	.args = { "anqT:", 0, 1 },
	.usage = "[-anq] [-T key-table] key",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_unbind_key_exec,
};

const struct cmd_entry cmd_list_keys_entry = {
	.name = "list-keys",
	.alias = "lsk",
	.args = { "T:", 0, 1 },
	.usage = "[-T key-table] [key]",
	.target = CMD_TARGET_NONE,
	.flags = CMD_STARTSERVER,
	.exec = cmd_list_keys_exec,
};

/* The table a command names: -T, -n for root, else prefix. */
static const char *
cmd_bind_table(const struct args *args)
{
	if (args_has(args, 'T'))
		return (args_get(args, 'T'));
	if (args_has(args, 'n'))
		return ("root");
	return ("prefix");
}

static enum cmd_retval
cmd_bind_key_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct cmd_list	*cl;
	key_code	 key;
	char		*cause;

	if ((key = key_from_string(args->argv[0])) == KEYC_NONE) {
		cmdq_error(item, "unknown key: %s", args->argv[0]);
		return (CMD_RETURN_ERROR);
	}
	cl = cmd_parse_arguments(args->argc - 1, args->argv + 1, &cause);
	if (cl == NULL) {
		cmdq_error(item, "%s", cause);
		free(cause);
		return (CMD_RETURN_ERROR);
	}
	key_bindings_add(cmd_bind_table(args), key, args_has(args, 'r'), cl);
	cmd_list_free(cl);
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_unbind_key_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct key_table	*kt;
	struct key_binding	*kb;
	key_code		 key;

	if (args_has(args, 'a')) {
		kt = key_table_find(cmd_bind_table(args), 0);
		while (kt != NULL && (kb = TAILQ_FIRST(&kt->bindings)) != NULL)
			key_bindings_remove(kt->name, kb->key);
		return (CMD_RETURN_NORMAL);
	}
	/* -q: fail without a message. */
	if (args->argc != 1) {
		if (!args_has(args, 'q'))
			cmdq_error(item, "missing key");
		return (CMD_RETURN_ERROR);
	}
	if ((key = key_from_string(args->argv[0])) == KEYC_NONE) {
		if (!args_has(args, 'q'))
			cmdq_error(item, "unknown key: %s", args->argv[0]);
		return (CMD_RETURN_ERROR);
	}
	key_bindings_remove(cmd_bind_table(args), key);
	return (CMD_RETURN_NORMAL);
}

/* A key's name as bind-key takes it back (a leading special character
 * escaped); buf must hold at least one byte more than the name. */
static const char *
cmd_list_keys_name(key_code key, char *buf, size_t size)
{
	const char	*name = key_to_string(key);

	if (name[0] == '\0' || strchr(";#\"'\\$~{}", name[0]) == NULL)
		return (name);
	snprintf(buf, size, "\\%s", name);
	return (buf);
}

/* Widen *tw and *kw to fit one table's bindings (only key if it is not
 * KEYC_NONE). */
static void
cmd_list_keys_widths(struct key_table *kt, key_code only, int *tw, int *kw)
{
	struct key_binding	*kb;
	char			 buf[64];
	int			 n;

	TAILQ_FOREACH(kb, &kt->bindings, entry) {
		if (only != KEYC_NONE && kb->key != only)
			continue;
		if ((n = strlen(kt->name)) > *tw)
			*tw = n;
		n = strlen(cmd_list_keys_name(kb->key, buf, sizeof buf));
		if (n > *kw)
			*kw = n;
	}
}

/* Print one table's bindings (only key if it is not KEYC_NONE), in
 * columns tw and kw wide as tmux aligns them. */
static void
cmd_list_keys_table(struct cmdq_item *item, struct key_table *kt,
    key_code only, int tw, int kw)
{
	struct key_binding	*kb;
	char			*cmds, buf[64];

	TAILQ_FOREACH(kb, &kt->bindings, entry) {
		if (only != KEYC_NONE && kb->key != only)
			continue;
		cmds = cmd_list_print(kb->cmds);
		cmdq_print(item, "bind-key %s-T %-*s %-*s %s",
		    kb->repeat ? "-r " : "   ", tw, kt->name, kw,
		    cmd_list_keys_name(kb->key, buf, sizeof buf), cmds);
		free(cmds);
	}
}

static enum cmd_retval
cmd_list_keys_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct key_table	*kt;
	key_code		 only = KEYC_NONE;
	int			 tw = 0, kw = 0;

	if (args->argc == 1 &&
	    (only = key_from_string(args->argv[0])) == KEYC_NONE) {
		cmdq_error(item, "invalid key: %s", args->argv[0]);
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'T')) {
		if ((kt = key_table_find(args_get(args, 'T'), 0)) == NULL) {
			cmdq_error(item, "table %s doesn't exist",
			    args_get(args, 'T'));
			return (CMD_RETURN_ERROR);
		}
		cmd_list_keys_widths(kt, only, &tw, &kw);
		cmd_list_keys_table(item, kt, only, tw, kw);
		return (CMD_RETURN_NORMAL);
	}
	for (kt = key_table_first(); kt != NULL; kt = key_table_next(kt))
		cmd_list_keys_widths(kt, only, &tw, &kw);
	for (kt = key_table_first(); kt != NULL; kt = key_table_next(kt))
		cmd_list_keys_table(item, kt, only, tw, kw);
	return (CMD_RETURN_NORMAL);
}
