/*
 * Renderer against a real pty: tty draws into the slave, a thread reads the
 * master, and the bytes of each frame are fed to a libvterm screen (here,
 * in the test only) whose cells must show what the target screen says:
 * characters, wide characters at the right columns, attributes, colours
 * (256, 24-bit when the host takes it and mapped down when it does not, 8),
 * the cursor, and that unchanged cells cost nothing to redraw.
 *
 * Frames are delimited without sleeping: after each call the test writes a
 * marker to the slave and waits for the reader to see it.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <pty.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <vterm.h>

#include "common/proto.h"

#include "tty/input.h"
#include "tty/tty.h"
#include "common/key.h"
#include "common/utf8.h"
#include "grid/cell.h"

#define COLS	40
#define ROWS	12

/* The test's side of the pty and the libvterm screen that mirrors it. */
struct fx {
	int		 master;
	int		 slave;
	pthread_t	 thread;
	pthread_mutex_t	 lock;
	pthread_cond_t	 cond;
	char		*buf;	/* everything read from the master */
	size_t		 len;
	size_t		 size;
	size_t		 used;	/* bytes already taken as frames */
	int		 eof;
	unsigned int	 nsync;

	char		*frame;		/* the last frame's bytes */
	size_t		 framelen;

	struct tty	*tty;
	VTerm		*vt;
	VTermScreen	*vs;
	int		 visible;
	int		 shape;

	struct tty_screen scr;
	struct termios	 before;	/* termios before tty_start */
};

/* Read the master until it closes. */
static void *
reader(void *arg)
{
	struct fx	*f = arg;
	char		 tmp[65536];
	ssize_t		 n;

	for (;;) {
		n = read(f->master, tmp, sizeof tmp);
		if (n < 0 && errno == EINTR)
			continue;
		pthread_mutex_lock(&f->lock);
		if (n <= 0) {
			f->eof = 1;
			pthread_cond_broadcast(&f->cond);
			pthread_mutex_unlock(&f->lock);
			return (NULL);
		}
		if (f->len + n > f->size) {
			while (f->len + n > f->size)
				f->size = f->size == 0 ? 65536 : f->size * 2;
			f->buf = realloc(f->buf, f->size);
		}
		memcpy(f->buf + f->len, tmp, n);
		f->len += n;
		pthread_cond_broadcast(&f->cond);
		pthread_mutex_unlock(&f->lock);
	}
}

/* libvterm tells us about the cursor. */
static int
fx_settermprop(VTermProp prop, VTermValue *val, void *arg)
{
	struct fx	*f = arg;

	if (prop == VTERM_PROP_CURSORVISIBLE)
		f->visible = val->boolean;
	else if (prop == VTERM_PROP_CURSORSHAPE)
		f->shape = val->number;
	return (1);
}

static const VTermScreenCallbacks fx_screen_cb = {
	.settermprop = fx_settermprop,
};

/* Take what tty wrote since the last frame: write a marker behind it,
 * wait until the reader has it, feed the bytes before it to libvterm. */
static size_t
fx_frame(struct fx *f)
{
	char		 marker[64];
	char		*at;
	struct timespec	 ts;
	size_t		 n, off;
	int		 mlen;

	mlen = snprintf(marker, sizeof marker, "\033]7777;sync-%u\007",
	    ++f->nsync);
	assert_int_equal(write(f->slave, marker, mlen), mlen);

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += 10;
	pthread_mutex_lock(&f->lock);
	while ((at = memmem(f->buf + f->used, f->len - f->used, marker,
	    mlen)) == NULL && !f->eof) {
		if (pthread_cond_timedwait(&f->cond, &f->lock, &ts) ==
		    ETIMEDOUT)
			break;
	}
	pthread_mutex_unlock(&f->lock);
	if (at == NULL)
		fail_msg("frame marker never arrived");

	n = at - (f->buf + f->used);
	free(f->frame);
	f->frame = malloc(n + 1);
	memcpy(f->frame, f->buf + f->used, n);
	f->frame[n] = '\0';
	f->framelen = n;
	f->used += n + mlen;
	for (off = 0; off < n; off += 4096)
		vterm_input_write(f->vt, f->frame + off,
		    n - off < 4096 ? n - off : 4096);
	return (n);
}

/* Does the last frame contain s? */
static int
fx_sent(struct fx *f, const char *s)
{
	return (memmem(f->frame, f->framelen, s, strlen(s)) != NULL);
}

/* Make the target screen blank, every row dirty. */
static void
fx_target(struct fx *f, unsigned int cols, unsigned int rows)
{
	unsigned int	i;

	free(f->scr.cells);
	free(f->scr.dirty);
	memset(&f->scr, 0, sizeof f->scr);
	f->scr.cols = cols;
	f->scr.rows = rows;
	f->scr.cells = calloc((size_t)cols * rows, sizeof *f->scr.cells);
	f->scr.dirty = calloc(rows, 1);
	for (i = 0; i < cols * rows; i++)
		f->scr.cells[i] = CELL_BLANK;
	memset(f->scr.dirty, 1, rows);
	f->scr.cursor_visible = 1;
}

/* Put ASCII text in the target at x, y with a style, marking the row. */
static void
fx_text(struct fx *f, unsigned int x, unsigned int y, const char *s,
    uint32_t fg, uint32_t bg, uint16_t attr)
{
	struct cell	*gc;

	for (; *s != '\0'; s++, x++) {
		gc = &f->scr.cells[y * f->scr.cols + x];
		*gc = CELL_BLANK;
		gc->ch = (unsigned char)*s;
		gc->fg = fg;
		gc->bg = bg;
		gc->attr = attr;
	}
	f->scr.dirty[y] = 1;
}

/* Put a wide character at x, y (and its right half at x + 1). */
static void
fx_wide(struct fx *f, unsigned int x, unsigned int y, uint32_t ch)
{
	struct cell	*gc = &f->scr.cells[y * f->scr.cols + x];

	gc[0] = CELL_BLANK;
	gc[0].ch = ch;
	gc[0].width = 2;
	gc[1] = CELL_BLANK;
	gc[1].ch = 0;
	gc[1].width = CELL_WIDE_RIGHT;
	f->scr.dirty[y] = 1;
}

/* libvterm's cell at x, y. */
static VTermScreenCell
fx_cell(struct fx *f, unsigned int x, unsigned int y)
{
	VTermScreenCell	cell;
	VTermPos	pos = { .row = (int)y, .col = (int)x };

	memset(&cell, 0, sizeof cell);
	vterm_screen_get_cell(f->vs, pos, &cell);
	return (cell);
}

/* Assert libvterm shows the ASCII text s at x, y. */
static void
fx_expect_text(struct fx *f, unsigned int x, unsigned int y, const char *s)
{
	VTermScreenCell	cell;
	uint32_t	ch;

	for (; *s != '\0'; s++, x++) {
		cell = fx_cell(f, x, y);
		ch = cell.chars[0] == 0 ? ' ' : cell.chars[0];
		if (ch != (unsigned char)*s)
			fail_msg("at %u,%u: got U+%04X, want '%c'", x, y, ch,
			    *s);
	}
}

/* Assert a libvterm colour is the 256-palette index i. */
static void
expect_index(const VTermColor *c, unsigned int i)
{
	if (!VTERM_COLOR_IS_INDEXED(c))
		fail_msg("colour is not indexed (type %d), want %u", c->type,
		    i);
	assert_int_equal(c->indexed.idx, i);
}

/* Assert a libvterm colour is the RGB r, g, b. */
static void
expect_rgb(const VTermColor *c, unsigned int r, unsigned int g,
    unsigned int b)
{
	if (!VTERM_COLOR_IS_RGB(c) || VTERM_COLOR_IS_DEFAULT_FG(c) ||
	    VTERM_COLOR_IS_DEFAULT_BG(c))
		fail_msg("colour is not RGB (type %d)", c->type);
	assert_int_equal(c->rgb.red, r);
	assert_int_equal(c->rgb.green, g);
	assert_int_equal(c->rgb.blue, b);
}

