/*
 * Style strings (see style.h), parsed as tmux 3.3a's style_parse: items
 * separated by spaces, commas or newlines, each a colour (fg=, bg=, us=,
 * fill=), an attribute or several joined by '|' ("bold", "nobold"),
 * "none", "default" (the colours and attributes of the base: what the
 * style is drawn over), or a markup directive (align=, list=, range=,
 * push-default, pop-default, ignore). "fg=default" takes the base's
 * colour too; "terminal" is the terminal's own colour whatever the base.
 * A style with an item that is not understood changes nothing.
 */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/utf8.h"
#include "common/xmalloc.h"
#include "model/style.h"

static const struct {
	const char	*name;
	uint16_t	 attr;
} style_attrs[] = {
	{ "acs", 0 },	/* the terminal's line drawing set: mux draws
			 * Unicode lines, so it changes nothing */
	{ "bold", ATTR_BOLD },
	{ "bright", ATTR_BOLD },
	{ "dim", ATTR_DIM },
	{ "italics", ATTR_ITALIC },
	{ "italic", ATTR_ITALIC },
	{ "underscore", ATTR_UNDERLINE },
	{ "underline", ATTR_UNDERLINE },
	{ "double-underscore", ATTR_UNDERLINE2 },
	{ "curly-underscore", ATTR_UNDERCURL },
	/* (mux's cells have no dotted or dashed underline: single.) */
	{ "dotted-underscore", ATTR_UNDERLINE },
	{ "dashed-underscore", ATTR_UNDERLINE },
	{ "blink", ATTR_BLINK },
	{ "reverse", ATTR_REVERSE },
	{ "hidden", ATTR_INVISIBLE },
	{ "strikethrough", ATTR_STRIKE },
	{ "overline", ATTR_OVERLINE },
};

static const char *const style_colour_names[] = {
	"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"
};

int
style_parse_colour(const char *name, uint32_t *colour)
{
	char		*end;
	unsigned long	 n;
	size_t		 i;

	if (strcasecmp(name, "default") == 0 ||
	    strcasecmp(name, "terminal") == 0) {
		/* (style_parse maps "default" to the base's colour.) */
		*colour = COLOUR_DEFAULT;
		return (0);
	}
	if (name[0] == '#' && strlen(name) == 7) {
		n = strtoul(name + 1, &end, 16);
		if (*end != '\0')
			return (-1);
		*colour = COLOUR_RGB(n >> 16, n >> 8, n);
		return (0);
	}
	if (strncasecmp(name, "colour", 6) == 0 ||
	    strncasecmp(name, "color", 5) == 0) {
		name += name[4] == 'r' ? 5 : 6;
		n = strtoul(name, &end, 10);
		if (*name == '\0' || *end != '\0' || n > 255)
			return (-1);
		*colour = COLOUR_INDEX(n);
		return (0);
	}
	for (i = 0; i < 8; i++) {
		if (strcasecmp(name, style_colour_names[i]) == 0) {
			*colour = COLOUR_INDEX(i);
			return (0);
		}
		if (strncasecmp(name, "bright", 6) == 0 &&
		    strcasecmp(name + 6, style_colour_names[i]) == 0) {
			*colour = COLOUR_INDEX(i + 8);
			return (0);
		}
		/* tmux's aixterm numbers: 90 to 97 are the bright ones. */
		if (name[0] == '9' && name[1] == '0' + (int)i &&
		    name[2] == '\0') {
			*colour = COLOUR_INDEX(i + 8);
			return (0);
		}
	}
	return (-1);
}

/* Attributes named in text ("bold" or "bold|dim"); -1 if one is not. */
static int
style_parse_attrs(const char *text)
{
	char	*copy = xstrdup(text), *p = copy, *name;
	int	 attr = 0, found;
	size_t	 i;

	while ((name = strsep(&p, "|")) != NULL) {
		found = 0;
		for (i = 0; i < sizeof style_attrs / sizeof style_attrs[0];
		    i++) {
			if (strcasecmp(name, style_attrs[i].name) == 0) {
				attr |= style_attrs[i].attr;
				found = 1;
				break;
			}
		}
		if (!found) {
			attr = -1;
			break;
		}
	}
	free(copy);
	return (attr);
}

