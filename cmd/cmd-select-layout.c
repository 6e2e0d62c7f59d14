/*
 * select-layout (selectl), next-layout (nextl), previous-layout (prevl)
 * and rotate-window (rotatew): arrange a window's panes. A preset is
 * remembered, so select-layout without a name applies it again. A name
 * that is no preset is read as a layout description (#{window_layout}),
 * as tmux reads it: the window takes the layout's size, then its clients'.
 * Each of the three keeps the layout it started from, which select-layout
 * -o puts back (so -o again undoes the undo).
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "model/hooks.h"
#include "model/layout.h"
#include "model/options.h"
#include "model/window.h"

static enum cmd_retval	cmd_select_layout_exec(struct cmd *, struct cmdq_item *);
static enum cmd_retval	cmd_rotate_window_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_select_layout_entry = {
	.name = "select-layout",
	.alias = "selectl",
	.args = { "Enopt:", 0, 1 },
	.usage = "[-Enop] [-t target-pane] [layout-name]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_select_layout_exec,
};

const struct cmd_entry cmd_next_layout_entry = {
	.name = "next-layout",
	.alias = "nextl",
	.args = { "t:", 0, 0 },
	.usage = "[-t target-window]",
	.target = CMD_TARGET_WINDOW,
	.flags = 0,
	.exec = cmd_select_layout_exec,
};

const struct cmd_entry cmd_previous_layout_entry = {
	.name = "previous-layout",
	.alias = "prevl",
	.args = { "t:", 0, 0 },
	.usage = "[-t target-window]",
	.target = CMD_TARGET_WINDOW,
	.flags = 0,
	.exec = cmd_select_layout_exec,
};

const struct cmd_entry cmd_rotate_window_entry = {
	.name = "rotate-window",
	.alias = "rotatew",
	.args = { "Dt:UZ", 0, 0 },
	.usage = "[-DUZ] [-t target-window]",
	.target = CMD_TARGET_WINDOW,
	.flags = 0,
	.exec = cmd_rotate_window_exec,
};

/* Apply preset to w. */
static void
cmd_select_layout_apply(struct window *w, int preset)
{
	struct pane			**panes, *p;
	unsigned int			  n = 0;
	struct layout_main_sizes	  ms;

	panes = xreallocarray(NULL, window_count_panes(w), sizeof *panes);
	TAILQ_FOREACH(p, &w->panes, entry)
		panes[n++] = p;
	w->flags &= ~WINDOW_ZOOMED;
	ms.main_height = options_get_string(w->options, "main-pane-height");
	ms.main_width = options_get_string(w->options, "main-pane-width");
	ms.other_height = options_get_string(w->options, "other-pane-height");
	ms.other_width = options_get_string(w->options, "other-pane-width");
	w->layout = layout_preset_sized(w->layout, preset, (void **)panes, n,
	    w->sx, w->sy, &ms);
	w->preset = preset;
	free(panes);
	window_order_panes(w);
	hooks_notify_window("window-layout-changed", w);
	window_apply_layout(w);
}

/* The id in a layout description of one of its panes. */
static unsigned int
cmd_select_layout_pane_id(void *pane)
{
	return (((struct pane *)pane)->id);
}

/* Apply a layout description (#{window_layout}) to w, as tmux reads it:
 * its panes in the window's order (fewer than its cells close the
 * bottom-right ones), the window taking the layout's size, then its
 * clients'. */
static int
cmd_select_layout_parse(struct cmdq_item *item, struct window *w,
    const char *text)
{
	struct layout_cell	*lc;
	struct pane		**panes, *p;
	unsigned int		  n = 0;
	char			 *cause;

	panes = xreallocarray(NULL, window_count_panes(w), sizeof *panes);
	TAILQ_FOREACH(p, &w->panes, entry)
		panes[n++] = p;
	lc = layout_parse_fit(text, (void **)panes, n, &cause);
	free(panes);
	if (lc == NULL) {
		cmdq_error(item, "%s", cause);
		free(cause);
		return (-1);
	}
	w->flags &= ~WINDOW_ZOOMED;
	layout_free(w->layout);
	w->layout = lc;
	window_order_panes(w);
	hooks_notify_window("window-layout-changed", w);
	window_resize(w, lc->sx, lc->sy);
	client_update_sizes();
	return (0);
}

