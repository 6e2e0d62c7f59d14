/*
 * layout: geometry checked against tmux 3.3a. Every expected layout string
 * below is what tmux 3.3a printed for #{window_layout} after the commands
 * named beside it, run on a fresh server:
 *
 *	tmux -L lay -f /dev/null new -d -x W -y H
 *	tmux -L lay set -g status off; tmux -L lay set -g window-size manual
 *
 * Pane %N is pane N here (panes are slots of an array, and a pane's tmux
 * id is its slot). Where tmux re-fits a window to its wanted size after a
 * change (kill-pane, select-layout), the tests do what the window code
 * must do: call layout_resize with the wanted size. After every step the
 * tree is checked to tile the window exactly.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/layout.h"

#define NPANES	64

/* The panes: only their addresses matter. */
static int	pane_slot[NPANES];

#define PANE(i) ((void *)&pane_slot[(i)])

/* A pane's tmux id: its slot. */
static unsigned int
pane_id(void *pane)
{
	return ((unsigned int)((int *)pane - pane_slot));
}

/* Collects the panes in layout_foreach order. */
struct pane_list {
	void		*panes[NPANES];
	unsigned int	 n;
};

/* layout_foreach callback filling a pane_list. */
static void
collect_pane(struct layout_cell *lc, void *arg)
{
	struct pane_list	*pl = arg;

	assert_true(pl->n < NPANES);
	pl->panes[pl->n++] = lc->pane;
}

/* The panes of root in order. */
static struct pane_list
panes_of(struct layout_cell *root)
{
	struct pane_list	pl;

	memset(&pl, 0, sizeof pl);
	layout_foreach(root, collect_pane, &pl);
	return (pl);
}

/* Check one cell and everything under it: children tile their parent. */
static void
check_cell(struct layout_cell *lc)
{
	struct layout_cell	*child;
	unsigned int		 n = 0, pos;

	assert_true(lc->sx >= 1 && lc->sy >= 1);
	if (lc->type == LAYOUT_PANE) {
		assert_non_null(lc->pane);
		assert_null(TAILQ_FIRST(&lc->children));
		return;
	}
	assert_true(lc->type == LAYOUT_LEFTRIGHT ||
	    lc->type == LAYOUT_TOPBOTTOM);
	pos = lc->type == LAYOUT_LEFTRIGHT ? lc->xoff : lc->yoff;
	TAILQ_FOREACH(child, &lc->children, entry) {
		assert_ptr_equal(child->parent, lc);
		if (lc->type == LAYOUT_LEFTRIGHT) {
			assert_int_equal(child->xoff, pos);
			assert_int_equal(child->yoff, lc->yoff);
			assert_int_equal(child->sy, lc->sy);
			pos += child->sx + 1;
		} else {
			assert_int_equal(child->yoff, pos);
			assert_int_equal(child->xoff, lc->xoff);
			assert_int_equal(child->sx, lc->sx);
			pos += child->sy + 1;
		}
		check_cell(child);
		n++;
	}
	assert_true(n >= 2);
	if (lc->type == LAYOUT_LEFTRIGHT)
		assert_int_equal(pos - 1, lc->xoff + lc->sx);
	else
		assert_int_equal(pos - 1, lc->yoff + lc->sy);
}

/* The grid of a layout: which pane (slot + 1) covers each cell, 0 none. */
struct tile_grid {
	unsigned int	 sx, sy;
	unsigned int	*owner;
};

/* layout_foreach callback marking a leaf's cells, each exactly once. */
static void
mark_leaf(struct layout_cell *lc, void *arg)
{
	struct tile_grid	*g = arg;
	unsigned int		 x, y;

	assert_true(lc->xoff + lc->sx <= g->sx);
	assert_true(lc->yoff + lc->sy <= g->sy);
	for (y = lc->yoff; y < lc->yoff + lc->sy; y++) {
		for (x = lc->xoff; x < lc->xoff + lc->sx; x++) {
			assert_int_equal(g->owner[y * g->sx + x], 0);
			g->owner[y * g->sx + x] = pane_id(lc->pane) + 1;
		}
	}
}

/*
 * The whole-layout invariants: a sound tree, every cell of the window in
 * exactly one pane or else a border (by layout_border_at, whose neighbours
 * must touch the border), and every pane found by layout_find.
 */
static void
check_layout(struct layout_cell *root)
{
	struct tile_grid	 g;
	struct layout_cell	*adj[2];
	struct pane_list	 pl;
	unsigned int		 x, y, i, owner;
	int			 border, vertical, horizontal;

	assert_non_null(root);
	assert_null(root->parent);
	assert_int_equal(root->xoff, 0);
	assert_int_equal(root->yoff, 0);
	check_cell(root);

	g.sx = root->sx;
	g.sy = root->sy;
	g.owner = calloc((size_t)g.sx * g.sy, sizeof *g.owner);
	assert_non_null(g.owner);
	layout_foreach(root, mark_leaf, &g);
	for (y = 0; y < g.sy; y++) {
		for (x = 0; x < g.sx; x++) {
			owner = g.owner[y * g.sx + x];
			border = layout_border_at(root, x, y, adj);
			if (owner != 0) {
				assert_int_equal(border, 0);
				assert_null(adj[0]);
				assert_null(adj[1]);
				continue;
			}
			assert_int_equal(border, 1);
			assert_non_null(adj[0]);
			assert_non_null(adj[1]);
			assert_int_equal(adj[0]->type, LAYOUT_PANE);
			assert_int_equal(adj[1]->type, LAYOUT_PANE);
			vertical = adj[0]->xoff + adj[0]->sx == x &&
			    adj[1]->xoff == x + 1;
			horizontal = adj[0]->yoff + adj[0]->sy == y &&
			    adj[1]->yoff == y + 1;
			assert_true(vertical || horizontal);
		}
	}
	free(g.owner);
	assert_int_equal(layout_border_at(root, root->sx, 0, adj), 0);
	assert_int_equal(layout_border_at(root, 0, root->sy, adj), 0);

	pl = panes_of(root);
	for (i = 0; i < pl.n; i++)
		assert_non_null(layout_find(root, pl.panes[i]));
}

/* Check root's invariants, and that it dumps as tmux's string. */
static void
assert_layout(struct layout_cell *root, const char *expected)
{
	char	*s;

	check_layout(root);
	s = layout_dump(root, pane_id);
	assert_string_equal(s, expected);
	free(s);
}

/* Split, insisting that it works. */
static struct layout_cell *
split(struct layout_cell *root, unsigned int target, enum layout_type type,
    int size, int before, unsigned int pane)
{
	struct layout_cell	*lc;

	lc = layout_split(root, PANE(target), type, size, before, PANE(pane));
	assert_non_null(lc);
	assert_ptr_equal(lc->pane, PANE(pane));
	assert_ptr_equal(layout_find(root, PANE(pane)), lc);
	return (lc);
}

/* An 80x24 window split -h then -v on the new pane: %0 | %1 / %2. */
static struct layout_cell *
three_panes(void)
{
	struct layout_cell	*root;

	root = layout_create(PANE(0), 80, 24);
	split(root, 0, LAYOUT_LEFTRIGHT, -1, 0, 1);
	split(root, 1, LAYOUT_TOPBOTTOM, -1, 0, 2);
	return (root);
}

/* Three panes side by side in 80x24: split-window -h twice. */
static struct layout_cell *
three_columns(void)
{
	struct layout_cell	*root;

	root = layout_create(PANE(0), 80, 24);
	split(root, 0, LAYOUT_LEFTRIGHT, -1, 0, 1);
	split(root, 1, LAYOUT_LEFTRIGHT, -1, 0, 2);
	return (root);
}

/*
 * A 2x2 grid in 80x24 whose columns are split separately: split-window -h;
 * split-window -v; select-pane -t 0; split-window -v.
 */
static struct layout_cell *
four_panes(void)
{
	struct layout_cell	*root;

	root = three_panes();
	split(root, 0, LAYOUT_TOPBOTTOM, -1, 0, 3);
	return (root);
}

/* One pane; removing it empties the layout. */
static void
test_create(void **state)
{
	struct layout_cell	*root;

	/* tmux: new -d -x 80 -y 24 */
	root = layout_create(PANE(0), 80, 24);
	assert_layout(root, "b25d,80x24,0,0,0");
	assert_ptr_equal(layout_find(root, PANE(0)), root);
	assert_null(layout_find(root, PANE(1)));
	assert_ptr_equal(layout_remove(root, PANE(1)), root);
	assert_null(layout_remove(root, PANE(0)));
}

/* Splitting in half: the left or top part gets the odd cell. */
static void
test_split_half(void **state)
{
	struct layout_cell	*root;

	/* split-window -h */
	root = layout_create(PANE(0), 80, 24);
	split(root, 0, LAYOUT_LEFTRIGHT, -1, 0, 1);
	assert_layout(root, "8205,80x24,0,0{40x24,0,0,0,39x24,41,0,1}");
	layout_free(root);

	/* split-window -h -b: the new pane on the left, still 40 wide */
	root = layout_create(PANE(0), 80, 24);
	split(root, 0, LAYOUT_LEFTRIGHT, -1, 1, 1);
	assert_layout(root, "0209,80x24,0,0{40x24,0,0,1,39x24,41,0,0}");
	layout_free(root);

	/* split-window -v */
	root = layout_create(PANE(0), 80, 24);
	split(root, 0, LAYOUT_TOPBOTTOM, -1, 0, 1);
	assert_layout(root, "c195,80x24,0,0[80x12,0,0,0,80x11,0,13,1]");
	layout_free(root);

	/* new -x 80 -y 23; split-window -v, and -v -b */
	root = layout_create(PANE(0), 80, 23);
	split(root, 0, LAYOUT_TOPBOTTOM, -1, 0, 1);
	assert_layout(root, "9191,80x23,0,0[80x11,0,0,0,80x11,0,12,1]");
	layout_free(root);
	root = layout_create(PANE(0), 80, 23);
	split(root, 0, LAYOUT_TOPBOTTOM, -1, 1, 1);
	assert_layout(root, "1195,80x23,0,0[80x11,0,0,1,80x11,0,12,0]");
	layout_free(root);
}

/* split-window -h [-b] -l N in 80x24, clamped as tmux clamps. */
static void
test_split_size(void **state)
{
	static const struct {
		int		 size;
		int		 before;
		const char	*expected;
	} t[] = {
		{ 10, 0, "98c5,80x24,0,0{69x24,0,0,0,10x24,70,0,1}" },
		{ 10, 1, "f338,80x24,0,0{10x24,0,0,1,69x24,11,0,0}" },
		{ 100, 0, "ea02,80x24,0,0{1x24,0,0,0,78x24,2,0,1}" },
		{ 100, 1, "6a0a,80x24,0,0{1x24,0,0,1,78x24,2,0,0}" },
		{ 0, 0, "0bdf,80x24,0,0{78x24,0,0,0,1x24,79,0,1}" },
		{ 0, 1, "6a0a,80x24,0,0{1x24,0,0,1,78x24,2,0,0}" },
		{ 79, 0, "ea02,80x24,0,0{1x24,0,0,0,78x24,2,0,1}" },
		{ 79, 1, "8be6,80x24,0,0{78x24,0,0,1,1x24,79,0,0}" },
	};
	struct layout_cell	*root;
	unsigned int		 i;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		root = layout_create(PANE(0), 80, 24);
		split(root, 0, LAYOUT_LEFTRIGHT, t[i].size, t[i].before, 1);
		assert_layout(root, t[i].expected);
		layout_free(root);
	}
}

/* Splitting the way the parent already runs adds a sibling. */
static void
test_split_sibling(void **state)
{
	struct layout_cell	*root, *first;
	struct pane_list	 pl;

	/* split-window -h (x3); select-pane -t 0; split-window -h -b */
	root = layout_create(PANE(0), 80, 24);
	first = root;
	split(root, 0, LAYOUT_LEFTRIGHT, -1, 0, 1);
	split(root, 1, LAYOUT_LEFTRIGHT, -1, 0, 2);
	split(root, 2, LAYOUT_LEFTRIGHT, -1, 0, 3);
	split(root, 0, LAYOUT_LEFTRIGHT, -1, 1, 4);
	assert_ptr_equal(root, first);
	assert_layout(root, "c1ae,80x24,0,0{20x24,0,0,4,19x24,21,0,0,19x24,41,"
	    "0,1,9x24,61,0,2,9x24,71,0,3}");
	layout_free(root);

	/* split-window -h; split-window -v; split-window -h;
	 * select-pane -t 0; split-window -v */
	root = three_panes();
	split(root, 2, LAYOUT_LEFTRIGHT, -1, 0, 3);
	split(root, 0, LAYOUT_TOPBOTTOM, -1, 0, 4);
	assert_layout(root, "3dc0,80x24,0,0{40x24,0,0[40x12,0,0,0,40x11,0,13,"
	    "4],39x24,41,0[39x12,41,0,1,39x11,41,13{19x11,41,13,2,19x11,61,13,"
	    "3}]}");
	layout_free(root);

	/* split-window -h; split-window -v -b; select-pane -t %0;
	 * split-window -h -b: list-panes shows %3 %0 %2 %1 */
	root = layout_create(PANE(0), 80, 24);
	split(root, 0, LAYOUT_LEFTRIGHT, -1, 0, 1);
	split(root, 1, LAYOUT_TOPBOTTOM, -1, 1, 2);
	split(root, 0, LAYOUT_LEFTRIGHT, -1, 1, 3);
	assert_layout(root, "d427,80x24,0,0{20x24,0,0,3,19x24,21,0,0,39x24,41,"
	    "0[39x12,41,0,2,39x11,41,13,1]}");
	pl = panes_of(root);
	assert_int_equal(pl.n, 4);
	assert_ptr_equal(pl.panes[0], PANE(3));
	assert_ptr_equal(pl.panes[1], PANE(0));
	assert_ptr_equal(pl.panes[2], PANE(2));
	assert_ptr_equal(pl.panes[3], PANE(1));
	layout_free(root);
}

