/*
 * Unit tests for grid/history.c: round trips of text, styles, wide and
 * combining characters and wrap flags; the ring's eviction; reflow; and the
 * memory a line costs.
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
	struct history	*h = history_create(1000);
	struct cell	 cells[COLS];
	char		 s[COLS + 1];
	unsigned int	 i, x;
	size_t		 per;

	for (i = 0; i < 1000; i++) {
		for (x = 0; x < 78; x++)
			s[x] = 'A' + (i + x) % 26;
		s[78] = '\0';
		fill(cells, COLS, s);
		history_push(h, cells, COLS, 0);
	}
	per = history_bytes(h) / 1000;
	print_message("ASCII line: %zu bytes\n", per);
	assert_true(per <= 112);
	assert_true(per >= 78);
	assert_string_equal(hline(h, 999, NULL), s);
	history_free(h);
}

static void
test_memory_truecolor(void **state)
{
	struct history	*h = history_create(1000);
	struct cell	 cells[COLS], out[COLS];
	char		 s[COLS + 1];
	unsigned int	 i, x;
	size_t		 per;

	for (i = 0; i < 1000; i++) {
		for (x = 0; x < 78; x++)
			s[x] = 'a' + (i + x) % 26;
		s[78] = '\0';
		fill(cells, COLS, s);
		for (x = 0; x < 78; x++)
			cells[x].fg = COLOUR_RGB(x * 3, i % 256, 255 - x);
		history_push(h, cells, COLS, 0);
	}
	per = history_bytes(h) / 1000;
	print_message("24-bit line: %zu bytes\n", per);
	assert_true(per <= 500);
	assert_int_equal(history_get(h, 999, out, COLS, NULL), 78);
	for (x = 0; x < 78; x++)
		assert_true(cell_equal(&out[x], &cells[x]));
	history_free(h);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text_round_trip),
		cmocka_unit_test(test_styles),
		cmocka_unit_test(test_wide_combining),
		cmocka_unit_test(test_wrapped_flags),
		cmocka_unit_test(test_eviction),
		cmocka_unit_test(test_pop),
		cmocka_unit_test(test_truncated_get),
		cmocka_unit_test(test_reflow),
		cmocka_unit_test(test_reflow_wide),
		cmocka_unit_test(test_memory_ascii),
		cmocka_unit_test(test_memory_truecolor),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
