/*
 * resize-pane (resizep): move a pane's borders (-L -R -U -D by N cells,
 * default 1), set its size (-x, -y: cells or N%), or zoom it (-Z). -M
 * starts dragging the border a mouse key's drag began on. -T trims the
 * lines below the cursor, bringing as many lines back from history (as
 * tmux; nothing for a pane in a mode).
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "grid/vt.h"
#include "model/client.h"
#include "model/layout.h"
#include "model/mouse.h"
#include "model/session.h"
#include "model/window.h"

static enum cmd_retval	cmd_resize_pane_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_resize_pane_entry = {
	.name = "resize-pane",
	.alias = "resizep",
	.args = { "DLMRTt:Ux:y:Z", 0, 1 },
	.usage = "[-DLMRTUZ] [-x width] [-y height] [-t target-pane] "
	    "[adjustment]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_resize_pane_exec,
};

/* An adjustment, width or height (what): from min to INT_MAX, or for a
 * size (total not 0) N% of total. Says what is wrong as tmux does
 * ("adjustment too large"); returns -1 then. */
static long
cmd_resize_pane_number(struct cmdq_item *item, const char *s,
    unsigned int total, long min, const char *what)
{
	char	*end;
	long	 n;

	errno = 0;
	n = strtol(s, &end, 10);
	if (*s == '\0' || end == s ||
	    (*end != '\0' && (total == 0 || strcmp(end, "%") != 0))) {
		cmdq_error(item, "%s invalid", what);
		return (-1);
	}
	if ((errno == ERANGE && n < 0) || n < min) {
		cmdq_error(item, "%s too small", what);
		return (-1);
	}
	if (errno == ERANGE || n > INT_MAX || (*end == '%' && n > 100)) {
		cmdq_error(item, "%s too large", what);
		return (-1);
	}
	if (*end == '%')
		n = (long)total * n / 100;
	return (n);
}

static enum cmd_retval
cmd_resize_pane_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct window	*w = item->target.w;
	struct pane	*p = item->target.p;
	long		 n = 1;
	int		 dir;
	const struct mouse_event *m;

	if (args_has(args, 'M')) {
		if ((m = cmdq_mouse(item)) != NULL && item->client != NULL &&
		    item->client->session != NULL &&
		    item->client->session->id == m->session)
			mouse_drag_border(item->client, m);
		return (CMD_RETURN_NORMAL);
	}
	if (args_has(args, 'T')) {
		if (p->mode == NULL && p->pmode == NULL &&
		    vt_trim_below(p->vt) != 0)
			window_recompose(w);
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
	if (args->argc == 1 && (n = cmd_resize_pane_number(item,
	    args->argv[0], 0, 1, "adjustment")) == -1)
		return (CMD_RETURN_ERROR);
	if (args_has(args, 'x')) {
		if ((n = cmd_resize_pane_number(item, args_get(args, 'x'),
		    w->sx, 0, "width")) == -1)
			return (CMD_RETURN_ERROR);
		layout_set_pane_size(w->layout, p, LAYOUT_LEFTRIGHT, n);
	}
	if (args_has(args, 'y')) {
		if ((n = cmd_resize_pane_number(item, args_get(args, 'y'),
		    w->sy, 0, "height")) == -1)
			return (CMD_RETURN_ERROR);
		layout_set_pane_size(w->layout, p, LAYOUT_TOPBOTTOM, n);
	}
	if ((dir = args_direction(args)) != -1)
		layout_resize_pane(w->layout, p, dir, n);
	window_apply_layout(w);
	return (CMD_RETURN_NORMAL);
}