/* A colour item (the text after "fg=", "bg=" or "us="), "default" being
 * the base's. */
static int
style_parse_item_colour(uint32_t *colour, const char *name, uint32_t base)
{
	if (strcasecmp(name, "default") == 0) {
		*colour = base;
		return (0);
	}
	return (style_parse_colour(name, colour));
}

/* A number from text, all of it, at most max. */
static int
style_parse_number(const char *text, unsigned long max, unsigned int *n)
{
	char		*end;
	unsigned long	 v;

	if (!isdigit((unsigned char)*text))
		return (-1);
	v = strtoul(text, &end, 10);
	if (*end != '\0' || v > max)
		return (-1);
	*n = v;
	return (0);
}

/* "range=..." (the text after '='). */
static int
style_parse_range(struct style *sy, char *text)
{
	char		*arg = strchr(text, '|');
	unsigned int	 n = 0;

	if (arg != NULL) {
		*arg++ = '\0';
		if (*arg == '\0')
			return (-1);
	}
	if (strcasecmp(text, "left") == 0 || strcasecmp(text, "right") == 0) {
		if (arg != NULL)
			return (-1);
		sy->range_type = tolower((unsigned char)text[0]) == 'l' ?
		    STYLE_RANGE_LEFT : STYLE_RANGE_RIGHT;
	} else if (strcasecmp(text, "pane") == 0) {
		if (arg == NULL || *arg != '%' ||
		    style_parse_number(arg + 1, UINT_MAX, &n) != 0)
			return (-1);
		sy->range_type = STYLE_RANGE_PANE;
	} else if (strcasecmp(text, "window") == 0) {
		if (arg == NULL || style_parse_number(arg, UINT_MAX, &n) != 0)
			return (-1);
		sy->range_type = STYLE_RANGE_WINDOW;
	} else if (strcasecmp(text, "session") == 0) {
		if (arg == NULL || *arg != '$' ||
		    style_parse_number(arg + 1, UINT_MAX, &n) != 0)
			return (-1);
		sy->range_type = STYLE_RANGE_SESSION;
	} else if (strcasecmp(text, "user") == 0) {
		if (arg == NULL)
			return (-1);
		sy->range_type = STYLE_RANGE_USER;
		sy->range_argument = 0;
		snprintf(sy->range_string, sizeof sy->range_string, "%s", arg);
		return (0);
	} else
		return (0);	/* (tmux ignores a range it does not know) */
	sy->range_argument = n;
	sy->range_string[0] = '\0';
	return (0);
}

