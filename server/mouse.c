/*
 * Mouse events in the model (see mouse.h): the key an event is, what it is
 * on, giving it to a pane's program, and drags. A drag of a border resizes
 * the panes on either side as the mouse moves; a drag in copy mode moves
 * the selection's end, and at the top or bottom row of the pane scrolls
 * the view a line each time the mouse moves there.
 */
#include <stdlib.h>

#include "grid/vt.h"
#include "model/client.h"
#include "copy/copy.h"
#include "model/layout.h"
#include "server/mouse.h"
#include "model/state.h"
#include "model/session.h"
#include "draw/status.h"
#include "model/style.h"
#include "model/window.h"

/* Where on c's screen the event is: a pane, a border or a part of the
 * status line (KEYC_MOUSE_*, from the ranges status line -1 - wy drew),
 * with its pane or status window; -1 when it
 * is on nothing. */
static int
mouse_where(struct client *c, unsigned int x, int wy,
    struct mouse_event *m)
{
	struct window		*w = c->session->curw->window;
	struct pane		*p;
	struct layout_cell	*adj[2];
	const struct style_range *sr;

	m->pane = m->window = -1;
	if (wy < 0) {
		/* Status line -1 - wy: what its ranges say (as tmux). */
		if ((sr = status_range_at(c, -1 - wy, x)) == NULL)
			return (KEYC_MOUSE_STATUS_DEFAULT);
		switch (sr->type) {
		case STYLE_RANGE_NONE:
			return (-1);
		case STYLE_RANGE_LEFT:
			return (KEYC_MOUSE_STATUS_LEFT);
		case STYLE_RANGE_RIGHT:
			return (KEYC_MOUSE_STATUS_RIGHT);
		case STYLE_RANGE_PANE:
			if ((p = pane_find_by_id(sr->argument)) == NULL)
				return (-1);
			m->pane = p->id;
			return (KEYC_MOUSE_PANE);
		case STYLE_RANGE_WINDOW:
			if (winlink_find_by_index(c->session,
			    sr->argument) == NULL)
				return (-1);
			m->window = sr->argument;
			return (KEYC_MOUSE_STATUS);
		case STYLE_RANGE_SESSION:
		case STYLE_RANGE_USER:
			return (KEYC_MOUSE_STATUS);
		}
		return (-1);
	}
	if ((p = window_pane_at(w, x, wy)) != NULL) {
		m->pane = p->id;
		return (KEYC_MOUSE_PANE);
	}
	if (w->layout != NULL && layout_border_at(w->layout, x, wy, adj))
		return (KEYC_MOUSE_BORDER);
	return (-1);
}

/*
 * The key a mouse event is, as tmux makes them: a press is MouseDown, or
 * SecondClick or TripleClick after one or two presses of the same button
 * within the click time (DoubleClick comes from its timer when no third
 * press follows the second; unlike tmux, a drag in between makes the next
 * press a first one); movement with a button down is MouseDrag (placed
 * where the button went down) and the release after it MouseDragEnd; a
 * release otherwise MouseUp; the wheel WheelUp and WheelDown; movement with
 * no button MouseMove.
 */
key_code
mouse_key(struct client *c, struct mouse_event *m, int *wait)
{
	int	type, where, button = m->button, drag_end = 0;
	int	drag_start = 0;

	*wait = 0;
	if (button == 4 || button == 5) {
		type = button == 4 ? KEYC_WHEEL_UP : KEYC_WHEEL_DOWN;
		button = -1;
	} else if (m->motion && (!m->pressed || button == 3)) {
		/* Movement with no button: for programs that asked for every
		 * motion (?1003). */
		if (m->x == m->lx && m->wy == m->lwy)
			return (KEYC_NONE);
		type = KEYC_MOUSE_MOVE;
		button = -1;
	} else if (m->motion) {
		if (m->x == m->lx && m->wy == m->lwy)
			return (KEYC_NONE);
		type = KEYC_MOUSE_DRAG;
		if (c->mouse_drag != 0) {
			button = c->mouse_drag - 1;
			if (c->drag_what != MOUSE_DRAG_NONE) {
				mouse_drag_update(c, m);
				return (KEYC_NONE);
			}
		} else {
			/* A drag is no click: the next press starts again. */
			c->mouse_drag = button + 1;
			drag_start = 1;
			c->click_state = 0;
		}
	} else if (c->mouse_drag != 0) {
		/* A press or release ends a drag. */
		type = KEYC_MOUSE_DRAG_END;
		button = c->mouse_drag - 1;
		c->mouse_drag = 0;
		drag_end = 1;
	} else if (!m->pressed || button == 3) {
		type = KEYC_MOUSE_UP;
		if (button == 3)
			button = c->click_button;
	} else if (c->click_state == 1 && button == c->click_button) {
		type = KEYC_SECOND_CLICK;
		c->click_state = 2;
		*wait = 1;
	} else if (c->click_state == 2 && button == c->click_button) {
		type = KEYC_TRIPLE_CLICK;
		c->click_state = 0;
	} else {
		type = KEYC_MOUSE_DOWN;
		c->click_state = 1;
		*wait = 1;
	}
	if (drag_end || type == KEYC_MOUSE_UP)
		mouse_drag_end(c);

	/* A drag starts where the button went down. */
	if (drag_start)
		where = mouse_where(c, m->lx, m->lwy, m);
	else
		where = mouse_where(c, m->x, m->wy, m);
	if (where < 0 || button > 2) {
		c->click_state = 0;
		*wait = 0;
		return (KEYC_NONE);
	}
	m->key = KEYC_MOUSE_KEY(type, where, button + 1)|m->mods;
	return (m->key);
}

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
mouse_drag_copy(struct client *c, struct pane *p,
    const struct mouse_event *m)
{
	unsigned int	x, y;

	if (c == NULL || p->mode == NULL || !mouse_at(m, p, &x, &y, 1))
		return;
	copy_drag_start(p->mode, x, y);
	c->drag_what = MOUSE_DRAG_COPY;
	c->drag_pane = p->id;
	mouse_drag_update(c, m);
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
	mouse_drag_update(c, m);
}

/* The border follows the mouse. */
static void
mouse_drag_border_update(struct client *c, struct pane *p,
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
mouse_drag_update(struct client *c, const struct mouse_event *m)
{
	struct pane	*p;
	unsigned int	 x, y;

	if (c->drag_what == MOUSE_DRAG_NONE)
		return;
	if ((p = pane_find_by_id(c->drag_pane)) == NULL) {
		mouse_drag_end(c);
		return;
	}
	if (c->drag_what == MOUSE_DRAG_BORDER)
		mouse_drag_border_update(c, p, m);
	else if (p->mode != NULL && mouse_at(m, p, &x, &y, 0))
		copy_drag_update(p->mode, x, y);
}

void
mouse_drag_end(struct client *c)
{
	c->drag_what = MOUSE_DRAG_NONE;
	c->drag_pane = -1;
}