/* tmux says "no space for new pane" below 1 + border + 1 cells. */
static void
test_split_no_space(void **state)
{
	struct layout_cell	*root;

	/* new -x 80 -y 3; split-window -v; split-window -v (refused) */
	root = layout_create(PANE(0), 80, 3);
	split(root, 0, LAYOUT_TOPBOTTOM, -1, 0, 1);
	assert_null(layout_split(root, PANE(1), LAYOUT_TOPBOTTOM, -1, 0,
	    PANE(2)));
	assert_null(layout_split(root, PANE(0), LAYOUT_TOPBOTTOM, 0, 1,
	    PANE(2)));
	assert_layout(root, "e72c,80x3,0,0[80x1,0,0,0,80x1,0,2,1]");
	assert_null(layout_find(root, PANE(2)));
	layout_free(root);

	/* split-window -h -l 77; split-window -h -t %0 (2 wide: refused) */
	root = layout_create(PANE(0), 80, 24);
	split(root, 0, LAYOUT_LEFTRIGHT, 77, 0, 1);
	assert_null(layout_split(root, PANE(0), LAYOUT_LEFTRIGHT, -1, 0,
	    PANE(2)));
	assert_null(layout_split(root, PANE(0), LAYOUT_LEFTRIGHT, 1, 0,
	    PANE(2)));
	assert_layout(root, "f5c2,80x24,0,0{2x24,0,0,0,77x24,3,0,1}");
	assert_null(layout_split(root, PANE(9), LAYOUT_LEFTRIGHT, -1, 0,
	    PANE(2)));
	layout_free(root);

	/* split-window -h -l 76; split-window -h -t %0 (3 wide: fits) */
	root = layout_create(PANE(0), 80, 24);
	split(root, 0, LAYOUT_LEFTRIGHT, 76, 0, 1);
	split(root, 0, LAYOUT_LEFTRIGHT, -1, 0, 2);
	assert_layout(root, "739a,80x24,0,0{1x24,0,0,0,1x24,2,0,2,76x24,4,0,"
	    "1}");
	layout_free(root);
}

/* split-window -f: a pane across the whole window, others squeezed. */
static void
test_split_full(void **state)
{
	struct layout_cell	*root, *first;

	/* split-window -h; split-window -v; split-window -f -h */
	root = three_panes();
	first = root;
	assert_non_null(layout_split(root, NULL, LAYOUT_LEFTRIGHT, -1, 0,
	    PANE(3)));
	assert_ptr_equal(root, first);
	assert_layout(root, "4517,80x24,0,0{20x24,0,0,0,19x24,21,0[19x12,21,0,"
	    "1,19x11,21,13,2],39x24,41,0,3}");
	layout_free(root);

	/* split-window -h; split-window -v; split-window -f -v -b */
	root = three_panes();
	assert_non_null(layout_split(root, NULL, LAYOUT_TOPBOTTOM, -1, 1,
	    PANE(3)));
	assert_layout(root, "4014,80x24,0,0[80x12,0,0,3,80x11,0,13{40x11,0,13,"
	    "0,39x11,41,13[39x5,41,13,1,39x5,41,19,2]}]");
	layout_free(root);

	/* split-window -h (x3); split-window -f -h -l 70 */
	root = three_columns();
	split(root, 2, LAYOUT_LEFTRIGHT, -1, 0, 3);
	assert_non_null(layout_split(root, NULL, LAYOUT_LEFTRIGHT, 70, 0,
	    PANE(4)));
	assert_layout(root, "11f6,80x24,0,0{3x24,0,0,0,1x24,4,0,1,1x24,6,0,2,"
	    "1x24,8,0,3,70x24,10,0,4}");
	layout_free(root);

	/*
	 * split-window -h; split-window -v -t %0; split-window -h -t %0;
	 * split-window -h -t %3; split-window -h -t %4;
	 * resize-pane -t %1 -x 9; split-window -f -h -l 39: the left cell
	 * would get 35 in proportion but keeps no more than 40 less its own
	 * minimum (7), so 33.
	 */
	root = layout_create(PANE(0), 80, 24);
	split(root, 0, LAYOUT_LEFTRIGHT, -1, 0, 1);
	split(root, 0, LAYOUT_TOPBOTTOM, -1, 0, 2);
	split(root, 0, LAYOUT_LEFTRIGHT, -1, 0, 3);
	split(root, 3, LAYOUT_LEFTRIGHT, -1, 0, 4);
	split(root, 4, LAYOUT_LEFTRIGHT, -1, 0, 5);
	layout_set_pane_size(root, PANE(1), LAYOUT_LEFTRIGHT, 9);
	assert_layout(root, "1fd3,80x24,0,0{70x24,0,0[70x12,0,0{28x12,0,0,0,"
	    "17x12,29,0,3,11x12,47,0,4,11x12,59,0,5},70x11,0,13,2],9x24,71,0,"
	    "1}");
	assert_non_null(layout_split(root, NULL, LAYOUT_LEFTRIGHT, 39, 0,
	    PANE(6)));
	assert_layout(root, "a704,80x24,0,0{33x24,0,0[33x12,0,0{13x12,0,0,0,"
	    "8x12,14,0,3,5x12,23,0,4,4x12,29,0,5},33x11,0,13,2],6x24,34,0,1,"
	    "39x24,41,0,6}");
	layout_free(root);

	/* new -x 80 -y 3; split-window -f -v; split-window -f -v (refused) */
	root = layout_create(PANE(0), 80, 3);
	assert_non_null(layout_split(root, NULL, LAYOUT_TOPBOTTOM, -1, 0,
	    PANE(1)));
	assert_null(layout_split(root, NULL, LAYOUT_TOPBOTTOM, -1, 0,
	    PANE(2)));
	assert_layout(root, "e72c,80x3,0,0[80x1,0,0,0,80x1,0,2,1]");
	layout_free(root);
}

/* kill-pane: the previous sibling (the next for the first) takes over. */
static void
test_remove(void **state)
{
	struct layout_cell	*root;

	/* split-window -h; split-window -h; kill-pane -t %1, %0, %2 */
	root = layout_remove(three_columns(), PANE(1));
	assert_layout(root, "0be6,80x24,0,0{60x24,0,0,0,19x24,61,0,2}");
	layout_free(root);
	root = layout_remove(three_columns(), PANE(0));
	assert_layout(root, "0bea,80x24,0,0{60x24,0,0,1,19x24,61,0,2}");
	layout_free(root);
	root = layout_remove(three_columns(), PANE(2));
	assert_layout(root, "8205,80x24,0,0{40x24,0,0,0,39x24,41,0,1}");
	layout_free(root);

	/* split-window -h; split-window -v; select-pane -t 0;
	 * split-window -h; kill-pane -t %1: the column collapses */
	root = three_panes();
	split(root, 0, LAYOUT_LEFTRIGHT, -1, 0, 3);
	root = layout_remove(root, PANE(1));
	assert_layout(root, "a2a8,80x24,0,0{20x24,0,0,0,19x24,21,0,3,39x24,41,"
	    "0,2}");
	layout_free(root);

	/* split-window -h; split-window -v; split-window -h;
	 * kill-pane -t %1: tmux keeps the nested left-right cell */
	root = three_panes();
	split(root, 2, LAYOUT_LEFTRIGHT, -1, 0, 3);
	root = layout_remove(root, PANE(1));
	assert_layout(root, "0f7c,80x24,0,0{40x24,0,0,0,39x24,41,0{19x24,41,0,"
	    "2,19x24,61,0,3}}");
	layout_free(root);

	/* split-window -h; kill-pane -t %0: the root becomes %1 */
	root = layout_create(PANE(0), 80, 24);
	split(root, 0, LAYOUT_LEFTRIGHT, -1, 0, 1);
	root = layout_remove(root, PANE(0));
	assert_layout(root, "b25e,80x24,0,0,1");
	layout_free(root);

	/* split-window -h; split-window -v; kill-pane -t %0 */
	root = layout_remove(three_panes(), PANE(0));
	assert_layout(root, "419a,80x24,0,0[80x12,0,0,1,80x11,0,13,2]");
	layout_free(root);
}

/* resize-window: one cell at a time to each child from the first. */
static void
test_resize_window(void **state)
{
	struct layout_cell	*root;

	/* split-window -h (x2); resize-window -x 70 -y 24; then 80x24 */
	root = three_columns();
	layout_resize(root, 70, 24);
	assert_layout(root, "c320,70x24,0,0{36x24,0,0,0,16x24,37,0,1,16x24,54,"
	    "0,2}");
	layout_resize(root, 80, 24);
	assert_layout(root, "fa80,80x24,0,0{40x24,0,0,0,19x24,41,0,1,19x24,61,"
	    "0,2}");
	layout_free(root);

	/* split-window -h (x2); resize-window -x 91 -y 30 */
	root = three_columns();
	layout_resize(root, 91, 30);
	assert_layout(root, "9446,91x30,0,0{44x30,0,0,0,23x30,45,0,1,22x30,69,"
	    "0,2}");
	layout_free(root);

	/* split-window -h; -v; -h; resize-window -x 100 -y 10: the nested
	 * row gives every added column to its first pane */
	root = three_panes();
	split(root, 2, LAYOUT_LEFTRIGHT, -1, 0, 3);
	layout_resize(root, 100, 10);
	assert_layout(root, "0072,100x10,0,0{50x10,0,0,0,49x10,51,0[49x5,51,0,"
	    "1,49x4,51,6{29x4,51,6,2,19x4,81,6,3}]}");
	layout_free(root);

	/* split-window -h (x3); resize-window -x 5 -y 5: no narrower than
	 * four 1-wide panes and their borders */
	root = three_columns();
	split(root, 2, LAYOUT_LEFTRIGHT, -1, 0, 3);
	layout_resize(root, 5, 5);
	assert_layout(root, "6000,7x5,0,0{1x5,0,0,0,1x5,2,0,1,1x5,4,0,2,1x5,6,"
	    "0,3}");
	layout_free(root);
}

/* resize-pane -L/-R/-U/-D among three columns (split-window -h x2). */
static void
test_resize_pane(void **state)
{
	static const struct {
		unsigned int	 pane;
		enum layout_dir	 dir;
		int		 n;
		const char	*expected;
	} t[] = {
		/* resize-pane -t %2 -L 5: the last pane moves its left side */
		{ 2, LAYOUT_DIR_LEFT, 5,
		  "18f1,80x24,0,0{40x24,0,0,0,14x24,41,0,1,24x24,56,0,2}" },
		{ 2, LAYOUT_DIR_RIGHT, 5,
		  "1d61,80x24,0,0{40x24,0,0,0,24x24,41,0,1,14x24,66,0,2}" },
		/* the others move their right side */
		{ 0, LAYOUT_DIR_LEFT, 5,
		  "5e02,80x24,0,0{35x24,0,0,0,24x24,36,0,1,19x24,61,0,2}" },
		{ 0, LAYOUT_DIR_RIGHT, 5,
		  "8582,80x24,0,0{45x24,0,0,0,14x24,46,0,1,19x24,61,0,2}" },
		{ 1, LAYOUT_DIR_LEFT, 5,
		  "18f1,80x24,0,0{40x24,0,0,0,14x24,41,0,1,24x24,56,0,2}" },
		{ 1, LAYOUT_DIR_RIGHT, 5,
		  "1d61,80x24,0,0{40x24,0,0,0,24x24,41,0,1,14x24,66,0,2}" },
		/* down to the minimum, and borrowing from further panes */
		{ 0, LAYOUT_DIR_LEFT, 50,
		  "396c,80x24,0,0{1x24,0,0,0,58x24,2,0,1,19x24,61,0,2}" },
		{ 2, LAYOUT_DIR_LEFT, 70,
		  "f392,80x24,0,0{1x24,0,0,0,1x24,2,0,1,76x24,4,0,2}" },
		{ 0, LAYOUT_DIR_RIGHT, 100,
		  "64ac,80x24,0,0{76x24,0,0,0,1x24,77,0,1,1x24,79,0,2}" },
		/* growing past the next pane takes from the previous one */
		{ 1, LAYOUT_DIR_RIGHT, 100,
		  "c0eb,80x24,0,0{1x24,0,0,0,76x24,2,0,1,1x24,79,0,2}" },
		{ 1, LAYOUT_DIR_RIGHT, 0,
		  "fa80,80x24,0,0{40x24,0,0,0,19x24,41,0,1,19x24,61,0,2}" },
	};
	struct layout_cell	*root;
	unsigned int		 i;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		root = three_columns();
		assert_int_equal(layout_resize_pane(root, PANE(t[i].pane),
		    t[i].dir, t[i].n), 0);
		assert_layout(root, t[i].expected);
		layout_free(root);
	}

	/* resize-pane -t %0 -U 3: no top-bottom cell, nothing moves */
	root = three_columns();
	assert_int_equal(layout_resize_pane(root, PANE(0), LAYOUT_DIR_UP, 3),
	    -1);
	assert_int_equal(layout_resize_pane(root, PANE(0), LAYOUT_DIR_DOWN, 3),
	    -1);
	assert_int_equal(layout_resize_pane(root, PANE(7), LAYOUT_DIR_LEFT, 3),
	    -1);
	assert_layout(root, "fa80,80x24,0,0{40x24,0,0,0,19x24,41,0,1,19x24,61,"
	    "0,2}");
	layout_free(root);
}

