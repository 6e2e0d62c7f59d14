/*
 * Windows: their panes, layout, names, size, zoom and alerts. The panes
 * themselves (their programs, ptys and vts) are in pane.c.
 */
#include <sys/ioctl.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <pty.h>
#include <utmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include <event2/buffer.h>
#include <event2/event.h>

#include "common/log.h"
#include "common/name.h"
#include "common/trace.h"
#include "common/xmalloc.h"
#include "grid/vt.h"
#include "model/client.h"
#include "model/environ.h"
#include "model/format.h"
#include "model/layout.h"
#include "model/hooks.h"
#include "model/paste.h"
#include "common/base64.h"
#include "model/options.h"
#include "model/pane-mode.h"
#include "model/state.h"
#include "model/session.h"
#include "model/target.h"
#include "model/control.h"
#include "model/window.h"
#include "model/window-int.h"

struct window *
window_create(unsigned int sx, unsigned int sy)
{
	struct window	*w = xcalloc(1, sizeof *w);

	w->id = srv->next_window_id++;
	w->sx = sx;
	w->sy = sy;
	w->name = xstrdup("");
	w->preset = -1;
	w->activity = time(NULL);
	w->options = options_create(srv->window_options, OPTION_WINDOW);
	TAILQ_INIT(&w->panes);
	TAILQ_INSERT_TAIL(&srv->windows, w, entry);
	return (w);
}

/* monitor-silence went off: flag the window for the alerts. */
static void
window_silence_cb(int fd, short events, void *arg)
{
	struct window	*w = arg;

	if (!(w->flags & WINDOW_SILENCE)) {
		w->flags |= WINDOW_SILENCE|WINDOW_SILENCE_NEW;
		session_alert(w, WINLINK_SILENCE);
		hooks_notify_alert("alert-silence", w);
		server_status_changed();
	}
}

void
window_alerts_reset(struct window *w)
{
	struct timeval	tv = { 0, 0 };

	w->flags &= ~WINDOW_SILENCE;
	tv.tv_sec = options_get_number(w->options, "monitor-silence");
	if (tv.tv_sec == 0) {
		if (w->silence != NULL)
			evtimer_del(w->silence);
		return;
	}
	if (w->silence == NULL)
		w->silence = evtimer_new(srv->base, window_silence_cb, w);
	evtimer_add(w->silence, &tv);
}

void
window_destroy(struct window *w)
{
	struct pane	*p;

	while ((p = TAILQ_FIRST(&w->panes)) != NULL)
		pane_destroy(p);
	if (w->layout != NULL)
		layout_free(w->layout);
	TAILQ_REMOVE(&srv->windows, w, entry);
	if (w->silence != NULL)
		event_free(w->silence);
	options_free(w->options);
	hooks_free(w->hooks);
	free(w->old_layout);
	free(w->name);
	free(w);
	srv->dirty = 1;
}

void
window_set_fixed_name(struct window *w, const char *name)
{
	window_set_name(w, name);
	/* A name given by hand stays: automatic-rename goes off. */
	options_set(w->options, "automatic-rename", "off", 0, NULL);
}

void
window_update_names(void)
{
	struct window	*w;
	struct target	 t;
	char		*name;

	TAILQ_FOREACH(w, &srv->windows, entry) {
		if (!options_get_number(w->options, "automatic-rename") ||
		    w->active == NULL || (w->active->flags & PANE_EXITED))
			continue;
		/* automatic-rename-format names it (tmux: the program, or
		 * [tmux] in a mode). */
		target_from_pane(&t, w->active, NULL);
		name = format_expand(options_get_string(w->options,
		    "automatic-rename-format"), &t, NULL);
		if (*name != '\0' && strcmp(name, w->name) != 0) {
			window_set_name(w, name);
			hooks_notify_window("window-renamed", w);
		}
		free(name);
	}
}

struct window *
window_find_by_id(unsigned int id)
{
	struct window	*w;

	TAILQ_FOREACH(w, &srv->windows, entry) {
		if (w->id == id)
			return (w);
	}
	return (NULL);
}

void
window_set_name(struct window *w, const char *name)
{
	free(w->name);
	w->name = xstrdup(name);
	server_status_changed();
}

