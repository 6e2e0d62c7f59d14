/*
 * ptydrive: run a program in a pty the test owns, read everything it
 * writes into a libvterm screen, and follow a script from stdin. Tests use
 * it to drive an attached mux client as a user would and to check what the
 * user would see, by screen state rather than by grepping bytes.
 *
 *	ptydrive [-A] [-s COLSxROWS] [-p WxH] [-t timeout-seconds] [-T term]
 *	    [-X name] [-D da2] [-F colour] [-B colour] -- command [args ...]
 *
 * -p gives the terminal cells of W x H pixels (its size in pixels, as
 * TIOCGWINSZ reports it, follows the size in cells); without it the
 * terminal says nothing of pixels (0), as many do.
 * -T sets TERM for the program (default xterm-256color). -F and -B make the
 * terminal answer OSC 10 and 11 queries with these colours ("rgb:..."), as
 * xterm does; without them it does not answer, as many terminals do not.
 * -X makes it answer XTVERSION (CSI > q) with "DCS > | NAME ST" and -D
 * answer DA2 (CSI > c) with "CSI > PARAMS c" (PARAMS such as "1;4000;21"),
 * as the terminal it pretends to be would; without them it answers
 * neither. -A makes it answer DA1 (CSI c) with "CSI ? 62 ; 22 c", as a
 * VT220-like terminal does, in order with what it reads.
 *
 * Script lines:
 *	send TEXT	write TEXT to the pty (escapes: \e \r \n \t \\ \xHH)
 *	wait TEXT	until the screen shows TEXT somewhere
 *	gone TEXT	until the screen no longer shows TEXT
 *	absent TEXT	after the output has been quiet for 100 ms, the
 *			screen does not show TEXT
 *	row N TEXT	until row N (0-based) is exactly TEXT (trailing blanks
 *			ignored)
 *	line TEXT	until some row is exactly TEXT (trailing blanks ignored)
 *	title TEXT	until the terminal's title (OSC 0/2) is TEXT
 *	cursor X Y	until the cursor is at X, Y
 *	screen		print the screen (rows, trailing blanks trimmed)
 *	bgmap		print the screen with every cell whose background is
 *			not the default as '#' (for drawings made of coloured
 *			blanks, such as clock mode's digits)
 *	resize CxR	resize the pty (the program gets SIGWINCH)
 *	exit STATUS	until the program exits; check its exit status
 *	run CMD		run a shell command; it must succeed
 *	kill SIGNUM	send a signal to the program
 *	restored	check the terminal is back to normal: primary screen,
 *			cursor visible, canonical mode and echo on
 *	output TEXT	until the raw output after the program's exit shows
 *			TEXT on the primary screen (same as wait)
 *	cell X Y SPEC...
 *			until the cell at X, Y has every property listed:
 *			ch=TEXT (escapes as for send), width=N, fg=C, bg=C
 *			(C: default, an index, or #rrggbb), ul=N (0 none,
 *			1 single, 2 double, 3 curly), and bold, italic,
 *			blink, reverse, strike (set) or !bold ... (not set)
 *	shape NAME [blink|steady]
 *			until the cursor shape (block, underline, bar) is
 *			NAME (and blinks or not)
 *	bell N		until the terminal has rung its bell N times in all
 *			(exactly: one more and the step never holds)
 *	visible 0|1	until the cursor is hidden (0) or shown (1)
 *	osc TEXT	until the terminal has been sent an OSC string it does
 *			not handle itself (OSC 52, colour queries, ...) that is
 *			TEXT (without ESC ] and the terminator)
 *	mark		forget the raw output so far (for raw and noraw)
 *	raw TEXT	until the raw output since mark contains TEXT
 *	count		after the output has been quiet for 100 ms, print
 *			"bytes N": how many bytes the program wrote since mark
 *	noraw TEXT	after the output has been quiet for 100 ms, the raw
 *			output since mark does not contain TEXT
 *	hold		stop reading the pty: what the program writes backs
 *			up, as behind a link that stalled (steps that wait
 *			for the screen then wait for release)
 *	release		read the pty again
 *	slow N		read at most N bytes at a time (0: all there is), as
 *			a terminal behind a slow link takes its output
 * A step that does not come true within the timeout prints the step and
 * the screen to stderr and exits 1. Every step prints nothing when it
 * holds (except screen).
 */
