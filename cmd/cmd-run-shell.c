/*
 * run-shell (run) and if-shell (if): shell commands in the background.
 * run-shell waits for the command (unless -b) and shows its output where
 * tmux 3.3a does, always in view mode: over the -t pane, else the pane of
 * the client that ran it, else the most recent session's; it never goes
 * to stdout or a control client's block. A command client (the shell's
 * `mux run-shell`) exits with the command's status. if-shell runs the first command list when the shell
 * command succeeds (or, with -F, when the format is true), else the
 * second. Neither blocks the server: the item waits, the loop goes on.
 * run-shell -d waits that many seconds first (with no command, it only
 * waits: the mouse bindings show a selection for a moment that way).
 */
#include <stdlib.h>
#include <string.h>

#include <event2/event.h>

#include "cmd/cmd.h"
#include "draw/view.h"
#include "common/name.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "model/environ.h"
#include "model/format.h"
#include "model/job.h"
#include "model/options.h"
#include "model/state.h"
#include "model/session.h"
#include "model/window.h"

static enum cmd_retval	cmd_run_shell_exec(struct cmd *, struct cmdq_item *);
static enum cmd_retval	cmd_if_shell_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_run_shell_entry = {
	.name = "run-shell",
	.alias = "run",
	.args = { "bCd:t:", 0, 1 },
	.usage = "[-bC] [-d delay] [-t target-pane] [shell-command]",
	.target = CMD_TARGET_PANE,
	.flags = CMD_QUIETFAIL,
	.exec = cmd_run_shell_exec,
};

const struct cmd_entry cmd_if_shell_entry = {
	.name = "if-shell",
	.alias = "if",
	.args = { "bFt:", 2, 3 },
	.usage = "[-bF] [-t target-pane] shell-command command [command]",
	.target = CMD_TARGET_PANE,
	.flags = CMD_QUIETFAIL,
	.exec = cmd_if_shell_exec,
};

/* What a running shell command needs when it finishes. */
struct cmd_shell_state {
	struct cmdq_item	*item;		/* NULL with -b */
	char			*then, *otherwise;	/* if-shell */

	/* run-shell -d: what to run when the delay is over. */
	struct event		*timer;
	char			*cmd;
	int			 commands;	/* -C: mux commands */
	char			*cwd;
	char			**env;

	/* run-shell: show the output in view mode over this pane (-1: the
	 * most recent session's). */
	long long		 pane_id;
};

/* Where shell commands run: the target pane's session directory. */
static const char *
cmd_shell_cwd(struct cmdq_item *item)
{
	if (item->target.s != NULL)
		return (item->target.s->cwd);
	if (item->client != NULL)
		return (item->client->ident.cwd);
	return (NULL);
}

/* Set NAME=value in a NULL-terminated heap vector (value NULL: remove). */
static char **
cmd_shell_setenv(char **env, const char *name, const char *value)
{
	size_t	len = strlen(name), n, i, j;

	for (n = 0; env[n] != NULL; n++)
		;
	for (i = j = 0; i < n; i++) {
		if (strncmp(env[i], name, len) == 0 && env[i][len] == '=')
			free(env[i]);
		else
			env[j++] = env[i];
	}
	env[j] = NULL;
	if (value == NULL)
		return (env);
	env = xreallocarray(env, j + 2, sizeof *env);
	env[j] = xasprintf("%s=%s", name, value);
	env[j + 1] = NULL;
	return (env);
}

/* The environment of a shell command, as tmux gives it: the global
 * environment with the session's over it, $MUX naming this server (so a
 * mux run by the command talks to it) and, once the config has run, TERM
 * from default-terminal (while it runs, TERM is the outside one). */
static char **
cmd_shell_environ(struct cmdq_item *item)
{
	struct session	*s = item->target.s;
	char		**env, *mux;

	env = environ_vector(srv->environ, s != NULL ? s->environ : NULL);
	mux = xasprintf("%s,%ld,%d", srv->socket_path, (long)srv->pid,
	    s != NULL ? (int)s->id : -1);
	/* $MUX under mux's own name, $TMUX as tmux; the other is unset. */
	env = cmd_shell_setenv(env, "TMUX", NULL);
	env = cmd_shell_setenv(env, "TMUX_PANE", NULL);
	env = cmd_shell_setenv(env, "MUX", NULL);
	env = cmd_shell_setenv(env, "MUX_PANE", NULL);
	env = cmd_shell_setenv(env, name_env(), mux);
	free(mux);
	if (srv->cfg_done) {
		env = cmd_shell_setenv(env, "TERM", options_get_string(
		    s != NULL ? s->options : srv->session_options,
		    "default-terminal"));
	}
	return (env);
}

/* Parse and run a command string nested in item. */
static enum cmd_retval
cmd_shell_run_commands(struct cmdq_item *item, const char *text)
{
	struct cmd_list	*cl;
	char		*cause;
	enum cmd_retval	 rv;

	if ((cl = cmd_parse_string(text, NULL, &cause)) == NULL) {
		cmdq_error(item, "%s", cause);
		free(cause);
		return (CMD_RETURN_ERROR);
	}
	rv = cmdq_run_nested(item, cl);
	cmd_list_free(cl);
	return (rv);
}

