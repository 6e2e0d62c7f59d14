/*
 * mouse (transport side): a mouse event a client sent made into a mouse
 * key (MouseDown1Pane, WheelUpStatus, ...), whose binding the transport
 * (server_input.c) runs with the event attached, and the later events of a
 * drag, which come here rather than to bindings. The event itself and what
 * commands do with one are the model's (model/mouse.h).
 */
#ifndef MUX_MOUSE_H
#define MUX_MOUSE_H

#include "model/mouse.h"

struct client;

/* The key an event from c is (KEYC_NONE: none: a drag in progress took
 * it, or it is on nothing), with its pane or status window found, and
 * c's drag and click state moved on. *wait: a click that another may
 * follow; the caller waits for that (and, when none comes in time after a
 * second click, runs a DoubleClick key made from c->click_event). */
key_code	 mouse_key(struct client *, struct mouse_event *, int *wait);
/* A drag goes on: the border or the selection's end follows the mouse
 * (a drag whose pane is gone ends). */
void		 mouse_drag_update(struct client *, const struct mouse_event *);

#endif
