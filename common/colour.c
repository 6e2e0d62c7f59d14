/*
 * Colour specifications and the xterm palette (see colour.h).
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "common/colour.h"

/* xterm's 16 colours; the rest are the 6x6x6 cube and the grey ramp. */
static const uint8_t colour_xterm16[16][3] = {
	{ 0x00, 0x00, 0x00 }, { 0xcd, 0x00, 0x00 }, { 0x00, 0xcd, 0x00 },
	{ 0xcd, 0xcd, 0x00 }, { 0x00, 0x00, 0xee }, { 0xcd, 0x00, 0xcd },
	{ 0x00, 0xcd, 0xcd }, { 0xe5, 0xe5, 0xe5 }, { 0x7f, 0x7f, 0x7f },
	{ 0xff, 0x00, 0x00 }, { 0x00, 0xff, 0x00 }, { 0xff, 0xff, 0x00 },
	{ 0x5c, 0x5c, 0xff }, { 0xff, 0x00, 0xff }, { 0x00, 0xff, 0xff },
	{ 0xff, 0xff, 0xff },
};
static const uint8_t colour_cube[6] = { 0x00, 0x5f, 0x87, 0xaf, 0xd7, 0xff };

/* Value of a hex digit, -1 if not one. */
static int
colour_hex(char c)
{
	if (c >= '0' && c <= '9')
		return (c - '0');
	if (c >= 'a' && c <= 'f')
		return (c - 'a' + 10);
	if (c >= 'A' && c <= 'F')
		return (c - 'A' + 10);
	return (-1);
}

/* Read n (1-4) hex digits at s into *v; returns -1 if one is not hex. */
static int
colour_hex_n(const char *s, size_t n, unsigned int *v)
{
	size_t	i;
	int	d;

	*v = 0;
	for (i = 0; i < n; i++) {
		if ((d = colour_hex(s[i])) < 0)
			return (-1);
		*v = (*v << 4) | d;
	}
	return (0);
}

/* A fraction 0 to 1 as an 8-bit channel, cut as XParseColor cuts it. */
static unsigned int
colour_fraction(double f)
{
	return ((unsigned int)(f * 255) * 257);
}

/* The forms XParseColor also takes that have no hex digits:
 * "cmy:C/M/Y" and "cmyk:C/M/Y/K" (fractions 0 to 1) and "R,G,B"
 * (decimal, 0 to 255), as tmux 3.3a reads them in OSC 10 and 11. */
static int
colour_parse_other(const char *s, size_t len, struct colour_rgb16 *out)
{
	char		 buf[64], tail;
	double		 c, m, y, k;
	int		 r, g, b;

	if (len == 0 || len >= sizeof buf)
		return (-1);
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (sscanf(buf, "cmyk:%lf/%lf/%lf/%lf%c", &c, &m, &y, &k,
	    &tail) == 4) {
		if (c < 0 || c > 1 || m < 0 || m > 1 || y < 0 || y > 1 ||
		    k < 0 || k > 1)
			return (-1);
		out->r = colour_fraction((1 - c) * (1 - k));
		out->g = colour_fraction((1 - m) * (1 - k));
		out->b = colour_fraction((1 - y) * (1 - k));
		return (0);
	}
	if (sscanf(buf, "cmy:%lf/%lf/%lf%c", &c, &m, &y, &tail) == 3) {
		if (c < 0 || c > 1 || m < 0 || m > 1 || y < 0 || y > 1)
			return (-1);
		out->r = colour_fraction(1 - c);
		out->g = colour_fraction(1 - m);
		out->b = colour_fraction(1 - y);
		return (0);
	}
	if (buf[0] >= '0' && buf[0] <= '9' &&
	    sscanf(buf, "%d,%d,%d%c", &r, &g, &b, &tail) == 3) {
		if (r < 0 || r > 255 || g < 0 || g > 255 || b < 0 || b > 255)
			return (-1);
		out->r = (unsigned int)r * 257;
		out->g = (unsigned int)g * 257;
		out->b = (unsigned int)b * 257;
		return (0);
	}
	return (-1);
}

/* "rgb:R/G/B" (after the colon), each 1-4 digits scaled to 16 bits; a
 * fourth channel is allowed (rgba) and ignored. */
static int
colour_parse_rgb(const char *s, size_t len, int channels,
    struct colour_rgb16 *out)
{
	unsigned int	v[4], max;
	size_t		n;
	int		i;

	for (i = 0; i < channels; i++) {
		for (n = 0; n < len && s[n] != '/'; n++)
			/* nothing */;
		if (n == 0 || n > 4 || (i == channels - 1) != (n == len))
			return (-1);
		if (colour_hex_n(s, n, &v[i]) != 0)
			return (-1);
		max = (1u << (4 * n)) - 1;
		v[i] = (v[i] * 65535u + max / 2) / max;
		s += n;
		len -= n;
		if (len > 0) {
			s++;
			len--;
		}
	}
	out->r = v[0];
	out->g = v[1];
	out->b = v[2];
	return (0);
}

