/*
 * Keystroke path timestamps (see trace.h). One open fd; the stamps of a
 * keystroke's part in this process go out in one write (trace_write).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/*
 * A write to the file is slow just after a wake-up (tens of microseconds
 * here, the first system call of the turn), and would count in the next
 * hop: the stamps are kept, and written in one go after the hop that ends
 * this process's part of the keystroke (its write to the next one is out
 * by then), or when the buffer runs low.
 */
static int
trace_ends(const char *hop)
{
	return (strcmp(hop, "tty-written") == 0 ||
	    strcmp(hop, "frame-sent") == 0 ||
	    strcmp(hop, "key-sent") == 0 ||
	    strcmp(hop, "frame-written") == 0);
}

/*
 * A stamp is a clock read and two stores: formatting (a cold snprintf is
 * microseconds) waits for the flush, after the hop that ends this
 * process's part, so that it counts in no hop.
 */
void
trace_write(const char *hop)
{
	static struct {
		const char	*hop;
		struct timespec	 ts;
	}		 held[64];
	static size_t	 nheld;
	char		 buf[64 * 96];
	size_t		 len = 0, i;
	int		 n;

	clock_gettime(CLOCK_MONOTONIC, &held[nheld].ts);
	held[nheld++].hop = hop;
	if (!trace_ends(hop) && nheld < sizeof held / sizeof held[0])
		return;
	for (i = 0; i < nheld; i++) {
		n = snprintf(buf + len, sizeof buf - len, "%s %s %lld\n",
		    held[i].hop, trace_who, (long long)held[i].ts.tv_sec *
		    1000000000LL + held[i].ts.tv_nsec);
		if (n > 0 && (size_t)n < sizeof buf - len)
			len += n;
	}
	nheld = 0;
	if (len > 0)
		(void)!write(trace_fd, buf, len);
}
