/*
 * split-window (splitw): a new pane beside the target, left-right with -h,
 * top-bottom with -v (the default); -l gives its size in cells or with a
 * trailing % of the space, -b puts it before, -f splits the whole window,
 * -d keeps the old pane active, -Z zooms the new pane. -c (a format of
 * the target) is the start directory, -e adds NAME=VALUE to the
 * program's environment. An empty shell-command, or -I without one, makes
 * an empty pane (no program); with -I the standard input of the client
 * that ran the command is shown in it as it comes, as tmux does.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "common/xmalloc.h"
#include "model/environ.h"
#include "model/format.h"
#include "model/layout.h"
#include "model/state.h"
#include "model/session.h"
#include "model/window.h"

static enum cmd_retval	cmd_split_window_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_split_window_entry = {
	.name = "split-window",
	.alias = "splitw",
	.args = { "bc:de:fF:hIl:p:Pt:vZ", 0, -1 },
	.usage = "[-bdefhIPvZ] [-c start-directory] [-e environment] "
	    "[-F format] [-l size] [-t target-pane][shell-command]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_split_window_exec,
};

/* Parse a size: N cells, or N% of total. Returns -1 with an error. */
long
cmd_parse_size(struct cmdq_item *item, const char *s, unsigned int total)
{
	char	*end;
	long	 n;

	errno = 0;
	n = strtol(s, &end, 10);
	if (*s == '\0' || errno != 0 || n < 0 ||
	    (*end != '\0' && strcmp(end, "%") != 0)) {
		cmdq_error(item, "invalid size: %s", s);
		return (-1);
	}
	if (*end == '%') {
		if (n > 100) {
			cmdq_error(item, "invalid size: %s", s);
			return (-1);
		}
		n = (long)total * n / 100;
	}
	if (n == 0) {
		cmdq_error(item, "size too small: %s", s);
		return (-1);
	}
	return (n);
}

static enum cmd_retval
cmd_split_window_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct window		*w = item->target.w;
	struct pane		*target = item->target.p, *p;
	struct pane_spawn	 sp;
	struct target		 t;
	int			 type, size = -1, nvars, input;
	unsigned int		 total;
	char			*cause = NULL, *cwd;
	char *const		*vars;

	type = args_has(args, 'h') ? LAYOUT_LEFTRIGHT : LAYOUT_TOPBOTTOM;
	total = type == LAYOUT_LEFTRIGHT ? target->sx : target->sy;
	if (args_has(args, 'f'))
		total = type == LAYOUT_LEFTRIGHT ? w->sx : w->sy;
	if (args_has(args, 'l')) {
		if ((size = cmd_parse_size(item, args_get(args, 'l'),
		    total)) == -1)
			return (CMD_RETURN_ERROR);
	} else if (args_has(args, 'p')) {
		char	*pct = xasprintf("%s%%", args_get(args, 'p'));

		size = cmd_parse_size(item, pct, total);
		free(pct);
		if (size == -1)
			return (CMD_RETURN_ERROR);
	}
	if (cmd_spawn_check_env(item, args) != 0)
		return (CMD_RETURN_ERROR);
	cwd = cmd_spawn_cwd(item, args, &item->target);
	session_spawn(item->target.s, &sp, args->argc, args->argv, cwd);
	input = args_has(args, 'I') && args->argc == 0;
	if (input || (args->argc == 1 && *args->argv[0] == '\0'))
		sp.empty = 1;
	vars = args_values(args, 'e', &nvars);
	session_spawn_env(&sp, vars, nvars);
	p = window_split(w, target, type, size, args_has(args, 'b'),
	    args_has(args, 'f'), &sp, &cause);
	environ_free_vector(sp.env);
	free(cwd);
	if (p == NULL) {
		cmdq_error(item, "%s", cause);
		free(cause);
		return (CMD_RETURN_ERROR);
	}
	if (!args_has(args, 'd') || args_has(args, 'Z'))
		window_set_active(w, p);
	if (args_has(args, 'Z'))
		window_zoom(w, 1);
	if (args_has(args, 'P')) {
		t = item->target;
		t.p = p;
		cmd_print_created(item, args, &t, CMD_CREATED_PANE);
	}
	item->target.p = p;	/* after-split-window runs for it */
	if (input)
		return (cmd_pane_input(item, p));
	return (CMD_RETURN_NORMAL);
}
