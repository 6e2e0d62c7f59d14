/*
 * Hyperlinks (OSC 8) for the panes: the sequence sets the link the pen
 * writes with, and this file keeps common/link.h's table bounded.
 *
 *	ESC ] 8 ; params ; URI ST	cells written next link to URI
 *	ESC ] 8 ; ; ST			cells written next link nowhere
 *
 * params are key=value pairs joined by ':'; only id= is kept (cells with
 * the same URI and id are one link, as the terminals that draw them take
 * it). A URI past LINK_URI_MAX ends the link like an empty one.
 *
 * The table is process-wide and at most LINK_MAX links. When it is full,
 * the ids nothing holds any more are swept: every vt marks its grids and
 * its pen, history_mark_links every history (copy mode's copies included),
 * and link_sweep frees the rest. A sweep that frees little is not tried
 * again until VT_LINK_RETRY more links have failed to fit, so a program
 * printing distinct URIs forever costs a sweep per VT_LINK_RETRY links at
 * worst; those that do not fit are shown as text without a link.
 */
#include <string.h>

#include "common/link.h"
#include "grid/grid.h"
#include "grid/history.h"
#include "grid/vt-int.h"

_Static_assert(LINK_MAX < (1u << 11), "a link id fits struct cell");

#define VT_LINK_RETRY	(LINK_MAX / 8)

/* Every vt (their grids and pens hold link ids) and the sweep's pace:
 * process-wide, as the table is. */
static TAILQ_HEAD(, vt)	vt_link_all = TAILQ_HEAD_INITIALIZER(vt_link_all);
static unsigned int	vt_link_misses;
static unsigned int	vt_link_wait;	/* misses before the next sweep */

void
vt_link_add(struct vt *vt)
{
	TAILQ_INSERT_TAIL(&vt_link_all, vt, link_entry);
}

void
vt_link_remove(struct vt *vt)
{
	TAILQ_REMOVE(&vt_link_all, vt, link_entry);
}

/* Mark the ids a grid's cells hold. */
static void
vt_link_mark_grid(const struct grid *g, uint8_t *used)
{
	const struct cell	*c;
	unsigned int		 x, y;

	if (g == NULL)
		return;
	for (y = 0; y < g->rows; y++) {
		c = g->lines[y]->cells;
		if (c == g->blank)
			continue;
		for (x = 0; x < g->cols; x++) {
			if (c[x].link != 0)
				used[c[x].link / 8] |= 1u << (c[x].link % 8);
		}
	}
}

/* Free the ids no cell and no pen holds; returns how many. */
static unsigned int
vt_link_sweep(void)
{
	uint8_t		 used[LINK_MAX / 8 + 1];
	struct vt	*vt;

	memset(used, 0, sizeof used);
	TAILQ_FOREACH(vt, &vt_link_all, link_entry) {
		vt_link_mark_grid(vt->primary, used);
		vt_link_mark_grid(vt->alternate, used);
		if (vt->link_id != 0)
			used[vt->link_id / 8] |= 1u << (vt->link_id % 8);
	}
	history_mark_links(used);
	return (link_sweep(used));
}

/* The id of a link, sweeping the table if it is full and it is time. */
static uint16_t
vt_link_intern(const char *uri, size_t urilen, const char *param,
    size_t paramlen)
{
	uint16_t	id;

	id = link_intern(uri, urilen, param, paramlen);
	if (id != 0 || !link_full())
		return (id);
	if (vt_link_misses++ < vt_link_wait)
		return (0);
	vt_link_misses = 0;
	vt_link_wait = vt_link_sweep() >= VT_LINK_RETRY ? 0 : VT_LINK_RETRY;
	return (link_intern(uri, urilen, param, paramlen));
}

/* An OSC 8 body ("8;params;URI", without the terminator) from the
 * program. */
void
vt_link_osc(struct vt *vt, const char *body, size_t len)
{
	const char	*params, *uri, *end = body + len, *p, *item, *next;
	const char	*id = "";
	size_t		 idlen = 0;

	params = body + 2;
	if (len < 2 || (uri = memchr(params, ';', end - params)) == NULL) {
		/* Not OSC 8 as written: ignored, as xterm ignores it. */
		return;
	}
	for (p = params; p < uri; p = next) {
		item = p;
		next = memchr(p, ':', uri - p);
		next = next == NULL ? uri : next + 1;
		if ((size_t)(next - item) > 3 && memcmp(item, "id=", 3) == 0) {
			id = item + 3;
			idlen = next - id - (next != uri);
		}
	}
	uri++;
	vt->link_id = 0;
	if (uri < end)
		vt->link_id = vt_link_intern(uri, end - uri, id, idlen);
	vt_update_pen(vt);
}
