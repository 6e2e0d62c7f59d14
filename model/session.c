/*
 * Sessions and winlinks. A session owns its winlinks; windows are shared
 * and reference counted by the winlinks that point at them.
 *
 * Alerts are kept per winlink (session.h), so each session of a group
 * has its own; a winlink made by the copy starts with the other's.
 *
 * Session groups (new-session -t), as tmux has them: every session of a
 * group has its own winlinks, but they show the same windows at the same
 * indexes. Each change to a session's winlinks made through this file
 * (add, remove, swap, move, renumber, shift) ends by copying that
 * session's list to the others of its group (session_group_sync_from).
 * The copy is made in place: a winlink at an index both lists have is
 * kept (its window replaced if it differs), so a command's pointer to a
 * winlink of another session stays good unless its index went. Each
 * session keeps its current and last window by index; one whose index
 * went moves to the last window, else the one before, else the first.
 * As in tmux, the copy announces window-linked for every window of the
 * list and window-unlinked for each window the session no longer shows
 * (control clients hear %window-add and so on for each).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <event2/event.h>

#include "common/log.h"
#include "common/xmalloc.h"
#include "grid/vt.h"
#include "model/client.h"
#include "model/environ.h"
#include "model/options.h"
#include "model/state.h"
#include "model/hooks.h"
#include "model/session.h"
#include "model/window.h"

static struct option_handle oh_status = OPTION_HANDLE("status");

static void	session_group_remove(struct session *);

void
session_update_environ(struct session *s, char **env)
{
	const char	*list, *eq;
	char		*copy, *name, *next, **e;
	size_t		 len;

	list = options_get_string(s->options, "update-environment");
	copy = xstrdup(list);
	for (name = copy; name != NULL; name = next) {
		if ((next = strchr(name, ' ')) != NULL)
			*next++ = '\0';
		if (*name == '\0')
			continue;
		len = strlen(name);
		eq = NULL;
		for (e = env; e != NULL && *e != NULL; e++) {
			if (strncmp(*e, name, len) == 0 && (*e)[len] == '=')
				eq = *e + len + 1;
		}
		/* As tmux: a variable the client lacks is removed. */
		if (eq != NULL)
			environ_set(s->environ, name, eq);
		else
			environ_remove(s->environ, name);
	}
	free(copy);
}

int
session_check_name(const char *name)
{
	return (*name != '\0' && strpbrk(name, ":.") == NULL);
}

char *
session_next_name(void)
{
	unsigned int	n;
	char		*name;

	for (n = 0;; n++) {
		name = xasprintf("%u", n);
		if (session_find(name) == NULL)
			return (name);
		free(name);
	}
}

/* Put s on the server's list in name order (strcmp, so "10" comes before
 * "9"), which is the order tmux 3.3a lists and walks sessions in. */
static void
session_insert_sorted(struct session *s)
{
	struct session	*loop;

	TAILQ_FOREACH(loop, &srv->sessions, entry) {
		if (strcmp(s->name, loop->name) < 0) {
			TAILQ_INSERT_BEFORE(loop, s, entry);
			return;
		}
	}
	TAILQ_INSERT_TAIL(&srv->sessions, s, entry);
}

/* Free a session that never got a window. */
static void
session_free_empty(struct session *s)
{
	TAILQ_REMOVE(&srv->sessions, s, entry);
	options_free(s->options);
	hooks_free(s->hooks);
	environ_free(s->environ);
	free(s->name);
	free(s->cwd);
	free(s);
}

