/*
 * display-menu (menu): show a menu (menu.h) on a client, as tmux 3.3a.
 * The arguments are items, each a name, a key and a command, or an empty
 * name alone for a separator; names, commands and the -T title are
 * expanded as formats of the target (with the mouse event of the key
 * that ran the command, so the default menus can offer the word under
 * the mouse). An item whose name expands empty is left out, one whose
 * name starts with '-' is shown disabled. -x and -y place the menu
 * (cmd_display_position); -O keeps it open when the mouse button is
 * released off an item. The command waits until the menu closes. A
 * menu too large for the client, or a client that has a popup or menu
 * open already, shows nothing.
 *
 * Also cmd_display_position, which display-popup shares.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/cmd-display.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "model/format.h"
#include "draw/menu.h"
#include "draw/overlay.h"
#include "model/mouse.h"
#include "model/options.h"
#include "model/session.h"
#include "draw/status.h"
#include "model/style.h"
#include "draw/view.h"
#include "model/window.h"

static enum cmd_retval	cmd_display_menu_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_display_menu_entry = {
	.name = "display-menu",
	.alias = "menu",
	.args = { "c:t:OT:x:y:", 1, -1 },
	.usage = "[-O] [-c target-client] [-t target-pane] [-T title] "
	    "[-x position] [-y position] name key command ...",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_display_menu_exec,
};

/* One variable of the position formats. */
static void
cmd_display_add(struct format_pair *pairs, char values[][24],
    unsigned int *n, const char *name, long value)
{
	snprintf(values[*n], sizeof values[*n], "%ld", value);
	pairs[*n].name = name;
	pairs[*n].value = values[*n];
	(*n)++;
}

int
cmd_display_position(struct cmdq_item *item, const struct args *args,
    struct client *c, unsigned int w, unsigned int h, unsigned int *px,
    unsigned int *py)
{
	const struct mouse_event	*m = cmdq_mouse(item);
	struct session			*s = c->session;
	struct pane			*p = item->target.p;
	struct winlink			*wl = item->target.wl;
	struct format_pair		 pairs[20];
	char				 values[20][24];
	struct format_extra		 extra;
	unsigned int			 n = 0, sx = c->cols, sy = c->rows, i, j;
	const struct style_range	*sr = NULL;
	unsigned int			 lines = 0, top = 0;
	const char			*xp, *yp;
	char				*expanded;
	long				 v;
	int				 at_top = 0;

	if (w > sx || h > sy || s == NULL)
		return (0);
	if (m != NULL) {
		cmd_display_add(pairs, values, &n, "popup_mouse_x", m->x);
		cmd_display_add(pairs, values, &n, "popup_mouse_y", m->y);
	}
	if ((lines = session_status_lines(s)) != 0 && sy >= 2) {
		at_top = strcmp(options_get_string(s->options,
		    "status-position"), "top") == 0;
		top = at_top ? lines : 0;
		/* The window's range on the first status line that has
		 * it (as tmux). */
		for (i = 0; wl != NULL && i < STATUS_LINES_MAX; i++) {
			for (j = 0; j < c->nstatus_ranges[i]; j++) {
				sr = &c->status_ranges[i][j];
				if (sr->type == STYLE_RANGE_WINDOW &&
				    sr->argument == (unsigned int)wl->idx)
					break;
			}
			if (j != c->nstatus_ranges[i])
				break;
		}
		if (wl != NULL && i != STATUS_LINES_MAX) {
			cmd_display_add(pairs, values, &n,
			    "popup_window_status_line_x", sr->x0);
			cmd_display_add(pairs, values, &n,
			    "popup_window_status_line_y", at_top ? 1 + h :
			    sy - lines);
		}
		cmd_display_add(pairs, values, &n, "popup_status_line_y",
		    at_top ? lines + h : sy - lines);
	}
	cmd_display_add(pairs, values, &n, "popup_width", w);
	cmd_display_add(pairs, values, &n, "popup_height", h);
	v = (long)(sx - 1) / 2 - w / 2;
	cmd_display_add(pairs, values, &n, "popup_centre_x", v < 0 ? 0 : v);
	v = (sy - 1) / 2 + h / 2;
	cmd_display_add(pairs, values, &n, "popup_centre_y",
	    v >= (long)sy ? (long)(sy - h) : v);
	if (m != NULL) {
		v = (long)m->x - w / 2;
		cmd_display_add(pairs, values, &n, "popup_mouse_centre_x",
		    v < 0 ? 0 : v);
		v = (long)m->y - h / 2;
		cmd_display_add(pairs, values, &n, "popup_mouse_centre_y",
		    v + h >= sy ? (long)(sy - h) : v);
		v = (long)m->y + h;
		cmd_display_add(pairs, values, &n, "popup_mouse_top",
		    v >= (long)sy ? (long)sy - 1 : v);
		v = (long)m->y - h;
		cmd_display_add(pairs, values, &n, "popup_mouse_bottom",
		    v < 0 ? 0 : v);
	}
	if (p != NULL) {
		v = (long)top + p->yoff + h;
		cmd_display_add(pairs, values, &n, "popup_pane_top",
		    v >= (long)sy ? (long)(sy - h) : v);
		cmd_display_add(pairs, values, &n, "popup_pane_bottom",
		    top + p->yoff + p->sy);
		cmd_display_add(pairs, values, &n, "popup_pane_left", p->xoff);
		v = (long)p->xoff + p->sx - w;
		cmd_display_add(pairs, values, &n, "popup_pane_right",
		    v < 0 ? 0 : v);
	}
	memset(&extra, 0, sizeof extra);
	extra.pairs = pairs;
	extra.npairs = n;
	extra.mouse = m;

	xp = args_get(args, 'x');
	if (xp == NULL || strcmp(xp, "C") == 0)
		xp = "#{popup_centre_x}";
	else if (strcmp(xp, "R") == 0)
		xp = "#{popup_pane_right}";
	else if (strcmp(xp, "P") == 0)
		xp = "#{popup_pane_left}";
	else if (strcmp(xp, "M") == 0)
		xp = "#{popup_mouse_centre_x}";
	else if (strcmp(xp, "W") == 0)
		xp = "#{popup_window_status_line_x}";
	expanded = format_expand_extra(xp, &item->target, c, &extra);
	v = strtol(expanded, NULL, 10);
	free(expanded);
	if (v + (long)w >= (long)sx)
		v = sx - w;
	else if (v < 0)
		v = 0;
	*px = v;

	yp = args_get(args, 'y');
	if (yp == NULL || strcmp(yp, "C") == 0)
		yp = "#{popup_centre_y}";
	else if (strcmp(yp, "P") == 0)
		yp = "#{popup_pane_bottom}";
	else if (strcmp(yp, "M") == 0)
		yp = "#{popup_mouse_top}";
	else if (strcmp(yp, "S") == 0)
		yp = "#{popup_status_line_y}";
	else if (strcmp(yp, "W") == 0)
		yp = "#{popup_window_status_line_y}";
	expanded = format_expand_extra(yp, &item->target, c, &extra);
	v = strtol(expanded, NULL, 10);
	free(expanded);
	if (v < (long)h)
		v = 0;
	else
		v -= h;
	if (v + (long)h >= (long)sy)
		v = sy - h;
	*py = v;
	return (1);
}

