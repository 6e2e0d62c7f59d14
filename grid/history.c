/*
 * History: compact lines, packed into blocks.
 *
 * A line is a record of bytes in the block ring of history-ring.c (no
 * allocation per line); this file decides what a record holds, encodes
 * cells into records and decodes them back.
 *
 * A record:
 *
 *	flags (1 byte): HREC_WRAPPED; HREC_RUNS, a run list follows the
 *	    text; HREC_UTF8, the text is not plain printable ASCII (one
 *	    column a byte), so it must be decoded and its width is stored
 *	varint text length, [varint run-list length], [varint width]
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
 *		fg (1 or 3 bytes), bg (1 or 3 bytes), attr (2 bytes;
 *		    bit 15 set: the underline colour id (1 byte) and the
 *		    hyperlink id (varint) follow, else both are 0)
 *	    Characters after the last run have the default style, so a plain
 *	    line has no runs and no run-list length.
 *
 * An 80-column ASCII line is an 82-byte record and a 2-byte offset; a line
 * whose every character has its own 24-bit colour is 4 bytes a character
 * more (and 2 for the run-list length). history_bytes counts what is
 * really allocated: every block whole (its free tail and the records of
 * dropped lines a block still holds included), the slot ring, the encoding
 * scratch and the history itself, each as the glibc chunk it takes.
 * Trailing default blanks are trimmed from lines that are not wrapped; a
 * wrapped line keeps all its cells so joining it with the next one (reflow)
 * gives back the logical line exactly.
 */
#include <stdlib.h>
#include <string.h>

#include "common/link.h"
#include "common/queue.h"
#include "common/utf8.h"
#include "common/xmalloc.h"
#include "grid/history.h"
#include "grid/history-ring.h"

#define HREC_WRAPPED	0x1
#define HREC_RUNS	0x2
#define HREC_UTF8	0x4

#define HIST_MARK_WIDTH		0xfe
#define HIST_MARK_INTERN	0xff

#define RUN_SAME	0
#define RUN_DEFAULT	1
#define RUN_INDEX	2
#define RUN_RGB		3
#define RUN_ATTR	0x10
#define RUN_EXTRA	0x8000	/* in the stored attr: ul and link follow */
_Static_assert(ATTR_ALL < RUN_EXTRA, "RUN_EXTRA is no attribute");

/* Most text bytes one character takes: both markers and its code points. */
#define HIST_CHAR_MAX	(4 + UTF8_MAX_BYTES)
/* Most bytes one run record takes: kinds, two RGB colours, attributes,
 * underline colour, link and a varint length. */
#define HIST_RUN_MAX	(1 + 3 + 3 + 2 + 1 + 2 + 10)

struct history {
	TAILQ_ENTRY(history) entry;	/* in hist_all */
	struct hring	 r;
	unsigned int	 limit;

	unsigned char	*text;		/* encoding scratch */
	size_t		 text_size;
	unsigned char	*runs;
	size_t		 runs_size;
};

/* Every history there is, for history_mark_links (hyperlink ids are
 * process-wide, so whether one is still held is a question for all). */
static TAILQ_HEAD(, history) hist_all = TAILQ_HEAD_INITIALIZER(hist_all);

