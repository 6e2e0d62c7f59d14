/*
 * throughput: each workload printed through a real pane with a client
 * attached, beside the bare pty (the same bytes read straight from a pty
 * and thrown away: the most any multiplexer could do on this machine).
 *
 * The pane runs write-child, which prints "> " and waits: the bench
 * attaches a client, waits for the prompt, then types one key and starts
 * the clock (t0). The file ends with a marker: the screen is cleared and
 * "MUXBENCH-END-<workload>" written at the top-left.
 *
 * The end: the time of the read after which the attached client's screen,
 * as the bench's libvterm probe sees it, shows the marker on row 0. Only the
 * server can put it there, and only after parsing every byte before it, so
 * this is "the server has processed every byte" (plus the one frame the
 * client takes to show it, which a user waits for too), not "cat returned"
 * (which only says the bytes were written to the pty). It was chosen over
 * polling capture-pane because each poll forks a client and competes for
 * the CPU the server is being timed on.
 *
 * The probe must not compete either: a screen probe parses slower than
 * the servers it measures. So while output flows, the bench only reads and
 * keeps the bytes with the time of each read; once the client has been
 * quiet for QUIET_MS it feeds what it kept to the probe, read by read, and
 * the end is the time of the read that made the marker appear. If the
 * marker is not there yet, it goes on reading. A terminal answers a DA1
 * (CSI c) as it reads it, and mux paces frames to a terminal that has yet
 * to answer (a slow link): so the bench answers each one when it reads
 * it (tput_da1), as a terminal would, not when the probe parses it
 * later (mux's frames would otherwise wait for the bench's quiet time).
 *
 * CPU: server and client CPU time from /proc (per-thread schedstat, ns)
 * across the run, per MiB; for the bare pty, the reader's (the bench's).
 */
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/xmalloc.h"
#include "bench/bench.h"

#define QUIET_MS	30
#define KEEP_MAX	(256u << 20)	/* parse at least this often */
#define MIB		(1024.0 * 1024.0)

struct tput_sample {
	double		mibs;
	double		srv;	/* s/MiB, NAN when unknown */
	double		cli;
};

struct tput_chunk {
	size_t		end;	/* offset in kept after this read */
	uint64_t	t;	/* time of the read */
};

static char	tput_rbuf[65536];

/* Time for size bytes at a pessimistic 0.25 MiB/s, plus the timeout. */
static uint64_t
tput_deadline(size_t size)
{
	return (now_ns() + (uint64_t)((opt.timeout + size / (0.25 * MIB)) *
	    1e9));
}

/* The bare pty: the workload read straight from a pty. */
static int
tput_bare(const char *file, size_t size, struct tput_sample *s, char *err,
    size_t errlen)
{
	char		*argv[] = { opt.self, "write-child", (char *)file,
			    NULL };
	struct pollfd	 pfd;
	uint64_t	 t0, t1 = 0, end;
	int64_t		 c0, c1;
	size_t		 got = 0, prompt = 0;
	ssize_t		 n;
	pid_t		 pid;
	int		 fd;

	pid = proc_spawn_pty(argv, opt.cols, opt.rows, &fd);
	end = now_ns() + (uint64_t)(opt.timeout * 1e9);
	while (prompt < 2) {
		pfd.fd = fd;
		pfd.events = POLLIN;
		poll(&pfd, 1, 10);
		n = proc_read(fd, tput_rbuf, sizeof tput_rbuf);
		if (n == 0 || now_ns() > end) {
			snprintf(err, errlen, "bare: write-child never printed "
			    "its prompt");
			proc_kill(pid);
			close(fd);
			return (-1);
		}
		if (n > 0)
			prompt += n;
	}
	c0 = proc_cpu_ns(getpid());
	end = tput_deadline(size);
	t0 = now_ns();
	proc_write(fd, "g", 1, 1);
	while (got < size) {
		pfd.fd = fd;
		pfd.events = POLLIN;
		poll(&pfd, 1, 100);
		n = proc_read(fd, tput_rbuf, sizeof tput_rbuf);
		if (n > 0) {
			got += n;
			t1 = now_ns();
		} else if (n == 0 || now_ns() > end) {
			snprintf(err, errlen, "bare: read %zu of %zu bytes "
			    "before %s", got, size, n == 0 ? "the writer "
			    "exited" : "the deadline");
			proc_kill(pid);
			close(fd);
			return (-1);
		}
	}
	c1 = proc_cpu_ns(getpid());
	proc_write(fd, "\004", 1, 1);
	if (proc_wait(pid, 5, NULL) != 0)
		proc_kill(pid);
	close(fd);
	s->mibs = size / MIB / ((t1 - t0) / 1e9);
	s->srv = NAN;
	s->cli = (c1 - c0) / 1e9 / (size / MIB);
	return (0);
}

/* Feed kept reads to the probe; 1 with *t1 when the marker showed. */
static int
tput_parse(struct probe *p, struct buf *kept, struct tput_chunk *chunks,
    size_t nchunks, const char *marker, uint64_t *t1)
{
	char	row[2048];
	size_t	i, start = 0, mlen = strlen(marker);

	for (i = 0; i < nchunks; i++) {
		probe_feed(p, kept->p + start, chunks[i].end - start);
		start = chunks[i].end;
		probe_row(p, 0, row, sizeof row);
		if (strncmp(row, marker, mlen) == 0) {
			*t1 = chunks[i].t;
			return (1);
		}
	}
	return (0);
}

