/*
 * vt-keys: input for a pane's program, encoded the way the program asked
 * for it: keys through libvterm's keyboard API (so application cursor and
 * keypad modes apply), as the kitty keyboard protocol or as xterm's
 * modifyOtherKeys, bracketed paste, focus events and mouse reports.
 * Bytes go out through vt_output.
 */
#include <stdio.h>
#include <string.h>

#include <vterm.h>

#include "common/utf8.h"
#include "grid/vt-int.h"

/* libvterm modifiers for a key's modifier bits. */
static VTermModifier
vt_key_mods(key_code key)
{
	int	m = VTERM_MOD_NONE;

	if (key & KEYC_SHIFT)
		m |= VTERM_MOD_SHIFT;
	if (key & KEYC_META)
		m |= VTERM_MOD_ALT;
	if (key & KEYC_CTRL)
		m |= VTERM_MOD_CTRL;
	return ((VTermModifier)m);
}

/* The control byte xterm sends for Ctrl with character c, or -1. */
static int
vt_ctrl_byte(uint32_t c)
{
	if (c >= 'a' && c <= 'z')
		return (c - 'a' + 1);
	if (c >= 'A' && c <= 'Z')
		return (c - 'A' + 1);
	switch (c) {
	case ' ':
	case '@':
	case '2':
		return (0x00);
	case '[':
	case '3':
		return (0x1b);
	case '\\':
	case '4':
		return (0x1c);
	case ']':
	case '5':
		return (0x1d);
	case '^':
	case '6':
	case '~':
		return (0x1e);
	case '_':
	case '7':
	case '/':
		return (0x1f);
	case '?':
	case '8':
		return (0x7f);
	}
	return (-1);
}

/* Send one byte, preceded by ESC when meta is set. */
static void
vt_send_byte(struct vt *vt, unsigned char b, int meta)
{
	char	buf[2];
	size_t	n = 0;

	if (meta)
		buf[n++] = '\033';
	buf[n++] = b;
	vt_output(vt, buf, n);
}

/* The libvterm key for a special key code, or VTERM_KEY_NONE. */
static VTermKey
vt_special_key(struct vt *vt, uint32_t k)
{
	if (k >= KEYC_F1 && k <= KEYC_F12)
		return (VTERM_KEY_FUNCTION(1 + (k - KEYC_F1)));
	if (k >= KEYC_KP_0 && k <= KEYC_KP_9)
		return (VTERM_KEY_KP_0 + (k - KEYC_KP_0));
	switch (k) {
	case KEYC_BSPACE:
		return (VTERM_KEY_BACKSPACE);
	case KEYC_IC:
		return (VTERM_KEY_INS);
	case KEYC_DC:
		return (VTERM_KEY_DEL);
	case KEYC_HOME:
		return (VTERM_KEY_HOME);
	case KEYC_END:
		return (VTERM_KEY_END);
	case KEYC_NPAGE:
		return (VTERM_KEY_PAGEDOWN);
	case KEYC_PPAGE:
		return (VTERM_KEY_PAGEUP);
	case KEYC_BTAB:
		return (VTERM_KEY_TAB);
	case KEYC_UP:
		return (VTERM_KEY_UP);
	case KEYC_DOWN:
		return (VTERM_KEY_DOWN);
	case KEYC_LEFT:
		return (VTERM_KEY_LEFT);
	case KEYC_RIGHT:
		return (VTERM_KEY_RIGHT);
	case KEYC_KP_SLASH:
		return (VTERM_KEY_KP_DIVIDE);
	case KEYC_KP_STAR:
		return (VTERM_KEY_KP_MULT);
	case KEYC_KP_MINUS:
		return (VTERM_KEY_KP_MINUS);
	case KEYC_KP_PLUS:
		return (VTERM_KEY_KP_PLUS);
	case KEYC_KP_PERIOD:
		return (VTERM_KEY_KP_PERIOD);
	case KEYC_KP_ENTER:
		/* libvterm sends LF for keypad Enter in numeric mode; xterm
		 * sends CR. */
		if (vt->modes & VT_MODE_APPKEYPAD)
			return (VTERM_KEY_KP_ENTER);
		return (VTERM_KEY_ENTER);
	}
	return (VTERM_KEY_NONE);
}

/*
 * Send a key with modifiers as xterm's modifyOtherKeys does, "CSI 27 ; m ;
 * c ~", if the program asked for it and the key needs it at its level.
 * Returns 0 when the key is left to the classic encoding.
 */