/* resize-pane in the 2x2 grid: the enclosing column or row moves. */
static void
test_resize_pane_nested(void **state)
{
	struct layout_cell	*root;

	/* resize-pane -t %1 -L 5 (pane index 2) */
	root = four_panes();
	layout_resize_pane(root, PANE(1), LAYOUT_DIR_LEFT, 5);
	assert_layout(root, "d550,80x24,0,0{35x24,0,0[35x12,0,0,0,35x11,0,13,"
	    "3],44x24,36,0[44x12,36,0,1,44x11,36,13,2]}");
	layout_free(root);

	/* resize-pane -t %2 -U 4 */
	root = four_panes();
	layout_resize_pane(root, PANE(2), LAYOUT_DIR_UP, 4);
	assert_layout(root, "6668,80x24,0,0{40x24,0,0[40x12,0,0,0,40x11,0,13,"
	    "3],39x24,41,0[39x8,41,0,1,39x15,41,9,2]}");
	layout_free(root);

	/* resize-pane -t %2 -D 4 */
	root = four_panes();
	layout_resize_pane(root, PANE(2), LAYOUT_DIR_DOWN, 4);
	assert_layout(root, "d2c0,80x24,0,0{40x24,0,0[40x12,0,0,0,40x11,0,13,"
	    "3],39x24,41,0[39x16,41,0,1,39x7,41,17,2]}");
	layout_free(root);

	/* resize-pane -t %0 -D 30 */
	root = four_panes();
	layout_resize_pane(root, PANE(0), LAYOUT_DIR_DOWN, 30);
	assert_layout(root, "74a1,80x24,0,0{40x24,0,0[40x22,0,0,0,40x1,0,23,"
	    "3],39x24,41,0[39x12,41,0,1,39x11,41,13,2]}");
	layout_free(root);
}

/* resize-pane -x/-y in the 2x2 grid (pane order %0 %3 %1 %2). */
static void
test_set_pane_size(void **state)
{
	static const struct {
		unsigned int	 pane;
		enum layout_type type;
		unsigned int	 n;
		const char	*expected;
	} t[] = {
		/* resize-pane -t 1 -x 10 */
		{ 3, LAYOUT_LEFTRIGHT, 10,
		  "d7e7,80x24,0,0{10x24,0,0[10x12,0,0,0,10x11,0,13,3],69x24,"
		  "11,0[69x12,11,0,1,69x11,11,13,2]}" },
		/* resize-pane -t 1 -y 5 */
		{ 3, LAYOUT_TOPBOTTOM, 5,
		  "7605,80x24,0,0{40x24,0,0[40x18,0,0,0,40x5,0,19,3],39x24,"
		  "41,0[39x12,41,0,1,39x11,41,13,2]}" },
		/* resize-pane -t 0 -x 70 */
		{ 0, LAYOUT_LEFTRIGHT, 70,
		  "4473,80x24,0,0{70x24,0,0[70x12,0,0,0,70x11,0,13,3],9x24,71,"
		  "0[9x12,71,0,1,9x11,71,13,2]}" },
		/* resize-pane -t 2 -y 100 */
		{ 1, LAYOUT_TOPBOTTOM, 100,
		  "8b40,80x24,0,0{40x24,0,0[40x12,0,0,0,40x11,0,13,3],39x24,"
		  "41,0[39x22,41,0,1,39x1,41,23,2]}" },
		/* resize-pane -t 3 -x 30 */
		{ 2, LAYOUT_LEFTRIGHT, 30,
		  "e84b,80x24,0,0{49x24,0,0[49x12,0,0,0,49x11,0,13,3],30x24,"
		  "50,0[30x12,50,0,1,30x11,50,13,2]}" },
		/* resize-pane -t 0 -y 0 */
		{ 0, LAYOUT_TOPBOTTOM, 0,
		  "030a,80x24,0,0{40x24,0,0[40x1,0,0,0,40x22,0,2,3],39x24,41,"
		  "0[39x12,41,0,1,39x11,41,13,2]}" },
	};
	struct layout_cell	*root;
	unsigned int		 i;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		root = four_panes();
		layout_set_pane_size(root, PANE(t[i].pane), t[i].type, t[i].n);
		assert_layout(root, t[i].expected);
		layout_free(root);
	}
}

/*
 * select-layout for 1..9 panes in 80x24, 200x50 and 20x10. Each line
 * came from a fresh server: new -d -x W -y H, then (split-window;
 * select-layout tiled) n - 1 times, then select-layout NAME. In 20x10
 * some presets make the window taller, as the expected sizes show.
 */
