/*
 * tty-pace: holding a terminal's frames by its answers to DA1, on made-up
 * times (milliseconds here, nanoseconds to the module).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>

#include <cmocka.h>

#include "tty/tty-pace.h"

#define MS(n)	((uint64_t)(n) * 1000000ULL)

/* A terminal that has answered the question asked at attach after rtt
 * milliseconds (at t = 0; written: 100 bytes). */
static void
attached(struct tty_pace *tp, unsigned int rtt)
{
	memset(tp, 0, sizeof *tp);
	assert_int_equal(tty_pace_asked(tp, 100, MS(0)), 1);
	assert_int_equal(tty_pace_answered(tp, MS(rtt)), 1);
	assert_int_equal(tp->rtt_ns, MS(rtt));
	assert_int_equal(tp->carry_ns, 0);
}

/* Never answered: never held, and no frame asks. */
static void
test_not_answering(void **state)
{
	struct tty_pace	tp;

	memset(&tp, 0, sizeof tp);
	assert_int_equal(tty_pace_asked(&tp, 0, MS(0)), 1);
	assert_false(tty_pace_can_ask(&tp));
	assert_int_equal(tty_pace_hold(&tp, 1 << 20, MS(5), 1), 0);
	assert_int_equal(tty_pace_hold(&tp, 1 << 20, MS(5), 0), 0);
	/* An answer nobody asked for is not counted. */
	tty_pace_forget(&tp, 0);
	assert_int_equal(tty_pace_answered(&tp, MS(6)), 0);
	assert_false(tp.answers);
}

/* Not typing: frames go while little is unshown, and wait for an answer
 * when more is, or when as many questions as are kept are out. */
static void
test_unshown(void **state)
{
	struct tty_pace	tp;
	unsigned int	i;

	attached(&tp, 1);
	assert_true(tty_pace_can_ask(&tp));
	assert_int_equal(tty_pace_hold(&tp, 100, MS(2), 0), 0);
	assert_int_equal(tty_pace_asked(&tp, 600, MS(2)), 1);
	assert_int_equal(tty_pace_hold(&tp, 600, MS(2), 0), 0);
	assert_int_equal(tty_pace_hold(&tp, 100 + TTY_PACE_UNSHOWN_MAX, MS(2),
	    0), 0);
	assert_int_equal(tty_pace_hold(&tp, 101 + TTY_PACE_UNSHOWN_MAX, MS(2),
	    0), TTY_PACE_UNTIL_ANSWER);
	/* Its answer: all of it shown, nothing held. */
	assert_int_equal(tty_pace_answered(&tp, MS(3)), 1);
	assert_int_equal(tp.shown, 600);
	assert_int_equal(tty_pace_hold(&tp, 2000, MS(3), 0), 0);

	for (i = 0; i < TTY_PACE_ASKS; i++) {
		assert_true(tty_pace_can_ask(&tp));
		assert_int_equal(tty_pace_asked(&tp, 600 + i, MS(4)), i == 0);
	}
	assert_false(tty_pace_can_ask(&tp));
	assert_int_equal(tty_pace_asked(&tp, 700, MS(4)), 0);
	assert_int_equal(tp.nasks, TTY_PACE_ASKS);
	assert_int_equal(tty_pace_hold(&tp, 610, MS(4), 0),
	    TTY_PACE_UNTIL_ANSWER);
	/* Oldest first. */
	assert_int_equal(tty_pace_answered(&tp, MS(5)), 1);
	assert_int_equal(tp.shown, 600);
	assert_int_equal(tty_pace_hold(&tp, 610, MS(5), 0), 0);

	/* A late answer: forgotten, not held, and its answer not counted. */
	tty_pace_forget(&tp, 5000);
	assert_int_equal(tp.shown, 5000);
	assert_int_equal(tty_pace_hold(&tp, 5000, MS(6), 1), 0);
	assert_int_equal(tty_pace_answered(&tp, MS(7)), 0);
}

/*
 * Typing on a slow link (round trip 2 ms): a frame waits for the one
 * before to be shown, then rests three times as long as the link took to
 * carry it.
 */