/* Answer every DA1 (CSI c or CSI 0 c) in the n bytes at p at once, as a
 * terminal does when it reads one; *state carries a query split across
 * reads. */
static void
tput_da1(int fd, const char *p, size_t n, int *state)
{
	static const char	 answer[] = "\033[?1;2c"; /* libvterm's */
	size_t			 i;
	int			 st = *state;

	for (i = 0; i < n; i++) {
		if (p[i] == '\033')
			st = 1;
		else if (st == 1 && p[i] == '[')
			st = 2;
		else if (st == 2 && p[i] == '0')
			st = 3;
		else if ((st == 2 || st == 3) && p[i] == 'c') {
			proc_write(fd, answer, sizeof answer - 1, 1);
			st = 0;
		} else
			st = 0;
	}
	*state = st;
}

/* One run through a pane of mux or tmux with a client attached. */
static int
tput_mux(struct target *t, const char *session, const char *file,
    size_t size, const char *marker, struct tput_sample *s, char *err,
    size_t errlen)
{
	char			*argv[] = { opt.self, "write-child",
				    (char *)file,
				    NULL };
	struct conn		 c;
	struct buf		 kept = { 0 };
	struct tput_chunk	*chunks = NULL;
	size_t			 nchunks = 0, chunks_size = 0;
	struct pollfd		 pfd;
	uint64_t		 t0, t1 = 0, end;
	int64_t			 s0 = -1, s1 = -1, k0, k1;
	pid_t			 server;
	ssize_t			 n;
	int			 done = 0, r, da1 = 0;

	if (target_new_session(t, session, opt.cols, opt.rows, argv) != 0) {
		snprintf(err, errlen, "%s", t->error);
		return (-1);
	}
	if (conn_open(&c, t, session, 1, argv, 1, &t0, &t1, err,
	    errlen) != 0)
		return (-1);
	server = target_server_pid(t);
	if (server > 0)
		s0 = proc_cpu_ns(server);
	k0 = proc_cpu_ns(c.pid);
	end = tput_deadline(size);
	/* The probe parses late: the answers go as the bytes are read. */
	probe_set_reply_fd(c.probe, -1);
	t0 = now_ns();
	proc_write(c.fd, "g", 1, 1);
	while (!done) {
		pfd.fd = c.fd;
		pfd.events = POLLIN;
		r = poll(&pfd, 1, QUIET_MS);
		if (r == 1) {
			n = proc_read(c.fd, tput_rbuf, sizeof tput_rbuf);
			if (n == 0) {
				snprintf(err, errlen, "%s: the client exited "
				    "before the end marker showed", t->name);
				break;
			}
			if (n < 0)
				continue;
			tput_da1(c.fd, tput_rbuf, n, &da1);
			buf_add(&kept, tput_rbuf, n);
			if (nchunks == chunks_size) {
				chunks_size = chunks_size ? chunks_size * 2 :
				    4096;
				chunks = xreallocarray(chunks, chunks_size,
				    sizeof *chunks);
			}
			chunks[nchunks].end = kept.len;
			chunks[nchunks].t = now_ns();
			nchunks++;
			if (kept.len < KEEP_MAX)
				continue;
		}
		if (nchunks > 0) {
			done = tput_parse(c.probe, &kept, chunks, nchunks,
			    marker, &t1);
			kept.len = 0;
			nchunks = 0;
		}
		if (!done && now_ns() > end) {
			snprintf(err, errlen, "%s: the end marker \"%s\" never "
			    "showed on row 0 of the client's screen", t->name,
			    marker);
			break;
		}
	}
	k1 = proc_cpu_ns(c.pid);
	if (server > 0)
		s1 = proc_cpu_ns(server);
	probe_set_reply_fd(c.probe, c.fd);
	conn_close(&c);
	buf_free(&kept);
	free(chunks);
	if (!done)
		return (-1);
	s->mibs = size / MIB / ((t1 - t0) / 1e9);
	s->srv = s0 >= 0 && s1 >= 0 ? (s1 - s0) / 1e9 / (size / MIB) : NAN;
	s->cli = k0 >= 0 && k1 >= 0 ? (k1 - k0) / 1e9 / (size / MIB) : NAN;
	return (0);
}

/* Keep and print one throughput row. */
static void
tput_row(const char *metric, const char *mode, struct samples *mibs,
    struct samples *srv, struct samples *cli, const char *w)
{
	struct result	*r, *rs = NULL, *rc = NULL;
	char		 name[64], sv[32], cv[32];
	double		 spread;

