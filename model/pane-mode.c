/*
 * Pane modes (see pane-mode.h): the other-mode slot kept here, and what
 * the model asks of either slot's mode through its callbacks.
 */
#include <stdlib.h>

#include "common/xmalloc.h"
#include "grid/vt.h"
#include "model/hooks.h"
#include "model/options.h"
#include "model/pane-mode.h"
#include "model/state.h"
#include "model/window.h"

/* Free a mode that has ended. */
static void
pane_mode_free(struct pane_mode *pm)
{
	pm->ops->free(pm->data);
	free(pm);
}

void
pane_mode_redraw(struct pane *p)
{
	if (p->window != NULL)
		window_recompose(p->window);
}

void
pane_mode_redraw_all(void)
{
	struct window	*w;
	struct pane	*p;

	TAILQ_FOREACH(w, &srv->windows, entry) {
		TAILQ_FOREACH(p, &w->panes, entry) {
			if (p->pmode != NULL) {
				window_recompose(w);
				break;
			}
		}
	}
}

void
pane_mode_set(struct pane *p, const struct pane_mode_ops *ops, void *data)
{
	struct pane_mode	*pm;

	pane_mode_reset(p);
	pm = xcalloc(1, sizeof *pm);
	pm->ops = ops;
	pm->data = data;
	p->pmode = pm;
	srv->names_dirty = 1;	/* its window is "[tmux]" now */
	pane_mode_redraw(p);
	hooks_notify_pane("pane-mode-changed", p);
}

void
pane_mode_reset(struct pane *p)
{
	struct pane_mode	*pm = p->pmode;

	if (pm == NULL)
		return;
	p->pmode = NULL;
	srv->names_dirty = 1;
	pane_mode_redraw(p);
	hooks_notify_pane("pane-mode-changed", p);
	if (pm->busy)
		pm->dead = 1;
	else
		pane_mode_free(pm);
}

void
pane_mode_discard(struct pane *p)
{
	struct pane_mode	*pm = p->pmode;

	if (pm == NULL)
		return;
	p->pmode = NULL;
	if (pm->busy)
		pm->dead = 1;
	else
		pane_mode_free(pm);
}

void *
pane_mode_data(const struct pane *p, const struct pane_mode_ops *ops)
{
	if (p->pmode == NULL || p->pmode->ops != ops)
		return (NULL);
	return (p->pmode->data);
}

int
pane_mode_key(struct pane *p, struct client *c, key_code key,
    const struct mouse_event *m)
{
	struct pane_mode	*pm = p->pmode;

	if (pm == NULL)
		return (0);
	pm->busy++;
	pm->ops->key(p, pm->data, c, key, m);
	if (--pm->busy == 0 && pm->dead)
		pane_mode_free(pm);
	else if (!pm->dead)
		pane_mode_redraw(p);
	return (1);
}

void
pane_mode_draw(struct pane *p, unsigned int y, struct cell *line,
    unsigned int n)
{
	p->pmode->ops->draw(p, p->pmode->data, y, line, n);
}

const char *
pane_mode_name(const struct pane *p)
{
	if (p->pmode != NULL)
		return (p->pmode->ops->name);
	if (p->mode != NULL)
		return (p->mode_ops->name);
	return (NULL);
}

char *
pane_mode_format(struct pane *p, const char *name)
{
	if (p->mode == NULL || p->mode_ops->format == NULL)
		return (NULL);
	return (p->mode_ops->format(p->mode, name));
}

const struct cell *
pane_mode_row(struct pane *p, unsigned int y, unsigned int *n)
{
	if (p->pmode != NULL) {
		if (p->pmode->ops->row == NULL)
			return (NULL);
		return (p->pmode->ops->row(p->pmode->data, y, n));
	}
	if (p->mode == NULL || p->mode_ops->row == NULL)
		return (NULL);
	return (p->mode_ops->row(p->mode, y, n));
}

void
pane_mode_free_copy(struct pane *p)
{
	if (p->mode != NULL)
		p->mode_ops->free(p->mode);
	p->mode = NULL;
	p->mode_ops = NULL;
}

/* cursor-style and cursor-colour of p, looked up when the options last
 * changed (tmux 3.3a's default cursor of a pane). */
static void
pane_cursor_options(struct pane *p)
{
	/* cursor-style's choices, in order, as cursor shapes. */
	static const int	 shapes[] = {
		0,
		VT_CURSOR_BLOCK | PANE_CURSOR_BLINK, VT_CURSOR_BLOCK,
		VT_CURSOR_UNDERLINE | PANE_CURSOR_BLINK, VT_CURSOR_UNDERLINE,
		VT_CURSOR_BAR | PANE_CURSOR_BLINK, VT_CURSOR_BAR,
	};
	unsigned long		 gen = options_generation() + 1;
	long long		 n;

	if (p->cursor_gen == gen)
		return;
	n = options_get_number(p->options, "cursor-style");
	p->cursor_style = n >= 0 && n < (long long)(sizeof shapes /
	    sizeof shapes[0]) ? shapes[n] : 0;
	p->cursor_colour = (uint32_t)options_get_number(p->options,
	    "cursor-colour");
	p->cursor_gen = gen;
}

int
pane_cursor(struct pane *p, unsigned int *x, unsigned int *y, int *shape,
    uint32_t *colour)
{
	const struct pane_mode_ops	*ops;
	void				*data;
	struct vt_cursor		 cur;

	*shape = 0;
	*colour = COLOUR_DEFAULT;
	if (p->pmode != NULL || p->mode != NULL) {
		ops = p->pmode != NULL ? p->pmode->ops : p->mode_ops;
		data = p->pmode != NULL ? p->pmode->data : (void *)p->mode;
		return (ops->cursor != NULL && ops->cursor(data, x, y));
	}
	vt_cursor(p->vt, &cur);
	*x = cur.x;
	*y = cur.y;
	/* What the program set wins; the options are the default. */
	pane_cursor_options(p);
	if (cur.shape != VT_CURSOR_DEFAULT)
		*shape = cur.shape | (cur.blink ? PANE_CURSOR_BLINK : 0);
	else
		*shape = p->cursor_style;
	*colour = cur.colour != COLOUR_DEFAULT ? cur.colour :
	    p->cursor_colour;
	return (cur.visible);
}
