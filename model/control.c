/*
 * control: queue what control-mode clients are owed and keep what they
 * asked for (see control.h). Nothing here writes; server/server_control.c
 * does at the loop's flush.
 */
#include <stdlib.h>
#include <string.h>

#include <event2/event.h>

#include "common/log.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "model/control.h"
#include "model/state.h"
#include "model/session.h"
#include "model/window.h"

/* Add one event to c's queue. */
static void
control_add(struct client *c, enum control_kind kind, struct client *about,
    struct session *s, struct window *w, struct pane *p, const char *name)
{
	struct control_state	*cs = c->control;
	struct control_event	*ev, *last;

	if (cs->behind)
		return;
	if (cs->nevents >= CONTROL_EVENTS_MAX) {
		log_debug("control client %u: too many events", c->id);
		cs->behind = 1;
		srv->dirty = 1;
		return;
	}
	ev = xcalloc(1, sizeof *ev);
	ev->kind = kind;
	ev->session = s != NULL ? s->id + 1 : 0;
	ev->window = w != NULL ? w->id + 1 : 0;
	ev->pane = p != NULL ? p->id + 1 : 0;
	ev->client = about != NULL ? about->id + 1 : 0;
	ev->name = name != NULL ? xstrdup(name) : NULL;
	/* Two events mux raises in the other order from tmux's: a split
	 * changes the layout before the active pane, and a new window is
	 * linked before it becomes the current one; tmux tells of the
	 * active pane and of the current window first. */
	last = TAILQ_LAST(&cs->events, control_events);
	if (last != NULL && ((kind == CONTROL_WINDOW_PANE_CHANGED &&
	    last->kind == CONTROL_LAYOUT_CHANGED &&
	    last->window == ev->window) ||
	    (kind == CONTROL_SESSION_WINDOW_CHANGED &&
	    last->kind == CONTROL_WINDOW_LINKED &&
	    last->session == ev->session)))
		TAILQ_INSERT_BEFORE(last, ev, entry);
	else
		TAILQ_INSERT_TAIL(&cs->events, ev, entry);
	cs->nevents++;
	srv->dirty = 1;
}

void
control_notify(enum control_kind kind, struct client *about,
    struct session *s, struct window *w, struct pane *p, const char *name)
{
	struct client	*c;
	char		*cname = NULL;

	if (about != NULL && name == NULL)
		name = cname = client_name(about);
	TAILQ_FOREACH(c, &srv->clients, entry) {
		/* A client on its way out still hears of what happened
		 * before its %exit (kill-session: %sessions-changed). */
		if (c->control == NULL ||
		    (c->flags & (CLIENT_DEAD|CLIENT_EXIT_SENT)))
			continue;
		control_add(c, kind, about, s, w, p, name);
	}
	free(cname);
}

/* Hook names that are control notifications too. */
static const struct {
	const char		*hook;
	enum control_kind	 kind;
} control_hooks[] = {
	{ "window-linked", CONTROL_WINDOW_LINKED },
	{ "window-unlinked", CONTROL_WINDOW_UNLINKED },
	{ "window-renamed", CONTROL_WINDOW_RENAMED },
	{ "window-pane-changed", CONTROL_WINDOW_PANE_CHANGED },
	{ "window-layout-changed", CONTROL_LAYOUT_CHANGED },
	{ "client-session-changed", CONTROL_SESSION_CHANGED },
	{ "client-detached", CONTROL_CLIENT_DETACHED },
	{ "session-renamed", CONTROL_SESSION_RENAMED },
	{ "session-created", CONTROL_SESSIONS_CHANGED },
	{ "session-closed", CONTROL_SESSIONS_CHANGED },
	{ "session-window-changed", CONTROL_SESSION_WINDOW_CHANGED },
	{ "pane-mode-changed", CONTROL_PANE_MODE_CHANGED },
};

void
control_notify_hook(const char *name, struct client *c, struct session *s,
    struct window *w, struct pane *p)
{
	size_t	i;

