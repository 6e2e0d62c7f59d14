/*
 * Formats, options and styles, in memory: conditionals, comparisons,
 * truncation by display width, aliases and escapes; option types,
 * inheritance and errors; style strings and drawing text into cells;
 * the buffer variables.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "common/utf8.h"

#include "common/re.h"

#include "model/environ.h"
#include "model/format-int.h"
#include "model/format.h"
#include "model/options.h"
#include "model/paste.h"
#include "model/state.h"
#include "draw/style-draw.h"
#include "model/style.h"
#include "model/target.h"
#include "model/window.h"

/* Expand fmt with no target and compare. */
static void
expect(const char *fmt, const char *want)
{
	char	*got = format_expand(fmt, NULL, NULL);

	if (strcmp(got, want) != 0)
		fail_msg("%s: got <%s>, want <%s>", fmt, got, want);
	free(got);
}

/* Set a variable in the global environment. */
static void
setenv_global(const char *name, const char *value)
{
	environ_set(srv->environ, name, value);
}

static int
setup(void **state)
{
	srv = calloc(1, sizeof *srv);
	srv->marked_pane = -1;
	srv->pid = 4242;
	srv->start_time = 1700000000;
	srv->next_session_id = 7;
	srv->environ = environ_create();
	srv->socket_path = strdup("/tmp/sock");
	TAILQ_INIT(&srv->sessions);
	TAILQ_INIT(&srv->windows);
	TAILQ_INIT(&srv->clients);
	TAILQ_INIT(&srv->format_jobs);
	TAILQ_INIT(&srv->buffers);
	srv->options = options_create(NULL, OPTION_SERVER);
	srv->session_options = options_create(NULL, OPTION_SESSION);
	srv->window_options = options_create(NULL, OPTION_WINDOW);
	return (0);
}

static int
teardown(void **state)
{
	paste_free_all();
	options_free(srv->options);
	options_free(srv->session_options);
	options_free(srv->window_options);
	environ_free(srv->environ);
	free(srv->socket_path);
	free(srv);
	srv = NULL;
	return (0);
}

/* s///: each search starts after the last match, ^ matches once; and an
 * expansion that multiplies (a 10000-column pad with every position
 * replaced by a pad) stops at FORMAT_MAX_LENGTH, cut at a character. */
static void
test_format_regsub_bounds(void **state)
{
	char	*got;
	size_t	 len;

	(void)state;
	expect("#{s/^a/X/:#{l:aaa}}", "Xaa");
	expect("#{s/a/X/:#{l:aaa}}", "XXX");
	expect("#{s/x*/-/:#{l:abc}}", "a-b-c-");
	expect("#{s/b*/-/:#{l:abba}}", "a-a-");
	expect("#{s/(b)/[\\1]/:#{l:abcb}}", "a[b]c[b]");
	expect("#{s/$/E/:#{l:ab}}", "abE");

	/* Stacked repetitions multiply what regcomp builds (94 of them took
	 * the server to 10 GB): refused, the text left as it is. */
	expect("#{s/a++++++++++++++++++++++++++++++++++++++++++++++++/X/:"
	    "#{l:aaa}}", "aaa");
	expect("#{s/(a|b)+c?[0-9]*/X/:#{l:abba}}", "X");
	assert_true(re_bounded("(ab|cd)+[[:alpha:]]+x?"));
	assert_false(re_bounded("(x{200}){200}"));
	assert_false(re_bounded("x++++++++++++++++++++++++++++++"));
	/* On a loop each + costs four times (regcomp took 46 s under the
	 * fuzzer for the match below); a few are still taken. */
	assert_false(re_bounded("#*++++++++++"));
	assert_false(re_bounded("(a*b)++++++++"));
	assert_false(re_bounded("a+*++++*++++++++"));
	assert_true(re_bounded("#*+++"));
	assert_true(re_bounded("(a*|b)+c*"));
	expect("#{mr:#*++++++++++,#*}", "0");

	got = format_expand("#{s/ /#{p100:}/:#{s/ /#{p100:}/:#{p10000:}}}",
	    NULL, NULL);
	assert_int_equal(strlen(got), FORMAT_MAX_LENGTH);
	free(got);
	got = format_expand("#{s/ /\xc3\xa9/:#{s/ /#{p10:}/:#{p10000:}}}",
	    NULL, NULL);
	len = strlen(got);
	assert_true(len <= FORMAT_MAX_LENGTH && len >= FORMAT_MAX_LENGTH - 1);
	assert_true(len % 2 == 0);	/* whole characters only */
	free(got);
	got = format_expand("#{S:#{p10000:}}#{p10000:}#{p10000:}#{p10000:}"
	    "#{p10000:}#{p10000:}#{p10000:}#{p10000:}", NULL, NULL);
	assert_int_equal(strlen(got), FORMAT_MAX_LENGTH);
	free(got);
}

