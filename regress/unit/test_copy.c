/*
 * Copy mode: the search matcher on its own (text, case, regular
 * expressions, first and last match, line starts), then the engine on a
 * real vt: the snapshot, the view drawn with the position indicator, the
 * selection and search matches in tmux 3.3a's default styles (mode-style
 * bg=yellow,fg=black, matches bg=cyan, the current one bg=magenta), the
 * copied text, and the view staying put while the pane writes on. The
 * expected values were checked against tmux 3.3a.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/queue.h"
#include "common/utf8.h"
#include "common/xmalloc.h"
#include "grid/vt.h"
#include "server/copy.h"
#include "server/options.h"
#include "server/server.h"
#include "server/window.h"

#define BLACK	COLOUR_INDEX(0)
#define YELLOW	COLOUR_INDEX(3)
#define MAGENTA	COLOUR_INDEX(5)
#define CYAN	COLOUR_INDEX(6)

/* Find with a fresh pattern; returns the match as "so-eo" or "none". */
static const char *
find(const char *str, int regex, const char *text, size_t from,
    size_t limit, int notbol, int last)
{
	static char		out[64];
	struct copy_pattern	pat;
	size_t			so, eo;

	if (copy_pattern_init(&pat, str, regex) != 0)
		return ("bad");
	if (copy_pattern_find(&pat, text, strlen(text), from, limit, notbol,
	    last, &so, &eo))
		snprintf(out, sizeof out, "%zu-%zu", so, eo);
	else
		snprintf(out, sizeof out, "none");
	copy_pattern_free(&pat);
	return (out);
}

static void
test_pattern_text(void **state)
{
	/* Lower case ignores case; any upper case letter makes it exact. */
	assert_string_equal(find("foo", 0, "a Foo foo", 0, 9, 0, 0), "2-5");
	assert_string_equal(find("Foo", 0, "a foo Foo", 0, 9, 0, 0), "6-9");
	assert_string_equal(find("foo", 0, "a Foo foo", 0, 9, 0, 1), "6-9");
	/* The start must be before limit; the match may run past it. */
	assert_string_equal(find("foo", 0, "a Foo foo", 0, 6, 0, 1), "2-5");
	assert_string_equal(find("foo", 0, "a Foo foo", 3, 6, 0, 0), "none");
	assert_string_equal(find("oo", 0, "a Foo", 0, 4, 0, 0), "3-5");
	/* Overlapping matches: the last starts last. */
	assert_string_equal(find("aa", 0, "aaaa", 0, 4, 0, 1), "2-4");
	/* Regex characters are text unless regex is asked for. */
	assert_string_equal(find("a.c", 0, "abc a.c", 0, 7, 0, 0), "4-7");
	/* A regex with no special character is searched as text. */
	assert_string_equal(find("abc", 1, "xABC", 0, 4, 0, 0), "1-4");
	/* UTF-8: bytes match bytes. */
	assert_string_equal(find("中间", 0, "a 中间 b", 0, 10, 0, 0),
	    "2-8");
	assert_string_equal(find("", 0, "abc", 0, 3, 0, 0), "none");
}

static void
test_pattern_regex(void **state)
{
	assert_string_equal(find("a+", 1, "xx aaa a", 0, 8, 0, 0), "3-6");
	assert_string_equal(find("a+", 1, "xx aaa a", 0, 8, 0, 1), "7-8");
	assert_string_equal(find("A+", 1, "xx aaa AA", 0, 9, 0, 0), "7-9");
	/* ^ matches only at the start of a line. */
	assert_string_equal(find("^b", 1, "bab", 0, 3, 0, 1), "0-1");
	assert_string_equal(find("^b", 1, "bab", 0, 3, 1, 0), "none");
	assert_string_equal(find("o.e", 1, "one two", 0, 7, 0, 0), "0-3");
	/* Empty matches are skipped, not taken. */
	assert_string_equal(find("x*", 1, "abxx", 0, 4, 0, 0), "2-4");
	assert_string_equal(find("[0-9]+", 1, "a12b345", 0, 7, 0, 1), "4-7");
	assert_string_equal(find("(", 1, "a(b", 0, 3, 0, 0), "bad");
}

/* A pane with a real vt of cols x rows that has been sent text. */
struct fixture {
	struct window	*w;
	struct pane	 p;
};

static void
fixture_output(const char *buf, size_t len, void *arg)
{
}

static const struct vt_callbacks fixture_callbacks = {
	.output = fixture_output,
};

static void
fixture_init(struct fixture *f, unsigned int cols, unsigned int rows,
    const char *text)
{
	memset(f, 0, sizeof *f);
	f->w = window_create(cols, rows);
	f->p.window = f->w;
	f->p.fd = -1;
	f->p.sx = cols;
	f->p.sy = rows;
	f->p.vt = vt_create(cols, rows, 1000, &fixture_callbacks, NULL);
	vt_write(f->p.vt, text, strlen(text));
}

