/*
 * What the options module takes as a colour, a style and a shell, as tmux
 * 3.3a checks them when an option is set (see options.h).
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "common/xmalloc.h"
#include "grid/cell.h"
#include "model/options.h"
#include "model/options-int.h"
#include "model/style.h"

char *
options_colour_name(const char *text)
{
	static const char *const names[] = {
		"black", "red", "green", "yellow", "blue", "magenta", "cyan",
		"white"
	};
	uint32_t	 colour;
	size_t		 i;
	char		*s;

	if (strcasecmp(text, "none") == 0)
		return (xstrdup("none"));
	if (strcasecmp(text, "terminal") == 0)
		return (xstrdup("terminal"));
	if (style_parse_colour(text, &colour) != 0)
		return (NULL);
	if (colour == COLOUR_DEFAULT)
		return (xstrdup("default"));
	if (COLOUR_TYPE(colour) == COLOUR_TYPE_RGB)
		return (xasprintf("#%02x%02x%02x", COLOUR_R(colour),
		    COLOUR_G(colour), COLOUR_B(colour)));
	if (strncasecmp(text, "colo", 4) == 0)
		return (xasprintf("colour%u", colour & 0xff));
	i = colour & 0xff;
	if (i < 8)
		return (xstrdup(names[i]));
	s = xasprintf("bright%s", names[i - 8]);
	return (s);
}

/* One item of a style: what tmux's style parser takes. */
static int
options_style_item_valid(const char *item)
{
	static const char *const words[] = {
		"default", "ignore", "noignore", "push-default",
		"pop-default", "nolist", "norange", "noalign", "none", NULL
	};
	static const char *const attrs[] = {
		"acs", "bright", "bold", "dim", "underscore", "blink",
		"reverse", "hidden", "italics", "strikethrough",
		"double-underscore", "curly-underscore", "dotted-underscore",
		"dashed-underscore", "overline", NULL
	};
	static const char *const aligns[] = {
		"left", "centre", "right", "absolute-centre", NULL
	};
	static const char *const lists[] = {
		"on", "focus", "left-marker", "right-marker", NULL
	};
	const char	*const *w;
	char		*colour, *copy, *p, *attr;
	int		 ok;

	for (w = words; *w != NULL; w++) {
		if (strcasecmp(item, *w) == 0)
			return (1);
	}
	if (strncasecmp(item, "fg=", 3) == 0 ||
	    strncasecmp(item, "bg=", 3) == 0 ||
	    strncasecmp(item, "us=", 3) == 0 ||
	    strncasecmp(item, "fill=", 5) == 0) {
		colour = options_colour_name(strchr(item, '=') + 1);
		ok = colour != NULL;
		free(colour);
		return (ok);
	}
	if (strncasecmp(item, "align=", 6) == 0 ||
	    strncasecmp(item, "list=", 5) == 0) {
		w = item[0] == 'a' || item[0] == 'A' ? aligns : lists;
		for (; *w != NULL; w++) {
			if (strcasecmp(strchr(item, '=') + 1, *w) == 0)
				return (1);
		}
		return (0);
	}
	if (strncasecmp(item, "range=", 6) == 0) {
		p = strchr(item, '=') + 1;
		if (strcasecmp(p, "left") == 0 || strcasecmp(p, "right") == 0)
			return (1);
		if (strncasecmp(p, "window|", 7) == 0 ||
		    strncasecmp(p, "pane|", 5) == 0 ||
		    strncasecmp(p, "session|", 8) == 0 ||
		    strncasecmp(p, "user|", 5) == 0)
			return (strchr(p, '|')[1] != '\0');
		return (0);
	}
	if (strncasecmp(item, "no", 2) == 0)
		item += 2;
	/* Attributes, perhaps several joined by '|'. */
	copy = xstrdup(item);
	p = copy;
	ok = 1;
	while (ok && (attr = strsep(&p, "|")) != NULL) {
		for (w = attrs; *w != NULL; w++) {
			if (strcasecmp(attr, *w) == 0)
				break;
		}
		if (*w == NULL && strcasecmp(attr, "italic") != 0 &&
		    strcasecmp(attr, "underline") != 0)
			ok = 0;
	}
	free(copy);
	return (ok);
}

int
options_style_valid(const char *text)
{
	char	*copy = xstrdup(text), *p = copy, *item;
	int	 ok = 1;

	while (ok && (item = strsep(&p, " ,\n")) != NULL) {
		if (*item != '\0' && !options_style_item_valid(item))
			ok = 0;
	}
	free(copy);
	return (ok);
}

int
options_shell_valid(const char *path)
{
	const char	*base;

	if (path == NULL || *path != '/')
		return (0);
	base = strrchr(path, '/') + 1;
	if (strcmp(base, "mux") == 0 || strcmp(base, "tmux") == 0)
		return (0);
	return (access(path, X_OK) == 0);
}
