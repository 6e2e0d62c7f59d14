/*
 * The host terminal: its terminfo entry, its modes, and the small outputs
 * (title, bell, clipboard, mouse). Frames are drawn by tty-draw.c.
 *
 * Capabilities come from terminfo (setupterm, tigetstr, tigetnum,
 * tigetflag, tiparm); padding ("$<5>") is stripped, since the output is
 * written directly and never through tputs. Nothing of curses' screen layer
 * is used. Output is collected in one buffer and written with one write()
 * (looping on partial writes, EINTR and EAGAIN with poll; nothing is
 * dropped). In queued mode (the server, which must never wait) the write
 * is tried once and what the terminal did not take is appended to a
 * second buffer, written by tty_write_pending when the fd is writable;
 * the caller bounds it by composing no new frame while it is large.
 *
 * ncurses keeps one current terminfo entry (cur_term); every tty keeps its
 * own (setupterm's result) and makes it current before anything that
 * reads terminfo or expands a parameterised string.
 *
 * tty_start puts the terminal in raw mode (no signals from keys, no output
 * processing), enters the alternate screen and keypad transmit mode, turns
 * on bracketed paste and focus reporting and clears the screen. tty_stop
 * undoes all of it and the mouse modes with a string built at open time, so
 * it allocates nothing and can run on the way out after a signal.
 */
#include <sys/ioctl.h>

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tty/tty-int.h"
#include "common/log.h"
#include "common/trace.h"
#include "common/xmalloc.h"

/* Terminfo names, in enum tty_capname order. */
const char *const tty_capnames[TTYC_COUNT] = {
	"cup", "cr", "cuf", "cuf1", "cub", "cub1", "cud1",
	"clear", "ed", "el", "ich", "ich1", "smir",
	"rmir", "sgr0", "bold", "dim", "sitm", "smul",
	"Smulx", "blink", "rev", "invis", "smxx", "Smol",
	"setaf", "setab", "op", "setrgbf", "setrgbb",
	"civis", "cnorm", "Ss", "Se", "smcup", "rmcup",
	"smkx", "rmkx", "tsl", "fsl", "Ms", "bel",
	"Hls",
	"csr", "ind", "indn", "Sync", "Cs", "Cr",
	"Setulc", "ol", "ri", "rin", "il", "il1", "dl", "dl1",
};

/* Terminal names that take "OSC 2 ; title BEL" without saying so. */
static const char *tty_title_terms[] = {
	"xterm", "rxvt", "screen", "tmux", "alacritty", "foot", "kitty",
	"vte", "gnome", "konsole", "putty", "wezterm", "iterm", "mintty",
	"contour", "st-", "ghostty",
};

/* Append bytes to the frame. */
void
tty_putn(struct tty *tty, const char *s, size_t n)
{
	size_t	size;

	if (tty->outlen + n > tty->outsize) {
		size = tty->outsize == 0 ? 8192 : tty->outsize;
		while (size < tty->outlen + n)
			size *= 2;
		tty->out = xreallocarray(tty->out, size, 1);
		tty->outsize = size;
	}
	memcpy(tty->out + tty->outlen, s, n);
	tty->outlen += n;
}

/* Append a NUL-terminated string to the frame. */
void
tty_puts(struct tty *tty, const char *s)
{
	tty_putn(tty, s, strlen(s));
}

/* Append a capability, if the terminal has it. */
void
tty_putcap(struct tty *tty, enum tty_capname c)
{
	if (tty->caps[c].s != NULL)
		tty_putn(tty, tty->caps[c].s, tty->caps[c].len);
}

char *
tty_strip_padding(const char *s)
{
	char		*out = xmalloc(strlen(s) + 1), *o = out;
	const char	*end;

	while (*s != '\0') {
		if (s[0] == '$' && s[1] == '<' &&
		    (end = strchr(s + 2, '>')) != NULL &&
		    strspn(s + 2, "0123456789.*/") == (size_t)(end - s - 2)) {
			s = end + 1;
			continue;
		}
		*o++ = *s++;
	}
	*o = '\0';
	return (out);
}

/* Expand a parameterised capability into out (padding stripped); returns
 * the length, 0 if it expands to nothing. */
