/*
 * layout-set: select-layout's presets (even-horizontal, even-vertical,
 * main-horizontal, main-vertical, tiled), built as tmux 3.3a builds them,
 * and their names.
 */
#include <stdlib.h>
#include <string.h>

#include "common/xmalloc.h"
#include "model/layout.h"
#include "model/layout-int.h"

/* main-pane-height and main-pane-width as tmux 3.3a sets them. */
#define LAYOUT_MAIN_HEIGHT	24
#define LAYOUT_MAIN_WIDTH	80

static const char *layout_preset_names[LAYOUT_NPRESETS] = {
	"even-horizontal",
	"even-vertical",
	"main-horizontal",
	"main-vertical",
	"tiled",
};

/*
 * Share parent's size evenly among its children, the last taking what is
 * left over (tmux's spread). Does nothing when each would get no cell.
 */
static void
layout_spread(struct layout_cell *parent)
{
	struct layout_cell	*child;
	unsigned int		 number = 0, size, each;

	TAILQ_FOREACH(child, &parent->children, entry)
		number++;
	if (number <= 1)
		return;
	size = layout_size(parent, parent->type);
	if (size < number - 1)
		return;
	if ((each = (size - (number - 1)) / number) == 0)
		return;
	TAILQ_FOREACH(child, &parent->children, entry) {
		if (TAILQ_NEXT(child, entry) == NULL)
			each = size - (each + 1) * (number - 1);
		layout_adjust(child, parent->type,
		    (int)each - (int)layout_size(child, parent->type));
	}
}

/* A new leaf for pane of sx x sy appended to parent. */
static struct layout_cell *
layout_add_leaf(struct layout_cell *parent, void *pane, unsigned int sx,
    unsigned int sy)
{
	struct layout_cell	*lc;

	lc = layout_new_cell(parent, LAYOUT_PANE);
	lc->pane = pane;
	lc->sx = sx;
	lc->sy = sy;
	if (parent != NULL)
		TAILQ_INSERT_TAIL(&parent->children, lc, entry);
	return (lc);
}

/* even-horizontal (LEFTRIGHT) and even-vertical (TOPBOTTOM). */
static struct layout_cell *
layout_preset_even(enum layout_type type, void **panes, unsigned int n,
    unsigned int sx, unsigned int sy)
{
	struct layout_cell	*root;
	unsigned int		 i, need;

	need = n * (LAYOUT_MINIMUM + 1) - 1;
	root = layout_new_cell(NULL, type);
	root->sx = sx;
	root->sy = sy;
	if (layout_size(root, type) < need)
		layout_set_size(root, type, need);
	for (i = 0; i < n; i++)
		layout_add_leaf(root, panes[i], sx, sy);
	layout_spread(root);
	return (root);
}

/*
 * main-horizontal (type TOPBOTTOM: the main pane on top, the others in a
 * row below) and main-vertical (LEFTRIGHT: main on the left, the others in
 * a column). The main pane is 24 rows or 80 columns, cut so the others
 * keep one cell; the others share what remains.
 */
/* A main-pane size option: "N" or "N%" of avail, in [0, avail]; -1 if
 * missing or not a size. */
static long
layout_parse_size(const char *s, unsigned int avail)
{
	char		*end;
	unsigned long	 n;

	if (s == NULL || *s < '0' || *s > '9')
		return (-1);
	n = strtoul(s, &end, 10);
	if (end[0] == '%' && end[1] == '\0') {
		if (n > 100)
			return (-1);
		return ((long)(avail * n / 100));
	}
	if (*end != '\0' || n > avail)
		return (-1);
	return ((long)n);
}