static const struct {
	unsigned int		 sx, sy, n;
	enum layout_preset	 preset;
	const char		*expected;
} preset_tests[] = {
	{ 80, 24, 1, LAYOUT_EVEN_HORIZONTAL,
	  "b25d,80x24,0,0,0" },
	{ 80, 24, 1, LAYOUT_EVEN_VERTICAL,
	  "b25d,80x24,0,0,0" },
	{ 80, 24, 1, LAYOUT_MAIN_HORIZONTAL,
	  "b25d,80x24,0,0,0" },
	{ 80, 24, 1, LAYOUT_MAIN_VERTICAL,
	  "b25d,80x24,0,0,0" },
	{ 80, 24, 1, LAYOUT_TILED,
	  "b25d,80x24,0,0,0" },
	{ 80, 24, 2, LAYOUT_EVEN_HORIZONTAL,
	  "89f5,80x24,0,0{39x24,0,0,0,40x24,40,0,1}" },
	{ 80, 24, 2, LAYOUT_EVEN_VERTICAL,
	  "9295,80x24,0,0[80x11,0,0,0,80x12,0,12,1]" },
	{ 80, 24, 2, LAYOUT_MAIN_HORIZONTAL,
	  "d89e,80x24,0,0[80x22,0,0,0,80x1,0,23,1]" },
	{ 80, 24, 2, LAYOUT_MAIN_VERTICAL,
	  "0bdf,80x24,0,0{78x24,0,0,0,1x24,79,0,1}" },
	{ 80, 24, 2, LAYOUT_TILED,
	  "9295,80x24,0,0[80x11,0,0,0,80x12,0,12,1]" },
	{ 80, 24, 3, LAYOUT_EVEN_HORIZONTAL,
	  "9bb2,80x24,0,0{26x24,0,0,0,26x24,27,0,1,26x24,54,0,2}" },
	{ 80, 24, 3, LAYOUT_EVEN_VERTICAL,
	  "e470,80x24,0,0[80x7,0,0,0,80x7,0,8,1,80x8,0,16,2]" },
	{ 80, 24, 3, LAYOUT_MAIN_HORIZONTAL,
	  "df9b,80x24,0,0[80x22,0,0,0,80x1,0,23{39x1,0,23,1,40x1,40,23,2}]" },
	{ 80, 24, 3, LAYOUT_MAIN_VERTICAL,
	  "b0a5,80x24,0,0{78x24,0,0,0,1x24,79,0[1x11,79,0,1,1x12,79,12,2]}" },
	{ 80, 24, 3, LAYOUT_TILED,
	  "a7cf,80x24,0,0[80x11,0,0{39x11,0,0,0,40x11,40,0,1},80x12,0,12,2]" },
	{ 80, 24, 4, LAYOUT_EVEN_HORIZONTAL,
	  "764c,80x24,0,0{19x24,0,0,0,19x24,20,0,1,19x24,40,0,2,20x24,6"
	  "0,0,3}" },
	{ 80, 24, 4, LAYOUT_EVEN_VERTICAL,
	  "a0c0,80x24,0,0[80x5,0,0,0,80x5,0,6,1,80x5,0,12,2,80x6,0,18,3]" },
	{ 80, 24, 4, LAYOUT_MAIN_HORIZONTAL,
	  "4317,80x24,0,0[80x22,0,0,0,80x1,0,23{26x1,0,23,1,26x1,27,23,2,26x1"
	  ",54,23,3}]" },
	{ 80, 24, 4, LAYOUT_MAIN_VERTICAL,
	  "5624,80x24,0,0{78x24,0,0,0,1x24,79,0[1x7,79,0,1,1x7,79,8,2,1x8,79,"
	  "16,3]}" },
	{ 80, 24, 4, LAYOUT_TILED,
	  "30d6,80x24,0,0[80x11,0,0{39x11,0,0,0,40x11,40,0,1},80x12,0,12{39x1"
	  "2,0,12,2,40x12,40,12,3}]" },
	{ 80, 24, 5, LAYOUT_EVEN_HORIZONTAL,
	  "5a25,80x24,0,0{15x24,0,0,0,15x24,16,0,1,15x24,32,0,2,15x24,48,0,3,"
	  "16x24,64,0,4}" },
	{ 80, 24, 5, LAYOUT_EVEN_VERTICAL,
	  "fe20,80x24,0,0[80x4,0,0,0,80x4,0,5,1,80x4,0,10,2,80x4,0,15,3,80x4,"
	  "0,20,4]" },
	{ 80, 24, 5, LAYOUT_MAIN_HORIZONTAL,
	  "344f,80x24,0,0[80x22,0,0,0,80x1,0,23{19x1,0,23,1,19x1,20,23,2,19x1"
	  ",40,23,3,20x1,60,23,4}]" },
	{ 80, 24, 5, LAYOUT_MAIN_VERTICAL,
	  "e3fc,80x24,0,0{78x24,0,0,0,1x24,79,0[1x5,79,0,1,1x5,79,6,2,1x5,79,"
	  "12,3,1x6,79,18,4]}" },
	{ 80, 24, 5, LAYOUT_TILED,
	  "8bcd,80x24,0,0[80x7,0,0{39x7,0,0,0,40x7,40,0,1},80x7,0,8{39x7,0,8,"
	  "2,40x7,40,8,3},80x8,0,16,4]" },
	{ 80, 24, 6, LAYOUT_EVEN_HORIZONTAL,
	  "de52,80x24,0,0{12x24,0,0,0,12x24,13,0,1,12x24,26,0,2,12x24,39,0,3,"
	  "12x24,52,0,4,15x24,65,0,5}" },
	{ 80, 24, 6, LAYOUT_EVEN_VERTICAL,
	  "c014,80x24,0,0[80x3,0,0,0,80x3,0,4,1,80x3,0,8,2,80x3,0,12,3,80x3,0"
	  ",16,4,80x4,0,20,5]" },
	{ 80, 24, 6, LAYOUT_MAIN_HORIZONTAL,
	  "c578,80x24,0,0[80x22,0,0,0,80x1,0,23{15x1,0,23,1,15x1,16,23,2,15x1"
	  ",32,23,3,15x1,48,23,4,16x1,64,23,5}]" },
	{ 80, 24, 6, LAYOUT_MAIN_VERTICAL,
	  "4b1f,80x24,0,0{78x24,0,0,0,1x24,79,0[1x4,79,0,1,1x4,79,5,2,1x4,79,"
	  "10,3,1x4,79,15,4,1x4,79,20,5]}" },
	{ 80, 24, 6, LAYOUT_TILED,
	  "5297,80x24,0,0[80x7,0,0{39x7,0,0,0,40x7,40,0,1},80x7,0,8{39x7,0,8,"
	  "2,40x7,40,8,3},80x8,0,16{39x8,0,16,4,40x8,40,16,5}]" },
	{ 80, 24, 7, LAYOUT_EVEN_HORIZONTAL,
	  "43cc,80x24,0,0{10x24,0,0,0,10x24,11,0,1,10x24,22,0,2,10x24,33,0,3,"
	  "10x24,44,0,4,10x24,55,0,5,14x24,66,0,6}" },
	{ 80, 24, 7, LAYOUT_EVEN_VERTICAL,
	  "11ad,80x24,0,0[80x2,0,0,0,80x2,0,3,1,80x2,0,6,2,80x2,0,9,3,80x2,0,"
	  "12,4,80x2,0,15,5,80x6,0,18,6]" },
	{ 80, 24, 7, LAYOUT_MAIN_HORIZONTAL,
	  "97e1,80x24,0,0[80x22,0,0,0,80x1,0,23{12x1,0,23,1,12x1,13,23,2,12x1"
	  ",26,23,3,12x1,39,23,4,12x1,52,23,5,15x1,65,23,6}]" },
	{ 80, 24, 7, LAYOUT_MAIN_VERTICAL,
	  "eb03,80x24,0,0{78x24,0,0,0,1x24,79,0[1x3,79,0,1,1x3,79,4,2,1x3,79,"
	  "8,3,1x3,79,12,4,1x3,79,16,5,1x4,79,20,6]}" },
	{ 80, 24, 7, LAYOUT_TILED,
	  "a79b,80x24,0,0[80x7,0,0{26x7,0,0,0,26x7,27,0,1,26x7,54,0,2},80x7,0"
	  ",8{26x7,0,8,3,26x7,27,8,4,26x7,54,8,5},80x8,0,16,6]" },
	{ 80, 24, 8, LAYOUT_EVEN_HORIZONTAL,
	  "da44,80x24,0,0{9x24,0,0,0,9x24,10,0,1,9x24,20,0,2,9x24,30,0,3,9x24"
	  ",40,0,4,9x24,50,0,5,9x24,60,0,6,10x24,70,0,7}" },
	{ 80, 24, 8, LAYOUT_EVEN_VERTICAL,
	  "9250,80x24,0,0[80x2,0,0,0,80x2,0,3,1,80x2,0,6,2,80x2,0,9,3,80x2,0,"
	  "12,4,80x2,0,15,5,80x2,0,18,6,80x3,0,21,7]" },
	{ 80, 24, 8, LAYOUT_MAIN_HORIZONTAL,
	  "2d74,80x24,0,0[80x22,0,0,0,80x1,0,23{10x1,0,23,1,10x1,11,23,2,10x1"
	  ",22,23,3,10x1,33,23,4,10x1,44,23,5,10x1,55,23,6,14x1,66,23,7}]" },
	{ 80, 24, 8, LAYOUT_MAIN_VERTICAL,
	  "b4ab,80x24,0,0{78x24,0,0,0,1x24,79,0[1x2,79,0,1,1x2,79,3,2,1x2,79,"
	  "6,3,1x2,79,9,4,1x2,79,12,5,1x2,79,15,6,1x6,79,18,7]}" },
	{ 80, 24, 8, LAYOUT_TILED,
	  "a86f,80x24,0,0[80x7,0,0{26x7,0,0,0,26x7,27,0,1,26x7,54,0,2},80x7,0"
	  ",8{26x7,0,8,3,26x7,27,8,4,26x7,54,8,5},80x8,0,16{26x8,0,16,6,53x8,"
	  "27,16,7}]" },
	{ 80, 24, 9, LAYOUT_EVEN_HORIZONTAL,
	  "6804,80x24,0,0{8x24,0,0,0,8x24,9,0,1,8x24,18,0,2,8x24,27,0,3,8x24,"
	  "36,0,4,8x24,45,0,5,8x24,54,0,6,8x24,63,0,7,8x24,72,0,8}" },
	{ 80, 24, 9, LAYOUT_EVEN_VERTICAL,
	  "ecba,80x24,0,0[80x1,0,0,0,80x1,0,2,1,80x1,0,4,2,80x1,0,6,3,80x1,0,"
	  "8,4,80x1,0,10,5,80x1,0,12,6,80x1,0,14,7,80x8,0,16,8]" },
	{ 80, 24, 9, LAYOUT_MAIN_HORIZONTAL,
	  "c034,80x24,0,0[80x22,0,0,0,80x1,0,23{9x1,0,23,1,9x1,10,23,2,9x1,20"
	  ",23,3,9x1,30,23,4,9x1,40,23,5,9x1,50,23,6,9x1,60,23,7,10x1,70,23,8"
	  "}]" },
	{ 80, 24, 9, LAYOUT_MAIN_VERTICAL,
	  "5ff8,80x24,0,0{78x24,0,0,0,1x24,79,0[1x2,79,0,1,1x2,79,3,2,1x2,79,"
	  "6,3,1x2,79,9,4,1x2,79,12,5,1x2,79,15,6,1x2,79,18,7,1x3,79,21,8]}" },
	{ 80, 24, 9, LAYOUT_TILED,
	  "adb6,80x24,0,0[80x7,0,0{26x7,0,0,0,26x7,27,0,1,26x7,54,0,2},80x7,0"
	  ",8{26x7,0,8,3,26x7,27,8,4,26x7,54,8,5},80x8,0,16{26x8,0,16,6,26x8,"
	  "27,16,7,26x8,54,16,8}]" },
	{ 200, 50, 1, LAYOUT_EVEN_HORIZONTAL,
	  "ac9d,200x50,0,0,0" },
	{ 200, 50, 1, LAYOUT_EVEN_VERTICAL,
	  "ac9d,200x50,0,0,0" },
	{ 200, 50, 1, LAYOUT_MAIN_HORIZONTAL,
	  "ac9d,200x50,0,0,0" },
	{ 200, 50, 1, LAYOUT_MAIN_VERTICAL,
	  "ac9d,200x50,0,0,0" },
	{ 200, 50, 1, LAYOUT_TILED,
	  "ac9d,200x50,0,0,0" },
	{ 200, 50, 2, LAYOUT_EVEN_HORIZONTAL,
	  "1af1,200x50,0,0{99x50,0,0,0,100x50,100,0,1}" },
	{ 200, 50, 2, LAYOUT_EVEN_VERTICAL,
	  "be53,200x50,0,0[200x24,0,0,0,200x25,0,25,1]" },
	{ 200, 50, 2, LAYOUT_MAIN_HORIZONTAL,
	  "be53,200x50,0,0[200x24,0,0,0,200x25,0,25,1]" },
	{ 200, 50, 2, LAYOUT_MAIN_VERTICAL,
	  "10e6,200x50,0,0{80x50,0,0,0,119x50,81,0,1}" },
	{ 200, 50, 2, LAYOUT_TILED,
	  "be53,200x50,0,0[200x24,0,0,0,200x25,0,25,1]" },
	{ 200, 50, 3, LAYOUT_EVEN_HORIZONTAL,
	  "67f8,200x50,0,0{66x50,0,0,0,66x50,67,0,1,66x50,134,0,2}" },
	{ 200, 50, 3, LAYOUT_EVEN_VERTICAL,
	  "8a29,200x50,0,0[200x16,0,0,0,200x16,0,17,1,200x16,0,34,2]" },
	{ 200, 50, 3, LAYOUT_MAIN_HORIZONTAL,
	  "c9aa,200x50,0,0[200x24,0,0,0,200x25,0,25{99x25,0,25,1,100x25,100,2"
	  "5,2}]" },
	{ 200, 50, 3, LAYOUT_MAIN_VERTICAL,
	  "5b8a,200x50,0,0{80x50,0,0,0,119x50,81,0[119x24,81,0,1,119x25,81,25"
	  ",2]}" },
	{ 200, 50, 3, LAYOUT_TILED,
	  "4efd,200x50,0,0[200x24,0,0{99x24,0,0,0,100x24,100,0,1},200x25,0,25"
	  ",2]" },
	{ 200, 50, 4, LAYOUT_EVEN_HORIZONTAL,
	  "ceae,200x50,0,0{49x50,0,0,0,49x50,50,0,1,49x50,100,0,2,50x50,150,0"
	  ",3}" },
	{ 200, 50, 4, LAYOUT_EVEN_VERTICAL,
	  "6173,200x50,0,0[200x11,0,0,0,200x11,0,12,1,200x11,0,24,2,200x14,0,"
	  "36,3]" },
	{ 200, 50, 4, LAYOUT_MAIN_HORIZONTAL,
	  "9f54,200x50,0,0[200x24,0,0,0,200x25,0,25{66x25,0,25,1,66x25,67,25,"
	  "2,66x25,134,25,3}]" },
	{ 200, 50, 4, LAYOUT_MAIN_VERTICAL,
	  "fffb,200x50,0,0{80x50,0,0,0,119x50,81,0[119x16,81,0,1,119x16,81,17"
	  ",2,119x16,81,34,3]}" },
	{ 200, 50, 4, LAYOUT_TILED,
	  "543c,200x50,0,0[200x24,0,0{99x24,0,0,0,100x24,100,0,1},200x25,0,25"
	  "{99x25,0,25,2,100x25,100,25,3}]" },
	{ 200, 50, 5, LAYOUT_EVEN_HORIZONTAL,
	  "e8ad,200x50,0,0{39x50,0,0,0,39x50,40,0,1,39x50,80,0,2,39x50,120,0,"
	  "3,40x50,160,0,4}" },
	{ 200, 50, 5, LAYOUT_EVEN_VERTICAL,
	  "c351,200x50,0,0[200x9,0,0,0,200x9,0,10,1,200x9,0,20,2,200x9,0,30,3"
	  ",200x10,0,40,4]" },
	{ 200, 50, 5, LAYOUT_MAIN_HORIZONTAL,
	  "47cc,200x50,0,0[200x24,0,0,0,200x25,0,25{49x25,0,25,1,49x25,50,25,"
	  "2,49x25,100,25,3,50x25,150,25,4}]" },
	{ 200, 50, 5, LAYOUT_MAIN_VERTICAL,
	  "099e,200x50,0,0{80x50,0,0,0,119x50,81,0[119x11,81,0,1,119x11,81,12"
	  ",2,119x11,81,24,3,119x14,81,36,4]}" },
	{ 200, 50, 5, LAYOUT_TILED,
	  "31dc,200x50,0,0[200x16,0,0{99x16,0,0,0,100x16,100,0,1},200x16,0,17"
	  "{99x16,0,17,2,100x16,100,17,3},200x16,0,34,4]" },
	{ 200, 50, 6, LAYOUT_EVEN_HORIZONTAL,
	  "da93,200x50,0,0{32x50,0,0,0,32x50,33,0,1,32x50,66,0,2,32x50,99,0,3"
	  ",32x50,132,0,4,35x50,165,0,5}" },
	{ 200, 50, 6, LAYOUT_EVEN_VERTICAL,
	  "24ae,200x50,0,0[200x7,0,0,0,200x7,0,8,1,200x7,0,16,2,200x7,0,24,3,"
	  "200x7,0,32,4,200x10,0,40,5]" },
	{ 200, 50, 6, LAYOUT_MAIN_HORIZONTAL,
	  "ca7b,200x50,0,0[200x24,0,0,0,200x25,0,25{39x25,0,25,1,39x25,40,25,"
	  "2,39x25,80,25,3,39x25,120,25,4,40x25,160,25,5}]" },
	{ 200, 50, 6, LAYOUT_MAIN_VERTICAL,
	  "ace1,200x50,0,0{80x50,0,0,0,119x50,81,0[119x9,81,0,1,119x9,81,10,2"
	  ",119x9,81,20,3,119x9,81,30,4,119x10,81,40,5]}" },
	{ 200, 50, 6, LAYOUT_TILED,
	  "726b,200x50,0,0[200x16,0,0{99x16,0,0,0,100x16,100,0,1},200x16,0,17"
	  "{99x16,0,17,2,100x16,100,17,3},200x16,0,34{99x16,0,34,4,100x16,100"
	  ",34,5}]" },
	{ 200, 50, 7, LAYOUT_EVEN_HORIZONTAL,
	  "9458,200x50,0,0{27x50,0,0,0,27x50,28,0,1,27x50,56,0,2,27x50,84,0,3"
	  ",27x50,112,0,4,27x50,140,0,5,32x50,168,0,6}" },
	{ 200, 50, 7, LAYOUT_EVEN_VERTICAL,
	  "48f3,200x50,0,0[200x6,0,0,0,200x6,0,7,1,200x6,0,14,2,200x6,0,21,3,"
	  "200x6,0,28,4,200x6,0,35,5,200x8,0,42,6]" },
	{ 200, 50, 7, LAYOUT_MAIN_HORIZONTAL,
	  "510c,200x50,0,0[200x24,0,0,0,200x25,0,25{32x25,0,25,1,32x25,33,25,"
	  "2,32x25,66,25,3,32x25,99,25,4,32x25,132,25,5,35x25,165,25,6}]" },
	{ 200, 50, 7, LAYOUT_MAIN_VERTICAL,
	  "e103,200x50,0,0{80x50,0,0,0,119x50,81,0[119x7,81,0,1,119x7,81,8,2,"
	  "119x7,81,16,3,119x7,81,24,4,119x7,81,32,5,119x10,81,40,6]}" },
	{ 200, 50, 7, LAYOUT_TILED,
	  "2d0e,200x50,0,0[200x16,0,0{66x16,0,0,0,66x16,67,0,1,66x16,134,0,2}"
	  ",200x16,0,17{66x16,0,17,3,66x16,67,17,4,66x16,134,17,5},200x16,0,3"
	  "4,6]" },
	{ 200, 50, 8, LAYOUT_EVEN_HORIZONTAL,
	  "5432,200x50,0,0{24x50,0,0,0,24x50,25,0,1,24x50,50,0,2,24x50,75,0,3"
	  ",24x50,100,0,4,24x50,125,0,5,24x50,150,0,6,25x50,175,0,7}" },
	{ 200, 50, 8, LAYOUT_EVEN_VERTICAL,
	  "530a,200x50,0,0[200x5,0,0,0,200x5,0,6,1,200x5,0,12,2,200x5,0,18,3,"
	  "200x5,0,24,4,200x5,0,30,5,200x5,0,36,6,200x8,0,42,7]" },
	{ 200, 50, 8, LAYOUT_MAIN_HORIZONTAL,
	  "59e9,200x50,0,0[200x24,0,0,0,200x25,0,25{27x25,0,25,1,27x25,28,25,"
	  "2,27x25,56,25,3,27x25,84,25,4,27x25,112,25,5,27x25,140,25,6,32x25,"
	  "168,25,7}]" },
	{ 200, 50, 8, LAYOUT_MAIN_VERTICAL,
	  "f6df,200x50,0,0{80x50,0,0,0,119x50,81,0[119x6,81,0,1,119x6,81,7,2,"
	  "119x6,81,14,3,119x6,81,21,4,119x6,81,28,5,119x6,81,35,6,119x8,81,4"
	  "2,7]}" },
	{ 200, 50, 8, LAYOUT_TILED,
	  "54d7,200x50,0,0[200x16,0,0{66x16,0,0,0,66x16,67,0,1,66x16,134,0,2}"
	  ",200x16,0,17{66x16,0,17,3,66x16,67,17,4,66x16,134,17,5},200x16,0,3"
	  "4{66x16,0,34,6,133x16,67,34,7}]" },
	{ 200, 50, 9, LAYOUT_EVEN_HORIZONTAL,
	  "306a,200x50,0,0{21x50,0,0,0,21x50,22,0,1,21x50,44,0,2,21x50,66,0,3"
	  ",21x50,88,0,4,21x50,110,0,5,21x50,132,0,6,21x50,154,0,7,24x50,176,"
	  "0,8}" },
	{ 200, 50, 9, LAYOUT_EVEN_VERTICAL,
	  "c730,200x50,0,0[200x4,0,0,0,200x4,0,5,1,200x4,0,10,2,200x4,0,15,3,"
	  "200x4,0,20,4,200x4,0,25,5,200x4,0,30,6,200x4,0,35,7,200x10,0"
	  ",40,8]" },
	{ 200, 50, 9, LAYOUT_MAIN_HORIZONTAL,
	  "1ca7,200x50,0,0[200x24,0,0,0,200x25,0,25{24x25,0,25,1,24x25,25,25,"
	  "2,24x25,50,25,3,24x25,75,25,4,24x25,100,25,5,24x25,125,25,6,24x25,"
	  "150,25,7,25x25,175,25,8}]" },
	{ 200, 50, 9, LAYOUT_MAIN_VERTICAL,
	  "8455,200x50,0,0{80x50,0,0,0,119x50,81,0[119x5,81,0,1,119x5,81,6,2,"
	  "119x5,81,12,3,119x5,81,18,4,119x5,81,24,5,119x5,81,30,6,119x5,81,3"
	  "6,7,119x8,81,42,8]}" },
	{ 200, 50, 9, LAYOUT_TILED,
	  "66a9,200x50,0,0[200x16,0,0{66x16,0,0,0,66x16,67,0,1,66x16,134,0,2}"
	  ",200x16,0,17{66x16,0,17,3,66x16,67,17,4,66x16,134,17,5},200x16,0,3"
	  "4{66x16,0,34,6,66x16,67,34,7,66x16,134,34,8}]" },
	{ 20, 10, 1, LAYOUT_EVEN_HORIZONTAL,
	  "9edd,20x10,0,0,0" },
	{ 20, 10, 1, LAYOUT_EVEN_VERTICAL,
	  "9edd,20x10,0,0,0" },
	{ 20, 10, 1, LAYOUT_MAIN_HORIZONTAL,
	  "9edd,20x10,0,0,0" },
	{ 20, 10, 1, LAYOUT_MAIN_VERTICAL,
	  "9edd,20x10,0,0,0" },
	{ 20, 10, 1, LAYOUT_TILED,
	  "9edd,20x10,0,0,0" },
	{ 20, 10, 2, LAYOUT_EVEN_HORIZONTAL,
	  "5350,20x10,0,0{9x10,0,0,0,10x10,10,0,1}" },
	{ 20, 10, 2, LAYOUT_EVEN_VERTICAL,
	  "db61,20x10,0,0[20x4,0,0,0,20x5,0,5,1]" },
	{ 20, 10, 2, LAYOUT_MAIN_HORIZONTAL,
	  "5363,20x10,0,0[20x8,0,0,0,20x1,0,9,1]" },
	{ 20, 10, 2, LAYOUT_MAIN_VERTICAL,
	  "5337,20x10,0,0{18x10,0,0,0,1x10,19,0,1}" },
	{ 20, 10, 2, LAYOUT_TILED,
	  "db61,20x10,0,0[20x4,0,0,0,20x5,0,5,1]" },
	{ 20, 10, 3, LAYOUT_EVEN_HORIZONTAL,
	  "5ca5,20x10,0,0{6x10,0,0,0,6x10,7,0,1,6x10,14,0,2}" },
	{ 20, 10, 3, LAYOUT_EVEN_VERTICAL,
	  "5b10,20x10,0,0[20x2,0,0,0,20x2,0,3,1,20x4,0,6,2]" },
	{ 20, 10, 3, LAYOUT_MAIN_HORIZONTAL,
	  "41c0,20x10,0,0[20x8,0,0,0,20x1,0,9{9x1,0,9,1,10x1,10,9,2}]" },
	{ 20, 10, 3, LAYOUT_MAIN_VERTICAL,
	  "57b3,20x10,0,0{18x10,0,0,0,1x10,19,0[1x4,19,0,1,1x5,19,5,2]}" },
	{ 20, 10, 3, LAYOUT_TILED,
	  "ca32,20x10,0,0[20x4,0,0{9x4,0,0,0,10x4,10,0,1},20x5,0,5,2]" },
	{ 20, 10, 4, LAYOUT_EVEN_HORIZONTAL,
	  "b2f0,20x10,0,0{4x10,0,0,0,4x10,5,0,1,4x10,10,0,2,5x10,15,0,3}" },
	{ 20, 10, 4, LAYOUT_EVEN_VERTICAL,
	  "cf68,20x10,0,0[20x1,0,0,0,20x1,0,2,1,20x1,0,4,2,20x4,0,6,3]" },
	{ 20, 10, 4, LAYOUT_MAIN_HORIZONTAL,
	  "dfe3,20x10,0,0[20x8,0,0,0,20x1,0,9{6x1,0,9,1,6x1,7,9,2,6x1,14,9,3}"
	  "]" },
	{ 20, 10, 4, LAYOUT_MAIN_VERTICAL,
	  "e496,20x10,0,0{18x10,0,0,0,1x10,19,0[1x2,19,0,1,1x2,19,3,2,1x4,19,"
	  "6,3]}" },
	{ 20, 10, 4, LAYOUT_TILED,
	  "fb76,20x10,0,0[20x4,0,0{9x4,0,0,0,10x4,10,0,1},20x5,0,5{9x5,0,5,2,"
	  "10x5,10,5,3}]" },
	{ 20, 10, 5, LAYOUT_EVEN_HORIZONTAL,
	  "144b,20x10,0,0{3x10,0,0,0,3x10,4,0,1,3x10,8,0,2,3x10,12,0,3,4x10,1"
	  "6,0,4}" },
	{ 20, 10, 5, LAYOUT_EVEN_VERTICAL,
	  "1808,20x10,0,0[20x1,0,0,0,20x1,0,2,1,20x1,0,4,2,20x1,0,6,3,20x2,0,"
	  "8,4]" },
	{ 20, 10, 5, LAYOUT_MAIN_HORIZONTAL,
	  "72fc,20x10,0,0[20x8,0,0,0,20x1,0,9{4x1,0,9,1,4x1,5,9,2,4x1,10,9,3,"
	  "5x1,15,9,4}]" },
	{ 20, 10, 5, LAYOUT_MAIN_VERTICAL,
	  "c08a,20x10,0,0{18x10,0,0,0,1x10,19,0[1x1,19,0,1,1x1,19,2,2,1x1,19,"
	  "4,3,1x4,19,6,4]}" },
	{ 20, 10, 5, LAYOUT_TILED,
	  "837f,20x10,0,0[20x2,0,0{9x2,0,0,0,10x2,10,0,1},20x2,0,3{9x2,0,3,2,"
	  "10x2,10,3,3},20x4,0,6,4]" },
	{ 20, 10, 6, LAYOUT_EVEN_HORIZONTAL,
	  "7816,20x10,0,0{2x10,0,0,0,2x10,3,0,1,2x10,6,0,2,2x10,9,0,3,2x10,12"
	  ",0,4,5x10,15,0,5}" },
	{ 20, 10, 6, LAYOUT_EVEN_VERTICAL,
	  "e63f,20x11,0,0[20x1,0,0,0,20x1,0,2,1,20x1,0,4,2,20x1,0,6,3,20x1,0,"
	  "8,4,20x1,0,10,5]" },
	{ 20, 10, 6, LAYOUT_MAIN_HORIZONTAL,
	  "30fc,20x10,0,0[20x8,0,0,0,20x1,0,9{3x1,0,9,1,3x1,4,9,2,3x1,8,9,3,3"
	  "x1,12,9,4,4x1,16,9,5}]" },
	{ 20, 10, 6, LAYOUT_MAIN_VERTICAL,
	  "9e8c,20x10,0,0{18x10,0,0,0,1x10,19,0[1x1,19,0,1,1x1,19,2,2,1x1,19,"
	  "4,3,1x1,19,6,4,1x2,19,8,5]}" },
	{ 20, 10, 6, LAYOUT_TILED,
	  "d8ca,20x10,0,0[20x2,0,0{9x2,0,0,0,10x2,10,0,1},20x2,0,3{9x2,0,3,2,"
	  "10x2,10,3,3},20x4,0,6{9x4,0,6,4,10x4,10,6,5}]" },
	{ 20, 10, 7, LAYOUT_EVEN_HORIZONTAL,
	  "7fc6,20x10,0,0{2x10,0,0,0,2x10,3,0,1,2x10,6,0,2,2x10,9,0,3,2x10,12"
	  ",0,4,2x10,15,0,5,2x10,18,0,6}" },
	{ 20, 10, 7, LAYOUT_EVEN_VERTICAL,
	  "c8bd,20x13,0,0[20x1,0,0,0,20x1,0,2,1,20x1,0,4,2,20x1,0,6,3,20x1,0,"
	  "8,4,20x1,0,10,5,20x1,0,12,6]" },
	{ 20, 10, 7, LAYOUT_MAIN_HORIZONTAL,
	  "ebcd,20x10,0,0[20x8,0,0,0,20x1,0,9{2x1,0,9,1,2x1,3,9,2,2x1,6,9,3,2"
	  "x1,9,9,4,2x1,12,9,5,5x1,15,9,6}]" },
	{ 20, 10, 7, LAYOUT_MAIN_VERTICAL,
	  "6fc8,20x11,0,0{18x11,0,0,0,1x11,19,0[1x1,19,0,1,1x1,19,2,2,1x1,19,"
	  "4,3,1x1,19,6,4,1x1,19,8,5,1x1,19,10,6]}" },
	{ 20, 10, 7, LAYOUT_TILED,
	  "e808,20x10,0,0[20x2,0,0{6x2,0,0,0,6x2,7,0,1,6x2,14,0,2},20x2,0,3{6"
	  "x2,0,3,3,6x2,7,3,4,6x2,14,3,5},20x4,0,6,6]" },
	{ 20, 10, 8, LAYOUT_EVEN_HORIZONTAL,
	  "7b92,20x10,0,0{1x10,0,0,0,1x10,2,0,1,1x10,4,0,2,1x10,6,0,3,1x10,8,"
	  "0,4,1x10,10,0,5,1x10,12,0,6,6x10,14,0,7}" },
	{ 20, 10, 8, LAYOUT_EVEN_VERTICAL,
	  "909e,20x15,0,0[20x1,0,0,0,20x1,0,2,1,20x1,0,4,2,20x1,0,6,3,20x1,0,"
	  "8,4,20x1,0,10,5,20x1,0,12,6,20x1,0,14,7]" },
	{ 20, 10, 8, LAYOUT_MAIN_HORIZONTAL,
	  "b882,20x10,0,0[20x8,0,0,0,20x1,0,9{2x1,0,9,1,2x1,3,9,2,2x1,6,9,3,2"
	  "x1,9,9,4,2x1,12,9,5,2x1,15,9,6,2x1,18,9,7}]" },
	{ 20, 10, 8, LAYOUT_MAIN_VERTICAL,
	  "eb64,20x13,0,0{18x13,0,0,0,1x13,19,0[1x1,19,0,1,1x1,19,2,2,1x1,19,"
	  "4,3,1x1,19,6,4,1x1,19,8,5,1x1,19,10,6,1x1,19,12,7]}" },
	{ 20, 10, 8, LAYOUT_TILED,
	  "37fa,20x10,0,0[20x2,0,0{6x2,0,0,0,6x2,7,0,1,6x2,14,0,2},20x2,0,3{6"
	  "x2,0,3,3,6x2,7,3,4,6x2,14,3,5},20x4,0,6{6x4,0,6,6,13x4,7,6,7}]" },
	{ 20, 10, 9, LAYOUT_EVEN_HORIZONTAL,
	  "a3c7,20x10,0,0{1x10,0,0,0,1x10,2,0,1,1x10,4,0,2,1x10,6,0,3,1x10,8,"
	  "0,4,1x10,10,0,5,1x10,12,0,6,1x10,14,0,7,4x10,16,0,8}" },
	{ 20, 10, 9, LAYOUT_EVEN_VERTICAL,
	  "cec9,20x17,0,0[20x1,0,0,0,20x1,0,2,1,20x1,0,4,2,20x1,0,6,3,20x1,0,"
	  "8,4,20x1,0,10,5,20x1,0,12,6,20x1,0,14,7,20x1,0,16,8]" },
	{ 20, 10, 9, LAYOUT_MAIN_HORIZONTAL,
	  "a7bd,20x10,0,0[20x8,0,0,0,20x1,0,9{1x1,0,9,1,1x1,2,9,2,1x1,4,9,3,1"
	  "x1,6,9,4,1x1,8,9,5,1x1,10,9,6,1x1,12,9,7,6x1,14,9,8}]" },
	{ 20, 10, 9, LAYOUT_MAIN_VERTICAL,
	  "831c,20x15,0,0{18x15,0,0,0,1x15,19,0[1x1,19,0,1,1x1,19,2,2,1x1,19,"
	  "4,3,1x1,19,6,4,1x1,19,8,5,1x1,19,10,6,1x1,19,12,7,1x1,19,14,8]}" },
	{ 20, 10, 9, LAYOUT_TILED,
	  "acab,20x10,0,0[20x2,0,0{6x2,0,0,0,6x2,7,0,1,6x2,14,0,2},20x2,0,3{6"
	  "x2,0,3,3,6x2,7,3,4,6x2,14,3,5},20x4,0,6{6x4,0,6,6,6x4,7,6,7,6x4,14"
	  ",6,8}]" },
};

