/*
 * vt: one pane's terminal, behind an opaque API. The vt*.c files are the
 * only ones in mux that include <vterm.h>: libvterm's state layer parses
 * the pane's output and keeps cursor, modes and pen; mux's grid (grid.h)
 * stores the cells and history.h the scrollback. Input for the pane (keys, paste,
 * focus, mouse) is encoded here too, so the pane's own modes apply.
 *
 * Nothing here does I/O: bytes for the pty (replies to queries, encoded
 * keys) go out through the output callback.
 */
#ifndef MUX_VT_H
#define MUX_VT_H

#include <stddef.h>
#include <stdint.h>

#include "common/colour.h"
#include "common/key.h"
#include "grid/grid.h"
#include "grid/history.h"

struct vt;

struct vt_callbacks {
	/* Bytes the pane's program must read (replies, encoded input). */
	void	(*output)(const char *buf, size_t len, void *arg);
	/* OSC 0/2 title; title is NUL-terminated UTF-8. */
	void	(*title)(const char *title, void *arg);
	void	(*bell)(void *arg);
	/* OSC 52: selection letters (e.g. "c") and the base64 payload as sent
	 * (not decoded; "?" is a query). */
	void	(*clipboard)(const char *sel, const char *b64, size_t len,
		    void *arg);
	/* The host terminal's default foreground (which 10) or background
	 * (11), for OSC 10/11 queries: fill *rgb and return 0, or return -1
	 * when unknown (a dark default is used). May be NULL. */
	int	(*host_colour)(int which, struct colour_rgb16 *rgb, void *arg);
	/* ESC k name ST (screen's window name, as tmux takes it); name is
	 * NUL-terminated, maybe empty. May be NULL. */
	void	(*rename)(const char *name, void *arg);
	/* DCS tmux; ... ST (passthrough): the wrapped bytes with the doubled
	 * ESCs made single, for the host terminal. May be NULL. */
	void	(*passthrough)(const char *buf, size_t len, void *arg);
};

/* Cursor shapes (DECSCUSR). */
#define VT_CURSOR_DEFAULT	0
#define VT_CURSOR_BLOCK		1
#define VT_CURSOR_UNDERLINE	2
#define VT_CURSOR_BAR		3

struct vt_cursor {
	unsigned int	x, y;
	int		visible;
	int		shape;
	int		blink;
	uint32_t	colour;	/* OSC 12 (COLOUR_RGB), COLOUR_DEFAULT none */
};

/* Modes a pane's program can set (vt_mode). */
#define VT_MODE_ALTSCREEN	0x0001
#define VT_MODE_APPCURSOR	0x0002
#define VT_MODE_APPKEYPAD	0x0004
#define VT_MODE_BRACKETPASTE	0x0008
#define VT_MODE_FOCUS		0x0010
#define VT_MODE_MOUSE_CLICK	0x0020	/* 1000 */
#define VT_MODE_MOUSE_DRAG	0x0040	/* 1002 */
#define VT_MODE_MOUSE_MOVE	0x0080	/* 1003 */
#define VT_MODE_MOUSE_ANY	(VT_MODE_MOUSE_CLICK|VT_MODE_MOUSE_DRAG| \
	VT_MODE_MOUSE_MOVE)
#define VT_MODE_SYNC		0x0100	/* synchronized output (?2026) open */
#define VT_MODE_REVERSE		0x0200	/* DECSCNM */
#define VT_MODE_KEYS1		0x0400	/* modifyOtherKeys 1 (CSI > 4 ; 1 m) */
#define VT_MODE_KEYS2		0x0800	/* modifyOtherKeys 2 */

/* Create a terminal of cols x rows with a history of history_limit lines.
 * cb and arg are kept (cb must outlive the vt). */
struct vt	*vt_create(unsigned int cols, unsigned int rows,
		     unsigned int history_limit, const struct vt_callbacks *cb,
		     void *arg);
void		 vt_free(struct vt *);

/* Whether the program may switch to the alternate screen (tmux's
 * alternate-screen option): when not, ?47, ?1047 and ?1049 are ignored. */
void		 vt_set_alternate_allowed(struct vt *, int);
/* tmux's scroll-on-clear (on at first): clearing the whole primary screen
 * (ED 2) first moves what it shows into history. */
void		 vt_set_scroll_on_clear(struct vt *, int);
/* Plain text's fast path, on at first: runs of printable ASCII written
 * into the grid in bulk, the screen and cursor as libvterm would leave
 * them. Off, every byte goes through libvterm (the reference the tests
 * compare the fast path with). */
void		 vt_set_fast_text(struct vt *, int);
/* Feed output of the pane's program (any bytes, any length). */
void		 vt_write(struct vt *, const char *buf, size_t len);
/* Resize; wrapped lines re-wrap to the new width where possible. */
void		 vt_resize(struct vt *, unsigned int cols, unsigned int rows);
unsigned int	 vt_cols(const struct vt *);
unsigned int	 vt_rows(const struct vt *);

/* The visible screen (the alternate one while it is active). */
const struct grid_line *vt_line(const struct vt *, unsigned int y);
/* While the alternate screen is shown, line y of the primary screen it
 * hides (tmux's "saved" screen, what capture-pane -a reads); NULL when the
 * primary screen is the visible one. */
const struct grid_line *vt_saved_line(const struct vt *, unsigned int y);
/* The start of an escape sequence or string the pane's program has not
 * finished yet (held until it ends), as a copy the caller frees; NULL
 * and *len 0 when there is none. */
