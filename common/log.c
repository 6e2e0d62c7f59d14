/*
 * The debug log and fatal errors. The log is a plain file, line buffered,
 * with a monotonic timestamp on each line; nothing is written when closed.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/log.h"

static FILE	*log_file;

void
log_open(const char *name, int level)
{
	char	path[256];

	if (level <= 0 && getenv("MUX_LOG") == NULL)
		return;
	log_close();
	snprintf(path, sizeof path, "mux-%s-%ld.log", name, (long)getpid());
	log_file = fopen(path, "ae");	/* not for the programs it runs */
	if (log_file != NULL)
		setvbuf(log_file, NULL, _IOLBF, 0);
}

void
log_close(void)
{
	if (log_file != NULL)
		fclose(log_file);
	log_file = NULL;
}

int
log_enabled(void)
{
	return (log_file != NULL);
}

static void
log_vwrite(const char *prefix, const char *fmt, va_list ap)
{
	struct timespec	ts;

	if (log_file == NULL)
		return;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	fprintf(log_file, "%lld.%06ld %s", (long long)ts.tv_sec,
	    ts.tv_nsec / 1000, prefix);
	vfprintf(log_file, fmt, ap);
	fputc('\n', log_file);
}

void
log_debug(const char *fmt, ...)
{
	va_list	ap;

	if (log_file == NULL)
		return;
	va_start(ap, fmt);
	log_vwrite("", fmt, ap);
	va_end(ap);
}

static void __attribute__((noreturn))
fatal_common(int with_errno, const char *fmt, va_list ap)
{
	char	msg[1024];
	int	saved = errno;

	vsnprintf(msg, sizeof msg, fmt, ap);
	if (with_errno)
		fprintf(stderr, "mux: fatal: %s: %s\n", msg, strerror(saved));
	else
		fprintf(stderr, "mux: fatal: %s\n", msg);
	if (log_file != NULL) {
		fprintf(log_file, "fatal: %s%s%s\n", msg,
		    with_errno ? ": " : "", with_errno ? strerror(saved) : "");
		fflush(log_file);
	}
	abort();
}

void
fatal(const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	fatal_common(1, fmt, ap);
}

void
fatalx(const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	fatal_common(0, fmt, ap);
}
