/*
 * view: where command output is shown on an attached client, as tmux 3.3a
 * shows it: in view mode (copy.h) over the pane the client looks at. The
 * output of a key binding's or the command prompt's commands, and the
 * errors of the configuration on the first session a client makes or
 * attaches; and where their errors show instead.
 */
#ifndef MUX_VIEW_H
#define MUX_VIEW_H

#include <stddef.h>

struct client;
struct pane;
struct session;

/* Add text (lines) to the view over pane p, opening it if needed. */
void	view_pane_output(struct pane *p, const char *text, size_t len);

/* Add text (lines) to the view over the active pane of c's session's
 * current window, opening it if needed. Returns 0 when c shows no pane. */
int	view_client_output(struct client *c, const char *text, size_t len);
/* Errors (lines) of commands run for c, which is attached: as tmux shows
 * them, a message in its status line with the first letter made upper
 * case (the first error, with a count of the others). */
void	view_client_errors(struct client *c, const char *text, size_t len);
/* The configuration's errors (and those of hooks nobody ran) that wait
 * for a client: shown in view mode over s's active pane, and forgotten.
 * Returns 1 when there were some and s could show them. */
int	view_config_errors(struct session *s);

#endif
