/*
 * What display-menu and display-popup share: where on the client's
 * screen the box goes, from -x and -y as tmux 3.3a reads them.
 */
#ifndef MUX_CMD_DISPLAY_H
#define MUX_CMD_DISPLAY_H

#include "cmd/cmd.h"

struct client;

/* The top left of a w x h box on c from -x and -y: a number, a format,
 * or one of tmux's letters (-x: C centre, R the pane's right, P the
 * pane's left, M the mouse, W the window in the status line; -y: C
 * centre, P the pane's bottom, M the mouse, S the status line, W the
 * window in the status line). -y names the box's bottom row, as tmux.
 * Returns 0 when the box does not fit c. */
int	cmd_display_position(struct cmdq_item *, const struct args *,
	    struct client *c, unsigned int w, unsigned int h,
	    unsigned int *px, unsigned int *py);

#endif
