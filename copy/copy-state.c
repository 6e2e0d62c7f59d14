/*
 * copy-state: a pane's copy mode (or view mode) written out and read
 * back, for the live upgrade (server/upgrade.c holds the file format
 * around it): the snapshot it shows, its view and cursor, the selection,
 * the mark, the search and the last jump, so that after the upgrade the
 * user is where they were, with the same text selected. What is worked
 * out again, not carried: the line cache and the highlighted matches
 * (found again from the search string as the view is drawn).
 *
 * The record: u8 0 (no mode), or u8 1 then
 *   u32 src (copy-mode -s: source pane id + 1, 0 its own), u8 view, u32
 *   view_pad, view_lines, u32 sx, sy, oy, cx, cy, lastcx, lastsx, u8
 *   scroll_exit, hide_position
 *   u8 sel, u32 selx, sely, endselx, endsely, u8 drag, lineflag,
 *   selflag, rectflag, u32 selrx, selry, endselrx, endselry, dx, dy, u8
 *   has separators + str
 *   u32 mx, my, u8 showmark
 *   u8 searchtype, searchregex, searchdirection, u8 has searchstr + str,
 *   u8 lastregex, searchall, marks_on, u8 searchmore, i32 searchx,
 *   searchy, searcho
 *   u8 jumptype, u32 jumpchar, u8 pending, u32 prefix
 *   the snapshot (vt_state_put_history)
 *   the mode below it (a copy mode a view was opened over), the same way
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "common/proto.h"
#include "common/xmalloc.h"
#include "copy/copy-int.h"
#include "grid/history.h"
#include "grid/vt.h"
#include "model/window.h"

/* Most modes stacked (a view over a copy mode is two). */
#define COPY_STATE_DEPTH	4

static void
copy_state_put_str(struct pbuf *pb, const char *s)
{
	pw_u8(pb, s != NULL);
	pw_str(pb, s != NULL ? s : "");
}

static char *
copy_state_get_str(struct preader *pr)
{
	int	 has = pr_u8(pr);
	char	*s = pr_str(pr);

	if (s == NULL)
		pr->error = 1;
	if (!has || s == NULL) {
		free(s);
		return (NULL);
	}
	return (s);
}

void
copy_state_write(const struct copy_mode *cm, struct pbuf *pb)
{
	if (cm == NULL) {
		pw_u8(pb, 0);
		return;
	}
	pw_u8(pb, 1);
	pw_u32(pb, cm->src);
	pw_u8(pb, cm->view != 0);
	pw_u32(pb, cm->view_pad);
	pw_u32(pb, cm->view_lines);
	pw_u32(pb, cm->sx);
	pw_u32(pb, cm->sy);
	pw_u32(pb, cm->oy);
	pw_u32(pb, cm->cx);
	pw_u32(pb, cm->cy);
	pw_u32(pb, cm->lastcx);
	pw_u32(pb, cm->lastsx);
	pw_u8(pb, cm->scroll_exit != 0);
	pw_u8(pb, cm->hide_position != 0);

	pw_u8(pb, cm->sel != 0);
	pw_u32(pb, cm->selx);
	pw_u32(pb, cm->sely);
	pw_u32(pb, cm->endselx);
	pw_u32(pb, cm->endsely);
	pw_u8(pb, (uint8_t)cm->drag);
	pw_u8(pb, (uint8_t)cm->lineflag);
	pw_u8(pb, (uint8_t)cm->selflag);
	pw_u8(pb, cm->rectflag != 0);
	pw_u32(pb, cm->selrx);
	pw_u32(pb, cm->selry);
	pw_u32(pb, cm->endselrx);
	pw_u32(pb, cm->endselry);
	pw_u32(pb, cm->dx);
	pw_u32(pb, cm->dy);
	copy_state_put_str(pb, cm->separators);

	pw_u32(pb, cm->mx);
	pw_u32(pb, cm->my);
	pw_u8(pb, cm->showmark != 0);

	pw_u8(pb, (uint8_t)cm->searchtype);
	pw_u8(pb, cm->searchregex != 0);
	pw_u8(pb, cm->searchdirection != 0);
	copy_state_put_str(pb, cm->searchstr);
	pw_u8(pb, cm->lastregex != 0);
	pw_u8(pb, cm->searchall != 0);
	pw_u8(pb, cm->marks_on != 0);
	pw_u8(pb, cm->searchmore != 0);
	pw_u32(pb, (uint32_t)cm->searchx);
	pw_u32(pb, (uint32_t)cm->searchy);
	pw_u32(pb, (uint32_t)cm->searcho);

	pw_u8(pb, (uint8_t)cm->jumptype);
	pw_u32(pb, cm->jumpchar);
	pw_u8(pb, (uint8_t)cm->pending);
	pw_u32(pb, cm->prefix);

	vt_state_put_history(pb, cm->lines);
	copy_state_write(cm->below, pb);
}

