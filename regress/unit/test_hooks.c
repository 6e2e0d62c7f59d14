/*
 * Hooks: names as set-hook takes them (exact, unique prefix among all of
 * tmux's options and hooks, [N]), array members, which table applies to
 * a place, the events queued (and not while a hook runs, or when no hook
 * is set), and commands printed as tmux's show-hooks prints them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cmd/cmd-hooks.h"
#include "model/hooks.h"
#include "model/state.h"
#include "model/session.h"
#include "model/window.h"

static int
setup(void **state)
{
	(void)state;
	srv = calloc(1, sizeof *srv);
	TAILQ_INIT(&srv->sessions);
	TAILQ_INIT(&srv->windows);
	TAILQ_INIT(&srv->clients);
	TAILQ_INIT(&srv->hook_events);
	return (0);
}

static int
teardown(void **state)
{
	(void)state;
	hooks_free_all();
	free(srv);
	srv = NULL;
	return (0);
}

static void
test_match(void **state)
{
	const struct hook_def	*def;
	char			*cause = NULL;
	int			 idx;

	(void)state;
	def = hooks_match("session-created", &idx, &cause);
	assert_non_null(def);
	assert_string_equal(def->name, "session-created");
	assert_int_equal(idx, -1);
	def = hooks_match("after-new-window[12]", &idx, &cause);
	assert_string_equal(def->name, "after-new-window");
	assert_int_equal(idx, 12);
	def = hooks_match("session-cre", &idx, &cause);
	assert_string_equal(def->name, "session-created");
	/* "pane" is a prefix of hooks and of options (pane-base-index). */
	assert_null(hooks_match("pane", &idx, &cause));
	assert_string_equal(cause, "ambiguous option: pane");
	free(cause);
	assert_null(hooks_match("nonsuch", &idx, &cause));
	assert_string_equal(cause, "invalid option: nonsuch");
	free(cause);
	assert_null(hooks_match("after-new-window[x]", &idx, &cause));
	assert_string_equal(cause, "invalid option: after-new-window[x]");
	free(cause);
	assert_null(hooks_match("after-new-window[1]x", &idx, &cause));
	free(cause);
	/* An option's name: no hook and no error (set-option takes it). */
	cause = NULL;
	assert_null(hooks_match("status-left", &idx, &cause));
	assert_null(cause);
	assert_null(hooks_match("status-left-len", &idx, &cause));
	assert_null(cause);
	assert_null(hooks_match("@user", &idx, &cause));
	assert_null(cause);
	assert_null(hooks_match("status-l", &idx, &cause));
	assert_string_equal(cause, "ambiguous option: status-l");
	free(cause);
	assert_int_equal(hooks_def_find("pane-died")->scope, HOOK_WINDOW);
	assert_int_equal(hooks_def_find("window-linked")->scope,
	    HOOK_SESSION);
}

static void
test_members(void **state)
{
	struct hook	*h;

	(void)state;
	h = hooks_get_only(hooks_global(HOOK_SESSION),
	    hooks_def_find("after-new-window"));
	assert_non_null(h);
	assert_int_equal(h->n, 0);
	assert_int_equal(hook_next_index(h), 0);
	hook_set(h, 0, "a");
	hook_set(h, 5, "five");
	hook_set(h, 1, "b");
	assert_int_equal(hook_next_index(h), 2);
	hook_unset(h, 1);
	assert_int_equal(hook_next_index(h), 1);
	assert_null(hook_get(h, 1));
	assert_string_equal(hook_get(h, 5), "five");
	hook_set(h, 5, "FIVE");
	assert_string_equal(hook_get(h, 5), "FIVE");
	assert_int_equal(h->cmds[0].idx, 0);
	assert_int_equal(h->cmds[1].idx, 5);
	hook_clear(h);
	assert_int_equal(h->n, 0);
}