/* Every preset for every pane count against tmux. */
static void
test_presets(void **state)
{
	struct layout_cell	*root, *same;
	void			*panes[NPANES];
	unsigned int		 i, j;

	for (i = 0; i < NPANES; i++)
		panes[i] = PANE(i);
	for (i = 0; i < sizeof preset_tests / sizeof preset_tests[0]; i++) {
		root = layout_create(PANE(0), preset_tests[i].sx,
		    preset_tests[i].sy);
		for (j = 1; j < preset_tests[i].n; j++) {
			split(root, j - 1, LAYOUT_TOPBOTTOM, -1, 0, j);
			root = layout_preset(root, LAYOUT_TILED, panes, j + 1,
			    preset_tests[i].sx, preset_tests[i].sy);
		}
		root = layout_preset(root, preset_tests[i].preset, panes,
		    preset_tests[i].n, root->sx, root->sy);
		layout_resize(root, preset_tests[i].sx, preset_tests[i].sy);
		assert_layout(root, preset_tests[i].expected);
		layout_free(root);
	}

	/* No panes: nothing to arrange. */
	root = layout_create(PANE(0), 80, 24);
	same = layout_preset(root, LAYOUT_TILED, panes, 0, 80, 24);
	assert_ptr_equal(same, root);
	layout_free(root);
}

