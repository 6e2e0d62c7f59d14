/*
 * layout: the geometry of a window's panes, as a tree of cells.
 *
 * Every operation reproduces what tmux 3.3a computes for the same command,
 * because the results are visible (list-panes, #{window_layout}) and
 * scripts depend on them. The rules, as observed in tmux:
 *
 * - A pane is at least LAYOUT_MINIMUM (1) cell in each direction and
 *   siblings are separated by a one-cell border.
 * - Changing a cell's size along its parent's direction ("adjusting")
 *   spreads the change over its children one cell at a time from the
 *   first; a child running the other way passes the whole change to each
 *   of its children. Growing by n is n separate one-cell adjustments, so a
 *   nested cell always gives each cell to its first child.
 * - Splitting a leaf whose parent already runs the same way adds a sibling;
 *   otherwise the leaf becomes an inner cell with two leaves. The root is
 *   converted in place, so the caller's root pointer stays valid.
 * - Removing a leaf gives its space (plus the border) to the previous
 *   sibling, or the next for the first; a parent left with one child is
 *   replaced by it, without merging it into a grandparent of the same
 *   direction (tmux keeps such nesting, and #{window_layout} shows it).
 * - The window never shrinks the layout below its minimum: the root then
 *   stays bigger than asked, as tmux makes the window bigger instead.
 *
 * Leaves are kept in tmux's pane order (depth first), so "the first pane"
 * here is tmux's pane index 0.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "common/xmalloc.h"
#include "model/layout.h"
#include "model/layout-int.h"

/* A growing string for layout_dump. */
struct layout_buf {
	char	*s;
	size_t	 len;
	size_t	 cap;
};

/* A new empty cell under parent (not linked into its list). */
struct layout_cell *
layout_new_cell(struct layout_cell *parent, enum layout_type type)
{
	struct layout_cell	*lc;

	lc = xcalloc(1, sizeof *lc);
	lc->type = type;
	lc->parent = parent;
	TAILQ_INIT(&lc->children);
	return (lc);
}

/* Free lc and everything under it. */
static void
layout_free_cell(struct layout_cell *lc)
{
	struct layout_cell	*child, *tmp;

	TAILQ_FOREACH_SAFE(child, &lc->children, entry, tmp) {
		TAILQ_REMOVE(&lc->children, child, entry);
		layout_free_cell(child);
	}
	free(lc);
}

/* The sibling before lc, or NULL (the header's list head has no name). */
static struct layout_cell *
layout_prev(struct layout_cell *lc)
{
	struct layout_cell	*child, *prev = NULL;

	if (lc->parent == NULL)
		return (NULL);
	TAILQ_FOREACH(child, &lc->parent->children, entry) {
		if (child == lc)
			return (prev);
		prev = child;
	}
	return (NULL);
}

/* The last child of lc, or NULL. */
struct layout_cell *
layout_last(struct layout_cell *lc)
{
	struct layout_cell	*child, *last = NULL;

	TAILQ_FOREACH(child, &lc->children, entry)
		last = child;
	return (last);
}

/* Size of lc along type: width for LEFTRIGHT, height for TOPBOTTOM. */
unsigned int
layout_size(const struct layout_cell *lc, enum layout_type type)
{
	return (type == LAYOUT_LEFTRIGHT ? lc->sx : lc->sy);
}

/* Set the size of lc along type. */
void
layout_set_size(struct layout_cell *lc, enum layout_type type,
    unsigned int size)
{
	if (type == LAYOUT_LEFTRIGHT)
		lc->sx = size;
	else
		lc->sy = size;
}

/* Recompute the offsets of everything under lc from lc's own. */
void
layout_fix_offsets(struct layout_cell *lc)
{
	struct layout_cell	*child;
	unsigned int		 xoff = lc->xoff, yoff = lc->yoff;

	if (lc->type == LAYOUT_PANE)
		return;
	TAILQ_FOREACH(child, &lc->children, entry) {
		child->xoff = xoff;
		child->yoff = yoff;
		if (lc->type == LAYOUT_LEFTRIGHT)
			xoff += child->sx + 1;
		else
			yoff += child->sy + 1;
		layout_fix_offsets(child);
	}
}

/* How many cells lc could give up along type (tmux's resize check). */
static unsigned int
layout_available(const struct layout_cell *lc, enum layout_type type)
{
	const struct layout_cell	*child;
	unsigned int			 size, total, least;

	if (lc->type == LAYOUT_PANE) {
		size = layout_size(lc, type);
		return (size > LAYOUT_MINIMUM ? size - LAYOUT_MINIMUM : 0);
	}
	if (lc->type == type) {
		total = 0;
		TAILQ_FOREACH(child, &lc->children, entry)
			total += layout_available(child, type);
		return (total);
	}
	least = UINT_MAX;
	TAILQ_FOREACH(child, &lc->children, entry) {
		size = layout_available(child, type);
		if (size < least)
			least = size;
	}
	return (least == UINT_MAX ? 0 : least);
}

