/*
 * choose-tree: tmux 3.3a's tree mode in the target pane. Sessions, their
 * windows under them and, for a window of more than one pane, its panes,
 * each a line of the tree draw/customize.h draws and drives, with the
 * preview of the selected one under it (draw/choose.h). -s starts with
 * the sessions folded, -w with the windows; neither: all unfolded. The
 * selection starts on the target's session, window or pane.
 *
 * Keys of its own (the tree takes the moving, folding, tagging, search,
 * filter and preview keys):
 *
 *	Enter		run the template for the line, switch-client -t '%%'
 *			by default, %% being "=session:", "=session:index."
 *			or "=session:index.%pane", and leave
 *	x / X		kill the session, window or pane / the tagged ones,
 *			after a y at the prompt
 *	:		a command for each tagged line (or the current one),
 *			%% in it as in the template
 *	m / M		mark the pane (a session's or window's active one) /
 *			clear the mark
 *	< / >		scroll the previews of a session's windows or a
 *			window's panes
 *	H		back to the pane the tree started from
 *	O / r		the next sort order (index, name, time) / reversed
 *	a click in the preview	on the "<" or ">" side: scroll; elsewhere
 *			Enter (tmux 3.3a chooses the selected line, not
 *			the window or pane clicked)
 *
 * -O, -r, -f, -F, -K, -N and -Z as in tmux. Of a session group only one
 * session is in the tree (the tree's own if it is in the group, else the
 * group's first) unless -G.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/cmd-choose.h"
#include "common/xmalloc.h"
#include "draw/choose.h"
#include "model/client.h"
#include "draw/customize.h"
#include "model/format.h"
#include "model/pane-mode.h"
#include "model/state.h"
#include "model/session.h"
#include "model/window.h"

#define CHOOSE_TREE_TEMPLATE	"switch-client -t '%%'"
/* tmux 3.3a's default format, its branches nested. */
#define CHOOSE_TREE_FORMAT						\
	"#{?pane_format,"						\
	    "#{?pane_marked,#[reverse],}"				\
	    "#{pane_current_command}#{?pane_active,*,}"			\
	    "#{?pane_marked,M,}"					\
	    "#{?#{&&:#{pane_title},#{!=:#{pane_title},#{host_short}}},"	\
	    ": \"#{pane_title}\",}"					\
	",#{?window_format,"						\
	    "#{?window_marked_flag,#[reverse],}"			\
	    "#{window_name}#{window_flags}"				\
	",#{session_windows} windows"					\
	    "#{?session_grouped, (group #{session_group}: "		\
	    "#{session_group_list}),}"					\
	    "#{?session_attached, (attached),}"				\
	"}}"
/* What a one-pane window adds from its pane with the default format. */
#define CHOOSE_TREE_TITLE						\
	"#{?#{&&:#{==:#{window_panes},1},#{&&:#{pane_title},"		\
	"#{!=:#{pane_title},#{host_short}}}},: \"#{pane_title}\",}"

static enum cmd_retval	cmd_choose_tree_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_choose_tree_entry = {
	.name = "choose-tree",
	.alias = NULL,
	.args = { "F:f:GK:NO:rst:wZ", 0, 1 },
	.usage = "[-GNrswZ] [-F format] [-f filter] [-K key-format] "
	    "[-O sort-order] [-t target-pane] [template]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_choose_tree_exec,
};

enum choose_tree_type { TREE_SESSION, TREE_WINDOW, TREE_PANE };

struct choose_tree {
	struct cmd_choose	 cc;		/* first: cmd_choose_sort */
	enum choose_tree_type	 type;		/* -s, -w or neither */
	int			 custom;	/* -F given */
	int			 all_grouped;	/* -G: every session of a group */
	/* find-window: only the windows match says yes to (NULL: all). */
	int			(*match)(struct window *, void *);
	void			*match_arg;
	void			(*match_free)(void *);
	/* Where the tree started (H): ids. */
	unsigned int		 home_s, home_p;
	int			 home_idx;
	/* The previews' scroll (< >), for the line previewed last, and
	 * where they were drawn. */
	int			 offset;
	char			*offset_id;
	struct choose_layout	 layout;
};

static const char *const cmd_choose_tree_sorts[] = {
	"index", "name", "time", NULL
};
enum { TREE_BY_INDEX, TREE_BY_NAME, TREE_BY_TIME };

