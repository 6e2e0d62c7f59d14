/*
 * mouse (model side): a mouse event as the server keeps it once a client
 * has sent it, and what the model can do with one. The event is data every
 * layer passes around: the transport (server/mouse.c) makes it into a
 * mouse key (MouseDown1Pane, WheelUpStatus, ...) and runs its binding with
 * the event attached; commands find the event's pane or status window
 * ("-t ="), give it to a pane's program (send-keys -M), or start a drag:
 * of a border here (resize-pane -M), of a selection in copy/
 * (copy_drag_mouse). Later events of a drag go to server/mouse.c, not to
 * bindings.
 */
#ifndef MUX_MODEL_MOUSE_H
#define MUX_MODEL_MOUSE_H

#include "common/key.h"

struct client;
struct pane;
struct winlink;

struct mouse_event {
	key_code	 key;		/* its mouse key, with modifiers */
	unsigned int	 x, y;		/* on the client's screen */
	int		 wy;		/* window row; -1 - N: status line N */
	unsigned int	 lx;		/* the event before it, where a drag */
	int		 lwy;		/* began */
	int		 button;	/* 0-2; 3 none; 4, 5 the wheel */
	int		 pressed;
	int		 motion;
	key_code	 mods;
	unsigned int	 session;	/* the client's session (id) */
	int		 pane;		/* the pane it is in (id), or -1 */
	int		 window;	/* the status window (index), or -1 */
};

/* What a client is dragging. */
#define MOUSE_DRAG_NONE		0
#define MOUSE_DRAG_BORDER	1	/* a pane border: resize-pane -M */
#define MOUSE_DRAG_COPY		2	/* a copy mode selection */

/* The pane the event is in, or NULL (gone, or not in a pane). */
struct pane	*mouse_pane(const struct mouse_event *);
/* The window in the status line the event is on, or NULL. */
struct winlink	*mouse_winlink(const struct mouse_event *);
/* Is the event (where the drag began when last) in p? Its position in
 * p's coordinates. */
int		 mouse_at(const struct mouse_event *, const struct pane *,
		     unsigned int *px, unsigned int *py, int last);
/* Give the event to p's program as its terminal would, if it asked for
 * mouse events; a full-screen program that did not gets the wheel as
 * cursor keys (alternate scroll). Returns 1 when something was sent. */
int		 mouse_send(struct pane *, const struct mouse_event *);

/* Start dragging the border where the drag began, if there is one. */
void		 mouse_drag_border(struct client *, const struct mouse_event *);
/* The border c drags (pane p is on its left or top) follows the mouse. */
void		 mouse_drag_border_move(struct client *, struct pane *,
		     const struct mouse_event *);
/* c drags nothing now. */
void		 mouse_drag_end(struct client *);

#endif
