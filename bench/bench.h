/*
 * mux-bench: the benchmark described in BENCH.md. This header is shared by
 * the bench's own files only (mux code never includes it).
 *
 * Layout: bench.c (main, options, dispatch, gate), report.c (tables,
 * --record, baselines), stats.c (samples, nearest-rank), proc.c (children in
 * ptys, deadlines, cleanup, /proc readings), probe.c (the libvterm probe),
 * target.c (direct, mux and tmux behind one interface), child.c (the
 * programs run under test), workload.c (generated workloads), and one file
 * per measurement: keys.c, throughput.c, emulator.c, memory.c, idle.c,
 * hops.c, slowlink.c, scroll.c, footprint.c.
 */
#ifndef MUX_BENCH_H
#define MUX_BENCH_H

#include <sys/types.h>

#include <stddef.h>
#include <stdint.h>

/* ---- options (bench.c) ---- */

#define MODE_DIRECT	0
#define MODE_MUX	1
#define MODE_TMUX	2
#define MODE_COUNT	3

struct bench_opts {
	int		 runs;		/* 0: the command's default */
	int		 keys;		/* measured keys per run */
	long		 gap_us;	/* keys: a key this long after the last
					 * echo; -1: 25-35 ms apart */
	unsigned int	 cols, rows;
	unsigned int	 modes;		/* bits 1 << MODE_x wanted */
	int		 modes_set;	/* --modes given */
	int		 flood;		/* keys --flood */
	int		 gate;		/* budgets make the status */
	double		 seconds;	/* idle window */
	double		 mib;		/* workload size (MiB) */
	double		 timeout;	/* one wait's deadline, s */
	int		 lines;		/* memory: history lines */
	int		 panes;		/* memory: new panes */
	int		 verbose;
	const char	*record;
	const char	*order;		/* footprint: the section order file */
	const char	*baseline;
	const char	*save_baseline;
	const char	*mux_path;	/* NULL: not found */
	const char	*tmux_path;	/* NULL: not on PATH */
	char		*self;		/* mux-bench's path */
	const char	*command;	/* the subcommand being run */
};

extern struct bench_opts opt;

/* A note printed once at the end of the output ("note: ..."). */
void		 bench_note(const char *, ...)
		     __attribute__((format(printf, 1, 2)));
/* A fatal measurement error: message to stderr, cleanup, exit 1. */
void		 bench_fail(const char *, ...)
		     __attribute__((format(printf, 1, 2), noreturn));
/* Progress for a human on stderr (only with --verbose). */
void		 bench_log(const char *, ...)
		     __attribute__((format(printf, 1, 2)));
const char	*mode_name(int mode);
/* A mode fails: say why on stderr at once, clear *active, count it. */
void		 mode_drop(int *active, int *errors, const char *err);

/* ---- samples and statistics (stats.c) ---- */

struct samples {
	double		*v;
	size_t		 n, size;
};

void		 samples_add(struct samples *, double);
void		 samples_free(struct samples *);
/* Nearest rank: the value at rank ceil(p/100 * n) of the sorted samples. */
double		 samples_pct(const struct samples *, double p);
double		 samples_max(const struct samples *);

/* A seeded generator (splitmix64), the same on every machine. */
struct rng {
	uint64_t	 s;
};
void		 rng_seed(struct rng *, uint64_t);
uint64_t	 rng_next(struct rng *);
/* Uniform in [lo, hi]. */
unsigned int	 rng_range(struct rng *, unsigned int lo, unsigned int hi);

/* A growable byte buffer. */
struct buf {
	char		*p;
	size_t		 len, size;
};
void		 buf_add(struct buf *, const void *, size_t);
void		 buf_printf(struct buf *, const char *, ...)
		     __attribute__((format(printf, 2, 3)));
void		 buf_free(struct buf *);
/* NUL-terminated view (len unchanged). */
const char	*buf_str(struct buf *);

/* ---- results, tables, record, baselines (report.c) ---- */

/* Whether a bigger value is better (throughput) or worse (latency). */
#define BETTER_LOWER	0
#define BETTER_HIGHER	1

struct result {
	char		 metric[40];
	char		 mode[16];
	char		 unit[12];
	int		 better;
	size_t		 count;
	double		 p10, p50, p90, p99, max;
};

/* Summarise samples into a result (kept for gate and baselines); returns it. */
struct result	*report_add(const char *metric, const char *mode,
		     const char *unit, int better, const struct samples *);
struct result	*report_find(const char *metric, const char *mode);
/* Keep one raw sample for --record. */
void		 report_raw(const char *metric, const char *mode, int run,
		     int index, double value, const char *unit);
