/*
 * Copy mode search (see copy.h): patterns (text or POSIX extended regular
 * expressions), searching the snapshot up and down, and the matches
 * highlighted in view.
 */
#include <ctype.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "common/re.h"
#include "common/utf8.h"
#include "common/xmalloc.h"
#include "copy/copy-int.h"
#include "model/options.h"
#include "model/state.h"
#include "model/window.h"

/* Cells of one wrapped line a search looks at, as tmux. */
#define COPY_SEARCH_MAX		2000
/* Counting every match in the history stops after this long. */
#define COPY_COUNT_NS		(200 * 1000000ULL)
/* Lines ahead a search asks the memory for. */
#define COPY_PREFETCH		16

/*
 * Search. A line is searched as text: its cells from a column on, and the
 * cells of the lines it wraps into, as UTF-8, with each byte knowing the
 * cell it came from, so a match maps back to cells however wide its
 * characters are. Matches in view are marked, one number per match, so
 * that neighbouring matches stay apart.
 *
 * Searching the whole snapshot (a search that goes far, counting the
 * matches) must not decode every line into cells: a whole line's text is
 * read straight from the snapshot's store (history_get_text), and a line
 * whose text lacks what every match contains (the search text itself, or
 * the longest run of plain characters a regular expression needs) is
 * passed over without running the expression. Only a line that may match
 * is searched cell by cell.
 */

/* Characters that make a search string a regular expression. */
#define COPY_REGEX_CHARS	"^$*+()?[].\\"

/* Does s start with the first n bytes of the pattern's need? */
static int
copy_pattern_same(const struct copy_pattern *pat, const char *s, size_t n)
{
	size_t	i;

	if (!pat->icase)
		return (memcmp(s, pat->need, n) == 0);
	for (i = 0; i < n; i++) {
		if (pat->fold[(unsigned char)s[i]] != (unsigned char)pat->need[i])
			return (0);
	}
	return (1);
}

/* How common a byte is in terminal text, roughly: a search for need
 * looks for its least common byte first. */
static int
copy_pattern_rank(unsigned char c)
{
	if (c == ' ')
		return (0);
	if (strchr("etaoinsr", c) != NULL)
		return (1);
	if ((c >= 'a' && c <= 'z') || strchr("/.-_", c) != NULL)
		return (2);
	if ((c >= '0' && c <= '9') || c >= 0x80)
		return (3);
	if (c >= 'A' && c <= 'Z')
		return (4);
	return (5);
}

/* Make what copy_pattern_scan needs, once per pattern: the byte of need
 * it looks for first, and the case folding table. */
static void
copy_pattern_prepare(struct copy_pattern *pat)
{
	size_t	i;

	for (i = 0; i < sizeof pat->fold; i++)
		pat->fold[i] = pat->icase ? tolower((int)i) : (int)i;
	pat->pivot = 0;
	for (i = 1; i < pat->needlen; i++) {
		if (copy_pattern_rank(pat->need[i]) >
		    copy_pattern_rank(pat->need[pat->pivot]))
			pat->pivot = i;
	}
}

/* Where the pattern's need is first in s (len bytes), or NULL: memchr
 * (both cases, ignoring case) finds where its pivot byte might be, and
 * the rest is compared there. */
static const char *
copy_pattern_scan(const struct copy_pattern *pat, const char *s,
    size_t len)
{
	size_t		 m = pat->needlen, k = pat->pivot;
	const char	*p, *end, *a, *b;
	unsigned char	 lo, up;

	if (m == 0 || m > len)
		return (m == 0 ? s : NULL);
	lo = pat->need[k];
	up = pat->icase ? toupper(lo) : lo;
	p = s + k;
	end = s + len - (m - 1 - k);
	while (p < end) {
		a = memchr(p, lo, end - p);
		if (up != lo) {
			b = memchr(p, up, (a != NULL ? a : end) - p);
			if (b != NULL)
				a = b;
		}
		if (a == NULL)
			return (NULL);
		if (copy_pattern_same(pat, a - k, m))
			return (a - k);
		p = a + 1;
	}
	return (NULL);
}

/* Skip a quantifier ("*", "+", "?", "{m,n}") at re[*i]; returns its first
 * character, or 0 when there is none. */
static char
copy_need_quantifier(const char *re, size_t *i)
{
	char	q = re[*i];

	if (q == '*' || q == '+' || q == '?') {
		(*i)++;
		return (q);
	}
	if (q != '{')
		return (0);
	while (re[*i] != '\0' && re[*i] != '}')
		(*i)++;
	if (re[*i] == '}')
		(*i)++;
	return ('{');
}

