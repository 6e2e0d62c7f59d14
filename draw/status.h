/*
 * status: the status lines a client shows for its session, as tmux 3.3a
 * draws them: line N is status-format[N] expanded (strftime, then the
 * formats) and drawn with its #[...] markup (style.h) over status-style.
 * The default status-format[0] builds status-left, the window list and
 * status-right; the ranges it draws say what a mouse click is on. A
 * message or the command prompt takes the last status line.
 */
#ifndef MUX_STATUS_H
#define MUX_STATUS_H

#include "grid/cell.h"

struct client;
struct session;
struct style_range;

/* At most this many status lines (status 2 to 5). */
#define STATUS_LINES_MAX	5

/* Does the status line show the time or #() output (so it needs
 * redrawing on a timer)? */
int		status_has_clock(const struct session *);
/* Draw status line n of c (or the message, or what the prompt is drawn
 * over, on the last) into line, and remember its ranges. */
void		status_render(struct client *c, unsigned int n,
		    struct cell *line, unsigned int cols);
/* The range at column x of status line n as last drawn, or NULL. */
const struct style_range *status_range_at(const struct client *c,
		    unsigned int n, unsigned int x);
/* Forget c's ranges. */
void		status_free_ranges(struct client *c);

#endif