static void
test_lookup(void **state)
{
	const struct hook_def	*sc = hooks_def_find("session-created");
	const struct hook_def	*pd = hooks_def_find("pane-died");
	struct session		 s;
	struct window		 w;
	struct pane		 p;
	struct hook		*global, *own;

	(void)state;
	memset(&s, 0, sizeof s);
	memset(&w, 0, sizeof w);
	memset(&p, 0, sizeof p);
	p.window = &w;
	global = hooks_get_only(hooks_global(HOOK_SESSION), sc);
	assert_ptr_equal(hooks_lookup(sc, &s, NULL, NULL), global);
	/* A level that has the hook, even empty, hides the one above. */
	own = hooks_add(hooks_table(&s.hooks), sc);
	assert_ptr_equal(hooks_lookup(sc, &s, NULL, NULL), own);
	hooks_remove(s.hooks, sc);
	assert_ptr_equal(hooks_lookup(sc, &s, NULL, NULL), global);
	hooks_free(s.hooks);

	global = hooks_get_only(hooks_global(HOOK_WINDOW), pd);
	assert_ptr_equal(hooks_lookup(pd, NULL, NULL, &p), global);
	own = hooks_add(hooks_table(&w.hooks), pd);
	assert_ptr_equal(hooks_lookup(pd, NULL, NULL, &p), own);
	own = hooks_add(hooks_table(&p.hooks), pd);
	assert_ptr_equal(hooks_lookup(pd, NULL, &w, &p), own);
	hooks_free(p.hooks);
	hooks_free(w.hooks);
	assert_int_equal(srv->hooks_local, 0);
}

static void
test_events(void **state)
{
	struct session		 s;
	struct hook_event	*ev;
	struct hook		*h;

	(void)state;
	memset(&s, 0, sizeof s);
	s.id = 3;
	s.name = (char *)"work";
	/* No hook set anywhere: nothing is queued. */
	hooks_notify_session("session-renamed", &s);
	assert_null(hooks_next_event());
	h = hooks_get_only(hooks_global(HOOK_SESSION),
	    hooks_def_find("session-renamed"));
	hook_set(h, 0, "display -p x");
	hooks_notify_session("session-renamed", &s);
	ev = hooks_next_event();
	assert_non_null(ev);
	assert_string_equal(hook_vars_get(&ev->vars, "hook"),
	    "session-renamed");
	assert_string_equal(hook_vars_get(&ev->vars, "hook_session"), "$3");
	assert_string_equal(hook_vars_get(&ev->vars, "hook_session_name"),
	    "work");
	assert_null(hook_vars_get(&ev->vars, "hook_window"));
	assert_int_equal(ev->session, 4);
	hooks_event_free(ev);
	/* Inside a hook, events are ignored. */
	srv->hooks_blocked = 1;
	hooks_notify_session("session-renamed", &s);
	srv->hooks_blocked = 0;
	assert_null(hooks_next_event());
	hook_clear(h);
}

static void
test_print(void **state)
{
	static const char *cases[][2] = {
		{ "splitw -h -d -t 1 -c /tmp",
		  "split-window -dh -c /tmp -t 1" },
		{ "neww -dP -n 'a b' -F '#{pane_id}'",
		  "new-window -Pd -F \"#{pane_id}\" -n \"a b\"" },
		{ "display -p '$HOME x'", "display-message -p \"\\$HOME x\"" },
		{ "display -p 'a\"b'", "display-message -p 'a\"b'" },
		{ "display -p ''", "display-message -p ''" },
		{ "display -p '#'", "display-message -p \\#" },
		{ "display -p '~'", "display-message -p \\~" },
		{ "display -p '~x'", "display-message -p \\~x" },
		{ "display -p 'x~'", "display-message -p x~" },
		{ "display -p ' '", "display-message -p \" \"" },
		{ "display -p 'a\\b'", "display-message -p a\\\\b" },
		{ "display -p 'a%b'", "display-message -p \"a%b\"" },
		{ "display -p \"tab\tx y\"", "display-message -p \"tab\\tx y\"" },
		{ "display a ; display b",
		  "display-message a ; display-message b" },
	};
	unsigned int	 i;
	char		*s;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		s = cmd_hooks_print(cases[i][0]);
		if (s == NULL || strcmp(s, cases[i][1]) != 0)
			fail_msg("<%s> printed <%s>, not <%s>", cases[i][0],
			    s != NULL ? s : "(null)", cases[i][1]);
		free(s);
	}
	assert_null(cmd_hooks_print("bogus-command"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_match),
		cmocka_unit_test(test_members),
		cmocka_unit_test(test_lookup),
		cmocka_unit_test(test_events),
		cmocka_unit_test(test_print),
	};

	return (cmocka_run_group_tests(tests, setup, teardown));
}
