/*
 * fuzz-config: the config loader (cmd_parse_file, what source-file and
 * the startup config read): the input is the file, handed over through a
 * memfd so nothing touches the disk. Lines joined by backslashes, comments,
 * errors with their line numbers, all from the one real reader.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "common/proto.h"
#include "regress/fuzz/fuzz.h"

static int	fuzz_fd = -1;
static char	fuzz_path[64];

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	if ((fuzz_fd = memfd_create("fuzz-config", 0)) == -1) {
		perror("memfd_create");
		abort();
	}
	snprintf(fuzz_path, sizeof fuzz_path, "/proc/self/fd/%d", fuzz_fd);
	return (0);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cmd_parse_input	 pi;
	struct cmd_list		*cl;
	struct pbuf		 errors;
	size_t		 done = 0;
	ssize_t		 n;

	if (size > 65536)
		return (0);
	if (ftruncate(fuzz_fd, 0) != 0 || lseek(fuzz_fd, 0, SEEK_SET) != 0)
		abort();
	while (done < size) {
		if ((n = write(fuzz_fd, data + done, size - done)) <= 0)
			abort();
		done += n;
	}
	pbuf_init(&errors);
	memset(&pi, 0, sizeof pi);
	pi.flags = CMD_PARSE_PARSEONLY;	/* NAME=value: no server to set */
	cl = cmd_parse_file(fuzz_path, &pi, &errors);
	/* A file that does not parse runs nothing, and says why. */
	if (cl == NULL && errors.len == 0)
		abort();
	if (cl != NULL) {
		free(cmd_list_print(cl));
		cmd_list_free(cl);
	}
	pbuf_free(&errors);
	return (0);
}