/*
 * An item's id: "s$id" for a session, "w$id:index" for a window, and
 * "p$id:index:%id" for a pane. Find what it names now: the type, or -1
 * when it went.
 */
static int
cmd_choose_tree_find(const char *id, struct target *t)
{
	unsigned int	 sid, pid;
	int		 idx;
	struct pane	*p;

	memset(t, 0, sizeof *t);
	if (sscanf(id + 1, "%u", &sid) != 1 ||
	    (t->s = session_find_by_id(sid)) == NULL)
		return (-1);
	if (id[0] == 's') {
		target_from_session(t, t->s);
		return (TREE_SESSION);
	}
	if (sscanf(strchr(id, ':') + 1, "%d", &idx) != 1 ||
	    (t->wl = winlink_find_by_index(t->s, idx)) == NULL)
		return (-1);
	t->w = t->wl->window;
	t->p = t->w->active;
	if (id[0] == 'w')
		return (TREE_WINDOW);
	if (sscanf(strrchr(id, ':') + 1, "%u", &pid) != 1 ||
	    (p = pane_find_by_id(pid)) == NULL || p->window != t->w)
		return (-1);
	t->p = p;
	return (TREE_PANE);
}

/* The target a template gets for an item (heap string), or NULL. */
static char *
cmd_choose_tree_target(const char *id)
{
	struct target	t;

	switch (cmd_choose_tree_find(id, &t)) {
	case TREE_SESSION:
		return (xasprintf("=%s:", t.s->name));
	case TREE_WINDOW:
		return (xasprintf("=%s:%d.", t.s->name, t.wl->idx));
	case TREE_PANE:
		return (xasprintf("=%s:%d.%%%u", t.s->name, t.wl->idx,
		    t.p->id));
	}
	return (NULL);
}

/* Is pane p of t shown with this filter (NULL: all)? */
static int
cmd_choose_tree_pane_shown(struct target *t, struct pane *p,
    const char *filter)
{
	struct target	 pt = *t;
	char		*s;
	int		 yes;

	if (filter == NULL)
		return (1);
	pt.p = p;
	s = format_expand(filter, &pt, NULL);
	yes = cmd_choose_true(s);
	free(s);
	return (yes);
}

/* The order of things being sorted (qsort has no argument for it). */
struct choose_tree_sort {
	int	 sort;
	void	*item;		/* a session, a winlink or a pane */
	int	 index;		/* a pane's */
};

static int
cmd_choose_tree_cmp_session(const void *a0, const void *b0)
{
	const struct choose_tree_sort	*a = a0, *b = b0;
	const struct session		*sa = a->item, *sb = b->item;

	switch (a->sort) {
	case TREE_BY_NAME:
		return (strcmp(sa->name, sb->name));
	case TREE_BY_TIME:
		if (sa->activity != sb->activity)
			return (sa->activity > sb->activity ? -1 : 1);
		break;
	}
	if (sa->id != sb->id)
		return (sa->id < sb->id ? -1 : 1);
	return (strcmp(sa->name, sb->name));
}

static int
cmd_choose_tree_cmp_winlink(const void *a0, const void *b0)
{
	const struct choose_tree_sort	*a = a0, *b = b0;
	const struct winlink		*wa = a->item, *wb = b->item;
	int				 cmp;

	switch (a->sort) {
	case TREE_BY_NAME:
		if ((cmp = strcmp(wa->window->name, wb->window->name)) != 0)
			return (cmp);
		break;
	case TREE_BY_TIME:
		if (wa->window->activity != wb->window->activity)
			return (wa->window->activity > wb->window->activity ?
			    -1 : 1);
		break;
	}
	return (wa->idx < wb->idx ? -1 : wa->idx > wb->idx);
}

static int
cmd_choose_tree_cmp_pane(const void *a0, const void *b0)
{
	const struct choose_tree_sort	*a = a0, *b = b0;

	return (a->index < b->index ? -1 : a->index > b->index);
}

/* Sort v (n of them) with cmp, reversed with -r. */
static void
cmd_choose_tree_sort(struct choose_tree *ct, struct choose_tree_sort *v,
    unsigned int n, int (*cmp)(const void *, const void *))
{
	struct choose_tree_sort	tmp;
	unsigned int		i;

	for (i = 0; i < n; i++)
		v[i].sort = ct->cc.sort;
	if (n > 1)
		qsort(v, n, sizeof *v, cmp);
	if (ct->cc.reverse) {
		for (i = 0; i < n / 2; i++) {
			tmp = v[i];
			v[i] = v[n - 1 - i];
			v[n - 1 - i] = tmp;
		}
	}
}

