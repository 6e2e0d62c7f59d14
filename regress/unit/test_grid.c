/*
 * Unit tests for grid/grid.c: cells, wide characters, scrolling with and
 * without margins, clearing, moving, resizing and dirty flags.
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

/* A cell holding ch with width w and foreground fg. */
static struct cell
mkcell(uint32_t ch, int w, uint32_t fg)
{
	struct cell	c = CELL_BLANK;

	c.ch = ch;
	c.width = w;
	c.fg = fg;
	return (c);
}

/* Write an ASCII string at (x, y). */
static void
put(struct grid *g, unsigned int x, unsigned int y, const char *s)
{
	struct cell	c;

	for (; *s != '\0'; s++, x++) {
		c = mkcell((unsigned char)*s, 1, COLOUR_DEFAULT);
		grid_set_cell(g, x, y, &c);
	}
}

/* Line y as ASCII ('.' for a right half, '?' for others). */
static const char *
text(struct grid *g, unsigned int y)
{
	static char		 buf[512];
	const struct cell	*c;
	unsigned int		 x;

	for (x = 0; x < g->cols && x < sizeof buf - 1; x++) {
		c = grid_get_cell(g, x, y);
		if (c->width == 0)
			buf[x] = '.';
		else if (c->ch < 0x80)
			buf[x] = c->ch;
		else
			buf[x] = '?';
	}
	buf[x] = '\0';
	return (buf);
}

static void
test_create_blank(void **state)
{
	struct grid		*g = grid_create(7, 3);
	const struct cell	*c;
	struct cell		 blank = CELL_BLANK;
	unsigned int		 x, y;

	assert_int_equal(g->cols, 7);
	assert_int_equal(g->rows, 3);
	for (y = 0; y < 3; y++) {
		for (x = 0; x < 7; x++) {
			c = grid_get_cell(g, x, y);
			assert_non_null(c);
			assert_true(cell_equal(c, &blank));
		}
	}
	assert_null(grid_get_cell(g, 7, 0));
	assert_null(grid_get_cell(g, 0, 3));
	grid_free(g);
}

static void
test_set_get(void **state)
{
	struct grid	*g = grid_create(5, 2);
	struct cell	 c = mkcell('x', 1, COLOUR_RGB(1, 2, 3));

	c.attr = ATTR_BOLD;
	grid_clean(g);
	grid_set_cell(g, 2, 1, &c);
	assert_true(cell_equal(grid_get_cell(g, 2, 1), &c));
	assert_true(g->lines[1]->flags & GRID_LINE_DIRTY);
	assert_false(g->lines[0]->flags & GRID_LINE_DIRTY);
	/* Out of range is ignored. */
	grid_set_cell(g, 5, 0, &c);
	grid_set_cell(g, 0, 2, &c);
	assert_string_equal(text(g, 0), "     ");
	grid_free(g);
}

static void
test_wide(void **state)
{
	struct grid		*g = grid_create(6, 1);
	struct cell		 w = mkcell(0x4e2d, 2, COLOUR_INDEX(3));
	struct cell		 a = mkcell('a', 1, COLOUR_DEFAULT);
	const struct cell	*c;

	grid_set_cell(g, 1, 0, &w);
	assert_string_equal(text(g, 0), " ?.   ");
	c = grid_get_cell(g, 2, 0);
	assert_int_equal(c->width, CELL_WIDE_RIGHT);
	assert_int_equal(c->fg, COLOUR_INDEX(3));

	/* Overwriting the right half breaks the left half. */
	grid_set_cell(g, 2, 0, &a);
	assert_string_equal(text(g, 0), "  a   ");
	assert_int_equal(grid_get_cell(g, 1, 0)->width, 1);

	/* Overwriting the left half blanks the right half. */
	grid_set_cell(g, 3, 0, &w);
	assert_string_equal(text(g, 0), "  a?. ");
	grid_set_cell(g, 3, 0, &a);
	assert_string_equal(text(g, 0), "  aa  ");

	/* A wide character over the left half of another. */
	grid_set_cell(g, 3, 0, &w);
	grid_set_cell(g, 2, 0, &w);
	assert_string_equal(text(g, 0), "  ?.  ");

	/* No room at the last column: a blank. */
	grid_set_cell(g, 5, 0, &w);
	c = grid_get_cell(g, 5, 0);
	assert_int_equal(c->width, 1);
	assert_int_equal(c->ch, ' ');
	grid_free(g);
}