/*
 * Grow (change > 0) or shrink lc along type, passing the change down: to
 * every child when they run the other way, else one cell at a time to each
 * child in turn (shrinking only those with room). Callers check room first;
 * a pass that frees nothing stops rather than loop.
 */
void
layout_adjust(struct layout_cell *lc, enum layout_type type, int change)
{
	struct layout_cell	*child;
	int			 progress;

	layout_set_size(lc, type, (int)layout_size(lc, type) + change);
	if (lc->type == LAYOUT_PANE)
		return;
	if (lc->type != type) {
		TAILQ_FOREACH(child, &lc->children, entry)
			layout_adjust(child, type, change);
		return;
	}
	while (change != 0) {
		progress = 0;
		TAILQ_FOREACH(child, &lc->children, entry) {
			if (change == 0)
				break;
			if (change > 0) {
				layout_adjust(child, type, 1);
				change--;
				progress = 1;
			} else if (layout_available(child, type) > 0) {
				layout_adjust(child, type, -1);
				change++;
				progress = 1;
			}
		}
		if (!progress) {
			/* Out of room: keep lc matching its children. */
			layout_set_size(lc, type, (int)layout_size(lc, type) -
			    change);
			break;
		}
	}
}

/* Is lc at the top (top set) or bottom of the layout: the first (last)
 * child of every top-to-bottom split it is in? */
static int
layout_at_edge(const struct layout_cell *lc, int top)
{
	const struct layout_cell	*parent;

	for (; (parent = lc->parent) != NULL; lc = parent) {
		if (parent->type != LAYOUT_TOPBOTTOM)
			continue;
		if (top ? lc != TAILQ_FIRST(&parent->children) :
		    TAILQ_NEXT(lc, entry) != NULL)
			return (0);
	}
	return (1);
}

/* Does lc give a row to a pane status line (status 1 top, 2 bottom)? */
static int
layout_status_row(const struct layout_cell *lc, int status)
{
	return (status != 0 && layout_at_edge(lc, status == 1));
}

/* The children of parent the same size along it, the last taking what is
 * left (tmux's layout_spread_cell). Returns 1 when a size changed. */
static int
layout_spread_cell(struct layout_cell *parent, int status)
{
	struct layout_cell	*lc;
	unsigned int		 number = 0, each, size, want;
	int			 change, changed = 0;

	TAILQ_FOREACH(lc, &parent->children, entry)
		number++;
	if (number <= 1)
		return (0);
	if (parent->type == LAYOUT_LEFTRIGHT)
		size = parent->sx;
	else if (parent->type == LAYOUT_TOPBOTTOM)
		size = parent->sy - layout_status_row(parent, status);
	else
		return (0);
	if (size < number - 1 || (each = (size - (number - 1)) / number) == 0)
		return (0);
	TAILQ_FOREACH(lc, &parent->children, entry) {
		if (TAILQ_NEXT(lc, entry) == NULL)
			each = size - (each + 1) * (number - 1);
		want = each;
		if (parent->type == LAYOUT_TOPBOTTOM &&
		    layout_status_row(lc, status))
			want++;
		change = (int)want - (int)layout_size(lc, parent->type);
		if (change != 0) {
			layout_adjust(lc, parent->type, change);
			changed = 1;
		}
	}
	return (changed);
}

int
layout_spread_out(struct layout_cell *root, void *pane, int status)
{
	struct layout_cell	*lc = layout_find(root, pane), *parent;

	if (lc == NULL)
		return (0);
	for (parent = lc->parent; parent != NULL; parent = parent->parent) {
		if (layout_spread_cell(parent, status)) {
			layout_fix_offsets(root);
			return (1);
		}
	}
	return (0);
}

/* The leaf holding pane, or NULL. */
struct layout_cell *
layout_find(struct layout_cell *root, void *pane)
{
	struct layout_cell	*child, *found;

	if (root == NULL)
		return (NULL);
	if (root->type == LAYOUT_PANE)
		return (root->pane == pane ? root : NULL);
	TAILQ_FOREACH(child, &root->children, entry) {
		if ((found = layout_find(child, pane)) != NULL)
			return (found);
	}
	return (NULL);
}