/* Skip a bracket expression starting at re[*i] ('['). */
static void
copy_need_bracket(const char *re, size_t *i)
{
	char	end;

	(*i)++;
	if (re[*i] == '^')
		(*i)++;
	if (re[*i] == ']')
		(*i)++;
	while (re[*i] != '\0' && re[*i] != ']') {
		if (re[*i] == '[' && (re[*i + 1] == ':' || re[*i + 1] == '.' ||
		    re[*i + 1] == '=')) {
			end = re[*i + 1];
			*i += 2;
			while (re[*i] != '\0' &&
			    !(re[*i] == end && re[*i + 1] == ']'))
				(*i)++;
			if (re[*i] != '\0')
				*i += 2;
			continue;
		}
		(*i)++;
	}
	if (re[*i] == ']')
		(*i)++;
}

/* Skip a group starting at re[*i] ('('), with the groups, brackets and
 * escapes in it. */
static void
copy_need_group(const char *re, size_t *i)
{
	unsigned int	depth = 0;

	while (re[*i] != '\0') {
		switch (re[*i]) {
		case '\\':
			(*i)++;
			if (re[*i] != '\0')
				(*i)++;
			continue;
		case '[':
			copy_need_bracket(re, i);
			continue;
		case '(':
			depth++;
			break;
		case ')':
			if (--depth == 0) {
				(*i)++;
				return;
			}
			break;
		}
		(*i)++;
	}
}

/*
 * The text every match of a regular expression contains: the longest run
 * of plain characters, outside groups and brackets, that no quantifier
 * makes optional. None when the expression has an alternation at its top
 * level. Ignoring case, only ASCII characters count (the expression may
 * fold others in ways a byte comparison would not).
 */
static void
copy_pattern_need(struct copy_pattern *pat, const char *re)
{
	size_t		 i = 0, n = strlen(re), run = 0, last = 0, k;
	char		*cur = xmalloc(n + 1), q;
	int		 literal;
	uint32_t	 cp;

	pat->need = xmalloc(n + 1);
	pat->needlen = 0;
	while (re[i] != '\0') {
		literal = 0;
		k = 1;
		switch (re[i]) {
		case '|':
			pat->needlen = 0;	/* an alternation: nothing sure */
			free(cur);
			return;
		case '[':
			copy_need_bracket(re, &i);
			k = 0;
			break;
		case '(':
			copy_need_group(re, &i);
			k = 0;
			break;
		case '\\':
			if (re[i + 1] != '\0' &&
			    strchr("^.[]$()|*+?{}\\/-", re[i + 1]) != NULL) {
				i++;
				literal = 1;
			} else	/* \w, \b, \1 and the like */
				k = re[i + 1] != '\0' ? 2 : 1;
			break;
		case '.':
		case '^':
		case '$':
			break;
		default:
			if ((unsigned char)re[i] < 0x80) {
				literal = 1;
				break;
			}
			if (pat->icase)
				k = 1;	/* a byte of a non-ASCII character */
			else if ((int)(k = utf8_decode(re + i, n - i, &cp)) > 0)
				literal = 1;
			else
				k = 1;
			break;
		}
		if (literal) {
			memcpy(cur + run, re + i, k);
			last = k;
			run += k;
		}
		i += k;
		q = copy_need_quantifier(re, &i);
		if (literal && q != 0 && q != '+') {
			run -= last;	/* optional: not needed */
			literal = 0;
		}
		if (!literal || q != 0) {
			if (run > pat->needlen) {
				memcpy(pat->need, cur, run);
				pat->needlen = run;
			}
			run = 0;
		}
	}
	if (run > pat->needlen) {
		memcpy(pat->need, cur, run);
		pat->needlen = run;
	}
	free(cur);
}

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
		if (re_compile(&pat->re, str, flags) != 0)
			return (-1);
		copy_pattern_need(pat, str);
		copy_pattern_prepare(pat);
		return (0);
	}
	pat->str = xstrdup(str);
	pat->len = strlen(str);
	pat->need = xstrdup(str);
	pat->needlen = pat->len;
	copy_pattern_prepare(pat);
	return (0);
}

int
copy_pattern_maybe(const struct copy_pattern *pat, const char *text,
    size_t len)
{
	if (pat->needlen == 0)
		return (1);
	return (copy_pattern_scan(pat, text, len) != NULL);
}

void
copy_pattern_free(struct copy_pattern *pat)
{
	if (pat->regex)
		regfree(&pat->re);
	free(pat->str);
	free(pat->need);
	memset(pat, 0, sizeof *pat);
}

