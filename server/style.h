/*
 * style: tmux style strings ("fg=black,bg=green,bold", "fg=colour81",
 * "bg=#ff8800", "default", "none", "noreverse") applied to a cell's
 * colours and attributes. Used for the status line, borders and the
 * #[...] markup in status formats.
 */
#ifndef MUX_STYLE_H
#define MUX_STYLE_H

#include "grid/cell.h"

/* Apply style text to cell (fg, bg, attr). Returns 0, or -1 when some part
 * is not understood (the rest is still applied). */
int	style_apply(struct cell *cell, const char *style);
/* Parse a colour name ("red", "brightred", "colour123", "#rrggbb",
 * "default"); returns 0 and sets *colour, or -1. */
int	style_parse_colour(const char *name, uint32_t *colour);

#endif