static void
test_clear_range(void **state)
{
	struct grid	*g = grid_create(8, 2);
	struct cell	 w = mkcell(0x4e2d, 2, COLOUR_DEFAULT);

	put(g, 0, 0, "abcdefgh");
	grid_clear_range(g, 0, 2, 5, COLOUR_INDEX(4));
	assert_string_equal(text(g, 0), "ab   fgh");
	assert_int_equal(grid_get_cell(g, 3, 0)->bg, COLOUR_INDEX(4));
	assert_int_equal(grid_get_cell(g, 5, 0)->bg, COLOUR_DEFAULT);

	/* Clearing half of a wide character clears the other half too. */
	grid_set_cell(g, 2, 1, &w);
	grid_set_cell(g, 5, 1, &w);
	grid_clear_range(g, 1, 3, 6, COLOUR_DEFAULT);
	assert_string_equal(text(g, 1), "        ");
	assert_int_equal(grid_get_cell(g, 2, 1)->width, 1);
	assert_int_equal(grid_get_cell(g, 6, 1)->width, 1);

	/* Ranges are clipped. */
	put(g, 0, 1, "12345678");
	grid_clear_range(g, 1, 6, 100, COLOUR_DEFAULT);
	assert_string_equal(text(g, 1), "123456  ");
	grid_clear_range(g, 5, 0, 3, COLOUR_DEFAULT);
	grid_free(g);
}

static void
test_scroll_full(void **state)
{
	struct grid		*g = grid_create(4, 4);
	struct grid_line	*l1, *l0;

	put(g, 0, 0, "aaaa");
	put(g, 0, 1, "bbbb");
	put(g, 0, 2, "cccc");
	put(g, 0, 3, "dddd");
	g->lines[1]->flags |= GRID_LINE_WRAPPED;
	l0 = g->lines[0];
	l1 = g->lines[1];
	grid_clean(g);

	/* Up by one: pointers rotate, the old top line is reused. */
	grid_scroll(g, 0, 4, 0, 4, 1, COLOUR_INDEX(2));
	assert_ptr_equal(g->lines[0], l1);
	assert_ptr_equal(g->lines[3], l0);
	assert_string_equal(text(g, 0), "bbbb");
	assert_true(g->lines[0]->flags & GRID_LINE_WRAPPED);
	assert_string_equal(text(g, 2), "dddd");
	assert_string_equal(text(g, 3), "    ");
	assert_int_equal(grid_get_cell(g, 0, 3)->bg, COLOUR_INDEX(2));
	assert_false(g->lines[3]->flags & GRID_LINE_WRAPPED);
	assert_true(g->lines[0]->flags & GRID_LINE_DIRTY);
	assert_true(g->lines[3]->flags & GRID_LINE_DIRTY);

	/* Down by two. */
	grid_scroll(g, 0, 4, 0, 4, -2, COLOUR_DEFAULT);
	assert_string_equal(text(g, 0), "    ");
	assert_string_equal(text(g, 1), "    ");
	assert_string_equal(text(g, 2), "bbbb");
	assert_string_equal(text(g, 3), "cccc");

	/* More than the height clears the region. */
	grid_scroll(g, 0, 4, 0, 4, 9, COLOUR_DEFAULT);
	assert_string_equal(text(g, 2), "    ");
	assert_string_equal(text(g, 3), "    ");
	grid_free(g);
}

