/*
 * Unit tests for grid/history.c: round trips of text, styles, wide and
 * combining characters and wrap flags; the ring's eviction (within and
 * across blocks), pop and clear; reflow; and the memory a line costs by the
 * store's own accounting.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/utf8.h"
#include "grid/history.h"

#define COLS	80
/* Lines for the memory tests: enough that a block's free tail is noise. */
#define MEM_LINES	10000

/* A small deterministic generator (xorshift32). */
static uint32_t
rnd(uint32_t *seed)
{
	uint32_t	x = *seed;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*seed = x;
	return (x);
}

/* A default blank, the kind trimmed from the end of a line. */
static int
hist_blank(const struct cell *c)
{
	return (c->ch == ' ' && c->width == 1 && c->fg == COLOUR_DEFAULT &&
	    c->bg == COLOUR_DEFAULT && c->attr == 0);
}

/* Fill cells from a UTF-8 string (widths from utf8proc), the rest blank;
 * returns the columns used. */
static unsigned int
fill(struct cell *cells, unsigned int ncells, const char *s)
{
	struct cell	 c;
	uint32_t	 cp;
	unsigned int	 x = 0, i;
	size_t		 len = strlen(s);
	int		 n;

	for (i = 0; i < ncells; i++)
		cells[i] = CELL_BLANK;
	while (len > 0 && x < ncells) {
		n = utf8_decode(s, len, &cp);
		assert_true(n > 0);
		c = CELL_BLANK;
		c.ch = cp;
		c.width = utf8_cp_width(cp) == 2 ? 2 : 1;
		cells[x] = c;
		if (c.width == 2) {
			c.ch = ' ';
			c.width = 0;
			cells[x + 1] = c;
		}
		x += utf8_cp_width(cp) == 2 ? 2 : 1;
		s += n;
		len -= n;
	}
	return (x);
}

/* Cells as UTF-8 text (right halves skipped). */
static const char *
text(const struct cell *cells, unsigned int n)
{
	static char	buf[4096];
	size_t		len = 0;
	unsigned int	x;

	for (x = 0; x < n; x++) {
		if (cells[x].width == 0)
			continue;
		len += utf8_char_to_utf8(cells[x].ch, buf + len);
	}
	buf[len] = '\0';
	return (buf);
}

/* Line idx of h as text. */
static const char *
hline(struct history *h, unsigned int idx, int *wrapped)
{
	struct cell	out[512];
	unsigned int	n;

	n = history_get(h, idx, out, 512, wrapped);
	return (text(out, n));
}

static void
test_text_round_trip(void **state)
{
	struct history	*h = history_create(10);
	struct cell	 cells[COLS], out[COLS];
	unsigned int	 n;
	int		 wrapped;

	fill(cells, COLS, "hello, world");
	history_push(h, cells, COLS, 0);
	assert_int_equal(history_size(h), 1);
	/* Trailing blanks trimmed: the line is 12 columns. */
	n = history_get(h, 0, out, COLS, &wrapped);
	assert_int_equal(n, 12);
	assert_int_equal(wrapped, 0);
	assert_string_equal(text(out, n), "hello, world");
	assert_true(cell_equal(&out[0], &cells[0]));

	/* An empty line. */
	fill(cells, COLS, "");
	history_push(h, cells, COLS, 0);
	assert_int_equal(history_get(h, 1, out, COLS, NULL), 0);

	/* Out of range. */
	assert_int_equal(history_get(h, 2, out, COLS, &wrapped), 0);
	history_free(h);
}

static void
test_styles(void **state)
{
	struct history	*h = history_create(10);
	struct cell	 cells[COLS], out[COLS];
	unsigned int	 n, x;

	fill(cells, COLS, "abcdefghijklmnopqrstuvwxyz");
	cells[0].fg = COLOUR_INDEX(1);
	cells[1].fg = COLOUR_INDEX(200);
	cells[1].attr = ATTR_BOLD|ATTR_UNDERCURL;
	cells[2].fg = COLOUR_RGB(10, 20, 30);
	cells[2].bg = COLOUR_RGB(250, 251, 252);
	cells[3].bg = COLOUR_INDEX(7);
	cells[3].attr = ATTR_REVERSE|ATTR_OVERLINE|ATTR_STRIKE;
	/* A run longer than 7 characters. */
	for (x = 5; x < 20; x++) {
		cells[x].fg = COLOUR_RGB(1, 2, 3);
		cells[x].attr = ATTR_ITALIC;
	}
	/* Styled blanks after the text are kept. */
	cells[30].bg = COLOUR_INDEX(4);
	history_push(h, cells, COLS, 0);
	n = history_get(h, 0, out, COLS, NULL);
	assert_int_equal(n, 31);
	for (x = 0; x < n; x++)
		assert_true(cell_equal(&out[x], &cells[x]));
	history_free(h);
}