/* Open a pty, start tty on it with terminal type term, set up libvterm. */
static struct fx *
fx_open(const char *term, const char *colorterm)
{
	struct fx	*f = calloc(1, sizeof *f);
	struct winsize	 ws = { .ws_row = ROWS, .ws_col = COLS };
	char		*cause = NULL;

	unsetenv("TERM");
	if (colorterm != NULL)
		setenv("COLORTERM", colorterm, 1);
	else
		unsetenv("COLORTERM");
	f->size = 65536;
	f->buf = malloc(f->size);
	assert_int_equal(openpty(&f->master, &f->slave, NULL, NULL, &ws), 0);
	pthread_mutex_init(&f->lock, NULL);
	pthread_cond_init(&f->cond, NULL);
	assert_int_equal(pthread_create(&f->thread, NULL, reader, f), 0);

	f->tty = tty_open(f->slave, term, getenv("COLORTERM"), &cause);
	if (f->tty == NULL)
		fail_msg("tty_open %s: %s", term, cause);

	f->vt = vterm_new(ROWS, COLS);
	vterm_set_utf8(f->vt, 1);
	f->vs = vterm_obtain_screen(f->vt);
	vterm_screen_set_callbacks(f->vs, &fx_screen_cb, f);
	vterm_screen_reset(f->vs, 1);
	f->visible = 1;

	assert_int_equal(tcgetattr(f->slave, &f->before), 0);
	tty_start(f->tty);
	fx_frame(f);
	fx_target(f, COLS, ROWS);
	return (f);
}

/* Stop everything and free it. */
static void
fx_close(struct fx *f)
{
	tty_free(f->tty);
	close(f->slave);
	pthread_join(f->thread, NULL);
	close(f->master);
	vterm_free(f->vt);
	free(f->buf);
	free(f->frame);
	free(f->scr.cells);
	free(f->scr.dirty);
	pthread_mutex_destroy(&f->lock);
	pthread_cond_destroy(&f->cond);
	free(f);
}

/* tty_open refuses what is not a usable terminal. */
static void
test_open_errors(void **state)
{
	char		*cause = NULL;
	struct tty	*tty;
	int		 p[2], m, s;

	unsetenv("TERM");
	assert_int_equal(pipe(p), 0);
	assert_null(tty_open(p[0], "xterm-256color", NULL, &cause));
	assert_non_null(cause);
	free(cause);
	close(p[0]);
	close(p[1]);

	assert_int_equal(openpty(&m, &s, NULL, NULL, NULL), 0);
	cause = NULL;
	assert_null(tty_open(s, NULL, NULL, &cause));
	assert_non_null(cause);
	free(cause);
	cause = NULL;
	assert_null(tty_open(s, "no-such-terminal-type", NULL, &cause));
	assert_non_null(strstr(cause, "no-such-terminal-type"));
	free(cause);
	cause = NULL;
	assert_null(tty_open(s, "dumb", NULL, &cause));
	assert_non_null(cause);
	free(cause);

	setenv("TERM", "xterm-256color", 1);
	tty = tty_open(s, NULL, NULL, &cause);
	assert_non_null(tty);
	tty_free(tty);
	unsetenv("TERM");
	close(s);
	close(m);
}

/* Row y of the scroll tests' screen: "row-N" and a tail that fills it. */
static void
fx_scroll_row(struct fx *f, unsigned int y, unsigned int n)
{
	char	text[COLS + 1];

	snprintf(text, sizeof text, "row-%02u-abcdefghijklmnopqrstuvwxyz0123",
	    n);
	fx_text(f, 0, y, text, COLOUR_DEFAULT, COLOUR_DEFAULT, 0);
}

/* Every row as the terminal shows it is what the target has. */
static void
fx_expect_target(struct fx *f)
{
	VTermScreenCell	cell;
	unsigned int	x, y;
	uint32_t	ch, want;

	for (y = 0; y < ROWS; y++) {
		for (x = 0; x < COLS; x++) {
			cell = fx_cell(f, x, y);
			ch = cell.chars[0] == 0 ? ' ' : cell.chars[0];
			want = f->scr.cells[y * COLS + x].ch;
			if (ch != want)
				fail_msg("at %u,%u: got U+%04X, want U+%04X",
				    x, y, ch, want);
		}
	}
}

/* Scroll damage: rows that moved up are scrolled on the terminal (the
 * whole screen with ind, a region with csr and indn), so a scroll writes
 * far fewer bytes than drawing the rows again, and the screen is the
 * target's; a hint that does not fit costs bytes, not the picture. */
static void
test_scroll(void **state)
{
	struct fx	*f = fx_open("xterm-256color", NULL);
	unsigned int	 y, first = 0;
	size_t		 repaint, scrolled;

	for (y = 0; y < ROWS; y++)
		fx_scroll_row(f, y, y);
	tty_draw(f->tty, &f->scr);
	repaint = fx_frame(f);
	fx_expect_target(f);

	/* The whole screen up one row: one new row drawn. */
	first = 1;
	for (y = 0; y < ROWS; y++)
		fx_scroll_row(f, y, y + first);
	f->scr.scroll_top = 0;
	f->scr.scroll_bottom = ROWS;
	f->scr.scroll_n = 1;
	tty_draw(f->tty, &f->scr);
	scrolled = fx_frame(f);
	fx_expect_target(f);
	assert_true(fx_sent(f, "\n"));
	assert_false(fx_sent(f, "row-02"));
	assert_true(fx_sent(f, "row-12"));
	assert_true(scrolled * 4 < repaint);
	assert_int_equal(f->scr.scroll_n, 0);

	/* Rows 2-9 up three, in a scroll region. */
	for (y = 2; y < 10; y++)
		fx_scroll_row(f, y, y + 1 + (y < 7 ? 3 : 50));
	f->scr.scroll_top = 2;
	f->scr.scroll_bottom = 10;
	f->scr.scroll_n = 3;
	tty_draw(f->tty, &f->scr);
	scrolled = fx_frame(f);
	fx_expect_target(f);
	assert_true(fx_sent(f, "\033[3;10r"));	/* csr 2 9 */
	assert_true(fx_sent(f, "\033[3S"));		/* indn 3 */
	assert_true(fx_sent(f, "\033[1;12r"));	/* and back */
	assert_false(fx_sent(f, "row-06"));
	assert_true(scrolled * 2 < repaint);

	/* A hint that is wrong (nothing moved): still the target. */
	f->scr.scroll_top = 0;
	f->scr.scroll_bottom = ROWS;
	f->scr.scroll_n = 2;
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	fx_expect_target(f);

	/* A hint that does not fit is ignored. */
	f->scr.scroll_top = 5;
	f->scr.scroll_bottom = 5 + 2;
	f->scr.scroll_n = 4;
	tty_draw(f->tty, &f->scr);
	assert_int_equal(fx_frame(f), 0);
	fx_close(f);
}

/* Move rows [top, bottom) of the scroll tests' target n rows (down, or
 * up), numbering the rows that come in from next; num is each row's
 * number, kept with them. Sets the scroll hint. */
static void
fx_scroll_move(struct fx *f, unsigned int *num, unsigned int top,
    unsigned int bottom, unsigned int n, int down, unsigned int next)
{
	unsigned int	y;

	if (down) {
		memmove(num + top + n, num + top, (bottom - top - n) *
		    sizeof *num);
		for (y = top; y < top + n; y++)
			num[y] = next++;
	} else {
		memmove(num + top, num + top + n, (bottom - top - n) *
		    sizeof *num);
		for (y = bottom - n; y < bottom; y++)
			num[y] = next++;
	}
	for (y = top; y < bottom; y++)
		fx_scroll_row(f, y, num[y]);
	f->scr.scroll_top = top;
	f->scr.scroll_bottom = bottom;
	f->scr.scroll_n = n;
	f->scr.scroll_down = down;
}

/* Scroll damage down and inside a region: the whole screen down with ri
 * at the top, a region with csr and rin, a region to the last row with il
 * (down) or dl (up) and no csr. Each time the screen is the target's and
 * only the rows the scroll did not bring are drawn. */
