/*
 * The status line (see status.h). Text is drawn cell by cell with the
 * width utf8proc gives each character (style_draw); #[...] switches style
 * mid-text.
 * Sections that do not fit are cut at their length options, and the
 * window list is cut where status-right begins.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/xmalloc.h"
#include "server/client.h"
#include "server/format.h"
#include "server/options.h"
#include "server/prompt.h"
#include "server/session.h"
#include "server/status.h"
#include "server/style.h"
#include "server/target.h"
#include "server/window.h"

unsigned int
status_lines(const struct session *s)
{
	if (s == NULL)
		return (0);
	return (options_get_number(s->options, "status") ? 1 : 0);
}

/* Does fmt use the time or #() output (so it changes by itself)? */
static int
status_uses_time(const char *fmt)
{
	return (strchr(fmt, '%') != NULL || strstr(fmt, "#(") != NULL);
}

int
status_has_clock(const struct session *s)
{
	return (status_lines(s) != 0 &&
	    options_get_number(s->options, "status-interval") > 0 &&
	    (status_uses_time(options_get_string(s->options, "status-left")) ||
	    status_uses_time(options_get_string(s->options, "status-right"))));
}

/* Expand a status format: strftime first, then the formats, as tmux does
 * (so a '%' in a value is not taken for a time). Heap string. */
static char *
status_expand(const char *fmt, struct target *t, struct client *c)
{
	return (format_expand_time(fmt, t, c));
}

/* Draw status text (with #[style] markup) at x; see style_draw. */
static unsigned int
status_draw(struct cell *line, unsigned int cols, unsigned int x,
    unsigned int maxw, const char *text, const struct cell *base)
{
	return (style_draw(line, cols, x, maxw, text, base, STYLE_DRAW_MARKUP));
}

/* Apply a bell or activity style unless it is "default". */
static void
status_flag_style(struct cell *style, struct options *oo, const char *name,
    const struct cell *base)
{
	const char	*value = options_get_string(oo, name);

	if (strcmp(value, "default") != 0)
		style_apply_base(style, value, base);
}

/* Draw the whole window list into list from column 0 (with list NULL,
 * only measure; cap: its room). The current window's columns are
 * [*focus0, *focus1); with list set, each window's columns are recorded
 * as c's status ranges (in list columns). Returns the list's width. */
static unsigned int
status_windows_list(struct client *c, struct cell *list, unsigned int cap,
    const struct cell *base, unsigned int *focus0, unsigned int *focus1)
{
	struct session	*s = c->session;
	struct winlink	*wl;
	struct target	 t;
	struct cell	 style;
	const char	*fmt, *sep, *cur;
	char		*text;
	unsigned int	 x = 0, start;

	if (list != NULL)
		c->nstatus_ranges = 0;
	*focus0 = *focus1 = 0;
	TAILQ_FOREACH(wl, &s->windows, entry) {
		struct options	*oo = wl->window->options;

		memset(&t, 0, sizeof t);
		t.s = s;
		t.wl = wl;
		t.w = wl->window;
		t.p = wl->window->active;
		/* As tmux's status-format: the window's style over the
		 * status line's (window-status-current-style "default"
		 * means window-status-style), then bell or activity; its
		 * text draws with that as its default. */
		style = *base;
		if (wl == s->curw) {
			fmt = options_get_string(oo,
			    "window-status-current-format");
			cur = options_get_string(oo,
			    "window-status-current-style");
			if (strcmp(cur, "default") == 0)
				cur = options_get_string(oo,
				    "window-status-style");
			style_apply_base(&style, cur, base);
		} else {
			fmt = options_get_string(oo, "window-status-format");
			style_apply_base(&style, options_get_string(oo,
			    "window-status-style"), base);
			if (wl == s->lastw)
				status_flag_style(&style, oo,
				    "window-status-last-style", base);
		}
		if (wl->window->flags & WINDOW_BELL)
			status_flag_style(&style, oo,
			    "window-status-bell-style", base);
		else if (wl->window->flags & (WINDOW_ACTIVITY|WINDOW_SILENCE))
			status_flag_style(&style, oo,
			    "window-status-activity-style", base);
		if (wl != TAILQ_FIRST(&s->windows)) {
			sep = options_get_string(oo, "window-status-separator");
			x += status_draw(list, cap, x, cap - x, sep, base);
		}
		text = format_expand(fmt, &t, c);
		start = x;
		x += status_draw(list, cap, x, cap - x, text, &style);
		free(text);
		if (wl == s->curw) {
			*focus0 = start;
			*focus1 = x;
		}
		if (list == NULL)
			continue;
		c->status_ranges = xreallocarray(c->status_ranges,
		    c->nstatus_ranges + 1, sizeof *c->status_ranges);
		c->status_ranges[c->nstatus_ranges].x0 = start;
		c->status_ranges[c->nstatus_ranges].x1 = x;
		c->status_ranges[c->nstatus_ranges].idx = wl->idx;
		c->nstatus_ranges++;
	}
	return (x);
}

/* A marker of a cut list ('<' or '>') at x. */
static void
status_marker(struct cell *line, unsigned int x, uint32_t ch,
    const struct cell *base)
{
	line[x] = *base;
	line[x].ch = ch;
	line[x].width = 1;
}

/* Draw the window list from x, before limit. A list too long for the room
 * is cut as tmux 3.3a cuts it: around the current window, with '<' and
 * '>' where windows are cut off. The status ranges are moved to where the
 * windows are drawn (and cut to what shows). Returns the end column. */