#include <sys/ioctl.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <vterm.h>

static VTerm		*vt;
static VTermScreen	*vs;
static int		 master = -1;
static pid_t		 child = -1;
static int		 child_status = -1;
static int		 altscreen, cursor_visible = 1;
static int		 cursor_shape = VTERM_PROP_CURSORSHAPE_BLOCK;
static int		 cursor_blink = 1;
static int		 bells;
static char		 title[1024];
static const char	*answer_fg, *answer_bg;
static const char	*answer_xtversion, *answer_da2;
static int		 answer_da1;
static int		 holding;	/* hold: the pty is not read */
static size_t		 read_max;	/* slow N; 0: no limit */
/* The last OSC strings the terminal passed on, and the raw output since
 * the last mark (bounded: the oldest half goes when it fills). */
#define NOSC 64
static char		*oscs[NOSC];
static unsigned int	 noscs;
static char		 raw[1 << 20];
static size_t		 rawlen;
static unsigned long long rawcount;	/* bytes since mark, all of them */
static int		 rows = 24, cols = 80;
static double		 timeout_sec = 10;

/* Track the properties a restored terminal must have. */
static int
drive_settermprop(VTermProp prop, VTermValue *val, void *user)
{
	if (prop == VTERM_PROP_ALTSCREEN)
		altscreen = val->boolean;
	else if (prop == VTERM_PROP_CURSORVISIBLE)
		cursor_visible = val->boolean;
	else if (prop == VTERM_PROP_TITLE && val->string != NULL)
		snprintf(title, sizeof title, "%s", val->string);
	else if (prop == VTERM_PROP_CURSORSHAPE)
		cursor_shape = val->number;
	else if (prop == VTERM_PROP_CURSORBLINK)
		cursor_blink = val->boolean;
	return (1);
}

static int
drive_bell(void *user)
{
	bells++;
	return (1);
}

static VTermScreenCallbacks drive_callbacks = {
	.settermprop = drive_settermprop,
	.bell = drive_bell,
};

/* An OSC libvterm does not handle: keep it, and answer colour queries
 * when told to. */
static int
drive_osc(const char *command, size_t len, void *user)
{
	char		 reply[128];
	const char	*answer = NULL;
	int		 n;

	if (noscs == NOSC) {
		free(oscs[0]);
		memmove(oscs, oscs + 1, (NOSC - 1) * sizeof *oscs);
		noscs--;
	}
	oscs[noscs] = malloc(len + 1);
	memcpy(oscs[noscs], command, len);
	oscs[noscs++][len] = '\0';

	if (len == 4 && memcmp(command, "10;?", 4) == 0)
		answer = answer_fg;
	else if (len == 4 && memcmp(command, "11;?", 4) == 0)
		answer = answer_bg;
	if (answer != NULL) {
		n = snprintf(reply, sizeof reply, "\033]%.2s;%s\033\\",
		    command, answer);
		if (write(master, reply, n) != n)
			fprintf(stderr, "ptydrive: reply write failed\n");
	}
	return (1);
}

static VTermParserCallbacks drive_fallbacks = {
	.osc = drive_osc,
};

/* Keep raw output for the raw step. */
static void
raw_add(const char *buf, size_t n)
{
	if (n > sizeof raw / 2) {
		buf += n - sizeof raw / 2;
		n = sizeof raw / 2;
	}
	if (rawlen + n > sizeof raw) {
		memmove(raw, raw + rawlen - sizeof raw / 2, sizeof raw / 2);
		rawlen = sizeof raw / 2;
	}
	memcpy(raw + rawlen, buf, n);
	rawlen += n;
}

