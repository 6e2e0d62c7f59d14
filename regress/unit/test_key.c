/*
 * Key names both ways, checked against what tmux 3.3a prints for the same
 * binding in list-keys, round trips, and the bytes a terminal sends.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "common/key.h"

/* A name as typed and the name tmux 3.3a's list-keys shows for it. */
static const struct {
	const char	*in;
	const char	*out;
} names[] = {
	{ "C-b", "C-b" },
	{ "^B", "C-b" },
	{ "^b", "C-b" },
	{ "C-A", "C-a" },
	{ "c-a", "C-a" },
	{ "M-x", "M-x" },
	{ "m-x", "M-x" },
	{ "M-A", "M-A" },
	{ "S-a", "S-a" },
	{ "S-A", "S-A" },
	{ "S-1", "S-1" },
	{ "S-Up", "S-Up" },
	{ "s-up", "S-Up" },
	{ "C-M-Up", "C-M-Up" },
	{ "M-C-Up", "C-M-Up" },
	{ "S-C-M-Up", "C-M-S-Up" },
	{ "C-S-Up", "C-S-Up" },
	{ "M-S-Left", "M-S-Left" },
	{ "S-M-Left", "M-S-Left" },
	{ "C-M-Left", "C-M-Left" },
	{ "C-S-F1", "C-S-F1" },
	{ "C-M-S-F5", "C-M-S-F5" },
	{ "C-F12", "C-F12" },
	{ "C-M-a", "M-C-a" },
	{ "C-M-x", "M-C-x" },
	{ "C-S-a", "S-C-a" },
	{ "C-M-S-a", "M-S-C-a" },
	{ "C-i", "C-i" },
	{ "C-I", "C-i" },
	{ "C-m", "C-m" },
	{ "C-[", "C-[" },
	{ "M-C-[", "C-M-[" },
	{ "S-C-[", "C-S-[" },
	{ "M-C-i", "M-C-i" },
	{ "C-@", "C-Space" },
	{ "C-Space", "C-Space" },
	{ "M-C-Space", "M-C-@" },
	{ "C-M-@", "M-C-@" },
	{ "C-?", "C-?" },
	{ "C-M-?", "M-C-?" },
	{ "C-h", "C-h" },
	{ "C-j", "C-j" },
	{ "C-\\", "C-\\" },
	{ "M-C-\\", "M-C-\\" },
	{ "C-]", "C-]" },
	{ "C-^", "C-^" },
	{ "^^", "C-^" },
	{ "C-_", "C-_" },
	{ "C-1", "C-1" },
	{ "C-0", "C-0" },
	{ "C-!", "C-!" },
	{ "M-C-!", "C-M-!" },
	{ "S-C-!", "C-S-!" },
	{ "C-#", "C-#" },
	{ "C-'", "C-'" },
	{ "C-(", "C-(" },
	{ "C-/", "C-/" },
	{ "C-.", "C-." },
	{ "C-,", "C-," },
	{ "C-=", "C-=" },
	{ "C-;", "C-;" },
	{ "C-<", "C-<" },
	{ "C->", "C->" },
	{ "C-`", "C-`" },
	{ "C--", "C--" },
	{ "^-", "C--" },
	{ "M--", "M--" },
	{ "-", "-" },
	{ "^", "^" },
	{ "C-Tab", "C-Tab" },
	{ "C-Enter", "C-Enter" },
	{ "C-Escape", "C-Escape" },
	{ "C-BSpace", "C-BSpace" },
	{ "M-Escape", "M-Escape" },
	{ "M-Enter", "M-Enter" },
	{ "M-Tab", "M-Tab" },
	{ "M-Space", "M-Space" },
	{ "M-BSpace", "M-BSpace" },
	{ "S-Tab", "S-Tab" },
	{ "S-Space", "S-Space" },
	{ "M-S-Tab", "M-S-Tab" },
	{ "C-M-Tab", "C-M-Tab" },
	{ "C-M-1", "C-M-1" },
	{ "é", "é" },
	{ "C-é", "C-é" },
	{ "M-é", "M-é" },
	{ "C-M-é", "C-M-é" },
	{ "M-☺", "M-☺" },
	{ "F1", "F1" },
	{ "f1", "F1" },
	{ "F12", "F12" },
	{ "IC", "IC" },
	{ "Insert", "IC" },
	{ "insert", "IC" },
	{ "DC", "DC" },
	{ "Delete", "DC" },
	{ "Home", "Home" },
	{ "HOME", "Home" },
	{ "End", "End" },
	{ "NPage", "NPage" },
	{ "PageDown", "NPage" },
	{ "PgDn", "NPage" },
	{ "PPage", "PPage" },
	{ "PageUp", "PPage" },
	{ "PgUp", "PPage" },
	{ "pgup", "PPage" },
	{ "Up", "Up" },
	{ "Down", "Down" },
	{ "Left", "Left" },
	{ "Right", "Right" },
	{ "KP0", "KP0" },
	{ "KP9", "KP9" },
	{ "KP/", "KP/" },
	{ "KP*", "KP*" },
	{ "KP-", "KP-" },
	{ "KP+", "KP+" },
	{ "KPEnter", "KPEnter" },
	{ "kpenter", "KPEnter" },
	{ "KP.", "KP." },
	{ "C-KP1", "C-KP1" },
	{ "BTab", "BTab" },
	{ "S-BTab", "S-BTab" },
	{ "Enter", "Enter" },
	{ "enter", "Enter" },
	{ "Escape", "Escape" },
	{ "Tab", "Tab" },
	{ "Space", "Space" },
	{ "BSpace", "BSpace" },
	{ "bspace", "BSpace" },
	{ "a", "a" },
	{ "Z", "Z" },
	{ "\\", "\\" },
	{ "\"", "\"" },
	{ "#", "#" },
	{ "~", "~" },
	{ "}", "}" },
	{ "0x41", "A" },
	{ "0x263a", "☺" },
	{ "0x1", "C-a" },
	{ "0x0", "C-Space" },
	{ "0xd", "Enter" },
	{ "0x9", "Tab" },
	{ "0x1b", "Escape" },
	{ "0xe9", "é" },
};

