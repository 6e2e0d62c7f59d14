/*
 * Option definitions and tables (see options.h). Values are stored per
 * definition index; a table has one slot per definition, unset slots fall
 * through to the parent. Names and defaults follow tmux 3.3a.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/key.h"
#include "common/log.h"
#include "common/xmalloc.h"
#include "server/options.h"

static const char *const on_off[] = { "off", "on", NULL };
static const char *const status_position_choices[] = { "top", "bottom", NULL };
static const char *const mode_keys_choices[] = { "emacs", "vi", NULL };
static const char *const window_size_choices[] = {
	"largest", "smallest", "manual", "latest", NULL
};
static const char *const bell_action_choices[] = {
	"none", "any", "current", "other", NULL
};
static const char *const extended_keys_choices[] = {
	"off", "on", "always", NULL
};
static const char *const set_clipboard_choices[] = {
	"off", "external", "on", NULL
};

static const struct option_def option_defs[] = {
	/* server */
	{ "default-terminal", OPTION_STRING, OPTION_SERVER, "xterm-256color",
	  0, 0, 0, NULL, "TERM inside new panes" },
	{ "escape-time", OPTION_NUMBER, OPTION_SERVER, NULL, 10, 0, INT_MAX,
	  NULL, "ms to wait after a lone Escape" },
	{ "exit-empty", OPTION_FLAG, OPTION_SERVER, NULL, 1, 0, 1, NULL,
	  "exit when no sessions remain" },
	{ "buffer-limit", OPTION_NUMBER, OPTION_SERVER, NULL, 50, 1, INT_MAX,
	  NULL, "automatic paste buffers kept" },
	{ "set-clipboard", OPTION_CHOICE, OPTION_SERVER, "on", 0, 0, 0,
	  set_clipboard_choices, "OSC 52: on lets programs set buffers and "
	  "the terminal's clipboard" },
	{ "frame-interval", OPTION_NUMBER, OPTION_SERVER, NULL, 8, 0, 1000,
	  NULL, "ms between frames while a pane streams output" },
	{ "extended-keys", OPTION_CHOICE, OPTION_SERVER, "on", 0, 0, 0,
	  extended_keys_choices, "ask terminals to report keys such as "
	  "C-Enter distinctly; always: pass them on to every program" },
	{ "terminal-features", OPTION_STRING, OPTION_SERVER, "", 0, 0, 0,
	  NULL, "pattern:feature entries for terminals (RGB: 24-bit colour)" },
	{ "terminal-overrides", OPTION_STRING, OPTION_SERVER, "", 0, 0, 0,
	  NULL, "pattern:capability entries for terminals (RGB or Tc)" },
	/* session */
	{ "prefix", OPTION_KEY, OPTION_SESSION, "C-b", 0, 0, 0, NULL,
	  "the prefix key" },
	{ "prefix2", OPTION_KEY, OPTION_SESSION, "None", 0, 0, 0, NULL,
	  "a second prefix key" },
	{ "base-index", OPTION_NUMBER, OPTION_SESSION, NULL, 0, 0, INT_MAX,
	  NULL, "index of the first window" },
	{ "history-limit", OPTION_NUMBER, OPTION_SESSION, NULL, 10000, 0,
	  INT_MAX, NULL, "history lines kept per pane" },
	{ "default-shell", OPTION_STRING, OPTION_SESSION, "", 0, 0, 0, NULL,
	  "shell for new panes (empty: $SHELL, else /bin/sh)" },
	{ "default-command", OPTION_STRING, OPTION_SESSION, "", 0, 0, 0, NULL,
	  "command for new panes (empty: a login shell)" },
	{ "status", OPTION_FLAG, OPTION_SESSION, NULL, 1, 0, 1, NULL,
	  "show the status line" },
	{ "status-position", OPTION_CHOICE, OPTION_SESSION, "bottom", 0, 0, 0,
	  status_position_choices, "status line at top or bottom" },
	{ "status-interval", OPTION_NUMBER, OPTION_SESSION, NULL, 15, 0,
	  INT_MAX, NULL, "seconds between status line updates" },
	{ "status-left", OPTION_STRING, OPTION_SESSION, "[#{session_name}] ", 0,
	  0, 0, NULL, "left side of the status line" },
	{ "status-right", OPTION_STRING, OPTION_SESSION,
	  "\"#{=21:pane_title}\" %H:%M %d-%b-%y", 0, 0, 0, NULL,
	  "right side of the status line" },
	{ "status-style", OPTION_STRING, OPTION_SESSION, "bg=green,fg=black", 0,
	  0, 0, NULL, "status line style" },
	{ "status-left-length", OPTION_NUMBER, OPTION_SESSION, NULL, 10, 0,
	  SHRT_MAX, NULL, "widest status-left may be" },
	{ "status-right-length", OPTION_NUMBER, OPTION_SESSION, NULL, 40, 0,
	  SHRT_MAX, NULL, "widest status-right may be" },
	{ "status-left-style", OPTION_STRING, OPTION_SESSION, "default", 0, 0,
	  0, NULL, "style of status-left" },
	{ "status-right-style", OPTION_STRING, OPTION_SESSION, "default", 0, 0,
	  0, NULL, "style of status-right" },
	{ "mode-style", OPTION_STRING, OPTION_SESSION, "bg=yellow,fg=black",
	  0, 0, 0, NULL, "style of selections in modes" },
	{ "message-style", OPTION_STRING, OPTION_SESSION, "bg=yellow,fg=black",
	  0, 0, 0, NULL, "style of messages and the command prompt" },
	{ "mouse", OPTION_FLAG, OPTION_SESSION, NULL, 0, 0, 1, NULL,
	  "mouse support" },
	{ "display-time", OPTION_NUMBER, OPTION_SESSION, NULL, 750, 0, INT_MAX,
	  NULL, "ms messages stay in the status line" },
	{ "repeat-time", OPTION_NUMBER, OPTION_SESSION, NULL, 500, 0, INT_MAX,
	  NULL, "ms a repeatable binding stays armed" },
	{ "set-titles", OPTION_FLAG, OPTION_SESSION, NULL, 0, 0, 1, NULL,
	  "set the host terminal's title" },
	{ "set-titles-string", OPTION_STRING, OPTION_SESSION,
	  "#S:#I:#W - \"#T\"", 0, 0, 0, NULL, "host title format" },
	{ "update-environment", OPTION_STRING, OPTION_SESSION,
	  "DISPLAY KRB5CCNAME SSH_ASKPASS SSH_AUTH_SOCK SSH_AGENT_PID "
	  "SSH_CONNECTION WINDOWID XAUTHORITY", 0, 0, 0, NULL,
	  "variables a client's environment updates in its session" },
	{ "display-panes-time", OPTION_NUMBER, OPTION_SESSION, NULL, 1000, 1,
	  INT_MAX, NULL, "ms display-panes shows pane numbers" },
	{ "display-panes-colour", OPTION_STRING, OPTION_SESSION, "blue", 0, 0,
	  0, NULL, "colour of the pane numbers" },
	{ "display-panes-active-colour", OPTION_STRING, OPTION_SESSION, "red",
	  0, 0, 0, NULL, "colour of the active pane's number" },
	{ "bell-action", OPTION_CHOICE, OPTION_SESSION, "any", 0, 0, 0,
	  bell_action_choices, "which windows' bells ring the terminal" },
	{ "visual-bell", OPTION_FLAG, OPTION_SESSION, NULL, 0, 0, 1, NULL,
	  "show a message for a bell instead of ringing" },
	{ "visual-activity", OPTION_FLAG, OPTION_SESSION, NULL, 0, 0, 1, NULL,
	  "show a message for activity in a window" },
	{ "renumber-windows", OPTION_FLAG, OPTION_SESSION, NULL, 0, 0, 1, NULL,
	  "renumber windows when one closes" },
	/* window */
	{ "mode-keys", OPTION_CHOICE, OPTION_WINDOW, "emacs", 0, 0, 0,
	  mode_keys_choices, "copy mode key table" },
	{ "pane-base-index", OPTION_NUMBER, OPTION_WINDOW, NULL, 0, 0, USHRT_MAX,
	  NULL, "index of the first pane" },
	{ "monitor-activity", OPTION_FLAG, OPTION_WINDOW, NULL, 0, 0, 1, NULL,
	  "flag output in a window that is not shown" },
	{ "monitor-bell", OPTION_FLAG, OPTION_WINDOW, NULL, 1, 0, 1, NULL,
	  "flag a bell in a window that is not shown" },
	{ "window-status-activity-style", OPTION_STRING, OPTION_WINDOW,
	  "reverse", 0, 0, 0, NULL, "style of a window with activity" },
	{ "remain-on-exit", OPTION_FLAG, OPTION_WINDOW, NULL, 0, 0, 1, NULL,
	  "keep a pane whose program exited" },
	{ "automatic-rename", OPTION_FLAG, OPTION_WINDOW, NULL, 1, 0, 1, NULL,
	  "name windows after their program" },
	{ "aggressive-resize", OPTION_FLAG, OPTION_WINDOW, NULL, 0, 0, 1, NULL,
	  "size windows by the clients showing them" },
	{ "window-size", OPTION_CHOICE, OPTION_WINDOW, "latest", 0, 0, 0,
	  window_size_choices, "how clients size a window" },
	{ "pane-border-style", OPTION_STRING, OPTION_WINDOW, "default", 0, 0, 0,
	  NULL, "style of pane borders" },
	{ "pane-active-border-style", OPTION_STRING, OPTION_WINDOW, "fg=green",
	  0, 0, 0, NULL, "style of the active pane's border" },
	{ "window-status-format", OPTION_STRING, OPTION_WINDOW,
	  "#I:#W#{?window_flags,#{window_flags}, }", 0, 0, 0, NULL,
	  "a window in the status line" },
	{ "window-status-current-format", OPTION_STRING, OPTION_WINDOW,
	  "#I:#W#{?window_flags,#{window_flags}, }", 0, 0, 0, NULL,
	  "the current window in the status line" },
	{ "window-status-style", OPTION_STRING, OPTION_WINDOW, "default", 0, 0,
	  0, NULL, "style of a window in the status line" },
	{ "window-status-current-style", OPTION_STRING, OPTION_WINDOW,
	  "default", 0, 0, 0, NULL, "style of the current window" },
	{ "window-status-bell-style", OPTION_STRING, OPTION_WINDOW, "reverse",
	  0, 0, 0, NULL, "style of a window with a bell" },
	{ "window-status-separator", OPTION_STRING, OPTION_WINDOW, " ", 0, 0, 0,
	  NULL, "between windows in the status line" },
};
#define NDEFS (sizeof option_defs / sizeof option_defs[0])