static void
test_wide_combining(void **state)
{
	struct history	*h = history_create(10);
	struct cell	 cells[COLS], out[COLS];
	uint32_t	 cps[3] = { 'e', 0x301, 0x302 };
	unsigned int	 n, x;

	n = fill(cells, COLS, "a\xe4\xb8\xad" "b\xf0\x9f\xa7\x91" "c");
	assert_int_equal(n, 7);
	cells[1].fg = COLOUR_INDEX(3);
	cells[2].fg = COLOUR_INDEX(3);
	/* An interned character: e + two combining marks. */
	cells[n].ch = utf8_intern(cps, 3);
	/* A character stored narrower than utf8proc says (libvterm's
	 * width, say). */
	cells[n + 1].ch = 0x1f600;
	cells[n + 1].width = 1;
	history_push(h, cells, COLS, 1);
	n = history_get(h, 0, out, COLS, NULL);
	assert_int_equal(n, COLS);
	for (x = 0; x < COLS; x++)
		assert_true(cell_equal(&out[x], &cells[x]));
	assert_int_equal(out[2].width, CELL_WIDE_RIGHT);
	assert_int_equal(out[7].ch, utf8_intern(cps, 3));
	history_free(h);
}

static void
test_wrapped_flags(void **state)
{
	struct history	*h = history_create(10);
	struct cell	 cells[10];
	int		 wrapped;

	fill(cells, 10, "0123456789");
	history_push(h, cells, 10, 1);
	fill(cells, 10, "ab   ");
	history_push(h, cells, 10, 1);
	fill(cells, 10, "end");
	history_push(h, cells, 10, 0);

	assert_string_equal(hline(h, 0, &wrapped), "0123456789");
	assert_int_equal(wrapped, 1);
	/* A wrapped line keeps its trailing blanks. */
	assert_string_equal(hline(h, 1, &wrapped), "ab        ");
	assert_int_equal(wrapped, 1);
	assert_string_equal(hline(h, 2, &wrapped), "end");
	assert_int_equal(wrapped, 0);

	history_set_wrapped(h, 2, 1);
	hline(h, 2, &wrapped);
	assert_int_equal(wrapped, 1);
	history_set_wrapped(h, 0, 0);
	hline(h, 0, &wrapped);
	assert_int_equal(wrapped, 0);
	history_free(h);
}

static void
test_eviction(void **state)
{
	struct history	*h = history_create(3);
	struct cell	 cells[COLS];
	char		 s[32];
	unsigned int	 i;

	for (i = 0; i < 50; i++) {
		snprintf(s, sizeof s, "line %u", i);
		fill(cells, COLS, s);
		history_push(h, cells, COLS, 0);
	}
	assert_int_equal(history_size(h), 3);
	assert_int_equal(history_limit(h), 3);
	assert_string_equal(hline(h, 0, NULL), "line 47");
	assert_string_equal(hline(h, 2, NULL), "line 49");

	/* Shrinking the limit drops the oldest. */
	history_set_limit(h, 2);
	assert_int_equal(history_size(h), 2);
	assert_string_equal(hline(h, 0, NULL), "line 48");
	fill(cells, COLS, "line 50");
	history_push(h, cells, COLS, 0);
	assert_string_equal(hline(h, 0, NULL), "line 49");
	assert_string_equal(hline(h, 1, NULL), "line 50");

	/* Growing it keeps what is there. */
	history_set_limit(h, 100);
	for (i = 51; i < 60; i++) {
		snprintf(s, sizeof s, "line %u", i);
		fill(cells, COLS, s);
		history_push(h, cells, COLS, 0);
	}
	assert_int_equal(history_size(h), 11);
	assert_string_equal(hline(h, 0, NULL), "line 49");
	assert_string_equal(hline(h, 10, NULL), "line 59");

	history_clear(h);
	assert_int_equal(history_size(h), 0);
	history_free(h);

	/* A limit of 0 keeps nothing. */
	h = history_create(0);
	history_push(h, cells, COLS, 0);
	assert_int_equal(history_size(h), 0);
	history_free(h);
}

static void
test_pop(void **state)
{
	struct history	*h = history_create(10);
	struct cell	 cells[COLS], out[COLS];
	unsigned int	 n;
	size_t		 full;
	int		 wrapped;

	fill(cells, COLS, "first");
	history_push(h, cells, COLS, 0);
	fill(cells, COLS, "second");
	history_push(h, cells, COLS, 1);
	full = history_bytes(h);
	assert_int_equal(history_pop(h, out, COLS, &n, &wrapped), 1);
	/* The line's bytes go back to its block, which stays. */
	assert_int_equal(history_bytes(h), full);
	assert_int_equal(wrapped, 1);
	assert_int_equal(n, COLS);
	assert_string_equal(text(out, 6), "second");
	assert_int_equal(history_pop(h, out, COLS, &n, &wrapped), 1);
	assert_int_equal(wrapped, 0);
	assert_string_equal(text(out, n), "first");
	assert_int_equal(history_pop(h, out, COLS, &n, &wrapped), 0);
	assert_int_equal(history_size(h), 0);
	/* The last line gone, so is the block. */
	assert_true(history_bytes(h) < full);
	history_free(h);
}

