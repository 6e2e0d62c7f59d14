/*
 * What display-panes draws (see display-panes.h). The box is the window's
 * rows of the client's screen, placed again before each frame (the status
 * line may move); each of its rows is the window's row at the client's
 * offset (compose_offset, as the frame has it in sent_ox and sent_oy), so
 * the digits are where the panes are however the window is panned.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/xmalloc.h"
#include "model/client.h"
#include "model/options.h"
#include "model/session.h"
#include "model/style.h"
#include "model/window.h"
#include "draw/clock.h"
#include "draw/display-panes.h"
#include "draw/overlay.h"

/* Put text at x in cell's style, inside [x0, x1). */
static void
display_panes_text(struct cell *line, unsigned int x0, unsigned int x1,
    unsigned int x, const char *text, const struct cell *cell)
{
	for (; *text != '\0' && x < x1; text++, x++) {
		if (x < x0)
			continue;
		line[x] = *cell;
		line[x].ch = (unsigned char)*text;
		line[x].width = 1;
	}
}

/* display-panes, as tmux 3.3a draws it: each pane's index in large digits
 * (cells in the background colour) in the middle of it, and its size at
 * its top right when it is taller than 6 rows, in display-panes-colour
 * (the active pane's in display-panes-active-colour); a pane too small
 * for the digits (narrower than 6 columns a digit or shorter than 5 rows)
 * gets the index as text in the middle. */
static void
display_panes_row(struct client *c, struct window *w, unsigned int y,
    struct cell *line, unsigned int cols)
{
	struct pane	*p;
	struct cell	 fg = CELL_BLANK, bg = CELL_BLANK;
	char		 text[16], size[32];
	unsigned int	 len, px, py, x0, x1, i, j, d;
	uint32_t	 colour;

	TAILQ_FOREACH(p, &w->panes, entry) {
		if ((w->flags & WINDOW_ZOOMED) && p != w->active)
			continue;
		if (y < p->yoff || y >= p->yoff + p->sy)
			continue;
		len = snprintf(text, sizeof text, "%u",
		    window_pane_index(w, p));
		if (p->sx < len)
			continue;
		if (style_parse_colour(options_get_string(c->session->options,
		    p == w->active ? "display-panes-active-colour" :
		    "display-panes-colour"), &colour) != 0)
			colour = COLOUR_INDEX(4);
		fg.fg = colour;
		bg.bg = colour;
		x0 = p->xoff;
		x1 = p->xoff + p->sx < cols ? p->xoff + p->sx : cols;
		px = p->sx / 2;
		py = p->sy / 2;
		j = y - p->yoff;
		if (p->sx < len * 6 || p->sy < 5) {
			if (j != py)
				continue;
			if (p->sx >= len + 1) {
				/* tmux's index and a blank after it. */
				text[len] = ' ';
				text[len + 1] = '\0';
				len++;
			}
			display_panes_text(line, x0, x1, x0 + px - len / 2, text,
			    &fg);
			continue;
		}
		if (p->sy > 6 && j == 0) {
			i = snprintf(size, sizeof size, "%ux%u", p->sx, p->sy);
			if (p->sx >= i)
				display_panes_text(line, x0, x1, x0 + p->sx - i,
				    size, &fg);
		}
		if (j < py - 2 || j >= py + 3)
			continue;
		j -= py - 2;
		for (d = 0; d < len; d++) {
			for (i = 0; i < 5; i++) {
				if (!(clock_digit_row(text[d] - '0', j) &
				    (0x10 >> i)))
					continue;
				if (x0 + px - len * 3 + d * 6 + i >= x1)
					continue;
				line[x0 + px - len * 3 + d * 6 + i] = bg;
			}
		}
	}
}


void
display_panes_draw(struct overlay *ov, unsigned int y, struct cell *cells,
    unsigned int sx)
{
	struct client	*c = ov->client;
	struct window	*w = client_shown_window(c);
	unsigned int	 ox = c->sent_ox;
	struct cell	*wide;

	if (w == NULL)
		return;
	if (ox == 0) {
		display_panes_row(c, w, y + c->sent_oy, cells, sx);
		return;
	}
	/* Panned right: drawn on the row from the window's column 0. */
	wide = xreallocarray(NULL, ox + sx, sizeof *wide);
	memcpy(wide + ox, cells, sx * sizeof *wide);
	display_panes_row(c, w, y + c->sent_oy, wide, ox + sx);
	memcpy(cells, wide + ox, sx * sizeof *cells);
	free(wide);
}

void
display_panes_place(struct overlay *ov)
{
	struct client	*c = ov->client;
	unsigned int	 first, top, n;

	n = client_status_rows(c, c->rows, &first, &top);
	ov->px = 0;
	ov->py = top;
	ov->sx = c->cols;
	ov->sy = c->rows - n;
}
