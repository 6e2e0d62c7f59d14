/*
 * new-session (new): create a session and, unless -d, attach the client
 * that ran it. -A attaches to the session if it already exists. A
 * new-session with no client (from the configuration) is detached, as
 * in tmux. -c is expanded as a format; -e sets variables in the session's
 * environment, and -E leaves out the client's update-environment ones.
 * -f sets client flags (see cmd_client_flags); -A -D -X detaches the
 * session's other clients and sends SIGHUP to their parents. -R (mux's
 * own) brings back the saved sessions (resurrect) instead of making one,
 * and attaches to the one the last client used.
 *
 * -t puts the new session in a group (session.h) with the target session
 * (whose group it joins, or which starts one named after itself): it
 * shows the group's windows and starts none, and is named after the
 * group, GROUP-ID, unless -s names it. A -t naming no session names a
 * group: the session joins it if it exists, else starts it with a new
 * window. As in tmux, -A with -t and no -s attaches to the target.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "model/format.h"
#include "common/name.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "model/options.h"
#include "model/state.h"
#include "model/session.h"
#include "model/window.h"

#define NEW_SESSION_DEFAULT_SX	80
#define NEW_SESSION_DEFAULT_SY	24
/* As tmux: -x and -y up to this are taken, and clamped to
 * WINDOW_SIZE_MAX. */
#define NEW_SESSION_MAX_SIZE	65535

static enum cmd_retval	cmd_new_session_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_new_session_entry = {
	.name = "new-session",
	.alias = "new",
	.args = { "Ac:dDEe:F:f:n:PRs:t:x:Xy:", 0, -1 },
	.usage = "[-AdDEPRX] [-c start-directory] [-e environment] [-F format] "
	    "[-f flags] [-n window-name] [-s session-name] "
	    "[-t target-session] [-x width] [-y height] [shell-command]",
	.target = CMD_TARGET_NONE,
	.flags = CMD_STARTSERVER,
	.exec = cmd_new_session_exec,
};

/* Is tty the terminal of one of this server's panes? */
static int
cmd_attach_in_pane(const char *tty)
{
	struct window	*w;
	struct pane	*p;
	const char	*name;

	TAILQ_FOREACH(w, &srv->windows, entry) {
		TAILQ_FOREACH(p, &w->panes, entry) {
			if (p->fd != -1 && (name = ptsname(p->fd)) != NULL &&
			    strcmp(name, tty) == 0)
				return (1);
		}
	}
	return (0);
}

/* Check the client can show a session; reports why not. */
int
cmd_attach_check(struct cmdq_item *item)
{
	struct client	*c = item->client;
	const char	*env;

	if (c == NULL || (!(c->flags & CLIENT_TERMINAL) && c->control == NULL)) {
		cmdq_error(item, "open terminal failed: not a terminal");
		return (-1);
	}
	/* As tmux: refused only from inside a pane of this server (another
	 * server's pane may attach here). */
	env = client_getenv(c, name_env());
	if (env != NULL && *env != '\0' && c->session == NULL &&
	    c->ident.tty != NULL && cmd_attach_in_pane(c->ident.tty)) {
		cmdq_error(item, "sessions should be nested with care, unset "
		    "$%s to force", name_env());
		return (-1);
	}
	return (0);
}

/* Attach the item's client to s, -d detaching the others. */
void
cmd_attach_do(struct cmdq_item *item, struct session *s, int detach_others,
    int update_env)
{
	struct client	*c = item->client, *other;

	if (detach_others) {
		/* 2 (-x): their parents get SIGHUP too. */
		TAILQ_FOREACH(other, &srv->clients, entry) {
			if (other != c && other->session == s)
				client_detach_with(other, detach_others == 2,
				    NULL, NULL);
		}
	}
	if (update_env && c->ident.environ != NULL)
		session_update_environ(s, c->ident.environ);
	client_attach(c, s);
}

/* The session -t names, or NULL (no error: it may name a group). */
static struct session *
cmd_new_session_group_with(struct cmdq_item *item, const char *group)
{
	struct cmdq_item	*root = cmdq_root(item);
	struct target		 t;
	size_t			 before = root->err.len;

	if (cmd_find_target(item, group, CMD_TARGET_SESSION, &t) != 0) {
		root->err.len = before;
		return (NULL);
	}
	return (t.s);
}

/* Make the session of new-session -t group: in with's group, else in the
 * group named group (made, with a new window, if there is none). */
static struct session *
cmd_new_session_grouped(const char *group, struct session *with,
    const char *name, const char *cwd, char **env, char *const *vars,
    int nvars, unsigned int sx, unsigned int sy, char **cause)
{
	struct session_group	*sg;
	struct session		*s;
	char			*copy = NULL;

	if (with == NULL && (sg = session_group_find(group)) != NULL &&
	    !TAILQ_EMPTY(&sg->sessions))
		with = TAILQ_FIRST(&sg->sessions);
	if (with != NULL)
		return (session_create_grouped(with, name, cwd, env, vars,
		    nvars));
	if (name == NULL)
		name = copy = session_group_next_name(group);
	s = session_create(name, 0, NULL, cwd, env, vars, nvars, sx, sy,
	    cause);
	free(copy);
	if (s != NULL)
		session_group_add(session_group_new(group), s);
	return (s);
}