static void
test_truncated_get(void **state)
{
	struct history	*h = history_create(10);
	struct cell	 cells[COLS], out[8];
	unsigned int	 n;

	fill(cells, COLS, "abcde\xe4\xb8\xadxyz");
	history_push(h, cells, COLS, 0);
	out[6] = CELL_BLANK;
	out[6].ch = '#';
	/* Only max cells are written; a wide character cut at the end
	 * becomes a blank; the width of the whole line is returned. */
	n = history_get(h, 0, out, 6, NULL);
	assert_int_equal(n, 10);
	assert_int_equal(out[5].ch, ' ');
	assert_int_equal(out[5].width, 1);
	assert_int_equal(out[6].ch, '#');
	history_free(h);
}

static void
test_reflow(void **state)
{
	struct history	*h = history_create(100);
	struct cell	 cells[10];
	int		 wrapped;

	/* "0123456789abcdefghij" wrapped at 10, then a short line. */
	fill(cells, 10, "0123456789");
	history_push(h, cells, 10, 1);
	fill(cells, 10, "abcdefghij");
	history_push(h, cells, 10, 0);
	fill(cells, 10, "short");
	history_push(h, cells, 10, 0);

	history_reflow(h, 6);
	assert_int_equal(history_size(h), 5);
	assert_string_equal(hline(h, 0, &wrapped), "012345");
	assert_int_equal(wrapped, 1);
	assert_string_equal(hline(h, 1, &wrapped), "6789ab");
	assert_int_equal(wrapped, 1);
	assert_string_equal(hline(h, 2, &wrapped), "cdefgh");
	assert_int_equal(wrapped, 1);
	assert_string_equal(hline(h, 3, &wrapped), "ij");
	assert_int_equal(wrapped, 0);
	assert_string_equal(hline(h, 4, &wrapped), "short");

	history_reflow(h, 25);
	assert_int_equal(history_size(h), 2);
	assert_string_equal(hline(h, 0, &wrapped), "0123456789abcdefghij");
	assert_int_equal(wrapped, 0);
	assert_string_equal(hline(h, 1, &wrapped), "short");

	/* Back to the original width. */
	history_reflow(h, 10);
	assert_int_equal(history_size(h), 3);
	assert_string_equal(hline(h, 0, &wrapped), "0123456789");
	assert_int_equal(wrapped, 1);
	assert_string_equal(hline(h, 1, &wrapped), "abcdefghij");
	assert_int_equal(wrapped, 0);
	history_free(h);
}

static void
test_reflow_wide(void **state)
{
	struct history	*h = history_create(100);
	struct cell	 cells[5];
	int		 wrapped;

	/* "abcd" + a wide character that did not fit: the 5th column is a
	 * padding blank, and the wide character starts the next line. */
	fill(cells, 5, "abcd");
	history_push(h, cells, 5, 1);
	fill(cells, 5, "\xe4\xb8\xadxy");
	history_push(h, cells, 5, 0);

	history_reflow(h, 10);
	assert_int_equal(history_size(h), 1);
	assert_string_equal(hline(h, 0, &wrapped), "abcd\xe4\xb8\xadxy");

	/* Narrower: the wide character never straddles the edge. */
	history_reflow(h, 5);
	assert_int_equal(history_size(h), 2);
	assert_string_equal(hline(h, 0, &wrapped), "abcd");
	assert_int_equal(wrapped, 1);
	assert_string_equal(hline(h, 1, &wrapped), "\xe4\xb8\xadxy");

	/* Reflow drops the oldest lines beyond the limit. */
	history_set_limit(h, 2);
	history_reflow(h, 1);
	assert_int_equal(history_size(h), 2);
	history_free(h);
}