size_t
tty_param(char *out, size_t size, const char *cap, int a, int b, int c)
{
	char	*s;
	size_t	 n;

	s = tiparm(cap, a, b, c);
	if (s == NULL)
		return (0);
	n = strlen(s);
	if (n >= size)
		n = size - 1;
	memcpy(out, s, n);
	out[n] = '\0';
	return (n);
}

/* Write all of buf to fd, waiting when it would block. */
static int
tty_write_all(int fd, const char *buf, size_t len)
{
	struct pollfd	pfd;
	ssize_t		n;

	while (len > 0) {
		n = write(fd, buf, len);
		if (n > 0) {
			buf += n;
			len -= n;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			pfd.fd = fd;
			pfd.events = POLLOUT;
			if (poll(&pfd, 1, -1) < 0 && errno != EINTR)
				return (-1);
			continue;
		}
		return (-1);
	}
	return (0);
}

/* Keep n bytes for tty_write_pending (queued mode). */
static void
tty_pend(struct tty *tty, const char *s, size_t n)
{
	size_t	size;

	if (tty->pendoff != 0 && tty->pendoff == tty->pendlen)
		tty->pendoff = tty->pendlen = 0;
	if (tty->pendlen + n > tty->pendsize) {
		if (tty->pendoff != 0) {
			memmove(tty->pend, tty->pend + tty->pendoff,
			    tty->pendlen - tty->pendoff);
			tty->pendlen -= tty->pendoff;
			tty->pendoff = 0;
		}
		size = tty->pendsize == 0 ? 8192 : tty->pendsize;
		while (size < tty->pendlen + n)
			size *= 2;
		if (size != tty->pendsize) {
			tty->pend = xreallocarray(tty->pend, size, 1);
			tty->pendsize = size;
		}
	}
	memcpy(tty->pend + tty->pendlen, s, n);
	tty->pendlen += n;
}

/* Send the frame built so far: whole (waiting if need be), or in queued
 * mode what the terminal takes now, keeping the rest. */
void
tty_flush(struct tty *tty)
{
	ssize_t	n;

	if (tty->outlen == 0)
		return;
	tty->flushed += tty->outlen;
	if (!tty->queued) {
		if (tty_write_all(tty->fd, tty->out, tty->outlen) != 0)
			log_debug("tty: write failed: %s", strerror(errno));
		else
			tty->written += tty->outlen;
		tty->outlen = 0;
		return;
	}
	n = 0;
	if (tty_pending(tty) == 0) {
		trace_stamp("drawn");
		do
			n = write(tty->fd, tty->out, tty->outlen);
		while (n == -1 && errno == EINTR);
		if (n < 0)
			n = 0;	/* an error shows in tty_write_pending */
		tty->written += n;
	}
	if ((size_t)n < tty->outlen)
		tty_pend(tty, tty->out + n, tty->outlen - n);
	tty->outlen = 0;
}

size_t
tty_pending(const struct tty *tty)
{
	return (tty->pendlen - tty->pendoff);
}

uint64_t
tty_flushed(const struct tty *tty)
{
	return (tty->flushed);
}

/* Restore the termios saved by tty_start, now. */
static void
tty_restore_termios(struct tty *tty, int how)
{
	tty->restore_due = 0;
	if (tcsetattr(tty->fd, how, &tty->saved) != 0)
		log_debug("tty: tcsetattr: %s", strerror(errno));
}

int
tty_write_pending(struct tty *tty)
{
	ssize_t	n;

	while (tty_pending(tty) != 0) {
		n = write(tty->fd, tty->pend + tty->pendoff, tty_pending(tty));
		if (n > 0) {
			tty->pendoff += n;
			tty->written += n;
			continue;
		}
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return (0);
		return (-1);
	}
	tty->pendoff = tty->pendlen = 0;
	if (tty->restore_due)
		tty_restore_termios(tty, TCSANOW);
	return (0);
}

void
tty_discard(struct tty *tty)
{
	tty->discarded += tty_pending(tty);
	tty->pendoff = tty->pendlen = 0;
}

void
tty_counts(const struct tty *tty, uint64_t *written, uint64_t *discarded)
{
	*written = tty->written;
	*discarded = tty->discarded;
}

void
tty_cell_size(const struct tty *tty, unsigned int *width,
    unsigned int *height)
{
	struct winsize	ws;

	*width = *height = 0;
	if (ioctl(tty->fd, TIOCGWINSZ, &ws) != 0 || ws.ws_col == 0 ||
	    ws.ws_row == 0)
		return;
	*width = ws.ws_xpixel / ws.ws_col;
	*height = ws.ws_ypixel / ws.ws_row;
}

