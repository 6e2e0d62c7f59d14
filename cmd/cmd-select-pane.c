/*
 * select-pane (selectp) and last-pane (lastp): make a pane active, by
 * target or by direction (-L -R -U -D); -l is the last active pane; -T sets
 * the pane's title; -Z keeps the window zoomed.
 */
#include <stdlib.h>

#include "cmd/cmd.h"
#include "common/xmalloc.h"
#include "server/layout.h"
#include "server/server.h"
#include "server/session.h"
#include "server/window.h"

static enum cmd_retval	cmd_select_pane_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_select_pane_entry = {
	.name = "select-pane",
	.alias = "selectp",
	.args = { "DLlRT:t:UZ", 0, 0 },
	.usage = "[-DLlRUZ] [-T title] [-t target-pane]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_select_pane_exec,
};

const struct cmd_entry cmd_last_pane_entry = {
	.name = "last-pane",
	.alias = "lastp",
	.args = { "t:Z", 0, 0 },
	.usage = "[-Z] [-t target-window]",
	.target = CMD_TARGET_WINDOW,
	.flags = 0,
	.exec = cmd_select_pane_exec,
};

static enum cmd_retval
cmd_select_pane_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct window	*w = item->target.w;
	struct pane	*p = item->target.p, *to = p;
	int		 zoomed = (w->flags & WINDOW_ZOOMED) != 0;
	int		 dir;

	if (self->entry == &cmd_last_pane_entry || args_has(args, 'l')) {
		if ((to = w->last) == NULL) {
			cmdq_error(item, "no last pane");
			return (CMD_RETURN_ERROR);
		}
	} else if ((dir = args_direction(args)) != -1) {
		if ((to = layout_neighbour(w->layout, p, dir)) == NULL)
			return (CMD_RETURN_NORMAL);	/* nowhere to go */
	}
	if (args_has(args, 'T')) {
		free(p->title);
		p->title = xstrdup(args_get(args, 'T'));
		server_status_changed();
		return (CMD_RETURN_NORMAL);
	}
	if (item->target.s != NULL && item->target.wl != NULL &&
	    args_has(args, 't'))
		session_select(item->target.s, item->target.wl);
	window_set_active(w, to);
	if (zoomed && args_has(args, 'Z'))
		window_zoom(w, 1);
	return (CMD_RETURN_NORMAL);
}