static void
test_memory_ascii(void **state)
{
	struct history	*h = history_create(MEM_LINES);
	struct cell	 cells[COLS];
	char		 s[COLS + 1];
	unsigned int	 i, x;
	size_t		 per;

	for (i = 0; i < MEM_LINES; i++) {
		for (x = 0; x < 78; x++)
			s[x] = 'A' + (i + x) % 26;
		s[78] = '\0';
		fill(cells, COLS, s);
		history_push(h, cells, COLS, 0);
	}
	/* Everything allocated, the free tail of each block included. A
	 * record is 80 bytes (flags, length, text) and an offset 2. */
	per = history_bytes(h) / MEM_LINES;
	print_message("ASCII line: %zu bytes\n", per);
	assert_true(per >= 82);
	assert_true(per <= 88);
	assert_string_equal(hline(h, MEM_LINES - 1, NULL), s);
	assert_string_equal(hline(h, 0, NULL),
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
	history_free(h);
}

static void
test_memory_half(void **state)
{
	struct history	*h = history_create(MEM_LINES);
	struct cell	 cells[COLS];
	char		 s[COLS + 1];
	unsigned int	 i, x, len;
	size_t		 per, cols = 0;
	uint32_t	 seed = 1;

	/* Lines of 1 to 79 characters, 40 on average. */
	for (i = 0; i < MEM_LINES; i++) {
		len = 1 + rnd(&seed) % 79;
		for (x = 0; x < len; x++)
			s[x] = 'a' + rnd(&seed) % 26;
		s[len] = '\0';
		cols += len;
		fill(cells, COLS, s);
		history_push(h, cells, COLS, 0);
	}
	per = history_bytes(h) / MEM_LINES;
	print_message("half line: %zu bytes (%zu characters)\n", per,
	    cols / MEM_LINES);
	assert_true(per <= cols / MEM_LINES + 8);
	assert_string_equal(hline(h, MEM_LINES - 1, NULL), s);
	history_free(h);
}

static void
test_memory_truecolor(void **state)
{
	struct history	*h = history_create(MEM_LINES);
	struct cell	 cells[COLS], out[COLS];
	char		 s[COLS + 1];
	unsigned int	 i, x;
	size_t		 per;

	for (i = 0; i < MEM_LINES; i++) {
		for (x = 0; x < 78; x++)
			s[x] = 'a' + (i + x) % 26;
		s[78] = '\0';
		fill(cells, COLS, s);
		for (x = 0; x < 78; x++)
			cells[x].fg = COLOUR_RGB(x * 3, i % 256, 255 - x);
		history_push(h, cells, COLS, 0);
	}
	/* 4 bytes a character more: a run byte and the colour. */
	per = history_bytes(h) / MEM_LINES;
	print_message("24-bit line: %zu bytes\n", per);
	assert_true(per >= 82 + 78 * 4);
	assert_true(per <= 82 + 78 * 4 + 24);
	assert_int_equal(history_get(h, MEM_LINES - 1, out, COLS, NULL), 78);
	for (x = 0; x < 78; x++)
		assert_true(cell_equal(&out[x], &cells[x]));
	history_free(h);
}

static void
test_memory_slack(void **state)
{
	struct history	*h = history_create(100);
	struct cell	 cells[COLS];
	size_t		 empty, one, two;

	/* A short history costs its first block whole, not its record. */
	empty = history_bytes(h);
	assert_true(empty >= sizeof(void *) && empty < 256);
	fill(cells, COLS, "x");
	history_push(h, cells, COLS, 0);
	one = history_bytes(h);
	assert_true(one - empty >= 1024);
	/* The next line goes into the same block's free room. */
	history_push(h, cells, COLS, 0);
	two = history_bytes(h);
	assert_int_equal(two, one);
	/* Cleared: the blocks and the ring go, the scratch stays. */
	history_clear(h);
	assert_true(history_bytes(h) < one - 1000);
	history_free(h);
}

/* Styles random lines draw from. */
static const struct {
	uint32_t	fg, bg;
	uint16_t	attr;
} styles[] = {
	{ COLOUR_DEFAULT, COLOUR_DEFAULT, 0 },
	{ COLOUR_DEFAULT, COLOUR_DEFAULT, 0 },
	{ COLOUR_INDEX(1), COLOUR_DEFAULT, 0 },
	{ COLOUR_INDEX(231), COLOUR_INDEX(17), ATTR_BOLD },
	{ COLOUR_RGB(1, 2, 3), COLOUR_DEFAULT, ATTR_ITALIC|ATTR_UNDERCURL },
	{ COLOUR_RGB(250, 128, 0), COLOUR_RGB(0, 0, 0), 0 },
	{ COLOUR_DEFAULT, COLOUR_RGB(9, 9, 9), ATTR_REVERSE|ATTR_OVERLINE },
};

/*
 * A random line of n columns in cells: ASCII, wide characters (never cut
 * at the edge), combining sequences, a character stored narrower than
 * utf8proc says, and styles in runs of random length. With noblank, no
 * default blank comes just before a wide character and the last cell is
 * not a default blank (so joining and trimming are unambiguous).
 */
static void
random_line(uint32_t *seed, struct cell *cells, unsigned int n, int noblank)
{
	static const uint32_t	 wide[] = { 0x4e2d, 0x1f9d1, 0xac00 };
	uint32_t		 cps[3] = { 'e', 0x301, 0x302 };
	struct cell		 c, style = CELL_BLANK;
	unsigned int		 x = 0, k, left = 0;

	while (x < n) {
		if (left == 0) {
			k = rnd(seed) % (sizeof styles / sizeof styles[0]);
			style.fg = styles[k].fg;
			style.bg = styles[k].bg;
			style.attr = styles[k].attr;
			left = 1 + rnd(seed) % 12;
		}
		left--;
		c = style;
		k = rnd(seed) % 20;
		if (k < 3 && x + 1 < n) {
			c.ch = wide[k];
			c.width = 2;
			cells[x] = c;
			c.ch = ' ';
			c.width = CELL_WIDE_RIGHT;
			cells[x + 1] = c;
			if (noblank && x > 0 && hist_blank(&cells[x - 1]))
				cells[x - 1].ch = '-';
			x += 2;
			continue;
		}
		if (k == 3)
			c.ch = utf8_intern(cps, 2 + rnd(seed) % 2);
		else if (k == 4)
			c.ch = 0x1f600;	/* 2 to utf8proc, stored 1 */
		else if (k < 8)
			c.ch = ' ';
		else
			c.ch = 0x21 + rnd(seed) % 94;
		cells[x++] = c;
	}
	if (noblank && n > 0 && hist_blank(&cells[n - 1]))
		cells[n - 1].ch = '.';
}

/* Assert that line idx of h holds cells[0..n) (trimmed of trailing blanks
 * if pushed unwrapped) and the wrapped flag. */
static void
assert_line(struct history *h, unsigned int idx, const struct cell *cells,
    unsigned int n, int pushed_wrapped, int wrapped)
{
	struct cell	out[1024];
	unsigned int	got, x;
	int		w;

	if (!pushed_wrapped) {
		while (n > 0 && hist_blank(&cells[n - 1]))
			n--;
	}
	got = history_get(h, idx, out, 1024, &w);
	assert_int_equal(got, n);
	assert_int_equal(w, wrapped);
	assert_int_equal(history_get(h, idx, NULL, 0, NULL), n);
	for (x = 0; x < n; x++)
		assert_true(cell_equal(&out[x], &cells[x]));
}

/*
 * Lines all in one style (the one-pass encoding) and lines that are so but
 * for one cell (the general one): each comes back cell for cell.
 */
static void
test_one_style(void **state)
{
	static const struct {
		uint32_t	fg, bg;
		uint16_t	attr;
		uint8_t		ul;
		uint16_t	link;
	} styles[] = {
		{ COLOUR_DEFAULT, COLOUR_DEFAULT, 0, 0, 0 },
		{ COLOUR_INDEX(3), COLOUR_DEFAULT, 0, 0, 0 },
		{ COLOUR_RGB(1, 2, 3), COLOUR_RGB(200, 100, 50), ATTR_BOLD, 0,
		  0 },
		{ COLOUR_DEFAULT, COLOUR_INDEX(17), ATTR_UNDERLINE, 5, 0 },
		{ COLOUR_DEFAULT, COLOUR_DEFAULT, ATTR_ITALIC, 0, 9 },
	};
	struct history	*h = history_create(1000);
	struct cell	 cells[COLS], *c;
	unsigned int	 i, odd, x, n, idx = 0;

	for (i = 0; i < sizeof styles / sizeof styles[0]; i++) {
		for (odd = 0; odd < 7; odd++) {
			n = fill(cells, COLS, "The quick brown fox jumps over "
			    "the lazy dog, 0123456789 {}[]()~");
			for (x = 0; x < n; x++) {
				cells[x].fg = styles[i].fg;
				cells[x].bg = styles[i].bg;
				cells[x].attr = styles[i].attr;
				cells[x].flags = styles[i].ul;
				cells[x].link = styles[i].link;
			}
			c = &cells[odd < 4 ? 0 : (odd < 6 ? n / 2 : n - 1)];
			switch (odd) {
			case 1:
			case 4:
				c->fg = COLOUR_INDEX(200);	/* another style */
				break;
			case 2:
				c->ch = 0xe9;			/* not ASCII */
				break;
			case 3:
			case 5:
				c->flags = 7;		/* underline colour */
				break;
			case 6:
				c->link = 3;
				break;
			}
			history_push(h, cells, COLS, 0);
			assert_line(h, idx++, cells, COLS, 0, 0);
			/* Wrapped: no trimming, the blanks kept. */
			history_push(h, cells, n + 5, 1);
			assert_line(h, idx++, cells, n + 5, 1, 1);
		}
	}
	history_free(h);
}

/*
 * history_push_plain makes the record history_push makes of the same
 * cells: plain lines of random length with random spaces, wrapped or not,
 * read back the same and take the same bytes.
 */
static void
test_push_plain(void **state)
{
	struct history	*a = history_create(2000), *b = history_create(2000);
	struct cell	 cells[COLS];
	unsigned int	 i, x, n;
	uint32_t	 seed = 11;
	int		 wrapped;

	for (i = 0; i < 1500; i++) {
		n = rnd(&seed) % (COLS + 1);
		for (x = 0; x < COLS; x++) {
			cells[x] = CELL_BLANK;
			if (x < n && rnd(&seed) % 4 != 0)
				cells[x].ch = 0x20 + rnd(&seed) % 0x5f;
		}
		wrapped = rnd(&seed) % 3 == 0;
		history_push(a, cells, COLS, wrapped);
		history_push_plain(b, cells, n, COLS, wrapped);
		assert_line(b, history_size(b) - 1, cells, COLS, wrapped,
		    wrapped);
	}
	assert_int_equal(history_size(a), history_size(b));
	for (i = 0; i < history_size(a); i++) {
		assert_string_equal(hline(a, i, &wrapped), hline(b, i, NULL));
		assert_int_equal(history_get(a, i, NULL, 0, NULL),
		    history_get(b, i, NULL, 0, NULL));
	}
	assert_int_equal(history_bytes(a), history_bytes(b));
	history_free(a);
	history_free(b);
}

static void
test_random_round_trip(void **state)
{
	struct history	*h = history_create(5000);
	struct cell	*all;
	unsigned int	*len, i, n = 3000;
	uint32_t	 seed = 7;

	/* Lines of 0-200 columns, enough for many blocks. */
	all = calloc((size_t)n * 200, sizeof *all);
	len = calloc(n, sizeof *len);
	for (i = 0; i < n; i++) {
		len[i] = rnd(&seed) % 201;
		random_line(&seed, all + (size_t)i * 200, len[i], 0);
		history_push(h, all + (size_t)i * 200, len[i], i % 3 == 0);
	}
	assert_int_equal(history_size(h), n);
	for (i = 0; i < n; i++) {
		assert_line(h, i, all + (size_t)i * 200, len[i], i % 3 == 0,
		    i % 3 == 0);
	}
	/* Backwards too (each block found afresh). */
	for (i = n; i-- > 0;) {
		assert_line(h, i, all + (size_t)i * 200, len[i], i % 3 == 0,
		    i % 3 == 0);
	}
	/* Flags change in place, in any block. */
	for (i = 0; i < n; i += 97)
		history_set_wrapped(h, i, i % 3 != 0);
	for (i = 0; i < n; i++) {
		assert_line(h, i, all + (size_t)i * 200, len[i], i % 3 == 0,
		    i % 97 == 0 ? i % 3 != 0 : i % 3 == 0);
	}
	free(all);
	free(len);
	history_free(h);
}

/* Lines of one style with wide characters, marks and emoji among the
 * text (hist_encode's one-style loop), in each of the styles. */
static void
test_random_one_style_round_trip(void **state)
{
	struct history	*h = history_create(5000);
	struct cell	*all, *line;
	unsigned int	*len, i, x, n = 2000;
	uint32_t	 seed = 11;

	all = calloc((size_t)n * 200, sizeof *all);
	len = calloc(n, sizeof *len);
	for (i = 0; i < n; i++) {
		line = all + (size_t)i * 200;
		len[i] = rnd(&seed) % 201;
		random_line(&seed, line, len[i], 0);
		for (x = 1; x < len[i]; x++) {
			line[x].fg = line[0].fg;
			line[x].bg = line[0].bg;
			line[x].attr = line[0].attr;
		}
		history_push(h, line, len[i], i % 3 == 0);
	}
	for (i = 0; i < n; i++) {
		assert_line(h, i, all + (size_t)i * 200, len[i], i % 3 == 0,
		    i % 3 == 0);
	}
	free(all);
	free(len);
	history_free(h);
}

/*
 * A line in one style for a long way, of characters of several bytes (the
 * text outgrows its first buffer), then a character in another: read the
 * one style way first, then as runs, it comes back cell for cell.
 */
static void
test_one_style_late(void **state)
{
	struct history	*h = history_create(10);
	struct cell	 cells[400];
	unsigned int	 x, n = 400, last;

	for (last = 0; last < 2; last++) {
		for (x = 0; x + 1 < n; x += 2) {
			cells[x] = CELL_BLANK;
			cells[x].ch = 0x4e00 + x;
			cells[x].width = 2;
			cells[x].fg = COLOUR_RGB(1, 2, 3);
			cells[x + 1] = cells[x];
			cells[x + 1].ch = ' ';
			cells[x + 1].width = CELL_WIDE_RIGHT;
		}
		/* The other style at the last character, or the middle. */
		x = last ? n - 2 : n / 2;
		cells[x].fg = cells[x + 1].fg = COLOUR_INDEX(4);
		history_push(h, cells, n, 0);
		assert_line(h, last, cells, n, 0, 0);
	}
	history_free(h);
}

static void
test_long_line(void **state)
{
	struct history	*h = history_create(10);
	struct cell	*cells, *cells2, small[COLS];
	int		 wrapped;
	uint32_t	 cps[8] = { 'a', 0x300, 0x301, 0x302, 0x303, 0x304,
			     0x305, 0x306 };
	unsigned int	 n = 4000, x;

	/* A line bigger than a block (and than 16-bit offsets reach):
	 * eight code points and its own 24-bit colours per cell. */
	cells = calloc(n, sizeof *cells);
	cells2 = calloc(n, sizeof *cells2);
	for (x = 0; x < n; x++) {
		cells[x] = CELL_BLANK;
		cells[x].ch = utf8_intern(cps, 8);
		cells[x].fg = COLOUR_RGB(x, x >> 8, 3);
		cells[x].bg = COLOUR_RGB(7, x, x >> 4);
	}
	fill(small, COLS, "before");
	history_push(h, small, COLS, 0);
	history_push(h, cells, n, 1);
	assert_true(history_bytes(h) > (size_t)n * 40);
	fill(small, COLS, "after");
	history_push(h, small, COLS, 0);
	assert_string_equal(hline(h, 0, NULL), "before");
	assert_int_equal(history_get(h, 1, cells2, n, &wrapped), n);
	assert_int_equal(wrapped, 1);
	for (x = 0; x < n; x++)
		assert_true(cell_equal(&cells2[x], &cells[x]));
	assert_string_equal(hline(h, 2, NULL), "after");
	free(cells2);
	free(cells);
	history_free(h);
}

/* The text of line i in test_eviction_blocks. */
static const char *
eviction_line(unsigned int i)
{
	static char	s[COLS + 1];

	snprintf(s, sizeof s, "%u %.*s", i, (int)(i % 70),
	    "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz"
	    "abcdefghijklmnopqrstuvwxyz");
	return (s);
}

static void
test_eviction_blocks(void **state)
{
	struct history	*h = history_create(500);
	struct cell	 cells[COLS];
	char		 s[COLS + 1];
	unsigned int	 i;
	size_t		 full = 0, bytes;

	/* Lines of varying length, so block boundaries fall anywhere. */
	for (i = 0; i < 20000; i++) {
		fill(cells, COLS, eviction_line(i));
		history_push(h, cells, COLS, i % 5 == 0);
		if (i == 999)
			full = history_bytes(h);
	}
	assert_int_equal(history_size(h), 500);
	for (i = 19500; i < 20000; i++) {
		fill(cells, COLS, eviction_line(i));
		assert_line(h, i - 19500, cells, COLS, i % 5 == 0,
		    i % 5 == 0);
	}
	/* Blocks go as their lines do: memory stays within two blocks of
	 * what it was (a limit of 500 makes blocks of 2 KiB). */
	bytes = history_bytes(h);
	print_message("500 lines kept: %zu bytes (%zu at 1000 pushed)\n",
	    bytes, full);
	assert_true(bytes <= full + 2 * 2048);

	/* A smaller limit frees blocks at once: one or two are left. */
	history_set_limit(h, 10);
	assert_int_equal(history_size(h), 10);
	assert_true(history_bytes(h) <= 2 * 2048 + 2048);
	fill(cells, COLS, eviction_line(19991));
	assert_line(h, 1, cells, COLS, 0, 0);

	/* A limit of 1: each line evicts the last, in any block. */
	history_set_limit(h, 1);
	for (i = 0; i < 3000; i++) {
		snprintf(s, sizeof s, "one %u", i);
		fill(cells, COLS, s);
		history_push(h, cells, COLS, 0);
		assert_int_equal(history_size(h), 1);
	}
	assert_string_equal(hline(h, 0, NULL), "one 2999");
	assert_true(history_bytes(h) <= 1024 + 2048);
	history_free(h);
}

static void
test_pop_blocks(void **state)
{
	struct history	*h = history_create(100000);
	struct cell	 cells[COLS], out[COLS];
	char		 s[COLS + 1];
	unsigned int	 i, n;
	size_t		 empty, bytes;
	int		 wrapped;

	/* Warm the scratch so only blocks count below. */
	fill(cells, COLS, "warm");
	history_push(h, cells, COLS, 0);
	history_pop(h, out, COLS, &n, &wrapped);
	empty = history_bytes(h);
	for (i = 0; i < 4000; i++) {
		snprintf(s, sizeof s, "line %u of the history", i);
		fill(cells, COLS, s);
		history_push(h, cells, COLS, i & 1);
	}
	bytes = history_bytes(h);
	/* Pop back across block boundaries, newest first. */
	for (i = 4000; i-- > 2000;) {
		assert_int_equal(history_pop(h, out, COLS, &n, &wrapped), 1);
		snprintf(s, sizeof s, "line %u of the history", i);
		assert_int_equal(wrapped, (int)(i & 1));
		assert_int_equal(n, i & 1 ? COLS : strlen(s));
		assert_string_equal(text(out, strlen(s)), s);
	}
	assert_true(history_bytes(h) < bytes);
	/* Push again where the popped lines were. */
	for (i = 2000; i < 3000; i++) {
		snprintf(s, sizeof s, "again %u", i);
		fill(cells, COLS, s);
		history_push(h, cells, COLS, 0);
	}
	assert_int_equal(history_size(h), 3000);
	assert_string_equal(hline(h, 1998, NULL), "line 1998 of the history");
	assert_string_equal(hline(h, 2000, NULL), "again 2000");
	assert_string_equal(hline(h, 2999, NULL), "again 2999");
	/* Pop everything: no block is left. */
	while (history_pop(h, out, COLS, &n, &wrapped))
		;
	assert_int_equal(history_size(h), 0);
	assert_int_equal(history_bytes(h), empty);
	history_free(h);
}

static void
test_clear(void **state)
{
	struct history	*h = history_create(100000);
	struct cell	 cells[COLS];
	char		 s[COLS + 1];
	unsigned int	 i;
	size_t		 empty;

	fill(cells, COLS, "warm");
	history_push(h, cells, COLS, 0);
	history_clear(h);
	empty = history_bytes(h);
	for (i = 0; i < 5000; i++) {
		snprintf(s, sizeof s, "line %u", i);
		fill(cells, COLS, s);
		history_push(h, cells, COLS, 0);
	}
	history_clear(h);
	assert_int_equal(history_size(h), 0);
	assert_int_equal(history_bytes(h), empty);
	assert_int_equal(history_get(h, 0, cells, COLS, NULL), 0);
	/* And it fills again as new. */
	for (i = 0; i < 3; i++) {
		snprintf(s, sizeof s, "new %u", i);
		fill(cells, COLS, s);
		history_push(h, cells, COLS, 0);
	}
	assert_int_equal(history_size(h), 3);
	assert_string_equal(hline(h, 0, NULL), "new 0");
	assert_string_equal(hline(h, 2, NULL), "new 2");
	history_free(h);
}

/* Split logical line cells[0..n) at cols as the history does (a wide
 * character never straddles the edge) and push the pieces. */
static unsigned int
push_wrapped(struct history *h, const struct cell *cells, unsigned int n,
    unsigned int cols)
{
	unsigned int	k = 0, take, pushed = 0;

	do {
		take = n - k;
		if (take > cols) {
			take = cols;
			if (cols > 1 && cells[k + cols - 1].width == 2)
				take = cols - 1;
		}
		history_push(h, cells + k, take, k + take < n);
		pushed++;
		k += take;
	} while (k < n);
	return (pushed);
}

/* Join the lines of h (none wider than cols) into logical lines and
 * compare them with the n lines of all (each of len[i] cells, stride
 * apart). */
static void
assert_logical(struct history *h, const struct cell *all,
    const unsigned int *len, unsigned int n, unsigned int stride,
    unsigned int cols)
{
	struct cell	 line[1024];
	unsigned int	 i = 0, idx = 0, size = history_size(h), got, x, w;
	int		 wrapped;

	while (idx < size) {
		got = 0;
		do {
			w = history_get(h, idx, line + got, 1024 - got,
			    &wrapped);
			assert_true(w <= cols);
			got += w;
			idx++;
		} while (wrapped && idx < size);
		assert_true(i < n);
		assert_int_equal(got, len[i]);
		for (x = 0; x < got; x++) {
			assert_true(cell_equal(&line[x],
			    &all[(size_t)i * stride + x]));
		}
		i++;
	}
	assert_int_equal(i, n);
}

static void
test_reflow_random(void **state)
{
	/* Not 1: a wide character cannot fit in one column. */
	static const unsigned int widths[] = { 80, 7, 13, 200, 2, 33, 80,
	    120, 3, 79, 400, 80 };
	struct history	*h = history_create(100000);
	struct cell	*all;
	unsigned int	 len[400], i, k, n = 400, stride = 300;
	uint32_t	 seed = 99;
	struct cell	 out[COLS], at80[COLS * 4];
	unsigned int	 lines80, got;
	int		 wrapped;

	all = calloc((size_t)n * stride, sizeof *all);
	lines80 = 0;
	for (i = 0; i < n; i++) {
		len[i] = rnd(&seed) % stride;
		random_line(&seed, all + (size_t)i * stride, len[i], 1);
		lines80 += push_wrapped(h, all + (size_t)i * stride, len[i],
		    80);
	}
	assert_int_equal(history_size(h), lines80);
	/* The first physical lines at 80, to compare after the round. */
	for (k = 0; k < 4; k++)
		history_get(h, k, at80 + k * COLS, COLS, NULL);

	for (k = 0; k < sizeof widths / sizeof widths[0]; k++) {
		history_reflow(h, widths[k]);
		assert_logical(h, all, len, n, stride, widths[k]);
	}
	/* Back at 80: the same physical lines as at first. */
	assert_int_equal(history_size(h), lines80);
	for (k = 0; k < 4; k++) {
		got = history_get(h, k, out, COLS, &wrapped);
		for (i = 0; i < got; i++)
			assert_true(cell_equal(&out[i], &at80[k * COLS + i]));
	}
	free(all);
	history_free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text_round_trip),
		cmocka_unit_test(test_styles),
		cmocka_unit_test(test_one_style),
		cmocka_unit_test(test_push_plain),
		cmocka_unit_test(test_wide_combining),
		cmocka_unit_test(test_wrapped_flags),
		cmocka_unit_test(test_eviction),
		cmocka_unit_test(test_pop),
		cmocka_unit_test(test_truncated_get),
		cmocka_unit_test(test_reflow),
		cmocka_unit_test(test_reflow_wide),
		cmocka_unit_test(test_random_round_trip),
		cmocka_unit_test(test_random_one_style_round_trip),
		cmocka_unit_test(test_one_style_late),
		cmocka_unit_test(test_long_line),
		cmocka_unit_test(test_eviction_blocks),
		cmocka_unit_test(test_pop_blocks),
		cmocka_unit_test(test_clear),
		cmocka_unit_test(test_reflow_random),
		cmocka_unit_test(test_memory_ascii),
		cmocka_unit_test(test_memory_half),
		cmocka_unit_test(test_memory_truecolor),
		cmocka_unit_test(test_memory_slack),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
