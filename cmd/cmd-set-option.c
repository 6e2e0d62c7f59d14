/*
 * set-option (set), set-window-option (setw), show-options (show) and
 * show-window-options (showw), as tmux 3.3a has them.
 *
 * Which table: a defined option lives where its definition says (server,
 * session, window; a pane-capable window option goes to the pane with -p),
 * -g picking the global table; a user option (@name) lives where the flags
 * say (-s server, -p pane, -w window, else session). show-options without
 * -g shows only what is set in that table; -A adds what it inherits,
 * marked with '*'.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/cmd-hooks.h"
#include "cmd/cmd-json.h"
#include "common/utf8.h"
#include "common/xmalloc.h"
#include "grid/vt.h"
#include "model/client.h"
#include "model/format.h"
#include "model/hooks.h"
#include "model/options.h"
#include "draw/prompt.h"
#include "model/state.h"
#include "model/session.h"
#include "model/snapshot.h"
#include "model/window.h"

static enum cmd_retval	cmd_set_option_exec(struct cmd *, struct cmdq_item *);
static enum cmd_retval	cmd_show_options_exec(struct cmd *,
			    struct cmdq_item *);

extern const struct cmd_entry cmd_set_window_option_entry;
extern const struct cmd_entry cmd_show_window_options_entry;

const struct cmd_entry cmd_set_option_entry = {
	.name = "set-option",
	.alias = "set",
	.args = { "aFgopqst:uUw", 1, 2 },
	.usage = "[-aFgopqsuUw] [-t target-pane] option [value]",
	.target = CMD_TARGET_PANE,
	.flags = CMD_CANFAIL,
	.exec = cmd_set_option_exec,
};

const struct cmd_entry cmd_set_window_option_entry = {
	.name = "set-window-option",
	.alias = "setw",
	.args = { "aFgoqt:uU", 1, 2 },
	.usage = "[-aFgoqu] [-t target-window] option [value]",
	.target = CMD_TARGET_PANE,
	.flags = CMD_CANFAIL,
	.exec = cmd_set_option_exec,
};

const struct cmd_entry cmd_show_options_entry = {
	.name = "show-options",
	.alias = "show",
	.args = { "AgHJpqst:vw", 0, 1 },
	.usage = "[-AgHJpqsvw] [-t target-pane] [option]",
	.target = CMD_TARGET_PANE,
	.flags = CMD_CANFAIL,
	.exec = cmd_show_options_exec,
};

const struct cmd_entry cmd_show_window_options_entry = {
	.name = "show-window-options",
	.alias = "showw",
	.args = { "gJvt:", 0, 1 },
	.usage = "[-gJv] [-t target-window] [option]",
	.target = CMD_TARGET_PANE,
	.flags = CMD_CANFAIL,
	.exec = cmd_show_options_exec,
};

/* Is this the window form of the command (setw, showw)? */
static int
cmd_options_window_form(const struct cmd *self)
{
	return (self->entry == &cmd_set_window_option_entry ||
	    self->entry == &cmd_show_window_options_entry);
}

/* The table of scope for the item, or NULL after an error. global: -g. */
static struct options *
cmd_options_table(struct cmdq_item *item, enum option_scope scope,
    int global)
{
	switch (scope) {
	case OPTION_SERVER:
		return (srv->options);
	case OPTION_SESSION:
		if (global)
			return (srv->session_options);
		if (item->target.s == NULL) {
			cmdq_error(item, "no current session");
			return (NULL);
		}
		return (item->target.s->options);
	case OPTION_WINDOW:
		if (global)
			return (srv->window_options);
		if (item->target.w == NULL) {
			cmdq_error(item, "no current window");
			return (NULL);
		}
		return (item->target.w->options);
	case OPTION_PANE:
		if (item->target.p == NULL) {
			cmdq_error(item, "no current pane");
			return (NULL);
		}
		return (item->target.p->options);
	}
	return (NULL);
}

/* The scope the flags name (user options and listing all). */
static enum option_scope
cmd_options_flag_scope(const struct cmd *self)
{
	const struct args	*args = self->args;

	if (args_has(args, 's'))
		return (OPTION_SERVER);
	if (args_has(args, 'p'))
		return (OPTION_PANE);
	if (args_has(args, 'w') || cmd_options_window_form(self))
		return (OPTION_WINDOW);
	return (OPTION_SESSION);
}

/* The scope of a named option: its definition's, or the flags'. */
static enum option_scope
cmd_options_name_scope(const struct cmd *self, const struct option_name *on)
{
	if (on->od == NULL)
		return (cmd_options_flag_scope(self));
	if (on->od->scope == OPTION_WINDOW &&
	    (on->od->flags & OPTION_F_PANE) && args_has(self->args, 'p'))
		return (OPTION_PANE);
	return (on->od->scope);
}

