/*
 * hops: one keystroke's path through mux, hop by hop. With MUX_TRACE set
 * in the environment of the server and of the client, each appends
 * "<hop> <who> <CLOCK_MONOTONIC ns>" at every hop (common/trace.h). When
 * the server has the client's terminal (the default):
 *
 *   server: tty-read, key-recv, key-unbound, key-encoded, pty-write,
 *           pty-read, parsed, committed, composed, drawn, tty-written
 *
 * (key-recv: decoded; key-unbound: no binding or mode took it;
 * key-encoded: its bytes are ready for the pty; committed: the turn's
 * changed lines have their generation; composed: the frame is in the
 * client's cells; drawn: its bytes are ready for the terminal)
 *
 * and when the client keeps it (MUX_KEEP_TTY, or the server could not
 * open it):
 *
 *   client: stdin-read, key-sent
 *   server: key-recv, key-unbound, key-encoded, pty-write, pty-read,
 *           parsed, committed, frame-sent
 *   client: frame-recv, frame-written
 *
 * The bench types --runs x --keys keys (25-35 ms apart, as keys does) into
 * one attached session, keeping t0 and t1 of each. CLOCK_MONOTONIC is one
 * clock for every process on the machine, so stamps and the bench's times
 * compare directly. For key i, each hop is the first stamp of that hop
 * at or after t0 and before key i+1 was written (keys are far apart and
 * nothing else happens meanwhile, so that stamp belongs to key i). Hops
 * are matched each on its own, not chained: a process may stamp a hop just
 * after the write that lets the next process run, so the next hop's stamp
 * can come first by a few microseconds; such a step shows as negative.
 * Per hop that was seen: the median time since the hop before it (for
 * the first: since t0) and the median time from t0; the last row is the
 * probe seeing the echo (t1).
 *
 * Only mux writes these stamps: tmux and direct have no hops to show.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/xmalloc.h"
#include "bench/bench.h"

#define HOPS_SEED	0x686f7073ULL

/* Every hop either topology stamps, in path order. */
static const char *const hop_names[] = {
	"stdin-read", "key-sent", "tty-read", "key-recv", "key-unbound",
	"key-encoded", "pty-write", "pty-read", "parsed", "committed",
	"composed", "drawn", "frame-sent", "frame-recv", "frame-written",
	"tty-written"
};
#define NHOPS	(sizeof hop_names / sizeof hop_names[0])

struct stamp {
	int		hop;
	uint64_t	t;
};

/* Who stamped each hop (from the trace: "client" or "server"). */
static char	hop_who[NHOPS][32];

/* Order stamps by time. */
static int
stamp_cmp(const void *a, const void *b)
{
	const struct stamp	*x = a, *y = b;

	return (x->t < y->t ? -1 : x->t > y->t);
}

/* Read the trace file; returns the stamps sorted by time. */
static struct stamp *
hops_read(const char *path, size_t *n, size_t *unknown)
{
	FILE		*f;
	struct stamp	*s = NULL;
	size_t		 size = 0;
	char		 line[256], hop[64], who[32];
	unsigned long long t;
	size_t		 h;

	*n = *unknown = 0;
	if ((f = fopen(path, "re")) == NULL)
		return (NULL);
	while (fgets(line, sizeof line, f) != NULL) {
		if (sscanf(line, "%63s %31s %llu", hop, who, &t) != 3)
			continue;
		for (h = 0; h < NHOPS; h++) {
			if (strcmp(hop, hop_names[h]) == 0)
				break;
		}
		if (h == NHOPS) {
			(*unknown)++;
			continue;
		}
		snprintf(hop_who[h], sizeof hop_who[h], "%s", who);
		if (*n == size) {
			size = size ? size * 2 : 1024;
			s = xreallocarray(s, size, sizeof *s);
		}
		s[*n].hop = h;
		s[*n].t = t;
		(*n)++;
	}
	fclose(f);
	if (*n > 0)
		qsort(s, *n, sizeof *s, stamp_cmp);
	return (s);
}

