/*
 * copy-int: what the files of copy mode share (copy.c the core: the
 * snapshot, its line cache, the view and the cursor; copy-move.c motions;
 * copy-select.c the selection and the text a copy takes; copy-search.c
 * search and the highlighted matches; copy-format.c its format
 * variables; draw/copy-draw.c its drawing). Nothing else includes it: the
 * rest of mux uses copy.h.
 */
#ifndef MUX_COPY_INT_H
#define MUX_COPY_INT_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "grid/cell.h"
#include "grid/history.h"
#include "copy/copy.h"

/* The snapshot never drops lines (a narrower pane makes more of them). */
#define COPY_LIMIT		(UINT_MAX / 2)
/* Decoded lines kept. */
#define COPY_CACHE		64

#define COPY_WHITESPACE		" \t"
/* tmux 3.3a's default word-separators. */

/* Which end of the selection follows the cursor. */
enum copy_drag {
	COPY_DRAG_NONE,
	COPY_DRAG_END,
	COPY_DRAG_START,
};

/* select-line: the direction whole lines are being selected in. */
enum copy_lineflag {
	COPY_LINE_NONE,
	COPY_LINE_LEFT_RIGHT,
	COPY_LINE_RIGHT_LEFT,
};

/* What one step of the selection covers. */
enum copy_selflag {
	COPY_SEL_CHAR,
	COPY_SEL_WORD,
	COPY_SEL_LINE,
};

enum copy_search_type {
	COPY_SEARCH_OFF,
	COPY_SEARCH_UP,
	COPY_SEARCH_DOWN,
};

/* One decoded line of the snapshot. */
struct copy_line {
	unsigned int	 y;		/* UINT_MAX: the slot is empty */
	struct cell	*cells;		/* sx cells, blank past used */
	unsigned int	 used;		/* cells the line holds */
	unsigned int	 length;	/* without trailing spaces */
	int		 wrapped;
};

/* A position while moving through the snapshot (absolute line). */
struct copy_pos {
	unsigned int	 x, y;
};

struct copy_mode {
	struct pane		*pane;
	unsigned int		 src;		/* copy-mode -s: the pane (id + 1)
						   whose text it shows; 0: its
						   own */
	struct history		*lines;		/* the snapshot */
	/* View mode: the snapshot holds output written to it, not the
	 * pane's; the last view_pad lines are blanks under the output,
	 * there only to fill the view. A copy mode the view opened over
	 * comes back when the view closes. */
	int			 view;
	unsigned int		 view_pad;
	unsigned int		 view_lines;	/* lines written */
	struct copy_mode	*below;
	unsigned int		 sx, sy;	/* its width, the view's rows */

	unsigned int		 oy;		/* lines scrolled up */
	unsigned int		 cx, cy;	/* cursor, view coordinates */
	unsigned int		 lastcx;	/* sticky column */
	unsigned int		 lastsx;	/* length of its line */
	int			 scroll_exit;
	int			 hide_position;

	int			 sel;		/* a selection is shown */
	unsigned int		 selx, sely;	/* start (absolute) */
	unsigned int		 endselx, endsely;
	enum copy_drag		 drag;
	enum copy_lineflag	 lineflag;
	enum copy_selflag	 selflag;
	int			 rectflag;
	unsigned int		 selrx, selry;	/* word/line selection: */
	unsigned int		 endselrx, endselry; /* the first one */
	unsigned int		 dx, dy;	/* where it started */
	char			*separators;	/* of a word selection */

	unsigned int		 mx, my;	/* set-mark */
	int			 showmark;

	enum copy_search_type	 searchtype;
	int			 searchregex;
	int			 searchdirection;	/* 1: down */
	char			*searchstr;
	char			*laststr;	/* what marks were made for */
	int			 lastregex;
	int			 searchall;	/* count all matches next */
	int			 marks_on;	/* matches are highlighted */
	uint8_t			*marks;		/* per view cell: its match */
	unsigned int		 marks_top, marks_sx, marks_sy;
	int			 marks_valid;
	int			 searchcount;	/* -1: unknown */
	int			 searchmore;
	int			 searchx;	/* where incremental search */
	int			 searchy;	/* began (-1: none) */
	int			 searcho;

	enum copy_jump		 jumptype;
	uint32_t		 jumpchar;
	enum copy_jump		 pending;	/* waits for a character */
	unsigned int		 prefix;	/* repeat count, 0: none */

	struct copy_line	 cache[COPY_CACHE];
};

/* A growing byte buffer for copied text. */
struct copy_buf {
	char	*data;
	size_t	 len;
	size_t	 size;
};

