/*
 * choose: the lists a client shows over its window to pick something
 * from (choose-tree, choose-buffer, choose-client). A list belongs to the
 * client, not a pane, and takes every key while open.
 *
 * The list knows nothing of what it lists. Whoever opens it (the
 * commands in cmd/) gives callbacks that add the lines as they are now,
 * act on the chosen line and take the keys of that kind of list (d to
 * delete a buffer, Left to fold the tree). The lines are rebuilt before
 * every frame and every key, so nothing stale is ever shown or acted on.
 * This file keeps the selection (by line id, so it follows a line that
 * moves), the scrolling, the tags and the keys every list shares:
 *
 *	Up, k, C-p / Down, j, C-n	move (wrapping at the ends)
 *	PageUp, C-b / PageDown, C-f	move a page
 *	g, Home / G, End		first / last line
 *	t / T / C-t			tag (and move down) / untag all /
 *					tag all
 *	Enter				act on the selected line, close
 *	q, Escape, C-c, C-g		close
 *
 * A line shows its name, a '*' when tagged, then ": " and its text; lines
 * one deep show "  - " first.
 */
#ifndef MUX_CHOOSE_H
#define MUX_CHOOSE_H

#include "common/key.h"
#include "grid/cell.h"

struct client;
struct choose;

/* What a list's own key did. */
enum choose_result {
	CHOOSE_STAY,		/* the list stays open */
	CHOOSE_CLOSE,		/* close the list */
};

struct choose_ops {
	/* Add the lines as they are now, in order (choose_add). */
	void	(*build)(struct choose *, struct client *, void *data);
	/* Enter on the line with this id. The list is already closed (a
	 * command run here may open another). */
	void	(*choose)(struct client *, void *data, const char *id);
	/* A key the list does not take itself (may be NULL). The lines are
	 * rebuilt after it. */
	enum choose_result (*key)(struct choose *, struct client *,
		    void *data, key_code);
	/* The list is gone: free data (may be NULL). */
	void	(*free)(void *data);
};

/* Open a list on c (closing any other), its selection on the line with
 * id select (NULL: the first). data belongs to the list from here on. */
void		 choose_open(struct client *, const struct choose_ops *,
		     void *data, const char *select);
void		 choose_close(struct client *);
int		 choose_active(const struct client *);
/* A key while the list is open. */
void		 choose_key(struct client *, key_code);
/* Before composing a frame: rebuild the lines and scroll the selection
 * into rows. */
void		 choose_update(struct client *, unsigned int rows);
/* Draw row y of the list into line (cols cells). */
void		 choose_draw(struct client *, unsigned int y,
		     struct cell *line, unsigned int cols);

/* For build: add a line. id names it (what Enter acts on; unique in the
 * list), name and text are shown, depth is 0 or 1. Strings are copied. */
void		 choose_add(struct choose *, const char *id,
		     const char *name, const char *text, unsigned int depth);
/* For the callbacks: the selected line's id (NULL when the list is
 * empty), and the tagged lines' ids: *i starts at 0; NULL past the end. */
const char	*choose_selected(const struct choose *);
const char	*choose_next_tagged(const struct choose *, unsigned int *i);
/* Move the selection to the line with this id, when there is one. */
void		 choose_select(struct choose *, const char *id);

#endif
