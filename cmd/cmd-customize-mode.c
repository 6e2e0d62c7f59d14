/*
 * customize-mode: browse and change options and key bindings from a tree
 * in a pane (draw/customize.h draws and navigates it), as tmux 3.3a's
 * customize mode. The tree holds (cmd-customize-tree.c):
 *
 *	Server Options, Session Options, Window & Pane Options: each option
 *	(user options first) with the value in force for the target pane,
 *	its session and window, the scope it comes from in reverse when it
 *	is not the global one ("(session a)", "(window 1)", "(pane 0)");
 *	an array unfolds into its members.
 *	Key Table - NAME for each table with bindings: each key, unfolding
 *	into its Command, Note and Repeat.
 *
 * and its keys do (this file):
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
#include "cmd/cmd-customize.h"
#include "cmd/key-bindings.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "draw/customize.h"
#include "model/format.h"
#include "model/options.h"
#include "draw/prompt.h"
#include "model/state.h"
#include "model/session.h"
#include "model/style.h"
#include "model/target.h"
#include "model/window.h"

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