/* Where run-shell's output goes (see the top of the file): sets st's
 * pane_id. */
static void
cmd_run_shell_where(struct cmd_shell_state *st, struct cmdq_item *item,
    struct args *args)
{
	struct client	*c = item->client;
	struct session	*s = c != NULL ? c->session : NULL;

	st->pane_id = -1;
	if (args_has(args, 't') && item->target.p != NULL)
		st->pane_id = item->target.p->id;
	else if (s != NULL && s->curw != NULL)
		st->pane_id = s->curw->window->active->id;
}

/* Show text in view mode where st says; nowhere if there is no pane. */
static void
cmd_run_shell_view(struct cmd_shell_state *st, const char *text, size_t len)
{
	struct pane	*p = NULL;
	struct session	*s;

	if (st->pane_id >= 0)
		p = pane_find_by_id((unsigned int)st->pane_id);
	else if ((s = session_most_recent()) != NULL && s->curw != NULL)
		p = s->curw->window->active;
	if (p != NULL && len != 0)
		view_pane_output(p, text, len);
}

/* run-shell's command ended: its output and, when it failed, a line
 * saying so (not an error: tmux 3.3a prints it as output); a command
 * client exits with the command's status. */
static void
cmd_run_shell_done(const char *output, size_t len, int status, void *arg)
{
	struct cmd_shell_state	*st = arg;
	struct cmdq_item	*item = st->item;
	struct pbuf		 pb;
	const char		*name;
	char			*line;

	pbuf_init(&pb);
	if (len != 0) {
		pw_bytes(&pb, output, len);
		if (output[len - 1] != '\n')
			pw_u8(&pb, '\n');
	}
	if (status != 0) {
		name = st->cmd != NULL ? st->cmd : "";
		line = xasprintf("'%s' returned %d\n", name, status);
		pw_bytes(&pb, line, strlen(line));
		free(line);
	}
	cmd_run_shell_view(st, (const char *)pb.data, pb.len);
	pbuf_free(&pb);
	if (item != NULL) {
		if (item->client != NULL && item->client->session == NULL)
			cmdq_root(item)->exit_status = status;
		cmdq_continue(item, 0);
	}
	free(st->cmd);
	free(st->cwd);
	environ_free_vector(st->env);
	free(st);
}

/* Run commands (run-shell -C -d) once the item is waiting: nested in it,
 * or on their own for -b (item NULL). */
static void
cmd_run_shell_later(struct cmdq_item *item, const char *text)
{
	struct cmd_list	*cl;
	enum cmd_retval	 rv;
	char		*cause;

	if (item != NULL) {
		/* As if inside the command (see cmd_if_shell_done). */
		item->in_exec = 1;
		rv = cmd_shell_run_commands(item, text);
		item->in_exec = 0;
		if (rv != CMD_RETURN_WAIT)
			cmdq_continue(item, rv == CMD_RETURN_ERROR);
	} else if ((cl = cmd_parse_string(text, NULL, &cause)) != NULL) {
		cmdq_run(cmdq_new(NULL, cl, NULL), NULL, NULL);
		cmd_list_free(cl);
	} else
		free(cause);
}

/* run-shell -d's delay is over: run the command, if there is one. */
static void
cmd_run_shell_timer(int fd, short events, void *arg)
{
	struct cmd_shell_state	*st = arg;
	struct cmdq_item	*item = st->item;
	char			*cause = NULL;

	event_free(st->timer);
	if (st->cmd != NULL && st->commands) {
		cmd_run_shell_later(item, st->cmd);
		item = NULL;
	} else if (st->cmd != NULL && job_run(st->cmd, st->cwd, st->env,
	    cmd_run_shell_done, st, &cause) != NULL)
		st = NULL;	/* cmd_run_shell_done goes on */
	else if (item != NULL) {
		if (cause != NULL)
			cmdq_error(item, "%s", cause);
		cmdq_continue(item, cause != NULL);
	}
	free(cause);
	if (st != NULL) {
		free(st->cmd);
		free(st->cwd);
		environ_free_vector(st->env);
		free(st);
	}
}

/* Wait for run-shell -d (seconds, fractions too), then go on. */
static enum cmd_retval
cmd_run_shell_delay(struct cmdq_item *item, const char *delay, char *cmd)
{
	struct cmd_shell_state	*st;
	struct args		*args = item->cmds->cmds[item->next]->args;
	struct timeval		 tv;
	const char		*cwd;
	char			*end;
	double			 d;

	d = strtod(delay, &end);
	if (*delay == '\0' || *end != '\0' || !(d >= 0 && d <= 86400)) {
		cmdq_error(item, "invalid delay: %s", delay);
		free(cmd);
		return (CMD_RETURN_ERROR);
	}
	st = xcalloc(1, sizeof *st);
	st->item = args_has(args, 'b') ? NULL : item;
	st->cmd = cmd;
	st->commands = args_has(args, 'C');
	cmd_run_shell_where(st, item, args);
	if ((cwd = cmd_shell_cwd(item)) != NULL)
		st->cwd = xstrdup(cwd);
	st->env = cmd_shell_environ(item);
	st->timer = evtimer_new(srv->base, cmd_run_shell_timer, st);
	tv.tv_sec = (time_t)d;
	tv.tv_usec = (suseconds_t)((d - (double)tv.tv_sec) * 1000000);
	evtimer_add(st->timer, &tv);
	return (args_has(args, 'b') ? CMD_RETURN_NORMAL : CMD_RETURN_WAIT);
}

