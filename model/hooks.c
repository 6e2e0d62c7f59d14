/*
 * Hook tables and the queue of hook events (see hooks.h).
 *
 * A table is a short array of the hooks present at its level, in
 * definition order; each hook is an array of members sorted by index.
 * Tables are small (a few hooks at most below the global level), so plain
 * arrays searched in order are the right tool.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event2/event.h>

#include "common/log.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "model/control.h"
#include "model/hooks.h"
#include "model/options.h"
#include "model/state.h"
#include "model/session.h"
#include "model/window.h"

/* tmux 3.3a's hooks, in its order. */
static const struct hook_def hook_defs[] = {
	{ "after-bind-key", HOOK_SESSION },
	{ "after-capture-pane", HOOK_SESSION },
	{ "after-copy-mode", HOOK_SESSION },
	{ "after-display-message", HOOK_SESSION },
	{ "after-display-panes", HOOK_SESSION },
	{ "after-kill-pane", HOOK_SESSION },
	{ "after-list-buffers", HOOK_SESSION },
	{ "after-list-clients", HOOK_SESSION },
	{ "after-list-keys", HOOK_SESSION },
	{ "after-list-panes", HOOK_SESSION },
	{ "after-list-sessions", HOOK_SESSION },
	{ "after-list-windows", HOOK_SESSION },
	{ "after-load-buffer", HOOK_SESSION },
	{ "after-lock-server", HOOK_SESSION },
	{ "after-new-session", HOOK_SESSION },
	{ "after-new-window", HOOK_SESSION },
	{ "after-paste-buffer", HOOK_SESSION },
	{ "after-pipe-pane", HOOK_SESSION },
	{ "after-queue", HOOK_SESSION },
	{ "after-refresh-client", HOOK_SESSION },
	{ "after-rename-session", HOOK_SESSION },
	{ "after-rename-window", HOOK_SESSION },
	{ "after-resize-pane", HOOK_SESSION },
	{ "after-resize-window", HOOK_SESSION },
	{ "after-save-buffer", HOOK_SESSION },
	{ "after-select-layout", HOOK_SESSION },
	{ "after-select-pane", HOOK_SESSION },
	{ "after-select-window", HOOK_SESSION },
	{ "after-send-keys", HOOK_SESSION },
	{ "after-set-buffer", HOOK_SESSION },
	{ "after-set-environment", HOOK_SESSION },
	{ "after-set-hook", HOOK_SESSION },
	{ "after-set-option", HOOK_SESSION },
	{ "after-show-environment", HOOK_SESSION },
	{ "after-show-messages", HOOK_SESSION },
	{ "after-show-options", HOOK_SESSION },
	{ "after-split-window", HOOK_SESSION },
	{ "after-unbind-key", HOOK_SESSION },
	{ "alert-activity", HOOK_SESSION },
	{ "alert-bell", HOOK_SESSION },
	{ "alert-silence", HOOK_SESSION },
	{ "client-active", HOOK_SESSION },
	{ "client-attached", HOOK_SESSION },
	{ "client-detached", HOOK_SESSION },
	{ "client-focus-in", HOOK_SESSION },
	{ "client-focus-out", HOOK_SESSION },
	{ "client-resized", HOOK_SESSION },
	{ "client-session-changed", HOOK_SESSION },
	{ "pane-died", HOOK_WINDOW },
	{ "pane-exited", HOOK_WINDOW },
	{ "pane-focus-in", HOOK_WINDOW },
	{ "pane-focus-out", HOOK_WINDOW },
	{ "pane-mode-changed", HOOK_WINDOW },
	{ "pane-set-clipboard", HOOK_WINDOW },
	{ "pane-title-changed", HOOK_WINDOW },
	{ "session-closed", HOOK_SESSION },
	{ "session-created", HOOK_SESSION },
	{ "session-renamed", HOOK_SESSION },
	{ "session-window-changed", HOOK_SESSION },
	{ "window-layout-changed", HOOK_WINDOW },
	{ "window-linked", HOOK_SESSION },
	{ "window-pane-changed", HOOK_WINDOW },
	{ "window-renamed", HOOK_WINDOW },
	{ "window-resized", HOOK_WINDOW },
	{ "window-unlinked", HOOK_SESSION },
};
#define HOOK_NDEFS (sizeof hook_defs / sizeof hook_defs[0])

