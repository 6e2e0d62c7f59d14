/*
 * Copy mode selection (see copy.h): by character, word or line, or as a
 * rectangle, following the cursor; and the text a copy takes from it.
 */
#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"
#include "common/xmalloc.h"
#include "copy/copy-int.h"
#include "model/client.h"
#include "model/mouse.h"
#include "model/window.h"

/*
 * Selection. The start (selx, sely) stays where it began and the end
 * (endselx, endsely) follows the cursor, or the other way round after
 * other-end; both are absolute, so the view can move under them.
 */

/* Where previous-word would stop, without moving (word selection). */
static struct copy_pos
copy_previous_word_pos(struct copy_mode *cm, const char *seps)
{
	struct copy_pos	pos = copy_here(cm);

	copy_pos_previous_word(cm, &pos, seps, 0, 1);
	return (pos);
}

/* Move the end of the selection that follows the cursor (the start when
 * begin) to it, widened to whole words or lines when selecting so. */
static void
copy_sync_end(struct copy_mode *cm, int begin, int no_reset)
{
	const char	*seps = cm->separators != NULL ? cm->separators :
			    copy_option(cm, "word-separators");
	struct copy_pos	 pos;
	unsigned int	 xx = cm->cx, yy = copy_cursor_line(cm);

	switch (cm->selflag) {
	case COPY_SEL_WORD:
		if (no_reset)
			break;
		begin = 0;
		if (cm->dy > yy || (cm->dy == yy && cm->dx > xx)) {
			/* Selecting leftwards: from the word's start. */
			pos = copy_previous_word_pos(cm, seps);
			xx = pos.x;
			yy = pos.y;
			begin = 1;
			cm->endselx = cm->endselrx;
			cm->endsely = cm->endselry;
		} else {
			if (xx >= copy_length(cm, yy) ||
			    !copy_in_set(cm, xx + 1, yy, COPY_WHITESPACE)) {
				pos = copy_next_word_end_pos(cm, seps);
				xx = pos.x;
				yy = pos.y;
			}
			cm->selx = cm->selrx;
			cm->sely = cm->selry;
		}
		break;
	case COPY_SEL_LINE:
		if (no_reset)
			break;
		begin = 0;
		if (cm->dy > yy) {
			xx = 0;
			begin = 1;
			cm->endselx = cm->endselrx;
			cm->endsely = cm->endselry;
		} else {
			if (yy < cm->endselry)
				yy = cm->endselry;
			xx = copy_length(cm, yy);
			cm->selx = cm->selrx;
			cm->sely = cm->selry;
		}
		break;
	case COPY_SEL_CHAR:
		break;
	}
	if (begin) {
		cm->selx = xx;
		cm->sely = yy;
	} else {
		cm->endselx = xx;
		cm->endsely = yy;
	}
}

/* The cursor moved: the selection follows it. */
void
copy_update_selection(struct copy_mode *cm, int no_reset)
{
	if (!cm->sel && cm->lineflag == COPY_LINE_NONE)
		return;
	if (cm->drag == COPY_DRAG_END)
		copy_sync_end(cm, 0, no_reset);
	else if (cm->drag == COPY_DRAG_START)
		copy_sync_end(cm, 1, no_reset);
	cm->sel = 1;
}

/* A selection of nothing, at the cursor, whose end follows it. */
static void
copy_start_selection(struct copy_mode *cm)
{
	cm->selx = cm->endselx = cm->cx;
	cm->sely = cm->endsely = copy_cursor_line(cm);
	cm->drag = COPY_DRAG_END;
	cm->sel = 1;
	copy_update_selection(cm, 0);
	copy_changed(cm);
}

void
copy_mouse_cursor(struct copy_mode *cm, unsigned int x, unsigned int y)
{
	copy_check_size(cm);
	if (y >= cm->sy)
		return;
	copy_set_cursor(cm, x, y);
	copy_changed(cm);
}

/* A drag starts a selection where the button went down; one that starts
 * in the first word or line of a word or line selection (a double or
 * triple click) goes on selecting words or lines (as tmux). */
void
copy_drag_start(struct copy_mode *cm, unsigned int x, unsigned int y)
{
	const char	*seps = cm->separators;
	struct copy_pos	 pos;
	unsigned int	 py;

	copy_check_size(cm);
	if (y >= cm->sy)
		return;
	py = copy_top(cm) + y;
	if (x < cm->selrx || x > cm->endselrx || py != cm->selry)
		cm->selflag = COPY_SEL_CHAR;
	switch (cm->selflag) {
	case COPY_SEL_WORD:
		copy_set_cursor(cm, x, y);
		if (seps != NULL) {
			pos = copy_previous_word_pos(cm, seps);
			if (pos.y >= copy_top(cm) && pos.y < copy_top(cm) + cm->sy)
				copy_set_cursor(cm, pos.x, pos.y - copy_top(cm));
		}
		break;
	case COPY_SEL_LINE:
		copy_set_cursor(cm, 0, y);
		break;
	case COPY_SEL_CHAR:
		copy_set_cursor(cm, x, y);
		copy_start_selection(cm);
		break;
	}
	copy_changed(cm);
}