/* A new session with no window, on the server's list. */
static struct session *
session_alloc(const char *name, const char *cwd, char **env,
    char *const *vars, int nvars)
{
	struct session	*s = xcalloc(1, sizeof *s);
	char		*copy, *eq;
	int		 i;

	s->id = srv->next_session_id++;
	s->name = name != NULL ? xstrdup(name) : session_next_name();
	s->cwd = xstrdup(cwd != NULL && *cwd != '\0' ? cwd : "/");
	s->created = s->activity = time(NULL);
	s->activity_ns = server_now_ns();
	s->options = options_create(srv->session_options, OPTION_SESSION);
	s->environ = environ_create();
	if (env != NULL)
		session_update_environ(s, env);
	for (i = 0; i < nvars; i++) {
		copy = xstrdup(vars[i]);
		if ((eq = strchr(copy, '=')) != NULL) {
			*eq = '\0';
			environ_set(s->environ, copy, eq + 1);
		}
		free(copy);
	}
	TAILQ_INIT(&s->windows);
	TAILQ_INIT(&s->lastw);
	session_insert_sorted(s);
	return (s);
}

/* Rename a session, keeping the server's list in name order. */
void
session_rename(struct session *s, const char *name)
{
	TAILQ_REMOVE(&srv->sessions, s, entry);
	free(s->name);
	s->name = xstrdup(name);
	session_insert_sorted(s);
}

struct session *
session_create(const char *name, int argc, char **argv, const char *cwd,
    char **env, char *const *vars, int nvars, unsigned int sx,
    unsigned int sy, char **cause)
{
	struct session	*s = session_alloc(name, cwd, env, vars, nvars);

	if ((s->curw = session_new_window(s, -1, argc, argv, NULL, NULL, 0,
	    sx, sy, cause)) == NULL) {
		session_free_empty(s);
		return (NULL);
	}
	log_debug("session $%u %s created", s->id, s->name);
	hooks_notify_session("session-created", s);
	return (s);
}

void
session_spawn(struct session *s, struct pane_spawn *sp, int argc,
    char **argv, const char *cwd)
{
	const char	*dflt;

	memset(sp, 0, sizeof *sp);
	if (argc == 0 && *(dflt = options_get_string(s->options,
	    "default-command")) != '\0') {
		sp->default_argv[0] = (char *)dflt;
		argc = 1;
		argv = sp->default_argv;
	}
	sp->argc = argc;
	sp->argv = argv;
	sp->cwd = cwd != NULL ? cwd : s->cwd;
	sp->env = environ_vector(srv->environ, s->environ);
	sp->shell = options_get_string(s->options, "default-shell");
	sp->history_limit = options_get_number(s->options, "history-limit");
	sp->session_id = (int)s->id;
}

void
session_spawn_env(struct pane_spawn *sp, char *const *vars, int nvars)
{
	int	n, i;

	if (nvars == 0)
		return;
	for (n = 0; sp->env != NULL && sp->env[n] != NULL; n++)
		;
	sp->env = xreallocarray(sp->env, n + nvars + 1, sizeof *sp->env);
	for (i = 0; i < nvars; i++)
		sp->env[n + i] = xstrdup(vars[i]);
	sp->env[n + nvars] = NULL;
}

struct winlink *
session_new_window(struct session *s, int idx, int argc, char **argv,
    const char *cwd, char *const *vars, int nvars, unsigned int sx,
    unsigned int sy, char **cause)
{
	struct window	*w;
	struct winlink	*wl;
	struct pane	*p;
	struct pane_spawn sp;

	if (idx >= 0 && winlink_find_by_index(s, idx) != NULL) {
		*cause = xasprintf("index %d in use", idx);
		return (NULL);
	}
	w = window_create(sx, sy);
	session_spawn(s, &sp, argc, argv, cwd);
	session_spawn_env(&sp, vars, nvars);
	p = pane_create(w, &sp, cause);
	environ_free_vector(sp.env);
	if (p == NULL) {
		window_destroy(w);
		return (NULL);
	}
	wl = winlink_add(s, w, idx);
	return (wl);
}

void
session_alert(struct window *w, int flag)
{
	struct session	*s;
	struct winlink	*wl;

	TAILQ_FOREACH(s, &srv->sessions, entry) {
		TAILQ_FOREACH(wl, &s->windows, entry) {
			if (wl->window == w &&
			    (s->curw != wl || s->attached == 0))
				wl->flags |= flag;
		}
	}
}