unsigned int
window_count_panes(const struct window *w)
{
	const struct pane	*p;
	unsigned int		 n = 0;

	TAILQ_FOREACH(p, &w->panes, entry)
		n++;
	return (n);
}

unsigned int
window_pane_index(const struct window *w, const struct pane *target)
{
	const struct pane	*p;
	unsigned int		 n;

	n = options_get_number(w->options, "pane-base-index");
	TAILQ_FOREACH(p, &w->panes, entry) {
		if (p == target)
			break;
		n++;
	}
	return (n);
}

struct pane *
window_pane_at_index(struct window *w, unsigned int idx)
{
	struct pane	*p;
	unsigned int	 n;

	n = options_get_number(w->options, "pane-base-index");
	TAILQ_FOREACH(p, &w->panes, entry) {
		if (n++ == idx)
			return (p);
	}
	return (NULL);
}

void
window_resize(struct window *w, unsigned int sx, unsigned int sy)
{
	if (sx == 0)
		sx = 1;
	if (sy == 0)
		sy = 1;
	if (sx != w->sx || sy != w->sy) {
		hooks_notify_window("window-layout-changed", w);
		hooks_notify_window("window-resized", w);
	}
	w->sx = sx;
	w->sy = sy;
	if (w->layout != NULL)
		layout_resize(w->layout, sx, sy);
	window_apply_layout(w);
	srv->dirty = 1;
}

/* Is lc at the top (or bottom) of the window: the first (last) child of
 * every top-to-bottom split it is in? */
static int
window_cell_at_edge(struct layout_cell *lc, int top)
{
	struct layout_cell	*parent;

	for (; (parent = lc->parent) != NULL; lc = parent) {
		if (parent->type != LAYOUT_TOPBOTTOM)
			continue;
		if (top ? lc != TAILQ_FIRST(&parent->children) :
		    TAILQ_NEXT(lc, entry) != NULL)
			return (0);
	}
	return (1);
}

/* Place p at (xoff, yoff), sx by sy. With pane-border-status, a pane at
 * the top (bottom) of the window gives its first (last) row to its status
 * line, as tmux 3.3a's panes do; other panes have the border line above
 * (below) them for it. */
static void
window_place_pane(struct pane *p, struct layout_cell *lc, unsigned int xoff,
    unsigned int yoff, unsigned int sx, unsigned int sy)
{
	long long	status = options_get_number(p->window->options,
			    "pane-border-status");

	if (status != 0 && sy > 1 &&
	    (lc == NULL || window_cell_at_edge(lc, status == 1))) {
		if (status == 1)
			yoff++;
		sy--;
	}
	p->xoff = xoff;
	p->yoff = yoff;
	pane_resize(p, sx, sy);
}

/* Give one pane its cell's geometry. */
static void
window_apply_cell(struct layout_cell *lc, void *arg)
{
	struct pane	*p = lc->pane;

	if (p == NULL)
		return;
	window_place_pane(p, lc, lc->xoff, lc->yoff, lc->sx, lc->sy);
}

void
window_apply_layout(struct window *w)
{
	struct pane	*p;

	if ((w->flags & WINDOW_ZOOMED) && (p = w->active) != NULL)
		window_place_pane(p, NULL, 0, 0, w->sx, w->sy);
	else if (w->layout != NULL)
		layout_foreach(w->layout, window_apply_cell, NULL);
	window_recompose(w);	/* borders and places moved */
	server_status_changed();
}

void
window_clipboard(struct window *w, const char *sel, const char *b64,
    size_t len)
{
	struct client	*c;

	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session == NULL || c->session->curw == NULL ||
		    c->session->curw->window != w)
			continue;
		client_queue_clipboard(c, sel, b64, len);
	}
}

void
window_recompose(struct window *w)
{
	struct client	*c;

	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session != NULL && c->session->curw != NULL &&
		    c->session->curw->window == w)
			c->flags |= CLIENT_RECOMPOSE;
	}
	srv->dirty = 1;
}

void
window_zoom(struct window *w, int on)
{
	if (on && window_count_panes(w) < 2)
		return;
	if (on != ((w->flags & WINDOW_ZOOMED) != 0))
		hooks_notify_window("window-layout-changed", w);
	if (on)
		w->flags |= WINDOW_ZOOMED;
	else
		w->flags &= ~WINDOW_ZOOMED;
	window_apply_layout(w);
}

