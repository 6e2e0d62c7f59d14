/*
 * Unit tests for grid/vt.c: bytes in, grid, history, modes and replies out.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/key.h"
#include "common/utf8.h"
#include "grid/vt.h"

/* What the callbacks saw. */
struct seen {
	char	out[8192];
	size_t	outlen;
	char	title[256];
	int	titles;
	int	bells;
	char	sel[16];
	char	*clip;
	size_t	cliplen;
	int	clips;
};

static void
cb_output(const char *buf, size_t len, void *arg)
{
	struct seen	*s = arg;

	if (s->outlen + len > sizeof s->out)
		len = sizeof s->out - s->outlen;
	memcpy(s->out + s->outlen, buf, len);
	s->outlen += len;
}

static void
cb_title(const char *title, void *arg)
{
	struct seen	*s = arg;

	snprintf(s->title, sizeof s->title, "%s", title);
	s->titles++;
}

static void
cb_bell(void *arg)
{
	struct seen	*s = arg;

	s->bells++;
}

static void
cb_clipboard(const char *sel, const char *b64, size_t len, void *arg)
{
	struct seen	*s = arg;

	snprintf(s->sel, sizeof s->sel, "%s", sel);
	free(s->clip);
	s->clip = malloc(len + 1);
	memcpy(s->clip, b64, len);
	s->clip[len] = '\0';
	s->cliplen = len;
	s->clips++;
}

static const struct vt_callbacks callbacks = {
	.output = cb_output,
	.title = cb_title,
	.bell = cb_bell,
	.clipboard = cb_clipboard
};

static struct seen	seen;

/* A terminal of cols x rows with the test callbacks. */
static struct vt *
mkvt(unsigned int cols, unsigned int rows, unsigned int hlimit)
{
	free(seen.clip);
	memset(&seen, 0, sizeof seen);
	return (vt_create(cols, rows, hlimit, &callbacks, &seen));
}

static void
feed(struct vt *vt, const char *s)
{
	vt_write(vt, s, strlen(s));
}

/* Forget the output seen so far. */
static void
out_reset(void)
{
	seen.outlen = 0;
}

/* Was exactly s sent to the pane (since out_reset)? */
static void
assert_out(const char *s)
{
	assert_int_equal(seen.outlen, strlen(s));
	assert_memory_equal(seen.out, s, seen.outlen);
	out_reset();
}

/* Cells as UTF-8, right halves skipped, trailing blanks trimmed. */
static const char *
cells_text(const struct cell *cells, unsigned int n)
{
	static char	buf[8192];
	size_t		len = 0;
	unsigned int	x;

	for (x = 0; x < n; x++) {
		if (cells[x].width == 0)
			continue;
		len += utf8_char_to_utf8(cells[x].ch, buf + len);
	}
	while (len > 0 && buf[len - 1] == ' ')
		len--;
	buf[len] = '\0';
	return (buf);
}

/* Visible row y as text. */
static const char *
row(struct vt *vt, unsigned int y)
{
	const struct grid_line	*gl = vt_line(vt, y);

	assert_non_null(gl);
	return (cells_text(gl->cells, vt_cols(vt)));
}

/* History line idx as text. */
static const char *
hrow(struct vt *vt, unsigned int idx)
{
	static struct cell	out[1024];
	unsigned int		n;

	n = history_get(vt_history(vt), idx, out, 1024, NULL);
	return (cells_text(out, n));
}

static const struct cell *
cell_at(struct vt *vt, unsigned int x, unsigned int y)
{
	return (&vt_line(vt, y)->cells[x]);
}

static void
assert_cursor(struct vt *vt, unsigned int x, unsigned int y)
{
	struct vt_cursor	cur;

	vt_cursor(vt, &cur);
	assert_int_equal(cur.x, x);
	assert_int_equal(cur.y, y);
}

static void
test_text_crlf(void **state)
{
	struct vt	*vt = mkvt(20, 5, 100);

	feed(vt, "hello\r\nworld");
	assert_string_equal(row(vt, 0), "hello");
	assert_string_equal(row(vt, 1), "world");
	assert_string_equal(row(vt, 2), "");
	assert_cursor(vt, 5, 1);
	/* LF alone keeps the column. */
	feed(vt, "\nx\r\n\ttab\bB");
	assert_string_equal(row(vt, 2), "     x");
	assert_string_equal(row(vt, 3), "        taB");
	feed(vt, "\a");
	assert_int_equal(seen.bells, 1);
	vt_free(vt);
}

static void
test_scroll_history(void **state)
{
	struct vt	*vt = mkvt(10, 3, 100);
	int		 wrapped;

	feed(vt, "one\r\ntwo\r\nthree\r\nfour\r\nfive");
	assert_string_equal(row(vt, 0), "three");
	assert_string_equal(row(vt, 2), "five");
	assert_int_equal(history_size(vt_history(vt)), 2);
	assert_string_equal(hrow(vt, 0), "one");
	assert_string_equal(hrow(vt, 1), "two");

	/* A long line wraps: the wrapped flag goes along into history. */
	feed(vt, "\r\n0123456789abcdefghijKLM\r\nx\r\ny");
	assert_string_equal(row(vt, 0), "KLM");
	assert_int_equal(history_size(vt_history(vt)), 7);
	assert_string_equal(hrow(vt, 4), "five");
	history_get(vt_history(vt), 4, NULL, 0, &wrapped);
	assert_int_equal(wrapped, 0);
	assert_string_equal(hrow(vt, 5), "0123456789");
	history_get(vt_history(vt), 5, NULL, 0, &wrapped);
	assert_int_equal(wrapped, 1);
	assert_string_equal(hrow(vt, 6), "abcdefghij");
	history_get(vt_history(vt), 6, NULL, 0, &wrapped);
	assert_int_equal(wrapped, 1);
	vt_free(vt);
}

static void
test_wrap_flags(void **state)
{
	struct vt	*vt = mkvt(5, 4, 100);

	/* Exactly full then CRLF: not wrapped. */
	feed(vt, "abcde\r\nfghijk");
	assert_false(vt_line(vt, 0)->flags & GRID_LINE_WRAPPED);
	assert_true(vt_line(vt, 1)->flags & GRID_LINE_WRAPPED);
	assert_string_equal(row(vt, 2), "k");
	/* Erasing the line clears the flag. */
	feed(vt, "\033[2;1H\033[2K");
	assert_false(vt_line(vt, 1)->flags & GRID_LINE_WRAPPED);

	/* A one-line screen: the wrapped line is already in history when
	 * the next character shows it wrapped. */
	vt_free(vt);
	vt = mkvt(3, 1, 10);
	feed(vt, "abcdef\r\ng");
	assert_int_equal(history_size(vt_history(vt)), 2);
	{
		int	wrapped;

		history_get(vt_history(vt), 0, NULL, 0, &wrapped);
		assert_int_equal(wrapped, 1);
		history_get(vt_history(vt), 1, NULL, 0, &wrapped);
		assert_int_equal(wrapped, 0);
	}
	vt_free(vt);
}

static void
test_scroll_region(void **state)
{
	struct vt	*vt = mkvt(10, 5, 100);

	feed(vt, "0\r\n1\r\n2\r\n3\r\n4");
	/* Region 2-4 (rows 1-3): scrolling it leaves 0 and 4 alone and
	 * puts nothing in history. */
	feed(vt, "\033[2;4r\033[4;1H\nX");
	assert_string_equal(row(vt, 0), "0");
	assert_string_equal(row(vt, 1), "2");
	assert_string_equal(row(vt, 2), "3");
	assert_string_equal(row(vt, 3), "X");
	assert_string_equal(row(vt, 4), "4");
	assert_int_equal(history_size(vt_history(vt)), 0);

	/* Reverse index at the top of the region scrolls it down. */
	feed(vt, "\033[2;1H\033M");
	assert_string_equal(row(vt, 1), "");
	assert_string_equal(row(vt, 2), "2");
	assert_string_equal(row(vt, 3), "3");

	/* A region starting at the top keeps what leaves it. */
	feed(vt, "\033[1;3r\033[3;1H\nY");
	assert_int_equal(history_size(vt_history(vt)), 1);
	assert_string_equal(hrow(vt, 0), "0");
	assert_string_equal(row(vt, 2), "Y");
	assert_string_equal(row(vt, 4), "4");

	/* Insert and delete lines and characters. */
	feed(vt, "\033[r\033[H\033[2J" "abcdef\r\n" "ghijkl");
	feed(vt, "\033[1;3H\033[2@");
	assert_string_equal(row(vt, 0), "ab  cdef");
	feed(vt, "\033[3P");
	assert_string_equal(row(vt, 0), "abdef");
	feed(vt, "\033[1;1H\033[L");
	assert_string_equal(row(vt, 0), "");
	assert_string_equal(row(vt, 1), "abdef");
	feed(vt, "\033[M");
	assert_string_equal(row(vt, 0), "abdef");
	feed(vt, "\033[1;2H\033[2X");
	assert_string_equal(row(vt, 0), "a  ef");
	vt_free(vt);
}

/* A CSI: ESC [, first, ones parameters of 1, end. */
static const char *
csi_padded(const char *first, unsigned int ones, const char *end)
{
	static char	buf[256];
	unsigned int	i;
	int		len;

	len = snprintf(buf, sizeof buf, "\033[%s", first);
	for (i = 0; i < ones; i++)
		len += snprintf(buf + len, sizeof buf - len, ";1");
	snprintf(buf + len, sizeof buf - len, "%s", end);
	return (buf);
}

/*
 * A CSI with more parameters than libvterm takes (16) but no more than
 * tmux 3.3a reads (23): tmux uses the first ones, and so does mux; split
 * across writes too. With more than 23, tmux drops it, and mux does.
 */
static void
test_csi_many_params(void **state)
{
	struct vt	*vt = mkvt(40, 10, 100);
	unsigned int	 upper, lower;

	(void)state;
	feed(vt, csi_padded("5;10", 18, "HX"));
	assert_string_equal(row(vt, 4), "         X");
	assert_cursor(vt, 10, 4);

	/* DECSTBM of 20, its second half in the next write. */
	feed(vt, "\033[2;5;1;1;1;1;1;1;1;1");
	feed(vt, ";1;1;1;1;1;1;1;1;1;1r");
	vt_scroll_region(vt, &upper, &lower);
	assert_int_equal(upper, 1);
	assert_int_equal(lower, 4);
	assert_cursor(vt, 0, 0);

	/* Twenty, with a C0 control inside: it acts first. */
	feed(vt, "\033[3;4;5;6;7;8;9;10;11;12;13\b;14;15;16;17;18;19;20;21;22HZ");
	assert_string_equal(row(vt, 2), "   Z");

	/* Twenty-six: dropped. */
	feed(vt, "\033[r\033[H");
	feed(vt, csi_padded("7;7", 24, "HY"));
	assert_string_equal(row(vt, 0), "Y");
	assert_cursor(vt, 1, 0);
	vt_free(vt);
}

