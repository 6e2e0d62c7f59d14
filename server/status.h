/*
 * status: the status line a client shows for its session: status-left,
 * the window list and status-right, expanded from their formats, passed
 * through strftime, with #[style] markup, in status-style.
 */
#ifndef MUX_STATUS_H
#define MUX_STATUS_H

#include "grid/cell.h"

struct client;
struct session;

/* Rows of a client's screen the status line takes (0 or 1). */
unsigned int	status_lines(const struct session *);
/* Does the status line show the time (so it needs redrawing on a timer)? */
int		status_has_clock(const struct session *);
/* Is a prompt open on c? Then *x is its cursor column. */
int		status_prompt_cursor(struct client *c, unsigned int cols,
		    unsigned int *x);
/* Draw c's status line (or its prompt or message) into line. */
void		status_render(struct client *c, struct cell *line,
		    unsigned int cols);

#endif