const struct hook_def *
hooks_def_at(unsigned int i)
{
	return (i < HOOK_NDEFS ? &hook_defs[i] : NULL);
}

const struct hook_def *
hooks_def_find(const char *name)
{
	unsigned int	i;

	for (i = 0; i < HOOK_NDEFS; i++) {
		if (strcmp(hook_defs[i].name, name) == 0)
			return (&hook_defs[i]);
	}
	return (NULL);
}

/* Split "name[N]" into the name (heap) and N; NULL when the index is
 * not a number in range or the brackets are wrong. */
static char *
hooks_parse_index(const char *arg, int *idx)
{
	const char	*open = strchr(arg, '[');
	char		*end;
	long		 n;

	*idx = -1;
	if (open == NULL)
		return (xstrdup(arg));
	if (open[1] < '0' || open[1] > '9')
		return (NULL);
	n = strtol(open + 1, &end, 10);
	if (*end != ']' || end[1] != '\0' || n < 0 || n > 0x7fffffff)
		return (NULL);
	*idx = (int)n;
	return (xstrndup(arg, open - arg));
}

/* tmux matches a hook's name among all its options (hooks are options
 * there): an option name that a prefix also fits makes it ambiguous. */
const struct hook_def *
hooks_match(const char *arg, int *idx, char **cause)
{
	const struct hook_def	*found = NULL, *exact;
	const struct option_def	*od;
	char			*name;
	size_t			 len;
	unsigned int		 i, n = 0;

	if ((name = hooks_parse_index(arg, idx)) == NULL) {
		*cause = xasprintf("invalid option: %s", arg);
		return (NULL);
	}
	len = strlen(name);
	if ((exact = hooks_def_find(name)) != NULL) {
		free(name);
		return (exact);
	}
	*cause = NULL;
	if (*name == '@') {
		free(name);
		return (NULL);	/* a user option */
	}
	for (i = 0; (od = options_def_at(i)) != NULL; i++) {
		if (strcmp(od->name, name) == 0) {
			free(name);
			return (NULL);	/* an option */
		}
	}
	for (i = 0; len != 0 && i < HOOK_NDEFS; i++) {
		if (strncmp(hook_defs[i].name, name, len) == 0) {
			found = &hook_defs[i];
			n++;
		}
	}
	for (i = 0; len != 0 && (od = options_def_at(i)) != NULL; i++) {
		if (strncmp(od->name, name, len) == 0)
			n++;
	}
	if (n > 1)
		*cause = xasprintf("ambiguous option: %s", arg);
	else if (n == 0)
		*cause = xasprintf("invalid option: %s", arg);
	free(name);
	return (n == 1 ? found : NULL);	/* n == 1, not found: an option */
}

/* A table with every hook of a scope, empty. */
static struct hooks *
hooks_create_global(enum hook_scope scope)
{
	struct hooks	*hs = xcalloc(1, sizeof *hs);
	unsigned int	 i;

	hs->global = 1;
	for (i = 0; i < HOOK_NDEFS; i++) {
		if (hook_defs[i].scope == scope)
			hooks_add(hs, &hook_defs[i]);
	}
	return (hs);
}

struct hooks *
hooks_global(enum hook_scope scope)
{
	struct hooks	**where;

	where = scope == HOOK_SESSION ? &srv->session_hooks :
	    &srv->window_hooks;
	if (*where == NULL)
		*where = hooks_create_global(scope);
	return (*where);
}

struct hooks *
hooks_table(struct hooks **where)
{
	if (*where == NULL)
		*where = xcalloc(1, sizeof **where);
	return (*where);
}

void
hooks_free(struct hooks *hs)
{
	unsigned int	i;

	if (hs == NULL)
		return;
	for (i = 0; i < hs->n; i++) {
		hook_clear(&hs->list[i]);
		free(hs->list[i].cmds);
	}
	if (!hs->global)
		srv->hooks_local -= hs->n;
	free(hs->list);
	free(hs);
}

