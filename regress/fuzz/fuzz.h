/*
 * fuzz: what the fuzz targets in regress/fuzz/ share. Each target is one
 * file defining LLVMFuzzerTestOneInput (and perhaps LLVMFuzzerInitialize).
 * Built with ./configure --enable-fuzzing it links libFuzzer (make
 * check-fuzz runs it); otherwise it links replay.c, a main() that runs it
 * once over each file named (make check replays the seed corpus and every
 * crash input kept in regress/fuzz/crashes/).
 */
#ifndef MUX_FUZZ_H
#define MUX_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int	LLVMFuzzerInitialize(int *argc, char ***argv);
int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A NUL-terminated heap copy of the input (NUL bytes in it end the
 * string early, as they would in a C string from any source). */
char	*fuzz_string(const uint8_t *data, size_t size);
/* Forbid starting processes from here on (fork, exec; threads stay
 * allowed): for targets whose code may run shell commands. Aborts when it
 * cannot be done, so a target never runs what the fuzzer wrote. */
void	fuzz_no_processes(void);

#endif
