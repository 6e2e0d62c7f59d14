/*
 * server_tty: the terminal of an attached client, driven by the server
 * itself (tmux's topology). The client passes its terminal's fd with
 * MSG_TTY; when it attaches, the server opens the terminal (terminfo for
 * the client's TERM), puts it in raw mode on the alternate screen, reads
 * and decodes what the user types, and draws the client's frames on it.
 * A keystroke then wakes two processes fewer: the client only forwards
 * resizes and waits to exit. When the client detaches or exits, the
 * server restores the terminal before it sends MSG_EXIT.
 *
 * The server never waits for a terminal: output it does not take at once
 * is kept (server_tty_pending) and written when it is writable; the frame
 * pacing in server_client.c holds new frames while too much is kept.
 */
#ifndef MUX_SERVER_TTY_H
#define MUX_SERVER_TTY_H

#include <stddef.h>
#include <stdint.h>

struct client;
struct pane;

/* Take over c's terminal (the fd it passed) as it attaches. Returns 0 when
 * the server now drives it, -1 when the client must (no fd, or it could
 * not be opened). */
int	server_tty_open(struct client *);
/* Compose c's frame (see compose_client) and draw it on the terminal.
 * Returns 1 if anything was drawn. */
int	server_tty_frame(struct client *, int full, const struct pane *only);
/* Stop (on 1) or go on (0) reading the terminal. */
void	server_tty_pause(struct client *, int);
/* Bytes the terminal has not taken yet. */
size_t	server_tty_pending(const struct client *);
void	server_tty_bell(struct client *);
void	server_tty_title(struct client *, const char *);
/* Host modes (HOST_MODE_*): mouse, extended keys, 24-bit colour. */
void	server_tty_modes(struct client *, uint32_t);
/* Apply terminal-features and terminal-overrides to c's terminal again
 * (they changed); a change redraws c. c->term_type and c->term_features
 * are kept up to date here. */
void	server_tty_terminal(struct client *);
/* Set the host clipboard (OSC 52; b64 is base64, len bytes). */
void	server_tty_clipboard(struct client *, const char *sel,
	    const char *b64, size_t len);
/* Give the terminal back (restore it) as c exits. Returns 1 when that is
 * done (or had to be given up) and MSG_EXIT may go; 0 while output is
 * still being written (srv->dirty is set when it is done). */
int	server_tty_release(struct client *);
/* Restore without waiting and free (c is going away). */
void	server_tty_free(struct client *);

#endif
