/*
 * Filling targets from a session or a pane (see target.h).
 */
#include <string.h>

#include "server/server.h"
#include "server/session.h"
#include "server/target.h"
#include "server/window.h"

void
target_from_session(struct target *t, struct session *s)
{
	memset(t, 0, sizeof *t);
	t->s = s;
	if (s == NULL)
		return;
	t->wl = s->curw;
	t->w = t->wl != NULL ? t->wl->window : NULL;
	t->p = t->w != NULL ? t->w->active : NULL;
}

void
target_from_pane(struct target *t, struct pane *p, struct session *prefer)
{
	struct session	*s;
	struct winlink	*wl;

	memset(t, 0, sizeof *t);
	t->p = p;
	t->w = p->window;
	if (prefer != NULL &&
	    (wl = winlink_find_by_window(prefer, t->w)) != NULL) {
		t->s = prefer;
		t->wl = wl;
		return;
	}
	TAILQ_FOREACH(s, &srv->sessions, entry) {
		if ((wl = winlink_find_by_window(s, t->w)) != NULL) {
			t->s = s;
			t->wl = wl;
			return;
		}
	}
}
