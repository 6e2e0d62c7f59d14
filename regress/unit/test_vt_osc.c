/*
 * Unit tests for what grid/vt-scan.c takes for mux itself rather than
 * libvterm: the passthrough (DCS tmux; ... ST), OSC 8 hyperlinks, VT52
 * mode and the cursor position report in origin mode.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/link.h"
#include "grid/grid.h"
#include "grid/history.h"
#include "grid/vt.h"

/* What the callbacks saw. */
struct seen {
	char	pass[4096];
	size_t	passlen;
	int	passes;
	char	out[1024];
	size_t	outlen;
	char	title[256];
};

static void
cb_output(const char *buf, size_t len, void *arg)
{
	struct seen	*s = arg;

	if (len > sizeof s->out - s->outlen)
		len = sizeof s->out - s->outlen;
	memcpy(s->out + s->outlen, buf, len);
	s->outlen += len;
}

static void
cb_title(const char *title, void *arg)
{
	struct seen	*s = arg;

	snprintf(s->title, sizeof s->title, "%s", title);
}

static void
cb_passthrough(const char *buf, size_t len, void *arg)
{
	struct seen	*s = arg;

	if (len > sizeof s->pass - s->passlen)
		len = sizeof s->pass - s->passlen;
	memcpy(s->pass + s->passlen, buf, len);
	s->passlen += len;
	s->passes++;
}

static const struct vt_callbacks callbacks = {
	.output = cb_output,
	.title = cb_title,
	.passthrough = cb_passthrough,
};

static struct seen	seen;

static struct vt *
mkvt(unsigned int cols, unsigned int rows)
{
	memset(&seen, 0, sizeof seen);
	return (vt_create(cols, rows, 100, &callbacks, &seen));
}

static void
feed(struct vt *vt, const char *s)
{
	vt_write(vt, s, strlen(s));
}

/* Row y as text, trailing blanks trimmed. */
static const char *
row_text(struct vt *vt, unsigned int y)
{
	static char		 buf[512];
	const struct cell	*cells = vt_line(vt, y)->cells;
	unsigned int		 x, n = vt_cols(vt);
	size_t			 len = 0;

	for (x = 0; x < n && len < sizeof buf - 1; x++) {
		if (cells[x].width != 0 && cells[x].ch < 0x80)
			buf[len++] = (char)cells[x].ch;
	}
	while (len > 0 && buf[len - 1] == ' ')
		len--;
	buf[len] = '\0';
	return (buf);
}

/* Doubled ESCs are single, BEL and CAN are part of it, the screen sees
 * none of it. */
static void
test_passthrough_unwrapped(void **state)
{
	struct vt	*vt = mkvt(40, 5);
	const char	*want = "\033]52;c;eA==\007\030x\033]2;t\033\\";

	(void)state;
	feed(vt, "a\033Ptmux;\033\033]52;c;eA==\007\030x"
	    "\033\033]2;t\033\033\\\033\\b");
	assert_int_equal(seen.passes, 1);
	assert_int_equal(seen.passlen, strlen(want));
	assert_memory_equal(seen.pass, want, seen.passlen);
	assert_string_equal(row_text(vt, 0), "ab");
	assert_string_equal(seen.title, "");
	vt_free(vt);
}

/* Split anywhere, even in "tmux;" and between the ESCs. */
static void
test_passthrough_split(void **state)
{
	const char	*in = "\033Ptmux;\033\033]1337;X\007\033\\z";
	const char	*want = "\033]1337;X\007";
	struct vt	*vt;
	size_t		 i, n = strlen(in);

	(void)state;
	for (i = 1; i < n; i++) {
		vt = mkvt(20, 3);
		vt_write(vt, in, i);
		vt_write(vt, in + i, n - i);
		assert_int_equal(seen.passes, 1);
		assert_int_equal(seen.passlen, strlen(want));
		assert_memory_equal(seen.pass, want, seen.passlen);
		assert_string_equal(row_text(vt, 0), "z");
		vt_free(vt);
	}
}

/* Another DCS is not a passthrough: DECRQSS still answers, and ESC ESC
 * still cancels it, as before. */
static void
test_passthrough_other_dcs(void **state)
{
	struct vt	*vt = mkvt(20, 3);

	(void)state;
	feed(vt, "\033Ptmu;x\033\\\033P$qm\033\\");
	assert_int_equal(seen.passes, 0);
	assert_int_equal(seen.outlen, strlen("\033P1$r0m\033\\"));
	assert_memory_equal(seen.out, "\033P1$r0m\033\\", seen.outlen);
	vt_free(vt);
}

