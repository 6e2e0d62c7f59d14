/*
 * Filling targets from a session or a pane (see target.h).
 */
#include <limits.h>
#include <string.h>

#include "model/layout.h"
#include "model/state.h"
#include "model/session.h"
#include "model/target.h"
#include "model/window.h"

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

/* The pane whose area, its right and bottom borders included, has the
 * window cell (x, y). */
static struct pane *
target_pane_at_point(struct window *w, unsigned int x, unsigned int y)
{
	struct pane	*p;

	TAILQ_FOREACH(p, &w->panes, entry) {
		if (x < p->xoff || x > p->xoff + p->sx)
			continue;
		if (y < p->yoff || y > p->yoff + p->sy)
			continue;
		return (p);
	}
	return (NULL);
}

struct pane *
target_pane_at_side(struct window *w, const char *name)
{
	unsigned int	x = w->sx / 2, y = w->sy / 2;
	int		top = 0, bottom = 0, left = 0, right = 0;

	if (strcmp(name, "top") == 0)
		top = 1;
	else if (strcmp(name, "bottom") == 0)
		bottom = 1;
	else if (strcmp(name, "left") == 0)
		left = 1;
	else if (strcmp(name, "right") == 0)
		right = 1;
	else if (strcmp(name, "top-left") == 0)
		top = left = 1;
	else if (strcmp(name, "top-right") == 0)
		top = right = 1;
	else if (strcmp(name, "bottom-left") == 0)
		bottom = left = 1;
	else if (strcmp(name, "bottom-right") == 0)
		bottom = right = 1;
	else
		return (NULL);
	if (top)
		y = 0;
	if (bottom)
		y = w->sy - 1;
	if (left)
		x = 0;
	if (right)
		x = w->sx - 1;
	return (target_pane_at_point(w, x, y));
}

/* How recently a pane was active (tmux's active_point), the earlier in
 * its window's list first among those never active. */
static unsigned long
target_active_rank(void *arg)
{
	struct pane	*p = arg;
	struct pane	*q;
	unsigned long	 later = 0;

	if (p->active_point != 0)
		return (ULONG_MAX / 2 + p->active_point);
	TAILQ_FOREACH_REVERSE(q, &p->window->panes, panes, entry) {
		if (q == p)
			break;
		later++;
	}
	return (later);
}

struct pane *
target_pane_beside(struct pane *p, enum layout_dir dir)
{
	if (p->window == NULL || p->window->layout == NULL)
		return (NULL);
	return (layout_neighbour(p->window->layout, p, dir,
	    target_active_rank));
}