static enum cmd_retval
cmd_run_shell_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct cmd_shell_state	*st;
	char			*cmd = NULL, *cause = NULL;
	char			**env;
	struct job		*job;

	/* As tmux 3.3a: no command (and no delay) does nothing. */
	if (args->argc == 0 && !args_has(args, 'd'))
		return (CMD_RETURN_NORMAL);
	/* An empty command does nothing: say so rather than run it. */
	if (args->argc != 0 && *args->argv[0] == '\0' && !args_has(args, 'd')) {
		cmdq_error(item, "empty command");
		return (CMD_RETURN_ERROR);
	}
	if (args->argc != 0)
		cmd = format_expand(args->argv[0], &item->target, item->client);
	if (args_has(args, 'd'))
		return (cmd_run_shell_delay(item, args_get(args, 'd'), cmd));
	if (cmd == NULL)
		return (CMD_RETURN_NORMAL);
	if (args_has(args, 'C')) {
		enum cmd_retval	rv = cmd_shell_run_commands(item, cmd);

		free(cmd);
		return (rv);
	}
	env = cmd_shell_environ(item);
	st = xcalloc(1, sizeof *st);
	st->item = args_has(args, 'b') ? NULL : item;
	st->cmd = cmd;
	cmd_run_shell_where(st, item, args);
	job = job_run(cmd, cmd_shell_cwd(item), env, cmd_run_shell_done, st,
	    &cause);
	environ_free_vector(env);
	if (job == NULL) {
		cmdq_error(item, "%s", cause);
		free(cause);
		free(st);
		free(cmd);
		return (CMD_RETURN_ERROR);
	}
	return (args_has(args, 'b') ? CMD_RETURN_NORMAL : CMD_RETURN_WAIT);
}

/* if-shell's command ended: pick the branch. */
static void
cmd_if_shell_done(const char *output, size_t len, int status, void *arg)
{
	struct cmd_shell_state	*st = arg;
	struct cmdq_item	*item = st->item;
	const char		*branch = status == 0 ? st->then : st->otherwise;
	enum cmd_retval		 rv = CMD_RETURN_NORMAL;
	struct cmd_list		*cl;
	char			*cause;

	if (item != NULL) {
		/* As if inside the command: a branch that ends at once
		 * hands its result back here. */
		item->in_exec = 1;
		if (branch != NULL)
			rv = cmd_shell_run_commands(item, branch);
		item->in_exec = 0;
		if (rv != CMD_RETURN_WAIT)
			cmdq_continue(item, rv == CMD_RETURN_ERROR);
	} else if (branch != NULL) {
		/* -b: nobody waits; the branch runs on its own. */
		if ((cl = cmd_parse_string(branch, NULL, &cause)) != NULL) {
			cmdq_run(cmdq_new(NULL, cl, NULL), NULL, NULL);
			cmd_list_free(cl);
		} else
			free(cause);
	}
	free(st->then);
	free(st->otherwise);
	free(st);
}

static enum cmd_retval
cmd_if_shell_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct cmd_shell_state	*st;
	const char		*branch;
	char			*cond, *cause = NULL;
	char			**env;
	struct job		*job;
	int			 truth;

	cond = format_expand(args->argv[0], &item->target, item->client);
	if (args_has(args, 'F')) {
		truth = *cond != '\0' && strcmp(cond, "0") != 0;
		free(cond);
		branch = truth ? args->argv[1] :
		    (args->argc == 3 ? args->argv[2] : NULL);
		if (branch == NULL)
			return (CMD_RETURN_NORMAL);
		return (cmd_shell_run_commands(item, branch));
	}
	st = xcalloc(1, sizeof *st);
	st->item = args_has(args, 'b') ? NULL : item;
	st->then = xstrdup(args->argv[1]);
	st->otherwise = args->argc == 3 ? xstrdup(args->argv[2]) : NULL;
	env = cmd_shell_environ(item);
	job = job_run(cond, cmd_shell_cwd(item), env, cmd_if_shell_done, st,
	    &cause);
	environ_free_vector(env);
	if (job == NULL) {
		cmdq_error(item, "%s", cause);
		free(cause);
		free(st->then);
		free(st->otherwise);
		free(st);
		free(cond);
		return (CMD_RETURN_ERROR);
	}
	free(cond);
	return (args_has(args, 'b') ? CMD_RETURN_NORMAL : CMD_RETURN_WAIT);
}