/* A parsed record header. */
struct hrec {
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

/* Parse the header of a record. */
static void
hrec_parse(const unsigned char *rec, struct hrec *hr)
{
	/* At most three varints of 10 bytes follow the flags. */
	const unsigned char	*p = rec + 1, *end = rec + 1 + 30;

	hr->flags = rec[0];
	hr->tlen = hist_get_varint(&p, end);
	hr->rlen = 0;
	if (hr->flags & HREC_RUNS)
		hr->rlen = hist_get_varint(&p, end);
	if (hr->flags & HREC_UTF8)
		hr->cols = hist_get_varint(&p, end);
	else
		hr->cols = hr->tlen;
	hr->text = p;
	hr->runs = p + hr->tlen;
}

/* Make sure the scratch buffer *buf of *size bytes can hold need bytes. */
static unsigned char *
hist_reserve(unsigned char **buf, size_t *size, size_t need)
{
	if (need > *size) {
		*size = need < 128 ? 128 : need * 2;
		*buf = xreallocarray(*buf, 1, *size);
	}
	return (*buf);
}

/* h->text with room at tlen for a character (HIST_CHAR_MAX bytes) and a
 * byte for each of the left cells after it. */
static inline unsigned char *
hist_room(struct history *h, size_t tlen, unsigned int left)
{
	if (tlen + left + HIST_CHAR_MAX > h->text_size) {
		return (hist_reserve(&h->text, &h->text_size,
		    tlen + left + HIST_CHAR_MAX));
	}
	return (h->text);
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
	unsigned int	fk = RUN_SAME, bk = RUN_SAME, extra;
	size_t		n = 1;

	if (s->fg != prev->fg)
		fk = hist_colour_kind(s->fg);
	if (s->bg != prev->bg)
		bk = hist_colour_kind(s->bg);
	p[0] = fk | (bk << 2);
	n += hist_put_colour(p + n, fk, s->fg);
	n += hist_put_colour(p + n, bk, s->bg);
	if (s->attr != prev->attr || s->flags != prev->flags ||
	    s->link != prev->link) {
		p[0] |= RUN_ATTR;
		extra = (s->flags != 0 || s->link != 0) ? RUN_EXTRA : 0;
		p[n++] = s->attr & 0xff;
		p[n++] = (s->attr | extra) >> 8;
		if (extra) {
			p[n++] = s->flags;
			n += hist_put_varint(p + n, s->link);
		}
	}
	if (len <= 7)
		p[0] |= len << 5;
	else
		n += hist_put_varint(p + n, len);
	return (n);
}

/*
 * How many of the n cells are left when the blanks that may be trimmed
 * from the end go: spaces of width 1, default colours, no attributes (the
 * underline colour, flags, does not matter). Each cell is compared as two
 * words, since most of a line left blank ends here.
 */
static const struct cell hist_blanks[8] = {
	CELL_BLANK, CELL_BLANK, CELL_BLANK, CELL_BLANK,
	CELL_BLANK, CELL_BLANK, CELL_BLANK, CELL_BLANK
};

static unsigned int
hist_trim(const struct cell *cells, unsigned int n)
{
	const struct cell	blank = CELL_BLANK;
	const struct cell	mask = { UINT32_MAX, UINT32_MAX, UINT32_MAX,
				    ATTR_ALL, 3, 0, 0 };
	uint64_t		w[2], b[2], m[2];

	_Static_assert(sizeof *cells == sizeof w, "a cell is two words");
	/* Eight plain blanks at a time first (memcmp is vectorised). */
	while (n >= 8 && memcmp(&cells[n - 8], hist_blanks,
	    sizeof hist_blanks) == 0)
		n -= 8;
	memcpy(b, &blank, sizeof b);
	memcpy(m, &mask, sizeof m);
	for (; n > 0; n--) {
		memcpy(w, &cells[n - 1], sizeof w);
		if (((w[0] ^ b[0]) & m[0]) != 0 || ((w[1] ^ b[1]) & m[1]) != 0)
			break;
	}
	return (n);
}

/* The width a character has when no marker says otherwise. */
static unsigned int
hist_natural_width(uint32_t cp)
{
	return (utf8_cp_width(cp) == 2 ? 2 : 1);
}

/* Make room for a new newest line of len bytes, dropping the oldest when
 * the history is full; returns where to write it. */
static unsigned char *
hist_new_line(struct history *h, size_t len)
{
	if (h->r.size >= h->limit)
		hring_drop_oldest(&h->r);
	return (hring_push(&h->r, len));
}

/*
 * Same style (cell_same_style), compared as the cell's two words: the
 * foreground is the high half of the first, the second is all style but
 * the width.
 */
static inline int
hist_same_style(const struct cell *a, const struct cell *b)
{
	static const struct cell	width = { 0, 0, 0, 0, 3, 0, 0 };
	uint64_t			wa[2], wb[2], m[2];

	_Static_assert(sizeof *a == sizeof wa, "a cell is two words");
	memcpy(wa, a, sizeof wa);
	memcpy(wb, b, sizeof wb);
	memcpy(m, &width, sizeof m);
	return ((((wa[0] ^ wb[0]) >> 32) | ((wa[1] ^ wb[1]) & ~m[1])) == 0);
}

/*
 * A run's style as two words to compare cells with in hist_ascii_in_run:
 * its foreground, and its last word with a width of 1. Kept in locals,
 * which the text written through a char pointer does not make the
 * compiler load again.
 */
struct hist_key {
	uint64_t	fg;
	uint64_t	rest;
};

static inline struct hist_key
hist_run_key(const struct cell *run)
{
	struct cell	c = *run;
	uint64_t	w[2];
	struct hist_key	key;

	c.width = 1;
	memcpy(w, &c, sizeof w);
	key.fg = w[0] >> 32;
	key.rest = w[1];
	return (key);
}

/* Is c a narrow printable ASCII character in the style of key's run? */
static inline int
hist_ascii_in_run(const struct cell *c, struct hist_key key)
{
	uint64_t	w[2];

	memcpy(w, c, sizeof w);
	return ((uint32_t)w[0] - 0x20u < 0x5fu && (w[0] >> 32) == key.fg &&
	    w[1] == key.rest);
}

/*
 * The common line, in one pass: narrow printable ASCII all in the style of
 * its first cell. A cell is two words: the character and the foreground,
 * then the background and the attributes, width, underline colour and link,
 * which must all be the first cell's (of width 1); both are compared at
 * once as one vector, the character masked off. The characters go to t (n
 * bytes) and are checked there afterwards, eight at a time. Returns 1 for
 * such a line; else -1 when a cell in another style was seen (the line has
 * style runs), 0 when none was (it may be in one style: hist_one_run).
 */
typedef uint64_t hist_cellv __attribute__((vector_size(16)));

/* What of a cell, as one vector, is compared with another's: all but the
 * character, and without the width (hist_same_style's style) unless
 * with_width. */
static inline hist_cellv
hist_style_mask(int with_width)
{
	static const struct cell	 width = { 0, 0, 0, 0, 3, 0, 0 };
	const hist_cellv		 mask = { ~(uint64_t)UINT32_MAX,
					     UINT64_MAX };
	hist_cellv			 w;

	if (with_width)
		return (mask);
	memcpy(&w, &width, sizeof w);
	return (mask & ~w);
}

static int
hist_one_style(const struct cell *cells, unsigned int n, unsigned char *t)
{
	const hist_cellv	 mask = hist_style_mask(1);
	const hist_cellv	 smask = hist_style_mask(0);
	hist_cellv		 v, want, bad = { 0, 0 }, sbad;
	uint64_t		 w;
	unsigned int		 x, i;

	_Static_assert(sizeof *cells == sizeof v, "a cell is one vector");
	memcpy(&want, &cells[0], sizeof want);
	want &= mask;
	for (x = 0; x + 16 <= n; x += 16) {
		/* A fixed count, which the compiler unrolls. */
		for (i = 0; i < 16; i++) {
			memcpy(&v, &cells[x + i], sizeof v);
			bad |= (v & mask) ^ want;
			t[x + i] = (unsigned char)v[0];
		}
		if ((bad[0] | bad[1]) != 0) {
			sbad = bad & smask;
			return ((sbad[0] | sbad[1]) != 0 ? -1 : 0);
		}
	}
	for (; x < n; x++) {
		memcpy(&v, &cells[x], sizeof v);
		bad |= (v & mask) ^ want;
		t[x] = (unsigned char)v[0];
	}
	if ((bad[0] | bad[1]) != 0) {
		sbad = bad & smask;
		return ((sbad[0] | sbad[1]) != 0 ? -1 : 0);
	}
	if (cells[0].width != 1)
		return (0);
	/* Printable: no byte below 0x20 or above 0x7e (VT_WORD_LESS). */
	for (x = 0; x + 8 <= n; x += 8) {
		memcpy(&w, t + x, sizeof w);
		if ((((w - 0x2020202020202020ULL) & ~w) |
		    ((w + 0x0101010101010101ULL) | w)) & 0x8080808080808080ULL)
			return (0);
	}
	for (; x < n; x++) {
		if (t[x] - 0x20u >= 0x5fu)
			return (0);
	}
	return (1);
}

/* Append a line of n characters of text t in the style of cell s (a
 * run, unless it is the default) as the newest line. */
static void
hist_put_plain(struct history *h, const unsigned char *t, unsigned int n,
    const struct cell *s, int wrapped)
{
	static const struct cell def = CELL_BLANK;
	unsigned char		 run[HIST_RUN_MAX], *p;
	size_t			 rlen = 0, k;
	unsigned int		 flags = wrapped ? HREC_WRAPPED : 0;

	if (!cell_same_style(s, &def)) {
		rlen = hist_put_run(run, &def, s, n);
		flags |= HREC_RUNS;
	}
	k = 1 + hist_varint_size(n);
	if (rlen != 0)
		k += hist_varint_size(rlen);
	p = hist_new_line(h, k + n + rlen);
	*p++ = flags;
	p += hist_put_varint(p, n);
	if (rlen != 0)
		p += hist_put_varint(p, rlen);
	memcpy(p, t, n);
	memcpy(p + n, run, rlen);
}

/*
 * The text of cell x of n, which is not narrow printable ASCII nor the
 * right half of a wide character, at t (HIST_CHAR_MAX bytes): markers and
 * UTF-8. Returns the bytes written, and the columns it takes in *width.
 */
static size_t
hist_put_char(unsigned char *t, const struct cell *c, unsigned int x,
    unsigned int n, unsigned int *width)
{
	const char	*bytes = NULL;
	uint32_t	 ch = c->ch, first;
	size_t		 len = 0, ncps, k;
	unsigned int	 w = c->width == 2 ? 2 : 1;

	if (w == 2 && x + 1 >= n) {
		/* A cut wide character: a blank column. */
		w = 1;
		ch = ' ';
	}
	if (ch == 0)
		ch = ' ';
	*width = w;
	if (w == 1 && ch >= 0x20 && ch < 0x7f) {
		t[0] = ch;
		return (1);
	}
	if (ch < UTF8_INTERN_BASE) {
		first = ch;
		ncps = 1;
	} else
		ncps = utf8_interned(ch, &first, &bytes, &k);
	if (hist_natural_width(first) != w) {
		t[len++] = HIST_MARK_WIDTH;
		t[len++] = w;
	}
	if (ncps > 1) {
		t[len++] = HIST_MARK_INTERN;
		t[len++] = ncps;
	}
	if (ch < UTF8_INTERN_BASE) {
		if ((k = utf8_encode(ch, (char *)t + len)) == 0)
			k = utf8_encode(0xfffd, (char *)t + len);
	} else
		memcpy(t + len, bytes, k);
	return (len + k);
}

/* Does cell c make its record's text not plain (one byte a column)? */
static inline int
hist_char_utf8(const struct cell *c)
{
	return (c->ch - 0x20 >= 0x5f || c->width == 2);
}

/*
 * The text of a line of n cells that may all be in the style of the first
 * (hist_one_style found none that is not), to h->text: *tlen bytes, *cols
 * columns, *nchars characters, HREC_UTF8 added to *flags when it is not
 * one byte a column. Each cell's style is compared as hist_same_style
 * does, on the way; 0 when one differs (the line has runs: what was
 * written is not kept).
 */
static int
hist_one_run(struct history *h, const struct cell *cells, unsigned int n,
    size_t *tlenp, unsigned int *colsp, size_t *ncharsp, unsigned int *flags)
{
	const hist_cellv		 smask = hist_style_mask(0);
	const struct cell		*c;
	unsigned char			*t = h->text;
	hist_cellv			 v, want, bad = { 0, 0 };
	size_t				 tlen = 0, nchars = 0;
	unsigned int			 x, cols = 0, w, utf8 = 0;

	memcpy(&want, &cells[0], sizeof want);
	want &= smask;
	for (x = 0; x < n; x++) {
		c = &cells[x];
		memcpy(&v, c, sizeof v);
		bad |= (v & smask) ^ want;
		if ((uint32_t)v[0] - 0x20u < 0x5fu && c->width == 1) {
			t[tlen++] = c->ch;
			cols++;
			nchars++;
			continue;
		}
		if (c->width == 0 && x > 0 && cells[x - 1].width == 2)
			continue;	/* right half of a wide one */
		t = hist_room(h, tlen, n - x);
		tlen += hist_put_char(t + tlen, c, x, n, &w);
		utf8 |= hist_char_utf8(c);
		cols += w;
		nchars++;
	}
	if ((bad[0] | bad[1]) != 0)
		return (0);
	if (utf8)
		*flags |= HREC_UTF8;
	*tlenp = tlen;
	*colsp = cols;
	*ncharsp = nchars;
	return (1);
}

/*
 * Encode ncells cells and append them as the newest line. The text buffer
 * keeps room for a byte for each cell still to come and HIST_CHAR_MAX more
 * (checked before each character that may take more than a byte), so
 * narrow ASCII is written with no test.
 */
static void
hist_encode(struct history *h, const struct cell *cells, unsigned int ncells,
    int wrapped)
{
	static const struct cell def = CELL_BLANK;
	const struct cell	*c, *prev = &def, *run = &def;
	struct hist_key		 key;
	unsigned int		 n = ncells, x, cols = 0, width, flags;
	unsigned char		*t, *r, *p;
	size_t			 tlen = 0, rlen = 0, runlen = 0, k;
	int			 one;

	if (!wrapped)
		n = hist_trim(cells, n);
	t = hist_reserve(&h->text, &h->text_size, n + HIST_CHAR_MAX);
	one = (n == 0) ? 1 : hist_one_style(cells, n, t);
	if (one == 1) {
		hist_put_plain(h, t, n, n == 0 ? &def : &cells[0], wrapped);
		return;
	}
	flags = wrapped ? HREC_WRAPPED : 0;
	r = hist_reserve(&h->runs, &h->runs_size, HIST_RUN_MAX);

	x = 0;
	if (one == 0 && hist_one_run(h, cells, n, &tlen, &cols, &runlen,
	    &flags)) {
		/* One style, the common line that is not plain ASCII: the
		 * text alone, then one run (none when it is the default). */
		x = n;
		run = &cells[0];
	}
	t = h->text;	/* (hist_one_run may have made it larger) */
	key = hist_run_key(run);
	for (; x < n; x++) {
		c = &cells[x];
		if (runlen != 0 && hist_ascii_in_run(c, key)) {
			/* Narrow ASCII in the run's style, the common case:
			 * a stretch of it with no other test. */
			do {
				t[tlen++] = cells[x].ch;
				runlen++;
				cols++;
			} while (++x < n && hist_ascii_in_run(&cells[x], key));
			x--;
			continue;
		}
		if (c->width == 0 && x > 0 && cells[x - 1].width == 2)
			continue;	/* right half of a wide character */
		t = hist_room(h, tlen, n - x);
		if (!hist_char_utf8(c)) {
			/* Printable ASCII that is not wide (a cell of
			 * width 0 that is no right half takes a column). */
			t[tlen++] = c->ch;
			width = 1;
		} else {
			tlen += hist_put_char(t + tlen, c, x, n, &width);
			flags |= HREC_UTF8;
		}
		cols += width;

		/* Style runs. */
		if (!hist_same_style(run, c)) {
			if (runlen != 0) {
				if (rlen + HIST_RUN_MAX > h->runs_size) {
					r = hist_reserve(&h->runs,
					    &h->runs_size, rlen + HIST_RUN_MAX);
				}
				rlen += hist_put_run(r + rlen, prev, run,
				    runlen);
				prev = run;
			}
			run = c;
			key = hist_run_key(run);
			runlen = 0;
		}
		runlen++;
	}
	/* Characters after the last run are default: a final default run
	 * need not be stored. */
	if (runlen != 0 && !hist_same_style(run, &def)) {
		if (rlen + HIST_RUN_MAX > h->runs_size)
			r = hist_reserve(&h->runs, &h->runs_size,
			    rlen + HIST_RUN_MAX);
		rlen += hist_put_run(r + rlen, prev, run, runlen);
	}
	if (rlen != 0)
		flags |= HREC_RUNS;

	k = 1 + hist_varint_size(tlen);
	if (flags & HREC_RUNS)
		k += hist_varint_size(rlen);
	if (flags & HREC_UTF8)
		k += hist_varint_size(cols);
	p = hist_new_line(h, k + tlen + rlen);
	*p++ = flags;
	p += hist_put_varint(p, tlen);
	if (flags & HREC_RUNS)
		p += hist_put_varint(p, rlen);
	if (flags & HREC_UTF8)
		p += hist_put_varint(p, cols);
	memcpy(p, t, tlen);
	memcpy(p + tlen, r, rlen);
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
	unsigned int	b, v;
	size_t		len, link;

	if (*p >= end)
		return (0);
	b = *(*p)++;
	hist_get_colour(p, end, b & 3, &style->fg);
	hist_get_colour(p, end, (b >> 2) & 3, &style->bg);
	if (b & RUN_ATTR) {
		if (end - *p >= 2) {
			v = (*p)[0] | ((*p)[1] << 8);
			*p += 2;
			style->attr = v & ATTR_ALL;
			style->flags = style->link = 0;
			if ((v & RUN_EXTRA) && *p < end) {
				style->flags = *(*p)++;
				link = hist_get_varint(p, end);
				style->link = link <= LINK_MAX ? link : 0;
			}
		} else
			*p = end;
	}
	len = b >> 5;
	if (len == 0)
		len = hist_get_varint(p, end);
	return (len);
}

/*
 * Read one character of a record's UTF-8 text from [*t, tend) into *ch
 * (a code point or an interned id) and *width. Returns 0 at the end.
 */
static int
hist_get_char(const unsigned char **t, const unsigned char *tend,
    uint32_t *ch, unsigned int *width)
{
	const unsigned char	*p = *t;
	uint32_t		 cps[UTF8_MAX_CPS], cp;
	unsigned int		 ncps = 1, i, forced = 0;
	int			 k;

	if (p < tend && *p == HIST_MARK_WIDTH && tend - p >= 2) {
		forced = p[1];
		p += 2;
	}
	if (p < tend && *p == HIST_MARK_INTERN && tend - p >= 2) {
		ncps = p[1];
		if (ncps == 0 || ncps > UTF8_MAX_CPS)
			ncps = 1;
		p += 2;
	}
	for (i = 0; i < ncps && p < tend; i++) {
		k = utf8_decode((const char *)p, tend - p, &cp);
		if (k <= 0) {
			cp = 0xfffd;
			k = 1;
		}
		cps[i] = cp;
		p += k;
	}
	*t = p;
	if (i == 0)
		return (0);
	*ch = utf8_intern(cps, i);
	if (forced == 1 || forced == 2)
		*width = forced;
	else
		*width = hist_natural_width(cps[0]);
	return (1);
}

/*
 * Decode a record into out (at most max cells; the rest of out is not
 * touched). Returns the line's width in columns.
 */
static unsigned int
hist_decode(const unsigned char *rec, struct cell *out, unsigned int max)
{
	struct hrec		 hr;
	const unsigned char	*t, *tend, *r, *rend;
	struct cell		 style = CELL_BLANK, c;
	uint32_t		 ch;
	unsigned int		 x = 0, width;
	size_t			 left;

	hrec_parse(rec, &hr);
	if (max == 0)
		return (hr.cols);
	t = hr.text;
	tend = t + hr.tlen;

	/* Plain ASCII in the default style: a cell a byte. */
	if ((hr.flags & (HREC_RUNS|HREC_UTF8)) == 0) {
		if (hr.tlen < max)
			max = hr.tlen;
		for (x = 0; x < max; x++) {
			out[x] = style;
			out[x].ch = t[x];
		}
		return (hr.cols);
	}

	r = hr.runs;
	rend = r + hr.rlen;
	left = hist_get_run(&r, rend, &style);
	if (left == 0)
		style = CELL_BLANK;

	while (t < tend && x < max) {
		if (hr.flags & HREC_UTF8) {
			if (!hist_get_char(&t, tend, &ch, &width))
				break;
		} else {
			ch = *t++;
			width = 1;
		}
		c = style;
		c.ch = ch;
		c.width = width;
		if (width == 2 && x + 1 >= max) {
			/* Half a wide character does not fit: a blank. */
			c.ch = ' ';
			c.width = 1;
		}
		out[x] = c;
		if (width == 2 && x + 1 < max) {
			c.ch = ' ';
			c.width = CELL_WIDE_RIGHT;
			out[x + 1] = c;
		}
		x += width;

		/* Advance the style. */
		if (left > 0 && --left == 0) {
			left = hist_get_run(&r, rend, &style);
			if (left == 0)
				style = CELL_BLANK;
		}
	}
	return (hr.cols);
}

/* Create an empty history of at most limit lines. */
struct history *
history_create(unsigned int limit)
{
	struct history	*h;

	h = xcalloc(1, sizeof *h);
	h->limit = limit;
	h->r.bmax = hring_block_max(limit);
	TAILQ_INSERT_TAIL(&hist_all, h, entry);
	return (h);
}

/* Free a history and its lines. */
void
history_free(struct history *h)
{
	if (h == NULL)
		return;
	TAILQ_REMOVE(&hist_all, h, entry);
	hring_clear(&h->r);
	free(h->text);
	free(h->runs);
	free(h);
}

/* Change the limit, dropping the oldest lines if needed. */
void
history_set_limit(struct history *h, unsigned int limit)
{
	while (h->r.size > limit)
		hring_drop_oldest(&h->r);
	h->limit = limit;
	h->r.bmax = hring_block_max(limit);
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
	hist_encode(h, cells, ncells, wrapped);
}

/* Append a plain line (see history.h): its characters, then, wrapped
 * (kept whole), the blanks to the width; trailing spaces trimmed
 * otherwise. */
void
history_push_plain(struct history *h, const struct cell *cells,
    unsigned int n, unsigned int ncells, int wrapped)
{
	static const struct cell def = CELL_BLANK;
	unsigned char		*t;
	unsigned int		 len;
	size_t			 x;

	if (h->limit == 0)
		return;
	if (n > ncells)
		n = ncells;
	if (!wrapped) {
		while (n > 0 && cells[n - 1].ch == ' ')
			n--;
	}
	len = wrapped ? ncells : n;
	t = hist_reserve(&h->text, &h->text_size, len + HIST_CHAR_MAX);
	for (x = 0; x + 4 <= (size_t)n; x += 4) {
		t[x] = cells[x].ch;
		t[x + 1] = cells[x + 1].ch;
		t[x + 2] = cells[x + 2].ch;
		t[x + 3] = cells[x + 3].ch;
	}
	for (; x < (size_t)n; x++)
		t[x] = cells[x].ch;
	memset(t + n, ' ', len - n);
	hist_put_plain(h, t, len, &def, wrapped);
}

/* Remove and decode the newest line. */
int
history_pop(struct history *h, struct cell *out, unsigned int max,
    unsigned int *ncells, int *wrapped)
{
	const unsigned char	*rec;
	unsigned int		 n;

	if (h->r.size == 0)
		return (0);
	rec = hring_line(&h->r, h->r.size - 1, NULL);
	n = hist_decode(rec, out, max);
	if (ncells != NULL)
		*ncells = n;
	if (wrapped != NULL)
		*wrapped = (rec[0] & HREC_WRAPPED) != 0;
	hring_pop(&h->r);
	return (1);
}

/* Lines held. */
unsigned int
history_size(const struct history *h)
{
	return (h->r.size);
}

/* Decode line idx (0 = oldest). */
unsigned int
history_get(const struct history *h, unsigned int idx, struct cell *out,
    unsigned int max, int *wrapped)
{
	const unsigned char	*rec;

	if (idx >= h->r.size) {
		if (wrapped != NULL)
			*wrapped = 0;
		return (0);
	}
	rec = hring_line(&h->r, idx, NULL);
	if (wrapped != NULL)
		*wrapped = (rec[0] & HREC_WRAPPED) != 0;
	return (hist_decode(rec, out, max));
}

/* Set or clear line idx's wrapped flag. */
void
history_set_wrapped(struct history *h, unsigned int idx, int wrapped)
{
	unsigned char	*rec;

	if (idx >= h->r.size)
		return;
	rec = hring_line(&h->r, idx, NULL);
	if (wrapped)
		rec[0] |= HREC_WRAPPED;
	else
		rec[0] &= ~HREC_WRAPPED;
}

/* Drop every line and free the blocks. */
void
history_clear(struct history *h)
{
	hring_clear(&h->r);
}

/* Bytes the history has allocated, as malloc chunks. */
size_t
history_bytes(const struct history *h)
{
	size_t	bytes = hring_chunk(sizeof *h) + h->r.bytes;

	if (h->text_size != 0)
		bytes += hring_chunk(h->text_size);
	if (h->runs_size != 0)
		bytes += hring_chunk(h->runs_size);
	return (bytes);
}

/* Width in columns of a record (from its header). */
static unsigned int
hist_rec_cols(const unsigned char *rec)
{
	struct hrec	hr;

	hrec_parse(rec, &hr);
	return (hr.cols);
}

/* Does a record start with a character of width 2? */
static int
hist_first_is_wide(const unsigned char *rec)
{
	struct hrec		 hr;
	const unsigned char	*t;
	uint32_t		 ch;
	unsigned int		 width;

	hrec_parse(rec, &hr);
	if (~hr.flags & HREC_UTF8)
		return (0);
	t = hr.text;
	if (!hist_get_char(&t, t + hr.tlen, &ch, &width))
		return (0);
	return (width == 2);
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

/*
 * Re-wrap every logical line to cols columns. The old ring is consumed from
 * its oldest line while the new one fills, so its blocks are freed as the
 * new ones are needed; a line that needs no change is copied as it is.
 */
void
history_reflow(struct history *h, unsigned int cols)
{
	struct hring		 old;
	const unsigned char	*rec;
	struct cell		*buf = NULL;
	size_t			 bufsize = 0, len, need;
	unsigned int		 j, k, w, n, take;
	int			 wrapped;

	if (h->r.size == 0 || cols == 0)
		return;
	old = h->r;
	memset(&h->r, 0, sizeof h->r);
	h->r.first = old.first + old.size;
	h->r.bmax = old.bmax;

	while (old.size > 0) {
		/* A logical line: lines 0..j, all but j wrapped. */
		for (j = 0; j + 1 < old.size; j++) {
			if (!(hring_line(&old, j, NULL)[0] & HREC_WRAPPED))
				break;
		}
		rec = hring_line(&old, 0, &len);
		if (j == 0 && !(rec[0] & HREC_WRAPPED) &&
		    hist_rec_cols(rec) <= cols) {
			memcpy(hist_new_line(h, len), rec, len);
			hring_drop_oldest(&old);
			continue;
		}

		/* Join the pieces. */
		len = 0;
		for (k = 0; k <= j; k++) {
			rec = hring_line(&old, k, NULL);
			w = hist_rec_cols(rec);
			need = len + w;
			if (need > bufsize || buf == NULL) {
				/* (A line of no cells still needs a buffer.) */
				bufsize = need * 2 + 1;
				buf = xreallocarray(buf, bufsize, sizeof *buf);
			}
			n = hist_decode(rec, buf + len, w);
			/* Drop the blank that padded a wide character that
			 * did not fit at the end of a wrapped line. */
			if (k < j && n > 0 &&
			    hist_trim(&buf[len + n - 1], 1) == 0 &&
			    hist_first_is_wide(hring_line(&old, k + 1, NULL)))
				n--;
			len += n;
		}
		wrapped = (hring_line(&old, j, NULL)[0] & HREC_WRAPPED) != 0;
		for (k = 0; k <= j; k++)
			hring_drop_oldest(&old);

		/* Split at the new width. */
		k = 0;
		do {
			take = hist_wrap_point(buf + k, len - k, cols);
			if (take == 0)
				take = 1;
			if (k + take > len)
				take = len - k;
			hist_encode(h, buf + k, take,
			    k + take < len ? 1 : wrapped);
			k += take;
		} while (k < len);
	}
	hring_clear(&old);
	free(buf);
}

/*
 * Reading without decoding cells, for copy mode: a copy of the whole
 * store (its snapshot) and the text of a line (its search).
 */

/* A copy of src keeping at most limit lines (the newest): the records are
 * copied as they are, block after block. */
struct history *
history_dup(const struct history *src, unsigned int limit)
{
	struct history		*h = history_create(limit);
	const unsigned char	*rec;
	unsigned int		 i, first = 0, n = src->r.size;
	size_t			 len;

	if (n > limit) {
		first = n - limit;
		n = limit;
	}
	for (i = 0; i < n; i++) {
		rec = hring_line(&src->r, first + i, &len);
		memcpy(hring_push(&h->r, len), rec, len);
	}
	return (h);
}

/* Line idx will be read soon. */
void
history_prefetch(const struct history *h, unsigned int idx)
{
	if (idx < h->r.size)
		__builtin_prefetch(hring_line(&h->r, idx, NULL));
}

/* Line idx's wrapped flag. */
int
history_get_wrapped(const struct history *h, unsigned int idx)
{
	if (idx >= h->r.size)
		return (0);
	return ((hring_line(&h->r, idx, NULL)[0] & HREC_WRAPPED) != 0);
}

/* The text of line idx (see history.h). */
size_t
history_get_text(const struct history *h, unsigned int idx, char *out,
    size_t max, unsigned int *cols, int *wrapped)
{
	const unsigned char	*t, *tend;
	struct hrec		 hr;
	size_t			 n = 0;

	if (idx >= h->r.size) {
		*cols = 0;
		if (wrapped != NULL)
			*wrapped = 0;
		return (0);
	}
	hrec_parse(hring_line(&h->r, idx, NULL), &hr);
	*cols = hr.cols;
	if (wrapped != NULL)
		*wrapped = (hr.flags & HREC_WRAPPED) != 0;
	if (hr.tlen > max)
		return (hr.tlen);
	if (!(hr.flags & HREC_UTF8)) {
		memcpy(out, hr.text, hr.tlen);
		return (hr.tlen);
	}
	/* The two marker bytes never occur in UTF-8: drop each with the
	 * byte after it (a width or a count of code points). */
	t = hr.text;
	tend = t + hr.tlen;
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

/* Mark in used (link_sweep's bitmap) every hyperlink id a line of any
 * history holds: only the run lists are read. */
void
history_mark_links(uint8_t *used)
{
	struct history		*h;
	struct hrec		 hr;
	struct cell		 style;
	const unsigned char	*r, *rend;
	unsigned int		 idx;

	TAILQ_FOREACH(h, &hist_all, entry) {
		for (idx = 0; idx < h->r.size; idx++) {
			hrec_parse(hring_line(&h->r, idx, NULL), &hr);
			if (~hr.flags & HREC_RUNS)
				continue;
			r = hr.runs;
			rend = r + hr.rlen;
			style = CELL_BLANK;
			while (hist_get_run(&r, rend, &style) != 0) {
				if (style.link != 0)
					used[style.link / 8] |=
					    1u << (style.link % 8);
			}
		}
	}
}
