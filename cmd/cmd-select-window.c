/*
 * select-window (selectw), next-window (next), previous-window (prev) and
 * last-window (last): change a session's current window.
 */
#include <string.h>

#include "cmd/cmd.h"
#include "model/session.h"
#include "model/window.h"

static enum cmd_retval	cmd_select_window_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_select_window_entry = {
	.name = "select-window",
	.alias = "selectw",
	.args = { "lnpTt:", 0, 0 },
	.usage = "[-lnpT] [-t target-window]",
	.target = CMD_TARGET_WINDOW,
	.flags = 0,
	.exec = cmd_select_window_exec,
};

const struct cmd_entry cmd_next_window_entry = {
	.name = "next-window",
	.alias = "next",
	.args = { "at:", 0, 0 },
	.usage = "[-a] [-t target-session]",
	.target = CMD_TARGET_SESSION,
	.flags = 0,
	.exec = cmd_select_window_exec,
};

const struct cmd_entry cmd_previous_window_entry = {
	.name = "previous-window",
	.alias = "prev",
	.args = { "at:", 0, 0 },
	.usage = "[-a] [-t target-session]",
	.target = CMD_TARGET_SESSION,
	.flags = 0,
	.exec = cmd_select_window_exec,
};

const struct cmd_entry cmd_last_window_entry = {
	.name = "last-window",
	.alias = "last",
	.args = { "t:", 0, 0 },
	.usage = "[-t target-session]",
	.target = CMD_TARGET_SESSION,
	.flags = 0,
	.exec = cmd_select_window_exec,
};

/* The window after (or before) wl, wrapping around. */
static struct winlink *
cmd_select_window_step(struct session *s, struct winlink *wl, int next)
{
	struct winlink	*to;

	if (next) {
		if ((to = TAILQ_NEXT(wl, entry)) == NULL)
			to = TAILQ_FIRST(&s->windows);
	} else {
		if ((to = TAILQ_PREV(wl, winlinks, entry)) == NULL)
			to = TAILQ_LAST(&s->windows, winlinks);
	}
	return (to);
}

static enum cmd_retval
cmd_select_window_exec(struct cmd *self, struct cmdq_item *item)
{
	const struct cmd_entry	*e = self->entry;
	struct args		*args = self->args;
	struct session		*s = item->target.s;
	struct winlink		*wl = item->target.wl;
	int			 next;

	if (e == &cmd_select_window_entry) {
		if (args_has(args, 'l'))
			e = &cmd_last_window_entry;
		else if (args_has(args, 'n'))
			e = &cmd_next_window_entry;
		else if (args_has(args, 'p'))
			e = &cmd_previous_window_entry;
		else if (args_has(args, 'T') && wl == s->curw) {
			e = &cmd_last_window_entry;	/* toggle */
		} else {
			session_select(s, wl);
			return (CMD_RETURN_NORMAL);
		}
	}
	if (e == &cmd_last_window_entry) {
		if (session_last_window(s) == NULL) {
			cmdq_error(item, "no last window");
			return (CMD_RETURN_ERROR);
		}
		session_select(s, session_last_window(s));
		return (CMD_RETURN_NORMAL);
	}
	next = (e == &cmd_next_window_entry);
	if (s->curw == NULL || session_window_count(s) < 2) {
		cmdq_error(item, next ? "no next window" :
		    "no previous window");
		return (CMD_RETURN_ERROR);
	}
	wl = cmd_select_window_step(s, s->curw, next);
	if (args_has(args, 'a')) {
		/* -a: the next (previous) window with an alert. */
		while (wl != s->curw && !(wl->flags &
		    (WINLINK_BELL|WINLINK_ACTIVITY)))
			wl = cmd_select_window_step(s, wl, next);
		if (wl == s->curw) {
			cmdq_error(item, next ? "no next window" :
			    "no previous window");
			return (CMD_RETURN_ERROR);
		}
	}
	session_select(s, wl);
	return (CMD_RETURN_NORMAL);
}