/* Strings that tmux 3.3a refuses as key names. */
static const char *bad[] = {
	"", "F13", "C-~", "C-{", "C-|", "C-}", "C-\"", "C-$", "C-%", "C-&",
	"C-*", "C-", "M-", "x-a", "ab", "M-ab", "éa", "C-M-", "--", "Foo",
	"\001", "0x", "0xzz", "0x80", "0x110000", "0xd800", "\xc3", "\xff",
};

/* Every name parses to a key that prints as tmux prints it. */
static void
test_names(void **state)
{
	key_code	key;
	size_t		i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		key = key_from_string(names[i].in);
		if (key == KEYC_NONE)
			fail_msg("\"%s\" did not parse", names[i].in);
		if (strcmp(key_to_string(key), names[i].out) != 0)
			fail_msg("\"%s\" printed \"%s\", want \"%s\"",
			    names[i].in, key_to_string(key), names[i].out);
	}
}

/* Names that are not keys give KEYC_NONE. */
static void
test_bad_names(void **state)
{
	size_t	i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		if (key_from_string(bad[i]) != KEYC_NONE)
			fail_msg("\"%s\" parsed as %s", bad[i],
			    key_to_string(key_from_string(bad[i])));
	}
	assert_int_equal(key_from_string(NULL), KEYC_NONE);
	assert_string_equal(key_to_string(KEYC_NONE), "None");
}

/* Exact codes for the forms key.h documents. */
static void
test_codes(void **state)
{
	assert_int_equal(key_from_string("C-b"), 'b'|KEYC_CTRL);
	assert_int_equal(key_from_string("C-Space"), ' '|KEYC_CTRL);
	assert_int_equal(key_from_string("Tab"), '\t');
	assert_int_equal(key_from_string("C-i"), 'i'|KEYC_CTRL);
	assert_int_equal(key_from_string("C-m"), 'm'|KEYC_CTRL);
	assert_int_equal(key_from_string("C-["), '['|KEYC_CTRL);
	assert_int_equal(key_from_string("Enter"), '\r');
	assert_int_equal(key_from_string("Escape"), 0x1b);
	assert_int_equal(key_from_string("BSpace"), KEYC_BSPACE);
	assert_int_equal(key_from_string("Space"), ' ');
	assert_int_equal(key_from_string("M-x"), 'x'|KEYC_META);
	assert_int_equal(key_from_string("S-Up"), KEYC_UP|KEYC_SHIFT);
	assert_int_equal(key_from_string("C-M-Left"),
	    KEYC_LEFT|KEYC_CTRL|KEYC_META);
	assert_int_equal(key_from_string("F1"), KEYC_F1);
	assert_int_equal(key_from_string("F12"), KEYC_F12);
	assert_int_equal(key_from_string("KP0"), KEYC_KP_0);
	assert_int_equal(key_from_string("KP9"), KEYC_KP_9);
	assert_int_equal(key_from_string("KP/"), KEYC_KP_SLASH);
	assert_int_equal(key_from_string("KP*"), KEYC_KP_STAR);
	assert_int_equal(key_from_string("KP-"), KEYC_KP_MINUS);
	assert_int_equal(key_from_string("KP+"), KEYC_KP_PLUS);
	assert_int_equal(key_from_string("KPEnter"), KEYC_KP_ENTER);
	assert_int_equal(key_from_string("KP."), KEYC_KP_PERIOD);
	assert_int_equal(key_from_string("é"), 0xe9);
	assert_int_equal(key_from_string("😀"), 0x1f600);
	assert_int_equal(key_from_string("C-1"), '1'|KEYC_CTRL);
	assert_int_equal(key_from_string("C-?"), '?'|KEYC_CTRL);
	assert_true(KEYC_IS_SPECIAL(key_from_string("C-Up")));
	assert_false(KEYC_IS_SPECIAL(key_from_string("C-a")));
}

