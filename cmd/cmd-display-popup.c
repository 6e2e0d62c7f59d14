/*
 * display-popup (popup): run a program in a popup (popup.h) on a client,
 * as tmux 3.3a. The box is -w by -h (cells or a percentage of the
 * client; half of it by default), placed by -x and -y
 * (cmd_display_position); -b names its border lines (popup-border-lines
 * by default), -B leaves the border out; -s and -S give the colours of
 * the inside and the border over popup-style and popup-border-style; -T
 * is a title (a format) in the top border. The program is the shell
 * command (default-command, else default-shell when there is none), or
 * the words given, started in -d (a format; default: the session's
 * directory) with -e variables. -E closes the popup
 * when the program exits, -EE only when it exits with 0. The command
 * waits until the popup closes, and a command client then exits with
 * the program's status. -C closes the popup or menu the client has open.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/cmd-display.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "model/options.h"
#include "draw/overlay.h"
#include "draw/popup.h"
#include "model/session.h"
#include "model/window.h"

static enum cmd_retval	cmd_display_popup_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_display_popup_entry = {
	.name = "display-popup",
	.alias = "popup",
	.args = { "Bb:Cc:d:e:Eh:s:S:t:T:w:x:y:", 0, -1 },
	.usage = "[-BCE] [-b border-lines] [-c target-client] "
	    "[-d start-directory] [-e environment] [-h height] [-s style] "
	    "[-S border-style] [-t target-pane][-T title] [-w width] "
	    "[-x position] [-y position] [shell-command]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_display_popup_exec,
};

/* A size as tmux's args_percentage reads it: N cells or N% of total, in
 * [min, max]. Returns -1 with *why ("invalid", "too small", "too
 * large"). */
static long long
cmd_display_popup_size(const char *value, long long min, long long max,
    long long total, const char **why)
{
	char		*copy, *end;
	long long	 n;
	size_t		 len = strlen(value);
	int		 percent = len > 0 && value[len - 1] == '%';

	copy = xstrdup(value);
	if (percent)
		copy[len - 1] = '\0';
	n = strtoll(copy, &end, 10);
	if (*copy == '\0' || *end != '\0') {
		free(copy);
		*why = "invalid";
		return (-1);
	}
	free(copy);
	if (percent) {
		if (n < 0) {
			*why = "too small";
			return (-1);
		}
		if (n > 100) {
			*why = "too large";
			return (-1);
		}
		n = total * n / 100;
	}
	if (n < min) {
		*why = "too small";
		return (-1);
	}
	if (n > max) {
		*why = "too large";
		return (-1);
	}
	return (n);
}

/* The popup closed: the command goes on, a command client with the
 * popup's status. */
static void
cmd_display_popup_done(void *arg, int status)
{
	struct cmdq_item	*item = arg, *root = cmdq_root(item);

	if (root->client != NULL && root->client->session == NULL)
		root->exit_status = status;
	cmdq_continue(item, 0);
}

static enum cmd_retval
cmd_display_popup_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct session		*s = item->target.s;
	struct client		*c;
	struct popup_spec	 spec;
	struct overlay		*ov;
	const char		*value, *why, *dflt;
	char			*cwd = NULL, *title, *cause = NULL;
	long long		 w, h;
	int			 lines, nenv;
	char *const		*env;

	if ((c = cmd_get_client(item, args_get(args, 'c'))) == NULL)
		return (CMD_RETURN_ERROR);
	if (args_has(args, 'C')) {
		if ((ov = overlay_get(c, OVERLAY_LAYER_BOX)) != NULL)
			overlay_close(ov, 0);
		return (CMD_RETURN_NORMAL);
	}
	if (c->session == NULL || overlay_get(c, OVERLAY_LAYER_BOX) != NULL ||
	    s == NULL)
		return (CMD_RETURN_NORMAL);

	h = c->rows / 2;
	if ((value = args_get(args, 'h')) != NULL && (h =
	    cmd_display_popup_size(value, 1, c->rows, c->rows, &why)) == -1) {
		cmdq_error(item, "height %s", why);
		return (CMD_RETURN_ERROR);
	}
	w = c->cols / 2;
	if ((value = args_get(args, 'w')) != NULL && (w =
	    cmd_display_popup_size(value, 1, c->cols, c->cols, &why)) == -1) {
		cmdq_error(item, "width %s", why);
		return (CMD_RETURN_ERROR);
	}
	memset(&spec, 0, sizeof spec);
	if (!cmd_display_position(item, args, c, w, h, &spec.px, &spec.py))
		return (CMD_RETURN_NORMAL);
	spec.sx = w;
	spec.sy = h;

	if (args_has(args, 'B'))
		spec.lines = OVERLAY_LINES_NONE;
	else if ((value = args_get(args, 'b')) != NULL) {
		if ((lines = overlay_lines_from_name(value)) == -1) {
			cmdq_error(item, "popup-border-lines unknown value: %s",
			    value);
			return (CMD_RETURN_ERROR);
		}
		spec.lines = lines;
	} else if (s->curw != NULL)
		spec.lines = options_get_number(s->curw->window->options,
		    "popup-border-lines");
	/* As tmux: too small for a border, no popup. */
	if (spec.lines != OVERLAY_LINES_NONE && (w < 3 || h < 3))
		return (CMD_RETURN_NORMAL);

	if (cmd_spawn_check_env(item, args) != 0)
		return (CMD_RETURN_ERROR);
	env = args_values(args, 'e', &nenv);
	spec.env = env;
	spec.nenv = nenv;
	if ((value = args_get(args, 'd')) != NULL)
		cwd = cmd_format(item, value, NULL, c);
	spec.cwd = cwd != NULL ? cwd : s->cwd;
	if (args->argc == 0) {
		dflt = options_get_string(s->options, "default-command");
		if (*dflt != '\0') {
			spec.argc = 1;
			spec.argv = (char **)&dflt;
		}
	} else if (args->argc == 1 && *args->argv[0] == '\0')
		spec.argc = 0;
	else {
		spec.argc = args->argc;
		spec.argv = args->argv;
	}
	if (args_has(args, 'T'))
		title = cmd_format(item, args_get(args, 'T'), NULL, c);
	else
		title = xstrdup("");
	spec.title = title;
	spec.style = args_get(args, 's');
	spec.border_style = args_get(args, 'S');
	if (args_count(args, 'E') > 1)
		spec.flags |= POPUP_CLOSEEXITZERO;
	else if (args_has(args, 'E'))
		spec.flags |= POPUP_CLOSEEXIT;
	spec.session = s;
	spec.done = cmd_display_popup_done;
	spec.done_arg = item;
	if (popup_open(c, &spec, &cause) != 0) {
		free(title);
		free(cwd);
		if (cause == NULL)
			return (CMD_RETURN_NORMAL);
		cmdq_error(item, "%s", cause);
		free(cause);
		return (CMD_RETURN_ERROR);
	}
	free(title);
	free(cwd);
	return (CMD_RETURN_WAIT);
}
