/*
 * The plain-text fast path (vt-fast.c) against the reference: the same
 * bytes fed to a vt with the path on and to one with it off must leave the
 * same screen, cell by cell (character, colours, attributes, width, line
 * flags), the same cursor, modes, hidden primary screen, history and
 * replies. Inputs: the differential corpus (regress/vt-corpus.txt), the
 * vt fuzzer's seeds, and random mixes of text and escape sequences, each
 * written in pieces split at random points (different ones for each vt),
 * compared after every piece. Every line that says it is plain text
 * (grid.h's plain, what history encodes from) is checked to be.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grid/grid.h"
#include "grid/history.h"
#include "grid/vt.h"

/* Replies each vt owes its program, to compare. */
struct replies {
	char	buf[65536];
	size_t	len;
};

static void
cb_output(const char *buf, size_t len, void *arg)
{
	struct replies	*r = arg;

	if (len > sizeof r->buf - r->len)
		len = sizeof r->buf - r->len;
	memcpy(r->buf + r->len, buf, len);
	r->len += len;
}

static const struct vt_callbacks callbacks = { .output = cb_output };

/* A small deterministic generator (xorshift64*), so failures repeat. */
static uint64_t	rng_state;

static uint32_t
rng(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return ((uint32_t)((rng_state * 0x2545f4914f6cdd1dULL) >> 32));
}

static uint32_t
rng_below(uint32_t n)
{
	return (n == 0 ? 0 : rng() % n);
}

/* With TEST_VT_FAST_DUMP=N: random round N's input and how it was split
 * go to /tmp/vtfast.dump and /tmp/vtfast.splits, to replay a failure. */
static FILE	*splits;

/* Where a difference was found, for the message. */
static char	where[256];

static void
compare_cells(const struct cell *a, const struct cell *b, unsigned int n,
    const char *what, unsigned int y)
{
	unsigned int	x;

	for (x = 0; x < n; x++) {
		if (!cell_equal(&a[x], &b[x])) {
			fail_msg("%s: %s line %u column %u: fast %#x/%u "
			    "fg %#x bg %#x attr %#x flags %#x, reference "
			    "%#x/%u fg %#x bg %#x attr %#x flags %#x", where,
			    what, y, x, a[x].ch, a[x].width, a[x].fg,
			    a[x].bg, a[x].attr, a[x].flags, b[x].ch,
			    b[x].width, b[x].fg, b[x].bg, b[x].attr,
			    b[x].flags);
		}
	}
}

/*
 * A line that says it is plain (grid.h) must be: narrow printable ASCII in
 * the default style up to plain, default blanks after (history encodes it
 * from that alone).
 */
static void
check_plain(const struct grid_line *gl, unsigned int cols, const char *what,
    unsigned int y)
{
	const struct cell	 blank = CELL_BLANK, *c;
	unsigned int		 x;

	if (gl == NULL || gl->plain == GRID_PLAIN_NONE)
		return;
	if (gl->plain > cols)
		fail_msg("%s: %s line %u plain to %u of %u", where, what, y,
		    gl->plain, cols);
	for (x = 0; x < cols; x++) {
		c = &gl->cells[x];
		if (x < gl->plain ? (c->ch - 0x20 >= 0x5f || c->width != 1 ||
		    !cell_same_style(c, &blank)) : !cell_equal(c, &blank)) {
			fail_msg("%s: %s line %u plain to %u, column %u is "
			    "%#x/%u fg %#x bg %#x attr %#x flags %#x link %u",
			    where, what, y, gl->plain, x, c->ch, c->width,
			    c->fg, c->bg, c->attr, c->flags, c->link);
		}
	}
}

static void
compare_lines(const struct grid_line *a, const struct grid_line *b,
    unsigned int cols, const char *what, unsigned int y)
{
	check_plain(a, cols, what, y);
	check_plain(b, cols, what, y);
	if (a == NULL || b == NULL) {
		if (a != b)
			fail_msg("%s: %s line %u only on one side", where, what,
			    y);
		return;
	}
	compare_cells(a->cells, b->cells, cols, what, y);
	if ((a->flags & GRID_LINE_WRAPPED) != (b->flags & GRID_LINE_WRAPPED))
		fail_msg("%s: %s line %u wrapped %d, reference %d", where,
		    what, y, (a->flags & GRID_LINE_WRAPPED) != 0,
		    (b->flags & GRID_LINE_WRAPPED) != 0);
	if (a->used != b->used)
		fail_msg("%s: %s line %u written to %u, reference %u", where,
		    what, y, a->used, b->used);
}