void
window_set_active(struct window *w, struct pane *p)
{
	if (p == w->active)
		return;
	hooks_notify_window("window-pane-changed", w);
	hooks_focus_moved(w->active, p, NULL);
	w->last = w->active;
	w->active = p;
	p->active_point = ++srv->active_point;
	if (w->flags & WINDOW_ZOOMED)
		window_zoom(w, 0);
	if (w->last != NULL)
		pane_send_focus(w->last, 0);
	pane_send_focus(p, 1);
	server_status_changed();
	window_recompose(w);	/* the active border moved */
}

struct pane *
window_pane_at(struct window *w, unsigned int x, unsigned int y)
{
	struct pane	*p;

	if ((w->flags & WINDOW_ZOOMED) && w->active != NULL)
		return (x < w->sx && y < w->sy ? w->active : NULL);
	TAILQ_FOREACH(p, &w->panes, entry) {
		if (x >= p->xoff && x < p->xoff + p->sx &&
		    y >= p->yoff && y < p->yoff + p->sy)
			return (p);
	}
	return (NULL);
}

/* Name a new window after its first program. */
static void
window_name_from(struct window *w, const struct pane_spawn *sp)
{
	const char	*shell = sp->shell;
	char		*copy, *sp_;
	int		 i;

	if (sp->argc > 0) {
		copy = xstrdup(sp->argv[0]);
		if ((sp_ = strchr(copy, ' ')) != NULL)
			*sp_ = '\0';
	} else {
		if (shell == NULL || *shell == '\0') {
			shell = "/bin/sh";
			for (i = 0; sp->env != NULL && sp->env[i] != NULL; i++) {
				if (strncmp(sp->env[i], "SHELL=", 6) == 0)
					shell = sp->env[i] + 6;
			}
		}
		copy = xstrdup(shell);
	}
	window_set_name(w, basename(copy));
	free(copy);
}

struct pane *
pane_create(struct window *w, const struct pane_spawn *sp, char **cause)
{
	struct pane	*p;

	if ((p = pane_new(w, w->sx, w->sy, sp, cause)) == NULL)
		return (NULL);
	window_adopt_pane(w, p);
	if (*w->name == '\0')
		window_name_from(w, sp);
	srv->dirty = 1;
	return (p);
}

/* A sentinel for the layout cell of a pane that is not there yet. */
static char	window_placeholder;

/* Make room beside target (the whole window when full) for a pane of
 * size cells; returns its layout cell, holding the placeholder, or NULL
 * with *cause when there is no room. */
static struct layout_cell *
window_make_room(struct window *w, struct pane *target, int type, int size,
    int before, int full, char **cause)
{
	struct layout_cell	*lc;

	if (w->flags & WINDOW_ZOOMED)
		window_zoom(w, 0);
	lc = layout_split(w->layout, full ? NULL : target, type, size, before,
	    &window_placeholder);
	if (lc == NULL)
		*cause = xstrdup("no space for new pane");
	return (lc);
}

/* Put p into the room made for it and lay the window out again. */
static void
window_fill_room(struct window *w, struct layout_cell *lc, struct pane *p)
{
	lc->pane = p;
	p->window = w;
	options_set_parent(p->options, w->options);
	TAILQ_INSERT_TAIL(&w->panes, p, entry);
	window_order_panes(w);
	hooks_notify_window("window-layout-changed", w);
	window_apply_layout(w);
}

struct pane *
window_split(struct window *w, struct pane *target, int type, int size,
    int before, int full, const struct pane_spawn *sp, char **cause)
{
	struct layout_cell	*lc;
	struct pane		*p;

	if (target == NULL)
		target = w->active;
	lc = window_make_room(w, target, type, size, before, full, cause);
	if (lc == NULL)
		return (NULL);
	if ((p = pane_new(w, lc->sx, lc->sy, sp, cause)) == NULL) {
		w->layout = layout_remove(w->layout, &window_placeholder);
		window_apply_layout(w);
		return (NULL);
	}
	window_fill_room(w, lc, p);
	return (p);
}

