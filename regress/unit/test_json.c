/*
 * The JSON writer (common/json.c): commas and nesting, numbers and
 * booleans, and string escaping per RFC 8259: quotes, backslashes, every
 * control character, DEL, U+2028/U+2029, valid UTF-8 kept and every kind
 * of invalid UTF-8 replaced with U+FFFD (and reported); a misused writer
 * aborts instead of writing broken JSON.
 */
#include <sys/wait.h>

#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "common/json.h"
#include "common/proto.h"

/* The text written so far, as a NUL-terminated string. */
static const char *
text(struct pbuf *pb)
{
	pw_u8(pb, '\0');
	pb->len--;
	return ((const char *)pb->data);
}

/* One string of len bytes, as the writer escapes it; *lossy set. */
static void
expect_escaped(const char *in, size_t len, const char *want, int want_lossy)
{
	struct pbuf	pb;
	struct json	j;
	int		lossy;

	pbuf_init(&pb);
	json_init(&j, &pb);
	lossy = json_string_len(&j, in, len);
	assert_string_equal(text(&pb), want);
	assert_int_equal(lossy, want_lossy);
	pbuf_free(&pb);
}

static void
test_json_structure(void **state)
{
	struct pbuf	pb;
	struct json	j;

	(void)state;
	pbuf_init(&pb);
	json_init(&j, &pb);
	json_array_open(&j);
	json_object_open(&j);
	json_member_string(&j, "name", "a");
	json_member_number(&j, "n", -42);
	json_member_bool(&j, "t", 1);
	json_member_bool(&j, "f", 0);
	json_key(&j, "nothing");
	json_null(&j);
	json_key(&j, "list");
	json_array_open(&j);
	json_string(&j, "x");
	json_number(&j, 9223372036854775807LL);
	json_array_open(&j);
	json_array_close(&j);
	json_object_open(&j);
	json_object_close(&j);
	json_array_close(&j);
	json_object_close(&j);
	json_object_open(&j);
	json_object_close(&j);
	json_array_close(&j);
	assert_string_equal(text(&pb), "[{\"name\":\"a\",\"n\":-42,"
	    "\"t\":true,\"f\":false,\"nothing\":null,"
	    "\"list\":[\"x\",9223372036854775807,[],{}]},{}]");
	assert_int_equal(j.depth, 0);
	pbuf_free(&pb);

	/* One member a line. */
	pbuf_init(&pb);
	json_init(&j, &pb);
	j.flags |= JSON_LINES;
	json_array_open(&j);
	json_object_open(&j);
	json_member_number(&j, "a", 1);
	json_member_number(&j, "b", 2);
	json_object_close(&j);
	json_object_open(&j);
	json_object_close(&j);
	json_array_close(&j);
	assert_string_equal(text(&pb), "[\n{\"a\":1,\"b\":2},\n{}\n]");
	pbuf_free(&pb);
	pbuf_init(&pb);
	json_init(&j, &pb);
	j.flags |= JSON_LINES;
	json_array_open(&j);
	json_array_close(&j);
	assert_string_equal(text(&pb), "[]");
	pbuf_free(&pb);

	/* An empty array, and a key that needs escaping. */
	pbuf_init(&pb);
	json_init(&j, &pb);
	json_array_open(&j);
	json_array_close(&j);
	assert_string_equal(text(&pb), "[]");
	pbuf_free(&pb);
	pbuf_init(&pb);
	json_init(&j, &pb);
	json_object_open(&j);
	json_member_string(&j, "a\"b\n", "");
	json_object_close(&j);
	assert_string_equal(text(&pb), "{\"a\\\"b\\n\":\"\"}");
	pbuf_free(&pb);
}

static void
test_json_escapes(void **state)
{
	char	all[32];
	int	i;

	(void)state;
	expect_escaped("plain text", 10, "\"plain text\"", 0);
	expect_escaped("", 0, "\"\"", 0);
	expect_escaped("q\"b\\s/", 6, "\"q\\\"b\\\\s/\"", 0);
	expect_escaped("\b\f\n\r\t", 5, "\"\\b\\f\\n\\r\\t\"", 0);
	expect_escaped("\033[1m\x7f", 5, "\"\\u001b[1m\\u007f\"", 0);
	/* A NUL inside the bytes is escaped, not the end. */
	expect_escaped("a\0b", 3, "\"a\\u0000b\"", 0);
	/* Every C0 control without a short escape. */
	for (i = 0; i < 32; i++)
		all[i] = (char)i;
	expect_escaped(all, 32, "\"\\u0000\\u0001\\u0002\\u0003\\u0004"
	    "\\u0005\\u0006\\u0007\\b\\t\\n\\u000b\\f\\r\\u000e\\u000f"
	    "\\u0010\\u0011\\u0012\\u0013\\u0014\\u0015\\u0016\\u0017"
	    "\\u0018\\u0019\\u001a\\u001b\\u001c\\u001d\\u001e\\u001f\"", 0);
}

