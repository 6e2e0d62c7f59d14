/*
 * Keystroke path timestamps (see trace.h). One open fd, one write per stamp.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "common/trace.h"

int		 trace_on;
static int	 trace_fd = -1;
static const char *trace_who = "?";

void
trace_init(const char *who)
{
	const char	*path = getenv("MUX_TRACE");

	trace_who = who;
	if (trace_fd != -1) {
		close(trace_fd);
		trace_fd = -1;
	}
	trace_on = 0;
	if (path == NULL || *path == '\0')
		return;
	trace_fd = open(path, O_WRONLY|O_APPEND|O_CREAT|O_CLOEXEC, 0600);
	if (trace_fd != -1)
		trace_on = 1;
}

void
trace_write(const char *hop)
{
	struct timespec	ts;
	char		line[128];
	int		n;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	n = snprintf(line, sizeof line, "%s %s %lld\n", hop, trace_who,
	    (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec);
	if (n > 0 && (size_t)n < sizeof line)
		(void)!write(trace_fd, line, n);
}