static void
test_format_basics(void **state)
{
	expect("plain text", "plain text");
	expect("#{pid}", "4242");
	expect("[#{socket_path}]", "[/tmp/sock]");
	expect("##{pid}", "#{pid}");
	expect("a#,b", "a,b");
	expect("#{no_such_variable}", "");
	/* An unterminated #{ ends the expansion there, as in tmux. */
	expect("ab#{pid", "ab");
	expect("ab#(echo", "ab");
	expect("{", "{");
	expect("#}", "}");
	expect("###}", "#}");
	expect("x#", "x#");
	expect("#q", "#q");
	/* Styles after two or more #s are left for the drawing. */
	expect("##[fg=red]", "##[fg=red]");
	expect("###[fg=red]", "###[fg=red]");
}

/* The variable table must be sorted for bsearch to find every name. */
int	format_vars_sorted(void);

static void
test_format_table(void **state)
{
	assert_true(format_vars_sorted());
	expect("#{version}", "3.3a");
	expect("#{mux_version}", PACKAGE_VERSION);
	expect("#{start_time}", "1700000000");
	expect("#{next_session_id}", "$7");
	expect("#{session_name}", "");	/* no session */
}

/* format_each names every variable of the tables, typed. */
const char	*format_each_complete(void);

struct each_seen {
	int	pid, version, session;
};

static void
each_cb(const char *name, const char *value, enum format_type type,
    void *arg)
{
	struct each_seen	*seen = arg;

	if (strcmp(name, "pid") == 0) {
		assert_string_equal(value, "4242");
		assert_int_equal(type, FORMAT_NUMBER);
		seen->pid++;
	}
	if (strcmp(name, "version") == 0) {
		assert_int_equal(type, FORMAT_STRING);
		seen->version++;
	}
	if (strncmp(name, "session_", 8) == 0)
		seen->session++;
}

static void
test_format_each(void **state)
{
	struct each_seen	seen = { 0, 0, 0 };
	const char		*missing = format_each_complete();

	(void)state;
	if (missing != NULL)
		fail_msg("format variable %s has no entry (or one out of "
		    "order) in model/format-each.c", missing);
	format_each(NULL, NULL, NULL, FORMAT_EACH_SERVER, each_cb, &seen);
	assert_int_equal(seen.pid, 1);
	assert_int_equal(seen.version, 1);
	assert_int_equal(seen.session, 0);
	assert_int_equal(format_type_of("window_active"), FORMAT_FLAG);
	assert_int_equal(format_type_of("pane_dead"), FORMAT_FLAG);
	assert_int_equal(format_type_of("window_panes"), FORMAT_NUMBER);
	assert_int_equal(format_type_of("window_id"), FORMAT_STRING);
	assert_int_equal(format_type_of("selection_present"), FORMAT_FLAG);
	assert_int_equal(format_type_of("no_such_variable"), FORMAT_STRING);
}

static void
test_format_modifiers_literal(void **state)
{
	expect("#{l:#{pid}}", "#{pid}");
	expect("#{l:#{?a,b,c}}", "#{?a,b,c}");
	expect("#{l:##{}", "##{");
	expect("#{l;=2:abc}", "ab");
	/* An unknown modifier makes the whole item a name that names
	 * nothing. */
	expect("#{x:pid}", "");
	expect("#{:pid}", "4242");	/* an empty list */
	expect("#{;;:pid}", "");
	expect("#{}", "");
	/* Modifiers with no arguments, or too few, do nothing. */
	expect("#{s/:pid}", "4242");
	expect("#{s/a/:pid}", "4242");
	expect("#{=/:pid}", "4242");
	expect("#{m/:4242,4242}", "1");
	expect("#{e/:1,2}", "");
}

static void
test_format_modifiers_compare(void **state)
{
	expect("#{<:a,b}", "1");
	expect("#{<:b,a}", "0");
	expect("#{>:b,a}", "1");
	expect("#{<=:a,a}", "1");
	expect("#{>=:a,b}", "0");
	expect("#{||:,0}", "0");
	expect("#{&&:1,x}", "1");
	expect("x#{==:a}y", "x");	/* no comma: a syntax error */
	expect("#{m:*ock*,#{socket_path}}", "1");
	expect("#{m:S*,sock}", "0");
	expect("#{m/i:S*,sock}", "1");
	expect("#{m/r:^/t.p,#{socket_path}}", "1");
	expect("#{m/ri:^/TMP,#{socket_path}}", "1");
	expect("#{m/r:(,x}", "0");	/* bad regex */
}

