/*
 * The kitty keyboard protocol in a pane (grid/vt-scan.c keeps the flags,
 * grid/vt-keys.c encodes keys by them): the stack per screen, the query,
 * and the keys each flag changes; the pane's XTVERSION and DA2 answers;
 * and the keys of a pane in VT52 mode.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/key.h"
#include "grid/vt.h"

static char	out[4096];
static size_t	outlen;

static void
cb_output(const char *buf, size_t len, void *arg)
{
	(void)arg;
	if (outlen + len > sizeof out)
		len = sizeof out - outlen;
	memcpy(out + outlen, buf, len);
	outlen += len;
}

static const struct vt_callbacks callbacks = { .output = cb_output };

static struct vt *
mkvt(void)
{
	outlen = 0;
	return (vt_create(40, 5, 100, &callbacks, NULL));
}

static void
feed(struct vt *vt, const char *s)
{
	vt_write(vt, s, strlen(s));
}

/* Exactly s was sent to the program since the last check. */
static void
assert_out(const char *s)
{
	char	got[sizeof out + 1];

	memcpy(got, out, outlen);
	got[outlen] = '\0';
	assert_string_equal(got, s);
	assert_int_equal(outlen, strlen(s));	/* no NUL inside */
	outlen = 0;
}

/* The flags the program would read back. */
static void
assert_flags(struct vt *vt, unsigned int flags)
{
	char	want[32];

	feed(vt, "\033[?u");
	snprintf(want, sizeof want, "\033[?%uu", flags);
	assert_out(want);
	assert_int_equal(vt_kitty_flags(vt), flags);
}

/* Push, pop, set: a stack of flags, the primary and alternate screens'
 * apart; a reset forgets them. */
static void
test_stack(void **state)
{
	struct vt	*vt = mkvt();
	int		 i;

	(void)state;
	assert_flags(vt, 0);
	feed(vt, "\033[>1u");
	assert_flags(vt, 1);
	feed(vt, "\033[>13u");
	assert_flags(vt, 13);
	feed(vt, "\033[<u");
	assert_flags(vt, 1);
	feed(vt, "\033[<u");
	assert_flags(vt, 0);
	/* Popping past the bottom leaves 0. */
	feed(vt, "\033[<5u");
	assert_flags(vt, 0);

	/* Set (1, the default), add (2), take away (3); bits past the five
	 * flags are ignored. */
	feed(vt, "\033[=5u");
	assert_flags(vt, 5);
	feed(vt, "\033[=10;2u");
	assert_flags(vt, 15);
	feed(vt, "\033[=3;3u");
	assert_flags(vt, 12);
	feed(vt, "\033[=255;1u");
	assert_flags(vt, 31);
	feed(vt, "\033[=0u");

	/* The alternate screen has its own. */
	feed(vt, "\033[>1u\033[?1049h");
	assert_flags(vt, 0);
	feed(vt, "\033[>8u");
	assert_flags(vt, 8);
	feed(vt, "\033[?1049l");
	assert_flags(vt, 1);
	feed(vt, "\033[?1049h");
	assert_flags(vt, 8);
	feed(vt, "\033[?1049l");

	/* A full stack loses its oldest: after 40 pushes of 1..40 (the
	 * first over 0), popping all the way ends at 0, never below. */
	feed(vt, "\033[<100u");
	for (i = 1; i <= 40; i++) {
		char	buf[16];

		snprintf(buf, sizeof buf, "\033[>%du", i % 32);
		feed(vt, buf);
	}
	assert_flags(vt, 40 % 32);
	feed(vt, "\033[<u");
	assert_flags(vt, 39 % 32);
	feed(vt, "\033[<100u");
	assert_flags(vt, 0);

	/* RIS forgets both screens'. */
	feed(vt, "\033[>3u\033[?1049h\033[>4u\033c");
	assert_flags(vt, 0);
	feed(vt, "\033[?1049h");
	assert_flags(vt, 0);

	/* A request split across writes is still one. */
	feed(vt, "\033[>");
	feed(vt, "1");
	feed(vt, "u");
	assert_flags(vt, 1);
	vt_free(vt);
}