/* One item onto sy. */
static int
style_parse_item(struct style *sy, const struct cell *base, char *item)
{
	int	attr;

	if (strcasecmp(item, "default") == 0) {
		sy->gc.fg = base->fg;
		sy->gc.bg = base->bg;
		sy->gc.attr = base->attr;
		sy->gc.flags = base->flags;
	} else if (strcasecmp(item, "ignore") == 0)
		sy->ignore = 1;
	else if (strcasecmp(item, "noignore") == 0)
		sy->ignore = 0;
	else if (strcasecmp(item, "push-default") == 0)
		sy->default_type = STYLE_DEFAULT_PUSH;
	else if (strcasecmp(item, "pop-default") == 0)
		sy->default_type = STYLE_DEFAULT_POP;
	else if (strcasecmp(item, "nolist") == 0)
		sy->list = STYLE_LIST_OFF;
	else if (strncasecmp(item, "list=", 5) == 0) {
		if (strcasecmp(item + 5, "on") == 0)
			sy->list = STYLE_LIST_ON;
		else if (strcasecmp(item + 5, "focus") == 0)
			sy->list = STYLE_LIST_FOCUS;
		else if (strcasecmp(item + 5, "left-marker") == 0)
			sy->list = STYLE_LIST_LEFT_MARKER;
		else if (strcasecmp(item + 5, "right-marker") == 0)
			sy->list = STYLE_LIST_RIGHT_MARKER;
		else
			return (-1);
	} else if (strcasecmp(item, "norange") == 0) {
		sy->range_type = STYLE_RANGE_NONE;
		sy->range_argument = 0;
		sy->range_string[0] = '\0';
	} else if (strlen(item) > 6 && strncasecmp(item, "range=", 6) == 0)
		return (style_parse_range(sy, item + 6));
	else if (strcasecmp(item, "noalign") == 0)
		sy->align = STYLE_ALIGN_DEFAULT;
	else if (strlen(item) > 6 && strncasecmp(item, "align=", 6) == 0) {
		if (strcasecmp(item + 6, "left") == 0)
			sy->align = STYLE_ALIGN_LEFT;
		else if (strcasecmp(item + 6, "centre") == 0)
			sy->align = STYLE_ALIGN_CENTRE;
		else if (strcasecmp(item + 6, "right") == 0)
			sy->align = STYLE_ALIGN_RIGHT;
		else if (strcasecmp(item + 6, "absolute-centre") == 0)
			sy->align = STYLE_ALIGN_ABSOLUTE_CENTRE;
		else
			return (-1);
	} else if (strlen(item) > 5 && strncasecmp(item, "fill=", 5) == 0) {
		if (style_parse_colour(item + 5, &sy->fill) != 0)
			return (-1);
		sy->fill_set = 1;
	} else if (strlen(item) > 3 && strncasecmp(item, "fg=", 3) == 0)
		return (style_parse_item_colour(&sy->gc.fg, item + 3, base->fg));
	else if (strlen(item) > 3 && strncasecmp(item, "bg=", 3) == 0)
		return (style_parse_item_colour(&sy->gc.bg, item + 3, base->bg));
	else if (strlen(item) > 3 && strncasecmp(item, "us=", 3) == 0) {
		uint32_t	colour;

		if (strcasecmp(item + 3, "default") == 0) {
			sy->gc.flags = base->flags;
			return (0);
		}
		if (style_parse_colour(item + 3, &colour) != 0)
			return (-1);
		sy->gc.flags = cell_ul_intern(colour);
	} else if (strcasecmp(item, "none") == 0)
		sy->gc.attr = 0;
	else if (strlen(item) > 2 && strncasecmp(item, "no", 2) == 0) {
		if ((attr = style_parse_attrs(item + 2)) == -1)
			return (-1);
		sy->gc.attr &= ~attr;
	} else {
		if ((attr = style_parse_attrs(item)) == -1)
			return (-1);
		sy->gc.attr |= attr;
	}
	return (0);
}

void
style_init(struct style *sy, const struct cell *gc)
{
	memset(sy, 0, sizeof *sy);
	sy->gc = *gc;
}

int
style_parse(struct style *sy, const struct cell *base, const char *text)
{
	struct style	 saved = *sy;
	char		*copy = xstrdup(text), *p = copy, *item;
	int		 rc = 0;

	while (rc == 0 && (item = strsep(&p, " ,\n")) != NULL) {
		if (*item != '\0')
			rc = style_parse_item(sy, base, item);
	}
	free(copy);
	if (rc != 0)
		*sy = saved;
	return (rc);
}

int
style_apply_base(struct cell *cell, const char *text, const struct cell *base)
{
	struct style	sy;

	style_init(&sy, cell);
	if (style_parse(&sy, base, text) != 0)
		return (-1);
	if (sy.default_type != STYLE_DEFAULT_BASE)
		return (-1);	/* push-default means something only in text */
	*cell = sy.gc;
	return (0);
}

int
style_apply(struct cell *cell, const char *text)
{
	return (style_apply_base(cell, text, &CELL_BLANK));
}