static void
test_json_utf8(void **state)
{
	(void)state;
	/* Valid: 2, 3 and 4 bytes, kept as they are. */
	expect_escaped("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", 9,
	    "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"", 0);
	/* The edges: U+0080, U+07FF, U+0800, U+FFFF, U+10000, U+10FFFF. */
	expect_escaped("\xc2\x80\xdf\xbf\xe0\xa0\x80\xef\xbf\xbf"
	    "\xf0\x90\x80\x80\xf4\x8f\xbf\xbf", 18,
	    "\"\xc2\x80\xdf\xbf\xe0\xa0\x80\xef\xbf\xbf"
	    "\xf0\x90\x80\x80\xf4\x8f\xbf\xbf\"", 0);
	/* U+2028 and U+2029 are escaped. */
	expect_escaped("a\xe2\x80\xa8" "b\xe2\x80\xa9", 8,
	    "\"a\\u2028b\\u2029\"", 0);
	/* A stray continuation byte, a lone lead byte, FF. */
	expect_escaped("a\x80z", 3, "\"a\\ufffdz\"", 1);
	expect_escaped("\xc3z", 2, "\"\\ufffdz\"", 1);
	expect_escaped("\xff", 1, "\"\\ufffd\"", 1);
	/* Cut short at the end: each byte replaced. */
	expect_escaped("\xe2\x82", 2, "\"\\ufffd\\ufffd\"", 1);
	/* Overlong forms (C0 80, E0 80 80, F0 80 80 80). */
	expect_escaped("\xc0\x80", 2, "\"\\ufffd\\ufffd\"", 1);
	expect_escaped("\xe0\x80\x80", 3, "\"\\ufffd\\ufffd\\ufffd\"", 1);
	expect_escaped("\xf0\x80\x80\x80", 4,
	    "\"\\ufffd\\ufffd\\ufffd\\ufffd\"", 1);
	/* A surrogate (U+D800) and past U+10FFFF (F4 90 80 80). */
	expect_escaped("\xed\xa0\x80", 3, "\"\\ufffd\\ufffd\\ufffd\"", 1);
	expect_escaped("\xf4\x90\x80\x80", 4,
	    "\"\\ufffd\\ufffd\\ufffd\\ufffd\"", 1);
	assert_int_equal(json_utf8_len((const uint8_t *)"\xf0\x9f\x98", 3), 0);
	assert_int_equal(json_utf8_len((const uint8_t *)"A", 1), 1);
}

/* Run f in a child: it must abort (fatalx). */
static void
expect_abort(void (*f)(void))
{
	pid_t	pid;
	int	status;

	pid = fork();
	assert_true(pid != -1);
	if (pid == 0) {
		signal(SIGABRT, SIG_DFL);
		f();
		_exit(0);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_false(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static void
misuse_value_without_key(void)
{
	struct pbuf	pb;
	struct json	j;

	pbuf_init(&pb);
	json_init(&j, &pb);
	json_object_open(&j);
	json_number(&j, 1);
}

static void
misuse_wrong_close(void)
{
	struct pbuf	pb;
	struct json	j;

	pbuf_init(&pb);
	json_init(&j, &pb);
	json_array_open(&j);
	json_object_close(&j);
}

static void
misuse_too_deep(void)
{
	struct pbuf	pb;
	struct json	j;
	int		i;

	pbuf_init(&pb);
	json_init(&j, &pb);
	for (i = 0; i <= JSON_DEPTH_MAX; i++)
		json_array_open(&j);
}

static void
misuse_two_tops(void)
{
	struct pbuf	pb;
	struct json	j;

	pbuf_init(&pb);
	json_init(&j, &pb);
	json_number(&j, 1);
	json_number(&j, 2);
}

static void
test_json_misuse(void **state)
{
	(void)state;
	expect_abort(misuse_value_without_key);
	expect_abort(misuse_wrong_close);
	expect_abort(misuse_too_deep);
	expect_abort(misuse_two_tops);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_json_structure),
		cmocka_unit_test(test_json_escapes),
		cmocka_unit_test(test_json_utf8),
		cmocka_unit_test(test_json_misuse),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