static void
test_scroll_down(void **state)
{
	struct fx	*f = fx_open("xterm-256color", NULL);
	unsigned int	 y, num[ROWS];
	size_t		 repaint, scrolled;

	for (y = 0; y < ROWS; y++)
		fx_scroll_row(f, y, num[y] = y + 10);
	tty_draw(f->tty, &f->scr);
	repaint = fx_frame(f);
	fx_expect_target(f);

	/* The whole screen down one row (a reverse index at the top). */
	fx_scroll_move(f, num, 0, ROWS, 1, 1, 90);
	tty_draw(f->tty, &f->scr);
	scrolled = fx_frame(f);
	fx_expect_target(f);
	assert_true(fx_sent(f, "\033M"));		/* ri */
	assert_true(fx_sent(f, "row-90"));
	assert_false(fx_sent(f, "row-10"));
	assert_true(scrolled * 4 < repaint);
	assert_int_equal(f->scr.scroll_n, 0);
	assert_int_equal(f->scr.scroll_down, 0);

	/* Rows 2-8 down two, in a scroll region: csr and rin. */
	fx_scroll_move(f, num, 2, 9, 2, 1, 91);
	tty_draw(f->tty, &f->scr);
	scrolled = fx_frame(f);
	fx_expect_target(f);
	assert_true(fx_sent(f, "\033[3;9r"));	/* csr 2 8 */
	assert_true(fx_sent(f, "\033[2T"));		/* rin 2 */
	assert_true(fx_sent(f, "\033[1;12r"));	/* and back */
	assert_false(fx_sent(f, "row-11"));
	assert_true(scrolled * 2 < repaint);

	/* Rows 5 to the last down one: il, no csr. */
	fx_scroll_move(f, num, 5, ROWS, 1, 1, 93);
	tty_draw(f->tty, &f->scr);
	scrolled = fx_frame(f);
	fx_expect_target(f);
	assert_true(fx_sent(f, "\033[L"));		/* il1 */
	assert_false(fx_sent(f, "12r"));	/* no csr */
	assert_true(scrolled * 2 < repaint);

	/* Rows 3 to the last up two: dl. */
	fx_scroll_move(f, num, 3, ROWS, 2, 0, 94);
	tty_draw(f->tty, &f->scr);
	scrolled = fx_frame(f);
	fx_expect_target(f);
	assert_true(fx_sent(f, "\033[2M"));		/* dl 2 */
	assert_true(scrolled * 2 < repaint);
	fx_close(f);
}

/* A terminal that cannot scroll a region: the rows a hint names are
 * drawn again, dirty or not (a client that moved its mirror's rows leaves
 * them to tty_draw). */
static void
test_scroll_no_csr(void **state)
{
	const char	*ov[] = { "xterm*:csr@" };
	struct fx	*f = fx_open("xterm-256color", NULL);
	unsigned int	 y;

	tty_apply_terminal(f->tty, NULL, 0, ov, 1);
	for (y = 0; y < ROWS; y++)
		fx_scroll_row(f, y, y);
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	for (y = 2; y < 10; y++)
		fx_scroll_row(f, y, y + 1);
	memset(f->scr.dirty, 0, ROWS);
	f->scr.scroll_top = 2;
	f->scr.scroll_bottom = 10;
	f->scr.scroll_n = 1;
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	assert_false(fx_sent(f, "\033[3;10r"));
	fx_expect_target(f);
	fx_close(f);
}

/* tty_start and tty_stop: modes on, and exactly undone. */
static void
test_start_stop(void **state)
{
	struct fx	*f = fx_open("xterm-256color", NULL);
	struct termios	 during, after;

	assert_int_equal(tcgetattr(f->slave, &during), 0);
	assert_false(during.c_lflag & (ICANON|ECHO|ISIG|IEXTEN));
	assert_false(during.c_oflag & OPOST);
	assert_false(during.c_iflag & (ICRNL|IXON));

	tty_set_mouse(f->tty, 1);
	fx_frame(f);
	assert_true(fx_sent(f, "\033[?1000h"));
	assert_true(fx_sent(f, "\033[?1002h"));
	assert_true(fx_sent(f, "\033[?1006h"));

	tty_stop(f->tty);
	fx_frame(f);
	assert_true(fx_sent(f, "\033[?1000l"));
	assert_true(fx_sent(f, "\033[?1002l"));
	assert_true(fx_sent(f, "\033[?1006l"));
	assert_true(fx_sent(f, "\033[?2004l"));
	assert_true(fx_sent(f, "\033[?1004l"));
	assert_true(fx_sent(f, "\033[?1049l"));	/* rmcup */
	assert_true(fx_sent(f, "\033[?1l\033>"));	/* rmkx */
	assert_true(fx_sent(f, "\033[?25h"));		/* cnorm */
	assert_int_equal(tcgetattr(f->slave, &after), 0);
	assert_int_equal(after.c_lflag, f->before.c_lflag);
	assert_int_equal(after.c_iflag, f->before.c_iflag);
	assert_int_equal(after.c_oflag, f->before.c_oflag);
	assert_int_equal(after.c_cflag, f->before.c_cflag);
	assert_true(after.c_lflag & ICANON);

	/* Again: nothing. */
	tty_stop(f->tty);
	assert_int_equal(fx_frame(f), 0);

	/* And tty_start said what it does. */
	tty_start(f->tty);
	fx_frame(f);
	assert_true(fx_sent(f, "\033[?1049h"));
	assert_true(fx_sent(f, "\033[?1h\033="));
	assert_true(fx_sent(f, "\033[?2004h"));
	assert_true(fx_sent(f, "\033[?1004h"));
	assert_true(fx_sent(f, "\033[H\033[2J"));
	fx_close(f);
}

/* The live upgrade: a started terminal's record read into a tty opened
 * again on the same terminal (as the new server does) brings back what
 * tty_open cannot find again: the termios to give back, the modes it was
 * put in (turning mouse reporting off does go out), who the terminal said
 * it is and the features that proved. A record cut short is refused. */
static void
test_upgrade_state(void **state)
{
	static const unsigned int	 da2[3] = { 41, 370, 0 };
	struct fx			*f = fx_open("xterm-256color", NULL);
	struct tty			*t2;
	struct termios			 after;
	struct pbuf			 pb;
	struct preader			 pr;
	char				*cause = NULL, *was, *now;
	size_t				 n;
	int				 detected;

	(void)state;
	tty_set_mouse(f->tty, 1);
	tty_xtversion(f->tty, "XTerm(370)", 10);
	tty_da2(f->tty, da2);
	tty_apply_terminal(f->tty, NULL, 0, NULL, 0);
	fx_frame(f);
	was = tty_features_string(f->tty);
	pbuf_init(&pb);
	tty_save(f->tty, &pb);

	for (n = 0; n < pb.len; n++) {
		pr_init(&pr, pb.data, n);
		if (tty_load(NULL, &pr, &detected) == 0)
			fail_msg("a record cut at %zu of %zu was taken", n,
			    pb.len);
	}

	if ((t2 = tty_open(f->slave, "xterm-256color", NULL, &cause)) == NULL)
		fail_msg("tty_open: %s", cause);
	pr_init(&pr, pb.data, pb.len);
	assert_int_equal(tty_load(t2, &pr, &detected), 0);
	assert_true(pr_done(&pr));
	assert_int_equal(detected, 1);
	tty_apply_terminal(t2, NULL, 0, NULL, 0);
	assert_string_equal(tty_termtype(t2), "XTerm(370)");
	now = tty_features_string(t2);
	assert_string_equal(now, was);
	tty_set_mouse(t2, 0);
	fx_frame(f);
	assert_true(fx_sent(f, "\033[?1000l"));
	tty_stop(t2);
	fx_frame(f);
	assert_true(fx_sent(f, "\033[?1049l"));
	assert_int_equal(tcgetattr(f->slave, &after), 0);
	assert_int_equal(after.c_lflag, f->before.c_lflag);
	assert_int_equal(after.c_iflag, f->before.c_iflag);
	assert_int_equal(after.c_oflag, f->before.c_oflag);
	tty_free(t2);
	free(was);
	free(now);
	pbuf_free(&pb);
	fx_close(f);
}

