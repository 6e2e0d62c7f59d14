/*
 * key: the key codes client and server agree on, and their names.
 *
 * A key_code is a Unicode code point, or one of the special keys below, in
 * the low 24 bits, with modifier bits above. Control keys are normalised:
 * byte 0x01 is 'a'|KEYC_CTRL, 0x00 is ' '|KEYC_CTRL. Four control bytes keep
 * their own codes because users think of them as keys: Tab ('\t'), Enter
 * ('\r'), Escape (0x1b) and BSpace (KEYC_BSPACE). The names follow tmux:
 * "C-b", "M-x", "S-Up", "Enter", "Escape", "BSpace", "Space", "F1", "PPage".
 */
#ifndef MUX_KEY_H
#define MUX_KEY_H

#include <stddef.h>
#include <stdint.h>

typedef uint32_t key_code;

#define KEYC_NONE	0xffffffffu
#define KEYC_MASK_KEY	0x00ffffffu
#define KEYC_MASK_MOD	0x0f000000u
#define KEYC_SHIFT	0x01000000u
#define KEYC_META	0x02000000u
#define KEYC_CTRL	0x04000000u

#define KEYC_BASE	0x00110000u
enum {
	KEYC_BSPACE = KEYC_BASE,
	KEYC_F1, KEYC_F2, KEYC_F3, KEYC_F4, KEYC_F5, KEYC_F6,
	KEYC_F7, KEYC_F8, KEYC_F9, KEYC_F10, KEYC_F11, KEYC_F12,
	KEYC_IC, KEYC_DC, KEYC_HOME, KEYC_END, KEYC_NPAGE, KEYC_PPAGE, KEYC_BTAB,
	KEYC_UP, KEYC_DOWN, KEYC_LEFT, KEYC_RIGHT,
	KEYC_KP_SLASH, KEYC_KP_STAR, KEYC_KP_MINUS, KEYC_KP_PLUS,
	KEYC_KP_ENTER, KEYC_KP_PERIOD,
	KEYC_KP_0, KEYC_KP_1, KEYC_KP_2, KEYC_KP_3, KEYC_KP_4,
	KEYC_KP_5, KEYC_KP_6, KEYC_KP_7, KEYC_KP_8, KEYC_KP_9,
	KEYC_FOCUS_IN, KEYC_FOCUS_OUT,
	KEYC_END_SPECIAL
};

#define KEYC_IS_SPECIAL(k)	(((k) & KEYC_MASK_KEY) >= KEYC_BASE)

/*
 * Mouse keys, named as tmux names them: what happened ("MouseDown1",
 * "WheelUp", "DoubleClick1", ...), with button 1-3 (none for the wheel),
 * and where ("Pane", "Status", "Border", ...): "MouseDrag1Border".
 */
enum key_mouse_type {
	KEYC_MOUSE_DOWN,
	KEYC_MOUSE_UP,
	KEYC_MOUSE_DRAG,
	KEYC_MOUSE_DRAG_END,
	KEYC_WHEEL_UP,
	KEYC_WHEEL_DOWN,
	KEYC_SECOND_CLICK,
	KEYC_DOUBLE_CLICK,
	KEYC_TRIPLE_CLICK,
	KEYC_MOUSE_MOVE,		/* motion with no button down */
	KEYC_MOUSE_NTYPES
};
enum key_mouse_where {
	KEYC_MOUSE_PANE,
	KEYC_MOUSE_STATUS,		/* on a window in the status line */
	KEYC_MOUSE_STATUS_LEFT,
	KEYC_MOUSE_STATUS_RIGHT,
	KEYC_MOUSE_STATUS_DEFAULT,	/* elsewhere in the status line */
	KEYC_MOUSE_BORDER,
	KEYC_MOUSE_NWHERE
};
#define KEYC_MOUSE		0x00200000u
#define KEYC_MOUSE_END		(KEYC_MOUSE + \
	((KEYC_MOUSE_NTYPES * KEYC_MOUSE_NWHERE) << 2))
#define KEYC_MOUSE_KEY(type, where, button) (KEYC_MOUSE + \
	((((type) * KEYC_MOUSE_NWHERE) + (where)) << 2) + (button))
/* User0 ... User999: the keys user-keys gives sequences for. */
#define KEYC_USER		0x00300000u
#define KEYC_NUSER		1000u
#define KEYC_IS_USER(k)		(((k) & KEYC_MASK_KEY) >= KEYC_USER && \
	((k) & KEYC_MASK_KEY) < KEYC_USER + KEYC_NUSER)
#define KEYC_IS_MOUSE(k)	(((k) & KEYC_MASK_KEY) >= KEYC_MOUSE && \
	((k) & KEYC_MASK_KEY) < KEYC_MOUSE_END)
#define KEYC_MOUSE_TYPE(k)	\
	(((((k) & KEYC_MASK_KEY) - KEYC_MOUSE) >> 2) / KEYC_MOUSE_NWHERE)
#define KEYC_MOUSE_WHERE(k)	\
	(((((k) & KEYC_MASK_KEY) - KEYC_MOUSE) >> 2) % KEYC_MOUSE_NWHERE)
#define KEYC_MOUSE_BUTTON(k)	((((k) & KEYC_MASK_KEY) - KEYC_MOUSE) & 3)
/* Types whose keys name no button (WheelUpPane, MouseMovePane). */
#define KEYC_MOUSE_NO_BUTTON(type)	((type) == KEYC_WHEEL_UP || \
	(type) == KEYC_WHEEL_DOWN || (type) == KEYC_MOUSE_MOVE)

/* Parse a key name ("C-b", "Enter", "M-Left", "x", "^A"); KEYC_NONE when
 * the name is not a key. */
key_code	 key_from_string(const char *);
/* Name of a key ("C-b", "Enter"); the result is in a static buffer. */
const char	*key_to_string(key_code);
/* Map one byte typed on a terminal (outside any escape sequence) to a key. */
key_code	 key_from_byte(unsigned char);
/* The other of a pair a legacy terminal cannot tell apart: C-i and Tab,
 * C-m and Enter, C-[ and Escape (other modifiers kept: M-C-i and M-Tab);
 * KEYC_NONE for any other key. */
key_code	 key_ctrl_twin(key_code);
/* Tab, Enter or Escape for C-i, C-m or C-[ (modifiers kept); any other
 * key as it is. */
key_code	 key_classic(key_code);
/* Are a and b the same key, or twins (a binding or prefix of one is
 * the other's where the other has none)? */
int		 key_matches(key_code a, key_code b);

#endif
