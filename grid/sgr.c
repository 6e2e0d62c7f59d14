/*
 * Styles as SGR sequences.
 *
 * One sequence per change, parameters joined with ';': the attributes
 * first, then the foreground, then the background. Colours 0-7 are 30-37
 * (40-47), 8-15 the bright 90-97 (100-107), the rest 38;5;n (48;5;n), 24-bit
 * 38;2;r;g;b (48;2;r;g;b). Underline styles use the sub-parameter form
 * (4:2 double, 4:3 curly) that xterm, kitty, VTE and libvterm read.
 *
 * When an attribute goes away the sequence starts with 0 and states the
 * whole new style, as tmux's capture-pane -e does: the "off" codes are
 * not one per attribute (22 ends both bold and dim) and a reset is never
 * misread. An underline colour is 58;5;n or 58;2;r;g;b (as tmux 3.3a
 * writes it); one going away is such a reset too.
 */
#include <stdio.h>
#include <string.h>

#include "grid/sgr.h"

/* The attributes in the order they are written, with their codes. */
static const struct {
	uint16_t	 attr;
	const char	*code;
} sgr_attrs[] = {
	{ ATTR_BOLD, "1" },
	{ ATTR_DIM, "2" },
	{ ATTR_ITALIC, "3" },
	{ ATTR_UNDERLINE, "4" },
	{ ATTR_UNDERLINE2, "4:2" },
	{ ATTR_UNDERCURL, "4:3" },
	{ ATTR_BLINK, "5" },
	{ ATTR_REVERSE, "7" },
	{ ATTR_INVISIBLE, "8" },
	{ ATTR_STRIKE, "9" },
	{ ATTR_OVERLINE, "53" },
};

/* Same colours and attributes: what SGR sets (not the hyperlink). */
static int
sgr_same(const struct cell *a, const struct cell *b)
{
	return (a->fg == b->fg && a->bg == b->bg && a->attr == b->attr &&
	    a->flags == b->flags);
}

/* A sequence being built: its parameters so far. */
struct sgr_buf {
	char	*buf;
	size_t	 len;
};

/* Append a parameter (and the ';' before it). */
static void
sgr_str(struct sgr_buf *sb, const char *s)
{
	if (sb->len > 2)
		sb->buf[sb->len++] = ';';
	while (*s != '\0')
		sb->buf[sb->len++] = *s++;
}

/* Append a number as a parameter. */
static void
sgr_uint(struct sgr_buf *sb, unsigned int v)
{
	char	tmp[16];

	snprintf(tmp, sizeof tmp, "%u", v);
	sgr_str(sb, tmp);
}

/* Append the parameters of colour c; base is 30 (foreground) or 40. */
static void
sgr_colour(struct sgr_buf *sb, uint32_t c, unsigned int base)
{
	unsigned int	i;

	switch (COLOUR_TYPE(c)) {
	case COLOUR_TYPE_INDEX:
		i = c & 0xff;
		if (i < 8)
			sgr_uint(sb, base + i);
		else if (i < 16)
			sgr_uint(sb, base + 60 + i - 8);
		else {
			sgr_uint(sb, base + 8);
			sgr_str(sb, "5");
			sgr_uint(sb, i);
		}
		break;
	case COLOUR_TYPE_RGB:
		sgr_uint(sb, base + 8);
		sgr_str(sb, "2");
		sgr_uint(sb, COLOUR_R(c));
		sgr_uint(sb, COLOUR_G(c));
		sgr_uint(sb, COLOUR_B(c));
		break;
	default:
		sgr_uint(sb, base + 9);
		break;
	}
}

/* Append the parameters of underline colour c (58;5;n or 58;2;r;g;b). */
static void
sgr_ul_colour(struct sgr_buf *sb, uint32_t c)
{
	switch (COLOUR_TYPE(c)) {
	case COLOUR_TYPE_INDEX:
		sgr_str(sb, "58;5");
		sgr_uint(sb, c & 0xff);
		break;
	case COLOUR_TYPE_RGB:
		sgr_str(sb, "58;2");
		sgr_uint(sb, COLOUR_R(c));
		sgr_uint(sb, COLOUR_G(c));
		sgr_uint(sb, COLOUR_B(c));
		break;
	default:
		sgr_str(sb, "59");
		break;
	}
}

