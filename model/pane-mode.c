/*
 * Pane modes (see pane-mode.h): the other-mode slot kept here, and what
 * the model asks of either slot's mode through its callbacks.
 */
#include <stdlib.h>

#include "common/xmalloc.h"
#include "grid/vt.h"
#include "model/hooks.h"
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

void
pane_mode_free_copy(struct pane *p)
{
	if (p->mode != NULL)
		p->mode_ops->free(p->mode);
	p->mode = NULL;
	p->mode_ops = NULL;
}

int
pane_cursor(struct pane *p, unsigned int *x, unsigned int *y, int *shape)
{
	const struct pane_mode_ops	*ops;
	void				*data;
	struct vt_cursor		 cur;

	*shape = 0;
	if (p->pmode != NULL || p->mode != NULL) {
		ops = p->pmode != NULL ? p->pmode->ops : p->mode_ops;
		data = p->pmode != NULL ? p->pmode->data : (void *)p->mode;
		return (ops->cursor != NULL && ops->cursor(data, x, y));
	}
	vt_cursor(p->vt, &cur);
	*x = cur.x;
	*y = cur.y;
	*shape = cur.shape | (cur.blink ? 0x80 : 0);
	return (cur.visible);
}