/* After a change: sizes, redraws and the status line follow options;
 * monitor-silence restarts every window's timer, history-file is read,
 * window names, alternate-screen, scroll-on-clear and pane-colours are
 * looked at again (as in tmux);
 * save-interval restarts the snapshot timer. */
static void
cmd_options_changed(const char *name)
{
	struct client	*c;
	struct window	*w;
	struct pane	*p;

	if (strcmp(name, "monitor-silence") == 0) {
		TAILQ_FOREACH(w, &srv->windows, entry)
			window_alerts_reset(w);
	}
	if (strcmp(name, "history-file") == 0)
		prompt_history_load();
	if (strcmp(name, "save-interval") == 0)
		snapshot_update_timer();
	if (strncmp(name, "automatic-rename", 16) == 0)
		srv->names_dirty = 1;
	if (strcmp(name, "alternate-screen") == 0 ||
	    strcmp(name, "scroll-on-clear") == 0 ||
	    strncmp(name, "pane-colours", 12) == 0) {
		TAILQ_FOREACH(w, &srv->windows, entry) {
			TAILQ_FOREACH(p, &w->panes, entry)
				pane_apply_options(p);
		}
	}

	if (strcmp(name, "pane-border-status") == 0) {
		/* Panes at the edge give a row to their status line. */
		TAILQ_FOREACH(w, &srv->windows, entry)
			window_apply_layout(w);
	}
	client_update_sizes();
	TAILQ_FOREACH(c, &srv->clients, entry)
		c->flags |= CLIENT_REDRAW;
	server_status_changed();
}

/* Does name (perhaps with [N]) name a hook rather than an option? */
static int
cmd_options_is_hook(const char *name)
{
	char	*cause = NULL;
	int	 idx;

	if (hooks_match(name, &idx, &cause) != NULL)
		return (1);
	free(cause);
	return (0);
}

static enum cmd_retval
cmd_set_option_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct option_name	 on;
	struct options		*oo;
	struct pane		*p;
	const char		*value = args->argc > 1 ? args->argv[1] : NULL;
	char			*cause = NULL, *expanded = NULL, *name = NULL;
	enum option_scope	 scope;
	int			 unset, global, flags = 0, rc;

	if (options_resolve(args->argv[0], &on, &cause) != 0) {
		/* Hooks are options in tmux: set-option sets them too. */
		if (cmd_options_is_hook(args->argv[0])) {
			free(cause);
			return (cmd_set_hook(self, item));
		}
		if (!args_has(args, 'q'))
			cmdq_error(item, "%s", cause);
		free(cause);
		return (args_has(args, 'q') ? CMD_RETURN_NORMAL :
		    CMD_RETURN_ERROR);
	}
	scope = cmd_options_name_scope(self, &on);
	global = args_has(args, 'g') && scope != OPTION_PANE;
	if ((oo = cmd_options_table(item, scope, global)) == NULL)
		goto fail;
	/* The full name ("status-format[2]") from the resolved one. */
	if (on.idx >= 0)
		name = xasprintf("%s[%d]", on.name, on.idx);
	else
		name = xstrdup(on.name);

	unset = args_has(args, 'u') || args_has(args, 'U');
	if (unset) {
		/* A value given with -u is ignored, as tmux ignores it. */
		options_unset(oo, name);
		/* -U: the window's panes too. */
		if (args_has(args, 'U') && scope == OPTION_WINDOW &&
		    !global && item->target.w != NULL) {
			TAILQ_FOREACH(p, &item->target.w->panes, entry)
				options_unset(p->options, name);
		}
		goto changed;
	}
	if (args_has(args, 'o') && options_is_set(oo, name)) {
		if (!args_has(args, 'q')) {
			cmdq_error(item, "already set: %s", name);
			goto fail;
		}
		goto out;
	}
	if (value != NULL && args_has(args, 'F')) {
		expanded = format_expand(value, &item->target, item->client);
		value = expanded;
	}
	if (args_has(args, 'a'))
		flags |= OPTIONS_SET_APPEND;
	rc = options_set_flags(oo, name, value, flags, &cause);
	free(expanded);
	if (rc != 0) {
		cmdq_error(item, "%s", cause);
		free(cause);
		goto fail;
	}
changed:
	cmd_options_changed(on.name);
out:
	free(name);
	options_name_clear(&on);
	return (CMD_RETURN_NORMAL);
fail:
	free(name);
	options_name_clear(&on);
	return (CMD_RETURN_ERROR);
}