	r = report_add(metric, mode, "MiB/s", BETTER_HIGHER, mibs);
	if (srv->n > 0) {
		snprintf(name, sizeof name, "cpu-server-%s", w);
		rs = report_add(name, mode, "s/MiB", BETTER_LOWER, srv);
	}
	if (cli->n > 0) {
		snprintf(name, sizeof name, "cpu-client-%s", w);
		rc = report_add(name, mode, "s/MiB", BETTER_LOWER, cli);
	}
	spread = r->p50 > 0 ? (r->p90 - r->p10) / 2 / r->p50 * 100 : 0;
	snprintf(sv, sizeof sv, rs ? "%.5f" : "-", rs ? rs->p50 : 0);
	snprintf(cv, sizeof cv, rc ? "%.5f" : "-", rc ? rc->p50 : 0);
	printf("%-16s %-8s %7zu %10.1f %8.1f %12s %12s\n", metric, mode,
	    r->count, r->p50, spread, sv, cv);
	fflush(stdout);
}

/* throughput [WORKLOAD...]: each workload through each mode. */
int
throughput_main(int argc, char **argv)
{
	struct target	 targets[MODE_COUNT];
	int		 active[MODE_COUNT], want[WORKLOAD_COUNT];
	char		*echo[] = { opt.self, "echo-child", NULL };
	struct samples	 mibs[MODE_COUNT], srv[MODE_COUNT];
	struct samples	 cli[MODE_COUNT];
	struct tput_sample s;
	struct buf	 data = { 0 };
	char		 marker[64], metric[64], session[32], err[2048];
	char		*file;
	size_t		 size;
	int		 runs, run, w, m, i, errors = 0, any = 0;
	double		 mib = opt.mib > 0 ? opt.mib : 8;

	memset(want, 0, sizeof want);
	for (i = 0; i < argc; i++) {
		if ((w = workload_index(argv[i])) == -1)
			bench_fail("throughput: unknown workload: %s", argv[i]);
		want[w] = any = 1;
	}
	for (w = 0; w < WORKLOAD_COUNT && !any; w++)
		want[w] = 1;
	runs = opt.runs > 0 ? opt.runs : 3;

	for (m = 0; m < MODE_COUNT; m++) {
		active[m] = (opt.modes >> m) & 1;
		target_init(&targets[m], m, "t");
		if (active[m] && m != MODE_DIRECT &&
		    target_start(&targets[m], "keep", opt.cols, opt.rows,
		    echo) != 0) {
			fprintf(stderr, "mux-bench: throughput: %s\n",
			    targets[m].error);
			active[m] = 0;
			errors++;
		}
		if (active[m] && m != MODE_DIRECT &&
		    target_server_pid(&targets[m]) == 0)
			bench_note("throughput: %s server pid not found; its "
			    "CPU is not reported", mode_name(m));
	}

	printf("%-16s %-8s %7s %10s %8s %12s %12s\n", "metric", "mode",
	    "count", "MiB/s", "spread%", "srv s/MiB", "cli s/MiB");
	for (w = 0; w < WORKLOAD_COUNT; w++) {
		if (!want[w])
			continue;
		workload_make(w, opt.cols, opt.rows, (size_t)(mib * MIB),
		    &data);
		snprintf(marker, sizeof marker, "MUXBENCH-END-%s",
		    workload_names[w]);
		buf_printf(&data, "\033[0m\033[r\033[?25h\033[H\033[2J%s",
		    marker);
		size = data.len;
		snprintf(metric, sizeof metric, "%s.bin", workload_names[w]);
		file = workload_file(metric, &data);
		snprintf(metric, sizeof metric, "tput-%s", workload_names[w]);
		memset(mibs, 0, sizeof mibs);
		memset(srv, 0, sizeof srv);
		memset(cli, 0, sizeof cli);
		for (run = -1; run < runs; run++) {
			for (m = 0; m < MODE_COUNT; m++) {
				if (!active[m])
					continue;
				snprintf(session, sizeof session, "%.1s%d",
				    workload_names[w], run + 1);
				if (m == MODE_DIRECT)
					i = tput_bare(file, size, &s, err,
					    sizeof err);
				else
					i = tput_mux(&targets[m], session, file,
					    size, marker, &s, err, sizeof err);
				if (i != 0) {
					fprintf(stderr, "mux-bench: throughput "
					    "%s: %s\n", workload_names[w], err);
					active[m] = 0;
					errors++;
					continue;
				}
				if (run < 0)
					continue;
				samples_add(&mibs[m], s.mibs);
				report_raw(metric, m == MODE_DIRECT ? "bare" :
				    mode_name(m), run, 0, s.mibs, "MiB/s");
				if (!isnan(s.srv))
					samples_add(&srv[m], s.srv);
				if (!isnan(s.cli))
					samples_add(&cli[m], s.cli);
			}
		}
		for (m = 0; m < MODE_COUNT; m++) {
			if (mibs[m].n > 0)
				tput_row(metric, m == MODE_DIRECT ? "bare" :
				    mode_name(m), &mibs[m], &srv[m], &cli[m],
				    workload_names[w]);
			samples_free(&mibs[m]);
			samples_free(&srv[m]);
			samples_free(&cli[m]);
		}
		unlink(file);
		free(file);
	}
	for (m = 0; m < MODE_COUNT; m++)
		target_stop(&targets[m]);
	buf_free(&data);
	return (errors ? 1 : 0);
}