void
hooks_free_all(void)
{
	struct hook_event	*ev;

	hooks_free(srv->session_hooks);
	srv->session_hooks = NULL;
	hooks_free(srv->window_hooks);
	srv->window_hooks = NULL;
	while ((ev = hooks_next_event()) != NULL)
		hooks_event_free(ev);
}

struct hook *
hooks_get_only(struct hooks *hs, const struct hook_def *def)
{
	unsigned int	i;

	for (i = 0; hs != NULL && i < hs->n; i++) {
		if (hs->list[i].def == def)
			return (&hs->list[i]);
	}
	return (NULL);
}

struct hook *
hooks_add(struct hooks *hs, const struct hook_def *def)
{
	struct hook	*h;
	unsigned int	 i;

	if ((h = hooks_get_only(hs, def)) != NULL)
		return (h);
	/* Keep definition order: the table is listed in it. */
	for (i = 0; i < hs->n && hs->list[i].def < def; i++)
		;
	hs->list = xreallocarray(hs->list, hs->n + 1, sizeof *hs->list);
	memmove(&hs->list[i + 1], &hs->list[i],
	    (hs->n - i) * sizeof *hs->list);
	hs->n++;
	h = &hs->list[i];
	memset(h, 0, sizeof *h);
	h->def = def;
	if (!hs->global)
		srv->hooks_local++;
	return (h);
}

void
hooks_remove(struct hooks *hs, const struct hook_def *def)
{
	struct hook	*h;
	unsigned int	 i;

	if ((h = hooks_get_only(hs, def)) == NULL)
		return;
	hook_clear(h);
	free(h->cmds);
	i = h - hs->list;
	memmove(&hs->list[i], &hs->list[i + 1],
	    (hs->n - i - 1) * sizeof *hs->list);
	hs->n--;
	if (!hs->global)
		srv->hooks_local--;
}

const struct hook *
hooks_lookup(const struct hook_def *def, struct session *s, struct window *w,
    struct pane *p)
{
	struct hook	*h;

	if (def->scope == HOOK_SESSION) {
		if (s != NULL && (h = hooks_get_only(s->hooks, def)) != NULL)
			return (h);
		return (hooks_get_only(hooks_global(HOOK_SESSION), def));
	}
	if (p != NULL && (h = hooks_get_only(p->hooks, def)) != NULL)
		return (h);
	if (w == NULL && p != NULL)
		w = p->window;
	if (w != NULL && (h = hooks_get_only(w->hooks, def)) != NULL)
		return (h);
	return (hooks_get_only(hooks_global(HOOK_WINDOW), def));
}

/* The member with index idx, or where it would go. */
static unsigned int
hook_find(const struct hook *h, unsigned int idx)
{
	unsigned int	i;

	for (i = 0; i < h->n && h->cmds[i].idx < idx; i++)
		;
	return (i);
}

void
hook_set(struct hook *h, unsigned int idx, const char *text)
{
	unsigned int	i = hook_find(h, idx);

	if (i < h->n && h->cmds[i].idx == idx) {
		free(h->cmds[i].text);
		h->cmds[i].text = xstrdup(text);
		return;
	}
	h->cmds = xreallocarray(h->cmds, h->n + 1, sizeof *h->cmds);
	memmove(&h->cmds[i + 1], &h->cmds[i], (h->n - i) * sizeof *h->cmds);
	h->n++;
	h->cmds[i].idx = idx;
	h->cmds[i].text = xstrdup(text);
}

void
hook_unset(struct hook *h, unsigned int idx)
{
	unsigned int	i = hook_find(h, idx);

	if (i == h->n || h->cmds[i].idx != idx)
		return;
	free(h->cmds[i].text);
	memmove(&h->cmds[i], &h->cmds[i + 1],
	    (h->n - i - 1) * sizeof *h->cmds);
	h->n--;
}

void
hook_clear(struct hook *h)
{
	unsigned int	i;

	for (i = 0; i < h->n; i++)
		free(h->cmds[i].text);
	h->n = 0;
}

unsigned int
hook_next_index(const struct hook *h)
{
	unsigned int	i;

	/* The first index not in use, as tmux appends. */
	for (i = 0; i < h->n && h->cmds[i].idx == i; i++)
		;
	return (i);
}