void
winlink_clear_alerts(struct winlink *wl)
{
	struct session	*s;
	struct winlink	*loop;
	struct window	*w = wl->window;

	w->flags &= ~(WINDOW_BELL|WINDOW_ACTIVITY|WINDOW_SILENCE);
	TAILQ_FOREACH(s, &srv->sessions, entry) {
		TAILQ_FOREACH(loop, &s->windows, entry) {
			if (loop->window == w)
				loop->flags &= ~WINLINK_ALERTS;
		}
	}
	server_status_changed();
}

struct winlink *
session_last_window(struct session *s)
{
	return (TAILQ_FIRST(&s->lastw));
}

void
session_stack_remove(struct session *s, struct winlink *wl)
{
	if (!wl->stacked)
		return;
	TAILQ_REMOVE(&s->lastw, wl, sentry);
	wl->stacked = 0;
}

void
session_stack_push(struct session *s, struct winlink *wl)
{
	session_stack_remove(s, wl);
	TAILQ_INSERT_HEAD(&s->lastw, wl, sentry);
	wl->stacked = 1;
}

void
session_stack_clear(struct session *s)
{
	struct winlink	*wl;

	while ((wl = TAILQ_FIRST(&s->lastw)) != NULL)
		session_stack_remove(s, wl);
}

void
session_select(struct session *s, struct winlink *wl)
{
	struct client	*c;

	if (wl == NULL || wl == s->curw)
		return;
	if (s->curw != NULL && s->curw->window != wl->window)
		hooks_focus_moved(s->curw->window->active,
		    wl->window->active, s);
	/* The active panes lose and gain focus (for programs with ?1004). */
	if (s->curw != NULL && s->curw->window != wl->window) {
		if (s->curw->window->active != NULL)
			pane_send_focus(s->curw->window->active, 0);
		if (wl->window->active != NULL)
			pane_send_focus(wl->window->active, 1);
	}
	session_stack_remove(s, wl);
	if (s->curw != NULL)
		session_stack_push(s, s->curw);
	s->curw = wl;
	/* (As tmux: choosing a window is no session activity; attaching,
	 * switching to it and typing in it are.) */
	winlink_clear_alerts(wl);
	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session == s)
			c->flags |= CLIENT_REDRAW;
	}
	hooks_notify_session("session-window-changed", s);
	client_update_sizes();
	server_status_changed();
}

/* Where detach-on-destroy (how: 0 off, 1 on, 2 no-detached) sends the
 * clients of s: off, another session; no-detached, a session no client
 * is attached to; on (or none such), nowhere. As tmux 3.3a does, the one
 * of them that was active longest ago. */
static struct session *
session_next_home(struct session *s, long long how)
{
	struct session	*loop, *best = NULL;

	if (how == 1)
		return (NULL);
	TAILQ_FOREACH(loop, &srv->sessions, entry) {
		if (loop == s || (how == 2 && loop->attached != 0))
			continue;
		if (best == NULL || loop->activity_ns < best->activity_ns)
			best = loop;
	}
	return (best);
}

void
session_destroy(struct session *s)
{
	struct client	*c;
	struct winlink	*wl;
	struct session	*home = session_next_home(s,
			     options_get_number(s->options, "detach-on-destroy"));
	/* A client with the no-detach-on-destroy flag goes to another
	 * session whatever the option says, while there is one. */
	struct session	*other = session_next_home(s, 0);

	log_debug("session $%u %s destroyed", s->id, s->name);
	hooks_notify_session("session-closed", s);
	server_status_changed();
	TAILQ_REMOVE(&srv->sessions, s, entry);
	session_group_remove(s);
	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session == s && !(c->flags & CLIENT_EXIT) &&
		    (home != NULL || ((c->flags & CLIENT_NODETACHDESTROY) &&
		    other != NULL))) {
			client_attach(c, home != NULL ? home : other);
			c->last_session = NULL;
			continue;
		}
		if (c->last_session == s)
			c->last_session = NULL;
		if (c->session == s) {
			c->session = NULL;
			c->flags &= ~CLIENT_ATTACHED;
			client_set_exit(c, 0, "[exited]");
		}
	}
	session_stack_clear(s);
	while ((wl = TAILQ_FIRST(&s->windows)) != NULL) {
		struct window	*w = wl->window;

		hooks_notify_session_window("window-unlinked", s, w);
		TAILQ_REMOVE(&s->windows, wl, entry);
		free(wl);
		if (--w->references == 0)
			window_destroy(w);
	}
	if (s->lock_timer != NULL)
		event_free(s->lock_timer);
	options_free(s->options);
	hooks_free(s->hooks);
	environ_free(s->environ);
	free(s->name);
	free(s->cwd);
	free(s);
	srv->dirty = 1;
}