static struct layout_cell *
layout_preset_main(enum layout_type type, void **panes, unsigned int n,
    unsigned int sx, unsigned int sy, const struct layout_main_sizes *ms)
{
	enum layout_type	 across;
	struct layout_cell	*root, *lcmain, *other;
	unsigned int		 avail, mainsz, othersz, width, i;
	long			 size;

	across = type == LAYOUT_TOPBOTTOM ? LAYOUT_LEFTRIGHT : LAYOUT_TOPBOTTOM;
	n--;

	/* Along type: the main pane, a border, the others. */
	avail = (type == LAYOUT_TOPBOTTOM ? sy : sx) - 1;
	size = layout_parse_size(ms == NULL ? NULL : type == LAYOUT_TOPBOTTOM ?
	    ms->main_height : ms->main_width, avail);
	if (size >= 0)
		mainsz = size;
	else
		mainsz = type == LAYOUT_TOPBOTTOM ? LAYOUT_MAIN_HEIGHT :
		    LAYOUT_MAIN_WIDTH;
	if (mainsz + LAYOUT_MINIMUM >= avail) {
		if (avail <= LAYOUT_MINIMUM + LAYOUT_MINIMUM)
			mainsz = LAYOUT_MINIMUM;
		else
			mainsz = avail - LAYOUT_MINIMUM;
		othersz = LAYOUT_MINIMUM;
	} else {
		/* other-pane-*, when set and it fits, sizes the main pane
		 * from the other end (tmux). */
		size = layout_parse_size(ms == NULL ? NULL :
		    type == LAYOUT_TOPBOTTOM ? ms->other_height :
		    ms->other_width, avail);
		if (size <= 0 || avail - size < mainsz)
			othersz = avail - mainsz;
		else {
			othersz = size;
			mainsz = avail - othersz;
		}
	}

	/* Across: wide enough for every other pane. */
	width = type == LAYOUT_TOPBOTTOM ? sx : sy;
	if (width < n * (LAYOUT_MINIMUM + 1) - 1)
		width = n * (LAYOUT_MINIMUM + 1) - 1;

	root = layout_new_cell(NULL, type);
	layout_set_size(root, type, mainsz + othersz + 1);
	layout_set_size(root, across, width);

	lcmain = layout_add_leaf(root, panes[0], 0, 0);
	layout_set_size(lcmain, type, mainsz);
	layout_set_size(lcmain, across, width);

	if (n == 1)
		other = layout_add_leaf(root, panes[1], 0, 0);
	else {
		other = layout_new_cell(root, across);
		TAILQ_INSERT_TAIL(&root->children, other, entry);
		for (i = 1; i <= n; i++) {
			if (type == LAYOUT_TOPBOTTOM) {
				layout_add_leaf(other, panes[i],
				    LAYOUT_MINIMUM, othersz);
			} else {
				layout_add_leaf(other, panes[i], othersz,
				    LAYOUT_MINIMUM);
			}
		}
	}
	layout_set_size(other, type, othersz);
	layout_set_size(other, across, width);
	if (n != 1)
		layout_spread(other);
	return (root);
}

/*
 * tiled: rows and columns as square as possible (rows grow first), equal
 * sizes with the last column of each row and the last row taking what is
 * left; a last row with one pane is that pane alone. When the window is
 * narrower than the columns need, tmux 3.3a leaves its rows narrower than
 * their panes; here the rows are as wide as the (bigger) root instead.
 */
