/*
 * The options module in memory: names by unique prefix with tmux's
 * errors, typed values and their errors, arrays with [N], user options
 * and how every kind inherits (pane, window, global window; session,
 * global session), command-alias lookup, colours and styles.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "model/options.h"

struct tables {
	struct options	*server, *gsession, *gwindow;
	struct options	*session, *window, *pane;
};

static int
setup(void **state)
{
	struct tables	*t = calloc(1, sizeof *t);

	t->server = options_create(NULL, OPTION_SERVER);
	t->gsession = options_create(NULL, OPTION_SESSION);
	t->gwindow = options_create(NULL, OPTION_WINDOW);
	t->session = options_create(t->gsession, OPTION_SESSION);
	t->window = options_create(t->gwindow, OPTION_WINDOW);
	t->pane = options_create(t->window, OPTION_PANE);
	*state = t;
	return (0);
}

static int
teardown(void **state)
{
	struct tables	*t = *state;

	options_free(t->pane);
	options_free(t->window);
	options_free(t->session);
	options_free(t->gwindow);
	options_free(t->gsession);
	options_free(t->server);
	free(t);
	return (0);
}

/* options_set's error for a value, freed here; NULL when it succeeded. */
static char *
set_error(struct options *oo, const char *name, const char *value,
    int append)
{
	static char	 buf[256];
	char		*cause = NULL;

	if (options_set(oo, name, value, append, &cause) == 0)
		return (NULL);
	strncpy(buf, cause, sizeof buf - 1);
	free(cause);
	return (buf);
}

/* options_to_string, compared and freed. */
static void
assert_value(const struct options *oo, const char *name, const char *want)
{
	char	*v = options_to_string(oo, name);

	assert_string_equal(v, want);
	free(v);
}

static void
test_names(void **state)
{
	struct option_name	 on;
	char			*cause;

	(void)state;
	assert_string_equal(options_find("history-l")->name, "history-limit");
	assert_string_equal(options_find("status")->name, "status");
	assert_null(options_find("status-l"));		/* ambiguous */
	assert_null(options_find("nonsense"));
	assert_null(options_find("@user"));

	assert_int_equal(options_resolve("status-left-l", &on, &cause), 0);
	assert_string_equal(on.name, "status-left-length");
	assert_int_equal(on.idx, -1);
	options_name_clear(&on);
	assert_int_equal(options_resolve("status-format[1]", &on, &cause), 0);
	assert_string_equal(on.name, "status-format");
	assert_int_equal(on.idx, 1);
	options_name_clear(&on);
	assert_int_equal(options_resolve("@plugin", &on, &cause), 0);
	assert_null(on.od);
	options_name_clear(&on);

	assert_int_equal(options_resolve("status-l", &on, &cause), -1);
	assert_string_equal(cause, "ambiguous option: status-l");
	free(cause);
	assert_int_equal(options_resolve("nosuch", &on, &cause), -1);
	assert_string_equal(cause, "invalid option: nosuch");
	free(cause);
	assert_int_equal(options_resolve("status-left[1]", &on, &cause), -1);
	assert_string_equal(cause, "not an array: status-left[1]");
	free(cause);
	assert_int_equal(options_resolve("@x[1]", &on, &cause), -1);
	assert_string_equal(cause, "not an array: @x[1]");
	free(cause);
	assert_int_equal(options_resolve("user-keys[x]", &on, &cause), -1);
	assert_string_equal(cause, "ambiguous option: user-keys[x]");
	free(cause);
}

