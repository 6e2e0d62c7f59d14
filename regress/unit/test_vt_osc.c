/*
 * Unit tests for the strings grid/vt-scan.c takes for mux itself: the
 * passthrough (DCS tmux; ... ST) and OSC 8 hyperlinks.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "grid/grid.h"
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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_passthrough_unwrapped),
		cmocka_unit_test(test_passthrough_split),
		cmocka_unit_test(test_passthrough_other_dcs),
		cmocka_unit_test(test_passthrough_too_long),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
