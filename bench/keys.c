/*
 * keys: keystroke to screen, and startup to the first prompt.
 *
 * Every mode runs the echo child (child.c). For each run the bench spawns
 * a client in a fresh pty of the same size (direct: the echo child itself;
 * mux and tmux: `new-session` attached, so the client is what the bench
 * reads), times the spawn until the prompt is drawn (the startup sample:
 * cursor at row 0, column 2), then types keys 25-35 ms apart (random, the
 * same keys and gaps for every mode in a run; with --gap, each key that
 * long after the last one's echo), each timed from just before
 * the key is written to the pty (t0) to the read that put the cursor where
 * the key's echo leaves it (t1). Modes alternate run by run; the first run
 * of each mode and the first keys of each run are warm-up and discarded.
 *
 * Warm startups find the server running (a "keep" session holds it up);
 * cold startups kill the server first, so the client starts one.
 *
 * --flood: before typing, a second pane of the same window (split-window)
 * prints without end; typing must not wait for it. The direct mode gets
 * the same flood in a second pty that the bench drains.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/xmalloc.h"
#include "bench/bench.h"

#define KEYS_WARMUP	2	/* keys typed and discarded per run */
#define ECHO_WRAP	60	/* the echo child's line length */
#define KEYS_SEED	0x6b657973ULL
#define FLOOD_SEEN	16384	/* bytes of the flood the client must show */

static char	keys_buf[65536];

/* Keep the last bytes for messages. */
static void
conn_keep_tail(struct conn *c, const char *p, size_t n)
{
	size_t	keep = sizeof c->tail;

	if (n >= keep) {
		memcpy(c->tail, p + n - keep, keep);
		c->tail_len = keep;
		return;
	}
	if (c->tail_len + n > keep) {
		memmove(c->tail, c->tail + (c->tail_len + n - keep),
		    keep - n);
		c->tail_len = keep - n;
	}
	memcpy(c->tail + c->tail_len, p, n);
	c->tail_len += n;
}

/* The kept tail, escaped for a message (static buffer). */
const char *
conn_tail(struct conn *c)
{
	static char	out[sizeof c->tail * 4 + 1];
	size_t		i, o = 0;
	unsigned char	ch;

	for (i = 0; i < c->tail_len; i++) {
		ch = c->tail[i];
		if (ch == 0x1b)
			o += sprintf(out + o, "\\e");
		else if (ch == '\r')
			o += sprintf(out + o, "\\r");
		else if (ch == '\n')
			o += sprintf(out + o, "\\n");
		else if (ch < 0x20 || ch == 0x7f)
			o += sprintf(out + o, "\\x%02x", ch);
		else
			out[o++] = ch;
	}
	out[o] = '\0';
	return (out);
}

/* Read fd at most rate bytes a second from now on. */
void
conn_set_rate(struct conn *c, double rate)
{
	c->rate = rate;
	c->tokens = 0;
	c->tokens_at = now_ns();
}

/*
 * A slow link: the bytes that may be read now, or 0 and in *due the time
 * the link is free again. A read takes the link for n / rate seconds, so
 * the bucket goes below zero after a read bigger than what it held; it
 * refills with time, up to SLOW_SLICE_S of the rate (the most the link
 * carries in one burst). An idle link takes a lone echo at once, a busy
 * one at the rate.
 */
#define SLOW_SLICE_S	0.01
static size_t
conn_allowance(struct conn *c, uint64_t now, uint64_t *due)
{
	double	slice = c->rate * SLOW_SLICE_S;

	if (slice < 1)
		slice = 1;
	c->tokens += c->rate * ((now - c->tokens_at) / 1e9);
	c->tokens_at = now;
	if (c->tokens > slice)
		c->tokens = slice;
	if (c->tokens > 0)
		return (slice < sizeof keys_buf ? (size_t)slice :
		    sizeof keys_buf);
	*due = now + (uint64_t)((1 - c->tokens) / c->rate * 1e9) + 1;
	return (0);
}

/*
 * One poll step: wait for output until deadline, feed it. Returns 1 on a
 * probe hit (with *t1), 0 when the deadline came, -2 when the client ended.
 * With a rate the pty is read only when the link has room, so what the
 * client writes backs up in the pty as it would behind a slow ssh link.
 */
