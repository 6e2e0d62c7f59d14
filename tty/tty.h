/*
 * tty: the host terminal, spoken to through ncurses' terminfo layer only
 * (setupterm, tigetstr, tiparm, tigetflag; never curses' screen layer).
 *
 * tty keeps a shadow of what the host terminal shows. The caller keeps the
 * target screen (struct tty_screen: what should be shown) and marks the
 * rows it changed; tty_draw compares those rows with the shadow and writes
 * only the cells that differ, with the cursor left where the target says,
 * as one write() per frame. 24-bit colour goes out as direct SGR when the
 * host supports it (terminfo RGB/Tc/setrgbf, or COLORTERM=truecolor|24bit),
 * else as the nearest 256 or 16 colour.
 */
#ifndef MUX_TTY_H
#define MUX_TTY_H

#include <stddef.h>
#include <stdint.h>

#include "grid/cell.h"

struct tty_screen {
	unsigned int	 cols, rows;
	struct cell	*cells;		/* rows * cols, row-major */
	uint8_t		*dirty;		/* rows flags: 1 = compare this row */
	unsigned int	 cx, cy;	/* cursor */
	int		 cursor_visible;
	int		 cursor_shape;	/* VT_CURSOR_* values, 0 default,
					   | TTY_CURSOR_BLINK */
};

#define TTY_CURSOR_SHAPE_MASK	0x7f
#define TTY_CURSOR_BLINK	0x80

struct tty;

/* Open the terminal on fd (must be a tty) with terminal type term (NULL:
 * $TERM). On failure returns NULL and sets *cause (heap string). */
struct tty	*tty_open(int fd, const char *term, char **cause);
void		 tty_free(struct tty *);
/* Raw mode, alternate screen, keypad transmit, bracketed paste and focus
 * reporting on, cursor home, screen cleared; the shadow is reset to blank. */
void		 tty_start(struct tty *);
/* Undo everything tty_start did (and mouse modes), show the cursor, leave
 * the alternate screen, restore termios. Safe to call twice, and from a
 * signal-driven exit path. */
void		 tty_stop(struct tty *);
/* Current size from the kernel (TIOCGWINSZ); 80x24 if unknown. */
void		 tty_size(struct tty *, unsigned int *cols, unsigned int *rows);
/* Ask the terminal for its default colours (OSC 10 and 11), if it is one
 * that may answer; returns 1 if asked. The answers come as input. */
int		 tty_query_colours(struct tty *);
/* Turn host mouse reporting (SGR, button events) on or off. */
void		 tty_set_mouse(struct tty *, int on);
/* Ask the terminal to report keys with modifiers the classic keys lose
 * (C-Enter) as xterm's modifyOtherKeys 1 does, or stop asking. */
void		 tty_set_extkeys(struct tty *, int on);
/* Send 24-bit colour even if terminfo and COLORTERM do not say the
 * terminal takes it (or no longer); returns 1 if that changed anything,
 * after which the next tty_draw repaints the screen. */
int		 tty_force_rgb(struct tty *, int on);
/* Set the host window title (when the terminal has one). */
void		 tty_set_title(struct tty *, const char *);
void		 tty_bell(struct tty *);
/* Pass an OSC 52 clipboard write to the host. */
void		 tty_set_clipboard(struct tty *, const char *sel,
		     const char *b64, size_t len);
/* Draw the dirty rows of the target and place the cursor: one write().
 * A size change of the target clears and redraws everything. Clears the
 * target's dirty flags. */
void		 tty_draw(struct tty *, struct tty_screen *);
/* Forget the shadow: the next tty_draw repaints every cell. */
void		 tty_invalidate(struct tty *);
/* Does the host take 24-bit colour? (for tests) */
int		 tty_has_rgb(const struct tty *);

#endif
