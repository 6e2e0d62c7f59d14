/*
 * refresh-client (refresh): repaint a client's whole screen (-t
 * target-client, else the current client; from outside mux, every client
 * of the current session), or with -S only its status line. -f sets
 * client flags, as attach-session -f does; for a control-mode client the
 * control flags (no-output, pause-after=seconds, wait-exit, and mux's
 * json, each may be negated with !). A control client also takes -C (its size), -A (a
 * pane's output on, off, paused or continued) and -B (subscriptions to
 * formats). -L, -R, -U and -D pan the part of a window larger than the
 * client's terminal that it shows, by adjustment (default 1) columns or
 * rows; -c stops panning (the part with the cursor shows again). -F is
 * -f, as in tmux. -l asks the client's terminal for its clipboard (OSC
 * 52) at the end of the turn, whose answer becomes a new buffer
 * (client-out.h); a terminal that cannot be asked is not, as in tmux.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "draw/compose.h"
#include "model/control.h"
#include "model/state.h"
#include "model/session.h"
#include "model/window.h"

static enum cmd_retval	cmd_refresh_client_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_refresh_client_entry = {
	.name = "refresh-client",
	.alias = "refresh",
	.args = { "A:B:cC:Df:F:lLRSt:U", 0, 1 },
	.usage = "[-cDlLRSU] [-A pane:state] [-B name:what:format] [-C XxY] "
	    "[-f flags] [-t target-client] [adjustment]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_refresh_client_exec,
};

/* Repaint c, or only its status line. */
static void
cmd_refresh_client_one(struct args *args, struct client *c)
{
	if (args_has(args, 'S'))
		server_status_changed();
	else
		c->flags |= CLIENT_REDRAW;
	srv->dirty = 1;
}

/* -C WxH (or W,H): the control client's size. */
static int
cmd_refresh_client_size(struct cmdq_item *item, struct client *c,
    const char *size)
{
	unsigned int	x, y;
	char		end;

	if ((sscanf(size, "%ux%u%c", &x, &y, &end) != 2 &&
	    sscanf(size, "%u,%u%c", &x, &y, &end) != 2) ||
	    x < 1 || y < 1 || x > 10000 || y > 10000) {
		cmdq_error(item, "bad size argument");
		return (-1);
	}
	struct winlink	*wl;

	c->cols = x;
	c->rows = y;
	client_update_sizes();
	/* tmux lays the client's windows out again even at the same size
	 * and says so. */
	if (c->session != NULL) {
		TAILQ_FOREACH(wl, &c->session->windows, entry)
			control_notify(CONTROL_LAYOUT_CHANGED, NULL, NULL,
			    wl->window, NULL, NULL);
	}
	srv->dirty = 1;
	return (0);
}

/* -A %ID:on|off|continue|pause. */
static int
cmd_refresh_client_pane(struct cmdq_item *item, struct client *c,
    const char *arg)
{
	struct control_pane	*cp;
	const char		*colon = strchr(arg, ':'), *state;
	unsigned long		 id;
	char			*end;

	if (*arg != '%' || colon == NULL ||
	    (id = strtoul(arg + 1, &end, 10), end != colon) ||
	    pane_find_by_id(id) == NULL) {
		cmdq_error(item, "unknown pane: %s", arg);
		return (-1);
	}
	state = colon + 1;
	cp = control_get_pane(c, id, 1);
	if (strcmp(state, "on") == 0)
		cp->off = 0;
	else if (strcmp(state, "off") == 0) {
		cp->off = 1;
		pbuf_reset(&cp->data);
	} else if (strcmp(state, "continue") == 0) {
		if (cp->paused) {
			cp->paused = 0;
			cp->continued = 1;
		}
	} else if (strcmp(state, "pause") == 0) {
		if (!cp->paused) {
			cp->paused = cp->pause_owed = 1;
			pbuf_reset(&cp->data);
		}
	} else {
		cmdq_error(item, "bad pane state: %s", state);
		return (-1);
	}
	srv->dirty = 1;
	return (0);
}

/* -B name[:what:format]. */
static int
cmd_refresh_client_sub(struct cmdq_item *item, struct client *c,
    const char *arg)
{
	enum control_sub_type	 type;
	const char		*c1, *c2, *what;
	char			*name, *end;
	unsigned long		 id = 0;
	size_t			 wlen;

	if ((c1 = strchr(arg, ':')) == NULL) {
		control_set_sub(c, arg, CONTROL_SUB_SESSION, 0, NULL);
		return (0);
	}
	if ((c2 = strchr(c1 + 1, ':')) == NULL || c1 == arg) {
		cmdq_error(item, "bad subscription: %s", arg);
		return (-1);
	}
	what = c1 + 1;
	wlen = c2 - what;
	if (wlen == 0)
		type = CONTROL_SUB_SESSION;
	else if (wlen == 2 && strncmp(what, "%*", 2) == 0)
		type = CONTROL_SUB_ALL_PANES;
	else if (wlen == 2 && strncmp(what, "@*", 2) == 0)
		type = CONTROL_SUB_ALL_WINDOWS;
	else if ((*what == '%' || *what == '@') && wlen > 1 &&
	    (id = strtoul(what + 1, &end, 10), end == c2))
		type = *what == '%' ? CONTROL_SUB_PANE : CONTROL_SUB_WINDOW;
	else {
		cmdq_error(item, "bad subscription: %s", arg);
		return (-1);
	}
	if (c->control->nsubs >= CONTROL_SUBS_MAX) {
		cmdq_error(item, "too many subscriptions");
		return (-1);
	}
	name = xstrndup(arg, c1 - arg);
	control_set_sub(c, name, type, id, c2 + 1);
	free(name);
	return (0);
}