static void
test_types(void **state)
{
	struct tables	*t = *state;

	/* Numbers: tmux's words for each way a value is wrong. */
	assert_string_equal(set_error(t->gsession, "history-limit", "-1", 0),
	    "value is too small: -1");
	assert_string_equal(set_error(t->gsession, "history-limit",
	    "99999999999", 0), "value is too large: 99999999999");
	assert_string_equal(set_error(t->gsession, "history-limit", "1x", 0),
	    "value is invalid: 1x");
	assert_string_equal(set_error(t->gsession, "history-limit", NULL, 0),
	    "empty value");
	assert_null(set_error(t->gsession, "history-limit", "500", 0));
	assert_int_equal(options_get_number(t->session, "history-limit"), 500);

	/* Flags toggle without a value. */
	assert_int_equal(options_get_number(t->session, "mouse"), 0);
	assert_null(set_error(t->session, "mouse", NULL, 0));
	assert_int_equal(options_get_number(t->session, "mouse"), 1);
	assert_null(set_error(t->session, "mouse", "OFF", 0));
	assert_string_equal(set_error(t->session, "mouse", "maybe", 0),
	    "bad value: maybe");

	/* Choices: the word and its index; two-way choices toggle. */
	assert_null(set_error(t->session, "status", "2", 0));
	assert_string_equal(options_get_string(t->session, "status"), "2");
	assert_int_equal(options_get_number(t->session, "status"), 2);
	assert_null(set_error(t->session, "status-keys", NULL, 0));
	assert_string_equal(options_get_string(t->session, "status-keys"),
	    "vi");
	assert_string_equal(set_error(t->session, "status-position", "left",
	    0), "unknown value: left");

	/* Keys, colours (shown by their canonical names) and styles. */
	assert_null(set_error(t->session, "prefix", "C-a", 0));
	assert_string_equal(set_error(t->session, "prefix", "Bogus", 0),
	    "bad key: Bogus");
	assert_value(t->session, "prefix", "C-a");
	assert_value(t->server, "backspace", "C-?");
	assert_null(set_error(t->session, "status-bg", "Red", 0));
	assert_value(t->session, "status-bg", "red");
	assert_null(set_error(t->session, "status-bg", "color200", 0));
	assert_value(t->session, "status-bg", "colour200");
	assert_null(set_error(t->session, "status-bg", "#FF8000", 0));
	assert_value(t->session, "status-bg", "#ff8000");
	assert_string_equal(set_error(t->session, "status-bg", "colour300",
	    0), "bad colour: colour300");
	assert_string_equal(set_error(t->session, "status-style",
	    "bg=red,junk", 0), "invalid style: bg=red,junk");
	assert_null(set_error(t->session, "status-style",
	    "#{?client_prefix,bg=red,}", 0));
	assert_null(set_error(t->session, "status-style", "bg=red", 0));
	assert_null(set_error(t->session, "status-style", "bold", 1));
	assert_value(t->session, "status-style", "bg=red,bold");
	assert_string_equal(set_error(t->session, "status-style", "x", 1),
	    "invalid style: bg=red,bold,x");
	assert_value(t->session, "status-style", "bg=red,bold");
	assert_int_equal(options_style_valid("align=left range=window|1 "
	    "list=on fill=blue noitalics,push-default"), 1);
	assert_string_equal(set_error(t->gsession, "default-size", "10", 0),
	    "value is invalid: 10");
	assert_null(set_error(t->gsession, "default-size", "100x40", 0));

	/* A string appends without a separator. */
	assert_null(set_error(t->session, "status-left", "[", 0));
	assert_null(set_error(t->session, "status-left", "x]", 1));
	assert_value(t->session, "status-left", "[x]");
	/* Formats name options exactly: a prefix is no option. */
	assert_value(t->session, "status-lef", "");
	assert_null(options_owner(t->session, "status-lef"));
}

static void
test_arrays(void **state)
{
	struct tables			*t = *state;
	const struct option_item	*items;

	/* Defaults are split on the option's separator. */
	assert_int_equal(options_array_items(t->session, "update-environment",
	    &items), 8);
	assert_string_equal(items[0].str, "DISPLAY");
	assert_string_equal(options_array_get(t->server, "command-alias", 5),
	    "choose-session=choose-tree -s");
	assert_int_equal(options_array_items(t->session, "status-format",
	    &items), 2);
	assert_value(t->session, "status-format[7]", "");

	/* A member set at a level starts from a copy of what it inherits. */
	assert_null(set_error(t->session, "update-environment[20]", "BAR",
	    0));
	assert_int_equal(options_array_items(t->session, "update-environment",
	    &items), 9);
	assert_int_equal(options_array_items(t->gsession,
	    "update-environment", &items), 8);
	assert_int_equal(options_is_set(t->session, "update-environment"), 1);
	assert_int_equal(options_is_set(t->session, "update-environment[20]"),
	    1);
	assert_int_equal(options_is_set(t->session, "update-environment[19]"),
	    0);

	/* -a adds after the last member; the whole is replaced without. */
	assert_null(set_error(t->session, "update-environment", "X,Y Z", 1));
	assert_string_equal(options_array_get(t->session,
	    "update-environment", 23), "Z");
	options_unset(t->session, "update-environment[0]");
	assert_null(options_array_get(t->session, "update-environment", 0));
	assert_null(set_error(t->session, "update-environment", "A B", 0));
	assert_int_equal(options_array_items(t->session, "update-environment",
	    &items), 2);
	assert_string_equal(options_get_string(t->session,
	    "update-environment"), "A B");
	options_unset(t->session, "update-environment");
	assert_int_equal(options_array_items(t->session, "update-environment",
	    &items), 8);

	/* terminal-overrides splits on commas, skipping empty members. */
	assert_null(set_error(t->server, "terminal-overrides",
	    ",xterm*:Tc,foo:bar", 1));
	assert_string_equal(options_get_string(t->server,
	    "terminal-overrides"), "xterm*:Tc,foo:bar");
	/* A global array unset goes back to its default. */
	options_unset(t->server, "terminal-overrides");
	assert_int_equal(options_array_items(t->server, "terminal-overrides",
	    &items), 0);

	/* pane-colours members are colours. */
	assert_string_equal(set_error(t->pane, "pane-colours[3]", "nocolour",
	    0), "bad colour: nocolour");
	assert_null(set_error(t->pane, "pane-colours[3]", "red", 0));

	/* command-alias gives the command for a name. */
	assert_string_equal(options_alias(t->server, "splitp"),
	    "split-window");
	assert_null(options_alias(t->server, "split"));
	assert_null(set_error(t->server, "command-alias[9]",
	    "foo=list-sessions -F x", 0));
	assert_string_equal(options_alias(t->server, "foo"),
	    "list-sessions -F x");
}

