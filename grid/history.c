/*
 * History: a ring of compact lines.
 *
 * A line is one malloc'd block:
 *
 *	flags (1 byte: HLINE_WRAPPED)
 *	varint text length, varint run-list length, varint width in columns
 *	text: one entry per character (the right half of a wide character
 *	    has no entry), normally its code point as UTF-8; two byte values
 *	    that never occur in UTF-8 mark the rare cases:
 *		0xfe W		the character is W (1 or 2) columns wide
 *				although utf8_cp_width says otherwise
 *		0xff N cps	an interned character of N code points
 *	runs: style changes, each covering a number of characters:
 *		byte 0: bits 0-1 fg kind, 2-3 bg kind (0 unchanged, 1 default,
 *		    2 indexed, 3 RGB), bit 4 attributes follow, bits 5-7 the
 *		    length 1-7 (0: a varint length follows the fields)
 *		fg (1 or 3 bytes), bg (1 or 3 bytes), attr (2 bytes)
 *	    Characters after the last run have the default style, so a plain
 *	    line has no runs at all.
 *
 * A 78-column ASCII line is 82 bytes (a 96-byte glibc chunk); a line whose
 * every character has its own 24-bit colour is 4 bytes a character more.
 * history_bytes counts each line as its block plus 16 bytes (malloc header
 * and rounding) plus its ring slot: 106 and 418 bytes for those two.
 * Trailing default blanks are trimmed from lines that are not wrapped; a
 * wrapped line keeps all its cells so joining it with the next one (reflow)
 * gives back the logical line exactly.
 *
 * The ring's slot array grows by doubling up to the limit.
 */
#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"
#include "common/xmalloc.h"
#include "grid/history.h"

#define HLINE_WRAPPED	0x1

#define HIST_MARK_WIDTH		0xfe
#define HIST_MARK_INTERN	0xff

#define RUN_SAME	0
#define RUN_DEFAULT	1
#define RUN_INDEX	2
#define RUN_RGB		3
#define RUN_ATTR	0x10

/* Accounted malloc overhead per line: glibc's chunk header and rounding
 * to 16 bytes average about this on 64-bit systems. */
#define HIST_MALLOC_OVERHEAD	16

/* How many lines ahead history_dup asks the memory for. */
#define HIST_PREFETCH		16

struct history {
	unsigned char	**lines;	/* ring of capacity slots */
	unsigned int	  capacity;
	unsigned int	  start;	/* slot of the oldest line */
	unsigned int	  size;
	unsigned int	  limit;
	size_t		  bytes;	/* lines' blocks + malloc overhead */

	unsigned char	 *text;		/* encoding scratch */
	size_t		  text_size;
	unsigned char	 *runs;
	size_t		  runs_size;

	unsigned char	 *arena;	/* history_dup's lines, in one block */
	size_t		  arena_size;
};

/* A decoded line header. */
struct hline_hdr {
	unsigned int		 flags;
	size_t			 tlen;
	size_t			 rlen;
	unsigned int		 cols;
	const unsigned char	*text;
	const unsigned char	*runs;
};

/* Append a varint (7 bits a byte, low first) at p; returns bytes written. */
static size_t
hist_put_varint(unsigned char *p, size_t v)
{
	size_t	n = 0;

	while (v >= 0x80) {
		p[n++] = (v & 0x7f) | 0x80;
		v >>= 7;
	}
	p[n++] = v;
	return (n);
}

/* Bytes a varint of value v takes. */
static size_t
hist_varint_size(size_t v)
{
	size_t	n = 1;

	while (v >= 0x80) {
		v >>= 7;
		n++;
	}
	return (n);
}

/* Read a varint from [*p, end); returns 0 when truncated. */
static size_t
hist_get_varint(const unsigned char **p, const unsigned char *end)
{
	size_t		v = 0;
	unsigned int	shift = 0;

	while (*p < end && shift < 8 * sizeof v) {
		v |= (size_t)(**p & 0x7f) << shift;
		if ((*(*p)++ & 0x80) == 0)
			return (v);
		shift += 7;
	}
	return (0);
}

