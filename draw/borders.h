/*
 * borders: what tmux 3.3a draws around and between a window's panes on a
 * client: the border lines (pane-border-lines), in pane-border-style or
 * pane-active-border-style (which may be formats, expanded for the pane
 * the border belongs to), the active pane marked by colour and/or arrows
 * (pane-border-indicators), pane status lines (pane-border-status with
 * pane-border-format), the marked pane in reverse, and, where the client
 * is larger than the window, the window's edges and fill-character.
 */
#ifndef MUX_BORDERS_H
#define MUX_BORDERS_H

#include "grid/cell.h"

struct client;
struct window;

/* Draw window row y of w's borders, pane status lines and outside (as c
 * sees them) into the cells of line not covered by a pane (covered[x]
 * set). */
void	borders_draw_row(struct client *c, struct window *w, unsigned int y,
	    struct cell *line, unsigned int cols, const uint8_t *covered);

#endif
