/*
 * Copy mode motions (see copy.h): positions moved through the snapshot
 * as tmux's grid reader does, and the commands built on them: characters,
 * lines, words, paragraphs, matching brackets, jumps to a character and
 * the mark.
 */
#include <stdint.h>
#include <string.h>

#include "copy/copy-int.h"

/*
 * Moving a position through the snapshot, as tmux's grid reader: right and
 * left step over the right halves of wide characters, and wrapped lines
 * join their neighbours.
 */

/* Down a line, off the right half of a wide character. */
static void
copy_pos_down(struct copy_mode *cm, struct copy_pos *pos)
{
	if (pos->y + 1 < copy_total(cm))
		pos->y++;
	while (pos->x > 0 && copy_cell(cm, pos->x, pos->y).width == 0)
		pos->x--;
}

static void
copy_pos_up(struct copy_mode *cm, struct copy_pos *pos)
{
	if (pos->y > 0)
		pos->y--;
	while (pos->x > 0 && copy_cell(cm, pos->x, pos->y).width == 0)
		pos->x--;
}

/* To the start of the line (of the wrapped lines it belongs to when
 * wrap). */
static void
copy_pos_start_of_line(struct copy_mode *cm, struct copy_pos *pos, int wrap)
{
	if (wrap) {
		while (pos->y > 0 && copy_wrapped(cm, pos->y - 1))
			pos->y--;
	}
	pos->x = 0;
}

/* To the end of the line: past its last character, or the last column
 * when all. */
static void
copy_pos_end_of_line(struct copy_mode *cm, struct copy_pos *pos, int wrap,
    int all)
{
	unsigned int	last = copy_total(cm) - 1;

	if (wrap) {
		while (pos->y < last && copy_wrapped(cm, pos->y))
			pos->y++;
	}
	pos->x = all ? cm->sx : copy_length(cm, pos->y);
}

/* One character right; past the end of the line, to the start of the
 * next when wrap. all: the line ends at the last column. */
static void
copy_pos_right(struct copy_mode *cm, struct copy_pos *pos, int wrap, int all)
{
	unsigned int	end = all ? cm->sx : copy_length(cm, pos->y);

	if (wrap && pos->x >= end && pos->y + 1 < copy_total(cm)) {
		copy_pos_start_of_line(cm, pos, 0);
		copy_pos_down(cm, pos);
	} else if (pos->x < end) {
		pos->x++;
		while (pos->x < end &&
		    copy_cell(cm, pos->x, pos->y).width == 0)
			pos->x++;
	}
}

/* One character left; at the start of a line, to the end of the one
 * above when wrap or when that one wrapped. */
static void
copy_pos_left(struct copy_mode *cm, struct copy_pos *pos, int wrap)
{
	while (pos->x > 0 && copy_cell(cm, pos->x, pos->y).width == 0)
		pos->x--;
	if (pos->x == 0 && pos->y > 0 &&
	    (wrap || copy_wrapped(cm, pos->y - 1))) {
		copy_pos_up(cm, pos);
		copy_pos_end_of_line(cm, pos, 0, 0);
	} else if (pos->x > 0)
		pos->x--;
}

/* Keep pos inside its line (*xx the line's end), moving on to the next
 * lines as it runs off; 0 when it runs off the last line. */
static int
copy_pos_wrap(struct copy_mode *cm, struct copy_pos *pos, unsigned int *xx)
{
	while (pos->x > *xx) {
		if (pos->y + 1 >= copy_total(cm))
			return (0);
		copy_pos_start_of_line(cm, pos, 0);
		copy_pos_down(cm, pos);
		if (copy_wrapped(cm, pos->y))
			*xx = cm->sx - 1;
		else
			*xx = copy_length(cm, pos->y);
	}
	return (1);
}

/* Where a line's text ends, for word movement: a wrapped line goes on to
 * the last column so words are not split. */
static unsigned int
copy_word_end(struct copy_mode *cm, unsigned int y)
{
	if (copy_wrapped(cm, y))
		return (cm->sx - 1);
	return (copy_length(cm, y));
}

/* To the start of the next word: past this word (letters, or a run of
 * separators), then past spaces. */