static void
test_scroll_region(void **state)
{
	struct grid	*g = grid_create(4, 5);
	unsigned int	 y;

	for (y = 0; y < 5; y++) {
		char	s[5];

		memset(s, '0' + y, 4);
		s[4] = '\0';
		put(g, 0, y, s);
	}
	/* Lines 1-3 up by one; 0 and 4 stay. */
	grid_scroll(g, 1, 4, 0, 4, 1, COLOUR_DEFAULT);
	assert_string_equal(text(g, 0), "0000");
	assert_string_equal(text(g, 1), "2222");
	assert_string_equal(text(g, 2), "3333");
	assert_string_equal(text(g, 3), "    ");
	assert_string_equal(text(g, 4), "4444");

	/* Columns 1-2 only, down by one. */
	grid_scroll(g, 0, 3, 1, 3, -1, COLOUR_DEFAULT);
	assert_string_equal(text(g, 0), "0  0");
	assert_string_equal(text(g, 1), "2002");
	assert_string_equal(text(g, 2), "3223");
	assert_string_equal(text(g, 3), "    ");

	/* Columns 0-1 up by one. */
	grid_scroll(g, 0, 3, 0, 2, 1, COLOUR_DEFAULT);
	assert_string_equal(text(g, 0), "20 0");
	assert_string_equal(text(g, 1), "3202");
	assert_string_equal(text(g, 2), "  23");
	grid_free(g);
}

static void
test_scroll_margin_wide(void **state)
{
	struct grid	*g = grid_create(6, 2);
	struct cell	 w = mkcell(0x4e2d, 2, COLOUR_DEFAULT);

	/* A wide character straddling the margin is broken up. */
	grid_set_cell(g, 1, 1, &w);
	grid_scroll(g, 0, 2, 2, 6, 1, COLOUR_DEFAULT);
	assert_int_equal(grid_get_cell(g, 1, 1)->width, 1);
	assert_int_equal(grid_get_cell(g, 2, 1)->width, 1);
	grid_free(g);
}

static void
test_move_rect(void **state)
{
	struct grid	*g = grid_create(6, 3);

	put(g, 0, 0, "abcdef");
	put(g, 0, 1, "ghijkl");
	/* Insert-characters style: shift right by two within line 0. */
	grid_move_rect(g, 2, 0, 0, 0, 4, 1);
	assert_string_equal(text(g, 0), "ababcd");
	/* Overlapping move down. */
	grid_move_rect(g, 0, 1, 0, 0, 6, 2);
	assert_string_equal(text(g, 1), "ababcd");
	assert_string_equal(text(g, 2), "ghijkl");
	/* Clipped. */
	grid_move_rect(g, 4, 0, 0, 2, 10, 10);
	assert_string_equal(text(g, 0), "ababgh");

	/* A wide character moved to the last column loses its half. */
	{
		struct cell	w = mkcell(0x4e2d, 2, COLOUR_DEFAULT);

		grid_set_cell(g, 3, 2, &w);
		grid_move_rect(g, 5, 2, 3, 2, 1, 1);
		assert_int_equal(grid_get_cell(g, 5, 2)->width, 1);
		assert_int_equal(grid_get_cell(g, 5, 2)->ch, ' ');
	}
	grid_free(g);
}

static void
test_take_top(void **state)
{
	struct grid		*g = grid_create(3, 2);
	struct grid_line	*gl;

	put(g, 0, 0, "top");
	put(g, 0, 1, "bot");
	gl = grid_take_top(g, COLOUR_INDEX(1));
	assert_non_null(gl);
	assert_int_equal(gl->cells[0].ch, 't');
	assert_string_equal(text(g, 0), "bot");
	assert_string_equal(text(g, 1), "   ");
	assert_int_equal(grid_get_cell(g, 0, 1)->bg, COLOUR_INDEX(1));
	grid_line_free(gl);
	grid_free(g);
}