void
copy_drag_update(struct copy_mode *cm, unsigned int x, unsigned int y)
{
	unsigned int	old_cx = cm->cx, old_cy = cm->cy;

	copy_check_size(cm);
	if (y >= cm->sy)
		return;
	copy_set_cursor(cm, x, y);
	copy_update_selection(cm, 0);
	copy_changed(cm);
	/* At the top or bottom row, the view moves on. */
	if (old_cy != cm->cy || old_cx == cm->cx) {
		if (y == 0)
			copy_cursor_up(cm, 1);
		else if (y == cm->sy - 1)
			copy_cursor_down(cm, 1);
	}
}

void
copy_drag_mouse(struct client *c, struct pane *p, const struct mouse_event *m)
{
	unsigned int	x, y;

	if (c == NULL || p->mode == NULL || !mouse_at(m, p, &x, &y, 1))
		return;
	copy_drag_start(p->mode, x, y);
	c->drag_what = MOUSE_DRAG_COPY;
	c->drag_pane = p->id;
	if (mouse_at(m, p, &x, &y, 0))
		copy_drag_update(p->mode, x, y);
}

void
copy_begin_selection(struct copy_mode *cm)
{
	copy_check_size(cm);
	cm->lineflag = COPY_LINE_NONE;
	cm->selflag = COPY_SEL_CHAR;
	copy_start_selection(cm);
}

void
copy_stop_selection(struct copy_mode *cm)
{
	cm->drag = COPY_DRAG_NONE;
	cm->lineflag = COPY_LINE_NONE;
	cm->selflag = COPY_SEL_CHAR;
}

void
copy_clear_selection(struct copy_mode *cm)
{
	unsigned int	len;

	copy_check_size(cm);
	cm->sel = 0;
	cm->drag = COPY_DRAG_NONE;
	cm->lineflag = COPY_LINE_NONE;
	cm->selflag = COPY_SEL_CHAR;
	len = copy_length(cm, copy_cursor_line(cm));
	if (cm->cx > len)
		copy_set_cursor(cm, len, cm->cy);
	copy_changed(cm);
}

void
copy_select_line(struct copy_mode *cm, unsigned int n)
{
	copy_check_size(cm);
	cm->lineflag = COPY_LINE_LEFT_RIGHT;
	cm->rectflag = 0;
	cm->selflag = COPY_SEL_LINE;
	cm->dx = cm->cx;
	cm->dy = copy_cursor_line(cm);
	copy_start_of_line(cm);
	cm->selrx = cm->cx;
	cm->selry = copy_cursor_line(cm);
	cm->endselry = cm->selry;
	copy_start_selection(cm);
	copy_end_of_line(cm);
	cm->endselry = copy_cursor_line(cm);
	cm->endselrx = copy_length(cm, cm->endselry);
	for (; n > 1; n--) {
		copy_cursor_down(cm, 0);
		copy_end_of_line(cm);
	}
}

void
copy_select_word(struct copy_mode *cm, const char *seps)
{
	unsigned int	px, py, nextx, nexty;

	copy_check_size(cm);
	cm->lineflag = COPY_LINE_LEFT_RIGHT;
	cm->rectflag = 0;
	cm->selflag = COPY_SEL_WORD;
	cm->dx = cm->cx;
	cm->dy = copy_cursor_line(cm);
	free(cm->separators);
	cm->separators = xstrdup(seps);
	copy_previous_word1(cm, seps, 0);
	px = cm->cx;
	py = copy_cursor_line(cm);
	cm->selrx = px;
	cm->selry = py;
	copy_start_selection(cm);

	/* A word of one character is selected as it is. */
	nextx = px + 1;
	nexty = py;
	if (copy_wrapped(cm, nexty) && nextx > cm->sx - 1) {
		nextx = 0;
		nexty++;
	}
	if (px >= copy_length(cm, py) ||
	    !copy_in_set(cm, nextx, nexty, COPY_WHITESPACE))
		copy_next_word_end1(cm, seps, 1);
	else {
		copy_set_cursor(cm, px, cm->cy);
		copy_update_selection(cm, 1);
	}
	cm->endselrx = cm->cx;
	cm->endselry = copy_cursor_line(cm);
	if (cm->dy > cm->endselry) {
		cm->dy = cm->endselry;
		cm->dx = cm->endselrx;
	} else if (cm->dx > cm->endselrx)
		cm->dx = cm->endselrx;
	copy_changed(cm);
}

