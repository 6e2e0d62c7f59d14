/*
 * The command language: lookup by alias, name and prefix; argument
 * templates; the text parser's quoting, escapes, variables, chaining,
 * comments and errors.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cmd/cmd.h"

/* Parse text that must succeed; returns the list. */
static struct cmd_list *
parse_ok(const char *text)
{
	char		*cause = NULL;
	struct cmd_list	*cl = cmd_parse_string(text, "test", &cause);

	if (cl == NULL)
		fail_msg("parse of <%s> failed: %s", text, cause);
	return (cl);
}

/* Parse text that must fail; returns the error. */
static char *
parse_fail(const char *text)
{
	char		*cause = NULL;
	struct cmd_list	*cl = cmd_parse_string(text, "f.conf:3", &cause);

	if (cl != NULL)
		fail_msg("parse of <%s> should have failed", text);
	return (cause);
}

static void
test_lookup(void **state)
{
	char	*cause = NULL;

	assert_string_equal(cmd_find_entry("ls", &cause)->name,
	    "list-sessions");
	assert_string_equal(cmd_find_entry("new", &cause)->name,
	    "new-session");
	assert_string_equal(cmd_find_entry("attach", &cause)->name,
	    "attach-session");
	assert_string_equal(cmd_find_entry("a", &cause)->name,
	    "attach-session");
	assert_string_equal(cmd_find_entry("kill-ser", &cause)->name,
	    "kill-server");
	assert_null(cmd_find_entry("kill", &cause));
	assert_non_null(strstr(cause, "ambiguous command: kill, could be: "));
	assert_non_null(strstr(cause, "kill-server"));
	assert_non_null(strstr(cause, "kill-session"));
	free(cause);
	assert_null(cmd_find_entry("frobnicate", &cause));
	assert_string_equal(cause, "unknown command: frobnicate");
	free(cause);
}

static void
test_args(void **state)
{
	const struct cmd_entry	*e;
	struct args		*a;
	char			*cause = NULL;
	char			*argv1[] = { "-dstest", "-x", "100", "cmd", "-n" };
	char			*argv2[] = { "-q" };
	char			*argv3[] = { "-s" };

	e = cmd_find_entry("new-session", &cause);
	a = args_parse(e, 5, argv1, &cause);
	assert_non_null(a);
	assert_true(args_has(a, 'd'));
	assert_string_equal(args_get(a, 's'), "test");
	assert_string_equal(args_get(a, 'x'), "100");
	assert_int_equal(args_strtonum(a, 'x', 1, 1000, &cause), 100);
	/* Flags stop at the first argument. */
	assert_int_equal(a->argc, 2);
	assert_string_equal(a->argv[1], "-n");
	args_free(a);

	assert_null(args_parse(e, 1, argv2, &cause));
	assert_string_equal(cause, "unknown flag -q");
	free(cause);
	assert_null(args_parse(e, 1, argv3, &cause));
	assert_string_equal(cause, "-s expects an argument");
	free(cause);

	e = cmd_find_entry("kill-server", &cause);
	assert_null(args_parse(e, 1, (char *[]){ "extra" }, &cause));
	assert_string_equal(cause, "usage: kill-server ");
	free(cause);
}

static void
test_parse_quotes(void **state)
{
	struct cmd_list	*cl;

	cl = parse_ok("send-keys -t a 'echo $HOME \"x\"' \"a\\tb\" c\\ d");
	assert_int_equal(cl->n, 1);
	assert_int_equal(cl->cmds[0]->args->argc, 3);
	assert_string_equal(cl->cmds[0]->args->argv[0], "echo $HOME \"x\"");
	assert_string_equal(cl->cmds[0]->args->argv[1], "a\tb");
	assert_string_equal(cl->cmds[0]->args->argv[2], "c d");
	cmd_list_free(cl);

	cl = parse_ok("send-keys ''");
	assert_int_equal(cl->cmds[0]->args->argc, 1);
	assert_string_equal(cl->cmds[0]->args->argv[0], "");
	cmd_list_free(cl);
}

