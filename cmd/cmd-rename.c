/*
 * rename-session (rename) and rename-window (renamew).
 */
#include "cmd/cmd.h"
#include "common/xmalloc.h"
#include "model/hooks.h"
#include "model/state.h"
#include "model/session.h"
#include "model/window.h"

#include <stdlib.h>

static enum cmd_retval	cmd_rename_session_exec(struct cmd *,
			    struct cmdq_item *);
static enum cmd_retval	cmd_rename_window_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_rename_session_entry = {
	.name = "rename-session",
	.alias = "rename",
	.args = { "t:", 1, 1 },
	.usage = "[-t target-session] new-name",
	.target = CMD_TARGET_SESSION,
	.flags = 0,
	.exec = cmd_rename_session_exec,
};

const struct cmd_entry cmd_rename_window_entry = {
	.name = "rename-window",
	.alias = "renamew",
	.args = { "t:", 1, 1 },
	.usage = "[-t target-window] new-name",
	.target = CMD_TARGET_WINDOW,
	.flags = 0,
	.exec = cmd_rename_window_exec,
};

static enum cmd_retval
cmd_rename_session_exec(struct cmd *self, struct cmdq_item *item)
{
	struct session	*s = item->target.s;
	const char	*name = self->args->argv[0];

	if (!session_check_name(name)) {
		cmdq_error(item, "invalid session: %s", name);
		return (CMD_RETURN_ERROR);
	}
	if (session_find(name) != NULL && session_find(name) != s) {
		cmdq_error(item, "duplicate session: %s", name);
		return (CMD_RETURN_ERROR);
	}
	session_rename(s, name);
	hooks_notify_session("session-renamed", s);
	server_status_changed();
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_rename_window_exec(struct cmd *self, struct cmdq_item *item)
{
	struct window	*w = item->target.w;

	window_set_fixed_name(w, self->args->argv[0]);
	hooks_notify_window("window-renamed", w);
	return (CMD_RETURN_NORMAL);
}
