/*
 * Copy mode search (see copy.h): patterns (text or POSIX extended regular
 * expressions), searching the snapshot up and down, and the matches
 * highlighted in view.
 */
#include <ctype.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"
#include "common/xmalloc.h"
#include "server/copy-int.h"
#include "server/server.h"

/* Cells of one wrapped line a search looks at, as tmux. */
#define COPY_SEARCH_MAX		2000
/* Counting every match in the history stops after this long. */
#define COPY_COUNT_NS		(200 * 1000000ULL)

/*
 * Search. A line is searched as text: its cells from a column on, and the
 * cells of the lines it wraps into, as UTF-8, with each byte knowing the
 * cell it came from, so a match maps back to cells however wide its
 * characters are. Matches in view are marked, one number per match, so
 * that neighbouring matches stay apart.
 */

/* Characters that make a search string a regular expression. */
#define COPY_REGEX_CHARS	"^$*+()?[].\\"

int
copy_pattern_init(struct copy_pattern *pat, const char *str, int regex)
{
	const char	*s;
	int		 flags = REG_EXTENDED;

	memset(pat, 0, sizeof *pat);
	if (regex && str[strcspn(str, COPY_REGEX_CHARS)] == '\0')
		regex = 0;
	pat->icase = 1;
	for (s = str; *s != '\0'; s++) {
		if (isupper((unsigned char)*s))
			pat->icase = 0;
	}
	pat->regex = regex;
	if (regex) {
		if (pat->icase)
			flags |= REG_ICASE;
		if (regcomp(&pat->re, str, flags) != 0)
			return (-1);
		return (0);
	}
	pat->str = xstrdup(str);
	pat->len = strlen(str);
	return (0);
}

void
copy_pattern_free(struct copy_pattern *pat)
{
	if (pat->regex)
		regfree(&pat->re);
	free(pat->str);
	memset(pat, 0, sizeof *pat);
}

/* Does text at s start with the pattern's text? */
static int
copy_pattern_at(const struct copy_pattern *pat, const char *s)
{
	size_t	i;

	if (!pat->icase)
		return (memcmp(s, pat->str, pat->len) == 0);
	for (i = 0; i < pat->len; i++) {
		if (tolower((unsigned char)s[i]) != (unsigned char)pat->str[i])
			return (0);
	}
	return (1);
}

int
copy_pattern_find(const struct copy_pattern *pat, const char *text,
    size_t len, size_t from, size_t limit, int notbol, int last, size_t *so,
    size_t *eo)
{
	regmatch_t	m;
	size_t		pos = from, s, e;
	int		found = 0, n;
	uint32_t	cp;

	if (limit > len)
		limit = len;
	if (!pat->regex) {
		if (pat->len == 0)
			return (0);
		for (s = from; s < limit && s + pat->len <= len; s++) {
			if (!copy_pattern_at(pat, text + s))
				continue;
			*so = s;
			*eo = s + pat->len;
			found = 1;
			if (!last)
				break;
		}
		return (found);
	}
	while (pos < limit) {
		if (regexec(&pat->re, text + pos, 1, &m,
		    (notbol || pos > 0) ? REG_NOTBOL : 0) != 0)
			break;
		s = pos + m.rm_so;
		e = pos + m.rm_eo;
		if (s >= limit)
			break;
		if (s == e) {
			/* An empty match: look again a character on. */
			if ((n = utf8_decode(text + s, len - s, &cp)) <= 0)
				n = 1;
			pos = s + n;
			continue;
		}
		*so = s;
		*eo = e;
		found = 1;
		if (!last)
			break;
		pos = e;
	}
	return (found);
}

/* A line's text for searching (see above). */
struct copy_text {
	char		*buf;
	unsigned int	*cell;		/* for each byte: its cell */
	size_t		 len;
	size_t		 size;
	unsigned int	 ncells;
};

/* The text of line y from column x on, and of the lines it wraps into
 * (COPY_SEARCH_MAX cells at most): every cell, trailing spaces too. */
static void
copy_text_line(struct copy_mode *cm, struct copy_text *t, unsigned int x,
    unsigned int y)
{
	const struct copy_line	*cl;
	char			 s[UTF8_MAX_BYTES];
	size_t			 n, i;

	t->len = 0;
	t->ncells = 0;
	for (;;) {
		cl = copy_get(cm, y);
		for (; x < cm->sx; x++, t->ncells++) {
			if (cl->cells[x].width == 0)
				continue;
			n = utf8_char_to_utf8(cl->cells[x].ch, s);
			if (t->len + n + 1 > t->size) {
				t->size = (t->len + n + 1) * 2;
				t->buf = xreallocarray(t->buf, 1, t->size);
				t->cell = xreallocarray(t->cell, t->size,
				    sizeof *t->cell);
			}
			memcpy(t->buf + t->len, s, n);
			for (i = 0; i < n; i++)
				t->cell[t->len + i] = t->ncells;
			t->len += n;
		}
		if (!cl->wrapped || y + 1 >= copy_total(cm) ||
		    t->ncells >= COPY_SEARCH_MAX)
			break;
		y++;
		x = 0;
	}
	if (t->buf == NULL) {
		t->size = 1;
		t->buf = xmalloc(1);
		t->cell = xreallocarray(NULL, 1, sizeof *t->cell);
	}
	t->buf[t->len] = '\0';
	t->cell[t->len] = t->ncells;
}