static void
test_parse_variables(void **state)
{
	struct cmd_list	*cl;

	setenv("MUXTESTVAR", "value", 1);
	setenv("HOME", "/home/u", 1);
	cl = parse_ok("send-keys $MUXTESTVAR \"${MUXTESTVAR}x\" ~/dir '$X'");
	assert_string_equal(cl->cmds[0]->args->argv[0], "value");
	assert_string_equal(cl->cmds[0]->args->argv[1], "valuex");
	assert_string_equal(cl->cmds[0]->args->argv[2], "/home/u/dir");
	assert_string_equal(cl->cmds[0]->args->argv[3], "$X");
	cmd_list_free(cl);
}

static void
test_parse_chaining(void **state)
{
	struct cmd_list	*cl;

	cl = parse_ok("new -d ; ls; has -t x");
	assert_int_equal(cl->n, 3);
	assert_string_equal(cl->cmds[0]->entry->name, "new-session");
	assert_string_equal(cl->cmds[1]->entry->name, "list-sessions");
	assert_string_equal(cl->cmds[2]->entry->name, "has-session");
	cmd_list_free(cl);

	/* An escaped ';' is an argument: bind-key chains this way. */
	cl = parse_ok("bind-key x send-keys a \\; send-keys b");
	assert_int_equal(cl->n, 1);
	assert_int_equal(cl->cmds[0]->args->argc, 6);
	assert_string_equal(cl->cmds[0]->args->argv[3], ";");
	cmd_list_free(cl);

	cl = parse_ok("ls # a comment ; kill-server");
	assert_int_equal(cl->n, 1);
	cmd_list_free(cl);
}

static void
test_parse_errors(void **state)
{
	char	*cause;

	cause = parse_fail("send-keys 'unterminated");
	assert_string_equal(cause, "f.conf:3: unterminated single quote");
	free(cause);
	cause = parse_fail("send-keys \"unterminated");
	assert_string_equal(cause, "f.conf:3: unterminated double quote");
	free(cause);
	cause = parse_fail("nosuchcommand x");
	assert_string_equal(cause, "f.conf:3: unknown command: nosuchcommand");
	free(cause);
	cause = parse_fail("new-session -Q");
	assert_non_null(strstr(cause, "unknown flag -Q"));
	assert_non_null(strstr(cause, "usage: new-session"));
	free(cause);
	cause = parse_fail("send-keys ${UNCLOSED");
	assert_string_equal(cause, "f.conf:3: invalid environment variable");
	free(cause);
}

static void
test_argv_separators(void **state)
{
	char		*argv[] = { "new", "-d;", "ls", ";", "has" };
	char		*cause = NULL;
	struct cmd_list	*cl;

	cl = cmd_parse_argv(5, argv, &cause);
	assert_non_null(cl);
	assert_int_equal(cl->n, 3);
	assert_true(args_has(cl->cmds[0]->args, 'd'));
	cmd_list_free(cl);

	assert_null(cmd_parse_argv(1, (char *[]){ ";" }, &cause));
	assert_string_equal(cause, "no command given");
	free(cause);
}

static void
test_print(void **state)
{
	struct cmd_list	*cl, *bind;
	char		*text, *line;

	cl = parse_ok("send-keys -t a 'echo hi' Enter ; ls");
	text = cmd_list_print(cl);
	assert_string_equal(text,
	    "send-keys -t a \"echo hi\" Enter \\; list-sessions");
	/* As list-keys prints it, it reads back as a binding of two. */
	line = malloc(strlen(text) + 32);
	strcpy(line, "bind-key x ");
	strcat(line, text);
	bind = parse_ok(line);
	assert_int_equal(bind->n, 1);
	assert_int_equal(bind->cmds[0]->args->argc, 8);
	assert_string_equal(bind->cmds[0]->args->argv[6], ";");
	free(line);
	free(text);
	cmd_list_free(cl);
	cmd_list_free(bind);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lookup),
		cmocka_unit_test(test_args),
		cmocka_unit_test(test_parse_quotes),
		cmocka_unit_test(test_parse_variables),
		cmocka_unit_test(test_parse_chaining),
		cmocka_unit_test(test_parse_errors),
		cmocka_unit_test(test_argv_separators),
		cmocka_unit_test(test_print),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