/* Over a megabyte: dropped whole, and what follows is text again. */
static void
test_passthrough_too_long(void **state)
{
	struct vt	*vt = mkvt(20, 3);
	char		*big;
	size_t		 i, n = 2 * 1024 * 1024;

	(void)state;
	big = malloc(n);
	for (i = 0; i < n; i++)
		big[i] = 'x';
	feed(vt, "\033Ptmux;");
	vt_write(vt, big, n);
	feed(vt, "\033\\ok");
	free(big);
	assert_int_equal(seen.passes, 0);
	assert_string_equal(row_text(vt, 0), "ok");
	vt_free(vt);
}

/* The URI of a cell's link ("" for none). */
static const char *
uri_of(const struct cell *c)
{
	const char	*u = link_uri(c->link);

	return (u == NULL ? "" : u);
}

/* Cells written inside OSC 8 carry the link, with the id= parameter; the
 * cells after the closing one carry none; BEL ends it as ST does. */
static void
test_link_cells(void **state)
{
	struct vt		*vt = mkvt(40, 5);
	const struct cell	*c;

	(void)state;
	feed(vt, "a\033]8;;http://example.com\033\\link\033]8;;\033\\b"
	    "\033]8;foo=1:id=x7:bar=2;file:///tmp\007F\033]8;;\007");
	c = vt_line(vt, 0)->cells;
	assert_string_equal(row_text(vt, 0), "alinkbF");
	assert_int_equal(c[0].link, 0);
	assert_string_equal(uri_of(&c[1]), "http://example.com");
	assert_string_equal(link_param(c[1].link), "");
	assert_int_equal(c[4].link, c[1].link);
	assert_int_equal(c[5].link, 0);
	assert_string_equal(uri_of(&c[6]), "file:///tmp");
	assert_string_equal(link_param(c[6].link), "x7");
	/* The same link again is the same id; another id= is another. */
	feed(vt, "\r\n\033]8;;http://example.com\033\\z\033]8;id=2;"
	    "http://example.com\033\\y\033]8;;\033\\");
	c = vt_line(vt, 1)->cells;
	assert_int_equal(c[0].link, vt_line(vt, 0)->cells[1].link);
	assert_true(c[1].link != c[0].link);
	assert_string_equal(uri_of(&c[1]), "http://example.com");
	assert_string_equal(link_param(c[1].link), "2");
	/* Erased cells have no link, even inside one. */
	feed(vt, "\033]8;;http://e\033\\\033[2K\033]8;;\033\\");
	assert_int_equal(vt_line(vt, 1)->cells[0].link, 0);
	/* Nothing of it is text. */
	assert_string_equal(seen.title, "");
	vt_free(vt);
}

/* Lines keep their links in history, through a reflow and a copy. */
static void
test_link_history_reflow(void **state)
{
	struct vt	*vt = mkvt(10, 3);
	struct history	*copy;
	struct cell	 cells[20];
	unsigned int	 i, n;

	(void)state;
	feed(vt, "ab\033]8;id=q;http://h/\033\\cdefghijkl\033]8;;\033\\m\r\n"
	    "1\r\n2\r\n3\r\n4");
	/* "abcdefghij", "klm" (wrapped) and "1" went to history. */
	assert_int_equal(history_size(vt_history(vt)), 3);
	n = history_get(vt_history(vt), 0, cells, 20, NULL);
	assert_int_equal(n, 10);
	assert_int_equal(cells[1].link, 0);
	for (i = 2; i < 10; i++)
		assert_string_equal(uri_of(&cells[i]), "http://h/");
	assert_string_equal(link_param(cells[2].link), "q");
	/* A copy (what copy mode reads) has them too. */
	copy = history_dup(vt_history(vt), 100);
	n = history_get(copy, 1, cells, 20, NULL);
	assert_string_equal(uri_of(&cells[0]), "http://h/");
	assert_string_equal(uri_of(&cells[1]), "http://h/");
	assert_int_equal(cells[2].link, 0);
	history_free(copy);
	/* Wider: the logical line is one line again, links in place. */
	vt_resize(vt, 20, 3);
	assert_int_equal(history_size(vt_history(vt)), 2);
	n = history_get(vt_history(vt), 0, cells, 20, NULL);
	assert_int_equal(n, 13);
	assert_int_equal(cells[1].link, 0);
	for (i = 2; i < 12; i++)
		assert_string_equal(uri_of(&cells[i]), "http://h/");
	assert_int_equal(cells[12].link, 0);
	vt_free(vt);
}

/*
 * A program printing a million distinct URIs: the table never holds more
 * than LINK_MAX, each line still on screen or in history keeps its own
 * URI (an id is only reused once nothing holds it), and the newest lines
 * are links (the sweep makes room).
 */