/* Start a sequence at buf. */
static void
sgr_begin(struct sgr_buf *sb, char *buf)
{
	sb->buf = buf;
	buf[0] = '\033';
	buf[1] = '[';
	sb->len = 2;
}

/* End it; returns its length. */
static size_t
sgr_end(struct sgr_buf *sb)
{
	sb->buf[sb->len++] = 'm';
	return (sb->len);
}

/* The SGR sequence from one style to another. */
size_t
sgr_change(char *buf, const struct cell *from, const struct cell *to)
{
	static const struct cell	 blank = CELL_BLANK;
	struct sgr_buf			 sb = { buf, 2 };
	uint16_t			 add;
	size_t				 i;

	if (sgr_same(from, to))
		return (0);
	buf[0] = '\033';
	buf[1] = '[';
	if (sgr_same(to, &blank)) {
		buf[2] = '0';
		buf[3] = 'm';
		return (4);
	}

	if ((from->attr & ~to->attr) || (from->flags != 0 && to->flags == 0)) {
		sgr_str(&sb, "0");
		from = &blank;
	}
	add = to->attr & ~from->attr;
	for (i = 0; i < sizeof sgr_attrs / sizeof sgr_attrs[0]; i++) {
		if (add & sgr_attrs[i].attr)
			sgr_str(&sb, sgr_attrs[i].code);
	}
	if (to->fg != from->fg)
		sgr_colour(&sb, to->fg, 30);
	if (to->bg != from->bg)
		sgr_colour(&sb, to->bg, 40);
	if (to->flags != from->flags)
		sgr_ul_colour(&sb, cell_ul_colour(to->flags));
	buf[sb.len++] = 'm';
	return (sb.len);
}

size_t
sgr_link(char *buf, const struct cell *from, const struct cell *to)
{
	const char	*uri, *param;
	size_t		 len = 0, n;

	if (from->link == to->link)
		return (0);
	memcpy(buf, "\033]8;", 4);
	len = 4;
	if ((uri = link_uri(to->link)) != NULL) {
		param = link_param(to->link);
		if (*param != '\0') {
			memcpy(buf + len, "id=", 3);
			len += 3;
			n = strlen(param);
			memcpy(buf + len, param, n);
			len += n;
		}
		buf[len++] = ';';
		n = strlen(uri);
		memcpy(buf + len, uri, n);
		len += n;
	} else
		buf[len++] = ';';
	memcpy(buf + len, "\033\\", 2);
	return (len + 2);
}

size_t
sgr_change_parts(char *buf, const struct cell *from, const struct cell *to)
{
	struct sgr_buf	 sb;
	size_t		 len = 0, i;
	uint16_t	 add;
	uint32_t	 ul_from, ul_to;
	int		 reset = 0;

	if (sgr_same(from, to))
		return (0);
	if (from->attr & ~to->attr) {
		reset = 1;
		add = to->attr;
	} else
		add = to->attr & ~from->attr;
	if (reset || add != 0) {
		sgr_begin(&sb, buf + len);
		if (reset)
			sgr_str(&sb, "0");
		for (i = 0; i < sizeof sgr_attrs / sizeof sgr_attrs[0]; i++) {
			if (add & sgr_attrs[i].attr)
				sgr_str(&sb, sgr_attrs[i].code);
		}
		len += sgr_end(&sb);
	}
	if (reset || to->fg != from->fg) {
		sgr_begin(&sb, buf + len);
		sgr_colour(&sb, to->fg, 30);
		len += sgr_end(&sb);
	}
	if (reset || to->bg != from->bg) {
		sgr_begin(&sb, buf + len);
		sgr_colour(&sb, to->bg, 40);
		len += sgr_end(&sb);
	}
	ul_from = cell_ul_colour(from->flags);
	ul_to = cell_ul_colour(to->flags);
	if (ul_to != ul_from &&
	    !(reset && COLOUR_TYPE(ul_to) != COLOUR_TYPE_INDEX &&
	    COLOUR_TYPE(ul_to) != COLOUR_TYPE_RGB)) {
		sgr_begin(&sb, buf + len);
		sgr_ul_colour(&sb, ul_to);
		len += sgr_end(&sb);
	}
	return (len);
}