/* Everything a reader of the two vts can see must be the same. */
static void
compare_vts(struct vt *a, struct vt *b, struct replies *ra,
    struct replies *rb)
{
	struct vt_cursor	 ca, cb;
	struct history		*ha = vt_history(a), *hb = vt_history(b);
	struct cell		*la, *lb;
	unsigned int		 cols = vt_cols(a), rows = vt_rows(a), y, i;
	unsigned int		 na, nb;
	int			 wa, wb;

	assert_int_equal(vt_cols(b), cols);
	assert_int_equal(vt_rows(b), rows);
	for (y = 0; y < rows; y++) {
		compare_lines(vt_line(a, y), vt_line(b, y), cols, "screen", y);
		compare_lines(vt_saved_line(a, y), vt_saved_line(b, y), cols,
		    "hidden primary", y);
	}
	vt_cursor(a, &ca);
	vt_cursor(b, &cb);
	if (ca.x != cb.x || ca.y != cb.y || ca.visible != cb.visible)
		fail_msg("%s: cursor %u,%u (visible %d), reference %u,%u "
		    "(visible %d)", where, ca.x, ca.y, ca.visible, cb.x, cb.y,
		    cb.visible);
	if (vt_modes(a) != vt_modes(b))
		fail_msg("%s: modes %#x, reference %#x", where, vt_modes(a),
		    vt_modes(b));
	if (history_size(ha) != history_size(hb))
		fail_msg("%s: history %u lines, reference %u", where,
		    history_size(ha), history_size(hb));
	la = calloc(cols, sizeof *la);
	lb = calloc(cols, sizeof *lb);
	for (i = 0; i < history_size(ha); i++) {
		memset(la, 0, cols * sizeof *la);
		memset(lb, 0, cols * sizeof *lb);
		na = history_get(ha, i, la, cols, &wa);
		nb = history_get(hb, i, lb, cols, &wb);
		if (na != nb || wa != wb)
			fail_msg("%s: history line %u: %u cells wrapped %d, "
			    "reference %u wrapped %d", where, i, na, wa, nb,
			    wb);
		compare_cells(la, lb, na < cols ? na : cols, "history", i);
	}
	free(la);
	free(lb);
	if (ra->len != rb->len || memcmp(ra->buf, rb->buf, ra->len) != 0)
		fail_msg("%s: replies differ (%zu and %zu bytes)", where,
		    ra->len, rb->len);
}

/*
 * Feed buf to a vt with the fast path and to one without, each in pieces
 * split at random points, comparing after each piece and at the end.
 */
static void
check_same_limit(const char *name, const unsigned char *buf, size_t len,
    unsigned int cols, unsigned int rows, unsigned int resize_at,
    unsigned int limit)
{
	struct replies	*ra, *rb;
	struct vt	*a, *b;
	size_t		 off, n;

	ra = calloc(1, sizeof *ra);
	rb = calloc(1, sizeof *rb);
	a = vt_create(cols, rows, limit, &callbacks, ra);
	b = vt_create(cols, rows, limit, &callbacks, rb);
	vt_set_fast_text(b, 0);

	/* The same pieces for both: a vt holds a split sequence whole, so
	 * where the pieces end changes nothing, but comparing in between
	 * needs both at the same byte. */
	for (off = 0; off < len; off += n) {
		n = 1 + rng_below(rng_below(4) == 0 ? 8 : 300);
		if (n > len - off)
			n = len - off;
		if (splits != NULL)
			fprintf(splits, "%zu\n", n);
		vt_write(a, (const char *)buf + off, n);
		vt_write(b, (const char *)buf + off, n);
		snprintf(where, sizeof where, "%s (%ux%u, history-limit %u) "
		    "after byte %zu", name, cols, rows, limit, off + n);
		compare_vts(a, b, ra, rb);
		if (resize_at != 0 && off < resize_at && off + n >= resize_at) {
			vt_resize(a, cols + 3, rows > 2 ? rows - 1 : rows + 1);
			vt_resize(b, cols + 3, rows > 2 ? rows - 1 : rows + 1);
			cols = vt_cols(a);
			rows = vt_rows(a);
			compare_vts(a, b, ra, rb);
		}
	}
	snprintf(where, sizeof where, "%s (%ux%u, history-limit %u) at the end",
	    name, cols, rows, limit);
	compare_vts(a, b, ra, rb);
	vt_free(a);
	vt_free(b);
	free(ra);
	free(rb);
}

