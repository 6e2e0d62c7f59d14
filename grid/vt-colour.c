/*
 * Colour queries and the pane's palette: OSC 4 (palette entries), 10, 11
 * and 12 (default foreground, background and cursor colour), 104, 110, 111
 * and 112 (resets). Colours are set by "rgb:", "#" or X11 name.
 *
 * A query ("?") is answered as xterm answers it,
 * "ESC ] N ; rgb:rrrr/gggg/bbbb" ended by the terminator the query used
 * (BEL or ST). Palette entries come from what the program set, else the
 * standard xterm palette. The default colours come from what the program
 * set, else the host terminal's (asked through the host_colour callback:
 * the server knows them from the attached client), else a dark screen,
 * light grey on black, which is what most terminals that cannot answer
 * show.
 *
 * What a program sets is kept (struct vt_palette, allocated on first use)
 * and applied when the pane is drawn (vt_render_cells): cells keep the
 * indexes the program wrote, so a palette reset restores them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/colour.h"
#include "common/xmalloc.h"
#include "grid/vt-int.h"

/* Default colours when neither the program nor the host says. */
static const struct colour_rgb16 vt_default_fg = { 0xe5e5, 0xe5e5, 0xe5e5 };
static const struct colour_rgb16 vt_default_bg = { 0, 0, 0 };

/* The palette, made on first use. */
static struct vt_palette *
vt_palette_get(struct vt *vt)
{
	if (vt->palette == NULL)
		vt->palette = xcalloc(1, sizeof *vt->palette);
	return (vt->palette);
}

/* The pane's colours changed: redraw all of it. */
static void
vt_palette_changed(struct vt *vt)
{
	grid_dirty_all(vt->primary);
	if (vt->alternate != NULL)
		grid_dirty_all(vt->alternate);
	vt->gen++;
}

void
vt_set_colours(struct vt *vt, const uint32_t *colours)
{
	unsigned int	i;

	for (i = 0; colours != NULL && i < 256; i++) {
		if (colours[i] != COLOUR_DEFAULT)
			break;
	}
	if (colours == NULL || i == 256) {
		if (vt->base == NULL)
			return;
		free(vt->base);
		vt->base = NULL;
	} else {
		if (vt->base != NULL &&
		    memcmp(vt->base, colours, 256 * sizeof *colours) == 0)
			return;
		if (vt->base == NULL)
			vt->base = xreallocarray(NULL, 256, sizeof *vt->base);
		memcpy(vt->base, colours, 256 * sizeof *vt->base);
	}
	vt_palette_changed(vt);
}

/* What index colour idx is drawn as: the program's (OSC 4), else the
 * pane's own (pane-colours), else COLOUR_DEFAULT (itself). */
static uint32_t
vt_index_override(const struct vt *vt, unsigned int idx)
{
	if (vt->palette != NULL && vt->palette->idx[idx] != COLOUR_DEFAULT)
		return (vt->palette->idx[idx]);
	if (vt->base != NULL)
		return (vt->base[idx]);
	return (COLOUR_DEFAULT);
}

/* Forget every colour the program set (RIS). */
void
vt_palette_reset(struct vt *vt)
{
	if (vt->palette == NULL)
		return;
	free(vt->palette);
	vt->palette = NULL;
	vt_palette_changed(vt);
}

/* A cell colour (COLOUR_RGB) as 16 bits a channel. */
static void
vt_rgb16(uint32_t c, struct colour_rgb16 *out)
{
	out->r = COLOUR_R(c) * 257;
	out->g = COLOUR_G(c) * 257;
	out->b = COLOUR_B(c) * 257;
}

/* A 16 bit a channel colour as a cell colour. */
static uint32_t
vt_rgb8(const struct colour_rgb16 *c)
{
	return (COLOUR_RGB(c->r >> 8, c->g >> 8, c->b >> 8));
}

/* Send "ESC ] prefix ; rgb:... terminator" to the program. */
static void
vt_colour_reply(struct vt *vt, const char *prefix,
    const struct colour_rgb16 *c)
{
	char	buf[64], spec[32];
	int	n;

	colour_format_spec(c, spec, sizeof spec);
	n = snprintf(buf, sizeof buf, "\033]%s;%s%s", prefix, spec,
	    vt->str_bel ? "\007" : "\033\\");
	if (n > 0 && (size_t)n < sizeof buf)
		vt_output(vt, buf, n);
}