static void
copy_pos_next_word(struct copy_mode *cm, struct copy_pos *pos,
    const char *seps)
{
	unsigned int	xx = copy_word_end(cm, pos->y);

	if (!copy_pos_wrap(cm, pos, &xx))
		return;
	if (!copy_in_set(cm, pos->x, pos->y, COPY_WHITESPACE)) {
		if (copy_in_set(cm, pos->x, pos->y, seps)) {
			do
				pos->x++;
			while (copy_pos_wrap(cm, pos, &xx) &&
			    copy_in_set(cm, pos->x, pos->y, seps) &&
			    !copy_in_set(cm, pos->x, pos->y, COPY_WHITESPACE));
		} else {
			do
				pos->x++;
			while (copy_pos_wrap(cm, pos, &xx) &&
			    !copy_in_set(cm, pos->x, pos->y, seps) &&
			    !copy_in_set(cm, pos->x, pos->y, COPY_WHITESPACE));
		}
	}
	while (copy_pos_wrap(cm, pos, &xx) &&
	    copy_in_set(cm, pos->x, pos->y, COPY_WHITESPACE))
		pos->x++;
}

/* To just past the end of the next word. */
static void
copy_pos_next_word_end(struct copy_mode *cm, struct copy_pos *pos,
    const char *seps)
{
	unsigned int	xx = copy_word_end(cm, pos->y);
	int		inseps;

	while (copy_pos_wrap(cm, pos, &xx)) {
		if (copy_in_set(cm, pos->x, pos->y, COPY_WHITESPACE)) {
			pos->x++;
			continue;
		}
		inseps = copy_in_set(cm, pos->x, pos->y, seps);
		do
			pos->x++;
		while (copy_pos_wrap(cm, pos, &xx) &&
		    !copy_in_set(cm, pos->x, pos->y, COPY_WHITESPACE) &&
		    copy_in_set(cm, pos->x, pos->y, seps) == inseps);
		return;
	}
}

/* To the start of this word, or of the previous one when already at a
 * start (already) or on a space. stop_at_eol (emacs): a line ending in a
 * space stops the search at its end. */
void
copy_pos_previous_word(struct copy_mode *cm, struct copy_pos *pos,
    const char *seps, int already, int stop_at_eol)
{
	struct copy_pos	old;
	int		letters = 0, at_eol;

	if (already || copy_in_set(cm, pos->x, pos->y, COPY_WHITESPACE)) {
		for (;;) {
			if (pos->x > 0) {
				pos->x--;
				if (!copy_in_set(cm, pos->x, pos->y,
				    COPY_WHITESPACE)) {
					letters = !copy_in_set(cm, pos->x,
					    pos->y, seps);
					break;
				}
				continue;
			}
			if (pos->y == 0)
				return;
			copy_pos_up(cm, pos);
			copy_pos_end_of_line(cm, pos, 0, 0);
			if (stop_at_eol && pos->x > 0) {
				at_eol = copy_in_set(cm, pos->x - 1, pos->y,
				    COPY_WHITESPACE);
				if (at_eol) {
					letters = 0;
					break;
				}
			}
		}
	} else
		letters = !copy_in_set(cm, pos->x, pos->y, seps);

	do {
		old = *pos;
		if (pos->x == 0) {
			if (pos->y == 0 || !copy_wrapped(cm, pos->y - 1))
				break;
			copy_pos_up(cm, pos);
			copy_pos_end_of_line(cm, pos, 0, 1);
		}
		if (pos->x > 0)
			pos->x--;
	} while (!copy_in_set(cm, pos->x, pos->y, COPY_WHITESPACE) &&
	    letters != copy_in_set(cm, pos->x, pos->y, seps));
	*pos = old;
}

/* Is the cell the character ch? */
static int
copy_is_char(struct copy_mode *cm, unsigned int x, unsigned int y,
    uint32_t ch)
{
	struct cell	c = copy_cell(cm, x, y);

	return (c.width != 0 && c.ch == ch);
}

/* Forward to ch, on this line and the ones it wraps into. */
static int
copy_pos_jump(struct copy_mode *cm, struct copy_pos *pos, uint32_t ch)
{
	unsigned int	px = pos->x, py, last = copy_total(cm) - 1;

	for (py = pos->y; py <= last; py++) {
		for (; px < copy_length(cm, py); px++) {
			if (copy_is_char(cm, px, py, ch)) {
				pos->x = px;
				pos->y = py;
				return (1);
			}
		}
		if (py == last || !copy_wrapped(cm, py))
			return (0);
		px = 0;
	}
	return (0);
}