/* Run a chosen item's command for c, at the menu's target. */
static void
cmd_display_menu_run(struct client *c, const char *command,
    const struct target *t, const struct mouse_event *m)
{
	struct cmd_list		*cl;
	struct cmdq_item	*item;
	char			*cause = NULL;

	if ((cl = cmd_parse_string(command, NULL, &cause)) == NULL) {
		if (c->session != NULL)
			view_client_errors(c, cause, strlen(cause));
		free(cause);
		return;
	}
	item = cmdq_new(c, cl, NULL);
	if (t->p != NULL) {
		item->has_pane = 1;
		item->pane = t->p->id;
		if (t->s != NULL)
			item->prefer_session = t->s->id + 1;
	}
	if (m != NULL)
		cmdq_set_mouse(item, m);
	cmdq_run(item, cmdq_client_done, NULL);
	cmd_list_free(cl);
}

/* The menu closed: the command goes on. */
static void
cmd_display_menu_done(void *arg, int status)
{
	cmdq_continue(arg, 0);
}

static enum cmd_retval
cmd_display_menu_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct client		*c;
	struct menu		*menu;
	char			*title, *name, *command;
	const char		*key;
	key_code		 k;
	int			 i, flags = 0;
	unsigned int		 px, py;

	if ((c = cmd_get_client(item, args_get(args, 'c'))) == NULL)
		return (CMD_RETURN_ERROR);
	if (c->session == NULL ||
	    overlay_get(c, OVERLAY_LAYER_BOX) != NULL)
		return (CMD_RETURN_NORMAL);
	if (args_has(args, 'T'))
		title = cmd_format(item, args_get(args, 'T'), NULL, c);
	else
		title = xstrdup("");
	menu = menu_create(title);
	free(title);
	for (i = 0; i < args->argc; /* nothing */) {
		if (*args->argv[i] == '\0') {
			menu_add(menu, "", KEYC_NONE, NULL);
			i++;
			continue;
		}
		if (args->argc - i < 3) {
			cmdq_error(item, "not enough arguments");
			menu_free(menu);
			return (CMD_RETURN_ERROR);
		}
		key = args->argv[i + 1];
		k = key_from_string(key);
		name = cmd_format(item, args->argv[i], NULL, c);
		command = cmd_format(item, args->argv[i + 2], NULL, c);
		if (*name != '\0')
			menu_add(menu, name, k, command);
		free(name);
		free(command);
		i += 3;
	}
	if (menu_count(menu) == 0) {
		menu_free(menu);
		return (CMD_RETURN_NORMAL);
	}
	if (!cmd_display_position(item, args, c, menu_width(menu) + 4,
	    menu_count(menu) + 2, &px, &py)) {
		menu_free(menu);
		return (CMD_RETURN_NORMAL);
	}
	if (args_has(args, 'O'))
		flags |= MENU_STAYOPEN;
	if (cmdq_mouse(item) == NULL)
		flags |= MENU_NOMOUSE;
	if (menu_display(c, menu, flags, px, py, &item->target,
	    cmdq_mouse(item), cmd_display_menu_run, cmd_display_menu_done,
	    item) != 0)
		return (CMD_RETURN_NORMAL);
	return (CMD_RETURN_WAIT);
}