static void
test_format_modifiers_expr(void **state)
{
	expect("#{e|+:1,2}", "3");
	expect("#{e|-:1,5}", "-4");
	expect("#{e|*:2.9,2}", "4");	/* integers unless f */
	expect("#{e|/:7,2}", "3");
	expect("#{e|/|f:7,2}", "3.50");
	expect("#{e|*|f|4:5.5,3}", "16.5000");
	expect("#{e|%:7,3}", "1");
	expect("#{e|m:7,3}", "1");
	expect("#{e|==:1,1.0}", "1");
	expect("#{e|<|f:1.5,2}", "1.00");
	expect("#{e|+||3:1,2}", "3.000");
	expect("#{e|+:a,1}", "");
	expect("#{e|x:1,2}", "");
	expect("#{e|/:7,0}", "-9223372036854775808");
	expect("#{e|+:#{pid},1}", "4243");
	expect("#{a:98}", "b");
	expect("#{a:31}", "");
	expect("#{a:#{e|+:97,1}}", "b");
	expect("#{c:red}", "800000");
	expect("#{c:colour200}", "ff00d7");
	expect("#{c:#0a0B0c}", "0a0b0c");
	expect("#{c:default}", "");
	expect("#{c:nosuch}", "");
}

static void
test_format_modifiers_text(void **state)
{
	/* socket_path is "/tmp/sock". */
	expect("#{b:socket_path}", "sock");
	expect("#{d:socket_path}", "/tmp");
	expect("#{n:socket_path}", "9");
	expect("#{w:socket_path}", "9");
	expect("#{p12:socket_path}|", "/tmp/sock   |");
	expect("#{p-12:socket_path}|", "   /tmp/sock|");
	expect("#{p3:socket_path}", "/tmp/sock");
	expect("#{=/4/...:socket_path}", "/tmp...");
	expect("#{=/-4/...:socket_path}", "...sock");
	expect("#{=/20/...:socket_path}", "/tmp/sock");
	expect("#{=a:socket_path}", "/tmp/sock");
	expect("#{s/o/0/:socket_path}", "/tmp/s0ck");
	expect("#{s/(m)(p)/[\\2\\1\\0]/:socket_path}", "/t[pmmp]/sock");
	expect("#{s/O/0/i:socket_path}", "/tmp/s0ck");
	expect("#{s/O/0/:socket_path}", "/tmp/sock");
	expect("#{s/x*/-/:#{l:ab}}", "a-b-");
	expect("#{s/^/>/:#{l:ab}}", "b");	/* tmux's own quirk */
	expect("#{s/o/0/;=5:socket_path}", "/tmp/");
	expect("#{=5;s/o/0/:socket_path}", "/tmp/");
	expect("#{s/p/#{pid}/:socket_path}", "/tm4242/sock");
	/* q: quotes a variable's value, not an inner format. */
	setenv_global("SP", "a b$c#d");
	expect("#{q:SP}", "a\\ b\\$c\\#d");
	expect("#{q/h:SP}", "a b$c##d");
	expect("#{q:#{l:a b}}", "a b");
	expect("#{b:SP}", "a b$c#d");
	expect("#{d:SP}", ".");
}

static void
test_format_modifiers_time(void **state)
{
	char	 want[64];
	time_t	 t = 1700000000;

	strftime(want, sizeof want, "%a %b %e %H:%M:%S %Y", localtime(&t));
	expect("#{t:start_time}", want);
	strftime(want, sizeof want, "%H:%M", localtime(&t));
	expect("#{t/f/%H#:%M:start_time}", want);
	expect("#{t:socket_path}", "");		/* not a time */
	strftime(want, sizeof want, "%d%b", localtime(&t));
	if (time(NULL) - t > 365 * 24 * 3600)
		strftime(want, sizeof want, "%h%y", localtime(&t));
	expect("#{t/p:start_time}", want);
	strftime(want, sizeof want, "%Y", localtime(&(time_t){ time(NULL) }));
	expect("#{T:#{l:%Y}}", want);
	expect("#{E:#{l:#{pid}}}", "4242");
}