void
tty_set_queued(struct tty *tty)
{
	tty->queued = 1;
}

void
tty_use(struct tty *tty)
{
	if (cur_term != tty->term)
		set_curterm(tty->term);
}

void
tty_adopt(struct tty *tty, const struct termios *saved)
{
	tty->saved = *saved;
	tty->started = 1;
}

/* Does the terminal name look like one that takes xterm's OSC titles? */
static int
tty_title_term(const char *name)
{
	size_t	i;

	for (i = 0; i < sizeof tty_title_terms / sizeof tty_title_terms[0];
	    i++) {
		if (strncmp(name, tty_title_terms[i],
		    strlen(tty_title_terms[i])) == 0)
			return (1);
	}
	return (0);
}

/* Is a terminfo string capability present? */
static int
tty_tistr_ok(const char *s)
{
	return (s != NULL && s != (char *)-1 && *s != '\0');
}

/* Append a capability to the tty_stop string, if it fits. */
static void
tty_stop_add(struct tty *tty, const char *s, size_t len)
{
	if (s == NULL || tty->stoplen + len > sizeof tty->stop)
		return;
	memcpy(tty->stop + tty->stoplen, s, len);
	tty->stoplen += len;
}

/* Forget the capabilities read or set (and the colour strings made from
 * them). */
void
tty_caps_free(struct tty *tty)
{
	unsigned int	i;

	for (i = 0; i < TTYC_COUNT; i++) {
		free(tty->caps[i].s);
		tty->caps[i].s = NULL;
		tty->caps[i].len = 0;
	}
	for (i = 0; i < 256; i++) {
		free(tty->fgstr[i].s);
		free(tty->bgstr[i].s);
		tty->fgstr[i].s = tty->bgstr[i].s = NULL;
	}
}

/* Read the capabilities of the tty's terminfo entry, as terminfo has
 * them (tty_caps_derive works out the rest). */
void
tty_caps_read(struct tty *tty)
{
	char		*s;
	unsigned int	 i;
	int		 n;

	tty_use(tty);
	tty_caps_free(tty);
	for (i = 0; i < TTYC_COUNT; i++) {
		s = tigetstr(tty_capnames[i]);
		if (tty_tistr_ok(s))
			tty_cap_set(tty, i, s);
	}
	tty->am = tigetflag("am") > 0;
	tty->xenl = tigetflag("xenl") > 0;
	tty->hs = tigetflag("hs") > 0;
	n = tigetnum("colors");
	tty->colours = n > 0 ? n : 0;
	s = tigetstr("RGB");
	tty->rgb_cap = tigetflag("RGB") > 0 || tigetflag("Tc") > 0 ||
	    tigetnum("RGB") > 0 || tty_tistr_ok(s);
	tty->title_osc = tty_title_term(tty->termname);
	tty->vt100like = tty->caps[TTYC_CLEAR].s != NULL &&
	    strncmp(tty->caps[TTYC_CLEAR].s, "\033[", 2) == 0;
}

/* Set (s not NULL) or remove a capability, padding stripped. */
void
tty_cap_set(struct tty *tty, unsigned int i, const char *s)
{
	free(tty->caps[i].s);
	tty->caps[i].s = NULL;
	tty->caps[i].len = 0;
	if (s == NULL)
		return;
	tty->caps[i].s = tty_strip_padding(s);
	tty->caps[i].len = strlen(tty->caps[i].s);
	if (tty->caps[i].len == 0) {
		free(tty->caps[i].s);
		tty->caps[i].s = NULL;
	}
}

/* What follows from the capabilities: colours, 24-bit colour (also when
 * COLORTERM says so), which strings can be formatted without tiparm. */