/* Parse the header of a stored line. */
static void
hline_parse(const unsigned char *line, struct hline_hdr *h)
{
	/* Three varints of at most 10 bytes each follow the flags. */
	const unsigned char	*p = line + 1, *end = line + 1 + 30;

	h->flags = line[0];
	h->tlen = hist_get_varint(&p, end);
	h->rlen = hist_get_varint(&p, end);
	h->cols = hist_get_varint(&p, end);
	h->text = p;
	h->runs = p + h->tlen;
}

/* Bytes accounted for one stored line: its block and a malloc header. */
static size_t
hline_cost(const unsigned char *line)
{
	struct hline_hdr	hh;

	hline_parse(line, &hh);
	return ((hh.runs + hh.rlen - line) + HIST_MALLOC_OVERHEAD);
}

/* Make sure the scratch buffer *buf of *size bytes can hold need bytes. */
static unsigned char *
hist_reserve(unsigned char **buf, size_t *size, size_t need)
{
	if (need > *size) {
		*size = need < 256 ? 256 : need * 2;
		*buf = xreallocarray(*buf, 1, *size);
	}
	return (*buf);
}

/* Kind of a colour for a run record. */
static unsigned int
hist_colour_kind(uint32_t c)
{
	switch (COLOUR_TYPE(c)) {
	case COLOUR_TYPE_INDEX:
		return (RUN_INDEX);
	case COLOUR_TYPE_RGB:
		return (RUN_RGB);
	}
	return (RUN_DEFAULT);
}

/* Write colour c of the given kind at p; returns bytes written. */
static size_t
hist_put_colour(unsigned char *p, unsigned int kind, uint32_t c)
{
	if (kind == RUN_INDEX) {
		p[0] = c & 0xff;
		return (1);
	}
	if (kind == RUN_RGB) {
		p[0] = COLOUR_R(c);
		p[1] = COLOUR_G(c);
		p[2] = COLOUR_B(c);
		return (3);
	}
	return (0);
}

/* Append one run record (style s over len characters, after style prev). */
static size_t
hist_put_run(unsigned char *p, const struct cell *prev, const struct cell *s,
    size_t len)
{
	unsigned int	fk = RUN_SAME, bk = RUN_SAME;
	size_t		n = 1;

	if (s->fg != prev->fg)
		fk = hist_colour_kind(s->fg);
	if (s->bg != prev->bg)
		bk = hist_colour_kind(s->bg);
	p[0] = fk | (bk << 2);
	n += hist_put_colour(p + n, fk, s->fg);
	n += hist_put_colour(p + n, bk, s->bg);
	if (s->attr != prev->attr) {
		p[0] |= RUN_ATTR;
		p[n++] = s->attr & 0xff;
		p[n++] = s->attr >> 8;
	}
	if (len <= 7)
		p[0] |= len << 5;
	else
		n += hist_put_varint(p + n, len);
	return (n);
}

/* Is this cell a blank that may be trimmed from the end of a line? */
static int
hist_trimmable(const struct cell *c)
{
	return (c->ch == ' ' && c->width == 1 && c->fg == COLOUR_DEFAULT &&
	    c->bg == COLOUR_DEFAULT && c->attr == 0);
}

/* The width a character has when no marker says otherwise. */
static unsigned int
hist_natural_width(uint32_t cp)
{
	return (utf8_cp_width(cp) == 2 ? 2 : 1);
}

