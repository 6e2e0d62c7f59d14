/*
 * target: a resolved place in the model (what a command's -t names, what
 * a format is expanded against): a session, one of its winlinks, that
 * window and one of its panes. Any of them may be NULL.
 */
#ifndef MUX_TARGET_H
#define MUX_TARGET_H

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

#endif
