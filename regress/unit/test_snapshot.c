/*
 * snapshot reading: layout_parse (the inverse of layout_dump, checked on
 * tmux 3.3a's own strings), the field escaping, and snap_parse on mux
 * snapshots and tmux-resurrect save files, good and damaged. Nothing but
 * the layout tree, the reader and libcommon is linked.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/layout.h"
#include "model/snapshot.h"

static int	slot[8];

static unsigned int
slot_id(void *pane)
{
	return ((unsigned int)((int *)pane - slot));
}

/* Parse text with n panes and dump it again with the slots' ids. */
static char *
roundtrip(const char *text, unsigned int first, unsigned int n)
{
	void			*panes[8];
	struct layout_cell	*lc;
	char			*cause = NULL, *out;
	unsigned int		 i;

	for (i = 0; i < n; i++)
		panes[i] = &slot[first + i];
	lc = layout_parse(text, panes, n, &cause);
	if (lc == NULL) {
		print_error("%s\n", cause);
		free(cause);
		return (NULL);
	}
	out = layout_dump(lc, slot_id);
	layout_free(lc);
	return (out);
}

/* tmux's strings come back the same (the leaves get the panes given,
 * here the ones with the ids the strings name). */
static void
test_layout_roundtrip(void **state)
{
	static const char *const good[] = {
		"b25d,80x24,0,0,0",
		"d67e,80x24,0,0{40x24,0,0,0,39x24,41,0[39x12,41,0,1,"
		    "39x11,41,13,2]}",
		"41a3,80x24,0,0[80x12,0,0,3,80x11,0,13,4]",
	};
	unsigned int	 n[] = { 1, 3, 2 }, first[] = { 0, 0, 3 }, i;
	char		*out;

	(void)state;
	for (i = 0; i < 3; i++) {
		out = roundtrip(good[i], first[i], n[i]);
		assert_non_null(out);
		assert_string_equal(out, good[i]);
		free(out);
	}
}

/* Bad text: a clear error, never a tree. */
static void
test_layout_bad(void **state)
{
	void		*panes[3] = { &slot[0], &slot[1], &slot[2] };
	char		*cause;
	unsigned int	 i;
	static const struct {
		const char	*text;
		unsigned int	 n;
		const char	*error;
	} bad[] = {
		{ "", 1, "invalid layout: " },
		{ "b25d,80x24,0,0", 1, "layout checksum mismatch" },
		{ "0000,80x24,0,0,0", 1, "layout checksum mismatch" },
		{ "b25d,80x24,0,0,0", 2, "layout has 1 panes, not 2" },
		{ "d67e,80x24,0,0{40x24,0,0,0,39x24,41,0[39x12,41,0,1,"
		    "39x11,41,13,2]}", 2, "layout has 3 panes, not 2" },
		{ "41a3,80x24,0,0[80x12,0,0,3,80x11,0,13,4", 2,
		    "checksum mismatch" },
	};

	(void)state;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		cause = NULL;
		assert_null(layout_parse(bad[i].text, panes, bad[i].n, &cause));
		assert_non_null(cause);
		if (strstr(cause, bad[i].error) == NULL)
			fail_msg("%s: got %s", bad[i].text, cause);
		free(cause);
	}
}

/* select-layout's reading (layout_parse_fit): fewer panes than cells
 * close the bottom-right cells, as tmux 3.3a printed after select-layout
 * of the same strings in windows of 3, 2 and 1 panes; more panes than
 * cells, or a bad checksum, are errors in tmux's words. */
static void
test_layout_fit(void **state)
{
	static const char tiled[] = "efbf,120x35,0,0[120x17,0,0{59x17,0,0,5,"
	    "60x17,60,0,6},120x17,0,18{59x17,0,18,7,60x17,60,18,8}]";
	static const char three[] = "2ef8,120x35,0,0{60x35,0,0,0,59x35,61,0"
	    "[59x17,61,0,1,59x17,61,18,2]}";
	static const struct {
		const char	*text;
		unsigned int	 n;
		const char	*out;
	} good[] = {
		{ tiled, 3, "0de8,120x35,0,0[120x17,0,0{59x17,0,0,0,60x17,60,0,"
		    "1},120x17,0,18,2]" },
		{ tiled, 1, "bcfd,120x35,0,0,0" },
		{ three, 3, three },
		{ three, 2, "45b0,120x35,0,0{60x35,0,0,0,59x35,61,0,1}" },
		{ three, 1, "bcfd,120x35,0,0,0" },
	};
	void			*panes[4] = { &slot[0], &slot[1], &slot[2],
				    &slot[3] };
	struct layout_cell	*lc;
	char			*cause, *out;
	unsigned int		 i;

	(void)state;
	for (i = 0; i < sizeof good / sizeof good[0]; i++) {
		cause = NULL;
		lc = layout_parse_fit(good[i].text, panes, good[i].n, &cause);
		if (lc == NULL)
			fail_msg("%s with %u panes: %s", good[i].text,
			    good[i].n, cause);
		out = layout_dump(lc, slot_id);
		assert_string_equal(out, good[i].out);
		free(out);
		layout_free(lc);
	}
	cause = NULL;
	assert_null(layout_parse_fit(three, panes, 4, &cause));
	assert_non_null(cause);
	assert_string_equal(cause, "have 4 panes but need 3: 2ef8,120x35,0,0"
	    "{60x35,0,0,0,59x35,61,0[59x17,61,0,1,59x17,61,18,2]}");
	free(cause);
	cause = NULL;
	assert_null(layout_parse_fit("2ef9,120x35,0,0,0", panes, 1, &cause));
	assert_string_equal(cause, "invalid layout: 2ef9,120x35,0,0,0");
	free(cause);
}