static int
vt_send_modified(struct vt *vt, key_code key, int floor)
{
	uint32_t	k = key & KEYC_MASK_KEY, cp;
	key_code	mods = key & (KEYC_SHIFT|KEYC_META|KEYC_CTRL);
	char		buf[48];
	int		level, n, m;

	level = (vt->modes & VT_MODE_KEYS2) ? 2 :
	    ((vt->modes & VT_MODE_KEYS1) ? 1 : 0);
	if (level < floor)
		level = floor;
	if (level == 0 || mods == 0)
		return (0);
	if (k == KEYC_BSPACE)
		cp = 0x7f;
	else if (KEYC_IS_SPECIAL(k))
		return (0);
	else
		cp = k;
	if (cp >= 'a' && cp <= 'z' && (mods & KEYC_SHIFT))
		cp -= 'a' - 'A';	/* C-S-a is Ctrl with 'A' */
	if (cp >= 0x20 && cp != 0x7f && mods == KEYC_SHIFT)
		return (0);		/* the character says it */
	if (cp == '\t' && mods == KEYC_SHIFT)
		return (0);		/* BTab, CSI Z */
	if (level == 1) {
		/* Only what the classic keys lose: Ctrl or Shift with
		 * Enter, Tab, Escape, BSpace, and Ctrl with a character
		 * that has no control byte or with Shift. */
		if (cp == '\r' || cp == '\t' || cp == 0x1b || cp == 0x7f) {
			if (!(mods & (KEYC_CTRL|KEYC_SHIFT)))
				return (0);
		} else if (!(mods & KEYC_CTRL) || (vt_ctrl_byte(cp) >= 0 &&
		    !(mods & KEYC_SHIFT)))
			return (0);
	}
	m = 1;
	if (mods & KEYC_SHIFT)
		m += 1;
	if (mods & KEYC_META)
		m += 2;
	if (mods & KEYC_CTRL)
		m += 4;
	n = snprintf(buf, sizeof buf, "\033[27;%d;%u~", m, cp);
	vt_output(vt, buf, n);
	return (1);
}

/*
 * Send a key as the kitty keyboard protocol's "CSI code ; mods u" if the
 * flags in force on the screen shown ask for it (see vt_kitty_request).
 * Returns 0 when the key is left to the legacy encodings.
 *
 * Disambiguate (1): Escape, and any character or Enter, Tab, BSpace with
 * Ctrl or Meta (Enter, Tab, BSpace with Shift too), go as CSI u; plain and
 * shifted text, plain Enter, Tab and BSpace stay as they were. All keys
 * (8): every one of those goes as CSI u. Alternate keys (4): a shifted
 * letter adds its shifted form, "CSI 97:65;6u". Associated text (16,
 * with 8): a key that types text adds it, "CSI 97;1;97u". Event types
 * (2) change nothing: mux only ever has presses, the default. Keys that
 * are not characters (cursor, function and keypad keys, BTab) keep their
 * legacy encodings, which carry modifiers already ("CSI 1;5A").
 */
static int
vt_send_kitty(struct vt *vt, key_code key)
{
	unsigned int	flags = vt_kitty_current(vt)->flags;
	uint32_t	k = key & KEYC_MASK_KEY, code, shifted = 0, text = 0;
	key_code	mods = key & (KEYC_SHIFT|KEYC_META|KEYC_CTRL);
	char		buf[64];
	int		all, m, n;

	if (!(flags & (VT_KITTY_DISAMBIGUATE|VT_KITTY_ALL_KEYS)))
		return (0);
	all = (flags & VT_KITTY_ALL_KEYS) != 0;
	if (k == KEYC_BSPACE)
		code = 0x7f;
	else if (KEYC_IS_SPECIAL(k) || KEYC_IS_MOUSE(k))
		return (0);
	else if (k == '\n')
		code = '\r';
	else
		code = k;
	if (code < 0x20 && code != '\r' && code != '\t' && code != 0x1b)
		return (0);

	if (code >= 'A' && code <= 'Z') {
		shifted = code;
		code += 'a' - 'A';
		mods |= KEYC_SHIFT;
	} else if ((mods & KEYC_SHIFT) && code >= 'a' && code <= 'z')
		shifted = code - ('a' - 'A');

	if (!all && code != 0x1b) {
		if (code == '\r' || code == '\t' || code == 0x7f) {
			if (mods == 0)
				return (0);
		} else if (!(mods & (KEYC_CTRL|KEYC_META)))
			return (0);
	}

	m = 1;
	if (mods & KEYC_SHIFT)
		m += 1;
	if (mods & KEYC_META)
		m += 2;
	if (mods & KEYC_CTRL)
		m += 4;
	if ((flags & VT_KITTY_TEXT) && all && !(mods & (KEYC_CTRL|KEYC_META)) &&
	    code >= 0x20 && code != 0x7f)
		text = shifted != 0 ? shifted : code;

	n = snprintf(buf, sizeof buf, "\033[%u", code);
	if ((flags & VT_KITTY_ALTERNATE) && shifted != 0)
		n += snprintf(buf + n, sizeof buf - n, ":%u", shifted);
	if (text != 0)
		n += snprintf(buf + n, sizeof buf - n, ";%d;%u", m, text);
	else if (m != 1)
		n += snprintf(buf + n, sizeof buf - n, ";%d", m);
	buf[n++] = 'u';
	vt_output(vt, buf, n);
	return (1);
}