static void
test_resize(void **state)
{
	struct grid	*g = grid_create(5, 3);
	struct cell	 w = mkcell(0x4e2d, 2, COLOUR_DEFAULT);

	put(g, 0, 0, "hello");
	put(g, 0, 2, "world");
	grid_resize(g, 8, 4);
	assert_int_equal(g->cols, 8);
	assert_int_equal(g->rows, 4);
	assert_string_equal(text(g, 0), "hello   ");
	assert_string_equal(text(g, 2), "world   ");
	assert_string_equal(text(g, 3), "        ");

	grid_resize(g, 3, 1);
	assert_string_equal(text(g, 0), "hel");
	assert_null(grid_get_cell(g, 0, 1));

	/* A wide character cut by the new edge becomes a blank. */
	grid_resize(g, 4, 1);
	grid_set_cell(g, 2, 0, &w);
	grid_resize(g, 3, 1);
	assert_int_equal(grid_get_cell(g, 2, 0)->width, 1);
	assert_int_equal(grid_get_cell(g, 2, 0)->ch, ' ');
	grid_free(g);
}

static void
test_dirty(void **state)
{
	struct grid	*g = grid_create(3, 3);
	unsigned int	 y;

	for (y = 0; y < 3; y++)
		assert_true(g->lines[y]->flags & GRID_LINE_DIRTY);
	grid_clean(g);
	for (y = 0; y < 3; y++)
		assert_false(g->lines[y]->flags & GRID_LINE_DIRTY);
	grid_clear_range(g, 1, 0, 1, COLOUR_DEFAULT);
	assert_true(g->lines[1]->flags & GRID_LINE_DIRTY);
	assert_false(g->lines[2]->flags & GRID_LINE_DIRTY);
	grid_dirty_all(g);
	for (y = 0; y < 3; y++)
		assert_true(g->lines[y]->flags & GRID_LINE_DIRTY);
	grid_free(g);
}

/* grid_commit stamps the lines that changed, content or place, and only
 * those; a reader that saw generation 1 finds exactly them newer. */
static void
test_commit(void **state)
{
	struct grid	*g = grid_create(4, 4);
	struct cell	 c = CELL_BLANK;
	unsigned int	 y;

	grid_commit(g, 1);
	for (y = 0; y < 4; y++) {
		assert_int_equal(g->lines[y]->gen, 1);
		assert_false(g->lines[y]->flags & GRID_LINE_DIRTY);
	}
	c.ch = 'x';
	grid_set_cell(g, 0, 2, &c);
	grid_commit(g, 2);
	for (y = 0; y < 4; y++)
		assert_int_equal(g->lines[y]->gen, y == 2 ? 2 : 1);
	/* A scroll of rows 1-2 moves the x up: both rows are newer. */
	grid_scroll(g, 1, 3, 0, 4, 1, COLOUR_DEFAULT);
	grid_commit(g, 3);
	assert_int_equal(grid_get_cell(g, 0, 1)->ch, 'x');
	assert_int_equal(g->lines[0]->gen, 1);
	assert_int_equal(g->lines[1]->gen, 3);
	assert_int_equal(g->lines[2]->gen, 3);
	assert_int_equal(g->lines[3]->gen, 1);
	grid_free(g);
}

/* Line y as text() gives it, trailing blanks trimmed. */
static const char *
trimmed(struct grid *g, unsigned int y)
{
	static char	buf[512];
	size_t		n;

	snprintf(buf, sizeof buf, "%s", text(g, y));
	n = strlen(buf);
	while (n > 0 && buf[n - 1] == ' ')
		buf[--n] = '\0';
	return (buf);
}

/* How many lines have cells of their own. */
static unsigned int
owned(const struct grid *g)
{
	unsigned int	y, n = 0;

	for (y = 0; y < g->rows; y++)
		n += g->lines[y]->cells != g->blank;
	return (n);
}

/*
 * Cells cost memory only where they are in use: blank lines share one
 * blank line, the first write gives a line cells, a whole-line clear to
 * the default background gives them back, and every operation reads and
 * writes the same as when every line had its own.
 */