static int
conn_step(struct conn *c, uint64_t deadline, uint64_t *t1)
{
	struct pollfd	 pfd[2];
	struct timespec	 ts;
	uint64_t	 now = now_ns(), t, until = deadline;
	size_t		 allowed = sizeof keys_buf;
	ssize_t		 n;
	int		 nfd = 1, hit = 0;

	if (now >= deadline)
		return (0);
	if (c->rate > 0 && (allowed = conn_allowance(c, now, &until)) == 0 &&
	    until > deadline)
		until = deadline;
	ts.tv_sec = (until - now) / 1000000000ULL;
	ts.tv_nsec = (until - now) % 1000000000ULL;
	pfd[0].fd = allowed > 0 ? c->fd : -1;
	pfd[0].events = POLLIN;
	pfd[0].revents = 0;
	if (c->flood_fd != -1) {
		pfd[1].fd = c->flood_fd;
		pfd[1].events = POLLIN;
		nfd = 2;
	}
	if (ppoll(pfd, nfd, &ts, NULL) <= 0)
		return (0);
	/* One read of the flood per step, so the echo is never starved. */
	if (nfd == 2 && (pfd[1].revents & (POLLIN|POLLHUP)))
		proc_read(c->flood_fd, keys_buf, sizeof keys_buf);
	if (pfd[0].revents & (POLLIN|POLLHUP|POLLERR)) {
		n = proc_read(c->fd, keys_buf, allowed);
		t = now_ns();
		if (n == 0)
			return (-2);
		if (n > 0) {
			if (c->rate > 0)
				c->tokens -= n;
			c->bytes += n;
			conn_keep_tail(c, keys_buf, n);
			if (probe_feed(c->probe, keys_buf, n)) {
				*t1 = t;
				hit = 1;
			}
		}
	}
	return (hit);
}

/* Read until the probe sees its position, the deadline or the end. */
int
conn_wait(struct conn *c, uint64_t deadline, uint64_t *t1)
{
	int	r;

	for (;;) {
		r = conn_step(c, deadline, t1);
		if (r == 1)
			return (0);
		if (r == -2)
			return (-2);
		if (now_ns() >= deadline)
			return (-1);
	}
}

/* Read and feed until a time. */
int
conn_drain(struct conn *c, uint64_t until)
{
	uint64_t	t1;

	while (now_ns() < until) {
		if (conn_step(c, until, &t1) == -2)
			return (-2);
	}
	return (0);
}

/* Spawn a client or program in a pty and wait for its prompt. */
int
conn_open(struct conn *c, struct target *t, const char *session, int attach,
    char *const argv[], int screen, uint64_t *t0, uint64_t *t1, char *err,
    size_t errlen)
{
	int	r, row, col;

	memset(c, 0, sizeof *c);
	c->t = t;
	c->flood_fd = -1;
	c->probe = probe_new(opt.cols, opt.rows, screen, -1);
	probe_expect(c->probe, 0, 2);
	*t0 = now_ns();
	c->pid = target_spawn(t, session, attach, opt.cols, opt.rows, argv,
	    &c->fd);
	probe_set_reply_fd(c->probe, c->fd);
	r = conn_wait(c, *t0 + (uint64_t)(opt.timeout * 1e9), t1);
	if (r == 0)
		return (0);
	probe_cursor(c->probe, &row, &col);
	if (r == -1) {
		snprintf(err, errlen, "%s: probe timed out after %.0f s "
		    "waiting for the prompt (cursor at row 0, column 2); the "
		    "cursor is at row %d, column %d; the client wrote \"%s\"",
		    t->name, opt.timeout, row, col, conn_tail(c));
	} else {
		snprintf(err, errlen, "%s: the client exited before the "
		    "prompt was drawn (waited for cursor at row 0, column 2); "
		    "it wrote \"%s\"", t->name, conn_tail(c));
	}
	conn_close(c);
	return (-1);
}

/* End the echo child (so the session and client), close the pty. */
void
conn_close(struct conn *c)
{
	uint64_t	deadline;

	if (c->probe == NULL)
		return;
	if (c->flood_pid > 0)
		proc_kill(c->flood_pid);
	if (c->flood_fd != -1)
		close(c->flood_fd);
	if (c->pid > 0 && proc_alive(c->pid)) {
		/*
		 * ^D ends the echo child, its session, and so the client. Keep
		 * reading meanwhile: a client blocked on a full pty cannot
		 * exit.
		 */
		proc_write(c->fd, "\004", 1, 1);
		deadline = now_ns() + 5000000000ULL;
		while (proc_wait(c->pid, 0, NULL) != 0) {
			if (now_ns() > deadline) {
				bench_note("%s client did not exit within 5 s "
				    "after ^D ended its session; killed",
				    c->t->name);
				break;
			}
			if (conn_drain(c, now_ns() + 10000000) == -2) {
				proc_wait(c->pid, 5, NULL);
				break;
			}
		}
	}
	if (c->pid > 0 && proc_alive(c->pid))
		proc_kill(c->pid);
	close(c->fd);
	probe_free(c->probe);
	c->probe = NULL;
	c->fd = -1;
	c->flood_fd = -1;
	c->flood_pid = 0;
}

