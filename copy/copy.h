/*
 * copy: copy mode, a view of a pane's history and screen that the user
 * moves through with a cursor, selects from and searches, while the pane's
 * program goes on writing underneath.
 *
 * Entering takes a snapshot of the pane (its history and screen, compactly,
 * in a history of its own), as tmux 3.3a does: output that arrives later
 * changes nothing in the view until refresh-from-pane or the next entry.
 * Coordinates are those of the snapshot: line 0 is its oldest line, the
 * last sy lines are the screen as it was; the view shows sy lines starting
 * oy lines above that screen.
 *
 * The copy/ folder is the engine only: moving (copy-move.c), selecting
 * (copy-select.c), searching (copy-search.c), the text a copy takes and
 * the mode's format variables (copy-format.c). Its rows are drawn by
 * draw/copy-draw.c, and the commands that drive it (copy-mode and
 * send-keys -X) are in cmd/cmd-copy-mode.c. It reads and changes the model
 * (the pane, its history, options) and includes only common/, grid/ and
 * model/; the model reaches it only through the pane_mode_ops it installs
 * with the mode (p->mode_ops: its name, format variables, cursor, free).
 */
#ifndef MUX_COPY_H
#define MUX_COPY_H

#include <regex.h>
#include <stddef.h>
#include <stdint.h>

#include "common/key.h"
#include "grid/cell.h"

struct client;
struct copy_mode;
struct mouse_event;
struct pane;

/* What jump-forward and its kin look for (copy_jump). */
enum copy_jump {
	COPY_JUMP_NONE,
	COPY_JUMP_FORWARD,	/* f: onto the next such character */
	COPY_JUMP_BACKWARD,	/* F */
	COPY_JUMP_TO_FORWARD,	/* t: just before it */
	COPY_JUMP_TO_BACKWARD,	/* T: just after it */
};

/*
 * View mode (tmux's view-mode): copy mode over text of its own rather
 * than a snapshot of the pane, for command output. The same keys, the
 * same drawing; the pane's program writes on underneath. The view shows
 * its first lines; more output goes below them.
 */
/* Put p in view mode (the view it is in already, or one opened over its
 * copy mode, which comes back when the view closes). */
struct copy_mode *copy_view_enter(struct pane *);
/* Add text (len bytes, lines split at newlines; a final newline ends
 * the last line) to a view. Lines wider than the pane wrap; control
 * characters are not shown. */
void		 copy_view_add(struct copy_mode *, const char *text,
		     size_t len);
/* "view-mode" or "copy-mode" (the pane_mode format). */
const char	*copy_mode_name(const struct copy_mode *);
int		 copy_is_view(const struct copy_mode *);

/* Put p in copy mode (a no-op returning the mode when it is in it; over
 * a view mode, a copy mode of the pane opens and the view comes back when
 * it closes).
 * scroll_exit: leave when scrolled back to the bottom (copy-mode -e). */
struct copy_mode *copy_enter(struct pane *, int scroll_exit);
/* The same showing the text of src (copy-mode -s), taken when it opens
 * and at each refresh-from-pane while src lives. */
struct copy_mode *copy_enter_from(struct pane *, struct pane *src,
		     int scroll_exit);
/* Leave copy mode (or view mode): the pane shows its live screen again,
 * or the copy mode a view was opened over. */
void		 copy_exit(struct pane *);
/* The live upgrade (copy-state.c has the record): p's copy or view mode
 * (NULL: none) written to pb, and read back into pane p (restored, not
 * in a mode). copy_state_read returns -1 when the record does not hold
 * together. */
struct pbuf;
struct preader;
void		 copy_state_write(const struct copy_mode *, struct pbuf *);
int		 copy_state_read(struct pane *, struct preader *);
/* Free a mode (pane_destroy). */
void		 copy_free(struct copy_mode *);
/* Take the snapshot again from the pane as it is now (not in view
 * mode, whose text is its own). */
void		 copy_refresh(struct copy_mode *);