/* Text and each attribute, on and off again. */
static void
test_text_and_attributes(void **state)
{
	struct fx	*f = fx_open("xterm-256color", NULL);
	VTermScreenCell	 c;

	fx_text(f, 0, 0, "Hello, world", COLOUR_DEFAULT, COLOUR_DEFAULT, 0);
	fx_text(f, 0, 1, "B", COLOUR_DEFAULT, COLOUR_DEFAULT, ATTR_BOLD);
	fx_text(f, 1, 1, "I", COLOUR_DEFAULT, COLOUR_DEFAULT, ATTR_ITALIC);
	fx_text(f, 2, 1, "U", COLOUR_DEFAULT, COLOUR_DEFAULT, ATTR_UNDERLINE);
	fx_text(f, 3, 1, "K", COLOUR_DEFAULT, COLOUR_DEFAULT, ATTR_BLINK);
	fx_text(f, 4, 1, "R", COLOUR_DEFAULT, COLOUR_DEFAULT, ATTR_REVERSE);
	fx_text(f, 5, 1, "S", COLOUR_DEFAULT, COLOUR_DEFAULT, ATTR_STRIKE);
	fx_text(f, 6, 1, "A", COLOUR_DEFAULT, COLOUR_DEFAULT,
	    ATTR_BOLD|ATTR_ITALIC|ATTR_UNDERLINE|ATTR_REVERSE);
	fx_text(f, 7, 1, "D", COLOUR_DEFAULT, COLOUR_DEFAULT, ATTR_UNDERLINE2);
	fx_text(f, 8, 1, "p", COLOUR_DEFAULT, COLOUR_DEFAULT, 0);
	fx_text(f, 0, ROWS - 1, "last row", COLOUR_DEFAULT, COLOUR_DEFAULT, 0);
	f->scr.cx = 3;
	f->scr.cy = 5;
	tty_draw(f->tty, &f->scr);
	fx_frame(f);

	fx_expect_text(f, 0, 0, "Hello, world    ");
	fx_expect_text(f, 0, 1, "BIUKRSADp");
	fx_expect_text(f, 0, ROWS - 1, "last row");
	c = fx_cell(f, 0, 1);
	assert_true(c.attrs.bold && !c.attrs.italic && !c.attrs.underline);
	c = fx_cell(f, 1, 1);
	assert_true(c.attrs.italic && !c.attrs.bold);
	c = fx_cell(f, 2, 1);
	assert_int_equal(c.attrs.underline, VTERM_UNDERLINE_SINGLE);
	assert_false(c.attrs.italic);
	c = fx_cell(f, 3, 1);
	assert_true(c.attrs.blink && !c.attrs.underline);
	c = fx_cell(f, 4, 1);
	assert_true(c.attrs.reverse && !c.attrs.blink);
	c = fx_cell(f, 5, 1);
	assert_true(c.attrs.strike && !c.attrs.reverse);
	c = fx_cell(f, 6, 1);
	assert_true(c.attrs.bold && c.attrs.italic && c.attrs.reverse);
	assert_int_equal(c.attrs.underline, VTERM_UNDERLINE_SINGLE);
	assert_false(c.attrs.strike);
	/* No Smulx in xterm-256color: double underline is plain. */
	c = fx_cell(f, 7, 1);
	assert_int_equal(c.attrs.underline, VTERM_UNDERLINE_SINGLE);
	assert_false(c.attrs.bold);
	c = fx_cell(f, 8, 1);
	assert_false(c.attrs.bold || c.attrs.italic || c.attrs.underline ||
	    c.attrs.reverse || c.attrs.strike || c.attrs.blink);

	/* The dirty flags are cleared. */
	assert_int_equal(f->scr.dirty[0], 0);
	assert_int_equal(f->scr.dirty[ROWS - 1], 0);
	fx_close(f);
}

/* Double and curly underline through Smulx. */
static void
test_curly_underline(void **state)
{
	struct fx	*f = fx_open("tmux-256color", NULL);
	VTermScreenCell	 c;

	fx_text(f, 0, 0, "d", COLOUR_DEFAULT, COLOUR_DEFAULT, ATTR_UNDERLINE2);
	fx_text(f, 1, 0, "c", COLOUR_DEFAULT, COLOUR_DEFAULT, ATTR_UNDERCURL);
	fx_text(f, 2, 0, "s", COLOUR_DEFAULT, COLOUR_DEFAULT, ATTR_UNDERLINE);
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	assert_true(fx_sent(f, "\033[4:2m"));
	assert_true(fx_sent(f, "\033[4:3m"));
	c = fx_cell(f, 0, 0);
	assert_int_equal(c.attrs.underline, VTERM_UNDERLINE_DOUBLE);
	c = fx_cell(f, 1, 0);
	assert_int_equal(c.attrs.underline, VTERM_UNDERLINE_CURLY);
	c = fx_cell(f, 2, 0);
	assert_int_equal(c.attrs.underline, VTERM_UNDERLINE_SINGLE);
	fx_close(f);
}

/* Indexed colours, and 24-bit mapped to 256 without RGB. */
static void
test_colours_256(void **state)
{
	struct fx	*f = fx_open("xterm-256color", NULL);
	VTermScreenCell	 c;

	assert_false(tty_has_rgb(f->tty));
	fx_text(f, 0, 0, "a", COLOUR_INDEX(1), COLOUR_INDEX(4), 0);
	fx_text(f, 1, 0, "b", COLOUR_INDEX(9), COLOUR_DEFAULT, 0);
	fx_text(f, 2, 0, "c", COLOUR_INDEX(200), COLOUR_INDEX(17), 0);
	fx_text(f, 3, 0, "d", COLOUR_RGB(0x5f, 0x87, 0xaf), COLOUR_DEFAULT, 0);
	fx_text(f, 4, 0, "e", COLOUR_RGB(0x80, 0x80, 0x80),
	    COLOUR_RGB(0xff, 0x00, 0x00), 0);
	fx_text(f, 5, 0, "f", COLOUR_RGB(0x60, 0x88, 0xb0), COLOUR_DEFAULT, 0);
	fx_text(f, 6, 0, "g", COLOUR_DEFAULT, COLOUR_DEFAULT, 0);
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	assert_null(strstr(f->frame, "38;2;"));

	c = fx_cell(f, 0, 0);
	expect_index(&c.fg, 1);
	expect_index(&c.bg, 4);
	c = fx_cell(f, 1, 0);
	expect_index(&c.fg, 9);
	assert_true(VTERM_COLOR_IS_DEFAULT_BG(&c.bg));
	c = fx_cell(f, 2, 0);
	expect_index(&c.fg, 200);
	expect_index(&c.bg, 17);
	c = fx_cell(f, 3, 0);
	expect_index(&c.fg, 16 + 36 * 1 + 6 * 2 + 3);
	c = fx_cell(f, 4, 0);
	expect_index(&c.fg, 232 + 12);
	expect_index(&c.bg, 196);
	c = fx_cell(f, 5, 0);
	expect_index(&c.fg, 16 + 36 * 1 + 6 * 2 + 3);
	c = fx_cell(f, 6, 0);
	assert_true(VTERM_COLOR_IS_DEFAULT_FG(&c.fg));
	assert_true(VTERM_COLOR_IS_DEFAULT_BG(&c.bg));
	fx_close(f);
}

/* 24-bit colour sent as is when the host takes it. */
static void
test_colours_rgb(void **state)
{
	struct fx	*f = fx_open("xterm-256color", "truecolor");
	VTermScreenCell	 c;

	assert_true(tty_has_rgb(f->tty));
	fx_text(f, 0, 0, "a", COLOUR_RGB(10, 20, 30), COLOUR_RGB(200, 100, 50),
	    0);
	fx_text(f, 1, 0, "b", COLOUR_RGB(255, 255, 255), COLOUR_DEFAULT,
	    ATTR_BOLD);
	fx_text(f, 2, 0, "c", COLOUR_INDEX(200), COLOUR_DEFAULT, 0);
	fx_text(f, 3, 0, "d", COLOUR_DEFAULT, COLOUR_DEFAULT, 0);
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	assert_true(fx_sent(f, "\033[38;2;10;20;30m"));
	c = fx_cell(f, 0, 0);
	expect_rgb(&c.fg, 10, 20, 30);
	expect_rgb(&c.bg, 200, 100, 50);
	c = fx_cell(f, 1, 0);
	expect_rgb(&c.fg, 255, 255, 255);
	assert_true(c.attrs.bold);
	assert_true(VTERM_COLOR_IS_DEFAULT_BG(&c.bg));
	c = fx_cell(f, 2, 0);
	expect_index(&c.fg, 200);
	c = fx_cell(f, 3, 0);
	assert_true(VTERM_COLOR_IS_DEFAULT_FG(&c.fg));
	assert_false(c.attrs.bold);
	fx_close(f);

	f = fx_open("xterm-256color", "24bit");
	assert_true(tty_has_rgb(f->tty));
	fx_close(f);
}

/* An 8 colour host: bright as bold, the rest to the nearest. */
static void
test_colours_8(void **state)
{
	struct fx	*f = fx_open("xterm", NULL);
	VTermScreenCell	 c;

	/* xterm has 8 colours. */
	assert_false(tty_has_rgb(f->tty));
	fx_text(f, 0, 0, "a", COLOUR_INDEX(9), COLOUR_INDEX(12), 0);
	fx_text(f, 1, 0, "b", COLOUR_INDEX(200), COLOUR_DEFAULT, 0);
	fx_text(f, 2, 0, "c", COLOUR_RGB(0, 0, 0xee), COLOUR_DEFAULT, 0);
	fx_text(f, 3, 0, "d", COLOUR_INDEX(3), COLOUR_DEFAULT, 0);
	fx_text(f, 4, 0, "e", COLOUR_DEFAULT, COLOUR_DEFAULT, 0);
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	c = fx_cell(f, 0, 0);
	expect_index(&c.fg, 1);
	assert_true(c.attrs.bold);
	expect_index(&c.bg, 4);
	c = fx_cell(f, 1, 0);
	expect_index(&c.fg, 5);
	assert_true(c.attrs.bold);
	c = fx_cell(f, 2, 0);
	expect_index(&c.fg, 4);
	assert_false(c.attrs.bold);
	c = fx_cell(f, 3, 0);
	expect_index(&c.fg, 3);
	c = fx_cell(f, 4, 0);
	assert_true(VTERM_COLOR_IS_DEFAULT_FG(&c.fg));
	fx_close(f);

	/* COLORTERM says 24-bit colour works, whatever TERM says. */
	f = fx_open("xterm", "truecolor");
	assert_true(tty_has_rgb(f->tty));
	fx_text(f, 0, 0, "a", COLOUR_RGB(1, 2, 3), COLOUR_DEFAULT, 0);
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	c = fx_cell(f, 0, 0);
	expect_rgb(&c.fg, 1, 2, 3);
	fx_close(f);
}