static void
test_sgr(void **state)
{
	struct vt		*vt = mkvt(40, 3, 100);
	const struct cell	*c;

	feed(vt, "\033[31ma\033[38;5;200mb\033[38;2;1;2;3;48;2;4;5;6mc"
	    "\033[0;44;97md\033[mE");
	c = cell_at(vt, 0, 0);
	assert_int_equal(c->fg, COLOUR_INDEX(1));
	assert_int_equal(c->bg, COLOUR_DEFAULT);
	assert_int_equal(cell_at(vt, 1, 0)->fg, COLOUR_INDEX(200));
	c = cell_at(vt, 2, 0);
	assert_int_equal(c->fg, COLOUR_RGB(1, 2, 3));
	assert_int_equal(c->bg, COLOUR_RGB(4, 5, 6));
	c = cell_at(vt, 3, 0);
	assert_int_equal(c->fg, COLOUR_INDEX(15));
	assert_int_equal(c->bg, COLOUR_INDEX(4));
	c = cell_at(vt, 4, 0);
	assert_int_equal(c->fg, COLOUR_DEFAULT);
	assert_int_equal(c->attr, 0);

	feed(vt, "\r\n\033[1ma\033[0;3mb\033[0;4mc\033[0;21md\033[0;4:3me"
	    "\033[0;5mf\033[0;7mg\033[0;8mh\033[0;9mi\033[0;2mj\033[0;53mk"
	    "\033[0;1;2;3;8;9;53ml\033[22;23;28;29;55mm");
	assert_int_equal(cell_at(vt, 0, 1)->attr, ATTR_BOLD);
	assert_int_equal(cell_at(vt, 1, 1)->attr, ATTR_ITALIC);
	assert_int_equal(cell_at(vt, 2, 1)->attr, ATTR_UNDERLINE);
	assert_int_equal(cell_at(vt, 3, 1)->attr, ATTR_UNDERLINE2);
	assert_int_equal(cell_at(vt, 4, 1)->attr, ATTR_UNDERCURL);
	assert_int_equal(cell_at(vt, 5, 1)->attr, ATTR_BLINK);
	assert_int_equal(cell_at(vt, 6, 1)->attr, ATTR_REVERSE);
	assert_int_equal(cell_at(vt, 7, 1)->attr, ATTR_INVISIBLE);
	assert_int_equal(cell_at(vt, 8, 1)->attr, ATTR_STRIKE);
	assert_int_equal(cell_at(vt, 9, 1)->attr, ATTR_DIM);
	assert_int_equal(cell_at(vt, 10, 1)->attr, ATTR_OVERLINE);
	assert_int_equal(cell_at(vt, 11, 1)->attr, ATTR_BOLD|ATTR_DIM|
	    ATTR_ITALIC|ATTR_INVISIBLE|ATTR_STRIKE|ATTR_OVERLINE);
	assert_int_equal(cell_at(vt, 12, 1)->attr, 0);

	/* A colour index of 2 is not dim; an SGR split across writes. */
	feed(vt, "\r\n\033[38;5;2ma\033[0m\033[");
	feed(vt, "2mb\033[0mc");
	assert_int_equal(cell_at(vt, 0, 2)->attr, 0);
	assert_int_equal(cell_at(vt, 0, 2)->fg, COLOUR_INDEX(2));
	assert_int_equal(cell_at(vt, 1, 2)->attr, ATTR_DIM);
	assert_int_equal(cell_at(vt, 2, 2)->attr, 0);

	/* Erase takes the background colour. */
	feed(vt, "\033[H\033[42m\033[K\033[m");
	assert_int_equal(cell_at(vt, 20, 0)->bg, COLOUR_INDEX(2));
	vt_free(vt);
}

/*
 * Parameter lists past libvterm's 16 (mux splits an SGR's) and past the
 * 64 mux keeps (dropped), values up to INT_MAX and past it (dropped),
 * sub-parameters late in the list: the same whole and a byte at a time.
 */
static void
test_sgr_long(void **state)
{
	char		 buf[1024];
	struct vt	*vt;
	size_t		 len, i;
	int		 split;

	for (split = 0; split < 2; split++) {
		vt = mkvt(40, 3, 100);
		len = 0;
		buf[len++] = '\033';
		buf[len++] = '[';
		for (i = 0; i < 20; i++)
			len += snprintf(buf + len, sizeof buf - len, "0;");
		len += snprintf(buf + len, sizeof buf - len,
		    "38:2::1:2:3;1ma\033[");
		for (i = 0; i < 70; i++)
			len += snprintf(buf + len, sizeof buf - len, "3;");
		len += snprintf(buf + len, sizeof buf - len,
		    "4mb\033[0;2147483647;3mc\033[0;2147483648;4md"
		    "\033[0;99999999999999999999;1me\033[0m");
		if (split) {
			for (i = 0; i < len; i++)
				vt_write(vt, buf + i, 1);
		} else
			vt_write(vt, buf, len);
		assert_string_equal(row(vt, 0), "abcde");
		assert_int_equal(cell_at(vt, 0, 0)->attr, ATTR_BOLD);
		assert_int_equal(cell_at(vt, 0, 0)->fg, COLOUR_RGB(1, 2, 3));
		/* 71 parameters: none of them taken. */
		assert_int_equal(cell_at(vt, 1, 0)->attr, ATTR_BOLD);
		/* INT_MAX is a value; past it the SGR is dropped whole, as
		 * tmux 3.3a drops it. */
		assert_int_equal(cell_at(vt, 2, 0)->attr, ATTR_ITALIC);
		assert_int_equal(cell_at(vt, 2, 0)->fg, COLOUR_DEFAULT);
		assert_int_equal(cell_at(vt, 3, 0)->attr, ATTR_ITALIC);
		assert_int_equal(cell_at(vt, 4, 0)->attr, ATTR_ITALIC);
		vt_free(vt);
	}
}

/* ESC [, lead, rep n times, then tail: fed to vt. */
static void
feed_csi(struct vt *vt, const char *lead, const char *rep, unsigned int n,
    const char *tail)
{
	char		buf[1024];
	size_t		len;
	unsigned int	i;

	len = snprintf(buf, sizeof buf, "\033[%s", lead);
	for (i = 0; i < n; i++)
		len += snprintf(buf + len, sizeof buf - len, "%s", rep);
	snprintf(buf + len, sizeof buf - len, "%s", tail);
	feed(vt, buf);
}

/*
 * tmux 3.3a's limit of 23 parameters in a CSI (a ':' one not counted
 * apart): a list of modes longer than libvterm's 16 is still taken, one
 * of 24 is dropped, and so is an SGR of 24.
 */
static void
test_csi_param_limit(void **state)
{
	struct vt		*vt = mkvt(20, 3, 100);
	struct vt_cursor	 cur;

	/* ?1 22 times and ?25: 23 parameters, the cursor hidden; 24, the
	 * one showing it again dropped. */
	feed_csi(vt, "?", "1;", 22, "25l");
	vt_cursor(vt, &cur);
	assert_int_equal(cur.visible, 0);
	feed_csi(vt, "?", "1;", 23, "25h");
	vt_cursor(vt, &cur);
	assert_int_equal(cur.visible, 0);

	/* An SGR of 23 parameters, one with sub-parameters, is taken; of
	 * 24, dropped. */
	feed_csi(vt, "", "0;", 21, "38:2::1:2:3;1ma");
	feed_csi(vt, "", "0;", 23, "3mb");
	assert_string_equal(row(vt, 0), "ab");
	assert_int_equal(cell_at(vt, 0, 0)->attr, ATTR_BOLD);
	assert_int_equal(cell_at(vt, 0, 0)->fg, COLOUR_RGB(1, 2, 3));
	assert_int_equal(cell_at(vt, 1, 0)->attr, ATTR_BOLD);
	assert_int_equal(cell_at(vt, 1, 0)->fg, COLOUR_RGB(1, 2, 3));
	vt_free(vt);
}

static void
test_wide_emoji(void **state)
{
	struct vt		*vt = mkvt(12, 3, 100);
	const struct cell	*c;

	/* CJK, then U+1F9D1 (1 column to libvterm 0.1.4, 2 to utf8proc). */
	feed(vt, "a\xe4\xb8\xad" "b\xf0\x9f\xa7\x91" "c");
	assert_int_equal(cell_at(vt, 0, 0)->ch, 'a');
	c = cell_at(vt, 1, 0);
	assert_int_equal(c->ch, 0x4e2d);
	assert_int_equal(c->width, 2);
	assert_int_equal(cell_at(vt, 2, 0)->width, CELL_WIDE_RIGHT);
	assert_int_equal(cell_at(vt, 3, 0)->ch, 'b');
	c = cell_at(vt, 4, 0);
	assert_int_equal(c->ch, 0x1f9d1);
	assert_int_equal(c->width, 2);
	assert_int_equal(cell_at(vt, 5, 0)->width, CELL_WIDE_RIGHT);
	assert_int_equal(cell_at(vt, 6, 0)->ch, 'c');
	assert_cursor(vt, 7, 0);

	/* A wide character that does not fit wraps early. */
	feed(vt, "defg\xf0\x9f\xa7\x91");
	assert_string_equal(row(vt, 0), "a\xe4\xb8\xad" "b\xf0\x9f\xa7\x91"
	    "cdefg");
	assert_int_equal(cell_at(vt, 0, 1)->ch, 0x1f9d1);
	assert_true(vt_line(vt, 0)->flags & GRID_LINE_WRAPPED);
	assert_cursor(vt, 2, 1);

	/* Overwriting half of a wide character. */
	feed(vt, "\033[2;2HX");
	assert_int_equal(cell_at(vt, 0, 1)->ch, ' ');
	assert_int_equal(cell_at(vt, 0, 1)->width, 1);
	assert_int_equal(cell_at(vt, 1, 1)->ch, 'X');
	vt_free(vt);
}

static void
test_combining(void **state)
{
	struct vt	*vt = mkvt(10, 2, 100);
	uint32_t	 cps[UTF8_MAX_CPS];
	size_t		 n;

	feed(vt, "e\xcc\x81x");
	n = utf8_expand(cell_at(vt, 0, 0)->ch, cps);
	assert_int_equal(n, 2);
	assert_int_equal(cps[0], 'e');
	assert_int_equal(cps[1], 0x301);
	assert_int_equal(cell_at(vt, 0, 0)->width, 1);
	assert_int_equal(cell_at(vt, 1, 0)->ch, 'x');

	/* The mark in the next write still joins its base. */
	feed(vt, "a");
	feed(vt, "\xcc\x88");
	feed(vt, "\xcc");
	feed(vt, "\xa3z");
	n = utf8_expand(cell_at(vt, 2, 0)->ch, cps);
	assert_int_equal(n, 3);
	assert_int_equal(cps[0], 'a');
	assert_int_equal(cps[1], 0x308);
	assert_int_equal(cps[2], 0x323);
	assert_int_equal(cell_at(vt, 3, 0)->ch, 'z');
	assert_cursor(vt, 4, 0);

	/* An emoji with VS16 and a ZWJ sequence keep their cells. */
	feed(vt, "\r\n\xe2\x9d\xa4\xef\xb8\x8f|");
	n = utf8_expand(cell_at(vt, 0, 1)->ch, cps);
	assert_int_equal(n, 2);
	assert_int_equal(cps[1], 0xfe0f);
	assert_int_equal(cell_at(vt, 1, 1)->ch, '|');
	vt_free(vt);
}

static void
test_alt_screen(void **state)
{
	struct vt	*vt = mkvt(10, 3, 100);

	feed(vt, "primary\r\nline2");
	feed(vt, "\033[?1049h");
	assert_true(vt_modes(vt) & VT_MODE_ALTSCREEN);
	assert_string_equal(row(vt, 0), "");
	assert_string_equal(row(vt, 1), "");
	feed(vt, "alt\r\n\r\n\r\n\r\nbottom");
	assert_string_equal(row(vt, 2), "bottom");
	/* Nothing from the alternate screen goes into history. */
	assert_int_equal(history_size(vt_history(vt)), 0);
	feed(vt, "\033[?1049l");
	assert_false(vt_modes(vt) & VT_MODE_ALTSCREEN);
	assert_string_equal(row(vt, 0), "primary");
	assert_string_equal(row(vt, 1), "line2");
	assert_cursor(vt, 5, 1);

	/* Entering again finds a clear alternate screen. */
	feed(vt, "\033[?1049h");
	assert_string_equal(row(vt, 2), "");
	feed(vt, "\033[?1049l");
	vt_free(vt);
}

static void
test_title(void **state)
{
	struct vt	*vt = mkvt(10, 3, 100);

	feed(vt, "\033]2;first\007");
	assert_string_equal(vt_title(vt), "first");
	assert_string_equal(seen.title, "first");
	assert_int_equal(seen.titles, 1);

	/* Split across writes, terminated by ST. */
	feed(vt, "ab\033]0;sec");
	feed(vt, "ond ti");
	feed(vt, "tle\033");
	feed(vt, "\\cd");
	assert_string_equal(vt_title(vt), "second title");
	assert_string_equal(row(vt, 0), "abcd");

	/* Split right after the ESC. */
	feed(vt, "\033");
	feed(vt, "]2;third\007");
	assert_string_equal(vt_title(vt), "third");

	/* Control characters are not kept. */
	feed(vt, "\033]2;a\tb\007");
	assert_string_equal(vt_title(vt), "ab");

	/* A string cancelled by CAN, or by a new escape, sets nothing. */
	feed(vt, "\033]2;nope\030");
	feed(vt, "\033]2;nope\033[1m");
	assert_string_equal(vt_title(vt), "ab");
	vt_free(vt);
}

