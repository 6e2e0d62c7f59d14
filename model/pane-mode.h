/*
 * pane-mode: what the model knows of a pane's modes. A pane shows a mode
 * instead of its program's screen, and keys typed or sent to the pane go
 * to the mode, as in tmux 3.3a. A pane has two slots:
 *   p->mode	copy or view mode (copy/), with p->mode_ops;
 *   p->pmode	another mode (clock mode, customize mode, in draw/), which
 *		draws over copy mode when both are on (leaving it shows copy
 *		mode again, as tmux's mode stack does); entering copy or view
 *		mode leaves it.
 * Each mode gives its callbacks (pane_mode_ops), and the model reaches a
 * mode only through them, never naming the mode itself: its name, its
 * format variables, its cursor and freeing it. Copy mode is drawn and
 * given keys by draw/ and server/ through copy.h, so its ops have no draw
 * or key; the other modes' are drawn and keyed through these.
 *
 * This file keeps the other mode on the pane, frees it when it ends (never
 * inside its own callback) and asks for the pane to be redrawn.
 *
 * A pane mode is not an overlay (draw/overlay.h: popups, menus, the
 * prompt, display-panes), in tmux as here: it belongs to the pane, not to
 * a client, so every client showing the pane sees it inside the pane's
 * rectangle, its keys come through the key tables (prefix and root
 * bindings still work), and it outlives the client that opened it. The
 * choose lists are such a mode too, and view mode is copy mode's.
 */
#ifndef MUX_PANE_MODE_H
#define MUX_PANE_MODE_H

#include "common/key.h"
#include "grid/cell.h"

struct client;
struct mouse_event;
struct pane;

struct pane_mode_ops {
	const char	*name;		/* #{pane_mode} */
	/* Draw row y of the pane (n cells, the pane's width) into line. */
	void	(*draw)(struct pane *, void *data, unsigned int y,
		    struct cell *line, unsigned int n);
	/* A key for the pane (c: the client it is for), with its mouse event
	 * for a mouse key (else NULL). May end the mode (pane_mode_reset). */
	void	(*key)(struct pane *, void *data, struct client *c,
		    key_code key, const struct mouse_event *m);
	/* The mode is gone: free data. */
	void	(*free)(void *data);
	/* Optional (NULL: none). The mode's format variables (copy mode's
	 * scroll_position, copy_cursor_x, selection_present, ...): a heap
	 * string, or NULL when name is not one of them. */
	char	*(*format)(void *data, const char *name);
	/* Where the mode's cursor is in the pane; 0 when it shows none. */
	int	(*cursor)(void *data, unsigned int *x, unsigned int *y);
	/* Optional (NULL: none). The cells of row y of the text the mode
	 * shows, *n of them, without its styles (copy and view mode's view,
	 * for mouse_word and mouse_line); good until the mode is next used. */
	const struct cell *(*row)(void *data, unsigned int y, unsigned int *n);
};

struct pane_mode {
	const struct pane_mode_ops	*ops;
	void				*data;
	int				 busy;	/* in a callback */
	int				 dead;	/* reset while busy */
};

/* Put p into a mode (ending any other); data belongs to the mode. */
void		 pane_mode_set(struct pane *, const struct pane_mode_ops *,
		     void *data);
/* End p's mode, if it has one. */
void		 pane_mode_reset(struct pane *);
/* A pane that is being destroyed: free its mode, with no redraw and no
 * pane-mode-changed hook. */
void		 pane_mode_discard(struct pane *);
/* The mode's data if p is in the mode with these ops, else NULL. */
void		*pane_mode_data(const struct pane *,
		     const struct pane_mode_ops *);
/* A key for p's mode. Returns 0 when p has no mode. */
int		 pane_mode_key(struct pane *, struct client *, key_code,
		     const struct mouse_event *);
/* Draw row y of p's mode (p has one). */
void		 pane_mode_draw(struct pane *, unsigned int y,
		     struct cell *line, unsigned int n);
/* The name of the mode p shows (#{pane_mode}), or NULL: none. */
const char	*pane_mode_name(const struct pane *);
/* A format variable of p's copy or view mode (see pane_mode_ops's
 * format), or NULL. */
char		*pane_mode_format(struct pane *, const char *name);
/* The cells of row y of the text p's mode shows (see pane_mode_ops's
 * row), *n of them; NULL when its mode has none (the other mode on top, or
 * one without text). p is in a mode. */
const struct cell *pane_mode_row(struct pane *, unsigned int y,
		     unsigned int *n);
/* Free p's copy or view mode (the pane is being destroyed). */
void		 pane_mode_free_copy(struct pane *);
/* Where p's cursor shows (x, y in the pane): its mode's, or its
 * program's with its shape (vt.h's, | PANE_CURSOR_BLINK when it blinks)
 * in *shape and its colour (a cell colour) in *colour: what the program
 * set (DECSCUSR, OSC 12), else the pane's cursor-style and cursor-colour
 * (0 and COLOUR_DEFAULT for a mode's). Returns 0 when it is hidden. */
#define PANE_CURSOR_BLINK	0x80
int		 pane_cursor(struct pane *, unsigned int *x, unsigned int *y,
		     int *shape, uint32_t *colour);
/* Ask every client showing p's window to redraw it. */
void		 pane_mode_redraw(struct pane *);
/* Something a mode may list changed (sessions, windows, names, buffers,
 * clients): redraw every window with a pane in a mode. */
void		 pane_mode_redraw_all(void);

#endif