void
copy_rectangle(struct copy_mode *cm, int on)
{
	unsigned int	len;

	copy_check_size(cm);
	cm->lineflag = COPY_LINE_NONE;
	cm->rectflag = on == -1 ? !cm->rectflag : on;
	len = copy_length(cm, copy_cursor_line(cm));
	if (cm->cx > len)
		copy_set_cursor(cm, len, cm->cy);
	copy_update_selection(cm, 0);
	copy_changed(cm);
}

/* Swap the ends of the selection: the cursor goes to the other one,
 * which follows it from now on. */
void
copy_other_end1(struct copy_mode *cm)
{
	unsigned int	selx, sely, cy, yy, top, len;

	copy_check_size(cm);
	if (!cm->sel && cm->lineflag == COPY_LINE_NONE)
		return;
	if (cm->lineflag == COPY_LINE_LEFT_RIGHT)
		cm->lineflag = COPY_LINE_RIGHT_LEFT;
	else if (cm->lineflag == COPY_LINE_RIGHT_LEFT)
		cm->lineflag = COPY_LINE_LEFT_RIGHT;
	if (cm->drag == COPY_DRAG_END)
		cm->drag = COPY_DRAG_START;
	else
		cm->drag = COPY_DRAG_END;

	/* The cursor goes to the end that now follows it. */
	if (cm->drag == COPY_DRAG_START) {
		selx = cm->selx;
		sely = cm->sely;
	} else {
		selx = cm->endselx;
		sely = cm->endsely;
	}
	cy = cm->cy;
	yy = copy_cursor_line(cm);
	top = copy_top(cm);
	cm->cx = selx;
	if (sely < top) {
		cm->oy = copy_hsize(cm) - sely;
		cm->cy = 0;
	} else if (sely >= top + cm->sy) {
		cm->oy = copy_hsize(cm) - sely + cm->sy - 1;
		cm->cy = cm->sy - 1;
	} else
		cm->cy = cy + sely - yy;
	len = copy_length(cm, copy_cursor_line(cm));
	if (!cm->rectflag && cm->cx > len)
		cm->cx = len;
	copy_update_selection(cm, 1);
	copy_changed(cm);
}

void
copy_other_end(struct copy_mode *cm, int swap)
{
	cm->selflag = COPY_SEL_CHAR;
	if (swap)
		copy_other_end1(cm);
}

/* Is absolute (x, y) selected? As tmux draws it: emacs leaves out the
 * cell at the far end, vi takes it; a rectangle takes both columns. */
int
copy_in_selection(const struct copy_mode *cm, int vi, unsigned int x,
    unsigned int y)
{
	unsigned int	sx = cm->selx, sy = cm->sely;
	unsigned int	ex = cm->endselx, ey = cm->endsely, xx;

	if (!cm->sel)
		return (0);
	if (cm->rectflag) {
		if (y < (sy < ey ? sy : ey) || y > (sy < ey ? ey : sy))
			return (0);
		if (ex < sx)
			return (x >= ex && x <= sx);
		return (x >= sx && x <= ex);
	}
	if (sy < ey) {
		/* Downwards: from the start to the cursor. */
		if (y < sy || y > ey || (y == sy && x < sx))
			return (0);
		xx = vi ? ex : (ex == 0 ? 0 : ex - 1);
		return (y != ey || x <= xx);
	}
	if (sy > ey) {
		/* Upwards: from the cursor to the start. */
		if (y < ey || y > sy || (y == ey && x < ex))
			return (0);
		if (y != sy)
			return (1);
		if (vi)
			return (x <= sx);
		return (sx != 0 && x <= sx - 1);
	}
	if (y != sy)
		return (0);
	if (ex < sx) {
		xx = vi ? sx : sx - 1;
		return (x >= ex && x <= xx);
	}
	xx = vi ? ex : (ex == 0 ? 0 : ex - 1);
	return (x >= sx && x <= xx);
}

/* Append n bytes to b. */
void
copy_buf_add(struct copy_buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->size) {
		b->size = (b->len + n + 1) * 2;
		b->data = xreallocarray(b->data, 1, b->size);
	}
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

/* Append what a copy of line y takes from columns [sx, ex): trailing
 * spaces go (not from a wrapped line), and a newline ends it unless it
 * ends where the line wraps. */
void
copy_append_line(struct copy_mode *cm, struct copy_buf *b, unsigned int y,
    unsigned int sx, unsigned int ex)
{
	const struct copy_line	*cl;
	char			 text[UTF8_MAX_BYTES];
	unsigned int		 x, xx;
	size_t			 n;

	if (sx > ex)
		return;
	cl = copy_get(cm, y);
	xx = cl->wrapped ? cl->used : cl->length;
	if (ex > xx)
		ex = xx;
	if (sx > xx)
		sx = xx;
	for (x = sx; x < ex; x++) {
		if (cl->cells[x].width == 0)
			continue;
		n = utf8_char_to_utf8(cl->cells[x].ch, text);
		copy_buf_add(b, text, n);
	}
	if (!cl->wrapped || ex != xx)
		copy_buf_add(b, "\n", 1);
}

