/*
 * Running hooks through the command queue (see cmd-hooks.h), as tmux 3.3a
 * runs them:
 *
 * - after-<command>: when a command that has such a hook finishes without
 *   error, the hook's members run before the next command of the list, for
 *   the command's target, with #{hook}, #{hook_arguments},
 *   #{hook_argument_N}, #{hook_flag_X}; for the client that ran it.
 * - events (session-created, pane-died ...): queued by the model
 *   (model/hooks.c), run at the end of the loop turn for the place they
 *   happened, with the formats the event gave; no client.
 * - set-hook -R: at once, for set-hook's target, with #{hook} only.
 *
 * Each member is one group of the list it runs in: a member that fails
 * stops only itself. Its error goes to whoever ran the command (for events,
 * to the errors shown to the next client, as config errors are), and makes
 * the outermost item fail, but never the command the hook followed.
 * Commands run by a hook set off no hooks (item->no_hooks).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd-hooks.h"
#include "common/log.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "model/hooks.h"
#include "model/state.h"
#include "model/session.h"
#include "model/window.h"


int
cmd_hooks_text_empty(const char *text)
{
	text += strspn(text, " \t\r\n");
	return (*text == '\0' || *text == '#');
}

/* One list of every member's commands, each member its own group; NULL
 * when there is nothing to run. */
static struct cmd_list *
cmd_hooks_list(const struct hook *h)
{
	struct cmd_list	*cl, *all = NULL;
	char		*cause = NULL;
	unsigned int	 i, j;

	for (i = 0; i < h->n; i++) {
		if (cmd_hooks_text_empty(h->cmds[i].text))
			continue;
		cl = cmd_parse_string(h->cmds[i].text, NULL, &cause);
		if (cl == NULL) {
			/* It parsed when set; the environment may differ. */
			log_debug("hook %s[%u]: %s", h->def->name,
			    h->cmds[i].idx, cause);
			free(cause);
			cause = NULL;
			continue;
		}
		if (all == NULL) {
			all = cmd_list_new();
		}
		all->cmds = xreallocarray(all->cmds, all->n + cl->n,
		    sizeof *all->cmds);
		for (j = 0; j < cl->n; j++) {
			cl->cmds[j]->group = i + 1;
			all->cmds[all->n++] = cl->cmds[j];
		}
		cl->n = 0;
		cmd_list_free(cl);
	}
	return (all);
}

/* Errors of an event's hook, which nobody ran: kept for the next client,
 * as the config's are. */
static void
cmd_hooks_event_done(struct cmdq_item *item, void *arg)
{
	char	*all;

	(void)arg;
	if (item->err.len == 0)
		return;
	pw_u8(&item->err, '\0');
	log_debug("hook errors: %s", item->err.data);
	if (srv->config_errors == NULL)
		srv->config_errors = xstrdup((char *)item->err.data);
	else {
		all = xasprintf("%s%s", srv->config_errors, item->err.data);
		free(srv->config_errors);
		srv->config_errors = all;
	}
}

/* Run hook h's members for t, inside parent (NULL: on their own, for
 * client c). vars is taken. Returns CMD_RETURN_WAIT when parent must wait
 * for them. */
static enum cmd_retval
cmd_hooks_start(struct cmdq_item *parent, struct client *c,
    const struct hook *h, struct hook_vars *vars, const struct target *t)
{
	struct cmd_list		*cl;
	struct cmdq_item	*child;
	int			 in_exec;

	if ((cl = cmd_hooks_list(h)) == NULL) {
		hook_vars_free(vars);
		free(vars);
		return (CMD_RETURN_NORMAL);
	}
	log_debug("running hook %s (%u commands)", h->def->name, cl->n);
	child = cmdq_new(c, cl, parent);
	cmd_list_free(cl);
	child->no_hooks = 1;
	child->hook_item = 1;
	if (child->vars != NULL) {
		hook_vars_free(child->vars);
		free(child->vars);
	}
	child->vars = vars;
	child->has_pane = (t->p != NULL);
	child->pane = t->p != NULL ? t->p->id : 0;
	child->prefer_session = t->s != NULL ? t->s->id + 1 : 0;
	if (parent == NULL) {
		/* As tmux: the client is the best one for the place. */
		if (c == NULL) {
			child->current = *t;
			child->client = cmd_find_client(child);
		}
		cmdq_run(child, cmd_hooks_event_done, NULL);
		return (CMD_RETURN_NORMAL);
	}
	/* As cmdq_run_nested, but the hook's failure is not parent's. */
	in_exec = parent->in_exec;
	parent->in_exec = 1;
	parent->nested_finished = 0;
	cmdq_run(child, NULL, NULL);
	parent->in_exec = in_exec;
	if (parent->nested_finished)
		return (CMD_RETURN_NORMAL);
	return (CMD_RETURN_WAIT);
}

