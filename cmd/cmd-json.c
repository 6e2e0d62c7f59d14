/*
 * cmd-json: the list commands' -J (see cmd-json.h). A format variable's
 * text becomes a JSON value by its type (format_each): a number that does
 * not read as one whole decimal integer stays a string rather than being
 * guessed at, and an empty number (nothing to count) is null.
 *
 * The objects of the commands that list other things than formats are
 * written here too, so the commands' own files only choose the items:
 * show-options (name, value, scope, global, inherited), show-environment
 * (name, value, hidden, global), show-hooks (name, value, scope, global),
 * list-keys (table, key, note, command, repeat) and list-commands (name,
 * alias, usage).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/cmd-hooks.h"
#include "cmd/cmd-json.h"
#include "cmd/key-bindings.h"
#include "common/key.h"
#include "common/xmalloc.h"
#include "model/format.h"
#include "model/hooks.h"
#include "model/options.h"

/* See cmd-json.h. */
void
cmd_json_start(struct cmd_json *cj)
{
	pbuf_init(&cj->pb);
	json_init(&cj->j, &cj->pb);
	cj->j.flags |= JSON_LINES;
	json_array_open(&cj->j);
}

/* See cmd-json.h. */
void
cmd_json_typed(struct json *j, const char *key, const char *value,
    int type)
{
	long long	 n;
	char		*end;

	json_key(j, key);
	if (value == NULL) {
		json_null(j);
		return;
	}
	switch ((enum format_type)type) {
	case FORMAT_FLAG:
		json_bool(j, format_true(value));
		return;
	case FORMAT_NUMBER:
		if (*value == '\0') {
			json_null(j);
			return;
		}
		errno = 0;
		n = strtoll(value, &end, 10);
		if (*end == '\0' && errno == 0) {
			json_number(j, n);
			return;
		}
		break;
	case FORMAT_STRING:
		break;
	}
	json_string(j, value);
}

/* format_each's callback: one member. */
static void
cmd_json_var(const char *name, const char *value, enum format_type type,
    void *arg)
{
	cmd_json_typed(arg, name, value, type);
}

/* See cmd-json.h. */
void
cmd_json_item(struct cmd_json *cj, const struct target *t, struct client *c,
    const struct paste_buffer *pb, int kinds)
{
	json_object_open(&cj->j);
	format_each(t, c, pb, kinds, cmd_json_var, &cj->j);
	json_object_close(&cj->j);
}

/* See cmd-json.h. */
void
cmd_json_end(struct cmd_json *cj, struct cmdq_item *item)
{
	json_array_close(&cj->j);
	pw_u8(&cj->pb, '\0');
	cmdq_print(item, "%s", (const char *)cj->pb.data);
	pbuf_free(&cj->pb);
}

/* See cmd-json.h. */
int
cmd_json_check(struct cmdq_item *item, struct args *args)
{
	if (args_has(args, 'J') && args_has(args, 'F')) {
		cmdq_error(item, "-J and -F cannot be used together");
		return (-1);
	}
	return (0);
}

/* The name of a table's scope, as -J gives it. */
static const char *
cmd_json_scope_name(enum option_scope scope)
{
	switch (scope) {
	case OPTION_SERVER:
		return ("server");
	case OPTION_SESSION:
		return ("session");
	case OPTION_WINDOW:
		return ("window");
	case OPTION_PANE:
		return ("pane");
	}
	return ("");
}

/* See cmd-json.h. */
void
cmd_json_option(struct cmd_json *cj, const struct options *oo,
    const char *name, const struct option_def *od, int idx, int inherited)
{
	struct json			*j = &cj->j;
	const struct option_item	*items;
	enum option_scope		 scope = options_scope(oo);
	unsigned int			 n, i;
	const char			*v;
	char				*s;

	json_object_open(j);
	if (od != NULL && (od->flags & OPTION_F_ARRAY) && idx >= 0) {
		s = xasprintf("%s[%d]", name, idx);
		json_member_string(j, "name", s);
		free(s);
		json_key(j, "value");
		if ((v = options_array_get(oo, name, idx)) != NULL)
			json_string(j, v);
		else
			json_null(j);
	} else if (od != NULL && (od->flags & OPTION_F_ARRAY)) {
		json_member_string(j, "name", name);
		json_key(j, "value");
		json_array_open(j);
		n = options_array_items(oo, name, &items);
		for (i = 0; i < n; i++)
			json_string(j, items[i].str);
		json_array_close(j);
	} else {
		json_member_string(j, "name", name);
		if (od != NULL && od->type == OPTION_NUMBER)
			json_member_number(j, "value",
			    options_get_number(oo, name));
		else if (od != NULL && od->type == OPTION_FLAG)
			json_member_bool(j, "value",
			    options_get_number(oo, name) != 0);
		else {
			s = options_to_string(oo, name);
			json_member_string(j, "value", s);
			free(s);
		}
	}
	json_member_string(j, "scope", cmd_json_scope_name(scope));
	json_member_bool(j, "global", scope != OPTION_SERVER &&
	    options_parent(oo) == NULL);
	json_member_bool(j, "inherited", inherited);
	json_object_close(j);
}

