/*
 * Inside the options module: the definition table (options-table.c) that
 * options.c reads, and the checks (options-check.c) it makes.
 */
#ifndef MUX_OPTIONS_INT_H
#define MUX_OPTIONS_INT_H

#include "model/options.h"

extern const struct option_def		 options_table[];
extern const unsigned int		 options_table_size;
extern const char *const		 options_status_format_default[];

/* Is path a shell new panes could run (absolute, executable, not mux or
 * tmux itself)? */
int	options_shell_valid(const char *path);

#endif
