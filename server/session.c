/*
 * Sessions and winlinks. A session owns its winlinks; windows are shared
 * and reference counted by the winlinks that point at them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/log.h"
#include "common/xmalloc.h"
#include "grid/vt.h"
#include "server/client.h"
#include "server/environ.h"
#include "server/options.h"
#include "server/server.h"
#include "server/hooks.h"
#include "server/session.h"
#include "server/window.h"

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

struct session *
session_create(const char *name, int argc, char **argv, const char *cwd,
    char **env, char *const *vars, int nvars, unsigned int sx,
    unsigned int sy, char **cause)
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
	TAILQ_INSERT_TAIL(&srv->sessions, s, entry);

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
	s->lastw = s->curw;
	s->curw = wl;
	/* (As tmux: choosing a window is no session activity; attaching,
	 * switching to it and typing in it are.) */
	wl->window->flags &= ~(WINDOW_BELL|WINDOW_ACTIVITY|WINDOW_SILENCE);
	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session == s)
			c->flags |= CLIENT_REDRAW;
	}
	hooks_notify_session("session-window-changed", s);
	client_update_sizes();
	server_status_changed();
}

/* Where detach-on-destroy sends the clients of s: off, the most recently
 * active other session; no-detached, the most recently active session no
 * client is attached to; on (or none such), nowhere. */
static struct session *
session_next_home(struct session *s)
{
	struct session	*loop, *best = NULL;
	long long	 how = options_get_number(s->options,
			     "detach-on-destroy");

	if (how == 1)
		return (NULL);
	TAILQ_FOREACH(loop, &srv->sessions, entry) {
		if (loop == s || (how == 2 && loop->attached != 0))
			continue;
		if (best == NULL || loop->activity_ns > best->activity_ns)
			best = loop;
	}
	return (best);
}

void
session_destroy(struct session *s)
{
	struct client	*c;
	struct winlink	*wl;
	struct session	*home = session_next_home(s);

	log_debug("session $%u %s destroyed", s->id, s->name);
	hooks_notify_session("session-closed", s);
	server_status_changed();
	TAILQ_REMOVE(&srv->sessions, s, entry);
	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session == s && home != NULL &&
		    !(c->flags & CLIENT_EXIT)) {
			client_attach(c, home);
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
	while ((wl = TAILQ_FIRST(&s->windows)) != NULL) {
		struct window	*w = wl->window;

		hooks_notify_session_window("window-unlinked", s, w);
		TAILQ_REMOVE(&s->windows, wl, entry);
		free(wl);
		if (--w->references == 0)
			window_destroy(w);
	}
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
	if (s->lastw == wl)
		s->lastw = NULL;
	if (s->curw == wl) {
		/* As tmux: the last window, else the previous one (the
		 * last index for the first). */
		s->curw = s->lastw;
		if (s->curw == NULL)
			s->curw = TAILQ_PREV(wl, winlinks, entry);
		if (s->curw == NULL)
			s->curw = TAILQ_LAST(&s->windows, winlinks);
		if (s->curw == NULL || s->curw == wl)
			s->curw = NULL;
		s->lastw = NULL;
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
	if (TAILQ_EMPTY(&s->windows))
		session_destroy(s);
	else if (current && s->curw != NULL)
		hooks_notify_session("session-window-changed", s);
	server_status_changed();
}

void
window_kill(struct window *w)
{
	struct session	*s, *next;
	struct winlink	*wl;

	int		 last;

	/* A session may link the window more than once (link-window);
	 * removing its last winlink ends the session, which is then not
	 * looked at again. The window is held until every link is gone. */
	w->references++;
	TAILQ_FOREACH_SAFE(s, &srv->sessions, entry, next) {
		while ((wl = winlink_find_by_window(s, w)) != NULL) {
			last = TAILQ_NEXT(TAILQ_FIRST(&s->windows), entry) ==
			    NULL;
			winlink_remove(wl);
			if (last)
				break;
		}
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
