/*
 * upgrade: the live upgrade (mux server-upgrade). The running server
 * writes its whole state to a file, has the new binary load it in a
 * dry run, then execs the new binary in its own process (same pid, so
 * the panes' programs stay its children) with the pane ptys and the
 * listening socket inherited. upgrade.c describes the state format.
 */
#ifndef MUX_UPGRADE_H
#define MUX_UPGRADE_H

struct client;

/* The state format this binary writes; it reads this version and older,
 * and refuses newer ones. */
#define UPGRADE_VERSION		3
/* The server mode that loads a state: MUX_SERVER_ARG -1 UPGRADE_ARG path
 * check|run. */
#define UPGRADE_ARG		"__mux_upgrade__"
/* What a dry run that loaded the state says on its standard error,
 * followed by the protocol version it speaks (the old server adopts its
 * clients only when that is its own). */
#define UPGRADE_CHECK_SAYS	"protocol "

/* Replace this server with binary (NULL: the file this server was run
 * from, as it is now). self is the client that asked (told to exit 0).
 * On success it does not return; on failure nothing has changed and
 * -1 comes back with *cause (heap string). */
int	upgrade_start(struct client *self, const char *binary, char **cause);

/* The new server (server_main): load the state in path into the model.
 * dry: only check that all of it loads (no descriptor is used; the
 * process exits after). *listen_fd gets the listening socket. Returns
 * 0, or -1 with *cause (heap string). */
int	upgrade_load(const char *path, int dry, int *listen_fd, char **cause);

#endif
