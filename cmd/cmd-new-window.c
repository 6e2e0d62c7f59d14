/*
 * new-window (neww): create a window in a session, at the index -t names
 * (or the first free one; -a: the next index after it), and select it
 * unless -d.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "common/xmalloc.h"
#include "server/client.h"
#include "server/format.h"
#include "server/server.h"
#include "server/session.h"
#include "server/window.h"

static enum cmd_retval	cmd_new_window_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_new_window_entry = {
	.name = "new-window",
	.alias = "neww",
	.args = { "abc:dF:kn:Pt:", 0, -1 },
	.usage = "[-abdkP] [-c start-directory] [-F format] [-n window-name] "
	    "[-t target-window] [shell-command]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_new_window_exec,
};

static enum cmd_retval
cmd_new_window_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct session	*s;
	struct winlink	*wl, *at, *old = NULL;
	struct target	 t;
	char		*cause = NULL;
	unsigned int	 sx = 80, sy = 24;
	int		 idx;

	if (cmd_find_index(item, args_get(args, 't'), &s, &idx) != 0)
		return (CMD_RETURN_ERROR);
	if (args_has(args, 'a') || args_has(args, 'b')) {
		/* Next to the target (or current) window, moving others. */
		at = idx >= 0 ? winlink_find_by_index(s, idx) : s->curw;
		if (at == NULL) {
			cmdq_error(item, "no window at index %d", idx);
			return (CMD_RETURN_ERROR);
		}
		idx = at->idx + (args_has(args, 'a') ? 1 : 0);
		session_shift_windows(s, idx);
	} else if (idx >= 0 && (old = winlink_find_by_index(s, idx)) != NULL) {
		if (!args_has(args, 'k')) {
			cmdq_error(item, "index in use: %d", idx);
			return (CMD_RETURN_ERROR);
		}
	}
	if (s->curw != NULL) {
		sx = s->curw->window->sx;
		sy = s->curw->window->sy;
	}
	wl = session_new_window(s, old != NULL ? -1 : idx, args->argc,
	    args->argv, args_get(args, 'c'), sx, sy, &cause);
	if (wl == NULL) {
		cmdq_error(item, "%s", cause);
		free(cause);
		return (CMD_RETURN_ERROR);
	}
	if (old != NULL) {
		/* -k: the new window replaces the old at its index. */
		winlink_remove(old);
		winlink_move(wl, idx);
	}
	if (args_has(args, 'n'))
		window_set_fixed_name(wl->window, args_get(args, 'n'));
	if (!args_has(args, 'd') || s->curw == NULL)
		session_select(s, wl);
	/* after-new-window runs for the new window. */
	item->target.s = s;
	item->target.wl = wl;
	item->target.w = wl->window;
	item->target.p = wl->window->active;
	if (args_has(args, 'P')) {
		t.s = s;
		t.wl = wl;
		t.w = wl->window;
		t.p = wl->window->active;
		cmd_print_created(item, args, &t, CMD_CREATED_PANE);
	}
	return (CMD_RETURN_NORMAL);
}
