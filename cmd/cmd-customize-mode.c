/*
 * customize-mode: browse and change options and key bindings from a tree
 * in a pane (server/customize.h draws and navigates it), as tmux 3.3a's
 * customize mode. This file says what the tree holds and what its keys
 * do:
 *
 *	Server Options, Session Options, Window & Pane Options: each option
 *	(user options first) with the value in force for the target pane,
 *	its session and window, the scope it comes from in reverse when it
 *	is not the global one ("(session a)", "(window 1)", "(pane 0)");
 *	an array unfolds into its members.
 *	Key Table - NAME for each table with bindings: each key, unfolding
 *	into its Command, Note and Repeat.
 *
 *	Enter, s	set the value (a prompt; a flag toggles, a choice
 *			takes the next); on a key's Command or Note, edit it;
 *			on Repeat, toggle it
 *	w		set it for the window rather than the pane
 *	S, W		set the global value
 *	d / D		back to the default (the selected / tagged items)
 *	u / U		unset an option or unbind a key (after a y)
 *	H		hide or show the global values
 *
 * Changes go through set-option (so they take effect as from the command
 * line) and the key tables; the items are read again after each key.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/key-bindings.h"
#include "common/xmalloc.h"
#include "server/client.h"
#include "server/customize.h"
#include "server/format.h"
#include "server/options.h"
#include "server/prompt.h"
#include "server/server.h"
#include "server/session.h"
#include "server/style.h"
#include "server/target.h"
#include "server/window.h"

static enum cmd_retval	cmd_customize_mode_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_customize_mode_entry = {
	.name = "customize-mode",
	.alias = NULL,
	.args = { "F:f:Nt:Z", 0, 0 },
	.usage = "[-NZ] [-F format] [-f filter] [-t target-pane]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_customize_mode_exec,
};

/* Separates the parts of an item's id (key names may hold anything
 * printable). */
#define CZ_SEP	"\037"

/* Where an option's value comes from, as tmux names the scopes. */
enum cz_scope {
	CZ_SERVER,
	CZ_GLOBAL_SESSION,
	CZ_SESSION,
	CZ_GLOBAL_WINDOW,
	CZ_WINDOW,
	CZ_PANE,
};

struct cmd_customize {
	unsigned int	 pane;		/* the target pane (id) */
	unsigned int	 session;	/* and its session (id) */
	char		*format;	/* -F, or NULL */
	int		 hide_global;	/* H */
	int		 zoomed;	/* -Z zoomed the window */
};

/* What an item's id says. */
struct cz_item {
	char		 kind;		/* 'o' option, 'k' key, 0 other */
	char		 section;	/* 'S' server, 's' session, 'w' */
	char		*name;		/* option name, or key table */
	int		 idx;		/* array member, or -1 */
	key_code	 key;
	char		*part;		/* a key's "Command", "Note", ... */
};

/* The units tmux shows after some numbers. */
static const char *
cz_unit(const char *name)
{
	static const char *const ms[] = {
		"escape-time", "assume-paste-time", "display-panes-time",
		"display-time", "repeat-time", NULL
	};
	unsigned int	i;

	for (i = 0; ms[i] != NULL; i++) {
		if (strcmp(name, ms[i]) == 0)
			return ("milliseconds");
	}
	if (strcmp(name, "lock-after-time") == 0 ||
	    strcmp(name, "status-interval") == 0)
		return ("seconds");
	if (strcmp(name, "history-limit") == 0)
		return ("lines");
	return (NULL);
}

/* The target the mode works for: its pane, window and session. Returns
 * -1 when the pane or session is gone. */
static int
cz_target(struct cmd_customize *cz, struct target *t)
{
	struct pane	*p = pane_find_by_id(cz->pane);
	struct session	*s = session_find_by_id(cz->session);

	if (p == NULL)
		return (-1);
	target_from_pane(t, p, s);
	if (t->s == NULL || t->wl == NULL)
		return (-1);
	return (0);
}

/* The table a section's option has its value from, and the scope. */
static struct options *
cz_owner(const struct target *t, char section, const char *name,
    enum cz_scope *scope)
{
	const struct options	*owner;

	switch (section) {
	case 'S':
		*scope = CZ_SERVER;
		return (srv->options);
	case 's':
		owner = options_owner(t->s->options, name);
		if (owner == t->s->options) {
			*scope = CZ_SESSION;
			return (t->s->options);
		}
		*scope = CZ_GLOBAL_SESSION;
		return (srv->session_options);
	default:
		owner = options_owner(t->p->options, name);
		if (owner == t->p->options) {
			*scope = CZ_PANE;
			return (t->p->options);
		}
		if (owner == t->w->options) {
			*scope = CZ_WINDOW;
			return (t->w->options);
		}
		*scope = CZ_GLOBAL_WINDOW;
		return (srv->window_options);
	}
}

/* The table values are read at for a section (inheriting). */
static struct options *
cz_reader(const struct target *t, char section)
{
	if (section == 'S')
		return (srv->options);
	if (section == 's')
		return (t->s->options);
	return (t->p->options);
}

static int
cz_is_global(enum cz_scope scope)
{
	return (scope == CZ_SERVER || scope == CZ_GLOBAL_SESSION ||
	    scope == CZ_GLOBAL_WINDOW);
}