/* Type keys into an echo child, timing each echo. */
int
keys_type(struct conn *c, uint64_t seed, int warmup, int count,
    struct samples *s, uint64_t *t0s, uint64_t *t1s, const char *what,
    char *err, size_t errlen)
{
	struct rng	 r;
	uint64_t	 next, t0, t1;
	int		 k, n, row, col, crow, ccol, res;
	char		 key;

	rng_seed(&r, seed);
	next = now_ns();
	for (k = 0; k < warmup + count; k++) {
		key = 'a' + rng_range(&r, 0, 25);
		if (conn_drain(c, next) == -2) {
			snprintf(err, errlen, "%s: %s: the client exited while "
			    "typing; it wrote \"%s\"", c->t->name, what,
			    conn_tail(c));
			return (-1);
		}

		/* Where the echo of this key leaves the cursor. */
		n = ++c->typed;
		col = 2 + n % ECHO_WRAP;
		row = n / ECHO_WRAP < 10 ? n / ECHO_WRAP : -1;
		probe_expect(c->probe, row, col);

		t0 = now_ns();
		if (proc_write(c->fd, &key, 1, 1) != 0) {
			snprintf(err, errlen, "%s: %s: cannot write to the "
			    "client's pty", c->t->name, what);
			return (-1);
		}
		res = conn_wait(c, t0 + (uint64_t)(opt.timeout * 1e9), &t1);
		if (res != 0) {
			probe_cursor(c->probe, &crow, &ccol);
			snprintf(err, errlen, "%s: %s: %s waiting for cursor "
			    "column %d (row %d) after key %d ('%c'); the "
			    "cursor "
			    "is at row %d, column %d; the client wrote \"%s\"",
			    c->t->name, what, res == -1 ?
			    "probe timed out" : "the client exited", col, row,
			    k + 1, key, crow, ccol, conn_tail(c));
			return (-1);
		}
		if (k >= warmup) {
			samples_add(s, (t1 - t0) / 1e3);
			if (t0s != NULL)
				t0s[k - warmup] = t0;
			if (t1s != NULL)
				t1s[k - warmup] = t1;
		}
		if (opt.gap_us >= 0)
			next = t1 + (uint64_t)opt.gap_us * 1000;
		else
			next = t0 + (uint64_t)rng_range(&r, 25000, 35000) *
			    1000;
		if (next < t1)
			next = t1;
	}
	return (0);
}

/* Start the neighbour's flood (see bench.h). */
int
conn_flood_start(struct conn *c, const char *session, int wide, char *err,
    size_t errlen)
{
	static unsigned int	 nfloods;
	char			*argv[] = { opt.self, "flood-child", NULL, NULL };
	char			*style = wide ? "--wide" : NULL;
	char			 pidfile[512], line[64];
	uint64_t		 end, seen;
	FILE			*f;
	long			 pid = 0;

	if (c->t->mode == MODE_DIRECT) {
		argv[2] = style;
		c->flood_pid = proc_spawn_pty(argv, opt.cols, opt.rows,
		    &c->flood_fd);
		return (1);
	}
	/*
	 * A name of its own for every flood of the process: a file left by
	 * an earlier one (keys --flood before slowlink in the suite) would
	 * give that one's pid, and the flood now would outlive the run (its
	 * session with it: the client then does not exit at ^D).
	 */
	snprintf(pidfile, sizeof pidfile, "%s/flood-%s-%u.pid", proc_tmpdir(),
	    c->t->name, nfloods++);
	unlink(pidfile);
	if (target_cmd(c->t, NULL, "split-window", "-d", "-t", session,
	    opt.self, "flood-child", pidfile, style, NULL) != 0) {
		bench_note("keys --flood: %s; the flood measurement of %s is "
		    "skipped", c->t->error, c->t->name);
		return (0);
	}
	end = now_ns() + (uint64_t)(opt.timeout * 1e9);
	while (pid == 0) {
		if ((f = fopen(pidfile, "r")) != NULL) {
			if (fgets(line, sizeof line, f) != NULL)
				pid = atol(line);
			fclose(f);
		}
		if (pid == 0 && conn_drain(c, now_ns() + 5000000) == -2)
			break;
		if (pid == 0 && now_ns() > end)
			break;
	}
	if (pid <= 0) {
		snprintf(err, errlen, "%s: the flooding pane never started "
		    "(no pid in %s)", c->t->name, pidfile);
		return (-1);
	}
	c->flood_pid = pid;

	/*
	 * The flood is on when its output reaches the client: a server that
	 * reads the flood but never draws it would make typing look fast.
	 * FLOOD_SEEN is low enough for a server that sends one small frame
	 * per frame interval.
	 */
	seen = c->bytes;
	end = now_ns() + (uint64_t)(opt.timeout * 1e9);
	while (c->bytes < seen + FLOOD_SEEN) {
		if (conn_drain(c, now_ns() + 10000000) == -2 ||
		    now_ns() > end) {
			snprintf(err, errlen, "%s: the flooding pane (pid %ld, "
			    "%s) was split off, but the client received only "
			    "%llu bytes in the %.0f s after split-window, not "
			    "the %d a visible flood sends", c->t->name, pid,
			    proc_alive(pid) ? "still running" : "gone",
			    (unsigned long long)(c->bytes - seen), opt.timeout,
			    FLOOD_SEEN);
			return (-1);
		}
	}
	return (1);
}