/* Match stamps to keys and print the median of each hop. */
static void
hops_table(struct stamp *st, size_t nst, uint64_t *t0s, uint64_t *t1s,
    int nkeys)
{
	struct samples	 step[NHOPS + 1], from0[NHOPS + 1];
	uint64_t	 prev, end, found;
	size_t		 j, h;
	int		 k;
	char		 metric[64];
	struct result	*r;

	memset(step, 0, sizeof step);
	memset(from0, 0, sizeof from0);
	for (k = 0; k < nkeys; k++) {
		prev = t0s[k];
		end = k + 1 < nkeys ? t0s[k + 1] : t1s[k] + 1000000000ULL;
		for (h = 0; h < NHOPS; h++) {
			found = 0;
			for (j = 0; j < nst && st[j].t < end; j++) {
				if ((size_t)st[j].hop == h &&
				    st[j].t >= t0s[k]) {
					found = st[j].t;
					break;
				}
			}
			if (found == 0)
				continue;
			snprintf(metric, sizeof metric, "hop-%s", hop_names[h]);
			report_raw(metric, "mux", 0, k, ((double)found - prev) /
			    1e3, "us");
			samples_add(&step[h], ((double)found - prev) / 1e3);
			samples_add(&from0[h], (found - t0s[k]) / 1e3);
			prev = found;
		}
		report_raw("hop-probe-seen", "mux", 0, k, ((double)t1s[k] -
		    prev) / 1e3, "us");
		samples_add(&step[NHOPS], ((double)t1s[k] - prev) / 1e3);
		samples_add(&from0[NHOPS], (t1s[k] - t0s[k]) / 1e3);
	}

	printf("%-16s %-8s %7s %10s %10s %12s\n", "hop", "who", "count",
	    "p50 us", "p90 us", "from t0 us");
	for (h = 0; h <= NHOPS; h++) {
		if (step[h].n == 0)
			continue;	/* the other topology's hop */
		snprintf(metric, sizeof metric, "hop-%s", h < NHOPS ?
		    hop_names[h] : "probe-seen");
		r = report_add(metric, "mux", "us", BETTER_LOWER, &step[h]);
		printf("%-16s %-8s %7zu %10.1f %10.1f %12.1f\n", metric + 4,
		    h == NHOPS ? "bench" : hop_who[h], r->count, r->p50,
		    r->p90, samples_pct(&from0[h], 50));
		samples_free(&step[h]);
		samples_free(&from0[h]);
	}
	fflush(stdout);
}

/* hops: type keys into a traced mux and break each down by hop. */
int
hops_main(int argc, char **argv)
{
	struct target	 t;
	struct conn	 c;
	struct samples	 s = { 0 };
	char		*echo[] = { opt.self, "echo-child", NULL };
	char		*trace, err[2048];
	uint64_t	*t0s, *t1s, a, b;
	struct stamp	*st;
	size_t		 nst, unknown;
	int		 runs, nkeys, rc = 0;

	if (argc > 0)
		bench_fail("hops: unexpected argument: %s", argv[0]);
	if (!(opt.modes & (1u << MODE_MUX))) {
		bench_note("hops: needs mux (MUX_TRACE); skipped");
		return (0);
	}
	runs = opt.runs > 0 ? opt.runs : 1;
	nkeys = runs * opt.keys;
	trace = xasprintf("%s/trace", proc_tmpdir());
	unlink(trace);

	/* Server and client both inherit MUX_TRACE from the bench. */
	setenv("MUX_TRACE", trace, 1);
	target_init(&t, MODE_MUX, "h");
	if (target_start(&t, "keep", opt.cols, opt.rows, echo) != 0 ||
	    target_new_session(&t, "h", opt.cols, opt.rows, echo) != 0) {
		unsetenv("MUX_TRACE");
		fprintf(stderr, "mux-bench: hops: %s\n", t.error);
		target_stop(&t);
		free(trace);
		return (1);
	}
	if (conn_open(&c, &t, "h", 1, NULL, 0, &a, &b, err, sizeof err) != 0) {
		unsetenv("MUX_TRACE");
		fprintf(stderr, "mux-bench: hops: %s\n", err);
		target_stop(&t);
		free(trace);
		return (1);
	}
	unsetenv("MUX_TRACE");

	t0s = xreallocarray(NULL, nkeys, sizeof *t0s);
	t1s = xreallocarray(NULL, nkeys, sizeof *t1s);
	if (keys_type(&c, HOPS_SEED, 2, nkeys, &s, t0s, t1s, "hops", err,
	    sizeof err) != 0) {
		fprintf(stderr, "mux-bench: hops: %s\n", err);
		rc = 1;
	}
	conn_close(&c);
	target_stop(&t);

	if (rc == 0) {
		st = hops_read(trace, &nst, &unknown);
		if (nst == 0) {
			bench_note("hops: mux wrote no MUX_TRACE stamps to %s "
			    "(is tracing built in?); hops skipped", trace);
		} else {
			if (unknown > 0)
				bench_note("hops: %zu trace lines name no "
				    "known hop", unknown);
			hops_table(st, nst, t0s, t1s, nkeys);
		}
		free(st);
	}
	samples_free(&s);
	free(t0s);
	free(t1s);
	free(trace);
	return (rc);
}