/* "session a", "window 1", "pane 0"; "" for the global scopes. */
static char *
cz_scope_text(enum cz_scope scope, const struct target *t)
{
	switch (scope) {
	case CZ_PANE:
		return (xasprintf("pane %u", window_pane_index(t->w, t->p)));
	case CZ_WINDOW:
		return (xasprintf("window %d", t->wl->idx));
	case CZ_SESSION:
		return (xasprintf("session %s", t->s->name));
	default:
		return (xstrdup(""));
	}
}

/* Read an id back. Returns -1 for a section's id. */
static int
cz_parse(const char *id, struct cz_item *it)
{
	char	*copy = xstrdup(id), *p = copy, *f[4];
	int	 n = 0;

	memset(it, 0, sizeof *it);
	it->idx = -1;
	while (n < 4 && (f[n] = strsep(&p, CZ_SEP)) != NULL)
		n++;
	if (n >= 3 && strcmp(f[0], "o") == 0) {
		it->kind = 'o';
		it->section = f[1][0];
		it->name = xstrdup(f[2]);
		if (n == 4)
			it->idx = atoi(f[3]);
	} else if (n >= 3 && strcmp(f[0], "k") == 0) {
		it->kind = 'k';
		it->name = xstrdup(f[1]);
		it->key = key_from_string(f[2]);
		if (n == 4)
			it->part = xstrdup(f[3]);
	}
	free(copy);
	return (it->kind == 0 ? -1 : 0);
}

static void
cz_item_clear(struct cz_item *it)
{
	free(it->name);
	free(it->part);
}

/* The binding an item names, or NULL. */
static struct key_binding *
cz_binding(const struct cz_item *it)
{
	struct key_table	*kt = key_table_find(it->name, 0);

	if (kt == NULL || it->key == KEYC_NONE)
		return (NULL);
	return (key_bindings_find(kt, it->key));
}

/* Expand the -F format (or a filter) for an item. */
static char *
cz_expand(const char *fmt, const struct target *t,
    const struct format_pair *pairs, unsigned int n)
{
	struct format_extra	extra;

	memset(&extra, 0, sizeof extra);
	extra.pairs = pairs;
	extra.npairs = n;
	return (format_expand_extra(fmt, t, NULL, &extra));
}

/* Add an option (and an array's members) to section. */
static void
cz_build_option(struct customize *ct, struct cmd_customize *cz,
    const struct target *t, char section, const char *name,
    const char *filter)
{
	const struct option_def	*od = *name == '@' ? NULL : options_find(name);
	const struct option_item *items;
	struct format_pair	 pairs[8];
	enum cz_scope		 scope;
	struct options		*reader = cz_reader(t, section);
	char			*id, *value = NULL, *scope_text, *text, *v;
	char			*member;
	const char		*unit = od != NULL ? cz_unit(name) : NULL;
	int			 array = od != NULL && (od->flags & OPTION_F_ARRAY);
	unsigned int		 n, i, np = 0;

	cz_owner(t, section, name, &scope);
	if (cz->hide_global && cz_is_global(scope))
		return;
	scope_text = cz_scope_text(scope, t);
	if (!array)
		value = options_to_string(reader, name);
	pairs[np++] = (struct format_pair){ "option_name", name };
	pairs[np++] = (struct format_pair){ "option_is_global",
	    cz_is_global(scope) ? "1" : "0" };
	pairs[np++] = (struct format_pair){ "option_is_array",
	    array ? "1" : "0" };
	pairs[np++] = (struct format_pair){ "option_scope", scope_text };
	pairs[np++] = (struct format_pair){ "option_unit",
	    unit != NULL ? unit : "" };
	pairs[np++] = (struct format_pair){ "option_value",
	    value != NULL ? value : "" };
	pairs[np++] = (struct format_pair){ "is_option", "1" };
	pairs[np++] = (struct format_pair){ "is_key", "0" };
	if (filter != NULL) {
		v = cz_expand(filter, t, pairs, np);
		if (!format_true(v)) {
			free(v);
			free(value);
			free(scope_text);
			return;
		}
		free(v);
	}
	id = xasprintf("o" CZ_SEP "%c" CZ_SEP "%s", section, name);
	if (array)
		text = NULL;
	else if (cz->format != NULL)
		text = cz_expand(cz->format, t, pairs, np);
	else if (unit != NULL)
		text = xasprintf("%s %s", value, unit);
	else
		text = xstrdup(value);
	customize_add(ct, id, 1, name, cz_is_global(scope) ||
	    cz->format != NULL || array ? NULL : scope_text, text,
	    cz->format != NULL, 0, 0);
	free(text);
	free(id);
	if (array) {
		n = options_array_items(reader, name, &items);
		for (i = 0; i < n; i++) {
			id = xasprintf("o" CZ_SEP "%c" CZ_SEP "%s" CZ_SEP "%u",
			    section, name, items[i].idx);
			member = xasprintf("%s[%u]", name, items[i].idx);
			pairs[0].value = member;
			pairs[5].value = items[i].str;
			if (cz->format != NULL) {
				text = cz_expand(cz->format, t, pairs, np);
				customize_add(ct, id, 2, member, NULL, text, 1,
				    1, 0);
				free(text);
			} else {
				customize_add(ct, id, 2, member, NULL,
				    items[i].str, 0, 1, 0);
			}
			free(member);
			free(id);
		}
	}
	free(value);
	free(scope_text);
}