/* Wide characters at the columns the cells say. */
static void
test_wide(void **state)
{
	struct fx	*f = fx_open("xterm-256color", NULL);
	VTermScreenCell	 c;
	uint32_t	 cps[2] = { 'e', 0x301 };
	struct cell	*gc;

	fx_wide(f, 2, 0, 0x4e2d);
	fx_text(f, 4, 0, "x", COLOUR_DEFAULT, COLOUR_DEFAULT, 0);
	gc = &f->scr.cells[6];
	gc->ch = utf8_intern(cps, 2);
	/* libvterm thinks U+1F9D1 is one column; mux says two. */
	fx_wide(f, 8, 0, 0x1f9d1);
	fx_text(f, 10, 0, "y", COLOUR_DEFAULT, COLOUR_DEFAULT, 0);
	fx_wide(f, 11, 0, 0xac00);
	fx_wide(f, 13, 0, 0x4e2d);
	fx_text(f, 15, 0, "z", COLOUR_DEFAULT, COLOUR_DEFAULT, 0);
	/* A wide character that does not fit in the last column. */
	fx_text(f, COLS - 2, 1, "w", COLOUR_DEFAULT, COLOUR_DEFAULT, 0);
	f->scr.cells[COLS + COLS - 1].ch = 0x4e2d;
	f->scr.cells[COLS + COLS - 1].width = 2;
	tty_draw(f->tty, &f->scr);
	fx_frame(f);

	c = fx_cell(f, 2, 0);
	assert_int_equal(c.chars[0], 0x4e2d);
	assert_int_equal(c.width, 2);
	fx_expect_text(f, 4, 0, "x");
	c = fx_cell(f, 6, 0);
	assert_int_equal(c.chars[0], 'e');
	assert_int_equal(c.chars[1], 0x301);
	c = fx_cell(f, 8, 0);
	assert_int_equal(c.chars[0], 0x1f9d1);
	fx_expect_text(f, 10, 0, "y");
	c = fx_cell(f, 11, 0);
	assert_int_equal(c.chars[0], 0xac00);
	c = fx_cell(f, 13, 0);
	assert_int_equal(c.chars[0], 0x4e2d);
	fx_expect_text(f, 15, 0, "z");
	fx_expect_text(f, COLS - 2, 1, "w ");
	fx_expect_text(f, 0, 2, " ");

	/* Overwrite the right half only: the left half is redrawn too. */
	fx_text(f, 2, 0, " a", COLOUR_DEFAULT, COLOUR_DEFAULT, 0);
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	fx_expect_text(f, 2, 0, " ax");

	/* A wide character back over narrow ones, then narrow ones over the
	 * left half only. */
	fx_wide(f, 3, 0, 0x4e2d);
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	c = fx_cell(f, 3, 0);
	assert_int_equal(c.chars[0], 0x4e2d);
	assert_int_equal(c.width, 2);
	fx_expect_text(f, 2, 0, " ");
	fx_text(f, 3, 0, "b", COLOUR_DEFAULT, COLOUR_DEFAULT, 0);
	f->scr.cells[4] = CELL_BLANK;
	f->scr.cells[4].ch = 'c';
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	fx_expect_text(f, 2, 0, " bc");

	/* A target that breaks the rules (a wide character followed by a
	 * narrow one, a right half with no left) is drawn as spaces, and
	 * never leaves half a character on the host. */
	fx_wide(f, 20, 0, 0x4e2d);
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	f->scr.cells[21] = CELL_BLANK;
	f->scr.cells[21].ch = 'a';
	f->scr.cells[25] = CELL_BLANK;
	f->scr.cells[25].width = 0;
	f->scr.dirty[0] = 1;
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	fx_expect_text(f, 20, 0, " a");
	c = fx_cell(f, 20, 0);
	assert_int_equal(c.width, 1);
	fx_close(f);
}

/* Redrawing an unchanged or nearly unchanged screen is cheap. */
static void
test_small_diff(void **state)
{
	struct fx	*f = fx_open("xterm-256color", "truecolor");
	VTermScreenCell	 c;
	unsigned int	 x, y;
	size_t		 n;
	char		 line[COLS + 1];

	for (y = 0; y < ROWS; y++) {
		for (x = 0; x < COLS; x++)
			line[x] = 'a' + (x + y) % 26;
		line[COLS] = '\0';
		fx_text(f, 0, y, line, COLOUR_RGB(x, y * 10, 100),
		    COLOUR_INDEX(y), y % 2 ? ATTR_BOLD : 0);
	}
	f->scr.cx = 0;
	f->scr.cy = 0;
	tty_draw(f->tty, &f->scr);
	assert_true(fx_frame(f) > COLS * ROWS);

	/* Nothing changed: nothing written, even with every row dirty. */
	memset(f->scr.dirty, 1, ROWS);
	tty_draw(f->tty, &f->scr);
	assert_int_equal(fx_frame(f), 0);

	/* One cell: a few bytes. */
	f->scr.cells[5 * COLS + 17].ch = '#';
	f->scr.dirty[5] = 1;
	tty_draw(f->tty, &f->scr);
	n = fx_frame(f);
	assert_true(n > 0);
	assert_true(n <= 40);
	assert_int_equal(fx_cell(f, 17, 5).chars[0], '#');
	assert_int_equal(fx_cell(f, 16, 5).chars[0], 'a' + (16 + 5) % 26);
	/* The same cell again, in the pen the host already has: a cursor
	 * move, one byte, and the cursor back. */
	f->scr.cells[5 * COLS + 17].ch = '%';
	f->scr.dirty[5] = 1;
	tty_draw(f->tty, &f->scr);
	n = fx_frame(f);
	assert_true(n <= 16);
	assert_int_equal(fx_cell(f, 17, 5).chars[0], '%');

	/* One cell in a new colour. */
	f->scr.cells[7 * COLS + 3].fg = COLOUR_RGB(1, 2, 3);
	f->scr.dirty[7] = 1;
	tty_draw(f->tty, &f->scr);
	n = fx_frame(f);
	assert_true(n <= 40);
	c = fx_cell(f, 3, 7);
	expect_rgb(&c.fg, 1, 2, 3);

	/* A change in a row not marked dirty is not looked at. */
	f->scr.cells[9 * COLS + 1].ch = '!';
	tty_draw(f->tty, &f->scr);
	assert_int_equal(fx_frame(f), 0);
	f->scr.dirty[9] = 1;
	tty_draw(f->tty, &f->scr);
	assert_true(fx_frame(f) > 0);
	assert_int_equal(fx_cell(f, 1, 9).chars[0], '!');
	fx_close(f);
}

/* Cursor position, visibility and shape. */
static void
test_cursor(void **state)
{
	struct fx	*f = fx_open("xterm-256color", NULL);
	VTermState	*vs = vterm_obtain_state(f->vt);
	VTermPos	 pos;

	fx_text(f, 0, 0, "abc", COLOUR_DEFAULT, COLOUR_DEFAULT, 0);
	f->scr.cx = 7;
	f->scr.cy = 4;
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	vterm_state_get_cursorpos(vs, &pos);
	assert_int_equal(pos.col, 7);
	assert_int_equal(pos.row, 4);
	assert_int_equal(f->visible, 1);

	/* Moves on the same row and the next are cheap, and right. */
	f->scr.cx = 9;
	tty_draw(f->tty, &f->scr);
	assert_true(fx_frame(f) <= 4);
	vterm_state_get_cursorpos(vs, &pos);
	assert_int_equal(pos.col, 9);
	f->scr.cx = 0;
	f->scr.cy = 5;
	tty_draw(f->tty, &f->scr);
	assert_true(fx_frame(f) <= 2);
	vterm_state_get_cursorpos(vs, &pos);
	assert_int_equal(pos.col, 0);
	assert_int_equal(pos.row, 5);
	f->scr.cx = 2;
	f->scr.cy = 0;
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	vterm_state_get_cursorpos(vs, &pos);
	assert_int_equal(pos.col, 2);
	assert_int_equal(pos.row, 0);
	fx_expect_text(f, 0, 0, "abc");

	f->scr.cursor_visible = 0;
	f->scr.cursor_shape = 3;
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	assert_int_equal(f->visible, 0);
	assert_int_equal(f->shape, VTERM_PROP_CURSORSHAPE_BAR_LEFT);
	f->scr.cursor_visible = 1;
	f->scr.cursor_shape = 2;
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	assert_int_equal(f->visible, 1);
	assert_int_equal(f->shape, VTERM_PROP_CURSORSHAPE_UNDERLINE);
	fx_close(f);
}

