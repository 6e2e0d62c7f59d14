/*
 * customize: the tree customize mode shows in a pane, and the choose
 * modes' (tree, buffer and client mode: cmd/cmd-choose*.c, with tree set
 * in their ops), drawn as tmux 3.3a draws its mode trees (mode-tree.c):
 * one line an item, the first 36 numbered "(0)" to "(9)" and "(M-a)" to
 * "(M-z)" (that key selects the line and acts as Enter), "+ " or "- "
 * before an item with children (folded, unfolded), the branches of the
 * tree in line characters, the selected line in mode-style, tagged lines
 * bold; under the list a box titled with the selected item's name shows
 * what the owner says about it (the preview).
 *
 * The tree knows nothing of options, keys, sessions or buffers. Its owner
 * (the customize-mode or a choose command, cmd/) gives callbacks that add
 * the items as they are now, in order (rebuilt before every frame and
 * every key, so
 * nothing stale is shown or acted on), write the preview, and take the
 * keys the tree does not. The tree keeps the selection, folding and tags
 * by item id, so they follow items that come and go, and takes the keys
 * every mode tree shares:
 *
 *	Up, k, C-p / Down, j, C-n	move (wrapping)
 *	PageUp, C-b / PageDown, C-f	a page
 *	g, Home / G, End		first / last line
 *	Left, h, - / Right, l, +	fold / unfold (or go to the parent,
 *					the first child)
 *	M-- / M-+			fold / unfold every top item
 *	t / T / C-t			tag / untag all / tag all
 *	C-s, ?, / / n, N		search names / again forward, back
 *	f				filter (a format)
 *	v				preview on or off
 *	O, r				(choose lists) passed to the owner
 *	q, Escape, C-g			leave
 *	the wheel / a click / a double click	move / select / Enter
 *	a click in the preview		the owner's (choose-tree: the
 *					window or pane clicked)
 */
#ifndef MUX_CUSTOMIZE_H
#define MUX_CUSTOMIZE_H

#include "common/key.h"
#include "grid/cell.h"

struct client;
struct customize;
struct pane;

struct customize_ops {
	/* #{pane_mode} while the tree is open: "options-mode" (NULL),
	 * "tree-mode", "buffer-mode" or "client-mode". */
	const char *name;
	/* The mode trees of choose-tree, choose-buffer and choose-client
	 * (tree, as tmux's mode-tree.c) rather than customize mode's: the
	 * list takes two thirds of the pane (half when the lines are fewer,
	 * all of it below 10 rows) instead of leaving 12 rows to the
	 * preview, v turns the preview on and off, t tags any line (and
	 * untags its parents and children), C-t tags the top lines. */
	int	 tree;
	/* Add the items as they are now (customize_add), the filter (NULL:
	 * none) deciding which. */
	void	(*build)(struct customize *, struct pane *, void *data,
		    const char *filter);
	/* Write the preview of the item with this id (customize_text). */
	void	(*preview)(struct customize *, struct pane *, void *data,
		    const char *id);
	/* A key the tree does not take itself, for the item with this id
	 * (NULL: the list is empty). May open a prompt on c. */
	void	(*key)(struct customize *, struct pane *, struct client *c,
		    void *data, key_code, const char *id);
	/* The mode is gone: free data. */
	void	(*free)(void *data);

	/* These may be NULL. */
	/* Draw the preview of the item with this id into cells (sx x sy,
	 * row after row, blank), instead of writing text (preview). */
	void	(*draw)(struct customize *, struct pane *, void *data,
		    const char *id, struct cell *cells, unsigned int sx,
		    unsigned int sy);
	/* The sort order shown in the box's title ("index", "name,
	 * reversed"); NULL: no sort. */
	const char *(*sort)(void *data);
	/* The key of line (numbered from 0) showing the item with this id:
	 * KEYC_NONE for none. NULL: 0 to 9, then M-a to M-z. */
	key_code (*line_key)(struct customize *, void *data, const char *id,
		    unsigned int line);
	/* Does the item match a search (NULL: its name holds the text)? */
	int	(*search)(void *data, const char *id, const char *text);
	/* A click (the first button) in the preview box of the item with
	 * this id, x columns from the pane's left. */
	void	(*click)(struct customize *, struct pane *, struct client *,
		    void *data, const char *id, unsigned int x);
};

/* Put p into the mode: preview shown unless no_preview; filter may be
 * NULL. data belongs to the mode from here on. */
void		 customize_open(struct pane *, const struct customize_ops *,
		     void *data, const char *filter, int no_preview);

/* For build: add an item. id names it (unique; what the callbacks get),
 * depth is 0 to 2 (an item belongs to the last item before it one less
 * deep), name and text are shown as "name: text" (text NULL: no ": "),
 * a scope (NULL: none) in reverse before the text, styled: text may hold
 * #[...] styles (else it is drawn as it is). expanded: unfolded unless the
 * user folded it; as_parent: the preview is its parent's. */
void		 customize_add(struct customize *, const char *id,
		     unsigned int depth, const char *name, const char *scope,
		     const char *text, int styled, int expanded,
		     int as_parent);
/* For preview: add a line of text (wrapped at the box's width). example:
 * a last word, "EXAMPLE", drawn in that cell's colours (NULL: none). */
void		 customize_text(struct customize *, const char *text,
		     const struct cell *example);
/* The name of the item with this id (NULL: none). */
const char	*customize_name(const struct customize *, const char *id);
/* The ids of the tagged items: *i starts at 0; NULL past the end. */
const char	*customize_next_tagged(const struct customize *,
		     unsigned int *i);
/* How many items are tagged. */
unsigned int	 customize_tagged(const struct customize *);
/* Select the line of the item with this id, if it is shown. */
void		 customize_select(struct customize *, const char *id);
/* Move the selection up one line (after removing the selected item). */
void		 customize_up(struct customize *);
/* The tree on p (NULL: p is not in customize mode), and its data. For
 * a prompt's callback, which may come after the mode has gone. */
struct customize *customize_get(struct pane *);
void		*customize_data(struct customize *);
/* Ask for the pane to be drawn again (after a prompt changed things). */
void		 customize_redraw(struct customize *);
/* The selected item's id (NULL: the list is empty). */
const char	*customize_current(const struct customize *);
/* Unfold the item with this id (and its parents), for a selection that
 * must show it; the lines are built again. */
void		 customize_expand(struct customize *, const char *id);
/* Build the items again now (after a key changed what they are). */
void		 customize_rebuild(struct customize *);

#endif
