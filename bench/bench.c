/*
 * mux-bench: proves, on the user's own machine, that a terminal run through
 * mux feels like the terminal itself, or shows where it does not. Every
 * figure is taken side by side with running the program directly and,
 * when installed, with tmux, in alternating runs of one invocation. See
 * BENCH.md for what is measured and the budgets.
 *
 * This file: options, the subcommand table, notes and errors, and the gate.
 */
#include <sys/stat.h>

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/xmalloc.h"
#include "bench/bench.h"

struct bench_opts	 opt;

static char		*notes[64];
static int		 nnotes;
static const char	*mux_arg, *tmux_arg, *modes_arg;

/* Keystroke budgets, ms (BENCH.md). */
#define BUDGET_KEY_P50		0.10
#define BUDGET_KEY_P99		0.50
#define BUDGET_FLOOD_P50	1.00
#define BUDGET_FLOOD_P99	3.00
#define BUDGET_STARTUP		5.00
#define MIN_KEYSTROKES		200
#define MIN_STARTUPS		10
#define MIN_IDLE_SECONDS	10

static const struct {
	const char	*name;
	int		(*main)(int, char **);
	const char	*usage;
} commands[] = {
	{ "keys", keys_main, "keys [startup]    keystroke to screen, startup "
	    "warm and cold (--flood: beside a flooding pane)" },
	{ "throughput", throughput_main, "throughput [WORKLOAD...]  MiB/s "
	    "through a real pane, CPU per MiB" },
	{ "emulator", emulator_main, "emulator [WORKLOAD...]    parser+grid "
	    "MiB/s in memory: mux's grid and libvterm" },
	{ "memory", memory_main, "memory            server memory at rest, "
	    "per pane, per history line" },
	{ "idle", idle_main, "idle              wake-ups per second of an "
	    "idle server and client" },
	{ "scroll", scroll_main, "scroll            bytes to the terminal for a "
	    "scroll up, down, lines\n"
	    "                    inserted and deleted, against a repaint "
	    "(try --size 200x50)" },
	{ "hops", hops_main, "hops              one keystroke's path, hop by "
	    "hop (MUX_TRACE)" },
	{ "footprint", footprint_main, "footprint         cache lines and pages "
	    "one keystroke touches in the\n"
	    "                    server (valgrind's lackey; not in the suite)" },
	{ "slowlink", slowlink_main, "slowlink [RATE...]  typing beside a "
	    "flood, the terminal read at RATE\n"
	    "                    bytes/s (1M and 100K)" },
};

/* The name of a mode as the tables print it. */
const char *
mode_name(int mode)
{
	static const char *const names[] = { "direct", "mux", "tmux" };

	return (mode >= 0 && mode < MODE_COUNT ? names[mode] : "?");
}

/* A mode fails: it is said at once and the mode runs no more. */
void
mode_drop(int *active, int *errors, const char *err)
{
	fprintf(stderr, "mux-bench: %s: %s\n", opt.command, err);
	*active = 0;
	(*errors)++;
}

/* Keep a note for the end of the output (once per text). */
void
bench_note(const char *fmt, ...)
{
	va_list	 ap;
	char	*s;
	int	 i;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	for (i = 0; i < nnotes; i++) {
		if (strcmp(notes[i], s) == 0) {
			free(s);
			return;
		}
	}
	if (nnotes < (int)(sizeof notes / sizeof notes[0]))
		notes[nnotes++] = s;
	else
		free(s);
}

/* Print and forget the notes kept so far. */
static void
bench_print_notes(void)
{
	int	i;

	for (i = 0; i < nnotes; i++)
		printf("note: %s\n", notes[i]);
	nnotes = 0;
	fflush(stdout);
}