void
tty_caps_derive(struct tty *tty)
{
	unsigned int	i;

	for (i = 0; i < 256; i++) {
		free(tty->fgstr[i].s);
		free(tty->bgstr[i].s);
		tty->fgstr[i].s = tty->bgstr[i].s = NULL;
	}
	if (tty->caps[TTYC_SETAF].s == NULL || tty->caps[TTYC_SETAB].s == NULL)
		tty->colours = 0;
	tty->rgb = tty->rgb_cap || tty->colorterm_rgb ||
	    (tty->caps[TTYC_SETRGBF].s != NULL &&
	    tty->caps[TTYC_SETRGBB].s != NULL);
	if (tty->colours < 8)
		tty->rgb = 0;
	tty->rgb_found = tty->rgb;

	tty->ansi = tty->caps[TTYC_SETAF].s != NULL &&
	    strncmp(tty->caps[TTYC_SETAF].s, "\033[", 2) == 0;
	tty->cup_ansi = tty->caps[TTYC_CUP].s != NULL &&
	    strcmp(tty->caps[TTYC_CUP].s, "\033[%i%p1%d;%p2%dH") == 0;
	tty->cuf_ansi = tty->caps[TTYC_CUF].s != NULL &&
	    strcmp(tty->caps[TTYC_CUF].s, "\033[%p1%dC") == 0;
	tty->cub_ansi = tty->caps[TTYC_CUB].s != NULL &&
	    strcmp(tty->caps[TTYC_CUB].s, "\033[%p1%dD") == 0;
	tty->rgb_ansi = tty->caps[TTYC_SETRGBF].s == NULL ||
	    tty->caps[TTYC_SETRGBB].s == NULL;
	tty->stoplen = 0;
	tty_build_stop(tty);
}

/* Build the string tty_stop writes, so that it needs no allocation. */
void
tty_build_stop(struct tty *tty)
{
	static const char	 modes[] = "\033[?1000l\033[?1002l\033[?1003l"
	    "\033[?1006l\033[?2004l\033[?1004l";
	char			 buf[64];
	size_t			 n;

	tty_stop_add(tty, modes, sizeof modes - 1);
	if (tty->title_osc)
		tty_stop_add(tty, "\033[>4m", 5);
	tty_stop_add(tty, tty->caps[TTYC_SGR0].s, tty->caps[TTYC_SGR0].len);
	if (tty->caps[TTYC_SE].s != NULL)
		tty_stop_add(tty, tty->caps[TTYC_SE].s, tty->caps[TTYC_SE].len);
	else if (tty->caps[TTYC_SS].s != NULL) {
		n = tty_param(buf, sizeof buf, tty->caps[TTYC_SS].s, 0, 0, 0);
		tty_stop_add(tty, buf, n);
	}
	tty_stop_add(tty, tty->caps[TTYC_CRC].s, tty->caps[TTYC_CRC].len);
	tty_stop_add(tty, tty->caps[TTYC_CNORM].s, tty->caps[TTYC_CNORM].len);
	tty_stop_add(tty, tty->caps[TTYC_RMKX].s, tty->caps[TTYC_RMKX].len);
	tty_stop_add(tty, tty->caps[TTYC_RMCUP].s, tty->caps[TTYC_RMCUP].len);
}

/* Open the terminal on fd, reading terminfo for term (or $TERM). */
struct tty *
tty_open(int fd, const char *term, const char *colorterm, char **cause)
{
	struct tty	*tty;
	int		 err = 0;

	if (!isatty(fd)) {
		*cause = xasprintf("not a terminal");
		return (NULL);
	}
	if (term == NULL)
		term = getenv("TERM");
	if (term == NULL || *term == '\0') {
		*cause = xasprintf("TERM is not set");
		return (NULL);
	}
	if (setupterm((char *)term, fd, &err) != OK) {
		if (err == 0)
			*cause = xasprintf("unknown terminal type: %s", term);
		else
			*cause = xasprintf("no terminfo database for %s", term);
		return (NULL);
	}

	tty = xcalloc(1, sizeof *tty);
	tty->fd = fd;
	tty->termname = xstrdup(term);
	tty->term = cur_term;
	tty->colorterm_rgb = colorterm != NULL &&
	    (strcmp(colorterm, "truecolor") == 0 ||
	    strcmp(colorterm, "24bit") == 0);
	tty_caps_read(tty);
	tty_caps_derive(tty);
	if (tty->caps[TTYC_CUP].s == NULL || (tty->caps[TTYC_CLEAR].s == NULL &&
	    tty->caps[TTYC_ED].s == NULL)) {
		*cause = xasprintf("terminal %s cannot move the cursor or "
		    "clear the screen", term);
		tty_free(tty);
		return (NULL);
	}
	tty->cx = tty->cy = TTY_UNKNOWN;
	tty->cursor_visible = -1;
	log_debug("tty: %s, %d colours, rgb %d, am %d, xenl %d", term,
	    tty->colours, tty->rgb, tty->am, tty->xenl);
	return (tty);
}