/* Preset names, and select-layout's unique-prefix matching. */
static void
test_preset_names(void **state)
{
	unsigned int	i;

	for (i = 0; i < LAYOUT_NPRESETS; i++) {
		assert_int_equal(layout_preset_find(layout_preset_name(i)),
		    (int)i);
	}
	assert_string_equal(layout_preset_name(LAYOUT_EVEN_HORIZONTAL),
	    "even-horizontal");
	assert_string_equal(layout_preset_name(LAYOUT_MAIN_VERTICAL),
	    "main-vertical");
	assert_null(layout_preset_name(LAYOUT_NPRESETS));
	/* select-layout even-h / main-v / t work; e and even are refused */
	assert_int_equal(layout_preset_find("even-h"), LAYOUT_EVEN_HORIZONTAL);
	assert_int_equal(layout_preset_find("main-v"), LAYOUT_MAIN_VERTICAL);
	assert_int_equal(layout_preset_find("t"), LAYOUT_TILED);
	assert_int_equal(layout_preset_find("even"), -1);
	assert_int_equal(layout_preset_find("e"), -1);
	assert_int_equal(layout_preset_find(""), -1);
	assert_int_equal(layout_preset_find("tiledx"), -1);
	assert_int_equal(layout_preset_find("bogus"), -1);
}

/* One select-pane direction check: from pane in dir lands on expected. */
struct nb_test {
	unsigned int	 from;
	enum layout_dir	 dir;
	int		 to;		/* -1: stays (no neighbour) */
};

/* Check a table of neighbours. */
static void
check_neighbours(struct layout_cell *root, const struct nb_test *t,
    unsigned int n)
{
	unsigned int	 i;
	void		*got;

	for (i = 0; i < n; i++) {
		got = layout_neighbour(root, PANE(t[i].from), t[i].dir, NULL);
		if (t[i].to == -1)
			assert_null(got);
		else
			assert_ptr_equal(got, PANE(t[i].to));
	}
}

/*
 * select-pane -L/-R/-U/-D, wrapping at the window's edges. The expected
 * panes are what tmux 3.3a selected (select-pane -t %N; select-pane -D;
 * display -p '#{pane_id}'). Where several panes qualify ("several"), tmux
 * takes the most recently active one, so its answer depends on history;
 * mux takes the one nearest the middle of the edge, and these are cases
 * where both agreed.
 */
static void
test_neighbour(void **state)
{
	static const struct nb_test two[] = {
		{ 0, LAYOUT_DIR_LEFT, 1 }, { 0, LAYOUT_DIR_RIGHT, 1 },
		{ 0, LAYOUT_DIR_UP, -1 }, { 0, LAYOUT_DIR_DOWN, -1 },
		{ 1, LAYOUT_DIR_LEFT, 0 }, { 1, LAYOUT_DIR_RIGHT, 0 },
		{ 1, LAYOUT_DIR_UP, -1 }, { 1, LAYOUT_DIR_DOWN, -1 },
	};
	static const struct nb_test three[] = {
		{ 0, LAYOUT_DIR_LEFT, 1 },	/* several */
		{ 0, LAYOUT_DIR_RIGHT, 1 },	/* several */
		{ 0, LAYOUT_DIR_UP, -1 }, { 0, LAYOUT_DIR_DOWN, -1 },
		{ 1, LAYOUT_DIR_LEFT, 0 }, { 1, LAYOUT_DIR_RIGHT, 0 },
		{ 1, LAYOUT_DIR_UP, 2 }, { 1, LAYOUT_DIR_DOWN, 2 },
		{ 2, LAYOUT_DIR_LEFT, 0 }, { 2, LAYOUT_DIR_RIGHT, 0 },
		{ 2, LAYOUT_DIR_UP, 1 }, { 2, LAYOUT_DIR_DOWN, 1 },
	};
	static const struct nb_test five[] = {
		{ 0, LAYOUT_DIR_LEFT, 2 }, { 0, LAYOUT_DIR_RIGHT, 1 },
		{ 0, LAYOUT_DIR_UP, 3 }, { 0, LAYOUT_DIR_DOWN, 3 },
		{ 3, LAYOUT_DIR_LEFT, 2 },	/* several */
		{ 3, LAYOUT_DIR_RIGHT, 1 },
		{ 3, LAYOUT_DIR_UP, 0 }, { 3, LAYOUT_DIR_DOWN, 0 },
		{ 1, LAYOUT_DIR_LEFT, 0 },	/* several */
		{ 1, LAYOUT_DIR_RIGHT, 2 },	/* several */
		{ 1, LAYOUT_DIR_UP, -1 }, { 1, LAYOUT_DIR_DOWN, -1 },
		{ 2, LAYOUT_DIR_LEFT, 1 },
		{ 2, LAYOUT_DIR_RIGHT, 0 },	/* several */
		{ 2, LAYOUT_DIR_UP, 4 }, { 2, LAYOUT_DIR_DOWN, 4 },
		{ 4, LAYOUT_DIR_LEFT, 1 }, { 4, LAYOUT_DIR_RIGHT, 3 },
		{ 4, LAYOUT_DIR_UP, 2 }, { 4, LAYOUT_DIR_DOWN, 2 },
	};
	static const struct nb_test four[] = {
		{ 0, LAYOUT_DIR_LEFT, 2 }, { 0, LAYOUT_DIR_RIGHT, 2 },
		{ 0, LAYOUT_DIR_UP, 1 }, { 0, LAYOUT_DIR_DOWN, 1 },
		{ 2, LAYOUT_DIR_LEFT, 0 }, { 2, LAYOUT_DIR_RIGHT, 0 },
		{ 2, LAYOUT_DIR_UP, 1 },	/* several */
		{ 2, LAYOUT_DIR_DOWN, 1 },	/* several */
		{ 1, LAYOUT_DIR_LEFT, 3 }, { 1, LAYOUT_DIR_RIGHT, 3 },
		/*
		 * Several: %0 and %2 are above %1. tmux picked %2, the pane
		 * selected last in that run; mux picks %0, which is over the
		 * middle of %1's top edge (column 34).
		 */
		{ 1, LAYOUT_DIR_UP, 0 }, { 1, LAYOUT_DIR_DOWN, 0 },
		{ 3, LAYOUT_DIR_LEFT, 1 }, { 3, LAYOUT_DIR_RIGHT, 1 },
		{ 3, LAYOUT_DIR_UP, 2 }, { 3, LAYOUT_DIR_DOWN, 2 },
	};
	struct layout_cell	*root;

	/* split-window -h */
	root = layout_create(PANE(0), 80, 24);
	split(root, 0, LAYOUT_LEFTRIGHT, -1, 0, 1);
	check_neighbours(root, two, sizeof two / sizeof two[0]);
	layout_free(root);

	/* split-window -h; split-window -v */
	root = three_panes();
	check_neighbours(root, three, sizeof three / sizeof three[0]);
	layout_free(root);

	/* split-window -h; split-window -h -t %1; split-window -v -t %0;
	 * split-window -v -l 5 -t %2 */
	root = layout_create(PANE(0), 80, 24);
	split(root, 0, LAYOUT_LEFTRIGHT, -1, 0, 1);
	split(root, 1, LAYOUT_LEFTRIGHT, -1, 0, 2);
	split(root, 0, LAYOUT_TOPBOTTOM, -1, 0, 3);
	split(root, 2, LAYOUT_TOPBOTTOM, 5, 0, 4);
	assert_layout(root, "63dd,80x24,0,0{40x24,0,0[40x12,0,0,0,40x11,0,13,"
	    "3],19x24,41,0,1,19x24,61,0[19x18,61,0,2,19x5,61,19,4]}");
	check_neighbours(root, five, sizeof five / sizeof five[0]);
	layout_free(root);

	/* split-window -v; split-window -h -t %0;
	 * split-window -h -l 10 -t %1 */
	root = layout_create(PANE(0), 80, 24);
	split(root, 0, LAYOUT_TOPBOTTOM, -1, 0, 1);
	split(root, 0, LAYOUT_LEFTRIGHT, -1, 0, 2);
	split(root, 1, LAYOUT_LEFTRIGHT, 10, 0, 3);
	assert_layout(root, "567a,80x24,0,0[80x12,0,0{40x12,0,0,0,39x12,41,0,"
	    "2},80x11,0,13{69x11,0,13,1,10x11,70,13,3}]");
	check_neighbours(root, four, sizeof four / sizeof four[0]);
	assert_null(layout_neighbour(root, PANE(9), LAYOUT_DIR_LEFT, NULL));
	layout_free(root);

	/*
	 * mux's own choice among several (tmux's depends on history): the
	 * pane beside the middle of the edge. split-window -h;
	 * split-window -v -l 20: from %0 (rows 0-23, middle row 11) going
	 * right, %2 (rows 4-23) rather than %1 (rows 0-2).
	 */
	root = layout_create(PANE(0), 80, 24);
	split(root, 0, LAYOUT_LEFTRIGHT, -1, 0, 1);
	split(root, 1, LAYOUT_TOPBOTTOM, 20, 0, 2);
	assert_layout(root, "fd1a,80x24,0,0{40x24,0,0,0,39x24,41,0[39x3,41,0,"
	    "1,39x20,41,4,2]}");
	assert_ptr_equal(layout_neighbour(root, PANE(0), LAYOUT_DIR_RIGHT,
	    NULL), PANE(2));
	assert_ptr_equal(layout_neighbour(root, PANE(0), LAYOUT_DIR_LEFT,
	    NULL), PANE(2));
	layout_free(root);

	/* A single pane has no neighbour, even wrapping. */
	root = layout_create(PANE(0), 80, 24);
	assert_null(layout_neighbour(root, PANE(0), LAYOUT_DIR_LEFT, NULL));
	assert_null(layout_neighbour(root, PANE(0), LAYOUT_DIR_DOWN, NULL));
	layout_free(root);
}

/* swap-pane and the pane order list-panes shows after it. */
static void
test_swap_foreach(void **state)
{
	struct layout_cell	*root;
	struct pane_list	 pl;

	/* split-window -h; split-window -v; swap-pane -d -s %0 -t %2:
	 * list-panes shows %2 %1 %0 */
	root = three_panes();
	layout_swap(root, PANE(0), PANE(2));
	assert_layout(root, "587e,80x24,0,0{40x24,0,0,2,39x24,41,0[39x12,41,0,"
	    "1,39x11,41,13,0]}");
	pl = panes_of(root);
	assert_int_equal(pl.n, 3);
	assert_ptr_equal(pl.panes[0], PANE(2));
	assert_ptr_equal(pl.panes[1], PANE(1));
	assert_ptr_equal(pl.panes[2], PANE(0));

	/* Swapping with itself or a stranger changes nothing. */
	layout_swap(root, PANE(1), PANE(1));
	layout_swap(root, PANE(1), PANE(9));
	assert_layout(root, "587e,80x24,0,0{40x24,0,0,2,39x24,41,0[39x12,41,0,"
	    "1,39x11,41,13,0]}");
	layout_free(root);
}