int
colour_parse_spec(const char *s, size_t len, struct colour_rgb16 *out)
{
	unsigned int	v[3];
	size_t		n;
	int		i;

	while (len > 0 && s[len - 1] == ' ')
		len--;
	if (colour_parse_other(s, len, out) == 0)
		return (0);
	if (len > 4 && strncmp(s, "rgb:", 4) == 0)
		return (colour_parse_rgb(s + 4, len - 4, 3, out));
	if (len > 5 && strncmp(s, "rgba:", 5) == 0)
		return (colour_parse_rgb(s + 5, len - 5, 4, out));
	if (len < 4 || s[0] != '#' || (len - 1) % 3 != 0 || len - 1 > 12)
		return (-1);
	n = (len - 1) / 3;
	for (i = 0; i < 3; i++) {
		if (colour_hex_n(s + 1 + i * n, n, &v[i]) != 0)
			return (-1);
		v[i] <<= 16 - 4 * n;
	}
	out->r = v[0];
	out->g = v[1];
	out->b = v[2];
	return (0);
}

size_t
colour_format_spec(const struct colour_rgb16 *c, char *out, size_t size)
{
	int	n;

	n = snprintf(out, size, "rgb:%04x/%04x/%04x", c->r, c->g, c->b);
	if (n < 0)
		return (0);
	return ((size_t)n < size ? (size_t)n : size - 1);
}

void
colour_xterm_palette(unsigned int idx, uint8_t *r, uint8_t *g, uint8_t *b)
{
	idx &= 0xff;
	if (idx < 16) {
		*r = colour_xterm16[idx][0];
		*g = colour_xterm16[idx][1];
		*b = colour_xterm16[idx][2];
	} else if (idx < 232) {
		idx -= 16;
		*r = colour_cube[idx / 36];
		*g = colour_cube[(idx / 6) % 6];
		*b = colour_cube[idx % 6];
	} else
		*r = *g = *b = 8 + 10 * (idx - 232);
}

/* Squared distance between two colours. */
static unsigned int
colour_dist(unsigned int r1, unsigned int g1, unsigned int b1, unsigned int r2,
    unsigned int g2, unsigned int b2)
{
	int	dr = (int)r1 - (int)r2, dg = (int)g1 - (int)g2;
	int	db = (int)b1 - (int)b2;

	return ((unsigned int)(dr * dr + dg * dg + db * db));
}

/* The cube step nearest to v. */
static unsigned int
colour_cube_step(unsigned int v)
{
	if (v < 48)
		return (0);
	if (v < 115)
		return (1);
	return ((v - 35) / 40);
}

unsigned int
colour_nearest_256(unsigned int r, unsigned int g, unsigned int b)
{
	unsigned int	qr, qg, qb, avg, gi, grey;

	qr = colour_cube_step(r);
	qg = colour_cube_step(g);
	qb = colour_cube_step(b);
	if (colour_cube[qr] == r && colour_cube[qg] == g &&
	    colour_cube[qb] == b)
		return (16 + 36 * qr + 6 * qg + qb);

	avg = (r + g + b) / 3;
	if (avg > 238)
		gi = 23;
	else if (avg < 8)
		gi = 0;
	else
		gi = (avg - 3) / 10;
	if (gi > 23)
		gi = 23;
	grey = 8 + 10 * gi;

	if (colour_dist(grey, grey, grey, r, g, b) <
	    colour_dist(colour_cube[qr], colour_cube[qg], colour_cube[qb],
	    r, g, b))
		return (232 + gi);
	return (16 + 36 * qr + 6 * qg + qb);
}

unsigned int
colour_nearest_16(unsigned int r, unsigned int g, unsigned int b)
{
	unsigned int	i, best = 0, d, bestd = UINT_MAX;

	for (i = 0; i < 16; i++) {
		d = colour_dist(colour_xterm16[i][0], colour_xterm16[i][1],
		    colour_xterm16[i][2], r, g, b);
		if (d < bestd) {
			bestd = d;
			best = i;
		}
	}
	return (best);
}

/* The underline colour table: ids 1 to used, 0 the default colour. */
static uint32_t		colour_ul_table[COLOUR_UL_MAX + 1];
static unsigned int	colour_ul_used;

uint8_t
colour_ul_intern(uint32_t c)
{
	unsigned int	i;

	if (c == 0)
		return (0);
	for (i = 1; i <= colour_ul_used; i++) {
		if (colour_ul_table[i] == c)
			return (i);
	}
	if (colour_ul_used == COLOUR_UL_MAX)
		return (0);
	colour_ul_table[++colour_ul_used] = c;
	return (colour_ul_used);
}

uint32_t
colour_ul_get(uint8_t id)
{
	if (id == 0 || id > colour_ul_used)
		return (0);
	return (colour_ul_table[id]);
}