/* A root holding one pane that fills sx x sy. */
struct layout_cell *
layout_create(void *pane, unsigned int sx, unsigned int sy)
{
	struct layout_cell	*lc;

	lc = layout_new_cell(NULL, LAYOUT_PANE);
	lc->pane = pane;
	lc->sx = sx < LAYOUT_MINIMUM ? LAYOUT_MINIMUM : sx;
	lc->sy = sy < LAYOUT_MINIMUM ? LAYOUT_MINIMUM : sy;
	return (lc);
}

/* Free a whole layout. */
void
layout_free(struct layout_cell *root)
{
	if (root != NULL)
		layout_free_cell(root);
}

/*
 * The new size along type of child lc when its parent goes from previous
 * to size cells, with left children (lc included) still to place in
 * remaining cells: in proportion, but leaving the later children two cells
 * each and lc what it cannot give up; the last child takes the rest. This
 * is tmux's rule, unsigned wrap-around included.
 */
static unsigned int
layout_share(const struct layout_cell *lc, enum layout_type type,
    unsigned int previous, unsigned int size, unsigned int left,
    unsigned int remaining)
{
	unsigned int	cur, least, most, new;

	if (left == 1)
		return (remaining);
	cur = layout_size(lc, type);
	least = (LAYOUT_MINIMUM + 1) * (left - 1);
	if (cur - layout_available(lc, type) > least)
		least = cur - layout_available(lc, type);
	new = cur * size / previous;
	most = remaining - least;
	if (new > most)
		new = most;
	if (new < LAYOUT_MINIMUM)
		new = LAYOUT_MINIMUM;
	return (new);
}

/* Fit lc's children, recursively, to lc's (new) size by layout_share. */
static void
layout_fit_children(struct layout_cell *lc)
{
	struct layout_cell	*child;
	unsigned int		 previous = 0, count = 0, idx = 0;
	unsigned int		 remaining, size;

	if (lc->type == LAYOUT_PANE)
		return;
	TAILQ_FOREACH(child, &lc->children, entry) {
		previous += layout_size(child, lc->type);
		count++;
	}
	previous += count - 1;
	remaining = layout_size(lc, lc->type);
	TAILQ_FOREACH(child, &lc->children, entry) {
		if (lc->type == LAYOUT_TOPBOTTOM)
			child->sx = lc->sx;
		else
			child->sy = lc->sy;
		size = layout_share(child, lc->type, previous,
		    layout_size(lc, lc->type), count - idx, remaining);
		layout_set_size(child, lc->type, size);
		remaining -= size + 1;
		layout_fit_children(child);
		idx++;
	}
}

/* Could lc be fitted to size along type by layout_fit_children? */
static int
layout_fits(const struct layout_cell *lc, enum layout_type type,
    unsigned int size)
{
	const struct layout_cell	*child;
	unsigned int			 count = 0, idx = 0;
	unsigned int			 previous, remaining, new;

	if (lc->type == LAYOUT_PANE)
		return (size >= LAYOUT_MINIMUM);
	TAILQ_FOREACH(child, &lc->children, entry)
		count++;
	if (lc->type != type) {
		TAILQ_FOREACH(child, &lc->children, entry) {
			if (child->type != LAYOUT_PANE &&
			    !layout_fits(child, type, size))
				return (0);
		}
		return (1);
	}
	if (size < count * 2 - 1)
		return (0);
	previous = layout_size(lc, type);
	remaining = size;
	TAILQ_FOREACH(child, &lc->children, entry) {
		new = layout_share(child, type, previous, size, count - idx,
		    remaining);
		if (new + (idx == count - 1 ? 0 : 1) > remaining)
			return (0);
		remaining -= new + (idx == count - 1 ? 0 : 1);
		if (!layout_fits(child, type, new))
			return (0);
		idx++;
	}
	return (1);
}

/*
 * split-window -f: a new pane across the whole window, first or last. The
 * existing panes are squeezed into what is left in proportion (the root's
 * cell is reused so the caller's pointer stays the root).
 */
