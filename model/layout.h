/*
 * layout: how a window's area is divided among its panes. A layout is a
 * tree: leaves hold one pane each; inner cells split their area left to
 * right (LAYOUT_LEFTRIGHT) or top to bottom (LAYOUT_TOPBOTTOM) among their
 * children, with a one-cell border between neighbours, as in tmux. The
 * module knows nothing of panes beyond an opaque pointer: it computes
 * geometry, and the window code applies it (resizing ptys).
 *
 * Coordinates: xoff/yoff/sx/sy of every cell are within the window, whose
 * size is the root's sx x sy. Borders are the cells between siblings.
 */
#ifndef MUX_LAYOUT_H
#define MUX_LAYOUT_H

#include "common/queue.h"

enum layout_type {
	LAYOUT_LEFTRIGHT,
	LAYOUT_TOPBOTTOM,
	LAYOUT_PANE,
};

struct layout_cell {
	enum layout_type		 type;
	struct layout_cell		*parent;
	TAILQ_HEAD(, layout_cell)	 children;	/* inner cells only */
	TAILQ_ENTRY(layout_cell)	 entry;
	unsigned int			 xoff, yoff, sx, sy;
	void				*pane;		/* leaves only */
};

/* Direction for neighbours and resizing. */
enum layout_dir {
	LAYOUT_DIR_LEFT,
	LAYOUT_DIR_RIGHT,
	LAYOUT_DIR_UP,
	LAYOUT_DIR_DOWN,
};

/* select-layout -E, as tmux: the cells beside pane's cell get the same
 * size (the last what is left), or, when they have it already, those of
 * the nearest split above where that changes something. status is
 * pane-border-status (0 off, 1 top, 2 bottom: a cell at that edge has a
 * row more for it). Returns 1 when anything moved. */
int			 layout_spread_out(struct layout_cell *root,
			     void *pane, int status);

/* Preset arrangements (select-layout). */
enum layout_preset {
	LAYOUT_EVEN_HORIZONTAL,
	LAYOUT_EVEN_VERTICAL,
	LAYOUT_MAIN_HORIZONTAL,
	LAYOUT_MAIN_VERTICAL,
	LAYOUT_TILED,
	LAYOUT_NPRESETS
};

/* A root holding one pane that fills sx x sy. */
struct layout_cell	*layout_create(void *pane, unsigned int sx,
			     unsigned int sy);
void			 layout_free(struct layout_cell *root);
/* The leaf holding pane, or NULL. */
struct layout_cell	*layout_find(struct layout_cell *root, void *pane);
/* Split the leaf of target in two, giving the new pane size cells (width
 * for LEFTRIGHT, height for TOPBOTTOM; -1: half), placed after target, or
 * before it when before is set. target NULL splits the whole window
 * (split-window -f: the new pane spans it, last or first, and the others
 * shrink in proportion). Returns the new leaf, or NULL when there is no
 * room (each part needs at least 1 cell plus the border). */
struct layout_cell	*layout_split(struct layout_cell *root, void *target,
			     enum layout_type, int size, int before,
			     void *pane);
/* Remove pane's leaf, giving its space to a neighbour. Returns the new
 * root (the same unless the root changed); NULL when it was the last. */
struct layout_cell	*layout_remove(struct layout_cell *root, void *pane);
/* Fit the whole layout to a new window size as tmux does: the change is
 * spread one cell at a time over the children, first child first (every
 * pane at least 1x1). When the panes cannot shrink that far the root stays
 * bigger than asked, and the window takes the root's size (tmux too). */
void			 layout_resize(struct layout_cell *root,
			     unsigned int sx, unsigned int sy);
/* resize-pane -L/-R/-U/-D n, as tmux: the border after the pane's cell
 * (or the one before it, for the last cell) in that direction moves by up
 * to n cells, squeezing further panes down to 1 cell when needed. Returns
 * 0, or -1 when no cell is split that way (nothing moves). */
int			 layout_resize_pane(struct layout_cell *root, void *pane,
			     enum layout_dir dir, int n);
