/*
 * The copy-mode commands that copy (send-keys -X copy-*, append-*,
 * pipe*): copies become paste buffers and, with set-clipboard on (or
 * external), go to the terminals of the clients showing the pane as OSC
 * 52; the copy-pipe commands also write them to a shell command's
 * standard input. Their table is in cmd-copy-commands.c.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "common/base64.h"
#include "common/proto.h"
#include "common/utf8.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "copy/copy.h"
#include "model/environ.h"
#include "model/format.h"
#include "model/job.h"
#include "model/mouse.h"
#include "model/options.h"
#include "model/pane-mode.h"
#include "model/paste.h"
#include "draw/prompt.h"
#include "model/state.h"
#include "model/session.h"
#include "model/window.h"
#include "cmd/cmd-copy-int.h"

/* Send copied text to the terminals of the clients showing the pane
 * (OSC 52) unless -C or set-clipboard off. */
static void
cmd_copy_clipboard(struct cmd_copy_state *cs, const char *buf, size_t len)
{
	char	*b64;
	size_t	 n;

	if (!cs->set_clip || len > PROTO_MAX_PAYLOAD / 2 ||
	    strcmp(options_get_string(srv->options, "set-clipboard"),
	    "off") == 0)
		return;
	b64 = xmalloc(4 * ((len + 2) / 3) + 1);
	n = base64_encode((const unsigned char *)buf, len, b64);
	window_clipboard(cs->p->window, "", b64, n);
	free(b64);
}

/* Keep copied text (buf is taken): a paste buffer unless -P, and the
 * clients' clipboards. */
static void
cmd_copy_keep(struct cmd_copy_state *cs, char *buf, size_t len)
{
	if (buf == NULL)
		return;
	cmd_copy_clipboard(cs, buf, len);
	if (cs->set_paste)
		paste_add(buf, len);
	free(buf);
}

/* Write text to a shell command's standard input (copy-pipe, pipe).
 * Without a command, the copy-command option when mux has it. */
static void
cmd_copy_pipe_to(struct cmd_copy_state *cs, const char *command,
    const char *buf, size_t len)
{
	struct cmdq_item	*item = cs->item;
	struct session		*s = item->target.s;
	struct job		*job;
	char			*cmd, **env, *cause = NULL;

	if (command == NULL || *command == '\0')
		command = options_get_string(srv->options, "copy-command");
	if (command == NULL || *command == '\0' || buf == NULL)
		return;
	cmd = format_expand(command, &item->target, item->client);
	env = environ_vector(srv->environ, s != NULL ? s->environ : NULL);
	job = job_run_input(cmd, cs->p->cwd, env, buf, len, NULL, NULL,
	    &cause);
	environ_free_vector(env);
	if (job == NULL) {
		cmdq_error(item, "%s", cause);
		free(cause);
	}
	free(cmd);
}

/* append-selection: the selection goes on the end of the newest buffer
 * (a new one when there is none). */
enum cmd_copy_action
cmd_copy_append_selection(struct cmd_copy_state *cs)
{
	struct paste_buffer	*pb;
	const char		*data = NULL;
	char			*buf, *all, *name;
	size_t			 len, size = 0;

	if ((buf = copy_selection_text(cs->cm, &len)) != NULL) {
		cmd_copy_clipboard(cs, buf, len);
		if ((pb = paste_top()) == NULL)
			paste_add(buf, len);
		else {
			data = paste_data(pb, &size);
			all = xmalloc(size + len);
			memcpy(all, data, size);
			memcpy(all + size, buf, len);
			name = xstrdup(paste_name(pb));
			paste_set(name, all, size + len);
			free(name);
			free(all);
		}
		free(buf);
	}
	copy_clear_selection(cs->cm);
	return (CMD_COPY_MOVE);
}

enum cmd_copy_action
cmd_copy_append_selection_and_cancel(struct cmd_copy_state *cs)
{
	cmd_copy_append_selection(cs);
	return (CMD_COPY_CANCEL);
}

