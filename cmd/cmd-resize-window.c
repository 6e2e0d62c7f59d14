/*
 * resize-window (resizew): give a window a size of its own. -x and -y set
 * the width and height; -L -R -U -D shrink or grow it by adjustment cells
 * (default 1), only the first of them given counting in that order, as
 * in tmux; -A and -a take the size of the largest or smallest client
 * that shows it. As in tmux, the window's window-size option becomes
 * "manual" so that clients no longer resize it.
 */
#include <stdlib.h>

#include "cmd/cmd.h"
#include "model/client.h"
#include "model/options.h"
#include "model/state.h"
#include "model/session.h"
#include "model/window.h"

#define RESIZE_WINDOW_MAX	10000

static enum cmd_retval	cmd_resize_window_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_resize_window_entry = {
	.name = "resize-window",
	.alias = "resizew",
	.args = { "aADLRt:Ux:y:", 0, 1 },
	.usage = "[-aADLRU] [-x width] [-y height] [-t target-window] "
	    "[adjustment]",
	.target = CMD_TARGET_WINDOW,
	.flags = 0,
	.exec = cmd_resize_window_exec,
};

/* The largest (or smallest) size of the clients showing w; 0 if none. */
static int
cmd_resize_window_clients(struct window *w, int largest, unsigned int *sx,
    unsigned int *sy)
{
	struct client	*c;
	unsigned int	 rows;
	int		 found = 0;

	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session == NULL || c->cols == 0 ||
		    winlink_find_by_window(c->session, w) == NULL)
			continue;
		rows = client_window_rows(c);
		if (!found || (largest ? c->cols > *sx : c->cols < *sx))
			*sx = c->cols;
		if (!found || (largest ? rows > *sy : rows < *sy))
			*sy = rows;
		found = 1;
	}
	return (found);
}

static enum cmd_retval
cmd_resize_window_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct window	*w = item->target.w;
	char		*cause = NULL, *end;
	long long	 adjust = 1, n;
	unsigned int	 sx = w->sx, sy = w->sy;

	if (args->argc == 1) {
		adjust = strtoll(args->argv[0], &end, 10);
		if (*args->argv[0] == '\0' || *end != '\0' || adjust < 1 ||
		    adjust > RESIZE_WINDOW_MAX) {
			cmdq_error(item, "adjustment invalid");
			return (CMD_RETURN_ERROR);
		}
	}
	if (args_has(args, 'x')) {
		n = args_strtonum(args, 'x', 1, RESIZE_WINDOW_MAX, &cause);
		if (cause != NULL)
			goto fail;
		sx = n;
	}
	if (args_has(args, 'y')) {
		n = args_strtonum(args, 'y', 1, RESIZE_WINDOW_MAX, &cause);
		if (cause != NULL)
			goto fail;
		sy = n;
	}
	if (args_has(args, 'L'))
		sx = (long long)sx > adjust ? sx - adjust : 1;
	else if (args_has(args, 'R'))
		sx = sx + adjust > RESIZE_WINDOW_MAX ? RESIZE_WINDOW_MAX :
		    sx + adjust;
	else if (args_has(args, 'U'))
		sy = (long long)sy > adjust ? sy - adjust : 1;
	else if (args_has(args, 'D'))
		sy = sy + adjust > RESIZE_WINDOW_MAX ? RESIZE_WINDOW_MAX :
		    sy + adjust;
	if (args_has(args, 'A'))
		cmd_resize_window_clients(w, 1, &sx, &sy);
	else if (args_has(args, 'a'))
		cmd_resize_window_clients(w, 0, &sx, &sy);

	if (options_set(w->options, "window-size", "manual", 0, &cause) != 0)
		goto fail;
	window_resize(w, sx, sy);
	server_status_changed();
	return (CMD_RETURN_NORMAL);
fail:
	cmdq_error(item, "%s", cause);
	free(cause);
	return (CMD_RETURN_ERROR);
}