static void
test_lazy_lines(void **state)
{
	struct grid	*g = grid_create(80, 24), *big;
	struct cell	 c = mkcell('x', 1, COLOUR_INDEX(3));
	size_t		 empty;

	/* A new 80x24 grid: far less than its 30 KiB of cells. */
	empty = grid_memory(g);
	assert_true(empty < 3 * 1024);
	assert_int_equal(owned(g), 0);
	assert_string_equal(trimmed(g, 5), "");

	put(g, 0, 0, "$ ls");
	assert_int_equal(owned(g), 1);
	assert_true(grid_memory(g) >= empty + 80 * sizeof(struct cell));
	assert_true(grid_memory(g) < empty + 81 * sizeof(struct cell) + 64);

	/* Clearing part of a blank line allocates nothing; a coloured
	 * clear does (the cells are no longer default blanks). */
	grid_clear_range(g, 3, 0, 40, COLOUR_DEFAULT);
	assert_int_equal(owned(g), 1);
	grid_clear_range(g, 4, 10, 20, COLOUR_INDEX(4));
	assert_int_equal(owned(g), 2);
	assert_int_equal(grid_get_cell(g, 10, 4)->bg, COLOUR_INDEX(4));
	assert_int_equal(grid_get_cell(g, 9, 4)->bg, COLOUR_DEFAULT);
	/* A whole-line clear to the default gives the cells back. */
	grid_clear_range(g, 4, 0, 80, COLOUR_DEFAULT);
	assert_int_equal(owned(g), 1);
	assert_int_equal(grid_get_cell(g, 10, 4)->bg, COLOUR_DEFAULT);
	assert_true(g->lines[4]->flags & GRID_LINE_DIRTY);

	/* Scrolls rotate pointers: no line gains cells by moving. */
	grid_scroll(g, 0, 24, 0, 80, -7, COLOUR_DEFAULT);
	assert_int_equal(owned(g), 1);
	grid_scroll(g, 0, 24, 0, 80, 5, COLOUR_DEFAULT);
	assert_string_equal(trimmed(g, 2), "$ ls");
	assert_int_equal(owned(g), 1);
	/* Inside margins: only lines with something to copy get cells. */
	grid_scroll(g, 0, 24, 1, 40, 1, COLOUR_DEFAULT);
	assert_string_equal(trimmed(g, 1), "  ls");
	assert_string_equal(trimmed(g, 2), "$");
	assert_int_equal(owned(g), 2);
	grid_move_rect(g, 0, 10, 0, 12, 80, 2);
	assert_int_equal(owned(g), 2);
	grid_move_rect(g, 5, 1, 1, 1, 10, 1);
	assert_string_equal(trimmed(g, 1), "  ls  ls");

	/* Resizing keeps blank lines blank and written ones written. */
	grid_resize(g, 120, 30);
	assert_int_equal(owned(g), 2);
	assert_string_equal(trimmed(g, 1), "  ls  ls");
	grid_set_cell(g, 119, 29, &c);
	assert_int_equal(grid_get_cell(g, 119, 29)->fg, COLOUR_INDEX(3));
	assert_int_equal(grid_get_cell(g, 118, 29)->fg, COLOUR_DEFAULT);
	grid_resize(g, 10, 5);
	assert_string_equal(trimmed(g, 1), "  ls  ls");
	assert_int_equal(grid_get_cell(g, 9, 4)->ch, ' ');
	grid_free(g);

	/* A 10000x10000 grid (1.5 GB of cells) costs its lines only. */
	big = grid_create(10000, 10000);
	assert_true(grid_memory(big) < 600 * 1024);
	grid_set_cell(big, 9999, 9999, &c);
	grid_scroll(big, 0, 10000, 0, 10000, 1, COLOUR_DEFAULT);
	assert_int_equal(grid_get_cell(big, 9999, 9998)->ch, 'x');
	assert_int_equal(owned(big), 1);
	assert_true(grid_memory(big) < 800 * 1024);
	grid_free(big);
}

/* A line's written columns, as tmux's cellused: a cell written extends
 * them, a clear to the end with the default background takes them back,
 * one with a colour writes, and a scroll's new line starts at none. */