/* Every special key and many characters survive name and back. */
static void
test_round_trip(void **state)
{
	static const key_code	 mods[] = {
		0, KEYC_CTRL, KEYC_META, KEYC_SHIFT, KEYC_CTRL|KEYC_META,
		KEYC_CTRL|KEYC_SHIFT, KEYC_META|KEYC_SHIFT,
		KEYC_CTRL|KEYC_META|KEYC_SHIFT
	};
	key_code		 k, key, back;
	size_t			 m;
	unsigned int		 c;

	for (k = KEYC_BASE; k < KEYC_END_SPECIAL; k++) {
		for (m = 0; m < sizeof mods / sizeof mods[0]; m++) {
			key = k|mods[m];
			back = key_from_string(key_to_string(key));
			if (back != key)
				fail_msg("%s came back as %s",
				    key_to_string(key), key_to_string(back));
		}
	}
	for (c = 0x20; c < 0x7f; c++) {
		for (m = 0; m < sizeof mods / sizeof mods[0]; m++) {
			if (mods[m] & KEYC_CTRL)
				continue;
			key = c|mods[m];
			assert_int_equal(key_from_string(key_to_string(key)),
			    key);
		}
	}
	for (c = 0xa0; c < 0x3000; c += 7) {
		key = c|KEYC_META;
		assert_int_equal(key_from_string(key_to_string(key)), key);
	}
	/* Every byte's key and every Ctrl+letter. */
	for (c = 0; c < 0x80; c++) {
		key = key_from_byte((unsigned char)c);
		assert_int_equal(key_from_string(key_to_string(key)), key);
		assert_int_equal(key_from_string(key_to_string(key|KEYC_META)),
		    key|KEYC_META);
	}
}

/* Bytes typed on a terminal. */
static void
test_bytes(void **state)
{
	unsigned int	c;

	assert_int_equal(key_from_byte(0x00), ' '|KEYC_CTRL);
	assert_string_equal(key_to_string(key_from_byte(0x00)), "C-Space");
	assert_int_equal(key_from_byte(0x01), 'a'|KEYC_CTRL);
	assert_int_equal(key_from_byte(0x02), 'b'|KEYC_CTRL);
	assert_int_equal(key_from_byte(0x1a), 'z'|KEYC_CTRL);
	assert_int_equal(key_from_byte(0x08), 'h'|KEYC_CTRL);
	assert_string_equal(key_to_string(key_from_byte(0x08)), "C-h");
	assert_int_equal(key_from_byte(0x09), '\t');
	assert_int_equal(key_from_byte(0x0d), '\r');
	assert_int_equal(key_from_byte(0x0a), 'j'|KEYC_CTRL);
	assert_int_equal(key_from_byte(0x1b), 0x1b);
	assert_int_equal(key_from_byte(0x1c), '\\'|KEYC_CTRL);
	assert_int_equal(key_from_byte(0x1d), ']'|KEYC_CTRL);
	assert_int_equal(key_from_byte(0x1e), '^'|KEYC_CTRL);
	assert_int_equal(key_from_byte(0x1f), '_'|KEYC_CTRL);
	assert_string_equal(key_to_string(key_from_byte(0x1c)), "C-\\");
	assert_string_equal(key_to_string(key_from_byte(0x1f)), "C-_");
	assert_int_equal(key_from_byte(0x7f), KEYC_BSPACE);
	assert_string_equal(key_to_string(key_from_byte(0x7f)), "BSpace");
	for (c = 0x20; c < 0x7f; c++)
		assert_int_equal(key_from_byte((unsigned char)c), c);

	/* A raw control byte as a key prints as its normal form. */
	assert_string_equal(key_to_string(0x02), "C-b");
	assert_string_equal(key_to_string(0x02|KEYC_META), "M-C-b");
	assert_string_equal(key_to_string('B'|KEYC_CTRL), "C-b");
	/* The name and the byte agree. */
	for (c = 1; c <= 26; c++) {
		char	name[8];

		if (c == 9 || c == 13)
			continue;
		snprintf(name, sizeof name, "C-%c", 'a' + c - 1);
		assert_int_equal(key_from_string(name),
		    key_from_byte((unsigned char)c));
	}
}

