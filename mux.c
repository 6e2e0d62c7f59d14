/*
 * mux: main(). Parses the global options, works out the socket path (and
 * checks its directory is safe), then either runs as the server (when the
 * client started it) or as a client that sends one command.
 *
 *	mux [-DlNuVhv] [-L socket-name | -S socket-path] [-f file]
 *	    [command ...]
 *
 * -D runs a server in the foreground (not started by a client); -N never
 * starts a server; -l (a login shell's flag) does nothing, as in tmux; -u
 * asks for UTF-8, which mux always writes.
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
#include "common/name.h"
#include "common/xmalloc.h"
#include "server/loop.h"
#include "server/upgrade.h"

static void __attribute__((noreturn))
usage(int status)
{
	fprintf(status == 0 ? stdout : stderr,
	    "usage: %s [-CDhlNuVv] [-f file] [-L socket-name | -S socket-path] "
	    "[command [flags]]\n", name_program());
	exit(status);
}

/* The version line of -V. Under its own name: "mux VERSION". As tmux:
 * "tmux 3.3a-mux". The tools that read `tmux -V` get 3.3a from it: libtmux
 * takes the text after "tmux " and drops letters and '-' (3.3, as from
 * tmux 3.3a); TPM and tmux-resurrect keep only the digits of the whole
 * output (33), so it has no other digits; `cut -d' ' -f2` gives
 * 3.3a-mux, the form of tmux's own "3.3-rc" or "next-3.4". */
static void
print_version(void)
{
	if (name_is_tmux())
		printf("tmux %s-mux\n", TMUX_COMPAT_VERSION);
	else
		printf("mux %s\n", PACKAGE_VERSION);
}

/* The socket directory: $MUX_TMPDIR (else /tmp) /mux-UID, or as tmux
 * $TMUX_TMPDIR (else /tmp) /tmux-UID; created 0700 and refused when it is
 * not ours or others can reach it. Returns a heap path or NULL after
 * printing why. */
static char *
socket_dir(void)
{
	const char	*base = getenv(name_tmpdir_env());
	const char	*prog = name_program();
	char		*dir, resolved[PATH_MAX];
	struct stat	 sb;
	uid_t		 uid = getuid();

	if (base == NULL || *base == '\0')
		base = "/tmp";
	if (realpath(base, resolved) == NULL) {
		fprintf(stderr, "%s: socket directory %s: %s\n", prog, base,
		    strerror(errno));
		return (NULL);
	}
	dir = xasprintf("%s/%s-%ld", resolved, prog, (long)uid);
	if (mkdir(dir, S_IRWXU) != 0 && errno != EEXIST) {
		fprintf(stderr, "%s: can't create %s: %s\n", prog, dir,
		    strerror(errno));
		free(dir);
		return (NULL);
	}
	if (lstat(dir, &sb) != 0) {
		fprintf(stderr, "%s: %s: %s\n", prog, dir, strerror(errno));
		free(dir);
		return (NULL);
	}
	if (!S_ISDIR(sb.st_mode)) {
		fprintf(stderr, "%s: %s is not a directory\n", prog, dir);
		free(dir);
		return (NULL);
	}
	if (sb.st_uid != uid) {
		fprintf(stderr, "%s: %s is owned by uid %ld, not by you "
		    "(uid %ld): refusing to use it\n", prog, dir,
		    (long)sb.st_uid, (long)uid);
		free(dir);
		return (NULL);
	}
	if ((sb.st_mode & (S_IRWXG|S_IRWXO)) != 0) {
		fprintf(stderr, "%s: %s is accessible to group or others "
		    "(mode %03o): refusing to use it\n", prog, dir,
		    (unsigned int)(sb.st_mode & 0777));
		free(dir);
		return (NULL);
	}
	return (dir);
}

/* The socket path in a $MUX or $TMUX value ("path,pid,session"), as a heap
 * string; NULL when the value is unset, empty or has no path. */
static char *
env_socket_path(const char *value)
{
	char	*path;

	if (value == NULL || *value == '\0' || *value == ',')
		return (NULL);
	path = xstrdup(value);
	path[strcspn(path, ",")] = '\0';
	return (path);
}

/* Does a $TMUX value name a mux server (not tmux's)? Its pid (the second
 * field) must be a process started in mux's server mode on that socket.
 * When that cannot be told (no /proc), the answer is no. */
static int
env_is_mux_server(const char *value, const char *path)
{
	const char	*comma = strchr(value, ',');
	char		*end;
	long		 pid;

	if (comma == NULL)
		return (0);
	pid = strtol(comma + 1, &end, 10);
	if (pid <= 0 || (*end != ',' && *end != '\0'))
		return (0);
	return (name_pid_is_mux_server((pid_t)pid, path) == 1);
}