const char *
hook_get(const struct hook *h, unsigned int idx)
{
	unsigned int	i = hook_find(h, idx);

	if (i < h->n && h->cmds[i].idx == idx)
		return (h->cmds[i].text);
	return (NULL);
}

void
hook_vars_add(struct hook_vars *hv, const char *name, const char *fmt, ...)
{
	va_list		 ap;
	unsigned int	 i;
	char		*value;

	va_start(ap, fmt);
	value = xvasprintf(fmt, ap);
	va_end(ap);
	for (i = 0; i < hv->n; i++) {
		if (strcmp(hv->names[i], name) == 0) {
			free(hv->values[i]);
			hv->values[i] = value;
			return;
		}
	}
	hv->names = xreallocarray(hv->names, hv->n + 1, sizeof *hv->names);
	hv->values = xreallocarray(hv->values, hv->n + 1, sizeof *hv->values);
	hv->names[hv->n] = xstrdup(name);
	hv->values[hv->n] = value;
	hv->n++;
}

const char *
hook_vars_get(const struct hook_vars *hv, const char *name)
{
	unsigned int	i;

	for (i = 0; hv != NULL && i < hv->n; i++) {
		if (strcmp(hv->names[i], name) == 0)
			return (hv->values[i]);
	}
	return (NULL);
}

void
hook_vars_copy(struct hook_vars *to, const struct hook_vars *from)
{
	unsigned int	i;

	for (i = 0; from != NULL && i < from->n; i++)
		hook_vars_add(to, from->names[i], "%s", from->values[i]);
}

void
hook_vars_free(struct hook_vars *hv)
{
	unsigned int	i;

	for (i = 0; i < hv->n; i++) {
		free(hv->names[i]);
		free(hv->values[i]);
	}
	free(hv->names);
	free(hv->values);
	memset(hv, 0, sizeof *hv);
}

char *
hooks_format_variable(const char *name)
{
	const char	*v;

	if (strncmp(name, "hook", 4) != 0)
		return (NULL);
	if ((v = hook_vars_get(srv->hook_vars, name)) == NULL)
		return (NULL);
	return (xstrdup(v));
}

/* Queue an event; the ids say where it happened. */
static struct hook_event *
hooks_notify(const char *name, struct client *c, struct session *s,
    struct window *w, struct pane *p)
{
	const struct hook_def	*def;
	struct hook_event	*ev;
	char			*cname;

	/* Control clients hear of it even inside a hook. */
	control_notify_hook(name, c, s, w, p);
	if (srv->hooks_blocked)
		return (NULL);
	if ((def = hooks_def_find(name)) == NULL)
		fatalx("hooks_notify: no hook %s", name);
	/* Nothing to run anywhere: queue nothing (events can be many). */
	if (srv->hooks_local == 0 &&
	    hooks_get_only(hooks_global(def->scope), def)->n == 0)
		return (NULL);
	if (srv->hook_nevents >= HOOK_EVENTS_MAX) {
		log_debug("hook event %s dropped: %u queued", name,
		    srv->hook_nevents);
		return (NULL);
	}
	if (srv->hook_events.tqh_last == NULL)
		TAILQ_INIT(&srv->hook_events);
	ev = xcalloc(1, sizeof *ev);
	ev->def = def;
	hook_vars_add(&ev->vars, "hook", "%s", name);
	if (c != NULL) {
		cname = client_name(c);
		hook_vars_add(&ev->vars, "hook_client", "%s", cname);
		free(cname);
		ev->client = c->id + 1;
	}
	if (s != NULL) {
		hook_vars_add(&ev->vars, "hook_session", "$%u", s->id);
		hook_vars_add(&ev->vars, "hook_session_name", "%s", s->name);
		ev->session = s->id + 1;
	}
	if (w != NULL) {
		hook_vars_add(&ev->vars, "hook_window", "@%u", w->id);
		hook_vars_add(&ev->vars, "hook_window_name", "%s", w->name);
		ev->window = w->id + 1;
	}
	if (p != NULL) {
		hook_vars_add(&ev->vars, "hook_pane", "%%%u", p->id);
		ev->pane = p->id + 1;
	}
	TAILQ_INSERT_TAIL(&srv->hook_events, ev, entry);
	srv->hook_nevents++;
	srv->dirty = 1;
	if (srv->wake != NULL)
		event_active(srv->wake, EV_TIMEOUT, 1);
	return (ev);
}

