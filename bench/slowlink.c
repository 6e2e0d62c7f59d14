/*
 * slowlink: typing over a slow link while a neighbour floods.
 *
 * As over ssh on a slow line, the client's terminal takes output at a
 * limited rate: the bench reads the client's pty at most RATE bytes a
 * second (a token bucket refilled every 10 ms, conn_set_rate), so what the
 * multiplexer writes backs up in the pty and then in the multiplexer.
 * Each run spawns a client running the echo child, splits off a pane that
 * prints without end (the flood of keys --flood), waits until the flood
 * reaches the client, then limits the rate and types keys, timing each
 * echo as keys does (t0 just before the key is written, t1 the read whose
 * bytes put the cursor where the echo leaves it). A multiplexer that
 * queues frames for a terminal that cannot take them makes each echo wait
 * behind everything queued; one that sends a slow terminal fewer, newer
 * frames keeps the echo close to the link's own delay.
 *
 * Also reported: the bytes the terminal was sent per second of the run
 * (at most the rate: a multiplexer that sends less than the link takes is
 * sending fewer frames).
 *
 * direct: the echo child in a pty read at the same rate and the flood in a
 * second pty drained at full speed: the link's own delay for an echo, with
 * nobody else on the link (what a multiplexer adds is the rest).
 *
 * Modes alternate run by run; the first run of each mode is warm-up.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/xmalloc.h"
#include "bench/bench.h"

#define SLOW_WARMUP	2		/* keys discarded per run */
#define SLOW_SEED	0x736c6f77ULL
#define SLOW_RATES_MAX	8

struct slow_rate {
	char		 name[16];	/* "1M", "100K" */
	double		 bytes;		/* per second */
};

struct slow_state {
	struct target	 targets[MODE_COUNT];
	int		 active[MODE_COUNT];
	struct samples	 echo[MODE_COUNT];
	struct samples	 sent[MODE_COUNT];	/* KiB/s, one per run */
	int		 errors;
};

/* A rate: N, NK or NM (bytes, KiB, MiB a second), at least 1 KiB/s. */
static void
slow_parse_rate(const char *s, struct slow_rate *r)
{
	char	*end;
	double	 v;

	v = strtod(s, &end);
	if (end == s)
		goto bad;
	if (*end == 'K' || *end == 'k') {
		v *= 1024;
		end++;
	} else if (*end == 'M' || *end == 'm') {
		v *= 1024 * 1024;
		end++;
	}
	if (*end != '\0' || !(v >= 1024 && v <= 1024.0 * 1024 * 1024))
		goto bad;
	snprintf(r->name, sizeof r->name, "%s", s);
	r->bytes = v;
	return;
bad:
	bench_fail("slowlink: a rate is bytes a second, N, NK or NM, from 1K "
	    "to 1024M, not \"%s\"", s);
}

/* One run of one mode at one rate; run -1 is the warm-up. */
static void
slow_run(struct slow_state *ss, int m, const struct slow_rate *rate,
    int ri, int run)
{
	struct target	*t = &ss->targets[m];
	struct conn	 c;
	char		*argv[] = { opt.self, "echo-child", NULL };
	char		 session[32], err[2048], what[64], metric[40];
	uint64_t	 t0, t1, start;
	uint64_t	 bytes;
	struct samples	 s = { 0 };
	double		 kibs;
	size_t		 i;
	int		 r;

	snprintf(session, sizeof session, "s%d-%d", ri, run + 1);
	if (conn_open(&c, t, session, 0, argv, 0, &t0, &t1, err,
	    sizeof err) != 0) {
		mode_drop(&ss->active[m], &ss->errors, err);
		return;
	}
	r = conn_flood_start(&c, session, 1, err, sizeof err);
	if (r <= 0) {
		conn_close(&c);
		if (r == -1)
			mode_drop(&ss->active[m], &ss->errors, err);
		else
			ss->active[m] = 0;
		return;
	}

	conn_set_rate(&c, rate->bytes);
	bytes = c.bytes;
	start = now_ns();
	snprintf(what, sizeof what, "%.15s/s run %d", rate->name, run + 1);
	if (keys_type(&c, SLOW_SEED + (uint64_t)(run + 1), SLOW_WARMUP,
	    opt.keys, &s, NULL, NULL, what, err, sizeof err) != 0) {
		conn_set_rate(&c, 0);
		conn_close(&c);
		mode_drop(&ss->active[m], &ss->errors, err);
		samples_free(&s);
		return;
	}
	kibs = (c.bytes - bytes) / 1024.0 / ((now_ns() - start) / 1e9);
	conn_set_rate(&c, 0);
	conn_close(&c);
	if (run < 0) {
		samples_free(&s);
		return;
	}
	snprintf(metric, sizeof metric, "slow-%.15s-echo", rate->name);
	for (i = 0; i < s.n; i++) {
		samples_add(&ss->echo[m], s.v[i]);
		report_raw(metric, t->name, run, i, s.v[i], "us");
	}
	samples_add(&ss->sent[m], kibs);
	snprintf(metric, sizeof metric, "slow-%.15s-sent", rate->name);
	report_raw(metric, t->name, run, 0, kibs, "KiB/s");
	samples_free(&s);
}

