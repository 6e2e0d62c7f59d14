/*
 * footprint: the memory one keystroke touches in the server, as distinct
 * cache lines (64 bytes) and pages (4 KiB) of code and of data.
 *
 * At typing pace the machine sleeps between keys and the caches and TLBs
 * go cold, so a keystroke's time is largely what it touches, line by line
 * and page by page (BENCH.md); on a machine with no performance counters
 * this is the way to see it. The bench starts the server under valgrind's
 * lackey (--trace-mem=yes: every instruction and data access, by
 * address), types --runs x --keys keys 25-35 ms apart into an attached
 * session as keys does, stops the server and reads the trace. A key's
 * share is everything from one run of server_input_key's first
 * instruction to the next: the key, the program's echo, the frame, the
 * terminal's answer, and whatever else woke the server meanwhile. Per
 * key: the distinct code lines, data lines, code pages and data pages,
 * instructions and data accesses (median and p90 of the keys), then which
 * functions first touched them, as a mean per key of the keys that
 * touched no more lines than the median (the path every key takes, not
 * the odd whole frame or timer): a line is counted once
 * a key, for the function whose instruction touched it first (code in a
 * library is counted as the library's, from the last mux function that
 * ran). Addresses are the server's own: the bench reads the maps of the
 * process valgrind runs it in, and the mux binary's symbol table.
 *
 * Counts, not times: the same tree gives the same figures on any machine
 * within a few lines (timers and the terminal's answers may land in a
 * key's share or the next one's). Needs valgrind; skipped without it.
 */
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/name.h"
#include "common/xmalloc.h"
#include "bench/bench.h"

#define FP_SEED		0x666f6f74ULL
#define FP_WARMUP	2
#define FP_MARK		"server_input_key"
#define FP_TOP		25	/* functions listed */
#define FP_MAXLIBS	32
#define FP_SLOWER	12	/* --timeout, times this: waits on a server
				   under lackey */

/* A function of the mux binary: [lo, hi) in the server's addresses. */
struct fp_sym {
	uint64_t	 lo, hi;
	const char	*name;
};

/* A mapped library (or the binary): [lo, hi) executable. */
struct fp_lib {
	uint64_t	 lo, hi;
	char		 name[64];
};

struct fp_image {
	struct fp_sym	*syms;
	size_t		 nsyms;
	char		*strtab;	/* owns the names */
	struct fp_lib	 libs[FP_MAXLIBS];
	size_t		 nlibs;
	uint64_t	 mark;
};

/* A set of addresses for one key: stamped slots, so a new key is a new
 * stamp and not a clear. */
struct fp_set {
	uint64_t	*keys;
	uint32_t	*stamp;
	size_t		 size, n;
	uint32_t	 cur;
};

static void
fp_set_init(struct fp_set *s)
{
	s->size = 1 << 14;
	s->keys = xcalloc(s->size, sizeof *s->keys);
	s->stamp = xcalloc(s->size, sizeof *s->stamp);
	s->n = 0;
	s->cur = 1;
}

static void
fp_set_next(struct fp_set *s)
{
	s->cur++;
	s->n = 0;
}

static size_t
fp_hash(uint64_t k, size_t mask)
{
	k *= 0x9e3779b97f4a7c15ULL;
	return ((size_t)(k >> 20) & mask);
}

static int fp_set_add(struct fp_set *, uint64_t);

static void
fp_set_grow(struct fp_set *s)
{
	uint64_t	*keys = s->keys;
	uint32_t	*stamp = s->stamp;
	size_t		 i, size = s->size;

	s->size *= 2;
	s->keys = xcalloc(s->size, sizeof *s->keys);
	s->stamp = xcalloc(s->size, sizeof *s->stamp);
	s->n = 0;
	for (i = 0; i < size; i++) {
		if (stamp[i] == s->cur)
			fp_set_add(s, keys[i]);
	}
	free(keys);
	free(stamp);
}

