/*
 * Filling targets from a session or a pane (see target.h).
 */
#include <string.h>

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

/* Do [a0, a1] and [b0, b1] overlap? */
static int
target_overlap(unsigned int a0, unsigned int a1, unsigned int b0,
    unsigned int b1)
{
	return ((b0 < a0 && b1 > a1) || (b0 >= a0 && b0 <= a1) ||
	    (b1 >= a0 && b1 <= a1));
}

struct pane *
target_pane_beside(struct pane *p, enum target_dir dir)
{
	struct window	*w = p->window;
	struct pane	*q, *first = NULL;
	unsigned int	 edge;
	int		 touch;

	/* The line a neighbour's far border (or near edge) must be on; past
	 * the window's edge, the other side of the window. */
	switch (dir) {
	case TARGET_UP:
		edge = p->yoff == 0 ? w->sy + 1 : p->yoff;
		break;
	case TARGET_DOWN:
		edge = p->yoff + p->sy + 1;
		if (edge >= w->sy)
			edge = 0;
		break;
	case TARGET_LEFT:
		edge = p->xoff == 0 ? w->sx + 1 : p->xoff;
		break;
	default:
		edge = p->xoff + p->sx + 1;
		if (edge >= w->sx)
			edge = 0;
		break;
	}
	TAILQ_FOREACH(q, &w->panes, entry) {
		if (q == p)
			continue;
		switch (dir) {
		case TARGET_UP:
			touch = q->yoff + q->sy + 1 == edge;
			break;
		case TARGET_DOWN:
			touch = q->yoff == edge;
			break;
		case TARGET_LEFT:
			touch = q->xoff + q->sx + 1 == edge;
			break;
		default:
			touch = q->xoff == edge;
			break;
		}
		if (!touch)
			continue;
		if (dir == TARGET_UP || dir == TARGET_DOWN)
			touch = target_overlap(p->xoff, p->xoff + p->sx,
			    q->xoff, q->xoff + q->sx - 1);
		else
			touch = target_overlap(p->yoff, p->yoff + p->sy,
			    q->yoff, q->yoff + q->sy - 1);
		if (!touch)
			continue;
		if (q == w->last)
			return (q);
		if (first == NULL)
			first = q;
	}
	return (first);
}