struct option_value {
	int		 set;
	char		*str;
	long long	 num;
};

struct options {
	struct options		*parent;
	enum option_scope	 scope;
	struct option_value	 values[NDEFS];
};

/* Bumped by every change to any table (starts above 0, so a cache at 0 is
 * stale). */
static unsigned long	options_gen = 1;

unsigned long
options_generation(void)
{
	return (options_gen);
}

struct options *
options_create(struct options *parent, enum option_scope scope)
{
	struct options	*oo = xcalloc(1, sizeof *oo);

	oo->parent = parent;
	oo->scope = scope;
	return (oo);
}

void
options_free(struct options *oo)
{
	size_t	i;

	if (oo == NULL)
		return;
	for (i = 0; i < NDEFS; i++)
		free(oo->values[i].str);
	free(oo);
}

enum option_scope
options_scope(const struct options *oo)
{
	return (oo->scope);
}

const struct option_def *
options_def_at(unsigned int i)
{
	return (i < NDEFS ? &option_defs[i] : NULL);
}

const struct option_def *
options_find(const char *name)
{
	const struct option_def	*found = NULL;
	size_t			 i, len = strlen(name);

	for (i = 0; i < NDEFS; i++) {
		if (strcmp(option_defs[i].name, name) == 0)
			return (&option_defs[i]);
	}
	for (i = 0; i < NDEFS; i++) {
		if (strncmp(option_defs[i].name, name, len) == 0) {
			if (found != NULL)
				return (NULL);
			found = &option_defs[i];
		}
	}
	return (found);
}