static enum cmd_retval
cmd_new_session_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct client		*c = item->client;
	struct session		*s, *with = NULL;
	struct target	 fs;
	const char		*name = args_get(args, 's');
	const char		*group = args_get(args, 't');
	char			*cause = NULL, *size, *cwd, **env = NULL;
	char *const		*vars;
	unsigned int		 dsx, dsy;
	unsigned int		 sx = NEW_SESSION_DEFAULT_SX;
	unsigned int		 sy = NEW_SESSION_DEFAULT_SY;
	int			 detached = args_has(args, 'd'), nvars;

	/* With no client (the config file), the session is detached. */
	if (c == NULL)
		detached = 1;

	if (args_has(args, 'R')) {
		if (!detached && cmd_attach_check(item) != 0)
			return (CMD_RETURN_ERROR);
		s = NULL;
		if (cmd_resurrect(item, NULL, &s) != CMD_RETURN_NORMAL &&
		    s == NULL)
			return (CMD_RETURN_ERROR);
		if (s != NULL && !detached)
			cmd_attach_do(item, s, 0, 0);
		return (CMD_RETURN_NORMAL);
	}

	if (group != NULL && (args->argc != 0 || args_has(args, 'n'))) {
		cmdq_error(item, "command or window name given with target");
		return (CMD_RETURN_ERROR);
	}
	if (name != NULL && !session_check_name(name)) {
		cmdq_error(item, "invalid session: %s", name);
		return (CMD_RETURN_ERROR);
	}
	if (group != NULL)
		with = cmd_new_session_group_with(item, group);
	if (name != NULL)
		s = session_find(name);
	else
		s = args_has(args, 'A') ? with : NULL;
	if (s != NULL) {
		if (!args_has(args, 'A')) {
			cmdq_error(item, "duplicate session: %s", name);
			return (CMD_RETURN_ERROR);
		}
		if (detached)
			return (CMD_RETURN_NORMAL);
		if (cmd_attach_check(item) != 0)
			return (CMD_RETURN_ERROR);
		if (args_has(args, 'f') && cmd_client_flags(item, c,
		    args_get(args, 'f')) != 0)
			return (CMD_RETURN_ERROR);
		cmd_attach_do(item, s, args_has(args, 'D') ? (args_has(args,
		    'X') ? 2 : 1) : 0, !args_has(args, 'E'));
		return (CMD_RETURN_NORMAL);
	}
	if (!detached && cmd_attach_check(item) != 0)
		return (CMD_RETURN_ERROR);
	if (cmd_spawn_check_env(item, args) != 0)
		return (CMD_RETURN_ERROR);
	if (!detached && args_has(args, 'f') && cmd_client_flags(item, c,
	    args_get(args, 'f')) != 0)
		return (CMD_RETURN_ERROR);

	/* Without a terminal to size it, default-size does (tmux). */
	if (sscanf(options_get_string(srv->session_options, "default-size"),
	    "%ux%u", &dsx, &dsy) == 2 && dsx > 0 && dsy > 0 &&
	    dsx <= NEW_SESSION_MAX_SIZE && dsy <= NEW_SESSION_MAX_SIZE) {
		sx = dsx;
		sy = dsy;
	}
	if (!detached && c != NULL && c->cols > 0 && c->rows > 0) {
		sx = c->cols;
		sy = c->rows;
	}
	if (args_has(args, 'x')) {
		sx = args_strtonum(args, 'x', 1, NEW_SESSION_MAX_SIZE, &cause);
		if (cause != NULL)
			goto fail;
	}
	if (args_has(args, 'y')) {
		sy = args_strtonum(args, 'y', 1, NEW_SESSION_MAX_SIZE, &cause);
		if (cause != NULL)
			goto fail;
	}
	if (sx > WINDOW_SIZE_MAX)
		sx = WINDOW_SIZE_MAX;
	if (sy > WINDOW_SIZE_MAX)
		sy = WINDOW_SIZE_MAX;
	if ((cwd = cmd_spawn_cwd(item, args, NULL)) == NULL &&
	    c != NULL && c->ident.cwd != NULL)
		cwd = xstrdup(c->ident.cwd);
	if (c != NULL && !args_has(args, 'E'))
		env = c->ident.environ;
	vars = args_values(args, 'e', &nvars);
	if (group != NULL)
		s = cmd_new_session_grouped(group, with, name, cwd, env,
		    vars, nvars, sx, sy, &cause);
	else
		s = session_create(name, args->argc, args->argv, cwd, env,
		    vars, nvars, sx, sy, &cause);
	free(cwd);
	if (s == NULL)
		goto fail;
	if (args_has(args, 'n'))
		window_set_fixed_name(s->curw->window, args_get(args, 'n'));
	/* -x and -y become the session's default-size, as in tmux. */
	if (args_has(args, 'x') || args_has(args, 'y')) {
		size = xasprintf("%ux%u", sx, sy);
		options_set(s->options, "default-size", size, 0, NULL);
		free(size);
	}

	if (args_has(args, 'P')) {
		target_from_session(&fs, s);
		cmd_print_created(item, args, &fs, "#{session_name}:");
	}
	target_from_session(&item->target, s);	/* for after-new-session */
	if (!detached)
		cmd_attach_do(item, s, 0, 0);
	return (CMD_RETURN_NORMAL);
fail:
	cmdq_error(item, "%s", cause);
	free(cause);
	return (CMD_RETURN_ERROR);
}