struct session *
session_find(const char *name)
{
	struct session	*s;

	TAILQ_FOREACH(s, &srv->sessions, entry) {
		if (strcmp(s->name, name) == 0)
			return (s);
	}
	return (NULL);
}

struct session *
session_find_by_id(unsigned int id)
{
	struct session	*s;

	TAILQ_FOREACH(s, &srv->sessions, entry) {
		if (s->id == id)
			return (s);
	}
	return (NULL);
}

struct session *
session_most_recent(void)
{
	struct session	*s, *best = NULL;

	TAILQ_FOREACH(s, &srv->sessions, entry) {
		if (best == NULL || s->activity_ns > best->activity_ns ||
		    (s->activity_ns == best->activity_ns && s->id > best->id))
			best = s;
	}
	return (best);
}

struct winlink *
winlink_find_by_index(struct session *s, int idx)
{
	struct winlink	*wl;

	TAILQ_FOREACH(wl, &s->windows, entry) {
		if (wl->idx == idx)
			return (wl);
	}
	return (NULL);
}

struct winlink *
winlink_find_by_window(struct session *s, struct window *w)
{
	struct winlink	*wl;

	TAILQ_FOREACH(wl, &s->windows, entry) {
		if (wl->window == w)
			return (wl);
	}
	return (NULL);
}

struct winlink *
winlink_add(struct session *s, struct window *w, int idx)
{
	struct winlink	*wl, *at;

	if (idx < 0) {
		idx = options_get_number(s->options, "base-index");
		while (winlink_find_by_index(s, idx) != NULL)
			idx++;
	} else if (winlink_find_by_index(s, idx) != NULL)
		return (NULL);
	wl = xcalloc(1, sizeof *wl);
	wl->idx = idx;
	wl->window = w;
	wl->session = s;
	w->references++;
	TAILQ_FOREACH(at, &s->windows, entry) {
		if (at->idx > idx)
			break;
	}
	if (at != NULL)
		TAILQ_INSERT_BEFORE(at, wl, entry);
	else
		TAILQ_INSERT_TAIL(&s->windows, wl, entry);
	hooks_notify_winlink("window-linked", wl);
	session_group_sync_from(s);
	server_status_changed();
	return (wl);
}

void
winlink_remove(struct winlink *wl)
{
	struct session	*s = wl->session;
	struct window	*w = wl->window;
	struct client	*c;
	int		 current = (s->curw == wl);

	hooks_notify_session_window("window-unlinked", s, w);
	session_stack_remove(s, wl);
	if (s->curw == wl) {
		/* As tmux: the last window (it leaves the stack), else the
		 * previous one (the last index for the first). */
		s->curw = session_last_window(s);
		if (s->curw != NULL)
			session_stack_remove(s, s->curw);
		if (s->curw == NULL)
			s->curw = TAILQ_PREV(wl, winlinks, entry);
		if (s->curw == NULL)
			s->curw = TAILQ_LAST(&s->windows, winlinks);
		if (s->curw == NULL || s->curw == wl)
			s->curw = NULL;
	}
	TAILQ_REMOVE(&s->windows, wl, entry);
	free(wl);
	if (--w->references == 0)
		window_destroy(w);
	if (options_get_number(s->options, "renumber-windows")) {
		int	idx = options_get_number(s->options, "base-index");

		TAILQ_FOREACH(wl, &s->windows, entry)
			wl->idx = idx++;
	}
	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session == s)
			c->flags |= CLIENT_REDRAW;
	}
	if (TAILQ_EMPTY(&s->windows)) {
		session_destroy_group(s);
		server_status_changed();
		return;
	}
	if (current && s->curw != NULL)
		hooks_notify_session("session-window-changed", s);
	session_group_sync_from(s);
	server_status_changed();
}

