/*
 * The command language: lookup by alias, name and prefix; argument
 * templates; the text parser's quoting, escapes, variables, chaining,
 * comments and errors.
 */
#include <locale.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cmd/cmd.h"
#include "cmd/key-bindings.h"
#include "model/state.h"

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
	assert_string_equal(cause, "too many arguments (need at most 0)");
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
	assert_string_equal(cause,
	    "f.conf:3: command new-session: unknown flag -Q");
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

static const char	*arg0(struct cmd_list *, unsigned int, int);

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

	/* Controls print as the parser's escapes, quoted only when something
	 * else needs it (as tmux's list-keys), and read back the same. */
	cl = parse_ok("run-shell \"\\ta\\tb\" ; display \"x y\\tz\\e\"");
	assert_string_equal(arg0(cl, 0, 0), "\ta\tb");
	text = cmd_list_print(cl);
	assert_string_equal(text,
	    "run-shell \\ta\\tb \\; display-message \"x y\\tz\\033\"");
	free(text);
	text = cmd_print(cl->cmds[1]);
	bind = parse_ok(text);
	assert_string_equal(arg0(bind, 0, 0), "x y\tz\033");
	free(text);
	cmd_list_free(bind);
	text = cmd_print(cl->cmds[0]);
	bind = parse_ok(text);
	assert_string_equal(arg0(bind, 0, 0), "\ta\tb");
	free(text);
	cmd_list_free(cl);
	cmd_list_free(bind);
}

/* The first argument of the first command. */
static const char *
arg0(struct cmd_list *cl, unsigned int i, int a)
{
	assert_true(i < cl->n);
	assert_true(a < cl->cmds[i]->args->argc);
	return (cl->cmds[i]->args->argv[a]);
}

static void
test_parse_conditions(void **state)
{
	struct cmd_list	*cl;

	cl = parse_ok("%if 1\nsend-keys yes\n%else\nsend-keys no\n%endif\n");
	assert_int_equal(cl->n, 1);
	assert_string_equal(arg0(cl, 0, 0), "yes");
	cmd_list_free(cl);

	cl = parse_ok("%if 0\nsend-keys a\n%elif ''\nsend-keys b\n"
	    "%elif 1\nsend-keys c\n%else\nsend-keys d\n%endif");
	assert_int_equal(cl->n, 1);
	assert_string_equal(arg0(cl, 0, 0), "c");
	cmd_list_free(cl);

	/* Nested, and a false outer part keeps nothing of its inner ones. */
	cl = parse_ok("%if 0\n%if 1\nsend-keys x\n%endif\n%else\n"
	    "%if 1\nsend-keys y\n%endif\n%endif");
	assert_int_equal(cl->n, 1);
	assert_string_equal(arg0(cl, 0, 0), "y");
	cmd_list_free(cl);

	/* On one line, after a ';'. */
	cl = parse_ok("send-keys a ; %if 0 send-keys b %else send-keys c %endif");
	assert_int_equal(cl->n, 2);
	assert_string_equal(arg0(cl, 1, 0), "c");
	cmd_list_free(cl);

	/* %1 is a word (a pane id), not a directive. */
	cl = parse_ok("send-keys -t %1 x");
	assert_string_equal(args_get(cl->cmds[0]->args, 't'), "%1");
	cmd_list_free(cl);
}

static void
test_parse_blocks(void **state)
{
	struct cmd_list	*cl, *inner;
	char		*cause = NULL, *text;

	cl = parse_ok("bind-key x { send-keys a; send-keys 'b c'\n"
	    "  # a comment\n  send-keys \"it's\" }");
	assert_int_equal(cl->n, 1);
	assert_string_equal(arg0(cl, 0, 1),
	    "send-keys a ; send-keys 'b c'\nsend-keys \"it's\"");
	/* The text reads back as the same commands, lines apart. */
	inner = cmd_parse_string(arg0(cl, 0, 1), NULL, &cause);
	assert_non_null(inner);
	assert_int_equal(inner->n, 3);
	assert_string_equal(arg0(inner, 1, 0), "b c");
	assert_string_equal(arg0(inner, 2, 0), "it's");
	text = cmd_list_print(inner);
	assert_string_equal(text, "send-keys a \\; send-keys \"b c\" "
	    "\\;\\; send-keys \"it's\"");
	free(text);
	cmd_list_free(inner);
	cmd_list_free(cl);

	/* Block commands are named in full; two blocks as arguments. */
	cl = parse_ok("if -F 1 { send -t x a } { ls }");
	assert_string_equal(arg0(cl, 0, 1), "send-keys -t x a");
	assert_string_equal(arg0(cl, 0, 2), "list-sessions");
	cmd_list_free(cl);

	free(parse_fail("bind-key x { send-keys a"));
	free(parse_fail("send-keys a }"));
	cause = parse_fail("bind-key x { nosuchcommand }");
	assert_string_equal(cause, "f.conf:3: unknown command: nosuchcommand");
	free(cause);
}