static void
fixture_free(struct fixture *f)
{
	copy_exit(&f->p);
	vt_free(f->p.vt);
	window_destroy(f->w);
}

/* Row y of the view as text (trailing blanks trimmed). */
static const char *
row_text(struct copy_mode *cm, unsigned int y, struct cell *cells,
    unsigned int n)
{
	static char	out[512];
	size_t		len = 0;
	unsigned int	x;

	copy_draw_line(cm, y, cells, n);
	for (x = 0; x < n; x++) {
		if (cells[x].width == 0)
			continue;
		len += utf8_char_to_utf8(cells[x].ch, out + len);
	}
	while (len > 0 && out[len - 1] == ' ')
		len--;
	out[len] = '\0';
	return (out);
}

static char *
format(struct copy_mode *cm, const char *name)
{
	static char	 out[256];
	char		*v = copy_format(cm, name);

	snprintf(out, sizeof out, "%s", v != NULL ? v : "(null)");
	free(v);
	return (out);
}

static void
test_view_and_selection(void **state)
{
	struct fixture		 f;
	struct copy_mode	*cm;
	struct cell		 cells[20];
	unsigned int		 x, y, i;
	char			*text;
	size_t			 len;

	fixture_init(&f, 20, 4,
	    "one\r\ntwo\r\nthree\r\nfour\r\nfive\r\nsix");
	cm = copy_enter(&f.p, 0);
	assert_ptr_equal(f.p.mode, cm);
	assert_ptr_equal(copy_enter(&f.p, 0), cm);

	/* The screen, with "[0/2]" at the right of the top row. */
	assert_string_equal(row_text(cm, 0, cells, 20), "three          [0/2]");
	assert_int_equal(cells[15].bg, YELLOW);
	assert_int_equal(cells[15].fg, BLACK);
	assert_int_equal(cells[0].bg, COLOUR_DEFAULT);
	assert_string_equal(row_text(cm, 3, cells, 20), "six");
	copy_cursor(cm, &x, &y);
	assert_int_equal(x, 3);
	assert_int_equal(y, 3);

	/* Up into the history. */
	copy_history_top(cm);
	assert_string_equal(row_text(cm, 0, cells, 20), "one            [2/2]");
	assert_string_equal(format(cm, "scroll_position"), "2");

	/* A selection (emacs: the cell under the cursor is not in it). */
	copy_cursor_right(cm);
	copy_begin_selection(cm);
	assert_string_equal(format(cm, "selection_present"), "1");
	copy_cursor_down(cm, 0);
	copy_cursor_right(cm);
	row_text(cm, 0, cells, 20);
	assert_int_equal(cells[0].bg, COLOUR_DEFAULT);
	for (i = 1; i < 3; i++)
		assert_int_equal(cells[i].bg, YELLOW);
	row_text(cm, 1, cells, 20);
	assert_int_equal(cells[0].bg, YELLOW);
	assert_int_equal(cells[1].bg, YELLOW);
	assert_int_equal(cells[2].bg, COLOUR_DEFAULT);
	text = copy_selection_text(cm, &len);
	assert_string_equal(text, "ne\ntw");
	free(text);

	/* Whole lines. */
	copy_clear_selection(cm);
	assert_string_equal(format(cm, "selection_present"), "0");
	copy_select_line(cm, 2);
	text = copy_selection_text(cm, &len);
	assert_string_equal(text, "two\nthree");
	free(text);
	copy_clear_selection(cm);

	copy_toggle_position(cm);
	assert_string_equal(row_text(cm, 0, cells, 20), "one");
	fixture_free(&f);
}

static void
test_rectangle_and_wrap(void **state)
{
	struct fixture		 f;
	struct copy_mode	*cm;
	char			*text;
	size_t			 len;

	/* A line of 25 characters wraps at 10 columns; copying it gives
	 * the line back without newlines. */
	fixture_init(&f, 10, 5,
	    "abcdefghijklmnopqrstuvwxy\r\nabcd\r\nefgh\r\nijkl");
	cm = copy_enter(&f.p, 0);
	copy_history_top(cm);
	copy_begin_selection(cm);
	copy_cursor_down(cm, 0);
	copy_cursor_down(cm, 0);
	copy_end_of_line(cm);
	text = copy_selection_text(cm, &len);
	assert_string_equal(text, "abcdefghijklmnopqrstuvwxy");
	free(text);
	copy_clear_selection(cm);

	/* A rectangle of columns 1-2 over three lines. */
	copy_cursor_down(cm, 0);
	copy_start_of_line(cm);
	copy_cursor_right(cm);
	copy_begin_selection(cm);
	copy_rectangle(cm, -1);
	copy_cursor_down(cm, 0);
	copy_cursor_down(cm, 0);
	copy_cursor_right(cm);
	copy_cursor_right(cm);
	text = copy_selection_text(cm, &len);
	assert_string_equal(text, "bc\nfg\njk");
	free(text);
	fixture_free(&f);
}

