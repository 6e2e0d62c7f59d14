/*
 * bind-key (bind), unbind-key (unbind) and list-keys (lsk): the key
 * tables. -n is -T root; the default table is prefix; -r lets a key repeat
 * without the prefix within repeat-time; -N gives a binding a note, which
 * list-keys -N lists.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/cmd-json.h"
#include "cmd/key-bindings.h"
#include "common/key.h"
#include "common/xmalloc.h"
#include "model/options.h"
#include "model/state.h"

static enum cmd_retval	cmd_bind_key_exec(struct cmd *, struct cmdq_item *);
static enum cmd_retval	cmd_unbind_key_exec(struct cmd *, struct cmdq_item *);
static enum cmd_retval	cmd_list_keys_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_bind_key_entry = {
	.name = "bind-key",
	.alias = "bind",
	.args = { "nrN:T:", 1, -1 },
	.usage = "[-nr] [-T key-table] [-N note] key [command [arguments]]",
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
	.args = { "1aJNP:T:", 0, 1 },
	.usage = "[-1aJN] [-P prefix-string] [-T key-table] [key]",
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

/* bind-key with a key and no command: set (-N) or clear the key's note,
 * if it is bound. */
static enum cmd_retval
cmd_bind_key_note(struct cmdq_item *item, struct args *args)
{
	key_code	key;

	if ((key = key_from_string(args->argv[0])) == KEYC_NONE) {
		cmdq_error(item, "unknown key: %s", args->argv[0]);
		return (CMD_RETURN_ERROR);
	}
	key_bindings_set_note(cmd_bind_table(args), key, args_get(args, 'N'));
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_bind_key_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct cmd_list	*cl;
	key_code	 key;
	char		*cause;

	if (args->argc == 1)
		return (cmd_bind_key_note(item, args));

	if ((key = key_from_string(args->argv[0])) == KEYC_NONE) {
		cmdq_error(item, "unknown key: %s", args->argv[0]);
		return (CMD_RETURN_ERROR);
	}
	/* Nothing can switch to a table with no name. */
	if (*cmd_bind_table(args) == '\0') {
		cmdq_error(item, "empty key table name");
		return (CMD_RETURN_ERROR);
	}
	cl = cmd_parse_arguments(args->argc - 1, args->argv + 1,
	    args->block != NULL ? args->block + 1 : NULL, &cause);
	if (cl == NULL) {
		cmdq_error(item, "%s", cause);
		free(cause);
		return (CMD_RETURN_ERROR);
	}
	key_bindings_add(cmd_bind_table(args), key, args_has(args, 'r'), cl);
	cmd_list_free(cl);
	if (args_has(args, 'N'))
		key_bindings_set_note(cmd_bind_table(args), key,
		    args_get(args, 'N'));
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_unbind_key_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct key_table	*kt;
	struct key_binding	*kb;
	key_code		 key;
	int			 quiet = args_has(args, 'q');

	/* As tmux: a table that does not exist is an error unless -q. */
	if ((kt = key_table_find(cmd_bind_table(args), 0)) == NULL) {
		if (quiet)
			return (CMD_RETURN_NORMAL);
		cmdq_error(item, "table %s doesn't exist", cmd_bind_table(args));
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'a')) {
		while ((kb = TAILQ_FIRST(&kt->bindings)) != NULL)
			key_bindings_remove(kt->name, kb->key);
		return (CMD_RETURN_NORMAL);
	}
	/* -q: no key is nothing to do, as in tmux 3.3a. */
	if (args->argc != 1) {
		if (quiet)
			return (CMD_RETURN_NORMAL);
		cmdq_error(item, "missing key");
		return (CMD_RETURN_ERROR);
	}
	if ((key = key_from_string(args->argv[0])) == KEYC_NONE) {
		if (quiet)
			return (CMD_RETURN_NORMAL);
		cmdq_error(item, "unknown key: %s", args->argv[0]);
		return (CMD_RETURN_ERROR);
	}
	key_bindings_remove(kt->name, key);
	return (CMD_RETURN_NORMAL);
}

/* A key's name as bind-key takes it back, quoted as tmux quotes it
 * (\;, "M-{"); into buf. */
static const char *
cmd_list_keys_name(key_code key, char *buf, size_t size)
{
	char	*name = args_escape(key_to_string(key));

	snprintf(buf, size, "%s", name);
	free(name);
	return (buf);
}

/* Widen *tw and *kw to fit one table's bindings (only key if it is not
 * KEYC_NONE), and *rw to the room "-r " takes if one of them repeats (as
 * tmux pads the column only then). */
static void
cmd_list_keys_widths(struct key_table *kt, key_code only, int *tw, int *kw,
    int *rw)
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
		if (kb->repeat)
			*rw = 3;	/* room for "-r " */
	}
}

/* Print one table's bindings (only key if it is not KEYC_NONE), in
 * columns tw and kw wide as tmux aligns them; returns how many. */
static int
cmd_list_keys_table(struct cmdq_item *item, struct key_table *kt,
    key_code only, int tw, int kw, int rw)
{
	struct key_binding	*kb;
	char			*cmds, buf[64];
	int			 n = 0;

	TAILQ_FOREACH(kb, &kt->bindings, entry) {
		if (only != KEYC_NONE && kb->key != only)
			continue;
		cmds = cmd_list_print(kb->cmds);
		cmdq_print(item, "bind-key %-*s-T %-*s %-*s %s",
		    rw, kb->repeat ? "-r " : "", tw, kt->name, kw,
		    cmd_list_keys_name(kb->key, buf, sizeof buf), cmds);
		free(cmds);
		n++;
	}
	return (n);
}