static void
test_inheritance(void **state)
{
	struct tables	*t = *state;
	const char	*name, *value;

	/* Pane options fall back to the window, then the global window. */
	assert_int_equal(options_get_number(t->pane, "remain-on-exit"), 0);
	assert_null(set_error(t->gwindow, "remain-on-exit", "on", 0));
	assert_int_equal(options_get_number(t->pane, "remain-on-exit"), 1);
	assert_null(set_error(t->window, "remain-on-exit", "failed", 0));
	assert_int_equal(options_get_number(t->pane, "remain-on-exit"), 2);
	assert_null(set_error(t->pane, "remain-on-exit", "off", 0));
	assert_int_equal(options_get_number(t->pane, "remain-on-exit"), 0);
	assert_ptr_equal(options_owner(t->pane, "remain-on-exit"), t->pane);
	options_unset(t->pane, "remain-on-exit");
	assert_ptr_equal(options_owner(t->pane, "remain-on-exit"), t->window);
	assert_int_equal(options_is_set(t->pane, "remain-on-exit"), 0);
	/* A window-only option is not a pane's. */
	assert_non_null(set_error(t->pane, "mode-keys", "vi", 0));

	/* User options at every level, inherited the same way. */
	assert_null(set_error(t->gwindow, "@theme", "dark", 0));
	assert_string_equal(options_get_string(t->pane, "@theme"), "dark");
	assert_value(t->pane, "@theme", "dark");
	assert_null(set_error(t->pane, "@theme", "light", 0));
	assert_string_equal(options_get_string(t->window, "@theme"), "dark");
	assert_string_equal(options_get_string(t->pane, "@theme"), "light");
	assert_int_equal(options_is_set(t->window, "@theme"), 0);
	assert_ptr_equal(options_owner(t->window, "@theme"), t->gwindow);
	assert_null(options_owner(t->window, "@nothing"));
	assert_string_equal(options_get_string(t->window, "@nothing"), "");
	assert_string_equal(set_error(t->session, "@empty", NULL, 0),
	    "empty value");
	assert_null(set_error(t->gsession, "@b", "2", 0));
	assert_null(set_error(t->gsession, "@a", "1", 0));
	assert_null(set_error(t->gsession, "@a", "+", 1));
	/* Listed in name order. */
	name = options_user_at(t->gsession, 0, &value);
	assert_string_equal(name, "@a");
	assert_string_equal(value, "1+");
	assert_string_equal(options_user_at(t->gsession, 1, NULL), "@b");
	assert_null(options_user_at(t->gsession, 2, NULL));
	options_unset(t->gsession, "@a");
	assert_string_equal(options_user_at(t->gsession, 0, NULL), "@b");

	/* A pane moved to another window inherits from that window. */
	assert_null(set_error(t->window, "synchronize-panes", "on", 0));
	assert_int_equal(options_get_number(t->pane, "synchronize-panes"), 1);
	options_set_parent(t->pane, t->gwindow);
	assert_int_equal(options_get_number(t->pane, "synchronize-panes"), 0);
	options_set_parent(t->pane, t->window);

	/* Every change moves the generation on. */
	{
		unsigned long	gen = options_generation();

		assert_null(set_error(t->session, "base-index", "1", 0));
		assert_true(options_generation() != gen);
	}
}

