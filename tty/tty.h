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
 *
 * Each tty has its own terminfo entry (ncurses' cur_term is switched to it
 * whenever it is used), so one process may drive terminals of different
 * types: the server drives the terminal of every client that handed it
 * over. Output is written whole, waiting while the terminal is slow (the
 * client's way), or, with tty_set_queued, never waits: what the terminal
 * does not take at once is kept for tty_write_pending (the server's way).
 */
#ifndef MUX_TTY_H
#define MUX_TTY_H

#include <stddef.h>
#include <stdint.h>
#include <termios.h>

#include "grid/cell.h"

struct tty_screen {
	unsigned int	 cols, rows;
	struct cell	*cells;		/* rows * cols, row-major */
	uint8_t		*dirty;		/* rows flags: 1 = compare this row;
					 * 2 = and write its blanks, never
					 * el (a status line: tmux writes
					 * every cell of one) */
	/* NULL, or two a row: the columns [lo, hi) of a row dirty 1 that
	 * may have changed since tty_draw last drew it; its other cells
	 * are as they were then (so only those are compared). Ignored for
	 * rows that scrolled and when everything is drawn. */
	const uint16_t	*span;
	unsigned int	 cx, cy;	/* cursor */
	int		 cursor_visible;
	int		 cursor_shape;	/* VT_CURSOR_* values, 0 default,
					   | TTY_CURSOR_BLINK */
	uint32_t	 cursor_colour;	/* COLOUR_*: COLOUR_DEFAULT is the
					   terminal's own */
	/* Scroll damage: rows [scroll_top, scroll_bottom) moved up
	 * (scroll_down 0) or down scroll_n rows since the last tty_draw
	 * (0: none). tty_draw then scrolls them on the terminal (its scroll
	 * region with ind/indn or ri/rin, else dl and il) and compares them
	 * all (also when the terminal cannot scroll), dirty or not; a hint
	 * that does not fit only costs bytes, never the picture. */
	unsigned int	 scroll_top, scroll_bottom, scroll_n;
	int		 scroll_down;
	/* Ask the terminal (tty_ask_shown) after the frame, in the same
	 * write; tty_draw clears it if the terminal is not asked. */
	int		 ask_shown;
};

#define TTY_CURSOR_SHAPE_MASK	0x7f
#define TTY_CURSOR_BLINK	0x80

struct tty;

/* Open the terminal on fd (must be a tty) with terminal type term (NULL:
 * $TERM); colorterm is the terminal's COLORTERM (may be NULL). The fd stays
 * the caller's. On failure returns NULL and sets *cause (heap string). */
struct tty	*tty_open(int fd, const char *term, const char *colorterm,
		     char **cause);
/* Restore the terminal if started (in queued mode without waiting: what
 * it does not take is lost) and free everything. */
void		 tty_free(struct tty *);
/* Make the tty's terminfo entry ncurses' current one (input_create reads
 * the key strings of the current entry). */
void		 tty_use(struct tty *);
/* Never wait for the terminal (the fd must be non-blocking): output it
 * does not take at once is kept until tty_write_pending writes it. */
void		 tty_set_queued(struct tty *);
/* Bytes kept for the terminal (queued mode). */
size_t		 tty_pending(const struct tty *);
/* Bytes of output ever handed to the terminal (written or kept). */
uint64_t	 tty_flushed(const struct tty *);
/* Write what is kept, as much as the terminal takes; once it has all gone
 * after tty_stop, the termios are restored. Returns -1 on a write error. */
int		 tty_write_pending(struct tty *);
/* Forget what is kept (the terminal stopped reading). */
void		 tty_discard(struct tty *);
/* Bytes the terminal has taken, and bytes kept for it and then forgotten
 * (tty_discard), so far. */
void		 tty_counts(const struct tty *, uint64_t *written,
		     uint64_t *discarded);
/* The size of a character cell in pixels, as the terminal says (0 x 0
 * when it does not). */
void		 tty_cell_size(const struct tty *, unsigned int *width,
		     unsigned int *height);
/* The terminal is already in tty_start's modes (another process started
 * it, with saved the termios from before): tty_stop will undo them. */
void		 tty_adopt(struct tty *, const struct termios *saved);
/* The live upgrade (tty-state.c has the record): what a tty the new
 * server opens on the same terminal cannot find out again, written to
 * pb; tty_load reads it into a tty just opened (and taken as started,
 * as tty_adopt: tty_stop undoes it all), which repaints every cell at
 * the next draw. *detected is 1 when the terminal's answers turned on
 * features (apply the terminal again, as after tty_xtversion). Returns
 * -1 when the record does not hold together; with tty NULL it is only
 * checked. */
struct pbuf;
struct preader;
void		 tty_save(const struct tty *, struct pbuf *);
int		 tty_load(struct tty *, struct preader *, int *detected);
/* Raw mode, alternate screen, keypad transmit, bracketed paste and focus
 * reporting on, cursor home, screen cleared; the shadow is reset to blank. */
void		 tty_start(struct tty *);
/* Undo everything tty_start did (and mouse modes), show the cursor, leave
 * the alternate screen, restore termios. Safe to call twice, and from a
 * signal-driven exit path. In queued mode the termios are restored when
 * the output before them has been written. */
void		 tty_stop(struct tty *);
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
/* Read the terminal's capabilities from terminfo again and apply the
 * members of terminal-features, then of terminal-overrides, whose pattern
 * matches its name (tty-term.c has the syntax). Returns 1 if what tty
 * draws with changed, and then the next tty_draw repaints everything. */
int		 tty_apply_terminal(struct tty *, const char *const *features,
		     unsigned int nfeatures, const char *const *overrides,
		     unsigned int noverrides);
/*
 * Who the terminal is (tty-detect.c). tty_query_terminal asks it with
 * XTVERSION and DA2 (a terminal whose clear is not a CSI is never asked)
 * and returns 1 if it asked; the answers come as input (INPUT_XTVERSION,
 * INPUT_DA2) and go to tty_xtversion and tty_da2, which add the features
 * that terminal is known to have. They return 1 when that added any: then
 * apply the terminal again (tty_apply_terminal), which turns them on.
 */
int		 tty_query_terminal(struct tty *);
/*
 * Ask the terminal to say when it has shown what came before: a DA1
 * query (CSI c), which every VT100-like terminal answers in order with
 * its output, so the answer (INPUT_DA1) means everything written before
 * the query has reached the terminal and been drawn. tty_query_shown
 * asks now; a frame asks at its end with tty_screen's ask_shown. Returns
 * 1 if it asked (never a terminal whose clear is not a CSI).
 */
int		 tty_query_shown(struct tty *);
int		 tty_xtversion(struct tty *, const char *name, size_t len);
int		 tty_da2(struct tty *, const unsigned int da2[3]);
/* show-messages -T (tty-describe.c): how many capabilities tmux 3.3a
 * knows, the line for capability i ("   0: acsc: (string) ...", a heap
 * string) with the value this terminal has, and tmux's flags for it. */
unsigned int	 tty_describe_count(void);
char		*tty_describe(struct tty *, unsigned int i);
unsigned int	 tty_describe_flags(const struct tty *);
/* The XTVERSION answer ("" when none came). */
const char	*tty_termtype(const struct tty *);
/* The features in use, as tmux's client_termfeatures lists them
 * ("256,bpaste,..."); a heap string. */
char		*tty_features_string(const struct tty *);
/* Is feature name (a terminal-features name: "hyperlinks", "sync") in
 * use? */
int		 tty_has_feature(const struct tty *, const char *name);
/* Ask the terminal for the kitty keyboard protocol's disambiguated keys
 * (push flags 1) when it has the kittykeys feature, or stop asking. */
void		 tty_set_kitty_keys(struct tty *, int on);
/* Set the host window title (when the terminal has one). */
void		 tty_set_title(struct tty *, const char *);
void		 tty_bell(struct tty *);
/* Ask the terminal for its clipboard (its Ms capability with selection
 * "" and data "?", as tmux asks); returns 0 if it has no Ms. The answer
 * comes as input (INPUT_CLIPBOARD). */
int		 tty_query_clipboard(struct tty *);
/* Pass an OSC 52 clipboard write to the host. */
void		 tty_set_clipboard(struct tty *, const char *sel,
		     const char *b64, size_t len);
/* Write bytes a pane's program passed through (DCS tmux;) as they are.
 * They may move the host cursor or change its pen, so both are taken as
 * unknown afterwards (the cells drawn are not). */
void		 tty_passthrough(struct tty *, const char *, size_t);
/* Draw the dirty rows of the target and place the cursor: one write().
 * A size change of the target clears and redraws everything. Clears the
 * target's dirty flags. */
void		 tty_draw(struct tty *, struct tty_screen *);
/* Forget the shadow: the next tty_draw repaints every cell. */
void		 tty_invalidate(struct tty *);
/* Does the host take 24-bit colour? (for tests) */
int		 tty_has_rgb(const struct tty *);

#endif
