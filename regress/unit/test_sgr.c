/*
 * Unit tests for grid/sgr.c: the sequence for each attribute and kind of
 * colour, only what changed when nothing goes away, a reset otherwise; and
 * every sequence read back by the pane terminal (vt) gives the same style.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grid/sgr.h"
#include "grid/vt.h"

/* A blank cell with the given style. */
static struct cell
style(uint32_t fg, uint32_t bg, uint16_t attr)
{
	struct cell	c = CELL_BLANK;

	c.fg = fg;
	c.bg = bg;
	c.attr = attr;
	return (c);
}

/* sgr_change as a string. */
static const char *
change(struct cell from, struct cell to)
{
	static char	buf[SGR_MAX + 1];
	size_t		n;

	n = sgr_change(buf, &from, &to);
	assert_true(n < SGR_MAX);
	buf[n] = '\0';
	return (buf);
}

static void
test_attributes(void **state)
{
	const struct cell	d = CELL_BLANK;

	(void)state;
	assert_string_equal(change(d, d), "");
	assert_string_equal(change(d, style(0, 0, ATTR_BOLD)), "\033[1m");
	assert_string_equal(change(d, style(0, 0, ATTR_DIM)), "\033[2m");
	assert_string_equal(change(d, style(0, 0, ATTR_ITALIC)), "\033[3m");
	assert_string_equal(change(d, style(0, 0, ATTR_UNDERLINE)), "\033[4m");
	assert_string_equal(change(d, style(0, 0, ATTR_UNDERLINE2)),
	    "\033[4:2m");
	assert_string_equal(change(d, style(0, 0, ATTR_UNDERCURL)),
	    "\033[4:3m");
	assert_string_equal(change(d, style(0, 0, ATTR_BLINK)), "\033[5m");
	assert_string_equal(change(d, style(0, 0, ATTR_REVERSE)), "\033[7m");
	assert_string_equal(change(d, style(0, 0, ATTR_INVISIBLE)),
	    "\033[8m");
	assert_string_equal(change(d, style(0, 0, ATTR_STRIKE)), "\033[9m");
	assert_string_equal(change(d, style(0, 0, ATTR_OVERLINE)),
	    "\033[53m");
	assert_string_equal(change(d, style(0, 0, ATTR_BOLD|ATTR_ITALIC|
	    ATTR_STRIKE)), "\033[1;3;9m");
}

static void
test_colours(void **state)
{
	const struct cell	d = CELL_BLANK;

	(void)state;
	assert_string_equal(change(d, style(COLOUR_INDEX(1), 0, 0)),
	    "\033[31m");
	assert_string_equal(change(d, style(COLOUR_INDEX(9), 0, 0)),
	    "\033[91m");
	assert_string_equal(change(d, style(COLOUR_INDEX(123), 0, 0)),
	    "\033[38;5;123m");
	assert_string_equal(change(d, style(COLOUR_RGB(1, 22, 255), 0, 0)),
	    "\033[38;2;1;22;255m");
	assert_string_equal(change(d, style(0, COLOUR_INDEX(2), 0)),
	    "\033[42m");
	assert_string_equal(change(d, style(0, COLOUR_INDEX(10), 0)),
	    "\033[102m");
	assert_string_equal(change(d, style(0, COLOUR_INDEX(200), 0)),
	    "\033[48;5;200m");
	assert_string_equal(change(d, style(0, COLOUR_RGB(10, 20, 30), 0)),
	    "\033[48;2;10;20;30m");
	assert_string_equal(change(d, style(COLOUR_INDEX(0), COLOUR_INDEX(7),
	    ATTR_BOLD)), "\033[1;30;47m");
}

static void
test_changes(void **state)
{
	struct cell	a = style(COLOUR_INDEX(1), COLOUR_INDEX(4), ATTR_BOLD);

	(void)state;
	/* Only what changed when nothing goes away. */
	assert_string_equal(change(a, style(COLOUR_INDEX(1), COLOUR_INDEX(4),
	    ATTR_BOLD|ATTR_ITALIC)), "\033[3m");
	assert_string_equal(change(a, style(COLOUR_INDEX(2), COLOUR_INDEX(4),
	    ATTR_BOLD)), "\033[32m");
	assert_string_equal(change(a, style(0, COLOUR_INDEX(4), ATTR_BOLD)),
	    "\033[39m");
	assert_string_equal(change(a, style(COLOUR_INDEX(1), 0, ATTR_BOLD)),
	    "\033[49m");
	/* An attribute going away: reset, then the whole style. */
	assert_string_equal(change(a, style(COLOUR_INDEX(1), COLOUR_INDEX(4),
	    0)), "\033[0;31;44m");
	assert_string_equal(change(style(0, 0, ATTR_UNDERLINE),
	    style(0, 0, ATTR_UNDERCURL)), "\033[0;4:3m");
	/* The default style is a plain reset. */
	assert_string_equal(change(a, CELL_BLANK), "\033[0m");
	/* The character does not matter. */
	a.ch = 'x';
	assert_string_equal(change(a, style(COLOUR_INDEX(1), COLOUR_INDEX(4),
	    ATTR_BOLD)), "");
}

/* Each sequence, written to a terminal after the style it changes from,
 * gives a character exactly the style it changes to. */