/* Encode ncells cells into a new block; ownership to the caller. */
static unsigned char *
hist_encode(struct history *h, const struct cell *cells, unsigned int ncells,
    int wrapped)
{
	static const struct cell def = CELL_BLANK;
	const struct cell	*c, *prev = &def, *run = &def;
	uint32_t		 cps[UTF8_MAX_CPS], ch;
	unsigned int		 n = ncells, x, cols = 0, width, i;
	unsigned char		*t, *r, *line, *p;
	size_t			 tlen = 0, rlen = 0, runlen = 0, ncps, k;

	if (!wrapped) {
		while (n > 0 && hist_trimmable(&cells[n - 1]))
			n--;
	}
	/* Worst case per cell: markers (4 bytes) + 8 code points. */
	t = hist_reserve(&h->text, &h->text_size, (size_t)n * 36 + 16);
	r = hist_reserve(&h->runs, &h->runs_size, (size_t)n * 20 + 16);

	for (x = 0; x < n; x++) {
		c = &cells[x];
		if (c->width == 0 && x > 0 && cells[x - 1].width == 2)
			continue;	/* right half of a wide character */
		ch = c->ch;
		width = c->width == 2 ? 2 : 1;
		if (width == 1 && ch >= 0x20 && ch < 0x7f)
			t[tlen++] = ch;
		else {
			if (width == 2 && x + 1 >= n) {
				/* A cut wide character: a blank column. */
				width = 1;
				ch = ' ';
			}
			if (ch == 0)
				ch = ' ';
			ncps = utf8_expand(ch, cps);
			if (hist_natural_width(cps[0]) != width) {
				t[tlen++] = HIST_MARK_WIDTH;
				t[tlen++] = width;
			}
			if (ncps > 1) {
				t[tlen++] = HIST_MARK_INTERN;
				t[tlen++] = ncps;
			}
			for (i = 0; i < ncps; i++) {
				k = utf8_encode(cps[i], (char *)t + tlen);
				if (k == 0) {
					k = utf8_encode(0xfffd,
					    (char *)t + tlen);
				}
				tlen += k;
			}
		}
		cols += width;

		/* Style runs. */
		if (!cell_same_style(run, c)) {
			if (runlen != 0) {
				rlen += hist_put_run(r + rlen, prev, run,
				    runlen);
				prev = run;
			}
			run = c;
			runlen = 0;
		}
		runlen++;
	}
	/* Characters after the last run are default: a final default run
	 * need not be stored. */
	if (runlen != 0 && !cell_same_style(run, &def))
		rlen += hist_put_run(r + rlen, prev, run, runlen);

	line = xmalloc(1 + hist_varint_size(tlen) + hist_varint_size(rlen) +
	    hist_varint_size(cols) + tlen + rlen);
	p = line;
	*p++ = wrapped ? HLINE_WRAPPED : 0;
	p += hist_put_varint(p, tlen);
	p += hist_put_varint(p, rlen);
	p += hist_put_varint(p, cols);
	memcpy(p, t, tlen);
	memcpy(p + tlen, r, rlen);
	return (line);
}

/* Read a colour of the given kind from [*p, end) into *c. */
static void
hist_get_colour(const unsigned char **p, const unsigned char *end,
    unsigned int kind, uint32_t *c)
{
	switch (kind) {
	case RUN_DEFAULT:
		*c = COLOUR_DEFAULT;
		break;
	case RUN_INDEX:
		if (*p < end)
			*c = COLOUR_INDEX(*(*p)++);
		break;
	case RUN_RGB:
		if (end - *p >= 3) {
			*c = COLOUR_RGB((*p)[0], (*p)[1], (*p)[2]);
			*p += 3;
		}
		break;
	}
}

/* Read the next run: updates style and returns its length (0 at the end). */
static size_t
hist_get_run(const unsigned char **p, const unsigned char *end,
    struct cell *style)
{
	unsigned int	b;
	size_t		len;

	if (*p >= end)
		return (0);
	b = *(*p)++;
	hist_get_colour(p, end, b & 3, &style->fg);
	hist_get_colour(p, end, (b >> 2) & 3, &style->bg);
	if (b & RUN_ATTR) {
		if (end - *p >= 2) {
			style->attr = (*p)[0] | ((*p)[1] << 8);
			*p += 2;
		} else
			*p = end;
	}
	len = b >> 5;
	if (len == 0)
		len = hist_get_varint(p, end);
	return (len);
}

