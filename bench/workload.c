/*
 * Workloads, generated in code from a fixed seed so every run, every mode
 * and every machine sees the same bytes and nothing large is committed.
 * Each leans on a different part of a terminal:
 *
 *   ascii	plain text scrolling, lines of varying length, some wrapping
 *   highlight	words in 24-bit colours, some bold (syntax highlighting)
 *   dense	a different style in every cell, full-screen redraws
 *   region	scrolling inside a scroll region, some reverse index
 *   unicode	CJK, combining marks, emoji, emoji joined by ZWJ
 *   cursor	short writes at random places, sometimes recoloured
 *
 * Lines end in explicit CR LF: the programs that print them put the pty in
 * raw mode, so the bytes arrive unchanged.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/xmalloc.h"
#include "bench/bench.h"

#define WORKLOAD_SEED	0x6d75782d62656e63ULL	/* "mux-benc" */

const char *const workload_names[WORKLOAD_COUNT] = {
	"ascii", "highlight", "dense", "region", "unicode", "cursor"
};

/* The index of a workload name, or -1. */
int
workload_index(const char *name)
{
	int	i;

	for (i = 0; i < WORKLOAD_COUNT; i++) {
		if (strcmp(workload_names[i], name) == 0)
			return (i);
	}
	return (-1);
}

static const char word_chars[] =
    "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz"
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.,;:(){}[]=+-*/\"'#";

/* A word of 1..max printable ASCII characters; returns its length. */
static unsigned int
add_word(struct rng *r, struct buf *out, unsigned int max)
{
	char		w[64];
	unsigned int	n, i;

	if (max > sizeof w)
		max = sizeof w;
	n = rng_range(r, 1, max);
	for (i = 0; i < n; i++)
		w[i] = word_chars[rng_next(r) % (sizeof word_chars - 1)];
	buf_add(out, w, n);
	return (n);
}

/* Append one code point as UTF-8. */
static void
add_utf8(struct buf *out, uint32_t cp)
{
	char	s[4];
	size_t	n;

	if (cp < 0x80) {
		s[0] = cp;
		n = 1;
	} else if (cp < 0x800) {
		s[0] = 0xc0 | (cp >> 6);
		s[1] = 0x80 | (cp & 0x3f);
		n = 2;
	} else if (cp < 0x10000) {
		s[0] = 0xe0 | (cp >> 12);
		s[1] = 0x80 | ((cp >> 6) & 0x3f);
		s[2] = 0x80 | (cp & 0x3f);
		n = 3;
	} else {
		s[0] = 0xf0 | (cp >> 18);
		s[1] = 0x80 | ((cp >> 12) & 0x3f);
		s[2] = 0x80 | ((cp >> 6) & 0x3f);
		s[3] = 0x80 | (cp & 0x3f);
		n = 4;
	}
	buf_add(out, s, n);
}

/* One line of ascii. */
static void
make_ascii(struct rng *r, unsigned int cols, unsigned int rows,
    struct buf *out)
{
	unsigned int	len, want;

	/* Mostly shorter than the width, one line in eight wraps. */
	want = rng_range(r, 0, 8) == 0 ? rng_range(r, cols, cols * 2) :
	    rng_range(r, 0, cols - 1);
	for (len = 0; len < want; ) {
		len += add_word(r, out, want - len > 12 ? 12 : want - len);
		if (len < want) {
			buf_add(out, " ", 1);
			len++;
		}
	}
	buf_add(out, "\r\n", 2);
}

/* One line of highlight. */
static void
make_highlight(struct rng *r, unsigned int cols, unsigned int rows,
    struct buf *out)
{
	unsigned int	len = 0, want = rng_range(r, 0, cols - 1), n;

	buf_add(out, "    ", rng_range(r, 0, 4));
	while (len + 2 < want) {
		buf_printf(out, "\033[%s38;2;%u;%u;%um",
		    rng_range(r, 0, 3) == 0 ? "1;" : "",
		    rng_range(r, 0, 255), rng_range(r, 0, 255),
		    rng_range(r, 0, 255));
		n = add_word(r, out, want - len - 1 > 10 ? 10 : want - len - 1);
		buf_add(out, "\033[0m ", 5);
		len += n + 1;
	}
	buf_add(out, "\r\n", 2);
}

/* One full-screen frame of dense. */
static void
make_dense(struct rng *r, unsigned int cols, unsigned int rows,
    struct buf *out)
{
	static const char *const attrs[] = { "", "1;", "3;", "4;", "7;",
	    "1;4;", "2;" };
	unsigned int	 x, y;

	for (y = 0; y < rows; y++) {
		buf_printf(out, "\033[%u;1H", y + 1);
		for (x = 0; x < cols; x++) {
			if (rng_range(r, 0, 1) == 0) {
				buf_printf(out, "\033[0;%s38;5;%u;48;5;%um",
				    attrs[rng_range(r, 0, 6)],
				    rng_range(r, 0, 255), rng_range(r, 0, 255));
			} else {
				buf_printf(out,
				    "\033[0;%s38;2;%u;%u;%u;48;2;%u;%u;%um",
				    attrs[rng_range(r, 0, 6)],
				    rng_range(r, 0, 255), rng_range(r, 0, 255),
				    rng_range(r, 0, 255), rng_range(r, 0, 255),
				    rng_range(r, 0, 255), rng_range(r, 0, 255));
			}
			buf_add(out, &word_chars[rng_next(r) %
			    (sizeof word_chars - 1)], 1);
		}
	}
	buf_add(out, "\033[0m", 4);
}