/* Draw the bottom-right cell on terminal type term; nothing may scroll. */
static void
bottom_right(const char *term, const char *insert)
{
	struct fx	*f = fx_open(term, NULL);

	fx_text(f, 0, 0, "top", COLOUR_DEFAULT, COLOUR_DEFAULT, 0);
	fx_text(f, COLS - 3, ROWS - 1, "xyZ", COLOUR_DEFAULT, COLOUR_DEFAULT,
	    0);
	f->scr.cx = 1;
	f->scr.cy = 1;
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	if (insert != NULL)
		assert_true(fx_sent(f, insert));
	fx_expect_text(f, 0, 0, "top");
	fx_expect_text(f, COLS - 3, ROWS - 1, "xyZ");

	/* Change just the corner. */
	f->scr.cells[ROWS * COLS - 1].ch = 'Q';
	f->scr.dirty[ROWS - 1] = 1;
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	fx_expect_text(f, 0, 0, "top");
	fx_expect_text(f, COLS - 3, ROWS - 1, "xyQ");
	fx_close(f);
}

/* The bottom-right cell, with and without xenl. */
static void
test_bottom_right(void **state)
{
	bottom_right("xterm-256color", NULL);
	/* ansi: automatic margins without xenl, so ich is used. */
	bottom_right("ansi", "\033[1@");
}

/* terminal-overrides and terminal-features: only entries whose pattern
 * matches apply, in order, escapes decoded ("\\:" a colon), capabilities
 * removed with "@"; without am the bottom-right cell is not drawn. */
static void
test_overrides(void **state)
{
	const char	*ov[] = { "xterm*:am@:bold=\\E[7\\:1m",
			    "screen*:bold=\\E[4m" };
	const char	*feat[] = { "ansi:strikethrough", "xterm*:nonesuch" };
	struct fx	*f = fx_open("xterm-256color", NULL);

	assert_int_equal(tty_apply_terminal(f->tty, NULL, 0, ov, 2), 1);
	assert_int_equal(tty_apply_terminal(f->tty, NULL, 0, ov, 2), 0);
	fx_text(f, 0, 0, "top", COLOUR_DEFAULT, COLOUR_DEFAULT, ATTR_BOLD);
	fx_text(f, COLS - 3, ROWS - 1, "xyZ", COLOUR_DEFAULT, COLOUR_DEFAULT,
	    0);
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	assert_true(fx_sent(f, "\033[7:1m"));
	assert_false(fx_sent(f, "\033[4m"));
	fx_expect_text(f, COLS - 3, ROWS - 1, "xy ");
	fx_expect_text(f, 0, 0, "top");

	/* Without them: terminfo's again, and everything is drawn. */
	assert_int_equal(tty_apply_terminal(f->tty, feat, 2, NULL, 0), 1);
	fx_text(f, 0, 1, "x", COLOUR_DEFAULT, COLOUR_DEFAULT, 0);
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	fx_expect_text(f, COLS - 3, ROWS - 1, "xyZ");
	assert_true(fx_sent(f, "\033[1m"));
	fx_close(f);

	/* A feature gives a terminal what terminfo lacks. */
	f = fx_open("ansi", NULL);
	assert_int_equal(tty_apply_terminal(f->tty, feat, 2, NULL, 0), 1);
	fx_text(f, 0, 0, "s", COLOUR_DEFAULT, COLOUR_DEFAULT, ATTR_STRIKE);
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	assert_true(fx_sent(f, "\033[9m"));
	fx_close(f);
}

/* The cursor colour goes out with Cs and Cr where the terminal has them
 * (the ccolour feature), only when it changes, as "rgb:rr/gg/bb" (an
 * index as xterm's palette has it); tty_stop gives the terminal its own
 * back. Without the feature nothing is sent. */
static void
test_cursor_colour(void **state)
{
	const char	*feat[] = { "screen*:ccolour" };
	struct fx	*f = fx_open("screen-256color", NULL);

	f->scr.cursor_colour = COLOUR_RGB(1, 2, 0xab);
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	assert_false(fx_sent(f, "\033]12;"));

	assert_int_equal(tty_apply_terminal(f->tty, feat, 1, NULL, 0), 1);
	f->scr.dirty[0] = 1;
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	assert_true(fx_sent(f, "\033]12;rgb:01/02/ab\007"));
	f->scr.dirty[0] = 1;
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	assert_false(fx_sent(f, "\033]12;"));
	f->scr.cursor_colour = COLOUR_INDEX(1);
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	assert_true(fx_sent(f, "\033]12;rgb:cd/00/00\007"));
	f->scr.cursor_colour = COLOUR_DEFAULT;
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	assert_true(fx_sent(f, "\033]112\007"));
	tty_stop(f->tty);
	fx_frame(f);
	assert_true(fx_sent(f, "\033]112\007"));
	fx_close(f);
}

/* Underline colours go out with Setulc (the usstyle feature) as tmux
 * 3.3a sends them, and back to the text's with ol; not at all without
 * the feature, nor on a cell that is not underlined. */
static void
test_underline_colour(void **state)
{
	const char	*feat[] = { "screen*:usstyle" };
	struct fx	*f = fx_open("screen-256color", NULL);
	struct cell	*gc;

	fx_text(f, 0, 0, "ab", COLOUR_DEFAULT, COLOUR_DEFAULT,
	    ATTR_UNDERLINE);
	fx_text(f, 2, 0, "c", COLOUR_DEFAULT, COLOUR_DEFAULT, 0);
	gc = &f->scr.cells[0];
	gc[0].flags = gc[2].flags = cell_ul_intern(COLOUR_RGB(1, 2, 3));
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	assert_false(fx_sent(f, "\033[58"));

	assert_int_equal(tty_apply_terminal(f->tty, feat, 1, NULL, 0), 1);
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	/* (b is underlined in the text's colour.) */
	assert_true(fx_sent(f, "\033[58:2:1:2:3ma\033[59mb"));
	assert_false(fx_sent(f, "\033[58:2:1:2:3mc"));
	fx_close(f);
}

/* With the sync feature every frame that draws is one synchronized
 * update, begun first and ended last; a frame that draws nothing sends
 * nothing, and a terminal without the feature gets no 2026 at all. */
static void
test_sync(void **state)
{
	const char	*feat[] = { "xterm*:sync" };
	struct fx	*f = fx_open("xterm-256color", NULL);

	fx_text(f, 0, 0, "plain", COLOUR_DEFAULT, COLOUR_DEFAULT, 0);
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	assert_false(fx_sent(f, "2026"));

	assert_int_equal(tty_apply_terminal(f->tty, feat, 1, NULL, 0), 1);
	assert_true(tty_has_feature(f->tty, "sync"));
	fx_text(f, 0, 1, "held", COLOUR_DEFAULT, COLOUR_DEFAULT, 0);
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	assert_true(f->framelen > 16);
	assert_memory_equal(f->frame, "\033[?2026h", 8);
	assert_memory_equal(f->frame + f->framelen - 8, "\033[?2026l", 8);
	fx_expect_text(f, 0, 1, "held");

	/* Only the cursor moves: still one update. */
	f->scr.cx = 5;
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	assert_memory_equal(f->frame, "\033[?2026h", 8);

	/* Nothing changed: nothing written. */
	tty_draw(f->tty, &f->scr);
	assert_int_equal(fx_frame(f), 0);
	fx_close(f);
}

/* Who the terminal is: asked at once, and an answer turns on what it
 * proves (tty-detect.c), drawn with at the next frame. */