/* Is name already in the list? */
static int
cz_listed(char **list, unsigned int n, const char *name)
{
	unsigned int	i;

	for (i = 0; i < n; i++) {
		if (strcmp(list[i], name) == 0)
			return (1);
	}
	return (0);
}

static int
cz_cmp(const void *a, const void *b)
{
	return (strcmp(*(char *const *)a, *(char *const *)b));
}

/* One options section: user options from every table of it, then the
 * defined options of that kind, by name. */
static void
cz_build_section(struct customize *ct, struct cmd_customize *cz,
    const struct target *t, char section, const char *title,
    const char *filter)
{
	struct options		*tables[3];
	const struct option_def	*od;
	const char		*name, *value;
	char			**list = NULL, *id;
	unsigned int		 n = 0, ntables = 0, i, j;
	enum option_scope	 kind;

	id = xasprintf("%c", section);
	customize_add(ct, id, 0, title, NULL, NULL, 0, 0, 0);
	free(id);
	switch (section) {
	case 'S':
		tables[ntables++] = srv->options;
		kind = OPTION_SERVER;
		break;
	case 's':
		tables[ntables++] = srv->session_options;
		tables[ntables++] = t->s->options;
		kind = OPTION_SESSION;
		break;
	default:
		tables[ntables++] = srv->window_options;
		tables[ntables++] = t->w->options;
		tables[ntables++] = t->p->options;
		kind = OPTION_WINDOW;
		break;
	}
	for (j = 0; j < ntables; j++) {
		for (i = 0; (name = options_user_at(tables[j], i, &value)) !=
		    NULL; i++) {
			if (cz_listed(list, n, name))
				continue;
			list = xreallocarray(list, n + 1, sizeof *list);
			list[n++] = xstrdup(name);
		}
	}
	if (n > 1)
		qsort(list, n, sizeof *list, cz_cmp);
	for (i = 0; i < n; i++) {
		cz_build_option(ct, cz, t, section, list[i], filter);
		free(list[i]);
	}
	free(list);
	list = NULL;
	n = 0;
	for (i = 0; (od = options_def_at(i)) != NULL; i++) {
		if (od->scope != kind || (od->flags & OPTION_F_HOOK))
			continue;
		list = xreallocarray(list, n + 1, sizeof *list);
		list[n++] = xstrdup(od->name);
	}
	if (n > 1)
		qsort(list, n, sizeof *list, cz_cmp);
	for (i = 0; i < n; i++) {
		cz_build_option(ct, cz, t, section, list[i], filter);
		free(list[i]);
	}
	free(list);
}

/* Where tmux 3.3a's tables put a key: a control key on a letter (or @ [
 * \\ ] ^ _ ?) is its C0 byte there, and the modifiers rank meta, then
 * control, then shift, above every key without them. */
static unsigned long long
cz_key_order(key_code key)
{
	key_code		base = key & KEYC_MASK_KEY;
	unsigned long long	mods = 0;

	if ((key & KEYC_CTRL) && ((base >= '@' && base <= '_') ||
	    (base >= 'a' && base <= 'z') || base == '?')) {
		base = base == '?' ? 0x7f : (base & 0x1f);
		key &= ~KEYC_CTRL;
	}
	if (key & KEYC_META)
		mods |= 1;
	if (key & KEYC_CTRL)
		mods |= 2;
	if (key & KEYC_SHIFT)
		mods |= 4;
	return ((mods << 32) | base);
}

static int
cz_key_cmp(const void *a, const void *b)
{
	unsigned long long	ka, kb;

	ka = cz_key_order((*(struct key_binding *const *)a)->key);
	kb = cz_key_order((*(struct key_binding *const *)b)->key);
	return (ka < kb ? -1 : ka > kb);
}

/* One key table: each key with its command, note and repeat. */
static void
cz_build_keys(struct customize *ct, struct cmd_customize *cz,
    const struct target *t, struct key_table *kt, const char *filter)
{
	struct key_binding	*kb, **list = NULL;
	struct format_pair	 pairs[4];
	char			*id, *title, *text, *name, *v;
	const char		*key;
	unsigned int		 np, n = 0, i;

	if (TAILQ_EMPTY(&kt->bindings))
		return;
	id = xasprintf("t" CZ_SEP "%s", kt->name);
	title = xasprintf("Key Table - %s", kt->name);
	customize_add(ct, id, 0, title, NULL, NULL, 0, 0, 0);
	free(title);
	free(id);
	TAILQ_FOREACH(kb, &kt->bindings, entry) {
		list = xreallocarray(list, n + 1, sizeof *list);
		list[n++] = kb;
	}
	if (n > 1)
		qsort(list, n, sizeof *list, cz_key_cmp);
	for (i = 0; i < n; i++) {
		kb = list[i];
		key = key_to_string(kb->key);
		np = 0;
		pairs[np++] = (struct format_pair){ "is_option", "0" };
		pairs[np++] = (struct format_pair){ "is_key", "1" };
		pairs[np++] = (struct format_pair){ "key", key };
		pairs[np++] = (struct format_pair){ "key_note",
		    kb->note != NULL ? kb->note : "" };
		if (filter != NULL) {
			v = cz_expand(filter, t, pairs, np);
			np = format_true(v);
			free(v);
			if (!np)
				continue;
			np = 4;
		}
		name = cz->format != NULL ? cz_expand(cz->format, t, pairs,
		    np) : xstrdup(key);
		id = xasprintf("k" CZ_SEP "%s" CZ_SEP "%s", kt->name, key);
		customize_add(ct, id, 1, name, NULL, NULL, 0, 0, 0);
		free(name);
		free(id);

		id = xasprintf("k" CZ_SEP "%s" CZ_SEP "%s" CZ_SEP "Command",
		    kt->name, key);
		text = cmd_list_print(kb->cmds);
		customize_add(ct, id, 2, "Command", NULL, text, 0, 1, 1);
		free(text);
		free(id);
		id = xasprintf("k" CZ_SEP "%s" CZ_SEP "%s" CZ_SEP "Note",
		    kt->name, key);
		customize_add(ct, id, 2, "Note", NULL, kb->note != NULL ?
		    kb->note : "", 0, 1, 1);
		free(id);
		id = xasprintf("k" CZ_SEP "%s" CZ_SEP "%s" CZ_SEP "Repeat",
		    kt->name, key);
		customize_add(ct, id, 2, "Repeat", NULL, kb->repeat ? "on" :
		    "off", 0, 1, 1);
		free(id);
	}
	free(list);
}