/* One burst of region scrolling. */
static void
make_region(struct rng *r, unsigned int cols, unsigned int rows,
    struct buf *out)
{
	unsigned int	top = 3, bottom = rows - 3, i, n;

	buf_printf(out, "\033[%u;%ur\033[%u;1H", top, bottom, bottom);
	n = rng_range(r, 10, 40);
	for (i = 0; i < n; i++) {
		add_word(r, out, cols / 2);
		buf_add(out, "\r\n", 2);
	}
	/* Scroll back down a little, as a pager does on "up". */
	buf_printf(out, "\033[%u;1H", top);
	n = rng_range(r, 1, 5);
	for (i = 0; i < n; i++) {
		buf_add(out, "\033M", 2);
		add_word(r, out, cols / 2);
		buf_add(out, "\r", 1);
	}
	buf_add(out, "\033[r", 3);
}

/* One line of unicode. */
static void
make_unicode(struct rng *r, unsigned int cols, unsigned int rows,
    struct buf *out)
{
	unsigned int	width = 0, want = rng_range(r, 0, cols + cols / 4);

	while (width < want) {
		switch (rng_range(r, 0, 7)) {
		case 0:
		case 1:		/* CJK ideographs, two columns each */
			add_utf8(out, 0x4e00 + rng_range(r, 0, 0x4fff));
			add_utf8(out, 0x4e00 + rng_range(r, 0, 0x4fff));
			width += 4;
			break;
		case 2:		/* Hangul syllable */
			add_utf8(out, 0xac00 + rng_range(r, 0, 0x2b00));
			width += 2;
			break;
		case 3:		/* a letter, one or two combining marks */
			add_utf8(out, 'a' + rng_range(r, 0, 25));
			add_utf8(out, 0x300 + rng_range(r, 0, 0x2f));
			if (rng_range(r, 0, 2) == 0)
				add_utf8(out, 0x300 + rng_range(r, 0, 0x2f));
			width += 1;
			break;
		case 4:		/* an emoji (faces, all two columns) */
			add_utf8(out, 0x1f600 + rng_range(r, 0, 0x4f));
			width += 2;
			break;
		case 5:		/* ZWJ sequences: technologist, family */
			if (rng_range(r, 0, 1) == 0) {
				add_utf8(out, 0x1f469);
				add_utf8(out, 0x200d);
				add_utf8(out, 0x1f4bb);
			} else {
				add_utf8(out, 0x1f468);
				add_utf8(out, 0x200d);
				add_utf8(out, 0x1f469);
				add_utf8(out, 0x200d);
				add_utf8(out, 0x1f467);
			}
			width += 2;
			break;
		default:	/* plain words between them */
			width += add_word(r, out, 8);
			break;
		}
		buf_add(out, " ", 1);
		width++;
	}
	buf_add(out, "\r\n", 2);
}

/* One short write of cursor. */
static void
make_cursor(struct rng *r, unsigned int cols, unsigned int rows,
    struct buf *out)
{
	buf_printf(out, "\033[%u;%uH", rng_range(r, 1, rows),
	    rng_range(r, 1, cols - 8));
	switch (rng_range(r, 0, 5)) {
	case 0:
		buf_printf(out, "\033[38;5;%um", rng_range(r, 0, 255));
		break;
	case 1:
		buf_add(out, "\033[0m", 4);
		break;
	}
	add_word(r, out, 8);
}

/* Generate workload w (fixed seed) of at least size bytes. */
void
workload_make(int w, unsigned int cols, unsigned int rows, size_t size,
    struct buf *out)
{
	struct rng	r;

	rng_seed(&r, WORKLOAD_SEED + (uint64_t)w);
	out->len = 0;
	buf_add(out, "\033[0m\033[H\033[2J", 11);
	while (out->len < size) {
		switch (w) {
		case 0:
			make_ascii(&r, cols, rows, out);
			break;
		case 1:
			make_highlight(&r, cols, rows, out);
			break;
		case 2:
			make_dense(&r, cols, rows, out);
			break;
		case 3:
			make_region(&r, cols, rows, out);
			break;
		case 4:
			make_unicode(&r, cols, rows, out);
			break;
		case 5:
			make_cursor(&r, cols, rows, out);
			break;
		}
	}
	buf_add(out, "\033[0m", 4);
}

/* Generate n lines for the history measurements. */
void
workload_lines(unsigned int cols, int n, int full, struct buf *out)
{
	struct rng	r;
	unsigned int	len, i;
	int		line;

	rng_seed(&r, WORKLOAD_SEED ^ (full ? 0xf0 : 0x0f));
	for (line = 0; line < n; line++) {
		len = full ? cols : rng_range(&r, 1, cols - 1);
		for (i = 0; i < len; i++) {
			buf_add(out, &word_chars[rng_next(&r) %
			    (sizeof word_chars - 1)], 1);
		}
		buf_add(out, "\r\n", 2);
	}
}

/* Write a buffer to a file in the temporary directory. */
char *
workload_file(const char *name, const struct buf *b)
{
	char	*path;
	int	 fd;
	size_t	 off = 0;
	ssize_t	 n;

	path = xasprintf("%s/%s", proc_tmpdir(), name);
	if ((fd = open(path, O_WRONLY|O_CREAT|O_TRUNC|O_CLOEXEC, 0600)) == -1)
		bench_fail("%s: %s", path, strerror(errno));
	while (off < b->len) {
		n = write(fd, b->p + off, b->len - off);
		if (n <= 0)
			bench_fail("write %s: %s", path, strerror(errno));
		off += n;
	}
	close(fd);
	return (path);
}