/*
 * A value as show-options prints it, so that it reads back as a
 * set-option argument (tmux's rules): '' when empty; double quotes when
 * it has any of  #';${}% or a space, single quotes when it has a '"';
 * a lone special character or a leading ~ gets a backslash; controls are
 * C escapes (\n, \t) or octal. Heap string.
 */
static char *
cmd_options_escape(const char *s)
{
	static const char	 dquoted[] = " #';${}%";
	struct pbuf		 out;
	const unsigned char	*p;
	int			 quote = 0, n;
	char			 oct[8];
	uint32_t		 cp;

	if (*s == '\0')
		return (xstrdup("''"));
	if (s[strcspn(s, dquoted)] != '\0')
		quote = '"';
	else if (strchr(s, '"') != NULL)
		quote = '\'';
	if (s[0] != ' ' && s[1] == '\0' && (quote != 0 || s[0] == '~'))
		return (xasprintf("\\%c", s[0]));

	pbuf_init(&out);
	if (quote != 0)
		pw_u8(&out, quote);
	if (*s == '~')
		pw_u8(&out, '\\');
	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		if (*p >= 0x80 && (n = utf8_decode((const char *)p,
		    strlen((const char *)p), &cp)) > 0) {
			pw_bytes(&out, p, n);
			p += n - 1;
			continue;
		}
		switch (*p) {
		case '\n': pw_bytes(&out, "\\n", 2); continue;
		case '\t': pw_bytes(&out, "\\t", 2); continue;
		case '\r': pw_bytes(&out, "\\r", 2); continue;
		case '\a': pw_bytes(&out, "\\a", 2); continue;
		case '\b': pw_bytes(&out, "\\b", 2); continue;
		case '\v': pw_bytes(&out, "\\v", 2); continue;
		case '\f': pw_bytes(&out, "\\f", 2); continue;
		case '\\': pw_bytes(&out, "\\\\", 2); continue;
		}
		if (*p < 0x20 || *p >= 0x7f) {
			n = snprintf(oct, sizeof oct, "\\%03o", *p);
			pw_bytes(&out, oct, n);
			continue;
		}
		if (quote == '"' && (*p == '"' || (*p == '$' &&
		    (p[1] == '_' || p[1] == '{' || (p[1] >= 'a' &&
		    p[1] <= 'z') || (p[1] >= 'A' && p[1] <= 'Z')))))
			pw_u8(&out, '\\');
		pw_u8(&out, *p);
	}
	if (quote != 0)
		pw_u8(&out, quote);
	pw_u8(&out, '\0');
	return ((char *)out.data);
}

/* Print "name value" (or the value alone) for one scalar. */
static void
cmd_show_line(struct cmdq_item *item, const char *name, const char *value,
    int inherited, int value_only, int quoted)
{
	char	*esc;

	if (value_only) {
		cmdq_print(item, "%s", value);
		return;
	}
	if (quoted) {
		esc = cmd_options_escape(value);
		cmdq_print(item, "%s%s %s", name, inherited ? "*" : "", esc);
		free(esc);
	} else
		cmdq_print(item, "%s%s %s", name, inherited ? "*" : "", value);
}

/* Is od's text printed quoted (strings and commands, as in tmux)? */
static int
cmd_show_quoted(const struct option_def *od)
{
	return (od == NULL || od->type == OPTION_STRING ||
	    od->type == OPTION_COMMAND);
}

/* Print a defined option in force at oo: idx -1 for all of an array. */
static void
cmd_show_def(struct cmdq_item *item, const struct options *oo,
    const struct option_def *od, int idx, int inherited, int value_only)
{
	const struct option_item	*items;
	unsigned int			 n, i;
	const char			*v;
	char				*name, *s;

	if (~od->flags & OPTION_F_ARRAY) {
		s = options_to_string(oo, od->name);
		cmd_show_line(item, od->name, s, inherited, value_only,
		    cmd_show_quoted(od));
		free(s);
		return;
	}
	if (idx >= 0) {
		v = options_array_get(oo, od->name, idx);
		name = xasprintf("%s[%d]", od->name, idx);
		cmd_show_line(item, name, v != NULL ? v : "", inherited,
		    value_only, cmd_show_quoted(od));
		free(name);
		return;
	}
	n = options_array_items(oo, od->name, &items);
	if (n == 0 && !value_only)
		cmdq_print(item, "%s%s", od->name, inherited ? "*" : "");
	for (i = 0; i < n; i++) {
		name = xasprintf("%s[%u]", od->name, items[i].idx);
		cmd_show_line(item, name, items[i].str, inherited, value_only,
		    cmd_show_quoted(od));
		free(name);
	}
}

