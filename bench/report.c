/*
 * report: what the bench keeps of a measurement and where it goes.
 *
 * Each measurement summarises its samples into results (metric, mode,
 * count, nearest-rank p10/p50/p90/p99/max) and prints its table. At the end
 * report_finish writes --record (a JSON header describing the machine, then
 * every raw sample as TSV), compares with a saved baseline, and saves one.
 *
 * Baselines are TSV files, one result a line, kept in $MUX_BENCH_BASELINES
 * or else ${XDG_CACHE_HOME:-~/.cache}/mux-bench. A change counts only when
 * it is bigger than 5% and outside both runs' spreads (half the distance
 * between p10 and p90); otherwise it is marked (noise).
 */
#include <sys/stat.h>
#include <sys/utsname.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/xmalloc.h"
#include "bench/bench.h"

#ifndef MUX_SRCDIR
#define MUX_SRCDIR "."
#endif

#define NOISE_FRACTION	0.05

struct raw {
	char		 metric[40];
	char		 mode[16];
	char		 unit[12];
	int		 run, index;
	double		 value;
};

/* Each result is its own allocation, so pointers to it stay valid. */
static struct result	**results;
static size_t		 nresults;
static struct raw	*raws;
static size_t		 nraws, raws_size;
static char		 load_start[64];
char			 report_mux_version[128] = "";
char			 report_tmux_version[128] = "";

/* Summarise samples into a kept result. */
struct result *
report_add(const char *metric, const char *mode, const char *unit,
    int better, const struct samples *s)
{
	struct result	*r;

	results = xreallocarray(results, nresults + 1, sizeof *results);
	r = results[nresults++] = xcalloc(1, sizeof *r);
	snprintf(r->metric, sizeof r->metric, "%s", metric);
	snprintf(r->mode, sizeof r->mode, "%s", mode);
	snprintf(r->unit, sizeof r->unit, "%s", unit);
	r->better = better;
	r->count = s->n;
	r->p10 = samples_pct(s, 10);
	r->p50 = samples_pct(s, 50);
	r->p90 = samples_pct(s, 90);
	r->p99 = samples_pct(s, 99);
	r->max = samples_max(s);
	return (r);
}

/* The latest result for metric and mode, or NULL. */
struct result *
report_find(const char *metric, const char *mode)
{
	size_t	i;

	for (i = nresults; i > 0; i--) {
		if (strcmp(results[i - 1]->metric, metric) == 0 &&
		    strcmp(results[i - 1]->mode, mode) == 0)
			return (results[i - 1]);
	}
	return (NULL);
}

/* Keep one raw sample for --record. */
void
report_raw(const char *metric, const char *mode, int run, int index,
    double value, const char *unit)
{
	struct raw	*r;

	if (opt.record == NULL)
		return;
	if (nraws == raws_size) {
		raws_size = raws_size ? raws_size * 2 : 1024;
		raws = xreallocarray(raws, raws_size, sizeof *raws);
	}
	r = &raws[nraws++];
	snprintf(r->metric, sizeof r->metric, "%s", metric);
	snprintf(r->mode, sizeof r->mode, "%s", mode);
	snprintf(r->unit, sizeof r->unit, "%s", unit);
	r->run = run;
	r->index = index;
	r->value = value;
}

/* The header of the latency table. */
void
report_latency_header(void)
{
	printf("%-16s %-8s %7s %10s %10s %10s %10s\n", "metric", "mode",
	    "count", "p50 us", "p90 us", "p99 us", "max us");
}

/* One latency row, microseconds. */
void
report_latency_row(const struct result *r)
{
	printf("%-16s %-8s %7zu %10.1f %10.1f %10.1f %10.1f\n", r->metric,
	    r->mode, r->count, r->p50, r->p90, r->p99, r->max);
	fflush(stdout);
}

