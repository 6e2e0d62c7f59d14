/*
 * client: the mux client process. Connects to the server (starting one
 * when asked and none answers), identifies itself, sends one command, and
 * prints what comes back; if the command attached it, it becomes the
 * terminal side of a session until detached.
 */
#ifndef MUX_CLIENT_H
#define MUX_CLIENT_H

/* How to start a server when none answers: argv to exec (the mux binary
 * in server mode); NULL when the command must not start one. */
struct client_start {
	char	**server_argv;	/* the last element is replaced by the
				   ready pipe's fd number */
};

/* Control mode for client_main: 1 for -C, 2 for -CC (0: none). */
void	client_set_control(int level);
/* The whole command line (argv[0] on), to run again after the server
 * was upgraded to this binary on a version mismatch (proto.h). */
void	client_set_argv(char **argv);

/* Run the command argv against the server at socket_path. Returns the
 * process exit status. */
int	client_main(const char *socket_path, int argc, char **argv,
	    const struct client_start *start);

#endif