/* Add k; 1 if it was not in the set for this key. */
static int
fp_set_add(struct fp_set *s, uint64_t k)
{
	size_t	mask = s->size - 1, i = fp_hash(k, mask);

	while (s->stamp[i] == s->cur) {
		if (s->keys[i] == k)
			return (0);
		i = (i + 1) & mask;
	}
	s->stamp[i] = s->cur;
	s->keys[i] = k;
	if (++s->n * 2 > s->size)
		fp_set_grow(s);
	return (1);
}

static void
fp_set_free(struct fp_set *s)
{
	free(s->keys);
	free(s->stamp);
}

static int
fp_sym_cmp(const void *a, const void *b)
{
	const struct fp_sym	*x = a, *y = b;

	return (x->lo < y->lo ? -1 : x->lo > y->lo);
}

/* The functions of the ELF file at path, whose first page is mapped at
 * base; the first instruction of FP_MARK in im->mark. 0 or -1 (err). */
static int
fp_read_symbols(struct fp_image *im, const char *path, uint64_t base,
    char *err, size_t errlen)
{
	const Elf64_Ehdr	*eh;
	const Elf64_Phdr	*ph;
	const Elf64_Shdr	*sh, *symsh = NULL, *strsh;
	const Elf64_Sym		*sym;
	struct stat		 sb;
	const char		*map;
	size_t			 i, n;
	int			 fd;

	if ((fd = open(path, O_RDONLY|O_CLOEXEC)) == -1 ||
	    fstat(fd, &sb) == -1) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		if (fd != -1)
			close(fd);
		return (-1);
	}
	map = mmap(NULL, sb.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED) {
		snprintf(err, errlen, "%s: mmap: %s", path, strerror(errno));
		return (-1);
	}
	eh = (const Elf64_Ehdr *)map;
	if ((size_t)sb.st_size < sizeof *eh ||
	    memcmp(eh->e_ident, ELFMAG, SELFMAG) != 0 ||
	    eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_shoff + (uint64_t)eh->e_shnum * sizeof *sh >
	    (uint64_t)sb.st_size) {
		snprintf(err, errlen, "%s: not a 64-bit ELF file", path);
		munmap((void *)map, sb.st_size);
		return (-1);
	}
	ph = (const Elf64_Phdr *)(map + eh->e_phoff);
	for (i = 0; i < eh->e_phnum && eh->e_phoff + (i + 1) * sizeof *ph <=
	    (uint64_t)sb.st_size; i++) {
		if (ph[i].p_type == PT_LOAD && ph[i].p_offset == 0)
			base -= ph[i].p_vaddr;
	}
	sh = (const Elf64_Shdr *)(map + eh->e_shoff);
	for (i = 0; i < eh->e_shnum; i++) {
		if (sh[i].sh_type == SHT_SYMTAB)
			symsh = &sh[i];
	}
	if (symsh == NULL || symsh->sh_link >= eh->e_shnum ||
	    symsh->sh_offset + symsh->sh_size > (uint64_t)sb.st_size) {
		snprintf(err, errlen, "%s: no symbol table (stripped?)", path);
		munmap((void *)map, sb.st_size);
		return (-1);
	}
	strsh = &sh[symsh->sh_link];
	if (strsh->sh_offset + strsh->sh_size > (uint64_t)sb.st_size) {
		snprintf(err, errlen, "%s: bad string table", path);
		munmap((void *)map, sb.st_size);
		return (-1);
	}
	im->strtab = xmalloc(strsh->sh_size + 1);
	memcpy(im->strtab, map + strsh->sh_offset, strsh->sh_size);
	im->strtab[strsh->sh_size] = '\0';
	sym = (const Elf64_Sym *)(map + symsh->sh_offset);
	n = symsh->sh_size / sizeof *sym;
	im->syms = xreallocarray(NULL, n, sizeof *im->syms);
	im->nsyms = 0;
	im->mark = 0;
	for (i = 0; i < n; i++) {
		if (ELF64_ST_TYPE(sym[i].st_info) != STT_FUNC ||
		    sym[i].st_value == 0 || sym[i].st_name >= strsh->sh_size)
			continue;
		im->syms[im->nsyms].lo = base + sym[i].st_value;
		im->syms[im->nsyms].hi = base + sym[i].st_value +
		    (sym[i].st_size != 0 ? sym[i].st_size : 1);
		im->syms[im->nsyms].name = im->strtab + sym[i].st_name;
		if (strcmp(im->syms[im->nsyms].name, FP_MARK) == 0)
			im->mark = im->syms[im->nsyms].lo;
		im->nsyms++;
	}
	munmap((void *)map, sb.st_size);
	qsort(im->syms, im->nsyms, sizeof *im->syms, fp_sym_cmp);
	if (im->mark == 0) {
		snprintf(err, errlen, "%s: no function %s", path, FP_MARK);
		return (-1);
	}
	return (0);
}

