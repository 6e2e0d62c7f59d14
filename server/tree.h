/*
 * tree: the choose-tree mode a client shows over its window: sessions
 * and their windows, one a line, to pick from with the keys (Up/Down or
 * k/j, Enter to switch, q or Escape to leave; Left/Right or h/l fold a
 * session). It belongs to the client, not a pane, and takes every key
 * while open.
 */
#ifndef MUX_TREE_H
#define MUX_TREE_H

#include "common/key.h"
#include "grid/cell.h"

struct client;

/* Open the tree on c: windows shown under each session (windows 1) or
 * sessions only. */
void	tree_open(struct client *, int windows);
void	tree_close(struct client *);
int	tree_active(const struct client *);
/* A key while the tree is open; returns 1 when it closed the tree. */
int	tree_key(struct client *, key_code);
/* Draw row y (of rows) of the tree into line (cols cells). */
void	tree_draw(struct client *, unsigned int y, unsigned int rows,
	    struct cell *line, unsigned int cols);

#endif
