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

#include <cmocka.h>

#include "server/format.h"
#include "server/options.h"
#include "server/paste.h"
#include "server/server.h"
#include "server/style.h"

/* Expand fmt with no target and compare. */
static void
expect(const char *fmt, const char *want)
{
	char	*got = format_expand(fmt, NULL, NULL);

	if (strcmp(got, want) != 0)
		fail_msg("%s: got <%s>, want <%s>", fmt, got, want);
	free(got);
}

static int
setup(void **state)
{
	srv = calloc(1, sizeof *srv);
	srv->pid = 4242;
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
	free(srv->socket_path);
	free(srv);
	srv = NULL;
	return (0);
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
	expect("#{pid", "#{pid");	/* unterminated: left as is */
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
	assert_true(c.attr & ATTR_BOLD);	/* the rest still applied */
	assert_int_equal(style_parse_colour("brightblue", &colour), 0);
	assert_int_equal(colour, COLOUR_INDEX(12));
	assert_int_equal(style_parse_colour("colour256", &colour), -1);
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
	assert_int_equal(style_draw(line, 8, 0, 8, "#[bold]ab", &base,
	    STYLE_DRAW_MARKUP), 2);
	assert_true(line[0].attr & ATTR_BOLD);
	assert_int_equal(line[1].ch, 'b');
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format_basics),
		cmocka_unit_test(test_format_conditionals),
		cmocka_unit_test(test_format_truncate),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_styles),
		cmocka_unit_test(test_buffers),
		cmocka_unit_test(test_style_draw),
	};

	return (cmocka_run_group_tests(tests, setup, teardown));
}