static void
test_format_conditional_rules(void **state)
{
	/* A condition that names no variable is a format: one that
	 * expands to itself is false. */
	expect("#{?1,x,y}", "y");
	expect("#{?#{l:1},x,y}", "x");
	expect("#{?,a,b}", "b");
	expect("#{?pid,a,b,c}", "a");
	expect("#{?nosuch,a,b,c}", "b,c");
	expect("a#{?pid}b", "a");		/* no branches: syntax error */
	/* The item ends at the first }: the rest is text. */
	expect("#{?pid,{a,b},c}", "{a,c}");
	expect("#{?pid,#[fg=red#,bg=blue]x,y}", "#[fg=red,bg=blue]x");
}

static void
test_format_environment(void **state)
{
	setenv_global("MYVAR", "value");
	expect("#{MYVAR}", "value");
	expect("#{=2:MYVAR}", "va");
	expect("#{?MYVAR,set,unset}", "set");
	expect("#{?NOVAR,set,unset}", "unset");
}

static void
test_format_trim_styles(void **state)
{
	/* =N and w: step over #[...] and count ## as one column. */
	setenv_global("V", "#0123456");
	expect("#{=3:V}", "#01");
	expect("#{=-3:V}", "456");
	expect("#{w:V}", "8");
	setenv_global("V", "###[bg=yellow]0123456");
	expect("#{=3:V}", "###[bg=yellow]01");
	expect("#{=-3:V}", "#[bg=yellow]456");
	expect("#{w:V}", "8");
	setenv_global("V", "####[bg=yellow]0123456");
	expect("#{=3:V}", "####[");
	expect("#{w:V}", "20");
	setenv_global("V", "#[bg=yellow]0123456");
	expect("#{=3:V}", "#[bg=yellow]012");
	expect("#{n:V}", "19");
}

static void
test_format_conditionals(void **state)
{
	expect("#{?pid,yes,no}", "yes");
	expect("#{?no_such_variable,yes,no}", "no");
	expect("#{?#{==:a,a},same,different}", "same");
	expect("#{?#{==:a,b},same,different}", "different");
	expect("#{!=:a,b}", "1");
	expect("#{==:#{pid},4242}", "1");
	expect("#{||:0,1}", "1");
	expect("#{&&:1,0}", "0");
	expect("#{&&:#{pid},1}", "1");
	/* Nested conditionals and commas inside them. */
	expect("#{?pid,#{?#{==:x,x},in#,ner,no},out}", "in,ner");
}

static void
test_format_truncate(void **state)
{
	expect("#{=3:socket_path}", "/tm");
	expect("#{=-4:socket_path}", "sock");
	expect("#{=100:socket_path}", "/tmp/sock");
	/* By display width: a wide character counts 2 and is not split. */
	srv->socket_path = realloc(srv->socket_path, 32);
	strcpy(srv->socket_path, "日本語x");
	expect("#{=4:socket_path}", "日本");
	expect("#{=5:socket_path}", "日本");
	expect("#{=-3:socket_path}", "語x");
	strcpy(srv->socket_path, "/tmp/sock");
}

/* A 2x2 grid of 80x24 as tmux lays it out: 0 top-left (40x12), 1
 * bottom-left, 2 top-right (39x12), 3 bottom-right; borders at x 40, y 12. */
