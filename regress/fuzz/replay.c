/*
 * replay: the main() of a fuzz target built without libFuzzer. Runs the
 * target once over each file named, and over each file in each directory
 * named (not recursively), so make check replays the seed corpus and the
 * crash inputs kept as regression tests. Exit status 0 when every input
 * ran (a crash or sanitizer report ends the process with another).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "regress/fuzz/fuzz.h"

/* Set when the target has one (weak: most do not). */
int	LLVMFuzzerInitialize(int *, char ***) __attribute__((weak));

/* Run one file; -1 when it cannot be read. */
static int
replay_file(const char *path)
{
	FILE		*f;
	uint8_t		*data = NULL;
	size_t		 size = 0, len = 0, n;

	if ((f = fopen(path, "rb")) == NULL) {
		perror(path);
		return (-1);
	}
	for (;;) {
		if (len == size) {
			size = size == 0 ? 4096 : size * 2;
			if ((data = realloc(data, size)) == NULL)
				abort();
		}
		n = fread(data + len, 1, size - len, f);
		if (n == 0)
			break;
		len += n;
	}
	if (ferror(f)) {
		perror(path);
		fclose(f);
		free(data);
		return (-1);
	}
	fclose(f);
	LLVMFuzzerTestOneInput(data, len);
	free(data);
	return (0);
}

int
main(int argc, char **argv)
{
	struct stat	 sb;
	struct dirent	*de;
	DIR		*d;
	char		*path;
	int		 i, n = 0, bad = 0;

	if (LLVMFuzzerInitialize != NULL)
		LLVMFuzzerInitialize(&argc, &argv);
	for (i = 1; i < argc; i++) {
		if (stat(argv[i], &sb) != 0) {
			perror(argv[i]);
			bad = 1;
			continue;
		}
		if (!S_ISDIR(sb.st_mode)) {
			bad |= replay_file(argv[i]) != 0;
			n++;
			continue;
		}
		if ((d = opendir(argv[i])) == NULL) {
			perror(argv[i]);
			bad = 1;
			continue;
		}
		while ((de = readdir(d)) != NULL) {
			if (de->d_name[0] == '.')
				continue;
			if (asprintf(&path, "%s/%s", argv[i], de->d_name) < 0)
				abort();
			if (stat(path, &sb) == 0 && S_ISREG(sb.st_mode)) {
				bad |= replay_file(path) != 0;
				n++;
			}
			free(path);
		}
		closedir(d);
	}
	printf("%s: %d inputs replayed\n", argv[0], n);
	return (bad);
}
