/*
 * choose-tree: pick a session (-s) or a window (-w, the default) from a
 * list over the current client's window (see server/choose.h): sessions,
 * each with its windows under it; Left and Right (h and l) fold and
 * unfold the windows. Enter runs the template, switch-client -t '%%' by
 * default, where %% is "$session" or "$session:@window". -Z is accepted
 * for tmux's default bindings: the list already covers the window; so are
 * -N (mux's tree has no preview to start without). Of a session group,
 * as in tmux, only one session is listed (the client's own if it is in
 * the group, else the group's first) unless -G. -O sorts by index, name or
 * time, -r reverses (O and r in the tree too); -f and -F as in tmux.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/cmd-choose.h"
#include "common/xmalloc.h"
#include "server/choose.h"
#include "server/client.h"
#include "server/format.h"
#include "server/server.h"
#include "server/session.h"
#include "server/window.h"

#define CHOOSE_TREE_TEMPLATE	"switch-client -t '%%'"
#define CHOOSE_TREE_SESSION	\
	"#{session_windows} windows" \
	"#{?session_grouped, (group #{session_group}: " \
	"#{session_group_list}),}" \
	"#{?session_attached, (attached),}"
/* Raw flags: the list draws text as it is, not as a status line. */
#define CHOOSE_TREE_WINDOW	\
	"#{window_name}#{window_raw_flags} (#{window_panes} panes)"

static enum cmd_retval	cmd_choose_tree_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_choose_tree_entry = {
	.name = "choose-tree",
	.alias = NULL,
	.args = { "F:f:GNO:rst:wZ", 0, 1 },
	.usage = "[-GNrswZ] [-F format] [-f filter] [-O sort-order] "
	    "[-t target-pane] [template]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_choose_tree_exec,
};

struct choose_tree {
	struct cmd_choose	cc;
	int			windows;	/* windows shown */
	int			all_grouped;	/* -G: every session of a group */
	/* find-window: only the windows match says yes to (NULL: all). */
	int			(*match)(struct window *, void *);
	void			*match_arg;
	void			(*match_free)(void *);
};

/* Is the window shown? -f (true for one of its panes) and find-window's
 * match must both allow it. */
static int
cmd_choose_tree_shown(struct choose_tree *ct, struct client *c,
    struct target *t)
{
	struct pane	*p;
	char		*s;
	int		 yes = 0;

	if (ct->match != NULL && !ct->match(t->w, ct->match_arg))
		return (0);
	if (ct->cc.filter == NULL)
		return (1);
	TAILQ_FOREACH(p, &t->w->panes, entry) {
		t->p = p;
		s = format_expand(ct->cc.filter, t, c);
		yes = cmd_choose_true(s);
		free(s);
		if (yes)
			break;
	}
	t->p = t->w->active;
	return (yes);
}

/* The sort orders (-O, and O in the tree), as tmux's: by index, by name,
 * by time (most recently active first). */
enum {
	CHOOSE_TREE_INDEX,
	CHOOSE_TREE_NAME,
	CHOOSE_TREE_TIME
};
static const char *const cmd_choose_tree_sorts[] = {
	"index", "name", "time", NULL
};

/* The order of the tree being sorted (qsort has no argument for it). */
struct choose_tree_sort {
	int	 sort;
	void	*item;		/* a session or a winlink */
};

static int
cmd_choose_tree_cmp_session(const void *a0, const void *b0)
{
	const struct choose_tree_sort	*a = a0, *b = b0;
	const struct session		*sa = a->item, *sb = b->item;

	switch (a->sort) {
	case CHOOSE_TREE_NAME:
		return (strcmp(sa->name, sb->name));
	case CHOOSE_TREE_TIME:
		if (sa->activity != sb->activity)
			return (sa->activity > sb->activity ? -1 : 1);
		break;
	}
	return (sa->id < sb->id ? -1 : sa->id > sb->id);
}

static int
cmd_choose_tree_cmp_winlink(const void *a0, const void *b0)
{
	const struct choose_tree_sort	*a = a0, *b = b0;
	const struct winlink		*wa = a->item, *wb = b->item;
	int				 cmp;

	if (a->sort == CHOOSE_TREE_NAME &&
	    (cmp = strcmp(wa->window->name, wb->window->name)) != 0)
		return (cmp);
	/* Windows keep no activity time: by index for "time" too. */
	return (wa->idx < wb->idx ? -1 : wa->idx > wb->idx);
}

/* The sessions (s NULL) or the winlinks of s, in the tree's order. *n
 * gets the count; free the array. */
static struct choose_tree_sort *
cmd_choose_tree_sorted(struct choose_tree *ct, struct session *s,
    unsigned int *n)
{
	struct choose_tree_sort	*v = NULL, tmp;
	struct session		*loop;
	struct winlink		*wl;
	unsigned int		 i;

	*n = 0;
	if (s == NULL) {
		TAILQ_FOREACH(loop, &srv->sessions, entry) {
			v = xreallocarray(v, *n + 1, sizeof *v);
			v[*n].sort = ct->cc.sort;
			v[(*n)++].item = loop;
		}
	} else {
		TAILQ_FOREACH(wl, &s->windows, entry) {
			v = xreallocarray(v, *n + 1, sizeof *v);
			v[*n].sort = ct->cc.sort;
			v[(*n)++].item = wl;
		}
	}
	if (*n > 1)
		qsort(v, *n, sizeof *v, s == NULL ?
		    cmd_choose_tree_cmp_session : cmd_choose_tree_cmp_winlink);
	if (ct->cc.reverse) {
		for (i = 0; i < *n / 2; i++) {
			tmp = v[i];
			v[i] = v[*n - 1 - i];
			v[*n - 1 - i] = tmp;
		}
	}
	return (v);
}