static void
test_osc52(void **state)
{
	struct vt	*vt = mkvt(10, 3, 100);
	char		*big;
	size_t		 i, n = 200 * 1024;

	feed(vt, "\033]52;c;aGVsbG8=\007");
	assert_int_equal(seen.clips, 1);
	assert_string_equal(seen.sel, "c");
	assert_string_equal(seen.clip, "aGVsbG8=");

	feed(vt, "\033]52;p");
	feed(vt, "s;?\033\\");
	assert_int_equal(seen.clips, 2);
	assert_string_equal(seen.sel, "ps");
	assert_string_equal(seen.clip, "?");

	/* 200 KiB in pieces of 1000 bytes. */
	big = malloc(n + 16);
	memcpy(big, "\033]52;c;", 7);
	for (i = 7; i < n; i++)
		big[i] = 'A' + i % 26;
	big[n] = '\007';
	for (i = 0; i < n + 1; i += 1000)
		vt_write(vt, big + i, n + 1 - i < 1000 ? n + 1 - i : 1000);
	assert_int_equal(seen.clips, 3);
	assert_int_equal(seen.cliplen, n - 7);
	assert_memory_equal(seen.clip, big + 7, n - 7);
	free(big);

	/* Over the limit: dropped, and output after it is not lost. */
	n = 2 * 1024 * 1024;
	big = malloc(n + 16);
	memcpy(big, "\033]52;c;", 7);
	memset(big + 7, 'Q', n - 7);
	memcpy(big + n, "\007ok", 3);
	vt_write(vt, big, n + 3);
	assert_int_equal(seen.clips, 3);
	assert_string_equal(row(vt, 0), "ok");
	free(big);
	vt_free(vt);
}

/* The host colours the server would report (test_colour_queries). */
static int
cb_host_colour(int which, struct colour_rgb16 *rgb, void *arg)
{
	if (which != 11)
		return (-1);
	rgb->r = 0xfdf6;
	rgb->g = 0xe3e3;
	rgb->b = 0x0102;
	return (0);
}

static const struct vt_callbacks host_callbacks = {
	.output = cb_output,
	.host_colour = cb_host_colour
};

static void
test_colour_queries(void **state)
{
	struct vt	*vt = mkvt(10, 3, 100);

	/* Nothing known: a dark default; the reply ends as the query did. */
	feed(vt, "\033]11;?\007");
	assert_out("\033]11;rgb:0000/0000/0000\007");
	feed(vt, "\033]10;?\033\\");
	assert_out("\033]10;rgb:e5e5/e5e5/e5e5\033\\");
	/* Both at once, and split across writes. */
	feed(vt, "\033]10;?;");
	assert_out("");
	feed(vt, "?\033");
	feed(vt, "\\");
	assert_out("\033]10;rgb:e5e5/e5e5/e5e5\033\\"
	    "\033]11;rgb:0000/0000/0000\033\\");

	/* The xterm palette. */
	feed(vt, "\033]4;1;?\007");
	assert_out("\033]4;1;rgb:cdcd/0000/0000\007");
	feed(vt, "\033]4;196;?;255;?\007");
	assert_out("\033]4;196;rgb:ffff/0000/0000\007"
	    "\033]4;255;rgb:eeee/eeee/eeee\007");
	feed(vt, "\033]4;256;?\007\033]4;x;?\007\033]4;2\007");
	assert_out("");

	/* Set, query, reset one, reset all. */
	feed(vt, "\033]4;1;#ff8000;2;rgb:1/2/3\007\033]4;1;?;2;?\007");
	assert_out("\033]4;1;rgb:ffff/8080/0000\007"
	    "\033]4;2;rgb:1111/2222/3333\007");
	feed(vt, "\033]104;1\007\033]4;1;?;2;?\007");
	assert_out("\033]4;1;rgb:cdcd/0000/0000\007"
	    "\033]4;2;rgb:1111/2222/3333\007");
	feed(vt, "\033]104\007\033]4;2;?\007");
	assert_out("\033]4;2;rgb:0000/cdcd/0000\007");

	/* A default colour the program set is what it reads back until
	 * OSC 111 (or RIS). */
	feed(vt, "\033]11;#102030\007\033]11;?\007");
	assert_out("\033]11;rgb:1010/2020/3030\007");
	feed(vt, "\033]111\007\033]11;?\007");
	assert_out("\033]11;rgb:0000/0000/0000\007");
	feed(vt, "\033]10;rgb:ff/ff/ff\007\033c\033]10;?\007");
	assert_out("\033]10;rgb:e5e5/e5e5/e5e5\007");
	/* Not a colour: nothing. */
	feed(vt, "\033]11;bogus\007\033]11;?\007");
	assert_out("\033]11;rgb:0000/0000/0000\007");
	/* XParseColor's other forms, as tmux 3.3a reads them (its regress
	 * osc-11colours): cmy:, cmyk: and decimal R,G,B; out of range,
	 * nothing. */
	feed(vt, "\033]11;cmy:0.9373/0.6941/0.4549\007\033]11;?\007");
	assert_out("\033]11;rgb:0f0f/4e4e/8b8b\007");
	feed(vt, "\033]11;cmyk:0.88/0.44/0.00/0.45\007\033]11;?\007");
	assert_out("\033]11;rgb:1010/4e4e/8c8c\007");
	feed(vt, "\033]11;16,78,139\007\033]11;?\007");
	assert_out("\033]11;rgb:1010/4e4e/8b8b\007");
	feed(vt, "\033]111\007\033]11;cmy:1.5/0/0\007\033]11;300,0,0\007"
	    "\033]11;1,2\007\033]11;?\007");
	assert_out("\033]11;rgb:0000/0000/0000\007");
	vt_free(vt);

	/* What the host said, when it said it. */
	vt = vt_create(10, 3, 100, &host_callbacks, &seen);
	out_reset();
	feed(vt, "\033]11;?\007\033]10;?\007");
	assert_out("\033]11;rgb:fdf6/e3e3/0102\007"
	    "\033]10;rgb:e5e5/e5e5/e5e5\007");
	vt_free(vt);
}

static void
test_render_cells(void **state)
{
	struct vt	*vt = mkvt(10, 3, 100);
	struct cell	 cells[4];

	feed(vt, "\033[31ma\033[38;5;100;44mb\033[38;2;1;2;3mc\033[md");
	memcpy(cells, vt_line(vt, 0)->cells, sizeof cells);
	vt_render_cells(vt, cells, 4);
	assert_memory_equal(cells, vt_line(vt, 0)->cells, sizeof cells);

	/* The program's palette and default colours apply when drawing;
	 * the cells keep their indexes. */
	feed(vt, "\033]4;1;#010203;4;#040506\007\033]11;#0a0b0c\007");
	memcpy(cells, vt_line(vt, 0)->cells, sizeof cells);
	vt_render_cells(vt, cells, 4);
	assert_int_equal(vt_line(vt, 0)->cells[0].fg, COLOUR_INDEX(1));
	assert_int_equal(cells[0].fg, COLOUR_RGB(1, 2, 3));
	assert_int_equal(cells[0].bg, COLOUR_RGB(10, 11, 12));
	assert_int_equal(cells[1].fg, COLOUR_INDEX(100));
	assert_int_equal(cells[1].bg, COLOUR_RGB(4, 5, 6));
	assert_int_equal(cells[2].fg, COLOUR_RGB(1, 2, 3));
	assert_int_equal(cells[3].fg, COLOUR_DEFAULT);
	assert_int_equal(cells[3].bg, COLOUR_RGB(10, 11, 12));
	assert_int_equal(cells[3].attr, 0);

	/* Reverse video (DECSCNM) flips every cell's reverse. */
	feed(vt, "\033]104\007\033]111\007\033[?5h");
	memcpy(cells, vt_line(vt, 0)->cells, sizeof cells);
	vt_render_cells(vt, cells, 4);
	assert_int_equal(cells[0].fg, COLOUR_INDEX(1));
	assert_int_equal(cells[3].bg, COLOUR_DEFAULT);
	assert_int_equal(cells[3].attr, ATTR_REVERSE);
	feed(vt, "\033[?5l");
	memcpy(cells, vt_line(vt, 0)->cells, sizeof cells);
	vt_render_cells(vt, cells, 4);
	assert_int_equal(cells[3].attr, 0);
	vt_free(vt);
}

static void
test_clear_history(void **state)
{
	struct vt	*vt = mkvt(10, 2, 100);

	feed(vt, "1\r\n2\r\n3\r\n4");
	assert_int_equal(history_size(vt_history(vt)), 2);
	feed(vt, "\033[3J");
	assert_int_equal(history_size(vt_history(vt)), 0);
	assert_string_equal(row(vt, 1), "4");

	/* Split across writes. */
	feed(vt, "\r\n5\r\n6\033[");
	assert_int_equal(history_size(vt_history(vt)), 2);
	feed(vt, "3J");
	assert_int_equal(history_size(vt_history(vt)), 0);

	/* CSI 2 J does not clear history; with scroll-on-clear (tmux's, on
	 * at first) what the screen showed goes into it. */
	feed(vt, "\r\n7\033[2J");
	assert_int_equal(history_size(vt_history(vt)), 3);
	assert_string_equal(row(vt, 1), "");
	vt_set_scroll_on_clear(vt, 0);
	feed(vt, "8\033[2J");
	assert_int_equal(history_size(vt_history(vt)), 3);
	vt_free(vt);
}

static void
test_replies(void **state)
{
	struct vt	*vt = mkvt(20, 5, 100);

	feed(vt, "\033[c");
	assert_true(seen.outlen > 3);
	assert_memory_equal(seen.out, "\033[?", 3);
	assert_int_equal(seen.out[seen.outlen - 1], 'c');
	out_reset();
	feed(vt, "\033[5n");
	assert_out("\033[0n");
	feed(vt, "abc\r\n\033[6n");
	assert_out("\033[2;1R");
	feed(vt, "\033[3;7H\033[6n");
	assert_out("\033[3;7R");
	vt_free(vt);
}

static void
test_keys(void **state)
{
	struct vt	*vt = mkvt(20, 5, 100);

	vt_send_key(vt, 'a');
	assert_out("a");
	vt_send_key(vt, 'A');
	assert_out("A");
	vt_send_key(vt, 0xe9);
	assert_out("\xc3\xa9");
	vt_send_key(vt, '\r');
	assert_out("\r");
	vt_send_key(vt, '\t');
	assert_out("\t");
	vt_send_key(vt, 0x1b);
	assert_out("\033");
	vt_send_key(vt, KEYC_BSPACE);
	assert_out("\177");
	vt_send_key(vt, KEYC_BSPACE|KEYC_META);
	assert_out("\033\177");
	vt_send_key(vt, KEYC_BSPACE|KEYC_CTRL);
	assert_out("\010");
	vt_send_key(vt, 'a'|KEYC_CTRL);
	assert_out("\001");
	vt_send_key(vt, 'z'|KEYC_CTRL);
	assert_out("\032");
	vt_send_key(vt, ' '|KEYC_CTRL);
	assert_int_equal(seen.outlen, 1);
	assert_int_equal(seen.out[0], 0);
	out_reset();
	vt_send_key(vt, '['|KEYC_CTRL);
	assert_out("\033");
	vt_send_key(vt, '?'|KEYC_CTRL);
	assert_out("\177");
	vt_send_key(vt, 'x'|KEYC_META);
	assert_out("\033x");
	vt_send_key(vt, 'x'|KEYC_META|KEYC_CTRL);
	assert_out("\033\030");
	vt_send_key(vt, KEYC_BTAB);
	assert_out("\033[Z");
	vt_send_key(vt, KEYC_UP);
	assert_out("\033[A");
	vt_send_key(vt, KEYC_LEFT|KEYC_SHIFT);
	assert_out("\033[1;2D");
	vt_send_key(vt, KEYC_RIGHT|KEYC_CTRL);
	assert_out("\033[1;5C");
	vt_send_key(vt, KEYC_HOME);
	assert_out("\033[H");
	vt_send_key(vt, KEYC_END);
	assert_out("\033[F");
	vt_send_key(vt, KEYC_IC);
	assert_out("\033[2~");
	vt_send_key(vt, KEYC_DC);
	assert_out("\033[3~");
	vt_send_key(vt, KEYC_PPAGE);
	assert_out("\033[5~");
	vt_send_key(vt, KEYC_NPAGE);
	assert_out("\033[6~");
	vt_send_key(vt, KEYC_F1);
	assert_out("\033OP");
	vt_send_key(vt, KEYC_F5);
	assert_out("\033[15~");
	vt_send_key(vt, KEYC_F12);
	assert_out("\033[24~");
	vt_send_key(vt, KEYC_KP_5);
	assert_out("5");
	vt_send_key(vt, KEYC_KP_ENTER);
	assert_out("\r");

	/* Application cursor keys and keypad. */
	feed(vt, "\033[?1h\033=");
	assert_true(vt_modes(vt) & VT_MODE_APPCURSOR);
	assert_true(vt_modes(vt) & VT_MODE_APPKEYPAD);
	vt_send_key(vt, KEYC_UP);
	assert_out("\033OA");
	vt_send_key(vt, KEYC_HOME);
	assert_out("\033OH");
	vt_send_key(vt, KEYC_KP_5);
	assert_out("\033Ou");
	vt_send_key(vt, KEYC_KP_ENTER);
	assert_out("\033OM");
	feed(vt, "\033[?1l\033>");
	assert_false(vt_modes(vt) & VT_MODE_APPCURSOR);
	assert_false(vt_modes(vt) & VT_MODE_APPKEYPAD);
	vt_send_key(vt, KEYC_DOWN);
	assert_out("\033[B");
	vt_free(vt);
}