/* The latency table of BENCH.md (values in microseconds). */
void		 report_latency_header(void);
void		 report_latency_row(const struct result *);
void		 report_machine(void);
/* Write --record, compare with --baseline, save --save-baseline. */
int		 report_finish(void);
/* Versions for the record header (filled by bench.c). */
extern char	 report_mux_version[128];
extern char	 report_tmux_version[128];

/* ---- processes, ptys, deadlines (proc.c) ---- */

uint64_t	 now_ns(void);
void		 sleep_ns(uint64_t);
/* Make the private temporary directory, install signal handlers, become a
 * subreaper so a daemonised server stays ours to kill. */
void		 proc_init(void);
const char	*proc_tmpdir(void);
/* Kill every process the bench started (and their descendants), remove
 * the temporary directory. Safe in a signal handler; idempotent. */
void		 proc_cleanup(void);
/* Spawn argv in a new pty of cols x rows; *master is non-blocking. */
pid_t		 proc_spawn_pty(char *const argv[], unsigned int cols,
		     unsigned int rows, int *master);
/* Spawn argv in the background (its own session, stdio /dev/null). */
pid_t		 proc_spawn(char *const argv[]);
/* Run argv (stdin /dev/null) and wait at most timeout seconds; out and err
 * (may be NULL) get its output. Returns the exit status, 128+signal when
 * killed, -1 when it could not run or timed out (message in *why). */
int		 proc_run(char *const argv[], double timeout,
		     struct buf *out, struct buf *err, char *why, size_t whylen);
/* Wait for pid to exit; returns 0 or -1 on timeout. */
int		 proc_wait(pid_t pid, double timeout, int *status);
int		 proc_alive(pid_t pid);
/* SIGKILL pid and its process group, reap it. */
void		 proc_kill(pid_t pid);
/* Reap exited children that are not waited for (reparented servers). */
void		 proc_reap(void);
/* Readings from /proc; -1 when unreadable. */
int64_t		 proc_cpu_ns(pid_t);
int64_t		 proc_ctxt_switches(pid_t);
int64_t		 proc_rss_kib(pid_t);
/* The process that holds the listening UNIX socket at path (the server). */
pid_t		 proc_socket_owner(const char *path);
/* Read what is available on fd into buf (up to len); returns bytes, 0 at
 * EOF/EIO (peer gone), -1 when nothing is available. */
ssize_t		 proc_read(int fd, char *buf, size_t len);
/* Write all of buf to a non-blocking fd, waiting at most timeout. */
int		 proc_write(int fd, const void *buf, size_t len,
		     double timeout);

/* ---- the probe: a libvterm terminal fed with what a client writes ---- */

struct probe;

/* screen: keep cells (libvterm's screen layer) so text can be read;
 * otherwise only the state layer (cursor, modes), which is cheap enough to
 * follow a flood. reply_fd gets the terminal's answers to queries (-1:
 * none). */
struct probe	*probe_new(unsigned int cols, unsigned int rows, int screen,
		     int reply_fd);
void		 probe_free(struct probe *);
void		 probe_set_reply_fd(struct probe *, int);
/* The position to watch for: row -1 means any row. */
void		 probe_expect(struct probe *, int row, int col);
/* Feed bytes; returns 1 when the cursor stood at the expected position at
 * any cursor update while parsing them or at their end. */
int		 probe_feed(struct probe *, const char *, size_t);
void		 probe_cursor(struct probe *, int *row, int *col);
/* Row text (UTF-8, trailing blanks trimmed) into out; screen probes only. */
void		 probe_row(struct probe *, int row, char *out, size_t len);

/* ---- targets: how each mode runs a program (target.c) ---- */

struct target {
	int		 mode;
	const char	*name;
	const char	*path;		/* the mux or tmux binary */
	char		 label[48];	/* -L */
	char		 socket[512];	/* the server's socket path */
	int		 up;		/* server started by us */
	pid_t		 server;	/* 0 when unknown */
	char		 error[512];	/* why the last one failed */
};

void		 target_init(struct target *, int mode, const char *suffix);
/* Run one CLI command against the target's server; 0 on success, else
 * the reason is in t->error. out may be NULL. */
int		 target_cmd(struct target *, struct buf *out,
		     const char *cmd, ...) __attribute__((sentinel));
/* Start a server with a first detached session running argv; also applies
 * the bench settings (tmux: status off, escape-time 0). */
int		 target_start(struct target *, const char *session,
		     unsigned int cols, unsigned int rows, char *const argv[]);
/* kill-server, then wait for the server to be gone. */
void		 target_stop(struct target *);
/* New detached session running argv. */
int		 target_new_session(struct target *, const char *session,
		     unsigned int cols, unsigned int rows, char *const argv[]);
/* A client in a new pty: attach-session (attach != 0), or new-session
 * attached in one go (spawn and attach, for startup). For MODE_DIRECT, argv
 * runs in the pty itself. */