/* Is s listed? One session of a group is, unless -G: the client's own
 * session if it is in the group, else the group's first. */
static int
cmd_choose_tree_listed(struct choose_tree *ct, struct client *c,
    struct session *s)
{
	struct session	*cur = c != NULL ? c->session : NULL;

	if (ct->all_grouped || s->group == NULL)
		return (1);
	if (cur != NULL && cur->group == s->group)
		return (s == cur);
	return (s == TAILQ_FIRST(&s->group->sessions));
}

/* The lines: each session, and its windows when unfolded. */
static void
cmd_choose_tree_build(struct choose *ch, struct client *c, void *data)
{
	struct choose_tree	*ct = data;
	struct choose_tree_sort	*ss, *ws;
	struct session		*s;
	struct winlink		*wl;
	struct target		 t;
	char			*id, *name, *text;
	const char		*sfmt = CHOOSE_TREE_SESSION;
	const char		*wfmt = CHOOSE_TREE_WINDOW;
	unsigned int		 ns, nw, i, j;
	int			 any;

	if (*ct->cc.format != '\0')
		sfmt = wfmt = ct->cc.format;	/* -F */
	ss = cmd_choose_tree_sorted(ct, NULL, &ns);
	for (i = 0; i < ns; i++) {
		s = ss[i].item;
		if (!cmd_choose_tree_listed(ct, c, s))
			continue;
		/* With a filter, a session shows when a window of it does. */
		any = ct->cc.filter == NULL && ct->match == NULL;
		TAILQ_FOREACH(wl, &s->windows, entry) {
			if (any)
				break;
			target_from_session(&t, s);
			t.wl = wl;
			t.w = wl->window;
			t.p = wl->window->active;
			any = cmd_choose_tree_shown(ct, c, &t);
		}
		if (!any)
			continue;
		target_from_session(&t, s);
		id = xasprintf("$%u", s->id);
		text = format_expand(sfmt, &t, c);
		choose_add(ch, id, s->name, text, 0);
		free(text);
		free(id);
		if (!ct->windows)
			continue;
		ws = cmd_choose_tree_sorted(ct, s, &nw);
		for (j = 0; j < nw; j++) {
			wl = ws[j].item;
			t.wl = wl;
			t.w = wl->window;
			t.p = wl->window->active;
			if (!cmd_choose_tree_shown(ct, c, &t))
				continue;
			id = xasprintf("$%u:@%u", s->id, wl->window->id);
			name = xasprintf("%d", wl->idx);
			text = format_expand(wfmt, &t, c);
			choose_add(ch, id, name, text, 1);
			free(text);
			free(name);
			free(id);
		}
		free(ws);
	}
	free(ss);
}

/* Enter: run the template for the session or window. */
static void
cmd_choose_tree_choose(struct client *c, void *data, const char *id)
{
	struct choose_tree	*ct = data;

	cmd_choose_run(c, &ct->cc, id);
}

/* Left and Right fold and unfold the windows. */
static enum choose_result
cmd_choose_tree_key(struct choose *ch, struct client *c, void *data,
    key_code key)
{
	struct choose_tree	*ct = data;
	const char		*sel = choose_selected(ch);
	char			*session;

	if (cmd_choose_key(&ct->cc, key))	/* O and r: the order */
		return (CHOOSE_STAY);
	switch (key) {
	case KEYC_LEFT:
	case 'h':
		ct->windows = 0;
		if (sel != NULL) {
			/* The window's session stays selected. */
			session = xstrndup(sel, strcspn(sel, ":"));
			choose_select(ch, session);
			free(session);
		}
		break;
	case KEYC_RIGHT:
	case 'l':
		ct->windows = 1;
		break;
	}
	return (CHOOSE_STAY);
}

static void
cmd_choose_tree_free(void *data)
{
	struct choose_tree	*ct = data;

	cmd_choose_clear(&ct->cc);
	if (ct->match_free != NULL)
		ct->match_free(ct->match_arg);
	free(ct);
}

static const struct choose_ops cmd_choose_tree_ops = {
	.build = cmd_choose_tree_build,
	.choose = cmd_choose_tree_choose,
	.key = cmd_choose_tree_key,
	.free = cmd_choose_tree_free,
};

enum cmd_retval
cmd_choose_tree_open(struct cmd *self, struct cmdq_item *item,
    int (*match)(struct window *, void *), void *arg, void (*freefn)(void *))
{
	struct client		*c = cmd_find_client(item);
	struct choose_tree	*ct;
	struct session		*s;
	char			*select = NULL;

	if (c == NULL) {
		cmdq_error(item, "no client to show the tree on");
		if (freefn != NULL)
			freefn(arg);
		return (CMD_RETURN_ERROR);
	}
	ct = xcalloc(1, sizeof *ct);
	if (cmd_choose_init(&ct->cc, self, item, cmd_choose_tree_sorts,
	    CHOOSE_TREE_TEMPLATE, "") != 0) {
		free(ct);
		if (freefn != NULL)
			freefn(arg);
		return (CMD_RETURN_ERROR);
	}
	ct->match = match;
	ct->match_arg = arg;
	ct->match_free = freefn;
	ct->windows = !args_has(self->args, 's');
	ct->all_grouped = args_has(self->args, 'G');
	if ((s = c->session) != NULL) {
		if (ct->windows && s->curw != NULL)
			select = xasprintf("$%u:@%u", s->id,
			    s->curw->window->id);
		else
			select = xasprintf("$%u", s->id);
	}
	choose_open(c, &cmd_choose_tree_ops, ct, select);
	free(select);
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_choose_tree_exec(struct cmd *self, struct cmdq_item *item)
{
	return (cmd_choose_tree_open(self, item, NULL, NULL, NULL));
}
