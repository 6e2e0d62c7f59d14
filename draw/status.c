/*
 * The status lines (see status.h). Each line is drawn as tmux 3.3a draws
 * it: filled with status-style (status-fg and status-bg win when set),
 * then status-format[N] expanded (strftime first, then the formats, so a
 * '%' in a value is not taken for a time) and drawn with style_draw_format
 * over that style. A line whose status-format member is not set is blank.
 * A message or the prompt replaces the last line, in message-style (or
 * message-command-style in vi command mode).
 */
#include <stdlib.h>
#include <string.h>

#include "common/xmalloc.h"
#include "model/client.h"
#include "model/format.h"
#include "model/options.h"
#include "draw/prompt.h"
#include "model/session.h"
#include "draw/status.h"
#include "draw/style-draw.h"
#include "model/style.h"
#include "model/target.h"

static struct option_handle oh_status_interval =
    OPTION_HANDLE("status-interval");
static struct option_handle oh_status_left = OPTION_HANDLE("status-left");
static struct option_handle oh_status_right = OPTION_HANDLE("status-right");

/* Does fmt use the time or #() output (so it changes by itself)? */
static int
status_uses_time(const char *fmt)
{
	return (fmt != NULL &&
	    (strchr(fmt, '%') != NULL || strstr(fmt, "#(") != NULL));
}

int
status_has_clock(const struct session *s)
{
	unsigned int	n = session_status_lines(s), i;

	if (n == 0 ||
	    options_get_number_h(s->options, &oh_status_interval) <= 0)
		return (0);
	if (status_uses_time(options_get_string_h(s->options,
	    &oh_status_left)) ||
	    status_uses_time(options_get_string_h(s->options,
	    &oh_status_right)))
		return (1);
	for (i = 0; i < n; i++) {
		if (status_uses_time(options_array_get(s->options,
		    "status-format", i)))
			return (1);
	}
	return (0);
}

void
status_free_ranges(struct client *c)
{
	unsigned int	i;

	for (i = 0; i < STATUS_LINES_MAX; i++) {
		free(c->status_ranges[i]);
		c->status_ranges[i] = NULL;
		c->nstatus_ranges[i] = 0;
	}
}

const struct style_range *
status_range_at(const struct client *c, unsigned int n, unsigned int x)
{
	unsigned int	i;

	if (n >= STATUS_LINES_MAX)
		return (NULL);
	for (i = 0; i < c->nstatus_ranges[n]; i++) {
		if (x >= c->status_ranges[n][i].x0 &&
		    x < c->status_ranges[n][i].x1)
			return (&c->status_ranges[n][i]);
	}
	return (NULL);
}

/* The style of the status line: status-style, with status-fg and
 * status-bg over it when they are not default (as in tmux). */
static void
status_base(struct session *s, struct cell *base)
{
	uint32_t	colour;

	*base = CELL_BLANK;
	style_apply(base, options_get_string(s->options, "status-style"));
	if ((colour = options_get_number(s->options, "status-fg")) !=
	    COLOUR_DEFAULT)
		base->fg = colour;
	if ((colour = options_get_number(s->options, "status-bg")) !=
	    COLOUR_DEFAULT)
		base->bg = colour;
}

/* The line under a message or the prompt: message-style (or
 * message-command-style in vi command mode), with the message; the
 * prompt is drawn over it (prompt-run.c). */
static void
status_render_message(struct client *c, struct cell *line, unsigned int cols)
{
	struct cell	 base = CELL_BLANK;
	unsigned int	 x;

	style_apply(&base, options_get_string(c->session->options,
	    prompt_command_mode(c) ? "message-command-style" :
	    "message-style"));
	for (x = 0; x < cols; x++)
		line[x] = base;
	if (!prompt_active(c))
		style_draw_format(line, 0, cols, message_text(c), &base, NULL,
		    NULL);
}

void
status_render(struct client *c, unsigned int n, struct cell *line,
    unsigned int cols)
{
	struct session	*s = c->session;
	struct target	 t;
	struct cell	 base;
	const char	*fmt;
	char		*expanded;
	unsigned int	 x;

	if (n >= STATUS_LINES_MAX)
		return;
	free(c->status_ranges[n]);
	c->status_ranges[n] = NULL;
	c->nstatus_ranges[n] = 0;
	if (n + 1 == session_status_lines(s) &&
	    (prompt_active(c) || message_text(c) != NULL)) {
		status_render_message(c, line, cols);
		return;
	}

	status_base(s, &base);
	for (x = 0; x < cols; x++)
		line[x] = base;
	if ((fmt = options_array_get(s->options, "status-format", n)) == NULL)
		return;
	target_from_session(&t, s);
	expanded = format_expand_time(fmt, &t, c);
	style_draw_format(line, 0, cols, expanded, &base,
	    &c->status_ranges[n], &c->nstatus_ranges[n]);
	free(expanded);
}
