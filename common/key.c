/*
 * Key names, both ways, spelled as tmux 3.3a spells them.
 *
 * A key is a code point or a special key (key.h) plus modifier bits. Names
 * are "[mods]name": modifiers "C-", "M-", "S-" (any case, any order) or a
 * leading "^" for Ctrl; the name is a table entry ("Enter", "F1", "PgUp";
 * matched without regard to case), a single character (UTF-8), or "0x..."
 * (a code point in hex).
 *
 * Ctrl on an ASCII character follows the terminal: C-a .. C-z, C-@ (C-Space),
 * C-\ C-] C-^ C-_ and C-? are the control bytes, so "C-A" is "C-a". "C-i",
 * "C-m" and "C-[" are keys of their own, which a terminal that reports
 * modified keys (the kitty protocol, modifyOtherKeys) tells apart from
 * Tab, Enter and Escape; a legacy terminal sends the same byte for both
 * of a pair, so each is the other's twin (key_ctrl_twin): a binding of
 * one serves the other when that has none, as in tmux 3.3a, where "C-i"
 * is Tab. A few more punctuation keys and digits ("C-1", "C-.") exist
 * only as modified keys from terminals that report them; the other ASCII
 * punctuation ("C-~", "C-{") is not a key.
 *
 * key_to_string prints what tmux 3.3a prints: "C-M-S-Up" for modified
 * special keys, but "M-C-a" and "S-C-a" for the control bytes, which tmux
 * keeps as bytes with the other modifiers in front.
 *
 * Mouse keys are named from three parts: "MouseDown" + "1" + "Pane".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/key.h"
#include "common/utf8.h"

/* Names of keys, canonical name first for keys with aliases. */
static const struct {
	const char	*name;
	key_code	 key;
} key_names[] = {
	{ "F1", KEYC_F1 },
	{ "F2", KEYC_F2 },
	{ "F3", KEYC_F3 },
	{ "F4", KEYC_F4 },
	{ "F5", KEYC_F5 },
	{ "F6", KEYC_F6 },
	{ "F7", KEYC_F7 },
	{ "F8", KEYC_F8 },
	{ "F9", KEYC_F9 },
	{ "F10", KEYC_F10 },
	{ "F11", KEYC_F11 },
	{ "F12", KEYC_F12 },
	{ "IC", KEYC_IC },
	{ "Insert", KEYC_IC },
	{ "DC", KEYC_DC },
	{ "Delete", KEYC_DC },
	{ "Home", KEYC_HOME },
	{ "End", KEYC_END },
	{ "NPage", KEYC_NPAGE },
	{ "PageDown", KEYC_NPAGE },
	{ "PgDn", KEYC_NPAGE },
	{ "PPage", KEYC_PPAGE },
	{ "PageUp", KEYC_PPAGE },
	{ "PgUp", KEYC_PPAGE },
	{ "Tab", '\t' },
	{ "BTab", KEYC_BTAB },
	{ "Space", ' ' },
	{ "BSpace", KEYC_BSPACE },
	{ "Enter", '\r' },
	{ "Escape", '\033' },
	{ "Up", KEYC_UP },
	{ "Down", KEYC_DOWN },
	{ "Left", KEYC_LEFT },
	{ "Right", KEYC_RIGHT },
	{ "KP/", KEYC_KP_SLASH },
	{ "KP*", KEYC_KP_STAR },
	{ "KP-", KEYC_KP_MINUS },
	{ "KP7", KEYC_KP_7 },
	{ "KP8", KEYC_KP_8 },
	{ "KP9", KEYC_KP_9 },
	{ "KP+", KEYC_KP_PLUS },
	{ "KP4", KEYC_KP_4 },
	{ "KP5", KEYC_KP_5 },
	{ "KP6", KEYC_KP_6 },
	{ "KP1", KEYC_KP_1 },
	{ "KP2", KEYC_KP_2 },
	{ "KP3", KEYC_KP_3 },
	{ "KPEnter", KEYC_KP_ENTER },
	{ "KP0", KEYC_KP_0 },
	{ "KP.", KEYC_KP_PERIOD },
	{ "FocusIn", KEYC_FOCUS_IN },
	{ "FocusOut", KEYC_FOCUS_OUT },
};
#define KEY_NNAMES (sizeof key_names / sizeof key_names[0])

