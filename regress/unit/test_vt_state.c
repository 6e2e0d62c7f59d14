/*
 * Unit tests for grid/vt-state.c, the live upgrade's terminal record: for
 * every case of the differential corpus (regress/vt-corpus.txt) and a few
 * of its own, a terminal written out and read back has the same screens,
 * history, cursor, modes and title; and, fed the same output after that,
 * both still agree (so libvterm's own state, which is replayed, came back
 * too: scroll region, origin and insert modes, charsets, pen, a pending
 * wrap, tab stops). A record cut short anywhere, or with a bad field, is
 * refused.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/proto.h"
#include "grid/vt.h"
#include "server/upgrade.h"

static void
cb_output(const char *buf, size_t len, void *arg)
{
}

static const struct vt_callbacks callbacks = { .output = cb_output };

/* Output written after the restore, to both terminals: text that wraps,
 * line feeds in a scroll region, charsets, colours, insert mode on, CUP
 * (origin mode), erasing, tabs, then DECRC (back to the saved cursor,
 * pen and charsets) and a character there. */
static const char probe[] =
    "after\r\nthe restore \033[31mred\033[m more text that runs past the "
    "right edge of the screen\r\nq\016q\017q\n\n\n\n\033[2;3Hx\033[4hIN"
    "\033[4l\033[Ky\033[1;1H\033[1Jz\r\n\033[?25h end\r\na\tb\tc\td\te"
    "\tf\tg\th\ti\tj\0338R\033[?1049lP";

/* Compare two terminals cell by cell, history included. */
static void
expect_same(struct vt *a, struct vt *b, const char *what)
{
	const struct grid_line	*la, *lb;
	struct vt_cursor	 ca, cb;
	struct history		*ha = vt_history(a), *hb = vt_history(b);
	struct cell		 xa[512], xb[512];
	unsigned int		 y, x, n, na, nb;
	int			 wa, wb;

	assert_int_equal(vt_cols(a), vt_cols(b));
	assert_int_equal(vt_rows(a), vt_rows(b));
	for (y = 0; y < vt_rows(a); y++) {
		la = vt_line(a, y);
		lb = vt_line(b, y);
		if ((la->flags & GRID_LINE_WRAPPED) !=
		    (lb->flags & GRID_LINE_WRAPPED) || la->used != lb->used)
			fail_msg("%s: line %u flags or used differ", what, y);
		for (x = 0; x < vt_cols(a); x++) {
			if (!cell_equal(&la->cells[x], &lb->cells[x]))
				fail_msg("%s: cell %u,%u differs (%x vs %x)",
				    what, x, y, la->cells[x].ch,
				    lb->cells[x].ch);
		}
		la = vt_saved_line(a, y);
		lb = vt_saved_line(b, y);
		if ((la == NULL) != (lb == NULL))
			fail_msg("%s: saved screen differs", what);
		for (x = 0; la != NULL && x < vt_cols(a); x++) {
			if (!cell_equal(&la->cells[x], &lb->cells[x]))
				fail_msg("%s: saved cell %u,%u differs", what,
				    x, y);
		}
	}
	assert_int_equal(history_size(ha), history_size(hb));
	for (n = 0; n < history_size(ha); n++) {
		na = history_get(ha, n, xa, 512, &wa);
		nb = history_get(hb, n, xb, 512, &wb);
		if (na != nb || wa != wb)
			fail_msg("%s: history line %u differs", what, n);
		for (x = 0; x < na && x < 512; x++) {
			if (!cell_equal(&xa[x], &xb[x]))
				fail_msg("%s: history cell %u,%u differs", what,
				    x, n);
		}
	}
	vt_cursor(a, &ca);
	vt_cursor(b, &cb);
	if (ca.x != cb.x || ca.y != cb.y || ca.visible != cb.visible ||
	    ca.shape != cb.shape || ca.blink != cb.blink)
		fail_msg("%s: cursor %u,%u vs %u,%u", what, ca.x, ca.y, cb.x,
		    cb.y);
	if ((vt_modes(a) & ~VT_MODE_SYNC) != (vt_modes(b) & ~VT_MODE_SYNC))
		fail_msg("%s: modes %#x vs %#x", what, vt_modes(a),
		    vt_modes(b));
	assert_string_equal(vt_title(a), vt_title(b));
	assert_string_equal(vt_path(a), vt_path(b));
	if (vt_kitty_flags(a) != vt_kitty_flags(b))
		fail_msg("%s: kitty flags %u vs %u", what, vt_kitty_flags(a),
		    vt_kitty_flags(b));
}

