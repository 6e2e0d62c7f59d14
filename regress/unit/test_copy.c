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
#include "grid/history.h"
#include "grid/vt.h"
#include "copy/copy.h"
#include "model/options.h"
#include "model/state.h"
#include "model/window.h"

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

/* View mode: text of its own, shown from its first line (the view stays
 * there as more comes), wrapped at the pane's width, over a copy mode
 * that comes back when it closes. */
static void
test_view_mode(void **state)
{
	struct fixture		 f;
	struct copy_mode	*cm, *view;
	struct cell		 cells[10];

	fixture_init(&f, 10, 3, "live");
	view = copy_view_enter(&f.p);
	assert_ptr_equal(f.p.mode, view);
	assert_string_equal(copy_mode_name(view), "view-mode");
	assert_ptr_equal(copy_view_enter(&f.p), view);
	copy_view_add(view, "a\nbb\n", 5);
	assert_string_equal(row_text(view, 0, cells, 10), "a    [0/0]");
	assert_string_equal(row_text(view, 1, cells, 10), "bb");
	assert_string_equal(row_text(view, 2, cells, 10), "");
	copy_view_add(view, "0123456789AB\tc", 14);
	assert_string_equal(row_text(view, 0, cells, 10), "a    [1/1]");
	assert_string_equal(row_text(view, 2, cells, 10), "0123456789");
	assert_string_equal(format(view, "scroll_position"), "1");
	copy_page_down(view, 0, 0);
	assert_string_equal(row_text(view, 2, cells, 10), "ABc");
	/* Copy mode over the view, then the view, then the pane. */
	cm = copy_enter(&f.p, 0);
	assert_ptr_not_equal(cm, view);
	assert_string_equal(copy_mode_name(f.p.mode), "copy-mode");
	assert_string_equal(row_text(cm, 0, cells, 10), "live [0/0]");
	copy_exit(&f.p);
	assert_ptr_equal(f.p.mode, view);
	copy_exit(&f.p);
	assert_null(f.p.mode);
	/* A view over copy mode gives it back. */
	cm = copy_enter(&f.p, 0);
	view = copy_view_enter(&f.p);
	copy_view_add(view, "x", 1);
	assert_string_equal(row_text(view, 0, cells, 10), "x    [0/0]");
	copy_exit(&f.p);
	assert_ptr_equal(f.p.mode, cm);
	fixture_free(&f);
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

/* Can a line of text match (copy_pattern_maybe)? */
static int
maybe(const char *str, int regex, const char *text)
{
	struct copy_pattern	pat;
	int			r;

	if (copy_pattern_init(&pat, str, regex) != 0)
		return (-1);
	r = copy_pattern_maybe(&pat, text, strlen(text));
	copy_pattern_free(&pat);
	return (r);
}

static void
test_pattern_need(void **state)
{
	/* Text: the whole of it, ignoring case when all lower case. */
	assert_int_equal(maybe("foo", 0, "xxFOOxx"), 1);
	assert_int_equal(maybe("Foo", 0, "xxfooxx"), 0);
	assert_int_equal(maybe("foo", 0, "fo o"), 0);
	assert_int_equal(maybe("a.c", 0, "abc"), 0);
	/* A regex: the longest run of plain characters it must have. */
	assert_int_equal(maybe("^1000 ", 1, "x1000 y"), 1);
	assert_int_equal(maybe("^1000 ", 1, "100 0"), 0);
	assert_int_equal(maybe("ab*c", 1, "ac"), 1);
	assert_int_equal(maybe("colou?r", 1, "color"), 1);
	assert_int_equal(maybe("colou?r", 1, "colr"), 0);
	assert_int_equal(maybe("x+yz", 1, "xxyz"), 1);
	assert_int_equal(maybe("a.b{2}c", 1, "axbbc"), 1);
	/* No regex character: text, braces and all. */
	assert_int_equal(maybe("ab{2}c", 1, "abbc"), 0);
	assert_int_equal(maybe("(foo)?bar", 1, "bar"), 1);
	assert_int_equal(maybe("(foo)?bar", 1, "foo"), 0);
	assert_int_equal(maybe("[abc]def", 1, "zdef"), 1);
	assert_int_equal(maybe("[]x]def", 1, "]de"), 0);
	assert_int_equal(maybe("\\.txt$", 1, "a.txt"), 1);
	assert_int_equal(maybe("\\.txt$", 1, "a_txt"), 0);
	assert_int_equal(maybe("a\\wb", 1, "axb"), 1);
	/* Alternation: nothing is sure. */
	assert_int_equal(maybe("fo.|bar", 1, "zzz"), 1);
	/* Ignoring case, only ASCII counts. */
	assert_int_equal(maybe("abc", 1, "xABCx"), 1);
	assert_int_equal(maybe("é.x", 1, "ÉAx"), 1);
	assert_int_equal(maybe("é.X", 1, "éAX"), 1);
	assert_int_equal(maybe("é.X", 1, "eAX"), 0);
}

/* The store read without cells: a copy in one block, and lines' text. */
static void
test_history_text(void **state)
{
	struct fixture		 f;
	struct history		*h;
	char			 buf[64];
	unsigned int		 cols;
	int			 wrapped;
	size_t			 n;

	/* A wide character, a combining one, a wrapped line. */
	fixture_init(&f, 6, 2, "a\xe4\xb8\xad" "e\xcc\x81z\r\n"
	    "0123456789\r\nx\r\ny");
	h = history_dup(vt_history(f.p.vt), 100);
	assert_int_equal(history_size(h), history_size(vt_history(f.p.vt)));
	assert_int_equal(history_size(h), 3);
	n = history_get_text(h, 0, buf, sizeof buf, &cols, &wrapped);
	assert_int_equal(n, 8);
	assert_memory_equal(buf, "a\xe4\xb8\xad" "e\xcc\x81z", 8);
	assert_int_equal(cols, 5);
	assert_int_equal(wrapped, 0);
	n = history_get_text(h, 1, buf, sizeof buf, &cols, &wrapped);
	assert_memory_equal(buf, "012345", 6);
	assert_int_equal(n, 6);
	assert_int_equal(wrapped, 1);
	assert_int_equal(history_get_wrapped(h, 1), 1);
	assert_int_equal(history_get_wrapped(h, 2), 0);
	/* Too little room: the room needed, nothing written. */
	assert_int_equal(history_get_text(h, 1, buf, 3, &cols, NULL), 6);

	/* The copy lives on its own: pushed, reflowed, cleared. */
	vt_write(f.p.vt, "\r\nmore\r\n", 8);
	history_push(h, NULL, 0, 0);
	history_reflow(h, 4);
	n = history_get_text(h, 0, buf, sizeof buf, &cols, &wrapped);
	assert_int_equal(wrapped, 1);
	history_free(h);
	h = history_dup(vt_history(f.p.vt), 2);
	assert_int_equal(history_size(h), 2);
	history_clear(h);
	assert_int_equal(history_size(h), 0);
	history_free(h);
	fixture_free(&f);
}

/* Searching far: lines passed over without their cells must count and
 * land as lines searched cell by cell do. */
static void
test_search_far(void **state)
{
	struct fixture		 f;
	struct copy_mode	*cm;
	struct cell		 cells[12];
	char			*text, line[64];
	size_t			 len = 0, size = 0;
	unsigned int		 i;

	text = NULL;
	for (i = 0; i < 500; i++) {
		if (i == 100)
			snprintf(line, sizeof line, "\xe4\xb8\xad needle\r\n");
		else if (i == 300)
			snprintf(line, sizeof line, "0123456nee dle\r\n");
		else if (i == 400)
			snprintf(line, sizeof line, "01234567needle\r\n");
		else
			snprintf(line, sizeof line, "line %u\r\n", i);
		if (len + strlen(line) + 1 > size) {
			size = (len + strlen(line) + 1) * 2;
			text = xreallocarray(text, 1, size);
		}
		memcpy(text + len, line, strlen(line) + 1);
		len += strlen(line);
	}
	fixture_init(&f, 12, 3, text);
	free(text);
	cm = copy_enter(&f.p, 0);
	copy_history_bottom(cm);

	/* Up from the bottom: the match that wraps onto a second line,
	 * then the one after a wide character. */
	assert_int_equal(copy_search(cm, "needle", 0, 0), 1);
	assert_string_equal(format(cm, "copy_cursor_x"), "8");
	assert_string_equal(row_text(cm, 0, cells, 12), "(2 results)");
	copy_search_again(cm, 0);
	assert_string_equal(format(cm, "copy_cursor_x"), "3");
	assert_string_equal(format(cm, "copy_cursor_line"),
	    "\xe4\xb8\xad needle");
	/* A regex whose plain part is split by the wrap. */
	assert_int_equal(copy_search(cm, "[0-9]nee ?dle", 1, 1), 1);
	assert_string_equal(format(cm, "copy_cursor_line"), "0123456nee d");
	assert_int_equal(copy_search(cm, "l+ine 49[0-9]", 1, 1), 1);
	assert_string_equal(row_text(cm, 0, cells, 12), "(10 results)");
	fixture_free(&f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pattern_text),
		cmocka_unit_test(test_pattern_regex),
		cmocka_unit_test(test_view_and_selection),
		cmocka_unit_test(test_view_mode),
		cmocka_unit_test(test_rectangle_and_wrap),
		cmocka_unit_test(test_search),
		cmocka_unit_test(test_snapshot),
		cmocka_unit_test(test_pattern_need),
		cmocka_unit_test(test_history_text),
		cmocka_unit_test(test_search_far),
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