static struct layout_cell *
layout_split_full(struct layout_cell *root, enum layout_type type,
    unsigned int size1, unsigned int size2, int before, void *pane)
{
	struct layout_cell	*lcnew, *old, *child, *tmp;
	unsigned int		 saved, keep;

	saved = layout_size(root, type);
	keep = before ? size2 : size1;
	if (!layout_fits(root, type, keep))
		return (NULL);

	lcnew = layout_new_cell(root, LAYOUT_PANE);
	lcnew->pane = pane;
	lcnew->sx = root->sx;
	lcnew->sy = root->sy;
	layout_set_size(lcnew, type, saved - 1 - keep);
	if (root->type == type) {
		/* Squeeze the existing children, then add the new one. */
		layout_set_size(root, type, keep);
		layout_fit_children(root);
		layout_set_size(root, type, saved);
	} else {
		/* Move the whole layout down into a new child. */
		old = layout_new_cell(root, root->type);
		old->pane = root->pane;
		old->sx = root->sx;
		old->sy = root->sy;
		TAILQ_FOREACH_SAFE(child, &root->children, entry, tmp) {
			TAILQ_REMOVE(&root->children, child, entry);
			child->parent = old;
			TAILQ_INSERT_TAIL(&old->children, child, entry);
		}
		root->type = type;
		root->pane = NULL;
		TAILQ_INSERT_TAIL(&root->children, old, entry);
		layout_set_size(old, type, keep);
		layout_fit_children(old);
	}
	if (before)
		TAILQ_INSERT_HEAD(&root->children, lcnew, entry);
	else
		TAILQ_INSERT_TAIL(&root->children, lcnew, entry);
	layout_fix_offsets(root);
	return (lcnew);
}

/*
 * Split target's leaf (split-window -h/-v [-b] [-l size]), or with target
 * NULL the whole window (split-window -f). The sizes are tmux's: by
 * default the first (left or top) part gets the odd cell; an explicit size
 * is for the new pane and is clamped so both parts keep one cell, with
 * tmux's unsigned arithmetic for -b (a size too big for the cell leaves
 * the new pane one cell wide, as tmux does).
 */
struct layout_cell *
layout_split(struct layout_cell *root, void *target, enum layout_type type,
    int size, int before, void *pane)
{
	struct layout_cell	*lc, *lcnew, *lcold, *first, *second;
	unsigned int		 saved, size1, size2;

	if (root == NULL ||
	    (type != LAYOUT_LEFTRIGHT && type != LAYOUT_TOPBOTTOM))
		return (NULL);
	if (target == NULL)
		lc = root;
	else if ((lc = layout_find(root, target)) == NULL)
		return (NULL);
	saved = layout_size(lc, type);
	if (saved < LAYOUT_MINIMUM * 2 + 1)
		return (NULL);

	if (size < 0)
		size2 = (saved + 1) / 2 - 1;
	else if (before) {
		if ((unsigned int)size + 1 > saved)
			size2 = UINT_MAX;
		else
			size2 = saved - (unsigned int)size - 1;
	} else
		size2 = (unsigned int)size;
	if (size2 < LAYOUT_MINIMUM)
		size2 = LAYOUT_MINIMUM;
	else if (size2 > saved - 2)
		size2 = saved - 2;
	size1 = saved - 1 - size2;
	if (target == NULL)
		return (layout_split_full(root, type, size1, size2, before,
		    pane));

	lcnew = layout_new_cell(NULL, LAYOUT_PANE);
	lcnew->pane = pane;
	if (lc->parent != NULL && lc->parent->type == type) {
		/* Add a sibling beside the leaf. */
		lcnew->parent = lc->parent;
		if (before)
			TAILQ_INSERT_BEFORE(lc, lcnew, entry);
		else
			TAILQ_INSERT_AFTER(&lc->parent->children, lc, lcnew,
			    entry);
		lcold = lc;
	} else {
		/* Turn the leaf into an inner cell holding two leaves. */
		lcold = layout_new_cell(lc, LAYOUT_PANE);
		lcold->pane = lc->pane;
		lcold->sx = lc->sx;
		lcold->sy = lc->sy;
		lc->type = type;
		lc->pane = NULL;
		lcnew->parent = lc;
		TAILQ_INSERT_TAIL(&lc->children, lcold, entry);
		if (before)
			TAILQ_INSERT_HEAD(&lc->children, lcnew, entry);
		else
			TAILQ_INSERT_TAIL(&lc->children, lcnew, entry);
	}
	lcnew->sx = lcold->sx;
	lcnew->sy = lcold->sy;
	first = before ? lcnew : lcold;
	second = before ? lcold : lcnew;
	layout_set_size(first, type, size1);
	layout_set_size(second, type, size2);
	layout_fix_offsets(root);
	return (lcnew);
}

