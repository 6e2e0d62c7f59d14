/*
 * resize-pane (resizep): move a pane's borders (-L -R -U -D by N cells,
 * default 1), set its size (-x, -y: cells or N%), or zoom it (-Z). -M
 * starts dragging the border a mouse key's drag began on.
 */
#include <errno.h>
#include <stdlib.h>

#include "cmd/cmd.h"
#include "server/client.h"
#include "server/layout.h"
#include "server/mouse.h"
#include "server/session.h"
#include "server/window.h"

static enum cmd_retval	cmd_resize_pane_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_resize_pane_entry = {
	.name = "resize-pane",
	.alias = "resizep",
	.args = { "DLMRt:Ux:y:Z", 0, 1 },
	.usage = "[-DLMRUZ] [-x width] [-y height] [-t target-pane] "
	    "[adjustment]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_resize_pane_exec,
};

static enum cmd_retval
cmd_resize_pane_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct window	*w = item->target.w;
	struct pane	*p = item->target.p;
	long		 n = 1;
	char		*end;
	int		 dir;
	const struct mouse_event *m;

	if (args_has(args, 'M')) {
		if ((m = cmdq_mouse(item)) != NULL && item->client != NULL &&
		    item->client->session != NULL &&
		    item->client->session->id == m->session)
			mouse_drag_border(item->client, m);
		return (CMD_RETURN_NORMAL);
	}
	if (args_has(args, 'Z')) {
		if (w->active != p)
			window_set_active(w, p);
		window_zoom(w, !(w->flags & WINDOW_ZOOMED));
		return (CMD_RETURN_NORMAL);
	}
	if (w->flags & WINDOW_ZOOMED)
		window_zoom(w, 0);
	if (args->argc == 1) {
		errno = 0;
		n = strtol(args->argv[0], &end, 10);
		if (*args->argv[0] == '\0' || *end != '\0' || errno != 0 ||
		    n < 1 || n > 10000) {
			cmdq_error(item, "adjustment %s", args->argv[0]);
			return (CMD_RETURN_ERROR);
		}
	}
	if (args_has(args, 'x')) {
		if ((n = cmd_parse_size(item, args_get(args, 'x'),
		    w->sx)) == -1)
			return (CMD_RETURN_ERROR);
		layout_set_pane_size(w->layout, p, LAYOUT_LEFTRIGHT, n);
	}
	if (args_has(args, 'y')) {
		if ((n = cmd_parse_size(item, args_get(args, 'y'),
		    w->sy)) == -1)
			return (CMD_RETURN_ERROR);
		layout_set_pane_size(w->layout, p, LAYOUT_TOPBOTTOM, n);
	}
	if ((dir = args_direction(args)) != -1)
		layout_resize_pane(w->layout, p, dir, n);
	window_apply_layout(w);
	return (CMD_RETURN_NORMAL);
}