/* list-keys -N: is the binding listed (a note, or -a)? */
static int
cmd_list_keys_noted(const struct key_binding *kb, key_code only, int all)
{
	if (only != KEYC_NONE && kb->key != only)
		return (0);
	if (KEYC_IS_MOUSE(kb->key))
		return (0);
	return (all || (kb->note != NULL && *kb->note != '\0'));
}

/* Widen *kw to the keys of table name that list-keys -N lists with a
 * note (as tmux, those listed by -a for their command do not count). */
static void
cmd_list_keys_notes_width(const char *name, key_code only, int all, int *kw)
{
	struct key_table	*kt = key_table_find(name, 0);
	struct key_binding	*kb;
	int			 n;

	if (kt == NULL)
		return;
	TAILQ_FOREACH(kb, &kt->bindings, entry) {
		if (cmd_list_keys_noted(kb, only, all) && kb->note != NULL &&
		    *kb->note != '\0' &&
		    (n = (int)strlen(key_to_string(kb->key))) > *kw)
			*kw = n;
	}
}

/* Print the notes of table name: prefix, the key padded to one more than
 * kw (a longer key is not cut, and then nothing separates it, as in
 * tmux), the note (with -a, the command when there is none); with first
 * (-1), only the first of them. Returns how many. */
static int
cmd_list_keys_notes(struct cmdq_item *item, const char *name,
    const char *prefix, int kw, key_code only, int all, int first)
{
	struct key_table	*kt = key_table_find(name, 0);
	struct key_binding	*kb;
	char			*text;
	int			 n = 0;

	if (kt == NULL)
		return (0);
	TAILQ_FOREACH(kb, &kt->bindings, entry) {
		if (!cmd_list_keys_noted(kb, only, all))
			continue;
		if (kb->note != NULL && *kb->note != '\0')
			text = xstrdup(kb->note);
		else
			text = cmd_list_print(kb->cmds);
		cmdq_print(item, "%s%-*s%s", prefix, kw + 1,
		    key_to_string(kb->key), text);
		free(text);
		n++;
		if (first)
			break;
	}
	return (n);
}

/* A key was asked for and nothing was listed: tmux's error. */
static enum cmd_retval
cmd_list_keys_found(struct cmdq_item *item, struct args *args,
    key_code only, int n)
{
	if (only == KEYC_NONE || n != 0)
		return (CMD_RETURN_NORMAL);
	cmdq_error(item, "unknown key: %s", args->argv[0]);
	return (CMD_RETURN_ERROR);
}

/* list-keys -N: the keys that have notes, as tmux lists them: with no -T,
 * the root table's then the prefix table's after the prefix key (root
 * keys indented as far), else table -T after -P; -1: the first key of
 * each table only (tmux 3.3a ignores -1 without -N). With -a and no -T, a
 * prefix key asked for by name is listed only if it has a note, as tmux
 * 3.3a does. */
static enum cmd_retval
cmd_list_keys_print_notes(struct cmdq_item *item, struct args *args,
    key_code only)
{
	const char	*table = args_get(args, 'T');
	key_code	 prefix_key;
	char		*prefix, *blank;
	int		 kw = 0, all = args_has(args, 'a'), n;
	int		 first = args_has(args, '1');

	if (table != NULL) {
		if (key_table_find(table, 0) == NULL) {
			cmdq_error(item, "table %s doesn't exist", table);
			return (CMD_RETURN_ERROR);
		}
		cmd_list_keys_notes_width(table, only, all, &kw);
		n = cmd_list_keys_notes(item, table, args_has(args, 'P') ?
		    args_get(args, 'P') : "", kw, only, all, first);
		return (cmd_list_keys_found(item, args, only, n));
	}
	if (args_has(args, 'P'))
		prefix = xstrdup(args_get(args, 'P'));
	else {
		prefix_key = options_get_key(srv->session_options, "prefix");
		prefix = xasprintf("%s ", key_to_string(prefix_key));
	}
	blank = xasprintf("%*s", (int)strlen(prefix), "");
	cmd_list_keys_notes_width("root", only, all, &kw);
	cmd_list_keys_notes_width("prefix", only, all && only == KEYC_NONE,
	    &kw);
	n = cmd_list_keys_notes(item, "root", blank, kw, only, all, first);
	n += cmd_list_keys_notes(item, "prefix", prefix, kw, only,
	    all && only == KEYC_NONE, first);
	free(blank);
	free(prefix);
	return (cmd_list_keys_found(item, args, only, n));
}

static enum cmd_retval
cmd_list_keys_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct key_table	*kt;
	key_code		 only = KEYC_NONE;
	int			 tw = 0, kw = 0, rw = 0, n = 0;

	if (args->argc == 1 &&
	    (only = key_from_string(args->argv[0])) == KEYC_NONE) {
		cmdq_error(item, "invalid key: %s", args->argv[0]);
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'J'))
		return (cmd_json_list_keys(item, args, only));
	if (args_has(args, 'N'))
		return (cmd_list_keys_print_notes(item, args, only));
	if (args_has(args, 'T')) {
		if ((kt = key_table_find(args_get(args, 'T'), 0)) == NULL) {
			cmdq_error(item, "table %s doesn't exist",
			    args_get(args, 'T'));
			return (CMD_RETURN_ERROR);
		}
		cmd_list_keys_widths(kt, only, &tw, &kw, &rw);
		n = cmd_list_keys_table(item, kt, only, tw, kw, rw);
		return (cmd_list_keys_found(item, args, only, n));
	}
	for (kt = key_table_first(); kt != NULL; kt = key_table_next(kt))
		cmd_list_keys_widths(kt, only, &tw, &kw, &rw);
	for (kt = key_table_first(); kt != NULL; kt = key_table_next(kt))
		n += cmd_list_keys_table(item, kt, only, tw, kw, rw);
	return (cmd_list_keys_found(item, args, only, n));
}