/* Disambiguate (1): Escape and keys with Ctrl or Meta as CSI u; text,
 * shifted text and plain Enter, Tab, BSpace as before; keys that are not
 * characters as before. */
static void
test_disambiguate(void **state)
{
	struct vt	*vt = mkvt();

	(void)state;
	feed(vt, "\033[>1u");
	vt_send_key(vt, '\r'|KEYC_CTRL);
	assert_out("\033[13;5u");
	vt_send_key(vt, '\r'|KEYC_CTRL|KEYC_SHIFT);
	assert_out("\033[13;6u");
	vt_send_key(vt, '\r'|KEYC_SHIFT);
	assert_out("\033[13;2u");
	vt_send_key(vt, 0x1b);
	assert_out("\033[27u");
	vt_send_key(vt, 0x1b|KEYC_META);
	assert_out("\033[27;3u");
	vt_send_key(vt, 'a'|KEYC_CTRL);
	assert_out("\033[97;5u");
	vt_send_key(vt, 'a'|KEYC_CTRL|KEYC_SHIFT);
	assert_out("\033[97;6u");
	vt_send_key(vt, 'x'|KEYC_META);
	assert_out("\033[120;3u");
	vt_send_key(vt, ' '|KEYC_CTRL);
	assert_out("\033[32;5u");
	vt_send_key(vt, '\t'|KEYC_CTRL);
	assert_out("\033[9;5u");
	vt_send_key(vt, KEYC_BSPACE|KEYC_META);
	assert_out("\033[127;3u");
	vt_send_key(vt, 'a');
	assert_out("a");
	vt_send_key(vt, 'A');
	assert_out("A");
	vt_send_key(vt, '\r');
	assert_out("\r");
	vt_send_key(vt, '\t');
	assert_out("\t");
	vt_send_key(vt, KEYC_BSPACE);
	assert_out("\177");
	vt_send_key(vt, KEYC_UP|KEYC_CTRL);
	assert_out("\033[1;5A");
	vt_send_key(vt, KEYC_BTAB);
	assert_out("\033[Z");
	/* Ahead of modifyOtherKeys, and of extended-keys always. */
	feed(vt, "\033[>4;2m");
	vt_send_key_extended(vt, '\r'|KEYC_CTRL);
	assert_out("\033[13;5u");
	/* Popped: the legacy keys again (modifyOtherKeys 2 here). */
	feed(vt, "\033[<u\033[>4m");
	vt_send_key(vt, 0x1b);
	assert_out("\033");
	vt_send_key(vt, 'a'|KEYC_CTRL);
	assert_out("\001");
	vt_free(vt);
}

/* All keys (8), alternate keys (4), associated text (16). */
static void
test_all_keys(void **state)
{
	struct vt	*vt = mkvt();

	(void)state;
	feed(vt, "\033[>8u");
	vt_send_key(vt, 'a');
	assert_out("\033[97u");
	vt_send_key(vt, 'A');
	assert_out("\033[97;2u");
	vt_send_key(vt, '\r');
	assert_out("\033[13u");
	vt_send_key(vt, '\t');
	assert_out("\033[9u");
	vt_send_key(vt, KEYC_BSPACE);
	assert_out("\033[127u");
	vt_send_key(vt, KEYC_F1);
	assert_out("\033OP");

	feed(vt, "\033[=12u");
	vt_send_key(vt, 'A');
	assert_out("\033[97:65;2u");
	vt_send_key(vt, 'a'|KEYC_CTRL|KEYC_SHIFT);
	assert_out("\033[97:65;6u");

	feed(vt, "\033[=24u");
	vt_send_key(vt, 'a');
	assert_out("\033[97;1;97u");
	vt_send_key(vt, 'A');
	assert_out("\033[97;2;65u");
	vt_send_key(vt, 'a'|KEYC_CTRL);
	assert_out("\033[97;5u");

	/* Alternate keys without disambiguate or all keys: no key goes as
	 * CSI u for them to be added to. */
	feed(vt, "\033[=4u");
	vt_send_key(vt, 'A');
	assert_out("A");
	vt_send_key(vt, 'a'|KEYC_CTRL|KEYC_SHIFT);
	assert_out("\001");
	feed(vt, "\033[=5u");
	vt_send_key(vt, 'a'|KEYC_CTRL|KEYC_SHIFT);
	assert_out("\033[97:65;6u");
	vt_free(vt);
}