/* Write a out, read it back (NULL: refused). */
static struct vt *
round_trip(struct vt *a, struct pbuf *pb)
{
	struct preader	 pr;
	struct vt	*b;
	char		*cause = NULL;

	pbuf_reset(pb);
	vt_state_write(a, pb, UPGRADE_VERSION);
	pr_init(&pr, pb->data, pb->len);
	b = vt_state_read(&pr, UPGRADE_VERSION, &callbacks, NULL, &cause);
	if (b == NULL)
		fail_msg("refused: %s", cause);
	assert_true(pr_done(&pr));
	return (b);
}

/* One case: bytes on a cols x rows terminal. */
static void
check_case(const char *name, unsigned int cols, unsigned int rows,
    const char *bytes, size_t len)
{
	struct vt	*a, *b;
	struct pbuf	 pb;
	char		 what[256];

	pbuf_init(&pb);
	a = vt_create(cols, rows, 100, &callbacks, NULL);
	vt_write(a, bytes, len);
	b = round_trip(a, &pb);
	snprintf(what, sizeof what, "%s (restored)", name);
	expect_same(a, b, what);
	vt_write(a, probe, sizeof probe - 1);
	vt_write(b, probe, sizeof probe - 1);
	snprintf(what, sizeof what, "%s (then fed the same)", name);
	expect_same(a, b, what);
	vt_free(a);
	vt_free(b);
	pbuf_free(&pb);
}

/* Decode the corpus's escapes in place; returns the length. */
static size_t
unescape(char *s)
{
	char	*in = s, *out = s;

	while (*in != '\0') {
		if (*in != '\\' || in[1] == '\0') {
			*out++ = *in++;
			continue;
		}
		in++;
		switch (*in++) {
		case 'e':
			*out++ = '\033';
			break;
		case 'r':
			*out++ = '\r';
			break;
		case 'n':
			*out++ = '\n';
			break;
		case 'b':
			*out++ = '\b';
			break;
		case 't':
			*out++ = '\t';
			break;
		case 'a':
			*out++ = '\a';
			break;
		case 'x':
			*out++ = (char)strtol((char[]){ in[0], in[1], 0 }, NULL,
			    16);
			in += 2;
			break;
		default:
			*out++ = in[-1];
			break;
		}
	}
	return (out - s);
}

static void
test_corpus(void **state)
{
	FILE		*f;
	char		 line[8192], *name, *size, *bytes;
	unsigned int	 cols, rows, cases = 0;
	size_t		 len;

	f = fopen(MUX_SRCDIR "/regress/vt-corpus.txt", "r");
	assert_non_null(f);
	while (fgets(line, sizeof line, f) != NULL) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		line[strcspn(line, "\n")] = '\0';
		name = strtok(line, "\t");
		size = strtok(NULL, "\t");
		bytes = strtok(NULL, "\t");
		if (name == NULL || size == NULL || bytes == NULL ||
		    sscanf(size, "%ux%u", &cols, &rows) != 2)
			continue;
		len = unescape(bytes);
		check_case(name, cols, rows, bytes, len);
		cases++;
	}
	fclose(f);
	assert_true(cases > 50);
}

/* What the corpus lacks: history, the alternate screen with the primary
 * behind it, modes, a title, a palette, a pending wrap, an unfinished
 * sequence completed by what comes after. */
static void
test_rich(void **state)
{
	static const char *cases[] = {
		"1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n7\r\n8\r\n9\r\n10\r\n11\r\n12",
		"primary\r\n\033[?1049h\033[2Jalt \033[1;4;38;2;1;2;3mstyled"
		"\033[?1h\033=\033[?2004h\033[?1002h\033[?1006h\033[?1004h"
		"\033[2;5r\033[?6h\033[3;3Hin region\033[7m",
		"\033]2;a title\007\033]4;1;rgb:11/22/33\007\033[5 q\033[?25l"
		"0123456789012345678901234567890123456789",
		"\033(0lqqk\033(B\033)0\016x\017\033[?7lno wrap past the "
		"edge of this line at all",
		"\033[>4;2m\033[?5h\033[2mdim\033[8mhidden\033[53mover",
		"unfinished \033[3",
		"\xe4\xb8\xad\xe6\x96\x87 e\xcc\x81 \xf0\x9f\x98\x80 wide",
		"\033[3g\033[1;4H\033H\033[1;11H\033H\033[1;1Htabs set",
		"\033[3;4H\033[1;33;4m\033(0\0337\033[m\033(B\033[1;1Hmoved",
		"\033[2;2H\033[35m\033[?1049hin alt\033[4;4H\033[32m\0337"
		"\033[m\033[1;1H",
		"\033[1;9H\033[0g\033[1;6H\033H\033[1;1Hone cleared, one set",
	};
	unsigned int	i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		check_case(cases[i], 20, 6, cases[i], strlen(cases[i]));
}