/* Backward to ch, on this line and the ones wrapping into it. */
static int
copy_pos_jump_back(struct copy_mode *cm, struct copy_pos *pos, uint32_t ch)
{
	unsigned int	px, py, xx = pos->x + 1;

	for (py = pos->y + 1; py > 0; py--) {
		for (px = xx; px > 0; px--) {
			if (copy_is_char(cm, px - 1, py - 1, ch)) {
				pos->x = px - 1;
				pos->y = py - 1;
				return (1);
			}
		}
		if (py == 1 || !copy_wrapped(cm, py - 2))
			return (0);
		xx = copy_length(cm, py - 2);
	}
	return (0);
}

void
copy_cursor_left(struct copy_mode *cm)
{
	struct copy_pos	pos = copy_here(cm);

	copy_pos_left(cm, &pos, 1);
	copy_show(cm, pos.x, pos.y, 0);
}

void
copy_cursor_right(struct copy_mode *cm)
{
	struct copy_pos	pos = copy_here(cm);

	copy_pos_right(cm, &pos, 1, cm->sel && cm->rectflag);
	copy_show(cm, pos.x, pos.y, 0);
}

void
copy_start_of_line(struct copy_mode *cm)
{
	struct copy_pos	pos = copy_here(cm);

	copy_pos_start_of_line(cm, &pos, 1);
	copy_show(cm, pos.x, pos.y, 0);
}

void
copy_end_of_line(struct copy_mode *cm)
{
	struct copy_pos	pos = copy_here(cm);

	copy_pos_end_of_line(cm, &pos, 1, cm->sel && cm->rectflag);
	copy_show(cm, pos.x, pos.y, 0);
}

void
copy_back_to_indentation(struct copy_mode *cm)
{
	struct copy_pos	pos = copy_here(cm), start;
	unsigned int	last = copy_total(cm) - 1, x;
	struct cell	c;

	start = pos;
	copy_pos_start_of_line(cm, &pos, 1);
	for (; pos.y <= last; pos.y++) {
		for (x = 0; x < copy_length(cm, pos.y); x++) {
			c = copy_cell(cm, x, pos.y);
			if (c.width != 0 && c.ch != ' ') {
				copy_show(cm, x, pos.y, 0);
				return;
			}
		}
		if (!copy_wrapped(cm, pos.y))
			break;
	}
	copy_show(cm, start.x, start.y, 0);
}

void
copy_next_word(struct copy_mode *cm, const char *seps)
{
	struct copy_pos	pos = copy_here(cm);

	copy_pos_next_word(cm, &pos, seps);
	copy_show(cm, pos.x, pos.y, 0);
}

/* Where next-word-end takes the cursor: vi stops on the last character
 * of the word, emacs just past it. */
struct copy_pos
copy_next_word_end_pos(struct copy_mode *cm, const char *seps)
{
	struct copy_pos	pos = copy_here(cm);

	if (copy_vi(cm)) {
		if (!copy_in_set(cm, pos.x, pos.y, COPY_WHITESPACE))
			copy_pos_right(cm, &pos, 0, 0);
		copy_pos_next_word_end(cm, &pos, seps);
		copy_pos_left(cm, &pos, 1);
	} else
		copy_pos_next_word_end(cm, &pos, seps);
	return (pos);
}

/* next-word-end; no_reset keeps a word selection's first word. */
void
copy_next_word_end1(struct copy_mode *cm, const char *seps, int no_reset)
{
	struct copy_pos	pos = copy_next_word_end_pos(cm, seps);

	copy_show(cm, pos.x, pos.y, no_reset);
}

void
copy_next_word_end(struct copy_mode *cm, const char *seps)
{
	copy_next_word_end1(cm, seps, 0);
}

/* previous-word; already: the cursor is at a word's start. */
void
copy_previous_word1(struct copy_mode *cm, const char *seps, int already)
{
	struct copy_pos	pos = copy_here(cm);

	copy_pos_previous_word(cm, &pos, seps, already, !copy_vi(cm));
	copy_show(cm, pos.x, pos.y, 0);
}

void
copy_previous_word(struct copy_mode *cm, const char *seps)
{
	copy_previous_word1(cm, seps, 1);
}

