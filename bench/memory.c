/*
 * memory: the server's resident memory (VmRSS from /proc) at rest, the
 * growth per pane, and the growth per history line, for mux and for tmux.
 *
 *   at rest	one session with one idle pane (the echo child), no client
 *   per pane	N more panes (--panes, 20), each a new window (new-window
 *		-d) running the echo child, growth / N; the programs in the
 *		panes are not counted
 *   per line	a pane of 80x24 prints --lines (10,000) lines, then a
 *		marker;
 *		once capture-pane shows the marker, growth / lines. Three
 *		times: full 80-column lines (the worst case for plain text),
 *		lines of random length averaging half the width (typical),
 *		and full lines whose every character has its own 24-bit
 *		colour (the worst case for styles)
 *
 * history-limit is raised above --lines first, so every line is kept.
 * Each reading waits for the RSS to settle (the same value three times
 * 50 ms apart), since a server may still be allocating when the command
 * that asked for the change returns.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/xmalloc.h"
#include "bench/bench.h"

/* RSS once it stops changing; -1 if the process is gone. */
static int64_t
mem_settle(pid_t pid)
{
	uint64_t	end = now_ns() + 3000000000ULL;
	int64_t		last = -1, v;
	int		same = 0;

	while (same < 3 && now_ns() < end) {
		v = proc_rss_kib(pid);
		if (v < 0)
			return (-1);
		same = v == last ? same + 1 : 0;
		last = v;
		sleep_ns(50000000);
	}
	return (last);
}

/* Keep and print one memory row. */
static void
mem_row(const char *metric, const char *mode, double value, const char *unit)
{
	struct samples	s = { 0 };
	struct result	*r;

	samples_add(&s, value);
	r = report_add(metric, mode, unit, BETTER_LOWER, &s);
	report_raw(metric, mode, 0, 0, value, unit);
	printf("%-16s %-8s %12.1f  %s\n", r->metric, r->mode, r->p50, unit);
	fflush(stdout);
	samples_free(&s);
}

/* The kinds of history line measured. */
enum mem_lines {
	MEM_FULL,
	MEM_HALF,
	MEM_RGB,
	MEM_LINES_COUNT
};
static const char *const mem_lines_names[MEM_LINES_COUNT] = {
	"full", "half", "rgb"
};

/* n lines of cols characters, each character in its own 24-bit colour. */
static void
mem_rgb_lines(unsigned int cols, int n, struct buf *out)
{
	unsigned int	x;
	int		line;

	for (line = 0; line < n; line++) {
		for (x = 0; x < cols; x++) {
			buf_printf(out, "\033[38;2;%u;%u;%um%c",
			    (x * 3 + line) & 0xff, (line * 7) & 0xff,
			    (255 - x) & 0xff, 'a' + (line + x) % 26);
		}
		buf_printf(out, "\033[m\r\n");
	}
}

/* Growth in bytes per line of a pane printing lines of a kind; -1 on
 * error. */
static double
mem_history(struct target *t, pid_t server, enum mem_lines kind, char *err,
    size_t errlen)
{
	struct buf	 data = { 0 };
	char		*argv[] = { opt.self, "write-child", NULL, NULL };
	char		 session[8], marker[32], name[32];
	char		*file;
	int64_t		 before, after;
	double		 timeout = opt.timeout + opt.lines / 2000.0;

	snprintf(session, sizeof session, "h%c", mem_lines_names[kind][0]);
	snprintf(marker, sizeof marker, "MUXBENCH-END-%s",
	    mem_lines_names[kind]);
	snprintf(name, sizeof name, "lines-%s", mem_lines_names[kind]);
	if (kind == MEM_RGB) {
		mem_rgb_lines(80, opt.lines, &data);
		timeout += opt.lines / 1000.0;
	} else
		workload_lines(80, opt.lines, kind == MEM_FULL, &data);
	buf_printf(&data, "%s\r\n", marker);
	file = workload_file(name, &data);
	buf_free(&data);
	argv[2] = file;

	if (target_new_session(t, session, 80, 24, argv) != 0 ||
	    target_wait_text(t, session, ">", opt.timeout) != 0) {
		snprintf(err, errlen, "%s", t->error);
		free(file);
		return (-1);
	}
	before = mem_settle(server);
	if (target_cmd(t, NULL, "send-keys", "-t", session, "g", NULL) != 0 ||
	    target_wait_text(t, session, marker, timeout) != 0) {
		snprintf(err, errlen, "%s", t->error);
		free(file);
		return (-1);
	}
	after = mem_settle(server);
	free(file);
	if (before < 0 || after < 0) {
		snprintf(err, errlen, "the %s server exited", t->name);
		return (-1);
	}
	return ((after - before) * 1024.0 / opt.lines);
}