struct keys_state {
	struct target	 targets[MODE_COUNT];
	int		 active[MODE_COUNT];
	struct samples	 startup[MODE_COUNT];
	struct samples	 cold[MODE_COUNT];
	struct samples	 strokes[MODE_COUNT];
	struct samples	 relay;		/* direct through relay-child */
	int		 relay_on;
	int		 errors;
};

/* Drop a mode after an error (said on stderr at once). */
static void
keys_drop(struct keys_state *ks, int m, const char *err)
{
	mode_drop(&ks->active[m], &ks->errors, err);
}

/* A run failed: the mode is dropped, or only the relay's row. */
static void
keys_fail(struct keys_state *ks, int m, int relay, const char *err)
{
	if (relay) {
		bench_note("keys: relay-child: %s; the relay's row is skipped",
		    err);
		ks->relay_on = 0;
	} else
		keys_drop(ks, m, err);
}

/* One run of one mode; run -1 is the warm-up. With relay (direct only),
 * the echo child runs behind relay-child, and only keystrokes count. */
static void
keys_run(struct keys_state *ks, int m, int run, int only_startup, int relay)
{
	struct target	*t = &ks->targets[m];
	struct conn	 c;
	char		*argv[] = { opt.self, "echo-child", NULL };
	char		*relay_argv[] = { opt.self, "relay-child", opt.self,
			    "echo-child", NULL };
	char		 session[32], err[2048], what[64];
	uint64_t	 t0, t1;
	struct samples	 s = { 0 };
	size_t		 i;
	int		 r;

	snprintf(session, sizeof session, "r%d", run + 1);
	if (conn_open(&c, t, session, 0, relay ? relay_argv : argv, 0, &t0,
	    &t1, err, sizeof err) != 0) {
		keys_fail(ks, m, relay, err);
		return;
	}
	if (run >= 0 && !opt.flood && !relay) {
		samples_add(&ks->startup[m], (t1 - t0) / 1e3);
		report_raw("startup", t->name, run, 0, (t1 - t0) / 1e3, "us");
	}
	if (!only_startup) {
		if (opt.flood) {
			r = conn_flood_start(&c, session, 0, err, sizeof err);
			if (r <= 0) {
				conn_close(&c);
				if (r == -1)
					keys_drop(ks, m, err);
				else
					ks->active[m] = 0;
				return;
			}
		}
		snprintf(what, sizeof what, "run %d", run + 1);
		if (keys_type(&c, KEYS_SEED + (uint64_t)(run + 1), KEYS_WARMUP,
		    opt.keys, &s, NULL, NULL, what, err, sizeof err) != 0) {
			conn_close(&c);
			keys_fail(ks, m, relay, err);
			samples_free(&s);
			return;
		}
		if (run >= 0) {
			for (i = 0; i < s.n; i++) {
				samples_add(relay ? &ks->relay :
				    &ks->strokes[m], s.v[i]);
				report_raw(opt.flood ? "keystroke-flood" :
				    "keystroke", relay ? "relay" : t->name,
				    run, i, s.v[i], "us");
			}
		}
		samples_free(&s);
	}
	conn_close(&c);
}

