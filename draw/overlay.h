/*
 * overlay: a box drawn over a client's screen (panes and status line
 * alike) at a position, with a border, a title and contents, as tmux 3.3a
 * draws its popups and menus. While one is open it takes the client's
 * keys and mouse events before anything else (the prompt, the key tables,
 * the panes); it closes with a status of its own, given to whoever opened
 * it (display-popup passes its program's exit status on to the client
 * that ran it).
 *
 * This file keeps what every kind shares: where the box is (what was
 * asked, and what fits the client now), the border and its title, the
 * styles, routing keys and mouse events to the kind, closing. A kind
 * (popup.c, menu.c) gives the callbacks that draw the inside, take keys
 * and the mouse, show a cursor and follow a resize.
 *
 * Coordinates are the client's screen: (0, 0) is its top left cell,
 * whatever the status line does.
 */
#ifndef MUX_OVERLAY_H
#define MUX_OVERLAY_H

#include "common/key.h"
#include "grid/cell.h"

struct client;
struct overlay;

/* Border lines, in the order of popup-border-lines' choices. */
enum overlay_lines {
	OVERLAY_LINES_SINGLE,
	OVERLAY_LINES_DOUBLE,
	OVERLAY_LINES_HEAVY,
	OVERLAY_LINES_SIMPLE,
	OVERLAY_LINES_ROUNDED,
	OVERLAY_LINES_PADDED,
	OVERLAY_LINES_NONE,
};

/* What a kind's key or mouse callback did. */
enum overlay_result {
	OVERLAY_STAY,		/* still open */
	OVERLAY_CLOSE,		/* close it (with its status) */
	OVERLAY_GONE,		/* the callback closed it itself */
};

/* A mouse event as an overlay gets it: on the client's screen. */
struct overlay_mouse {
	unsigned int	x, y;
	int		button;		/* 0-2; 3 none; 4, 5 the wheel */
	int		pressed;	/* 1 press, 0 release */
	int		motion;		/* a move (with button held: a drag) */
	key_code	mods;
};

struct overlay_ops {
	/* Draw the inside of box row y (0 is the top border) into cells,
	 * the box's sx cells, over which the border and title are drawn
	 * already. */
	void	(*draw)(struct overlay *, unsigned int y, struct cell *cells,
		    unsigned int sx);
	enum overlay_result (*key)(struct overlay *, struct client *,
		    key_code);
	enum overlay_result (*mouse)(struct overlay *, struct client *,
		    const struct overlay_mouse *);
	/* Where the cursor shows (on the client's screen) and its shape;
	 * returns 0 when hidden. May be NULL (hidden). */
	int	(*cursor)(struct overlay *, unsigned int *x, unsigned int *y,
		    int *shape);
	/* The box changed size (the client did): follow it. May be NULL. */
	void	(*resize)(struct overlay *);
	/* The overlay closes: free data. */
	void	(*free)(struct overlay *);
};

struct overlay {
	struct client			*client;
	const struct overlay_ops	*ops;
	void				*data;

	/* The box as asked (ppx, ppy, psx, psy) and as it fits the client
	 * now (px, py, sx, sy). */
	unsigned int			 ppx, ppy, psx, psy;
	unsigned int			 px, py, sx, sy;
	enum overlay_lines		 lines;
	struct cell			 border;	/* border cells */
	struct cell			 inside;	/* colours for cells
							   left default */
	int				 defaults;	/* apply inside */
	char				*title;		/* markup; may be "" */

	int				 status;	/* given on close */
	/* Runs once when it closes, with the status (also when the client
	 * goes away). */
	void				(*done)(void *, int status);
	void				*done_arg;
};

/* The border lines a popup-border-lines name gives; -1 when unknown. */
int		 overlay_lines_from_name(const char *);
/* Border character n of lines: 0-3 the corners (top left, top right,
 * bottom left, bottom right), 4 horizontal, 5 vertical, 6 and 7 the left
 * and right tees (a menu's separators). */
uint32_t	 overlay_border_char(enum overlay_lines, int n);
/* Open an overlay on c with box (px, py, sx, sy), which must fit c's
 * screen, of the kind ops with data (owned from here: ops->free frees it
 * on close). title is copied. Returns NULL when c already has one. */
struct overlay	*overlay_open(struct client *c, const struct overlay_ops *,
		     void *data, unsigned int px, unsigned int py,
		     unsigned int sx, unsigned int sy, enum overlay_lines,
		     const char *title);
/* Close c's overlay, if any, with status (or the one it has set when
 * status is -1): ops->free, then done. */
void		 overlay_close(struct client *c, int status);
/* Is there an overlay, and does it cover screen row y? */
int		 overlay_active(const struct client *c);
int		 overlay_covers_row(const struct client *c, unsigned int y);
/* The overlay's part of screen row y, drawn over line (cols cells). */
void		 overlay_draw_row(struct client *c, unsigned int y,
		     struct cell *line, unsigned int cols);
/* The cursor while an overlay is open: 1 (and where) when it shows. */
int		 overlay_cursor(struct client *c, unsigned int *x,
		     unsigned int *y, int *shape);
/* A key or mouse event for the open overlay. */
void		 overlay_key(struct client *c, key_code);
void		 overlay_mouse(struct client *c, const struct overlay_mouse *);
/* c's size changed: fit the box again (as tmux: what was asked, moved
 * and cut to the new size). */
void		 overlay_resize(struct client *c);
/* The inside of the box: first column and row (relative to the box) and
 * its size; 0 when it has none. */
int		 overlay_inside(const struct overlay *, unsigned int *x,
		     unsigned int *y, unsigned int *w, unsigned int *h);
/* Draw text with #[style] markup (and one #[align=left|centre|right]
 * part, as tmux's titles and menu items use) into cells[0, width) over
 * base. Returns the columns used. */
unsigned int	 overlay_draw_text(struct cell *cells, unsigned int width,
		     const char *text, const struct cell *base);
/* The width text would take (markup not counted). */
unsigned int	 overlay_text_width(const char *text);

#endif
