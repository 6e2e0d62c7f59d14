/*
 * Drawing text and formats with #[...] markup (style-draw.h; the styles
 * themselves are parsed by model/style.c), as tmux 3.3a's format_draw
 * does, cell for cell.
 *
 * The text is written into eight sections, each a row of cells as wide as
 * the text could need: left, centre, right and absolute-centre (chosen by
 * align=), the list (between list=on and nolist), its left and right
 * markers (list=left-marker, list=right-marker: drawn where the list is
 * cut) and what follows the list in its own alignment ("after"). Then the
 * sections are placed on the line: left at the start, right at the end,
 * centre between them, absolute-centre in the middle of the whole line,
 * and the list in the alignment it was opened with (cut around its focus,
 * list=focus, when it does not fit). What does not fit is cut in an order
 * that depends on where the list is.
 *
 * Ranges (range=left|right|window|N|pane|%N|session|$N|user|X) are
 * recorded in section columns as the text is written (ending one column
 * past where the next style began, as tmux's do) and moved to line
 * columns, clipped to what shows, when their section is placed.
 */
#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"
#include "common/xmalloc.h"
#include "draw/style-draw.h"
#include "model/style.h"

enum {
	SECTION_LEFT,
	SECTION_CENTRE,
	SECTION_RIGHT,
	SECTION_ABSOLUTE_CENTRE,
	SECTION_LIST,
	SECTION_LIST_LEFT,
	SECTION_LIST_RIGHT,
	SECTION_AFTER,
	SECTION_TOTAL
};

struct section {
	struct cell	*cells;
	unsigned int	 cx;
	int		 zwj;	/* a zero width joiner is held back */
};

/* A range while drawing: in its section's columns until placed. */
struct draw_range {
	struct style_range	 r;
	int			 section;
	int			 placed;
};

struct draw {
	struct section		 s[SECTION_TOTAL];
	unsigned int		 size;
	struct cell		*line;	/* the target, from column x */
	unsigned int		 x;
	struct cell		 blank;	/* what a cut wide character becomes */
	struct draw_range	*ranges;
	unsigned int		 nranges;
};

static void	draw_combine(struct draw *, int, uint32_t);

/* Write one character into a section (after a held zero width joiner it
 * joins the character before, whatever its width: draw_combine). */
static void
draw_cell(struct draw *d, int section, const struct cell *gc, uint32_t ch,
    int width)
{
	struct section	*s = &d->s[section];
	struct cell	 cell = *gc;

	if (s->zwj) {
		draw_combine(d, section, ch);
		return;
	}
	if (s->cx + width > d->size)
		return;
	cell.ch = ch;
	cell.width = width;
	s->cells[s->cx++] = cell;
	if (width == 2) {
		cell.ch = ' ';
		cell.width = 0;
		s->cells[s->cx++] = cell;
	}
}

/* A character of width 0 (a combining mark, VS16) or any character after
 * a held zero width joiner: it joins the last character of the section
 * (with the joiner before it), which keeps its width, as tmux 3.3a's
 * status line joins them, so an emoji ZWJ sequence is as wide as its
 * first emoji. With nothing before it in the section it is dropped (and
 * the joiner); a joiner at the end is dropped. (The grid, grid/vt.c, is
 * as tmux's panes: there a narrow character after a joiner is not
 * joined, the joiner goes; tmux's status line joins it too.) */
static void
draw_combine(struct draw *d, int section, uint32_t ch)
{
	struct section	*s = &d->s[section];
	struct cell	*last;
	uint32_t	 cps[UTF8_MAX_CPS];
	char		 text[UTF8_MAX_BYTES];
	size_t		 n, bytes;
	int		 joined = s->zwj;

	s->zwj = 0;
	if (s->cx == 0)
		return;
	last = &s->cells[s->cx - 1];
	if (last->width == 0 && s->cx > 1)
		last--;		/* the right half of a wide character */
	n = utf8_expand(last->ch, cps);
	bytes = utf8_char_to_utf8(last->ch, text);
	/* As many as fit in a cell (UTF8_CELL_BYTES), as the grid's. */
	if (joined && n < UTF8_MAX_CPS &&
	    bytes + utf8_encode(0x200d, text) <= UTF8_CELL_BYTES) {
		cps[n++] = 0x200d;
		bytes += utf8_encode(0x200d, text);
	}
	if (n < UTF8_MAX_CPS && bytes + utf8_encode(ch, text) <= UTF8_CELL_BYTES)
		cps[n++] = ch;
	last->ch = utf8_intern(cps, n);
}