/* The same with a history of 100 lines. */
static void
check_same(const char *name, const unsigned char *buf, size_t len,
    unsigned int cols, unsigned int rows, unsigned int resize_at)
{
	check_same_limit(name, buf, len, cols, rows, resize_at, 100);
}

/* A file of the source tree: srcdir (set by make check) or here. */
static FILE *
open_source(const char *path)
{
	const char	*srcdir = getenv("srcdir");
	char		 full[4096];

	snprintf(full, sizeof full, "%s/%s", srcdir != NULL ? srcdir : ".",
	    path);
	return (fopen(full, "r"));
}

/* Decode the corpus's escapes (\e \xNN \r \n \b \t \a \\) in place. */
static size_t
unescape(char *s)
{
	char		*start = s, *out = s;
	unsigned int	 v;

	while (*s != '\0') {
		if (*s != '\\' || s[1] == '\0') {
			*out++ = *s++;
			continue;
		}
		s++;
		switch (*s) {
		case 'e':	*out++ = '\033'; s++; break;
		case 'r':	*out++ = '\r'; s++; break;
		case 'n':	*out++ = '\n'; s++; break;
		case 'b':	*out++ = '\b'; s++; break;
		case 't':	*out++ = '\t'; s++; break;
		case 'a':	*out++ = '\a'; s++; break;
		case 'x':
			if (sscanf(s + 1, "%2x", &v) == 1) {
				*out++ = (char)v;
				s += 3;
			} else
				*out++ = *s++;
			break;
		default:
			*out++ = *s++;
			break;
		}
	}
	return (out - start);
}

/* The differential corpus: each case, and all of them one after another. */
static void
test_corpus(void **state)
{
	FILE		*f;
	char		 line[8192], *name, *size, *bytes;
	unsigned char	*all = NULL;
	size_t		 alllen = 0, n;
	unsigned int	 cols, rows, cases = 0;

	(void)state;
	f = open_source("regress/vt-corpus.txt");
	assert_non_null(f);
	while (fgets(line, sizeof line, f) != NULL) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		line[strcspn(line, "\n")] = '\0';
		name = strtok(line, "\t");
		size = strtok(NULL, "\t");
		bytes = strtok(NULL, "\t");
		if (name == NULL || size == NULL || bytes == NULL ||
		    sscanf(size, "%ux%u", &cols, &rows) != 2)
			continue;
		n = unescape(bytes);
		check_same(name, (unsigned char *)bytes, n, cols, rows, 0);
		check_same(name, (unsigned char *)bytes, n, 80, 24, 0);
		all = realloc(all, alllen + n);
		memcpy(all + alllen, bytes, n);
		alllen += n;
		cases++;
	}
	fclose(f);
	assert_true(cases > 20);
	check_same("the whole corpus", all, alllen, 10, 6, alllen / 2);
	check_same("the whole corpus", all, alllen, 80, 24, 0);
	free(all);
}

/* The vt fuzzer's seeds. */
static void
test_fuzz_seeds(void **state)
{
	static const char	*seeds[] = { "screen", "strings", "text",
				    "wide-wrap" };
	char			 path[256];
	unsigned char		 buf[65536];
	FILE			*f;
	size_t			 i, n;

	(void)state;
	for (i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
		snprintf(path, sizeof path, "regress/fuzz/corpus/vt/%s",
		    seeds[i]);
		f = open_source(path);
		assert_non_null(f);
		n = fread(buf, 1, sizeof buf, f);
		fclose(f);
		check_same(seeds[i], buf, n, 80, 24, 0);
		check_same(seeds[i], buf, n, 7, 3, n / 3);
	}
}

#ifndef ROUNDS
#define ROUNDS	(getenv("TEST_VT_FAST_ROUNDS") != NULL ? \
	    (unsigned int)atoi(getenv("TEST_VT_FAST_ROUNDS")) : 400u)
#endif

/* What a random input is made of: sequences that change how text is
 * printed or where, around runs of text. */