/* A line's text: the format for its target (t->p NULL for a session or
 * a window, as tmux's formats for them). */
static char *
cmd_choose_tree_text(struct choose_tree *ct, struct target *t,
    struct pane *title)
{
	struct target	 pt = *t;
	char		*text, *more, *all;

	text = format_expand(ct->cc.format, t, NULL);
	if (ct->custom || title == NULL)
		return (text);
	pt.p = title;
	more = format_expand(CHOOSE_TREE_TITLE, &pt, NULL);
	all = xasprintf("%s%s", text, more);
	free(more);
	free(text);
	return (all);
}

/* The panes of wl (more than one) that pass the filter, as lines. */
static void
cmd_choose_tree_build_panes(struct customize *tree, struct choose_tree *ct,
    struct target *t, const char *filter)
{
	struct choose_tree_sort	*v = NULL;
	struct pane		*p;
	struct target		 pt = *t;
	unsigned int		 n = 0, i;
	char			*id, *name, *text;

	TAILQ_FOREACH(p, &t->w->panes, entry) {
		if (!cmd_choose_tree_pane_shown(t, p, filter))
			continue;
		v = xreallocarray(v, n + 1, sizeof *v);
		v[n].item = p;
		v[n++].index = window_pane_index(t->w, p);
	}
	cmd_choose_tree_sort(ct, v, n, cmd_choose_tree_cmp_pane);
	for (i = 0; i < n; i++) {
		p = v[i].item;
		pt.p = p;
		id = xasprintf("p%u:%d:%u", t->s->id, t->wl->idx, p->id);
		name = xasprintf("%d", v[i].index);
		text = cmd_choose_tree_text(ct, &pt, NULL);
		customize_add(tree, id, 2, name, NULL, text, 1, 1, 0);
		free(text);
		free(name);
		free(id);
	}
	free(v);
}

/* Does window wl of s show: a pane of it passes the filter? */
static int
cmd_choose_tree_window_shown(struct choose_tree *ct, struct target *t,
    const char *filter)
{
	struct pane	*p;

	if (ct->match != NULL && !ct->match(t->w, ct->match_arg))
		return (0);
	TAILQ_FOREACH(p, &t->w->panes, entry) {
		if (cmd_choose_tree_pane_shown(t, p, filter))
			return (1);
	}
	return (0);
}

/* Is s listed? One session of a group is, unless -G: the tree's own
 * session if it is in the group, else the group's first (as tmux). */
static int
cmd_choose_tree_listed(struct choose_tree *ct, struct session *s)
{
	struct session	*home;

	if (ct->all_grouped || s->group == NULL)
		return (1);
	home = session_find_by_id(ct->home_s);
	if (home != NULL && home->group == s->group)
		return (s == home);
	return (s == TAILQ_FIRST(&s->group->sessions));
}

