/*
 * layout-parse: tmux's layout description back into a tree, the inverse
 * of layout_dump: "csum,WxH,X,Y" then ",ID" for a pane, or "{...}" (left
 * to right) / "[...]" (top to bottom) around the children, comma
 * separated. The checksum (four hex digits of the rest) must match, as
 * tmux insists, and the sizes must add up: children of a left-to-right
 * cell are as tall as it and their widths plus one border between each
 * make its width (and the same turned for top to bottom). The pane ids in
 * the text are not used: the leaves get the caller's panes in order.
 * select-layout reads it as tmux does (layout_parse_fit): a window with
 * fewer panes than the text has cells closes the bottom-right cells until
 * they match.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/xmalloc.h"
#include "model/layout.h"
#include "model/layout-int.h"

/* The cursor through the text. */
struct layout_parser {
	const char	*s;
	void		**panes;
	unsigned int	 npanes;
	unsigned int	 used;
	unsigned int	 depth;
};

/* Deeper than this is not a layout a window could hold. */
#define LAYOUT_PARSE_DEPTH	64

static struct layout_cell *layout_parse_cell(struct layout_parser *,
			      struct layout_cell *);

/* tmux's checksum of the text after "csum,". */
static unsigned int
layout_parse_checksum(const char *s)
{
	unsigned int	csum = 0;

	for (; *s != '\0'; s++) {
		csum = (csum >> 1) | ((csum & 1) << 15);
		csum = (csum + (unsigned char)*s) & 0xffff;
	}
	return (csum);
}

/* A decimal number (at most 5 digits: no window is larger). */
static int
layout_parse_number(struct layout_parser *lp, unsigned int *out)
{
	unsigned int	n = 0, digits = 0;

	while (*lp->s >= '0' && *lp->s <= '9') {
		if (++digits > 5)
			return (-1);
		n = n * 10 + (unsigned int)(*lp->s++ - '0');
	}
	if (digits == 0)
		return (-1);
	*out = n;
	return (0);
}

/* Free a partly built cell (its children were linked as they came). */
static void
layout_parse_free(struct layout_cell *lc)
{
	struct layout_cell	*child, *tmp;

	TAILQ_FOREACH_SAFE(child, &lc->children, entry, tmp) {
		TAILQ_REMOVE(&lc->children, child, entry);
		layout_parse_free(child);
	}
	free(lc);
}

/* Do the children of lc fill it exactly, with one border between each? */
static int
layout_parse_fits(const struct layout_cell *lc)
{
	const struct layout_cell	*child;
	unsigned int			 total = 0, n = 0;

	TAILQ_FOREACH(child, &lc->children, entry) {
		if (lc->type == LAYOUT_LEFTRIGHT) {
			if (child->sy != lc->sy)
				return (0);
			total += child->sx;
		} else {
			if (child->sx != lc->sx)
				return (0);
			total += child->sy;
		}
		n++;
	}
	if (n < 2)
		return (0);
	total += n - 1;
	return (total == (lc->type == LAYOUT_LEFTRIGHT ? lc->sx : lc->sy));
}

/* One cell and everything under it; NULL when the text is not a layout. */
static struct layout_cell *
layout_parse_cell(struct layout_parser *lp, struct layout_cell *parent)
{
	struct layout_cell	*lc, *child;
	unsigned int		 sx, sy, x, y, id;
	char			 close;

	if (++lp->depth > LAYOUT_PARSE_DEPTH)
		return (NULL);
	if (layout_parse_number(lp, &sx) != 0 || *lp->s++ != 'x' ||
	    layout_parse_number(lp, &sy) != 0 || *lp->s++ != ',' ||
	    layout_parse_number(lp, &x) != 0 || *lp->s++ != ',' ||
	    layout_parse_number(lp, &y) != 0)
		return (NULL);
	if (sx < LAYOUT_MINIMUM || sy < LAYOUT_MINIMUM)
		return (NULL);
	lc = layout_new_cell(parent, LAYOUT_PANE);
	lc->sx = sx;
	lc->sy = sy;
	lc->xoff = x;
	lc->yoff = y;
	if (*lp->s == ',') {
		lp->s++;
		if (layout_parse_number(lp, &id) != 0) {
			free(lc);
			return (NULL);
		}
		/* Counted past the panes given, for the caller's error. */
		if (lp->used < lp->npanes)
			lc->pane = lp->panes[lp->used];
		lp->used++;
		lp->depth--;
		return (lc);
	}
	if (*lp->s == '{') {
		lc->type = LAYOUT_LEFTRIGHT;
		close = '}';
	} else if (*lp->s == '[') {
		lc->type = LAYOUT_TOPBOTTOM;
		close = ']';
	} else {
		free(lc);
		return (NULL);
	}
	lp->s++;
	for (;;) {
		if ((child = layout_parse_cell(lp, lc)) == NULL) {
			layout_parse_free(lc);
			return (NULL);
		}
		TAILQ_INSERT_TAIL(&lc->children, child, entry);
		if (*lp->s == ',') {
			lp->s++;
			continue;
		}
		if (*lp->s++ != close || !layout_parse_fits(lc)) {
			layout_parse_free(lc);
			return (NULL);
		}
		break;
	}
	lp->depth--;
	return (lc);
}

