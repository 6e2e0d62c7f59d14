/*
 * colour: colour specifications as terminals exchange them in OSC 4, 10
 * and 11 (X11's "rgb:r/g/b" and "#rgb" forms), and the standard xterm
 * palette of 256 colours. Colours here are 16 bits a channel, as the
 * replies carry them.
 */
#ifndef MUX_COLOUR_H
#define MUX_COLOUR_H

#include <stddef.h>
#include <stdint.h>

struct colour_rgb16 {
	uint16_t	r, g, b;
};

/* Parse len bytes of s: "rgb:R/G/B" or "rgba:R/G/B/A" with 1 to 4 hex
 * digits a channel (scaled to 16 bits), or "#RGB", "#RRGGBB", "#RRRGGGBBB",
 * "#RRRRGGGGBBBB" (the digits are the high bits), "cmy:C/M/Y" and
 * "cmyk:C/M/Y/K" (fractions 0 to 1) or "R,G,B" (decimal 0 to 255), as
 * tmux 3.3a reads OSC 10 and 11. Returns 0, or -1 when s is none of these
 * (colour names are not known). */
int	colour_parse_spec(const char *s, size_t len, struct colour_rgb16 *);
/* Format as "rgb:rrrr/gggg/bbbb" into out (at least 19 bytes, NUL added);
 * returns the length. */
size_t	colour_format_spec(const struct colour_rgb16 *, char *out, size_t size);
/* An X11 colour name of len bytes ("red", "Alice Blue", "grey50": case
 * and spaces ignored, as XParseColor takes them; colour-x11.c). Returns 0,
 * or -1 when s names no colour. */
int	colour_x11_name(const char *s, size_t len, struct colour_rgb16 *);
/* The xterm default of palette entry idx (0-255), 8 bits a channel. */
void	colour_xterm_palette(unsigned int idx, uint8_t *r, uint8_t *g,
	    uint8_t *b);

/* The underline colour table grid/cell.h describes (cell_ul_intern and
 * cell_ul_colour): colours are cell colours, 0 the default. */
#define COLOUR_UL_MAX	255
uint8_t		colour_ul_intern(uint32_t c);
uint32_t	colour_ul_get(uint8_t id);

/* Nearest of the 256 colours (the cube or the grey ramp) to r, g, b, for a
 * terminal without 24-bit colour. */
unsigned int	colour_nearest_256(unsigned int r, unsigned int g,
		    unsigned int b);
/* Nearest of the 16 standard colours to r, g, b. */
unsigned int	colour_nearest_16(unsigned int r, unsigned int g,
		    unsigned int b);

#endif
