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
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "model/control.h"
#include "model/environ.h"
#include "model/format.h"
#include "model/state.h"
#include "model/session.h"
#include "model/window.h"
#include "grid/vt.h"

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

/* A control flag of -f for c (no-output, wait-exit, pause-after[=seconds]
 * and mux's json), off with !: 1 when name is one, 0 when not, -1 when it
 * is one but wrong (reported). */
static int
cmd_client_control_flag(struct cmdq_item *item, struct client *c,
    const char *name, int off)
{
	struct control_state	*cs = c->control;
	unsigned long		 secs = 0;
	unsigned int		 i;
	char			*end;
	int			 bit;

	if (strcmp(name, "no-output") == 0)
		bit = CONTROL_NO_OUTPUT;
	else if (strcmp(name, "wait-exit") == 0)
		bit = CONTROL_WAIT_EXIT;
	else if (strcmp(name, "json") == 0)
		bit = CONTROL_JSON;	/* mux: JSON notifications */
	else if (strncmp(name, "pause-after", 11) == 0 &&
	    (name[11] == '\0' || name[11] == '=')) {
		bit = CONTROL_PAUSE_AFTER;
		if (name[11] == '=') {
			secs = strtoul(name + 12, &end, 10);
			if (name[12] == '\0' || *end != '\0' || secs > 86400) {
				cmdq_error(item, "bad pause-after: %s",
				    name + 12);
				return (-1);
			}
		}
	} else
		return (0);
	if (cs == NULL) {
		cmdq_error(item, "client flag %s is only for a control "
		    "client", name);
		return (-1);
	}
	if (off) {
		cs->flags &= ~bit;
		return (1);
	}
	cs->flags |= bit;
	if (bit == CONTROL_PAUSE_AFTER)
		cs->pause_after_ms = secs * 1000;
	if (bit == CONTROL_NO_OUTPUT) {
		/* What was waiting to go is dropped, as tmux resets its
		 * offsets: output starts afresh when it is on again. */
		for (i = 0; i < cs->npanes; i++)
			pbuf_reset(&cs->panes[i].data);
	}
	return (1);
}

int
cmd_client_flags(struct cmdq_item *item, struct client *c, const char *list)
{
	char	*copy, *next, *name;
	int	 flag, off, rc = 0;

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
		else if (strcmp(name, "active-pane") == 0)
			flag = CLIENT_ACTIVEPANE;
		else if (strcmp(name, "no-detach-on-destroy") == 0)
			flag = CLIENT_NODETACHDESTROY;
		else {
			switch (cmd_client_control_flag(item, c, name, off)) {
			case 1:
				continue;
			case 0:
				cmdq_error(item, "unknown client flag: %s",
				    name);
				/* FALLTHROUGH */
			default:
				rc = -1;
				continue;
			}
		}
		if (off)
			c->flags &= ~flag;
		else
			c->flags |= flag;
	}
	free(copy);
	if (rc == 0)
		client_update_sizes();
	srv->dirty = 1;
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

/* Part of the input for an empty pane (by id: it may have gone): as tmux
 * shows it, each newline starts a new line at the left. */
static void
cmd_pane_input_part(const char *data, size_t len, void *arg)
{
	struct pane	*p = pane_find_by_id((unsigned int)(uintptr_t)arg);
	const char	*nl;

	if (p == NULL || p->vt == NULL || !(p->flags & PANE_EMPTY))
		return;
	while (len > 0) {
		if ((nl = memchr(data, '\n', len)) == NULL) {
			vt_write(p->vt, data, len);
			break;
		}
		vt_write(p->vt, data, nl - data);
		vt_write(p->vt, "\r\n", 2);
		len -= nl - data + 1;
		data = nl + 1;
	}
	srv->dirty = 1;
}

/* The input ended: the command goes on. */
static void
cmd_pane_input_done(struct cmdq_item *item, const char *data, size_t len,
    const char *error, void *arg)
{
	(void)data;
	(void)len;
	(void)arg;
	if (error != NULL)
		cmdq_error(item, "%s", error);
	cmdq_continue(item, error != NULL);
}

enum cmd_retval
cmd_pane_input(struct cmdq_item *item, struct pane *p)
{
	struct client	*c = item->client;

	if (!(p->flags & PANE_EMPTY)) {
		cmdq_error(item, "pane is not empty");
		return (CMD_RETURN_ERROR);
	}
	if (c == NULL || c->session != NULL || client_read_stdin_parts(c,
	    item, cmd_pane_input_part, cmd_pane_input_done,
	    (void *)(uintptr_t)p->id) != 0)
		return (CMD_RETURN_NORMAL);
	return (CMD_RETURN_WAIT);
}