/* Copy width columns of section from start to the line at offset (from
 * d->x), and move the section's ranges there. */
static void
draw_put(struct draw *d, int section, unsigned int offset, unsigned int start,
    unsigned int width)
{
	struct section		*s = &d->s[section];
	struct draw_range	*dr;
	unsigned int		 i;
	struct cell		*to = d->line + d->x + offset;

	for (i = 0; i < width; i++) {
		to[i] = s->cells[start + i];
		/* A wide character cut at either end is a blank. */
		if ((i == 0 && to[i].width == 0) ||
		    (i == width - 1 && to[i].width == 2)) {
			to[i].ch = ' ';
			to[i].width = 1;
		}
	}
	for (i = 0; i < d->nranges; i++) {
		dr = &d->ranges[i];
		if (dr->section != section || dr->placed)
			continue;
		dr->placed = 1;
		if (dr->r.x1 <= start || dr->r.x0 >= start + width) {
			dr->placed = -1;
			continue;
		}
		if (dr->r.x0 < start)
			dr->r.x0 = start;
		if (dr->r.x1 > start + width)
			dr->r.x1 = start + width;
		dr->r.x0 += d->x + offset - start;
		dr->r.x1 += d->x + offset - start;
	}
}

/* Place the list at offset in width columns: whole if it fits, else cut
 * around the focus with the markers where windows are cut off. */
static void
draw_put_list(struct draw *d, unsigned int offset, unsigned int width,
    int focus_start, int focus_end)
{
	struct section	*list = &d->s[SECTION_LIST];
	struct section	*left = &d->s[SECTION_LIST_LEFT];
	struct section	*right = &d->s[SECTION_LIST_RIGHT];
	unsigned int	 start, centre;

	if (width >= list->cx) {
		draw_put(d, SECTION_LIST, offset, 0, width);
		return;
	}
	centre = focus_start + (focus_end - focus_start) / 2;
	start = centre < width / 2 ? 0 : centre - width / 2;
	if (start + width > list->cx)
		start = list->cx - width;
	if (start != 0 && width > left->cx) {
		draw_put(d, SECTION_LIST_LEFT, offset, 0, left->cx);
		offset += left->cx;
		start += left->cx;
		width -= left->cx;
	}
	if (start + width < list->cx && width > right->cx) {
		draw_put(d, SECTION_LIST_RIGHT, offset + width - right->cx, 0,
		    right->cx);
		width -= right->cx;
	}
	draw_put(d, SECTION_LIST, offset, start, width);
}

/* Widths of the sections, to be cut to fit. */
struct widths {
	unsigned int	left, centre, right, abs, list, after;
};

/* Cut the parts (a NULL-terminated list) to fit avail columns together,
 * each taken down to nothing before the next is touched: the order is
 * tmux's for where the list goes. */
static void
draw_cut(unsigned int avail, unsigned int *const *parts)
{
	unsigned int	total = 0, excess, take, i;

	for (i = 0; parts[i] != NULL; i++)
		total += *parts[i];
	if (total <= avail)
		return;
	excess = total - avail;
	for (i = 0; parts[i] != NULL && excess != 0; i++) {
		take = *parts[i] < excess ? *parts[i] : excess;
		*parts[i] -= take;
		excess -= take;
	}
}

/* No list: keep the left and right at the centre's expense. */
static void
draw_none(struct draw *d, unsigned int avail, struct widths *w)
{
	unsigned int *const	 order[] = { &w->centre, &w->right, &w->left,
				     NULL };

	draw_cut(avail, order);
	draw_put(d, SECTION_LEFT, 0, 0, w->left);
	draw_put(d, SECTION_RIGHT, avail - w->right,
	    d->s[SECTION_RIGHT].cx - w->right, w->right);
	draw_put(d, SECTION_CENTRE,
	    w->left + ((avail - w->right) - w->left) / 2 - w->centre / 2,
	    d->s[SECTION_CENTRE].cx / 2 - w->centre / 2, w->centre);
	if (w->abs > avail)
		w->abs = avail;
	draw_put(d, SECTION_ABSOLUTE_CENTRE, (avail - w->abs) / 2, 0, w->abs);
}