/* The formats tmux gives an after hook: the command's arguments. */
static struct hook_vars *
cmd_hooks_after_vars(const char *name, struct cmd *cmd)
{
	struct hook_vars	*hv = xcalloc(1, sizeof *hv);
	const struct args	*a = cmd->args;
	char			*s, var[32], flag;
	int			 i;

	hook_vars_add(hv, "hook", "%s", name);
	s = args_print(a);
	hook_vars_add(hv, "hook_arguments", "%s", s);
	free(s);
	for (i = 0; i < a->argc; i++) {
		snprintf(var, sizeof var, "hook_argument_%d", i);
		hook_vars_add(hv, var, "%s", a->argv[i]);
	}
	for (i = 0; i < 52; i++) {
		if (!(a->present & (1ULL << i)))
			continue;
		flag = i < 26 ? 'a' + i : 'A' + i - 26;
		snprintf(var, sizeof var, "hook_flag_%c", flag);
		hook_vars_add(hv, var, "%s",
		    a->values[i] != NULL ? a->values[i] : "1");
		if (a->values[i] != NULL) {
			snprintf(var, sizeof var, "hook_flag_%c_0", flag);
			hook_vars_add(hv, var, "%s", a->values[i]);
		}
	}
	return (hv);
}

/* Is everything t names still there (a command may have killed it)? */
static int
cmd_hooks_valid(const struct target *t)
{
	struct session	*s;
	struct window	*w;
	struct pane	*p;
	int		 found = 0;

	if (t->s == NULL)
		return (0);
	TAILQ_FOREACH(s, &srv->sessions, entry) {
		if (s == t->s)
			found = 1;
	}
	if (!found || (t->w != NULL && winlink_find_by_window(t->s, t->w) !=
	    t->wl))
		return (0);
	if (t->p == NULL)
		return (1);
	TAILQ_FOREACH(w, &srv->windows, entry) {
		TAILQ_FOREACH(p, &w->panes, entry) {
			if (p == t->p)
				return (p->window == t->w);
		}
	}
	return (0);
}

enum cmd_retval
cmd_hooks_after(struct cmdq_item *item, struct cmd *cmd)
{
	const struct hook_def	*def;
	const struct hook	*h;
	struct target		 fresh;
	const struct target	*t;
	char			*name;
	enum cmd_retval		 rv;

	if (item->no_hooks)
		return (CMD_RETURN_NORMAL);
	name = xasprintf("after-%s", cmd->entry->name);
	def = hooks_def_find(name);
	if (def == NULL) {
		free(name);
		return (CMD_RETURN_NORMAL);
	}
	/* The command's target if it is still there, else the current,
	 * else what is current now (kill-pane may have taken both). */
	if (cmd_hooks_valid(&item->target))
		t = &item->target;
	else if (cmd_hooks_valid(&item->current))
		t = &item->current;
	else {
		cmd_find_current(item, &fresh);
		t = &fresh;
	}
	h = hooks_lookup(def, t->s, t->w, t->p);
	if (h->n == 0) {
		free(name);
		return (CMD_RETURN_NORMAL);
	}
	rv = cmd_hooks_start(item, item->client, h,
	    cmd_hooks_after_vars(name, cmd), t);
	free(name);
	if (rv == CMD_RETURN_WAIT)
		item->after_wait = 1;
	return (rv);
}

enum cmd_retval
cmd_hooks_run_now(struct cmdq_item *item, const struct hook_def *def)
{
	struct hook_vars	*hv = xcalloc(1, sizeof *hv);
	const struct target	*t;
	const struct hook	*h;

	t = cmd_hooks_valid(&item->target) ? &item->target : &item->current;
	h = hooks_lookup(def, t->s, t->w, t->p);
	hook_vars_add(hv, "hook", "%s", def->name);
	return (cmd_hooks_start(item, item->client, h, hv, t));
}

/* Where a hook is set (or shown) by name, as tmux picks the table: *where
 * is the table's slot (the global ones are never NULL). Returns NULL after
 * reporting why there is none. */
