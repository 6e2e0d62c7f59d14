/*
 * Clock mode (see clock.h).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <event2/event.h>

#include "common/xmalloc.h"
#include "draw/clock.h"
#include "model/options.h"
#include "model/pane-mode.h"
#include "model/state.h"
#include "model/window.h"

/* A character of the clock, five rows of five cells: bit 4 of a row is its
 * leftmost cell. Digits, then ':', 'A', 'P' and 'M', as tmux draws them. */
static const uint8_t clock_glyphs[14][5] = {
	{ 0x1f, 0x11, 0x11, 0x11, 0x1f },	/* 0 */
	{ 0x01, 0x01, 0x01, 0x01, 0x01 },	/* 1 */
	{ 0x1f, 0x01, 0x1f, 0x10, 0x1f },	/* 2 */
	{ 0x1f, 0x01, 0x1f, 0x01, 0x1f },	/* 3 */
	{ 0x11, 0x11, 0x1f, 0x01, 0x01 },	/* 4 */
	{ 0x1f, 0x10, 0x1f, 0x01, 0x1f },	/* 5 */
	{ 0x1f, 0x10, 0x1f, 0x11, 0x1f },	/* 6 */
	{ 0x1f, 0x01, 0x01, 0x01, 0x01 },	/* 7 */
	{ 0x1f, 0x11, 0x1f, 0x11, 0x1f },	/* 8 */
	{ 0x1f, 0x11, 0x1f, 0x01, 0x1f },	/* 9 */
	{ 0x00, 0x04, 0x00, 0x04, 0x00 },	/* : */
	{ 0x1f, 0x11, 0x1f, 0x11, 0x11 },	/* A */
	{ 0x1f, 0x11, 0x1f, 0x10, 0x10 },	/* P */
	{ 0x11, 0x1b, 0x15, 0x11, 0x11 },	/* M */
};

uint8_t
clock_digit_row(unsigned int d, unsigned int row)
{
	return (d < 10 && row < 5 ? clock_glyphs[d][row] : 0);
}

struct clock {
	struct pane	*pane;
	time_t		 tim;		/* the time shown */
	struct event	*timer;		/* each second */
};

/* The glyph of a character of the time, or -1 (a blank, one glyph wide). */
static int
clock_glyph(char ch)
{
	if (ch >= '0' && ch <= '9')
		return (ch - '0');
	switch (ch) {
	case ':':
		return (10);
	case 'A':
		return (11);
	case 'P':
		return (12);
	case 'M':
		return (13);
	}
	return (-1);
}

/* The time as the clock shows it: "HH:MM", or with clock-mode-style 12
 * "hh:MM AM" (hours 1-12, a blank before one digit). */
static void
clock_text(struct pane *p, time_t t, char *out, size_t size)
{
	struct tm	tm;

	localtime_r(&t, &tm);
	if (options_get_number(p->window->options, "clock-mode-style") == 0) {
		strftime(out, size, tm.tm_hour >= 12 ? "%l:%M PM" : "%l:%M AM",
		    &tm);
	} else
		strftime(out, size, "%H:%M", &tm);
}

/* Draw row y of the clock. */
static void
clock_draw(struct pane *p, void *data, unsigned int y, struct cell *line,
    unsigned int n)
{
	struct clock	*cl = data;
	struct cell	 cell = CELL_BLANK;
	char		 text[64];
	unsigned int	 len, x, i, j, k;
	int		 g;
	uint32_t	 colour;

	for (x = 0; x < n; x++)
		line[x] = CELL_BLANK;
	clock_text(p, cl->tim, text, sizeof text);
	len = strlen(text);
	colour = options_get_number(p->window->options, "clock-mode-colour");
	if (p->sx < 6 * len || p->sy < 6) {
		/* Too small for the glyphs: the time as text. */
		if (p->sx < len || y != p->sy / 2)
			return;
		cell.fg = colour;
		x = p->sx / 2 - len / 2;
		for (i = 0; i < len && x + i < n; i++) {
			line[x + i] = cell;
			line[x + i].ch = (unsigned char)text[i];
		}
		return;
	}
	if (y < p->sy / 2 - 3 || y >= p->sy / 2 - 3 + 5)
		return;
	j = y - (p->sy / 2 - 3);
	cell.bg = colour;
	x = p->sx / 2 - 3 * len;
	for (i = 0; i < len; i++, x += 6) {
		if ((g = clock_glyph(text[i])) == -1)
			continue;
		for (k = 0; k < 5; k++) {
			if ((clock_glyphs[g][j] & (0x10 >> k)) && x + k < n)
				line[x + k] = cell;
		}
	}
}

/* Each second: redraw when the minute has changed. */
static void
clock_tick(int fd, short events, void *arg)
{
	struct clock	*cl = arg;
	struct timeval	 tv = { 1, 0 };
	struct tm	 now, then;
	time_t		 t = time(NULL);

	(void)fd;
	(void)events;
	evtimer_add(cl->timer, &tv);
	localtime_r(&t, &now);
	localtime_r(&cl->tim, &then);
	if (now.tm_min == then.tm_min && now.tm_hour == then.tm_hour &&
	    now.tm_yday == then.tm_yday)
		return;
	cl->tim = t;
	pane_mode_redraw(cl->pane);
}

/* Any key leaves clock mode. */
static void
clock_key(struct pane *p, void *data, struct client *c, key_code key,
    const struct mouse_event *m)
{
	(void)data;
	(void)c;
	(void)key;
	(void)m;
	pane_mode_reset(p);
}

static void
clock_free(void *data)
{
	struct clock	*cl = data;

	event_free(cl->timer);
	free(cl);
}

static const struct pane_mode_ops clock_ops = {
	.name = "clock-mode",
	.draw = clock_draw,
	.key = clock_key,
	.free = clock_free,
};

void
clock_enter(struct pane *p)
{
	struct clock	*cl;
	struct timeval	 tv = { 1, 0 };

	if (pane_mode_data(p, &clock_ops) != NULL)
		return;
	cl = xcalloc(1, sizeof *cl);
	cl->pane = p;
	cl->tim = time(NULL);
	cl->timer = evtimer_new(srv->base, clock_tick, cl);
	evtimer_add(cl->timer, &tv);
	pane_mode_set(p, &clock_ops, cl);
}
