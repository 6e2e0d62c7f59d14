/*
 * overlay: what is drawn over a client's screen (panes and status line
 * alike) and takes its input first: a box at a position, with an optional
 * border and title and contents of its own, closed with a status given to
 * whoever opened it (display-popup passes its program's exit status on to
 * the client that ran it). Every kind of them is one of these:
 *
 *   kind            layer   box                   keys          mouse
 *   command prompt  prompt  the last status line  edit it       passes on
 *   display-panes   box     the window's rows     0-9 a-z pick  passes on
 *   menu            box     where -x/-y put it    choose        choose
 *   popup           box     where -x/-y put it    its program   its program
 *
 * A client has at most one overlay on each layer; the box layer is above
 * the prompt's (a popup opened while the prompt is open covers it and
 * takes the keys first), and a box is refused while another is open, as
 * tmux refuses a popup, a menu or display-panes then. Keys go to the top
 * overlay first; one that is not its own (OVERLAY_PASS) goes to the one
 * below, then on as if none were open. The mouse goes to the top overlay
 * that takes it; the cursor is the lowest one's (under a popup the
 * prompt's, hidden, as in tmux). A kind whose box follows the client's layout (the
 * prompt's line, display-panes' window) places it again before each
 * frame; the others keep where they were asked to be, cut to the client.
 * A transparent kind draws over what is under its box (display-panes'
 * digits over the panes), the others over blanks.
 *
 * Pane modes are not overlays, in tmux as here: view mode (command
 * output), the choose lists, clock mode and customize mode belong to a
 * pane (pane-mode.h, copy.h), draw inside its rectangle for every client
 * that shows the pane, take the keys of the client whose active pane it
 * is (through the key tables, not before them) and stay when the client
 * goes; an overlay belongs to one client, draws at that client's screen
 * position and takes that client's input before the key tables.
 *
 * This file keeps what every kind shares: where the box is (what was
 * asked, and what fits the client now), the border and its title, the
 * styles, the layers, routing keys and mouse events, a timeout, closing.
 * A kind (popup.c, menu.c, prompt-run.c, cmd/cmd-display-panes.c with
 * display-panes.c) gives the callbacks that draw the inside, take keys
 * and the mouse, show a cursor, place the box and follow a resize.
 *
 * Coordinates are the client's screen: (0, 0) is its top left cell,
 * whatever the status line does.
 */
#ifndef MUX_OVERLAY_H
#define MUX_OVERLAY_H

#include "common/key.h"
#include "grid/cell.h"

struct client;
struct event;
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

/* The layers, bottom first. */
enum overlay_layer {
	OVERLAY_LAYER_PROMPT,	/* the command prompt */
	OVERLAY_LAYER_BOX,	/* a popup, a menu or display-panes */
	OVERLAY_LAYERS
};

/* What a kind's key or mouse callback did. */
enum overlay_result {
	OVERLAY_STAY,		/* still open */
	OVERLAY_CLOSE,		/* close it (with its status) */
	OVERLAY_GONE,		/* the callback closed it itself */
	OVERLAY_PASS,		/* not its key: on to the overlay below, or
				   as if none were open (the callback may
				   have closed it) */
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
	enum overlay_layer layer;
	/* Cells start as what is under the box, not blank. */
	int	transparent;
	/* Draw the inside of box row y (0 is the top border) into cells,
	 * the box's sx cells, over which the border and title are drawn
	 * already. */
	void	(*draw)(struct overlay *, unsigned int y, struct cell *cells,
		    unsigned int sx);
	/* A key; NULL: every key passes. */
	enum overlay_result (*key)(struct overlay *, struct client *,
		    key_code);
	/* A mouse event; NULL: the mouse passes. */
	enum overlay_result (*mouse)(struct overlay *, struct client *,
		    const struct overlay_mouse *);
	/* Where the cursor shows (on the client's screen) and its shape;
	 * returns 0 when hidden. May be NULL (hidden, in the shape of
	 * what is under). */
	int	(*cursor)(struct overlay *, unsigned int *x, unsigned int *y,
		    int *shape);
	/* The box changed size (the client did): follow it. May be NULL. */
	void	(*resize)(struct overlay *);
	/* Set the box (px, py, sx, sy) from the client's layout now, before
	 * a frame and after a resize; an empty box draws nothing. May be
	 * NULL (the box stays where it was asked). */
	void	(*place)(struct overlay *);
	/* The overlay closes: free data. */
	void	(*free)(struct overlay *);
};

struct overlay {
	struct client			*client;
	struct overlay			*below;	/* the next layer down */
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
	struct event			*timer;		/* overlay_timeout */
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
/* Open an overlay on c on the kind's layer, with box (px, py, sx, sy),
 * which must fit c's screen, of the kind ops with data (owned from here:
 * ops->free frees it on close). title is copied. Returns NULL when c
 * already has one on that layer. */
struct overlay	*overlay_open(struct client *c, const struct overlay_ops *,
		     void *data, unsigned int px, unsigned int py,
		     unsigned int sx, unsigned int sy, enum overlay_lines,
		     const char *title);
/* Close ov with status (or the one it has set when status is -1):
 * ops->free, then done. */
void		 overlay_close(struct overlay *, int status);
/* Close every overlay of c, the top first (c goes away). */
void		 overlay_close_all(struct client *c);
/* Close ov with its status after ms milliseconds (> 0). */
void		 overlay_timeout(struct overlay *, long long ms);
/* c's overlay on layer, or NULL. */
struct overlay	*overlay_get(const struct client *c, enum overlay_layer);
/* Does an overlay cover screen row y? */
int		 overlay_covers_row(const struct client *c, unsigned int y);
/* Place the boxes that follow c's layout (ops->place), before a frame. */
void		 overlay_place(struct client *c);
/* The overlays' parts of screen row y, bottom layer first, drawn over
 * line (cols cells). */
void		 overlay_draw_row(struct client *c, unsigned int y,
		     struct cell *line, unsigned int cols);
/* The cursor with the overlays open: each placed one, top layer first,
 * sets *visible (and where and its shape when it shows its own), so the
 * lowest has the last word (tmux hides the cursor for its prompt even
 * under a popup). Returns 1 when one shows that is not transparent (the
 * cursor is then in the terminal's colour). */
int		 overlay_cursor(struct client *c, unsigned int *x,
		     unsigned int *y, int *shape, int *visible);
/* A key or mouse event for the overlays, top first: 1 when one took it,
 * 0 when it goes on as if none were open. */
int		 overlay_key(struct client *c, key_code);
int		 overlay_mouse(struct client *c, const struct overlay_mouse *);
/* c's size changed: fit the boxes again (as tmux: what was asked, moved
 * and cut to the new size, or placed again by the kind). */
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