/* The binary's load address and the executable mappings of pid (the
 * process valgrind runs the server in: its addresses are the server's). */
static int
fp_read_maps(struct fp_image *im, pid_t pid, const char *exe,
    uint64_t *base, char *err, size_t errlen)
{
	char		 path[64], line[1024], perms[8], file[PATH_MAX];
	const char	*slash;
	unsigned long long lo, hi, off;
	FILE		*f;
	size_t		 len;
	int		 found = 0;

	snprintf(path, sizeof path, "/proc/%ld/maps", (long)pid);
	if ((f = fopen(path, "re")) == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return (-1);
	}
	im->nlibs = 0;
	while (fgets(line, sizeof line, f) != NULL) {
		file[0] = '\0';
		if (sscanf(line, "%llx-%llx %7s %llx %*s %*s %4095s", &lo, &hi,
		    perms, &off, file) < 4 || file[0] != '/')
			continue;
		if (strcmp(file, exe) == 0 && off == 0 && !found) {
			*base = lo;
			found = 1;
		}
		if (perms[2] != 'x' || im->nlibs == FP_MAXLIBS)
			continue;
		im->libs[im->nlibs].lo = lo;
		im->libs[im->nlibs].hi = hi;
		slash = strrchr(file, '/');
		len = strcspn(slash + 1, ".-");
		if (len >= sizeof im->libs[0].name)
			len = sizeof im->libs[0].name - 1;
		memcpy(im->libs[im->nlibs].name, slash + 1, len);
		im->libs[im->nlibs].name[len] = '\0';
		if (strcmp(file, exe) == 0)
			strcpy(im->libs[im->nlibs].name, "mux");
		im->nlibs++;
	}
	fclose(f);
	if (!found) {
		snprintf(err, errlen, "%s is not mapped in process %ld", exe,
		    (long)pid);
		return (-1);
	}
	return (0);
}

/* The mux function at a, or -1. */
static ssize_t
fp_sym_at(const struct fp_image *im, uint64_t a)
{
	size_t	lo = 0, hi = im->nsyms, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (im->syms[mid].lo <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0 || a >= im->syms[lo - 1].hi)
		return (-1);
	return ((ssize_t)lo - 1);
}

/* The library (not mux) at a, or -1. */
static int
fp_lib_at(const struct fp_image *im, uint64_t a)
{
	size_t	i;

	for (i = 0; i < im->nlibs; i++) {
		if (a >= im->libs[i].lo && a < im->libs[i].hi &&
		    strcmp(im->libs[i].name, "mux") != 0)
			return ((int)i);
	}
	return (-1);
}

/*
 * Who a line is counted for: slot = 1 + mux function, or, for code of a
 * library, 1 + nsyms + lib * (nsyms + 1) + the last mux function (+1; 0:
 * none yet); 0 when neither (valgrind's own, the vdso).
 */
struct fp_count {
	double	*code, *data;
	size_t	 nslots;
};

static size_t
fp_slot(const struct fp_image *im, uint64_t a, ssize_t last)
{
	ssize_t	s;
	int	l;

	if ((s = fp_sym_at(im, a)) != -1)
		return (1 + (size_t)s);
	if ((l = fp_lib_at(im, a)) != -1)
		return (1 + im->nsyms + (size_t)l * (im->nsyms + 1) +
		    (size_t)(last + 1));
	return (0);
}