/* Remove pane's leaf (kill-pane); returns the new root, NULL if empty. */
struct layout_cell *
layout_remove(struct layout_cell *root, void *pane)
{
	struct layout_cell	*lc, *parent, *other, *only;

	if ((lc = layout_find(root, pane)) == NULL)
		return (root);
	if ((parent = lc->parent) == NULL) {
		layout_free_cell(lc);
		return (NULL);
	}

	/* The previous sibling takes the space, or the next for the first. */
	if (lc == TAILQ_FIRST(&parent->children))
		other = TAILQ_NEXT(lc, entry);
	else
		other = layout_prev(lc);
	if (other != NULL) {
		layout_adjust(other, parent->type,
		    (int)layout_size(lc, parent->type) + 1);
	}
	TAILQ_REMOVE(&parent->children, lc, entry);
	layout_free_cell(lc);

	/* A parent with one child left is replaced by that child. */
	only = TAILQ_FIRST(&parent->children);
	if (only != NULL && TAILQ_NEXT(only, entry) == NULL) {
		TAILQ_REMOVE(&parent->children, only, entry);
		only->parent = parent->parent;
		if (only->parent == NULL) {
			only->xoff = only->yoff = 0;
			root = only;
		} else {
			TAILQ_INSERT_BEFORE(parent, only, entry);
			TAILQ_REMOVE(&only->parent->children, parent, entry);
		}
		layout_free_cell(parent);
	}
	layout_fix_offsets(root);
	return (root);
}

/* Fit the layout to a new window size, no smaller than its minimum. */
void
layout_resize(struct layout_cell *root, unsigned int sx, unsigned int sy)
{
	long	change, limit;

	if (root == NULL)
		return;
	change = (long)sx - root->sx;
	limit = layout_available(root, LAYOUT_LEFTRIGHT);
	if (change < -limit)
		change = -limit;
	if (change != 0)
		layout_adjust(root, LAYOUT_LEFTRIGHT, (int)change);

	change = (long)sy - root->sy;
	limit = layout_available(root, LAYOUT_TOPBOTTOM);
	if (change < -limit)
		change = -limit;
	if (change != 0)
		layout_adjust(root, LAYOUT_TOPBOTTOM, (int)change);
	layout_fix_offsets(root);
}

/*
 * Grow lc by up to needed, taking from the first later sibling with room,
 * else (with opposite) the nearest earlier one. Returns what moved.
 */
static unsigned int
layout_move_grow(struct layout_cell *lc, enum layout_type type,
    unsigned int needed, int opposite)
{
	struct layout_cell	*from;
	unsigned int		 size = 0;

	for (from = TAILQ_NEXT(lc, entry); from != NULL;
	    from = TAILQ_NEXT(from, entry)) {
		if ((size = layout_available(from, type)) > 0)
			break;
	}
	if (from == NULL && opposite) {
		for (from = layout_prev(lc);
		    from != NULL;
		    from = layout_prev(from)) {
			if ((size = layout_available(from, type)) > 0)
				break;
		}
	}
	if (from == NULL)
		return (0);
	if (size > needed)
		size = needed;
	layout_adjust(lc, type, (int)size);
	layout_adjust(from, type, -(int)size);
	return (size);
}

/*
 * Move lc's far border back by up to needed: shrink lc, or the nearest
 * earlier sibling with room when lc has none, and give the space to the
 * sibling after lc. Returns what moved.
 */
static unsigned int
layout_move_shrink(struct layout_cell *lc, enum layout_type type,
    unsigned int needed)
{
	struct layout_cell	*from, *to;
	unsigned int		 size = 0;

	for (from = lc; from != NULL;
	    from = layout_prev(from)) {
		if ((size = layout_available(from, type)) > 0)
			break;
	}
	if (from == NULL)
		return (0);
	if ((to = TAILQ_NEXT(lc, entry)) == NULL)
		return (0);
	if (size > needed)
		size = needed;
	layout_adjust(to, type, (int)size);
	layout_adjust(from, type, -(int)size);
	return (size);
}

/*
 * Resize pane's cell by change along type as resize-pane does: find the
 * nearest ancestor (or the leaf) whose parent runs that way, step back one
 * if it is the last child, then move the border after it. Returns -1 when
 * no ancestor runs that way.
 */
static int
layout_move(struct layout_cell *root, void *pane, enum layout_type type,
    int change)
{
	struct layout_cell	*lc;
	unsigned int		 moved, needed;

	if ((lc = layout_find(root, pane)) == NULL)
		return (-1);
	while (lc->parent != NULL && lc->parent->type != type)
		lc = lc->parent;
	if (lc->parent == NULL)
		return (-1);
	if (lc == layout_last(lc->parent))
		lc = layout_prev(lc);

	if (change < 0)
		needed = (unsigned int)-(long)change;
	else
		needed = (unsigned int)change;
	while (needed != 0) {
		if (change > 0)
			moved = layout_move_grow(lc, type, needed, 1);
		else
			moved = layout_move_shrink(lc, type, needed);
		if (moved == 0)
			break;
		needed -= moved;
	}
	layout_fix_offsets(root);
	return (0);
}

