/*
 * target: a resolved place in the model (what a command's -t names, what
 * a format is expanded against): a session, one of its winlinks, that
 * window and one of its panes. Any of them may be NULL.
 *
 * Also the geometry target strings use: the pane at a side or corner of a
 * window ({top}, {bottom-left}, ...) and the pane next to another
 * ({up-of}, {left-of}, ...).
 */
#ifndef MUX_TARGET_H
#define MUX_TARGET_H

#include "model/layout.h"

struct session;
struct winlink;
struct window;
struct pane;

struct target {
	struct session	*s;
	struct winlink	*wl;
	struct window	*w;
	struct pane	*p;
};

/* Fill a target from a session's current window and its active pane. */
void	target_from_session(struct target *, struct session *);
/* Fill a target from a pane, preferring session prefer when it links the
 * pane's window. */
void	target_from_pane(struct target *, struct pane *, struct session *);

/* The pane a side or corner name ("top", "bottom", "left", "right",
 * "top-left", "top-right", "bottom-left", "bottom-right") picks in w: the
 * pane at that point of the window (the middle of a side), a pane's right
 * and bottom borders counting as its own. NULL for another name. */
struct pane	*target_pane_at_side(struct window *, const char *name);

/* The pane beside p in a direction ({up-of}, select-pane -U, ...),
 * wrapping at the window's edge, as tmux picks it: of the panes that
 * touch p's side, the most recently active, else (never active) the first
 * in pane order. NULL if none. */
struct pane	*target_pane_beside(struct pane *, enum layout_dir);

#endif