/* Tab stops set before a resize: libvterm gives the new columns one
 * every 8; the copy the scanner keeps must agree. */
static void
test_tabs_resize(void **state)
{
	struct vt	*a, *b;
	struct pbuf	 pb;

	pbuf_init(&pb);
	a = vt_create(20, 6, 10, &callbacks, NULL);
	vt_write(a, "\033[3g\033[1;3H\033H\033[1;1H", 19);
	vt_resize(a, 45, 6);
	b = round_trip(a, &pb);
	expect_same(a, b, "tabs after a resize (restored)");
	vt_write(a, probe, sizeof probe - 1);
	vt_write(b, probe, sizeof probe - 1);
	expect_same(a, b, "tabs after a resize (then fed the same)");
	vt_free(a);
	vt_free(b);
	pbuf_free(&pb);
}

/* Cut short anywhere, or with a field out of range: refused, no crash. */
static void
test_refused(void **state)
{
	struct vt	*a, *b;
	struct pbuf	 pb;
	struct preader	 pr;
	char		*cause;
	size_t		 n;

	pbuf_init(&pb);
	a = vt_create(12, 4, 10, &callbacks, NULL);
	vt_write(a, "1\r\n2\r\n3\r\n4\r\n5\r\n6\033[?1049hx\033[?1h", 31);
	vt_state_write(a, &pb, UPGRADE_VERSION);
	for (n = 0; n < pb.len; n++) {
		cause = NULL;
		pr_init(&pr, pb.data, n);
		b = vt_state_read(&pr, UPGRADE_VERSION, &callbacks, NULL,
		    &cause);
		if (b != NULL)
			fail_msg("a record cut at %zu of %zu was taken", n,
			    pb.len);
		assert_non_null(cause);
		free(cause);
	}
	/* A cursor past the screen (x is the fourth u32). */
	pb.data[12] = 99;
	cause = NULL;
	pr_init(&pr, pb.data, pb.len);
	assert_null(vt_state_read(&pr, UPGRADE_VERSION, &callbacks, NULL,
	    &cause));
	assert_non_null(cause);
	free(cause);
	vt_free(a);
	pbuf_free(&pb);
}

/* Version 3: the kitty keyboard flags of both screens and what was
 * pushed before them, the OSC 7 path and VT52 mode come back (the probe
 * after the restore reads ESC [ as VT52 does, and pops the kitty stack);
 * a version 2 record, without them, is still read. */
static void
test_version2(void **state)
{
	static const char	bytes[] = "\033]7;file://host/tmp/dir\007"
	    "\033[>5u\033[>1u\033[?1049h\033[>3uALT\033[?1049l\033[?2l";
	static const char	pop[] = "\033<\033[<u";
	struct vt		*a, *b;
	struct pbuf		 pb;
	struct preader		 pr;
	char			*cause = NULL;

	(void)state;
	check_case("version 2", 20, 6, bytes, sizeof bytes - 1);

	pbuf_init(&pb);
	a = vt_create(20, 6, 10, &callbacks, NULL);
	vt_write(a, bytes, sizeof bytes - 1);
	b = round_trip(a, &pb);
	assert_string_equal(vt_path(b), "file://host/tmp/dir");
	assert_int_equal(vt_kitty_flags(b), 1);
	vt_write(a, pop, sizeof pop - 1);
	vt_write(b, pop, sizeof pop - 1);
	expect_same(a, b, "version 2 (popped)");
	assert_int_equal(vt_kitty_flags(b), 5);
	vt_free(b);

	pbuf_reset(&pb);
	vt_state_write(a, &pb, 2);
	pr_init(&pr, pb.data, pb.len);
	if ((b = vt_state_read(&pr, 2, &callbacks, NULL, &cause)) == NULL)
		fail_msg("version 2 refused: %s", cause);
	assert_true(pr_done(&pr));
	assert_string_equal(vt_path(b), "");
	assert_int_equal(vt_kitty_flags(b), 0);
	vt_free(b);
	vt_free(a);
	pbuf_free(&pb);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_corpus),
		cmocka_unit_test(test_rich),
		cmocka_unit_test(test_tabs_resize),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_version2),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