/* A handle reads what the name reads, through sets, unsets and a change
 * of parent, for numbers, strings and keys (a key's default too). */
static void
test_handles(void **state)
{
	struct tables		*t = *state;
	static struct option_handle	 hl = OPTION_HANDLE("history-limit");
	static struct option_handle	 ht = OPTION_HANDLE("key-table");
	static struct option_handle	 hp = OPTION_HANDLE("prefix");
	static struct option_handle	 hs = OPTION_HANDLE("synchronize-panes");
	struct options		*other;
	unsigned long		 gen;
	int			 i;

	for (i = 0; i < 2; i++) {	/* the first read resolves, then not */
		assert_int_equal(options_get_number_h(t->session, &hl), 2000);
		assert_string_equal(options_get_string_h(t->session, &ht),
		    "root");
		assert_true(options_get_key_h(t->session, &hp) ==
		    options_get_key(t->session, "prefix"));
		assert_int_equal(options_get_number_h(t->pane, &hs), 0);
	}
	assert_null(set_error(t->gsession, "history-limit", "50", 0));
	assert_int_equal(options_get_number_h(t->session, &hl), 50);
	assert_null(set_error(t->session, "history-limit", "7", 0));
	assert_int_equal(options_get_number_h(t->session, &hl), 7);
	assert_int_equal(options_get_number_h(t->gsession, &hl), 50);
	options_unset(t->session, "history-limit");
	assert_int_equal(options_get_number_h(t->session, &hl), 50);

	assert_null(set_error(t->session, "key-table", "mine", 0));
	assert_string_equal(options_get_string_h(t->session, &ht), "mine");
	assert_null(set_error(t->session, "prefix", "C-a", 0));
	assert_true(options_get_key_h(t->session, &hp) ==
	    options_get_key(t->session, "prefix"));
	assert_true(options_get_key_h(t->gsession, &hp) ==
	    options_get_key(t->gsession, "prefix"));
	options_unset(t->session, "prefix");
	assert_true(options_get_key_h(t->session, &hp) ==
	    options_get_key(t->gsession, "prefix"));

	/* A pane option set on the window, then the pane's own. */
	assert_null(set_error(t->window, "synchronize-panes", "on", 0));
	assert_int_equal(options_get_number_h(t->pane, &hs), 1);
	assert_null(set_error(t->pane, "synchronize-panes", "off", 0));
	assert_int_equal(options_get_number_h(t->pane, &hs), 0);

	/* A new parent: the handle reads through it. */
	other = options_create(NULL, OPTION_SESSION);
	assert_null(set_error(other, "history-limit", "99", 0));
	options_set_parent(t->session, other);
	assert_int_equal(options_get_number_h(t->session, &hl), 99);
	options_set_parent(t->session, t->gsession);
	options_free(other);

	/* The handle's kept answer is for one table: a read of another
	 * table is its own, and freeing a table ends it (a new table may
	 * come at the same address). */
	other = options_create(t->gsession, OPTION_SESSION);
	assert_null(set_error(other, "history-limit", "5", 0));
	for (i = 0; i < 2; i++) {
		assert_int_equal(options_get_number_h(t->session, &hl), 50);
		assert_int_equal(options_get_number_h(other, &hl), 5);
	}
	gen = options_generation();
	options_free(other);
	assert_true(options_generation() != gen);
	other = options_create(t->gsession, OPTION_SESSION);
	assert_int_equal(options_get_number_h(other, &hl), 50);
	assert_null(set_error(other, "key-table", "again", 0));
	assert_string_equal(options_get_string_h(other, &ht), "again");
	options_free(other);
	other = options_create(t->gsession, OPTION_SESSION);
	assert_string_equal(options_get_string_h(other, &ht), "root");
	options_free(other);
}

int
main(void)
{
	const struct CMUnitTest	tests[] = {
		cmocka_unit_test(test_names),
		cmocka_unit_test_setup_teardown(test_types, setup, teardown),
		cmocka_unit_test_setup_teardown(test_arrays, setup, teardown),
		cmocka_unit_test_setup_teardown(test_inheritance, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_handles, setup, teardown),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