/* ?47, the first alternate screen, which libvterm 0.1.4 does not know. */
static void
test_alt_screen_47(void **state)
{
	struct vt	*vt = mkvt(10, 3, 100);

	feed(vt, "primary\033[?47h");
	assert_true(vt_modes(vt) & VT_MODE_ALTSCREEN);
	assert_string_equal(row(vt, 0), "");
	feed(vt, "\r\nalt");
	feed(vt, "\033[?1;47l");
	assert_false(vt_modes(vt) & VT_MODE_ALTSCREEN);
	assert_string_equal(row(vt, 0), "primary");
	assert_string_equal(row(vt, 1), "");
	vt_free(vt);
}

/* urxvt's mouse encoding (1015) adds 32 to the button, as X10's does. */
static void
test_mouse_urxvt(void **state)
{
	struct vt	*vt = mkvt(20, 5, 100);

	feed(vt, "\033[?1002h\033[?1015h");
	assert_int_equal(vt_send_mouse(vt, 3, 2, 0, 1, 0, 0), 1);
	assert_out("\033[32;4;3M");
	assert_int_equal(vt_send_mouse(vt, 5, 2, 0, 1, 1, 0), 1);
	assert_out("\033[64;6;3M");
	assert_int_equal(vt_send_mouse(vt, 5, 2, 3, 0, 0, 0), 1);
	assert_out("\033[35;6;3M");
	feed(vt, "\033[?1006h");
	assert_int_equal(vt_send_mouse(vt, 3, 2, 0, 1, 0, 0), 1);
	assert_out("\033[<0;4;3M");
	vt_free(vt);
}

static void
test_extended_keys(void **state)
{
	struct vt	*vt = mkvt(20, 5, 100);

	/* A program that did not ask gets classic keys: the modifiers
	 * they cannot carry are dropped. */
	vt_send_key(vt, '\r'|KEYC_CTRL);
	assert_out("\r");
	vt_send_key(vt, '\r'|KEYC_SHIFT);
	assert_out("\r");
	vt_send_key(vt, '\r'|KEYC_META);
	assert_out("\033\r");
	vt_send_key(vt, '\t'|KEYC_CTRL);
	assert_out("\t");
	vt_send_key(vt, '\t'|KEYC_SHIFT);
	assert_out("\033[Z");
	vt_send_key(vt, 0x1b|KEYC_CTRL);
	assert_out("\033");
	vt_send_key(vt, KEYC_BSPACE|KEYC_SHIFT);
	assert_out("\177");
	vt_send_key(vt, '1'|KEYC_CTRL);
	assert_out("1");
	feed(vt, "\033[?4m");
	assert_out("\033[>4;0m");

	/* modifyOtherKeys 1: only what classic keys lose. */
	feed(vt, "\033[>4;1m\033[?4m");
	assert_out("\033[>4;1m");
	vt_send_key(vt, '\r'|KEYC_CTRL);
	assert_out("\033[27;5;13~");
	vt_send_key(vt, '\r'|KEYC_SHIFT);
	assert_out("\033[27;2;13~");
	vt_send_key(vt, '\r');
	assert_out("\r");
	vt_send_key(vt, 'a'|KEYC_CTRL);
	assert_out("\001");
	vt_send_key(vt, 'a'|KEYC_CTRL|KEYC_SHIFT);
	assert_out("\033[27;6;65~");
	vt_send_key(vt, '1'|KEYC_CTRL);
	assert_out("\033[27;5;49~");
	vt_send_key(vt, 'x'|KEYC_META);
	assert_out("\033x");
	vt_send_key(vt, '\t'|KEYC_SHIFT);
	assert_out("\033[Z");
	vt_send_key(vt, KEYC_UP|KEYC_CTRL);
	assert_out("\033[1;5A");

	/* modifyOtherKeys 2: every key with Ctrl or Meta. */
	feed(vt, "\033[>4;2m");
	vt_send_key(vt, 'a'|KEYC_CTRL);
	assert_out("\033[27;5;97~");
	vt_send_key(vt, 'x'|KEYC_META);
	assert_out("\033[27;3;120~");
	vt_send_key(vt, 'A');
	assert_out("A");
	vt_send_key(vt, KEYC_F5|KEYC_SHIFT);
	assert_out("\033[15;2~");

	/* Reset, and RIS. */
	feed(vt, "\033[>4m");
	vt_send_key(vt, 'a'|KEYC_CTRL);
	assert_out("\001");
	feed(vt, "\033[>4;1m\033c");
	vt_send_key(vt, '\r'|KEYC_CTRL);
	assert_out("\r");
	vt_free(vt);
}

static void
test_paste_focus_mouse(void **state)
{
	struct vt	*vt = mkvt(20, 5, 100);

	vt_send_paste(vt, "a\033[201~b", 8);
	assert_out("a\033[201~b");
	feed(vt, "\033[?2004h");
	assert_true(vt_modes(vt) & VT_MODE_BRACKETPASTE);
	vt_send_paste(vt, "a\033[201~b", 8);
	assert_out("\033[200~ab\033[201~");

	vt_send_focus(vt, 1);
	assert_out("");
	feed(vt, "\033[?1004$p");
	assert_out("\033[?1004;2$y");
	feed(vt, "\033[?1004h\033[?1004$p");
	assert_out("\033[?1004;1$y");
	feed(vt, "\033[?1004h");
	assert_true(vt_modes(vt) & VT_MODE_FOCUS);
	vt_send_focus(vt, 1);
	assert_out("\033[I");
	vt_send_key(vt, KEYC_FOCUS_OUT);
	assert_out("\033[O");
	feed(vt, "\033[?1004l");
	vt_send_focus(vt, 0);
	assert_out("");

	/* No mouse mode: nothing is sent. */
	assert_int_equal(vt_send_mouse(vt, 3, 2, 0, 1, 0, 0), 0);
	assert_out("");
	feed(vt, "\033[?1000h\033[?1006h");
	assert_true(vt_modes(vt) & VT_MODE_MOUSE_CLICK);
	assert_int_equal(vt_send_mouse(vt, 3, 2, 0, 1, 0, 0), 1);
	assert_out("\033[<0;4;3M");
	assert_int_equal(vt_send_mouse(vt, 3, 2, 3, 0, 0, 0), 1);
	assert_out("\033[<0;4;3m");
	assert_int_equal(vt_send_mouse(vt, 0, 0, 4, 1, 0, 0), 1);
	assert_out("\033[<64;1;1M");
	/* Motion is not reported in click mode. */
	assert_int_equal(vt_send_mouse(vt, 5, 1, 0, 0, 1, 0), 0);
	feed(vt, "\033[?1003h");
	assert_true(vt_modes(vt) & VT_MODE_MOUSE_MOVE);
	assert_int_equal(vt_send_mouse(vt, 6, 1, 0, 0, 1, 0), 1);
	out_reset();
	feed(vt, "\033[?1003l");
	assert_false(vt_modes(vt) & VT_MODE_MOUSE_ANY);
	assert_int_equal(vt_send_mouse(vt, 3, 2, 0, 1, 0, 0), 0);
	vt_free(vt);
}

static void
test_modes(void **state)
{
	struct vt		*vt = mkvt(20, 5, 100);
	struct vt_cursor	 cur;

	feed(vt, "\033[?2026h");
	assert_true(vt_modes(vt) & VT_MODE_SYNC);
	feed(vt, "\033[?2026l");
	assert_false(vt_modes(vt) & VT_MODE_SYNC);
	feed(vt, "\033[?5h");
	assert_true(vt_modes(vt) & VT_MODE_REVERSE);
	feed(vt, "\033[?5l");
	assert_false(vt_modes(vt) & VT_MODE_REVERSE);

	/* Several modes in one sequence. */
	feed(vt, "\033[?1;1004;2004h");
	assert_int_equal(vt_modes(vt) & (VT_MODE_APPCURSOR|VT_MODE_FOCUS|
	    VT_MODE_BRACKETPASTE), VT_MODE_APPCURSOR|VT_MODE_FOCUS|
	    VT_MODE_BRACKETPASTE);
	/* RIS resets them. */
	feed(vt, "\033c");
	assert_int_equal(vt_modes(vt), 0);

	vt_cursor(vt, &cur);
	assert_int_equal(cur.visible, 1);
	assert_int_equal(cur.shape, VT_CURSOR_DEFAULT);
	feed(vt, "\033[?25l\033[6 q");
	vt_cursor(vt, &cur);
	assert_int_equal(cur.visible, 0);
	assert_int_equal(cur.shape, VT_CURSOR_BAR);
	assert_int_equal(cur.blink, 0);
	feed(vt, "\033[3 q");
	vt_cursor(vt, &cur);
	assert_int_equal(cur.shape, VT_CURSOR_UNDERLINE);
	assert_int_equal(cur.blink, 1);
	feed(vt, "\033[0 q\033[?25h");
	vt_cursor(vt, &cur);
	assert_int_equal(cur.shape, VT_CURSOR_DEFAULT);
	assert_int_equal(cur.visible, 1);
	vt_free(vt);
}

static void
test_generation(void **state)
{
	struct vt	*vt = mkvt(10, 4, 100);
	uint64_t	 gen;
	unsigned int	 y;

	feed(vt, "a\r\nb\r\nc");
	vt_clean(vt);
	for (y = 0; y < 4; y++)
		assert_false(vt_line(vt, y)->flags & GRID_LINE_DIRTY);
	gen = vt_generation(vt);
	feed(vt, "\033[2;5HX");
	assert_true(vt_generation(vt) > gen);
	assert_false(vt_line(vt, 0)->flags & GRID_LINE_DIRTY);
	assert_true(vt_line(vt, 1)->flags & GRID_LINE_DIRTY);
	assert_false(vt_line(vt, 2)->flags & GRID_LINE_DIRTY);

	/* A scroll dirties the whole region. */
	vt_clean(vt);
	feed(vt, "\033[4;1H\n");
	for (y = 0; y < 4; y++)
		assert_true(vt_line(vt, y)->flags & GRID_LINE_DIRTY);

	/* A mode change or cursor move changes the generation. */
	gen = vt_generation(vt);
	feed(vt, "\033[?2004h");
	assert_true(vt_generation(vt) > gen);
	gen = vt_generation(vt);
	feed(vt, "\033[1;1H");
	assert_true(vt_generation(vt) > gen);
	vt_free(vt);
}