/* The text of the search match under the cursor (or just before it). */
static char *
copy_match_text(struct copy_mode *cm, size_t *len)
{
	struct copy_buf	 b = { NULL, 0, 0 };
	char		 text[UTF8_MAX_BYTES];
	unsigned int	 at, start, end, i, top = copy_top(cm), n;
	struct cell	 c;
	uint8_t		 mark;

	*len = 0;
	if (!cm->marks_on)
		return (NULL);
	copy_marks_make(cm);
	n = cm->sx * cm->sy;
	at = cm->cy * cm->sx + (cm->cx < cm->sx ? cm->cx : cm->sx - 1);
	if (cm->marks[at] == 0) {
		if (at == 0 || cm->marks[--at] == 0)
			return (NULL);
	}
	mark = cm->marks[at];
	for (start = at; start > 0 && cm->marks[start - 1] == mark; start--)
		/* nothing */;
	for (end = at; end + 1 < n && cm->marks[end + 1] == mark; end++)
		/* nothing */;
	for (i = start; i <= end; i++) {
		c = copy_cell(cm, i % cm->sx, top + i / cm->sx);
		if (c.width == 0)
			continue;
		copy_buf_add(&b, text, utf8_char_to_utf8(c.ch, text));
	}
	*len = b.len;
	return (b.data);
}

char *
copy_selection_text(struct copy_mode *cm, size_t *len)
{
	struct copy_buf	 b = { NULL, 0, 0 };
	unsigned int	 sx, sy, ex, ey, ey_last, y, selx;
	unsigned int	 firstsx, lastex, restsx, restex;
	int		 vi;

	copy_check_size(cm);
	*len = 0;
	if (!cm->sel && cm->lineflag == COPY_LINE_NONE)
		return (copy_match_text(cm, len));
	vi = copy_vi(cm);

	/* In order: (sx, sy) first. */
	if (cm->endsely < cm->sely ||
	    (cm->endsely == cm->sely && cm->endselx < cm->selx)) {
		sx = cm->endselx;
		sy = cm->endsely;
		ex = cm->selx;
		ey = cm->sely;
	} else {
		sx = cm->selx;
		sy = cm->sely;
		ex = cm->endselx;
		ey = cm->endsely;
	}
	ey_last = copy_length(cm, ey);
	if (ex > ey_last)
		ex = ey_last;

	if (cm->rectflag) {
		/* The column the selection started in and the cursor's:
		 * emacs leaves the cursor's out when it is on the right. */
		selx = cm->drag == COPY_DRAG_END ? cm->selx : cm->endselx;
		if (selx < cm->cx) {
			lastex = restex = vi ? cm->cx + 1 : cm->cx;
			firstsx = restsx = selx;
		} else {
			lastex = restex = selx + 1;
			firstsx = restsx = cm->cx;
		}
	} else {
		lastex = vi ? ex + 1 : ex;
		restex = cm->sx;
		firstsx = sx;
		restsx = 0;
	}
	for (y = sy; y <= ey; y++) {
		copy_append_line(cm, &b, y, y == sy ? firstsx : restsx,
		    y == ey ? lastex : restex);
	}
	if (b.len == 0) {
		free(b.data);
		return (NULL);
	}
	/* No newline after the last line (vi keeps it when the selection
	 * went past the end of the line). */
	if (!vi || lastex <= ey_last) {
		if ((!copy_wrapped(cm, ey) || lastex != ey_last) &&
		    b.data[b.len - 1] == '\n')
			b.data[--b.len] = '\0';
	}
	if (b.len == 0) {
		free(b.data);
		return (NULL);
	}
	*len = b.len;
	return (b.data);
}

char *
copy_line_text(struct copy_mode *cm, unsigned int n, int whole_line,
    size_t *len)
{
	unsigned int	 cx, cy, oy;
	char		*text;

	copy_check_size(cm);
	cx = cm->cx;
	cy = cm->cy;
	oy = cm->oy;
	if (whole_line) {
		cm->selflag = COPY_SEL_CHAR;
		copy_start_of_line(cm);
	}
	copy_start_selection(cm);
	for (; n > 1; n--)
		copy_cursor_down(cm, 0);
	copy_end_of_line(cm);
	text = copy_selection_text(cm, len);
	copy_clear_selection(cm);
	cm->cx = cx;
	cm->cy = cy;
	cm->oy = oy;
	copy_changed(cm);
	return (text);
}