/* The tree as it is now. */
static void
cz_build(struct customize *ct, struct pane *p, void *data,
    const char *filter)
{
	struct cmd_customize	 *cz = data;
	struct target		  t;
	struct key_table	 *kt, **tables = NULL;
	unsigned int		  n = 0, i;

	(void)p;
	if (cz_target(cz, &t) != 0)
		return;
	cz_build_section(ct, cz, &t, 'S', "Server Options", filter);
	cz_build_section(ct, cz, &t, 's', "Session Options", filter);
	cz_build_section(ct, cz, &t, 'w', "Window & Pane Options", filter);
	/* Key tables by name, as tmux keeps them. */
	for (kt = key_table_first(); kt != NULL; kt = key_table_next(kt)) {
		tables = xreallocarray(tables, n + 1, sizeof *tables);
		tables[n++] = kt;
	}
	for (i = 0; i + 1 < n; i++) {
		unsigned int	j;

		for (j = i + 1; j < n; j++) {
			if (strcmp(tables[j]->name, tables[i]->name) < 0) {
				kt = tables[i];
				tables[i] = tables[j];
				tables[j] = kt;
			}
		}
	}
	for (i = 0; i < n; i++)
		cz_build_keys(ct, cz, &t, tables[i], filter);
	free(tables);
}

/* The default value of an option as text (heap string). */
static char *
cz_default(const struct option_def *od)
{
	struct options	*fresh = options_create(NULL, od->scope);
	char		*value = options_to_string(fresh, od->name);

	options_free(fresh);
	return (value);
}

/* The preview of an option. */
static void
cz_preview_option(struct customize *ct, struct cmd_customize *cz,
    const struct target *t, const struct cz_item *it)
{
	const struct option_def	*od = *it->name == '@' ? NULL :
				    options_find(it->name);
	const char		*kind, *unit = od != NULL ? cz_unit(it->name) :
				    NULL;
	struct options		*oo, *reader = cz_reader(t, it->section);
	enum cz_scope		 scope;
	struct cell		 example = CELL_BLANK;
	char			*line, *value, *name, *dflt, *expanded;
	char			 choices[512];
	unsigned int		 i;

	(void)cz;
	if (od == NULL)
		customize_text(ct, "This is a user option.", NULL);
	else if (od->text == NULL || *od->text == '\0')
		customize_text(ct, "This option doesn't have a description.",
		    NULL);
	else {
		/* mux's one-line descriptions, as a sentence. */
		line = xasprintf("%c%s%s", toupper((unsigned char)*od->text),
		    od->text + 1, od->text[strlen(od->text) - 1] == '.' ?
		    "" : ".");
		customize_text(ct, line, NULL);
		free(line);
	}
	customize_text(ct, "", NULL);
	if (od == NULL)
		kind = "user";
	else if (od->scope == OPTION_WINDOW && (od->flags & OPTION_F_PANE))
		kind = "window and pane";
	else if (od->scope == OPTION_WINDOW)
		kind = "window";
	else if (od->scope == OPTION_SESSION)
		kind = "session";
	else
		kind = "server";
	line = xasprintf("This is a %s option.", kind);
	customize_text(ct, line, NULL);
	free(line);
	if (od != NULL && (od->flags & OPTION_F_ARRAY)) {
		if (it->idx == -1) {
			customize_text(ct, "This is an array option.", NULL);
			return;
		}
		line = xasprintf("This is an array option, index %d.",
		    it->idx);
		customize_text(ct, line, NULL);
		free(line);
	}
	customize_text(ct, "", NULL);
	name = it->idx == -1 ? xstrdup(it->name) :
	    xasprintf("%s[%d]", it->name, it->idx);
	value = options_to_string(reader, name);
	free(name);
	line = xasprintf("Option value: %s%s%s", value, unit != NULL ? " " : "",
	    unit != NULL ? unit : "");
	customize_text(ct, line, NULL);
	free(line);
	if (od == NULL || od->type == OPTION_STRING) {
		expanded = format_expand(value, t, NULL);
		if (strcmp(expanded, value) != 0) {
			line = xasprintf("This expands to: %s", expanded);
			customize_text(ct, line, NULL);
			free(line);
		}
		free(expanded);
	}
	if (od != NULL && od->type == OPTION_CHOICE && od->choices != NULL) {
		choices[0] = '\0';
		for (i = 0; od->choices[i] != NULL; i++) {
			snprintf(choices + strlen(choices), sizeof choices -
			    strlen(choices), "%s%s", i == 0 ? "" : ", ",
			    od->choices[i]);
		}
		line = xasprintf("Available values are: %s", choices);
		customize_text(ct, line, NULL);
		free(line);
	}
	if (od != NULL && od->type == OPTION_COLOUR) {
		example.fg = options_get_number(reader, it->name);
		customize_text(ct, "This is a colour option:", &example);
	}
	if (od != NULL && (od->flags & OPTION_F_STYLE)) {
		style_apply(&example, value);
		customize_text(ct, "This is a style option:", &example);
	}
	if (od != NULL && it->idx == -1) {
		dflt = cz_default(od);
		if (strcmp(dflt, value) != 0) {
			line = xasprintf("The default is: %s%s%s", dflt,
			    unit != NULL ? " " : "", unit != NULL ? unit : "");
			customize_text(ct, line, NULL);
			free(line);
		}
		free(dflt);
	}
	free(value);
	if (od == NULL || (od->flags & OPTION_F_ARRAY))
		return;
	/* Where else it is set: the window under a pane, the global. */
	oo = cz_owner(t, it->section, it->name, &scope);
	if (scope == CZ_PANE || scope == CZ_WINDOW || scope == CZ_SESSION)
		customize_text(ct, "", NULL);
	if (scope == CZ_PANE && options_is_set(t->w->options, it->name)) {
		value = options_to_string(t->w->options, it->name);
		line = xasprintf("Window value (from window %d): %s%s%s",
		    t->wl->idx, value, unit != NULL ? " " : "",
		    unit != NULL ? unit : "");
		customize_text(ct, line, NULL);
		free(line);
		free(value);
	}
	if (scope == CZ_PANE || scope == CZ_WINDOW || scope == CZ_SESSION) {
		oo = scope == CZ_SESSION ? srv->session_options :
		    srv->window_options;
		value = options_to_string(oo, it->name);
		line = xasprintf("Global value: %s%s%s", value,
		    unit != NULL ? " " : "", unit != NULL ? unit : "");
		customize_text(ct, line, NULL);
		free(line);
		free(value);
	}
}