/* One mode: memory at rest, per pane, per history line. */
static int
mem_mode(int m)
{
	struct target	 t;
	char		*echo[] = { opt.self, "echo-child", NULL };
	char		 limit[32], session[32], metric[32], err[1024];
	int64_t		 rest, before, after;
	pid_t		 server;
	double		 line;
	int		 i, by_session = 0;
	enum mem_lines	 kind;

	target_init(&t, m, "m");
	if (target_start(&t, "m", opt.cols, opt.rows, echo) != 0) {
		fprintf(stderr, "mux-bench: memory: %s\n", t.error);
		return (1);
	}
	snprintf(limit, sizeof limit, "%d", opt.lines + 1000);
	if (target_cmd(&t, NULL, "set-option", "-g", "history-limit", limit,
	    NULL) != 0)
		bench_note("memory: %s; the per-line figures of %s use its "
		    "default history limit", t.error, t.name);
	if ((server = target_server_pid(&t)) <= 0) {
		fprintf(stderr, "mux-bench: memory: the %s server's pid is "
		    "unknown (no display-message '#{pid}' and no process holds "
		    "%s)\n", t.name, t.socket);
		target_stop(&t);
		return (1);
	}
	if (target_wait_text(&t, "m", ">", opt.timeout) != 0)
		bench_note("memory: %s; measuring anyway", t.error);
	rest = mem_settle(server);
	mem_row("mem-rest", t.name, rest, "KiB");

	before = mem_settle(server);
	for (i = 0; i < opt.panes; i++) {
		/* "m:" is the session (the next free window index). */
		if (!by_session && target_cmd(&t, NULL, "new-window", "-d",
		    "-t", "m:", opt.self, "echo-child", NULL) == 0)
			continue;
		if (i == 0 && !by_session) {
			bench_note("memory: %s; %s panes are made as new "
			    "sessions instead", t.error, t.name);
			by_session = 1;
		}
		snprintf(session, sizeof session, "p%d", i);
		if (!by_session || target_new_session(&t, session, opt.cols,
		    opt.rows, echo) != 0) {
			fprintf(stderr, "mux-bench: memory: %s\n", t.error);
			target_stop(&t);
			return (1);
		}
	}
	after = mem_settle(server);
	mem_row("mem-pane", t.name, (after - before) / (double)opt.panes,
	    "KiB");

	for (kind = 0; kind < MEM_LINES_COUNT; kind++) {
		line = mem_history(&t, server, kind, err, sizeof err);
		if (line < 0) {
			fprintf(stderr, "mux-bench: memory: %s\n", err);
			target_stop(&t);
			return (1);
		}
		snprintf(metric, sizeof metric, "mem-line-%s",
		    mem_lines_names[kind]);
		mem_row(metric, t.name, line, "B");
	}
	target_stop(&t);
	return (0);
}

/* memory: the server's memory, mux and tmux. */
int
memory_main(int argc, char **argv)
{
	int	m, rc = 0;

	if (argc > 0)
		bench_fail("memory: unexpected argument: %s", argv[0]);
	printf("%-16s %-8s %12s  %s\n", "metric", "mode", "value", "unit");
	for (m = MODE_MUX; m < MODE_COUNT; m++) {
		if (opt.modes & (1u << m))
			rc |= mem_mode(m);
	}
	if (!(opt.modes & ((1u << MODE_MUX) | (1u << MODE_TMUX))))
		bench_note("memory: neither mux nor tmux to measure (direct "
		    "has no server)");
	return (rc);
}
