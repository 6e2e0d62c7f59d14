/*
 * Mouse events as keys (see mouse.h): the key an event is, with what it is
 * on (a pane, a border, a part of the status line as it was drawn), and
 * the later events of a drag: a border's (model/mouse.c) resizes the
 * panes on either side, a copy mode selection's (copy/) moves its end and
 * at the top or bottom row of the pane scrolls the view.
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
		mouse_drag_border_move(c, p, m);
	else if (p->mode != NULL && mouse_at(m, p, &x, &y, 0))
		copy_drag_update(p->mode, x, y);
}