static void
test_target_geometry(void **state)
{
	struct window	w;
	struct pane	p[4];
	unsigned int	i, geo[4][4] = {
		{ 0, 0, 40, 12 }, { 0, 13, 40, 11 }, { 41, 0, 39, 12 },
		{ 41, 13, 39, 11 } };
	void		*panes[4];
	char		*cause = NULL;

	memset(&w, 0, sizeof w);
	memset(p, 0, sizeof p);
	w.sx = 80;
	w.sy = 24;
	TAILQ_INIT(&w.panes);
	for (i = 0; i < 4; i++) {
		p[i].id = i;
		p[i].window = &w;
		p[i].xoff = geo[i][0];
		p[i].yoff = geo[i][1];
		p[i].sx = geo[i][2];
		p[i].sy = geo[i][3];
		TAILQ_INSERT_TAIL(&w.panes, &p[i], entry);
	}
	w.active = &p[1];
	w.last = &p[3];
	p[3].active_point = 1;
	p[1].active_point = 2;
	panes[0] = &p[0];
	panes[1] = &p[1];
	panes[2] = &p[2];
	panes[3] = &p[3];
	w.layout = layout_parse("5643,80x24,0,0{40x24,0,0[40x12,0,0,0,"
	    "40x11,0,13,1],39x24,41,0[39x12,41,0,2,39x11,41,13,3]}", panes, 4,
	    &cause);
	assert_non_null(w.layout);
	assert_ptr_equal(target_pane_at_side(&w, "top"), &p[0]);
	assert_ptr_equal(target_pane_at_side(&w, "bottom"), &p[1]);
	assert_ptr_equal(target_pane_at_side(&w, "left"), &p[0]);
	assert_ptr_equal(target_pane_at_side(&w, "right"), &p[2]);
	assert_ptr_equal(target_pane_at_side(&w, "top-left"), &p[0]);
	assert_ptr_equal(target_pane_at_side(&w, "top-right"), &p[2]);
	assert_ptr_equal(target_pane_at_side(&w, "bottom-left"), &p[1]);
	assert_ptr_equal(target_pane_at_side(&w, "bottom-right"), &p[3]);
	assert_null(target_pane_at_side(&w, "middle"));
	/* Beside the active pane (1), wrapping. */
	assert_ptr_equal(target_pane_beside(&p[1], LAYOUT_DIR_UP), &p[0]);
	assert_ptr_equal(target_pane_beside(&p[1], LAYOUT_DIR_DOWN), &p[0]);
	assert_ptr_equal(target_pane_beside(&p[1], LAYOUT_DIR_RIGHT), &p[3]);
	assert_ptr_equal(target_pane_beside(&p[1], LAYOUT_DIR_LEFT), &p[3]);
	assert_ptr_equal(target_pane_beside(&p[0], LAYOUT_DIR_RIGHT), &p[2]);
	assert_ptr_equal(target_pane_beside(&p[2], LAYOUT_DIR_LEFT), &p[0]);
	layout_free(w.layout);
	/* Two beside: the most recently active, else (never active) the
	 * first in the window's list. 0 on the left of 1 above 2. */
	w.layout = layout_create(&p[0], 80, 24);
	assert_non_null(layout_split(w.layout, &p[0], LAYOUT_LEFTRIGHT, -1,
	    0, &p[1]));
	assert_non_null(layout_split(w.layout, &p[1], LAYOUT_TOPBOTTOM, -1,
	    0, &p[2]));
	p[1].active_point = p[2].active_point = 0;
	assert_ptr_equal(target_pane_beside(&p[0], LAYOUT_DIR_RIGHT), &p[1]);
	p[2].active_point = 7;
	assert_ptr_equal(target_pane_beside(&p[0], LAYOUT_DIR_RIGHT), &p[2]);
	p[1].active_point = 8;
	assert_ptr_equal(target_pane_beside(&p[0], LAYOUT_DIR_LEFT), &p[1]);
	layout_free(w.layout);
	/* One pane: nothing beside it. */
	TAILQ_INIT(&w.panes);
	TAILQ_INSERT_TAIL(&w.panes, &p[0], entry);
	w.layout = layout_create(&p[0], 80, 24);
	assert_null(target_pane_beside(&p[0], LAYOUT_DIR_UP));
	layout_free(w.layout);
}

static void
test_options(void **state)
{
	struct options	*s = options_create(srv->session_options,
			    OPTION_SESSION);
	char		*cause = NULL, *v;

	assert_int_equal(options_get_number(s, "history-limit"), 2000);
	assert_int_equal(options_set(srv->session_options, "history-limit",
	    "500", 0, &cause), 0);
	assert_int_equal(options_get_number(s, "history-limit"), 500);
	assert_int_equal(options_set(s, "history-limit", "7", 0, &cause), 0);
	assert_int_equal(options_get_number(s, "history-limit"), 7);
	options_unset(s, "history-limit");
	assert_int_equal(options_get_number(s, "history-limit"), 500);

	assert_int_equal(options_set(s, "history-limit", "-1", 0, &cause), -1);
	assert_string_equal(cause, "value is too small: -1");
	free(cause);
	assert_int_equal(options_set(s, "nonsense", "1", 0, &cause), -1);
	assert_string_equal(cause, "invalid option: nonsense");
	free(cause);
	assert_int_equal(options_set(s, "status", "maybe", 0, &cause), -1);
	free(cause);
	assert_int_equal(options_set(s, "status-position", "left", 0,
	    &cause), -1);
	free(cause);
	assert_int_equal(options_set(s, "prefix", "C-a", 0, &cause), 0);
	assert_int_equal(options_set(s, "prefix", "Bogus-Key", 0, &cause), -1);
	free(cause);

	/* A flag with no value toggles. */
	assert_int_equal(options_get_number(s, "mouse"), 0);
	assert_int_equal(options_set(s, "mouse", NULL, 0, &cause), 0);
	assert_int_equal(options_get_number(s, "mouse"), 1);

	/* -a appends to strings; unique prefixes name options. */
	assert_int_equal(options_set(s, "status-left", "[", 0, &cause), 0);
	assert_int_equal(options_set(s, "status-left", "x]", 1, &cause), 0);
	v = options_to_string(s, "status-left");
	assert_string_equal(v, "[x]");
	free(v);
	assert_non_null(options_find("history-l"));
	assert_null(options_find("status-"));	/* ambiguous */
	options_free(s);
}