/* The slot of dynamic colour which (10, 11 or 12). */
static uint32_t *
vt_dynamic_slot(struct vt_palette *pal, int which)
{
	if (which == 12)
		return (&pal->cursor);
	return (which == 10 ? &pal->fg : &pal->bg);
}

/* The default foreground (which 10), background (11) or cursor colour
 * (12: the foreground unless set, as in xterm) now. */
static void
vt_default_colour(struct vt *vt, int which, struct colour_rgb16 *out)
{
	uint32_t	set = 0;

	if (vt->palette != NULL)
		set = *vt_dynamic_slot(vt->palette, which);
	if (set == COLOUR_DEFAULT && which == 12) {
		which = 10;
		if (vt->palette != NULL)
			set = vt->palette->fg;
	}
	if (set != COLOUR_DEFAULT) {
		vt_rgb16(set, out);
		return;
	}
	if (vt->cb->host_colour != NULL &&
	    vt->cb->host_colour(which, out, vt->cbarg) == 0)
		return;
	*out = which == 10 ? vt_default_fg : vt_default_bg;
}

/* Palette entry idx now. */
static void
vt_index_colour(struct vt *vt, unsigned int idx, struct colour_rgb16 *out)
{
	uint32_t	over = vt_index_override(vt, idx);
	uint8_t		r, g, b;

	if (COLOUR_TYPE(over) == COLOUR_TYPE_RGB) {
		vt_rgb16(over, out);
		return;
	}
	if (COLOUR_TYPE(over) == COLOUR_TYPE_INDEX)
		idx = over & 0xff;
	colour_xterm_palette(idx, &r, &g, &b);
	out->r = r * 257;
	out->g = g * 257;
	out->b = b * 257;
}

/* A colour a program sets: "rgb:", "#" or an X11 colour name (xterm
 * and tmux 3.3a take names). */
static int
vt_colour_spec(const char *s, size_t len, struct colour_rgb16 *out)
{
	if (colour_parse_spec(s, len, out) == 0)
		return (0);
	return (colour_x11_name(s, len, out));
}

/* Split off the next ';'-separated field of [*s, end); returns its
 * length, or -1 when there is none. */
static long
vt_osc_field(const char **s, const char *end, const char **field)
{
	const char	*semi;

	if (*s == NULL || *s > end)
		return (-1);
	*field = *s;
	semi = memchr(*s, ';', end - *s);
	if (semi == NULL) {
		*s = NULL;
		return (end - *field);
	}
	*s = semi + 1;
	return (semi - *field);
}

/* Parse a palette index (0-255) of len bytes; -1 if not one. */
static int
vt_osc_index(const char *s, long len)
{
	int	v = 0;
	long	i;

	if (len < 1 || len > 3)
		return (-1);
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return (-1);
		v = v * 10 + (s[i] - '0');
	}
	return (v <= 255 ? v : -1);
}

/* OSC 4 ; idx ; spec [; idx ; spec ...]: set or query palette entries. */
static void
vt_osc_4(struct vt *vt, const char *s, const char *end)
{
	struct colour_rgb16	 c;
	const char		*f;
	char			 prefix[16];
	long			 n;
	int			 idx;

	while ((n = vt_osc_field(&s, end, &f)) >= 0) {
		idx = vt_osc_index(f, n);
		if ((n = vt_osc_field(&s, end, &f)) < 0)
			break;
		if (idx < 0)
			continue;
		if (n == 1 && f[0] == '?') {
			vt_index_colour(vt, idx, &c);
			snprintf(prefix, sizeof prefix, "4;%d", idx);
			vt_colour_reply(vt, prefix, &c);
		} else if (vt_colour_spec(f, n, &c) == 0) {
			vt_palette_get(vt)->idx[idx] = vt_rgb8(&c);
			vt_palette_changed(vt);
		}
	}
}

/* OSC 104 [; idx ...]: reset the palette, or the entries listed. */
static void
vt_osc_104(struct vt *vt, const char *s, const char *end)
{
	const char	*f;
	long		 n;
	int		 idx, any = 0;

	if (vt->palette == NULL)
		return;
	while ((n = vt_osc_field(&s, end, &f)) >= 0) {
		if (n == 0)
			continue;
		any = 1;
		if ((idx = vt_osc_index(f, n)) >= 0)
			vt->palette->idx[idx] = COLOUR_DEFAULT;
	}
	if (!any)
		memset(vt->palette->idx, 0, sizeof vt->palette->idx);
	vt_palette_changed(vt);
}