static void
test_rest_while_typing(void **state)
{
	struct tty_pace	tp;

	attached(&tp, 2);
	assert_int_equal(tty_pace_asked(&tp, 200, MS(10)), 1);
	/* Unanswered: held however little it is, while typing only. */
	assert_int_equal(tty_pace_hold(&tp, 200, MS(11), 1),
	    TTY_PACE_UNTIL_ANSWER);
	assert_int_equal(tty_pace_hold(&tp, 200, MS(11), 0), 0);
	/* Shown after 2 + 10 ms: carried for 10, rests 30. */
	assert_int_equal(tty_pace_answered(&tp, MS(22)), 1);
	assert_int_equal(tp.carry_ns, MS(10));
	assert_int_equal(tty_pace_hold(&tp, 200, MS(22), 1), MS(30));
	assert_int_equal(tty_pace_hold(&tp, 200, MS(42), 1), MS(10));
	assert_int_equal(tty_pace_hold(&tp, 200, MS(52), 1), 0);
	/* Not typing: no rest. */
	assert_int_equal(tty_pace_hold(&tp, 200, MS(23), 0), 0);
}

/*
 * A link with a buffer takes one frame in a burst and makes the next pay
 * for it: the rest goes by the longest frame lately, fading over
 * TTY_PACE_FORGET_NS, not by the quick one.
 */
static void
test_rest_fades(void **state)
{
	struct tty_pace	tp;

	attached(&tp, 1);
	tty_pace_asked(&tp, 2000, MS(100));
	tty_pace_answered(&tp, MS(121));	/* carried for 20 ms */
	assert_int_equal(tp.carry_peak_ns, MS(20));
	tty_pace_asked(&tp, 4000, MS(220));
	tty_pace_answered(&tp, MS(222));	/* 1 ms, 101 ms later */
	assert_int_equal(tp.carry_ns, MS(1));
	/* 20 ms less a 2000th of it for each of the 101 ms. */
	assert_int_equal(tp.carry_peak_ns, MS(20) - MS(20) * 101 / 2000);
	assert_int_equal(tty_pace_hold(&tp, 4000, MS(222), 1),
	    3 * (MS(20) - MS(20) * 101 / 2000));
	/* Two seconds with no answer: what came before is forgotten. */
	tty_pace_asked(&tp, 6000, MS(2300));
	tty_pace_answered(&tp, MS(2303));
	assert_int_equal(tp.carry_peak_ns, MS(2));
	assert_int_equal(tty_pace_hold(&tp, 6000, MS(2303), 1), MS(6));
	/* Forgetting the questions forgets it too. */
	tty_pace_forget(&tp, 6000);
	assert_int_equal(tty_pace_hold(&tp, 6000, MS(2304), 1), 0);
}

/* Questions back to back: each answer's carry is the time since the one
 * before (no round trip in it); a quicker alone answer is the new round
 * trip. */
static void
test_back_to_back(void **state)
{
	struct tty_pace	tp;

	attached(&tp, 5);
	assert_int_equal(tty_pace_asked(&tp, 300, MS(10)), 1);
	assert_int_equal(tty_pace_asked(&tp, 600, MS(11)), 0);
	assert_int_equal(tty_pace_answered(&tp, MS(18)), 1);
	assert_int_equal(tp.carry_ns, MS(3));
	assert_int_equal(tty_pace_answered(&tp, MS(22)), 1);
	assert_int_equal(tp.carry_ns, MS(4));
	assert_int_equal(tp.shown, 600);
	assert_int_equal(tty_pace_hold(&tp, 600, MS(22), 1), MS(12));

	assert_int_equal(tty_pace_asked(&tp, 610, MS(40)), 1);
	assert_int_equal(tty_pace_answered(&tp, MS(43)), 1);
	assert_int_equal(tp.rtt_ns, MS(3));
	assert_int_equal(tp.carry_ns, 0);
}

/* A fast terminal: what the link took is under the least rest, so
 * typing never holds a frame once it is shown. */
static void
test_fast_terminal(void **state)
{
	struct tty_pace	tp;

	memset(&tp, 0, sizeof tp);
	tty_pace_asked(&tp, 0, 0);
	tty_pace_answered(&tp, 50000);
	tty_pace_asked(&tp, 5000, MS(1));
	tty_pace_answered(&tp, MS(1) + 50000 + TTY_PACE_REST_MIN_NS - 1);
	assert_int_equal(tp.carry_ns, TTY_PACE_REST_MIN_NS - 1);
	assert_int_equal(tty_pace_hold(&tp, 5000, MS(2), 1), 0);
}

int
main(void)
{
	const struct CMUnitTest	tests[] = {
		cmocka_unit_test(test_not_answering),
		cmocka_unit_test(test_unshown),
		cmocka_unit_test(test_rest_while_typing),
		cmocka_unit_test(test_rest_fades),
		cmocka_unit_test(test_back_to_back),
		cmocka_unit_test(test_fast_terminal),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
