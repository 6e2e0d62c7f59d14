/*
 * window-int: what window.c (windows) and pane.c (panes) share. Private
 * to those two files; everyone else uses model/window.h.
 */
#ifndef MUX_WINDOW_INT_H
#define MUX_WINDOW_INT_H

struct pane;
struct pane_spawn;
struct window;

/* A new pane of sx x sy in w (not yet in its list), its program started;
 * NULL with *cause (heap string) when it cannot be. */
struct pane	*pane_new(struct window *, unsigned int sx, unsigned int sy,
		    const struct pane_spawn *, char **cause);
/* Take p out of w's list and layout (p stays). */
void		 window_unlink_pane(struct window *, struct pane *);

#endif