static void
fp_slot_name(const struct fp_image *im, size_t slot, char *out, size_t len)
{
	size_t	l, from;

	if (slot == 0) {
		snprintf(out, len, "(no function)");
		return;
	}
	if (slot <= im->nsyms) {
		snprintf(out, len, "%s", im->syms[slot - 1].name);
		return;
	}
	slot -= 1 + im->nsyms;
	l = slot / (im->nsyms + 1);
	from = slot % (im->nsyms + 1);
	if (from == 0)
		snprintf(out, len, "%s", im->libs[l].name);
	else {
		snprintf(out, len, "%s, from %s", im->libs[l].name,
		    im->syms[from - 1].name);
	}
}

struct fp_pending;

static const char *const fp_metrics[6] = {
	"fp-code-lines", "fp-data-lines", "fp-code-pages", "fp-data-pages",
	"fp-instr", "fp-data-access"
};
static const char *const fp_units[6] = {
	"lines", "lines", "pages", "pages", "instr", "access"
};

/* The slots of the lines a key touched first, added to the counts once
 * every key is read (only the typical keys count: fp_commit_typical). */
struct fp_pending {
	size_t	*slot;
	int	*data;
	size_t	 n, size;
};

struct fp_key {
	double			v[6];	/* code lines, data lines, code pages,
					   data pages, instructions, data
					   accesses */
	struct fp_pending	first;
};

static void
fp_pending_add(struct fp_pending *p, size_t slot, int data)
{
	if (p->n == p->size) {
		p->size = p->size == 0 ? 4096 : p->size * 2;
		p->slot = xreallocarray(p->slot, p->size, sizeof *p->slot);
		p->data = xreallocarray(p->data, p->size, sizeof *p->data);
	}
	p->slot[p->n] = slot;
	p->data[p->n++] = data;
}

static void
fp_pending_commit(struct fp_pending *p, struct fp_count *cnt)
{
	size_t	i;

	for (i = 0; cnt != NULL && i < p->n; i++) {
		if (p->data[i])
			cnt->data[p->slot[i]]++;
		else
			cnt->code[p->slot[i]]++;
	}
	free(p->slot);
	free(p->data);
	memset(p, 0, sizeof *p);
}

/* The first-toucher counts of the keys that touched no more lines (code
 * and data) than the median key: the odd key that also drew a whole frame
 * or ran a timer (the p90 is several times the median) would swamp the
 * path every key takes. Returns how many keys counted. */
static int
fp_commit_typical(struct fp_key *keys, int nkeys, struct fp_count *cnt)
{
	struct samples	 lines;
	double		 median;
	int		 j, n = 0;

	memset(&lines, 0, sizeof lines);
	for (j = 0; j < nkeys; j++)
		samples_add(&lines, keys[j].v[0] + keys[j].v[1]);
	median = samples_pct(&lines, 50);
	samples_free(&lines);
	for (j = 0; j < nkeys; j++) {
		if (keys[j].v[0] + keys[j].v[1] <= median) {
			fp_pending_commit(&keys[j].first, cnt);
			n++;
		} else
			fp_pending_commit(&keys[j].first, NULL);
	}
	return (n);
}

/* Parse the lackey trace: one fp_key a key (from a run of the mark to the
 * next), for the keys after the warm-up; the share after the last run
 * (the server's end) is left out. Returns the keys measured, -1 on
 * error. */
static int
fp_parse(const struct fp_image *im, const char *path, int warmup,
    struct fp_key **keysp, struct fp_count *cnt, char *err, size_t errlen)
{
	struct fp_set	 sets[4];
	struct fp_key	*keys = NULL, k;
	FILE		*f;
	char		*line = NULL, *comma;
	size_t		 size = 0, i;
	ssize_t		 n, last = -1, s;
	uint64_t	 a, insn = 0;
	int		 marks = 0, nkeys = 0, counting, code, data;