static double
now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (ts.tv_sec + ts.tv_nsec / 1e9);
}

/* Row y of the screen as UTF-8, trailing blanks trimmed. */
static void
screen_row(int y, char *out, size_t size)
{
	VTermScreenCell	cell;
	VTermPos	pos;
	size_t		len = 0, keep = 0;
	int		x, i;

	for (x = 0; x < cols; x++) {
		pos.row = y;
		pos.col = x;
		vterm_screen_get_cell(vs, pos, &cell);
		if (cell.chars[0] == (uint32_t)-1)
			continue;	/* the right half of a wide character */
		if (cell.chars[0] == 0 && x > 0) {
			/* The right half of a wide character, or blank. */
			VTermScreenCell	prev;

			pos.col = x - 1;
			vterm_screen_get_cell(vs, pos, &prev);
			if (prev.width == 2)
				continue;
		}
		if (cell.chars[0] == 0) {
			if (len + 1 < size)
				out[len++] = ' ';
			continue;
		}
		for (i = 0; i < VTERM_MAX_CHARS_PER_CELL &&
		    cell.chars[i] != 0; i++) {
			char	buf[8];
			int	n = 0;
			uint32_t c = cell.chars[i];

			if (c < 0x80)
				buf[n++] = c;
			else if (c < 0x800) {
				buf[n++] = 0xc0 | (c >> 6);
				buf[n++] = 0x80 | (c & 0x3f);
			} else if (c < 0x10000) {
				buf[n++] = 0xe0 | (c >> 12);
				buf[n++] = 0x80 | ((c >> 6) & 0x3f);
				buf[n++] = 0x80 | (c & 0x3f);
			} else {
				buf[n++] = 0xf0 | (c >> 18);
				buf[n++] = 0x80 | ((c >> 12) & 0x3f);
				buf[n++] = 0x80 | ((c >> 6) & 0x3f);
				buf[n++] = 0x80 | (c & 0x3f);
			}
			if (len + n < size) {
				memcpy(out + len, buf, n);
				len += n;
			}
		}
		if (cell.chars[0] != ' ')
			keep = len;
	}
	out[keep] = '\0';
}

static void
screen_dump(FILE *f)
{
	char		line[4096];
	VTermPos	pos;
	int		y;

	vterm_state_get_cursorpos(vterm_obtain_state(vt), &pos);
	fprintf(f, "--- screen %dx%d cursor %d,%d alt %d ---\n", cols, rows,
	    pos.col, pos.row, altscreen);
	for (y = 0; y < rows; y++) {
		screen_row(y, line, sizeof line);
		fprintf(f, "%2d|%s\n", y, line);
	}
	fprintf(f, "---\n");
}

/* The screen with cells of a background colour as '#' (bgmap step). */
static void
screen_bgmap(FILE *f)
{
	char		line[4096];
	VTermScreenCell	cell;
	VTermPos	pos;
	int		x, y, keep;

	fprintf(f, "--- bgmap %dx%d ---\n", cols, rows);
	for (y = 0; y < rows; y++) {
		keep = 0;
		for (x = 0; x < cols && x < (int)sizeof line - 1; x++) {
			pos.row = y;
			pos.col = x;
			vterm_screen_get_cell(vs, pos, &cell);
			if (!VTERM_COLOR_IS_DEFAULT_BG(&cell.bg))
				line[x] = '#';
			else if (cell.chars[0] > ' ' && cell.chars[0] < 0x7f)
				line[x] = cell.chars[0];
			else if (cell.chars[0] == 0 || cell.chars[0] == ' ' ||
			    cell.chars[0] == (uint32_t)-1)
				line[x] = ' ';
			else
				line[x] = '?';
			if (line[x] != ' ')
				keep = x + 1;
		}
		line[keep] = '\0';
		fprintf(f, "%2d|%s\n", y, line);
	}
	fprintf(f, "---\n");
}

/* Answer the XTVERSION and DA2 queries in what the program wrote (the
 * tail of the last read is kept, so a query split between reads counts). */