/* resize-pane -L/-R/-U/-D n: move the border tmux would move by n. */
int
layout_resize_pane(struct layout_cell *root, void *pane, enum layout_dir dir,
    int n)
{
	switch (dir) {
	case LAYOUT_DIR_LEFT:
		return (layout_move(root, pane, LAYOUT_LEFTRIGHT, -n));
	case LAYOUT_DIR_RIGHT:
		return (layout_move(root, pane, LAYOUT_LEFTRIGHT, n));
	case LAYOUT_DIR_UP:
		return (layout_move(root, pane, LAYOUT_TOPBOTTOM, -n));
	case LAYOUT_DIR_DOWN:
		return (layout_move(root, pane, LAYOUT_TOPBOTTOM, n));
	}
	return (-1);
}

/*
 * resize-pane -x/-y n. Like tmux, the size set is that of the ancestor
 * whose parent runs the same way (the pane's own when it is a direct
 * child), as far as its neighbours have room.
 */
void
layout_set_pane_size(struct layout_cell *root, void *pane,
    enum layout_type type, unsigned int n)
{
	struct layout_cell	*lc;
	long			 size, change;

	if (type != LAYOUT_LEFTRIGHT && type != LAYOUT_TOPBOTTOM)
		return;
	if ((lc = layout_find(root, pane)) == NULL)
		return;
	while (lc->parent != NULL && lc->parent->type != type)
		lc = lc->parent;
	if (lc->parent == NULL)
		return;
	if (n > INT_MAX)
		n = INT_MAX;
	size = layout_size(lc, type);
	if (lc == layout_last(lc->parent))
		change = size - (long)n;
	else
		change = (long)n - size;
	layout_move(root, pane, type, (int)change);
}

/* Call cb for every leaf in pane order. */
void
layout_foreach(struct layout_cell *root,
    void (*cb)(struct layout_cell *, void *), void *arg)
{
	struct layout_cell	*child, *tmp;

	if (root == NULL)
		return;
	if (root->type == LAYOUT_PANE) {
		cb(root, arg);
		return;
	}
	TAILQ_FOREACH_SAFE(child, &root->children, entry, tmp)
		layout_foreach(child, cb, arg);
}

/* The first leaf under lc (in pane order). */
static struct layout_cell *
layout_first_leaf(struct layout_cell *lc)
{
	while (lc->type != LAYOUT_PANE)
		lc = TAILQ_FIRST(&lc->children);
	return (lc);
}

/* The leaf after lc in pane order, or NULL. */
static struct layout_cell *
layout_next_leaf(struct layout_cell *lc)
{
	while (lc->parent != NULL) {
		if (TAILQ_NEXT(lc, entry) != NULL)
			return (layout_first_leaf(TAILQ_NEXT(lc, entry)));
		lc = lc->parent;
	}
	return (NULL);
}

/* Distance from p to the span [start, start + len), 0 inside it. */
static unsigned int
layout_span_distance(unsigned int start, unsigned int len, unsigned int p)
{
	if (p < start)
		return (start - p);
	if (p >= start + len)
		return (p - (start + len - 1));
	return (0);
}

/*
 * select-pane -L/-R/-U/-D. The candidates are tmux's: the panes whose far
 * side is next to the near side of pane (wrapping to the panes at the
 * opposite edge of the window when pane is at this edge) and whose extent
 * meets pane's, corners included. tmux then takes the most recently active
 * candidate, which this module cannot know: the caller's rank tells it;
 * without one (or between equals) it is the one nearest the middle of
 * pane's edge (the upper/left middle cell), the first on a tie.
 */