/* copy-selection and its kin: copy, then clear or cancel. */
static enum cmd_copy_action
cmd_copy_do_selection(struct cmd_copy_state *cs, int clear, int cancel)
{
	char	*buf;
	size_t	 len;

	buf = copy_selection_text(cs->cm, &len);
	cmd_copy_keep(cs, buf, len);
	if (clear || cancel)
		copy_clear_selection(cs->cm);
	return (cancel ? CMD_COPY_CANCEL : CMD_COPY_MOVE);
}

enum cmd_copy_action
cmd_copy_copy_selection(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_selection(cs, 1, 0));
}

enum cmd_copy_action
cmd_copy_copy_selection_no_clear(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_selection(cs, 0, 0));
}

enum cmd_copy_action
cmd_copy_copy_selection_and_cancel(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_selection(cs, 1, 1));
}

/* copy-pipe and its kin: copy (unless only piping), pipe to argv[0]. */
static enum cmd_copy_action
cmd_copy_do_pipe(struct cmd_copy_state *cs, int copy, int clear,
    int cancel)
{
	char	*buf;
	size_t	 len;

	buf = copy_selection_text(cs->cm, &len);
	cmd_copy_pipe_to(cs, cs->argc > 0 ? cs->argv[0] : NULL, buf, len);
	if (copy)
		cmd_copy_keep(cs, buf, len);
	else
		free(buf);
	if (clear || cancel)
		copy_clear_selection(cs->cm);
	return (cancel ? CMD_COPY_CANCEL : CMD_COPY_MOVE);
}

enum cmd_copy_action
cmd_copy_copy_pipe(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_pipe(cs, 1, 1, 0));
}

enum cmd_copy_action
cmd_copy_copy_pipe_no_clear(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_pipe(cs, 1, 0, 0));
}

enum cmd_copy_action
cmd_copy_copy_pipe_and_cancel(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_pipe(cs, 1, 1, 1));
}

enum cmd_copy_action
cmd_copy_pipe(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_pipe(cs, 0, 1, 0));
}

enum cmd_copy_action
cmd_copy_pipe_no_clear(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_pipe(cs, 0, 0, 0));
}

enum cmd_copy_action
cmd_copy_pipe_and_cancel(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_pipe(cs, 0, 1, 1));
}

/* copy-end-of-line, copy-line and their pipe kin: the text from the
 * cursor (or its line's start) to the end of the line, n lines. */
static enum cmd_copy_action
cmd_copy_do_line(struct cmd_copy_state *cs, int whole, int pipe, int cancel)
{
	char	*buf;
	size_t	 len;

	buf = copy_line_text(cs->cm, cs->n, whole, &len);
	if (pipe)
		cmd_copy_pipe_to(cs, cs->argc > 0 ? cs->argv[0] : NULL, buf,
		    len);
	cmd_copy_keep(cs, buf, len);
	return (cancel ? CMD_COPY_CANCEL : CMD_COPY_MOVE);
}

enum cmd_copy_action
cmd_copy_copy_end_of_line(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_line(cs, 0, 0, 0));
}

enum cmd_copy_action
cmd_copy_copy_end_of_line_and_cancel(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_line(cs, 0, 0, 1));
}

enum cmd_copy_action
cmd_copy_copy_pipe_end_of_line(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_line(cs, 0, 1, 0));
}

enum cmd_copy_action
cmd_copy_copy_pipe_end_of_line_and_cancel(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_line(cs, 0, 1, 1));
}

enum cmd_copy_action
cmd_copy_copy_line(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_line(cs, 1, 0, 0));
}

enum cmd_copy_action
cmd_copy_copy_line_and_cancel(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_line(cs, 1, 0, 1));
}

enum cmd_copy_action
cmd_copy_copy_pipe_line(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_line(cs, 1, 1, 0));
}

enum cmd_copy_action
cmd_copy_copy_pipe_line_and_cancel(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_line(cs, 1, 1, 1));
}