static void
test_strip_and_split(void **state)
{
	struct vt	*vt = mkvt(20, 3, 100);

	/* APC, PM and SOS strings are removed, not printed. */
	feed(vt, "a\033_Gi=1;AAAA\033\\b\033^pm\033\\c\033Xsos\007d");
	assert_string_equal(row(vt, 0), "abcd");

	/* UTF-8 split byte by byte. */
	feed(vt, "\r\n");
	feed(vt, "\xe4");
	feed(vt, "\xb8");
	feed(vt, "\xad");
	feed(vt, "\xf0\x9f");
	feed(vt, "\xa7\x91" "e");
	assert_string_equal(row(vt, 1), "\xe4\xb8\xad\xf0\x9f\xa7\x91" "e");
	assert_cursor(vt, 5, 1);

	/* Invalid UTF-8 and C1 code points never move the cursor left. */
	feed(vt, "\r\n\xc2\x9b" "x\xff" "y\xe4z");
	assert_int_equal(cell_at(vt, 0, 2)->ch, 'x');
	assert_string_equal(row(vt, 2), "xyz");
	assert_cursor(vt, 3, 2);

	/* DCS queries get whole replies even when split. */
	out_reset();
	feed(vt, "\033P$q");
	feed(vt, "m\033\\");
	assert_out("\033P1$r0m\033\\");
	vt_free(vt);
}

static void
test_big_write(void **state)
{
	struct vt	*vt = mkvt(80, 24, 1000);
	char		*buf;
	size_t		 n = 2 * 1024 * 1024, i;

	buf = malloc(n);
	for (i = 0; i < n; i++)
		buf[i] = (i % 81 == 80) ? '\n' : 'a' + i % 26;
	memcpy(buf + n - 6, "\r\nEND", 5);
	buf[n - 1] = '!';
	vt_write(vt, buf, n);
	assert_string_equal(row(vt, 23), "END!");
	assert_int_equal(history_size(vt_history(vt)), 1000);

	/* Multi-byte characters across the 64 KiB feed boundary. */
	for (i = 0; i + 3 <= n; i += 3)
		memcpy(buf + i, "\xe4\xb8\xad", 3);
	vt_write(vt, buf, i);
	for (i = 0; i < 80; i += 2)
		assert_int_equal(cell_at(vt, i, 10)->ch, 0x4e2d);
	free(buf);
	vt_free(vt);
}

/* Check the grid's invariants: wide pairs intact, cursor inside. */
static void
check_sane(struct vt *vt)
{
	const struct grid_line	*gl;
	struct vt_cursor	 cur;
	unsigned int		 x, y, cols = vt_cols(vt);

	for (y = 0; y < vt_rows(vt); y++) {
		gl = vt_line(vt, y);
		for (x = 0; x < cols; x++) {
			if (gl->cells[x].width == 2) {
				assert_true(x + 1 < cols);
				assert_int_equal(gl->cells[x + 1].width, 0);
			} else if (gl->cells[x].width == 0) {
				assert_true(x > 0);
				assert_int_equal(gl->cells[x - 1].width, 2);
			} else
				assert_int_equal(gl->cells[x].width, 1);
		}
	}
	vt_cursor(vt, &cur);
	assert_true(cur.x < cols);
	assert_true(cur.y < vt_rows(vt));
}

static void
test_random_bytes(void **state)
{
	static const char	*frags[] = {
		"\033[", "\033]", "\033P", "\033_", ";", "?", "1049h", "2J",
		"\033\\", "\007", "\r\n", "\xe4\xb8\xad", "\xf0\x9f\xa7\x91",
		"\xcc\x81", "38;2;1;2;3m", "\033[?1049l", "\033c", "\033[3J",
		"\033[1;5r", "\033[L", "\033[@", "\033[?69h\033[2;9s",
		"\033#8", "\033[b", "\033[10;200H", "\xc2\x9b", "\033[?7l"
	};
	struct vt		*vt = mkvt(23, 7, 50);
	char			 buf[512];
	unsigned int		 seed = 12345, i, j, n, k;
	size_t			 len;

	for (i = 0; i < 3000; i++) {
		len = 0;
		n = 1 + (seed = seed * 1103515245 + 12345) % 40;
		for (j = 0; j < n && len < sizeof buf - 16; j++) {
			seed = seed * 1103515245 + 12345;
			if ((seed >> 16) % 3 == 0) {
				k = (seed >> 8) % (sizeof frags /
				    sizeof *frags);
				memcpy(buf + len, frags[k], strlen(frags[k]));
				len += strlen(frags[k]);
			} else
				buf[len++] = (seed >> 16) & 0xff;
		}
		vt_write(vt, buf, len);
		check_sane(vt);
		if (i % 500 == 250)
			vt_resize(vt, 5 + i % 37, 2 + i % 11);
	}
	/* REP with nothing (or only a combining mark) to repeat: libvterm
	 * 0.1.4 would loop forever. */
	vt_free(vt);
	vt = mkvt(23, 7, 50);
	feed(vt, "\033[b\033[5b");
	feed(vt, "a\033[H\xcc\x81\033[3b\033[");
	feed(vt, "2b");
	feed(vt, "\r\nxy\033[3b");
	assert_string_equal(row(vt, 1), "xyyyy");

	/* Still a working terminal. */
	feed(vt, "\030\033\\\033c\033[?7h" "alive");
	assert_string_equal(row(vt, 0), "alive");
	vt_free(vt);
}

static void
test_resize_reflow(void **state)
{
	struct vt	*vt = mkvt(10, 4, 100);

	feed(vt, "hello\r\nworld 1234567890abc\r\nline4\r\nline5");
	assert_int_equal(history_size(vt_history(vt)), 1);
	assert_string_equal(hrow(vt, 0), "hello");
	assert_string_equal(row(vt, 0), "world 1234");
	assert_string_equal(row(vt, 1), "567890abc");
	assert_cursor(vt, 5, 3);

	/* Narrower: lines re-wrap, the top goes into history. */
	vt_resize(vt, 6, 4);
	assert_int_equal(vt_cols(vt), 6);
	assert_string_equal(row(vt, 0), "7890ab");
	assert_string_equal(row(vt, 1), "c");
	assert_string_equal(row(vt, 2), "line4");
	assert_string_equal(row(vt, 3), "line5");
	assert_cursor(vt, 5, 3);
	assert_string_equal(hrow(vt, 1), "world");
	assert_string_equal(hrow(vt, 2), "123456");

	/* Wider: the line comes back together, from history too. */
	vt_resize(vt, 25, 4);
	assert_string_equal(row(vt, 0), "hello");
	assert_string_equal(row(vt, 1), "world 1234567890abc");
	assert_string_equal(row(vt, 2), "line4");
	assert_string_equal(row(vt, 3), "line5");
	assert_int_equal(history_size(vt_history(vt)), 0);
	assert_cursor(vt, 5, 3);

	/* And back: nothing lost. */
	vt_resize(vt, 10, 4);
	assert_string_equal(hrow(vt, 0), "hello");
	assert_string_equal(row(vt, 0), "world 1234");
	assert_string_equal(row(vt, 1), "567890abc");

	/* Typing goes on where the cursor is. */
	feed(vt, "!");
	assert_string_equal(row(vt, 3), "line5!");
	vt_free(vt);
}

/*
 * A change of width re-wraps history and the whole screen as one list, as
 * tmux 3.3a does: the blank line below the cursor stays a line, so a
 * longer list pushes the top into history and a shorter one brings it back.
 */
static void
test_resize_reflow_all(void **state)
{
	struct vt	*vt = mkvt(10, 4, 100);

	feed(vt, "aaaa\r\nbbbbbbbbb\r\ncc");
	assert_cursor(vt, 2, 2);
	vt_resize(vt, 5, 4);
	assert_int_equal(history_size(vt_history(vt)), 1);
	assert_string_equal(hrow(vt, 0), "aaaa");
	assert_string_equal(row(vt, 0), "bbbbb");
	assert_string_equal(row(vt, 1), "bbbb");
	assert_string_equal(row(vt, 2), "cc");
	assert_string_equal(row(vt, 3), "");
	assert_cursor(vt, 2, 2);

	vt_resize(vt, 10, 4);
	assert_int_equal(history_size(vt_history(vt)), 0);
	assert_string_equal(row(vt, 0), "aaaa");
	assert_string_equal(row(vt, 1), "bbbbbbbbb");
	assert_string_equal(row(vt, 2), "cc");
	assert_string_equal(row(vt, 3), "");
	assert_cursor(vt, 2, 2);

	/* Narrower and shorter: the blank line below the cursor goes first. */
	vt_resize(vt, 3, 3);
	assert_int_equal(history_size(vt_history(vt)), 3);
	assert_string_equal(row(vt, 0), "bbb");
	assert_string_equal(row(vt, 1), "bbb");
	assert_string_equal(row(vt, 2), "cc");
	assert_cursor(vt, 2, 2);
	feed(vt, "!");
	assert_string_equal(row(vt, 2), "cc!");
	vt_free(vt);

	/* A cursor on a line of its own stays on it (cursor-test4). */
	vt = mkvt(10, 3, 100);
	feed(vt, "abcdef\r\n");
	vt_resize(vt, 3, 3);
	assert_int_equal(history_size(vt_history(vt)), 1);
	assert_string_equal(hrow(vt, 0), "abc");
	assert_string_equal(row(vt, 0), "def");
	assert_string_equal(row(vt, 1), "");
	assert_cursor(vt, 0, 1);
	vt_resize(vt, 10, 3);
	assert_int_equal(history_size(vt_history(vt)), 0);
	assert_string_equal(row(vt, 0), "abcdef");
	assert_cursor(vt, 0, 1);
	vt_free(vt);

	/* A cursor whose line goes into history goes to the top left. */
	vt = mkvt(6, 3, 100);
	feed(vt, "abcdef\r\nghijkl\r\nmnopqr\033[1;1H");
	vt_resize(vt, 3, 3);
	assert_string_equal(row(vt, 0), "jkl");
	assert_string_equal(row(vt, 2), "pqr");
	assert_cursor(vt, 0, 0);
	vt_free(vt);
}

static void
test_resize_rows(void **state)
{
	struct vt	*vt = mkvt(10, 4, 100);

	feed(vt, "1\r\n2\r\n3\r\n4\r\n5\r\n6");
	assert_int_equal(history_size(vt_history(vt)), 2);
	/* Shorter: the top lines go to history, the cursor stays on 6. */
	vt_resize(vt, 10, 2);
	assert_string_equal(row(vt, 0), "5");
	assert_string_equal(row(vt, 1), "6");
	assert_cursor(vt, 1, 1);
	assert_int_equal(history_size(vt_history(vt)), 4);
	/* Taller: they come back. */
	vt_resize(vt, 10, 5);
	assert_string_equal(row(vt, 0), "2");
	assert_string_equal(row(vt, 4), "6");
	assert_cursor(vt, 1, 4);

	/* A screen that is not full keeps its lines at the top. */
	vt_free(vt);
	vt = mkvt(10, 4, 100);
	feed(vt, "top");
	vt_resize(vt, 10, 8);
	assert_string_equal(row(vt, 0), "top");
	assert_cursor(vt, 3, 0);
	/* The cursor after "top" moves to the next line with it. */
	vt_resize(vt, 3, 2);
	assert_string_equal(row(vt, 0), "top");
	assert_true(vt_line(vt, 0)->flags & GRID_LINE_WRAPPED);
	assert_cursor(vt, 0, 1);
	feed(vt, "X");
	assert_string_equal(row(vt, 1), "X");
	vt_free(vt);

	/* A cursor waiting to wrap at the right edge. */
	vt = mkvt(10, 3, 100);
	feed(vt, "0123456789");
	vt_resize(vt, 20, 3);
	feed(vt, "X");
	assert_string_equal(row(vt, 0), "0123456789X");
	vt_free(vt);
	vt = mkvt(10, 3, 100);
	feed(vt, "0123456789");
	vt_resize(vt, 4, 3);
	/* As tmux: the whole screen re-wraps, its blank lines too. */
	assert_string_equal(row(vt, 0), "89");
	assert_string_equal(hrow(vt, 1), "4567");
	feed(vt, "X");
	assert_string_equal(row(vt, 0), "89X");
	vt_free(vt);

	/* ... when the line ends exactly at the new edge. */
	vt = mkvt(10, 4, 100);
	feed(vt, "0123456789");
	vt_resize(vt, 5, 4);
	assert_string_equal(hrow(vt, 0), "01234");
	assert_string_equal(row(vt, 0), "56789");
	assert_true(vt_line(vt, 0)->flags & GRID_LINE_WRAPPED);
	assert_cursor(vt, 0, 1);
	feed(vt, "X");
	assert_string_equal(row(vt, 1), "X");
	vt_free(vt);

	/* ... and when only the height changes. */
	vt = mkvt(5, 3, 100);
	feed(vt, "a\r\nb\r\nc\r\nd\r\n01234");
	vt_resize(vt, 5, 5);
	assert_string_equal(row(vt, 0), "b");
	assert_string_equal(row(vt, 2), "d");
	assert_string_equal(row(vt, 3), "01234");
	assert_cursor(vt, 0, 4);
	feed(vt, "X");
	assert_string_equal(row(vt, 4), "X");
	assert_true(vt_line(vt, 3)->flags & GRID_LINE_WRAPPED);
	vt_free(vt);
}