static struct layout_cell *
layout_preset_tiled(void **panes, unsigned int n, unsigned int sx,
    unsigned int sy)
{
	struct layout_cell	*root, *row;
	unsigned int		 rows, columns, width, height, used;
	unsigned int		 i, j, k;

	rows = columns = 1;
	while (rows * columns < n) {
		rows++;
		if (rows * columns < n)
			columns++;
	}
	width = LAYOUT_MINIMUM;
	if (sx >= columns - 1 && (sx - (columns - 1)) / columns > width)
		width = (sx - (columns - 1)) / columns;
	height = LAYOUT_MINIMUM;
	if (sy >= rows - 1 && (sy - (rows - 1)) / rows > height)
		height = (sy - (rows - 1)) / rows;

	root = layout_new_cell(NULL, LAYOUT_TOPBOTTOM);
	root->sx = (width + 1) * columns - 1;
	if (root->sx < sx)
		root->sx = sx;
	root->sy = (height + 1) * rows - 1;
	if (root->sy < sy)
		root->sy = sy;

	k = 0;
	for (j = 0; j < rows && k < n; j++) {
		if (n - k == 1 || columns == 1) {
			layout_add_leaf(root, panes[k++], root->sx, height);
			continue;
		}
		row = layout_new_cell(root, LAYOUT_LEFTRIGHT);
		row->sx = root->sx;
		row->sy = height;
		TAILQ_INSERT_TAIL(&root->children, row, entry);
		for (i = 0; i < columns && k < n; i++)
			layout_add_leaf(row, panes[k++], width, height);

		/* The last in the row takes the rest of the width. */
		used = i * (width + 1) - 1;
		if (root->sx > used) {
			layout_adjust(layout_last(row), LAYOUT_LEFTRIGHT,
			    (int)(root->sx - used));
		}
	}

	/* The last row takes the rest of the height. */
	used = rows * height + rows - 1;
	if (sy > used) {
		layout_adjust(layout_last(root), LAYOUT_TOPBOTTOM,
		    (int)(sy - used));
	}
	return (root);
}

/*
 * select-layout: replace root with a preset for panes[0..n) in a window of
 * sx x sy. The new root may be bigger than the window when the panes do not
 * fit (tmux grows the window then). With no panes root is returned as it
 * is; one pane fills the window.
 */
struct layout_cell *
layout_preset(struct layout_cell *root, enum layout_preset preset,
    void **panes, unsigned int n, unsigned int sx, unsigned int sy)
{
	return (layout_preset_sized(root, preset, panes, n, sx, sy, NULL));
}

struct layout_cell *
layout_preset_sized(struct layout_cell *root, enum layout_preset preset,
    void **panes, unsigned int n, unsigned int sx, unsigned int sy,
    const struct layout_main_sizes *ms)
{
	struct layout_cell	*new;

	if (n == 0)
		return (root);
	if (sx < LAYOUT_MINIMUM)
		sx = LAYOUT_MINIMUM;
	if (sy < LAYOUT_MINIMUM)
		sy = LAYOUT_MINIMUM;
	if (n == 1)
		new = layout_create(panes[0], sx, sy);
	else {
		switch (preset) {
		case LAYOUT_EVEN_HORIZONTAL:
			new = layout_preset_even(LAYOUT_LEFTRIGHT, panes, n,
			    sx, sy);
			break;
		case LAYOUT_EVEN_VERTICAL:
			new = layout_preset_even(LAYOUT_TOPBOTTOM, panes, n,
			    sx, sy);
			break;
		case LAYOUT_MAIN_HORIZONTAL:
			new = layout_preset_main(LAYOUT_TOPBOTTOM, panes, n,
			    sx, sy, ms);
			break;
		case LAYOUT_MAIN_VERTICAL:
			new = layout_preset_main(LAYOUT_LEFTRIGHT, panes, n,
			    sx, sy, ms);
			break;
		case LAYOUT_TILED:
			new = layout_preset_tiled(panes, n, sx, sy);
			break;
		default:
			return (root);
		}
	}
	layout_fix_offsets(new);
	layout_free(root);
	return (new);
}

/* The name select-layout uses for a preset. */
const char *
layout_preset_name(enum layout_preset preset)
{
	if ((unsigned int)preset >= LAYOUT_NPRESETS)
		return (NULL);
	return (layout_preset_names[preset]);
}

/* A preset by exact name, else by unique prefix as tmux allows; or -1. */
int
layout_preset_find(const char *name)
{
	unsigned int	i;
	int		found = -1;
	size_t		len = strlen(name);

	for (i = 0; i < LAYOUT_NPRESETS; i++) {
		if (strcmp(layout_preset_names[i], name) == 0)
			return ((int)i);
	}
	for (i = 0; i < LAYOUT_NPRESETS; i++) {
		if (strncmp(layout_preset_names[i], name, len) != 0)
			continue;
		if (found != -1)
			return (-1);
		found = (int)i;
	}
	return (found);
}