/* See cmd-json.h. */
void
cmd_json_environ(struct cmd_json *cj, const char *name, const char *value,
    int hidden, int global)
{
	struct json	*j = &cj->j;

	json_object_open(j);
	json_member_string(j, "name", name);
	json_key(j, "value");
	if (value != NULL)
		json_string(j, value);
	else
		json_null(j);		/* set-environment -r */
	json_member_bool(j, "hidden", hidden);
	json_member_bool(j, "global", global);
	json_object_close(j);
}

/* A hook member's command as show-hooks prints it. */
static void
cmd_json_hook_command(struct json *j, const char *text)
{
	char	*s;

	if (text == NULL) {
		json_null(j);
		return;
	}
	s = cmd_hooks_print(text);
	json_string(j, s != NULL ? s : text);
	free(s);
}

/* See cmd-json.h. */
void
cmd_json_hook(struct cmd_json *cj, const struct hook *h, int idx,
    const char *scope, int global)
{
	struct json	*j = &cj->j;
	unsigned int	 i;
	char		*name;

	json_object_open(j);
	if (idx >= 0) {
		name = xasprintf("%s[%d]", h->def->name, idx);
		json_member_string(j, "name", name);
		free(name);
		json_key(j, "value");
		cmd_json_hook_command(j, hook_get(h, idx));
	} else {
		json_member_string(j, "name", h->def->name);
		json_key(j, "value");
		json_array_open(j);
		for (i = 0; i < h->n; i++)
			cmd_json_hook_command(j, h->cmds[i].text);
		json_array_close(j);
	}
	json_member_string(j, "scope", scope);
	json_member_bool(j, "global", global);
	json_object_close(j);
}

/* One binding of list-keys -J. */
static void
cmd_json_key(struct cmd_json *cj, const struct key_table *kt,
    const struct key_binding *kb)
{
	struct json	*j = &cj->j;
	char		*cmds = cmd_list_print(kb->cmds);

	json_object_open(j);
	json_member_string(j, "table", kt->name);
	json_member_string(j, "key", key_to_string(kb->key));
	json_key(j, "note");
	if (kb->note != NULL && *kb->note != '\0')
		json_string(j, kb->note);
	else
		json_null(j);
	json_member_string(j, "command", cmds);
	json_member_bool(j, "repeat", kb->repeat);
	json_object_close(j);
	free(cmds);
}

/* The bindings of one table that list-keys lists: all of them (or only
 * key), or with -N those with a note (-a: every one but the mouse's).
 * Returns how many; stops after one with -1. */
static unsigned int
cmd_json_keys_table(struct cmd_json *cj, struct args *args,
    const struct key_table *kt, key_code only, unsigned int done)
{
	const struct key_binding	*kb;
	unsigned int			 n = 0;
	int				 notes = args_has(args, 'N');

	if (kt == NULL)
		return (0);
	TAILQ_FOREACH(kb, &kt->bindings, entry) {
		if (args_has(args, '1') && done + n > 0)
			break;
		if (only != KEYC_NONE && kb->key != only)
			continue;
		if (notes && (KEYC_IS_MOUSE(kb->key) || (!args_has(args, 'a') &&
		    (kb->note == NULL || *kb->note == '\0'))))
			continue;
		cmd_json_key(cj, kt, kb);
		n++;
	}
	return (n);
}

/* See cmd-json.h. */
enum cmd_retval
cmd_json_list_keys(struct cmdq_item *item, struct args *args, key_code only)
{
	struct cmd_json		 cj;
	const struct key_table	*kt = NULL;
	const char		*table = args_get(args, 'T');
	unsigned int		 n = 0;

	if (args_has(args, 'P')) {
		cmdq_error(item, "-J and -P cannot be used together");
		return (CMD_RETURN_ERROR);
	}
	if (table != NULL && (kt = key_table_find(table, 0)) == NULL) {
		cmdq_error(item, "table %s doesn't exist", table);
		return (CMD_RETURN_ERROR);
	}
	cmd_json_start(&cj);
	if (kt != NULL)
		cmd_json_keys_table(&cj, args, kt, only, 0);
	else if (args_has(args, 'N')) {
		/* As -N lists them: the root table's, then the prefix's. */
		n = cmd_json_keys_table(&cj, args, key_table_find("root", 0),
		    only, 0);
		cmd_json_keys_table(&cj, args, key_table_find("prefix", 0),
		    only, n);
	} else {
		for (kt = key_table_first(); kt != NULL;
		    kt = key_table_next((struct key_table *)kt))
			n += cmd_json_keys_table(&cj, args, kt, only, n);
	}
	cmd_json_end(&cj, item);
	return (CMD_RETURN_NORMAL);
}

/* See cmd-json.h. */
void
cmd_json_command(struct cmd_json *cj, const struct cmd_entry *ce)
{
	struct json	*j = &cj->j;

	json_object_open(j);
	json_member_string(j, "name", ce->name);
	json_key(j, "alias");
	if (ce->alias != NULL)
		json_string(j, ce->alias);
	else
		json_null(j);
	json_member_string(j, "usage", ce->usage);
	json_object_close(j);
}
