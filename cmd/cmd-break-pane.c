/*
 * break-pane (breakp), join-pane (joinp) and move-pane (movep): move panes
 * between windows. break-pane makes a pane a window of its own;
 * join-pane splits the target pane and puts the source pane there.
 */
#include <stdlib.h>

#include "cmd/cmd.h"
#include "common/xmalloc.h"
#include "model/format.h"
#include "model/layout.h"
#include "model/state.h"
#include "model/session.h"
#include "model/window.h"

static enum cmd_retval	cmd_break_pane_exec(struct cmd *, struct cmdq_item *);
static enum cmd_retval	cmd_join_pane_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_break_pane_entry = {
	.name = "break-pane",
	.alias = "breakp",
	.args = { "abdF:n:Ps:t:", 0, 0 },
	.usage = "[-abdP] [-F format] [-n window-name] [-s src-pane] "
	    "[-t dst-window]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_break_pane_exec,
};

const struct cmd_entry cmd_join_pane_entry = {
	.name = "join-pane",
	.alias = "joinp",
	.args = { "bdfhl:s:t:v", 0, 0 },
	.usage = "[-bdfhv] [-l size] [-s src-pane] [-t dst-pane]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_join_pane_exec,
};

const struct cmd_entry cmd_move_pane_entry = {
	.name = "move-pane",
	.alias = "movep",
	.args = { "bdfhl:s:t:v", 0, 0 },
	.usage = "[-bdfhv] [-l size] [-s src-pane] [-t dst-pane]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_join_pane_exec,
};

/* The source pane: -s, else the current pane. */
static int
cmd_break_pane_source(struct cmdq_item *item, struct args *args,
    struct target *src)
{
	if (cmd_find_target(item, args_get(args, 's'), CMD_TARGET_PANE,
	    src) != 0)
		return (-1);
	if (src->p == NULL) {
		cmdq_error(item, "no source pane");
		return (-1);
	}
	return (0);
}

static enum cmd_retval
cmd_break_pane_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct target	 src, t;
	struct session	*s;
	struct window	*w;
	struct winlink	*wl;
	int		 idx;

	if (cmd_break_pane_source(item, args, &src) != 0)
		return (CMD_RETURN_ERROR);
	if (cmd_find_index(item, args_get(args, 't'), &s, &idx) != 0)
		return (CMD_RETURN_ERROR);
	if (cmd_insert_index(item, args, s, &idx) != 0)
		return (CMD_RETURN_ERROR);
	if (idx >= 0 && winlink_find_by_index(s, idx) != NULL) {
		cmdq_error(item, "index in use: %d", idx);
		return (CMD_RETURN_ERROR);
	}
	if (window_count_panes(src.w) == 1) {
		/* As tmux: a window of one pane moves whole. */
		w = src.w;
		wl = winlink_add(s, w, idx);
		winlink_remove(src.wl);
		if (args_has(args, 'n'))
			window_set_fixed_name(w, args_get(args, 'n'));
	} else {
		window_take_pane(src.p);
		w = window_create(src.w->sx, src.w->sy);
		window_adopt_pane(w, src.p);
		if (args_has(args, 'n'))
			window_set_fixed_name(w, args_get(args, 'n'));
		else
			window_set_name(w, src.w->name);
		wl = winlink_add(s, w, idx);
	}
	if (!args_has(args, 'd'))
		session_select(s, wl);
	if (args_has(args, 'P')) {
		t.s = s;
		t.wl = wl;
		t.w = w;
		t.p = src.p;
		cmd_print_created(item, args, &t, CMD_CREATED_PANE);
	}
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_join_pane_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct target	 src, dst = item->target;
	int		 type, size = -1;
	unsigned int	 total;
	char		*cause = NULL;

	/* -s, else the marked pane, else the current one. */
	if ((args_has(args, 's') || cmd_marked_target(item, &src) != 0) &&
	    cmd_break_pane_source(item, args, &src) != 0)
		return (CMD_RETURN_ERROR);
	if (src.p == dst.p) {
		cmdq_error(item, "source and target panes must be different");
		return (CMD_RETURN_ERROR);
	}
	if (src.w == dst.w) {
		cmdq_error(item, "source and target panes must be different "
		    "windows");
		return (CMD_RETURN_ERROR);
	}
	type = args_has(args, 'h') ? LAYOUT_LEFTRIGHT : LAYOUT_TOPBOTTOM;
	if (args_has(args, 'f'))
		total = type == LAYOUT_LEFTRIGHT ? dst.w->sx : dst.w->sy;
	else
		total = type == LAYOUT_LEFTRIGHT ? dst.p->sx : dst.p->sy;
	if (args_has(args, 'l') && (size = cmd_parse_size(item,
	    args_get(args, 'l'), total)) == -1)
		return (CMD_RETURN_ERROR);
	if (window_join_pane(dst.w, src.p, dst.p, type, size,
	    args_has(args, 'b'), args_has(args, 'f'), &cause) != 0) {
		cmdq_error(item, "%s", cause);
		free(cause);
		return (CMD_RETURN_ERROR);
	}
	if (TAILQ_EMPTY(&src.w->panes))
		window_kill(src.w);
	if (!args_has(args, 'd')) {
		window_set_active(dst.w, src.p);
		if (dst.s != NULL && dst.wl != NULL)
			session_select(dst.s, dst.wl);
	}
	return (CMD_RETURN_NORMAL);
}