static void
answer_queries(const char *buf, size_t n)
{
	static char	 tail[4];
	static size_t	 ntail;
	char		 look[65536 + 4], reply[256];
	const char	*at, *end;
	size_t		 len;
	int		 r;

	len = ntail + n;
	if (len > sizeof look)
		len = sizeof look;
	memcpy(look, tail, ntail);
	memcpy(look + ntail, buf, len - ntail);
	end = look + len;
	for (at = look; (at = memmem(at, end - at, "\033[>", 3)) != NULL;
	    at += 3) {
		if (end - at < 4)
			break;
		r = 0;
		if (at[3] == 'q' && answer_xtversion != NULL)
			r = snprintf(reply, sizeof reply, "\033P>|%s\033\\",
			    answer_xtversion);
		else if (at[3] == 'c' && answer_da2 != NULL)
			r = snprintf(reply, sizeof reply, "\033[>%sc",
			    answer_da2);
		if (r > 0 && write(master, reply, r) != r)
			fprintf(stderr, "ptydrive: reply write failed\n");
	}
	for (at = look; answer_da1 &&
	    (at = memmem(at, end - at, "\033[c", 3)) != NULL; at += 3) {
		if (at + 3 <= look + ntail)
			continue;	/* answered with the last read */
		if (write(master, "\033[?62;22c", 9) != 9)
			fprintf(stderr, "ptydrive: reply write failed\n");
	}
	ntail = len < 3 ? len : 3;
	memcpy(tail, end - ntail, ntail);
}

/* Read whatever the pty has, waiting at most ms. Returns 2 when it read
 * something, 1 when nothing came, 0 at end of file. */
static int
pump(int ms)
{
	struct pollfd	pfd = { master, POLLIN, 0 };
	char		buf[65536];
	ssize_t		n;

	if (master == -1)
		return (0);
	if (holding) {
		poll(NULL, 0, ms);
		return (1);
	}
	if (poll(&pfd, 1, ms) <= 0)
		return (1);
	n = read(master, buf, read_max != 0 && read_max < sizeof buf ?
	    read_max : sizeof buf);
	if (n <= 0) {
		if (n == -1 && (errno == EAGAIN || errno == EINTR))
			return (1);
		return (0);
	}
	raw_add(buf, n);
	answer_queries(buf, n);
	rawcount += n;
	vterm_input_write(vt, buf, n);
	return (2);
}

/* Reap the child if it exited. */
static void
check_child(void)
{
	int	status;

	if (child > 0 && waitpid(child, &status, WNOHANG) == child) {
		child_status = WIFEXITED(status) ? WEXITSTATUS(status) :
		    128 + WTERMSIG(status);
		child = -1;
	}
}

/* Decode script escapes in place. */
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
		switch (*in) {
		case 'e': *out++ = '\033'; in++; break;
		case 'r': *out++ = '\r'; in++; break;
		case 'n': *out++ = '\n'; in++; break;
		case 't': *out++ = '\t'; in++; break;
		case 'x': {
			char	hex[3] = { in[1], in[2], 0 };

			*out++ = (char)strtol(hex, NULL, 16);
			in += 3;
			break;
		}
		default: *out++ = *in++; break;
		}
	}
	*out = '\0';
	return (out - s);
}

/* Does the screen show text anywhere (on one row)? */
static int
screen_has(const char *text)
{
	char	line[4096];
	int	y;

	for (y = 0; y < rows; y++) {
		screen_row(y, line, sizeof line);
		if (strstr(line, text) != NULL)
			return (1);
	}
	return (0);
}

typedef int (*cond_fn)(const char *, void *);

/* Pump output until cond holds, or fail with the step named. */
static void
until(const char *step, cond_fn cond, const char *arg, void *extra)
{
	double	deadline = now() + timeout_sec;
	int	open = 1;

	for (;;) {
		if (cond(arg, extra))
			return;
		if (now() > deadline)
			break;
		if (open)
			open = pump(20);
		else {
			check_child();
			usleep(10000);
		}
	}
	fprintf(stderr, "ptydrive: timed out: %s\n", step);
	screen_dump(stderr);
	exit(1);
}