static void
test_parse_lexer(void **state)
{
	struct cmd_list	*cl;
	char		*cause;

	setlocale(LC_CTYPE, "C.UTF-8");
	cl = parse_ok("send-keys \\101\\sB \"\\u00e9\" a\\\n b");
	assert_string_equal(arg0(cl, 0, 0), "A B");
	assert_string_equal(arg0(cl, 0, 1), "\xc3\xa9");
	assert_string_equal(arg0(cl, 0, 2), "a");
	assert_string_equal(arg0(cl, 0, 3), "b");
	cmd_list_free(cl);

	/* Two backslashes before a newline are one, and the line ends. */
	cl = parse_ok("send-keys a\\\\\nsend-keys b");
	assert_int_equal(cl->n, 2);
	assert_string_equal(arg0(cl, 0, 0), "a\\");
	cmd_list_free(cl);

	/* A quote over lines keeps the newline, not the indent. */
	cl = parse_ok("send-keys 'a\n   b'");
	assert_string_equal(arg0(cl, 0, 0), "a\nb");
	cmd_list_free(cl);

	/* Lines are groups (a failure skips the rest of its own). */
	cl = parse_ok("send-keys a ; send-keys b\nsend-keys c");
	assert_int_equal(cl->cmds[0]->group, cl->cmds[1]->group);
	assert_true(cl->cmds[1]->group != cl->cmds[2]->group);
	cmd_list_free(cl);

	cause = parse_fail("send-keys a\n%frobnicate\n");
	assert_string_equal(cause, "f.conf:3: unknown directive: %frobnicate");
	free(cause);
	free(parse_fail("%if 1\nsend-keys a\n"));
	free(parse_fail("send-keys a ; %if 1\nsend-keys b\n%endif"));
	free(parse_fail("send-keys \\5"));
	free(parse_fail("send-keys \\u12"));
}

/* Key tables: a binding is found by its key after any order of binds,
 * rebinds and unbinds; tables are found by name (the last one found is
 * kept, and forgotten with the tables). */
static void
test_key_tables(void **state)
{
	struct cmd_list		*one = parse_ok("display-message one");
	struct cmd_list		*two = parse_ok("display-message two");
	struct key_table	*kt;
	struct key_binding	*kb;
	key_code		 key;
	unsigned int		 i;

	srv = calloc(1, sizeof *srv);
	TAILQ_INIT(&srv->key_tables);
	for (i = 0; i < 300; i++)	/* 300 keys, in a scrambled order */
		key_bindings_add("t", 'a' + (i * 97) % 300, 0, one);
	for (i = 0; i < 300; i += 3)
		key_bindings_remove("t", 'a' + i);
	for (i = 1; i < 300; i += 3)
		key_bindings_add("t", 'a' + i, 1, two);
	kt = key_table_find("t", 0);
	assert_non_null(kt);
	assert_null(key_table_find("u", 0));
	assert_non_null(key_table_find("u", 1));
	assert_ptr_equal(key_table_find("t", 0), kt);
	for (i = 0; i < 300; i++) {
		key = 'a' + i;
		kb = key_bindings_find(kt, key);
		if (i % 3 == 0) {
			assert_null(kb);
			continue;
		}
		assert_non_null(kb);
		assert_true(kb->key == key);
		assert_ptr_equal(kb->cmds, i % 3 == 1 ? two : one);
		assert_int_equal(kb->repeat, i % 3 == 1);
	}
	assert_null(key_bindings_find(kt, 'a' - 1));
	assert_null(key_bindings_find(kt, 'a' + 300));
	i = 0;
	for (kb = TAILQ_FIRST(&kt->bindings); kb != NULL;
	    kb = TAILQ_NEXT(kb, entry))
		i++;
	assert_int_equal(i, 200);
	key_bindings_free_all();
	assert_null(key_table_find("t", 0));
	assert_null(key_table_find("u", 0));
	free(srv);
	srv = NULL;
	cmd_list_free(one);
	cmd_list_free(two);
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
		cmocka_unit_test(test_parse_conditions),
		cmocka_unit_test(test_parse_blocks),
		cmocka_unit_test(test_parse_lexer),
		cmocka_unit_test(test_key_tables),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
