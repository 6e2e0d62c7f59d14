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
 * is kept and written when it is writable; the frame pacing in
 * server_client.c holds new frames while too much is kept (the
 * backlogged operation of client_out_tty, client-out.h).
 */
#ifndef MUX_SERVER_TTY_H
#define MUX_SERVER_TTY_H

struct client;

/* MSG_TTY came with the fd of c's terminal (-1: none came): keep it for
 * server_tty_open. Returns -1 (the fd stays the caller's) when c already
 * has one. */
int	server_tty_take_fd(struct client *, int fd);
/* Take over c's terminal (the fd it passed) as it attaches: c->out is
 * then client_out_tty (client-out.h). Returns 0 when the server now
 * drives it, -1 when the client must (no fd, or it could not be opened). */
int	server_tty_open(struct client *);
/* Restore without waiting and free (c is going away); c->out is remote
 * again. */
void	server_tty_free(struct client *);

/* The live upgrade (server/upgrade.c). The fd of the terminal the server
 * drives for c, or -1 (it does not, or it is giving it back). */
int	server_tty_fd(const struct client *);
/* Is the server giving c's terminal back (it exits or is locked)? */
int	server_tty_releasing(const struct client *);
/* What the server drives on c's terminal (a record saying none when it
 * does not), for server_tty_load. */
struct pbuf;
struct preader;
void	server_tty_save(const struct client *, struct pbuf *);
/* The new server: take over c's terminal as the old server drove it,
 * on the fd that came through the exec (c's ident and host_modes are
 * set). Dry: only check the record (c may be NULL). Returns 0, or -1 with *cause (heap
 * string), the fd closed and c drawn by no one. */
int	server_tty_load(struct client *, struct preader *, int dry,
	    char **cause);

#endif