/* The preview of a key. */
static void
cz_preview_key(struct customize *ct, const struct cz_item *it)
{
	struct key_binding	*kb = cz_binding(it);
	const char		*note;
	char			*line, *cmd;

	if (kb == NULL)
		return;
	note = kb->note != NULL ? kb->note : "There is no note for this key.";
	line = xasprintf("%s%s", note, *note != '\0' &&
	    note[strlen(note) - 1] != '.' ? "." : "");
	customize_text(ct, line, NULL);
	free(line);
	customize_text(ct, "", NULL);
	line = xasprintf("This key is in the %s table.", it->name);
	customize_text(ct, line, NULL);
	free(line);
	line = xasprintf("This key %s repeat.", kb->repeat ? "does" :
	    "does not");
	customize_text(ct, line, NULL);
	free(line);
	customize_text(ct, "", NULL);
	cmd = cmd_list_print(kb->cmds);
	line = xasprintf("Command: %s", cmd);
	customize_text(ct, line, NULL);
	free(line);
	free(cmd);
}

static void
cz_preview(struct customize *ct, struct pane *p, void *data, const char *id)
{
	struct cmd_customize	*cz = data;
	struct target		 t;
	struct cz_item		 it;

	(void)p;
	if (cz_target(cz, &t) != 0 || cz_parse(id, &it) != 0)
		return;
	if (it.kind == 'o')
		cz_preview_option(ct, cz, &t, &it);
	else
		cz_preview_key(ct, &it);
	cz_item_clear(&it);
}

/* Run set-option (or another command) with these arguments for c; its
 * errors show on c as a message. */
static void
cz_run(struct client *c, int argc, char **argv)
{
	struct cmd_list	*cl;
	char		*cause = NULL;

	if ((cl = cmd_parse_argv(argc, argv, &cause)) == NULL) {
		if (c != NULL && cause != NULL) {
			cause[0] = toupper((unsigned char)cause[0]);
			message_set(c, cause);
		}
		free(cause);
		return;
	}
	cmdq_run(cmdq_new(c, cl, NULL), NULL, NULL);
	cmd_list_free(cl);
}

/* The set-option flags and target for a scope: up to 3 arguments. */
static int
cz_scope_args(enum cz_scope scope, const struct target *t, char **argv,
    char *target, size_t size)
{
	switch (scope) {
	case CZ_SERVER:
		argv[0] = "-s";
		return (1);
	case CZ_GLOBAL_SESSION:
		argv[0] = "-g";
		return (1);
	case CZ_GLOBAL_WINDOW:
		argv[0] = "-gw";
		return (1);
	case CZ_SESSION:
		snprintf(target, size, "$%u", t->s->id);
		argv[0] = "-t";
		argv[1] = target;
		return (2);
	case CZ_WINDOW:
		snprintf(target, size, "@%u", t->w->id);
		argv[0] = "-w";
		argv[1] = "-t";
		argv[2] = target;
		return (3);
	case CZ_PANE:
		snprintf(target, size, "%%%u", t->p->id);
		argv[0] = "-p";
		argv[1] = "-t";
		argv[2] = target;
		return (3);
	}
	return (0);
}

