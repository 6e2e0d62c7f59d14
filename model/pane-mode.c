/*
 * Pane modes other than copy mode (see pane-mode.h).
 */
#include <stdlib.h>

#include "common/xmalloc.h"
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