static void
copy_text_free(struct copy_text *t)
{
	free(t->buf);
	free(t->cell);
}

/* Find a match starting on line py in columns [first, last): the first,
 * or the last one when backward. Returns 1 with its column and its width
 * in cells (it may go on into the lines py wraps into). */
static int
copy_search_line(struct copy_mode *cm, const struct copy_pattern *pat,
    struct copy_text *t, unsigned int py, unsigned int first,
    unsigned int last, int backward, unsigned int *px, unsigned int *width)
{
	size_t	limit, so, eo;

	if (first >= last || first >= cm->sx)
		return (0);
	copy_text_line(cm, t, first, py);
	for (limit = 0; limit < t->len; limit++) {
		if (t->cell[limit] >= last - first)
			break;
	}
	if (!copy_pattern_find(pat, t->buf, t->len, 0, limit, first != 0,
	    backward, &so, &eo))
		return (0);
	*px = first + t->cell[so];
	*width = t->cell[eo] - t->cell[so];
	return (1);
}

/* One cell on, through the whole snapshot (and round when wrap). */
static void
copy_step_right(struct copy_mode *cm, unsigned int *fx, unsigned int *fy,
    int wrap)
{
	if (*fx + 1 < cm->sx) {
		(*fx)++;
		return;
	}
	if (*fy + 1 >= copy_total(cm)) {
		if (wrap)
			*fx = *fy = 0;
		return;
	}
	*fx = 0;
	(*fy)++;
}

/* One cell back. */
static void
copy_step_left(struct copy_mode *cm, unsigned int *fx, unsigned int *fy,
    int wrap)
{
	if (*fx > 0) {
		(*fx)--;
		return;
	}
	if (*fy == 0) {
		if (wrap) {
			*fx = cm->sx - 1;
			*fy = copy_total(cm) - 1;
		}
		return;
	}
	*fx = cm->sx - 1;
	(*fy)--;
}

/* The mark of absolute (x, y) if it is in view: its index in marks. */
int
copy_mark_at(struct copy_mode *cm, unsigned int x, unsigned int y,
    unsigned int *at)
{
	unsigned int	top = copy_top(cm);

	copy_marks_make(cm);
	if (y < top || y >= top + cm->sy || x >= cm->sx)
		return (0);
	*at = (y - top) * cm->sx + x;
	return (1);
}

/* From inside a match, to the cell after it. */
static void
copy_after_mark(struct copy_mode *cm, unsigned int *fx, unsigned int *fy,
    int wrap)
{
	unsigned int	at, start, n = cm->sx * cm->sy;
	uint8_t		mark;

	if (!copy_mark_at(cm, *fx, *fy, &start) || cm->marks[start] == 0)
		return;
	mark = cm->marks[start];
	while (n-- > 0 && copy_mark_at(cm, *fx, *fy, &at) &&
	    cm->marks[at] == mark) {
		if (!wrap && *fx == cm->sx - 1 && *fy == copy_total(cm) - 1)
			break;
		copy_step_right(cm, fx, fy, wrap);
	}
}

/* Search from (fx, fy) to endline, down or up; go round once when wrap.
 * The cursor goes to the match. */
static int
copy_search_jump(struct copy_mode *cm, const struct copy_pattern *pat,
    unsigned int fx, unsigned int fy, unsigned int endline, int wrap,
    int down)
{
	struct copy_text	t = { NULL, NULL, 0, 0, 0 };
	unsigned int		i, px = 0, width;
	int			found = 0;

	if (down) {
		for (i = fy; i <= endline; i++) {
			found = copy_search_line(cm, pat, &t, i, fx, cm->sx, 0,
			    &px, &width);
			if (found)
				break;
			fx = 0;
		}
	} else {
		for (i = fy + 1; i > endline; i--) {
			found = copy_search_line(cm, pat, &t, i - 1, 0, fx + 1,
			    1, &px, &width);
			if (found) {
				i--;
				break;
			}
			fx = cm->sx - 1;
		}
	}
	copy_text_free(&t);
	if (found) {
		copy_scroll_to(cm, px, i);
		return (1);
	}
	if (wrap) {
		return (copy_search_jump(cm, pat, down ? 0 : cm->sx - 1,
		    down ? 0 : copy_total(cm) - 1, fy, 0, down));
	}
	return (0);
}