	if ((f = fopen(path, "re")) == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return (-1);
	}
	for (i = 0; i < 4; i++)
		fp_set_init(&sets[i]);
	memset(&k, 0, sizeof k);
	cnt->nslots = 1 + im->nsyms + im->nlibs * (im->nsyms + 1);
	cnt->code = xcalloc(cnt->nslots, sizeof *cnt->code);
	cnt->data = xcalloc(cnt->nslots, sizeof *cnt->data);
	while ((n = getline(&line, &size, f)) != -1) {
		if (n < 4 || (line[0] != 'I' && line[0] != ' '))
			continue;
		code = line[0] == 'I';
		if (!code && line[1] != 'L' && line[1] != 'S' && line[1] != 'M')
			continue;
		a = strtoull(line + 3, &comma, 16);
		if (*comma != ',')
			continue;
		if (code && a == im->mark) {
			if (marks > warmup) {
				keys = xreallocarray(keys, nkeys + 1,
				    sizeof *keys);
				keys[nkeys++] = k;
			} else
				fp_pending_commit(&k.first, NULL);
			marks++;
			memset(&k, 0, sizeof k);
			for (i = 0; i < 4; i++)
				fp_set_next(&sets[i]);
		}
		if (marks == 0)
			continue;	/* the server starting up */
		counting = marks > warmup;
		/* Code, then data: lines, pages and accesses, each at its
		 * index in k.v (0/1, 2/3, 4/5) and sets. */
		data = !code;
		if (code) {
			insn = a;
			if ((s = fp_sym_at(im, a)) != -1)
				last = s;
		}
		k.v[4 + data]++;
		if (fp_set_add(&sets[2 + data], a >> 12))
			k.v[2 + data]++;
		if (!fp_set_add(&sets[data], a >> 6))
			continue;
		k.v[data]++;
		if (counting)
			fp_pending_add(&k.first, fp_slot(im, insn, last),
			    data);
	}
	free(line);
	fp_pending_commit(&k.first, NULL);
	fclose(f);
	for (i = 0; i < 4; i++)
		fp_set_free(&sets[i]);
	if (nkeys == 0) {
		snprintf(err, errlen, "the trace has no keystroke (%d runs of "
		    "%s)", marks, FP_MARK);
		free(keys);
		return (-1);
	}
	*keysp = keys;
	return (nkeys);
}

struct fp_top {
	size_t	slot;
	double	code, data;
};

static int
fp_top_cmp(const void *a, const void *b)
{
	const struct fp_top	*x = a, *y = b;
	double			 dx = x->code + x->data, dy = y->code + y->data;

	return (dx < dy ? 1 : dx > dy ? -1 : 0);
}

/*
 * --order: the mux functions the typical keys ran (each first touched a
 * code line a key, at least, on average), most lines first, one section
 * a line as gold's --section-ordering-file reads them
 * (-ffunction-sections gives each function .text.NAME). The build packs them together
 * (configure.ac): the code a keystroke runs on a few pages instead of
 * spread over the binary.
 */
static void
fp_write_order(const struct fp_image *im, const struct fp_top *top,
    size_t ntop, int ntypical)
{
	FILE	*f;
	size_t	 i;
	int	 n = 0;

	if ((f = fopen(opt.order, "w")) == NULL)
		bench_fail("%s: %s", opt.order, strerror(errno));
	fprintf(f, "# The functions a keystroke runs in the server, the most "
	    "code first:\n# mux-bench footprint --order (make hot-order) "
	    "wrote this, from %d keys.\n", ntypical);
	for (i = 0; i < ntop; i++) {
		if (top[i].slot == 0 || top[i].slot > im->nsyms ||
		    top[i].code < 1.0)
			continue;	/* a library's, or not a line a key */
		fprintf(f, ".text.%s\n", im->syms[top[i].slot - 1].name);
		n++;
	}
	if (fclose(f) != 0)
		bench_fail("%s: %s", opt.order, strerror(errno));
	printf("\n%d functions written to %s\n", n, opt.order);
}

static void
fp_report(const struct fp_image *im, struct fp_key *keys, int nkeys,
    struct fp_count *cnt)
{
	struct samples	 s[6];
	struct result	*r;
	struct fp_top	*top;
	char		 name[160];
	size_t		 i, ntop = 0;
	int		 j, m, ntypical;