/* Say what failed, stop every process, exit 1. */
void
bench_fail(const char *fmt, ...)
{
	va_list	ap;

	fflush(stdout);
	fprintf(stderr, "mux-bench: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	bench_print_notes();
	proc_cleanup();
	exit(1);
}

/* Progress on stderr, with --verbose only. */
void
bench_log(const char *fmt, ...)
{
	va_list	ap;

	if (!opt.verbose)
		return;
	fprintf(stderr, "mux-bench: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
}

/* The usage text. */
static void
usage(FILE *f)
{
	size_t	i;

	fprintf(f, "usage: mux-bench [options] COMMAND [args]\n\ncommands:\n");
	for (i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fprintf(f, "  %s\n", commands[i].usage);
	fprintf(f,
"  gate              keys, keys --flood and idle; exit 0 only if every "
	    "budget passes\n"
"  suite             the default suite (make bench): keys, keys --flood, "
	    "throughput,\n"
"                    emulator, memory, idle, hops, slowlink, scroll\n"
"  echo-child        the program under test (raw mode, echoes, ^D ends)\n"
"  write-child, flood-child, scroll-child  helpers the bench runs in "
	    "panes\n"
"  relay-child       keys' floor: a relay in front of echo-child, copying\n"
"                    bytes both ways and nothing else\n"
"\noptions:\n"
"  --runs N          runs per mode (keys 10, throughput 3, emulator 5,\n"
"                    slowlink 3)\n"
"  --keys N          measured keys per run (50)\n"
"  --gap US          keys, hops, slowlink: each key US microseconds after\n"
"                    the last echo (default: keys 25-35 ms apart)\n"
"  --size COLSxROWS  pty and pane size (120x40)\n"
"  --modes LIST      direct,mux,tmux (default: those found)\n"
"  --flood           keys: type beside a flooding pane\n"
"  --mux PATH        the mux binary (default: next to mux-bench, else PATH)\n"
"  --tmux PATH       the tmux binary (default: PATH)\n"
"  --mib N           throughput/emulator workload size in MiB (8)\n"
"  --seconds N       idle window (10)\n"
"  --lines N         memory: history lines (10000)\n"
"  --panes N         memory: new panes (20)\n"
"  --timeout S       deadline of any single wait (10)\n"
"  --record FILE     raw samples as TSV after a JSON header (the machine)\n"
"  --order FILE      footprint: write the functions every key runs, as the\n"
"                    linker's section order (bench/keystroke.order)\n"
"  --baseline NAME   compare with a saved run\n"
"  --save-baseline NAME  compare with NAME, then replace it with this run\n"
"  --gate            exit status 0 only if every measured budget passes\n"
"  --verbose         progress on stderr\n"
"\nworkloads: ascii highlight dense region unicode cursor\n");
}

/* An executable file at path? */
static int
is_exec(const char *path)
{
	struct stat	sb;

	return (stat(path, &sb) == 0 && S_ISREG(sb.st_mode) &&
	    access(path, X_OK) == 0);
}

/* path made absolute (for the record; children may run elsewhere). */
static const char *
absolute(const char *path)
{
	char	*p = realpath(path, NULL);

	return (p != NULL ? p : path);
}

/* Look name up on PATH; the caller frees the result. */
static char *
find_on_path(const char *name)
{
	const char	*path = getenv("PATH");
	char		*copy, *dir, *save = NULL, *full;

	if (path == NULL)
		path = "/usr/local/bin:/usr/bin:/bin";
	copy = xstrdup(path);
	for (dir = strtok_r(copy, ":", &save); dir != NULL;
	    dir = strtok_r(NULL, ":", &save)) {
		full = xasprintf("%s/%s", *dir ? dir : ".", name);
		if (is_exec(full)) {
			free(copy);
			return (full);
		}
		free(full);
	}
	free(copy);
	return (NULL);
}

/* The first line of `path -V`, or "". */
static void
version_of(const char *path, char *out, size_t len)
{
	char		*argv[] = { (char *)path, "-V", NULL };
	struct buf	 b = { 0 };
	char		 why[128];

	out[0] = '\0';
	if (proc_run(argv, opt.timeout < 5 ? opt.timeout : 5, &b, NULL, why,
	    sizeof why) == 0 && b.len > 0) {
		b.p[strcspn(b.p, "\n")] = '\0';
		snprintf(out, len, "%s", b.p);
	} else
		snprintf(out, len, "unknown (%s -V failed)", path);
	buf_free(&b);
}

/* Find mux (--mux, next to mux-bench, PATH) and tmux (--tmux, PATH). */
static void
find_binaries(const char *mux_arg, const char *tmux_arg)
{
	char	*dir, *p;

	if (mux_arg != NULL) {
		if (is_exec(mux_arg))
			opt.mux_path = absolute(mux_arg);
		else
			bench_note("--mux %s is not an executable file; the "
			    "mux mode is skipped", mux_arg);
	} else {
		dir = xstrdup(opt.self);
		if ((p = strrchr(dir, '/')) != NULL)
			*p = '\0';
		p = xasprintf("%s/mux", dir);
		free(dir);
		if (is_exec(p))
			opt.mux_path = p;
		else {
			free(p);
			opt.mux_path = find_on_path("mux");
		}
		if (opt.mux_path == NULL)
			bench_note("mux not found (next to mux-bench or on "
			    "PATH; use --mux PATH); the mux mode is skipped");
	}
	if (tmux_arg != NULL) {
		if (is_exec(tmux_arg))
			opt.tmux_path = absolute(tmux_arg);
		else
			bench_note("--tmux %s is not an executable file; the "
			    "tmux mode is skipped", tmux_arg);
	} else if ((opt.tmux_path = find_on_path("tmux")) == NULL)
		bench_note("tmux is not on PATH; the tmux mode is skipped");
	if (opt.mux_path != NULL)
		version_of(opt.mux_path, report_mux_version,
		    sizeof report_mux_version);
	if (opt.tmux_path != NULL)
		version_of(opt.tmux_path, report_tmux_version,
		    sizeof report_tmux_version);
}

/* A comma-separated list of modes as a bit set. */
static unsigned int
parse_modes(const char *list)
{
	char		*copy = xstrdup(list), *m, *save = NULL;
	unsigned int	 modes = 0;
	int		 i, found;

	for (m = strtok_r(copy, ",", &save); m != NULL;
	    m = strtok_r(NULL, ",", &save)) {
		found = 0;
		for (i = 0; i < MODE_COUNT; i++) {
			if (strcmp(m, mode_name(i)) == 0) {
				modes |= 1u << i;
				found = 1;
			}
		}
		if (!found)
			bench_fail("--modes: unknown mode \"%s\" (direct, mux, "
			    "tmux)", m);
	}
	free(copy);
	return (modes);
}

/* An integer option in [min, max], or fail naming it. */
static long
parse_num(const char *name, const char *s, long min, long max)
{
	char	*end;
	long	 v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		bench_fail("%s: expected a number from %ld to %ld, not \"%s\"",
		    name, min, max, s);
	return (v);
}

/* A real option in [min, max], or fail naming it. */
static double
parse_real(const char *name, const char *s, double min, double max)
{
	char	*end;
	double	 v;

	errno = 0;
	v = strtod(s, &end);
	if (errno != 0 || *end != '\0' || !(v >= min && v <= max))
		bench_fail("%s: expected a number from %g to %g, not \"%s\"",
		    name, min, max, s);
	return (v);
}

/* A figure for the gate line: "n/a" when it was not measured. */
static const char *
fig(const char *fmt, double v)
{
	static char	bufs[4][32];
	static int	next;
	char		*b = bufs[next++ % 4];

	if (isnan(v))
		return ("n/a");
	snprintf(b, sizeof bufs[0], fmt, v);
	return (b);
}

/* Verdict of "value <= budget" with enough samples. */
static const char *
verdict(int enough, double value, double budget, int *worst)
{
	if (!enough || isnan(value)) {
		if (*worst < 1)
			*worst = 1;
		return ("INCONCLUSIVE");
	}
	if (value <= budget)
		return ("PASS");
	*worst = 2;
	return ("FAIL");
}

/* Print the gate line for what was measured (all budgets if full). */
int
gate_check(int full)
{
	struct result	*kd, *km, *sd, *sm, *fm, *is, *ic;
	int		 worst = 0, any = 0;
	double		 v;

	kd = report_find("keystroke", "direct");
	km = report_find("keystroke", "mux");
	sd = report_find("startup", "direct");
	sm = report_find("startup", "mux");
	fm = report_find("keystroke-flood", "mux");
	is = report_find("idle-server", "mux");
	ic = report_find("idle-client", "mux");

	printf("gate:");
	if (full || kd != NULL || km != NULL) {
		int enough = kd && km && kd->count >= MIN_KEYSTROKES &&
		    km->count >= MIN_KEYSTROKES;

		v = kd && km ? (km->p50 - kd->p50) / 1e3 : NAN;
		printf(" keystroke p50 %s ms over direct (budget +%.2f ms) "
		    "%s;", fig("%+.2f", v), BUDGET_KEY_P50,
		    verdict(enough, v, BUDGET_KEY_P50, &worst));
		v = kd && km ? (km->p99 - kd->p99) / 1e3 : NAN;
		printf(" keystroke p99 %s ms over direct (budget +%.2f ms) "
		    "%s;", fig("%+.2f", v), BUDGET_KEY_P99,
		    verdict(enough, v, BUDGET_KEY_P99, &worst));
		any = 1;
	}
	if (full || sd != NULL || sm != NULL) {
		int enough = sd && sm && sd->count >= MIN_STARTUPS &&
		    sm->count >= MIN_STARTUPS;

		v = sd && sm ? (sm->p50 - sd->p50) / 1e3 : NAN;
		printf(" startup warm %s ms over direct (budget +%.1f ms) "
		    "%s;", fig("%+.1f", v), BUDGET_STARTUP,
		    verdict(enough, v, BUDGET_STARTUP, &worst));
		any = 1;
	}
	if (full || fm != NULL) {
		int enough = fm && fm->count >= MIN_KEYSTROKES;

		v = fm ? fm->p50 / 1e3 : NAN;
		printf(" flood p50 %s ms (budget %.2f ms) %s;", fig("%.2f", v),
		    BUDGET_FLOOD_P50,
		    verdict(enough, v, BUDGET_FLOOD_P50, &worst));
		v = fm ? fm->p99 / 1e3 : NAN;
		printf(" flood p99 %s ms (budget %.2f ms) %s;", fig("%.2f", v),
		    BUDGET_FLOOD_P99,
		    verdict(enough, v, BUDGET_FLOOD_P99, &worst));
		any = 1;
	}
	if (full || is != NULL || ic != NULL) {
		int enough = is && ic && opt.seconds >= MIN_IDLE_SECONDS;

		v = is && ic ? (is->p50 > ic->p50 ? is->p50 : ic->p50) : NAN;
		printf(" idle %s wake-ups/s (budget 0) %s;", fig("%.2f", v),
		    verdict(enough, v, 0, &worst));
		any = 1;
	}
	if (!any)
		printf(" nothing measured that has a budget\n");
	else {
		printf(" %s\n", worst == 0 ? "PASS" : worst == 1 ?
		    "INCONCLUSIVE" : "FAIL");
	}
	fflush(stdout);
	return (worst == 0 && any ? 0 : 1);
}

/* Run one measurement with its own option overrides. */
static int
run_command(int (*fn)(int, char **), int argc, char **argv, const char *name)
{
	const char	*saved = opt.command;
	int		 rc;

	opt.command = name;
	printf("\n== %s ==\n", name);
	fflush(stdout);
	rc = fn(argc, argv);
	bench_print_notes();
	opt.command = saved;
	return (rc);
}

/* gate: keys, keys --flood and idle for direct and mux, then the budgets. */
static int
run_gate(void)
{
	int	rc = 0, runs = opt.runs;

	if (!opt.modes_set)
		opt.modes &= (1u << MODE_DIRECT) | (1u << MODE_MUX);
	rc |= run_command(keys_main, 0, NULL, "keys");
	opt.flood = 1;
	rc |= run_command(keys_main, 0, NULL, "keys --flood");
	opt.flood = 0;
	opt.runs = runs;
	rc |= run_command(idle_main, 0, NULL, "idle");
	printf("\n");
	return (gate_check(1) != 0 || rc != 0);
}

/* suite: every measurement, as make bench runs them. */
static int
run_suite(void)
{
	int	rc = 0;

	rc |= run_command(keys_main, 0, NULL, "keys");
	opt.flood = 1;
	rc |= run_command(keys_main, 0, NULL, "keys --flood");
	opt.flood = 0;
	rc |= run_command(throughput_main, 0, NULL, "throughput");
	rc |= run_command(emulator_main, 0, NULL, "emulator");
	rc |= run_command(memory_main, 0, NULL, "memory");
	rc |= run_command(idle_main, 0, NULL, "idle");
	rc |= run_command(hops_main, 0, NULL, "hops");
	rc |= run_command(slowlink_main, 0, NULL, "slowlink");
	rc |= run_command(scroll_main, 0, NULL, "scroll");
	printf("\n");
	gate_check(1);
	printf("(informational: the exit status of suite ignores the budgets;"
	    " use gate)\n");
	return (rc);
}

/* One option; returns -1 to go on, else the exit status. */
static int
handle_option(int c, const char *arg)
{
	switch (c) {
	case 'r':
		opt.runs = parse_num("--runs", arg, 1, 100000);
		break;
	case 'k':
		opt.keys = parse_num("--keys", arg, 1, 1000000);
		break;
	case 'G':
		opt.gap_us = parse_num("--gap", arg, 0, 10000000);
		break;
	case 's':
		if (sscanf(arg, "%ux%u", &opt.cols, &opt.rows) != 2 ||
		    opt.cols < 64 || opt.rows < 24 || opt.cols > 1000 ||
		    opt.rows > 1000)
			bench_fail("--size: expected COLSxROWS, at least "
			    "64x24, not \"%s\"", arg);
		break;
	case 'm':
		modes_arg = arg;
		break;
	case 'F':
		opt.flood = 1;
		break;
	case 'M':
		mux_arg = arg;
		break;
	case 'T':
		tmux_arg = arg;
		break;
	case 'b':
		opt.mib = parse_real("--mib", arg, 0.001, 4096);
		break;
	case 'S':
		opt.seconds = parse_real("--seconds", arg, 0.1, 3600);
		break;
	case 'l':
		opt.lines = parse_num("--lines", arg, 100, 10000000);
		break;
	case 'p':
		opt.panes = parse_num("--panes", arg, 1, 1000);
		break;
	case 't':
		opt.timeout = parse_real("--timeout", arg, 0.1, 3600);
		break;
	case 'R':
		opt.record = arg;
		break;
	case 'O':
		opt.order = arg;
		break;
	case 'B':
		opt.baseline = arg;
		break;
	case 'A':
		opt.save_baseline = arg;
		break;
	case 'g':
		opt.gate = 1;
		break;
	case 'v':
		opt.verbose = 1;
		break;
	case 'h':
		usage(stdout);
		return (0);
	default:
		usage(stderr);
		return (2);
	}
	return (-1);
}

/* Options (before and after the command), the environment, the command. */
int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "runs", required_argument, NULL, 'r' },
		{ "keys", required_argument, NULL, 'k' },
		{ "gap", required_argument, NULL, 'G' },
		{ "size", required_argument, NULL, 's' },
		{ "modes", required_argument, NULL, 'm' },
		{ "flood", no_argument, NULL, 'F' },
		{ "mux", required_argument, NULL, 'M' },
		{ "tmux", required_argument, NULL, 'T' },
		{ "mib", required_argument, NULL, 'b' },
		{ "seconds", required_argument, NULL, 'S' },
		{ "lines", required_argument, NULL, 'l' },
		{ "panes", required_argument, NULL, 'p' },
		{ "timeout", required_argument, NULL, 't' },
		{ "record", required_argument, NULL, 'R' },
		{ "order", required_argument, NULL, 'O' },
		{ "baseline", required_argument, NULL, 'B' },
		{ "save-baseline", required_argument, NULL, 'A' },
		{ "gate", no_argument, NULL, 'g' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	char		 self[PATH_MAX];
	ssize_t		 n;
	int		 c, rc = 0;
	size_t		 i;

	/* The programs under test take their arguments raw. */
	if (argc > 1 && strcmp(argv[1], "echo-child") == 0)
		return (child_echo(argc - 1, argv + 1));
	if (argc > 1 && strcmp(argv[1], "write-child") == 0)
		return (child_write(argc - 1, argv + 1));
	if (argc > 1 && strcmp(argv[1], "flood-child") == 0)
		return (child_flood(argc - 1, argv + 1));
	if (argc > 1 && strcmp(argv[1], "scroll-child") == 0)
		return (child_scroll(argc - 1, argv + 1));
	if (argc > 1 && strcmp(argv[1], "relay-child") == 0)
		return (child_relay(argc - 1, argv + 1));

	setvbuf(stdout, NULL, _IOLBF, 0);
	opt.keys = 50;
	opt.gap_us = -1;
	opt.cols = 120;
	opt.rows = 40;
	opt.seconds = 10;
	opt.timeout = 10;
	opt.lines = 10000;
	opt.panes = 20;
	/* Options before the command, then after it (in any order). */
	while ((c = getopt_long(argc, argv, "+h", longopts, NULL)) != -1) {
		if ((rc = handle_option(c, optarg)) != -1)
			return (rc);
	}
	if (optind >= argc) {
		usage(stderr);
		return (2);
	}
	opt.command = argv[optind];
	argc -= optind;
	argv += optind;
	optind = 0;
	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		if ((rc = handle_option(c, optarg)) != -1)
			return (rc);
	}
	argc -= optind;
	argv += optind;
	rc = 0;
	if ((n = readlink("/proc/self/exe", self, sizeof self - 1)) <= 0)
		bench_fail("readlink /proc/self/exe: %s", strerror(errno));
	self[n] = '\0';
	opt.self = xstrdup(self);

	proc_init();
	setenv("MUX_TMPDIR", proc_tmpdir(), 1);
	setenv("TMUX_TMPDIR", proc_tmpdir(), 1);
	setenv("TERM", "xterm-256color", 1);
	setenv("LC_ALL", "C.UTF-8", 1);
	unsetenv("TMUX");
	unsetenv("TMUX_PANE");
	unsetenv("MUX");
	unsetenv("MUX_TRACE");
	/* The probe (libvterm) takes 24-bit colour: say so, as a modern
	 * terminal would, so no client has to map it to 256 colours. */
	setenv("COLORTERM", "truecolor", 1);

	find_binaries(mux_arg, tmux_arg);
	opt.modes = modes_arg != NULL ? parse_modes(modes_arg) :
	    (1u << MODE_DIRECT) | (1u << MODE_MUX) | (1u << MODE_TMUX);
	opt.modes_set = modes_arg != NULL;
	if (opt.mux_path == NULL)
		opt.modes &= ~(1u << MODE_MUX);
	if (opt.tmux_path == NULL)
		opt.modes &= ~(1u << MODE_TMUX);

	if (strcmp(opt.command, "keys") == 0 && opt.flood)
		opt.command = "keys --flood";
	printf("mux-bench %s: %ux%u", opt.command, opt.cols, opt.rows);
	for (i = 0; i < MODE_COUNT; i++) {
		if (opt.modes & (1u << i))
			printf("%s%s", i == 0 || !(opt.modes & 1) ? " " : ",",
			    mode_name(i));
	}
	if (opt.gap_us >= 0)
		printf(", each key %ld us after the last echo", opt.gap_us);
	printf("\n");
	report_machine();

	if (strcmp(opt.command, "gate") == 0)
		rc = run_gate();
	else if (strcmp(opt.command, "suite") == 0)
		rc = run_suite();
	else {
		for (i = 0; i < sizeof commands / sizeof commands[0]; i++) {
			if (strncmp(opt.command, commands[i].name,
			    strlen(commands[i].name)) == 0 &&
			    (opt.command[strlen(commands[i].name)] == '\0' ||
			    opt.command[strlen(commands[i].name)] == ' '))
				break;
		}
		if (i == sizeof commands / sizeof commands[0]) {
			fprintf(stderr, "mux-bench: unknown command: %s\n",
			    opt.command);
			usage(stderr);
			return (2);
		}
		rc = commands[i].main(argc, argv);
		if (strcmp(commands[i].name, "keys") == 0 ||
		    strcmp(commands[i].name, "idle") == 0) {
			if (gate_check(0) != 0 && opt.gate)
				rc = 1;
			else if (!opt.gate)
				printf("(informational: --gate or `mux-bench "
				    "gate` makes the budgets the exit status)"
				    "\n");
		}
	}
	bench_print_notes();
	rc |= report_finish();
	fflush(stdout);
	proc_cleanup();
	return (rc);
}
