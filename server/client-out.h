/*
 * client-out: the output interface of an attached client. What a client
 * is owed is kept in the model (struct client: its screen as last
 * composed, the clipboard set, a bell, the title, the host modes); at the
 * end of a loop turn server_client.c hands it over through c->out, and
 * only the implementation knows who draws:
 *
 *	client_out_remote (client-out.c): the client draws; each operation
 *	    is one protocol message on its socket (MSG_FRAME, MSG_BELL,
 *	    MSG_TITLE, MSG_CLIPBOARD, MSG_PASSTHROUGH, MSG_MODES).
 *	client_out_tty (server_tty.c): the server owns the client's
 *	    terminal and draws on it through tty/.
 *	client_out_control (server_control.c): a control-mode client (-C,
 *	    -CC) has no screen; what it is owed is tmux 3.3a's control
 *	    protocol (%output, %layout-change, %window-add ..., recorded by
 *	    the model in control.h), written by flush. It is told no frame,
 *	    bell, title, clipboard, passthrough or host modes (as tmux 3.3a
 *	    tells a control client none of them).
 *
 * A client starts remote; server_tty_open switches it to the terminal
 * and server_tty_free back, server_control_start to control. Nothing
 * outside these files asks which one a client has. Each keeps in the
 * model what the formats and show-messages -T read: c->out_written,
 * out_discarded, the cell size and term_info (client.h).
 */
#ifndef MUX_CLIENT_OUT_H
#define MUX_CLIENT_OUT_H

#include <stddef.h>
#include <stdint.h>

struct client;
struct pane;

struct client_out_ops {
	const char	*name;		/* "remote", "tty" or "control", for
					   the log */
	/* Does c show a screen? Then it is told it is attached, may be
	 * locked or suspended, and gets alerts, frames, the title and host
	 * modes; else (a control client) none of these. */
	int		 screen;
	/* The start of c's part of the loop turn's flush: write what it is
	 * owed that no frame carries (a control client's notifications and
	 * pane output). Returns 1 when c is too far behind and does not
	 * read: the connection is to be dropped now. */
	int		(*flush)(struct client *);
	/* Compose c's frame (compose_client: full, only) and send or draw
	 * it. Returns 1 if anything went. */
	int		(*frame)(struct client *, int full,
			    const struct pane *only);
	/* Is c's output backed up (no new frame until it drains)? */
	int		(*backlogged)(struct client *);
	/* Has c's terminal not yet shown more than it should (no new frame
	 * but the echo of a key until it has; the drain sets srv->dirty)? */
	int		(*unshown)(struct client *);
	void		(*bell)(struct client *);
	void		(*title)(struct client *, const char *);
	/* The host clipboard (OSC 52; b64 is base64, len bytes). */
	void		(*clipboard)(struct client *, const char *sel,
			    const char *b64, size_t len);
	/* A pane's passthrough bytes (DCS tmux;), for the terminal as they
	 * are (MSG_PASSTHROUGH). */
	void		(*passthrough)(struct client *, const char *,
			    size_t);
	/* Host modes (HOST_MODE_*): mouse, extended keys, 24-bit colour. */
	void		(*modes)(struct client *, uint32_t);
	/* Options changed: apply terminal-features and terminal-overrides
	 * again (what draws with them may redraw c). */
	void		(*options)(struct client *);
	/* Stop (1) or go on (0) reading c's input. */
	void		(*pause)(struct client *, int);
	/* Give the terminal back as c exits or is locked: returns 1 when
	 * that is done and MSG_EXIT (or MSG_LOCK) may go, 0 while output is
	 * still being written (srv->dirty is set when it is done). */
	int		(*release)(struct client *);
	/* refresh-client -l (c->clipboard_query_owed): ask the terminal
	 * for its clipboard; its answer becomes a new buffer. Returns 0 when
	 * the terminal cannot be asked (no Ms capability, or c draws its
	 * own terminal). */
	int		(*clipboard_query)(struct client *);
};

extern const struct client_out_ops client_out_remote;
extern const struct client_out_ops client_out_tty;
extern const struct client_out_ops client_out_control;

/* For an implementation with nothing to do there. */
int	client_out_none_flush(struct client *);
void	client_out_none_options(struct client *);
int	client_out_none_release(struct client *);
int	client_out_none_clipboard_query(struct client *);
/* Stop or go on reading c's socket. */
void	client_out_peer_pause(struct client *, int);

#endif