/*
 * A key in VT52 mode, as xterm sends it there: the cursor keys ESC A to
 * ESC D (application cursor mode or not), PF1 to PF4 (F1 to F4) ESC P to
 * ESC S, and in the alternate keypad mode (ESC =) the keypad as ESC ?
 * and the letter the VT100 sends after SS3 (0 is "ESC ? p", Enter
 * "ESC ? M"). A VT52 has no modifiers to report: only Meta's ESC goes
 * first. Returns 0 for the keys a VT52 does not have, which keep their
 * ANSI encodings, and for the numeric keypad, which types its
 * characters.
 */
static int
vt_send_vt52(struct vt *vt, key_code key)
{
	static const char	 kp[] = "pqrstuvwxy";
	uint32_t		 k = key & KEYC_MASK_KEY;
	char			 buf[4];
	size_t			 n = 0;
	int			 c = 0;

	if (k >= KEYC_UP && k <= KEYC_RIGHT)
		c = "ABDC"[k - KEYC_UP];
	else if (k >= KEYC_F1 && k <= KEYC_F4)
		c = "PQRS"[k - KEYC_F1];
	if (c != 0) {
		if (key & KEYC_META)
			buf[n++] = '\033';
		buf[n++] = '\033';
		buf[n++] = (char)c;
		vt_output(vt, buf, n);
		return (1);
	}
	if (!(vt->modes & VT_MODE_APPKEYPAD))
		return (0);
	if (k >= KEYC_KP_0 && k <= KEYC_KP_9)
		c = kp[k - KEYC_KP_0];
	switch (k) {
	case KEYC_KP_SLASH:	c = 'o'; break;
	case KEYC_KP_STAR:	c = 'j'; break;
	case KEYC_KP_MINUS:	c = 'm'; break;
	case KEYC_KP_PLUS:	c = 'k'; break;
	case KEYC_KP_PERIOD:	c = 'n'; break;
	case KEYC_KP_ENTER:	c = 'M'; break;
	}
	if (c == 0)
		return (0);
	buf[n++] = '\033';
	buf[n++] = '?';
	buf[n++] = (char)c;
	vt_output(vt, buf, n);
	return (1);
}

/* Send a key; floor is the least modifyOtherKeys level to encode with. */
static void
vt_send_key1(struct vt *vt, key_code key, int floor)
{
	uint32_t	k = key & KEYC_MASK_KEY;
	VTermModifier	m = vt_key_mods(key);
	VTermKey	vk;
	int		b;

	if (key == KEYC_NONE)
		return;
	if (vt->vt52 && vt_send_vt52(vt, key))
		return;
	if (vt_send_kitty(vt, key))
		return;
	if (vt_send_modified(vt, key, floor))
		return;
	if (KEYC_IS_SPECIAL(k)) {
		if (k == KEYC_FOCUS_IN || k == KEYC_FOCUS_OUT) {
			vt_send_focus(vt, k == KEYC_FOCUS_IN);
			return;
		}
		if (k == KEYC_BSPACE) {
			/* C-BSpace is ^H, as xterm sends it. */
			vt_send_byte(vt, (key & KEYC_CTRL) ? 0x08 : 0x7f,
			    (key & KEYC_META) != 0);
			return;
		}
		vk = vt_special_key(vt, k);
		if (vk == VTERM_KEY_NONE)
			return;
		if (k == KEYC_BTAB)
			m |= VTERM_MOD_SHIFT;
		vterm_keyboard_key(vt->vterm, vk, m);
		return;
	}

	/* Classic Enter, Tab (but Shift-Tab), Escape and DEL carry only
	 * Meta (ESC first); libvterm 0.1.4 would send CSI u for the rest. */
	if (k == '\t' && (key & KEYC_SHIFT)) {
		vterm_keyboard_key(vt->vterm, VTERM_KEY_TAB, m);
		return;
	}
	if (k == '\r' || k == '\n' || k == '\t' || k == 0x1b || k == 0x7f) {
		if (k == '\r' || k == '\n')
			vterm_keyboard_key(vt->vterm, VTERM_KEY_ENTER,
			    m & VTERM_MOD_ALT);
		else
			vt_send_byte(vt, k, (key & KEYC_META) != 0);
		return;
	}
	if (key & KEYC_CTRL) {
		/* Classic control bytes; libvterm 0.1.4 would send CSI u
		 * sequences for most of these, which few programs read. */
		b = vt_ctrl_byte(k);
		if (b >= 0) {
			vt_send_byte(vt, b, (key & KEYC_META) != 0);
			return;
		}
		m &= ~VTERM_MOD_CTRL;
	}
	if (k < 0x20) {
		vt_send_byte(vt, k, (key & KEYC_META) != 0);
		return;
	}
	/* The character already carries its case. */
	m &= ~VTERM_MOD_SHIFT;
	vterm_keyboard_unichar(vt->vterm, k, m);
}