static int
cond_has(const char *text, void *extra)
{
	return (screen_has(text));
}

static int
cond_gone(const char *text, void *extra)
{
	return (!screen_has(text));
}

static int
cond_row(const char *text, void *extra)
{
	char	line[4096];

	screen_row(*(int *)extra, line, sizeof line);
	return (strcmp(line, text) == 0);
}

static int
cond_title(const char *text, void *extra)
{
	return (strcmp(title, text) == 0);
}

static int
cond_line(const char *text, void *extra)
{
	char	line[4096];
	int	y;

	for (y = 0; y < rows; y++) {
		screen_row(y, line, sizeof line);
		if (strcmp(line, text) == 0)
			return (1);
	}
	return (0);
}

static int
cond_cursor(const char *text, void *extra)
{
	VTermPos	pos;
	int		*xy = extra;

	vterm_state_get_cursorpos(vterm_obtain_state(vt), &pos);
	return (pos.col == xy[0] && pos.row == xy[1]);
}

/* Does colour c match "default", an index or "#rrggbb"? */
static int
colour_is(const VTermColor *c, const char *want, int fg)
{
	unsigned int	r, g, b;

	if (strcmp(want, "default") == 0)
		return (fg ? VTERM_COLOR_IS_DEFAULT_FG(c) :
		    VTERM_COLOR_IS_DEFAULT_BG(c));
	if ((fg && VTERM_COLOR_IS_DEFAULT_FG(c)) ||
	    (!fg && VTERM_COLOR_IS_DEFAULT_BG(c)))
		return (0);
	if (want[0] == '#') {
		if (sscanf(want + 1, "%2x%2x%2x", &r, &g, &b) != 3)
			return (0);
		return (VTERM_COLOR_IS_RGB(c) && c->rgb.red == r &&
		    c->rgb.green == g && c->rgb.blue == b);
	}
	return (VTERM_COLOR_IS_INDEXED(c) && c->indexed.idx == atoi(want));
}

/* The UTF-8 text of a cell. */
static void
cell_text(const VTermScreenCell *cell, char *out, size_t size)
{
	size_t		len = 0;
	int		i;
	uint32_t	c;

	for (i = 0; i < VTERM_MAX_CHARS_PER_CELL && cell->chars[i] != 0 &&
	    len + 4 < size; i++) {
		c = cell->chars[i];
		if (c < 0x80)
			out[len++] = c;
		else if (c < 0x800) {
			out[len++] = 0xc0 | (c >> 6);
			out[len++] = 0x80 | (c & 0x3f);
		} else if (c < 0x10000) {
			out[len++] = 0xe0 | (c >> 12);
			out[len++] = 0x80 | ((c >> 6) & 0x3f);
			out[len++] = 0x80 | (c & 0x3f);
		} else {
			out[len++] = 0xf0 | (c >> 18);
			out[len++] = 0x80 | ((c >> 12) & 0x3f);
			out[len++] = 0x80 | ((c >> 6) & 0x3f);
			out[len++] = 0x80 | (c & 0x3f);
		}
	}
	out[len] = '\0';
}