/* Index of a definition. */
static size_t
options_index(const struct option_def *od)
{
	return (od - option_defs);
}

/* The value in force for od: this level's, else the nearest parent's. */
static const struct option_value *
options_value(const struct options *oo, const struct option_def *od)
{
	size_t	i = options_index(od);

	for (; oo != NULL; oo = oo->parent) {
		if (oo->values[i].set)
			return (&oo->values[i]);
	}
	return (NULL);
}

/* Parse text for a flag: on/off/1/0/yes/no, or toggle when empty. */
static int
options_parse_flag(const char *value, long long old, long long *out)
{
	if (value == NULL || *value == '\0')
		*out = !old;
	else if (strcasecmp(value, "on") == 0 || strcmp(value, "1") == 0 ||
	    strcasecmp(value, "yes") == 0)
		*out = 1;
	else if (strcasecmp(value, "off") == 0 || strcmp(value, "0") == 0 ||
	    strcasecmp(value, "no") == 0)
		*out = 0;
	else
		return (-1);
	return (0);
}

int
options_set(struct options *oo, const char *name, const char *value,
    int append, char **cause)
{
	const struct option_def	*od = options_find(name);
	struct option_value	*ov;
	long long		 n;
	char			*end;
	size_t			 i;

	if (od == NULL) {
		*cause = xasprintf("invalid option: %s", name);
		return (-1);
	}
	ov = &oo->values[options_index(od)];
	if (value == NULL && od->type != OPTION_FLAG) {
		*cause = xasprintf("no value for option: %s", od->name);
		return (-1);
	}
	switch (od->type) {
	case OPTION_STRING:
		if (append) {
			char	*old = options_to_string(oo, od->name);

			end = xasprintf("%s%s", old, value);
			free(old);
		} else
			end = xstrdup(value);
		free(ov->str);
		ov->str = end;
		break;
	case OPTION_NUMBER:
		errno = 0;
		n = strtoll(value, &end, 10);
		if (*value == '\0' || *end != '\0' || errno != 0 ||
		    n < od->min || n > od->max) {
			*cause = xasprintf("value is invalid for %s: %s "
			    "(expected a number from %lld to %lld)", od->name,
			    value, od->min, od->max);
			return (-1);
		}
		ov->num = n;
		break;
	case OPTION_FLAG:
		if (options_parse_flag(value, options_get_number(oo, od->name),
		    &n) != 0) {
			*cause = xasprintf("value is invalid for %s: %s "
			    "(expected on or off)", od->name, value);
			return (-1);
		}
		ov->num = n;
		break;
	case OPTION_KEY:
		if (strcasecmp(value, "None") != 0 &&
		    key_from_string(value) == KEYC_NONE) {
			*cause = xasprintf("bad key for %s: %s", od->name,
			    value);
			return (-1);
		}
		free(ov->str);
		ov->str = xstrdup(value);
		ov->num = key_from_string(value);	/* KEYC_NONE for None */
		break;
	case OPTION_CHOICE:
		for (i = 0; od->choices[i] != NULL; i++) {
			if (strcmp(od->choices[i], value) == 0)
				break;
		}
		if (od->choices[i] == NULL) {
			*cause = xasprintf("value is invalid for %s: %s",
			    od->name, value);
			return (-1);
		}
		free(ov->str);
		ov->str = xstrdup(value);
		break;
	}
	ov->set = 1;
	options_gen++;
	return (0);
}