/* First line of a file that starts with key (e.g. "model name"). */
static void
read_field(const char *path, const char *key, char *out, size_t len)
{
	FILE	*f;
	char	 line[512], *p;

	snprintf(out, len, "unknown");
	if ((f = fopen(path, "re")) == NULL)
		return;
	while (fgets(line, sizeof line, f) != NULL) {
		if (strncmp(line, key, strlen(key)) != 0)
			continue;
		if ((p = strchr(line, ':')) == NULL)
			continue;
		p += 1 + strspn(p + 1, " \t");
		p[strcspn(p, "\n")] = '\0';
		snprintf(out, len, "%s", p);
		break;
	}
	fclose(f);
}

/* The load averages. */
static void
read_load(char *out, size_t len)
{
	FILE	*f;
	double	 a = 0, b = 0, c = 0;

	snprintf(out, len, "unknown");
	if ((f = fopen("/proc/loadavg", "re")) == NULL)
		return;
	if (fscanf(f, "%lf %lf %lf", &a, &b, &c) == 3)
		snprintf(out, len, "%.2f %.2f %.2f", a, b, c);
	fclose(f);
}

/* The CPU model from /proc/cpuinfo. */
static void
cpu_model(char *out, size_t len)
{
	read_field("/proc/cpuinfo", "model name", out, len);
	if (strcmp(out, "unknown") == 0)
		read_field("/proc/cpuinfo", "Hardware", out, len);
}

/* The source tree's commit (read only), or "unknown". */
static void
git_commit(char *out, size_t len)
{
	char		*argv[] = { "git", "-C", MUX_SRCDIR, "rev-parse",
			    "--short=12", "HEAD", NULL };
	struct buf	 b = { 0 };
	char		 why[128];

	snprintf(out, len, "unknown");
	if (proc_run(argv, 5, &b, NULL, why, sizeof why) == 0 && b.len > 0) {
		b.p[strcspn(b.p, "\n")] = '\0';
		snprintf(out, len, "%s", b.p);
	}
	buf_free(&b);
}

/* The machine, as a line before the tables. */
void
report_machine(void)
{
	char		cpu[256];
	struct utsname	u;

	read_load(load_start, sizeof load_start);
	cpu_model(cpu, sizeof cpu);
	uname(&u);
	printf("machine: %s, %ld cores, %s %s, load %s\n", cpu,
	    sysconf(_SC_NPROCESSORS_ONLN), u.sysname, u.release, load_start);
	printf("versions: mux %s, tmux %s\n",
	    report_mux_version[0] ? report_mux_version : "not found",
	    report_tmux_version[0] ? report_tmux_version : "not found");
	fflush(stdout);
}

/* A JSON string. */
static void
json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s != '\0'; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04x", (unsigned char)*s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

/* A JSON number (null for NAN). */
static void
json_num(FILE *f, double v)
{
	if (isnan(v))
		fputs("null", f);
	else
		fprintf(f, "%.3f", v);
}