/* Does a table of scope list od? */
static int
cmd_show_in_scope(const struct option_def *od, enum option_scope scope)
{
	if (scope == OPTION_PANE)
		return (od->scope == OPTION_WINDOW &&
		    (od->flags & OPTION_F_PANE));
	return (od->scope == scope);
}

/* show-options with no option: the table's user options, then every
 * defined option of its scope set there (or inherited, with -A); with
 * -J, as objects of cj. */
static void
cmd_show_all(struct cmd *self, struct cmdq_item *item,
    const struct options *oo, enum option_scope scope, struct cmd_json *cj)
{
	struct args		*args = self->args;
	const struct option_def	*od;
	const char		*name, *value;
	unsigned int		 i;
	int			 inherited, v = args_has(args, 'v');

	for (i = 0; (name = options_user_at(oo, i, &value)) != NULL; i++) {
		if (cj != NULL)
			cmd_json_option(cj, oo, name, NULL, -1, 0);
		else
			cmd_show_line(item, name, value, 0, v, 1);
	}
	for (i = 0; (od = options_def_at(i)) != NULL; i++) {
		if (!cmd_show_in_scope(od, scope))
			continue;
		if ((od->flags & OPTION_F_HOOK) && !args_has(args, 'H'))
			continue;
		inherited = !options_is_set(oo, od->name);
		if (inherited && !args_has(args, 'A'))
			continue;
		if (cj != NULL)
			cmd_json_option(cj, oo, od->name, od, -1, inherited);
		else
			cmd_show_def(item, oo, od, -1, inherited, v);
	}
}

static enum cmd_retval
cmd_show_options_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct option_name	 on;
	struct options		*oo;
	enum option_scope	 scope;
	const char		*text, *value;
	char			*cause = NULL, *base, *s;
	int			 global, set, inherited, resolved;
	struct cmd_json		 json, *cj = NULL;

	if (args_has(args, 'J') && args_has(args, 'v')) {
		cmdq_error(item, "-J and -v cannot be used together");
		return (CMD_RETURN_ERROR);
	}
	if (args->argc == 0) {
		scope = cmd_options_flag_scope(self);
		global = args_has(args, 'g') && scope != OPTION_PANE;
		if ((oo = cmd_options_table(item, scope, global)) == NULL)
			return (CMD_RETURN_ERROR);
		if (args_has(args, 'J'))
			cmd_json_start(cj = &json);
		cmd_show_all(self, item, oo, scope, cj);
		if (cj != NULL)
			cmd_json_end(cj, item);
		return (CMD_RETURN_NORMAL);
	}

	text = args->argv[0];
	resolved = options_resolve(text, &on, &cause);
	if (resolved != 0 && cmd_options_is_hook(text)) {
		/* Hooks are options in tmux: show-options shows them too. */
		free(cause);
		return (cmd_show_hooks(self, item));
	}
	if (resolved != 0) {
		/* show takes an index on a plain option and ignores it. */
		base = xstrndup(text, strcspn(text, "["));
		if (strchr(text, '[') == NULL ||
		    options_resolve(base, &on, NULL) != 0 || on.od == NULL ||
		    (on.od->flags & OPTION_F_ARRAY)) {
			free(base);
			if (args_has(args, 'q')) {
				free(cause);
				return (CMD_RETURN_NORMAL);
			}
			cmdq_error(item, "%s", cause);
			free(cause);
			return (CMD_RETURN_ERROR);
		}
		free(base);
		free(cause);
	}
	scope = cmd_options_name_scope(self, &on);
	global = args_has(args, 'g') && scope != OPTION_PANE;
	if ((oo = cmd_options_table(item, scope, global)) == NULL) {
		options_name_clear(&on);
		return (CMD_RETURN_ERROR);
	}
	set = options_is_set(oo, on.name);
	inherited = !set && args_has(args, 'A') &&
	    options_owner(oo, on.name) != NULL;
	if (on.od == NULL && !set && !inherited) {
		options_name_clear(&on);
		if (args_has(args, 'q'))
			return (CMD_RETURN_NORMAL);
		cmdq_error(item, "invalid option: %s", text);
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'J')) {
		/* One option: an array of it, or an empty one if unset. */
		cmd_json_start(&json);
		if (set || inherited)
			cmd_json_option(&json, oo, on.name, on.od, on.idx,
			    inherited);
		cmd_json_end(&json, item);
	} else if (on.od == NULL) {
		s = options_to_string(oo, on.name);
		value = s;
		cmd_show_line(item, on.name, value, inherited,
		    args_has(args, 'v'), 1);
		free(s);
	} else if (set || inherited)
		cmd_show_def(item, oo, on.od, on.idx, inherited,
		    args_has(args, 'v'));
	options_name_clear(&on);
	return (CMD_RETURN_NORMAL);
}