/* Text that is not a layout, or whose sizes do not add up, is refused
 * even with a right checksum (made here as tmux makes it). */
static void
test_layout_malformed(void **state)
{
	static const char *const bodies[] = {
		"80x24,0,0",
		"80x24,0,0{40x24,0,0,0",
		"80x24,0,0{80x24,0,0,0}",
		"80x24,0,0{40x24,0,0,0,40x24,41,0,1}",
		"80x24,0,0{40x24,0,0,0,39x23,41,0,1}",
		"80x24,0,0[40x24,0,0,0,39x24,41,0,1]",
		"80x24,0,0{40x24,0,0,0,39x24,41,0,1}x",
		"0x24,0,0,0",
		"999999x24,0,0,0",
	};
	void		*panes[2] = { &slot[0], &slot[1] };
	unsigned int	 csum, i;
	const char	*c;
	char		 text[128], *cause;

	(void)state;
	for (i = 0; i < sizeof bodies / sizeof bodies[0]; i++) {
		csum = 0;
		for (c = bodies[i]; *c != '\0'; c++) {
			csum = (csum >> 1) | ((csum & 1) << 15);
			csum = (csum + (unsigned char)*c) & 0xffff;
		}
		snprintf(text, sizeof text, "%04x,%s", csum, bodies[i]);
		cause = NULL;
		if (layout_parse(text, panes, 2, &cause) != NULL)
			fail_msg("%s was read", text);
		if (strstr(cause, "invalid layout") == NULL &&
		    strstr(cause, "panes, not 2") == NULL)
			fail_msg("%s: %s", text, cause);
		free(cause);
	}
}

static void
test_escape(void **state)
{
	const char	*s = "a\tb\\c\nd\re\033[1mf\177g";
	char		*e;

	(void)state;
	e = snap_escape(s);
	assert_string_equal(e, "a\\tb\\\\c\\nd\\re\\033[1mf\\177g");
	assert_int_equal(snap_unescape(e), 0);
	assert_string_equal(e, s);
	free(e);
	e = strdup("bad \\x");
	assert_int_equal(snap_unescape(e), -1);
	free(e);
	e = strdup("nul \\000");
	assert_int_equal(snap_unescape(e), -1);
	free(e);
}

#define GOOD \
	"mux-snapshot\t1\n" \
	"# comment\n" \
	"current\tb\n" \
	"session\ta\t/tmp\n" \
	"soption\tstatus-left\t[a]\n" \
	"window\t2\tedit\t1\t*Z\td67e,80x24,0,0{40x24,0,0,0,39x24,41,0[" \
	    "39x12,41,0,1,39x11,41,13,2]}\n" \
	"woption\tmonitor-activity\ton\n" \
	"pane\t0\t1\t/tmp/one\ttitle\n" \
	"start\tvim\tfile with\\ttab\n" \
	"line\t-\t\\033[1mbold\\033[0m\n" \
	"line\tw\tlong\n" \
	"pane\t1\t0\t/tmp/two\thost\n" \
	"fg\tless /etc/passwd\n" \
	"pane\t2\t0\t/tmp/three\thost\n" \
	"session\tb\t/\n" \
	"window\t0\tsh\t0\t.\tb25d,80x24,0,0,0\n" \
	"pane\t0\t1\t/\thost\n" \
	"end\t2\t2\t4\n"

static void
test_parse_mux(void **state)
{
	struct snap		*sn;
	struct snap_window	*sw;
	char			*cause = NULL;

	(void)state;
	sn = snap_parse("t", GOOD, strlen(GOOD), &cause);
	if (sn == NULL)
		fail_msg("%s", cause);
	assert_int_equal(sn->nsessions, 2);
	assert_string_equal(sn->current, "b");
	assert_string_equal(sn->sessions[0].options[0].value, "[a]");
	sw = &sn->sessions[0].windows[0];
	assert_int_equal(sw->idx, 2);
	assert_true(sw->active && sw->zoomed && !sw->last && sw->fixed_name);
	assert_int_equal(sw->npanes, 3);
	assert_string_equal(sw->panes[0].start[1], "file with\ttab");
	assert_null(sw->panes[0].start[2]);
	assert_int_equal(sw->panes[0].nlines, 2);
	assert_string_equal(sw->panes[0].lines[0], "\033[1mbold\033[0m");
	assert_false(sw->panes[0].wrapped[0]);
	assert_true(sw->panes[0].wrapped[1]);
	assert_string_equal(sw->panes[1].fg, "less /etc/passwd");
	assert_null(sw->panes[1].start);
	snap_free(sn);
}

