/*
 * link-window (linkw) and move-window (movew): show the -s window (or the
 * current one) in the -t session too, at the index -t names or the first
 * free one; move-window then unlinks it from where it was. -a and -b put
 * it after or before the -t window, moving the windows in the way up; -k
 * replaces a window already at the index; -d leaves the window that was
 * current. move-window -r only renumbers the -t session's windows from
 * base-index.
 */
#include "cmd/cmd.h"
#include "model/session.h"
#include "model/window.h"

static enum cmd_retval	cmd_move_window_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_link_window_entry = {
	.name = "link-window",
	.alias = "linkw",
	.args = { "abdks:t:", 0, 0 },
	.usage = "[-abdk] [-s src-window] [-t dst-window]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_move_window_exec,
};

const struct cmd_entry cmd_move_window_entry = {
	.name = "move-window",
	.alias = "movew",
	.args = { "abdkrs:t:", 0, 0 },
	.usage = "[-abdkr] [-s src-window] [-t dst-window]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_move_window_exec,
};

static enum cmd_retval
cmd_move_window_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct session	*dst;
	struct winlink	*src, *old = NULL, *wl;
	struct window	*w;
	struct target	 t;
	int		 idx, select, move = self->entry == &cmd_move_window_entry;

	if (cmd_find_index(item, args_get(args, 't'), &dst, &idx) != 0)
		return (CMD_RETURN_ERROR);
	if (move && args_has(args, 'r')) {
		session_renumber_windows(dst);
		return (CMD_RETURN_NORMAL);
	}
	if (cmd_find_target(item, args_get(args, 's'), CMD_TARGET_WINDOW,
	    &t) != 0)
		return (CMD_RETURN_ERROR);
	src = t.wl;
	w = src->window;
	/* As tmux: sessions of one group already show the same windows. */
	if (t.s != dst && t.s->group != NULL && t.s->group == dst->group) {
		cmdq_error(item, "sessions are grouped");
		return (CMD_RETURN_ERROR);
	}
	if (cmd_insert_index(item, args, dst, &idx) != 0)
		return (CMD_RETURN_ERROR);
	if (idx >= 0 && (old = winlink_find_by_index(dst, idx)) != NULL) {
		if (old->window == w) {
			/* As tmux 3.3a, also onto itself. */
			cmdq_error(item, "same index: %d", idx);
			return (CMD_RETURN_ERROR);
		}
		if (!args_has(args, 'k')) {
			cmdq_error(item, "index in use: %d", idx);
			return (CMD_RETURN_ERROR);
		}
	}

	/* Link at a free index first, so that replacing the only window of
	 * the session does not end it. */
	wl = winlink_add(dst, w, old != NULL ? -1 : idx);
	select = !args_has(args, 'd');
	if (old != NULL) {
		/* Replacing the current window selects the new one. */
		if (old == dst->curw)
			select = 1;
		winlink_remove(old);
		winlink_move(wl, idx);
	}
	if (move)
		winlink_remove(src);
	if (select || dst->curw == NULL)
		session_select(dst, wl);
	return (CMD_RETURN_NORMAL);
}
