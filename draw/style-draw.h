/*
 * style-draw: drawing text and formats with #[...] markup (model/style.h
 * parses the styles) into a row of cells, as tmux 3.3a's format_draw
 * does. The status line, borders, the choose and customize modes and the
 * overlays draw through it.
 */
#ifndef MUX_STYLE_DRAW_H
#define MUX_STYLE_DRAW_H

#include "grid/cell.h"

struct style_range;

/* style_draw flags: the text has #[...] style markup (drawn as
 * style_draw_format draws it, all in one section: the caller handles any
 * alignment). */
#define STYLE_DRAW_MARKUP	0x1

/* Draw UTF-8 text into line from column x in base's colours and
 * attributes: at most maxw columns, never past cols, whole characters
 * only (each as wide as utf8proc says; controls are not drawn, invalid
 * bytes show as U+FFFD). With line NULL only measures. Returns the
 * columns used. */
unsigned int	style_draw(struct cell *line, unsigned int cols,
		    unsigned int x, unsigned int maxw, const char *text,
		    const struct cell *base, int flags);

/* Draw an expanded format with #[...] markup into line[x, x + avail) over
 * what is there, as tmux's format_draw (style-draw.c). base is the style
 * "default" means. With ranges not NULL, the ranges drawn are appended
 * to *ranges (*nranges of them; a heap array the caller frees), in line
 * columns. */
void	style_draw_format(struct cell *line, unsigned int x,
	    unsigned int avail, const char *text, const struct cell *base,
	    struct style_range **ranges, unsigned int *nranges);
/* The columns text with markup takes ("##" is one '#'). */
unsigned int	style_format_width(const char *text);

#endif