char		*vt_pending(const struct vt *, size_t *len);
/* Adjust n cells copied from vt_line (or history) for display: the colours
 * the program set (OSC 4 palette entries, OSC 10/11 default colours) and
 * reverse video (DECSCNM). Cells keep what the program wrote; this is
 * applied when drawing. */
void		 vt_render_cells(const struct vt *, struct cell *,
		     unsigned int n);
/* The default background (bg 1) or foreground its program set (OSC 11,
 * OSC 10); COLOUR_DEFAULT when it set none. */
uint32_t	 vt_program_colour(const struct vt *, int bg);
/* The pane's own palette under what its program sets (pane-colours):
 * colours[256], COLOUR_DEFAULT where unset; NULL for none. */
void		 vt_set_colours(struct vt *, const uint32_t *colours);
/* The primary screen's history (never the alternate screen's). */
struct history	*vt_history(struct vt *);
void		 vt_clear_history(struct vt *);
/* resize-pane -T, as tmux: the primary screen's lines below the cursor go
 * and as many of the newest history lines come back at the top (the
 * screen and the cursor move down); the scroll region is reset. Returns
 * how many lines moved (0 on the alternate screen or with no history). */
unsigned int	 vt_trim_below(struct vt *);
void		 vt_cursor(const struct vt *, struct vt_cursor *);
/* The current mode bits (VT_MODE_*). */
int		 vt_modes(const struct vt *);
/* Has the program asked for SGR (?1006) or UTF-8 (?1005) mouse
 * reports (the last of 1005, 1006 and 1015 set)? */
int		 vt_mouse_sgr(const struct vt *);
int		 vt_mouse_utf8(const struct vt *);
/* Is there a tab stop at column x (HTS, TBC; every 8 at first)? */
int		 vt_tab_stop(const struct vt *, unsigned int x);
const char	*vt_title(const struct vt *);
/* The primary screen's cursor when the alternate screen was last
 * entered; 0 if it never was. */
int		 vt_alternate_saved(const struct vt *, unsigned int *x,
		     unsigned int *y);
/* Insert mode (IRM, CSI 4 h) and origin mode (DECOM, CSI ? 6 h). */
int		 vt_insert_mode(const struct vt *);
int		 vt_origin_mode(const struct vt *);
/* The working directory a program gave with OSC 7, "" if none. */
const char	*vt_path(const struct vt *);
/* The scroll region, first and last row (0-based, inclusive). */
void		 vt_scroll_region(const struct vt *, unsigned int *upper,
		     unsigned int *lower);

/* Change tracking: every change to the screen, cursor or modes increments
 * the generation and marks changed lines GRID_LINE_DIRTY; vt_clean clears
 * the line flags; vt_commit gives the dirty lines of both screens
 * generation gen (grid_commit) and clears their flags, and reads no line
 * when the generation has not moved since its last call (a server commits
 * every pane at every turn's end). */
uint64_t	 vt_generation(const struct vt *);
void		 vt_clean(struct vt *);
void		 vt_commit(struct vt *, uint64_t gen);

/* Input for the pane, encoded per its modes and sent through output. A
 * key with modifiers its classic encoding cannot carry (C-Enter, C-S-a,
 * C-1) goes as xterm's "CSI 27 ; m ; c ~" when the program asked for
 * modifyOtherKeys (level 1: those keys; level 2: every key with Ctrl or
 * Meta), else as the classic key without them (C-Enter is Enter). */
void		 vt_send_key(struct vt *, key_code);
/* The kitty keyboard protocol's flags in force on the screen shown (0:
 * the program did not ask for it). While any is, keys go as it says
 * (C-Enter is "CSI 13;5u", Escape "CSI 27u"), ahead of modifyOtherKeys. */
unsigned int	 vt_kitty_flags(const struct vt *);
/* The same, encoding keys the classic way loses (C-Enter, C-S-a) as
 * modifyOtherKeys level 1 does even when the program did not ask for it
 * (extended-keys always). */
void		 vt_send_key_extended(struct vt *, key_code);
/* A paste: wrapped in ESC[200~ ... ESC[201~ only when the program enabled
 * bracketed paste. */
void		 vt_send_paste(struct vt *, const char *buf, size_t len);
/* Focus in (1) or out (0); sent only when the program enabled mode 1004. */
void		 vt_send_focus(struct vt *, int in);
/* Mouse event at pane-relative (x, y); button 0-2 (left, middle, right),
 * 3 release, 4/5 wheel up/down; pressed 1/0; motion 1 for a move. Returns 1
 * when the program asked for mouse events and the event was sent. */
int		 vt_send_mouse(struct vt *, unsigned int x, unsigned int y,
		     int button, int pressed, int motion, key_code mods);

/* vt-state.c: the live upgrade. Write everything needed to make the
 * terminal again (screens, history, cursor, modes, pen) to pb; read it
 * back into a new vt with callbacks cb and arg, or NULL with *cause (heap
 * string) when the record is malformed. The record's layout is at the
 * top of vt-state.c. */
struct pbuf;
struct preader;
/* Lines of a history (each u8 wrapped, u32 n, a row of n cells; all
 * after a u32 count), for the live upgrade's copy mode snapshots too;
 * read into h, -1 when the record does not hold together. */
struct history;
void		 vt_state_put_history(struct pbuf *, const struct history *);
int		 vt_state_get_history(struct preader *, struct history *);
/* version: of the live upgrade's state (server/upgrade.h), which says
 * what the record holds (the writer's own, or an older one). */
void		 vt_state_write(struct vt *, struct pbuf *, uint32_t version);
struct vt	*vt_state_read(struct preader *, uint32_t version,
		     const struct vt_callbacks *, void *arg, char **cause);

#endif