/* Append after to section (when the list is cut away entirely). */
static void
draw_append_after(struct draw *d, int section, unsigned int width)
{
	struct section	*s = &d->s[section], *after = &d->s[SECTION_AFTER];
	unsigned int	 i, n = width;

	if (s->cx + n > d->size)
		n = d->size - s->cx;
	for (i = 0; i < n; i++)
		s->cells[s->cx++] = after->cells[i];
}

/* The list on the left, after the left section. */
static void
draw_left(struct draw *d, unsigned int avail, struct widths *w, int fs, int fe)
{
	unsigned int *const	 order[] = { &w->centre, &w->list, &w->right,
				     &w->after, &w->left, NULL };

	draw_cut(avail, order);
	if (w->list == 0) {
		draw_append_after(d, SECTION_LEFT, w->after);
		draw_none(d, avail, w);
		return;
	}
	draw_put(d, SECTION_LEFT, 0, 0, w->left);
	draw_put(d, SECTION_RIGHT, avail - w->right,
	    d->s[SECTION_RIGHT].cx - w->right, w->right);
	draw_put(d, SECTION_AFTER, w->left + w->list, 0, w->after);
	draw_put(d, SECTION_CENTRE, (w->left + w->list + w->after) +
	    ((avail - w->right) - (w->left + w->list + w->after)) / 2 -
	    w->centre / 2, d->s[SECTION_CENTRE].cx / 2 - w->centre / 2,
	    w->centre);
	if (fs == -1 || fe == -1)
		fs = fe = 0;
	draw_put_list(d, w->left, w->list, fs, fe);
	if (w->abs > avail)
		w->abs = avail;
	draw_put(d, SECTION_ABSOLUTE_CENTRE, (avail - w->abs) / 2, 0, w->abs);
}

/* The list in the centre, between left and right. */
static void
draw_centre(struct draw *d, unsigned int avail, struct widths *w, int fs,
    int fe)
{
	unsigned int *const	 order[] = { &w->list, &w->after, &w->centre,
				     &w->right, &w->left, NULL };
	unsigned int		 middle;

	draw_cut(avail, order);
	if (w->list == 0) {
		draw_append_after(d, SECTION_CENTRE, w->after);
		w->centre = d->s[SECTION_CENTRE].cx;
		draw_none(d, avail, w);
		return;
	}
	draw_put(d, SECTION_LEFT, 0, 0, w->left);
	draw_put(d, SECTION_RIGHT, avail - w->right,
	    d->s[SECTION_RIGHT].cx - w->right, w->right);
	middle = w->left + ((avail - w->right) - w->left) / 2;
	draw_put(d, SECTION_CENTRE, middle - w->list / 2 - w->centre, 0,
	    w->centre);
	draw_put(d, SECTION_AFTER, middle - w->list / 2 + w->list, 0,
	    w->after);
	if (fs == -1 || fe == -1)
		fs = fe = d->s[SECTION_LIST].cx / 2;
	draw_put_list(d, middle - w->list / 2, w->list, fs, fe);
	if (w->abs > avail)
		w->abs = avail;
	draw_put(d, SECTION_ABSOLUTE_CENTRE, (avail - w->abs) / 2, 0, w->abs);
}

/* The list on the right, before what follows it. */
static void
draw_right(struct draw *d, unsigned int avail, struct widths *w, int fs,
    int fe)
{
	unsigned int *const	 order[] = { &w->centre, &w->list, &w->right,
				     &w->after, &w->left, NULL };

	draw_cut(avail, order);
	if (w->list == 0) {
		draw_append_after(d, SECTION_RIGHT, w->after);
		w->right = d->s[SECTION_RIGHT].cx;
		draw_none(d, avail, w);
		return;
	}
	draw_put(d, SECTION_LEFT, 0, 0, w->left);
	draw_put(d, SECTION_AFTER, avail - w->after,
	    d->s[SECTION_AFTER].cx - w->after, w->after);
	draw_put(d, SECTION_RIGHT, avail - w->right - w->list - w->after, 0,
	    w->right);
	draw_put(d, SECTION_CENTRE, w->left +
	    ((avail - w->right - w->list - w->after) - w->left) / 2 -
	    w->centre / 2, d->s[SECTION_CENTRE].cx / 2 - w->centre / 2,
	    w->centre);
	if (fs == -1 || fe == -1)
		fs = fe = 0;
	draw_put_list(d, avail - w->list - w->after, w->list, fs, fe);
	if (w->abs > avail)
		w->abs = avail;
	draw_put(d, SECTION_ABSOLUTE_CENTRE, (avail - w->abs) / 2, 0, w->abs);
}

