/*
 * customize-mode's tree: the options sections and key tables as items
 * (in tmux 3.3a's order: user options first, then by name; keys in the
 * order tmux's tables keep them), and the preview of an item.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/cmd-customize.h"
#include "cmd/key-bindings.h"
#include "common/xmalloc.h"
#include "draw/customize.h"
#include "model/format.h"
#include "model/options.h"
#include "model/state.h"
#include "model/session.h"
#include "model/style.h"
#include "model/target.h"
#include "model/window.h"

/* The units tmux shows after some numbers. */
const char *
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
int
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
struct options *
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
struct options *
cz_reader(const struct target *t, char section)
{
	if (section == 'S')
		return (srv->options);
	if (section == 's')
		return (t->s->options);
	return (t->p->options);
}

int
cz_is_global(enum cz_scope scope)
{
	return (scope == CZ_SERVER || scope == CZ_GLOBAL_SESSION ||
	    scope == CZ_GLOBAL_WINDOW);
}

/* "session a", "window 1", "pane 0"; "" for the global scopes. */
char *
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
int
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

void
cz_item_clear(struct cz_item *it)
{
	free(it->name);
	free(it->part);
}

/* The binding an item names, or NULL. */
struct key_binding *
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
void
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
char *
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

void
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
