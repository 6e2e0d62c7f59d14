/*
 * display-panes' drawing: each pane's index over the part of its window a
 * client shows, as tmux 3.3a draws it. The indicator is an overlay
 * (overlay.h) on the box layer, the kind cmd/cmd-display-panes.c opens:
 * transparent (the digits are drawn over the panes), its box the window's
 * rows, no cursor, the mouse passing on. These are its draw and place
 * callbacks.
 */
#ifndef MUX_DISPLAY_PANES_H
#define MUX_DISPLAY_PANES_H

#include "grid/cell.h"

struct overlay;

/* Box row y (sx cells, what the panes show there): the digits over it. */
void	display_panes_draw(struct overlay *, unsigned int y,
	    struct cell *cells, unsigned int sx);
/* The box: the client's rows between the status lines. */
void	display_panes_place(struct overlay *);

#endif
