/*
 * Menus (see menu.h): the overlay kind that lists items.
 *
 * Drawn as tmux 3.3a draws them: a single-line box menu_width + 4 wide,
 * the title in its top border, each item's name from the third column in
 * menu_width columns (the selected one in mode-style, a disabled one dim,
 * without its '-'), a separator as a line across the box joined to its
 * sides.
 */
#include <stdlib.h>
#include <string.h>

#include "common/xmalloc.h"
#include "model/client.h"
#include "draw/menu.h"
#include "model/mouse.h"
#include "model/options.h"
#include "draw/overlay.h"
#include "model/state.h"
#include "model/session.h"
#include "model/style.h"
#include "model/window.h"

struct menu_item {
	char		*name;		/* NULL: a separator */
	key_code	 key;
	char		*command;
};

struct menu {
	char			*title;
	struct menu_item	*items;
	unsigned int		 count;
	unsigned int		 width;
};

struct menu_data {
	struct menu		*menu;
	int			 flags;
	int			 choice;	/* -1: none */
	int			 session;	/* the target's (id), or -1 */
	int			 pane;		/* the target's (id), or -1 */
	struct mouse_event	 mouse;
	int			 has_mouse;
	menu_run_cb		 run;
};

static void	menu_draw(struct overlay *, unsigned int, struct cell *,
		    unsigned int);
static enum overlay_result menu_key(struct overlay *, struct client *,
		    key_code);
static enum overlay_result menu_mouse(struct overlay *, struct client *,
		    const struct overlay_mouse *);
static void	menu_overlay_free(struct overlay *);

static const struct overlay_ops menu_ops = {
	.layer = OVERLAY_LAYER_BOX,
	.draw = menu_draw,
	.key = menu_key,
	.mouse = menu_mouse,
	.free = menu_overlay_free,
};

struct menu *
menu_create(const char *title)
{
	struct menu	*menu = xcalloc(1, sizeof *menu);

	menu->title = xstrdup(title);
	menu->width = overlay_text_width(title);
	return (menu);
}

void
menu_free(struct menu *menu)
{
	unsigned int	i;

	if (menu == NULL)
		return;
	for (i = 0; i < menu->count; i++) {
		free(menu->items[i].name);
		free(menu->items[i].command);
	}
	free(menu->items);
	free(menu->title);
	free(menu);
}

void
menu_add(struct menu *menu, const char *name, key_code key,
    const char *command)
{
	struct menu_item	*item;
	unsigned int		 width;

	if (*name == '\0' && menu->count == 0)
		return;
	menu->items = xreallocarray(menu->items, menu->count + 1,
	    sizeof *menu->items);
	item = &menu->items[menu->count++];
	memset(item, 0, sizeof *item);
	if (*name == '\0')
		return;
	if (*name != '-' && key != KEYC_NONE)
		item->name = xasprintf("%s#[default] #[align=right](%s)",
		    name, key_to_string(key));
	else
		item->name = xstrdup(name);
	item->key = key;
	item->command = xstrdup(command != NULL ? command : "");
	width = overlay_text_width(item->name);
	if (*item->name == '-')
		width--;
	if (width > menu->width)
		menu->width = width;
}

unsigned int
menu_count(const struct menu *menu)
{
	return (menu->count);
}

unsigned int
menu_width(const struct menu *menu)
{
	return (menu->width);
}

/* Can item i be chosen? */
static int
menu_enabled(const struct menu *menu, int i)
{
	const char	*name = menu->items[i].name;

	return (name != NULL && *name != '-');
}