/* Count the matches in the whole snapshot for the position indicator;
 * past COPY_COUNT_NS the count is rounded down to 10, 100 or 1000 and
 * shown with a "+" (as tmux). */
static void
copy_count_matches(struct copy_mode *cm, const struct copy_pattern *pat)
{
	struct copy_text	t = { NULL, NULL, 0, 0, 0 };
	uint64_t		start = server_now_ns();
	unsigned int		y, px, fx, width, n = 0;
	int			stopped = 0;

	for (y = 0; y < copy_total(cm); y++) {
		px = 0;
		while (copy_search_line(cm, pat, &t, y, px, cm->sx, 0, &fx,
		    &width)) {
			n++;
			px = fx + (width == 0 ? 1 : width);
		}
		if ((y & 63) == 63 && server_now_ns() - start > COPY_COUNT_NS) {
			stopped = 1;
			break;
		}
	}
	copy_text_free(&t);
	if (stopped) {
		if (n > 1000)
			cm->searchcount = 1000;
		else if (n > 100)
			cm->searchcount = 100;
		else if (n > 10)
			cm->searchcount = 10;
		else
			cm->searchcount = -1;
		cm->searchmore = 1;
	} else {
		cm->searchcount = n;
		cm->searchmore = 0;
	}
}

/* Mark the matches in view (and those running into it from lines above
 * that wrap), if the view moved since they were marked. */
void
copy_marks_make(struct copy_mode *cm)
{
	struct copy_pattern	 pat;
	struct copy_text	 t = { NULL, NULL, 0, 0, 0 };
	unsigned int		 top = copy_top(cm), start, end, py, px, fx;
	unsigned int		 width, k, x, y;
	uint8_t			 gen = 1;

	if (cm->marks_valid && cm->marks_top == top && cm->marks_sx == cm->sx &&
	    cm->marks_sy == cm->sy)
		return;
	free(cm->marks);
	cm->marks = xcalloc((size_t)cm->sx * cm->sy, 1);
	cm->marks_top = top;
	cm->marks_sx = cm->sx;
	cm->marks_sy = cm->sy;
	cm->marks_valid = 1;
	if (!cm->marks_on || cm->laststr == NULL)
		return;
	if (copy_pattern_init(&pat, cm->laststr, cm->lastregex) != 0)
		return;
	for (start = top; start > 0 && copy_wrapped(cm, start - 1); start--)
		/* nothing */;
	end = top + cm->sy;
	for (py = start; py < end; py++) {
		px = 0;
		while (copy_search_line(cm, &pat, &t, py, px, cm->sx, 0, &fx,
		    &width)) {
			for (k = 0; k < width; k++) {
				x = (fx + k) % cm->sx;
				y = py + (fx + k) / cm->sx;
				if (y < top || y >= end)
					continue;
				if (cm->marks[(y - top) * cm->sx + x] == 0)
					cm->marks[(y - top) * cm->sx + x] = gen;
			}
			gen = gen == UINT8_MAX ? 1 : gen + 1;
			px = fx + (width == 0 ? 1 : width);
		}
	}
	copy_text_free(&t);
	copy_pattern_free(&pat);
}

/* Stop highlighting matches. */
static void
copy_marks_off(struct copy_mode *cm)
{
	cm->marks_on = 0;
	cm->searchcount = -1;
	cm->searchmore = 0;
	cm->marks_valid = 0;
}