/* Cold startups: no server; the client starts one. */
static void
keys_cold(struct keys_state *ks, int runs)
{
	struct conn	 c;
	char		*argv[] = { opt.self, "echo-child", NULL };
	char		 session[32], err[2048];
	uint64_t	 t0, t1;
	int		 run, m;

	for (m = MODE_MUX; m < MODE_COUNT; m++) {
		if (ks->active[m])
			target_stop(&ks->targets[m]);
	}
	for (run = -1; run < runs; run++) {
		for (m = MODE_MUX; m < MODE_COUNT; m++) {
			if (!ks->active[m])
				continue;
			if (target_ensure_down(&ks->targets[m]) != 0) {
				keys_drop(ks, m, ks->targets[m].error);
				continue;
			}
			snprintf(session, sizeof session, "c%d", run + 1);
			if (conn_open(&c, &ks->targets[m], session, 0, argv, 0,
			    &t0, &t1, err, sizeof err) != 0) {
				keys_drop(ks, m, err);
				continue;
			}
			if (run >= 0) {
				samples_add(&ks->cold[m], (t1 - t0) / 1e3);
				report_raw("startup-cold", mode_name(m), run, 0,
				    (t1 - t0) / 1e3, "us");
			}
			conn_close(&c);
		}
	}
	for (m = MODE_MUX; m < MODE_COUNT; m++) {
		if (ks->targets[m].path != NULL)
			target_ensure_down(&ks->targets[m]);
	}
}

/* keys [startup]: startup and keystroke latency, modes alternating. */
int
keys_main(int argc, char **argv)
{
	struct keys_state	 ks;
	char			*echo[] = { opt.self, "echo-child", NULL };
	int			 only_startup = 0, runs, run, m, i;
	const char		*metric = opt.flood ? "keystroke-flood" :
				     "keystroke";

	for (i = 0; i < argc; i++) {
		if (strcmp(argv[i], "startup") == 0 && !opt.flood)
			only_startup = 1;
		else
			bench_fail("keys: unknown argument: %s", argv[i]);
	}
	runs = opt.runs > 0 ? opt.runs : 10;
	memset(&ks, 0, sizeof ks);
	for (m = 0; m < MODE_COUNT; m++) {
		if (!(opt.modes & (1u << m)))
			continue;
		target_init(&ks.targets[m], m, "k");
		ks.active[m] = 1;
		if (m != MODE_DIRECT && target_start(&ks.targets[m], "keep",
		    opt.cols, opt.rows, echo) != 0)
			keys_drop(&ks, m, ks.targets[m].error);
	}
	bench_log("keys: %d runs of %d keys per mode%s", runs, opt.keys,
	    opt.flood ? ", with a flooding neighbour" : "");

	/* The floor of a server that owns the terminal: direct through a
	 * relay that does nothing else (relay-child), typed in turn with
	 * the others. */
	ks.relay_on = ks.active[MODE_DIRECT] && !opt.flood && !only_startup;
	for (run = -1; run < runs; run++) {
		for (m = 0; m < MODE_COUNT; m++) {
			if (ks.active[m])
				keys_run(&ks, m, run, only_startup, 0);
			if (m == MODE_DIRECT && ks.relay_on)
				keys_run(&ks, m, run, only_startup, 1);
		}
		bench_log("keys: run %d of %d done", run + 1, runs);
	}
	if (!opt.flood)
		keys_cold(&ks, runs);
	for (m = 0; m < MODE_COUNT; m++)
		target_stop(&ks.targets[m]);

	report_latency_header();
	for (m = 0; m < MODE_COUNT && !opt.flood; m++) {
		if (ks.startup[m].n > 0)
			report_latency_row(report_add("startup", mode_name(m),
			    "us", BETTER_LOWER, &ks.startup[m]));
	}
	for (m = MODE_MUX; m < MODE_COUNT && !opt.flood; m++) {
		if (ks.cold[m].n > 0)
			report_latency_row(report_add("startup-cold",
			    mode_name(m), "us", BETTER_LOWER, &ks.cold[m]));
	}
	for (m = 0; m < MODE_COUNT && !only_startup; m++) {
		if (ks.strokes[m].n > 0)
			report_latency_row(report_add(metric, mode_name(m),
			    "us", BETTER_LOWER, &ks.strokes[m]));
		if (m == MODE_DIRECT && ks.relay.n > 0)
			report_latency_row(report_add(metric, "relay", "us",
			    BETTER_LOWER, &ks.relay));
	}
	samples_free(&ks.relay);
	for (m = 0; m < MODE_COUNT; m++) {
		samples_free(&ks.startup[m]);
		samples_free(&ks.cold[m]);
		samples_free(&ks.strokes[m]);
	}
	return (ks.errors ? 1 : 0);
}