void
window_kill(struct window *w)
{
	struct session	*s;
	struct winlink	*wl;

	/* A session may link the window more than once (link-window), and
	 * removing a session's last winlink ends it and its group, so look
	 * again from the start after each removal. The window is held until
	 * every link is gone. */
	w->references++;
	for (;;) {
		wl = NULL;
		TAILQ_FOREACH(s, &srv->sessions, entry) {
			if ((wl = winlink_find_by_window(s, w)) != NULL)
				break;
		}
		if (wl == NULL)
			break;
		winlink_remove(wl);
	}
	if (--w->references == 0)
		window_destroy(w);
}

void
winlink_swap(struct winlink *a, struct winlink *b)
{
	struct window	*w = a->window;
	struct client	*c;

	a->window = b->window;
	b->window = w;
	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session == a->session || c->session == b->session)
			c->flags |= CLIENT_REDRAW;
	}
	session_group_sync_from(a->session);
	if (b->session != a->session)
		session_group_sync_from(b->session);
	client_update_sizes();
	server_status_changed();
}

void
session_renumber_windows(struct session *s)
{
	struct winlink	*wl;
	int		 idx = options_get_number(s->options, "base-index");

	TAILQ_FOREACH(wl, &s->windows, entry)
		wl->idx = idx++;
	session_group_sync_from(s);
	server_status_changed();
}

void
winlink_move(struct winlink *wl, int idx)
{
	struct session	*s = wl->session;
	struct winlink	*at;

	TAILQ_REMOVE(&s->windows, wl, entry);
	wl->idx = idx;
	TAILQ_FOREACH(at, &s->windows, entry) {
		if (at->idx > idx)
			break;
	}
	if (at != NULL)
		TAILQ_INSERT_BEFORE(at, wl, entry);
	else
		TAILQ_INSERT_TAIL(&s->windows, wl, entry);
	session_group_sync_from(s);
	server_status_changed();
}

void
session_shift_windows(struct session *s, int idx)
{
	struct winlink	*wl;
	int		 expect = idx;

	/* Only the run of taken indexes from idx moves, as in tmux. */
	TAILQ_FOREACH(wl, &s->windows, entry) {
		if (wl->idx < idx)
			continue;
		if (wl->idx != expect)
			break;
		expect++;
	}
	TAILQ_FOREACH_REVERSE(wl, &s->windows, winlinks, entry) {
		if (wl->idx >= idx && wl->idx < expect)
			wl->idx++;
	}
	session_group_sync_from(s);
	server_status_changed();
}

unsigned int
session_window_count(const struct session *s)
{
	const struct winlink	*wl;
	unsigned int		 n = 0;

	TAILQ_FOREACH(wl, &s->windows, entry)
		n++;
	return (n);
}

/* Session groups. */

struct session_group *
session_group_find(const char *name)
{
	struct session_group	*sg;

	TAILQ_FOREACH(sg, &srv->session_groups, entry) {
		if (strcmp(sg->name, name) == 0)
			return (sg);
	}
	return (NULL);
}

struct session_group *
session_group_new(const char *name)
{
	struct session_group	*sg;

	if ((sg = session_group_find(name)) != NULL)
		return (sg);
	sg = xcalloc(1, sizeof *sg);
	sg->name = xstrdup(name);
	TAILQ_INIT(&sg->sessions);
	if (srv->session_groups.tqh_last == NULL)
		TAILQ_INIT(&srv->session_groups);
	TAILQ_INSERT_TAIL(&srv->session_groups, sg, entry);
	return (sg);
}

/* Take s out of its group; the group goes with its last session (as in
 * tmux, a group of one stays a group). */