/* Set a pane's width or height to n (resize-pane -x/-y), as near as the
 * layout allows. */
void			 layout_set_pane_size(struct layout_cell *root,
			     void *pane, enum layout_type, unsigned int n);
/* Rebuild the tree in a preset arrangement for panes[0..n) in that order
 * for a window of sx x sy. Returns the new root (the old is freed), which
 * is bigger than sx x sy when the panes do not fit; n == 0 returns root.
 * tmux then re-fits the window to the size it wants (layout_resize). */
struct layout_cell	*layout_preset(struct layout_cell *root,
			     enum layout_preset, void **panes, unsigned int n,
			     unsigned int sx, unsigned int sy);
/* The sizes main-horizontal and main-vertical take from a window's
 * options (main-pane-height/-width, other-pane-height/-width): each "N"
 * or "N%" (of the height or width less the border); NULL or an invalid
 * size is tmux's default (24 and 80, the others sharing the rest). */
struct layout_main_sizes {
	const char	*main_height, *main_width;
	const char	*other_height, *other_width;
};
struct layout_cell	*layout_preset_sized(struct layout_cell *root,
			     enum layout_preset, void **panes, unsigned int n,
			     unsigned int sx, unsigned int sy,
			     const struct layout_main_sizes *);
const char		*layout_preset_name(enum layout_preset);
/* Look a preset up by name ("tiled", "even-horizontal", ...); -1 if none. */
int			 layout_preset_find(const char *name);
/* The pane next to pane in direction dir, wrapping around the window as
 * tmux does; NULL if none. Of the candidates, the one rank ranks highest
 * (tmux's: the most recently active), or with rank NULL (or a tie) the
 * one nearest to the middle of pane's edge. */
void			*layout_neighbour(struct layout_cell *root, void *pane,
			     enum layout_dir dir,
			     unsigned long (*rank)(void *pane));
/* Swap two panes' places (swap-pane). */
void			 layout_swap(struct layout_cell *root, void *a, void *b);
/* Call cb for every leaf in order (top-left first, depth first). */
void			 layout_foreach(struct layout_cell *root,
			     void (*cb)(struct layout_cell *, void *), void *arg);
/* Is cell (x, y) of the window a border? Sets *adjacent to the panes on
 * either side (up to 2, as leaves; NULL where none). For drawing borders
 * and the active pane's highlight. Returns 0 inside a pane. */
int			 layout_border_at(struct layout_cell *root,
			     unsigned int x, unsigned int y,
			     struct layout_cell *adjacent[2]);
/* Is border cell (x, y) drawn in pane-active-border-style when active is
 * the active pane? tmux 3.3a's rule: the whole frame around the active
 * pane, corners included, except that with exactly two panes each colours
 * only its half of the shared border (pane-border-indicators colour). */
int			 layout_border_active(struct layout_cell *root,
			     unsigned int x, unsigned int y, void *active);
/* tmux's layout description: "csum,WxH,X,Y{...}" / "[...]" with pane ids
 * from id_of(pane). Heap string. */
char			*layout_dump(struct layout_cell *root,
			     unsigned int (*id_of)(void *));
/* layout-parse.c: a tree from tmux's layout description (the inverse of
 * layout_dump), its leaves holding panes[0..npanes-1] in order. The text
 * must hold exactly npanes leaves, its checksum match and its sizes add
 * up. Returns NULL with *cause (heap string). */
struct layout_cell	*layout_parse(const char *text, void **panes,
			     unsigned int npanes, char **cause);
/* The same for select-layout, as tmux 3.3a reads it: a text with more
 * cells than npanes loses its bottom-right cells (each giving its space
 * to a neighbour, as kill-pane does) until they match; fewer cells is an
 * error. Errors in tmux's words ("invalid layout: ...", "have N panes but
 * need M: ..."). */
struct layout_cell	*layout_parse_fit(const char *text, void **panes,
			     unsigned int npanes, char **cause);
#endif
