/*
 * list-clients (lsc) and switch-client (switchc).
 */
#include <stdlib.h>

#include "cmd/cmd.h"
#include "cmd/cmd-json.h"
#include "cmd/key-bindings.h"
#include "model/client.h"
#include "model/format.h"
#include "model/state.h"
#include "model/session.h"
#include "model/window.h"

#define LIST_CLIENTS_TEMPLATE \
	"#{client_name}: #{session_name} " \
	"[#{client_width}x#{client_height} #{client_termname}]" \
	"#{?client_flags, (,}#{client_flags}#{?client_flags,),}"

static enum cmd_retval	cmd_list_clients_exec(struct cmd *, struct cmdq_item *);
static enum cmd_retval	cmd_switch_client_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_list_clients_entry = {
	.name = "list-clients",
	.alias = "lsc",
	.args = { "F:Jt:", 0, 0 },
	.usage = "[-J] [-F format] [-t target-session]",
	.target = CMD_TARGET_SESSION,
	.flags = CMD_CANFAIL,
	.exec = cmd_list_clients_exec,
};

const struct cmd_entry cmd_switch_client_entry = {
	.name = "switch-client",
	.alias = "switchc",
	.args = { "c:ElnprT:t:Z", 0, 0 },
	.usage = "[-ElnprZ] [-c target-client] [-t target-session] "
	    "[-T key-table]",
	.target = CMD_TARGET_NONE,
	.flags = CMD_PREFER_UNATTACHED,
	.exec = cmd_switch_client_exec,
};

static enum cmd_retval
cmd_list_clients_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	const char	*template = args_get(args, 'F');
	struct client	*c;
	struct target	 t;
	char		*line;
	struct cmd_json	 cj;

	if (cmd_json_check(item, args))
		return (CMD_RETURN_ERROR);
	if (args_has(args, 'J'))
		cmd_json_start(&cj);
	if (template == NULL)
		template = LIST_CLIENTS_TEMPLATE;
	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session == NULL || (c->flags & CLIENT_EXIT))
			continue;
		if (args_has(args, 't') && c->session != item->target.s)
			continue;
		target_from_session(&t, c->session);
		if (args_has(args, 'J')) {
			cmd_json_item(&cj, &t, c, NULL, FORMAT_EACH_CLIENT);
			continue;
		}
		line = format_expand(template, &t, c);
		cmdq_print(item, "%s", line);
		free(line);
	}
	if (args_has(args, 'J'))
		cmd_json_end(&cj, item);
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_switch_client_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args	*args = self->args;
	struct client	*c;
	struct session	*s;
	struct target	 t;
	int		 zoomed;

	if ((c = cmd_get_client(item, args_get(args, 'c'))) == NULL)
		return (CMD_RETURN_ERROR);
	if (args_has(args, 'r')) {
		/* -r: read-only (and not sizing windows) on and off. */
		if (c->flags & CLIENT_READONLY)
			c->flags &= ~(CLIENT_READONLY|CLIENT_IGNORESIZE);
		else
			c->flags |= CLIENT_READONLY|CLIENT_IGNORESIZE;
		client_update_sizes();
	}
	if (args_has(args, 'T')) {
		/* -T: the client's next key is looked up in this table. */
		c->key_table = key_table_find(args_get(args, 'T'), 1)->name;
		return (CMD_RETURN_NORMAL);
	}
	if (c->session == NULL) {
		cmdq_error(item, "no current client");
		return (CMD_RETURN_ERROR);
	}
	if (args_has(args, 'l')) {
		if ((s = c->last_session) == NULL) {
			cmdq_error(item, "can't find last session");
			return (CMD_RETURN_ERROR);
		}
	} else if (args_has(args, 'n') || args_has(args, 'p')) {
		if (args_has(args, 'n')) {
			if ((s = TAILQ_NEXT(c->session, entry)) == NULL)
				s = TAILQ_FIRST(&srv->sessions);
		} else {
			if ((s = TAILQ_PREV(c->session, sessions,
			    entry)) == NULL)
				s = TAILQ_LAST(&srv->sessions, sessions);
		}
	} else {
		if (cmd_find_target(item, args_get(args, 't'),
		    CMD_TARGET_PANE, &t) != 0)
			return (CMD_RETURN_ERROR);
		s = t.s;
		if (t.wl != NULL && args_has(args, 't'))
			session_select(s, t.wl);
		if (t.p != NULL && args_has(args, 't') &&
		    t.p != t.w->active) {
			/* The pane named becomes active; -Z keeps a zoomed
			 * window zoomed. */
			zoomed = (t.w->flags & WINDOW_ZOOMED) != 0;
			if (zoomed)
				window_zoom(t.w, 0);
			window_set_active(t.w, t.p);
			if (zoomed && args_has(args, 'Z'))
				window_zoom(t.w, 1);
		}
	}
	if (!args_has(args, 'E') && c->ident.environ != NULL)
		session_update_environ(s, c->ident.environ);
	client_attach(c, s);	/* the old session becomes the last */
	return (CMD_RETURN_NORMAL);
}
