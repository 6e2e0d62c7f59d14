/*
 * style: tmux style strings ("fg=black,bg=green,bold", "fg=colour81",
 * "bg=#ff8800", "default", "none", "noreverse") applied to a cell's
 * colours and attributes. Used for the status line, borders and the
 * #[...] markup in status formats, and the drawing of a line of text
 * into cells that the status line and the choose lists share.
 */
#ifndef MUX_STYLE_H
#define MUX_STYLE_H

#include "grid/cell.h"

/* Apply style text to cell (fg, bg, attr) over base: "default" (and
 * "fg=default", "bg=default") take base's colours and attributes. Returns
 * 0, or -1 when some part is not understood (the rest is still applied). */
int	style_apply_base(struct cell *cell, const char *style,
	    const struct cell *base);
/* style_apply_base over the terminal's defaults (a style that is not drawn
 * over another, such as message-style or pane-border-style). */
int	style_apply(struct cell *cell, const char *style);
/* Parse a colour name ("red", "brightred", "colour123", "#rrggbb",
 * "default"); returns 0 and sets *colour, or -1. */
int	style_parse_colour(const char *name, uint32_t *colour);

/* What #[push-default] and #[pop-default] ask of style_draw. */
#define STYLE_PUSH_DEFAULT	1
#define STYLE_POP_DEFAULT	2

/* style_draw flags: #[style] in the text switches style. In the text,
 * "default" is base's style, or the style at the last #[push-default]
 * until a #[pop-default]. */
#define STYLE_DRAW_MARKUP	0x1

/* Draw UTF-8 text into line from column x in base's colours and
 * attributes: at most maxw columns, never past cols, whole characters
 * only (each as wide as utf8proc says; controls are not drawn, invalid
 * bytes show as U+FFFD). With line NULL only measures. Returns the
 * columns used. */
unsigned int	style_draw(struct cell *line, unsigned int cols,
		    unsigned int x, unsigned int maxw, const char *text,
		    const struct cell *base, int flags);

#endif
