/*
 * menu: an overlay (overlay.h) listing items to choose from, as tmux
 * 3.3a's display-menu draws and runs them. An item has a name (drawn
 * with #[style] markup; a name starting with '-' is shown but cannot be
 * chosen), a key that chooses it at once (shown right-aligned after the
 * name) and a command; an empty name is a separator line.
 *
 * Keys: the items' keys; Up, k / Down, j move over the items that can be
 * chosen (wrapping); PageUp, C-b / PageDown move five; g, Home / G, End
 * the first and last; Enter chooses; q and Escape close. A menu opened
 * by a mouse event follows the mouse: the item under it is selected, a
 * release on an item chooses it and a release elsewhere closes the menu
 * (with -O it stays open: a press or release on an item chooses it, a
 * press elsewhere closes). A
 * menu opened otherwise ignores the left button and closes on any other.
 *
 * The chosen item's command runs after the menu has closed, for the
 * menu's client and target (and its mouse event, if any).
 */
#ifndef MUX_MENU_H
#define MUX_MENU_H

#include "common/key.h"
#include "model/target.h"

struct client;
struct menu;
struct mouse_event;

#define MENU_STAYOPEN	0x1	/* -O */
#define MENU_NOMOUSE	0x2	/* not opened by a mouse event */

/* Run a chosen item's command (text) for c at target t with the mouse
 * event m (may be NULL). */
typedef void (*menu_run_cb)(struct client *c, const char *command,
    const struct target *t, const struct mouse_event *m);

/* A new empty menu with a title (markup, copied). */
struct menu	*menu_create(const char *title);
void		 menu_free(struct menu *);
/* Add an item (name and command already expanded; copied). An empty
 * name adds a separator (none first, as tmux). */
void		 menu_add(struct menu *, const char *name, key_code key,
		     const char *command);
/* Items, and the width of the widest (and the title). */
unsigned int	 menu_count(const struct menu *);
unsigned int	 menu_width(const struct menu *);
/* Show the menu (which belongs to it from here) on c with its top left
 * at (px, py): it is menu_width + 4 by menu_count + 2. run runs the
 * chosen command; done(arg) runs once when it closes. Returns -1 (the
 * menu freed) when c already has an overlay or it does not fit. */
int		 menu_display(struct client *c, struct menu *, int flags,
		     unsigned int px, unsigned int py, const struct target *,
		     const struct mouse_event *, menu_run_cb run,
		     void (*done)(void *, int), void *arg);

#endif