	memset(s, 0, sizeof s);
	for (j = 0; j < nkeys; j++) {
		for (m = 0; m < 6; m++)
			samples_add(&s[m], keys[j].v[m]);
	}
	printf("%-16s %-8s %7s %10s %10s %10s  %s\n", "metric", "mode",
	    "count", "p50", "p90", "max", "unit");
	for (m = 0; m < 6; m++) {
		r = report_add(fp_metrics[m], "mux", fp_units[m],
		    BETTER_LOWER, &s[m]);
		printf("%-16s %-8s %7zu %10.0f %10.0f %10.0f  %s\n",
		    fp_metrics[m], "mux", r->count, r->p50, r->p90, r->max,
		    fp_units[m]);
		for (j = 0; j < nkeys; j++)
			report_raw(fp_metrics[m], "mux", 0, j, keys[j].v[m],
			    fp_units[m]);
		samples_free(&s[m]);
	}

	ntypical = fp_commit_typical(keys, nkeys, cnt);
	top = xreallocarray(NULL, cnt->nslots, sizeof *top);
	for (i = 0; i < cnt->nslots; i++) {
		if (cnt->code[i] == 0 && cnt->data[i] == 0)
			continue;
		top[ntop].slot = i;
		top[ntop].code = cnt->code[i] / ntypical;
		top[ntop].data = cnt->data[i] / ntypical;
		ntop++;
	}
	qsort(top, ntop, sizeof *top, fp_top_cmp);
	printf("\nfirst touched by, lines a key (mean of the %d keys of %d "
	    "at or under the median):\n", ntypical, nkeys);
	printf("%8s %8s  %s\n", "code", "data", "function");
	for (i = 0; i < ntop && i < FP_TOP; i++) {
		fp_slot_name(im, top[i].slot, name, sizeof name);
		printf("%8.1f %8.1f  %s\n", top[i].code, top[i].data, name);
	}
	fflush(stdout);
	if (opt.order != NULL)
		fp_write_order(im, top, ntop, ntypical);
	free(top);
}

/* Is there a server listening at path? */
static int
fp_listening(const char *path)
{
	struct sockaddr_un	 sa;
	int			 fd, ok;

	memset(&sa, 0, sizeof sa);
	sa.sun_family = AF_UNIX;
	if (strlen(path) >= sizeof sa.sun_path)
		return (0);
	strcpy(sa.sun_path, path);
	if ((fd = socket(AF_UNIX, SOCK_STREAM|SOCK_CLOEXEC, 0)) == -1)
		return (0);
	ok = connect(fd, (struct sockaddr *)&sa, sizeof sa) == 0;
	close(fd);
	return (ok);
}

/* Start the server of t under lackey, writing its trace to log. */
static pid_t
fp_start_server(struct target *t, const char *exe, const char *log,
    char *err, size_t errlen)
{
	char	*logopt = xasprintf("--log-file=%s", log);
	char	*argv[] = { "valgrind", "--tool=lackey", "--trace-mem=yes",
		    logopt, (char *)exe, "-S", t->socket, "-f", "/dev/null",
		    "-D", MUX_SERVER_ARG, "-1", NULL };
	char	 dir[sizeof t->socket], *slash;
	pid_t	 pid;
	uint64_t deadline;

	/* The directory a client would make for the socket (-L). */
	snprintf(dir, sizeof dir, "%s", t->socket);
	if ((slash = strrchr(dir, '/')) != NULL) {
		*slash = '\0';
		if (mkdir(dir, 0700) == -1 && errno != EEXIST) {
			snprintf(err, errlen, "%s: %s", dir, strerror(errno));
			free(logopt);
			return (-1);
		}
	}
	pid = proc_spawn(argv);
	free(logopt);
	/* Valgrind takes seconds to start a server. */
	deadline = now_ns() + (uint64_t)(opt.timeout * FP_SLOWER * 1e9);
	while (!fp_listening(t->socket)) {
		if (!proc_alive(pid)) {
			snprintf(err, errlen, "the server under valgrind "
			    "exited before it listened (its trace: %s)", log);
			return (-1);
		}
		if (now_ns() > deadline) {
			snprintf(err, errlen, "the server under valgrind did "
			    "not listen within %.0f s", opt.timeout * FP_SLOWER);
			proc_kill(pid);
			return (-1);
		}
		sleep_ns(50 * 1000000ULL);
	}
	return (pid);
}

