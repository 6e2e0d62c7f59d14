/*
 * The programs the bench runs under test, as subcommands of mux-bench so
 * every mode runs the very same binary:
 *
 *   echo-child		raw mode, prints "> ", echoes every byte;
 *			after 60 echoed columns prints "\r\n> "; exits
 *			on ^D (or EOF).
 *   write-child FILE	raw mode, prints "> ", waits for one byte, writes
 *			FILE in 64 KiB writes, then waits quietly for ^D.
 *			With --now, writes at once and prints no prompt.
 *   flood-child [FILE] [--wide]
 *			writes its pid to FILE, then prints numbered lines
 *			("y 00000042") without end, like `yes` but so that
 *			the screen changes, until killed. --wide: lines as
 *			wide as the terminal (a build log, not `yes`), each
 *			numbered and different from the one before.
 *   scroll-child COLS ROWS
 *			raw mode, fills the screen with numbered rows of
 *			text (every third with a background colour), puts
 *			the cursor at row 0 column 2, then for each byte
 *			read moves the rows: u a line feed at the bottom,
 *			d a reverse index at the top, i three lines
 *			inserted and x two deleted at the middle row,
 *			writing a new numbered row where one came in and
 *			leaving the cursor at the bottom row, in column
 *			2 + the step's number modulo (COLS - 2); exits on
 *			^D (or EOF).
 *   relay-child PROGRAM [ARGS]
 *			runs PROGRAM in a pty of its own and does nothing
 *			but copy its terminal's input to it and its output
 *			back, one read and one write each way (poll): the
 *			least any multiplexer whose server owns the
 *			terminal does, so keys shows what those two extra
 *			hops cost on the machine (the floor under mux's
 *			figure); exits when PROGRAM does.
 *
 * Raw mode turns output processing off too, so what the workload says
 * (explicit CR LF) is exactly what reaches the terminal.
 */
#include <sys/ioctl.h>

#include <poll.h>
#include <pty.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "bench/bench.h"

#define ECHO_WRAP	60

/* Raw mode on the terminal, if stdin is one. */
static void
child_raw(void)
{
	struct termios	tio;

	if (tcgetattr(STDIN_FILENO, &tio) == 0) {
		cfmakeraw(&tio);
		tcsetattr(STDIN_FILENO, TCSANOW, &tio);
	}
}

/* Write all of p to fd. */
static int
child_write_fd(int fd, const char *p, size_t len)
{
	ssize_t	n;

	while (len > 0) {
		n = write(fd, p, len);
		if (n == -1) {
			if (errno == EINTR)
				continue;
			return (-1);
		}
		p += n;
		len -= n;
	}
	return (0);
}

/* Write all of p to stdout. */
static int
child_write_all(const char *p, size_t len)
{
	return (child_write_fd(STDOUT_FILENO, p, len));
}

/* Wait for ^D or EOF, doing nothing else (no timers: an idle pane). */
static void
child_wait_eof(void)
{
	char	c;
	ssize_t	n;

	for (;;) {
		n = read(STDIN_FILENO, &c, 1);
		if (n == 0 || (n == -1 && errno != EINTR) || c == 0x04)
			return;
	}
}

/* echo-child: the program under test of keys and hops. */
int
child_echo(int argc, char **argv)
{
	char	in[256], out[1024];
	size_t	len;
	ssize_t	n, i;
	int	col = 0;

	child_raw();
	if (child_write_all("> ", 2) != 0)
		return (1);
	for (;;) {
		n = read(STDIN_FILENO, in, sizeof in);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			return (0);
		len = 0;
		for (i = 0; i < n; i++) {
			if (in[i] == 0x04) {
				child_write_all(out, len);
				return (0);
			}
			out[len++] = in[i];
			if (++col == ECHO_WRAP) {
				memcpy(out + len, "\r\n> ", 4);
				len += 4;
				col = 0;
			}
		}
		if (child_write_all(out, len) != 0)
			return (1);
	}
}

