/*
 * scroll: the bytes a client's terminal is sent when a full-screen pane
 * scrolls, against a repaint of the same screen (refresh-client), for mux
 * and tmux side by side. The pane runs scroll-child (child.c) at the
 * bench's size (the figure is --size 200x50), a client attached
 * in a pty the bench reads. Each step is one key to the child: a line
 * feed at the bottom (up), a reverse index at the top (down), three lines
 * inserted and two deleted at the middle row; the step ends when the
 * client's screen, as the bench's probe sees it, has the cursor where the
 * child left it (a column of its own for each step), and its bytes are
 * what the client wrote from the key to then. The repaint's bytes are
 * what the client writes after refresh-client until it has been quiet
 * for QUIET_MS.
 *
 * Printed: each step's median bytes and the repaint's, and the ratio of
 * the repaint to the step (how many times fewer bytes a scroll costs).
 * Before the first step the client is read until quiet: what a server
 * draws again once the terminal has answered its queries (tmux repaints
 * then) is no step's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/xmalloc.h"
#include "bench/bench.h"

#define QUIET_MS	200

static const struct {
	const char	*metric;
	char		 key;
} scroll_steps[] = {
	{ "scroll-up", 'u' },
	{ "scroll-down", 'd' },
	{ "insert-lines", 'i' },
	{ "delete-lines", 'x' },
};
#define SCROLL_STEPS	(sizeof scroll_steps / sizeof scroll_steps[0])

/* One step: type key, wait for the cursor at (row, col); the bytes the
 * client wrote for it in *bytes. */
static int
scroll_step(struct conn *c, char key, int row, int col, double *bytes,
    char *err, size_t errlen)
{
	uint64_t	before = c->bytes, t1;
	int		r;

	probe_expect(c->probe, row, col);
	proc_write(c->fd, &key, 1, 1);
	r = conn_wait(c, now_ns() + (uint64_t)(opt.timeout * 1e9), &t1);
	if (r != 0) {
		snprintf(err, errlen, "%s: step '%c' never drew (cursor at "
		    "row %d, column %d); the client wrote \"%s\"",
		    c->t->name, key, row, col, conn_tail(c));
		return (-1);
	}
	*bytes = (double)(c->bytes - before);
	/* Nothing more should come; what does counts for the next step. */
	return (conn_drain(c, now_ns() + QUIET_MS * 1000000ULL) == 0 ? 0 : -1);
}

/* Read until the client has been quiet for QUIET_MS. */
static int
scroll_quiet(struct conn *c)
{
	uint64_t	last;

	do {
		last = c->bytes;
		if (conn_drain(c, now_ns() + QUIET_MS * 1000000ULL) != 0)
			return (-1);
	} while (c->bytes != last);
	return (0);
}

/* refresh-client: the bytes of a whole repaint. */
static int
scroll_repaint(struct conn *c, double *bytes, char *err, size_t errlen)
{
	struct buf	 name = { 0 };
	uint64_t	 before = c->bytes;
	char		*nl;
	int		 r;

	if (target_cmd(c->t, &name, "list-clients", "-F", "#{client_name}",
	    NULL) != 0 || name.len == 0) {
		snprintf(err, errlen, "%s: list-clients: %s", c->t->name,
		    c->t->error);
		buf_free(&name);
		return (-1);
	}
	if ((nl = strchr(buf_str(&name), '\n')) != NULL)
		*nl = '\0';
	r = target_cmd(c->t, NULL, "refresh-client", "-t", buf_str(&name),
	    NULL);
	buf_free(&name);
	if (r != 0) {
		snprintf(err, errlen, "%s: refresh-client: %s", c->t->name,
		    c->t->error);
		return (-1);
	}
	if (scroll_quiet(c) != 0)
		return (-1);
	*bytes = (double)(c->bytes - before);
	return (0);
}