/* -c, -L, -R, -U, -D [adjustment]: pan c's view of its window, as tmux:
 * the first pan in a window starts from the part that shows. */
static enum cmd_retval
cmd_refresh_client_pan(struct cmdq_item *item, struct args *args,
    struct client *c)
{
	struct window	*w;
	unsigned int	 ox, oy, sx, sy;
	long		 adjust = 1;
	char		*end;

	if (args->argc == 1) {
		errno = 0;
		adjust = strtol(args->argv[0], &end, 10);
		if (*args->argv[0] == '\0' || *end != '\0') {
			cmdq_error(item, "adjustment invalid");
			return (CMD_RETURN_ERROR);
		}
		if ((errno == ERANGE && adjust < 0) || adjust < 1) {
			cmdq_error(item, "adjustment too small");
			return (CMD_RETURN_ERROR);
		}
		if (errno == ERANGE || adjust > INT_MAX) {
			cmdq_error(item, "adjustment too large");
			return (CMD_RETURN_ERROR);
		}
	}
	if (c == NULL || c->session == NULL || c->session->curw == NULL) {
		cmdq_error(item, "no current client");
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'c'))
		c->pan_window = 0;
	else {
		w = c->session->curw->window;
		client_window_offset(c, &ox, &oy, &sx, &sy);
		if (c->pan_window != w->id + 1) {
			c->pan_window = w->id + 1;
			c->pan_ox = ox;
			c->pan_oy = oy;
		}
		if (args_has(args, 'L'))
			c->pan_ox = c->pan_ox > adjust ? c->pan_ox - adjust : 0;
		else if (args_has(args, 'R')) {
			c->pan_ox += adjust;
			if (c->pan_ox > (w->sx > sx ? w->sx - sx : 0))
				c->pan_ox = w->sx > sx ? w->sx - sx : 0;
		} else if (args_has(args, 'U'))
			c->pan_oy = c->pan_oy > adjust ? c->pan_oy - adjust : 0;
		else if (args_has(args, 'D')) {
			c->pan_oy += adjust;
			if (c->pan_oy > (w->sy > sy ? w->sy - sy : 0))
				c->pan_oy = w->sy > sy ? w->sy - sy : 0;
		}
	}
	c->flags |= CLIENT_REDRAW;
	srv->dirty = 1;
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_refresh_client_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct client	*c;
	const char	*flags;

	if (args_has(args, 't')) {
		if ((c = cmd_get_client(item, args_get(args, 't'))) == NULL)
			return (CMD_RETURN_ERROR);
	} else
		c = item->client;
	if (args_has(args, 'c') || args_has(args, 'L') ||
	    args_has(args, 'R') || args_has(args, 'U') || args_has(args, 'D')) {
		if (!args_has(args, 't') && (c == NULL || c->session == NULL))
			c = cmd_find_client(item);
		return (cmd_refresh_client_pan(item, args, c));
	}
	if (args_has(args, 'l')) {
		if ((c == NULL || c->session == NULL) &&
		    (c = cmd_get_client(item, NULL)) == NULL)
			return (CMD_RETURN_ERROR);
		if (c->session != NULL) {
			c->clipboard_query_owed = 1;
			srv->dirty = 1;
		}
		return (CMD_RETURN_NORMAL);
	}
	if (args->argc != 0) {
		cmdq_error(item, "an adjustment is only for -c, -L, -R, -U "
		    "and -D");
		return (CMD_RETURN_ERROR);
	}
	/* -F is -f (tmux 3.3a takes both, -F first). */
	flags = args_has(args, 'f') ? args_get(args, 'f') : NULL;
	if (c != NULL && c->control != NULL) {
		if (args_has(args, 'C') &&
		    cmd_refresh_client_size(item, c, args_get(args, 'C')) != 0)
			return (CMD_RETURN_ERROR);
		if (args_has(args, 'F') &&
		    cmd_client_flags(item, c, args_get(args, 'F')) != 0)
			return (CMD_RETURN_ERROR);
		if (flags != NULL && cmd_client_flags(item, c, flags) != 0)
			return (CMD_RETURN_ERROR);
		if (args_has(args, 'A') &&
		    cmd_refresh_client_pane(item, c, args_get(args, 'A')) != 0)
			return (CMD_RETURN_ERROR);
		if (args_has(args, 'B') &&
		    cmd_refresh_client_sub(item, c, args_get(args, 'B')) != 0)
			return (CMD_RETURN_ERROR);
		return (CMD_RETURN_NORMAL);
	}
	if (args_has(args, 'A') || args_has(args, 'B') || args_has(args, 'C')) {
		cmdq_error(item, "not a control client");
		return (CMD_RETURN_ERROR);
	}
	if (flags != NULL || args_has(args, 'F')) {
		if (c == NULL || c->session == NULL)
			c = cmd_find_client(item);
		if (c == NULL) {
			cmdq_error(item, "no current client");
			return (CMD_RETURN_ERROR);
		}
		if (args_has(args, 'F') &&
		    cmd_client_flags(item, c, args_get(args, 'F')) != 0)
			return (CMD_RETURN_ERROR);
		if (flags != NULL && cmd_client_flags(item, c, flags) != 0)
			return (CMD_RETURN_ERROR);
		return (CMD_RETURN_NORMAL);
	}
	if (c != NULL && c->session != NULL) {
		cmd_refresh_client_one(args, c);
		return (CMD_RETURN_NORMAL);
	}
	/* From outside: every client showing the current session. */
	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session != NULL && c->session == item->current.s)
			cmd_refresh_client_one(args, c);
	}
	return (CMD_RETURN_NORMAL);
}