int
copy_pattern_find(const struct copy_pattern *pat, const char *text,
    size_t len, size_t from, size_t limit, int notbol, int last, size_t *so,
    size_t *eo)
{
	regmatch_t	 m;
	size_t		 pos = from, s, e;
	const char	*at;
	int		 found = 0, n;
	uint32_t	 cp;

	if (limit > len)
		limit = len;
	if (!pat->regex) {
		if (pat->len == 0)
			return (0);
		for (s = from; s < limit; s++) {
			at = copy_pattern_scan(pat, text + s, len - s);
			if (at == NULL || (size_t)(at - text) >= limit)
				break;
			s = at - text;
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

	char		*fast;		/* copy_text_fast's text */
	size_t		 fastlen;
	size_t		 fastsize;
	size_t		 fastown;	/* bytes of the first line's cells */
};
#define COPY_TEXT_EMPTY { NULL, NULL, 0, 0, 0, NULL, 0, 0, 0 }

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

/* Room for n more bytes of fast text (and a NUL). */
static void
copy_text_reserve(struct copy_text *t, size_t n)
{
	if (t->fastlen + n + 1 > t->fastsize) {
		t->fastsize = (t->fastlen + n + 1) * 2;
		t->fast = xreallocarray(t->fast, 1, t->fastsize);
	}
}

/* The text copy_text_line makes of line y from column 0, read from the
 * store without decoding cells (into fast; fastown: the bytes of line y's
 * own cells). Returns 0 when it cannot (a line wider than the snapshot:
 * its cells are cut). */
static int
copy_text_fast(struct copy_mode *cm, struct copy_text *t, unsigned int y)
{
	unsigned int	cols, ncells = 0, total = copy_total(cm);
	size_t		n;
	int		wrapped;

	t->fastlen = 0;
	for (;;) {
		copy_text_reserve(t, cm->sx * 4);
		n = history_get_text(cm->lines, y, t->fast + t->fastlen,
		    t->fastsize - t->fastlen - 1, &cols, &wrapped);
		if (n > t->fastsize - t->fastlen - 1) {
			copy_text_reserve(t, n);
			n = history_get_text(cm->lines, y, t->fast + t->fastlen,
			    t->fastsize - t->fastlen - 1, &cols, &wrapped);
		}
		if (cols > cm->sx)
			return (0);
		t->fastlen += n;
		/* Blank cells to the edge, as the cells are read. */
		copy_text_reserve(t, cm->sx - cols);
		memset(t->fast + t->fastlen, ' ', cm->sx - cols);
		t->fastlen += cm->sx - cols;
		if (ncells == 0)
			t->fastown = t->fastlen;
		ncells += cm->sx;
		if (!wrapped || y + 1 >= total || ncells >= COPY_SEARCH_MAX)
			break;
		y++;
	}
	t->fast[t->fastlen] = '\0';
	return (1);
}

static void
copy_text_free(struct copy_text *t)
{
	free(t->buf);
	free(t->cell);
	free(t->fast);
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
	/* A whole line that cannot match is passed over without its cells. */
	if (first == 0 && last >= cm->sx && copy_text_fast(cm, t, py) &&
	    !copy_pattern_maybe(pat, t->fast, t->fastlen))
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
	struct copy_text	t = COPY_TEXT_EMPTY;
	unsigned int		i, px = 0, width;
	int			found = 0;

	if (down) {
		for (i = fy; i <= endline; i++) {
			history_prefetch(cm->lines, i + COPY_PREFETCH);
			found = copy_search_line(cm, pat, &t, i, fx, cm->sx, 0,
			    &px, &width);
			if (found)
				break;
			fx = 0;
		}
	} else {
		for (i = fy + 1; i > endline; i--) {
			if (i > COPY_PREFETCH)
				history_prefetch(cm->lines, i - COPY_PREFETCH);
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

/* The matches starting on line y, one after another. */
static unsigned int
copy_count_line(struct copy_mode *cm, const struct copy_pattern *pat,
    struct copy_text *t, unsigned int y)
{
	unsigned int	px = 0, fx, width, n = 0;
	size_t		from = 0, so, eo;

	if (copy_text_fast(cm, t, y)) {
		/* In the text as read from the store: no cells needed. */
		if (!copy_pattern_maybe(pat, t->fast, t->fastlen))
			return (0);
		while (copy_pattern_find(pat, t->fast, t->fastlen, from,
		    t->fastown, 0, 0, &so, &eo)) {
			n++;
			from = eo;
		}
		return (n);
	}
	while (copy_search_line(cm, pat, t, y, px, cm->sx, 0, &fx, &width)) {
		n++;
		px = fx + (width == 0 ? 1 : width);
	}
	return (n);
}

/* Count the matches in the whole snapshot for the position indicator;
 * past COPY_COUNT_NS the count is rounded down to 10, 100 or 1000 and
 * shown with a "+" (as tmux). */
static void
copy_count_matches(struct copy_mode *cm, const struct copy_pattern *pat)
{
	struct copy_text	t = COPY_TEXT_EMPTY;
	uint64_t		start = server_now_ns();
	unsigned int		y, n = 0;
	int			stopped = 0;

	for (y = 0; y < copy_total(cm); y++) {
		history_prefetch(cm->lines, y + COPY_PREFETCH);
		n += copy_count_line(cm, pat, &t, y);
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
	struct copy_text	 t = COPY_TEXT_EMPTY;
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
	int			 visible_only, found, wrap, vi = copy_vi(cm);

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
	wrap = options_get_number(cm->pane->window->options, "wrap-search");
	found = copy_search_jump(cm, &pat, fx, fy, endline, wrap, down);
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
			copy_search_jump(cm, &pat, fx, fy, endline, wrap,
			    down);
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