static void
test_detect(void **state)
{
	static const unsigned int	 plain[3] = { 0, 115, 0 };
	static const unsigned int	 tmux[3] = { 'T', 0, 0 };
	const char			*feat[] = { "xterm*:clipboard" };
	struct fx			*f = fx_open("xterm-256color", NULL);
	char				*s;

	assert_false(tty_has_rgb(f->tty));
	assert_int_equal(tty_query_terminal(f->tty), 1);
	fx_frame(f);
	assert_true(fx_sent(f, "\033[>q\033[>c"));
	tty_apply_terminal(f->tty, feat, 1, NULL, 0);
	s = tty_features_string(f->tty);
	assert_string_equal(s, "bpaste,clipboard,focus,title");
	free(s);
	assert_string_equal(tty_termtype(f->tty), "");

	/* An answer that proves nothing changes nothing but the name. */
	assert_int_equal(tty_xtversion(f->tty, "VT100-fake", 10), 0);
	assert_int_equal(tty_da2(f->tty, plain), 0);
	assert_string_equal(tty_termtype(f->tty), "VT100-fake");
	tty_set_kitty_keys(f->tty, 1);
	fx_frame(f);
	assert_false(fx_sent(f, "\033[>1u"));

	/* kitty: 24-bit colour and the rest, in tmux's order. */
	assert_int_equal(tty_xtversion(f->tty, "kitty(0.26.5)xyz", 13), 1);
	assert_int_equal(tty_xtversion(f->tty, "kitty(0.26.5)", 13), 0);
	assert_string_equal(tty_termtype(f->tty), "kitty(0.26.5)");
	assert_int_equal(tty_apply_terminal(f->tty, feat, 1, NULL, 0), 1);
	assert_true(tty_has_rgb(f->tty));
	assert_true(tty_has_feature(f->tty, "hyperlinks"));
	assert_true(tty_has_feature(f->tty, "SYNC"));
	assert_false(tty_has_feature(f->tty, "extkeys"));
	assert_false(tty_has_feature(f->tty, "nonesuch"));
	s = tty_features_string(f->tty);
	assert_string_equal(s, "256,bpaste,ccolour,clipboard,hyperlinks,"
	    "cstyle,focus,kittykeys,mouse,overline,RGB,strikethrough,sync,"
	    "title,usstyle");
	free(s);
	fx_text(f, 0, 0, "a", COLOUR_RGB(10, 20, 30), COLOUR_DEFAULT, 0);
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	assert_true(fx_sent(f, "\033[38;2;10;20;30m"));
	/* Its keys asked for, and given back when stopped. */
	tty_set_kitty_keys(f->tty, 1);
	fx_frame(f);
	assert_true(fx_sent(f, "\033[>1u"));
	tty_stop(f->tty);
	fx_frame(f);
	assert_true(fx_sent(f, "\033[<u"));
	fx_close(f);

	/* A terminal with no colours in terminfo, which says it is tmux by
	 * DA2. */
	f = fx_open("vt100", NULL);
	assert_false(tty_has_rgb(f->tty));
	assert_int_equal(tty_da2(f->tty, tmux), 1);
	assert_int_equal(tty_apply_terminal(f->tty, NULL, 0, NULL, 0), 1);
	assert_true(tty_has_rgb(f->tty));
	fx_text(f, 0, 0, "a", COLOUR_RGB(1, 2, 3), COLOUR_DEFAULT, 0);
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	assert_true(fx_sent(f, "\033[38;2;1;2;3m"));
	fx_close(f);

	/* One whose clear is not a CSI is never asked. */
	f = fx_open("vt52", NULL);
	assert_int_equal(tty_query_terminal(f->tty), 0);
	fx_close(f);
}

/* A new size or tty_invalidate clears and repaints. */
static void
test_resize_and_invalidate(void **state)
{
	struct fx	*f = fx_open("xterm-256color", NULL);
	VTermScreenCell	 c;
	unsigned int	 y;
	char		 line[COLS + 1];

	memset(line, 'x', COLS);
	line[COLS] = '\0';
	for (y = 0; y < ROWS; y++)
		fx_text(f, 0, y, line, COLOUR_DEFAULT, COLOUR_INDEX(2), 0);
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	fx_expect_text(f, 0, ROWS - 1, line);

	/* A smaller target: everything else is cleared. */
	fx_target(f, 30, 8);
	fx_text(f, 0, 0, "small", COLOUR_DEFAULT, COLOUR_DEFAULT, 0);
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	fx_expect_text(f, 0, 0, "small                                   ");
	fx_expect_text(f, 0, ROWS - 1, "                                   "
	    "     ");
	c = fx_cell(f, 35, 3);
	assert_true(VTERM_COLOR_IS_DEFAULT_BG(&c.bg));

	/* Invalidate: cleared and drawn again without dirty rows. */
	memset(f->scr.dirty, 0, 8);
	tty_invalidate(f->tty);
	vterm_input_write(f->vt, "\033[2;1Hjunk", 10);
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	fx_expect_text(f, 0, 0, "small");
	fx_expect_text(f, 0, 1, "    ");
	fx_close(f);
}

/* A row that ends blank is cleared with el. */
static void
test_erase(void **state)
{
	struct fx	*f = fx_open("xterm-256color", NULL);
	char		 line[COLS + 1];
	unsigned int	 x;
	size_t		 n;

	memset(line, 'q', COLS);
	line[COLS] = '\0';
	fx_text(f, 0, 3, line, COLOUR_DEFAULT, COLOUR_DEFAULT, 0);
	tty_draw(f->tty, &f->scr);
	fx_frame(f);
	for (x = 5; x < COLS; x++)
		f->scr.cells[3 * COLS + x] = CELL_BLANK;
	f->scr.dirty[3] = 1;
	tty_draw(f->tty, &f->scr);
	n = fx_frame(f);
	assert_true(fx_sent(f, "\033[K"));
	assert_true(n <= 16);
	fx_expect_text(f, 0, 3, "qqqqq                                   ");
	fx_close(f);
}

/* Title, OSC 52 and bell. */
static void
test_title_clipboard_bell(void **state)
{
	struct fx	*f = fx_open("xterm-256color", NULL);

	tty_set_title(f->tty, "a\007b\033c");
	fx_frame(f);
	assert_string_equal(f->frame, "\033]2;abc\007");
	tty_set_clipboard(f->tty, "c", "aGk=", 4);
	fx_frame(f);
	assert_string_equal(f->frame, "\033]52;c;aGk=\007");
	tty_set_clipboard(f->tty, "c", "a\033]", 3);
	tty_set_clipboard(f->tty, "c", "?", 1);
	tty_set_clipboard(f->tty, "c;x", "aGk=", 4);
	assert_int_equal(fx_frame(f), 0);
	tty_bell(f->tty);
	fx_frame(f);
	assert_string_equal(f->frame, "\007");
	fx_close(f);

	/* A terminal with a status line gets the title through tsl. */
	f = fx_open("tmux-256color", NULL);
	tty_set_title(f->tty, "t");
	fx_frame(f);
	assert_string_equal(f->frame, "\033]0;t\007");
	fx_close(f);
}

/* Queued mode never waits: a terminal that reads nothing gets what fits,
 * the rest is kept; tty_stop's termios wait until it has all gone. */
static void
test_queued(void **state)
{
	struct winsize	 ws = { .ws_row = 100, .ws_col = 200 };
	struct tty_screen scr;
	struct termios	 tio, during;
	struct tty	*tty;
	char		*cause = NULL, buf[65536];
	unsigned int	 i, round;
	int		 m, s;

	assert_int_equal(openpty(&m, &s, NULL, NULL, &ws), 0);
	assert_int_equal(tcgetattr(s, &tio), 0);
	fcntl(s, F_SETFL, fcntl(s, F_GETFL) | O_NONBLOCK);
	fcntl(m, F_SETFL, fcntl(m, F_GETFL) | O_NONBLOCK);
	tty = tty_open(s, "xterm-256color", "truecolor", &cause);
	assert_non_null(tty);
	tty_set_queued(tty);
	tty_start(tty);

	memset(&scr, 0, sizeof scr);
	scr.cols = 200;
	scr.rows = 100;
	scr.cells = calloc(200 * 100, sizeof *scr.cells);
	scr.dirty = calloc(100, 1);
	for (round = 0; round < 64 && tty_pending(tty) == 0; round++) {
		for (i = 0; i < 200 * 100; i++) {
			scr.cells[i] = CELL_BLANK;
			scr.cells[i].ch = 'a' + (i + round) % 26;
			scr.cells[i].fg = COLOUR_RGB(i, round, i >> 8);
		}
		memset(scr.dirty, 1, 100);
		tty_draw(tty, &scr);	/* must not wait */
	}
	assert_true(tty_pending(tty) > 0);
	assert_int_equal(tty_write_pending(tty), 0);
	assert_true(tty_pending(tty) > 0);

	tty_stop(tty);
	assert_int_equal(tcgetattr(s, &during), 0);
	assert_false(during.c_lflag & ICANON);

	/* The terminal reads: everything goes, then the termios. */
	for (i = 0; i < 100000 && tty_pending(tty) != 0; i++) {
		while (read(m, buf, sizeof buf) > 0)
			;
		assert_int_equal(tty_write_pending(tty), 0);
	}
	assert_int_equal(tty_pending(tty), 0);
	assert_int_equal(tcgetattr(s, &during), 0);
	assert_int_equal(during.c_lflag, tio.c_lflag);
	assert_int_equal(during.c_oflag, tio.c_oflag);

	tty_free(tty);
	free(scr.cells);
	free(scr.dirty);
	close(s);
	close(m);
}