/* The parts of mouse key names (key.h). */
static const char *const key_mouse_types[] = {
	"MouseDown", "MouseUp", "MouseDrag", "MouseDragEnd", "WheelUp",
	"WheelDown", "SecondClick", "DoubleClick", "TripleClick", "MouseMove"
};
static const char *const key_mouse_wheres[] = {
	"Pane", "Status", "StatusLeft", "StatusRight", "StatusDefault", "Border"
};
_Static_assert(sizeof key_mouse_types / sizeof key_mouse_types[0] ==
    KEYC_MOUSE_NTYPES, "mouse key types");
_Static_assert(sizeof key_mouse_wheres / sizeof key_mouse_wheres[0] ==
    KEYC_MOUSE_NWHERE, "mouse key places");

/* Parse "User0" to "User999" (any case); KEYC_NONE if it is not one. */
static key_code
key_user_from_string(const char *s)
{
	unsigned int	n = 0;

	if (strncasecmp(s, "User", 4) != 0 || s[4] == '\0')
		return (KEYC_NONE);
	for (s += 4; *s != '\0'; s++) {
		if (*s < '0' || *s > '9' || (n = n * 10 + (*s - '0')) >=
		    KEYC_NUSER)
			return (KEYC_NONE);
	}
	return (KEYC_USER + n);
}

/* Parse a mouse key name ("MouseDown1Pane", "WheelUpStatus"), ignoring
 * case; KEYC_NONE if it is not one. */
static key_code
key_mouse_from_string(const char *s)
{
	size_t		n;
	unsigned int	type, where, button;
	const char	*rest;

	for (type = 0; type < KEYC_MOUSE_NTYPES; type++) {
		n = strlen(key_mouse_types[type]);
		if (strncasecmp(s, key_mouse_types[type], n) != 0)
			continue;
		rest = s + n;
		button = 0;
		if (!KEYC_MOUSE_NO_BUTTON(type)) {
			if (*rest < '1' || *rest > '3')
				continue;
			button = *rest++ - '0';
		}
		for (where = 0; where < KEYC_MOUSE_NWHERE; where++) {
			if (strcasecmp(rest, key_mouse_wheres[where]) == 0)
				return (KEYC_MOUSE_KEY(type, where, button));
		}
	}
	return (KEYC_NONE);
}

/* ASCII keys that keep Ctrl as a modifier instead of becoming a C0 byte. */
static const char key_ctrl_other[] = "!#'()+,-./0123456789:;<=>`";

/* Look a name up in the table, ignoring case. */
static key_code
key_lookup_name(const char *name)
{
	size_t	i;

	for (i = 0; i < KEY_NNAMES; i++) {
		if (strcasecmp(name, key_names[i].name) == 0)
			return (key_names[i].key);
	}
	return (KEYC_NONE);
}

/* Parse leading "C-", "M-", "S-" (any case); *sp moves past them. Returns
 * KEYC_NONE for an unknown modifier letter. */
static key_code
key_parse_modifiers(const char **sp)
{
	const char	*s = *sp;
	key_code	 mods = 0;

	while (s[0] != '\0' && s[1] == '-') {
		switch (s[0]) {
		case 'C':
		case 'c':
			mods |= KEYC_CTRL;
			break;
		case 'M':
		case 'm':
			mods |= KEYC_META;
			break;
		case 'S':
		case 's':
			mods |= KEYC_SHIFT;
			break;
		default:
			return (KEYC_NONE);
		}
		s += 2;
	}
	*sp = s;
	return (mods);
}