/* set-option at a scope: value NULL with unset 0 toggles a flag. */
static void
cz_set(struct client *c, const struct target *t, enum cz_scope scope,
    const char *name, const char *value, int unset)
{
	char	*argv[8], target[32];
	int	 argc = 0;

	argv[argc++] = "set-option";
	if (unset)
		argv[argc++] = "-u";
	argc += cz_scope_args(scope, t, argv + argc, target, sizeof target);
	argv[argc++] = (char *)name;
	if (value != NULL)
		argv[argc++] = (char *)value;
	cz_run(c, argc, argv);
}

/* What a prompt of the mode remembers until it is answered. */
struct cz_prompt {
	unsigned int	 pane;
	enum cz_scope	 scope;
	char		*id;
	char		*name;		/* option (with [N]) */
	int		 all;		/* U: the tagged items */
};

static void
cz_prompt_free(void *arg)
{
	struct cz_prompt	*pr = arg;

	free(pr->id);
	free(pr->name);
	free(pr);
}

/* The mode's data again, for a prompt answered later; NULL if gone. */
static struct cmd_customize *
cz_again(struct cz_prompt *pr, struct customize **ctp, struct target *t)
{
	struct pane		*p = pane_find_by_id(pr->pane);
	struct cmd_customize	*cz;

	if (p == NULL || (*ctp = customize_get(p)) == NULL)
		return (NULL);
	cz = customize_data(*ctp);
	if (cz_target(cz, t) != 0)
		return (NULL);
	return (cz);
}

/* A new value typed for an option. */
static void
cz_set_done(struct client *c, const char *input, void *arg)
{
	struct cz_prompt	*pr = arg;
	struct customize	*ct;
	struct target		 t;

	if (*input == '\0' || cz_again(pr, &ct, &t) == NULL)
		return;
	cz_set(c, &t, pr->scope, pr->name, input, 0);
	customize_redraw(ct);
}

/* A new command or note typed for a key. */
static void
cz_key_done(struct client *c, const char *input, void *arg)
{
	struct cz_prompt	*pr = arg;
	struct customize	*ct;
	struct target		 t;
	struct cz_item		 it;
	struct key_binding	*kb;
	struct cmd_list		*cl;
	char			*cause = NULL, *note;

	if (*input == '\0' || cz_again(pr, &ct, &t) == NULL ||
	    cz_parse(pr->id, &it) != 0)
		return;
	if ((kb = cz_binding(&it)) == NULL)
		goto out;
	if (strcmp(it.part, "Note") == 0) {
		key_bindings_set_note(it.name, it.key, input);
		goto out;
	}
	if ((cl = cmd_parse_string(input, NULL, &cause)) == NULL) {
		if (cause == NULL)
			cause = xstrdup("empty command");
		cause[0] = toupper((unsigned char)cause[0]);
		message_set(c, cause);
		free(cause);
		goto out;
	}
	note = kb->note != NULL ? xstrdup(kb->note) : NULL;
	key_bindings_add(it.name, it.key, kb->repeat, cl);
	cmd_list_free(cl);
	if (note != NULL)
		key_bindings_set_note(it.name, it.key, note);
	free(note);
out:
	cz_item_clear(&it);
	customize_redraw(ct);
}

/* Unset an option (a global one goes back to its default) or unbind a
 * key. */
static void
cz_unset(struct client *c, const struct target *t, const char *id)
{
	struct cz_item	 it;
	enum cz_scope	 scope;
	char		*name;

	if (cz_parse(id, &it) != 0)
		return;
	if (it.kind == 'k') {
		if (cz_binding(&it) != NULL)
			key_bindings_remove(it.name, it.key);
	} else {
		cz_owner(t, it.section, it.name, &scope);
		name = it.idx == -1 ? xstrdup(it.name) :
		    xasprintf("%s[%d]", it.name, it.idx);
		cz_set(c, t, scope, name, NULL, 1);
		free(name);
	}
	cz_item_clear(&it);
}

/* Put an option back to its default where it is set, or a key back to
 * its default binding (unbinding it if it has none). */
static void
cz_reset(struct client *c, const struct target *t, const char *id)
{
	struct cz_item		 it;
	const struct option_def	*od;
	enum cz_scope		 scope;
	char			*dflt;

	if (cz_parse(id, &it) != 0)
		return;
	if (it.kind == 'k') {
		if (cz_binding(&it) != NULL)
			key_bindings_reset(it.name, it.key);
	} else if (it.idx == -1 && (od = options_find(it.name)) != NULL &&
	    *it.name != '@') {
		cz_owner(t, it.section, it.name, &scope);
		if (cz_is_global(scope) || (od->flags & OPTION_F_ARRAY))
			cz_set(c, t, scope, it.name, NULL, 1);
		else {
			dflt = cz_default(od);
			cz_set(c, t, scope, it.name, dflt, 0);
			free(dflt);
		}
	}
	cz_item_clear(&it);
}