/* Write --record: JSON header line, then TSV samples. */
static int
report_record(void)
{
	FILE		*f;
	char		 cpu[256], load_end[64], commit[64], date[64];
	struct utsname	 u;
	time_t		 now = time(NULL);
	size_t		 i;

	if ((f = fopen(opt.record, "w")) == NULL) {
		fprintf(stderr, "mux-bench: --record %s: %s\n", opt.record,
		    strerror(errno));
		return (1);
	}
	cpu_model(cpu, sizeof cpu);
	read_load(load_end, sizeof load_end);
	git_commit(commit, sizeof commit);
	uname(&u);
	strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));

	fputs("# {\"bench\":\"mux-bench\",\"format\":1,\"command\":", f);
	json_str(f, opt.command);
	fputs(",\"date\":", f);
	json_str(f, date);
	fputs(",\"machine\":{\"cpu\":", f);
	json_str(f, cpu);
	fprintf(f, ",\"cores\":%ld,\"kernel\":", sysconf(_SC_NPROCESSORS_ONLN));
	fprintf(f, "\"%s %s %s\"", u.sysname, u.release, u.machine);
	fputs(",\"load_start\":", f);
	json_str(f, load_start);
	fputs(",\"load_end\":", f);
	json_str(f, load_end);
	fputs("},\"mux\":{\"path\":", f);
	json_str(f, opt.mux_path ? opt.mux_path : "");
	fputs(",\"version\":", f);
	json_str(f, report_mux_version);
	fputs("},\"tmux\":{\"path\":", f);
	json_str(f, opt.tmux_path ? opt.tmux_path : "");
	fputs(",\"version\":", f);
	json_str(f, report_tmux_version);
	fputs("},\"commit\":", f);
	json_str(f, commit);
	fprintf(f, ",\"size\":\"%ux%u\",\"runs\":%d,\"keys\":%d,"
	    "\"gap_us\":%ld,\"results\":[", opt.cols, opt.rows, opt.runs,
	    opt.keys, opt.gap_us);
	for (i = 0; i < nresults; i++) {
		fprintf(f, "%s{\"metric\":", i ? "," : "");
		json_str(f, results[i]->metric);
		fputs(",\"mode\":", f);
		json_str(f, results[i]->mode);
		fputs(",\"unit\":", f);
		json_str(f, results[i]->unit);
		fprintf(f, ",\"count\":%zu,\"p50\":", results[i]->count);
		json_num(f, results[i]->p50);
		fputs(",\"p90\":", f);
		json_num(f, results[i]->p90);
		fputs(",\"p99\":", f);
		json_num(f, results[i]->p99);
		fputs(",\"max\":", f);
		json_num(f, results[i]->max);
		fputc('}', f);
	}
	fputs("]}\n", f);
	fputs("metric\tmode\trun\tindex\tvalue\tunit\n", f);
	for (i = 0; i < nraws; i++) {
		fprintf(f, "%s\t%s\t%d\t%d\t%.3f\t%s\n", raws[i].metric,
		    raws[i].mode, raws[i].run, raws[i].index, raws[i].value,
		    raws[i].unit);
	}
	if (fclose(f) != 0) {
		fprintf(stderr, "mux-bench: --record %s: %s\n", opt.record,
		    strerror(errno));
		return (1);
	}
	printf("recorded: %s (%zu samples)\n", opt.record, nraws);
	return (0);
}

/* The baseline directory, created if needed; the caller frees it. */
static char *
baseline_dir(void)
{
	const char	*env, *home;
	char		*dir, *p;

	if ((env = getenv("MUX_BENCH_BASELINES")) != NULL && *env != '\0')
		dir = xstrdup(env);
	else if ((env = getenv("XDG_CACHE_HOME")) != NULL && *env == '/')
		dir = xasprintf("%s/mux-bench", env);
	else if ((home = getenv("HOME")) != NULL && *home == '/')
		dir = xasprintf("%s/.cache/mux-bench", home);
	else
		dir = xstrdup("mux-bench-baselines");
	for (p = dir + 1; *p != '\0'; p++) {
		if (*p == '/') {
			*p = '\0';
			mkdir(dir, 0755);
			*p = '/';
		}
	}
	mkdir(dir, 0755);
	return (dir);
}