/* The tree of text, with panes[0..npanes) in its first leaves and the
 * number of leaves in *cells; NULL with *cause (a heap string, tmux's
 * words when tmux_words is set) when the text is not a layout. */
static struct layout_cell *
layout_parse_tree(const char *text, void **panes, unsigned int npanes,
    unsigned int *cells, int tmux_words, char **cause)
{
	struct layout_parser	 lp;
	struct layout_cell	*root;
	unsigned int		 csum;
	char			*end;

	csum = (unsigned int)strtoul(text, &end, 16);
	if (end != text + 4 || *end != ',') {
		*cause = xasprintf("invalid layout: %s", text);
		return (NULL);
	}
	if (layout_parse_checksum(end + 1) != csum) {
		*cause = xasprintf(tmux_words ? "invalid layout: %s" :
		    "layout checksum mismatch: %s", text);
		return (NULL);
	}
	memset(&lp, 0, sizeof lp);
	lp.s = end + 1;
	lp.panes = panes;
	lp.npanes = npanes;
	root = layout_parse_cell(&lp, NULL);
	if (root == NULL || *lp.s != '\0') {
		if (root != NULL)
			layout_parse_free(root);
		*cause = xasprintf("invalid layout: %s", text);
		return (NULL);
	}
	root->xoff = root->yoff = 0;
	layout_fix_offsets(root);
	*cells = lp.used;
	return (root);
}

struct layout_cell *
layout_parse(const char *text, void **panes, unsigned int npanes,
    char **cause)
{
	struct layout_cell	*root;
	unsigned int		 cells;

	root = layout_parse_tree(text, panes, npanes, &cells, 0, cause);
	if (root != NULL && cells != npanes) {
		layout_parse_free(root);
		*cause = xasprintf("layout has %u panes, not %u: %s", cells,
		    npanes, text);
		return (NULL);
	}
	return (root);
}

/* Collect the leaves that got no pane (they come last). */
static void
layout_parse_spare(struct layout_cell *lc, void *arg)
{
	struct layout_cell	***next = arg;

	if (lc->pane == NULL)
		*(*next)++ = lc;
}

struct layout_cell *
layout_parse_fit(const char *text, void **panes, unsigned int npanes,
    char **cause)
{
	struct layout_cell	*root, **spare, **next;
	unsigned int		 cells, i;
	char			*marks;

	root = layout_parse_tree(text, panes, npanes, &cells, 1, cause);
	if (root == NULL)
		return (NULL);
	if (cells < npanes) {
		layout_parse_free(root);
		*cause = xasprintf("have %u panes but need %u: %s", npanes,
		    cells, text);
		return (NULL);
	}
	if (cells == npanes)
		return (root);

	/* Each spare leaf gets a mark of its own, so that layout_remove
	 * finds it; the last leaf is always the bottom-right one, and it
	 * goes first, as tmux closes them. */
	spare = next = xreallocarray(NULL, cells - npanes, sizeof *spare);
	marks = xmalloc(cells - npanes);
	layout_foreach(root, layout_parse_spare, &next);
	for (i = 0; i < cells - npanes; i++)
		spare[i]->pane = &marks[i];
	for (i = cells - npanes; i > 0; i--)
		root = layout_remove(root, &marks[i - 1]);
	free(marks);
	free(spare);
	return (root);
}