/* Take p out of w's list and layout; the last active pane (else a
 * neighbour in the list) becomes active if p was, as in tmux. */
void
window_unlink_pane(struct window *w, struct pane *p)
{
	if (w->active == p) {
		if (w->last != NULL && w->last != p)
			w->active = w->last;
		else if ((w->active = TAILQ_NEXT(p, entry)) == NULL)
			w->active = TAILQ_PREV(p, panes, entry);
	}
	if (w->last == p)
		w->last = NULL;
	TAILQ_REMOVE(&w->panes, p, entry);
	if (w->layout != NULL)
		w->layout = layout_remove(w->layout, p);
}

void
window_take_pane(struct pane *p)
{
	struct window	*w = p->window;

	window_unlink_pane(w, p);
	w->flags &= ~WINDOW_ZOOMED;
	p->window = NULL;
	if (!TAILQ_EMPTY(&w->panes)) {
		hooks_notify_window("window-layout-changed", w);
		window_apply_layout(w);
	}
}

void
window_adopt_pane(struct window *w, struct pane *p)
{
	w->layout = layout_create(p, w->sx, w->sy);
	TAILQ_INSERT_TAIL(&w->panes, p, entry);
	w->active = p;
	p->window = w;
	options_set_parent(p->options, w->options);
	window_apply_layout(w);
}

int
window_join_pane(struct window *w, struct pane *p, struct pane *target,
    int type, int size, int before, int full, char **cause)
{
	struct layout_cell	*lc;

	/* Make room first: if it does not fit, nothing has moved. */
	lc = window_make_room(w, target, type, size, before, full, cause);
	if (lc == NULL)
		return (-1);
	window_take_pane(p);
	window_fill_room(w, lc, p);
	return (0);
}

void
window_swap_panes(struct pane *a, struct pane *b)
{
	struct window		*wa = a->window, *wb = b->window;
	struct layout_cell	*la, *lb;
	struct pane		*na, *nb;

	if (wa == wb) {
		layout_swap(wa->layout, a, b);
		window_order_panes(wa);
		window_apply_layout(wa);
		return;
	}
	/* Across windows: each takes the other's place and list slot. */
	la = layout_find(wa->layout, a);
	lb = layout_find(wb->layout, b);
	la->pane = b;
	lb->pane = a;
	/* Out of both lists first: b's links are wb's until it leaves. */
	na = TAILQ_NEXT(a, entry);
	nb = TAILQ_NEXT(b, entry);
	TAILQ_REMOVE(&wa->panes, a, entry);
	TAILQ_REMOVE(&wb->panes, b, entry);
	if (na != NULL)
		TAILQ_INSERT_BEFORE(na, b, entry);
	else
		TAILQ_INSERT_TAIL(&wa->panes, b, entry);
	if (nb != NULL)
		TAILQ_INSERT_BEFORE(nb, a, entry);
	else
		TAILQ_INSERT_TAIL(&wb->panes, a, entry);
	a->window = wb;
	b->window = wa;
	options_set_parent(a->options, wb->options);
	options_set_parent(b->options, wa->options);
	if (wa->active == a)
		wa->active = b;
	if (wb->active == b)
		wb->active = a;
	if (wa->last == a)
		wa->last = NULL;
	if (wb->last == b)
		wb->last = NULL;
	window_apply_layout(wa);
	window_apply_layout(wb);
}

/* Move one pane to the end of the list (called in layout order). */
static void
window_order_cb(struct layout_cell *lc, void *arg)
{
	struct window	*w = arg;
	struct pane	*p = lc->pane;

	if (p == NULL)
		return;
	TAILQ_REMOVE(&w->panes, p, entry);
	TAILQ_INSERT_TAIL(&w->panes, p, entry);
}

void
window_order_panes(struct window *w)
{
	if (w->layout != NULL)
		layout_foreach(w->layout, window_order_cb, w);
}

void
window_remove_pane(struct window *w, struct pane *p)
{
	pane_destroy(p);
	hooks_notify_window("window-layout-changed", w);
	/* As tmux: the layout is fitted back to the window's size. */
	if (w->layout != NULL)
		layout_resize(w->layout, w->sx, w->sy);
	window_apply_layout(w);
}

