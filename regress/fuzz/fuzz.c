/*
 * fuzz.c: helpers the fuzz targets share (see fuzz.h).
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

#include "regress/fuzz/fuzz.h"

char *
fuzz_string(const uint8_t *data, size_t size)
{
	char	*s = malloc(size + 1);

	if (s == NULL)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';
	return (s);
}

#if defined(__x86_64__)
#define FUZZ_ARCH	AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define FUZZ_ARCH	AUDIT_ARCH_AARCH64
#endif

/*
 * A seccomp filter: execve and execveat fail with EPERM, so nothing the
 * input names can run; fork and vfork fail too, and so does a clone that
 * shares no memory (a fork) or is a vfork (posix_spawn); threads and
 * LeakSanitizer's tracer (a clone sharing memory) are allowed. clone3
 * says ENOSYS, so the C library falls back to clone, whose flags the
 * filter can see.
 */
void
fuzz_no_processes(void)
{
#ifdef FUZZ_ARCH
#define FUZZ_DENY(e)	BPF_STMT(BPF_RET|BPF_K, SECCOMP_RET_ERRNO | (e))
#define FUZZ_IS(nr, skip) \
	BPF_JUMP(BPF_JMP|BPF_JEQ|BPF_K, (nr), 0, (skip))
	struct sock_filter	 filter[] = {
		BPF_STMT(BPF_LD|BPF_W|BPF_ABS,
		    offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP|BPF_JEQ|BPF_K, FUZZ_ARCH, 1, 0),
		BPF_STMT(BPF_RET|BPF_K, SECCOMP_RET_KILL_PROCESS),
		BPF_STMT(BPF_LD|BPF_W|BPF_ABS,
		    offsetof(struct seccomp_data, nr)),
#ifdef __NR_fork
		FUZZ_IS(__NR_fork, 1), FUZZ_DENY(EPERM),
#endif
#ifdef __NR_vfork
		FUZZ_IS(__NR_vfork, 1), FUZZ_DENY(EPERM),
#endif
		FUZZ_IS(__NR_execve, 1), FUZZ_DENY(EPERM),
		FUZZ_IS(__NR_execveat, 1), FUZZ_DENY(EPERM),
		FUZZ_IS(__NR_clone3, 1), FUZZ_DENY(ENOSYS),
		FUZZ_IS(__NR_clone, 4),
		BPF_STMT(BPF_LD|BPF_W|BPF_ABS,
		    offsetof(struct seccomp_data, args[0])),
		BPF_JUMP(BPF_JMP|BPF_JSET|BPF_K, CLONE_VFORK, 1, 0),
		BPF_JUMP(BPF_JMP|BPF_JSET|BPF_K, CLONE_THREAD|CLONE_VM, 1, 0),
		FUZZ_DENY(EPERM),
		BPF_STMT(BPF_RET|BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog	 prog = {
		sizeof filter / sizeof filter[0], filter
	};

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 &&
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) == 0)
		return;
	fprintf(stderr, "fuzz: cannot forbid processes: %s\n",
	    strerror(errno));
#else
	fprintf(stderr, "fuzz: cannot forbid processes on this machine\n");
#endif
	abort();
}
