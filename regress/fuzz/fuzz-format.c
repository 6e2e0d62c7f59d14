/*
 * fuzz-format: the format expander (model/format.c): any text as a
 * format, with no target and for a paste buffer, against a server with
 * its default options. #(command) would start a shell: processes are
 * forbidden first (fuzz_no_processes), so the expander's job path runs
 * up to the failed fork and no further.
 */
#include <stdlib.h>
#include <string.h>

#include "model/format.h"
#include "model/options.h"
#include "model/paste.h"
#include "model/state.h"
#include "regress/fuzz/fuzz.h"

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_no_processes();
	srv = calloc(1, sizeof *srv);
	if (srv == NULL)
		abort();
	srv->pid = 4242;
	srv->socket_path = strdup("/tmp/mux-fuzz/default");
	TAILQ_INIT(&srv->sessions);
	TAILQ_INIT(&srv->windows);
	TAILQ_INIT(&srv->clients);
	TAILQ_INIT(&srv->format_jobs);
	TAILQ_INIT(&srv->buffers);
	TAILQ_INIT(&srv->jobs);
	srv->options = options_create(NULL, OPTION_SERVER);
	srv->session_options = options_create(NULL, OPTION_SESSION);
	srv->window_options = options_create(NULL, OPTION_WINDOW);
	paste_set("fuzz", "a\tb\\c\033d\n\xc3\xa9\xff", 11);
	return (0);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char	*fmt;

	if (size > 16384)
		return (0);
	fmt = fuzz_string(data, size);
	free(format_expand(fmt, NULL, NULL));
	free(format_expand_buffer(fmt, paste_find("fuzz")));
	free(fmt);
	return (0);
}