/* Drawing: view row y into out (n cells, n <= pane width), with selection,
 * search matches and, on row 0, the position indicator. */
void		 copy_draw_line(struct copy_mode *, unsigned int y,
		     struct cell *out, unsigned int n);
/* The cursor in view coordinates. */
void		 copy_cursor(struct copy_mode *, unsigned int *x,
		     unsigned int *y);

/* Keys: the key table for the mode-keys option, and a key that a waiting
 * jump (jump-forward without a character) takes; returns 1 when the key
 * was taken. */
const char	*copy_key_table(const struct copy_mode *);
int		 copy_pending_key(struct copy_mode *, key_code);
/* Make the next key the character of a jump of this kind. */
void		 copy_set_pending(struct copy_mode *, enum copy_jump);
/* A repeat count for the next copy-mode command (send-keys -N without
 * keys, as the count prompts send it); copy_take_prefix returns it (0:
 * none) and forgets it. */
void		 copy_set_prefix(struct copy_mode *, unsigned int);
unsigned int	 copy_take_prefix(struct copy_mode *);

/* Format variables of a pane in copy mode (scroll_position, copy_cursor_x,
 * selection_present, ...): a heap string, or NULL when name is not one. */
char		*copy_format(struct copy_mode *, const char *name);

/* Cursor movement. Each keeps the selection following the cursor. */
void		 copy_cursor_left(struct copy_mode *);
void		 copy_cursor_right(struct copy_mode *);
/* scroll_only: move the view a line and keep the cursor on its text
 * (scroll-up/scroll-down) rather than move the cursor. */
void		 copy_cursor_up(struct copy_mode *, int scroll_only);
void		 copy_cursor_down(struct copy_mode *, int scroll_only);
void		 copy_start_of_line(struct copy_mode *);
void		 copy_end_of_line(struct copy_mode *);
void		 copy_back_to_indentation(struct copy_mode *);
/* Words: separators are the characters that make words of their own
 * (word-separators); "" moves by spaces (next-space and so on). */
void		 copy_next_word(struct copy_mode *, const char *separators);
void		 copy_next_word_end(struct copy_mode *, const char *separators);
void		 copy_previous_word(struct copy_mode *, const char *separators);
void		 copy_next_paragraph(struct copy_mode *);
void		 copy_previous_paragraph(struct copy_mode *);
/* Bracket matching ({[( and )]}); next: forward from an opening one. */
void		 copy_matching_bracket(struct copy_mode *, int next);
void		 copy_top_line(struct copy_mode *);
void		 copy_middle_line(struct copy_mode *);
void		 copy_bottom_line(struct copy_mode *);
void		 copy_history_top(struct copy_mode *);
void		 copy_history_bottom(struct copy_mode *);
void		 copy_page_up(struct copy_mode *, int half);
/* Returns 1 when the mode should end (at the bottom with scroll_exit, or
 * force_exit, and no selection). */
int		 copy_page_down(struct copy_mode *, int half, int force_exit);
/* At the bottom of the history? */
int		 copy_at_bottom(const struct copy_mode *);
int		 copy_scroll_exit(const struct copy_mode *);
int		 copy_has_selection(const struct copy_mode *);
/* Scroll so that the view's top is this many lines above the screen. */
void		 copy_goto_line(struct copy_mode *, const char *line);
/* Jump to a character (jump-forward and kin); ch is a code point. */
void		 copy_jump(struct copy_mode *, enum copy_jump, uint32_t ch);
/* Repeat the last jump, the other way when reverse. */
void		 copy_jump_again(struct copy_mode *, int reverse);
void		 copy_set_mark(struct copy_mode *);
void		 copy_jump_to_mark(struct copy_mode *);
void		 copy_toggle_position(struct copy_mode *);
void		 copy_set_scroll_exit(struct copy_mode *, int);

/* The mouse, at view (x, y): the cursor goes there (a copy-mode command
 * run by a mouse key), a drag starts a selection there, and its end
 * follows the mouse; at the view's top or bottom row the view scrolls. */