static void
test_resize_region(void **state)
{
	struct vt	*vt = mkvt(20, 12, 100);
	unsigned int	 i;

	/* A scroll region lower than the new height is reset. */
	feed(vt, "\033[8;11r\033[5;3Hmiddle");
	vt_resize(vt, 20, 3);
	assert_cursor(vt, 8, 2);
	for (i = 0; i < 10; i++)
		feed(vt, "\r\nline");
	assert_string_equal(row(vt, 2), "line");
	assert_string_equal(row(vt, 1), "line");
	vt_resize(vt, 20, 12);
	feed(vt, "\033[1;1H\033[2J");
	for (i = 0; i < 20; i++)
		feed(vt, "x\r\n");
	assert_string_equal(row(vt, 10), "x");

	/* A sequence split around a resize still works. */
	feed(vt, "\033[2J\033[H\033[3");
	vt_resize(vt, 15, 5);
	feed(vt, "1mok");
	assert_string_equal(row(vt, 0), "ok");
	assert_int_equal(cell_at(vt, 0, 0)->fg, COLOUR_INDEX(1));
	vt_free(vt);
}

static void
test_libvterm_traps(void **state)
{
	struct vt	*vt = mkvt(20, 6, 100);
	char		 buf[512];
	int		 i, len;

	/* 16 or more CSI parameters overflow libvterm's array: an SGR is
	 * split, anything else dropped. */
	len = snprintf(buf, sizeof buf, "\033[1;3;4;9;38;2;10;20;30;48;2;"
	    "40;50;60;53;2;58;5;3mA\033[0m");
	feed(vt, buf);
	assert_int_equal(cell_at(vt, 0, 0)->fg, COLOUR_RGB(10, 20, 30));
	assert_int_equal(cell_at(vt, 0, 0)->bg, COLOUR_RGB(40, 50, 60));
	assert_int_equal(cell_at(vt, 0, 0)->attr, ATTR_BOLD|ATTR_ITALIC|
	    ATTR_UNDERLINE|ATTR_STRIKE|ATTR_OVERLINE|ATTR_DIM);
	len = snprintf(buf, sizeof buf, "\033[");
	for (i = 0; i < 100; i++)
		len += snprintf(buf + len, sizeof buf - len, "%d;", i);
	snprintf(buf + len, sizeof buf - len, "HB");
	feed(vt, buf);
	assert_string_equal(row(vt, 0), "AB");
	/* ... even when cancelled before its end, or split across writes. */
	buf[len] = '\0';
	feed(vt, buf);
	feed(vt, "\030C");
	assert_string_equal(row(vt, 0), "ABC");
	feed(vt, buf);
	feed(vt, "\033[DE");
	assert_string_equal(row(vt, 0), "ABE");
	feed(vt, buf);
	feed(vt, "\001Z");
	assert_string_equal(row(vt, 0), "ABE");
	assert_cursor(vt, 3, 0);

	/* A cursor saved on a bigger screen comes back inside. */
	feed(vt, "\033[6;20H\0337");
	vt_resize(vt, 10, 3);
	feed(vt, "\0338X\033[?1048h");
	vt_resize(vt, 5, 2);
	feed(vt, "\033[?1048lY");
	check_sane(vt);

	/* Several modes in one sequence all take effect (libvterm 0.1.4
	 * sets only the first). */
	out_reset();
	feed(vt, "\033[?1;2004h");
	vt_send_key(vt, KEYC_UP);
	assert_out("\033OA");
	vt_send_paste(vt, "x", 1);
	assert_out("\033[200~x\033[201~");
	feed(vt, "\033[?2004;1l");
	vt_send_key(vt, KEYC_UP);
	assert_out("\033[A");

	/* DECSTR, missing from libvterm 0.1.4. */
	feed(vt, "\033[?1h\033[8m\033[!pZ");
	vt_send_key(vt, KEYC_UP);
	assert_out("\033[A");
	assert_false(vt_modes(vt) & VT_MODE_APPCURSOR);
	vt_free(vt);
}

static void
test_resize_alt(void **state)
{
	struct vt	*vt = mkvt(10, 4, 100);

	feed(vt, "shell\r\nprompt$ ");
	feed(vt, "\033[?1049h\033[Hfull screen app");
	vt_resize(vt, 20, 6);
	assert_true(vt_modes(vt) & VT_MODE_ALTSCREEN);
	assert_int_equal(vt_cols(vt), 20);
	feed(vt, "\033[6;20HZ");
	assert_int_equal(cell_at(vt, 19, 5)->ch, 'Z');
	feed(vt, "\033[?1049l");
	assert_string_equal(row(vt, 0), "shell");
	assert_string_equal(row(vt, 1), "prompt$");
	assert_cursor(vt, 8, 1);
	feed(vt, "ls");
	assert_string_equal(row(vt, 1), "prompt$ ls");
	vt_free(vt);
}

/* Feed s one byte per write. */
static void
feed_bytes(struct vt *vt, const char *s)
{
	for (; *s != '\0'; s++)
		vt_write(vt, s, 1);
}

/*
 * DECRQSS: answered as xterm does (DCS 1 $ r ... ST, DCS 0 $ r ST for an
 * unknown request). An unknown one crashed inside libvterm 0.1.4 under
 * AddressSanitizer; mux answers it before libvterm sees it.
 */
static void
test_decrqss(void **state)
{
	struct vt	*vt = mkvt(20, 5, 100);

	/* The request that crashed, whole and one byte per write. */
	feed(vt, "\033P$qxyz\033\\");
	assert_out("\033P0$r\033\\");
	feed_bytes(vt, "\033P$qxyz\033\\");
	assert_out("\033P0$r\033\\");
	feed(vt, "\033P$");
	feed(vt, "qxy");
	feed(vt, "z\033");
	assert_out("");
	feed(vt, "\\after");
	assert_out("\033P0$r\033\\");
	assert_string_equal(row(vt, 0), "after");
	/* Empty, long, BEL-terminated, odd bytes. */
	feed(vt, "\033P$q\033\\");
	assert_out("\033P0$r\033\\");
	feed(vt, "\033P$qmm\007");
	assert_out("\033P0$r\033\\");
	feed(vt, "\033P$q%s%n%p%s%s\033\\");
	assert_out("\033P0$r\033\\");
	feed(vt, "\033P$q\\\\\\x\033\\");
	assert_out("\033P0$r\033\\");

	/* SGR, with the attributes libvterm does not track. */
	feed(vt, "\033P$qm\033\\");
	assert_out("\033P1$r0m\033\\");
	feed(vt, "\033[1;2;31m\033P$qm\033\\");
	assert_out("\033P1$r0;1;2;31m\033\\");
	feed_bytes(vt, "\033[0;7;48;5;200m\033P$qm\033\\");
	assert_out("\033P1$r0;7;48;5;200m\033\\");
	feed(vt, "\033[m");

	/* What libvterm answers from its own state. */
	feed(vt, "\033[2;4r\033P$qr\033\\");
	assert_out("\033P1$r2;4r\033\\");
	feed(vt, "\033[r\033P$qr\033\\");
	assert_out("\033P1$r1;5r\033\\");
	feed(vt, "\033[4 q\033P$q q\033\\");
	assert_out("\033P1$r4 q\033\\");
	feed(vt, "\033P$q\"q\033\\");
	assert_out("\033P1$r2\"q\033\\");
	feed(vt, "\033P$q\"p\033\\");
	assert_out("\033P1$r61\"p\033\\");

	/* libvterm leaves C0 controls, NUL and DEL out of a string (the
	 * fuzzer's crash: ESC P ^\\ $ q o ESC \\). */
	feed(vt, "\033P\034$qo\033\\");
	assert_out("\033P0$r\033\\");
	vt_write(vt, "\033P$\000q\177m\033\\", 9);
	assert_out("\033P1$r0m\033\\");
	feed(vt, "\033P$q\001r\033\\");
	assert_out("\033P1$r1;5r\033\\");
	feed(vt, "\033P$qabcdefghijklmnop\033\\");
	assert_out("\033P0$r\033\\");

	/* libvterm starts a DCS at ESC P even after intermediates (the
	 * fuzzer's second crash), and a CSI at ESC [. */
	feed(vt, "\033\"P$qz\033\\");
	assert_out("\033P0$r\033\\");
	feed(vt, "\033 P$qz\033\\");
	assert_out("\033P0$r\033\\");
	feed(vt, "\033[H\033([31mR\033[m\033)]0;t\007");
	assert_int_equal(cell_at(vt, 0, 0)->ch, 'R');
	assert_int_equal(cell_at(vt, 0, 0)->fg, COLOUR_INDEX(1));
	assert_string_equal(vt_title(vt), "t");
	feed(vt, "\033\"[1\"qS");
	assert_int_equal(cell_at(vt, 1, 0)->ch, 'S');

	/* A cancelled ESC then an OSC cancelled by SUB: the text after it
	 * is text, not a DCS (the fuzzer's third crash). */
	feed(vt, "\033[2;1H\033\033]\032P$q1\007");
	assert_out("");
	assert_string_equal(row(vt, 1), "P$q1");
	feed(vt, "\033[3;1H\033[1;\033\033]\030P$qm\033\\");
	assert_out("");
	assert_string_equal(row(vt, 2), "P$qm");
	feed_bytes(vt, "\033[2;1H\033[1\033\033]\032Q$q1\007");
	assert_out("");
	assert_string_equal(row(vt, 1), "Q$q1");
	feed(vt, "\033[4;1Ha\032b\030c");
	assert_string_equal(row(vt, 3), "abc");

	/* Other DCS strings are not DECRQSS. */
	feed(vt, "\033P1$qm\033\\\033P+q544e\033\\");
	vt_free(vt);
}

/* SCOSC/SCORC (CSI s, CSI u) save and restore the cursor as DECSC/DECRC do
 * (xterm, tmux 3.3a); CSI u with nothing saved homes it. */
static void
test_scosc_scorc(void **state)
{
	struct vt	*vt = mkvt(10, 6, 100);

	feed(vt, "\033[3;3H\033[ux");
	assert_string_equal(row(vt, 0), "x");
	assert_cursor(vt, 1, 0);
	feed(vt, "\033[2J\033[2;3Hcd\033[s\033[5;5H\033[ux");
	assert_string_equal(row(vt, 1), "  cdx");
	assert_string_equal(row(vt, 4), "");
	assert_cursor(vt, 5, 1);
	/* The kitty keyboard forms are not SCORC. */
	feed(vt, "\033[6;6H\033[>1u\033[=1u\033[?u");
	assert_cursor(vt, 5, 5);
	/* With DECLRMM set, CSI s is DECSLRM (which homes the cursor), not a
	 * save: CSI u goes back to what was saved before. */
	feed(vt, "\033[2;2H\033[s\033[?69h\033[6;6H\033[2;8s\033[u");
	assert_cursor(vt, 1, 1);
	vt_free(vt);
}

/* CUU/CPL stop at the top margin and CUD/CNL at the bottom one when the
 * cursor starts on the margin's side of them (xterm, tmux 3.3a). */
static void
test_cursor_stops_at_margins(void **state)
{
	struct vt	*vt = mkvt(10, 6, 100);

	feed(vt, "\033[2;5r\033[3;1H\033[5Ax");
	assert_cursor(vt, 1, 1);
	feed(vt, "\033[9By");
	assert_cursor(vt, 2, 4);
	/* Above the region: down to the bottom margin still. */
	feed(vt, "\033[1;1H\033[9B");
	assert_cursor(vt, 0, 4);
	/* Below the region: free to the screen's edges. */
	feed(vt, "\033[6;3H\033[9B");
	assert_cursor(vt, 2, 5);
	feed(vt, "\033[6;3H\033[1A");
	assert_cursor(vt, 2, 4);
	/* CPL and CNL also go to column 0. */
	feed(vt, "\033[3;3H\033[5F");
	assert_cursor(vt, 0, 1);
	feed(vt, "\033[3;3H\033[9E");
	assert_cursor(vt, 0, 4);
	/* At the margin already, a pending wrap is cancelled. */
	feed(vt, "\033[5;1H0123456789\033[Bz");
	assert_string_equal(row(vt, 4), "012345678z");
	assert_cursor(vt, 9, 4);
	vt_free(vt);
}