/*
 * Decode a stored line into out (at most max cells; the rest of out is not
 * touched). Returns the line's width in columns.
 */
static unsigned int
hist_decode(const unsigned char *line, struct cell *out, unsigned int max)
{
	struct hline_hdr	 hh;
	const unsigned char	*t, *tend, *r, *rend;
	struct cell		 style = CELL_BLANK, c;
	uint32_t		 cps[UTF8_MAX_CPS], cp;
	unsigned int		 x = 0, width, ncps, i;
	size_t			 left = 0;
	int			 k, forced;

	hline_parse(line, &hh);
	t = hh.text;
	tend = t + hh.tlen;
	r = hh.runs;
	rend = r + hh.rlen;
	left = hist_get_run(&r, rend, &style);
	if (left == 0)
		style = CELL_BLANK;

	while (t < tend) {
		forced = 0;
		ncps = 1;
		if (*t == HIST_MARK_WIDTH && tend - t >= 2) {
			forced = t[1];
			t += 2;
		}
		if (t < tend && *t == HIST_MARK_INTERN && tend - t >= 2) {
			ncps = t[1];
			if (ncps == 0 || ncps > UTF8_MAX_CPS)
				ncps = 1;
			t += 2;
		}
		for (i = 0; i < ncps && t < tend; i++) {
			k = utf8_decode((const char *)t, tend - t, &cp);
			if (k <= 0) {
				cp = 0xfffd;
				k = 1;
			}
			cps[i] = cp;
			t += k;
		}
		if (i == 0)
			break;
		ncps = i;

		c = style;
		c.ch = utf8_intern(cps, ncps);
		width = forced == 1 || forced == 2 ? (unsigned int)forced :
		    hist_natural_width(cps[0]);
		c.width = width;
		if (x < max) {
			if (width == 2 && x + 1 >= max) {
				c.ch = ' ';
				c.width = 1;
			}
			out[x] = c;
			if (width == 2 && x + 1 < max) {
				c.ch = ' ';
				c.width = CELL_WIDE_RIGHT;
				out[x + 1] = c;
			}
		}
		x += width;

		/* Advance the style. */
		if (left > 0 && --left == 0) {
			left = hist_get_run(&r, rend, &style);
			if (left == 0)
				style = CELL_BLANK;
		}
	}
	return (x);
}

/* Create an empty history of at most limit lines. */
struct history *
history_create(unsigned int limit)
{
	struct history	*h;

	h = xcalloc(1, sizeof *h);
	h->limit = limit;
	return (h);
}

/* Free a history and its lines. */
void
history_free(struct history *h)
{
	if (h == NULL)
		return;
	history_clear(h);
	free(h->arena);
	free(h->lines);
	free(h->text);
	free(h->runs);
	free(h);
}

/* Free a stored line (one in the arena goes with the arena). */
static void
hist_free_line(struct history *h, unsigned char *line)
{
	if (h->arena != NULL && line >= h->arena &&
	    line < h->arena + h->arena_size)
		return;
	free(line);
}

/* Slot of line idx (0 = oldest). */
static inline unsigned int
hist_slot(const struct history *h, unsigned int idx)
{
	return ((h->start + idx) % h->capacity);
}

/* Re-lay the ring into a new slot array of capacity slots (>= size). */
static void
hist_relayout(struct history *h, unsigned int capacity)
{
	unsigned char	**lines;
	unsigned int	  i;

	lines = xcalloc(capacity == 0 ? 1 : capacity, sizeof *lines);
	for (i = 0; i < h->size; i++)
		lines[i] = h->lines[hist_slot(h, i)];
	free(h->lines);
	h->lines = lines;
	h->capacity = capacity;
	h->start = 0;
}