void		 copy_mouse_cursor(struct copy_mode *, unsigned int x,
		     unsigned int y);
void		 copy_drag_start(struct copy_mode *, unsigned int x,
		     unsigned int y);
void		 copy_drag_update(struct copy_mode *, unsigned int x,
		     unsigned int y);
/* Start c dragging a selection in p (in copy mode) from where the drag
 * of mouse event m began, its end where m is; later events of the drag
 * (server/mouse.c) move the end with copy_drag_update. */
void		 copy_drag_mouse(struct client *, struct pane *,
		     const struct mouse_event *);

/* Selection. */
void		 copy_begin_selection(struct copy_mode *);
void		 copy_stop_selection(struct copy_mode *);
void		 copy_clear_selection(struct copy_mode *);
/* Select whole lines: the cursor's line and n - 1 more. */
void		 copy_select_line(struct copy_mode *, unsigned int n);
void		 copy_select_word(struct copy_mode *, const char *separators);
/* Rectangle selection on (1), off (0) or toggled (-1). */
void		 copy_rectangle(struct copy_mode *, int on);
/* other-end: selection by characters from now on, and the cursor swaps
 * ends with the selection's other end when swap. */
void		 copy_other_end(struct copy_mode *, int swap);
/* The selected text (wrapped lines joined, trailing spaces trimmed) as a
 * heap string of *len bytes; without a selection the search match under
 * the cursor. NULL when there is nothing. */
char		*copy_selection_text(struct copy_mode *, size_t *len);
/* Text from the cursor to the end of its line and n - 1 more (whole
 * lines when whole_line). The cursor and selection do not change. */
char		*copy_line_text(struct copy_mode *, unsigned int n,
		     int whole_line, size_t *len);

/* Search for str: forward (down) or backward (up), as a POSIX extended
 * regular expression when regex (and str has a special character), else
 * as text; all lower case means ignore case. Returns 1 when found. */
int		 copy_search(struct copy_mode *, const char *str, int forward,
		     int regex);
/* Repeat the last search, the other way when reverse. */
void		 copy_search_again(struct copy_mode *, int reverse);
/* Incremental search input as tmux's prompt sends it: a first character
 * '=' (new text), '+' (next forward) or '-' (next backward), then the
 * text; without one of those the whole string is new text. */
void		 copy_search_incremental(struct copy_mode *, const char *arg,
		     int forward);
/* Forget the highlighted matches (any search key's marks). */
int		 copy_has_marks(const struct copy_mode *);
void		 copy_clear_marks(struct copy_mode *);

/*
 * A compiled search, exposed for the unit tests. Text is matched byte for
 * byte (ASCII letters ignoring case when icase); a regex is a POSIX
 * extended one.
 */
struct copy_pattern {
	char		*str;
	size_t		 len;
	int		 regex;
	int		 icase;
	regex_t		 re;
	char		*need;		/* text every match contains */
	size_t		 needlen;	/* (0: none known) */
	size_t		 pivot;		/* need's byte looked for first */
	uint8_t		 fold[256];	/* a byte as need has it (case) */
};

/* Compile str: a regex only when regex is set and str has a special
 * character; case is ignored when str has no upper case letter. Returns
 * -1 when the regex does not compile. */
int		 copy_pattern_init(struct copy_pattern *, const char *str,
		     int regex);
void		 copy_pattern_free(struct copy_pattern *);
/* Can text (len bytes) have a match? 0 when it lacks the text every
 * match contains (a quick test before copy_pattern_find). */
int		 copy_pattern_maybe(const struct copy_pattern *,
		     const char *text, size_t len);
/* Find a non-empty match in text (NUL-terminated, len bytes) starting at
 * an offset in [from, limit): the first, or the last when last is set.
 * notbol: text does not start at the beginning of a line. Returns 1 with
 * the match at [*so, *eo). */
int		 copy_pattern_find(const struct copy_pattern *,
		     const char *text, size_t len, size_t from, size_t limit,
		     int notbol, int last, size_t *so, size_t *eo);

#endif
