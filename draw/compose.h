/*
 * compose: build what one client's terminal should show (its session's
 * current window, clipped or padded to the client's size) and encode the
 * difference from what the client already has as one MSG_FRAME.
 *
 * The draw/ folder: turning the model into cells. compose.c lays out a
 * client's screen from the panes (their grids, or their mode's rows),
 * borders.c the borders and pane status lines, status.c the status lines,
 * style-draw.c text and formats with #[...] markup, overlay.c the boxes
 * over the panes (popup.c, menu.c, prompt.c, view.c), and the pane modes
 * that are drawing only (choose.c, clock.c, customize.c, copy-draw.c for
 * copy mode's rows). draw/ reads model/ and copy/ (and its modes change
 * them as the user asks, customize mode's options say); it is called by
 * the flush (server/), by the transport's input (keys for an overlay) and
 * by commands (cmd/) that open an overlay or mode, never by the model,
 * which only marks what changed. It includes common/, grid/, model/ and
 * copy/ only (regress/layers.rules).
 */
#ifndef MUX_COMPOSE_H
#define MUX_COMPOSE_H

struct client;
struct pbuf;

struct pane;

/* Compose c's screen. full: compare every row (else only rows with a pane
 * line that changed since c last had the row, plus everything after a
 * size change, CLIENT_REDRAW or CLIENT_RECOMPOSE).
 * only: when not NULL, compare just that pane's rectangle (an urgent frame
 * with the echo of a key; the rest follows in a later full frame).
 * Appends a framed MSG_FRAME to pb and updates what c was sent; returns 1
 * when a frame was written, 0 when nothing changed. With pb NULL (the
 * server draws c's terminal) only c->sent is updated and the rows that
 * changed are marked in c->sent_dirty. */
int	compose_client(struct client *c, struct pbuf *pb, int full,
	    const struct pane *only);
/* Forget what c was sent (after a resize or detach). */
void	compose_reset(struct client *c);

#endif