/* Do what the command asks (with before, the layout it started from).
 * Returns -1 when it failed (reported). */
static int
cmd_select_layout_do(struct cmd *self, struct cmdq_item *item,
    struct window *w, const char *before)
{
	struct args	*args = self->args;
	int		 preset, step = 0;

	if (self->entry == &cmd_next_layout_entry || args_has(args, 'n'))
		step = 1;
	else if (self->entry == &cmd_previous_layout_entry ||
	    args_has(args, 'p'))
		step = -1;
	if (step != 0) {
		preset = w->preset < 0 ? (step > 0 ? 0 : LAYOUT_NPRESETS - 1) :
		    (w->preset + step + LAYOUT_NPRESETS) % LAYOUT_NPRESETS;
	} else if (args_has(args, 'E')) {
		/* The target pane and those beside it the same size. */
		if (w->layout != NULL && layout_spread_out(w->layout,
		    item->target.p, options_get_number(w->options,
		    "pane-border-status"))) {
			w->flags &= ~WINDOW_ZOOMED;
			hooks_notify_window("window-layout-changed", w);
			window_apply_layout(w);
		}
		return (0);
	} else if (args->argc == 1) {
		/* Not a preset: a layout description. */
		if ((preset = layout_preset_find(args->argv[0])) == -1)
			return (cmd_select_layout_parse(item, w,
			    args->argv[0]));
	} else if (args_has(args, 'o')) {
		/* Undo: the layout before the last change (none yet:
		 * nothing to do, as in tmux). */
		if (before == NULL)
			return (0);
		return (cmd_select_layout_parse(item, w, before));
	} else {
		if (w->preset < 0)
			return (0);
		preset = w->preset;
	}
	cmd_select_layout_apply(w, preset);
	return (0);
}

static enum cmd_retval
cmd_select_layout_exec(struct cmd *self, struct cmdq_item *item)
{
	struct window	*w = item->target.w;
	char		*now;

	/* The layout now is what -o goes back to next time, once this
	 * has worked (as tmux keeps it). */
	now = w->layout != NULL ? layout_dump(w->layout,
	    cmd_select_layout_pane_id) : NULL;
	if (cmd_select_layout_do(self, item, w, w->old_layout) != 0) {
		free(now);
		return (CMD_RETURN_ERROR);
	}
	free(w->old_layout);
	w->old_layout = now;
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_rotate_window_exec(struct cmd *self, struct cmdq_item *item)
{
	struct window	*w = item->target.w;
	struct pane	**panes, *p;
	unsigned int	  n = 0, i;
	int		  zoomed = (w->flags & WINDOW_ZOOMED) != 0;

	if (window_count_panes(w) < 2)
		return (CMD_RETURN_NORMAL);
	/* As tmux: a zoomed window is unzoomed, and zoomed again with -Z. */
	if (zoomed)
		window_zoom(w, 0);
	panes = xreallocarray(NULL, window_count_panes(w), sizeof *panes);
	TAILQ_FOREACH(p, &w->panes, entry)
		panes[n++] = p;
	/* -U (the default): each pane moves one place up and the first
	 * goes last; -D: the last goes first. Swapping the moving pane with
	 * each other pane in turn walks it through the places. */
	if (args_has(self->args, 'D')) {
		for (i = n - 1; i > 0; i--)
			layout_swap(w->layout, panes[n - 1], panes[i - 1]);
	} else {
		for (i = 1; i < n; i++)
			layout_swap(w->layout, panes[0], panes[i]);
	}
	free(panes);
	window_order_panes(w);
	hooks_notify_window("window-layout-changed", w);
	window_apply_layout(w);
	if (zoomed && args_has(self->args, 'Z'))
		window_zoom(w, 1);
	return (CMD_RETURN_NORMAL);
}