static void
menu_draw(struct overlay *ov, unsigned int y, struct cell *cells,
    unsigned int sx)
{
	struct menu_data	*md = ov->data;
	struct menu		*menu = md->menu;
	struct menu_item	*item;
	struct cell		 base = CELL_BLANK;
	struct session		*s = ov->client->session;
	unsigned int		 x;

	if (y == 0 || y > menu->count || sx < 4)
		return;
	item = &menu->items[y - 1];
	if (item->name == NULL) {
		for (x = 0; x < sx; x++) {
			cells[x] = CELL_BLANK;
			cells[x].ch = overlay_border_char(ov->lines,
			    x == 0 ? 6 : x == sx - 1 ? 7 : 4);
		}
		return;
	}
	if (md->choice == (int)y - 1 && menu_enabled(menu, y - 1)) {
		if (s != NULL && s->curw != NULL)
			style_apply(&base, options_get_string(
			    s->curw->window->options, "mode-style"));
		for (x = 2; x < sx - 2; x++) {
			cells[x] = base;
			cells[x].ch = ' ';
		}
	}
	if (*item->name == '-') {
		base.attr |= ATTR_DIM;
		overlay_draw_text(cells + 2, sx - 4, item->name + 1, &base);
		return;
	}
	overlay_draw_text(cells + 2, sx - 4, item->name, &base);
	if (md->choice == (int)y - 1) {
		/* As tmux: the selected item in mode-style's colours,
		 * whatever colours its markup asks for. */
		for (x = 2; x < sx - 2; x++) {
			cells[x].fg = base.fg;
			cells[x].bg = base.bg;
		}
	}
}

/* Choose item md->choice: the menu closes, then its command runs. */
static enum overlay_result
menu_choose(struct overlay *ov, struct client *c)
{
	struct menu_data	*md = ov->data;
	char			*command;
	struct target		 t;
	struct mouse_event	 m;
	struct pane		*p;
	struct session		*s;
	int			 has_mouse = md->has_mouse;
	menu_run_cb		 run = md->run;

	if (md->choice == -1)
		return (OVERLAY_CLOSE);
	if (!menu_enabled(md->menu, md->choice)) {
		if (md->flags & MENU_STAYOPEN)
			return (OVERLAY_STAY);
		return (OVERLAY_CLOSE);
	}
	command = xstrdup(md->menu->items[md->choice].command);
	/* The target as it is now (it may have gone while the menu was
	 * open): its pane, else its session, else the client's. */
	memset(&t, 0, sizeof t);
	if (md->pane != -1 && (p = pane_find_by_id(md->pane)) != NULL)
		target_from_pane(&t, p, md->session == -1 ? c->session :
		    session_find_by_id(md->session));
	else if (md->session != -1 &&
	    (s = session_find_by_id(md->session)) != NULL)
		target_from_session(&t, s);
	else if (c->session != NULL)
		target_from_session(&t, c->session);
	m = md->mouse;
	overlay_close(ov, 0);
	run(c, command, &t, has_mouse ? &m : NULL);
	free(command);
	return (OVERLAY_GONE);
}

/* Move the choice by one (dir 1 or -1), wrapping, to an item that can be
 * chosen. */
static void
menu_step(struct menu_data *md, int dir)
{
	int	count = md->menu->count, old = md->choice;

	if (old == -1)
		old = 0;
	do {
		if (dir < 0)
			md->choice = md->choice <= 0 ? count - 1 :
			    md->choice - 1;
		else
			md->choice = md->choice == -1 ||
			    md->choice == count - 1 ? 0 : md->choice + 1;
	} while (!menu_enabled(md->menu, md->choice) && md->choice != old);
}