static void
test_search(void **state)
{
	struct fixture		 f;
	struct copy_mode	*cm;
	struct cell		 cells[30];
	char			*text;
	size_t			 len;

	fixture_init(&f, 30, 4, "foo bar\r\nbaz foo\r\nqux\r\nFOO foox");
	cm = copy_enter(&f.p, 0);
	copy_history_top(cm);

	/* emacs: the cursor goes after the match; all matches are lit, the
	 * current one differently, and the indicator counts them. */
	assert_int_equal(copy_search(cm, "foo", 1, 1), 1);
	assert_string_equal(format(cm, "copy_cursor_x"), "3");
	assert_string_equal(format(cm, "copy_cursor_y"), "0");
	assert_string_equal(row_text(cm, 0, cells, 30),
	    "foo bar      (4 results) [0/0]");
	assert_int_equal(cells[0].bg, MAGENTA);
	assert_int_equal(cells[2].bg, MAGENTA);
	assert_int_equal(cells[3].bg, COLOUR_DEFAULT);
	row_text(cm, 1, cells, 30);
	assert_int_equal(cells[4].bg, CYAN);
	assert_int_equal(cells[3].bg, COLOUR_DEFAULT);
	assert_string_equal(format(cm, "search_present"), "1");

	/* Without a selection, copying takes the match at the cursor. */
	text = copy_selection_text(cm, &len);
	assert_string_equal(text, "foo");
	free(text);

	copy_search_again(cm, 0);
	assert_string_equal(format(cm, "copy_cursor_y"), "1");
	assert_string_equal(format(cm, "copy_cursor_x"), "7");
	/* Up: to the start of the match; round from the top. */
	copy_search_again(cm, 1);
	assert_string_equal(format(cm, "copy_cursor_x"), "4");
	assert_string_equal(format(cm, "copy_cursor_y"), "1");
	copy_search_again(cm, 1);
	assert_string_equal(format(cm, "copy_cursor_x"), "0");
	assert_string_equal(format(cm, "copy_cursor_y"), "0");
	copy_search_again(cm, 1);
	assert_string_equal(format(cm, "copy_cursor_x"), "4");
	assert_string_equal(format(cm, "copy_cursor_y"), "3");

	/* A regex; a failed search leaves the cursor. */
	assert_int_equal(copy_search(cm, "q.x", 0, 1), 1);
	assert_string_equal(format(cm, "copy_cursor_line"), "qux");
	assert_int_equal(copy_search(cm, "nothing", 1, 0), 0);
	assert_string_equal(format(cm, "copy_cursor_line"), "qux");

	copy_clear_marks(cm);
	assert_string_equal(format(cm, "search_present"), "0");
	assert_string_equal(row_text(cm, 0, cells, 30),
	    "foo bar                  [0/0]");
	assert_int_equal(cells[0].bg, COLOUR_DEFAULT);
	fixture_free(&f);
}

static void
test_snapshot(void **state)
{
	struct fixture		 f;
	struct copy_mode	*cm;
	struct cell		 cells[10];

	fixture_init(&f, 10, 3, "1\r\n2\r\n3\r\n4\r\n5");
	cm = copy_enter(&f.p, 0);
	copy_page_up(cm, 0);
	assert_string_equal(format(cm, "scroll_position"), "1");
	assert_string_equal(row_text(cm, 0, cells, 10), "2    [1/2]");

	/* Output goes on underneath: the view does not move. */
	vt_write(f.p.vt, "\r\n6\r\n7\r\n8", 9);
	assert_string_equal(row_text(cm, 0, cells, 10), "2    [1/2]");
	assert_string_equal(row_text(cm, 2, cells, 10), "4");
	copy_history_bottom(cm);
	assert_string_equal(row_text(cm, 2, cells, 10), "5");

	/* refresh-from-pane takes the pane as it is now. */
	copy_refresh(cm);
	copy_history_bottom(cm);
	assert_string_equal(row_text(cm, 2, cells, 10), "8");

	/* -e: paging back to the bottom ends the mode. */
	copy_exit(&f.p);
	assert_null(f.p.mode);
	cm = copy_enter(&f.p, 1);
	copy_page_up(cm, 0);
	assert_int_equal(copy_page_down(cm, 0, 0), 1);
	fixture_free(&f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pattern_text),
		cmocka_unit_test(test_pattern_regex),
		cmocka_unit_test(test_view_and_selection),
		cmocka_unit_test(test_rectangle_and_wrap),
		cmocka_unit_test(test_search),
		cmocka_unit_test(test_snapshot),
	};

	srv = xcalloc(1, sizeof *srv);
	TAILQ_INIT(&srv->sessions);
	TAILQ_INIT(&srv->windows);
	TAILQ_INIT(&srv->clients);
	srv->options = options_create(NULL, OPTION_SERVER);
	srv->session_options = options_create(NULL, OPTION_SESSION);
	srv->window_options = options_create(NULL, OPTION_WINDOW);
	return (cmocka_run_group_tests(tests, NULL, NULL));
}
