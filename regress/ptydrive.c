/*
 * ptydrive: run a program in a pty the test owns, read everything it
 * writes into a libvterm screen, and follow a script from stdin. Tests use
 * it to drive an attached mux client as a user would and to check what the
 * user would see, by screen state rather than by grepping bytes.
 *
 *	ptydrive [-s COLSxROWS] [-t timeout-seconds] -- command [args ...]
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
 *	resize CxR	resize the pty (the program gets SIGWINCH)
 *	exit STATUS	until the program exits; check its exit status
 *	run CMD		run a shell command; it must succeed
 *	kill SIGNUM	send a signal to the program
 *	restored	check the terminal is back to normal: primary screen,
 *			cursor visible, canonical mode and echo on
 *	output TEXT	until the raw output after the program's exit shows
 *			TEXT on the primary screen (same as wait)
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
static char		 title[1024];
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
	return (1);
}

static VTermScreenCallbacks drive_callbacks = {
	.settermprop = drive_settermprop,
};

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
	if (poll(&pfd, 1, ms) <= 0)
		return (1);
	n = read(master, buf, sizeof buf);
	if (n <= 0) {
		if (n == -1 && (errno == EAGAIN || errno == EINTR))
			return (1);
		return (0);
	}
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
	int		 opt, xy[2], row, expect;

	while ((opt = getopt(argc, argv, "s:t:")) != -1) {
		switch (opt) {
		case 's':
			if (sscanf(optarg, "%dx%d", &cols, &rows) != 2) {
				fprintf(stderr, "ptydrive: bad size\n");
				return (2);
			}
			break;
		case 't':
			timeout_sec = atof(optarg);
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
	vterm_screen_reset(vs, 1);

	memset(&ws, 0, sizeof ws);
	ws.ws_col = cols;
	ws.ws_row = rows;
	child = forkpty(&master, NULL, NULL, &ws);
	if (child == -1) {
		perror("forkpty");
		return (2);
	}
	if (child == 0) {
		setenv("TERM", "xterm-256color", 1);
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
			size_t	len = unescape(arg);

			if (write(master, arg, len) != (ssize_t)len) {
				fprintf(stderr, "ptydrive: write failed\n");
				return (1);
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
		} else if (strcmp(line, "resize") == 0) {
			if (sscanf(arg, "%dx%d", &cols, &rows) != 2)
				return (2);
			ws.ws_col = cols;
			ws.ws_row = rows;
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