static void
test_link_bounded(void **state)
{
	struct vt		*vt = mkvt(30, 10);
	struct cell		 cells[30];
	char			 buf[128], want[64];
	unsigned int		 i, idx, linked = 0, n;
	int			 len;
	const struct cell	*c;

	(void)state;
	for (i = 0; i < 1000000; i++) {
		len = snprintf(buf, sizeof buf,
		    "\033]8;;http://x/%u\033\\%u\033]8;;\033\\\r\n", i, i);
		vt_write(vt, buf, len);
		assert_true(link_count() <= LINK_MAX);
	}
	/* The history (100 lines) and screen: every link is its line's. */
	for (idx = 0; idx < history_size(vt_history(vt)); idx++) {
		n = history_get(vt_history(vt), idx, cells, 30, NULL);
		assert_true(n > 0);
		if (cells[0].link == 0)
			continue;
		linked++;
		for (i = 0; i < n && cells[i].ch != ' '; i++)
			want[i] = (char)cells[i].ch;
		want[i] = '\0';
		snprintf(buf, sizeof buf, "http://x/%s", want);
		assert_string_equal(uri_of(&cells[0]), buf);
	}
	/* The newest lines, on screen, are links. */
	for (idx = 0; idx + 1 < 10; idx++) {
		c = vt_line(vt, idx)->cells;
		snprintf(buf, sizeof buf, "http://x/%s", row_text(vt, idx));
		assert_string_equal(uri_of(&c[0]), buf);
	}
	assert_true(linked > 0);
	vt_free(vt);
}

/*
 * With more linked lines in history than the table holds, and another
 * pane holding a link on screen and in its pen, a flood never makes a
 * held id mean another URI.
 */
static void
test_link_held(void **state)
{
	struct vt		*a = mkvt(20, 3), *b;
	struct cell		 cells[30];
	char			 buf[128], want[64];
	unsigned int		 i, idx, n, linked = 0;
	int			 len;

	(void)state;
	b = vt_create(30, 10, 5000, &callbacks, &seen);
	feed(a, "\033]8;;http://held2/\033\\G\033]8;;http://held/\033\\");
	for (i = 0; i < 200000; i++) {
		len = snprintf(buf, sizeof buf,
		    "\033]8;;http://y/%u\033\\%u\033]8;;\033\\\r\n", i, i);
		vt_write(b, buf, len);
	}
	assert_string_equal(uri_of(&vt_line(a, 0)->cells[0]), "http://held2/");
	feed(a, "H");
	assert_string_equal(uri_of(&vt_line(a, 0)->cells[1]), "http://held/");
	for (idx = 0; idx < history_size(vt_history(b)); idx++) {
		n = history_get(vt_history(b), idx, cells, 30, NULL);
		if (cells[0].link == 0)
			continue;
		linked++;
		for (i = 0; i < n && cells[i].ch != ' '; i++)
			want[i] = (char)cells[i].ch;
		want[i] = '\0';
		snprintf(buf, sizeof buf, "http://y/%s", want);
		assert_string_equal(uri_of(&cells[0]), buf);
	}
	assert_true(linked > 0);
	vt_free(b);
	vt_free(a);
}

/* VT52 mode: ESC Z is answered ESC / Z (a VT100 in VT52 mode), and ESC <
 * goes back to ANSI, where CSI works again. */
static void
test_vt52_identify(void **state)
{
	struct vt	*vt = mkvt(10, 3);

	(void)state;
	feed(vt, "\033[?2l\033Z\033[c");
	assert_int_equal(seen.outlen, 3);
	assert_memory_equal(seen.out, "\033/Z", 3);
	/* "ESC [" did nothing: "c" was text. */
	assert_string_equal(row_text(vt, 0), "c");
	feed(vt, "\033<\033[2;1Hx\033Z");
	assert_string_equal(row_text(vt, 1), "x");
	assert_int_equal(seen.outlen, 3);
	vt_free(vt);
}

/* CPR in origin mode is from the margins (VT100, xterm); outside it from
 * the screen's corner. */
static void
test_cpr_origin(void **state)
{
	struct vt	*vt = mkvt(20, 10);

	(void)state;
	feed(vt, "\033[3;6r\033[?6h\033[2;2H\033[6n");
	assert_int_equal(seen.outlen, 6);
	assert_memory_equal(seen.out, "\033[2;2R", 6);
	seen.outlen = 0;
	feed(vt, "\033[?6n");
	assert_int_equal(seen.outlen, 7);
	assert_memory_equal(seen.out, "\033[?2;2R", 7);
	seen.outlen = 0;
	feed(vt, "\033[?6l\033[5;7H\033[6n");
	assert_int_equal(seen.outlen, 6);
	assert_memory_equal(seen.out, "\033[5;7R", 6);
	vt_free(vt);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_passthrough_unwrapped),
		cmocka_unit_test(test_passthrough_split),
		cmocka_unit_test(test_passthrough_other_dcs),
		cmocka_unit_test(test_passthrough_too_long),
		cmocka_unit_test(test_link_cells),
		cmocka_unit_test(test_link_history_reflow),
		cmocka_unit_test(test_link_bounded),
		cmocka_unit_test(test_link_held),
		cmocka_unit_test(test_vt52_identify),
		cmocka_unit_test(test_cpr_origin),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
