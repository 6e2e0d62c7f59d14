/*
 * Copy mode's format variables (see copy.h: scroll_position,
 * copy_cursor_x, selection_present, ...), which the model reads through
 * the mode's pane_mode_ops, and the match the cursor is on, which they and
 * the drawing (draw/copy-draw.c) share.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"
#include "common/xmalloc.h"
#include "copy/copy-int.h"

int
copy_current_match(struct copy_mode *cm, unsigned int *lo, unsigned int *hi)
{
	unsigned int	cursor;
	uint8_t		mark;

	if (!copy_has_marks(cm) ||
	    !copy_mark_at(cm, cm->cx, copy_cursor_line(cm), &cursor))
		return (0);
	if (cursor != 0 && !copy_vi(cm) && cm->searchdirection)
		cursor--;
	if ((mark = cm->marks[cursor]) == 0)
		return (0);
	*lo = *hi = cursor;
	while (*lo > 0 && cm->marks[*lo - 1] == mark)
		(*lo)--;
	while (*hi + 1 < cm->sx * cm->sy && cm->marks[*hi + 1] == mark)
		(*hi)++;
	return (1);
}

/* The text of the match the cursor is on, "" if none. */
static char *
copy_search_match(struct copy_mode *cm)
{
	struct copy_buf	 b = { NULL, 0, 0 };
	char		 text[UTF8_MAX_BYTES];
	unsigned int	 lo, hi, at, top = copy_top(cm);
	struct cell	 c;

	if (!copy_current_match(cm, &lo, &hi))
		return (xstrdup(""));
	for (at = lo; at <= hi; at++) {
		c = copy_cell(cm, at % cm->sx, top + at / cm->sx);
		if (c.width != 0)
			copy_buf_add(&b, text, utf8_char_to_utf8(c.ch, text));
	}
	return (b.data != NULL ? b.data : xstrdup(""));
}

/* The word under the cursor (between spaces and word-separators). */
static char *
copy_cursor_word(struct copy_mode *cm)
{
	struct copy_buf	 b = { NULL, 0, 0 };
	const char	*seps = copy_option(cm, "word-separators");
	char		 text[UTF8_MAX_BYTES];
	unsigned int	 y = copy_cursor_line(cm), x0, x1, x;
	struct cell	 c;

	x0 = x1 = cm->cx;
	if (copy_in_set(cm, x0, y, COPY_WHITESPACE) ||
	    copy_in_set(cm, x0, y, seps) || x0 >= copy_length(cm, y))
		return (xstrdup(""));
	while (x0 > 0 && !copy_in_set(cm, x0 - 1, y, COPY_WHITESPACE) &&
	    !copy_in_set(cm, x0 - 1, y, seps))
		x0--;
	while (x1 + 1 < copy_length(cm, y) &&
	    !copy_in_set(cm, x1 + 1, y, COPY_WHITESPACE) &&
	    !copy_in_set(cm, x1 + 1, y, seps))
		x1++;
	for (x = x0; x <= x1; x++) {
		c = copy_cell(cm, x, y);
		if (c.width != 0)
			copy_buf_add(&b, text, utf8_char_to_utf8(c.ch, text));
	}
	return (b.data != NULL ? b.data : xstrdup(""));
}

/* The text of the cursor's line, without trailing spaces. */
static char *
copy_cursor_line_text(struct copy_mode *cm)
{
	struct copy_buf	 b = { NULL, 0, 0 };
	unsigned int	 y = copy_cursor_line(cm);

	copy_append_line(cm, &b, y, 0, copy_length(cm, y));
	if (b.len > 0 && b.data[b.len - 1] == '\n')
		b.data[--b.len] = '\0';
	return (b.data != NULL ? b.data : xstrdup(""));
}

char *
copy_format(struct copy_mode *cm, const char *name)
{
	static const char *const	 modes[] = { "char", "word", "line" };

	copy_check_size(cm);
	if (strcmp(name, "scroll_position") == 0)
		return (xasprintf("%u", cm->oy));
	if (strcmp(name, "copy_cursor_x") == 0)
		return (xasprintf("%u", cm->cx));
	if (strcmp(name, "copy_cursor_y") == 0)
		return (xasprintf("%u", cm->cy));
	if (strcmp(name, "copy_cursor_word") == 0)
		return (copy_cursor_word(cm));
	if (strcmp(name, "copy_cursor_line") == 0)
		return (copy_cursor_line_text(cm));
	if (strcmp(name, "selection_present") == 0)
		return (xasprintf("%d", cm->sel));
	if (strcmp(name, "selection_active") == 0)
		return (xasprintf("%d", cm->sel && cm->drag != COPY_DRAG_NONE));
	if (strcmp(name, "selection_mode") == 0)
		return (xstrdup(modes[cm->selflag]));
	if (strcmp(name, "rectangle_toggle") == 0)
		return (xasprintf("%d", cm->rectflag));
	if (strcmp(name, "search_present") == 0)
		return (xasprintf("%d", cm->marks_on));
	if (strcmp(name, "search_match") == 0)
		return (copy_search_match(cm));
	if (strcmp(name, "pane_search_string") == 0)
		return (xstrdup(cm->searchstr != NULL ? cm->searchstr : ""));
	if (!cm->sel)
		return (NULL);
	if (strcmp(name, "selection_start_x") == 0)
		return (xasprintf("%u", cm->selx));
	if (strcmp(name, "selection_start_y") == 0)
		return (xasprintf("%u", cm->sely));
	if (strcmp(name, "selection_end_x") == 0)
		return (xasprintf("%u", cm->endselx));
	if (strcmp(name, "selection_end_y") == 0)
		return (xasprintf("%u", cm->endsely));
	return (NULL);
}