/* Mouse keys: three parts, any case, modifiers in front; every one
 * prints back as it parsed. */
static void
test_mouse(void **state)
{
	static const char *const bad[] = {
		"MouseDown0Pane", "MouseDown4Pane", "MouseDownPane",
		"WheelUp1Pane", "MouseDown1", "MouseDown1Window",
		"MouseDragEnd1", "DoubleClickPane",
	};
	key_code	key;
	size_t		i;

	key = key_from_string("MouseDown1Pane");
	assert_true(KEYC_IS_MOUSE(key));
	assert_int_equal(KEYC_MOUSE_TYPE(key), KEYC_MOUSE_DOWN);
	assert_int_equal(KEYC_MOUSE_WHERE(key), KEYC_MOUSE_PANE);
	assert_int_equal(KEYC_MOUSE_BUTTON(key), 1);
	assert_int_equal(key, KEYC_MOUSE_KEY(KEYC_MOUSE_DOWN,
	    KEYC_MOUSE_PANE, 1));
	assert_string_equal(key_to_string(key_from_string("mousedragend3border")),
	    "MouseDragEnd3Border");
	assert_string_equal(key_to_string(key_from_string("M-WheelUpStatus")),
	    "M-WheelUpStatus");
	assert_string_equal(key_to_string(key_from_string("C-S-TripleClick2"
	    "StatusDefault")), "C-S-TripleClick2StatusDefault");
	key = key_from_string("WheelDownPane");
	assert_int_equal(KEYC_MOUSE_TYPE(key), KEYC_WHEEL_DOWN);
	assert_int_equal(KEYC_MOUSE_BUTTON(key), 0);
	key = key_from_string("MouseMoveStatus");
	assert_int_equal(KEYC_MOUSE_TYPE(key), KEYC_MOUSE_MOVE);
	assert_int_equal(KEYC_MOUSE_WHERE(key), KEYC_MOUSE_STATUS);
	assert_int_equal(KEYC_MOUSE_BUTTON(key), 0);
	assert_int_equal(key_from_string("MouseMove1Pane"), KEYC_NONE);
	assert_false(KEYC_IS_MOUSE(key_from_string("F1")));
	assert_false(KEYC_IS_MOUSE('a'));
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		if (key_from_string(bad[i]) != KEYC_NONE)
			fail_msg("\"%s\" parsed", bad[i]);
	}
	for (key = KEYC_MOUSE; key < KEYC_MOUSE_END; key++) {
		if ((KEYC_MOUSE_BUTTON(key) == 0) !=
		    KEYC_MOUSE_NO_BUTTON(KEYC_MOUSE_TYPE(key)))
			continue;
		assert_int_equal(key_from_string(key_to_string(key)), key);
	}
}

/* Run the tests. */
/* C-i, C-m and C-[ are keys of their own whose twins are Tab, Enter and
 * Escape (other modifiers kept); every other key has none. */
static void
test_twins(void **state)
{
	(void)state;
	assert_int_equal(key_ctrl_twin('i'|KEYC_CTRL), '\t');
	assert_int_equal(key_ctrl_twin('\t'), 'i'|KEYC_CTRL);
	assert_int_equal(key_ctrl_twin('m'|KEYC_CTRL|KEYC_META),
	    '\r'|KEYC_META);
	assert_int_equal(key_ctrl_twin('\033'|KEYC_SHIFT),
	    '['|KEYC_CTRL|KEYC_SHIFT);
	assert_int_equal(key_ctrl_twin('\t'|KEYC_CTRL), KEYC_NONE);
	assert_int_equal(key_ctrl_twin('a'|KEYC_CTRL), KEYC_NONE);
	assert_int_equal(key_ctrl_twin(KEYC_NONE), KEYC_NONE);
	assert_int_equal(key_classic('i'|KEYC_CTRL), '\t');
	assert_int_equal(key_classic('\t'), '\t');
	assert_int_equal(key_classic('b'|KEYC_CTRL), 'b'|KEYC_CTRL);
	assert_true(key_matches('m'|KEYC_CTRL, '\r'));
	assert_true(key_matches('\r', '\r'));
	assert_false(key_matches('\r', KEYC_NONE));
	assert_false(key_matches('a', KEYC_NONE));
	assert_false(key_matches('\t'|KEYC_CTRL, '\t'));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_bad_names),
		cmocka_unit_test(test_codes),
		cmocka_unit_test(test_twins),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_bytes),
		cmocka_unit_test(test_mouse),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