/* The lines: each session with windows shown, its windows, their panes. */
static void
cmd_choose_tree_build(struct customize *tree, struct pane *p, void *data,
    const char *filter)
{
	struct choose_tree	*ct = data;
	struct choose_tree_sort	*ss = NULL, *ws;
	struct session		*s;
	struct winlink		*wl;
	struct target		 t;
	unsigned int		 ns = 0, nw, i, j, shown;
	char			*id, *name, *text;

	TAILQ_FOREACH(s, &srv->sessions, entry) {
		ss = xreallocarray(ss, ns + 1, sizeof *ss);
		ss[ns++].item = s;
	}
	cmd_choose_tree_sort(ct, ss, ns, cmd_choose_tree_cmp_session);
	for (i = 0; i < ns; i++) {
		s = ss[i].item;
		if (!cmd_choose_tree_listed(ct, s))
			continue;
		ws = NULL;
		nw = 0;
		TAILQ_FOREACH(wl, &s->windows, entry) {
			ws = xreallocarray(ws, nw + 1, sizeof *ws);
			ws[nw++].item = wl;
		}
		cmd_choose_tree_sort(ct, ws, nw, cmd_choose_tree_cmp_winlink);
		shown = 0;
		for (j = 0; j < nw; j++) {
			wl = ws[j].item;
			memset(&t, 0, sizeof t);
			t.s = s;
			t.wl = wl;
			t.w = wl->window;
			if (!cmd_choose_tree_window_shown(ct, &t, filter)) {
				ws[j].item = NULL;
				continue;
			}
			shown++;
		}
		if (shown == 0) {
			free(ws);
			continue;
		}
		memset(&t, 0, sizeof t);
		t.s = s;
		id = xasprintf("s%u", s->id);
		text = cmd_choose_tree_text(ct, &t, NULL);
		customize_add(tree, id, 0, s->name, NULL, text, 1,
		    ct->type != TREE_SESSION, 0);
		free(text);
		free(id);
		for (j = 0; j < nw; j++) {
			if ((wl = ws[j].item) == NULL)
				continue;
			t.wl = wl;
			t.w = wl->window;
			t.p = NULL;
			id = xasprintf("w%u:%d", s->id, wl->idx);
			name = xasprintf("%d", wl->idx);
			text = cmd_choose_tree_text(ct, &t,
			    window_count_panes(t.w) == 1 ? t.w->active : NULL);
			customize_add(tree, id, 1, name, NULL, text, 1,
			    ct->type == TREE_PANE, 0);
			free(text);
			free(name);
			free(id);
			if (window_count_panes(t.w) > 1)
				cmd_choose_tree_build_panes(tree, ct, &t, filter);
		}
		free(ws);
	}
	free(ss);
}

/* The preview of the selected line. */
static void
cmd_choose_tree_draw(struct customize *tree, struct pane *p, void *data,
    const char *id, struct cell *cells, unsigned int sx, unsigned int sy)
{
	struct choose_tree	*ct = data;
	struct target		 t;

	if (ct->offset_id == NULL || strcmp(ct->offset_id, id) != 0) {
		/* Another line: its previews from the start. */
		free(ct->offset_id);
		ct->offset_id = xstrdup(id);
		ct->offset = 0;
	}
	switch (cmd_choose_tree_find(id, &t)) {
	case TREE_SESSION:
		choose_preview_session(t.s, &ct->offset, &ct->layout, cells,
		    sx, sy);
		break;
	case TREE_WINDOW:
		choose_preview_window(t.wl, &ct->offset, &ct->layout, cells,
		    sx, sy);
		break;
	case TREE_PANE:
		memset(&ct->layout, 0, sizeof ct->layout);
		ct->layout.left = ct->layout.right = -1;
		choose_preview_pane(t.p, cells, sx, 0, 0, sx, sy);
		break;
	}
}

static key_code
cmd_choose_tree_line_key(struct customize *tree, void *data, const char *id,
    unsigned int line)
{
	struct choose_tree	*ct = data;
	struct target		 t;
	int			 type = cmd_choose_tree_find(id, &t);

	if (type == TREE_SESSION)
		t.wl = NULL, t.w = NULL, t.p = NULL;
	else if (type == TREE_WINDOW)
		t.p = NULL;
	return (cmd_choose_line_key(&ct->cc, type == -1 ? NULL : &t, NULL,
	    line));
}

/* A search: a session's or window's name, a pane's command. */
static int
cmd_choose_tree_search(void *data, const char *id, const char *text)
{
	struct target	 t;
	char		*cmd;
	int		 yes;

	switch (cmd_choose_tree_find(id, &t)) {
	case TREE_SESSION:
		return (strstr(t.s->name, text) != NULL);
	case TREE_WINDOW:
		return (strstr(t.w->name, text) != NULL);
	case TREE_PANE:
		cmd = format_expand("#{pane_current_command}", &t, NULL);
		yes = *cmd != '\0' && strstr(cmd, text) != NULL;
		free(cmd);
		return (yes);
	}
	return (0);
}

/* The kill command for an item (heap string), or NULL. */
static char *
cmd_choose_tree_kill(const char *id)
{
	struct target	t;

	switch (cmd_choose_tree_find(id, &t)) {
	case TREE_SESSION:
		return (xasprintf("kill-session -t '$%u'", t.s->id));
	case TREE_WINDOW:
		return (xasprintf("kill-window -t '@%u'", t.w->id));
	case TREE_PANE:
		return (xasprintf("kill-pane -t '%%%u'", t.p->id));
	}
	return (NULL);
}