static const char *pieces[] = {
	"\r", "\n", "\r\n", "\b", "\t", "\a", "\016", "\017",
	"\033[4h", "\033[4l", "\033[20;4h", "\033[4;20l", "\033[4:1h",
	"\033(0", "\033(B", "\033(A", "\033)0", "\033*0", "\033+A",
	"\033n", "\033o", "\033N", "\033O", "\033~",
	"\0337", "\0338", "\033[s", "\033[u", "\033c", "\033[!p",
	"\033[?7l", "\033[?7h", "\033[?6h", "\033[?6l", "\033[?45h",
	"\033[?69h", "\033[?69l", "\033[2;5s", "\033[r", "\033[2;4r",
	"\033[K", "\033[1K", "\033[2K", "\033[J", "\033[2J", "\033[3@",
	"\033[2P", "\033[L", "\033[M", "\033[2X", "\033M", "\033D", "\033E",
	"\033[S", "\033[T", "\033[3b", "\033[?1049h", "\033[?1049l",
	"\033[?47h", "\033[?47l", "\033#8", "\033#6", "\033[1;31m",
	"\033[0m", "\033[7;4m", "\033[38;2;1;2;3;48;5;200m", "\033[58;5;3m",
	"\033[2m", "\033]0;title\007", "\033[6n", "\033[c", "\033[?25l",
	"\033[?25h", "\033[3g", "\033H", "\033[5G", "\033[A", "\033[B",
	"\033[10C", "\033[D", "\033[H", "\033[2;8H", "\033[99;99H",
	"\303\251", "e\314\201", "\314\201", "\344\270\255", "\360\237\230\200",
	"\360\237\247\221", "\342\200\213", "\033[1;2H\344\270\255",
	"\033P$qm\033\\", "\033[?2026h", "\033[?2026l",
	"\033[20h", "\033[20l", "\013", "\014", "\n\n", "\r\n\r\n",
	"\033[3;6r", "\033[5;5r", "\033[1;2r", "\033[2;99r", "\033[4;3r",
	"\033[?69h\033[3;8s", "\033[?69l", "\033[?6h\033[2;3r",
	"\033[99B", "\033[99A", "\033[99C", "\033[1;99H", "\033[99;1H",
	"\033[?7l", "\033[?7h",
	/* Cursor addressing mux does without libvterm (vt_cup), and forms
	 * it leaves to libvterm. */
	"\033[0;0H", "\033[3f", "\033[;5H", "\033[4;H", "\033[2:3H",
	"\033[1;2;3H", "\033[2;2Hx\033[2;2H\xcc\x81", "\033[1;1H\033[1;1H",
	"\033[1;1Hab\033[1;3H",
	/* SGRs mux sets without libvterm (vt_sgr_pen), and ones it leaves
	 * to libvterm, around saves and restores of the cursor. */
	"\033[m", "\033[;1m", "\033[1;;3m", "\033[3;5;9;21m",
	"\033[22;23;24;25;27;29m", "\033[39;49m", "\033[91;103m",
	"\033[37;47m", "\033[38;5;17;48;2;250;0;9m", "\033[4;2;8;53m",
	"\033[28;55m", "\033[48;5;255m", "\033[38;2;0;0;0m",
	"\033[38;5;300m", "\033[38;2;1;2m", "\033[38;7m", "\033[48m",
	"\033[38;5m", "\033[38;2;256;0;0m", "\033[4:3m", "\033[4:0m",
	"\033[38:2::10:20:30m", "\033[12m", "\033[6m", "\033[59m",
	"\033[1;2;3;4;5;7;9;31;41;53;1;2;3;4;5;7;9m", "\033[?1048h",
	"\033[?1048l", "\033[?1;1049h", "\0337\033[0m\0338",
	"\033[31m\033[s\033[m\033[u", "\033[1$m", "\033[>1m",
};

/* A random run of printable ASCII (sometimes longer than a row). */
static size_t
random_text(unsigned char *out, size_t max)
{
	size_t	n, i;

	switch (rng_below(4)) {
	case 0:
		n = 1 + rng_below(4);
		break;
	case 1:
		n = 4 + rng_below(20);
		break;
	case 2:
		n = 20 + rng_below(100);
		break;
	default:
		n = 100 + rng_below(400);
		break;
	}
	if (n > max)
		n = max;
	for (i = 0; i < n; i++)
		out[i] = 0x20 + rng_below(0x5f);
	return (n);
}

/* Characters beyond ASCII text is made of: narrow (Latin-1, Greek,
 * Cyrillic, box drawing), wide (CJK, Hangul, fullwidth), emoji (some of
 * which libvterm 0.1.4 gives another width: placeholders), combining
 * marks, a zero-width joiner and a variation selector, a soft hyphen. */
