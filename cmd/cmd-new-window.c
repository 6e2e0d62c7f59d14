/*
 * new-window (neww): create a window in a session, at the index -t names
 * (or the first free one; -a: the next index after it, -b: the index
 * before it), and select it unless -d. -S with -n selects a window of
 * that name if there is one instead. -c (a format) is the start
 * directory, -e adds NAME=VALUE to the program's environment.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "model/format.h"
#include "model/state.h"
#include "model/session.h"
#include "model/window.h"

static enum cmd_retval	cmd_new_window_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_new_window_entry = {
	.name = "new-window",
	.alias = "neww",
	.args = { "abc:de:F:kn:PSt:", 0, -1 },
	.usage = "[-abdkPS] [-c start-directory] [-e environment] "
	    "[-F format] [-n window-name] [-t target-window] "
	    "[shell-command]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_new_window_exec,
};

static enum cmd_retval
cmd_new_window_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct session	*s;
	struct winlink	*wl, *at, *old = NULL;
	struct target	 t;
	char		*cause = NULL, *cwd;
	char *const	*vars;
	unsigned int	 sx = 80, sy = 24;
	int		 idx, nvars;

	if (cmd_find_index(item, args_get(args, 't'), &s, &idx) != 0)
		return (CMD_RETURN_ERROR);
	if (cmd_spawn_check_env(item, args) != 0)
		return (CMD_RETURN_ERROR);
	if (args_has(args, 'S') && args_has(args, 'n')) {
		/* -S: an existing window of that name is selected. */
		TAILQ_FOREACH(at, &s->windows, entry) {
			if (strcmp(at->window->name, args_get(args, 'n')) == 0)
				break;
		}
		if (at != NULL) {
			if (!args_has(args, 'd'))
				session_select(s, at);
			if (args_has(args, 'P')) {
				target_from_session(&t, s);
				t.wl = at;
				t.w = at->window;
				t.p = at->window->active;
				cmd_print_created(item, args, &t,
				    CMD_CREATED_PANE);
			}
			return (CMD_RETURN_NORMAL);
		}
	}
	if (args_has(args, 'a') || args_has(args, 'b')) {
		/* Next to the target (or current) window, moving others. */
		if (cmd_insert_index(item, args, s, &idx) != 0)
			return (CMD_RETURN_ERROR);
	} else if (idx >= 0 && (old = winlink_find_by_index(s, idx)) != NULL) {
		if (!args_has(args, 'k')) {
			cmdq_error(item, "create window failed: index %d in use", idx);
			return (CMD_RETURN_ERROR);
		}
	}
	if (s->curw != NULL) {
		sx = s->curw->window->sx;
		sy = s->curw->window->sy;
	}
	target_from_session(&t, s);
	cwd = cmd_spawn_cwd(item, args, &t);
	vars = args_values(args, 'e', &nvars);
	wl = session_new_window(s, old != NULL ? -1 : idx, args->argc,
	    args->argv, cwd, vars, nvars, sx, sy, &cause);
	free(cwd);
	if (wl == NULL) {
		cmdq_error(item, "%s", cause);
		free(cause);
		return (CMD_RETURN_ERROR);
	}
	if (old != NULL) {
		/* -k: the new window replaces the old at its index. */
		winlink_remove(old);
		winlink_move(wl, idx);
	}
	if (args_has(args, 'n'))
		window_set_fixed_name(wl->window, args_get(args, 'n'));
	if (!args_has(args, 'd') || s->curw == NULL)
		session_select(s, wl);
	/* after-new-window runs for the new window. */
	item->target.s = s;
	item->target.wl = wl;
	item->target.w = wl->window;
	item->target.p = wl->window->active;
	if (args_has(args, 'P')) {
		t.s = s;
		t.wl = wl;
		t.w = wl->window;
		t.p = wl->window->active;
		cmd_print_created(item, args, &t, CMD_CREATED_PANE);
	}
	return (CMD_RETURN_NORMAL);
}