static void
test_styles(void **state)
{
	struct cell	c = CELL_BLANK;
	uint32_t	colour;

	assert_int_equal(style_apply(&c, "fg=red,bg=colour200,bold"), 0);
	assert_int_equal(c.fg, COLOUR_INDEX(1));
	assert_int_equal(c.bg, COLOUR_INDEX(200));
	assert_true(c.attr & ATTR_BOLD);
	assert_int_equal(style_apply(&c, "nobold reverse"), 0);
	assert_false(c.attr & ATTR_BOLD);
	assert_true(c.attr & ATTR_REVERSE);
	assert_int_equal(style_apply(&c, "bg=#ff8000"), 0);
	assert_int_equal(c.bg, COLOUR_RGB(0xff, 0x80, 0));
	assert_int_equal(style_apply(&c, "default,none"), 0);
	assert_int_equal(c.fg, COLOUR_DEFAULT);
	assert_int_equal(c.attr, 0);
	assert_int_equal(style_apply(&c, "fg=nosuchcolour,bold"), -1);
	assert_false(c.attr & ATTR_BOLD);	/* nothing applied, as tmux */
	assert_int_equal(style_parse_colour("brightblue", &colour), 0);
	assert_int_equal(colour, COLOUR_INDEX(12));
	assert_int_equal(style_parse_colour("colour256", &colour), -1);
}

/* "default" is the base a style is drawn over, as in tmux 3.3a. */
static void
test_style_base(void **state)
{
	struct cell	base = CELL_BLANK, c;

	base.fg = COLOUR_INDEX(0);
	base.bg = COLOUR_INDEX(2);
	base.attr = ATTR_BOLD;
	c = base;
	assert_int_equal(style_apply_base(&c, "fg=red,noreverse", &base), 0);
	assert_int_equal(c.fg, COLOUR_INDEX(1));
	assert_int_equal(style_apply_base(&c, "default", &base), 0);
	assert_int_equal(c.fg, COLOUR_INDEX(0));
	assert_int_equal(c.bg, COLOUR_INDEX(2));
	assert_int_equal(c.attr, ATTR_BOLD);
	assert_int_equal(style_apply_base(&c, "fg=blue,bg=red", &base), 0);
	assert_int_equal(style_apply_base(&c, "fg=default", &base), 0);
	assert_int_equal(c.fg, COLOUR_INDEX(0));
	assert_int_equal(c.bg, COLOUR_INDEX(1));
	assert_int_equal(style_apply_base(&c, "bg=terminal", &base), 0);
	assert_int_equal(c.bg, COLOUR_DEFAULT);
	/* Over the terminal, default is the terminal's. */
	assert_int_equal(style_apply(&c, "default"), 0);
	assert_int_equal(c.fg, COLOUR_DEFAULT);
	assert_int_equal(c.attr, 0);
	/* push-default means something only in drawn text. */
	assert_int_equal(style_apply(&c, "push-default"), -1);
}

/* Expand fmt for the buffer named name and compare. */
static void
expect_buffer(const char *name, const char *fmt, const char *want)
{
	char	*got = format_expand_buffer(fmt, paste_find(name));

	if (strcmp(got, want) != 0)
		fail_msg("%s: got <%s>, want <%s>", fmt, got, want);
	free(got);
}

static void
test_buffers(void **state)
{
	char	big[300];

	paste_set("b", "a\tb\\c\033d\n\xc3\xa9\xff", 11);
	expect_buffer("b", "#{buffer_name}:#{buffer_size}", "b:11");
	expect_buffer("b", "#{buffer_sample}",
	    "a\\tb\\\\c\\033d\\n\xc3\xa9\\377");
	expect_buffer("b", "#{buffer_full}", "a\tb\\c\033d\n\xc3\xa9\xff");
	memset(big, 'x', sizeof big);
	paste_set("big", big, sizeof big);
	memset(big + 200, 0, 1);
	strcat(big, "...");
	expect_buffer("big", "#{buffer_sample}", big);
}