void
copy_next_paragraph(struct copy_mode *cm)
{
	unsigned int	y = copy_here(cm).y, maxy = copy_total(cm) - 1;

	while (y < maxy && copy_length(cm, y) == 0)
		y++;
	while (y < maxy && copy_length(cm, y) > 0)
		y++;
	copy_scroll_to(cm, copy_length(cm, y), y);
}

void
copy_previous_paragraph(struct copy_mode *cm)
{
	unsigned int	y = copy_here(cm).y;

	while (y > 0 && copy_length(cm, y) == 0)
		y--;
	while (y > 0 && copy_length(cm, y) > 0)
		y--;
	copy_scroll_to(cm, 0, y);
}

/* The bracket character at (x, y), or 0. */
static char
copy_bracket(struct copy_mode *cm, unsigned int x, unsigned int y)
{
	struct cell	c = copy_cell(cm, x, y);

	if (c.width == 0 || c.ch > 0x7f || c.ch == 0 ||
	    strchr("{[()]}", (int)c.ch) == NULL)
		return (0);
	return ((char)c.ch);
}

/* Walk back from the closing bracket at pos to its opening one. */
static int
copy_bracket_back(struct copy_mode *cm, struct copy_pos *pos)
{
	static const char	 open[] = "{[(", close[] = "}])";
	char			 found = copy_bracket(cm, pos->x, pos->y);
	char			 start = open[strchr(close, found) - close], b;
	unsigned int		 n = 1, xx;

	do {
		if (pos->x == 0) {
			if (pos->y == 0)
				return (0);
			do {
				pos->y--;
				xx = copy_length(cm, pos->y);
			} while (xx == 0 && pos->y > 0);
			if (xx == 0)
				return (0);
			pos->x = xx - 1;
		} else
			pos->x--;
		b = copy_bracket(cm, pos->x, pos->y);
		if (b == found)
			n++;
		else if (b == start)
			n--;
	} while (n != 0);
	return (1);
}

/* Walk forward from the opening bracket at pos to its closing one. */
static int
copy_bracket_forward(struct copy_mode *cm, struct copy_pos *pos)
{
	static const char	 open[] = "{[(", close[] = "}])";
	char			 found = copy_bracket(cm, pos->x, pos->y);
	char			 end = close[strchr(open, found) - open], b;
	unsigned int		 n = 1, xx = copy_length(cm, pos->y);
	unsigned int		 last = copy_total(cm) - 1;

	do {
		if (pos->x > xx) {
			if (pos->y == last)
				return (0);
			pos->x = 0;
			pos->y++;
			xx = copy_length(cm, pos->y);
		} else
			pos->x++;
		b = copy_bracket(cm, pos->x, pos->y);
		if (b == found)
			n++;
		else if (b == end)
			n--;
	} while (n != 0);
	return (1);
}

/* previous-matching-bracket: from a closing bracket to its opening one
 * (emacs also looks one to the left, then moves as a word). */
static void
copy_previous_bracket(struct copy_mode *cm)
{
	struct copy_pos	pos = copy_here(cm);
	int		tried = 0;
	char		b;

	if (copy_length(cm, pos.y) == 0)
		return;
	for (;;) {
		b = copy_bracket(cm, pos.x, pos.y);
		if (b != 0 && strchr("}])", b) != NULL)
			break;
		if (copy_vi(cm))
			return;
		if (!tried && pos.x > 0) {
			pos.x--;
			tried = 1;
			continue;
		}
		copy_previous_word1(cm, "}])", 1);
		return;
	}
	if (copy_bracket_back(cm, &pos))
		copy_scroll_to(cm, pos.x, pos.y);
}

/* next-matching-bracket: from an opening bracket to its closing one. vi
 * looks along the line for a bracket and goes back from a closing one;
 * emacs looks one to the right, then moves as a word. */
