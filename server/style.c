/*
 * Style strings (see style.h): comma- or space-separated items, each a
 * colour assignment (fg=, bg=), an attribute name, "no" plus an attribute
 * name, "default" (the colours and attributes of the base style: what the
 * style is drawn over) or "none" (no attributes). "fg=default" and
 * "bg=default" take the base's colour too; "terminal" is the terminal's own
 * colour whatever the base.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/utf8.h"
#include "common/xmalloc.h"
#include "server/style.h"

static const struct {
	const char	*name;
	uint16_t	 attr;
} style_attrs[] = {
	{ "bold", ATTR_BOLD },
	{ "bright", ATTR_BOLD },
	{ "dim", ATTR_DIM },
	{ "italics", ATTR_ITALIC },
	{ "italic", ATTR_ITALIC },
	{ "underscore", ATTR_UNDERLINE },
	{ "underline", ATTR_UNDERLINE },
	{ "double-underscore", ATTR_UNDERLINE2 },
	{ "curly-underscore", ATTR_UNDERCURL },
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
		/* (style_apply_base maps "default" to the base's colour.) */
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
	}
	return (-1);
}

/* Apply a colour item (the text after "fg=" or "bg="). */
static int
style_apply_colour(uint32_t *colour, const char *name, uint32_t base)
{
	if (strcasecmp(name, "default") == 0) {
		*colour = base;
		return (0);
	}
	return (style_parse_colour(name, colour));
}

/* Apply one item. */
static int
style_apply_item(struct cell *cell, const char *item, const struct cell *base,
    int *dflt)
{
	size_t	i;
	int	no = 0;

	if (strncasecmp(item, "fg=", 3) == 0)
		return (style_apply_colour(&cell->fg, item + 3, base->fg));
	if (strncasecmp(item, "bg=", 3) == 0)
		return (style_apply_colour(&cell->bg, item + 3, base->bg));
	if (strcasecmp(item, "default") == 0) {
		cell->fg = base->fg;
		cell->bg = base->bg;
		cell->attr = base->attr;
		return (0);
	}
	if (strcasecmp(item, "none") == 0) {
		cell->attr = 0;
		return (0);
	}
	if (strcasecmp(item, "push-default") == 0 ||
	    strcasecmp(item, "pop-default") == 0) {
		if (dflt == NULL)
			return (-1);
		*dflt = item[1] == 'u' || item[1] == 'U' ? STYLE_PUSH_DEFAULT :
		    STYLE_POP_DEFAULT;
		return (0);
	}
	if (strncasecmp(item, "no", 2) == 0) {
		no = 1;
		item += 2;
	}
	for (i = 0; i < sizeof style_attrs / sizeof style_attrs[0]; i++) {
		if (strcasecmp(item, style_attrs[i].name) == 0) {
			if (no)
				cell->attr &= ~style_attrs[i].attr;
			else
				cell->attr |= style_attrs[i].attr;
			return (0);
		}
	}
	return (-1);
}

/* Apply style to cell over base; *dflt (when not NULL) is set to
 * STYLE_PUSH_DEFAULT or STYLE_POP_DEFAULT if the style says so. */
static int
style_apply_items(struct cell *cell, const char *style,
    const struct cell *base, int *dflt)
{
	char	*copy = xstrdup(style), *item, *next;
	int	 rc = 0;

	for (item = copy; item != NULL; item = next) {
		if ((next = strpbrk(item, ", ")) != NULL)
			*next++ = '\0';
		if (*item == '\0')
			continue;
		if (style_apply_item(cell, item, base, dflt) != 0)
			rc = -1;
	}
	free(copy);
	return (rc);
}

int
style_apply_base(struct cell *cell, const char *style, const struct cell *base)
{
	return (style_apply_items(cell, style, base, NULL));
}

int
style_apply(struct cell *cell, const char *style)
{
	return (style_apply_items(cell, style, &CELL_BLANK, NULL));
}

unsigned int
style_draw(struct cell *line, unsigned int cols, unsigned int x,
    unsigned int maxw, const char *text, const struct cell *base, int flags)
{
	struct cell	 pen = *base, dflt = *base, cell;
	const char	*p = text, *end = text + strlen(text), *close;
	unsigned int	 used = 0;
	uint32_t	 cp;
	int		 n, w, change;
	char		*style;

	while (p < end) {
		/* "##" is one '#' (formats leave it, as tmux's do, so that
		 * "##[" can be text and "###[" a '#' then a style). */
		if ((flags & STYLE_DRAW_MARKUP) && p[0] == '#' && p[1] == '#')
			p++;
		else if ((flags & STYLE_DRAW_MARKUP) && p[0] == '#' &&
		    p[1] == '[' &&
		    (close = strchr(p + 2, ']')) != NULL) {
			/* "default" is the base until a push-default makes
			 * the style at that point the default, and again
			 * after a pop-default. */
			style = xstrndup(p + 2, close - p - 2);
			change = 0;
			style_apply_items(&pen, style, &dflt, &change);
			free(style);
			if (change == STYLE_PUSH_DEFAULT)
				dflt = pen;
			else if (change == STYLE_POP_DEFAULT)
				dflt = *base;
			p = close + 1;
			continue;
		}
		if ((n = utf8_decode(p, end - p, &cp)) <= 0) {
			cp = 0xfffd;
			n = 1;
		}
		p += n;
		if ((w = utf8_cp_width(cp)) <= 0)
			continue;	/* controls and marks are not drawn */
		if (used + w > maxw || x + used + w > cols)
			break;
		if (line != NULL) {
			cell = pen;
			cell.ch = cp;
			cell.width = w;
			line[x + used] = cell;
			if (w == 2) {
				cell.ch = ' ';
				cell.width = 0;
				line[x + used + 1] = cell;
			}
		}
		used += w;
	}
	return (used);
}