/* A baseline name is a plain file name. */
static int
baseline_name_ok(const char *name)
{
	return (*name != '\0' && strspn(name, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") == strlen(name) &&
	    name[0] != '.');
}

/* Half the distance between p10 and p90. */
static double
spread(const struct result *r)
{
	return ((r->p90 - r->p10) / 2);
}

/* Compare with the named baseline; prints a section. */
static int
baseline_compare(const char *name, int missing_ok)
{
	char		*dir = baseline_dir(), *path, line[512], head[256];
	char		 verdict[32];
	FILE		*f;
	struct result	 old, *cur;
	double		 change, diff;
	int		 shown = 0;

	path = xasprintf("%s/%s.tsv", dir, name);
	free(dir);
	if ((f = fopen(path, "re")) == NULL) {
		if (!missing_ok) {
			fprintf(stderr, "mux-bench: baseline %s: %s\n", path,
			    strerror(errno));
			free(path);
			return (1);
		}
		free(path);
		return (0);
	}
	head[0] = '\0';
	if (fgets(head, sizeof head, f) != NULL)
		head[strcspn(head, "\n")] = '\0';
	printf("\ncompared with baseline \"%s\" (%s):\n", name,
	    head[0] == '#' ? head + 2 : "no header");
	printf("%-22s %-9s %12s %12s %-6s %8s  %s\n", "metric", "mode",
	    "before", "after", "unit", "change", "verdict");
	while (fgets(line, sizeof line, f) != NULL) {
		memset(&old, 0, sizeof old);
		if (sscanf(line, "%39s %15s %11s %d %zu %lf %lf %lf",
		    old.metric, old.mode, old.unit, &old.better, &old.count,
		    &old.p10, &old.p50, &old.p90) != 8)
			continue;
		if ((cur = report_find(old.metric, old.mode)) == NULL ||
		    old.p50 == 0 || isnan(cur->p50))
			continue;
		diff = cur->p50 - old.p50;
		change = diff / old.p50;
		if (fabs(change) <= NOISE_FRACTION ||
		    fabs(diff) <= spread(&old) || fabs(diff) <= spread(cur))
			snprintf(verdict, sizeof verdict, "(noise)");
		else if ((diff > 0) == (cur->better == BETTER_HIGHER))
			snprintf(verdict, sizeof verdict, "better");
		else
			snprintf(verdict, sizeof verdict, "worse");
		printf("%-22s %-9s %12.3f %12.3f %-6s %+7.1f%%  %s\n",
		    old.metric, old.mode, old.p50, cur->p50, cur->unit,
		    change * 100, verdict);
		shown++;
	}
	if (shown == 0)
		printf("(no result in common)\n");
	fclose(f);
	free(path);
	return (0);
}

/* Save this run's results as a baseline. */
static int
baseline_save(const char *name)
{
	char		*dir = baseline_dir(), *path, commit[64], date[64];
	FILE		*f;
	time_t		 now = time(NULL);
	size_t		 i;

	path = xasprintf("%s/%s.tsv", dir, name);
	free(dir);
	if ((f = fopen(path, "w")) == NULL) {
		fprintf(stderr, "mux-bench: save baseline %s: %s\n", path,
		    strerror(errno));
		free(path);
		return (1);
	}
	git_commit(commit, sizeof commit);
	strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S UTC", gmtime(&now));
	fprintf(f, "# commit %s, saved %s, command %s\n", commit, date,
	    opt.command);
	for (i = 0; i < nresults; i++) {
		if (isnan(results[i]->p50))
			continue;
		fprintf(f, "%s\t%s\t%s\t%d\t%zu\t%.6f\t%.6f\t%.6f\n",
		    results[i]->metric, results[i]->mode, results[i]->unit,
		    results[i]->better, results[i]->count, results[i]->p10,
		    results[i]->p50, results[i]->p90);
	}
	fclose(f);
	printf("saved baseline \"%s\": %s\n", name, path);
	free(path);
	return (0);
}

/* Compare, save and record, as the options ask. */
int
report_finish(void)
{
	int	rc = 0;

	if (opt.baseline != NULL) {
		if (!baseline_name_ok(opt.baseline)) {
			fprintf(stderr, "mux-bench: bad baseline name: %s\n",
			    opt.baseline);
			rc = 1;
		} else
			rc |= baseline_compare(opt.baseline, 0);
	}
	if (opt.save_baseline != NULL) {
		if (!baseline_name_ok(opt.save_baseline)) {
			fprintf(stderr, "mux-bench: bad baseline name: %s\n",
			    opt.save_baseline);
			rc = 1;
		} else {
			if (opt.baseline == NULL ||
			    strcmp(opt.baseline, opt.save_baseline) != 0)
				rc |= baseline_compare(opt.save_baseline, 1);
			rc |= baseline_save(opt.save_baseline);
		}
	}
	if (opt.record != NULL)
		rc |= report_record();
	return (rc);
}