/* The list (with absolute-centre before it) in the middle of the line. */
static void
draw_absolute_centre(struct draw *d, unsigned int avail, struct widths *w,
    int fs, int fe)
{
	unsigned int *const	 sides[] = { &w->centre, &w->right, &w->left,
				     NULL };
	unsigned int *const	 middles[] = { &w->list, &w->after, &w->abs,
				     NULL };
	unsigned int		 middle, off;

	draw_cut(avail, sides);
	draw_cut(avail, middles);
	draw_put(d, SECTION_LEFT, 0, 0, w->left);
	draw_put(d, SECTION_RIGHT, avail - w->right,
	    d->s[SECTION_RIGHT].cx - w->right, w->right);
	middle = w->left + ((avail - w->right) - w->left) / 2;
	draw_put(d, SECTION_CENTRE, middle - w->centre, 0, w->centre);
	if (fs == -1 || fe == -1)
		fs = fe = d->s[SECTION_LIST].cx / 2;
	off = (avail - w->list - w->abs) / 2;
	draw_put(d, SECTION_ABSOLUTE_CENTRE, off, 0, w->abs);
	off += w->abs;
	draw_put_list(d, off, w->list, fs, fe);
	off += w->list;
	draw_put(d, SECTION_AFTER, off, 0, w->after);
}

/* The end of a #[...] (at the ']' after start), skipping nested #{...};
 * NULL if there is none. */
static const char *
draw_style_end(const char *s)
{
	int	depth = 0;

	for (; *s != '\0'; s++) {
		if (s[0] == '#' && s[1] == '{')
			depth++;
		if (s[0] == '#' && s[1] != '\0' &&
		    strchr(",#{}:", s[1]) != NULL) {
			s++;
			continue;
		}
		if (*s == '}')
			depth--;
		if (*s == ']' && depth == 0)
			return (s);
	}
	return (NULL);
}

/* Close the open range (if its style changed) and open one for sy. */
static void
draw_range_update(struct draw *d, struct draw_range **open, int current,
    const struct style *sy)
{
	struct draw_range	*fr = *open;
	struct section		*s = &d->s[current];

	if (fr != NULL && (fr->r.type != sy->range_type ||
	    fr->r.argument != sy->range_argument ||
	    strcmp(fr->r.string, sy->range_string) != 0)) {
		if (s->cx != fr->r.x0) {
			fr->r.x1 = s->cx + 1;
			d->ranges = xreallocarray(d->ranges, d->nranges + 1,
			    sizeof *d->ranges);
			d->ranges[d->nranges++] = *fr;
		}
		free(fr);
		fr = NULL;
	}
	if (fr == NULL && sy->range_type != STYLE_RANGE_NONE) {
		fr = xcalloc(1, sizeof *fr);
		fr->section = current;
		fr->r.x0 = s->cx;
		fr->r.type = sy->range_type;
		fr->r.argument = sy->range_argument;
		memcpy(fr->r.string, sy->range_string, sizeof fr->r.string);
	}
	*open = fr;
}

/* Abandon the open range (entering or leaving the list or a marker). */
static void
draw_range_abort(struct draw_range **open)
{
	free(*open);
	*open = NULL;
}

