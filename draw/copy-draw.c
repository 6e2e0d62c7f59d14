/*
 * Copy mode drawing (see copy.h): a view row with the selection, search
 * matches, the mark and the position indicator. Its format variables are
 * copy mode's own (copy/copy-format.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"
#include "common/xmalloc.h"
#include "copy/copy-int.h"
#include "model/style.h"

/*
 * Drawing.
 */

/* A style option made into a cell (colours and attributes). */
static struct cell
copy_style(const struct copy_mode *cm, const char *name)
{
	struct cell	c = CELL_BLANK;

	style_apply(&c, copy_option(cm, name));
	return (c);
}

/* Give cell c the colours and attributes of style s. */
static void
copy_restyle(struct cell *c, const struct cell *s)
{
	c->fg = s->fg;
	c->bg = s->bg;
	c->attr = s->attr;
}

/* Is view cell at in the match the cursor is on? */
static int
copy_in_current(struct copy_mode *cm, unsigned int at)
{
	unsigned int	lo, hi;

	return (copy_current_match(cm, &lo, &hi) && at >= lo && at <= hi);
}

/* The position indicator: "[oy/hsize]", with the match count after a
 * search. */
static void
copy_draw_position(struct copy_mode *cm, struct cell *out, unsigned int n)
{
	struct cell	style = copy_style(cm, "mode-style");
	char		hdr[128];
	size_t		size, i;
	unsigned int	x0;

	if (cm->marks_on && cm->searchcount != -1) {
		snprintf(hdr, sizeof hdr, "(%d%s results) [%u/%u]",
		    cm->searchcount, cm->searchmore ? "+" : "", cm->oy,
		    copy_hsize(cm));
	} else
		snprintf(hdr, sizeof hdr, "[%u/%u]", cm->oy, copy_hsize(cm));
	size = strlen(hdr);
	if (size > cm->sx)
		size = cm->sx;
	x0 = cm->sx - size;
	if (x0 > 0 && x0 < n && out[x0].width == 0)
		out[x0 - 1] = CELL_BLANK;	/* a cut wide character */
	for (i = 0; i < size; i++) {
		if (x0 + i >= n)
			break;
		out[x0 + i] = style;
		out[x0 + i].ch = (unsigned char)hdr[i];
		out[x0 + i].width = 1;
	}
}

void
copy_draw_line(struct copy_mode *cm, unsigned int y, struct cell *out,
    unsigned int n)
{
	const struct copy_line	*cl;
	struct cell		 sel, match, current, mark;
	unsigned int		 x, py, at;
	int			 vi;

	copy_check_size(cm);
	if (y >= cm->sy)
		return;
	py = copy_top(cm) + y;
	cl = copy_get(cm, py);
	for (x = 0; x < n; x++)
		out[x] = x < cm->sx ? cl->cells[x] : CELL_BLANK;

	vi = copy_vi(cm);
	sel = copy_style(cm, "mode-style");
	match = copy_style(cm, "copy-mode-match-style");
	current = copy_style(cm, "copy-mode-current-match-style");
	mark = copy_style(cm, "copy-mode-mark-style");
	for (x = 0; x < n && x < cm->sx; x++) {
		if (out[x].width == 0 && x > 0) {
			copy_restyle(&out[x], &out[x - 1]);
			continue;
		}
		if (cm->showmark && py == cm->my) {
			copy_restyle(&out[x], &mark);
			if (x == cm->mx) {
				out[x].fg = mark.bg;
				out[x].bg = mark.fg;
			}
		}
		if (cm->marks_on && copy_mark_at(cm, x, py, &at) &&
		    cm->marks[at] != 0) {
			if (copy_in_current(cm, at))
				copy_restyle(&out[x], &current);
			else
				copy_restyle(&out[x], &match);
		}
		if (copy_in_selection(cm, vi, x, py))
			copy_restyle(&out[x], &sel);
	}
	if (y == 0 && !cm->hide_position)
		copy_draw_position(cm, out, n);
}