/* y to u or U. */
static void
cz_unset_done(struct client *c, const char *input, void *arg)
{
	struct cz_prompt	*pr = arg;
	struct customize	*ct;
	struct target		 t;
	struct cz_item		 it;
	const char		*id;
	char			**ids = NULL, *key;
	unsigned int		 i = 0, n = 0;

	if (tolower((unsigned char)input[0]) != 'y' || input[1] != '\0' ||
	    cz_again(pr, &ct, &t) == NULL)
		return;
	if (!pr->all) {
		/* From a key or an array member that goes away, the
		 * selection moves up (from the key, not from its command,
		 * note or repeat), as in tmux. */
		if (cz_parse(pr->id, &it) == 0 && it.kind == 'k') {
			key = xasprintf("k" CZ_SEP "%s" CZ_SEP "%s", it.name,
			    key_to_string(it.key));
			customize_select(ct, key);
			free(key);
			customize_up(ct);
		} else if (it.kind == 'o' && it.idx != -1)
			customize_up(ct);
		cz_item_clear(&it);
		cz_unset(c, &t, pr->id);
	} else {
		while ((id = customize_next_tagged(ct, &i)) != NULL) {
			ids = xreallocarray(ids, n + 1, sizeof *ids);
			ids[n++] = xstrdup(id);
		}
		for (i = 0; i < n; i++) {
			cz_unset(c, &t, ids[i]);
			free(ids[i]);
		}
		free(ids);
	}
	customize_redraw(ct);
}

/* s, w, S, W, Enter on an option: a flag toggles, a choice moves on,
 * anything else is asked for with the value as it is. */
static void
cz_set_key(struct customize *ct, struct client *c, struct cmd_customize *cz,
    const struct target *t, const struct cz_item *it, const char *id,
    int global, int pane)
{
	const struct option_def	*od = *it->name == '@' ? NULL :
				    options_find(it->name);
	struct cz_prompt	*pr;
	enum cz_scope		 scope, item;
	char			*name, *value, *label, *text;
	const char		*space = "";
	unsigned int		 i, idx;

	(void)ct;
	(void)cz;
	cz_owner(t, it->section, it->name, &item);
	if (od == NULL || !(od->scope == OPTION_WINDOW &&
	    (od->flags & OPTION_F_PANE)))
		pane = 0;
	if (od != NULL && (od->flags & OPTION_F_ARRAY))
		scope = item;
	else if (global) {
		if (item == CZ_SESSION)
			scope = CZ_GLOBAL_SESSION;
		else if (item == CZ_WINDOW || item == CZ_PANE)
			scope = CZ_GLOBAL_WINDOW;
		else
			scope = item;
	} else {
		if (item == CZ_GLOBAL_SESSION)
			scope = CZ_SESSION;
		else if (item == CZ_GLOBAL_WINDOW || item == CZ_WINDOW ||
		    item == CZ_PANE)
			scope = pane ? CZ_PANE : CZ_WINDOW;
		else
			scope = item;
	}
	if (od != NULL && it->idx == -1 && od->type == OPTION_FLAG) {
		cz_set(c, t, scope, it->name, NULL, 0);
		return;
	}
	if (od != NULL && it->idx == -1 && od->type == OPTION_CHOICE &&
	    od->choices != NULL) {
		value = options_to_string(cz_reader(t, it->section), it->name);
		for (i = 0; od->choices[i] != NULL; i++) {
			if (strcmp(od->choices[i], value) == 0)
				break;
		}
		free(value);
		if (od->choices[i] == NULL || od->choices[i + 1] == NULL)
			i = 0;
		else
			i++;
		cz_set(c, t, scope, it->name, od->choices[i], 0);
		return;
	}
	if (c == NULL)
		return;
	text = cz_scope_text(scope, t);
	if (*text != '\0')
		space = ", for ";
	else if (scope != CZ_SERVER)
		space = ", global";
	if (it->idx != -1) {
		name = xasprintf("%s[%d]", it->name, it->idx);
		label = xasprintf("(%s%s%s) ", name, space, text);
	} else if (od != NULL && (od->flags & OPTION_F_ARRAY)) {
		/* A new member, after the last. */
		for (idx = 0; options_array_get(cz_reader(t, it->section),
		    it->name, idx) != NULL; idx++)
			;
		name = xasprintf("%s[%u]", it->name, idx);
		label = xasprintf("(%s[+]%s%s) ", it->name, space, text);
	} else {
		name = xstrdup(it->name);
		label = xasprintf("(%s%s%s) ", name, space, text);
	}
	free(text);
	value = od != NULL && (od->flags & OPTION_F_ARRAY) && it->idx == -1 ?
	    xstrdup("") : options_to_string(cz_reader(t, it->section), name);
	pr = xcalloc(1, sizeof *pr);
	pr->pane = t->p->id;
	pr->scope = scope;
	pr->id = xstrdup(id);
	pr->name = name;
	prompt_open_input(c, label, value, PROMPT_COMMAND, cz_set_done,
	    cz_prompt_free, pr);
	free(label);
	free(value);
}