/* Border cells and the panes on either side of them. */
static void
test_border_at(void **state)
{
	static const struct {
		unsigned int	x, y;
		int		border;
		int		left, right;	/* or above, below */
	} t[] = {
		{ 40, 5, 1, 0, 1 },	/* between %0 and %1 */
		{ 40, 12, 1, 0, 1 },	/* junction: the pane above, %1 */
		{ 40, 13, 1, 0, 2 },
		{ 40, 23, 1, 0, 2 },
		{ 41, 12, 1, 1, 2 },	/* between %1 and %2 */
		{ 79, 12, 1, 1, 2 },
		{ 0, 0, 0, -1, -1 },
		{ 39, 23, 0, -1, -1 },
		{ 41, 11, 0, -1, -1 },
		{ 79, 23, 0, -1, -1 },
		{ 80, 0, 0, -1, -1 },	/* outside */
		{ 0, 24, 0, -1, -1 },
	};
	struct layout_cell	*root, *adj[2];
	unsigned int		 i;

	/* split-window -h; split-window -v */
	root = three_panes();
	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		assert_int_equal(layout_border_at(root, t[i].x, t[i].y, adj),
		    t[i].border);
		if (t[i].left == -1) {
			assert_null(adj[0]);
			assert_null(adj[1]);
			continue;
		}
		assert_ptr_equal(adj[0]->pane, PANE(t[i].left));
		assert_ptr_equal(adj[1]->pane, PANE(t[i].right));
	}
	layout_free(root);

	root = layout_create(PANE(0), 3, 2);
	assert_int_equal(layout_border_at(root, 1, 1, adj), 0);
	assert_null(adj[0]);
	layout_free(root);
}

/*
 * Compare the border map of a 20x8 layout with active as the active pane:
 * 'G' for pane-active-border-style, 'R' other borders, '.' pane cells.
 */
static void
assert_border_map(struct layout_cell *root, unsigned int active,
    const char *const *rows)
{
	struct layout_cell	*adj[2];
	char			 line[64];
	unsigned int		 x, y;

	assert_int_equal(root->sx, 20);
	assert_int_equal(root->sy, 8);
	for (y = 0; y < 8; y++) {
		for (x = 0; x < 20; x++) {
			if (!layout_border_at(root, x, y, adj))
				line[x] = '.';
			else if (layout_border_active(root, x, y,
			    PANE(active)))
				line[x] = 'G';
			else
				line[x] = 'R';
		}
		line[20] = '\0';
		assert_string_equal(line, rows[y]);
	}
}

/*
 * Which border cells tmux 3.3a draws in pane-active-border-style. Taken
 * from an inner tmux (new -d -x 20 -y 8; status off; pane-border-style
 * fg=red; pane-active-border-style fg=green) attached inside an outer 20x8
 * tmux, read with the outer's capture-pane -e, for each active pane.
 */
static void
test_border_active(void **state)
{
	static const char *const lr0[] = {
		"..........G.........", "..........G.........",
		"..........G.........", "..........G.........",
		"..........G.........", "..........R.........",
		"..........R.........", "..........R.........",
	};
	static const char *const lr1[] = {
		"..........R.........", "..........R.........",
		"..........R.........", "..........R.........",
		"..........R.........", "..........G.........",
		"..........G.........", "..........G.........",
	};
	static const char *const tb0[] = {
		"....................", "....................",
		"....................", "....................",
		"GGGGGGGGGGGRRRRRRRRR", "....................",
		"....................", "....................",
	};
	static const char *const tb1[] = {
		"....................", "....................",
		"....................", "....................",
		"RRRRRRRRRRRGGGGGGGGG", "....................",
		"....................", "....................",
	};
	static const char *const three0[] = {
		"..........G.........", "..........G.........",
		"..........G.........", "..........G.........",
		"..........GRRRRRRRRR", "..........G.........",
		"..........G.........", "..........G.........",
	};
	static const char *const three1[] = {
		"..........G.........", "..........G.........",
		"..........G.........", "..........G.........",
		"..........GGGGGGGGGG", "..........R.........",
		"..........R.........", "..........R.........",
	};
	static const char *const three2[] = {
		"..........R.........", "..........R.........",
		"..........R.........", "..........R.........",
		"..........GGGGGGGGGG", "..........G.........",
		"..........G.........", "..........G.........",
	};
	static const char *const four0[] = {
		"..........G.........", "..........G.........",
		"..........G.........", "..........G.........",
		"GGGGGGGGGGGRRRRRRRRR", "...............R....",
		"...............R....", "...............R....",
	};
	static const char *const four1[] = {
		"..........R.........", "..........R.........",
		"..........R.........", "..........R.........",
		"GGGGGGGGGGGGGGGGRRRR", "...............G....",
		"...............G....", "...............G....",
	};
	static const char *const four2[] = {
		"..........G.........", "..........G.........",
		"..........G.........", "..........G.........",
		"RRRRRRRRRRGGGGGGGGGG", "...............R....",
		"...............R....", "...............R....",
	};
	static const char *const four3[] = {
		"..........R.........", "..........R.........",
		"..........R.........", "..........R.........",
		"RRRRRRRRRRRRRRRGGGGG", "...............G....",
		"...............G....", "...............G....",
	};
	static const char *const tiled0[] = {
		"......G......R......", "......G......R......",
		"GGGGGGGRRRRRRRRRRRRR", "......R......R......",
		"......R......R......", "RRRRRRRRRRRRRRRRRRRR",
		"......R......R......", "......R......R......",
	};
	static const char *const tiled4[] = {
		"......R......R......", "......R......R......",
		"RRRRRRGGGGGGGGRRRRRR", "......G......G......",
		"......G......G......", "RRRRRRGGGGGGGGRRRRRR",
		"......R......R......", "......R......R......",
	};
	struct layout_cell	*root;
	void			*panes[9];
	unsigned int		 i;

	/* split-window -h: each pane colours its half of the border */
	root = layout_create(PANE(0), 20, 8);
	split(root, 0, LAYOUT_LEFTRIGHT, -1, 0, 1);
	assert_border_map(root, 0, lr0);
	assert_border_map(root, 1, lr1);
	layout_free(root);

	/* split-window -v */
	root = layout_create(PANE(0), 20, 8);
	split(root, 0, LAYOUT_TOPBOTTOM, -1, 0, 1);
	assert_border_map(root, 0, tb0);
	assert_border_map(root, 1, tb1);
	layout_free(root);

	/* split-window -h; split-window -v: whole frames, corners included */
	root = layout_create(PANE(0), 20, 8);
	split(root, 0, LAYOUT_LEFTRIGHT, -1, 0, 1);
	split(root, 1, LAYOUT_TOPBOTTOM, -1, 0, 2);
	assert_border_map(root, 0, three0);
	assert_border_map(root, 1, three1);
	assert_border_map(root, 2, three2);
	layout_free(root);

	/* split-window -v; split-window -h -t %0;
	 * split-window -h -l 4 -t %1 */
	root = layout_create(PANE(0), 20, 8);
	split(root, 0, LAYOUT_TOPBOTTOM, -1, 0, 1);
	split(root, 0, LAYOUT_LEFTRIGHT, -1, 0, 2);
	split(root, 1, LAYOUT_LEFTRIGHT, 4, 0, 3);
	assert_border_map(root, 0, four0);
	assert_border_map(root, 1, four1);
	assert_border_map(root, 2, four2);
	assert_border_map(root, 3, four3);
	layout_free(root);

	/* (split-window -h; select-layout tiled) x8 */
	for (i = 0; i < 9; i++)
		panes[i] = PANE(i);
	root = layout_create(PANE(0), 20, 8);
	root = layout_preset(root, LAYOUT_TILED, panes, 9, 20, 8);
	assert_layout(root, "fbb1,20x8,0,0[20x2,0,0{6x2,0,0,0,6x2,7,0,1,6x2,14,"
	    "0,2},20x2,0,3{6x2,0,3,3,6x2,7,3,4,6x2,14,3,5},20x2,0,6{6x2,0,6,6,"
	    "6x2,7,6,7,6x2,14,6,8}]");
	assert_border_map(root, 0, tiled0);
	assert_border_map(root, 4, tiled4);
	assert_int_equal(layout_border_active(root, 3, 3, PANE(4)), 0);
	assert_int_equal(layout_border_active(root, 6, 0, PANE(42)), 0);
	layout_free(root);
}

/*
 * Random command sequences run through tmux 3.3a and through mux, with
 * the final #{window_layout} tmux printed. Steps, each on pane %N:
 * sNhS[b] / sNvS[b] split-window -h/-v [-b] [-l S] (S -1: no -l); fhS[b]
 * / fvS[b] the same with -f (the whole window, no target); kN
 * kill-pane; wWxH resize-window; rNdM resize-pane -L/-R/-U/-D M; xN:M,
 * yN:M resize-pane -x/-y M; p:NAME select-layout; SA,B swap-pane -d
 * -s %A -t %B. A split tmux refuses is refused here too and takes no id.
 */
static const struct {
	unsigned int	 sx, sy;
	const char	*script;
	const char	*expected;
} replay_tests[] = {
	/* seed 11, 1 refused */
	{ 120, 40,
	  "s0h-1 k0 s1v0 r1L2 s2v7 w164x19 k1 s2v3b r2L4 w28x26 s3h-1 s4v29b "
	  "s4h-1b s5h-1 s2h-1b w188x50 s6v-1 s6h-1b S5,3 S10,8 s4h-1 s2v-1b "
	  "r7D36 s6h-1 r7R24 p:tiled s5v-1 r13U26 y11:37 w185x5",
	  "f6a1,185x9,0,0[185x3,0,0{61x3,0,0[61x1,0,0,5,61x1,0,2,14],61x3,62,"
	  "0,3,61x3,124,0,7},185x1,0,4{61x1,0,4,8,61x1,62,4,6,61x1,124,4,13},"
	  "185x1,0,6{61x1,0,6,9,61x1,62,6,4,61x1,124,6,11},185x1,0,8{61x1,0,8"
	  ",10,61x1,62,8,12,61x1,124,8,2}]" },
	/* seed 23, 2 refused */
	{ 30, 24,
	  "s0h9 s1h1 s0v22b x0:75 s1v-1b w209x31 s0h-1b r1R37 s1v-1b x0:47 "
	  "p:tiled s5v3 s0v25 p:tiled s3h12b s7h-1b r0L24 k9 s0h14 s6h1b "
	  "s11v5 p:main-vertical s0v1b s5h-1 s14h-1b w139x8 s12v17 s14h0 "
	  "r6L26 r2R33",
	  "0e0f,139x23,0,0{52x23,0,0,3,86x23,53,0[86x1,53,0{27x1,53,0,5,29x1,"
	  "81,0,15,26x1,111,0,14,1x1,138,0,16},86x1,53,2,10,86x1,53,4,7,86x1,"
	  "53,6,0,86x1,53,8,11,86x1,53,10,13,86x1,53,12,8,86x1,53,14,4,86x1,5"
	  "3,16,12,86x1,53,18,6,86x1,53,20,1,86x1,53,22,2]}" },
	/* seed 37, 1 refused */
	{ 80, 24,
	  "s0v3b p:main-vertical k1 s0v-1 y0:8 s0h-1b s3v-1 w78x40 s4h8b "
	  "w13x29 k2 r4R5 k5 s3h-1 y4:3 w140x57 s0h-1b s6v-1b s3h-1 r4D22 "
	  "r8L34 r9U40 s4v-1 s10h-1b k9 p:tiled w43x42 y8:83 s10v-1 k6",
	  "d726,43x42,0,0[43x38,0,0{13x38,0,0,3,29x38,14,0,8},43x1,0,39{13x1,"
	  "0,39,4,14x1,14,39,11,14x1,29,39,10},43x1,0,41{1x1,0,41,7,41x1,2,41"
	  ",0}]" },
	/* seed 42, 2 refused */
	{ 80, 24,
	  "s0h-1b s1h-1b s2v-1b s3v-1 s1h-1b s4h2 r0U5 p:even-horizontal "
	  "s6v-1 r4R34 r6D24 s3h-1 y5:8 s1v-1b s1v1b p:main-vertical s3h-1 "
	  "r1D38 s6h3 r9U21 s3v13 w28x56 r10R9 s6v0 s3h-1 s10h0 r7R16 w156x28 "
	  "S0,7 r9R19",
	  "73cc,156x28,0,0{46x28,0,0[46x12,0,0{44x12,0,0,3,1x12,45,0,14},46x1"
	  "5,0,13,12],84x28,47,0,11,24x28,132,0[24x2,132,0,8,24x2,132,3,4,24x"
	  "1,132,6,6,24x1,132,8,13,24x1,132,10,0,24x1,132,12,2,24x1,132,14,5,"
	  "24x1,132,16,9,24x1,132,18,10,24x6,132,20,1,24x1,132,27,7]}" },
	/* seed 58, 0 refused */
	{ 200, 50,
	  "s0v-1b s0v9 s0v-1b s1h-1b s1h-1b s1v-1 k2 r1U37 s6h-1 k7 s0v29b "
	  "r6U31 s4h-1 s9h1 k0 p:main-horizontal r6U32 s10h-1 r1D6 r3R13 "
	  "r11L2 s6v-1b s3v-1b k12 s10h3 p:main-vertical r4R6 w161x16 s1h-1 "
	  "s1h-1b",
	  "8afd,161x19,0,0{66x19,0,0,4,94x19,67,0[94x1,67,0,9,94x1,67,2,10,94"
	  "x1,67,4,14,94x1,67,6,11,94x1,67,8,5,94x1,67,10{23x1,67,10,16,23x1,"
	  "91,10,1,46x1,115,10,15},94x1,67,12,6,94x1,67,14,13,94x1,67,16,3,94"
	  "x1,67,18,8]}" },
	/* seed 71, 1 refused */
	{ 30, 24,
	  "s0h-1 w130x2 y1:97 s1h-1b r0R20 p:main-vertical k0 S2,1 w40x16 "
	  "y2:74 s1h11 s3v9b s2h-1 w122x35 s1h-1 k4 x3:34 p:even-horizontal "
	  "k2 s3v-1b y3:39 s3v2 S3,5 k7 w173x19 r1D27 s3v2b w13x19 s5v-1 "
	  "y6:52",
	  "afbc,13x19,0,0{1x19,0,0,1,1x19,2,0[1x2,2,0,8,1x16,2,3,3],9x19,4,0["
	  "9x15,4,0,6,9x1,4,16,5,9x1,4,18,9]}" },
	/* seed 101, 4 refused, with split-window -f */
	{ 200, 10,
	  "s0v1b r1U28 s0v-1 k0 s1h25b k3 s2v-1 k2 r4L29 s4v-1 s4h-1b s4v-1 "
	  "k4 fh1 s6v2 r7R11 p:even-vertical r7R5 S6,5 fh1 s5h-1b k5 s1v-1 "
	  "s7h3b s7v-1b s7v-1b k1 r7L13 s6v-1 k7",
	  "1145,200x10,0,0{198x10,0,0[198x1,0,0,6,198x1,0,2,12,198x1,0,"
	  "4,9,198x4,0,6{1x4,0,6,10,196x4,2,6,11}],1x10,199,0,8}" },
	/* seed 202, 2 refused, with split-window -f */
	{ 120, 40,
	  "s0v6b p:even-horizontal p:main-horizontal s0v15 k2 r1R16 k0 s1v-1b "
	  "s1h-1 r4R27 S1,4 s3v9 w203x25 fv-1 s3h-1b s5h3b p:even-vertical "
	  "s1h-1 r6R28 s6v-1 s8h1 y3:49 s1v-1 p:main-horizontal r9R14 x9:9 "
	  "s6h-1 s6v-1b w125x24 fv-1b",
	  "3d20,125x24,0,0[125x12,0,0,13,125x9,0,13,7,125x1,0,23{13x1,0"
	  ",23,3,13x1,14,23,8,13x1,28,23,11,13x1,42,23,5,13x1,56,23,4,1"
	  "3x1,70,23,1,1x1,84,23,9,8x1,86,23,6,9x1,95,23,12,20x1,105,23"
	  ",10}]" },
	/* seed 303, 2 refused, with split-window -f */
	{ 80, 50,
	  "s0v0 k0 s1v0 k1 s2h-1 fv1 r4U33 S4,2 p:main-horizontal x2:100 "
	  "x3:82 S3,4 s2h-1b s4h-1 S3,5 k5 fh-1 s2h-1 r4D32 s6v-1 s6v2 k7 k4 "
	  "w76x57 fh2b w125x35 r2R9 y2:82 fv-1b s3v-1",
	  "7d17,125x35,0,0[125x17,0,0,10,125x17,0,18{15x17,0,18,9,46x17"
	  ",16,18[46x8,16,18,3,46x8,16,27,11],22x17,63,18,2,39x17,86,18"
	  "[39x7,86,18,6,39x9,86,26,8]}]" },
};