void
hooks_notify_session(const char *name, struct session *s)
{
	hooks_notify(name, NULL, s, NULL, NULL);
}

void
hooks_notify_winlink(const char *name, struct winlink *wl)
{
	hooks_notify(name, NULL, wl->session, wl->window, NULL);
}

void
hooks_notify_session_window(const char *name, struct session *s,
    struct window *w)
{
	hooks_notify(name, NULL, s, w, NULL);
}

void
hooks_notify_window(const char *name, struct window *w)
{
	hooks_notify(name, NULL, NULL, w, NULL);
}

void
hooks_notify_pane(const char *name, struct pane *p)
{
	hooks_notify(name, NULL, NULL, NULL, p);
}

void
hooks_notify_client(const char *name, struct client *c)
{
	struct hook_event	*ev;

	/* The hook runs for the client's session (no #{hook_session}). */
	ev = hooks_notify(name, c, NULL, NULL, NULL);
	if (ev != NULL && c->session != NULL)
		ev->session = c->session->id + 1;
}

void
hooks_client_active(struct client *c)
{
	struct window	*w;

	if (c->session == NULL || c->session->curw == NULL)
		return;
	w = c->session->curw->window;
	if (w->latest == c->id + 1)
		return;
	w->latest = c->id + 1;
	hooks_notify_client("client-active", c);
}

/* Does the alert's action option (any, none, current, other) let an
 * alert in wl through? */
static int
hooks_alert_applies(struct winlink *wl, const char *option)
{
	char	*action;
	int	 yes;

	action = options_to_string(wl->session->options, option);
	if (strcmp(action, "any") == 0)
		yes = 1;
	else if (strcmp(action, "current") == 0)
		yes = (wl == wl->session->curw);
	else if (strcmp(action, "other") == 0)
		yes = (wl != wl->session->curw);
	else
		yes = 0;
	free(action);
	return (yes);
}

void
hooks_notify_alert(const char *name, struct window *w)
{
	struct session	*s;
	struct winlink	*wl;
	const char	*option;

	if (strcmp(name, "alert-bell") == 0)
		option = "bell-action";
	else if (strcmp(name, "alert-activity") == 0)
		option = "activity-action";
	else
		option = "silence-action";
	TAILQ_FOREACH(s, &srv->sessions, entry) {
		if ((wl = winlink_find_by_window(s, w)) == NULL)
			continue;
		if (hooks_alert_applies(wl, option))
			hooks_notify_winlink(name, wl);
	}
}

/* Is w the current window of a session an attached client shows? */
static int
hooks_window_shown(struct window *w)
{
	struct client	*c;

	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session != NULL && c->session->curw != NULL &&
		    c->session->curw->window == w)
			return (1);
	}
	return (0);
}

void
hooks_focus_moved(struct pane *old, struct pane *new, struct session *s)
{
	int	shown;

	if (old == new || !options_get_number(srv->options, "focus-events"))
		return;
	if (s != NULL)
		shown = (s->attached != 0);
	else
		shown = hooks_window_shown(old != NULL ? old->window :
		    new->window);
	if (!shown)
		return;
	if (old != NULL)
		hooks_notify_pane("pane-focus-out", old);
	if (new != NULL)
		hooks_notify_pane("pane-focus-in", new);
}

struct hook_event *
hooks_next_event(void)
{
	struct hook_event	*ev;

	if (srv->hook_events.tqh_last == NULL ||
	    (ev = TAILQ_FIRST(&srv->hook_events)) == NULL)
		return (NULL);
	TAILQ_REMOVE(&srv->hook_events, ev, entry);
	srv->hook_nevents--;
	return (ev);
}

void
hooks_event_free(struct hook_event *ev)
{
	hook_vars_free(&ev->vars);
	free(ev);
}