static enum overlay_result
menu_key(struct overlay *ov, struct client *c, key_code key)
{
	struct menu_data	*md = ov->data;
	struct menu		*menu = md->menu;
	int			 count = menu->count, i;

	for (i = 0; i < count; i++) {
		if (menu_enabled(menu, i) && menu->items[i].key == key) {
			md->choice = i;
			return (menu_choose(ov, c));
		}
	}
	switch (key) {
	case KEYC_UP:
	case 'k':
		menu_step(md, -1);
		break;
	case KEYC_DOWN:
	case 'j':
		menu_step(md, 1);
		break;
	case KEYC_PPAGE:
		if (md->choice < 6)
			md->choice = 0;
		else {
			for (i = 5; i > 0; ) {
				md->choice--;
				if (md->choice != 0 &&
				    menu_enabled(menu, md->choice))
					i--;
				else if (md->choice == 0)
					break;
			}
		}
		break;
	case KEYC_NPAGE:
		if (md->choice > count - 6)
			md->choice = count - 1;
		else {
			for (i = 5; i > 0; ) {
				md->choice++;
				if (md->choice != count - 1 &&
				    menu_enabled(menu, md->choice))
					i--;
				else if (md->choice == count - 1)
					break;
			}
		}
		while (md->choice > 0 && !menu_enabled(menu, md->choice))
			md->choice--;
		break;
	case 'g':
	case KEYC_HOME:
		md->choice = 0;
		while (md->choice < count - 1 &&
		    !menu_enabled(menu, md->choice))
			md->choice++;
		break;
	case 'G':
	case KEYC_END:
		md->choice = count - 1;
		while (md->choice > 0 && !menu_enabled(menu, md->choice))
			md->choice--;
		break;
	case '\r':
		return (menu_choose(ov, c));
	case '\033':
	case 'q':
		return (OVERLAY_CLOSE);
	}
	return (OVERLAY_STAY);
}

static enum overlay_result
menu_mouse(struct overlay *ov, struct client *c,
    const struct overlay_mouse *m)
{
	struct menu_data	*md = ov->data;
	int			 count = md->menu->count, release, wheel;

	release = !m->pressed && !m->motion && m->button != 4 &&
	    m->button != 5;
	wheel = m->button == 4 || m->button == 5;
	if (md->flags & MENU_NOMOUSE) {
		if (m->button != 0 && !release && !m->motion)
			return (OVERLAY_CLOSE);
		return (OVERLAY_STAY);
	}
	if (m->x < ov->px || m->x > ov->px + ov->sx - 1 ||
	    m->y < ov->py + 1 || m->y > ov->py + (unsigned int)count) {
		if (!(md->flags & MENU_STAYOPEN)) {
			if (release)
				return (OVERLAY_CLOSE);
		} else if (!release && !wheel && !m->motion)
			return (OVERLAY_CLOSE);
		md->choice = -1;
		return (OVERLAY_STAY);
	}
	md->choice = m->y - (ov->py + 1);
	if (!(md->flags & MENU_STAYOPEN)) {
		if (release)
			return (menu_choose(ov, c));
	} else if (!wheel && !m->motion)
		return (menu_choose(ov, c));
	return (OVERLAY_STAY);
}

static void
menu_overlay_free(struct overlay *ov)
{
	struct menu_data	*md = ov->data;

	menu_free(md->menu);
	free(md);
}

int
menu_display(struct client *c, struct menu *menu, int flags,
    unsigned int px, unsigned int py, const struct target *t,
    const struct mouse_event *m, menu_run_cb run, void (*done)(void *, int),
    void *arg)
{
	struct menu_data	*md;
	struct overlay		*ov;
	int			 i;

	if (overlay_get(c, OVERLAY_LAYER_BOX) != NULL || c->cols < menu->width + 4 ||
	    c->rows < menu->count + 2) {
		menu_free(menu);
		return (-1);
	}
	md = xcalloc(1, sizeof *md);
	md->menu = menu;
	md->flags = flags;
	md->session = t->s != NULL ? (int)t->s->id : -1;
	md->pane = t->p != NULL ? (int)t->p->id : -1;
	md->run = run;
	if (m != NULL) {
		md->mouse = *m;
		md->has_mouse = 1;
	}
	md->choice = -1;
	if (flags & MENU_NOMOUSE) {
		for (i = 0; i < (int)menu->count; i++) {
			if (menu_enabled(menu, i)) {
				md->choice = i;
				break;
			}
		}
	}
	ov = overlay_open(c, &menu_ops, md, px, py, menu->width + 4,
	    menu->count + 2, OVERLAY_LINES_SINGLE, menu->title);
	ov->done = done;
	ov->done_arg = arg;
	return (0);
}