void
style_draw_format(struct cell *line, unsigned int x, unsigned int avail,
    const char *text, const struct cell *base_in, struct style_range **ranges,
    unsigned int *nranges)
{
	struct draw		 d;
	struct draw_range	*fr = NULL;
	struct style		 sy, saved;
	struct cell		 base = *base_in, current_default = *base_in;
	struct widths		 w;
	const char		*cp = text, *end;
	char			*tmp;
	int			 current = SECTION_LEFT, list_state = -1;
	int			 focus_start = -1, focus_end = -1, fill_set = 0;
	int			 map[] = { SECTION_LEFT, SECTION_LEFT,
				    SECTION_CENTRE, SECTION_RIGHT,
				    SECTION_ABSOLUTE_CENTRE };
	enum style_align	 list_align = STYLE_ALIGN_DEFAULT;
	unsigned int		 i, n, ok = 1;
	uint32_t		 ch, fill = 0;
	int			 len, width, even;

	memset(&d, 0, sizeof d);
	d.size = strlen(text) + 1;
	d.line = line;
	d.x = x;
	for (i = 0; i < SECTION_TOTAL; i++)
		d.s[i].cells = xreallocarray(NULL, d.size, sizeof (struct cell));
	style_init(&sy, &current_default);

	while (*cp != '\0') {
		/* Runs of '#': "##" is one, and before a '[' an odd run
		 * leaves a style. */
		if (cp[0] == '#' && cp[1] != '[' && cp[1] != '\0') {
			for (n = 1; cp[n] == '#'; n++)
				;
			even = (n % 2) == 0;
			if (cp[n] != '[') {
				cp += n;
				n = even ? n / 2 : n / 2 + 1;
				for (i = 0; i < n; i++)
					draw_cell(&d, current, &sy.gc, '#', 1);
				continue;
			}
			cp += even ? n + 1 : n - 1;
			if (sy.ignore)
				continue;
			for (i = 0; i < n / 2; i++)
				draw_cell(&d, current, &sy.gc, '#', 1);
			if (even)
				draw_cell(&d, current, &sy.gc, '[', 1);
			continue;
		}

		if (cp[0] != '#' || cp[1] != '[' || sy.ignore) {
			len = utf8_decode(cp, strlen(cp), &ch);
			if (len <= 1 && ((unsigned char)*cp < 0x20 ||
			    (unsigned char)*cp > 0x7e)) {
				cp++;	/* not printable */
				continue;
			}
			if (len <= 0)
				len = 1;
			cp += len;
			if ((width = utf8_cp_width(ch)) < 0)
				continue;
			if (ch == 0x200d)
				d.s[current].zwj = 1;	/* joins what follows */
			else if (width == 0)
				draw_combine(&d, current, ch);
			else
				draw_cell(&d, current, &sy.gc, ch, width);
			continue;
		}

		/* A style. */
		if ((end = draw_style_end(cp + 2)) == NULL) {
			ok = 0;	/* (tmux draws nothing at all) */
			break;
		}
		tmp = xstrndup(cp + 2, end - (cp + 2));
		saved = sy;
		if (style_parse(&sy, &current_default, tmp) != 0) {
			free(tmp);
			cp = end + 1;
			continue;
		}
		free(tmp);
		if (sy.fill_set) {
			fill_set = 1;
			fill = sy.fill;
		}
		if (sy.default_type == STYLE_DEFAULT_PUSH) {
			current_default = saved.gc;
			sy.default_type = STYLE_DEFAULT_BASE;
		} else if (sy.default_type == STYLE_DEFAULT_POP) {
			current_default = base;
			sy.default_type = STYLE_DEFAULT_BASE;
		}

		switch (sy.list) {
		case STYLE_LIST_ON:
			if (list_state != 0) {
				draw_range_abort(&fr);
				list_state = 0;
				list_align = sy.align;
			}
			if (focus_start != -1 && focus_end == -1)
				focus_end = d.s[SECTION_LIST].cx;
			current = SECTION_LIST;
			break;
		case STYLE_LIST_FOCUS:
			if (list_state != 0)
				break;
			if (focus_start == -1)
				focus_start = d.s[SECTION_LIST].cx;
			break;
		case STYLE_LIST_OFF:
			if (list_state == 0) {
				draw_range_abort(&fr);
				if (focus_start != -1 && focus_end == -1)
					focus_end = d.s[SECTION_LIST].cx;
				map[list_align] = SECTION_AFTER;
				if (list_align == STYLE_ALIGN_LEFT)
					map[STYLE_ALIGN_DEFAULT] =
					    SECTION_AFTER;
				list_state = 1;
			}
			current = map[sy.align];
			break;
		case STYLE_LIST_LEFT_MARKER:
		case STYLE_LIST_RIGHT_MARKER:
			if (list_state != 0)
				break;
			i = sy.list == STYLE_LIST_LEFT_MARKER ?
			    SECTION_LIST_LEFT : SECTION_LIST_RIGHT;
			if (d.s[i].cx != 0)
				break;	/* already has its marker */
			draw_range_abort(&fr);
			if (focus_start != -1 && focus_end == -1)
				focus_start = focus_end = -1;
			current = i;
			break;
		}
		if (ranges != NULL)
			draw_range_update(&d, &fr, current, &sy);
		cp = end + 1;
	}
	free(fr);

	if (ok) {
		if (fill_set) {
			for (i = 0; i < avail; i++) {
				line[x + i] = CELL_BLANK;
				line[x + i].bg = fill;
			}
		}
		w.left = d.s[SECTION_LEFT].cx;
		w.centre = d.s[SECTION_CENTRE].cx;
		w.right = d.s[SECTION_RIGHT].cx;
		w.abs = d.s[SECTION_ABSOLUTE_CENTRE].cx;
		w.list = d.s[SECTION_LIST].cx;
		w.after = d.s[SECTION_AFTER].cx;
		switch (list_align) {
		case STYLE_ALIGN_DEFAULT:
			draw_none(&d, avail, &w);
			break;
		case STYLE_ALIGN_LEFT:
			draw_left(&d, avail, &w, focus_start, focus_end);
			break;
		case STYLE_ALIGN_CENTRE:
			draw_centre(&d, avail, &w, focus_start, focus_end);
			break;
		case STYLE_ALIGN_RIGHT:
			draw_right(&d, avail, &w, focus_start, focus_end);
			break;
		case STYLE_ALIGN_ABSOLUTE_CENTRE:
			draw_absolute_centre(&d, avail, &w, focus_start,
			    focus_end);
			break;
		}
	}
	for (i = 0; ok && ranges != NULL && i < d.nranges; i++) {
		if (d.ranges[i].placed != 1)
			continue;
		*ranges = xreallocarray(*ranges, *nranges + 1,
		    sizeof **ranges);
		(*ranges)[(*nranges)++] = d.ranges[i].r;
	}
	free(d.ranges);
	for (i = 0; i < SECTION_TOTAL; i++)
		free(d.s[i].cells);
}

