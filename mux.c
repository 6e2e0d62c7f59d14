/*
 * mux: main(). Parses the global options, works out the socket path (and
 * checks its directory is safe), then either runs as the server (when the
 * client started it) or as a client that sends one command.
 *
 *	mux [-Vhv] [-L socket-name | -S socket-path] [-f file] [command ...]
 */
#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "client/client.h"
#include "cmd/cmd.h"
#include "common/log.h"
#include "common/xmalloc.h"
#include "server/loop.h"

/* The argument that puts the binary in server mode (used by the client
 * that starts a server; not for users). */
#define MUX_SERVER_ARG	"__mux_server__"

static void __attribute__((noreturn))
usage(int status)
{
	fprintf(status == 0 ? stdout : stderr,
	    "usage: mux [-CVhv] [-L socket-name | -S socket-path] [-f file] "
	    "[command [flags]]\n");
	exit(status);
}

/* The socket directory: $MUX_TMPDIR (else /tmp) /mux-UID, created 0700 and
 * refused when it is not ours or others can reach it. Returns a heap path
 * or NULL after printing why. */
static char *
socket_dir(void)
{
	const char	*base = getenv("MUX_TMPDIR");
	char		*dir, resolved[PATH_MAX];
	struct stat	 sb;
	uid_t		 uid = getuid();

	if (base == NULL || *base == '\0')
		base = "/tmp";
	if (realpath(base, resolved) == NULL) {
		fprintf(stderr, "mux: socket directory %s: %s\n", base,
		    strerror(errno));
		return (NULL);
	}
	dir = xasprintf("%s/mux-%ld", resolved, (long)uid);
	if (mkdir(dir, S_IRWXU) != 0 && errno != EEXIST) {
		fprintf(stderr, "mux: can't create %s: %s\n", dir,
		    strerror(errno));
		free(dir);
		return (NULL);
	}
	if (lstat(dir, &sb) != 0) {
		fprintf(stderr, "mux: %s: %s\n", dir, strerror(errno));
		free(dir);
		return (NULL);
	}
	if (!S_ISDIR(sb.st_mode)) {
		fprintf(stderr, "mux: %s is not a directory\n", dir);
		free(dir);
		return (NULL);
	}
	if (sb.st_uid != uid) {
		fprintf(stderr, "mux: %s is owned by uid %ld, not by you "
		    "(uid %ld): refusing to use it\n", dir, (long)sb.st_uid,
		    (long)uid);
		free(dir);
		return (NULL);
	}
	if ((sb.st_mode & (S_IRWXG|S_IRWXO)) != 0) {
		fprintf(stderr, "mux: %s is accessible to group or others "
		    "(mode %03o): refusing to use it\n", dir,
		    (unsigned int)(sb.st_mode & 0777));
		free(dir);
		return (NULL);
	}
	return (dir);
}

/* Does any command in argv start a server? Prints a parse error and
 * returns -1 when the command line is wrong. */
static int
needs_server_start(int argc, char **argv)
{
	struct cmd_list	*cl;
	char		*cause;
	unsigned int	 i;
	int		 start = 0;

	if ((cl = cmd_parse_argv(argc, argv, &cause)) == NULL) {
		/* It may be a command-alias the server knows: it says. */
		if (strncmp(cause, "unknown command: ", 17) == 0) {
			free(cause);
			return (0);
		}
		fprintf(stderr, "%s\n", cause);
		free(cause);
		return (-1);
	}
	for (i = 0; i < cl->n; i++) {
		if (cl->cmds[i]->entry->flags & CMD_STARTSERVER)
			start = 1;
	}
	cmd_list_free(cl);
	return (start);
}

int
main(int argc, char **argv)
{
	const char	*label = NULL, *path = NULL, *config = NULL, *mux_env;
	char		*dir, *socket_path, *default_argv[] = { "new-session" };
	char		*server_argv[8];
	struct client_start start;
	int		 opt, n, rc, verbose = 0, control = 0;

	setlocale(LC_CTYPE, "");
	while ((opt = getopt(argc, argv, "+Cf:hL:S:Vv")) != -1) {
		switch (opt) {
		case 'C':
			control++;
			break;
		case 'f':
			config = optarg;
			break;
		case 'h':
			usage(0);
		case 'L':
			label = optarg;
			break;
		case 'S':
			path = optarg;
			break;
		case 'V':
			printf("mux %s\n", PACKAGE_VERSION);
			return (0);
		case 'v':
			verbose++;
			break;
		default:
			usage(1);
		}
	}
	argc -= optind;
	argv += optind;
	if (verbose > 0)
		setenv("MUX_LOG", "1", 1);

	/* Inside a pane (or a shell command the server runs), $MUX names
	 * that pane's server, as $TMUX does for tmux: with no -L or -S, talk
	 * to it. */
	if (path == NULL && label == NULL && (mux_env = getenv("MUX")) != NULL &&
	    *mux_env != '\0' && *mux_env != ',') {
		socket_path = xstrdup(mux_env);
		socket_path[strcspn(socket_path, ",")] = '\0';
	} else if (path != NULL)
		socket_path = xstrdup(path);
	else {
		if (label == NULL)
			label = "default";
		if (*label == '\0' || strchr(label, '/') != NULL) {
			fprintf(stderr, "mux: invalid socket name: %s\n", label);
			return (1);
		}
		if ((dir = socket_dir()) == NULL)
			return (1);
		socket_path = xasprintf("%s/%s", dir, label);
		free(dir);
	}

	if (argc == 2 && strcmp(argv[0], MUX_SERVER_ARG) == 0) {
		rc = server_main(socket_path, config, atoi(argv[1]));
		free(socket_path);
		return (rc);
	}

	if (argc == 0) {
		argc = 1;
		argv = default_argv;
	}
	if ((n = needs_server_start(argc, argv)) == -1) {
		free(socket_path);
		return (1);
	}

	server_argv[0] = "mux";
	server_argv[1] = "-S";
	server_argv[2] = socket_path;
	opt = 3;
	if (config != NULL) {
		server_argv[opt++] = "-f";
		server_argv[opt++] = (char *)config;
	}
	server_argv[opt++] = MUX_SERVER_ARG;
	server_argv[opt++] = "-1";	/* the ready fd, filled in at start */
	server_argv[opt] = NULL;
	start.server_argv = server_argv;
	if (control > 0)
		client_set_control(control > 1 ? 2 : 1);
	rc = client_main(socket_path, argc, argv, n ? &start : NULL);
	free(socket_path);
	return (rc);
}