struct hooks **
cmd_hooks_where(struct cmdq_item *item, const struct args *args,
    const struct hook_def *def, int *global)
{
	struct target	*t = &item->target;

	*global = 0;
	if (def->scope == HOOK_WINDOW && args_has(args, 'p')) {
		if (t->p == NULL) {
			cmdq_error(item, "no current pane");
			return (NULL);
		}
		return (&t->p->hooks);
	}
	if (args_has(args, 'g')) {
		*global = 1;
		hooks_global(def->scope);
		if (def->scope == HOOK_SESSION)
			return (&srv->session_hooks);
		return (&srv->window_hooks);
	}
	if (def->scope == HOOK_SESSION) {
		if (t->s == NULL) {
			cmdq_error(item, "no current session");
			return (NULL);
		}
		return (&t->s->hooks);
	}
	if (t->w == NULL) {
		cmdq_error(item, "no current window");
		return (NULL);
	}
	return (&t->w->hooks);
}

/* Where an event happened, as it is now: its pane, window and session if
 * they still exist, else the most recent session. */
static void
cmd_hooks_event_target(const struct hook_event *ev, struct target *t)
{
	struct session	*s = NULL;
	struct window	*w = NULL;
	struct pane	*p = NULL;
	struct client	*c;
	struct winlink	*wl;

	memset(t, 0, sizeof *t);
	if (ev->session != 0)
		s = session_find_by_id(ev->session - 1);
	if (ev->window != 0)
		w = window_find_by_id(ev->window - 1);
	if (ev->pane != 0 && (p = pane_find_by_id(ev->pane - 1)) != NULL)
		w = p->window;
	if (s == NULL && ev->client != 0) {
		TAILQ_FOREACH(c, &srv->clients, entry) {
			if (c->id + 1 == ev->client)
				s = c->session;
		}
	}
	if (w != NULL && s != NULL &&
	    (wl = winlink_find_by_window(s, w)) != NULL) {
		t->s = s;
		t->wl = wl;
		t->w = w;
		t->p = p != NULL ? p : w->active;
		return;
	}
	if (w != NULL) {
		if (p == NULL)
			p = w->active;
		if (p != NULL) {
			target_from_pane(t, p, s);
			if (t->s != NULL)
				return;
		}
		memset(t, 0, sizeof *t);
	}
	target_from_session(t, s != NULL ? s : session_most_recent());
}

void
cmd_hooks_run_events(void)
{
	struct hook_event	*ev;
	struct hook_vars	*hv;
	const struct hook	*h;
	struct target		 t;
	struct pane		*p;
	struct client		*c, *evc;

	while ((ev = hooks_next_event()) != NULL) {
		if (srv->exiting) {
			/* kill-server: the sessions closing run nothing. */
			hooks_event_free(ev);
			continue;
		}
		evc = NULL;
		TAILQ_FOREACH(c, &srv->clients, entry) {
			if (ev->client != 0 && c->id + 1 == ev->client &&
			    !(c->flags & CLIENT_DEAD))
				evc = c;
		}
		cmd_hooks_event_target(ev, &t);
		p = ev->pane != 0 ? pane_find_by_id(ev->pane - 1) : NULL;
		if (p == NULL)
			p = t.p;
		h = hooks_lookup(ev->def, t.s, t.w, p);
		if (h->n != 0) {
			hv = xcalloc(1, sizeof *hv);
			hook_vars_copy(hv, &ev->vars);
			/* A name given at creation (new-window -n) is set
			 * just after the window is linked. */
			if (strcmp(ev->def->name, "window-linked") == 0 &&
			    ev->window != 0 && t.w != NULL &&
			    t.w->id + 1 == ev->window)
				hook_vars_add(hv, "hook_window_name", "%s",
				    t.w->name);
			cmd_hooks_start(NULL, evc, h, hv, &t);
		}
		hooks_event_free(ev);
	}
}

char *
cmd_hooks_print(const char *text)
{
	struct cmd_list	*cl;
	char		*cause = NULL, *s;

	if (cmd_hooks_text_empty(text))
		return (xstrdup(""));
	if ((cl = cmd_parse_string(text, NULL, &cause)) == NULL) {
		free(cause);
		return (NULL);
	}
	/* As tmux shows a hook: its commands as they would be in braces. */
	s = cmd_list_print_block(cl);
	cmd_list_free(cl);
	return (s);
}