/* Copy what one read of from gives to to. 0, or -1 when from has ended. */
static int
child_copy(int from, int to)
{
	static char	buf[65536];
	ssize_t		n;

	n = read(from, buf, sizeof buf);
	if (n == -1 && (errno == EINTR || errno == EAGAIN))
		return (0);
	if (n <= 0)
		return (-1);
	return (child_write_fd(to, buf, n));
}

/* relay-child: PROGRAM in a pty of its own, its bytes copied both ways. */
int
child_relay(int argc, char **argv)
{
	struct winsize	 ws, *wsp = NULL;
	struct pollfd	 pfd[2];
	pid_t		 pid;
	int		 master, i;

	if (argc < 2) {
		dprintf(STDERR_FILENO, "usage: relay-child PROGRAM [ARGS]\n");
		return (1);
	}
	if (ioctl(STDIN_FILENO, TIOCGWINSZ, &ws) == 0)
		wsp = &ws;
	if ((pid = forkpty(&master, NULL, NULL, wsp)) == -1) {
		dprintf(STDERR_FILENO, "relay-child: forkpty: %s\n",
		    strerror(errno));
		return (1);
	}
	if (pid == 0) {
		execvp(argv[1], argv + 1);
		dprintf(STDERR_FILENO, "relay-child: cannot run %s: %s\r\n",
		    argv[1], strerror(errno));
		_exit(127);
	}
	child_raw();
	pfd[0].fd = STDIN_FILENO;
	pfd[1].fd = master;
	for (;;) {
		for (i = 0; i < 2; i++) {
			pfd[i].events = POLLIN;
			pfd[i].revents = 0;
		}
		if (poll(pfd, 2, -1) == -1) {
			if (errno == EINTR)
				continue;
			return (1);
		}
		/* The program's output first: it has ended when it goes. */
		if (pfd[1].revents != 0 &&
		    child_copy(master, STDOUT_FILENO) != 0)
			return (0);
		if (pfd[0].revents != 0 &&
		    child_copy(STDIN_FILENO, master) != 0)
			return (0);
	}
}

/* write-child: print a file when told to (throughput, memory, idle). */
int
child_write(int argc, char **argv)
{
	static char	 data[65536];
	const char	*file = NULL;
	int		 now = 0, fd, i;
	ssize_t		 n;
	char		 c;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--now") == 0)
			now = 1;
		else
			file = argv[i];
	}
	if (file == NULL) {
		fprintf(stderr, "usage: mux-bench write-child [--now] FILE\n");
		return (1);
	}
	if ((fd = open(file, O_RDONLY)) == -1) {
		fprintf(stderr, "write-child: %s: %s\r\n", file,
		    strerror(errno));
		child_wait_eof();
		return (1);
	}
	child_raw();
	if (!now) {
		child_write_all("> ", 2);
		do
			n = read(STDIN_FILENO, &c, 1);
		while (n == -1 && errno == EINTR);
		if (n <= 0 || c == 0x04)
			return (0);
	}
	while ((n = read(fd, data, sizeof data)) > 0) {
		if (child_write_all(data, n) != 0)
			return (1);
	}
	close(fd);
	child_wait_eof();
	return (0);
}

