/*
 * The command prompt as an overlay (overlay.h) on the prompt's layer: its
 * box is the last status line, placed again before each frame (status,
 * status-position and the client's size may change while it is open;
 * with no status line it has no box, and shows nowhere, as before). It is
 * drawn over the status line in message-style (message-command-style in
 * vi command mode) with the cursor as a reversed cell, the terminal's
 * own cursor hidden, as tmux draws it. Keys go to the opener's handler
 * (command-prompt's edits and runs what is accepted, or gives it to the
 * command that waits for it), or edit it here; a key that ends a numeric
 * prompt goes on as a key. The mouse is not its own.
 */
#include <stdlib.h>
#include <string.h>

#include "common/xmalloc.h"
#include "model/client.h"
#include "model/options.h"
#include "model/session.h"
#include "model/state.h"
#include "model/style.h"
#include "draw/overlay.h"
#include "draw/prompt.h"
#include "draw/prompt-int.h"
#include "draw/style-draw.h"

static void	prompt_run_draw(struct overlay *, unsigned int, struct cell *,
		    unsigned int);
static enum overlay_result prompt_run_key(struct overlay *, struct client *,
		    key_code);
static int	prompt_run_cursor(struct overlay *, unsigned int *,
		    unsigned int *, int *);
static void	prompt_run_place(struct overlay *);
static void	prompt_run_free(struct overlay *);

const struct overlay_ops prompt_overlay_ops = {
	.layer = OVERLAY_LAYER_PROMPT,
	.draw = prompt_run_draw,
	.key = prompt_run_key,
	.cursor = prompt_run_cursor,
	.place = prompt_run_place,
	.free = prompt_run_free,
};

/* The last status line, if there is one. */
static void
prompt_run_place(struct overlay *ov)
{
	struct client	*c = ov->client;
	unsigned int	 first, top, n;

	n = client_status_rows(c, c->rows, &first, &top);
	ov->px = 0;
	ov->py = n == 0 ? 0 : first + n - 1;
	ov->sx = n == 0 ? 0 : c->cols;
	ov->sy = n == 0 ? 0 : 1;
}

static void
prompt_run_free(struct overlay *ov)
{
	prompt_free(ov->data);
}

/* The column of the cursor in a line of cols cells: after the label and
 * the input before it, on the last cell at most. */
static unsigned int
prompt_run_column(struct client *c, unsigned int cols)
{
	unsigned int	 cursor = 0, lw;
	char		*input;

	input = prompt_input(c, &cursor);
	free(input);
	lw = style_format_width(prompt_label(c));
	cursor += lw < cols ? lw : cols;
	return (cursor < cols ? cursor : cols - 1);
}

/* The label, then the input, over message-style. */
static void
prompt_run_draw(struct overlay *ov, unsigned int y, struct cell *cells,
    unsigned int sx)
{
	struct client	*c = ov->client;
	struct cell	 base = CELL_BLANK;
	unsigned int	 x, lw, cursor;
	char		*input;

	(void)y;
	if (c->session == NULL)
		return;
	/* message-command-style in vi command mode (status-keys vi). */
	style_apply(&base, options_get_string(c->session->options,
	    prompt_command_mode(c) ? "message-command-style" :
	    "message-style"));
	for (x = 0; x < sx; x++)
		cells[x] = base;
	lw = style_format_width(prompt_label(c));
	if (lw > sx)
		lw = sx;
	style_draw_format(cells, 0, lw, prompt_label(c), &base, NULL, NULL);
	input = prompt_input(c, &cursor);
	style_draw(cells, sx, lw, sx - lw, input, &base, 0);
	free(input);
	/* The cursor is drawn as a reversed cell (the terminal's own is
	 * hidden), as tmux draws it. */
	cursor = prompt_run_column(c, sx);
	cells[cursor].attr ^= ATTR_REVERSE;
	if (cells[cursor].width == 2 && cursor + 1 < sx)
		cells[cursor + 1].attr ^= ATTR_REVERSE;
}

/* Where the prompt's cursor is; the terminal's stays hidden. */
static int
prompt_run_cursor(struct overlay *ov, unsigned int *x, unsigned int *y,
    int *shape)
{
	*x = prompt_run_column(ov->client, ov->sx);
	*y = ov->py;
	*shape = 0;
	return (0);
}

/* A key at the prompt: the opener's handler takes it (a command
 * prompt's runs what is accepted); a prompt whose input goes to a
 * function (prompt_open_input) is edited here, Tab completing option and
 * layout names. A key that ends a numeric prompt passes on as a key. */
static enum overlay_result
prompt_run_key(struct overlay *ov, struct client *c, key_code key)
{
	prompt_key_cb		 fn = prompt_key_handler(ov->data);
	char			*command = NULL;
	enum prompt_result	 result;

	if (fn != NULL)
		return (fn(c, key) ? OVERLAY_PASS : OVERLAY_GONE);
	if (key == '\t') {
		prompt_complete(c, NULL);
		return (OVERLAY_GONE);
	}
	result = prompt_key(c, key, &command);
	free(command);
	return (result == PROMPT_ACCEPT_KEY ? OVERLAY_PASS : OVERLAY_GONE);
}