/* Every cut of the good file is refused (none has the end line whole). */
static void
test_parse_cut(void **state)
{
	struct snap	*sn;
	size_t		 len = strlen(GOOD), n;
	char		*cause;

	(void)state;
	for (n = 0; n < len; n++) {
		cause = NULL;
		sn = snap_parse("t", GOOD, n, &cause);
		if (sn != NULL)
			fail_msg("a cut at %zu bytes was read", n);
		assert_non_null(cause);
		free(cause);
	}
}

/* Damaged records: the error names the line and what is wrong. */
static void
test_parse_damaged(void **state)
{
	static const struct {
		const char	*text;
		const char	*error;
	} bad[] = {
		{ "mux-snapshot\t2\nend\t0\t0\t0\n", "t:1: version 2 is newer" },
		{ "mux-snapshot\tx\n", "t:1: bad number: x" },
		{ "mux-snapshot\t1\nwindow\t0\ta\t0\t*\tl\n",
		    "t:2: window outside a session" },
		{ "mux-snapshot\t1\nsession\ta\t/\nwindow\t0\ta\t0\t*\n",
		    "t:3: window: 5 fields, not 6" },
		{ "mux-snapshot\t1\nsession\ta\t/\nend\t1\t0\t0\n",
		    "session a has no windows" },
		{ "mux-snapshot\t1\nsession\ta\t/\nend\t2\t0\t0\n",
		    "t:3: the end line counts 2 sessions" },
		{ "mux-snapshot\t1\nbogus\t1\n", "t:2: unknown record: bogus" },
		{ "mux-snapshot\t1\nsession\ta\\q\t/\n", "t:2: bad escape" },
		{ "mux-snapshot\t1\nend\t0\t0\t0\nsession\ta\t/\n",
		    "t:3: data after the end line" },
		{ "hello\n", "not a mux snapshot or tmux-resurrect file" },
		{ "pane\ta\t0\n", "t:1: pane: 3 fields, not 11" },
		{ "window\ta\t0\t1\t:*\tb25d,80x24,0,0,0\n",
		    "window a:0 has no panes" },
		{ "state\ta\t\n", "no sessions in the file" },
	};
	struct snap	*sn;
	char		*cause;
	unsigned int	 i;

	(void)state;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		cause = NULL;
		sn = snap_parse("t", bad[i].text, strlen(bad[i].text), &cause);
		assert_null(sn);
		assert_non_null(cause);
		if (strstr(cause, bad[i].error) == NULL)
			fail_msg("case %u: want %s, got %s", i, bad[i].error,
			    cause);
		free(cause);
	}
}

/* tmux-resurrect's two line layouts. */
static void
test_parse_tmux(void **state)
{
	const char	*old =
	    "pane\tw\t1\t:ed\t1\t:*\t0\t:/a\\ b\t1\tbash\t:\n"
	    "pane\tw\t1\t:ed\t1\t:*\t1\t:/c\t0\tvim\t:vim x\n"
	    "window\tw\t1\t1\t:*\t41a3,80x24,0,0[80x12,0,0,3,80x11,0,13,4]\n"
	    "state\tw\t\n";
	const char	*new =
	    "pane\tn\t0\t1\t:*Z\t0\ttitle\t:/d\t1\tbash\t:\n"
	    "window\tn\t0\t:named\t1\t:*Z\tb25d,80x24,0,0,0\toff\n"
	    "grouped_session\tg\tn\t:\t:0\n";
	struct snap		*sn;
	struct snap_window	*sw;
	char			*cause = NULL;

	(void)state;
	sn = snap_parse("t", old, strlen(old), &cause);
	if (sn == NULL)
		fail_msg("%s", cause);
	assert_true(sn->tmux);
	assert_string_equal(sn->current, "w");
	sw = &sn->sessions[0].windows[0];
	assert_string_equal(sw->name, "ed");
	assert_int_equal(sw->npanes, 2);
	assert_string_equal(sw->panes[0].cwd, "/a b");
	assert_null(sw->panes[0].fg);
	assert_string_equal(sw->panes[1].fg, "vim x");
	assert_string_equal(sn->sessions[0].cwd, "/a b");
	snap_free(sn);

	sn = snap_parse("t", new, strlen(new), &cause);
	if (sn == NULL)
		fail_msg("%s", cause);
	sw = &sn->sessions[0].windows[0];
	assert_string_equal(sw->name, "named");
	assert_true(sw->fixed_name && sw->zoomed && sw->active);
	assert_string_equal(sw->panes[0].title, "title");
	assert_string_equal(sw->layout, "b25d,80x24,0,0,0");
	snap_free(sn);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_layout_roundtrip),
		cmocka_unit_test(test_layout_bad),
		cmocka_unit_test(test_layout_malformed),
		cmocka_unit_test(test_layout_fit),
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_parse_mux),
		cmocka_unit_test(test_parse_cut),
		cmocka_unit_test(test_parse_damaged),
		cmocka_unit_test(test_parse_tmux),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