/* Free the terminal state (restoring the terminal first if started). */
void
tty_free(struct tty *tty)
{
	if (tty == NULL)
		return;
	if (tty->queued) {
		/* Last words: what the terminal does not take now is lost. */
		tty_discard(tty);
		tty_stop(tty);
		tty_write_pending(tty);
		if (tty->restore_due)
			tty_restore_termios(tty, TCSANOW);
	} else
		tty_stop(tty);
	tty_caps_free(tty);
	if (tty->term != NULL) {
		if (cur_term == tty->term)
			set_curterm(NULL);
		del_curterm(tty->term);
	}
	tty_applied_free(tty);
	free(tty->termname);
	free(tty->termtype);
	free(tty->shadow);
	free(tty->need);
	free(tty->out);
	free(tty->pend);
	free(tty);
}

/* Raw mode, alternate screen, keypad, paste and focus reporting on. */
void
tty_start(struct tty *tty)
{
	struct termios	tio;

	if (tty->started)
		return;
	tty_use(tty);
	if (tcgetattr(tty->fd, &tty->saved) != 0) {
		log_debug("tty: tcgetattr: %s", strerror(errno));
		return;
	}
	tio = tty->saved;
	tio.c_iflag &= ~(IGNBRK|BRKINT|PARMRK|ISTRIP|INLCR|IGNCR|ICRNL|IXON|
	    IXOFF|IXANY|IMAXBEL);
	tio.c_oflag &= ~OPOST;
	tio.c_lflag &= ~(ECHO|ECHONL|ICANON|ISIG|IEXTEN);
	tio.c_cflag &= ~(CSIZE|PARENB);
	tio.c_cflag |= CS8;
	tio.c_cc[VMIN] = 1;
	tio.c_cc[VTIME] = 0;
	if (tcsetattr(tty->fd, TCSANOW, &tio) != 0)
		log_debug("tty: tcsetattr: %s", strerror(errno));
	tty->started = 1;

	tty_putcap(tty, TTYC_SMCUP);
	tty_putcap(tty, TTYC_SMKX);
	tty_puts(tty, "\033[?2004h\033[?1004h");
	tty_clear(tty);
	tty->cursor_visible = -1;
	tty->cursor_shape = 0;
	tty->cursor_colour = COLOUR_DEFAULT;
	tty_flush(tty);
}

/* Undo tty_start: modes off, cursor shown, screen and termios restored.
 * Allocates nothing, so it may run on the way out of a signal. */
void
tty_stop(struct tty *tty)
{
	if (!tty->started)
		return;
	tty->started = 0;
	tty->mouse = 0;
	if (tty->extkeys && !tty->title_osc) {
		/* Asked for by the extkeys feature: the stop string, built
		 * for xterm-like names, does not undo it. */
		if (tty->queued)
			tty_putn(tty, "\033[>4m", 5);
		else
			tty_write_all(tty->fd, "\033[>4m", 5);
	}
	tty->extkeys = 0;
	if (tty->kitty_keys) {
		tty->kitty_keys = 0;
		if (tty->queued)
			tty_putn(tty, "\033[<u", 4);
		else
			tty_write_all(tty->fd, "\033[<u", 4);
	}
	if (tty->queued) {
		tty_putn(tty, tty->stop, tty->stoplen);
		tty_flush(tty);
		if (tty_pending(tty) == 0)
			tty_restore_termios(tty, TCSANOW);
		else
			tty->restore_due = 1;
		return;
	}
	tty_write_all(tty->fd, tty->stop, tty->stoplen);
	tty_restore_termios(tty, TCSADRAIN);
}

/* Ask for the default colours. Only terminals known to take OSC strings
 * are asked: one that does not could show the query as text. */
int
tty_query_colours(struct tty *tty)
{
	if (!tty->started || !tty->title_osc)
		return (0);
	tty_puts(tty, "\033]10;?\033\\\033]11;?\033\\");
	tty_flush(tty);
	return (1);
}

/* Host mouse reporting: buttons and drags, SGR encoding. */
void
tty_set_mouse(struct tty *tty, int on)
{
	on = !!on;
	if (tty->mouse == on)
		return;
	tty->mouse = on;
	if (on)
		tty_puts(tty, "\033[?1000h\033[?1002h\033[?1006h");
	else
		tty_puts(tty, "\033[?1006l\033[?1002l\033[?1000l");
	tty_flush(tty);
}