/* The window the replays drive: its layout and the size it wants. */
struct replay {
	struct layout_cell	*root;
	unsigned int		 sx, sy;
	unsigned int		 next;
};

/* Run one step of a replay script. */
static void
replay_step(struct replay *r, const char *step)
{
	struct pane_list	 pl;
	enum layout_dir		 dir;
	unsigned int		 a, b, count;
	int			 size, used, preset;
	char			 c;

	pl = panes_of(r->root);
	count = pl.n;
	if (sscanf(step, "s%u%c%d%n", &a, &c, &size, &used) == 3) {
		if (layout_split(r->root, PANE(a), c == 'h' ?
		    LAYOUT_LEFTRIGHT : LAYOUT_TOPBOTTOM, size,
		    step[used] == 'b', PANE(r->next)) != NULL) {
			r->next++;
			count++;
		}
	} else if (sscanf(step, "f%c%d%n", &c, &size, &used) == 2) {
		if (layout_split(r->root, NULL, c == 'h' ? LAYOUT_LEFTRIGHT :
		    LAYOUT_TOPBOTTOM, size, step[used] == 'b',
		    PANE(r->next)) != NULL) {
			r->next++;
			count++;
		}
	} else if (sscanf(step, "k%u", &a) == 1) {
		r->root = layout_remove(r->root, PANE(a));
		count--;
	} else if (sscanf(step, "w%ux%u", &a, &b) == 2) {
		r->sx = a;
		r->sy = b;
	} else if (sscanf(step, "r%u%c%d", &a, &c, &size) == 3) {
		dir = c == 'L' ? LAYOUT_DIR_LEFT : c == 'R' ? LAYOUT_DIR_RIGHT :
		    c == 'U' ? LAYOUT_DIR_UP : LAYOUT_DIR_DOWN;
		layout_resize_pane(r->root, PANE(a), dir, size);
	} else if (sscanf(step, "x%u:%u", &a, &b) == 2)
		layout_set_pane_size(r->root, PANE(a), LAYOUT_LEFTRIGHT, b);
	else if (sscanf(step, "y%u:%u", &a, &b) == 2)
		layout_set_pane_size(r->root, PANE(a), LAYOUT_TOPBOTTOM, b);
	else if (strncmp(step, "p:", 2) == 0) {
		preset = layout_preset_find(step + 2);
		assert_true(preset >= 0);
		r->root = layout_preset(r->root, preset, pl.panes, pl.n,
		    r->root->sx, r->root->sy);
	} else if (sscanf(step, "S%u,%u", &a, &b) == 2)
		layout_swap(r->root, PANE(a), PANE(b));
	else
		fail_msg("bad step %s", step);

	/* The window re-fits its layout to the size it wants. */
	layout_resize(r->root, r->sx, r->sy);
	check_layout(r->root);
	pl = panes_of(r->root);
	assert_int_equal(pl.n, count);
}

/* Replay each script and compare with tmux's final layout. */
static void
test_replay(void **state)
{
	struct replay	 r;
	char		*script, *step, *last;
	char		*s;
	unsigned int	 i;

	for (i = 0; i < sizeof replay_tests / sizeof replay_tests[0]; i++) {
		r.sx = replay_tests[i].sx;
		r.sy = replay_tests[i].sy;
		r.root = layout_create(PANE(0), r.sx, r.sy);
		r.next = 1;
		script = strdup(replay_tests[i].script);
		assert_non_null(script);
		for (step = strtok_r(script, " ", &last); step != NULL;
		    step = strtok_r(NULL, " ", &last))
			replay_step(&r, step);
		free(script);
		s = layout_dump(r.root, pane_id);
		assert_string_equal(s, replay_tests[i].expected);
		free(s);
		layout_free(r.root);
	}
}

/* A small deterministic generator for the random sequences. */
static unsigned int
rnd(unsigned long *seed, unsigned int n)
{
	*seed = *seed * 6364136223846793005UL + 1442695040888963407UL;
	return ((unsigned int)(*seed >> 33) % n);
}

/* Smallest size of lc along type: 1 per pane plus the borders. */
static unsigned int
min_size(struct layout_cell *lc, enum layout_type type)
{
	struct layout_cell	*child;
	unsigned int		 total = 0, most = 0, n = 0, size;

	if (lc->type == LAYOUT_PANE)
		return (1);
	TAILQ_FOREACH(child, &lc->children, entry) {
		size = min_size(child, type);
		total += size;
		if (size > most)
			most = size;
		n++;
	}
	if (lc->type == type)
		return (total + n - 1);
	return (most);
}

/*
 * Random splits, removes, window and pane resizes, presets and swaps,
 * checking after each that the panes tile the window, that a refused
 * split really had no room, that resizing the window reaches the asked
 * size or the layout's minimum, and that pane moves keep the window size.
 */
static void
test_random_invariants(void **state)
{
	struct layout_cell	*root, *lc, *new;
	struct pane_list	 pl, other_pl;
	unsigned long		 seed;
	unsigned int		 run, step, sx, sy, want, next, i, pane, n;
	enum layout_type	 type;
	void			*other;
	char			*before, *after;
	int			 size, full;

	for (run = 0; run < 120; run++) {
		seed = run + 1;
		sx = 1 + rnd(&seed, 200);
		sy = 1 + rnd(&seed, 60);
		root = layout_create(PANE(0), sx, sy);
		next = 1;
		for (step = 0; step < 60; step++) {
			pl = panes_of(root);
			pane = pane_id(pl.panes[rnd(&seed, pl.n)]);
			sx = root->sx;
			sy = root->sy;
			switch (rnd(&seed, 8)) {
			case 0:
			case 1:
				if (next == NPANES)
					break;
				type = rnd(&seed, 2) ? LAYOUT_LEFTRIGHT :
				    LAYOUT_TOPBOTTOM;
				size = (int)rnd(&seed, 40) - 1;
				if (rnd(&seed, 2))
					size = -1;
				full = rnd(&seed, 6) == 0;
				if (full)
					lc = root;
				else
					lc = layout_find(root, PANE(pane));
				want = type == LAYOUT_LEFTRIGHT ? lc->sx :
				    lc->sy;
				before = layout_dump(root, pane_id);
				new = layout_split(root, full ? NULL :
				    PANE(pane), type, size, rnd(&seed, 2),
				    PANE(next));
				after = layout_dump(root, pane_id);
				if (new == NULL) {
					/* Refused: only for lack of room. */
					assert_true(full || want < 3);
					assert_string_equal(before, after);
				}
				free(before);
				free(after);
				if (new == NULL)
					break;
				assert_ptr_equal(layout_find(root, PANE(next)),
				    new);
				assert_int_equal(root->sx, sx);
				assert_int_equal(root->sy, sy);
				next++;
				break;
			case 2:
				if (pl.n == 1)
					break;
				root = layout_remove(root, PANE(pane));
				assert_null(layout_find(root, PANE(pane)));
				assert_int_equal(root->sx, sx);
				assert_int_equal(root->sy, sy);
				break;
			case 3:
				want = 1 + rnd(&seed, 220);
				i = 1 + rnd(&seed, 70);
				layout_resize(root, want, i);
				n = min_size(root, LAYOUT_LEFTRIGHT);
				assert_int_equal(root->sx, want > n ? want : n);
				n = min_size(root, LAYOUT_TOPBOTTOM);
				assert_int_equal(root->sy, i > n ? i : n);
				break;
			case 4:
				layout_resize_pane(root, PANE(pane),
				    rnd(&seed, 4), (int)rnd(&seed, 50));
				assert_int_equal(root->sx, sx);
				assert_int_equal(root->sy, sy);
				break;
			case 5:
				layout_set_pane_size(root, PANE(pane),
				    rnd(&seed, 2) ? LAYOUT_LEFTRIGHT :
				    LAYOUT_TOPBOTTOM, rnd(&seed, 120));
				assert_int_equal(root->sx, sx);
				assert_int_equal(root->sy, sy);
				break;
			case 6:
				root = layout_preset(root,
				    rnd(&seed, LAYOUT_NPRESETS), pl.panes, pl.n,
				    sx, sy);
				assert_true(root->sx >= sx && root->sy >= sy);
				other_pl = panes_of(root);
				assert_int_equal(other_pl.n, pl.n);
				for (i = 0; i < pl.n; i++) {
					assert_ptr_equal(other_pl.panes[i],
					    pl.panes[i]);
				}
				break;
			case 7:
				other = pl.panes[rnd(&seed, pl.n)];
				lc = layout_find(root, other);
				i = lc->xoff;
				n = lc->yoff;
				layout_swap(root, PANE(pane), other);
				lc = layout_find(root, PANE(pane));
				assert_int_equal(lc->xoff, i);
				assert_int_equal(lc->yoff, n);
				break;
			}
			check_layout(root);
			pl = panes_of(root);
			for (i = 0; i < pl.n; i++) {
				other = layout_neighbour(root, pl.panes[i],
				    rnd(&seed, 4), NULL);
				assert_true(other != pl.panes[i]);
				if (other == NULL)
					continue;
				assert_non_null(layout_find(root, other));
			}
		}
		layout_free(root);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_create),
		cmocka_unit_test(test_split_half),
		cmocka_unit_test(test_split_size),
		cmocka_unit_test(test_split_sibling),
		cmocka_unit_test(test_split_no_space),
		cmocka_unit_test(test_split_full),
		cmocka_unit_test(test_remove),
		cmocka_unit_test(test_resize_window),
		cmocka_unit_test(test_resize_pane),
		cmocka_unit_test(test_resize_pane_nested),
		cmocka_unit_test(test_set_pane_size),
		cmocka_unit_test(test_presets),
		cmocka_unit_test(test_preset_names),
		cmocka_unit_test(test_neighbour),
		cmocka_unit_test(test_swap_foreach),
		cmocka_unit_test(test_border_at),
		cmocka_unit_test(test_border_active),
		cmocka_unit_test(test_replay),
		cmocka_unit_test(test_random_invariants),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
