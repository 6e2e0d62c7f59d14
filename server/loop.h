/*
 * The server transport: the listening socket, the event loop and its one
 * flush per turn, and the conversation with each client.
 */
#ifndef MUX_LOOP_H
#define MUX_LOOP_H

/* Run a server on socket_path, loading config_file (NULL: the default
 * files, "/dev/null": none). When ready_fd is not -1, "ok\n" or an error
 * line is written to it once the socket listens (or failed), then it is
 * closed. Returns the process exit status when the server ends. */
int	server_main(const char *socket_path, const char *config_file,
	    int ready_fd);

/* server_client.c */
struct client;
struct input_event;
void	server_client_accept(int fd);
/* Input decoded from a client's terminal the server reads (server_tty.c):
 * keys, mouse, paste, focus, colour answers; as the MSG_KEY (...) that
 * a client reading its own terminal sends. */
void	server_client_input(struct client *, const struct input_event *);
/* Send what the end of a loop turn owes each client. */
void	server_client_flush(void);
void	server_client_free_all(void);

#endif