/* Does one property of a cell hold (see the cell step)? */
static int
cell_prop(const VTermScreenCell *cell, const char *p)
{
	char	text[64], want[64];
	int	neg = (p[0] == '!'), v = -1;

	if (strncmp(p, "ch=", 3) == 0) {
		cell_text(cell, text, sizeof text);
		snprintf(want, sizeof want, "%s", p + 3);
		unescape(want);
		return (strcmp(text, want) == 0);
	}
	if (strncmp(p, "width=", 6) == 0)
		return (cell->width == atoi(p + 6));
	if (strncmp(p, "fg=", 3) == 0)
		return (colour_is(&cell->fg, p + 3, 1));
	if (strncmp(p, "bg=", 3) == 0)
		return (colour_is(&cell->bg, p + 3, 0));
	if (strncmp(p, "ul=", 3) == 0)
		return (cell->attrs.underline == (unsigned int)atoi(p + 3));
	p += neg;
	if (strcmp(p, "bold") == 0)
		v = cell->attrs.bold;
	else if (strcmp(p, "italic") == 0)
		v = cell->attrs.italic;
	else if (strcmp(p, "blink") == 0)
		v = cell->attrs.blink;
	else if (strcmp(p, "reverse") == 0)
		v = cell->attrs.reverse;
	else if (strcmp(p, "strike") == 0)
		v = cell->attrs.strike;
	if (v == -1) {
		fprintf(stderr, "ptydrive: unknown cell property: %s\n", p);
		exit(2);
	}
	return (neg ? !v : v);
}

static int
cond_cell(const char *spec, void *extra)
{
	VTermScreenCell	 cell;
	VTermPos	 pos;
	char		 copy[1024], *p, *save;
	int		*xy = extra;

	pos.col = xy[0];
	pos.row = xy[1];
	if (!vterm_screen_get_cell(vs, pos, &cell))
		return (0);
	snprintf(copy, sizeof copy, "%s", spec);
	for (p = strtok_r(copy, " ", &save); p != NULL;
	    p = strtok_r(NULL, " ", &save)) {
		if (!cell_prop(&cell, p))
			return (0);
	}
	return (1);
}

static int
cond_shape(const char *spec, void *extra)
{
	char	name[32], blink[32] = "";
	int	want;

	if (sscanf(spec, "%31s %31s", name, blink) < 1)
		return (0);
	if (strcmp(name, "block") == 0)
		want = VTERM_PROP_CURSORSHAPE_BLOCK;
	else if (strcmp(name, "underline") == 0)
		want = VTERM_PROP_CURSORSHAPE_UNDERLINE;
	else if (strcmp(name, "bar") == 0)
		want = VTERM_PROP_CURSORSHAPE_BAR_LEFT;
	else {
		fprintf(stderr, "ptydrive: unknown shape: %s\n", name);
		exit(2);
	}
	if (cursor_shape != want)
		return (0);
	if (strcmp(blink, "blink") == 0)
		return (cursor_blink);
	if (strcmp(blink, "steady") == 0)
		return (!cursor_blink);
	return (1);
}

static int
cond_bell(const char *text, void *extra)
{
	return (bells == atoi(text));
}

static int
cond_visible(const char *text, void *extra)
{
	return (cursor_visible == atoi(text));
}

static int
cond_osc(const char *text, void *extra)
{
	unsigned int	i;

	for (i = 0; i < noscs; i++) {
		if (strcmp(oscs[i], text) == 0)
			return (1);
	}
	return (0);
}

static int
cond_raw(const char *text, void *extra)
{
	return (memmem(raw, rawlen, text, *(size_t *)extra) != NULL);
}

static int
cond_exited(const char *text, void *extra)
{
	check_child();
	if (child == -1) {
		while (pump(0) == 2)	/* drain the rest */
			;
		return (1);
	}
	return (0);
}

/* The terminal is as a shell expects it after the program. */
static void
check_restored(void)
{
	struct termios	tio;

	if (altscreen) {
		fprintf(stderr, "ptydrive: still on the alternate screen\n");
		screen_dump(stderr);
		exit(1);
	}
	if (!cursor_visible) {
		fprintf(stderr, "ptydrive: cursor left hidden\n");
		exit(1);
	}
	if (tcgetattr(master, &tio) != 0) {
		fprintf(stderr, "ptydrive: tcgetattr: %s\n", strerror(errno));
		exit(1);
	}
	if (!(tio.c_lflag & ICANON) || !(tio.c_lflag & ECHO)) {
		fprintf(stderr, "ptydrive: terminal left in raw mode\n");
		exit(1);
	}
}