void
options_unset(struct options *oo, const char *name)
{
	const struct option_def	*od = options_find(name);
	struct option_value	*ov;

	if (od == NULL)
		return;
	ov = &oo->values[options_index(od)];
	free(ov->str);
	memset(ov, 0, sizeof *ov);
	options_gen++;
}

int
options_is_set(const struct options *oo, const char *name)
{
	const struct option_def	*od = options_find(name);

	return (od != NULL && oo->values[options_index(od)].set);
}

const char *
options_get_string(const struct options *oo, const char *name)
{
	const struct option_def		*od = options_find(name);
	const struct option_value	*ov;

	if (od == NULL)
		fatalx("options_get_string: no option %s", name);
	if ((ov = options_value(oo, od)) != NULL && ov->str != NULL)
		return (ov->str);
	return (od->default_str != NULL ? od->default_str : "");
}

long long
options_get_number(const struct options *oo, const char *name)
{
	const struct option_def		*od = options_find(name);
	const struct option_value	*ov;

	if (od == NULL)
		fatalx("options_get_number: no option %s", name);
	if ((ov = options_value(oo, od)) != NULL)
		return (ov->num);
	return (od->default_num);
}

key_code
options_get_key(const struct options *oo, const char *name)
{
	const struct option_def		*od = options_find(name);
	const struct option_value	*ov;

	if (od == NULL || od->type != OPTION_KEY)
		fatalx("options_get_key: no key option %s", name);
	if ((ov = options_value(oo, od)) != NULL)
		return ((key_code)ov->num);
	return (key_from_string(od->default_str));
}

char *
options_to_string(const struct options *oo, const char *name)
{
	const struct option_def	*od = options_find(name);

	if (od == NULL)
		return (xstrdup(""));
	switch (od->type) {
	case OPTION_NUMBER:
		return (xasprintf("%lld", options_get_number(oo, name)));
	case OPTION_FLAG:
		return (xstrdup(on_off[options_get_number(oo, name) != 0]));
	default:
		return (xstrdup(options_get_string(oo, name)));
	}
}