static void
test_vt_reads_back(void **state)
{
	static const struct vt_callbacks	cb = { 0 };
	const uint32_t	colours[] = { COLOUR_DEFAULT, COLOUR_INDEX(3),
		COLOUR_INDEX(12), COLOUR_INDEX(99), COLOUR_INDEX(255),
		COLOUR_RGB(0, 0, 0), COLOUR_RGB(255, 128, 7) };
	const uint16_t	attrs[] = { 0, ATTR_BOLD, ATTR_DIM, ATTR_ITALIC,
		ATTR_UNDERLINE, ATTR_UNDERLINE2, ATTR_UNDERCURL, ATTR_BLINK,
		ATTR_REVERSE, ATTR_INVISIBLE, ATTR_STRIKE, ATTR_OVERLINE,
		ATTR_BOLD|ATTR_DIM|ATTR_ITALIC|ATTR_UNDERCURL|ATTR_BLINK|
		ATTR_REVERSE|ATTR_INVISIBLE|ATTR_STRIKE|ATTR_OVERLINE };
	const size_t	nc = sizeof colours / sizeof colours[0];
	const size_t	na = sizeof attrs / sizeof attrs[0];
	struct vt	*vt;
	struct cell	 from, to;
	const struct cell *got;
	char		 buf[2 * SGR_MAX + 16];
	size_t		 i, j, n;

	(void)state;
	vt = vt_create(4, 2, 0, &cb, NULL);
	for (i = 0; i < nc * nc * na; i++) {
		j = (i * 7919 + 13) % (nc * nc * na);
		from = style(colours[j % nc], colours[(j / nc) % nc],
		    attrs[(j / nc / nc) % na]);
		to = style(colours[i % nc], colours[(i / nc) % nc],
		    attrs[(i / nc / nc) % na]);

		memcpy(buf, "\033[0m", 4);
		n = 4 + sgr_change(buf + 4, &(struct cell)CELL_BLANK, &from);
		buf[n++] = 'a';
		n += sgr_change(buf + n, &from, &to);
		memcpy(buf + n, "b\r", 2);
		vt_write(vt, buf, n + 2);

		got = &vt_line(vt, 0)->cells[0];
		if (!cell_same_style(got, &from)) {
			fail_msg("to %08x %08x %04x: got %08x %08x %04x",
			    from.fg, from.bg, from.attr, got->fg, got->bg,
			    got->attr);
		}
		got = &vt_line(vt, 0)->cells[1];
		if (!cell_same_style(got, &to)) {
			fail_msg("from %08x %08x %04x to %08x %08x %04x: "
			    "got %08x %08x %04x", from.fg, from.bg, from.attr,
			    to.fg, to.bg, to.attr, got->fg, got->bg,
			    got->attr);
		}
	}
	vt_free(vt);
}

/* Underline colours (SGR 58): written as tmux 3.3a's capture-pane -e
 * writes them, 58;5;n and 58;2;r;g;b; one going away resets; and each
 * sequence read back by the pane terminal gives the same cell. */
static void
test_underline_colour(void **state)
{
	static const struct vt_callbacks	cb = { 0 };
	const uint32_t	uls[] = { COLOUR_DEFAULT, COLOUR_INDEX(1),
		COLOUR_INDEX(200), COLOUR_RGB(1, 2, 3), COLOUR_RGB(255, 0, 9) };
	const size_t	nu = sizeof uls / sizeof uls[0];
	struct cell	 d = CELL_BLANK, a, b;
	struct vt	*vt;
	const struct cell *got;
	char		 buf[2 * SGR_MAX + 16];
	size_t		 i, j, n;

	(void)state;
	a = style(0, 0, ATTR_UNDERLINE);
	a.flags = cell_ul_intern(COLOUR_RGB(1, 2, 3));
	assert_int_equal(cell_ul_colour(a.flags), COLOUR_RGB(1, 2, 3));
	assert_int_equal(cell_ul_intern(COLOUR_RGB(1, 2, 3)), a.flags);
	assert_int_equal(cell_ul_intern(COLOUR_DEFAULT), 0);
	assert_string_equal(change(d, a), "\033[4;58;2;1;2;3m");
	b = a;
	b.flags = cell_ul_intern(COLOUR_INDEX(100));
	assert_string_equal(change(a, b), "\033[58;5;100m");
	b.flags = 0;
	assert_string_equal(change(a, b), "\033[0;4m");
	assert_false(cell_same_style(&a, &b));

	vt = vt_create(4, 2, 0, &cb, NULL);
	for (i = 0; i < nu; i++) {
		for (j = 0; j < nu; j++) {
			a = style(COLOUR_INDEX(2), 0, ATTR_UNDERCURL);
			a.flags = cell_ul_intern(uls[i]);
			b = a;
			b.flags = cell_ul_intern(uls[j]);
			memcpy(buf, "\033[0m", 4);
			n = 4 + sgr_change(buf + 4, &d, &a);
			buf[n++] = 'a';
			n += sgr_change(buf + n, &a, &b);
			memcpy(buf + n, "b\r", 2);
			vt_write(vt, buf, n + 2);
			got = &vt_line(vt, 0)->cells[0];
			assert_true(cell_same_style(got, &a));
			got = &vt_line(vt, 0)->cells[1];
			assert_true(cell_same_style(got, &b));
		}
	}
	vt_free(vt);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_attributes),
		cmocka_unit_test(test_colours),
		cmocka_unit_test(test_changes),
		cmocka_unit_test(test_vt_reads_back),
		cmocka_unit_test(test_underline_colour),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