static unsigned int
status_windows(struct client *c, struct cell *line, unsigned int cols,
    unsigned int x, unsigned int limit, const struct cell *base)
{
	struct cell	*list;
	unsigned int	 width, avail = limit > x ? limit - x : 0, from = 0;
	unsigned int	 off = 0, f0, f1, centre, i, x0, x1;

	width = status_windows_list(c, NULL, UINT_MAX, base, &f0, &f1);
	list = xreallocarray(NULL, width > 0 ? width : 1, sizeof *list);
	for (i = 0; i < width; i++)
		list[i] = *base;
	status_windows_list(c, list, width, base, &f0, &f1);
	if (width > avail) {
		centre = f0 + (f1 - f0) / 2;
		from = centre < avail / 2 ? 0 : centre - avail / 2;
		if (from + avail > width)
			from = width - avail;
		if (from != 0 && avail > 1) {
			status_marker(line, x, '<', base);
			off = 1;
			from++;
			avail--;
		}
		if (from + avail < width && avail > 1) {
			status_marker(line, x + off + avail - 1, '>', base);
			avail--;
		}
	} else
		avail = width;
	for (i = 0; i < avail && x + off + i < cols; i++)
		line[x + off + i] = list[from + i];
	/* Half a wide character at either end is a blank. */
	if (avail > 0 && line[x + off].width == 0)
		line[x + off] = *base;
	if (avail > 0 && list[from + avail - 1].width == 2)
		line[x + off + avail - 1] = *base;
	free(list);
	for (i = 0; i < c->nstatus_ranges; i++) {
		x0 = c->status_ranges[i].x0;
		x1 = c->status_ranges[i].x1;
		x0 = x0 < from ? from : x0;
		x1 = x1 > from + avail ? from + avail : x1;
		if (x1 < x0)
			x1 = x0;
		c->status_ranges[i].x0 = x + off + x0 - from;
		c->status_ranges[i].x1 = x + off + x1 - from;
	}
	return (x + off + avail);
}

/* Draw the prompt or message in message-style; returns the cursor
 * column for a prompt. */
static unsigned int
status_render_prompt(struct client *c, struct cell *line, unsigned int cols)
{
	struct cell	 base = CELL_BLANK;
	unsigned int	 x, lw, cursor = 0;
	char		*input;

	/* message-command-style in vi command mode (status-keys vi). */
	style_apply(&base, options_get_string(c->session->options,
	    prompt_command_mode(c) ? "message-command-style" :
	    "message-style"));
	for (x = 0; x < cols; x++)
		line[x] = base;
	if (!prompt_active(c)) {
		status_draw(line, cols, 0, cols, message_text(c), &base);
		return (0);
	}
	lw = status_draw(line, cols, 0, cols, prompt_label(c), &base);
	input = prompt_input(c, &cursor);
	status_draw(line, cols, lw, cols - lw, input, &base);
	free(input);
	cursor += lw;
	if (cursor >= cols)
		cursor = cols - 1;
	/* The cursor is drawn as a reversed cell (the terminal's own is
	 * hidden), as tmux draws it. */
	line[cursor].attr ^= ATTR_REVERSE;
	if (line[cursor].width == 2 && cursor + 1 < cols)
		line[cursor + 1].attr ^= ATTR_REVERSE;
	return (cursor);
}

int
status_prompt_cursor(struct client *c, unsigned int cols, unsigned int *x)
{
	unsigned int	cursor = 0;
	char		*input;

	if (!prompt_active(c))
		return (0);
	input = prompt_input(c, &cursor);
	free(input);
	cursor += status_draw(NULL, cols, 0, cols, prompt_label(c),
	    &CELL_BLANK);
	*x = cursor < cols ? cursor : cols - 1;
	return (1);
}

void
status_render(struct client *c, struct cell *line, unsigned int cols)
{
	struct session	*s = c->session;
	struct target	 t;
	struct cell	 base = CELL_BLANK, style;
	char		*left, *right;
	unsigned int	 x, lw, rw, rmax, start;
	uint32_t	 colour;

	if (prompt_active(c) || message_text(c) != NULL) {
		status_render_prompt(c, line, cols);
		return;
	}

	style_apply(&base, options_get_string(s->options, "status-style"));
	/* status-fg and status-bg, when not default, win (as in tmux). */
	if ((colour = options_get_number(s->options, "status-fg")) !=
	    COLOUR_DEFAULT)
		base.fg = colour;
	if ((colour = options_get_number(s->options, "status-bg")) !=
	    COLOUR_DEFAULT)
		base.bg = colour;
	for (x = 0; x < cols; x++) {
		line[x] = base;
	}
	target_from_session(&t, s);

	right = status_expand(options_get_string(s->options, "status-right"),
	    &t, c);
	rmax = options_get_number(s->options, "status-right-length");
	style = base;
	style_apply_base(&style, options_get_string(s->options,
	    "status-right-style"), &base);
	rw = status_draw(NULL, cols, 0, rmax, right, &style);
	if (rw > cols)
		rw = cols;
	start = cols - rw;

	left = status_expand(options_get_string(s->options, "status-left"),
	    &t, c);
	style = base;
	style_apply_base(&style, options_get_string(s->options,
	    "status-left-style"), &base);
	lw = status_draw(line, cols, 0, options_get_number(s->options,
	    "status-left-length"), left, &style);
	c->status_left = lw;
	c->status_right = start;
	if (lw < start)
		status_windows(c, line, start, lw, start, &base);

	style = base;
	style_apply_base(&style, options_get_string(s->options,
	    "status-right-style"), &base);
	status_draw(line, cols, start, rw, right, &style);
	free(left);
	free(right);
}
