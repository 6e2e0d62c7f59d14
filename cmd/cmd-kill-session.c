/*
 * kill-session: destroy a session (-a: every other session). -C instead
 * clears the alerts (bell, activity) of the session's windows.
 */
#include "cmd/cmd.h"
#include "model/state.h"
#include "model/session.h"
#include "model/window.h"

static enum cmd_retval	cmd_kill_session_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_kill_session_entry = {
	.name = "kill-session",
	.alias = NULL,
	.args = { "aCt:", 0, 0 },
	.usage = "[-aC] [-t target-session]",
	.target = CMD_TARGET_SESSION,
	.flags = 0,
	.exec = cmd_kill_session_exec,
};

static enum cmd_retval
cmd_kill_session_exec(struct cmd *self, struct cmdq_item *item)
{
	struct session	*s = item->target.s, *other, *next;
	struct winlink	*wl;

	if (args_has(self->args, 'C')) {
		TAILQ_FOREACH(wl, &s->windows, entry) {
			wl->window->flags &= ~(WINDOW_BELL|WINDOW_ACTIVITY|
			    WINDOW_RING|WINDOW_ACTIVE_NEW);
			wl->flags &= ~WINLINK_ALERTS;
		}
		server_status_changed();
		return (CMD_RETURN_NORMAL);
	}
	if (args_has(self->args, 'a')) {
		TAILQ_FOREACH_SAFE(other, &srv->sessions, entry, next) {
			if (other != s)
				session_destroy(other);
		}
		return (CMD_RETURN_NORMAL);
	}
	session_destroy(s);
	return (CMD_RETURN_NORMAL);
}