void *
layout_neighbour(struct layout_cell *root, void *pane, enum layout_dir dir,
    unsigned long (*rank)(void *))
{
	struct layout_cell	*lc, *next, *best = NULL;
	unsigned int		 edge, lo, hi, start, end, len, mid, dist;
	unsigned int		 bestdist = UINT_MAX;
	unsigned long		 r, bestrank = 0;
	int			 horizontal, match;

	if ((lc = layout_find(root, pane)) == NULL)
		return (NULL);
	horizontal = (dir == LAYOUT_DIR_LEFT || dir == LAYOUT_DIR_RIGHT);
	switch (dir) {
	case LAYOUT_DIR_LEFT:
		edge = lc->xoff == 0 ? root->sx + 1 : lc->xoff;
		break;
	case LAYOUT_DIR_RIGHT:
		edge = lc->xoff + lc->sx + 1;
		if (edge >= root->sx)
			edge = 0;
		break;
	case LAYOUT_DIR_UP:
		edge = lc->yoff == 0 ? root->sy + 1 : lc->yoff;
		break;
	case LAYOUT_DIR_DOWN:
		edge = lc->yoff + lc->sy + 1;
		if (edge >= root->sy)
			edge = 0;
		break;
	default:
		return (NULL);
	}
	lo = horizontal ? lc->yoff : lc->xoff;
	hi = lo + (horizontal ? lc->sy : lc->sx);
	mid = lo + ((horizontal ? lc->sy : lc->sx) - 1) / 2;

	for (next = layout_first_leaf(root); next != NULL;
	    next = layout_next_leaf(next)) {
		if (next == lc)
			continue;
		switch (dir) {
		case LAYOUT_DIR_LEFT:
			match = (next->xoff + next->sx + 1 == edge);
			break;
		case LAYOUT_DIR_RIGHT:
			match = (next->xoff == edge);
			break;
		case LAYOUT_DIR_UP:
			match = (next->yoff + next->sy + 1 == edge);
			break;
		default:
			match = (next->yoff == edge);
			break;
		}
		if (!match)
			continue;
		start = horizontal ? next->yoff : next->xoff;
		len = horizontal ? next->sy : next->sx;
		end = start + len - 1;
		if (!(start < lo && end > hi) &&
		    !(start >= lo && start <= hi) &&
		    !(end >= lo && end <= hi))
			continue;
		dist = layout_span_distance(start, len, mid);
		r = rank != NULL ? rank(next->pane) : 0;
		if (best == NULL || r > bestrank ||
		    (r == bestrank && dist < bestdist)) {
			best = next;
			bestdist = dist;
			bestrank = r;
		}
	}
	return (best != NULL ? best->pane : NULL);
}

/* swap-pane: exchange the places of two panes. */
void
layout_swap(struct layout_cell *root, void *a, void *b)
{
	struct layout_cell	*la, *lb;

	la = layout_find(root, a);
	lb = layout_find(root, b);
	if (la == NULL || lb == NULL || la == lb)
		return;
	la->pane = b;
	lb->pane = a;
}

/* The leaf at (x, y) in lc, taking the earlier side of any border. */
static struct layout_cell *
layout_leaf_near(struct layout_cell *lc, unsigned int x, unsigned int y)
{
	struct layout_cell	*child;
	unsigned int		 p, start;

	while (lc->type != LAYOUT_PANE) {
		p = lc->type == LAYOUT_LEFTRIGHT ? x : y;
		TAILQ_FOREACH(child, &lc->children, entry) {
			start = lc->type == LAYOUT_LEFTRIGHT ? child->xoff :
			    child->yoff;
			if (p <= start + layout_size(child, lc->type) ||
			    TAILQ_NEXT(child, entry) == NULL)
				break;
		}
		lc = child;
	}
	return (lc);
}

/*
 * Is (x, y) a border? For a border between two children of a left-right
 * cell, adjacent gets the panes to its left and right; of a top-bottom
 * cell, above and below. Where borders meet, the outermost border wins and
 * a side that is itself on a border gives the pane above or to the left.
 */
int
layout_border_at(struct layout_cell *root, unsigned int x, unsigned int y,
    struct layout_cell *adjacent[2])
{
	struct layout_cell	*lc, *child, *next;
	unsigned int		 p, start, end;

	adjacent[0] = adjacent[1] = NULL;
	if (root == NULL || x >= root->sx || y >= root->sy)
		return (0);
	lc = root;
	while (lc->type != LAYOUT_PANE) {
		p = lc->type == LAYOUT_LEFTRIGHT ? x : y;
		TAILQ_FOREACH(child, &lc->children, entry) {
			start = lc->type == LAYOUT_LEFTRIGHT ? child->xoff :
			    child->yoff;
			end = start + layout_size(child, lc->type);
			if (p < end)
				break;
			next = TAILQ_NEXT(child, entry);
			if (p == end && next != NULL) {
				if (lc->type == LAYOUT_LEFTRIGHT) {
					adjacent[0] = layout_leaf_near(child,
					    x - 1, y);
					adjacent[1] = layout_leaf_near(next,
					    x + 1, y);
				} else {
					adjacent[0] = layout_leaf_near(child,
					    x, y - 1);
					adjacent[1] = layout_leaf_near(next,
					    x, y + 1);
				}
				return (1);
			}
		}
		if (child == NULL)
			return (0);
		lc = child;
	}
	return (0);
}

/*
 * Is (x, y) part of lc's highlighted border, by tmux 3.3a's rule with
 * pane-border-indicators "colour"? twopanes is LEFTRIGHT or TOPBOTTOM
 * when the window has exactly two panes split that way (each pane then
 * colours only its half of the shared border), else LAYOUT_PANE.
 */