static const char *uchars[] = {
	"\303\251", "\303\266", "\303\261", "\316\261", "\316\251",
	"\320\226", "\321\217", "\342\224\200", "\342\224\202", "\302\240",
	"\344\270\255", "\346\226\207", "\355\225\234", "\357\274\241",
	"\343\201\202", "\360\237\230\200", "\360\237\247\221", "\342\235\244",
	"\314\201", "\314\210", "\342\200\215", "\357\270\217", "\302\255",
	"\342\200\213", "\302\205", "a", "b", " ", "1", "~",
	/* Clusters the fast path joins (vt_fast_join): marks after a
	 * letter, a joiner between emoji, after a narrow character and
	 * before one, a joiner before a mark, a long run of marks. */
	"e\314\201\314\243", "\360\237\221\251\342\200\215\360\237\222\273",
	"\360\237\221\250\342\200\215\360\237\221\251\342\200\215\360\237\221\247",
	"x\342\200\215\344\270\255", "\344\270\255\342\200\215y",
	"\360\237\230\200\342\200\215\314\201",
	"o\314\201\314\202\314\203\314\204\314\205\314\206\314\207"
	"\314\210\314\211\314\212\314\213",
};

/* A random run of text mixing ASCII with uchars. */
static size_t
random_utf8_text(unsigned char *out, size_t max)
{
	size_t		 len = 0, n, k, i;
	const char	*u;

	n = 1 + rng_below(rng_below(2) == 0 ? 10 : 200);
	for (i = 0; i < n; i++) {
		if (rng_below(3) == 0) {
			k = random_text(out + len, 1 + rng_below(8));
			len += k;
		} else {
			u = uchars[rng_below(sizeof uchars /
			    sizeof uchars[0])];
			k = strlen(u);
			if (len + k > max)
				break;
			memcpy(out + len, u, k);
			len += k;
		}
		if (len + 16 > max)
			break;
	}
	return (len);
}

/*
 * Lines of printable ASCII for a screen cols wide: lengths around the
 * width (short, one less, exactly, one more, twice), ended by CR LF, a
 * bare LF or CR, several of them or nothing.
 */
static size_t
random_lines(unsigned char *out, size_t max, unsigned int cols)
{
	static const char	*ends[] = { "\r\n", "\r\n", "\r\n", "\n",
				    "\r", "\n\r", "\r\n\r\n", "\n\n\n", "",
				    "\r\r\n" };
	size_t			 len = 0, n, i, lines, k;
	const char		*e;

	lines = 1 + rng_below(rng_below(3) == 0 ? 60 : 8);
	for (i = 0; i < lines; i++) {
		switch (rng_below(8)) {
		case 0:
			n = 0;
			break;
		case 1:
			n = cols > 1 ? cols - 1 : 1;
			break;
		case 2:
		case 3:
			n = cols;
			break;
		case 4:
			n = cols + 1;
			break;
		case 5:
			n = 2 * cols + rng_below(3);
			break;
		default:
			n = 1 + rng_below(cols + 1);
			break;
		}
		e = ends[rng_below(sizeof ends / sizeof ends[0])];
		if (len + n + strlen(e) > max)
			break;
		for (k = 0; k < n; k++)
			out[len + k] = 0x20 + rng_below(0x5f);
		len += n;
		memcpy(out + len, e, strlen(e));
		len += strlen(e);
	}
	return (len);
}