/* flood-child: the flooding neighbour of keys --flood and slowlink. */
int
child_flood(int argc, char **argv)
{
	static char	 data[65536];
	struct winsize	 ws;
	FILE		*f;
	size_t		 i, len, width = 0;
	unsigned long	 line = 0;
	const char	*pidfile = NULL;
	char		 tmp[4096];
	int		 a, wide = 0;

	for (a = 1; a < argc; a++) {
		if (strcmp(argv[a], "--wide") == 0)
			wide = 1;
		else
			pidfile = argv[a];
	}
	/* Write the pid file, then rename: a reader never sees half. */
	if (pidfile != NULL) {
		snprintf(tmp, sizeof tmp, "%s.tmp", pidfile);
		if ((f = fopen(tmp, "w")) == NULL)
			return (1);
		fprintf(f, "%ld\n", (long)getpid());
		fclose(f);
		rename(tmp, pidfile);
	}
	if (wide) {
		/* One column short of the width, so no line wraps. */
		if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 &&
		    ws.ws_col > 12)
			width = ws.ws_col - 1;
		else
			width = 79;
		if (width > 1000)
			width = 1000;
	}
	/* Numbered lines, so every line differs and the screen really
	 * changes: a multiplexer that only sends what changed has to send
	 * something (a plain "y" flood leaves the screen the same). The
	 * narrow lines are 12 bytes with their NUL, in 8 KiB writes, as keys
	 * --flood has always measured. */
	for (;;) {
		len = 0;
		if (!wide) {
			for (; len + 12 <= 8192 + 12; len += 12) {
				snprintf(data + len, 13, "y %08lu\n",
				    line++ % 100000000);
			}
		}
		while (wide && len + width + 13 <= sizeof data) {
			len += snprintf(data + len, 13, "y %08lu", line %
			    100000000);
			for (i = 10; i < width; i++)
				data[len++] = 'a' + (line + i) % 26;
			data[len++] = '\n';
			line++;
		}
		if (child_write_all(data, len) != 0)
			return (1);
	}
}

/* One numbered row of scroll-child's text, n of them so far, at the
 * cursor, cols wide at most. */
static int
child_scroll_row(unsigned int n, unsigned int cols)
{
	static const char	 fill[] = "abcdefghijklmnopqrstuvwxyz0123456789"
				     "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
	char			 line[1024];
	size_t			 len = 0;
	unsigned int		 i, w = cols < 500 ? cols - 1 : 499;

	if (n % 3 == 0)
		len += snprintf(line, sizeof line, "\033[44m");
	len += snprintf(line + len, sizeof line - len, "row-%05u ", n);
	for (i = 10; i < w; i++)
		line[len++] = fill[(i + n) % (sizeof fill - 1)];
	len += snprintf(line + len, sizeof line - len, "\033[K\033[m");
	return (child_write_all(line, len));
}

/* scroll-child COLS ROWS: see the top of the file. */
int
child_scroll(int argc, char **argv)
{
	char		 out[128], c;
	unsigned int	 cols, rows, y, n = 0, step = 0;
	ssize_t		 r;
	size_t		 len;

	if (argc != 3 || (cols = strtoul(argv[1], NULL, 10)) < 4 ||
	    (rows = strtoul(argv[2], NULL, 10)) < 8) {
		fprintf(stderr, "usage: scroll-child COLS ROWS\n");
		return (1);
	}
	child_raw();
	for (y = 0; y < rows; y++) {
		len = snprintf(out, sizeof out, "\033[%u;1H", y + 1);
		if (child_write_all(out, len) != 0 ||
		    child_scroll_row(n++, cols) != 0)
			return (1);
	}
	if (child_write_all("\033[H\033[K> ", 9) != 0)
		return (1);
	for (;;) {
		r = read(STDIN_FILENO, &c, 1);
		if (r == -1 && errno == EINTR)
			continue;
		if (r <= 0 || c == 0x04)
			return (0);
		switch (c) {
		case 'u':
			len = snprintf(out, sizeof out, "\033[%u;1H\n", rows);
			break;
		case 'd':
			len = snprintf(out, sizeof out, "\033[H\033M");
			break;
		case 'i':
			len = snprintf(out, sizeof out, "\033[%u;1H\033[3L",
			    rows / 2);
			break;
		case 'x':
			len = snprintf(out, sizeof out, "\033[%u;1H\033[2M"
			    "\033[%u;1H", rows / 2, rows - 1);
			break;
		default:
			continue;
		}
		if (child_write_all(out, len) != 0 ||
		    child_scroll_row(n++, cols) != 0)
			return (1);
		len = snprintf(out, sizeof out, "\033[%u;%uH", rows,
		    3 + step++ % (cols - 2));
		if (child_write_all(out, len) != 0)
			return (1);
	}
}