static void
session_group_remove(struct session *s)
{
	struct session_group	*sg = s->group;

	if (sg == NULL)
		return;
	TAILQ_REMOVE(&sg->sessions, s, gentry);
	s->group = NULL;
	if (TAILQ_EMPTY(&sg->sessions)) {
		TAILQ_REMOVE(&srv->session_groups, sg, entry);
		free(sg->name);
		free(sg);
	}
}

unsigned int
session_group_count(const struct session_group *sg)
{
	const struct session	*s;
	unsigned int		 n = 0;

	TAILQ_FOREACH(s, &sg->sessions, gentry)
		n++;
	return (n);
}

unsigned int
session_group_attached_count(const struct session_group *sg)
{
	const struct session	*s;
	unsigned int		 n = 0;

	TAILQ_FOREACH(s, &sg->sessions, gentry)
		n += s->attached;
	return (n);
}

char *
session_group_next_name(const char *prefix)
{
	char	*clean = xstrdup(prefix), *cp, *name;

	for (cp = clean; *cp != '\0'; cp++) {
		if (*cp == ':' || *cp == '.')
			*cp = '_';
	}
	/* As tmux: the id the session will get, skipping ids whose name is
	 * taken (they are used up). */
	for (;;) {
		if (*clean == '\0')
			name = xasprintf("%u", srv->next_session_id);
		else
			name = xasprintf("%s-%u", clean, srv->next_session_id);
		if (session_find(name) == NULL)
			break;
		free(name);
		srv->next_session_id++;
	}
	free(clean);
	return (name);
}

/* The index s moves to when its current window's index is not in
 * target's list: its last window's, else the one before, else the
 * first. */
static int
session_group_new_current(struct session *s, struct session *target)
{
	struct winlink	*wl;
	struct winlink	*last = session_last_window(s);

	if (last != NULL && winlink_find_by_index(target, last->idx) != NULL)
		return (last->idx);
	TAILQ_FOREACH_REVERSE(wl, &target->windows, winlinks, entry) {
		if (wl->idx < s->curw->idx)
			return (wl->idx);
	}
	return (TAILQ_FIRST(&target->windows)->idx);
}

/* Give s the windows of target at the same indexes (see the top of the
 * file). */
static void
session_group_sync1(struct session *target, struct session *s)
{
	struct winlink	*twl, *wl, *next, *at;
	struct window	**old = NULL;
	struct client	*c;
	unsigned int	 nold = 0, i;
	int		*stack = NULL, cur = -1, was;
	unsigned int	 nstack = 0;

	/* An empty target is about to be destroyed, with its group. */
	if (TAILQ_EMPTY(&target->windows))
		return;

	if (s->curw == NULL)
		cur = target->curw != NULL ? target->curw->idx :
		    TAILQ_FIRST(&target->windows)->idx;
	else if (winlink_find_by_index(target, s->curw->idx) == NULL)
		cur = session_group_new_current(s, target);
	else
		cur = s->curw->idx;
	/* The stack is kept by index, as tmux keeps it. */
	TAILQ_FOREACH(wl, &s->lastw, sentry) {
		stack = xreallocarray(stack, nstack + 1, sizeof *stack);
		stack[nstack++] = wl->idx;
	}
	session_stack_clear(s);
	was = s->curw != NULL ? s->curw->idx : -1;

	/* Hold every window s shows now, to announce those it loses. */
	TAILQ_FOREACH(wl, &s->windows, entry) {
		old = xreallocarray(old, nold + 1, sizeof *old);
		old[nold++] = wl->window;
		wl->window->references++;
	}

	/* Indexes the target lacks go; the others take its windows. */
	TAILQ_FOREACH_SAFE(wl, &s->windows, entry, next) {
		if ((twl = winlink_find_by_index(target, wl->idx)) == NULL) {
			TAILQ_REMOVE(&s->windows, wl, entry);
			wl->window->references--;
			free(wl);
		} else if (twl->window != wl->window) {
			wl->window->references--;
			wl->window = twl->window;
			wl->window->references++;
			wl->flags = twl->flags & WINLINK_ALERTS;
		}
	}
	at = TAILQ_FIRST(&s->windows);
	TAILQ_FOREACH(twl, &target->windows, entry) {
		if (at != NULL && at->idx == twl->idx) {
			at = TAILQ_NEXT(at, entry);
		} else {
			wl = xcalloc(1, sizeof *wl);
			wl->idx = twl->idx;
			wl->window = twl->window;
			wl->session = s;
			wl->flags = twl->flags & WINLINK_ALERTS;
			wl->window->references++;
			if (at != NULL)
				TAILQ_INSERT_BEFORE(at, wl, entry);
			else
				TAILQ_INSERT_TAIL(&s->windows, wl, entry);
		}
		hooks_notify_session_window("window-linked", s, twl->window);
	}

	s->curw = winlink_find_by_index(s, cur);
	for (i = 0; i < nstack; i++) {
		wl = winlink_find_by_index(s, stack[i]);
		if (wl != NULL && wl != s->curw && !wl->stacked) {
			wl->stacked = 1;
			TAILQ_INSERT_TAIL(&s->lastw, wl, sentry);
		}
	}
	free(stack);

	for (i = 0; i < nold; i++) {
		if (winlink_find_by_window(s, old[i]) == NULL)
			hooks_notify_session_window("window-unlinked", s,
			    old[i]);
		if (--old[i]->references == 0)
			window_destroy(old[i]);
	}
	free(old);

	if (was != -1 && s->curw != NULL && cur != was)
		hooks_notify_session("session-window-changed", s);
	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session == s)
			c->flags |= CLIENT_REDRAW;
	}
}