/* footprint: type into a server under lackey, count what each key
 * touches. */
int
footprint_main(int argc, char **argv)
{
	struct target	 t;
	struct conn	 c;
	struct samples	 s = { 0 };
	struct fp_image	 im;
	struct fp_key	*keys = NULL;
	struct fp_count	 cnt = { NULL, NULL, 0 };
	struct buf	 out = { 0 };
	char		*echo[] = { opt.self, "echo-child", NULL };
	char		*vg[] = { "valgrind", "--version", NULL };
	char		 exe[PATH_MAX], err[PATH_MAX + 1024], why[256];
	char		*log;
	uint64_t	 a, b, base = 0;
	pid_t		 pid;
	int		 nkeys, measured, rc = 0;

	if (argc > 0)
		bench_fail("footprint: unexpected argument: %s", argv[0]);
	if (!(opt.modes & (1u << MODE_MUX)) || opt.mux_path == NULL) {
		bench_note("footprint: needs mux; skipped");
		return (0);
	}
	if (proc_run(vg, opt.timeout, &out, NULL, why, sizeof why) != 0) {
		buf_free(&out);
		bench_note("footprint: needs valgrind (lackey), not found; "
		    "skipped");
		return (0);
	}
	buf_free(&out);
	if (realpath(opt.mux_path, exe) == NULL)
		bench_fail("footprint: %s: %s", opt.mux_path, strerror(errno));
	memset(&im, 0, sizeof im);
	nkeys = (opt.runs > 0 ? opt.runs : 1) * opt.keys;

	target_init(&t, MODE_MUX, "f");
	log = xasprintf("%s/lackey", proc_tmpdir());
	if ((pid = fp_start_server(&t, exe, log, err, sizeof err)) == -1)
		bench_fail("footprint: %s", err);
	if (fp_read_maps(&im, pid, exe, &base, err, sizeof err) != 0 ||
	    fp_read_symbols(&im, exe, base, err, sizeof err) != 0) {
		proc_kill(pid);
		bench_fail("footprint: %s", err);
	}
	if (target_start(&t, "keep", opt.cols, opt.rows, echo) != 0 ||
	    target_new_session(&t, "f", opt.cols, opt.rows, echo) != 0 ||
	    conn_open(&c, &t, "f", 1, NULL, 0, &a, &b, err,
	    sizeof err) != 0) {
		proc_kill(pid);
		bench_fail("footprint: %s", t.error[0] != '\0' ? t.error : err);
	}
	if (keys_type(&c, FP_SEED, FP_WARMUP, nkeys, &s, NULL, NULL,
	    "footprint", err, sizeof err) != 0) {
		fprintf(stderr, "mux-bench: footprint: %s\n", err);
		rc = 1;
	}
	conn_close(&c);
	if (target_cmd(&t, NULL, "kill-server", NULL) != 0)
		bench_log("%s", t.error);
	t.up = 0;
	if (proc_wait(pid, opt.timeout * FP_SLOWER, NULL) != 0) {
		bench_note("footprint: the server under valgrind was still "
		    "running %.0f s after kill-server; killed",
		    opt.timeout * FP_SLOWER);
		proc_kill(pid);
	}

	if (rc == 0) {
		measured = fp_parse(&im, log, FP_WARMUP, &keys, &cnt, err,
		    sizeof err);
		if (measured == -1) {
			fprintf(stderr, "mux-bench: footprint: %s\n", err);
			rc = 1;
		} else {
			if (measured != nkeys) {
				bench_note("footprint: %d keys typed, %d "
				    "seen in the trace", nkeys, measured);
			}
			fp_report(&im, keys, measured, &cnt);
		}
	}
	unlink(log);
	free(log);
	free(keys);
	free(cnt.code);
	free(cnt.data);
	free(im.syms);
	free(im.strtab);
	samples_free(&s);
	return (rc);
}