/* Random mixes, at sizes from one cell to a wide screen. */
static void
test_random(void **state)
{
	static const unsigned int	 sizes[][2] = { { 1, 1 }, { 2, 3 },
					    { 5, 4 }, { 10, 6 }, { 17, 7 },
					    { 80, 24 }, { 132, 10 } };
	static const unsigned int	 limits[] = { 0, 1, 3, 100, 2000 };
	unsigned char			*buf;
	size_t				 len, max = 32768, n, k;
	unsigned int			 round, s;
	char				 name[64];
	const char			*pc;

	(void)state;
	buf = malloc(max);
	for (round = 0; round < ROUNDS; round++) {
		rng_state = 0x9e3779b97f4a7c15ULL * (round + 1);
		s = rng_below(sizeof sizes / sizeof sizes[0]);
		len = 0;
		while (len + 600 < max) {
			k = rng_below(8);
			if (k >= 6) {
				len += random_lines(buf + len, max - 600 - len,
				    sizes[s][0]);
				continue;
			}
			if (k >= 4) {
				len += random_text(buf + len, max - len);
				continue;
			}
			if (k >= 2) {
				len += random_utf8_text(buf + len, max - len);
				continue;
			}
			pc = pieces[rng_below(sizeof pieces /
			    sizeof pieces[0])];
			n = strlen(pc);
			memcpy(buf + len, pc, n);
			len += n;
			if (rng_below(40) == 0)
				break;
		}
		snprintf(name, sizeof name, "random round %u", round);
		if (getenv("TEST_VT_FAST_DUMP") != NULL &&
		    (unsigned int)atoi(getenv("TEST_VT_FAST_DUMP")) == round) {
			FILE	*f = fopen("/tmp/vtfast.dump", "wb");
			fwrite(buf, 1, len, f);
			fclose(f);
			splits = fopen("/tmp/vtfast.splits", "w");
		}
		check_same_limit(name, buf, len, sizes[s][0], sizes[s][1],
		    rng_below(5) == 0 ? len / 2 : 0,
		    limits[rng_below(sizeof limits / sizeof limits[0])]);
		if (splits != NULL) {
			fclose(splits);
			splits = NULL;
		}
	}
	free(buf);
}

/* The fast path is taken at all: plain lines leave the grid as text. */
static void
test_plain_lines(void **state)
{
	static const char	text[] = "the quick brown fox jumps over\r\n"
				    "a lazy dog\r\nand a line that is longer "
				    "than the forty columns of this screen\r\n";
	unsigned int		i;

	(void)state;
	rng_state = 42;
	for (i = 0; i < 50; i++)
		check_same("plain lines", (const unsigned char *)text,
		    sizeof text - 1, 40, 5, 0);
}

/* Short inputs of the shapes the random mixes found differences in (the
 * mixes themselves, below, are what reproduce those: a difference needs
 * the exact splits). */
static void
test_shapes(void **state)
{
	static const struct {
		const char	*name;
		unsigned int	 cols, rows;
		const char	*bytes;
	} cases[] = {
		{ "wide glyph at the edge wraps", 2, 3,
		  "\033[1;2H\344\270\255}OM~4o8VK[es8@W<i*$I=i" },
		{ "SS2 before text in one write", 17, 7,
		  "\033[1;2H\344\270\255\033N\033[?7h\b\"p?h2TW&~f}+FT"
		  "\303\251x" },
		{ "mark after ASCII at the edge, UTF-8 before", 20, 3,
		  "abc\303\251defghijklmnopqr~\342\200\213zz" },
		{ "mark after UTF-8 at the edge", 10, 6,
		  "abcdefgh \320\226\314\201xyz" },
		{ "mark after UTF-8 at the edge, autowrap off", 10, 6,
		  "\033[?7labcdefgh \320\226\314\201xyz" },
		{ "DECRC outside the region in origin mode", 5, 4,
		  "\033[2;4r\033[1;1H\0337\033[?6h\0338xyzabcdefg" },
		{ "insert mode split", 10, 3,
		  "abcdefgh\r\033[4hXYZW\033[4lqrst" },
		{ "DEC graphics", 10, 3, "\033(0lqqqqk\033(Babcd" },
		{ "marks and joiners across the edge", 10, 4,
		  "abcdefg\314\201h\314\202ij\360\237\221\251\342\200\215"
		  "\360\237\222\273k\314\201" },
		{ "a joined emoji at the edge", 9, 3,
		  "abcdef\360\237\221\251\342\200\215\360\237\222\273gh" },
		{ "a mark after a joined emoji, DEC graphics between", 20, 3,
		  "ab\360\237\221\251\342\200\215\360\237\222\273\033(0\314\201"
		  "\033(Bq" },
		{ "more marks than a cell keeps", 30, 3,
		  "o\314\201\314\202\314\203\314\204\314\205\314\206\314\207"
		  "\314\210\314\211\314\212\314\213\360\235\205\245z" },
	};
	size_t	i;

	(void)state;
	rng_state = 7;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		check_same(cases[i].name, (const unsigned char *)cases[i].bytes,
		    strlen(cases[i].bytes), cases[i].cols, cases[i].rows, 0);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain_lines),
		cmocka_unit_test(test_shapes),
		cmocka_unit_test(test_corpus),
		cmocka_unit_test(test_fuzz_seeds),
		cmocka_unit_test(test_random),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
