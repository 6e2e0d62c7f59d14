/*
 * probe: the bench's own terminal. Everything a client writes to its pty
 * is fed to libvterm, and events are detected by screen state, never by
 * looking for bytes: "the echo of key k is on screen" is "the cursor stands
 * at the column that echo leaves".
 *
 * Two weights: a screen probe keeps cells (libvterm's screen layer) so the
 * bench can read text (the end marker of a throughput run); a cursor probe
 * runs the state layer only, which follows cursor, modes and scroll regions
 * at a fraction of the cost, so it keeps up with a client that is drawing a
 * flooding neighbour pane (the screen layer moves every cell on each line
 * feed and would become the bottleneck).
 *
 * A hit is recorded when the cursor stands at the expected position at the
 * end of a text run or control sequence while parsing a read (libvterm's
 * movecursor), or at the end of the read. Under a flood one read can both
 * draw the echo and move on to draw the neighbour pane; the end of the read
 * alone would miss that the echo was drawn.
 *
 * This is a reference, not mux's grid, so the screen layer is right here.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <vterm.h>

#include "common/xmalloc.h"
#include "bench/bench.h"

struct probe {
	VTerm		*vt;
	VTermState	*state;
	VTermScreen	*screen;	/* NULL for a cursor probe */
	int		 reply_fd;
	int		 want_row, want_col;
	int		 hit;
	char		 held[4];	/* an unfinished UTF-8 character */
	size_t		 nheld;
	VTermStateCallbacks state_cb;
	VTermScreenCallbacks screen_cb;
};

/* Answers to the client's queries go back as a terminal's would. */
static void
probe_output(const char *s, size_t len, void *arg)
{
	struct probe	*p = arg;

	if (p->reply_fd != -1)
		proc_write(p->reply_fd, s, len, 1);
}

/* A hit when pos is the expected position. */
static void
probe_check(struct probe *p, VTermPos pos)
{
	if (pos.col == p->want_col &&
	    (p->want_row < 0 || pos.row == p->want_row))
		p->hit = 1;
}

/* State layer: every cursor move. */
static int
probe_state_movecursor(VTermPos pos, VTermPos old, int visible, void *arg)
{
	probe_check(arg, pos);
	return (1);
}

/*
 * A cursor probe stores no cells, so there is nothing to scroll, move or
 * erase; libvterm 0.1.4 calls moverect and erase without checking them
 * when scrollrect declines, so all three are given.
 */
static int
probe_state_scrollrect(VTermRect rect, int down, int right, void *arg)
{
	return (1);
}

/* Nothing to move in a cursor probe. */
static int
probe_state_moverect(VTermRect dest, VTermRect src, void *arg)
{
	return (1);
}

/* Nothing to erase in a cursor probe. */
static int
probe_state_erase(VTermRect rect, int selective, void *arg)
{
	return (1);
}

/* Screen layer: every cursor move. */
static int
probe_screen_movecursor(VTermPos pos, VTermPos old, int visible, void *arg)
{
	probe_check(arg, pos);
	return (1);
}

/* A probe of cols x rows; see bench.h. */
struct probe *
probe_new(unsigned int cols, unsigned int rows, int screen, int reply_fd)
{
	struct probe	*p = xcalloc(1, sizeof *p);

	p->vt = vterm_new(rows, cols);
	vterm_set_utf8(p->vt, 1);
	vterm_output_set_callback(p->vt, probe_output, p);
	p->reply_fd = reply_fd;
	p->want_row = p->want_col = -2;
	p->state = vterm_obtain_state(p->vt);
	if (screen) {
		p->screen = vterm_obtain_screen(p->vt);
		p->screen_cb.movecursor = probe_screen_movecursor;
		vterm_screen_set_callbacks(p->screen, &p->screen_cb, p);
		vterm_screen_set_damage_merge(p->screen, VTERM_DAMAGE_SCROLL);
		vterm_screen_enable_altscreen(p->screen, 1);
		vterm_screen_reset(p->screen, 1);
	} else {
		p->state_cb.movecursor = probe_state_movecursor;
		p->state_cb.scrollrect = probe_state_scrollrect;
		p->state_cb.moverect = probe_state_moverect;
		p->state_cb.erase = probe_state_erase;
		vterm_state_set_callbacks(p->state, &p->state_cb, p);
		vterm_state_reset(p->state, 1);
	}
	return (p);
}

/* Free a probe. */
void
probe_free(struct probe *p)
{
	if (p != NULL) {
		vterm_free(p->vt);
		free(p);
	}
}

/* Where replies to queries go. */
void
probe_set_reply_fd(struct probe *p, int fd)
{
	p->reply_fd = fd;
}

/* Watch for the cursor at (row, col); clears the hit. */
void
probe_expect(struct probe *p, int row, int col)
{
	p->want_row = row;
	p->want_col = col;
	p->hit = 0;
}

/* Bytes at the end of buf that start a UTF-8 character not finished. */
static size_t
probe_unfinished(const char *buf, size_t len)
{
	size_t		i, need;
	unsigned char	c;

	for (i = 1; i <= 3 && i <= len; i++) {
		c = buf[len - i];
		if ((c & 0xc0) == 0x80)
			continue;
		if ((c & 0xe0) == 0xc0)
			need = 2;
		else if ((c & 0xf0) == 0xe0)
			need = 3;
		else if ((c & 0xf8) == 0xf0)
			need = 4;
		else
			return (0);
		return (i < need ? i : 0);
	}
	return (0);
}

/* Feed what a client wrote; 1 once the expected position was seen. */
int
probe_feed(struct probe *p, const char *buf, size_t len)
{
	VTermPos	pos;
	size_t		n, keep;

	/*
	 * libvterm 0.1.4 turns a character split across two writes into
	 * U+FFFD: hold an unfinished one back until the next read.
	 */
	if (p->nheld > 0) {
		while (p->nheld < sizeof p->held && len > 0 &&
		    ((unsigned char)*buf & 0xc0) == 0x80) {
			p->held[p->nheld++] = *buf++;
			len--;
		}
		vterm_input_write(p->vt, p->held, p->nheld);
		p->nheld = 0;
	}
	keep = probe_unfinished(buf, len);
	memcpy(p->held, buf + len - keep, keep);
	p->nheld = keep;
	len -= keep;

	/* libvterm puts 4 bytes per input byte on its stack: feed pieces. */
	while (len > 0) {
		n = len > 65536 ? 65536 : len;
		vterm_input_write(p->vt, buf, n);
		buf += n;
		len -= n;
	}
	if (p->screen != NULL)
		vterm_screen_flush_damage(p->screen);
	vterm_state_get_cursorpos(p->state, &pos);
	probe_check(p, pos);
	return (p->hit);
}

/* The cursor now. */
void
probe_cursor(struct probe *p, int *row, int *col)
{
	VTermPos	pos;

	vterm_state_get_cursorpos(p->state, &pos);
	*row = pos.row;
	*col = pos.col;
}

/* The text of a row, trailing blanks trimmed. */
void
probe_row(struct probe *p, int row, char *out, size_t len)
{
	VTermRect	rect;
	int		rows, cols;
	size_t		n;

	out[0] = '\0';
	if (p->screen == NULL || len == 0)
		return;
	vterm_get_size(p->vt, &rows, &cols);
	if (row < 0 || row >= rows)
		return;
	rect.start_row = row;
	rect.end_row = row + 1;
	rect.start_col = 0;
	rect.end_col = cols;
	n = vterm_screen_get_text(p->screen, out, len - 1, rect);
	out[n] = '\0';
	while (n > 0 && out[n - 1] == ' ')
		out[--n] = '\0';
}
