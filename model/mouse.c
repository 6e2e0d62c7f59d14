/*
 * Mouse events in the model (see mouse.h): what an event is on, giving it
 * to a pane's program, and the drag of a border, which resizes the panes
 * on either side as the mouse moves.
 */
#include <stdlib.h>

#include "grid/vt.h"
#include "model/client.h"
#include "model/layout.h"
#include "model/mouse.h"
#include "model/state.h"
#include "model/session.h"
#include "model/window.h"

struct pane *
mouse_pane(const struct mouse_event *m)
{
	if (m->pane < 0)
		return (NULL);
	return (pane_find_by_id(m->pane));
}

struct winlink *
mouse_winlink(const struct mouse_event *m)
{
	struct session	*s;

	if (m->window < 0 || (s = session_find_by_id(m->session)) == NULL)
		return (NULL);
	return (winlink_find_by_index(s, m->window));
}

int
mouse_at(const struct mouse_event *m, const struct pane *p,
    unsigned int *px, unsigned int *py, int last)
{
	unsigned int	x = last ? m->lx : m->x;
	int		wy = last ? m->lwy : m->wy;

	if (wy < 0 || x < p->xoff || x >= p->xoff + p->sx ||
	    (unsigned int)wy < p->yoff || (unsigned int)wy >= p->yoff + p->sy)
		return (0);
	*px = x - p->xoff;
	*py = wy - p->yoff;
	return (1);
}

int
mouse_send(struct pane *p, const struct mouse_event *m)
{
	unsigned int	x, y, i;
	int		type = KEYC_MOUSE_TYPE(m->key);

	/* Double and triple clicks were sent as the presses they are. */
	if (type == KEYC_DOUBLE_CLICK || type == KEYC_TRIPLE_CLICK ||
	    (p->flags & PANE_EXITED) || !mouse_at(m, p, &x, &y, 0))
		return (0);
	if (vt_send_mouse(p->vt, x, y, m->button, m->pressed, m->motion,
	    m->mods)) {
		pane_note_input(p);
		return (1);
	}
	/* A full-screen program that takes no mouse scrolls by cursor
	 * keys, as terminals' alternate scroll does. */
	if ((type == KEYC_WHEEL_UP || type == KEYC_WHEEL_DOWN) &&
	    (vt_modes(p->vt) & VT_MODE_ALTSCREEN)) {
		for (i = 0; i < 3; i++) {
			vt_send_key(p->vt, type == KEYC_WHEEL_UP ? KEYC_UP :
			    KEYC_DOWN);
		}
		pane_note_input(p);
		return (1);
	}
	return (0);
}

void
mouse_drag_border(struct client *c, const struct mouse_event *m)
{
	struct session		*s;
	struct window		*w;
	struct layout_cell	*adj[2];

	if (c == NULL || m->lwy < 0 ||
	    (s = session_find_by_id(m->session)) == NULL || s->curw == NULL)
		return;
	w = s->curw->window;
	if (w->layout == NULL ||
	    !layout_border_at(w->layout, m->lx, m->lwy, adj) ||
	    adj[0] == NULL || adj[0]->pane == NULL)
		return;
	c->drag_what = MOUSE_DRAG_BORDER;
	c->drag_pane = ((struct pane *)adj[0]->pane)->id;
	c->drag_type = (adj[1] != NULL && adj[1]->xoff > adj[0]->xoff) ?
	    LAYOUT_LEFTRIGHT : LAYOUT_TOPBOTTOM;
	c->drag_last = c->drag_type == LAYOUT_LEFTRIGHT ? m->lx :
	    (unsigned int)m->lwy;
	mouse_drag_border_move(c, adj[0]->pane, m);
}

void
mouse_drag_border_move(struct client *c, struct pane *p,
    const struct mouse_event *m)
{
	struct window	*w = p->window;
	unsigned int	 at;
	int		 delta;

	if (m->wy < 0 || w == NULL || w->layout == NULL)
		return;
	at = c->drag_type == LAYOUT_LEFTRIGHT ? m->x : (unsigned int)m->wy;
	delta = (int)at - (int)c->drag_last;
	if (delta == 0)
		return;
	layout_resize_pane(w->layout, p, c->drag_type == LAYOUT_LEFTRIGHT ?
	    (delta > 0 ? LAYOUT_DIR_RIGHT : LAYOUT_DIR_LEFT) :
	    (delta > 0 ? LAYOUT_DIR_DOWN : LAYOUT_DIR_UP),
	    delta > 0 ? delta : -delta);
	window_apply_layout(w);
	c->drag_last = at;
}

void
mouse_drag_end(struct client *c)
{
	c->drag_what = MOUSE_DRAG_NONE;
	c->drag_pane = -1;
}
