/* The name mux answers to (see name.h). */
#include <string.h>

#include "common/name.h"

static int	name_tmux;

void
name_set_from_argv0(const char *argv0)
{
	const char	*base;

	if (argv0 == NULL) {
		name_tmux = 0;
		return;
	}
	base = strrchr(argv0, '/');
	base = base != NULL ? base + 1 : argv0;
	name_tmux = strcmp(base, "tmux") == 0;
}

int
name_is_tmux(void)
{
	return (name_tmux);
}

const char *
name_program(void)
{
	return (name_tmux ? "tmux" : "mux");
}

const char *
name_env(void)
{
	return (name_tmux ? "TMUX" : "MUX");
}

const char *
name_pane_env(void)
{
	return (name_tmux ? "TMUX_PANE" : "MUX_PANE");
}

const char *
name_tmpdir_env(void)
{
	return (name_tmux ? "TMUX_TMPDIR" : "MUX_TMPDIR");
}