static void
test_style_draw(void **state)
{
	struct cell	line[8], base = CELL_BLANK;
	unsigned int	i;

	for (i = 0; i < 8; i++)
		line[i] = CELL_BLANK;
	/* A wide character that does not fit is not drawn. */
	assert_int_equal(style_draw(line, 8, 2, 4, "a\xe4\xb8\x80\xe4\xb8\x80",
	    &base, 0), 3);
	assert_int_equal(line[2].ch, 'a');
	assert_int_equal(line[3].ch, 0x4e00);
	assert_int_equal(line[3].width, 2);
	assert_int_equal(line[4].width, 0);
	assert_int_equal(line[5].ch, ' ');
	/* Markup only with the flag; measuring draws nothing. */
	assert_int_equal(style_draw(NULL, 8, 0, 8, "#[bold]ab", &base, 0), 8);
	assert_int_equal(style_draw(NULL, 8, 0, 8, "#[bold]ab", &base,
	    STYLE_DRAW_MARKUP), 2);
	assert_int_equal(style_draw(line, 8, 6, 8, "#[bold]abc", &base,
	    STYLE_DRAW_MARKUP), 2);
	assert_true(line[6].attr & ATTR_BOLD);
	assert_int_equal(line[7].ch, 'b');
}

/* A status format's zero width characters join the one before them, as
 * tmux 3.3a's status line keeps them (e and U+0301, VS16 after U+2764);
 * a zero width joiner joins the character after it to the one before,
 * which keeps its two columns (tmux 3.3a's status line: regress/widths.sh
 * compares the layout). */
static void
test_style_draw_format_combining(void **state)
{
	struct cell	line[10], base = CELL_BLANK;
	uint32_t	cps[UTF8_MAX_CPS];
	unsigned int	i;

	for (i = 0; i < 10; i++)
		line[i] = base;
	style_draw_format(line, 0, 10, "e\xcc\x81x\xe2\x9d\xa4\xef\xb8\x8f|"
	    "\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9|", &base, NULL,
	    NULL);
	assert_int_equal(utf8_expand(line[0].ch, cps), 2);
	assert_int_equal(cps[1], 0x301);
	assert_int_equal(line[1].ch, 'x');
	assert_int_equal(utf8_expand(line[2].ch, cps), 2);
	assert_int_equal(cps[1], 0xfe0f);
	assert_int_equal(line[3].ch, '|');
	assert_int_equal(utf8_expand(line[4].ch, cps), 3);
	assert_int_equal(cps[0], 0x1f468);
	assert_int_equal(cps[1], 0x200d);
	assert_int_equal(cps[2], 0x1f469);
	assert_int_equal(line[4].width, 2);
	assert_int_equal(line[6].ch, '|');
}

/* Draw fmt into a blank line of n cells (n <= 40); the characters as a
 * string in *text (static). */
static struct cell *
draw_format(const char *fmt, unsigned int n, const struct cell *base,
    struct style_range **ranges, unsigned int *nranges, const char **text)
{
	static struct cell	line[40];
	static char		buf[41];
	unsigned int		i;

	for (i = 0; i < n; i++)
		line[i] = *base;
	style_draw_format(line, 0, n, fmt, base, ranges, nranges);
	for (i = 0; i < n; i++)
		buf[i] = line[i].ch < 0x80 ? line[i].ch : '?';
	buf[n] = '\0';
	*text = buf;
	return (line);
}