/* Parse "0x..." as a code point; KEYC_NONE unless it is a character. */
static key_code
key_parse_hex(const char *s)
{
	unsigned long	 cp;
	char		*end;

	if (s[0] == '\0' || strspn(s, "0123456789abcdefABCDEF") != strlen(s))
		return (KEYC_NONE);
	cp = strtoul(s, &end, 16);
	if (*end != '\0' || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return (KEYC_NONE);
	if (cp >= 0x80 && cp < 0xa0)
		return (KEYC_NONE);
	if (cp < 0x20 || cp == 0x7f)
		return (key_from_byte((unsigned char)cp));
	return ((key_code)cp);
}

/* Apply Ctrl to an ASCII key the way a terminal does; KEYC_NONE if Ctrl
 * with this key is not a key. */
static key_code
key_apply_ctrl(key_code key)
{
	if (key == '\t' || key == '\r' || key == '\033')
		return (key|KEYC_CTRL);
	if (strchr(key_ctrl_other, (int)key) != NULL)
		return (key|KEYC_CTRL);
	if (key >= 'A' && key <= 'Z')
		key += 'a' - 'A';
	if (key == '[')
		return (key|KEYC_CTRL);
	if (key == '@')
		key = ' ';
	if ((key >= 'a' && key <= 'z') || key == ' ' || key == '\\' ||
	    key == ']' || key == '^' || key == '_' || key == '?')
		return (key|KEYC_CTRL);
	return (KEYC_NONE);
}

/* Parse a key name; KEYC_NONE when it is not a key. */
key_code
key_from_string(const char *string)
{
	const char	*s = string;
	key_code	 mods = 0, key, m;
	uint32_t	 cp;
	int		 n;

	if (s == NULL || *s == '\0')
		return (KEYC_NONE);
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		return (key_parse_hex(s + 2));

	if (s[0] == '^' && s[1] != '\0') {
		mods |= KEYC_CTRL;
		s++;
	}
	if ((m = key_parse_modifiers(&s)) == KEYC_NONE)
		return (KEYC_NONE);
	mods |= m;
	if (*s == '\0')
		return (KEYC_NONE);

	if (s[1] == '\0' && (unsigned char)s[0] < 0x80) {
		key = (unsigned char)s[0];
		if (key < 0x20 || key == 0x7f)
			return (KEYC_NONE);
	} else if ((unsigned char)s[0] >= 0x80) {
		/* One UTF-8 character and nothing else. */
		n = utf8_decode(s, strlen(s), &cp);
		if (n <= 0 || s[n] != '\0' || (cp >= 0x80 && cp < 0xa0))
			return (KEYC_NONE);
		return (cp|mods);
	} else if ((key = key_lookup_name(s)) == KEYC_NONE &&
	    (key = key_mouse_from_string(s)) == KEYC_NONE &&
	    (key = key_user_from_string(s)) == KEYC_NONE)
		return (KEYC_NONE);

	if ((mods & KEYC_CTRL) && key < 0x80) {
		if ((key = key_apply_ctrl(key)) == KEYC_NONE)
			return (KEYC_NONE);
		if (key & KEYC_CTRL)
			return (key|mods);
		return (key|(mods & ~KEYC_CTRL));
	}
	return (key|mods);
}

/* The canonical (tmux) name of a key, in a static buffer. */
const char *
key_to_string(key_code key)
{
	static char	 out[64];
	char		 name[8];
	const char	*s;
	key_code	 mods, base;
	size_t		 i, n;

	if (key == KEYC_NONE)
		return ("None");
	mods = key & KEYC_MASK_MOD;
	base = key & KEYC_MASK_KEY;

	/* A raw control byte is the same key as its normalised form. */
	if ((base < 0x20 && base != '\t' && base != '\r' && base != '\033') ||
	    base == 0x7f) {
		key = key_from_byte((unsigned char)base);
		mods |= key & KEYC_MASK_MOD;
		base = key & KEYC_MASK_KEY;
	}
	if (mods & KEYC_CTRL) {
		if (base >= 'A' && base <= 'Z')
			base += 'a' - 'A';
		else if (base == '@')
			base = ' ';
	}

	/* Ctrl with a key that is a control byte: "M-C-a", "C-Space". */
	if ((mods & KEYC_CTRL) && ((base >= 'a' && base <= 'z') ||
	    base == ' ' || base == '\\' || base == ']' || base == '^' ||
	    base == '_' || base == '?')) {
		name[0] = (char)base;
		name[1] = '\0';
		s = name;
		if (base == ' ')
			s = (mods & (KEYC_META|KEYC_SHIFT)) ? "@" : "Space";
		snprintf(out, sizeof out, "%s%sC-%s",
		    (mods & KEYC_META) ? "M-" : "",
		    (mods & KEYC_SHIFT) ? "S-" : "", s);
		return (out);
	}

	if (KEYC_IS_MOUSE(base)) {
		snprintf(out, sizeof out, "%s%s%s%s", (mods & KEYC_CTRL) ?
		    "C-" : "", (mods & KEYC_META) ? "M-" : "",
		    (mods & KEYC_SHIFT) ? "S-" : "",
		    key_mouse_types[KEYC_MOUSE_TYPE(base)]);
		n = strlen(out);
		if (KEYC_MOUSE_BUTTON(base) != 0)
			out[n++] = '0' + KEYC_MOUSE_BUTTON(base);
		snprintf(out + n, sizeof out - n, "%s",
		    key_mouse_wheres[KEYC_MOUSE_WHERE(base)]);
		return (out);
	}

	if (KEYC_IS_USER(base)) {
		snprintf(out, sizeof out, "%s%s%sUser%u", (mods & KEYC_CTRL) ?
		    "C-" : "", (mods & KEYC_META) ? "M-" : "",
		    (mods & KEYC_SHIFT) ? "S-" : "", base - KEYC_USER);
		return (out);
	}

	s = NULL;
	for (i = 0; i < KEY_NNAMES; i++) {
		if (key_names[i].key == base) {
			s = key_names[i].name;
			break;
		}
	}
	if (s == NULL && base < KEYC_BASE &&
	    (n = utf8_encode(base, name)) != 0) {
		name[n] = '\0';
		s = name;
	}
	if (s == NULL) {
		snprintf(out, sizeof out, "Invalid#%x", (unsigned int)key);
		return (out);
	}
	snprintf(out, sizeof out, "%s%s%s%s",
	    (mods & KEYC_CTRL) ? "C-" : "",
	    (mods & KEYC_META) ? "M-" : "",
	    (mods & KEYC_SHIFT) ? "S-" : "", s);
	return (out);
}

/* Map a byte typed outside an escape sequence to its key. */
key_code
key_from_byte(unsigned char c)
{
	if (c == '\t' || c == '\r' || c == '\033')
		return (c);
	if (c == 0)
		return (' '|KEYC_CTRL);
	if (c >= 0x01 && c <= 0x1a)
		return (('a' + c - 1)|KEYC_CTRL);
	if (c >= 0x1c && c <= 0x1f)
		return (('\\' + c - 0x1c)|KEYC_CTRL);
	if (c == 0x7f)
		return (KEYC_BSPACE);
	return (c);
}

key_code
key_ctrl_twin(key_code key)
{
	static const char	 pairs[] = "i\tm\r[\033";
	key_code		 mods = key & KEYC_MASK_MOD, base;
	size_t			 i;

	if (key == KEYC_NONE)
		return (KEYC_NONE);
	base = key & KEYC_MASK_KEY;
	for (i = 0; i < sizeof pairs - 1; i += 2) {
		if ((mods & KEYC_CTRL) && base == (key_code)pairs[i])
			return ((key_code)pairs[i + 1]|(mods & ~KEYC_CTRL));
		if (!(mods & KEYC_CTRL) && base == (key_code)pairs[i + 1])
			return ((key_code)pairs[i]|mods|KEYC_CTRL);
	}
	return (KEYC_NONE);
}

int
key_matches(key_code a, key_code b)
{
	return (a != KEYC_NONE && b != KEYC_NONE &&
	    (a == b || key_ctrl_twin(a) == b));
}

key_code
key_classic(key_code key)
{
	key_code	twin;

	if (key == KEYC_NONE || !(key & KEYC_CTRL) ||
	    (twin = key_ctrl_twin(key)) == KEYC_NONE)
		return (key);
	return (twin);
}
