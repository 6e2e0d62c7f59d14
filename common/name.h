/*
 * The name mux answers to. Installed as `tmux` (a link to mux), mux is
 * tmux for the tools that look for tmux: $TMUX and $TMUX_PANE in panes,
 * $TMUX_TMPDIR and tmux-UID for the socket, tmux's config files first and
 * a tmux version line from -V. Under its own name it keeps $MUX,
 * $MUX_PANE, $MUX_TMPDIR, mux-UID and its own config files.
 */
#ifndef MUX_COMMON_NAME_H
#define MUX_COMMON_NAME_H

#include <sys/types.h>

/* The tmux release whose language mux speaks: `tmux -V` when installed
 * as tmux, and #{version}, which configurations compare to decide what
 * they may use. */
#define TMUX_COMPAT_VERSION	"3.3a"

/* The argument that puts the binary in server mode (used by the client
 * that starts a server; not for users). */
#define MUX_SERVER_ARG	"__mux_server__"

/* Decide from argv[0]: its last component "tmux" means tmux's names. */
void		 name_set_from_argv0(const char *argv0);
/* Nonzero when running as tmux. */
int		 name_is_tmux(void);
/* "tmux" or "mux": the program name for messages and the server exec. */
const char	*name_program(void);
/* The variable naming a pane's server: "TMUX" or "MUX". */
const char	*name_env(void);
/* The variable naming a pane: "TMUX_PANE" or "MUX_PANE". */
const char	*name_pane_env(void);
/* The variable naming the socket's parent directory: "TMUX_TMPDIR" or
 * "MUX_TMPDIR". */
const char	*name_tmpdir_env(void);
/* Is process pid a mux server (started in server mode; on socket path
 * with -S when path is not NULL)? 1 yes, 0 no, -1 cannot tell (no /proc
 * or no such process). */
int		 name_pid_is_mux_server(pid_t pid, const char *path);

#endif