/* The markup of status formats, drawn as tmux 3.3a's format_draw. */
static void
test_style_draw_format(void **state)
{
	struct cell		 base = CELL_BLANK, *line;
	struct style_range	*r = NULL;
	unsigned int		 nr = 0;
	const char		*text;

	/* "##" draws one '#': "##[" is text, "###[" a '#' then a style. */
	line = draw_format("a##b###[bold]c", 8, &base, NULL, NULL, &text);
	assert_string_equal(text, "a#b#c   ");
	assert_false(line[3].attr & ATTR_BOLD);
	assert_true(line[4].attr & ATTR_BOLD);
	draw_format("##[x]", 8, &base, NULL, NULL, &text);
	assert_string_equal(text, "#[x]    ");
	assert_int_equal(style_format_width("a##b###[bold]c"), 5);
	/* #[default] is base, or what was in force where #[push-default]
	 * was (before that #[...]'s own changes), until #[pop-default]. */
	base.bg = COLOUR_INDEX(2);
	line = draw_format("#[fg=red]a#[default]b#[fg=blue]#[push-default]c"
	    "#[fg=red]d#[default]e#[pop-default]f#[default]g"
	    "#[fg=cyan,push-default]h#[default]i", 9, &base, NULL, NULL, &text);
	assert_string_equal(text, "abcdefghi");
	assert_int_equal(line[0].fg, COLOUR_INDEX(1));
	assert_int_equal(line[1].fg, COLOUR_DEFAULT);
	assert_int_equal(line[1].bg, COLOUR_INDEX(2));
	assert_int_equal(line[2].fg, COLOUR_INDEX(4));
	assert_int_equal(line[3].fg, COLOUR_INDEX(1));
	assert_int_equal(line[4].fg, COLOUR_INDEX(4));
	assert_int_equal(line[5].fg, COLOUR_INDEX(4));	/* pop keeps the pen */
	assert_int_equal(line[6].fg, COLOUR_DEFAULT);
	assert_int_equal(line[7].fg, COLOUR_INDEX(6));
	assert_int_equal(line[8].fg, COLOUR_DEFAULT);
	base.bg = COLOUR_DEFAULT;
	/* Alignment: left, centre and right; absolute-centre in the middle
	 * of the whole line. */
	draw_format("L#[align=right]R#[align=centre]C", 11, &base, NULL, NULL,
	    &text);
	assert_string_equal(text, "L    C    R");
	draw_format("LLLL#[align=absolute-centre]A", 11, &base, NULL, NULL,
	    &text);
	assert_string_equal(text, "LLLL A     ");
	/* A fill colour covers the line. */
	line = draw_format("#[fill=red]x", 4, &base, NULL, NULL, &text);
	assert_int_equal(line[3].bg, COLOUR_INDEX(1));
	assert_int_equal(line[0].bg, COLOUR_DEFAULT);
	/* A list too long is cut around its focus, with the markers. */
	draw_format("#[list=on align=left]#[list=left-marker]<"
	    "#[list=right-marker]>"
	    "#[list=on]aaa bbb #[list=focus]ccc#[list=on] ddd eee", 9, &base,
	    NULL, NULL, &text);
	assert_string_equal(text, "<b ccc d>");
	/* The centre gives way first (what shows of it is its middle). */
	draw_format("left#[align=right]right#[align=centre]centre", 10,
	    &base, NULL, NULL, &text);
	assert_string_equal(text, "lefttright");
	/* Ranges end one column past the next style (as tmux's do) and are
	 * in line columns, cut to what shows. */
	draw_format("#[range=left]ab#[norange] #[align=right range=window|3]"
	    "xy#[norange]", 10, &base, &r, &nr, &text);
	assert_string_equal(text, "ab      xy");
	assert_int_equal(nr, 2);
	assert_int_equal(r[0].type, STYLE_RANGE_LEFT);
	assert_int_equal(r[0].x0, 0);
	assert_int_equal(r[0].x1, 3);
	assert_int_equal(r[1].type, STYLE_RANGE_WINDOW);
	assert_int_equal(r[1].argument, 3);
	assert_int_equal(r[1].x0, 8);
	assert_int_equal(r[1].x1, 10);
	free(r);
	/* No closing ']': nothing is drawn. */
	draw_format("abc#[bold", 4, &base, NULL, NULL, &text);
	assert_string_equal(text, "    ");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format_basics),
		cmocka_unit_test(test_format_table),
		cmocka_unit_test(test_format_each),
		cmocka_unit_test(test_format_modifiers_literal),
		cmocka_unit_test(test_format_modifiers_compare),
		cmocka_unit_test(test_format_modifiers_expr),
		cmocka_unit_test(test_format_modifiers_text),
		cmocka_unit_test(test_format_modifiers_time),
		cmocka_unit_test(test_format_conditional_rules),
		cmocka_unit_test(test_format_environment),
		cmocka_unit_test(test_format_trim_styles),
		cmocka_unit_test(test_format_conditionals),
		cmocka_unit_test(test_format_truncate),
		cmocka_unit_test(test_target_geometry),
		cmocka_unit_test(test_format_regsub_bounds),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_styles),
		cmocka_unit_test(test_buffers),
		cmocka_unit_test(test_style_draw),
		cmocka_unit_test(test_style_draw_format),
		cmocka_unit_test(test_style_draw_format_combining),
		cmocka_unit_test(test_style_base),
	};

	return (cmocka_run_group_tests(tests, setup, teardown));
}