pid_t		 target_spawn(struct target *, const char *session,
		     int attach, unsigned int cols, unsigned int rows,
		     char *const argv[], int *master);
/* The server's pid (display-message '#{pid}', else the socket's owner). */
pid_t		 target_server_pid(struct target *);
/* Wait until capture-pane of pane shows text; 0 found, -1 not. */
int		 target_wait_text(struct target *, const char *pane,
		     const char *text, double timeout);
/* Make sure the server is not running (cold start). */
int		 target_ensure_down(struct target *);

/* ---- the programs under test (child.c) ---- */

int		 child_echo(int argc, char **argv);
int		 child_write(int argc, char **argv);
int		 child_flood(int argc, char **argv);
int		 child_scroll(int argc, char **argv);
int		 child_relay(int argc, char **argv);

/* ---- workloads (workload.c) ---- */

#define WORKLOAD_COUNT	6
extern const char *const workload_names[WORKLOAD_COUNT];
int		 workload_index(const char *);
/* Generate workload w for cols x rows, at least size bytes, from a fixed
 * seed, into out. */
void		 workload_make(int w, unsigned int cols, unsigned int rows,
		     size_t size, struct buf *out);
/* Lines for memory/idle: n lines of width cols (full != 0) or of random
 * length averaging half the width, each ending in CR LF. */
void		 workload_lines(unsigned int cols, int n, int full,
		     struct buf *out);
/* Write buf to a new file under the temporary directory; returns its path
 * (the caller frees it). */
char		*workload_file(const char *name, const struct buf *);

/* ---- a client (or direct program) in a pty, watched by a probe (keys.c) */

struct conn {
	struct target	*t;
	int		 fd;		/* pty master */
	pid_t		 pid;		/* client (or program) */
	struct probe	*probe;
	int		 flood_fd;	/* direct --flood pty, or -1 */
	pid_t		 flood_pid;
	uint64_t	 bytes;		/* read from fd so far */
	int		 typed;		/* keys echoed so far */
	char		 tail[400];	/* last bytes, for messages */
	size_t		 tail_len;
	/* A slow link (slowlink): fd is read at most rate bytes a second
	 * (0: as fast as it comes), through a bucket of tokens (bytes). */
	double		 rate;
	double		 tokens;
	uint64_t	 tokens_at;
};

/* Spawn a client (attach != 0: attach-session, else new-session attached,
 * or the program itself for direct) and wait for the prompt "> " (cursor
 * at row 0, column 2). *t0 and *t1 bound the wait. 0 or -1 (err). */
int		 conn_open(struct conn *, struct target *,
		     const char *session, int attach, char *const argv[],
		     int screen, uint64_t *t0, uint64_t *t1, char *err,
		     size_t errlen);
/* Read and feed until the probe's expected position is seen (0, *t1 the
 * time of that read), the deadline passes (-1) or the client ends (-2). */
int		 conn_wait(struct conn *, uint64_t deadline, uint64_t *t1);
/* Read and feed until the time until (0) or the client ends (-2). */
int		 conn_drain(struct conn *, uint64_t until);
/* The last bytes the client wrote, escaped, for a message. */
const char	*conn_tail(struct conn *);
/* Send ^D, wait for the client to exit (else kill it), close. */
void		 conn_close(struct conn *);
/* Read fd at most rate bytes a second from now on (0: no limit). */
void		 conn_set_rate(struct conn *, double rate);
/* Start a flooding neighbour pane (split-window; direct: a second pty)
 * and wait until its output reaches the client; wide: full-width lines
 * (flood-child --wide). 1 started, 0 skipped (a note says why), -1 error
 * (err). */
int		 conn_flood_start(struct conn *, const char *session, int wide,
		     char *err, size_t errlen);
/* Type warmup + count keys 25-35 ms apart (from seed); samples (us) and,
 * if not NULL, the t0/t1 of each measured key. 0 or -1 (err). */
int		 keys_type(struct conn *, uint64_t seed, int warmup,
		     int count,
		     struct samples *, uint64_t *t0s, uint64_t *t1s,
		     const char *what, char *err, size_t errlen);

/* ---- measurements ---- */

int		 keys_main(int argc, char **argv);
int		 throughput_main(int argc, char **argv);
int		 emulator_main(int argc, char **argv);
int		 memory_main(int argc, char **argv);
int		 idle_main(int argc, char **argv);
int		 hops_main(int argc, char **argv);
int		 footprint_main(int argc, char **argv);
int		 slowlink_main(int argc, char **argv);
int		 scroll_main(int argc, char **argv);
/* The budgets of BENCH.md over what was measured; prints the gate line.
 * Returns 0 when every budget that applies passes. */
int		 gate_check(int full);

#endif
