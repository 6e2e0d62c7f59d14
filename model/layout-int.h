/*
 * layout-int: what layout.c (the tree and its operations) and layout-set.c
 * (the presets) share. Only they include it.
 */
#ifndef MUX_LAYOUT_INT_H
#define MUX_LAYOUT_INT_H

#include "model/layout.h"

/* Smallest width or height of a pane (tmux's PANE_MINIMUM). */
#define LAYOUT_MINIMUM		1

/* A new empty cell under parent (not linked into its list). */
struct layout_cell	*layout_new_cell(struct layout_cell *parent,
			    enum layout_type type);
/* The last child of lc, or NULL. */
struct layout_cell	*layout_last(struct layout_cell *lc);
/* Size of lc along type: width for LEFTRIGHT, height for TOPBOTTOM. */
unsigned int		 layout_size(const struct layout_cell *lc,
			    enum layout_type type);
/* Set the size of lc along type. */
void			 layout_set_size(struct layout_cell *lc,
			    enum layout_type type, unsigned int size);
/* Recompute the offsets of everything under lc from lc's own. */
void			 layout_fix_offsets(struct layout_cell *lc);
/* Change lc's size along type by change, spread over its children as tmux
 * does. */
void			 layout_adjust(struct layout_cell *lc,
			    enum layout_type type, int change);

#endif
