/*
 * idle: how often an idle server and an attached client wake up. Three
 * quiet panes in one window (split-window; new windows if mux cannot split
 * yet), one of which printed 1,000 lines of history first; a client
 * attached in a pty the bench owns. Once the history is on screen and the
 * client has been quiet for a moment, the bench counts context switches
 * (voluntary + involuntary, every thread, from /proc/PID/task/N/status)
 * over the window (--seconds, 10). A process that sleeps until something
 * happens switches zero times; anything else is a timer that should not
 * be there. tmux runs with its status line off (no clock to redraw).
 */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/xmalloc.h"
#include "bench/bench.h"

/* How long the client must be quiet before counting starts: longer than
 * the work a server may still do in answer to the last output (mux checks
 * automatic window names once, 500 ms after output), so that what is
 * counted is idling, not the tail of the activity. */
#define IDLE_QUIET_NS	1000000000ULL

static char	idle_buf[65536];

/* Read the client until it has been quiet for IDLE_QUIET_NS, or until
 * deadline; returns bytes read, -1 if the client went away. */
static int64_t
idle_drain(int fd, uint64_t quiet, uint64_t deadline, int until_quiet)
{
	struct pollfd	pfd;
	uint64_t	last = now_ns(), now;
	int64_t		total = 0;
	ssize_t		n;

	for (;;) {
		now = now_ns();
		if (now >= deadline || (until_quiet && now - last >= quiet))
			return (total);
		pfd.fd = fd;
		pfd.events = POLLIN;
		if (poll(&pfd, 1, 10) <= 0)
			continue;
		n = proc_read(fd, idle_buf, sizeof idle_buf);
		if (n == 0)
			return (-1);
		if (n > 0) {
			total += n;
			last = now_ns();
		}
	}
}

/* Keep and print one idle row. */
static void
idle_row(const char *metric, const char *mode, double per_s, int64_t total)
{
	struct samples	s = { 0 };

	samples_add(&s, per_s);
	report_add(metric, mode, "/s", BETTER_LOWER, &s);
	report_raw(metric, mode, 0, 0, per_s, "/s");
	printf("%-16s %-8s %8.1f %12.2f %8lld\n", metric, mode, opt.seconds,
	    per_s, (long long)total);
	fflush(stdout);
	samples_free(&s);
}

/* One mode: three quiet panes, a client, a window of counting. */
static int
idle_mode(int m)
{
	struct target	 t;
	struct buf	 data = { 0 };
	char		*first[] = { opt.self, "write-child", "--now", NULL,
			    NULL };
	char		*attach[] = { NULL };
	const char	*how = "split-window";
	char		*file;
	int64_t		 s0, s1, c0, c1, wrote;
	pid_t		 server, client;
	int		 fd, i, panes = 1, rc = 1;

	workload_lines(opt.cols, 1000, 0, &data);
	buf_printf(&data, "MUXBENCH-END-idle\r\n");
	file = workload_file("idle-history", &data);
	buf_free(&data);
	first[3] = file;

	target_init(&t, m, "i");
	if (target_start(&t, "i", opt.cols, opt.rows, first) != 0) {
		fprintf(stderr, "mux-bench: idle: %s\n", t.error);
		free(file);
		return (1);
	}
	for (i = 0; i < 2; i++) {
		if (target_cmd(&t, NULL, how, "-d", "-t",
		    strcmp(how, "new-window") == 0 ? "i:" : "i", opt.self,
		    "echo-child", NULL) == 0) {
			panes++;
			continue;
		}
		if (strcmp(how, "split-window") == 0) {
			bench_note("idle: %s; %s gets its quiet panes as new "
			    "windows", t.error, t.name);
			how = "new-window";
			i--;
			continue;
		}
		bench_note("idle: %s; %s is measured with %d pane%s", t.error,
		    t.name, panes, panes == 1 ? "" : "s");
		break;
	}
	if (target_wait_text(&t, "i", "MUXBENCH-END-idle", opt.timeout) != 0) {
		fprintf(stderr, "mux-bench: idle: %s\n", t.error);
		goto out;
	}
	if ((server = target_server_pid(&t)) <= 0) {
		fprintf(stderr, "mux-bench: idle: the %s server's pid is "
		    "unknown\n", t.name);
		goto out;
	}

	client = target_spawn(&t, "i", 1, opt.cols, opt.rows, attach, &fd);
	if (idle_drain(fd, IDLE_QUIET_NS, now_ns() + (uint64_t)(opt.timeout *
	    1e9), 1) <= 0) {
		fprintf(stderr, "mux-bench: idle: the %s client %s\n", t.name,
		    proc_alive(client) ? "drew nothing" : "exited");
		proc_kill(client);
		close(fd);
		goto out;
	}

	s0 = proc_ctxt_switches(server);
	c0 = proc_ctxt_switches(client);
	wrote = idle_drain(fd, 0, now_ns() + (uint64_t)(opt.seconds * 1e9), 0);
	s1 = proc_ctxt_switches(server);
	c1 = proc_ctxt_switches(client);
	if (wrote < 0 || s0 < 0 || s1 < 0 || c0 < 0 || c1 < 0) {
		fprintf(stderr, "mux-bench: idle: the %s %s went away during "
		    "the window\n", t.name, s1 < 0 ? "server" : "client");
	} else {
		idle_row("idle-server", t.name, (s1 - s0) / opt.seconds,
		    s1 - s0);
		idle_row("idle-client", t.name, (c1 - c0) / opt.seconds,
		    c1 - c0);
		if (wrote > 0)
			bench_note("idle: the %s client wrote %lld bytes to "
			    "its terminal during the idle window", t.name,
			    (long long)wrote);
		rc = 0;
	}
	target_stop(&t);
	if (proc_wait(client, 5, NULL) != 0)
		proc_kill(client);
	close(fd);
out:
	target_stop(&t);
	free(file);
	return (rc);
}

/* idle: wake-ups of idle servers and clients. */
int
idle_main(int argc, char **argv)
{
	int	m, rc = 0;

	if (argc > 0)
		bench_fail("idle: unexpected argument: %s", argv[0]);
	printf("%-16s %-8s %8s %12s %8s\n", "metric", "mode", "seconds",
	    "wake-ups/s", "total");
	for (m = MODE_MUX; m < MODE_COUNT; m++) {
		if (opt.modes & (1u << m))
			rc |= idle_mode(m);
	}
	if (!(opt.modes & ((1u << MODE_MUX) | (1u << MODE_TMUX))))
		bench_note("idle: neither mux nor tmux to measure (direct has "
		    "no server)");
	return (rc);
}
