/*
 * Small things several commands share.
 *
 * What the commands that start a program share (new-session, new-window,
 * split-window, respawn-pane, respawn-window): the start directory of -c,
 * expanded as a format of the target as tmux expands it, and the -e
 * NAME=VALUE strings. Without -c, tmux's rule: a client that is not
 * attached (a command typed in a shell) starts programs in its own
 * directory; otherwise the session's directory is used.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "common/xmalloc.h"
#include "server/client.h"
#include "server/environ.h"
#include "server/format.h"
#include "server/server.h"
#include "server/session.h"
#include "server/window.h"

char *
cmd_spawn_cwd(struct cmdq_item *item, const struct args *args,
    const struct target *t)
{
	struct client	*c = item->client;
	struct target	 cur;
	char		*cwd;

	if (args_has(args, 'c')) {
		if (t == NULL || t->s == NULL) {
			cmd_find_current(item, &cur);
			t = &cur;
		}
		cwd = format_expand(args_get(args, 'c'), t, c);
		if (*cwd != '\0')
			return (cwd);
		free(cwd);
	}
	if (c != NULL && c->session == NULL && c->ident.cwd != NULL &&
	    *c->ident.cwd != '\0')
		return (xstrdup(c->ident.cwd));
	return (NULL);
}

int
cmd_spawn_check_env(struct cmdq_item *item, const struct args *args)
{
	char *const	*vars;
	int		 n, i;

	vars = args_values(args, 'e', &n);
	for (i = 0; i < n; i++) {
		if (strchr(vars[i], '=') == NULL || vars[i][0] == '=') {
			cmdq_error(item, "invalid environment: %s (not "
			    "NAME=VALUE)", vars[i]);
			return (-1);
		}
	}
	return (0);
}

struct client *
cmd_get_client(struct cmdq_item *item, const char *name)
{
	struct client	*c;

	if (name != NULL) {
		if ((c = cmd_find_client_named(name)) == NULL)
			cmdq_error(item, "can't find client: %s", name);
		return (c);
	}
	if ((c = cmd_find_client(item)) == NULL)
		cmdq_error(item, "no current client");
	return (c);
}

/* Is an expanded format true, as tmux reads one: not empty, not "0". */
int
cmd_format_true(const char *s)
{
	return (*s != '\0' && strcmp(s, "0") != 0);
}

int
cmd_filter_match(struct cmdq_item *item, const char *filter,
    const struct target *t)
{
	char	*s;
	int	 match;

	if (filter == NULL)
		return (1);
	s = format_expand(filter, t, item->client);
	match = cmd_format_true(s);
	free(s);
	return (match);
}

int
cmd_marked_target(struct cmdq_item *item, struct target *t)
{
	struct client	*c = item->client;
	struct pane	*p;

	if (srv->marked_pane == -1 ||
	    (p = pane_find_by_id(srv->marked_pane)) == NULL)
		return (-1);
	target_from_pane(t, p, c != NULL ? c->session : NULL);
	return (t->s != NULL ? 0 : -1);
}

int
cmd_source_target(struct cmdq_item *item, const struct args *args,
    enum cmd_target_type type, struct target *t)
{
	if (!args_has(args, 's') && cmd_marked_target(item, t) == 0)
		return (0);
	return (cmd_find_target(item, args_get(args, 's'), type, t));
}

int
cmd_client_flags(struct cmdq_item *item, struct client *c, const char *list)
{
	static const char *const unsupported[] = { "active-pane",
	    "no-output", "pause-after", "wait-exit", "no-detach-on-destroy",
	    NULL };
	char	*copy, *next, *name;
	int	 flag, off, i, rc = 0;

	copy = xstrdup(list);
	for (name = copy; name != NULL && rc == 0; name = next) {
		if ((next = strchr(name, ',')) != NULL)
			*next++ = '\0';
		if (*name == '\0')
			continue;
		if ((off = (*name == '!')))
			name++;
		if (strcmp(name, "read-only") == 0)
			flag = CLIENT_READONLY;
		else if (strcmp(name, "ignore-size") == 0)
			flag = CLIENT_IGNORESIZE;
		else {
			for (i = 0; unsupported[i] != NULL; i++) {
				if (strncmp(name, unsupported[i],
				    strlen(unsupported[i])) == 0)
					break;
			}
			if (unsupported[i] != NULL)
				cmdq_error(item, "client flag not supported by "
				    "mux: %s", name);
			else
				cmdq_error(item, "unknown client flag: %s",
				    name);
			rc = -1;
			break;
		}
		if (off)
			c->flags &= ~flag;
		else
			c->flags |= flag;
	}
	free(copy);
	if (rc == 0)
		client_update_sizes();
	return (rc);
}

int
cmd_insert_index(struct cmdq_item *item, const struct args *args,
    struct session *s, int *idx)
{
	struct winlink	*at;

	if (!args_has(args, 'a') && !args_has(args, 'b'))
		return (0);
	at = *idx >= 0 ? winlink_find_by_index(s, *idx) : s->curw;
	if (at == NULL) {
		cmdq_error(item, "no window at index %d", *idx);
		return (-1);
	}
	*idx = at->idx + (args_has(args, 'a') ? 1 : 0);
	session_shift_windows(s, *idx);
	return (0);
}

enum cmd_retval
cmd_respawn(struct cmdq_item *item, const struct args *args, struct pane *p)
{
	struct pane_spawn	 sp;
	char			*cause = NULL, *cwd = NULL;
	char *const		*vars;
	int			 rc, nvars;

	if (args_has(args, 'c'))
		cwd = cmd_spawn_cwd(item, args, &item->target);
	session_spawn(item->target.s, &sp, args->argc, args->argv,
	    cwd != NULL ? cwd : p->cwd);
	vars = args_values(args, 'e', &nvars);
	session_spawn_env(&sp, vars, nvars);
	rc = pane_respawn(p, &sp, &cause);
	environ_free_vector(sp.env);
	free(cwd);
	if (rc != 0) {
		cmdq_error(item, "%s", cause);
		free(cause);
		return (CMD_RETURN_ERROR);
	}
	return (CMD_RETURN_NORMAL);
}
