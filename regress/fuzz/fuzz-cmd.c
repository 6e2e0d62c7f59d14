/*
 * fuzz-cmd: the command parser (cmd/cmd.c): text as a config line or a
 * binding gives it (cmd_parse_string), and the same bytes split at NULs
 * as a CLI argv (cmd_parse_argv). A parsed list is printed back and the
 * printed form parsed again (what list-keys shows must parse).
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "regress/fuzz/fuzz.h"

/* Parse text; on success print it and parse the printed text. */
static void
fuzz_string_parse(const char *text, int again)
{
	struct cmd_list	*cl;
	char		*cause = NULL, *printed;

	if ((cl = cmd_parse_string(text, "fuzz:1", &cause)) == NULL) {
		free(cause);
		return;
	}
	printed = cmd_list_print(cl);
	cmd_list_free(cl);
	if (again)
		fuzz_string_parse(printed, 0);
	free(printed);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cmd_list	 *cl;
	char		 *text, **argv, *cause = NULL;
	size_t		  i, start;
	int		  argc = 0;

	if (size > 65536)
		return (0);
	text = fuzz_string(data, size);
	fuzz_string_parse(text, 1);

	argv = calloc(size + 2, sizeof *argv);
	if (argv == NULL)
		abort();
	for (i = start = 0; i <= size; i++) {
		if (i == size || data[i] == '\0') {
			argv[argc++] = fuzz_string(data + start, i - start);
			start = i + 1;
		}
	}
	if ((cl = cmd_parse_argv(argc, argv, &cause)) != NULL) {
		free(cmd_list_print(cl));
		cmd_list_free(cl);
	} else
		free(cause);
	while (argc > 0)
		free(argv[--argc]);
	free(argv);
	free(text);
	return (0);
}