/* Keep the first key decoded. */
static void
first_key(const struct input_event *ev, void *arg)
{
	key_code	*key = arg;

	if (ev->type == INPUT_KEY && *key == KEYC_NONE)
		*key = ev->key;
}

/* The first key "ESC [ [ A" (the Linux console's F1) decodes to, with the
 * key strings of the current terminfo entry. */
static key_code
f1_of_current(void)
{
	struct input	*in = input_create();
	key_code	 key = KEYC_NONE;

	if (input_parse(in, "\033[[A", 4, first_key, &key))
		input_flush(in, first_key, &key);
	input_free(in);
	return (key);
}

/* Each tty keeps its own terminfo entry: the key strings a decoder
 * learns are those of the tty made current, whichever was opened last. */
static void
test_two_terminals(void **state)
{
	struct tty	*a, *b;
	char		*cause = NULL;
	int		 m1, s1, m2, s2;

	assert_int_equal(openpty(&m1, &s1, NULL, NULL, NULL), 0);
	assert_int_equal(openpty(&m2, &s2, NULL, NULL, NULL), 0);
	a = tty_open(s1, "linux", NULL, &cause);
	assert_non_null(a);
	b = tty_open(s2, "xterm-256color", NULL, &cause);
	assert_non_null(b);

	tty_use(a);
	assert_int_equal(f1_of_current(), KEYC_F1);
	tty_use(b);
	assert_int_not_equal(f1_of_current(), KEYC_F1);
	tty_use(a);
	assert_int_equal(f1_of_current(), KEYC_F1);

	tty_free(b);
	tty_free(a);
	close(s1);
	close(m1);
	close(s2);
	close(m2);
}

/* Run the tests. */
/* Keep row y of a screen whole: no right half without its left half, no
 * left half without its right. */
static void
span_fix_row(struct cell *row)
{
	unsigned int	x;

	for (x = 0; x < COLS; x++) {
		if (row[x].width == CELL_WIDE_RIGHT &&
		    (x == 0 || row[x - 1].width != 2))
			row[x] = CELL_BLANK;
		if (row[x].width == 2 &&
		    (x + 1 == COLS || row[x + 1].width != CELL_WIDE_RIGHT))
			row[x] = CELL_BLANK;
	}
}

/* A span (the columns of a row changed since it was drawn) draws exactly
 * what comparing the whole row draws: 300 frames of random changes (text,
 * styles, wide characters, blanks to the end of a row), each drawn by two
 * terminals from the same screen, one told the spans, exact or wider. */
static void
test_span(void **state)
{
	struct fx	*a = fx_open("xterm-256color", "truecolor");
	struct fx	*b = fx_open("xterm-256color", "truecolor");
	struct cell	 before[COLS], *row, *cell;
	uint16_t	 span[2 * ROWS];
	uint32_t	 r = 12345;
	unsigned int	 frame, k, y, x, x0, x1, lo, hi, kind;

#define SPAN_NEXT(n)	((r = r * 1103515245u + 12345u) >> 16) % (n)
	a->scr.span = span;
	for (frame = 0; frame < 300; frame++) {
		memset(a->scr.dirty, 0, ROWS);
		for (k = 0; k < 1 + SPAN_NEXT(3); k++) {
			y = SPAN_NEXT(ROWS);
			row = &a->scr.cells[y * COLS];
			memcpy(before, row, sizeof before);
			x0 = SPAN_NEXT(COLS);
			x1 = x0 + 1 + SPAN_NEXT(COLS - x0);
			kind = SPAN_NEXT(4);
			for (x = x0; x < x1; x++) {
				cell = &row[x];
				*cell = CELL_BLANK;
				if (kind == 0 || (kind == 1 && x + 1 == x1))
					continue;	/* blanks (to the end) */
				if (SPAN_NEXT(6) == 0 && x + 1 < COLS) {
					cell[0].ch = 0x4e00 + SPAN_NEXT(200);
					cell[0].width = 2;
					cell[1] = CELL_BLANK;
					cell[1].ch = 0;
					cell[1].width = CELL_WIDE_RIGHT;
					x++;
					continue;
				}
				cell->ch = 'a' + SPAN_NEXT(26);
				if (SPAN_NEXT(3) == 0)
					cell->fg = COLOUR_INDEX(SPAN_NEXT(256));
				if (SPAN_NEXT(4) == 0)
					cell->attr = ATTR_BOLD;
			}
			span_fix_row(row);
			for (lo = 0; lo < COLS &&
			    memcmp(&row[lo], &before[lo], sizeof *row) == 0; lo++)
				/* nothing */;
			for (hi = COLS; hi > lo &&
			    memcmp(&row[hi - 1], &before[hi - 1], sizeof *row) ==
			    0; hi--)
				/* nothing */;
			if (lo == hi)
				continue;
			if (SPAN_NEXT(2) == 0) {	/* a wider span */
				lo -= SPAN_NEXT(lo + 1);
				hi += SPAN_NEXT(COLS - hi + 1);
			}
			if (a->scr.dirty[y]) {
				if (lo > span[2 * y])
					lo = span[2 * y];
				if (hi < span[2 * y + 1])
					hi = span[2 * y + 1];
			}
			span[2 * y] = lo;
			span[2 * y + 1] = hi;
			a->scr.dirty[y] = 1;
		}
		memcpy(b->scr.cells, a->scr.cells, sizeof before * ROWS);
		memcpy(b->scr.dirty, a->scr.dirty, ROWS);
		a->scr.cx = b->scr.cx = SPAN_NEXT(COLS);
		a->scr.cy = b->scr.cy = SPAN_NEXT(ROWS);
		tty_draw(a->tty, &a->scr);
		tty_draw(b->tty, &b->scr);
		fx_frame(a);
		fx_frame(b);
		if (a->framelen != b->framelen ||
		    memcmp(a->frame, b->frame, a->framelen) != 0)
			fail_msg("frame %u: %zu bytes with spans, %zu without",
			    frame, a->framelen, b->framelen);
	}
	for (y = 0; y < ROWS; y++) {
		for (x = 0; x < COLS; x++) {
			cell = &a->scr.cells[y * COLS + x];
			if (cell->width == CELL_WIDE_RIGHT)
				continue;
			if (fx_cell(a, x, y).chars[0] != (cell->ch == ' ' ? 0 :
			    cell->ch) && !(cell->ch == ' ' &&
			    fx_cell(a, x, y).chars[0] == ' '))
				fail_msg("at %u,%u: the terminal does not show "
				    "the screen", x, y);
		}
	}
#undef SPAN_NEXT
	fx_close(a);
	fx_close(b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_open_errors),
		cmocka_unit_test(test_start_stop),
		cmocka_unit_test(test_text_and_attributes),
		cmocka_unit_test(test_curly_underline),
		cmocka_unit_test(test_colours_256),
		cmocka_unit_test(test_colours_rgb),
		cmocka_unit_test(test_colours_8),
		cmocka_unit_test(test_wide),
		cmocka_unit_test(test_small_diff),
		cmocka_unit_test(test_cursor),
		cmocka_unit_test(test_bottom_right),
		cmocka_unit_test(test_overrides),
		cmocka_unit_test(test_detect),
		cmocka_unit_test(test_sync),
		cmocka_unit_test(test_cursor_colour),
		cmocka_unit_test(test_underline_colour),
		cmocka_unit_test(test_resize_and_invalidate),
		cmocka_unit_test(test_erase),
		cmocka_unit_test(test_title_clipboard_bell),
		cmocka_unit_test(test_queued),
		cmocka_unit_test(test_scroll),
		cmocka_unit_test(test_scroll_down),
		cmocka_unit_test(test_scroll_no_csr),
		cmocka_unit_test(test_two_terminals),
		cmocka_unit_test(test_span),
		cmocka_unit_test(test_upgrade_state),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