/* modifyOtherKeys 1 on or off (back to the terminal's default), for
 * terminals that take xterm's sequences; others never see it. */
void
tty_set_extkeys(struct tty *tty, int on)
{
	on = !!on;
	if (tty->extkeys == on || (!tty->title_osc &&
	    !tty_has_feature(tty, "extkeys")))
		return;
	tty->extkeys = on;
	tty_puts(tty, on ? "\033[>4;1m" : "\033[>4m");
	tty_flush(tty);
}

/* 24-bit colour forced on (terminal-features) or back to what was found. */
int
tty_force_rgb(struct tty *tty, int on)
{
	int	rgb = on || tty->rgb_found;

	if (rgb == tty->rgb)
		return (0);
	tty->rgb = rgb;
	tty_invalidate(tty);
	return (1);
}

/* Append s without control characters (so it cannot end a sequence). */
static void
tty_put_clean(struct tty *tty, const char *s)
{
	for (; *s != '\0'; s++) {
		if ((unsigned char)*s >= 0x20 && *s != 0x7f)
			tty_putn(tty, s, 1);
	}
}

/* Set the host window title, when the terminal has one. */
void
tty_set_title(struct tty *tty, const char *title)
{
	char	buf[64];

	tty_use(tty);
	if (tty->hs && tty->caps[TTYC_TSL].s != NULL &&
	    tty->caps[TTYC_FSL].s != NULL) {
		tty_putn(tty, buf, tty_param(buf, sizeof buf,
		    tty->caps[TTYC_TSL].s, 0, 0, 0));
		tty_put_clean(tty, title);
		tty_putcap(tty, TTYC_FSL);
	} else if (tty->title_osc) {
		tty_puts(tty, "\033]2;");
		tty_put_clean(tty, title);
		tty_puts(tty, "\007");
	} else
		return;
	tty_flush(tty);
}

/* Ring the bell. */
void
tty_bell(struct tty *tty)
{
	if (tty->caps[TTYC_BEL].s != NULL)
		tty_putcap(tty, TTYC_BEL);
	else
		tty_puts(tty, "\007");
	tty_flush(tty);
}

void
tty_passthrough(struct tty *tty, const char *buf, size_t len)
{
	tty_putn(tty, buf, len);
	tty_flush(tty);
	tty->cx = tty->cy = TTY_UNKNOWN;
	tty->pen_known = 0;
	tty->cursor_visible = -1;
}

/* OSC 52: set the host clipboard. Only a write with base64 data is passed
 * on; a query would make the host type its clipboard at us. */
int
tty_query_clipboard(struct tty *tty)
{
	char	*s;

	if (tty->caps[TTYC_MS].s == NULL)
		return (0);
	tty_use(tty);
	s = tiparm(tty->caps[TTYC_MS].s, "", "?");
	if (s == NULL)
		return (0);
	tty_puts(tty, s);
	tty_flush(tty);
	return (1);
}

void
tty_set_clipboard(struct tty *tty, const char *sel, const char *b64,
    size_t len)
{
	static const char	 alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789+/=";
	char			*data, *s;
	size_t			 i;

	if (sel == NULL || *sel == '\0')
		sel = "c";
	if (strspn(sel, "cpqs01234567") != strlen(sel) || strlen(sel) > 8)
		return;
	for (i = 0; i < len; i++) {
		if (b64[i] == '\0' || strchr(alphabet, b64[i]) == NULL)
			return;
	}
	if (tty->caps[TTYC_MS].s != NULL) {
		tty_use(tty);
		data = xstrndup(b64, len);
		s = tiparm(tty->caps[TTYC_MS].s, sel, data);
		if (s != NULL)
			tty_puts(tty, s);
		free(data);
	} else {
		tty_puts(tty, "\033]52;");
		tty_puts(tty, sel);
		tty_puts(tty, ";");
		tty_putn(tty, b64, len);
		tty_puts(tty, "\007");
	}
	tty_flush(tty);
}

/* Forget the shadow: the next draw clears and repaints everything. */
void
tty_invalidate(struct tty *tty)
{
	tty->invalid = 1;
}

/* Does the host take 24-bit colour? */
int
tty_has_rgb(const struct tty *tty)
{
	return (tty->rgb);
}