int
main(int argc, char **argv)
{
	struct winsize	 ws;
	char		*line = NULL, *arg;
	size_t		 size = 0;
	ssize_t		 n;
	const char	*term = "xterm-256color";
	int		 opt, xy[2], row, expect, cellw = 0, cellh = 0;
	size_t		 len;

	while ((opt = getopt(argc, argv, "AB:D:F:p:s:t:T:X:")) != -1) {
		switch (opt) {
		case 'A':
			answer_da1 = 1;
			break;
		case 's':
			if (sscanf(optarg, "%dx%d", &cols, &rows) != 2) {
				fprintf(stderr, "ptydrive: bad size\n");
				return (2);
			}
			break;
		case 'p':
			if (sscanf(optarg, "%dx%d", &cellw, &cellh) != 2 ||
			    cellw < 0 || cellh < 0) {
				fprintf(stderr, "ptydrive: bad cell size\n");
				return (2);
			}
			break;
		case 't':
			timeout_sec = atof(optarg);
			break;
		case 'T':
			term = optarg;
			break;
		case 'F':
			answer_fg = optarg;
			break;
		case 'B':
			answer_bg = optarg;
			break;
		case 'X':
			answer_xtversion = optarg;
			break;
		case 'D':
			answer_da2 = optarg;
			break;
		default:
			fprintf(stderr, "usage: ptydrive [-s CxR] [-t sec] -- "
			    "command\n");
			return (2);
		}
	}
	argc -= optind;
	argv += optind;
	if (argc == 0) {
		fprintf(stderr, "ptydrive: no command\n");
		return (2);
	}

	vt = vterm_new(rows, cols);
	vterm_set_utf8(vt, 1);
	vs = vterm_obtain_screen(vt);
	vterm_screen_enable_altscreen(vs, 1);
	vterm_screen_set_callbacks(vs, &drive_callbacks, NULL);
	vterm_screen_set_unrecognised_fallbacks(vs, &drive_fallbacks, NULL);
	vterm_screen_reset(vs, 1);

	memset(&ws, 0, sizeof ws);
	ws.ws_col = cols;
	ws.ws_row = rows;
	ws.ws_xpixel = cols * cellw;
	ws.ws_ypixel = rows * cellh;
	child = forkpty(&master, NULL, NULL, &ws);
	if (child == -1) {
		perror("forkpty");
		return (2);
	}
	if (child == 0) {
		setenv("TERM", term, 1);
		execvp(argv[0], argv);
		perror("exec");
		_exit(127);
	}
	fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK);

	while ((n = getline(&line, &size, stdin)) != -1) {
		line[strcspn(line, "\n")] = '\0';
		arg = strchr(line, ' ');
		if (arg != NULL)
			*arg++ = '\0';
		else
			arg = line + strlen(line);
		if (strcmp(line, "send") == 0) {
			size_t	len = unescape(arg), off = 0;
			ssize_t	w;

			/* All of it, reading the output meanwhile (a long
			 * send outruns the pty's buffer). */
			while (off < len) {
				w = write(master, arg + off, len - off);
				if (w > 0)
					off += w;
				else if (w == -1 && (errno == EAGAIN ||
				    errno == EINTR))
					pump(10);
				else {
					fprintf(stderr, "ptydrive: write "
					    "failed\n");
					return (1);
				}
			}
		} else if (strcmp(line, "wait") == 0 ||
		    strcmp(line, "output") == 0)
			until(arg, cond_has, arg, NULL);
		else if (strcmp(line, "absent") == 0) {
			while (pump(100) == 2)
				;
			if (screen_has(arg)) {
				fprintf(stderr, "ptydrive: shown but should "
				    "not be: %s\n", arg);
				screen_dump(stderr);
				return (1);
			}
		} else if (strcmp(line, "title") == 0)
			until(arg, cond_title, arg, NULL);
		else if (strcmp(line, "line") == 0)
			until(arg, cond_line, arg, NULL);
		else if (strcmp(line, "gone") == 0)
			until(arg, cond_gone, arg, NULL);
		else if (strcmp(line, "row") == 0) {
			char	*text = strchr(arg, ' ');

			row = atoi(arg);
			until(arg, cond_row, text != NULL ? text + 1 : "",
			    &row);
		} else if (strcmp(line, "cursor") == 0) {
			if (sscanf(arg, "%d %d", &xy[0], &xy[1]) != 2)
				return (2);
			until(arg, cond_cursor, arg, xy);
		} else if (strcmp(line, "screen") == 0) {
			while (pump(50) == 2)
				;
			screen_dump(stdout);
			fflush(stdout);
		} else if (strcmp(line, "bgmap") == 0) {
			while (pump(50) == 2)
				;
			screen_bgmap(stdout);
			fflush(stdout);
		} else if (strcmp(line, "resize") == 0) {
			if (sscanf(arg, "%dx%d", &cols, &rows) != 2)
				return (2);
			ws.ws_col = cols;
			ws.ws_row = rows;
			ws.ws_xpixel = cols * cellw;
			ws.ws_ypixel = rows * cellh;
			vterm_set_size(vt, rows, cols);
			ioctl(master, TIOCSWINSZ, &ws);
		} else if (strcmp(line, "exit") == 0) {
			expect = atoi(arg);
			until("program exit", cond_exited, arg, NULL);
			if (child_status != expect) {
				fprintf(stderr, "ptydrive: exit status %d, "
				    "expected %d\n", child_status, expect);
				screen_dump(stderr);
				return (1);
			}
		} else if (strcmp(line, "run") == 0) {
			if (system(arg) != 0) {
				fprintf(stderr, "ptydrive: failed: %s\n", arg);
				return (1);
			}
		} else if (strcmp(line, "kill") == 0) {
			if (child <= 0 || kill(child, atoi(arg)) != 0) {
				fprintf(stderr, "ptydrive: kill failed\n");
				return (1);
			}
		} else if (strcmp(line, "restored") == 0)
			check_restored();
		else if (strcmp(line, "cell") == 0) {
			int	skip = 0;

			if (sscanf(arg, "%d %d %n", &xy[0], &xy[1], &skip) < 2 ||
			    skip == 0)
				return (2);
			until(arg, cond_cell, arg + skip, xy);
		} else if (strcmp(line, "shape") == 0)
			until(arg, cond_shape, arg, NULL);
		else if (strcmp(line, "bell") == 0)
			until(arg, cond_bell, arg, NULL);
		else if (strcmp(line, "visible") == 0)
			until(arg, cond_visible, arg, NULL);
		else if (strcmp(line, "osc") == 0)
			until(arg, cond_osc, arg, NULL);
		else if (strcmp(line, "mark") == 0)
			rawlen = rawcount = 0;
		else if (strcmp(line, "hold") == 0)
			holding = 1;
		else if (strcmp(line, "release") == 0)
			holding = 0;
		else if (strcmp(line, "slow") == 0)
			read_max = strtoul(arg, NULL, 10);
		else if (strcmp(line, "count") == 0) {
			while (pump(100) == 2)
				;
			printf("bytes %llu\n", rawcount);
			fflush(stdout);
		}
		else if (strcmp(line, "raw") == 0) {
			len = unescape(arg);
			until("raw output", cond_raw, arg, &len);
		} else if (strcmp(line, "noraw") == 0) {
			len = unescape(arg);
			while (pump(100) == 2)
				;
			if (cond_raw(arg, &len)) {
				fprintf(stderr, "ptydrive: raw output has what "
				    "it should not: %s\n", arg);
				return (1);
			}
		}
		else if (*line != '\0' && *line != '#') {
			fprintf(stderr, "ptydrive: unknown step: %s\n", line);
			return (2);
		}
	}
	free(line);
	if (child > 0) {
		kill(child, SIGHUP);
		waitpid(child, NULL, 0);
	}
	vterm_free(vt);
	return (0);
}