/* The table for one rate: echo latency, then what the terminal was sent,
 * then the ratios the goal is about. */
static void
slow_report(struct slow_state *ss, const struct slow_rate *rate)
{
	struct result	*r, *em = NULL, *et = NULL;
	char		 metric[40];
	int		 m;

	printf("\nlink %s/s (%.0f KiB/s):\n", rate->name, rate->bytes / 1024);
	report_latency_header();
	snprintf(metric, sizeof metric, "slow-%.15s-echo", rate->name);
	for (m = 0; m < MODE_COUNT; m++) {
		if (ss->echo[m].n == 0)
			continue;
		r = report_add(metric, mode_name(m), "us", BETTER_LOWER,
		    &ss->echo[m]);
		report_latency_row(r);
		if (m == MODE_MUX)
			em = r;
		else if (m == MODE_TMUX)
			et = r;
	}
	printf("%-16s %-8s %7s %10s %10s %10s\n", "metric", "mode", "runs",
	    "KiB/s", "min", "max");
	snprintf(metric, sizeof metric, "slow-%.15s-sent", rate->name);
	for (m = 0; m < MODE_COUNT; m++) {
		if (ss->sent[m].n == 0)
			continue;
		r = report_add(metric, mode_name(m), "KiB/s", BETTER_LOWER,
		    &ss->sent[m]);
		printf("%-16s %-8s %7zu %10.1f %10.1f %10.1f\n", metric,
		    mode_name(m), r->count, r->p50, samples_pct(&ss->sent[m],
		    0), r->max);
	}
	if (em != NULL && et != NULL) {
		printf("echo p50 mux/tmux %.3f (goal <= 0.25) %s\n",
		    em->p50 / et->p50, em->p50 <= et->p50 / 4 ? "met" :
		    "missed");
	}
}

/* slowlink [RATE...]: echo latency over a slow link beside a flood. */
int
slowlink_main(int argc, char **argv)
{
	struct slow_state	 ss;
	struct slow_rate	 rates[SLOW_RATES_MAX];
	char			*echo[] = { opt.self, "echo-child", NULL };
	int			 nrates = 0, runs, run, m, i, ri;
	int			 errors = 0;

	for (i = 0; i < argc; i++) {
		if (nrates == SLOW_RATES_MAX)
			bench_fail("slowlink: at most %d rates", SLOW_RATES_MAX);
		slow_parse_rate(argv[i], &rates[nrates++]);
	}
	if (nrates == 0) {
		slow_parse_rate("1M", &rates[nrates++]);
		slow_parse_rate("100K", &rates[nrates++]);
	}
	runs = opt.runs > 0 ? opt.runs : 3;
	for (ri = 0; ri < nrates; ri++) {
		memset(&ss, 0, sizeof ss);
		for (m = 0; m < MODE_COUNT; m++) {
			if (!(opt.modes & (1u << m)))
				continue;
			target_init(&ss.targets[m], m, "s");
			ss.active[m] = 1;
			if (m != MODE_DIRECT && target_start(&ss.targets[m],
			    "keep", opt.cols, opt.rows, echo) != 0)
				mode_drop(&ss.active[m], &ss.errors,
				    ss.targets[m].error);
		}
		bench_log("slowlink: %s/s, %d runs of %d keys per mode",
		    rates[ri].name, runs, opt.keys);
		for (run = -1; run < runs; run++) {
			for (m = 0; m < MODE_COUNT; m++) {
				if (ss.active[m])
					slow_run(&ss, m, &rates[ri], ri, run);
			}
			bench_log("slowlink: %s/s: run %d of %d done",
			    rates[ri].name, run + 1, runs);
		}
		for (m = 0; m < MODE_COUNT; m++)
			target_stop(&ss.targets[m]);
		slow_report(&ss, &rates[ri]);
		errors += ss.errors;
		for (m = 0; m < MODE_COUNT; m++) {
			samples_free(&ss.echo[m]);
			samples_free(&ss.sent[m]);
		}
	}
	return (errors ? 1 : 0);
}
