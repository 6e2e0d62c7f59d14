/*
 * history: a pane's scrollback, a ring of compact lines bounded by a line
 * limit (history-limit). Each line is stored as UTF-8 text plus a short list
 * of style runs and a wrapped flag, packed with its neighbours into blocks
 * (no allocation per line); it is decoded back into cells only when read.
 * Index 0 is the oldest line kept.
 */
#ifndef MUX_HISTORY_H
#define MUX_HISTORY_H

#include <stddef.h>
#include <stdint.h>

#include "grid/cell.h"

struct history;

/* Create an empty history keeping at most limit lines (0: keep none). */
struct history	*history_create(unsigned int limit);
void		 history_free(struct history *);
/* Change the limit; the oldest lines drop if there are now too many. */
void		 history_set_limit(struct history *, unsigned int limit);
unsigned int	 history_limit(const struct history *);
/* Append a line of ncells cells (trailing blanks may be trimmed). wrapped:
 * the line continues on the next one (the terminal wrapped it). When full,
 * the oldest line is dropped. */
void		 history_push(struct history *, const struct cell *cells,
		     unsigned int ncells, int wrapped);
/* The same for a line whose cells [0, n) are narrow printable ASCII in
 * the default style and [n, ncells) default blanks (a grid_line's plain):
 * the same record, made without reading every cell. */
void		 history_push_plain(struct history *, const struct cell *cells,
		     unsigned int n, unsigned int ncells, int wrapped);
/* Remove and decode the newest line (used when a screen grows taller and
 * history lines come back onto it). Returns 0 when empty. */
int		 history_pop(struct history *, struct cell *out,
		     unsigned int max, unsigned int *ncells, int *wrapped);
unsigned int	 history_size(const struct history *);
/* Decode line idx (0 = oldest) into out, at most max cells; the rest of out
 * is not touched. Returns the number of cells the line holds (its width in
 * columns); *wrapped gets the wrapped flag (may be NULL). */
unsigned int	 history_get(const struct history *, unsigned int idx,
		     struct cell *out, unsigned int max, int *wrapped);
/* Set or clear the wrapped flag of line idx (vt.c learns that a line
 * wrapped only when the next character lands on the following line, which
 * may be after the line left the screen). */
void		 history_set_wrapped(struct history *, unsigned int idx,
		     int wrapped);
/* Re-wrap every logical line (lines joined by their wrapped flags) to cols
 * columns; the newest line keeps its wrapped flag. The oldest lines drop if
 * there are now more than the limit. */
void		 history_reflow(struct history *, unsigned int cols);
void		 history_clear(struct history *);
/* A copy of a history keeping at most limit lines (the newest): the
 * stored lines are copied as they are, not decoded. */
struct history	*history_dup(const struct history *, unsigned int limit);
/* A hint: line idx is to be read soon (a scan through many lines asks
 * for the lines a few steps ahead). */
void		 history_prefetch(const struct history *, unsigned int idx);
/* Line idx's wrapped flag, without decoding the line. */
int		 history_get_wrapped(const struct history *, unsigned int idx);
/* The text of line idx as UTF-8 without decoding it into cells: each
 * character once (a wide one too) in the order pushed, a blank as a
 * space, no styles, trailing blanks of an unwrapped line trimmed. *cols
 * gets the line's width in columns, *wrapped (may be NULL) its flag.
 * Writes at most max bytes to out; returns the text's length, or, when
 * that is more than max, the room to call again with (out is then not
 * written). */
size_t		 history_get_text(const struct history *, unsigned int idx,
		     char *out, size_t max, unsigned int *cols, int *wrapped);
/* Bytes the history has allocated, as the allocator's chunks: its blocks
 * whole (free room and dropped lines included), its index and scratch
 * (for the history_bytes format, mux-bench and the store's own tests). */
size_t		 history_bytes(const struct history *);
/* Mark in used (LINK_MAX + 1 bits, as link_sweep takes them) the
 * hyperlink ids held by any line of any history. */
void		 history_mark_links(uint8_t *used);

#endif