/* Drop the oldest line. */
static void
hist_drop_oldest(struct history *h)
{
	unsigned char	*line;

	if (h->size == 0)
		return;
	line = h->lines[h->start];
	h->bytes -= hline_cost(line);
	hist_free_line(h, line);
	h->lines[h->start] = NULL;
	h->start = (h->start + 1) % h->capacity;
	h->size--;
}

/* Append an encoded line (ownership passes to the history). */
static void
hist_append(struct history *h, unsigned char *line)
{
	unsigned int	capacity;

	if (h->limit == 0) {
		hist_free_line(h, line);
		return;
	}
	if (h->size == h->limit)
		hist_drop_oldest(h);
	if (h->size == h->capacity) {
		capacity = h->capacity < 16 ? 16 : h->capacity * 2;
		if (capacity > h->limit)
			capacity = h->limit;
		hist_relayout(h, capacity);
	}
	h->lines[hist_slot(h, h->size)] = line;
	h->size++;
	h->bytes += hline_cost(line);
}

/* Change the limit, dropping the oldest lines if needed. */
void
history_set_limit(struct history *h, unsigned int limit)
{
	while (h->size > limit)
		hist_drop_oldest(h);
	h->limit = limit;
	if (h->capacity > limit)
		hist_relayout(h, limit);
}

/* The line limit. */
unsigned int
history_limit(const struct history *h)
{
	return (h->limit);
}

/* Append a line (compacted), dropping the oldest when full. */
void
history_push(struct history *h, const struct cell *cells, unsigned int ncells,
    int wrapped)
{
	if (h->limit == 0)
		return;
	hist_append(h, hist_encode(h, cells, ncells, wrapped));
}

/* Remove and decode the newest line. */
int
history_pop(struct history *h, struct cell *out, unsigned int max,
    unsigned int *ncells, int *wrapped)
{
	unsigned char	*line;
	unsigned int	 slot, n;

	if (h->size == 0)
		return (0);
	slot = hist_slot(h, h->size - 1);
	line = h->lines[slot];
	n = hist_decode(line, out, max);
	if (ncells != NULL)
		*ncells = n;
	if (wrapped != NULL)
		*wrapped = (line[0] & HLINE_WRAPPED) != 0;
	h->bytes -= hline_cost(line);
	hist_free_line(h, line);
	h->lines[slot] = NULL;
	h->size--;
	return (1);
}

/* Lines held. */
unsigned int
history_size(const struct history *h)
{
	return (h->size);
}

/* Decode line idx (0 = oldest). */
unsigned int
history_get(const struct history *h, unsigned int idx, struct cell *out,
    unsigned int max, int *wrapped)
{
	const unsigned char	*line;

	if (idx >= h->size) {
		if (wrapped != NULL)
			*wrapped = 0;
		return (0);
	}
	line = h->lines[hist_slot(h, idx)];
	if (wrapped != NULL)
		*wrapped = (line[0] & HLINE_WRAPPED) != 0;
	return (hist_decode(line, out, max));
}

/* Set or clear line idx's wrapped flag. */
void
history_set_wrapped(struct history *h, unsigned int idx, int wrapped)
{
	unsigned char	*line;

	if (idx >= h->size)
		return;
	line = h->lines[hist_slot(h, idx)];
	if (wrapped)
		line[0] |= HLINE_WRAPPED;
	else
		line[0] &= ~HLINE_WRAPPED;
}

/* Drop every line. */
void
history_clear(struct history *h)
{
	unsigned int	i;

	for (i = 0; i < h->size; i++) {
		hist_free_line(h, h->lines[hist_slot(h, i)]);
		h->lines[hist_slot(h, i)] = NULL;
	}
	h->size = 0;
	h->bytes = 0;
	h->start = 0;
}

/* Bytes held for the lines, with per-line overhead. */
size_t
history_bytes(const struct history *h)
{
	return (h->bytes + (size_t)h->capacity * sizeof *h->lines);
}