/* Does what was read hold together (nothing indexes past the snapshot
 * or the view)? */
static int
copy_state_check(const struct copy_mode *cm)
{
	unsigned int	total = copy_total(cm);

	if (cm->sx == 0 || cm->sy == 0 || total < cm->sy ||
	    cm->sx > WINDOW_SIZE_MAX || cm->sy > WINDOW_SIZE_MAX)
		return (-1);
	if (cm->oy > total - cm->sy || cm->cy >= cm->sy ||
	    cm->cx > cm->sx || cm->view_pad > total)
		return (-1);
	if (cm->sely >= total || cm->endsely >= total || cm->my >= total ||
	    cm->selry >= total || cm->endselry >= total || cm->dy >= total)
		return (-1);
	if (cm->drag > COPY_DRAG_START ||
	    cm->lineflag > COPY_LINE_RIGHT_LEFT ||
	    cm->selflag > COPY_SEL_LINE ||
	    cm->searchtype > COPY_SEARCH_DOWN ||
	    cm->jumptype > COPY_JUMP_TO_BACKWARD ||
	    cm->pending > COPY_JUMP_TO_BACKWARD || cm->jumpchar > 0x10ffff)
		return (-1);
	return (0);
}

/* One mode of the stack, depth deep. */
static struct copy_mode *
copy_state_get(struct pane *p, struct preader *pr, unsigned int depth,
    int *error)
{
	struct copy_mode	*cm;
	unsigned int		 i;

	if (pr_u8(pr) == 0)
		return (NULL);
	if (depth >= COPY_STATE_DEPTH) {
		*error = 1;
		return (NULL);
	}
	cm = xcalloc(1, sizeof *cm);
	cm->pane = p;
	for (i = 0; i < COPY_CACHE; i++)
		cm->cache[i].y = UINT_MAX;
	cm->searchcount = -1;
	cm->src = pr_u32(pr);
	cm->view = pr_u8(pr);
	cm->view_pad = pr_u32(pr);
	cm->view_lines = pr_u32(pr);
	cm->sx = pr_u32(pr);
	cm->sy = pr_u32(pr);
	cm->oy = pr_u32(pr);
	cm->cx = pr_u32(pr);
	cm->cy = pr_u32(pr);
	cm->lastcx = pr_u32(pr);
	cm->lastsx = pr_u32(pr);
	cm->scroll_exit = pr_u8(pr);
	cm->hide_position = pr_u8(pr);

	cm->sel = pr_u8(pr);
	cm->selx = pr_u32(pr);
	cm->sely = pr_u32(pr);
	cm->endselx = pr_u32(pr);
	cm->endsely = pr_u32(pr);
	cm->drag = pr_u8(pr);
	cm->lineflag = pr_u8(pr);
	cm->selflag = pr_u8(pr);
	cm->rectflag = pr_u8(pr);
	cm->selrx = pr_u32(pr);
	cm->selry = pr_u32(pr);
	cm->endselrx = pr_u32(pr);
	cm->endselry = pr_u32(pr);
	cm->dx = pr_u32(pr);
	cm->dy = pr_u32(pr);
	cm->separators = copy_state_get_str(pr);

	cm->mx = pr_u32(pr);
	cm->my = pr_u32(pr);
	cm->showmark = pr_u8(pr);

	cm->searchtype = pr_u8(pr);
	cm->searchregex = pr_u8(pr);
	cm->searchdirection = pr_u8(pr);
	cm->searchstr = copy_state_get_str(pr);
	cm->lastregex = pr_u8(pr);
	cm->searchall = pr_u8(pr);
	cm->marks_on = pr_u8(pr);
	cm->searchmore = pr_u8(pr);
	cm->searchx = (int)pr_u32(pr);
	cm->searchy = (int)pr_u32(pr);
	cm->searcho = (int)pr_u32(pr);

	cm->jumptype = pr_u8(pr);
	cm->jumpchar = pr_u32(pr);
	cm->pending = pr_u8(pr);
	cm->prefix = pr_u32(pr);

	cm->lines = history_create(COPY_LIMIT);
	if (vt_state_get_history(pr, cm->lines) != 0 ||
	    copy_state_check(cm) != 0) {
		*error = 1;
		copy_free(cm);
		return (NULL);
	}
	cm->below = copy_state_get(p, pr, depth + 1, error);
	if (*error) {
		copy_free(cm);
		return (NULL);
	}
	return (cm);
}

int
copy_state_read(struct pane *p, struct preader *pr)
{
	struct copy_mode	*cm;
	int			 error = 0;

	cm = copy_state_get(p, pr, 0, &error);
	if (error || pr->error) {
		copy_free(cm);
		return (-1);
	}
	copy_set_mode(p, cm);
	if (cm != NULL) {
		copy_check_size(cm);
		copy_changed(cm);
	}
	return (0);
}