static void
test_used(void **state)
{
	struct grid	*g = grid_create(10, 2);
	struct cell	 c = CELL_BLANK;

	(void)state;
	assert_int_equal(g->lines[0]->used, 0);
	c.ch = 'x';
	grid_set_cell(g, 3, 0, &c);
	assert_int_equal(g->lines[0]->used, 4);
	grid_clear_range(g, 0, 2, 5, COLOUR_DEFAULT);
	assert_int_equal(g->lines[0]->used, 4);	/* not to the end */
	grid_clear_range(g, 0, 2, 10, COLOUR_DEFAULT);
	assert_int_equal(g->lines[0]->used, 2);
	grid_clear_range(g, 0, 5, 10, COLOUR_INDEX(4));
	assert_int_equal(g->lines[0]->used, 10);
	grid_resize(g, 6, 2);
	assert_int_equal(g->lines[0]->used, 6);
	grid_scroll(g, 0, 2, 0, 6, 1, COLOUR_DEFAULT);
	assert_int_equal(g->lines[1]->used, 0);
	grid_free(g);
}

/*
 * A line's plain (grid.h): blank lines are plain, a write through the
 * grid forgets it, a clear to the default background and a reset keep
 * what stays true, grid_plain_put extends it.
 */
static void
test_plain(void **state)
{
	struct grid		*g = grid_create(10, 3);
	struct grid_line	*gl;
	const struct cell	 blank = CELL_BLANK;
	struct cell		 c = CELL_BLANK;
	unsigned int		 p, x;

	for (x = 0; x < 3; x++)
		assert_int_equal(g->lines[x]->plain, 0);
	/* Text written as the fast path writes it. */
	p = g->lines[0]->plain;
	gl = grid_line_write(g, 0);
	assert_int_equal(gl->plain, GRID_PLAIN_NONE);
	for (x = 0; x < 4; x++)
		gl->cells[x].ch = 'a' + x;
	grid_plain_put(gl, p, 4);
	assert_int_equal(gl->plain, 4);
	/* Cleared to the default background: still plain. */
	grid_clear_range(g, 0, 2, 10, COLOUR_DEFAULT);
	assert_int_equal(gl->plain, 4);
	grid_clear_range(g, 0, 1, 2, COLOUR_DEFAULT);
	assert_int_equal(gl->plain, 4);
	/* Another background, or a cell set: not. */
	grid_clear_range(g, 0, 5, 6, COLOUR_INDEX(1));
	assert_int_equal(gl->plain, GRID_PLAIN_NONE);
	p = g->lines[1]->plain;
	c.ch = 'x';
	grid_set_cell(g, 3, 1, &c);
	assert_int_equal(g->lines[1]->plain, GRID_PLAIN_NONE);
	grid_plain_put(g->lines[1], GRID_PLAIN_NONE, 5);
	assert_int_equal(g->lines[1]->plain, GRID_PLAIN_NONE);
	/* A line scrolled in is blank: plain again. */
	grid_scroll(g, 0, 3, 0, 10, 1, COLOUR_DEFAULT);
	assert_int_equal(g->lines[2]->plain, 0);
	for (x = 0; x < 10; x++)
		assert_true(cell_equal(&g->lines[2]->cells[x], &blank));
	grid_scroll(g, 0, 3, 0, 10, 1, COLOUR_INDEX(2));
	assert_int_equal(g->lines[2]->plain, GRID_PLAIN_NONE);
	/* Cleared whole: plain; narrower: no further than the width. */
	grid_clear_range(g, 2, 0, 10, COLOUR_DEFAULT);
	assert_int_equal(g->lines[2]->plain, 0);
	gl = grid_line_write(g, 2);
	grid_plain_put(gl, 0, 9);
	grid_resize(g, 6, 3);
	assert_int_equal(g->lines[2]->plain, 6);
	grid_free(g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_create_blank),
		cmocka_unit_test(test_plain),
		cmocka_unit_test(test_set_get),
		cmocka_unit_test(test_wide),
		cmocka_unit_test(test_clear_range),
		cmocka_unit_test(test_scroll_full),
		cmocka_unit_test(test_scroll_region),
		cmocka_unit_test(test_scroll_margin_wide),
		cmocka_unit_test(test_move_rect),
		cmocka_unit_test(test_take_top),
		cmocka_unit_test(test_resize),
		cmocka_unit_test(test_dirty),
		cmocka_unit_test(test_commit),
		cmocka_unit_test(test_lazy_lines),
		cmocka_unit_test(test_used),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