/* Lines in the snapshot. */
static inline unsigned int
copy_total(const struct copy_mode *cm)
{
	return (history_size(cm->lines));
}

/* Lines above the last screenful. */
static inline unsigned int
copy_hsize(const struct copy_mode *cm)
{
	return (copy_total(cm) - cm->sy);
}

/* Absolute line of view row 0. */
static inline unsigned int
copy_top(const struct copy_mode *cm)
{
	return (copy_hsize(cm) - cm->oy);
}

/* Absolute line of the cursor. */
static inline unsigned int
copy_cursor_line(const struct copy_mode *cm)
{
	return (copy_top(cm) + cm->cy);
}

/* copy.c: options, the line cache, the view and the cursor. */
int		 copy_vi(const struct copy_mode *);
/* An option's value at its scope (the window's, the sessions', the
 * server's). */
const char	*copy_option(const struct copy_mode *, const char *name);
/* Decode line y (clamped to the snapshot) through the cache. The pointer
 * is good until the next line is read. */
const struct copy_line *copy_get(struct copy_mode *, unsigned int y);
/* Cell (x, y); blank outside the line. */
struct cell	 copy_cell(struct copy_mode *, unsigned int x, unsigned int y);
/* Length of line y without trailing spaces. */
unsigned int	 copy_length(struct copy_mode *, unsigned int y);
int		 copy_wrapped(struct copy_mode *, unsigned int y);
/* Is the cell a single code point in set (UTF-8)? The right half of a
 * wide character is in no set. */
int		 copy_in_set(struct copy_mode *, unsigned int x,
		     unsigned int y, const char *set);
/* The view or the snapshot changed: draw again, find matches again. */
void		 copy_changed(struct copy_mode *);
/* Fit the snapshot to the pane's size when it changed. */
void		 copy_check_size(struct copy_mode *);
/* Put the cursor at view (x, y); x is not checked (as tmux). */
void		 copy_set_cursor(struct copy_mode *, unsigned int x,
		     unsigned int y);
/* Put the cursor at absolute (px, py), scrolling the view the least to
 * show it; no_reset: a word or line selection keeps its first piece. */
void		 copy_show(struct copy_mode *, unsigned int px,
		     unsigned int py, int no_reset);
/* Put the cursor at absolute (px, py), moving the view only when it is
 * not shown already (search, brackets, paragraphs). */
void		 copy_scroll_to(struct copy_mode *, unsigned int px,
		     unsigned int py);
/* The cursor as a position. */
struct copy_pos	 copy_here(struct copy_mode *);

/* copy-move.c */
/* To the start of this word, or of the previous one when already at a
 * start (already) or on a space; stop_at_eol for emacs. */
void		 copy_pos_previous_word(struct copy_mode *, struct copy_pos *,
		     const char *seps, int already, int stop_at_eol);
/* Where next-word-end takes the cursor. */
struct copy_pos	 copy_next_word_end_pos(struct copy_mode *, const char *seps);
/* next-word-end; no_reset keeps a word selection's first word. */
void		 copy_next_word_end1(struct copy_mode *, const char *seps,
		     int no_reset);
/* previous-word; already: the cursor is at a word's start. */
void		 copy_previous_word1(struct copy_mode *, const char *seps,
		     int already);

/* copy-select.c */
/* The cursor moved: the selection follows it. */
void		 copy_update_selection(struct copy_mode *, int no_reset);
/* Swap the ends of the selection (the cursor goes to the other one). */
void		 copy_other_end1(struct copy_mode *);
/* Is absolute (x, y) selected (as tmux draws it)? */
int		 copy_in_selection(const struct copy_mode *, int vi,
		     unsigned int x, unsigned int y);
void		 copy_buf_add(struct copy_buf *, const char *, size_t);
/* Append what a copy of line y takes from columns [sx, ex). */
void		 copy_append_line(struct copy_mode *, struct copy_buf *,
		     unsigned int y, unsigned int sx, unsigned int ex);

/* copy-search.c */
/* Mark the matches in view, if the view moved since they were marked. */
void		 copy_marks_make(struct copy_mode *);
/* The mark of absolute (x, y) if it is in view: its index in marks. */
int		 copy_mark_at(struct copy_mode *, unsigned int x,
		     unsigned int y, unsigned int *at);

/* Make cm (or NULL) the mode p shows. */
void		 copy_set_mode(struct pane *, struct copy_mode *);

/* copy-format.c */
/* The match the cursor is on (in view: the indexes of its first and
 * last cells in marks); 0 if none. Searching down in emacs keys, the
 * cursor is just after the match. */
int		 copy_current_match(struct copy_mode *, unsigned int *lo,
		     unsigned int *hi);

#endif