/* Width in columns of a stored line (from its header). */
static unsigned int
hist_line_cols(const unsigned char *line)
{
	struct hline_hdr	hh;

	hline_parse(line, &hh);
	return (hh.cols);
}

/* Does a stored line start with a character of width 2? */
static int
hist_first_is_wide(const unsigned char *line)
{
	struct hline_hdr	 hh;
	const unsigned char	*t, *tend;
	uint32_t		 cp;

	hline_parse(line, &hh);
	t = hh.text;
	tend = t + hh.tlen;
	if (tend - t >= 2 && t[0] == HIST_MARK_WIDTH)
		return (t[1] == 2);
	if (tend - t >= 2 && t[0] == HIST_MARK_INTERN)
		t += 2;
	if (utf8_decode((const char *)t, tend - t, &cp) <= 0)
		return (0);
	return (hist_natural_width(cp) == 2);
}

/*
 * How many cells of a logical line of n cells go on a line of cols columns:
 * a wide character that would straddle the edge moves to the next line.
 */
static unsigned int
hist_wrap_point(const struct cell *cells, unsigned int n, unsigned int cols)
{
	if (n <= cols)
		return (n);
	if (cols > 1 && cells[cols - 1].width == 2)
		return (cols - 1);
	return (cols);
}

/* Re-wrap every logical line to cols columns. */
void
history_reflow(struct history *h, unsigned int cols)
{
	unsigned char	**old, *line, *next;
	struct cell	 *buf = NULL;
	size_t		  bufsize = 0, len, need;
	unsigned int	  oldsize, oldstart, oldcap, i, j, k, w, n, take;
	int		  wrapped;

	if (h->size == 0 || cols == 0)
		return;
	old = h->lines;
	oldsize = h->size;
	oldstart = h->start;
	oldcap = h->capacity;

	/* Start an empty ring and append the reflowed lines to it. */
	h->lines = NULL;
	h->capacity = 0;
	h->size = 0;
	h->start = 0;
	h->bytes = 0;

	for (i = 0; i < oldsize; i = j + 1) {
		/* A logical line: lines i..j, all but j wrapped. */
		for (j = i; j + 1 < oldsize; j++) {
			line = old[(oldstart + j) % oldcap];
			if (!(line[0] & HLINE_WRAPPED))
				break;
		}
		line = old[(oldstart + i) % oldcap];
		if (i == j && !(line[0] & HLINE_WRAPPED) &&
		    hist_line_cols(line) <= cols) {
			hist_append(h, line);
			continue;
		}

		/* Join the pieces. */
		len = 0;
		for (k = i; k <= j; k++) {
			line = old[(oldstart + k) % oldcap];
			w = hist_line_cols(line);
			need = len + w;
			if (need > bufsize) {
				bufsize = need * 2;
				buf = xreallocarray(buf, bufsize, sizeof *buf);
			}
			n = hist_decode(line, buf + len, w);
			/* Drop the blank that padded a wide character that
			 * did not fit at the end of a wrapped line. */
			next = old[(oldstart + k + 1) % oldcap];
			if (k < j && n > 0 &&
			    hist_trimmable(&buf[len + n - 1]) &&
			    hist_first_is_wide(next))
				n--;
			len += n;
		}
		line = old[(oldstart + j) % oldcap];
		wrapped = (line[0] & HLINE_WRAPPED) != 0;

		/* Split at the new width. */
		k = 0;
		do {
			take = hist_wrap_point(buf + k, len - k, cols);
			if (take == 0)
				take = 1;
			if (k + take > len)
				take = len - k;
			hist_append(h, hist_encode(h, buf + k, take,
			    k + take < len ? 1 : wrapped));
			k += take;
		} while (k < len);

		for (k = i; k <= j; k++)
			hist_free_line(h, old[(oldstart + k) % oldcap]);
	}
	free(old);
	free(buf);
}