unsigned int
style_format_width(const char *text)
{
	const char	*cp = text, *end;
	unsigned int	 n, width = 0;
	uint32_t	 ch;
	int		 len, w;

	while (*cp != '\0') {
		if (*cp == '#') {
			for (n = 0; cp[n] == '#'; n++)
				;
			if (cp[n] != '[') {
				width += n % 2 == 0 ? n / 2 : n / 2 + 1;
				cp += n;
				continue;
			}
			width += n / 2;
			if (n % 2 == 0) {
				cp += n;	/* escaped: the '[' is text */
				continue;
			}
			cp += n - 1;
			if ((end = draw_style_end(cp + 2)) == NULL)
				return (0);
			cp = end + 1;
			continue;
		}
		len = utf8_decode(cp, strlen(cp), &ch);
		if (len <= 1 && ((unsigned char)*cp < 0x20 ||
		    (unsigned char)*cp > 0x7e)) {
			cp++;
			continue;
		}
		cp += len > 0 ? len : 1;
		if ((w = utf8_cp_width(ch)) > 0)
			width += w;
	}
	return (width);
}

unsigned int
style_draw(struct cell *line, unsigned int cols, unsigned int x,
    unsigned int maxw, const char *text, const struct cell *base, int flags)
{
	struct cell	 cell;
	const char	*p = text, *end = text + strlen(text);
	unsigned int	 used = 0;
	uint32_t	 cp;
	int		 n, w;

	if (flags & STYLE_DRAW_MARKUP) {
		if (x >= cols)
			return (0);
		if (maxw > cols - x)
			maxw = cols - x;
		used = style_format_width(text);
		if (used > maxw)
			used = maxw;
		if (line != NULL)
			style_draw_format(line, x, used, text, base, NULL, NULL);
		return (used);
	}

	while (p < end) {
		if ((n = utf8_decode(p, end - p, &cp)) <= 0) {
			cp = 0xfffd;
			n = 1;
		}
		p += n;
		if ((w = utf8_cp_width(cp)) <= 0)
			continue;	/* controls and marks are not drawn */
		if (used + w > maxw || x + used + w > cols)
			break;
		if (line != NULL) {
			cell = *base;
			cell.ch = cp;
			cell.width = w;
			line[x + used] = cell;
			if (w == 2) {
				cell.ch = ' ';
				cell.width = 0;
				line[x + used + 1] = cell;
			}
		}
		used += w;
	}
	return (used);
}