/* The server a pane (or a shell command the server runs) belongs to, from
 * the environment, used when there is no -L or -S. As tmux: $TMUX (else
 * $MUX). Under mux's own name: $MUX, else $TMUX when it names a mux server
 * (inside tmux itself, mux keeps to its own servers). NULL: none. */
static char *
env_server_socket(void)
{
	const char	*tmux_env = getenv("TMUX");
	char		*path;

	if (name_is_tmux()) {
		if ((path = env_socket_path(tmux_env)) != NULL)
			return (path);
		return (env_socket_path(getenv("MUX")));
	}
	if ((path = env_socket_path(getenv("MUX"))) != NULL)
		return (path);
	if ((path = env_socket_path(tmux_env)) != NULL &&
	    !env_is_mux_server(tmux_env, path)) {
		free(path);
		path = NULL;
	}
	return (path);
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
	const char	*label = NULL, *path = NULL, *config = NULL;
	char		*dir, *socket_path, *default_argv[] = { "new-session" };
	char		*server_argv[10];
	struct client_start start;
	int		 opt, n, rc, verbose = 0, foreground = 0, control = 0;
	int		 no_start = 0;
	char		**full_argv;

	setlocale(LC_CTYPE, "");
	name_set_from_argv0(argv[0]);
	full_argv = argv;
	while ((opt = getopt(argc, argv, "+CDf:hlL:NS:uVv")) != -1) {
		switch (opt) {
		case 'C':
			control++;
			break;
		case 'D':
			foreground = 1;
			break;
		case 'l':
			/* tmux: "currently has no effect" (login shells). */
			break;
		case 'N':
			no_start = 1;
			break;
		case 'u':
			/* mux always writes UTF-8 to terminals. */
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
			print_version();
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

	/* Inside a pane (or a shell command the server runs), $MUX or $TMUX
	 * names that pane's server: with no -L or -S, talk to it. */
	socket_path = NULL;
	if (path == NULL && label == NULL)
		socket_path = env_server_socket();
	if (socket_path == NULL && path != NULL)
		socket_path = xstrdup(path);
	else if (socket_path == NULL) {
		if (label == NULL)
			label = "default";
		if (*label == '\0' || strchr(label, '/') != NULL) {
			fprintf(stderr, "%s: invalid socket name: %s\n",
			    name_program(), label);
			return (1);
		}
		if ((dir = socket_dir()) == NULL)
			return (1);
		socket_path = xasprintf("%s/%s", dir, label);
		free(dir);
	}

	if (argc == 2 && strcmp(argv[0], MUX_SERVER_ARG) == 0) {
		rc = server_main(socket_path, config, atoi(argv[1]), foreground,
		    NULL, 0);
		free(socket_path);
		return (rc);
	}
	if (argc == 5 && strcmp(argv[0], MUX_SERVER_ARG) == 0 &&
	    strcmp(argv[2], UPGRADE_ARG) == 0) {
		/* server-upgrade's new server (run), or its dry run (check):
		 * a server's arguments first, so clients know it for one. */
		if (strcmp(argv[4], "check") != 0 &&
		    strcmp(argv[4], "run") != 0) {
			fprintf(stderr, "%s: bad upgrade mode: %s\n",
			    name_program(), argv[4]);
			free(socket_path);
			return (1);
		}
		rc = server_main(socket_path, config, -1, foreground, argv[3],
		    strcmp(argv[4], "check") == 0);
		free(socket_path);
		return (rc);
	}
	if (foreground) {
		if (argc != 0) {
			fprintf(stderr, "mux: no command with -D\n");
			free(socket_path);
			return (1);
		}
		/* Run as a started server runs (the same arguments), so that
		 * clients know it for a mux server from its command line. */
		n = 0;
		server_argv[n++] = (char *)name_program();
		server_argv[n++] = "-S";
		server_argv[n++] = socket_path;
		if (config != NULL) {
			server_argv[n++] = "-f";
			server_argv[n++] = (char *)config;
		}
		server_argv[n++] = "-D";
		server_argv[n++] = MUX_SERVER_ARG;
		server_argv[n++] = "-1";
		server_argv[n] = NULL;
		execv("/proc/self/exe", server_argv);
		/* No /proc: serve from here. */
		rc = server_main(socket_path, config, -1, 1, NULL, 0);
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
	if (no_start)
		n = 0;

	/* The server runs under the same name (it sets $TMUX or $MUX). */
	server_argv[0] = (char *)name_program();
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
	client_set_argv(full_argv);
	rc = client_main(socket_path, argc, argv, n ? &start : NULL);
	free(socket_path);
	return (rc);
}