/* ICH and DCH shift the row when the cursor is outside the top/bottom
 * scroll region too (xterm, tmux 3.3a). */
static void
test_ich_dch_outside_region(void **state)
{
	struct vt	*vt = mkvt(10, 6, 100);

	feed(vt, "abcdef\033[2;3r\033[1;2H\033[2@");
	assert_string_equal(row(vt, 0), "a  bcdef");
	feed(vt, "\033[3P");
	assert_string_equal(row(vt, 0), "acdef");
	feed(vt, "\033[6;1Hghij\033[6;1H\033[P");
	assert_string_equal(row(vt, 5), "hij");
	/* Inside the region as before. */
	feed(vt, "\033[2;1Hklm\033[2;1H\033[@");
	assert_string_equal(row(vt, 1), " klm");
	vt_free(vt);
}

/* DECSC/DECRC (and SCOSC/SCORC) keep the character sets: DEC line
 * drawing comes back after ESC 8 (vttest's rendition screen). */
static void
test_decsc_charsets(void **state)
{
	struct vt	*vt = mkvt(10, 6, 100);

	feed(vt, "\033(0q\0337\033(Bq\0338q");
	assert_string_equal(row(vt, 0), "\xe2\x94\x80\xe2\x94\x80");
	/* Which set is shifted into GL comes back too. */
	feed(vt, "\r\n\033(0\033)B\016q\033[s\017q\033[uq\017q");
	/* (CSI u puts the cursor back on the second column.) */
	assert_string_equal(row(vt, 1), "qq\xe2\x94\x80");
	feed(vt, "\r\n\033(B\033)0\016q\0337\017q\0338q\017q");
	assert_string_equal(row(vt, 2), "\xe2\x94\x80\xe2\x94\x80q");
	/* DECSTR puts ASCII back (xterm, tmux 3.3a). */
	feed(vt, "\r\n\033)0\016\033(0\033[!pq\033[!p\016q\017");
	assert_string_equal(row(vt, 3), "qq");
	/* RIS forgets them. */
	feed(vt, "\033(0\0337\033c\0338\033[Hq");
	assert_string_equal(row(vt, 0), "q");
	vt_free(vt);
}

/* REP repeats the character right before it: after an ESC or CSI
 * sequence (a REP too) there is nothing to repeat (tmux 3.3a; vttest
 * menu 11.7's REP screen: "+", REP 1, REP 10 is two +'s). */
static void
test_rep_after_sequence_ignored(void **state)
{
	struct vt	*vt = mkvt(20, 4, 100);

	feed(vt, "+\033[1b\033[10b|");
	assert_string_equal(row(vt, 0), "++|");
	feed(vt, "\r\nab\033[2b\033[1m\033[3b|");
	assert_string_equal(row(vt, 1), "abbb|");
	feed(vt, "\r\nx\033[C\033[2b\0337\033[2b|");
	assert_string_equal(row(vt, 2), "x |");
	/* The sequence split over two writes ends it the same way. */
	feed(vt, "\r\ny\033[");
	feed(vt, "2b\033");
	feed(vt, "[4b|");
	assert_string_equal(row(vt, 3), "yyy|");
	vt_free(vt);
}

/* In DEC special graphics 0x5f is a blank (VT100 User Guide table 3-9,
 * xterm; vttest's character set screens), not an underscore; ASCII and
 * the UK set keep the underscore, and SS2/SS3 take it from G2/G3. */
static void
test_dec_graphics_underscore_blank(void **state)
{
	struct vt	*vt = mkvt(10, 6, 100);

	feed(vt, "\033(0q_q\033(B_");
	assert_string_equal(row(vt, 0), "\xe2\x94\x80 \xe2\x94\x80_");
	feed(vt, "\r\n\033(A_\033)0\016_\017_");
	assert_string_equal(row(vt, 1), "_ _");
	feed(vt, "\r\n\033(B\033*0\033+B\033N__\033O_");
	assert_string_equal(row(vt, 2), " __");
	vt_free(vt);
}

/* DECSTBM with top >= bottom is ignored: no one-line region and the
 * cursor stays (xterm, tmux 3.3a; vttest's "funny scroll regions"). */
static void
test_decstbm_invalid_ignored(void **state)
{
	struct vt	*vt = mkvt(10, 6, 100);

	feed(vt, "0\r\n1\r\n2\r\n3\r\n4\r\n5");
	feed(vt, "\033[3;3H\033[4;4rx");
	assert_cursor(vt, 3, 2);
	feed(vt, "\033[5;2r");
	assert_cursor(vt, 3, 2);
	/* Still the whole screen: a line feed at the bottom scrolls it. */
	feed(vt, "\033[6;1H\n");
	assert_string_equal(row(vt, 0), "1");
	assert_string_equal(row(vt, 1), "2 x");
	assert_string_equal(row(vt, 4), "5");
	/* A bottom past the screen is the screen's last row. */
	feed(vt, "\033[3;99r\033[6;1H\n");
	assert_string_equal(row(vt, 0), "1");
	assert_string_equal(row(vt, 1), "2 x");
	assert_string_equal(row(vt, 2), "4");
	assert_string_equal(row(vt, 3), "5");
	vt_free(vt);
}

/* DECALN fills the screen with E in the default rendition, resets the
 * margins and homes the cursor (xterm, tmux 3.3a). */
static void
test_decaln_homes(void **state)
{
	struct vt	*vt = mkvt(10, 6, 100);
	unsigned int	 y;

	feed(vt, "\033[2;4r\033[31m\033[3;5H\033#8");
	assert_cursor(vt, 0, 0);
	for (y = 0; y < 6; y++)
		assert_string_equal(row(vt, y), "EEEEEEEEEE");
	assert_int_equal(cell_at(vt, 3, 3)->fg, COLOUR_DEFAULT);
	/* The region is the whole screen again. */
	feed(vt, "\033[6;1H\nx");
	assert_string_equal(row(vt, 5), "x");
	assert_string_equal(row(vt, 4), "EEEEEEEEEE");
	vt_free(vt);
}

/*
 * Raw C1 bytes (0x80-0x9f) and malformed UTF-8 are dropped, not shown as
 * U+FFFD: what tmux 3.3a does and what the issue's reference emulator
 * does (xterm in UTF-8 mode may show U+FFFD for malformed sequences; here
 * the two references agree and are followed). C1 controls encoded in
 * UTF-8 (U+0080-U+009F) are dropped too.
 */
static void
test_c1_and_bad_utf8_dropped(void **state)
{
	struct vt	*vt = mkvt(20, 3, 100);

	feed(vt, "a\xc2\x85" "b\x85" "c\x9b" "d\xff" "e\xed\xa0\x80" "f");
	assert_string_equal(row(vt, 0), "abcdef");
	assert_cursor(vt, 6, 0);
	/* A sequence cut short by the next write's ASCII. */
	feed(vt, "\xe4\xb8");
	feed(vt, "g");
	assert_string_equal(row(vt, 0), "abcdefg");
	/* A valid character right after a bad lead byte is kept. */
	feed(vt, "\xf0");
	feed(vt, "\xe4\xb8\xad" "h");
	assert_string_equal(row(vt, 0), "abcdefg\xe4\xb8\xad" "h");
	vt_free(vt);
}

/* Reverse wraparound (?45, with autowrap): BS at the left margin goes to
 * the right margin of the line above, never above the top line (xterm;
 * tmux 3.3a has no ?45 and stays). */
static void
test_reverse_wraparound(void **state)
{
	struct vt	*vt = mkvt(10, 6, 100);

	feed(vt, "\033[?45h\033[3;1Hab\b\b\bX");
	assert_string_equal(row(vt, 1), "         X");
	assert_cursor(vt, 9, 1);
	/* Not past the top line. */
	feed(vt, "\033[1;1H\b");
	assert_cursor(vt, 0, 0);
	/* Needs autowrap. */
	feed(vt, "\033[?7l\033[4;1H\b");
	assert_cursor(vt, 0, 3);
	/* Off again: BS stays at column 0. */
	feed(vt, "\033[?7h\033[?45l\033[4;1H\b");
	assert_cursor(vt, 0, 3);
	/* With left and right margins: to the right margin. */
	feed(vt, "\033[?45h\033[?69h\033[3;6s\033[4;3H\b");
	assert_cursor(vt, 5, 2);
	vt_free(vt);
}

/* The colon form of a direct colour with its colour space field (ITU
 * T.416, 38:2:cs:r:g:b, cs often empty) is r, g, b (xterm, tmux 3.3a); the
 * form without it (38:2:r:g:b) too. */
static void
test_sgr_colon_colour_space(void **state)
{
	struct vt	*vt = mkvt(20, 3, 100);

	feed(vt, "\033[38:2::1:2:3ma\033[38:2:9:4:5:6mb\033[38:2:7:8:9mc"
	    "\033[0;1;38:2::1:2:3;48:2::4:5:6;4md\033[m");
	assert_int_equal(cell_at(vt, 0, 0)->fg, COLOUR_RGB(1, 2, 3));
	assert_int_equal(cell_at(vt, 1, 0)->fg, COLOUR_RGB(4, 5, 6));
	assert_int_equal(cell_at(vt, 2, 0)->fg, COLOUR_RGB(7, 8, 9));
	assert_int_equal(cell_at(vt, 3, 0)->fg, COLOUR_RGB(1, 2, 3));
	assert_int_equal(cell_at(vt, 3, 0)->bg, COLOUR_RGB(4, 5, 6));
	assert_int_equal(cell_at(vt, 3, 0)->attr, ATTR_BOLD|ATTR_UNDERLINE);
	vt_free(vt);
}

/* Zero width joiners, as tmux 3.3a joins (regress/widths.sh compares
 * with it): a wide character after one joins the glyph before it, the
 * cell keeping that glyph's width; a narrow one does not, and the joiner
 * goes; a joiner at the end goes; the cursor counts the joined cell once. */
static void
test_zwj(void **state)
{
	struct vt	*vt = mkvt(10, 3, 100);
	uint32_t	 cps[UTF8_MAX_CPS];
	size_t		 n;

	/* man ZWJ woman: one cell two wide. */
	feed(vt, "\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9|");
	n = utf8_expand(cell_at(vt, 0, 0)->ch, cps);
	assert_int_equal(n, 3);
	assert_int_equal(cps[0], 0x1f468);
	assert_int_equal(cps[1], 0x200d);
	assert_int_equal(cps[2], 0x1f469);
	assert_int_equal(cell_at(vt, 0, 0)->width, 2);
	assert_int_equal(cell_at(vt, 2, 0)->ch, '|');
	assert_cursor(vt, 3, 0);

	/* a ZWJ b: the joiner goes. a ZWJ man, split across writes: one
	 * narrow cell. */
	feed(vt, "\r\na\xe2\x80\x8d" "b");
	assert_int_equal(cell_at(vt, 0, 1)->ch, 'a');
	assert_int_equal(cell_at(vt, 1, 1)->ch, 'b');
	feed(vt, "a\xe2\x80");
	feed(vt, "\x8d");
	feed(vt, "\xf0\x9f\x91\xa8|");
	n = utf8_expand(cell_at(vt, 2, 1)->ch, cps);
	assert_int_equal(n, 3);
	assert_int_equal(cps[2], 0x1f468);
	assert_int_equal(cell_at(vt, 2, 1)->width, 1);
	assert_int_equal(cell_at(vt, 3, 1)->ch, '|');
	assert_cursor(vt, 4, 1);

	/* At the end: dropped, and a following narrow character stands
	 * apart; an escape sequence between breaks the join too. */
	feed(vt, "\r\n\xf0\x9f\x91\xa8\xe2\x80\x8d");
	feed(vt, "x\xf0\x9f\x91\xa8\xe2\x80\x8d\033[m\xf0\x9f\x91\xa9");
	assert_int_equal(cell_at(vt, 0, 2)->ch, 0x1f468);
	assert_int_equal(cell_at(vt, 2, 2)->ch, 'x');
	assert_int_equal(cell_at(vt, 3, 2)->ch, 0x1f468);
	assert_int_equal(cell_at(vt, 5, 2)->ch, 0x1f469);
	assert_cursor(vt, 7, 2);
	vt_free(vt);
}

