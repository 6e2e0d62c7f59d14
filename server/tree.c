/*
 * choose-tree (see tree.h). The list is rebuilt from the live sessions
 * every time it is drawn or moved in, so sessions and windows that come
 * and go while it is open never leave a stale line; the selection is kept
 * by session and window id.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/utf8.h"
#include "common/xmalloc.h"
#include "server/client.h"
#include "server/format.h"
#include "server/options.h"
#include "server/server.h"
#include "server/session.h"
#include "server/style.h"
#include "server/target.h"
#include "server/tree.h"
#include "server/window.h"

struct tree_item {
	struct session	*s;
	struct winlink	*wl;		/* NULL: the session's own line */
};

struct tree {
	int		 windows;	/* show windows under sessions */
	unsigned int	 sel_session;	/* selection by id */
	int		 sel_window;	/* window id, -1 for the session */
	unsigned int	 top;		/* first line shown */
};

/* The current lines of the tree. Returns the count; *items is heap. */
static unsigned int
tree_items(struct tree *t, struct tree_item **items)
{
	struct session	*s;
	struct winlink	*wl;
	unsigned int	 n = 0;

	*items = NULL;
	TAILQ_FOREACH(s, &srv->sessions, entry) {
		*items = xreallocarray(*items, n + 1, sizeof **items);
		(*items)[n].s = s;
		(*items)[n++].wl = NULL;
		if (!t->windows)
			continue;
		TAILQ_FOREACH(wl, &s->windows, entry) {
			*items = xreallocarray(*items, n + 1, sizeof **items);
			(*items)[n].s = s;
			(*items)[n++].wl = wl;
		}
	}
	return (n);
}

/* Index of the selected line (0 when it is gone). */
static unsigned int
tree_selected(struct tree *t, struct tree_item *items, unsigned int n)
{
	unsigned int	i;

	for (i = 0; i < n; i++) {
		if (items[i].s->id != t->sel_session)
			continue;
		if (items[i].wl == NULL ? t->sel_window == -1 :
		    (int)items[i].wl->window->id == t->sel_window)
			return (i);
	}
	return (0);
}

/* Select line i. */
static void
tree_select(struct tree *t, struct tree_item *items, unsigned int i)
{
	t->sel_session = items[i].s->id;
	t->sel_window = items[i].wl != NULL ? (int)items[i].wl->window->id :
	    -1;
}

void
tree_open(struct client *c, int windows)
{
	struct tree	*t;

	tree_close(c);
	t = xcalloc(1, sizeof *t);
	t->windows = windows;
	if (c->session != NULL) {
		t->sel_session = c->session->id;
		t->sel_window = windows && c->session->curw != NULL ?
		    (int)c->session->curw->window->id : -1;
	}
	c->tree = t;
	c->flags |= CLIENT_RECOMPOSE;
	srv->dirty = 1;
}

void
tree_close(struct client *c)
{
	if (c->tree == NULL)
		return;
	free(c->tree);
	c->tree = NULL;
	c->flags |= CLIENT_RECOMPOSE;
	srv->dirty = 1;
}

int
tree_active(const struct client *c)
{
	return (c->tree != NULL);
}

/* Enter: show the chosen session (and window) in this client. */
static void
tree_choose(struct client *c, struct tree_item *item)
{
	if (item->wl != NULL)
		session_select(item->s, item->wl);
	client_attach(c, item->s);
}

int
tree_key(struct client *c, key_code key)
{
	struct tree		*t = c->tree;
	struct tree_item	*items, chosen;
	unsigned int		 n, i;

	n = tree_items(t, &items);
	if (n == 0) {
		free(items);
		tree_close(c);
		return (1);
	}
	i = tree_selected(t, items, n);
	switch (key) {
	case KEYC_UP:
	case 'k':
	case 'p'|KEYC_CTRL:
		i = i == 0 ? n - 1 : i - 1;
		break;
	case KEYC_DOWN:
	case 'j':
	case 'n'|KEYC_CTRL:
		i = i + 1 == n ? 0 : i + 1;
		break;
	case KEYC_PPAGE:
		i = 0;
		break;
	case KEYC_NPAGE:
		i = n - 1;
		break;
	case KEYC_LEFT:
	case 'h':
		t->windows = 0;
		t->sel_window = -1;
		free(items);
		c->flags |= CLIENT_RECOMPOSE;
		return (0);
	case KEYC_RIGHT:
	case 'l':
		t->windows = 1;
		free(items);
		c->flags |= CLIENT_RECOMPOSE;
		return (0);
	case '\r':
		chosen = items[i];
		free(items);
		tree_close(c);
		tree_choose(c, &chosen);
		return (1);
	case 'q':
	case 0x1b:
	case 'c'|KEYC_CTRL:
		free(items);
		tree_close(c);
		return (1);
	default:
		free(items);
		return (0);
	}
	tree_select(t, items, i);
	free(items);
	c->flags |= CLIENT_RECOMPOSE;
	return (0);
}

/* The text of one line, as tmux's tree shows it. Heap string. */
static char *
tree_line(struct client *c, struct tree_item *item)
{
	struct target	 t;
	const char	*fmt;

	memset(&t, 0, sizeof t);
	t.s = item->s;
	if (item->wl != NULL) {
		t.wl = item->wl;
		t.w = item->wl->window;
		t.p = item->wl->window->active;
		fmt = "  - #{window_index}: #{window_name}#{window_flags} "
		    "(#{window_panes} panes)";
	} else
		fmt = "#{session_name}: #{session_windows} windows"
		    "#{?session_attached, (attached),}";
	return (format_expand(fmt, &t, c));
}

void
tree_draw(struct client *c, unsigned int y, unsigned int rows,
    struct cell *line, unsigned int cols)
{
	struct tree		*t = c->tree;
	struct tree_item	*items;
	struct cell		 cell = CELL_BLANK;
	unsigned int		 n, sel, idx, x, w;
	const char		*p;
	char			*text;
	uint32_t		 cp;
	int			 len, cw;

	for (x = 0; x < cols; x++)
		line[x] = CELL_BLANK;
	n = tree_items(t, &items);
	sel = tree_selected(t, items, n);
	/* Keep the selection in view. */
	if (sel < t->top)
		t->top = sel;
	else if (rows > 0 && sel >= t->top + rows)
		t->top = sel - rows + 1;
	idx = t->top + y;
	if (idx >= n) {
		free(items);
		return;
	}
	if (idx == sel)
		style_apply(&cell, options_get_string(c->session->options,
		    "mode-style"));
	text = tree_line(c, &items[idx]);
	for (x = 0, p = text; *p != '\0' && x < cols;) {
		if ((len = utf8_decode(p, strlen(p), &cp)) <= 0) {
			p++;
			continue;
		}
		p += len;
		if ((cw = utf8_cp_width(cp)) <= 0)
			continue;
		w = cw;
		if (x + w > cols)
			break;
		cell.ch = cp;
		cell.width = w;
		line[x] = cell;
		if (w == 2) {
			line[x + 1] = cell;
			line[x + 1].ch = ' ';
			line[x + 1].width = 0;
		}
		x += w;
	}
	if (idx == sel) {
		cell.ch = ' ';
		cell.width = 1;
		for (; x < cols; x++)
			line[x] = cell;
	}
	free(text);
	free(items);
}
