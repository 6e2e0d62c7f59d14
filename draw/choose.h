/*
 * choose: the previews tmux 3.3a's choose-tree draws in the box under its
 * tree (the tree itself is draw/customize.c's, opened by the commands in
 * cmd/cmd-choose*.c):
 *
 *	a pane		its program's screen: the part around the cursor
 *			when the cursor shows (a third of the box to its
 *			left and above it), else the top left; the cursor's
 *			cell in reverse
 *	a window	its panes side by side, split by lines, each with
 *			its index in a small box at its middle
 *	a session	its windows side by side, the same way, each showing
 *			its active pane, labelled "index:name"
 *	a buffer	(choose-buffer) its lines, controls and backslashes
 *			in C escapes
 *	a client	(choose-client) its window's active pane, a line,
 *			and its status line
 *
 * At most as many panes or windows as leave each 24 columns are shown,
 * around the active one; "<" and ">" at the edges say more are there, and
 * an offset (the < and > keys) scrolls them.
 *
 * Everything is drawn into a block of cells (sx by sy, row after row),
 * blank when called.
 */
#ifndef MUX_CHOOSE_H
#define MUX_CHOOSE_H

#include <stddef.h>

#include "grid/cell.h"

struct client;
struct pane;

/* Where the previews of a session's windows or a window's panes were
 * drawn, for a click: the columns of the lines by "<" and ">" (-1: none),
 * the previews shown (start to end) and the columns each takes. */
struct choose_layout {
	int		left, right;
	unsigned int	start, end, each;
};
struct session;
struct winlink;

/* Pane p's screen into the sx by sy part at x, y of cells (stride cells a
 * row). */
void	choose_preview_pane(struct pane *, struct cell *cells,
	    unsigned int stride, unsigned int x, unsigned int y,
	    unsigned int sx, unsigned int sy);
/* Session s's windows; *offset scrolls them (clamped here); *layout gets
 * where they went. */
void	choose_preview_session(struct session *, int *offset,
	    struct choose_layout *, struct cell *cells, unsigned int sx,
	    unsigned int sy);
/* The panes of wl's window; *offset and *layout as for a session. */
void	choose_preview_window(struct winlink *, int *offset,
	    struct choose_layout *, struct cell *cells, unsigned int sx,
	    unsigned int sy);
/* A buffer's text (len bytes). */
void	choose_preview_buffer(const char *data, size_t len,
	    struct cell *cells, unsigned int sx, unsigned int sy);
/* What client c shows: its pane, a line, and its status line. */
void	choose_preview_client(struct client *, struct cell *cells,
	    unsigned int sx, unsigned int sy);

#endif