/* Combining marks: a cell keeps more than libvterm's 5, as many as fit in
 * 21 bytes of UTF-8 with its base, as tmux 3.3a's cells do (a and ten
 * two-byte marks; measured with capture-pane); further marks on the same
 * cell are dropped. In history too. */
static void
test_many_combining_marks_kept(void **state)
{
	struct vt	*vt = mkvt(10, 2, 100);
	uint32_t	 cps[UTF8_MAX_CPS];
	char		 buf[256];
	size_t		 n, len = 0;
	unsigned int	 i;

	buf[len++] = 'a';
	for (i = 0; i < 10; i++)
		len += utf8_encode(0x300 + i, buf + len);
	buf[len++] = 'b';
	buf[len] = '\0';
	feed(vt, buf);
	n = utf8_expand(cell_at(vt, 0, 0)->ch, cps);
	assert_int_equal(n, 11);
	for (i = 0; i < 10; i++)
		assert_int_equal(cps[1 + i], 0x300 + i);
	assert_int_equal(cell_at(vt, 1, 0)->ch, 'b');
	assert_cursor(vt, 2, 0);

	/* One mark a write. */
	feed(vt, "c");
	for (i = 0; i < 7; i++) {
		len = utf8_encode(0x310 + i, buf);
		buf[len] = '\0';
		feed(vt, buf);
	}
	n = utf8_expand(cell_at(vt, 2, 0)->ch, cps);
	assert_int_equal(n, 8);
	assert_int_equal(cps[7], 0x316);

	/* Past the bound: the first 10 marks stay, the cursor is right. */
	len = 0;
	buf[len++] = 'd';
	for (i = 0; i < 40; i++)
		len += utf8_encode(0x300 + (i % 16), buf + len);
	buf[len++] = 'e';
	buf[len] = '\0';
	feed(vt, buf);
	n = utf8_expand(cell_at(vt, 3, 0)->ch, cps);
	assert_int_equal(n, 11);
	assert_int_equal(cell_at(vt, 4, 0)->ch, 'e');
	assert_cursor(vt, 5, 0);

	/* Into history whole. */
	feed(vt, "\r\n\n");
	assert_int_equal(history_size(vt_history(vt)), 1);
	len = 0;
	buf[len++] = 'a';
	for (i = 0; i < 10; i++)
		len += utf8_encode(0x300 + i, buf + len);
	buf[len++] = 'b';
	buf[len] = '\0';
	assert_memory_equal(hrow(vt, 0), buf, len);
	vt_free(vt);
}

/* OSC 12 sets and asks for the cursor colour, as xterm answers (the
 * foreground until one is set); OSC 112 resets it. tmux 3.3a answers no
 * OSC 12 query; xterm's documented behaviour is followed. */
static void
test_osc12_cursor_colour(void **state)
{
	struct vt	*vt = mkvt(10, 3, 100);

	feed(vt, "\033]12;?\033\\");
	assert_out("\033]12;rgb:e5e5/e5e5/e5e5\033\\");
	feed(vt, "\033]10;#010203\007\033]12;?\007");
	assert_out("\033]12;rgb:0101/0202/0303\007");
	feed(vt, "\033]12;#ff0000\007\033]12;?\007");
	assert_out("\033]12;rgb:ffff/0000/0000\007");
	/* OSC 10 ; ? ; ? ; ? asks for 10, 11 and 12. */
	feed(vt, "\033]10;?;?;?\007");
	assert_out("\033]10;rgb:0101/0202/0303\007"
	    "\033]11;rgb:0000/0000/0000\007\033]12;rgb:ffff/0000/0000\007");
	feed(vt, "\033]112\007\033]12;?\007");
	assert_out("\033]12;rgb:0101/0202/0303\007");
	vt_free(vt);
}

/* OSC 4 (and 10, 11, 12) take X11 colour names as xterm and tmux 3.3a do:
 * case and spaces do not matter; an unknown name changes nothing. */
static void
test_osc4_colour_names(void **state)
{
	struct vt	*vt = mkvt(10, 3, 100);

	feed(vt, "\033]4;1;red;2;Alice Blue;3;lightgoldenrodyellow;4;grey50"
	    "\007\033]4;1;?;2;?;3;?;4;?\007");
	assert_out("\033]4;1;rgb:ffff/0000/0000\007"
	    "\033]4;2;rgb:f0f0/f8f8/ffff\007"
	    "\033]4;3;rgb:fafa/fafa/d2d2\007"
	    "\033]4;4;rgb:7f7f/7f7f/7f7f\007");
	feed(vt, "\033]4;1;nosuchcolour\007\033]4;1;?\007");
	assert_out("\033]4;1;rgb:ffff/0000/0000\007");
	feed(vt, "\033]11;NavyBlue\007\033]11;?\007");
	assert_out("\033]11;rgb:0000/0000/8080\007");
	vt_free(vt);
}

/* ICH and DCH with a wrap pending after the last column do nothing, and
 * the wrap stays pending (tmux 3.3a: the cursor is past the line). */
static void
test_ich_dch_wrap_pending(void **state)
{
	struct vt	*vt = mkvt(10, 6, 100);

	feed(vt, "0123456789\033[@x");
	assert_string_equal(row(vt, 0), "0123456789");
	assert_string_equal(row(vt, 1), "x");
	feed(vt, "\r\n0123456789\033[3Py");
	assert_string_equal(row(vt, 2), "0123456789");
	assert_string_equal(row(vt, 3), "y");
	/* On the last column with no wrap pending, they act. */
	feed(vt, "\033[5;1H012345678\033[5;10H\033[@z");
	assert_string_equal(row(vt, 4), "012345678z");
	feed(vt, "\033[5;10H\033[P");
	assert_string_equal(row(vt, 4), "012345678");
	vt_free(vt);
}

/* ?1049h while the alternate screen is on does not save the cursor
 * again: ?1049l goes back to where the first one was (xterm, tmux 3.3a).
 * The alternate screen is cleared again, as xterm does (tmux 3.3a keeps
 * it; the two differ and xterm is followed). */
static void
test_altscreen_1049_twice(void **state)
{
	struct vt	*vt = mkvt(10, 6, 100);

	feed(vt, "ab\033[2;3H\033[?1049h\033[1;1Hq\033[?1049h");
	assert_string_equal(row(vt, 0), "");
	feed(vt, "\033[?1049lz");
	assert_string_equal(row(vt, 0), "ab");
	assert_string_equal(row(vt, 1), "  z");
	assert_cursor(vt, 3, 1);
	/* With another mode in the same sequence too. */
	feed(vt, "\033[?1049h\033[4;4H\033[?1049;25h\033[?1049l");
	assert_cursor(vt, 3, 1);
	vt_free(vt);
}

/* SGR 58 underline colours are kept in the cells (in every form xterm,
 * kitty and tmux 3.3a take), 59 and 0 reset them, DECSC/DECRC keep them;
 * other colours' parameters are not mistaken for them. */
static void
test_sgr_underline_colour(void **state)
{
	struct vt	*vt = mkvt(20, 3, 100);

	feed(vt, "\033[4;58;5;100ma\033[58:2::1:2:3mb\033[58:2:4:5:6mc"
	    "\033[58;2;7;8;9md\033[59me\033[58:5:3mf\033[0mg"
	    "\033[58;5;9;38;5;0mh\033[38;5;58mi\033[m");
	assert_int_equal(cell_ul_colour(cell_at(vt, 0, 0)->flags),
	    COLOUR_INDEX(100));
	assert_int_equal(cell_at(vt, 0, 0)->attr, ATTR_UNDERLINE);
	assert_int_equal(cell_ul_colour(cell_at(vt, 1, 0)->flags),
	    COLOUR_RGB(1, 2, 3));
	assert_int_equal(cell_ul_colour(cell_at(vt, 2, 0)->flags),
	    COLOUR_RGB(4, 5, 6));
	assert_int_equal(cell_ul_colour(cell_at(vt, 3, 0)->flags),
	    COLOUR_RGB(7, 8, 9));
	assert_int_equal(cell_at(vt, 4, 0)->flags, 0);
	assert_int_equal(cell_ul_colour(cell_at(vt, 5, 0)->flags),
	    COLOUR_INDEX(3));
	assert_int_equal(cell_at(vt, 6, 0)->flags, 0);
	assert_int_equal(cell_at(vt, 6, 0)->attr, 0);
	/* 38;5;0 is not SGR 0; 38;5;58 is not SGR 58. */
	assert_int_equal(cell_ul_colour(cell_at(vt, 7, 0)->flags),
	    COLOUR_INDEX(9));
	assert_int_equal(cell_at(vt, 7, 0)->fg, COLOUR_INDEX(0));
	assert_int_equal(cell_ul_colour(cell_at(vt, 8, 0)->flags),
	    COLOUR_INDEX(9));
	assert_int_equal(cell_at(vt, 8, 0)->fg, COLOUR_INDEX(58));
	/* Saved and restored with the cursor; RIS forgets it. */
	feed(vt, "\r\n\033[58;5;1m\0337\033[59m\0338x\033[m");
	assert_int_equal(cell_ul_colour(cell_at(vt, 0, 1)->flags),
	    COLOUR_INDEX(1));
	feed(vt, "\033[58;5;1m\033cy");
	assert_int_equal(cell_at(vt, 0, 0)->flags, 0);
	vt_free(vt);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text_crlf),
		cmocka_unit_test(test_scroll_history),
		cmocka_unit_test(test_wrap_flags),
		cmocka_unit_test(test_scroll_region),
		cmocka_unit_test(test_sgr),
		cmocka_unit_test(test_sgr_long),
		cmocka_unit_test(test_csi_param_limit),
		cmocka_unit_test(test_wide_emoji),
		cmocka_unit_test(test_combining),
		cmocka_unit_test(test_alt_screen),
		cmocka_unit_test(test_title),
		cmocka_unit_test(test_osc52),
		cmocka_unit_test(test_colour_queries),
		cmocka_unit_test(test_render_cells),
		cmocka_unit_test(test_clear_history),
		cmocka_unit_test(test_replies),
		cmocka_unit_test(test_keys),
		cmocka_unit_test(test_extended_keys),
		cmocka_unit_test(test_alt_screen_47),
		cmocka_unit_test(test_mouse_urxvt),
		cmocka_unit_test(test_paste_focus_mouse),
		cmocka_unit_test(test_modes),
		cmocka_unit_test(test_generation),
		cmocka_unit_test(test_strip_and_split),
		cmocka_unit_test(test_big_write),
		cmocka_unit_test(test_random_bytes),
		cmocka_unit_test(test_resize_reflow),
		cmocka_unit_test(test_resize_rows),
		cmocka_unit_test(test_resize_reflow_all),
		cmocka_unit_test(test_resize_region),
		cmocka_unit_test(test_libvterm_traps),
		cmocka_unit_test(test_resize_alt),
		cmocka_unit_test(test_decrqss),
		cmocka_unit_test(test_scosc_scorc),
		cmocka_unit_test(test_cursor_stops_at_margins),
		cmocka_unit_test(test_ich_dch_outside_region),
		cmocka_unit_test(test_decsc_charsets),
		cmocka_unit_test(test_dec_graphics_underscore_blank),
		cmocka_unit_test(test_rep_after_sequence_ignored),
		cmocka_unit_test(test_decstbm_invalid_ignored),
		cmocka_unit_test(test_decaln_homes),
		cmocka_unit_test(test_c1_and_bad_utf8_dropped),
		cmocka_unit_test(test_reverse_wraparound),
		cmocka_unit_test(test_sgr_colon_colour_space),
		cmocka_unit_test(test_many_combining_marks_kept),
		cmocka_unit_test(test_zwj),
		cmocka_unit_test(test_osc12_cursor_colour),
		cmocka_unit_test(test_osc4_colour_names),
		cmocka_unit_test(test_ich_dch_wrap_pending),
		cmocka_unit_test(test_altscreen_1049_twice),
		cmocka_unit_test(test_sgr_underline_colour),
		cmocka_unit_test(test_csi_many_params),
	};
	int	rc;

	rc = cmocka_run_group_tests(tests, NULL, NULL);
	free(seen.clip);
	return (rc);
}