/* The tagged items' strings made by fn (NULL-free), *n of them. */
static char **
cmd_choose_tree_tagged(struct customize *tree, char *(*fn)(const char *),
    unsigned int *n)
{
	char		**v = NULL, *s;
	const char	 *id;
	unsigned int	  i = 0;

	*n = 0;
	while ((id = customize_next_tagged(tree, &i)) != NULL) {
		if ((s = fn(id)) == NULL)
			continue;
		v = xreallocarray(v, *n + 1, sizeof *v);
		v[(*n)++] = s;
	}
	return (v);
}

/* Enter on the item with this id: leave first (the command may change
 * the pane), then run the template for it. */
static void
cmd_choose_tree_enter(struct pane *p, struct client *c,
    struct choose_tree *ct, const char *id)
{
	struct cmd_choose	 tmp;
	char			*target, *template;

	target = cmd_choose_tree_target(id);
	template = xstrdup(ct->cc.template);
	memset(&tmp, 0, sizeof tmp);
	tmp.pane = ct->cc.pane;
	pane_mode_reset(p);
	if (target != NULL)
		cmd_choose_run(c, &tmp, template, target);
	free(template);
	free(target);
}

/* Mark pane p (NULL: clear the mark), redrawing where it was and is. */
static void
cmd_choose_tree_mark(struct pane *p)
{
	struct pane	*old = NULL;

	if (srv->marked_pane != -1)
		old = pane_find_by_id(srv->marked_pane);
	if (old != NULL && old->window != NULL)
		window_recompose(old->window);
	srv->marked_pane = p != NULL ? (int)p->id : -1;
	if (p != NULL && p->window != NULL)
		window_recompose(p->window);
	server_status_changed();
}

static void
cmd_choose_tree_key(struct customize *tree, struct pane *p,
    struct client *c, void *data, key_code key, const char *id)
{
	struct choose_tree	*ct = data;
	struct target		 t;
	char			*prompt = NULL, **v, *s;
	unsigned int		 n;
	int			 type;

	if (cmd_choose_key(&ct->cc, key))	/* O and r: the order */
		return;
	if (key == 'H') {
		s = xasprintf("p%u:%d:%u", ct->home_s, ct->home_idx,
		    ct->home_p);
		customize_expand(tree, s);
		customize_select(tree, s);
		if (strcmp(customize_current(tree), s) != 0) {
			free(s);
			s = xasprintf("w%u:%d", ct->home_s, ct->home_idx);
			customize_select(tree, s);
		}
		free(s);
		return;
	}
	if (key == 'M') {
		cmd_choose_tree_mark(NULL);
		return;
	}
	if (id == NULL || (type = cmd_choose_tree_find(id, &t)) == -1)
		return;
	switch (key) {
	case '<':
		ct->offset--;
		break;
	case '>':
		ct->offset++;
		break;
	case 'm':
		cmd_choose_tree_mark(t.p);
		break;
	case 'x':
		if (c == NULL)
			break;
		if (type == TREE_SESSION)
			prompt = xasprintf("Kill session %s? ", t.s->name);
		else if (type == TREE_WINDOW)
			prompt = xasprintf("Kill window %d? ", t.wl->idx);
		else {
			prompt = xasprintf("Kill pane %u? ",
			    window_pane_index(t.w, t.p));
		}
		v = xmalloc(sizeof *v);
		v[0] = cmd_choose_tree_kill(id);
		cmd_choose_confirm(c, ct->cc.pane, prompt, v, 1);
		free(prompt);
		break;
	case 'X':
		if (c == NULL || customize_tagged(tree) == 0)
			break;
		v = cmd_choose_tree_tagged(tree, cmd_choose_tree_kill, &n);
		prompt = xasprintf("Kill %u tagged? ", customize_tagged(tree));
		cmd_choose_confirm(c, ct->cc.pane, prompt, v, n);
		free(prompt);
		break;
	case ':':
		if (c == NULL)
			break;
		if (customize_tagged(tree) != 0) {
			v = cmd_choose_tree_tagged(tree,
			    cmd_choose_tree_target, &n);
			cmd_choose_command_prompt(c, &ct->cc, v, n, 1);
		} else {
			v = xmalloc(sizeof *v);
			v[0] = cmd_choose_tree_target(id);
			cmd_choose_command_prompt(c, &ct->cc, v, 1, 0);
		}
		break;
	case '\r':
	case KEYC_KP_ENTER:
		cmd_choose_tree_enter(p, c, ct, id);
		break;
	}
}