/*
 * Reading without decoding cells, for copy mode: a copy of the whole
 * store (its snapshot) and the text of a line (its search).
 */

/* A copy of src keeping at most limit lines (the newest). The copies
 * share one block, the arena, freed with the history: a copy of 100,000
 * lines is two passes over their bytes rather than 100,000 mallocs (and as
 * many frees after). */
struct history *
history_dup(const struct history *src, unsigned int limit)
{
	struct history		*h = history_create(limit);
	const unsigned char	*line;
	unsigned int		 i, first = 0, n = src->size;
	size_t			 len, used = 0, *offsets;

	if (n > limit) {
		first = n - limit;
		n = limit;
	}
	if (n == 0)
		return (h);
	/* Room for a screenful more before the ring must grow. */
	h->capacity = limit - n > 256 ? n + 256 : limit;
	h->lines = xcalloc(h->capacity, sizeof *h->lines);
	/* Offsets into the arena first: it may move as it grows. */
	offsets = (size_t *)h->lines;
	_Static_assert(sizeof *offsets == sizeof *h->lines, "offsets");
	h->arena_size = (size_t)n * 128;
	h->arena = xmalloc(h->arena_size);
	for (i = 0; i < n; i++) {
		/* The lines are all over the heap: ask for the ones a few
		 * steps on while copying this one. */
		if (i + HIST_PREFETCH < n) {
			__builtin_prefetch(src->lines[hist_slot(src,
			    first + i + HIST_PREFETCH)]);
		}
		line = src->lines[hist_slot(src, first + i)];
		len = hline_cost(line) - HIST_MALLOC_OVERHEAD;
		if (used + len > h->arena_size) {
			h->arena_size = (used + len) * 2;
			h->arena = xreallocarray(h->arena, 1, h->arena_size);
		}
		memcpy(h->arena + used, line, len);
		offsets[i] = used;
		used += len;
		h->bytes += len + HIST_MALLOC_OVERHEAD;
	}
	for (i = 0; i < n; i++)
		h->lines[i] = h->arena + offsets[i];
	h->size = n;
	return (h);
}

/* Line idx will be read soon. */
void
history_prefetch(const struct history *h, unsigned int idx)
{
	if (idx < h->size)
		__builtin_prefetch(h->lines[hist_slot(h, idx)]);
}

/* Line idx's wrapped flag. */
int
history_get_wrapped(const struct history *h, unsigned int idx)
{
	if (idx >= h->size)
		return (0);
	return ((h->lines[hist_slot(h, idx)][0] & HLINE_WRAPPED) != 0);
}

/* The text of line idx (see history.h). */
size_t
history_get_text(const struct history *h, unsigned int idx, char *out,
    size_t max, unsigned int *cols, int *wrapped)
{
	const unsigned char	*line, *t, *tend;
	struct hline_hdr	 hh;
	size_t			 n = 0;

	if (idx >= h->size) {
		*cols = 0;
		if (wrapped != NULL)
			*wrapped = 0;
		return (0);
	}
	line = h->lines[hist_slot(h, idx)];
	hline_parse(line, &hh);
	*cols = hh.cols;
	if (wrapped != NULL)
		*wrapped = (hh.flags & HLINE_WRAPPED) != 0;
	if (hh.tlen > max)
		return (hh.tlen);
	t = hh.text;
	tend = t + hh.tlen;
	if (memchr(t, HIST_MARK_WIDTH, hh.tlen) == NULL &&
	    memchr(t, HIST_MARK_INTERN, hh.tlen) == NULL) {
		memcpy(out, t, hh.tlen);
		return (hh.tlen);
	}
	/* The two marker bytes never occur in UTF-8: drop each with the
	 * byte after it (a width or a count of code points). */
	while (t < tend) {
		if ((*t == HIST_MARK_WIDTH || *t == HIST_MARK_INTERN) &&
		    tend - t >= 2) {
			t += 2;
			continue;
		}
		out[n++] = *t++;
	}
	return (n);
}