/* Search for searchstr from the cursor, down or up. */
static int
copy_search1(struct copy_mode *cm, int down, int regex)
{
	const char		*str = cm->searchstr;
	struct copy_pattern	 pat;
	unsigned int		 fx, fy, at, start, endline, top;
	int			 visible_only, found, vi = copy_vi(cm);

	copy_check_size(cm);
	if (str == NULL || *str == '\0')
		return (0);
	if (regex && str[strcspn(str, COPY_REGEX_CHARS)] == '\0')
		regex = 0;
	cm->searchdirection = down;

	/* The same search again only marks the view again. */
	if (cm->searchall || cm->laststr == NULL || cm->lastregex != regex) {
		visible_only = 0;
		cm->searchall = 0;
	} else
		visible_only = strcmp(cm->laststr, str) == 0;
	if (!visible_only && cm->marks_on)
		copy_marks_off(cm);
	free(cm->laststr);
	cm->laststr = xstrdup(str);
	cm->lastregex = regex;
	if (copy_pattern_init(&pat, str, regex) != 0) {
		copy_changed(cm);
		return (0);
	}

	fx = cm->cx;
	fy = copy_cursor_line(cm);
	if (down) {
		/* vi leaves the cursor on the match: start after it. */
		if (vi) {
			if (cm->marks_on)
				copy_after_mark(cm, &fx, &fy, 1);
			else
				copy_step_right(cm, &fx, &fy, 1);
		}
		endline = copy_total(cm) - 1;
	} else {
		copy_step_left(cm, &fx, &fy, 1);
		endline = 0;
	}
	found = copy_search_jump(cm, &pat, fx, fy, endline, 1, down);
	if (found) {
		cm->marks_on = 1;
		cm->marks_valid = 0;
		if (!visible_only)
			copy_count_matches(cm, &pat);
		fx = cm->cx;
		fy = copy_cursor_line(cm);

		/* Searching down into the middle of a match: on to the next
		 * one. */
		if (down && copy_mark_at(cm, fx, fy, &at) && at > 0 &&
		    cm->marks[at] != 0 && cm->marks[at] == cm->marks[at - 1]) {
			copy_after_mark(cm, &fx, &fy, 1);
			copy_search_jump(cm, &pat, fx, fy, endline, 1, down);
			fx = cm->cx;
			fy = copy_cursor_line(cm);
		}
		if (down) {
			/* emacs puts the cursor after the match (the selection
			 * still ends at its start, as tmux). */
			if (!vi) {
				copy_after_mark(cm, &fx, &fy, 1);
				top = copy_top(cm);
				if (fy >= top && fy < top + cm->sy) {
					cm->cx = fx;
					cm->cy = fy - top;
				} else
					copy_show(cm, fx, fy, 0);
			}
		} else if (copy_mark_at(cm, fx, fy, &start) &&
		    cm->marks[start] != 0) {
			/* Up: to the start of the match. */
			top = copy_top(cm);
			while (copy_mark_at(cm, fx, fy, &at) &&
			    cm->marks[at] == cm->marks[start]) {
				cm->cx = fx;
				cm->cy = fy - top;
				if (at == 0)
					break;
				copy_step_left(cm, &fx, &fy, 0);
			}
			copy_update_selection(cm, 0);
		}
	}
	copy_pattern_free(&pat);
	copy_changed(cm);
	return (found);
}

int
copy_search(struct copy_mode *cm, const char *str, int forward, int regex)
{
	if (str == NULL || *str == '\0')
		return (0);
	free(cm->searchstr);
	cm->searchstr = xstrdup(str);
	cm->searchtype = forward ? COPY_SEARCH_DOWN : COPY_SEARCH_UP;
	cm->searchregex = regex;
	return (copy_search1(cm, forward, regex));
}

void
copy_search_again(struct copy_mode *cm, int reverse)
{
	int	down;

	if (cm->searchtype == COPY_SEARCH_OFF)
		return;
	down = cm->searchtype == COPY_SEARCH_DOWN;
	copy_search1(cm, reverse ? !down : down, cm->searchregex);
}

void
copy_search_incremental(struct copy_mode *cm, const char *arg, int forward)
{
	char	prefix = '=';
	int	down;

	copy_check_size(cm);
	if (*arg == '=' || *arg == '+' || *arg == '-')
		prefix = *arg++;
	if (cm->searchx == -1 || cm->searchy == -1) {
		cm->searchx = cm->cx;
		cm->searchy = cm->cy;
		cm->searcho = cm->oy;
	} else if (cm->searchstr != NULL && strcmp(arg, cm->searchstr) != 0) {
		/* The text changed: search again from where it began. */
		cm->cx = cm->searchx;
		cm->cy = cm->searchy;
		cm->oy = cm->searcho;
		if (cm->oy > copy_hsize(cm))
			cm->oy = copy_hsize(cm);
		if (cm->cy >= cm->sy)
			cm->cy = cm->sy - 1;
		if (cm->cx > copy_length(cm, copy_cursor_line(cm)))
			cm->cx = copy_length(cm, copy_cursor_line(cm));
		copy_changed(cm);
	}
	if (*arg == '\0') {
		copy_marks_off(cm);
		copy_changed(cm);
		return;
	}
	if (prefix == '+')
		down = 1;
	else if (prefix == '-')
		down = 0;
	else
		down = forward;
	free(cm->searchstr);
	cm->searchstr = xstrdup(arg);
	cm->searchtype = down ? COPY_SEARCH_DOWN : COPY_SEARCH_UP;
	cm->searchregex = 0;
	if (!copy_search1(cm, down, 0)) {
		copy_marks_off(cm);
		copy_changed(cm);
	}
}

int
copy_has_marks(const struct copy_mode *cm)
{
	return (cm->marks_on);
}

void
copy_clear_marks(struct copy_mode *cm)
{
	copy_marks_off(cm);
	cm->searchx = cm->searchy = -1;
	copy_changed(cm);
}