/* OSC 10, 11 and 12, and each following field for the next number
 * (xterm's "OSC 10 ; ? ; ?" asks for both). tmux 3.3a answers no OSC 12
 * query; xterm does, and mux follows xterm. */
static void
vt_osc_dynamic(struct vt *vt, int which, const char *s, const char *end)
{
	struct colour_rgb16	 c;
	const char		*f;
	char			 prefix[16];
	long			 n;
	uint32_t		*slot;

	for (; (n = vt_osc_field(&s, end, &f)) >= 0; which++) {
		if (which < 10 || which > 12)
			continue;
		if (n == 1 && f[0] == '?') {
			vt_default_colour(vt, which, &c);
			snprintf(prefix, sizeof prefix, "%d", which);
			vt_colour_reply(vt, prefix, &c);
		} else if (vt_colour_spec(f, n, &c) == 0) {
			slot = vt_dynamic_slot(vt_palette_get(vt), which);
			*slot = vt_rgb8(&c);
			vt_palette_changed(vt);
		}
	}
}

/* OSC 110, 111 and 112: the default foreground, background or cursor
 * colour is the host's again. */
static void
vt_osc_reset_dynamic(struct vt *vt, int which)
{
	if (vt->palette == NULL)
		return;
	*vt_dynamic_slot(vt->palette, which) = COLOUR_DEFAULT;
	vt_palette_changed(vt);
}

/*
 * An OSC libvterm passed on (cmd is "N;..." without ESC ] and the
 * terminator). Returns 1 if it was a colour OSC, handled here.
 */
int
vt_osc_colour(struct vt *vt, const char *cmd, size_t len)
{
	const char	*end = cmd + len, *rest;
	int		 num = 0;
	size_t		 i;

	for (i = 0; i < len && i < 4 && cmd[i] >= '0' && cmd[i] <= '9'; i++)
		num = num * 10 + (cmd[i] - '0');
	if (i == 0 || (i < len && cmd[i] != ';'))
		return (0);
	rest = i < len ? cmd + i + 1 : NULL;
	switch (num) {
	case 4:
		vt_osc_4(vt, rest, end);
		return (1);
	case 10:
	case 11:
	case 12:
		vt_osc_dynamic(vt, num, rest, end);
		return (1);
	case 104:
		vt_osc_104(vt, rest, end);
		return (1);
	case 110:
	case 111:
	case 112:
		vt_osc_reset_dynamic(vt, num - 100);
		return (1);
	}
	return (0);
}

/* Adjust cells copied from the pane for display (see vt.h). */
void
vt_render_cells(const struct vt *vt, struct cell *cells, unsigned int n)
{
	const struct vt_palette	*pal = vt->palette;
	struct cell		*c;
	unsigned int		 i;
	uint32_t		 over;

	if (pal == NULL && vt->base == NULL && !(vt->modes & VT_MODE_REVERSE))
		return;
	for (i = 0; i < n; i++) {
		c = &cells[i];
		if (pal != NULL || vt->base != NULL) {
			if (c->fg == COLOUR_DEFAULT && pal != NULL)
				c->fg = pal->fg;
			else if (COLOUR_TYPE(c->fg) == COLOUR_TYPE_INDEX &&
			    (over = vt_index_override(vt, c->fg & 0xff)) !=
			    COLOUR_DEFAULT)
				c->fg = over;
			if (c->bg == COLOUR_DEFAULT && pal != NULL)
				c->bg = pal->bg;
			else if (COLOUR_TYPE(c->bg) == COLOUR_TYPE_INDEX &&
			    (over = vt_index_override(vt, c->bg & 0xff)) !=
			    COLOUR_DEFAULT)
				c->bg = over;
		}
		if (vt->modes & VT_MODE_REVERSE)
			c->attr ^= ATTR_REVERSE;
	}
}

uint32_t
vt_program_colour(const struct vt *vt, int bg)
{
	if (vt->palette == NULL)
		return (COLOUR_DEFAULT);
	return (bg ? vt->palette->bg : vt->palette->fg);
}
