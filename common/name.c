/* The name mux answers to (see name.h). */
#include <stdio.h>
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

int
name_pid_is_mux_server(pid_t pid, const char *path)
{
	char	 file[64], cmdline[4096], *arg;
	size_t	 len;
	FILE	*f;
	int	 said_s = 0, on_path = (path == NULL), server = 0;

	snprintf(file, sizeof file, "/proc/%ld/cmdline", (long)pid);
	if ((f = fopen(file, "r")) == NULL)
		return (-1);
	len = fread(cmdline, 1, sizeof cmdline - 1, f);
	fclose(f);
	if (len == 0)
		return (-1);	/* a zombie, or gone */
	cmdline[len] = '\0';
	for (arg = cmdline; arg < cmdline + len; arg += strlen(arg) + 1) {
		if (said_s && path != NULL && strcmp(arg, path) == 0)
			on_path = 1;
		said_s = strcmp(arg, "-S") == 0;
		if (strcmp(arg, MUX_SERVER_ARG) == 0)
			server = 1;
	}
	return (on_path && server);
}
