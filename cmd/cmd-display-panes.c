/*
 * display-panes (displayp): show each pane's index over the client's
 * window, for -d milliseconds (default display-panes-time; 0: until a
 * key). A key 0-9 (or a-z for 10 on) picks that pane: template runs with
 * %% standing for the pane's id (default: select it); another key closes
 * the indicator and then goes on as a key, and with -N keys do neither.
 * The command waits until the indicator closes, unless -b.
 *
 * The indicator is an overlay (draw/overlay.h) on the box layer, drawn by
 * draw/display-panes.c: nothing shows while the client has a popup or a
 * menu open, as in tmux.
 */
#include <stdlib.h>

#include "cmd/cmd.h"
#include "cmd/cmd-choose.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "model/options.h"
#include "model/session.h"
#include "model/window.h"
#include "draw/display-panes.h"
#include "draw/overlay.h"
#include "draw/prompt.h"
#include "draw/view.h"

static enum cmd_retval	cmd_display_panes_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_display_panes_entry = {
	.name = "display-panes",
	.alias = "displayp",
	.args = { "bd:Nt:", 0, 1 },
	.usage = "[-bN] [-d duration] [-t target-client] [template]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_display_panes_exec,
};

/* The indicator's data. */
struct cmd_display_panes {
	char	*template;	/* NULL: select the pane */
	int	 nokeys;	/* -N */
};

static enum overlay_result cmd_display_panes_key(struct overlay *,
			    struct client *, key_code);
static void		cmd_display_panes_free(struct overlay *);

static const struct overlay_ops cmd_display_panes_ops = {
	.layer = OVERLAY_LAYER_BOX,
	.transparent = 1,
	.draw = display_panes_draw,
	.key = cmd_display_panes_key,
	.place = display_panes_place,
	.free = cmd_display_panes_free,
};

static void
cmd_display_panes_free(struct overlay *ov)
{
	struct cmd_display_panes	*dp = ov->data;

	free(dp->template);
	free(dp);
}

/* The pane at idx was picked: close, then select it or run the template
 * for it. */
static void
cmd_display_panes_pick(struct overlay *ov, struct client *c, int idx)
{
	struct cmd_display_panes	*dp = ov->data;
	struct window			*w;
	struct pane			*p;
	struct cmd_list			*cl;
	char				*template, *id, *command;
	char				*cause = NULL;

	template = dp->template != NULL ? xstrdup(dp->template) : NULL;
	overlay_close(ov, -1);
	if (c->session == NULL || c->session->curw == NULL) {
		free(template);
		return;
	}
	w = c->session->curw->window;
	if ((p = window_pane_at_index(w, idx)) == NULL) {
		free(template);
		return;
	}
	if (template == NULL) {
		window_set_active(w, p);
		return;
	}
	if (w->flags & WINDOW_ZOOMED)
		window_zoom(w, 0);
	id = xasprintf("%%%u", p->id);
	command = cmd_choose_template(template, id);
	if ((cl = cmd_parse_string(command, NULL, &cause)) == NULL) {
		message_set(c, cause);
		free(cause);
	} else {
		cmdq_run(cmdq_new(c, cl, NULL), cmdq_client_done, NULL);
		cmd_list_free(cl);
	}
	free(command);
	free(id);
	free(template);
}

/* 0-9 and a-z pick a pane (by index); another key closes the indicator
 * and goes on as usual; with -N every key goes on. */
static enum overlay_result
cmd_display_panes_key(struct overlay *ov, struct client *c, key_code key)
{
	struct cmd_display_panes	*dp = ov->data;
	int				 idx;

	if (dp->nokeys)
		return (OVERLAY_PASS);
	if ((key & KEYC_MASK_MOD) == 0 && key >= '0' && key <= '9')
		idx = key - '0';
	else if ((key & KEYC_MASK_MOD) == 0 && key >= 'a' && key <= 'z')
		idx = 10 + key - 'a';
	else {
		overlay_close(ov, -1);
		return (OVERLAY_PASS);
	}
	cmd_display_panes_pick(ov, c, idx);
	return (OVERLAY_GONE);
}

/* The indicator closed: the command that waited goes on. */
static void
cmd_display_panes_done(void *arg, int status)
{
	(void)status;
	cmdq_continue(arg, 0);
}

static enum cmd_retval
cmd_display_panes_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args			*args = self->args;
	struct client			*c;
	struct cmd_display_panes	*dp;
	struct overlay			*ov;
	long long			 ms = -1;
	char				*cause = NULL;
	const char			*template;

	template = args->argc == 1 ? args->argv[0] : NULL;
	if ((c = cmd_get_client(item, args_get(args, 't'))) == NULL)
		return (CMD_RETURN_ERROR);
	if (c->session == NULL) {
		cmdq_error(item, "no client to show panes on");
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'd')) {
		ms = args_strtonum(args, 'd', 0, 0x7fffffff, &cause);
		if (cause != NULL) {
			cmdq_error(item, "duration %s", cause);
			free(cause);
			return (CMD_RETURN_ERROR);
		}
	}
	if (overlay_get(c, OVERLAY_LAYER_BOX) != NULL)
		return (CMD_RETURN_NORMAL);	/* as tmux: nothing */
	dp = xcalloc(1, sizeof *dp);
	dp->template = template != NULL ? xstrdup(template) : NULL;
	dp->nokeys = args_has(args, 'N');
	ov = overlay_open(c, &cmd_display_panes_ops, dp, 0, 0, c->cols,
	    c->rows, OVERLAY_LINES_NONE, NULL);
	if (ms < 0)
		ms = options_get_number(c->session->options,
		    "display-panes-time");
	if (ms > 0)
		overlay_timeout(ov, ms);
	if (args_has(args, 'b'))
		return (CMD_RETURN_NORMAL);
	ov->done = cmd_display_panes_done;
	ov->done_arg = item;
	return (CMD_RETURN_WAIT);
}