static void
copy_next_bracket(struct copy_mode *cm)
{
	struct copy_pos	pos = copy_here(cm), start = pos;
	unsigned int	len = copy_length(cm, pos.y);
	unsigned int	last = copy_total(cm) - 1;
	int		vi = copy_vi(cm), tried = 0;
	char		b;

	if (len == 0)
		return;
	for (;;) {
		b = copy_bracket(cm, pos.x, pos.y);
		if (b != 0 && vi && strchr("}])", b) != NULL) {
			copy_scroll_to(cm, pos.x, pos.y);
			copy_previous_bracket(cm);
			b = copy_bracket(cm, cm->cx, copy_cursor_line(cm));
			if (b != 0 && strchr("}])", b) != NULL)
				copy_scroll_to(cm, start.x, start.y);
			return;
		}
		if (b != 0 && strchr("{[(", b) != NULL)
			break;
		if (!vi) {
			if (!tried && pos.x <= len) {
				pos.x++;
				tried = 1;
				continue;
			}
			copy_next_word_end1(cm, "{[(", 0);
			return;
		}
		if (pos.x > len) {
			if (pos.y == last || !copy_wrapped(cm, pos.y))
				return;
			pos.x = 0;
			pos.y++;
			len = copy_length(cm, pos.y);
		} else
			pos.x++;
	}
	if (copy_bracket_forward(cm, &pos))
		copy_scroll_to(cm, pos.x, pos.y);
}

void
copy_matching_bracket(struct copy_mode *cm, int next)
{
	if (next)
		copy_next_bracket(cm);
	else
		copy_previous_bracket(cm);
}

/* One jump of the given kind to ch. */
static void
copy_jump1(struct copy_mode *cm, enum copy_jump type, uint32_t ch)
{
	struct copy_pos	pos = copy_here(cm);

	switch (type) {
	case COPY_JUMP_FORWARD:
		pos.x++;
		if (copy_pos_jump(cm, &pos, ch))
			copy_show(cm, pos.x, pos.y, 0);
		break;
	case COPY_JUMP_BACKWARD:
		copy_pos_left(cm, &pos, 0);
		if (copy_pos_jump_back(cm, &pos, ch))
			copy_show(cm, pos.x, pos.y, 0);
		break;
	case COPY_JUMP_TO_FORWARD:
		pos.x += 2;
		if (copy_pos_jump(cm, &pos, ch)) {
			copy_pos_left(cm, &pos, 1);
			copy_show(cm, pos.x, pos.y, 0);
		}
		break;
	case COPY_JUMP_TO_BACKWARD:
		copy_pos_left(cm, &pos, 0);
		copy_pos_left(cm, &pos, 0);
		if (copy_pos_jump_back(cm, &pos, ch)) {
			copy_pos_right(cm, &pos, 1, 0);
			copy_show(cm, pos.x, pos.y, 0);
		}
		break;
	case COPY_JUMP_NONE:
		break;
	}
}

void
copy_jump(struct copy_mode *cm, enum copy_jump type, uint32_t ch)
{
	cm->jumptype = type;
	cm->jumpchar = ch;
	copy_jump1(cm, type, ch);
}

void
copy_jump_again(struct copy_mode *cm, int reverse)
{
	static const enum copy_jump	opposite[] = {
		[COPY_JUMP_NONE] = COPY_JUMP_NONE,
		[COPY_JUMP_FORWARD] = COPY_JUMP_BACKWARD,
		[COPY_JUMP_BACKWARD] = COPY_JUMP_FORWARD,
		[COPY_JUMP_TO_FORWARD] = COPY_JUMP_TO_BACKWARD,
		[COPY_JUMP_TO_BACKWARD] = COPY_JUMP_TO_FORWARD,
	};

	copy_jump1(cm, reverse ? opposite[cm->jumptype] : cm->jumptype,
	    cm->jumpchar);
}

void
copy_set_mark(struct copy_mode *cm)
{
	copy_check_size(cm);
	cm->mx = cm->cx;
	cm->my = copy_cursor_line(cm);
	cm->showmark = 1;
	copy_changed(cm);
}

void
copy_jump_to_mark(struct copy_mode *cm)
{
	unsigned int	x, y, hsize;

	copy_check_size(cm);
	x = cm->cx;
	y = copy_cursor_line(cm);
	hsize = copy_hsize(cm);
	if (cm->my >= copy_total(cm))
		cm->my = copy_total(cm) - 1;
	cm->cx = cm->mx;
	if (cm->my < hsize) {
		cm->cy = 0;
		cm->oy = hsize - cm->my;
	} else {
		cm->cy = cm->my - hsize;
		cm->oy = 0;
	}
	cm->mx = x;
	cm->my = y;
	cm->showmark = 1;
	copy_update_selection(cm, 0);
	copy_changed(cm);
}