/* Enter or s on a key's Command, Note or Repeat. */
static void
cz_key_key(struct client *c, const struct target *t,
    const struct cz_item *it, const char *id)
{
	struct key_binding	*kb = cz_binding(it);
	struct cz_prompt	*pr;
	struct cmd_list		*cmds;
	char			*label, *value;

	if (kb == NULL || it->part == NULL)
		return;
	if (strcmp(it->part, "Repeat") == 0) {
		cmds = kb->cmds;
		cmds->references++;
		value = kb->note != NULL ? xstrdup(kb->note) : NULL;
		key_bindings_add(it->name, it->key, !kb->repeat, cmds);
		cmd_list_free(cmds);
		if (value != NULL)
			key_bindings_set_note(it->name, it->key, value);
		free(value);
		return;
	}
	if (c == NULL)
		return;
	label = xasprintf("(%s) ", key_to_string(it->key));
	if (strcmp(it->part, "Command") == 0)
		value = cmd_list_print(kb->cmds);
	else
		value = xstrdup(kb->note != NULL ? kb->note : "");
	pr = xcalloc(1, sizeof *pr);
	pr->pane = t->p->id;
	pr->id = xstrdup(id);
	prompt_open_input(c, label, value, PROMPT_COMMAND, cz_key_done,
	    cz_prompt_free, pr);
	free(label);
	free(value);
}

/* The keys of the mode the tree leaves to it. */
static void
cz_key(struct customize *ct, struct pane *p, struct client *c, void *data,
    key_code key, const char *id)
{
	struct cmd_customize	*cz = data;
	struct target		 t;
	struct cz_item		 it;
	struct cz_prompt	*pr;
	char			*label, **ids = NULL;
	const char		*tid;
	unsigned int		 i = 0, n = 0;

	(void)p;
	if (cz_target(cz, &t) != 0)
		return;
	if (key == 'H') {
		cz->hide_global = !cz->hide_global;
		return;
	}
	if (key == 'D') {
		while ((tid = customize_next_tagged(ct, &i)) != NULL) {
			ids = xreallocarray(ids, n + 1, sizeof *ids);
			ids[n++] = xstrdup(tid);
		}
		for (i = 0; i < n; i++) {
			cz_reset(c, &t, ids[i]);
			free(ids[i]);
		}
		free(ids);
		return;
	}
	if (key == 'U') {
		if ((n = customize_tagged(ct)) == 0 || c == NULL)
			return;
		label = xasprintf("Unset or unbind %u tagged? ", n);
		pr = xcalloc(1, sizeof *pr);
		pr->pane = t.p->id;
		pr->all = 1;
		prompt_open_input(c, label, "", PROMPT_SINGLE, cz_unset_done,
		    cz_prompt_free, pr);
		free(label);
		return;
	}
	if (id == NULL || cz_parse(id, &it) != 0)
		return;
	switch (key) {
	case '\r':
	case KEYC_KP_ENTER:
	case 's':
		if (it.kind == 'k')
			cz_key_key(c, &t, &it, id);
		else
			cz_set_key(ct, c, cz, &t, &it, id, 0, 1);
		break;
	case 'w':
		if (it.kind == 'o')
			cz_set_key(ct, c, cz, &t, &it, id, 0, 0);
		break;
	case 'S':
	case 'W':
		if (it.kind == 'o')
			cz_set_key(ct, c, cz, &t, &it, id, 1, 0);
		break;
	case 'd':
		cz_reset(c, &t, id);
		break;
	case 'u':
		if (c == NULL)
			break;
		if (it.kind == 'k') {
			label = xasprintf("Unbind key %s? ",
			    key_to_string(it.key));
		} else if (it.idx != -1)
			label = xasprintf("Unset option %s[%d]? ", it.name,
			    it.idx);
		else
			label = xasprintf("Unset option %s? ", it.name);
		pr = xcalloc(1, sizeof *pr);
		pr->pane = t.p->id;
		pr->id = xstrdup(id);
		prompt_open_input(c, label, "", PROMPT_SINGLE, cz_unset_done,
		    cz_prompt_free, pr);
		free(label);
		break;
	}
	cz_item_clear(&it);
}

static void
cz_free(void *data)
{
	struct cmd_customize	*cz = data;
	struct pane		*p = pane_find_by_id(cz->pane);

	/* -Z: the zoom ends with the mode, unless the pane is going. */
	if (cz->zoomed && p != NULL && p->window != NULL &&
	    (p->window->flags & WINDOW_ZOOMED) && !(p->flags & PANE_EXITED))
		window_zoom(p->window, 0);
	free(cz->format);
	free(cz);
}

static const struct customize_ops cz_ops = {
	.build = cz_build,
	.preview = cz_preview,
	.key = cz_key,
	.free = cz_free,
};

static enum cmd_retval
cmd_customize_mode_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct target		*t = &item->target;
	struct cmd_customize	*cz;

	if (t->p == NULL || t->s == NULL) {
		cmdq_error(item, "no target pane");
		return (CMD_RETURN_ERROR);
	}
	if (customize_get(t->p) != NULL)
		return (CMD_RETURN_NORMAL);
	cz = xcalloc(1, sizeof *cz);
	cz->pane = t->p->id;
	cz->session = t->s->id;
	if (args_has(args, 'F'))
		cz->format = xstrdup(args_get(args, 'F'));
	if (args_has(args, 'Z') && !(t->w->flags & WINDOW_ZOOMED) &&
	    t->w->active == t->p && window_count_panes(t->w) > 1) {
		window_zoom(t->w, 1);
		cz->zoomed = 1;
	}
	customize_open(t->p, &cz_ops, cz, args_get(args, 'f'),
	    args_has(args, 'N'));
	return (CMD_RETURN_NORMAL);
}