void
vt_send_key(struct vt *vt, key_code key)
{
	vt_send_key1(vt, key, 0);
}

void
vt_send_key_extended(struct vt *vt, key_code key)
{
	vt_send_key1(vt, key, 1);
}

/* Send pasted text, bracketed if the pane asked for it. */
void
vt_send_paste(struct vt *vt, const char *buf, size_t len)
{
	static const char	 end[] = "\033[201~";
	size_t			 i, start = 0, elen = sizeof end - 1;

	if (!(vt->modes & VT_MODE_BRACKETPASTE)) {
		vt_output(vt, buf, len);
		return;
	}
	vt_output(vt, "\033[200~", 6);
	/* Leave out any end marker inside: the paste must not end early. */
	for (i = 0; i + elen <= len; i++) {
		if (buf[i] == '\033' && memcmp(buf + i, end, elen) == 0) {
			vt_output(vt, buf + start, i - start);
			i += elen - 1;
			start = i + 1;
		}
	}
	vt_output(vt, buf + start, len - start);
	vt_output(vt, end, elen);
}

/* Send a focus event if the pane asked for them. */
void
vt_send_focus(struct vt *vt, int in)
{
	if (!(vt->modes & VT_MODE_FOCUS))
		return;
	vt_output(vt, in ? "\033[I" : "\033[O", 3);
}

/*
 * Pass on a mouse report libvterm made. 0.1.4 writes urxvt's encoding
 * (1015) with the bare button code, "CSI 0;x;y M"; urxvt and xterm add 32
 * to it as in the X10 encoding, "CSI 32;x;y M".
 */
static void
vt_mouse_fix(struct vt *vt, const char *buf, size_t len)
{
	char		 out[VT_MOUSE_MAX + 8];
	unsigned int	 b, x, y;
	int		 n, used = 0;

	if (len > 3 && buf[0] == '\033' && buf[1] == '[' && buf[2] >= '0' &&
	    buf[2] <= '9' && len < sizeof out - 8 &&
	    sscanf(buf + 2, "%u;%u;%uM%n", &b, &x, &y, &used) == 3 &&
	    (size_t)used == len - 2) {
		n = snprintf(out, sizeof out, "\033[%u;%u;%uM", b + 32, x, y);
		vt_output(vt, out, n);
		return;
	}
	vt_output(vt, buf, len);
}

/* Send a mouse event if the pane asked for them. */
int
vt_send_mouse(struct vt *vt, unsigned int x, unsigned int y, int button,
    int pressed, int motion, key_code mods)
{
	VTermModifier	m = vt_key_mods(mods);
	char		buf[VT_MOUSE_MAX];
	size_t		before = vt->out_bytes;

	if (!(vt->modes & VT_MODE_MOUSE_ANY))
		return (0);
	if (x >= vt->cols || y >= vt->rows)
		return (0);
	vt->mouse_buf = buf;
	vt->mouse_len = 0;
	vterm_mouse_move(vt->vterm, y, x, m);
	if (vt->mouse_len != 0) {
		vt->mouse_buf = NULL;
		vt_mouse_fix(vt, buf, vt->mouse_len);
		vt->mouse_buf = buf;
		vt->mouse_len = 0;
	}
	if (!motion) {
		if (button == 4 || button == 5)
			vterm_mouse_button(vt->vterm, button, 1, m);
		else if (button == 3 || !pressed) {
			vterm_mouse_button(vt->vterm,
			    vt->mouse_last != 0 ? vt->mouse_last : 1, 0, m);
			vt->mouse_last = 0;
		} else if (button >= 0 && button <= 2) {
			vt->mouse_last = button + 1;
			vterm_mouse_button(vt->vterm, button + 1, 1, m);
		}
	}
	vt->mouse_buf = NULL;
	if (vt->mouse_len != 0)
		vt_mouse_fix(vt, buf, vt->mouse_len);
	return (vt->out_bytes != before);
}

unsigned int
vt_kitty_flags(const struct vt *vt)
{
	return (vt->kitty[vt->grid == vt->alternate ? 1 : 0].flags);
}
