/*
 * style: tmux style strings ("fg=black,bg=green,bold", "fg=colour81",
 * "bg=#ff8800", "default", "none", "noreverse") applied to a cell's
 * colours and attributes, and the #[...] markup of formats drawn in the
 * status line and border lines, as tmux 3.3a draws them: sections aligned
 * left, centre, right and absolute-centre, a list (the window list) cut
 * around its focus with markers, ranges a mouse click finds, a fill
 * colour, and a default style that push-default and pop-default move.
 */
#ifndef MUX_STYLE_H
#define MUX_STYLE_H

#include "grid/cell.h"

enum style_align {
	STYLE_ALIGN_DEFAULT,
	STYLE_ALIGN_LEFT,
	STYLE_ALIGN_CENTRE,
	STYLE_ALIGN_RIGHT,
	STYLE_ALIGN_ABSOLUTE_CENTRE,
};

enum style_list {
	STYLE_LIST_OFF,
	STYLE_LIST_ON,
	STYLE_LIST_FOCUS,
	STYLE_LIST_LEFT_MARKER,
	STYLE_LIST_RIGHT_MARKER,
};

enum style_range_type {
	STYLE_RANGE_NONE,
	STYLE_RANGE_LEFT,
	STYLE_RANGE_RIGHT,
	STYLE_RANGE_PANE,	/* argument: the pane's id (%N) */
	STYLE_RANGE_WINDOW,	/* argument: the window's index */
	STYLE_RANGE_SESSION,	/* argument: the session's id ($N) */
	STYLE_RANGE_USER,	/* string */
};

enum style_default_type {
	STYLE_DEFAULT_BASE,
	STYLE_DEFAULT_PUSH,
	STYLE_DEFAULT_POP,
};

#define STYLE_RANGE_STRING	16

/* A parsed style: the cell's colours and attributes and what the markup
 * directives say. */
struct style {
	struct cell		 gc;
	int			 fill_set;
	uint32_t		 fill;
	int			 ignore;
	enum style_align	 align;
	enum style_list		 list;
	enum style_range_type	 range_type;
	unsigned int		 range_argument;
	char			 range_string[STYLE_RANGE_STRING];
	enum style_default_type	 default_type;
};

/* A range of a drawn line: columns [x0, x1). */
struct style_range {
	unsigned int		 x0, x1;
	enum style_range_type	 type;
	unsigned int		 argument;
	char			 string[STYLE_RANGE_STRING];
};

/* A style with gc's colours and attributes and no directives. */
void	style_init(struct style *, const struct cell *gc);
/* Parse style text onto sy: "default" (and "fg=default", "bg=default",
 * "us=default") take base's. Returns 0, or -1 when some item is not
 * understood, and then sy is left as it was (as tmux does). */
int	style_parse(struct style *, const struct cell *base, const char *text);

/* Apply style text to cell (fg, bg, attr) over base (style_parse's
 * "default"). Returns 0, or -1 (cell unchanged) when it is not understood
 * or has a directive that means something only in drawn markup. */
int	style_apply_base(struct cell *cell, const char *style,
	    const struct cell *base);
/* style_apply_base over the terminal's defaults (a style that is not drawn
 * over another, such as message-style or pane-border-style). */
int	style_apply(struct cell *cell, const char *style);
/* Parse a colour name ("red", "brightred", "colour123", "#rrggbb",
 * "default"); returns 0 and sets *colour, or -1. */
int	style_parse_colour(const char *name, uint32_t *colour);

#endif