/* XTVERSION: mux's name, as tmux gives its own. */
static void
test_xtversion(void **state)
{
	struct vt	*vt = mkvt();
	char		 want[64];

	(void)state;
	snprintf(want, sizeof want, "\033P>|mux %s\033\\", PACKAGE_VERSION);
	feed(vt, "\033[>q");
	assert_out(want);
	feed(vt, "\033[>0q");
	assert_out(want);
	feed(vt, "\033[>1q");
	assert_out("");
	vt_free(vt);
}

/* DA2: answered as tmux 3.3a answers in a pane (checked there with
 * printf '\\e[>c'); a DA2 with another parameter is not one. */
static void
test_da2(void **state)
{
	struct vt	*vt = mkvt();

	(void)state;
	feed(vt, "\033[>c");
	assert_out("\033[>84;0;0c");
	feed(vt, "\033[>0c");
	assert_out("\033[>84;0;0c");
	feed(vt, "\033[>1c");
	assert_out("");
	vt_free(vt);
}

/* VT52 mode: the keys a VT52 has are sent as xterm sends them there
 * (ESC A for Up even in application cursor mode, ESC P for PF1, the
 * alternate keypad as ESC ? letter); the others keep their ANSI forms;
 * back in ANSI mode (ESC <) the keys are ANSI again. */
static void
test_vt52_keys(void **state)
{
	struct vt	*vt = mkvt();

	(void)state;
	feed(vt, "\033[?1h\033[?2l");
	vt_send_key(vt, KEYC_UP);
	vt_send_key(vt, KEYC_DOWN);
	vt_send_key(vt, KEYC_RIGHT);
	vt_send_key(vt, KEYC_LEFT);
	assert_out("\033A\033B\033C\033D");
	vt_send_key(vt, KEYC_UP|KEYC_CTRL);
	assert_out("\033A");
	vt_send_key(vt, KEYC_LEFT|KEYC_META);
	assert_out("\033\033D");
	vt_send_key(vt, KEYC_F1);
	vt_send_key(vt, KEYC_F2);
	vt_send_key(vt, KEYC_F3);
	vt_send_key(vt, KEYC_F4);
	assert_out("\033P\033Q\033R\033S");
	/* The numeric keypad types; the alternate one (VT52 ESC =) sends
	 * ESC ? and a letter, until ESC >. */
	vt_send_key(vt, KEYC_KP_1);
	vt_send_key(vt, KEYC_KP_MINUS);
	assert_out("1-");
	feed(vt, "\033=");
	vt_send_key(vt, KEYC_KP_0);
	vt_send_key(vt, KEYC_KP_9);
	vt_send_key(vt, KEYC_KP_PERIOD);
	vt_send_key(vt, KEYC_KP_ENTER);
	vt_send_key(vt, KEYC_KP_MINUS);
	assert_out("\033?p\033?y\033?n\033?M\033?m");
	feed(vt, "\033>");
	vt_send_key(vt, KEYC_KP_0);
	assert_out("0");
	/* Text and keys a VT52 lacks are as in ANSI mode. */
	vt_send_key(vt, 'x');
	vt_send_key(vt, KEYC_F5);
	assert_out("x\033[15~");
	feed(vt, "\033<");
	vt_send_key(vt, KEYC_UP);
	vt_send_key(vt, KEYC_F1);
	assert_out("\033OA\033OP");
	vt_free(vt);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stack),
		cmocka_unit_test(test_da2),
		cmocka_unit_test(test_vt52_keys),
		cmocka_unit_test(test_disambiguate),
		cmocka_unit_test(test_all_keys),
		cmocka_unit_test(test_xtversion),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
