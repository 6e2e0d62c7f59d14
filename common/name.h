/*
 * The name mux answers to. Installed as `tmux` (a link to mux), mux is
 * tmux for the tools that look for tmux: $TMUX and $TMUX_PANE in panes,
 * $TMUX_TMPDIR and tmux-UID for the socket, tmux's config files first and
 * a tmux version line from -V. Under its own name it keeps $MUX,
 * $MUX_PANE, $MUX_TMPDIR, mux-UID and its own config files.
 */
#ifndef MUX_COMMON_NAME_H
#define MUX_COMMON_NAME_H

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

#endif
