/*
 * list-windows (lsw) and list-panes (lsp), in tmux's default forms or -F.
 */
#include <stdlib.h>

#include "cmd/cmd.h"
#include "cmd/cmd-json.h"
#include "model/format.h"
#include "model/state.h"
#include "model/session.h"
#include "model/window.h"

#define LIST_WINDOWS_TEMPLATE \
	"#{window_index}: #{window_name}#{window_raw_flags} " \
	"(#{window_panes} panes) [#{window_width}x#{window_height}] " \
	"[layout #{window_layout}] #{window_id}" \
	"#{?window_active, (active),}"
#define LIST_WINDOWS_ALL_TEMPLATE \
	"#{session_name}:" LIST_WINDOWS_TEMPLATE
#define LIST_PANES_TEMPLATE \
	"#{pane_index}: [#{pane_width}x#{pane_height}] " \
	"[history #{history_size}/#{history_limit}, #{history_bytes} bytes] " \
	"#{pane_id}#{?pane_active, (active),}"
#define LIST_PANES_SESSION_TEMPLATE \
	"#{window_index}.#{pane_index}: [#{pane_width}x#{pane_height}] " \
	"[history #{history_size}/#{history_limit}, #{history_bytes} bytes] " \
	"#{pane_id}#{?pane_active, (active),}"
#define LIST_PANES_ALL_TEMPLATE \
	"#{session_name}:#{window_index}.#{pane_index}: " \
	"[#{pane_width}x#{pane_height}] " \
	"[history #{history_size}/#{history_limit}, #{history_bytes} bytes] " \
	"#{pane_id}#{?pane_active, (active),}"

static enum cmd_retval	cmd_list_windows_exec(struct cmd *, struct cmdq_item *);
static enum cmd_retval	cmd_list_panes_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_list_windows_entry = {
	.name = "list-windows",
	.alias = "lsw",
	.args = { "aF:f:Jt:", 0, 0 },
	.usage = "[-aJ] [-F format] [-f filter] [-t target-session]",
	.target = CMD_TARGET_SESSION,
	.flags = CMD_CANFAIL,
	.exec = cmd_list_windows_exec,
};

const struct cmd_entry cmd_list_panes_entry = {
	.name = "list-panes",
	.alias = "lsp",
	.args = { "asF:f:Jt:", 0, 0 },
	.usage = "[-aJs] [-F format] [-f filter] [-t target-window]",
	.target = CMD_TARGET_WINDOW,
	.flags = CMD_CANFAIL,
	.exec = cmd_list_panes_exec,
};

/* Print one line per window of s (with -J, add an object to cj). */
static void
cmd_list_windows_session(struct cmdq_item *item, struct session *s,
    const char *template, const char *filter, struct cmd_json *cj)
{
	struct winlink	*wl;
	struct target	 t;
	char		*line;

	TAILQ_FOREACH(wl, &s->windows, entry) {
		t.s = s;
		t.wl = wl;
		t.w = wl->window;
		t.p = wl->window->active;
		if (!cmd_filter_match(item, filter, &t))
			continue;
		if (cj != NULL) {
			cmd_json_item(cj, &t, item->client, NULL,
			    FORMAT_EACH_SESSION|FORMAT_EACH_WINDOW);
			continue;
		}
		line = format_expand(template, &t, item->client);
		cmdq_print(item, "%s", line);
		free(line);
	}
}

static enum cmd_retval
cmd_list_windows_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	const char	*template = args_get(args, 'F');
	const char	*filter = args_get(args, 'f');
	struct session	*s;
	struct cmd_json	 json, *cj = NULL;

	if (cmd_json_check(item, args))
		return (CMD_RETURN_ERROR);
	if (!args_has(args, 'a') && item->target.s == NULL) {
		cmdq_error(item, "no current session");
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'J'))
		cmd_json_start(cj = &json);
	if (args_has(args, 'a')) {
		TAILQ_FOREACH(s, &srv->sessions, entry)
			cmd_list_windows_session(item, s, template != NULL ?
			    template : LIST_WINDOWS_ALL_TEMPLATE, filter, cj);
	} else
		cmd_list_windows_session(item, item->target.s,
		    template != NULL ? template : LIST_WINDOWS_TEMPLATE,
		    filter, cj);
	if (cj != NULL)
		cmd_json_end(cj, item);
	return (CMD_RETURN_NORMAL);
}

/* Print one line per pane of a window (with -J, add an object to cj). */
static void
cmd_list_panes_window(struct cmdq_item *item, struct session *s,
    struct winlink *wl, const char *template, const char *filter,
    struct cmd_json *cj)
{
	struct pane	*p;
	struct target	 t;
	char		*line;

	TAILQ_FOREACH(p, &wl->window->panes, entry) {
		t.s = s;
		t.wl = wl;
		t.w = wl->window;
		t.p = p;
		if (!cmd_filter_match(item, filter, &t))
			continue;
		if (cj != NULL) {
			cmd_json_item(cj, &t, item->client, NULL,
			    FORMAT_EACH_SESSION|FORMAT_EACH_WINDOW|
			    FORMAT_EACH_PANE);
			continue;
		}
		line = format_expand(template, &t, item->client);
		cmdq_print(item, "%s", line);
		free(line);
	}
}

static enum cmd_retval
cmd_list_panes_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	const char	*template = args_get(args, 'F');
	const char	*filter = args_get(args, 'f');
	struct session	*s;
	struct winlink	*wl;
	struct cmd_json	 json, *cj = NULL;

	if (cmd_json_check(item, args))
		return (CMD_RETURN_ERROR);
	if (!args_has(args, 'a') && item->target.s == NULL) {
		cmdq_error(item, "no current session");
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'J'))
		cmd_json_start(cj = &json);
	if (args_has(args, 'a')) {
		TAILQ_FOREACH(s, &srv->sessions, entry) {
			TAILQ_FOREACH(wl, &s->windows, entry)
				cmd_list_panes_window(item, s, wl,
				    template != NULL ? template :
				    LIST_PANES_ALL_TEMPLATE, filter, cj);
		}
	} else if (args_has(args, 's')) {
		TAILQ_FOREACH(wl, &item->target.s->windows, entry)
			cmd_list_panes_window(item, item->target.s, wl,
			    template != NULL ? template :
			    LIST_PANES_SESSION_TEMPLATE, filter, cj);
	} else
		cmd_list_panes_window(item, item->target.s, item->target.wl,
		    template != NULL ? template : LIST_PANES_TEMPLATE, filter,
		    cj);
	if (cj != NULL)
		cmd_json_end(cj, item);
	return (CMD_RETURN_NORMAL);
}