void
session_group_sync_from(struct session *target)
{
	struct session	*s;

	if (target->group == NULL)
		return;
	TAILQ_FOREACH(s, &target->group->sessions, gentry) {
		if (s != target)
			session_group_sync1(target, s);
	}
	client_update_sizes();
	server_status_changed();
}

void
session_group_add(struct session_group *sg, struct session *s)
{
	struct session	*target;

	if (s->group != NULL)
		return;
	s->group = sg;
	TAILQ_INSERT_TAIL(&sg->sessions, s, gentry);
	TAILQ_FOREACH(target, &sg->sessions, gentry) {
		if (target != s)
			break;
	}
	if (target != NULL)
		session_group_sync1(target, s);
}

struct session *
session_create_grouped(struct session *with, const char *name,
    const char *cwd, char **env, char *const *vars, int nvars)
{
	struct session_group	*sg;
	struct session		*s;
	char			*copy = NULL;

	if ((sg = with->group) == NULL) {
		sg = session_group_new(with->name);
		session_group_add(sg, with);
	}
	if (name == NULL)
		name = copy = session_group_next_name(sg->name);
	s = session_alloc(name, cwd, env, vars, nvars);
	free(copy);
	session_group_add(sg, s);
	/* As tmux: a new grouped session starts at its first window. */
	s->curw = TAILQ_FIRST(&s->windows);
	session_stack_clear(s);
	log_debug("session $%u %s created in group %s", s->id, s->name,
	    sg->name);
	hooks_notify_session("session-created", s);
	client_update_sizes();
	server_status_changed();
	return (s);
}

int
session_is_linked(struct session *s, struct window *w)
{
	if (s->group != NULL)
		return (w->references != session_group_count(s->group));
	return (w->references != 1);
}

void
session_destroy_group(struct session *s)
{
	struct session_group	*sg = s->group;
	struct session		*loop;

	if (sg == NULL) {
		session_destroy(s);
		return;
	}
	/* The group goes with its last session. */
	while ((loop = TAILQ_FIRST(&sg->sessions)) != NULL) {
		if (TAILQ_NEXT(loop, gentry) == NULL) {
			session_destroy(loop);
			break;
		}
		session_destroy(loop);
	}
}

unsigned int
session_status_lines(const struct session *s)
{
	if (s == NULL)
		return (0);
	/* The choice's index: off 0, on 1, then "2" to "5". */
	return (options_get_number_h(s->options, &oh_status));
}