	for (i = 0; i < sizeof control_hooks / sizeof control_hooks[0]; i++) {
		if (strcmp(control_hooks[i].hook, name) == 0) {
			control_notify(control_hooks[i].kind, c, s, w, p, NULL);
			return;
		}
	}
}

struct control_pane *
control_get_pane(struct client *c, unsigned int id, int create)
{
	struct control_state	*cs = c->control;
	struct control_pane	*cp;
	unsigned int		 i;

	for (i = 0; i < cs->npanes; i++) {
		if (cs->panes[i].id == id)
			return (&cs->panes[i]);
	}
	if (!create)
		return (NULL);
	cs->panes = xreallocarray(cs->panes, cs->npanes + 1,
	    sizeof *cs->panes);
	cp = &cs->panes[cs->npanes++];
	memset(cp, 0, sizeof *cp);
	cp->id = id;
	pbuf_init(&cp->data);
	return (cp);
}

void
control_pane_output(struct pane *p, const void *data, size_t len)
{
	struct client		*c;
	struct control_pane	*cp;

	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->control == NULL || c->session == NULL ||
		    (c->flags & (CLIENT_DEAD|CLIENT_EXIT)) ||
		    (c->control->flags & CONTROL_NO_OUTPUT) ||
		    winlink_find_by_window(c->session, p->window) == NULL)
			continue;
		cp = control_get_pane(c, p->id, 1);
		if (cp->paused || cp->off)
			continue;
		if (cp->data.len + len > CONTROL_PANE_MAX) {
			/* Too far behind: pause the pane when pause-after
			 * is on, else the client goes (as tmux past its
			 * age limit). */
			if (c->control->flags & CONTROL_PAUSE_AFTER) {
				cp->paused = cp->pause_owed = 1;
				pbuf_reset(&cp->data);
			} else
				c->control->behind = 1;
			srv->dirty = 1;
			continue;
		}
		if (cp->data.len == 0)
			cp->since_ns = server_now_ns();
		pw_bytes(&cp->data, data, len);
	}
}

/* Free one subscription's contents. */
static void
control_sub_clear(struct control_sub *sub)
{
	unsigned int	i;

	for (i = 0; i < sub->nvalues; i++)
		free(sub->values[i].value);
	free(sub->values);
	free(sub->name);
	free(sub->format);
}

void
control_set_sub(struct client *c, const char *name,
    enum control_sub_type type, unsigned int id, const char *format)
{
	struct control_state	*cs = c->control;
	struct control_sub	*sub;
	unsigned int		 i;

	for (i = 0; i < cs->nsubs; i++) {
		if (strcmp(cs->subs[i].name, name) == 0)
			break;
	}
	if (i < cs->nsubs) {
		control_sub_clear(&cs->subs[i]);
		cs->subs[i] = cs->subs[--cs->nsubs];
	}
	if (format == NULL)
		return;
	cs->subs = xreallocarray(cs->subs, cs->nsubs + 1, sizeof *cs->subs);
	sub = &cs->subs[cs->nsubs++];
	memset(sub, 0, sizeof *sub);
	sub->name = xstrdup(name);
	sub->type = type;
	sub->id = id;
	sub->format = xstrdup(format);
	srv->dirty = 1;
}

void
control_free(struct client *c)
{
	struct control_state	*cs = c->control;
	struct control_event	*ev;
	unsigned int		 i;

	if (cs == NULL)
		return;
	while ((ev = TAILQ_FIRST(&cs->events)) != NULL) {
		TAILQ_REMOVE(&cs->events, ev, entry);
		free(ev->name);
		free(ev);
	}
	for (i = 0; i < cs->npanes; i++)
		pbuf_free(&cs->panes[i].data);
	free(cs->panes);
	for (i = 0; i < cs->nsubs; i++)
		control_sub_clear(&cs->subs[i]);
	free(cs->subs);
	if (cs->subs_timer != NULL)
		event_free(cs->subs_timer);
	for (i = 0; i < cs->nlines; i++)
		free(cs->lines[i]);
	free(cs->lines);
	pbuf_free(&cs->in);
	free(cs);
	c->control = NULL;
}
