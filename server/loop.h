/*
 * The server transport: the listening socket, the event loop and its one
 * flush per turn, and the conversation with each client.
 *
 * The server/ folder is the top of the server's layers and the only part
 * that talks to peers: server.c listens, accepts and runs the loop;
 * server_client.c reads clients' messages; client-out.c is each client's
 * output interface (a remote client, or a terminal the server draws
 * through tty/, server_tty.c); server_input.c and mouse.c make what a
 * terminal sends into keys and mouse keys and run their bindings;
 * server_control.c reads control clients' lines and writes what they are
 * owed; upgrade*.c hand the whole state to a new binary. The flush at the
 * end of each turn is where what the layers below marked (dirty windows,
 * changed lines, queued control events, bells, titles) is drawn (draw/)
 * and sent. It may include every folder but client/
 * (regress/layers.rules); nothing below includes it.
 */
#ifndef MUX_LOOP_H
#define MUX_LOOP_H

#include <sys/types.h>

#include <stddef.h>

#include "common/key.h"

/* Run a server on socket_path, loading config_file (NULL: the default
 * files, "/dev/null": none). When ready_fd is not -1, "ok\n" or an error
 * line is written to it once the socket listens (or failed), then it is
 * closed. With foreground (mux -D, a server not started by a client),
 * exit-empty starts off. Returns the process exit status when the server
 * ends. */
int	server_main(const char *socket_path, const char *config_file,
	    int ready_fd, int foreground, const char *upgrade,
	    int upgrade_dry);
/* With upgrade (a state file, server/upgrade.h), the server loads it and
 * takes the socket it names instead of loading config_file and making
 * one; with upgrade_dry it only checks that the state loads (exit status
 * 0, else 1 with the reason on stderr). */
/* The listening socket's fd (-1 before it listens). */
int	server_listen_socket(void);

/* Connections not yet identified at most; more wait to be accepted. */
#define SERVER_UNIDENTIFIED_MAX	16
/* Switch accepting on or off for what holds it back (out of file
 * descriptors, too many connections yet to identify). */
void	server_accept_update(void);
/* A client went: if accepting waits for a file descriptor, try now. */
void	server_accept_retry(void);

/* server_client.c */
struct client;
struct input_event;
void	server_client_accept(int fd);
/* A client on connection fd (taken) of user uid, not yet identified (the
 * caller arms its identify timer, or, the live upgrade, fills it in). */
struct client *server_client_create(int fd, uid_t uid);
/* The size of c's terminal as it says (clamped, see server_client.c). */
void	server_client_set_size(struct client *, unsigned int cols,
	    unsigned int rows);
/* Connections that have not identified yet. */
unsigned int server_client_unidentified(void);
/* Stop reading c's input (its terminal or socket) until pane p's input
 * queue is no longer full, or CLIENT_HOLD_SEC have passed. */
void	server_client_hold_input(struct client *, struct pane *);
/* Send what the end of a loop turn owes each client. */
void	server_client_flush(void);
void	server_client_free_all(void);

/* server_input.c: what an attached client types. */
void	server_input_key(struct client *, key_code);
/* A mouse event: 0-based cell x, y; button 0-2, 3 release, 4/5 wheel;
 * mods KEYC_SHIFT|META|CTRL. */
void	server_input_mouse(struct client *, unsigned int x, unsigned int y,
	    int button, int pressed, int motion, key_code mods);
void	server_input_paste(struct client *, const char *, size_t);
void	server_input_focus(struct client *, int in);
/* Input decoded from a client's terminal the server reads (server_tty.c):
 * keys, mouse, paste, focus, colour answers; as the MSG_KEY (...) that
 * a client reading its own terminal sends. */
void	server_input_event(struct client *, const struct input_event *);

#endif