/* scroll: each step and a repaint through mux and tmux. */
int
scroll_main(int argc, char **argv)
{
	struct target	 targets[MODE_COUNT];
	struct samples	 steps[MODE_COUNT][SCROLL_STEPS], repaint[MODE_COUNT];
	struct result	*r, *rp;
	struct conn	 c;
	char		 cols[16], rows[16], session[16], err[2048];
	char		*child[] = { opt.self, "scroll-child", cols, rows, NULL };
	char		*echo[] = { opt.self, "echo-child", NULL };
	uint64_t	 t0, t1;
	double		 bytes;
	int		 runs, run, m, step = 0, errors = 0;
	size_t		 i;

	if (argc != 0)
		bench_fail("scroll: no arguments");
	runs = opt.runs > 0 ? opt.runs : 3;
	snprintf(cols, sizeof cols, "%u", opt.cols);
	snprintf(rows, sizeof rows, "%u", opt.rows);
	memset(steps, 0, sizeof steps);
	memset(repaint, 0, sizeof repaint);
	printf("%-16s %-8s %7s %10s %14s   (%ux%u)\n", "metric", "mode",
	    "count", "bytes", "repaint/this", opt.cols, opt.rows);
	for (m = 0; m < MODE_COUNT; m++) {
		if (m == MODE_DIRECT || !((opt.modes >> m) & 1))
			continue;
		/* A session of its own keeps the server up between runs, and
		 * the status line is off before the measured ones are made,
		 * so their pane is the whole screen from the start. */
		target_init(&targets[m], m, "s");
		if (target_start(&targets[m], "keep", opt.cols, opt.rows,
		    echo) != 0 || target_cmd(&targets[m], NULL, "set-option",
		    "-g", "status", "off", NULL) != 0) {
			fprintf(stderr, "mux-bench: scroll: %s\n",
			    targets[m].error);
			errors++;
			target_stop(&targets[m]);
			continue;
		}
		for (run = 0; run < runs; run++) {
			snprintf(session, sizeof session, "s%d", run);
			if (target_new_session(&targets[m], session, opt.cols,
			    opt.rows, child) != 0) {
				fprintf(stderr, "mux-bench: scroll: %s\n",
				    targets[m].error);
				errors++;
				break;
			}
			if (conn_open(&c, &targets[m], session, 1, child, 0,
			    &t0, &t1, err, sizeof err) != 0) {
				fprintf(stderr, "mux-bench: scroll: %s\n", err);
				errors++;
				break;
			}
			/* What the terminal's answers to its queries make a
			 * server draw again (tmux redraws) is not a step's. */
			if (scroll_quiet(&c) != 0) {
				fprintf(stderr, "mux-bench: scroll: %s: the "
				    "client exited\n", targets[m].name);
				errors++;
				conn_close(&c);
				break;
			}
			/* (scroll-child counts its steps from 0.) */
			for (i = 0, step = 0; i < SCROLL_STEPS; i++) {
				if (scroll_step(&c, scroll_steps[i].key,
				    opt.rows - 1, 2 + step++ % (opt.cols - 2),
				    &bytes, err, sizeof err) != 0)
					break;
				samples_add(&steps[m][i], bytes);
				report_raw(scroll_steps[i].metric, mode_name(m),
				    run, 0, bytes, "B");
			}
			if (i == SCROLL_STEPS &&
			    scroll_repaint(&c, &bytes, err, sizeof err) == 0) {
				samples_add(&repaint[m], bytes);
				report_raw("repaint", mode_name(m), run, 0,
				    bytes, "B");
			} else {
				fprintf(stderr, "mux-bench: scroll: %s\n", err);
				errors++;
				conn_close(&c);
				break;
			}
			conn_close(&c);
		}
		target_stop(&targets[m]);
		if (repaint[m].n == 0)
			continue;
		rp = report_add("repaint", mode_name(m), "B", BETTER_LOWER,
		    &repaint[m]);
		printf("%-16s %-8s %7zu %10.0f %14s\n", "repaint",
		    mode_name(m), rp->count, rp->p50, "1");
		for (i = 0; i < SCROLL_STEPS; i++) {
			r = report_add(scroll_steps[i].metric, mode_name(m),
			    "B", BETTER_LOWER, &steps[m][i]);
			printf("%-16s %-8s %7zu %10.0f %14.1f\n",
			    scroll_steps[i].metric, mode_name(m), r->count,
			    r->p50, r->p50 > 0 ? rp->p50 / r->p50 : 0);
		}
		fflush(stdout);
	}
	for (m = 0; m < MODE_COUNT; m++) {
		for (i = 0; i < SCROLL_STEPS; i++)
			samples_free(&steps[m][i]);
		samples_free(&repaint[m]);
	}
	return (errors ? 1 : 0);
}