/* A click in the preview: on "<" or ">" (or their lines) scroll; on a
 * window of a session or a pane of a window, Enter for the line, as tmux
 * 3.3a does (its tree moves to what was clicked but chooses the line it
 * was on). */
static void
cmd_choose_tree_click(struct customize *tree, struct pane *p,
    struct client *c, void *data, const char *id, unsigned int x)
{
	struct choose_tree	*ct = data;
	struct choose_layout	*l = &ct->layout;
	struct target		 t;
	int			 type;

	if ((type = cmd_choose_tree_find(id, &t)) == -1 || type == TREE_PANE)
		return;
	/* The block starts two columns into the pane. */
	if (l->left != -1 && x <= (unsigned int)l->left + 2) {
		ct->offset--;
		return;
	}
	if (l->right != -1 && x >= (unsigned int)l->right + 2) {
		ct->offset++;
		return;
	}
	cmd_choose_tree_enter(p, c, ct, id);
}

static void
cmd_choose_tree_free(void *data)
{
	struct choose_tree	*ct = data;

	cmd_choose_clear(&ct->cc);
	if (ct->match_free != NULL)
		ct->match_free(ct->match_arg);
	free(ct->offset_id);
	free(ct);
}

static const struct customize_ops cmd_choose_tree_ops = {
	.name = "tree-mode",
	.tree = 1,
	.build = cmd_choose_tree_build,
	.key = cmd_choose_tree_key,
	.free = cmd_choose_tree_free,
	.draw = cmd_choose_tree_draw,
	.sort = cmd_choose_sort,
	.line_key = cmd_choose_tree_line_key,
	.search = cmd_choose_tree_search,
	.click = cmd_choose_tree_click,
};

enum cmd_retval
cmd_choose_tree_open(struct cmd *self, struct cmdq_item *item,
    int (*match)(struct window *, void *), void *arg, void (*freefn)(void *))
{
	struct args		*args = self->args;
	struct target		*t = &item->target;
	struct choose_tree	*ct;
	struct customize	*tree;
	char			*select;

	if (t->p == NULL || t->s == NULL || t->wl == NULL) {
		cmdq_error(item, "no target pane");
		if (freefn != NULL)
			freefn(arg);
		return (CMD_RETURN_ERROR);
	}
	ct = xcalloc(1, sizeof *ct);
	cmd_choose_init(&ct->cc, self, item, cmd_choose_tree_sorts,
	    CHOOSE_TREE_TEMPLATE, CHOOSE_TREE_FORMAT);
	if (match != NULL) {
		/* find-window: its argument is what to find, not a
		 * template, and its -r and -N are its own. */
		free(ct->cc.template);
		ct->cc.template = xstrdup(CHOOSE_TREE_TEMPLATE);
		ct->cc.reverse = 0;
	}
	ct->custom = args_has(args, 'F');
	ct->all_grouped = args_has(args, 'G');
	ct->match = match;
	ct->match_arg = arg;
	ct->match_free = freefn;
	if (args_has(args, 's'))
		ct->type = TREE_SESSION;
	else if (args_has(args, 'w'))
		ct->type = TREE_WINDOW;
	else
		ct->type = TREE_PANE;
	ct->home_s = t->s->id;
	ct->home_idx = t->wl->idx;
	ct->home_p = t->p->id;
	cmd_choose_start(self, item, &cmd_choose_tree_ops, &ct->cc, ct,
	    match != NULL ? NULL : args_get(args, 'f'),
	    match == NULL && args_has(args, 'N'));
	if ((tree = customize_get(t->p)) == NULL)
		return (CMD_RETURN_NORMAL);
	/* Start on the target: its session, window or pane. */
	if (ct->type == TREE_SESSION)
		select = xasprintf("s%u", t->s->id);
	else if (ct->type == TREE_WINDOW || window_count_panes(t->w) == 1)
		select = xasprintf("w%u:%d", t->s->id, t->wl->idx);
	else
		select = xasprintf("p%u:%d:%u", t->s->id, t->wl->idx, t->p->id);
	customize_select(tree, select);
	free(select);
	return (CMD_RETURN_NORMAL);
}

static enum cmd_retval
cmd_choose_tree_exec(struct cmd *self, struct cmdq_item *item)
{
	return (cmd_choose_tree_open(self, item, NULL, NULL, NULL));
}
