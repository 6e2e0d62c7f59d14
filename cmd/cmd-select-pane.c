/*
 * select-pane (selectp) and last-pane (lastp): make a pane active, by
 * target or by direction (-L -R -U -D); -l is the last active pane; -T sets
 * the pane's title; -Z keeps the window zoomed. -d and -e disable and
 * enable keys to the pane (last-pane: to the last pane); -m marks the pane
 * (the default -s of join-pane, move-pane, swap-pane and swap-window;
 * again unmarks it) and -M clears the mark. For a client with the
 * active-pane flag (attach -f), selecting a pane of the window it shows
 * changes only its own active pane.
 */
#include <stdlib.h>

#include "cmd/cmd.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "model/layout.h"
#include "model/state.h"
#include "model/session.h"
#include "model/window.h"

static enum cmd_retval	cmd_select_pane_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_select_pane_entry = {
	.name = "select-pane",
	.alias = "selectp",
	.args = { "DdeLlMmRT:t:UZ", 0, 0 },
	.usage = "[-DdeLlMmRUZ] [-T title] [-t target-pane]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_select_pane_exec,
};

const struct cmd_entry cmd_last_pane_entry = {
	.name = "last-pane",
	.alias = "lastp",
	.args = { "det:Z", 0, 0 },
	.usage = "[-deZ] [-t target-window]",
	.target = CMD_TARGET_WINDOW,
	.flags = 0,
	.exec = cmd_select_pane_exec,
};

/* -e: keys reach the pane again; -d: they do not. */
static enum cmd_retval
cmd_select_pane_input(struct args *args, struct pane *p)
{
	if (args_has(args, 'e'))
		p->flags &= ~PANE_INPUTOFF;
	else
		p->flags |= PANE_INPUTOFF;
	window_recompose(p->window);
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_select_pane_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct window	*w = item->target.w;
	struct pane	*p = item->target.p, *to = p;
	struct client	*c;
	int		 zoomed = (w->flags & WINDOW_ZOOMED) != 0;
	int		 dir;

	if (self->entry == &cmd_last_pane_entry || args_has(args, 'l')) {
		/* As tmux 3.3a: with no last pane, of two the other. */
		if ((to = w->last) == NULL && TAILQ_FIRST(&w->panes) !=
		    TAILQ_LAST(&w->panes, panes) &&
		    TAILQ_NEXT(TAILQ_FIRST(&w->panes), entry) ==
		    TAILQ_LAST(&w->panes, panes))
			to = TAILQ_FIRST(&w->panes) != p ?
			    TAILQ_FIRST(&w->panes) : TAILQ_LAST(&w->panes, panes);
		if (to == NULL) {
			cmdq_error(item, "no last pane");
			return (CMD_RETURN_ERROR);
		}
		/* -e and -d (enable and disable input) act on it. */
		if (args_has(args, 'e') || args_has(args, 'd'))
			return (cmd_select_pane_input(args, to));
	} else if (args_has(args, 'm') || args_has(args, 'M')) {
		/* Mark the pane (again: unmark it), or clear the mark. */
		if (args_has(args, 'M') || srv->marked_pane == (int)p->id)
			srv->marked_pane = -1;
		else
			srv->marked_pane = p->id;
		window_recompose(w);
		server_status_changed();
		return (CMD_RETURN_NORMAL);
	} else if (args_has(args, 'e') || args_has(args, 'd')) {
		return (cmd_select_pane_input(args, p));
	} else if ((dir = args_direction(args)) != -1) {
		if ((to = target_pane_beside(p, dir)) == NULL)
			return (CMD_RETURN_NORMAL);	/* nowhere to go */
	}
	if (args_has(args, 'T')) {
		free(p->title);
		p->title = xstrdup(args_get(args, 'T'));
		server_status_changed();
		return (CMD_RETURN_NORMAL);
	}
	/* As tmux 3.3a: the pane becomes its window's active one; which
	 * window the session shows does not change. */
	c = cmd_find_client(item);
	if (c != NULL && (c->flags & CLIENT_ACTIVEPANE) &&
	    c->session != NULL && c->session->curw != NULL &&
	    c->session->curw->window == w) {
		/* attach -f active-pane: the client's own choice; the
		 * window's active pane (its borders, hooks, other clients)
		 * stays, as in tmux. */
		client_set_active_pane(c, to);
		srv->dirty = 1;
		return (CMD_RETURN_NORMAL);
	}
	window_set_active(w, to);
	if (zoomed && args_has(args, 'Z'))
		window_zoom(w, 1);
	return (CMD_RETURN_NORMAL);
}