static int
layout_border_of(const struct layout_cell *lc, enum layout_type twopanes,
    unsigned int px, unsigned int py)
{
	unsigned int	ex = lc->xoff + lc->sx, ey = lc->yoff + lc->sy;

	if (px >= lc->xoff && px < ex && py >= lc->yoff && py < ey)
		return (0);

	/* Left and right sides, corners included. */
	if (twopanes == LAYOUT_LEFTRIGHT) {
		if (lc->xoff == 0 && px == lc->sx && py <= lc->sy / 2)
			return (1);
		if (lc->xoff != 0 && px == lc->xoff - 1 && py > lc->sy / 2)
			return (1);
	} else if ((lc->yoff == 0 || py >= lc->yoff - 1) && py <= ey) {
		if (lc->xoff != 0 && px == lc->xoff - 1)
			return (1);
		if (px == ex)
			return (1);
	}

	/* Top and bottom sides. */
	if (twopanes == LAYOUT_TOPBOTTOM) {
		if (lc->yoff == 0 && py == lc->sy && px <= lc->sx / 2)
			return (1);
		if (lc->yoff != 0 && py == lc->yoff - 1 && px > lc->sx / 2)
			return (1);
	} else if ((lc->xoff == 0 || px >= lc->xoff - 1) && px <= ex) {
		if (lc->yoff != 0 && py == lc->yoff - 1)
			return (1);
		if (py == ey)
			return (1);
	}
	return (0);
}

/* Is border cell (x, y) drawn in the active style when active is current? */
int
layout_border_active(struct layout_cell *root, unsigned int x, unsigned int y,
    void *active)
{
	struct layout_cell	*lc, *first, *second, *adjacent[2];
	enum layout_type	 twopanes = LAYOUT_PANE;

	if (!layout_border_at(root, x, y, adjacent))
		return (0);
	if ((lc = layout_find(root, active)) == NULL)
		return (0);
	first = TAILQ_FIRST(&root->children);
	second = TAILQ_NEXT(first, entry);
	if (first->type == LAYOUT_PANE && second->type == LAYOUT_PANE &&
	    TAILQ_NEXT(second, entry) == NULL)
		twopanes = root->type;
	return (layout_border_of(lc, twopanes, x, y));
}

/* Append printf-style text to b. */
static void __attribute__((format(printf, 2, 3)))
layout_buf_add(struct layout_buf *b, const char *fmt, ...)
{
	va_list	 ap;
	char	*s;
	size_t	 len;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	len = strlen(s);
	if (b->len + len + 1 > b->cap) {
		b->cap = (b->len + len + 1) * 2;
		b->s = xreallocarray(b->s, b->cap, 1);
	}
	memcpy(b->s + b->len, s, len + 1);
	b->len += len;
	free(s);
}

/* Append lc's description: "WxH,X,Y" then ",ID" or the children. */
static void
layout_dump_cell(struct layout_buf *b, const struct layout_cell *lc,
    unsigned int (*id_of)(void *))
{
	const struct layout_cell	*child;

	layout_buf_add(b, "%ux%u,%u,%u", lc->sx, lc->sy, lc->xoff, lc->yoff);
	if (lc->type == LAYOUT_PANE) {
		layout_buf_add(b, ",%u", id_of(lc->pane));
		return;
	}
	layout_buf_add(b, "%c", lc->type == LAYOUT_LEFTRIGHT ? '{' : '[');
	TAILQ_FOREACH(child, &lc->children, entry) {
		if (child != TAILQ_FIRST(&lc->children))
			layout_buf_add(b, ",");
		layout_dump_cell(b, child, id_of);
	}
	layout_buf_add(b, "%c", lc->type == LAYOUT_LEFTRIGHT ? '}' : ']');
}

/* tmux's layout checksum: rotate the 16 bits right by one, add a byte. */
static unsigned int
layout_checksum(const char *s)
{
	unsigned int	csum = 0;

	for (; *s != '\0'; s++) {
		csum = (csum >> 1) | ((csum & 1) << 15);
		csum = (csum + (unsigned char)*s) & 0xffff;
	}
	return (csum);
}

/* #{window_layout}: "csum,description". Heap string, caller frees. */
char *
layout_dump(struct layout_cell *root, unsigned int (*id_of)(void *))
{
	struct layout_buf	 b = { NULL, 0, 0 };
	char			*out;

	if (root == NULL)
		return (xstrdup(""));
	layout_dump_cell(&b, root, id_of);
	out = xasprintf("%04x,%s", layout_checksum(b.s), b.s);
	free(b.s);
	return (out);
}
