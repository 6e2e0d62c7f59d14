/*
 * Target resolution, by tmux 3.3a's rules (its manual's COMMANDS section):
 * "session:window.pane", each part tried in tmux's order (a session: $id,
 * exact name, a client's name, unique prefix, unique fnmatch pattern; a
 * window: @id, +N -N ! ^ $ and their {next} ... forms, index, exact name,
 * unique prefix, unique pattern; a pane: %id, ! + - and the {last} ...
 * forms, {up-of} {down-of} {left-of} {right-of}, index, {top} {bottom}
 * {left} {right} and the corners). "=" before a session or window name
 * allows only an exact match. With no ':' or '.', "$id" "@id" "%id" name
 * themselves and anything else is the part the command's target type
 * names, falling back as tmux does (a pane: a window of the current
 * session, then a session). Several matches are no match.
 *
 * A missing part means the current one: the running client's session (an
 * attached client's, or the pane's that a command inside mux comes from,
 * through $MUX_PANE), else the most recently used session (an unattached
 * one first for attach-session and switch-client, as tmux). The commands
 * of a mouse key's binding have the pane under the mouse as their current
 * pane, and "=" (or "{mouse}") names the pane, or the window in the
 * status line, that the mouse is on; "~" (or "{marked}") the marked pane.
 */
#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "common/name.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "model/format.h"
#include "model/mouse.h"
#include "model/state.h"
#include "model/session.h"
#include "model/target.h"
#include "model/window.h"

/* Parse a whole non-negative number; -1 if s is not one. */
static long
cmd_find_number(const char *s)
{
	char	*end;
	long	 n;

	if (!isdigit((unsigned char)*s))
		return (-1);
	errno = 0;
	n = strtol(s, &end, 10);
	if (*end != '\0' || errno != 0 || n > 0x7fffffff)
		return (-1);
	return (n);
}

/* The session a command with nothing to go on works in, as tmux's
 * cmd_find_best_session: the most recently used (attached to, switched
 * to, typed in or created), and for attach-session and switch-client
 * (CMD_PREFER_UNATTACHED) one no client is attached to if there is one. */
static struct session *
cmd_find_best_session(struct cmdq_item *item)
{
	struct session	*s, *best = NULL;
	int		 prefer = 0;

	if (item->cmds != NULL && item->next < item->cmds->n)
		prefer = (item->cmds->cmds[item->next]->entry->flags &
		    CMD_PREFER_UNATTACHED) != 0;
	if (!prefer)
		return (session_most_recent());
	TAILQ_FOREACH(s, &srv->sessions, entry) {
		if (best != NULL &&
		    (s->attached != 0) != (best->attached != 0)) {
			if (s->attached == 0)
				best = s;
			continue;
		}
		if (best == NULL || s->activity_ns > best->activity_ns ||
		    (s->activity_ns == best->activity_ns && s->id > best->id))
			best = s;
	}
	return (best);
}

void
cmd_find_current(struct cmdq_item *item, struct target *fs)
{
	struct client			*c = item->client;
	const struct mouse_event	*m = cmdq_mouse(item);
	const char			*env;
	struct pane			*p;
	long				 id;

	memset(fs, 0, sizeof *fs);
	if (item->has_pane && (p = pane_find_by_id(item->pane)) != NULL) {
		/* Commands a choose list or a hook runs for its pane. */
		target_from_pane(fs, p, item->prefer_session != 0 ?
		    session_find_by_id(item->prefer_session - 1) :
		    c != NULL ? c->session : NULL);
		if (fs->s != NULL)
			return;
	}
	if (m != NULL && c != NULL && c->session != NULL &&
	    (p = mouse_pane(m)) != NULL) {
		/* A mouse key's binding: the pane under the mouse. */
		target_from_pane(fs, p, c->session);
		if (fs->s == c->session)
			return;
		memset(fs, 0, sizeof *fs);
	}
	if (c != NULL && c->session != NULL) {
		target_from_session(fs, c->session);
		/* attach -f active-pane: the client's own active pane. */
		if (fs->w != NULL && (p = client_active_pane(c)) != NULL)
			fs->p = p;
		return;
	}
	if (c != NULL && (env = client_getenv(c, name_pane_env())) != NULL &&
	    env[0] == '%' && (id = cmd_find_number(env + 1)) != -1 &&
	    (p = pane_find_by_id(id)) != NULL) {
		target_from_pane(fs, p, NULL);
		if (fs->s != NULL)
			return;
	}
	target_from_session(fs, cmd_find_best_session(item));
}

/* The mouse target: the pane under the mouse, or the window it is on in
 * the status line. */
static int
cmd_find_mouse(struct cmdq_item *item, struct target *fs)
{
	const struct mouse_event	*m = cmdq_mouse(item);
	struct pane			*p;
	struct winlink			*wl;
	struct session			*s;

	if (m == NULL || (s = session_find_by_id(m->session)) == NULL) {
		cmdq_error(item, "no mouse target");
		return (-1);
	}
	if ((p = mouse_pane(m)) != NULL) {
		target_from_pane(fs, p, s);
		if (fs->s != NULL)
			return (0);
	}
	if ((wl = mouse_winlink(m)) != NULL) {
		fs->s = s;
		fs->wl = wl;
		fs->w = wl->window;
		fs->p = wl->window->active;
		return (0);
	}
	cmdq_error(item, "no mouse target");
	return (-1);
}

/* How a lookup goes. */
#define FIND_EXACT_SESSION	0x1	/* "=name": no prefix or pattern */
#define FIND_EXACT_WINDOW	0x2
#define FIND_WINDOW_INDEX	0x4	/* a window index that may be free */

/* One lookup: what is found so far (fs) and the current place. */
struct find_state {
	const struct target	*current;
	struct target		*fs;
	int			 flags;
	int			 idx;	/* FIND_WINDOW_INDEX: the index, or -1 */
};

/* The long forms of the window tokens, as their short ones. */
static const char *const find_window_tokens[][2] = {
	{ "{start}", "^" },
	{ "{end}", "$" },
	{ "{last}", "!" },
	{ "{next}", "+" },
	{ "{previous}", "-" },
};

/* The long forms of the pane tokens, as the forms looked up. */
static const char *const find_pane_tokens[][2] = {
	{ "{last}", "!" },
	{ "{next}", "+" },
	{ "{previous}", "-" },
	{ "{top}", "top" },
	{ "{bottom}", "bottom" },
	{ "{left}", "left" },
	{ "{right}", "right" },
	{ "{top-left}", "top-left" },
	{ "{top-right}", "top-right" },
	{ "{bottom-left}", "bottom-left" },
	{ "{bottom-right}", "bottom-right" },
	{ "{up-of}", "{up-of}" },
	{ "{down-of}", "{down-of}" },
	{ "{left-of}", "{left-of}" },
	{ "{right-of}", "{right-of}" },
};

/* A token's short form, or s itself. */
static const char *
find_map(const char *const table[][2], size_t n, const char *s)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		if (strcmp(table[i][0], s) == 0)
			return (table[i][1]);
	}
	return (s);
}

/* The offset of a "+N" or "-N" token (1 with no number, 0 for a bad
 * one). */
static long
find_offset(const char *s)
{
	long	n;

	if (s[1] == '\0')
		return (1);
	if ((n = cmd_find_number(s + 1)) < 1)
		return (0);	/* as tmux: no step at all */
	return (n);
}

/* Fill in the winlink for fs->w in fs->s (the current one if it shows
 * it). */
static int
find_winlink_of_window(struct find_state *st)
{
	struct target	*fs = st->fs;
	struct winlink	*wl;

	if (fs->s->curw != NULL && fs->s->curw->window == fs->w)
		wl = fs->s->curw;
	else if ((wl = winlink_find_by_window(fs->s, fs->w)) == NULL)
		return (-1);
	fs->wl = wl;
	st->idx = wl->idx;
	return (0);
}

/* Fill in a session (and winlink) for fs->w: the current session if it
 * links the window, else the most recently used that does. */
static int
find_session_of_window(struct find_state *st)
{
	struct target	*fs = st->fs;
	struct session	*s, *best = NULL;

	if (st->current->s != NULL &&
	    winlink_find_by_window(st->current->s, fs->w) != NULL)
		best = st->current->s;
	else {
		TAILQ_FOREACH(s, &srv->sessions, entry) {
			if (winlink_find_by_window(s, fs->w) == NULL)
				continue;
			if (best == NULL || s->activity_ns > best->activity_ns)
				best = s;
		}
	}
	if (best == NULL)
		return (-1);
	fs->s = best;
	return (find_winlink_of_window(st));
}

/*
 * A session by name: "$id", an exact name, a client's name (its
 * session), then, unless exact, a unique name prefix and a unique
 * fnmatch(3) pattern. More than one match finds nothing.
 */
static int
find_get_session(struct find_state *st, const char *name)
{
	struct session	*s, *found;
	struct client	*c;
	size_t		 len = strlen(name);
	long		 id;

	if (*name == '$') {
		if ((id = cmd_find_number(name + 1)) == -1 ||
		    (s = session_find_by_id(id)) == NULL)
			return (-1);
		st->fs->s = s;
		return (0);
	}
	if ((s = session_find(name)) != NULL) {
		st->fs->s = s;
		return (0);
	}
	if ((c = cmd_find_client_named(name)) != NULL && c->session != NULL) {
		st->fs->s = c->session;
		return (0);
	}
	if (st->flags & FIND_EXACT_SESSION)
		return (-1);
	found = NULL;
	TAILQ_FOREACH(s, &srv->sessions, entry) {
		if (strncmp(name, s->name, len) != 0)
			continue;
		if (found != NULL)
			return (-1);
		found = s;
	}
	if (found == NULL) {
		TAILQ_FOREACH(s, &srv->sessions, entry) {
			if (fnmatch(name, s->name, 0) != 0)
				continue;
			if (found != NULL)
				return (-1);
			found = s;
		}
	}
	if (found == NULL)
		return (-1);
	st->fs->s = found;
	return (0);
}

/* Use wl as the window found. */
static int
find_use_winlink(struct find_state *st, struct winlink *wl)
{
	st->fs->wl = wl;
	st->fs->w = wl->window;
	st->idx = wl->idx;
	return (0);
}

/* The only winlink of s whose window name matches (exactly, by prefix
 * or by pattern); NULL for none or more than one. */
static struct winlink *
find_window_named(struct session *s, const char *name, int how)
{
	struct winlink	*wl, *found = NULL;
	int		 match;

	TAILQ_FOREACH(wl, &s->windows, entry) {
		switch (how) {
		case 0:
			match = strcmp(name, wl->window->name) == 0;
			break;
		case 1:
			match = strncmp(name, wl->window->name,
			    strlen(name)) == 0;
			break;
		default:
			match = fnmatch(name, wl->window->name, 0) == 0;
			break;
		}
		if (!match)
			continue;
		if (found != NULL)
			return (NULL);
		found = wl;
	}
	return (found);
}

/* Count wl on n windows, wrapping around (forward or back). */
static struct winlink *
find_winlink_step(struct session *s, struct winlink *wl, long n, int back)
{
	while (n-- > 0) {
		if (back)
			wl = TAILQ_PREV(wl, winlinks, entry);
		else
			wl = TAILQ_NEXT(wl, entry);
		if (wl == NULL)
			wl = back ? TAILQ_LAST(&s->windows, winlinks) :
			    TAILQ_FIRST(&s->windows);
	}
	return (wl);
}

/*
 * A window in fs->s: "@id", an offset "+N" "-N", "!" "^" "$", an index,
 * then an exact name, a unique name prefix and a unique pattern (exact:
 * only the id, the index and the exact name). With FIND_WINDOW_INDEX an
 * index no window has, or an offset from the current one, is found as
 * st->idx with no window.
 */
static int
find_get_window_with_session(struct find_state *st, const char *name)
{
	struct target	*fs = st->fs;
	struct session	*s = fs->s;
	struct winlink	*wl;
	int		 exact = st->flags & FIND_EXACT_WINDOW;
	long		 n;

	if (s->curw == NULL)
		return (-1);
	fs->wl = s->curw;
	fs->w = s->curw->window;
	if (*name == '@') {
		if ((n = cmd_find_number(name + 1)) == -1 ||
		    (fs->w = window_find_by_id(n)) == NULL)
			return (-1);
		return (find_winlink_of_window(st));
	}
	if (!exact && (name[0] == '+' || name[0] == '-')) {
		n = find_offset(name);
		if (st->flags & FIND_WINDOW_INDEX) {
			if (name[0] == '+') {
				if (INT_MAX - s->curw->idx < n)
					return (-1);
				st->idx = s->curw->idx + n;
			} else {
				if (n > s->curw->idx)
					return (-1);
				st->idx = s->curw->idx - n;
			}
			fs->wl = NULL;
			return (0);
		}
		return (find_use_winlink(st, find_winlink_step(s, s->curw, n,
		    name[0] == '-')));
	}
	if (!exact) {
		if (strcmp(name, "!") == 0) {
			if (session_last_window(s) == NULL)
				return (-1);
			return (find_use_winlink(st, session_last_window(s)));
		}
		if (strcmp(name, "^") == 0)
			return (find_use_winlink(st, TAILQ_FIRST(&s->windows)));
		if (strcmp(name, "$") == 0) {
			return (find_use_winlink(st, TAILQ_LAST(&s->windows,
			    winlinks)));
		}
	}
	if ((n = cmd_find_number(name)) != -1) {
		if ((wl = winlink_find_by_index(s, n)) != NULL)
			return (find_use_winlink(st, wl));
		if (st->flags & FIND_WINDOW_INDEX) {
			st->idx = n;
			fs->wl = NULL;
			return (0);
		}
	}
	if ((wl = find_window_named(s, name, 0)) != NULL)
		return (find_use_winlink(st, wl));
	if (exact)
		return (-1);
	if ((wl = find_window_named(s, name, 1)) != NULL ||
	    (wl = find_window_named(s, name, 2)) != NULL)
		return (find_use_winlink(st, wl));
	return (-1);
}

/* A window with no session given: "@id" anywhere, else a window of the
 * current session, else (unless only) the current window of a session of
 * that name. */
static int
find_get_window(struct find_state *st, const char *name, int only)
{
	struct target	*fs = st->fs;
	long		 id;

	if (*name == '@') {
		if ((id = cmd_find_number(name + 1)) == -1 ||
		    (fs->w = window_find_by_id(id)) == NULL)
			return (-1);
		return (find_session_of_window(st));
	}
	if ((fs->s = st->current->s) == NULL)
		return (-1);
	if (find_get_window_with_session(st, name) == 0)
		return (0);
	if (!only && find_get_session(st, name) == 0 &&
	    fs->s->curw != NULL) {
		fs->wl = fs->s->curw;
		fs->w = fs->wl->window;
		/* A new window goes at a free index, not this one. */
		if (~st->flags & FIND_WINDOW_INDEX)
			st->idx = fs->wl->idx;
		return (0);
	}
	return (-1);
}

/* Count p on n panes, wrapping around (forward or back). */
static struct pane *
find_pane_step(struct window *w, struct pane *p, long n, int back)
{
	while (n-- > 0) {
		if (back)
			p = TAILQ_PREV(p, panes, entry);
		else
			p = TAILQ_NEXT(p, entry);
		if (p == NULL)
			p = back ? TAILQ_LAST(&w->panes, panes) :
			    TAILQ_FIRST(&w->panes);
	}
	return (p);
}

/* A pane in fs->w: "%id" (which must be in it), "!", the {up-of} family,
 * an offset, an index, then a side or corner. */
static int
find_get_pane_with_window(struct find_state *st, const char *name)
{
	struct target	*fs = st->fs;
	struct window	*w = fs->w;
	struct pane	*p = NULL;
	long		 n;

	if (w == NULL || w->active == NULL)
		return (-1);
	if (*name == '%') {
		if ((n = cmd_find_number(name + 1)) == -1 ||
		    (p = pane_find_by_id(n)) == NULL || p->window != w)
			return (-1);
	} else if (strcmp(name, "!") == 0)
		p = w->last;
	else if (strcmp(name, "{up-of}") == 0)
		p = target_pane_beside(w->active, LAYOUT_DIR_UP);
	else if (strcmp(name, "{down-of}") == 0)
		p = target_pane_beside(w->active, LAYOUT_DIR_DOWN);
	else if (strcmp(name, "{left-of}") == 0)
		p = target_pane_beside(w->active, LAYOUT_DIR_LEFT);
	else if (strcmp(name, "{right-of}") == 0)
		p = target_pane_beside(w->active, LAYOUT_DIR_RIGHT);
	else {
		if (name[0] == '+' || name[0] == '-') {
			n = find_offset(name);
			p = find_pane_step(w, w->active, n, name[0] == '-');
		}
		if (p == NULL && (n = cmd_find_number(name)) != -1)
			p = window_pane_at_index(w, n);
		if (p == NULL)
			p = target_pane_at_side(w, name);
	}
	if (p == NULL)
		return (-1);
	fs->p = p;
	return (0);
}

/* A pane in fs->s: "%id" anywhere (then its window there), else a pane
 * of the session's current window. */
static int
find_get_pane_with_session(struct find_state *st, const char *name)
{
	struct target	*fs = st->fs;
	long		 id;

	if (*name == '%') {
		if ((id = cmd_find_number(name + 1)) == -1 ||
		    (fs->p = pane_find_by_id(id)) == NULL)
			return (-1);
		fs->w = fs->p->window;
		return (find_winlink_of_window(st));
	}
	if (fs->s->curw == NULL)
		return (-1);
	find_use_winlink(st, fs->s->curw);
	return (find_get_pane_with_window(st, name));
}

/* A pane with nothing else given: "%id" anywhere, else a pane of the
 * current window, else (unless only) a window (or session) of that name. */
static int
find_get_pane(struct find_state *st, const char *name, int only)
{
	struct target	*fs = st->fs;
	long		 id;

	if (*name == '%') {
		if ((id = cmd_find_number(name + 1)) == -1 ||
		    (fs->p = pane_find_by_id(id)) == NULL)
			return (-1);
		fs->w = fs->p->window;
		return (find_session_of_window(st));
	}
	*fs = *st->current;
	if (fs->s == NULL)
		return (-1);
	if (find_get_pane_with_window(st, name) == 0)
		return (0);
	if (!only && find_get_window(st, name, 0) == 0) {
		fs->p = fs->w->active;
		return (0);
	}
	return (-1);
}

/* The marked pane (select-pane -m) as a target. */
static int
cmd_find_marked(struct cmdq_item *item, struct target *fs)
{
	struct pane	*p;

	if (srv->marked_pane == -1 ||
	    (p = pane_find_by_id(srv->marked_pane)) == NULL) {
		cmdq_error(item, "no marked target");
		return (-1);
	}
	target_from_pane(fs, p, item->current.s);
	if (fs->s == NULL) {
		cmdq_error(item, "no marked target");
		return (-1);
	}
	return (0);
}

/*
 * Resolve target as tmux's cmd_find_target does: split it at the first
 * ':' and the '.' after it into session, window and pane parts (with no
 * separator, a bare "$id" "@id" "%id", else the part the command's type
 * names), then look each part up, any missing part being the current
 * one. st->idx is the window index found (FIND_WINDOW_INDEX).
 */
static int
cmd_find_parse(struct cmdq_item *item, const char *target,
    enum cmd_target_type type, struct find_state *st)
{
	struct target	*fs = st->fs;
	char		*copy, *colon, *period;
	char		*session = NULL, *window = NULL, *pane = NULL;
	const char	*sname, *wname, *pname;
	int		 window_only = 0, pane_only = 0, rc = -1;

	copy = xstrdup(target);
	if ((colon = strchr(copy, ':')) != NULL)
		*colon++ = '\0';
	period = strchr(colon != NULL ? colon : copy, '.');
	if (period != NULL)
		*period++ = '\0';
	if (colon != NULL) {
		session = copy;
		window = colon;
		window_only = 1;
		if (period != NULL) {
			pane = period;
			pane_only = 1;
		}
	} else if (period != NULL) {
		window = copy;
		pane = period;
		pane_only = 1;
	} else if (*copy == '$')
		session = copy;
	else if (*copy == '@')
		window = copy;
	else if (*copy == '%')
		pane = copy;
	else if (type == CMD_TARGET_SESSION)
		session = copy;
	else if (type == CMD_TARGET_WINDOW || (st->flags & FIND_WINDOW_INDEX))
		window = copy;
	else
		pane = copy;

	if (session != NULL && *session == '=') {
		session++;
		st->flags |= FIND_EXACT_SESSION;
	}
	if (window != NULL && *window == '=') {
		window++;
		st->flags |= FIND_EXACT_WINDOW;
	}
	sname = session != NULL && *session != '\0' ? session : NULL;
	wname = window != NULL && *window != '\0' ? find_map(find_window_tokens,
	    sizeof find_window_tokens / sizeof find_window_tokens[0], window) :
	    NULL;
	pname = pane != NULL && *pane != '\0' ? find_map(find_pane_tokens,
	    sizeof find_pane_tokens / sizeof find_pane_tokens[0], pane) : NULL;

	if (pname != NULL && (st->flags & FIND_WINDOW_INDEX)) {
		cmdq_error(item, "can't specify pane here");
		goto out;
	}
	if (sname != NULL) {
		if (find_get_session(st, sname) != 0)
			goto no_session;
		if (wname == NULL && pname == NULL) {
			if (fs->s->curw == NULL)
				goto no_session;
			find_use_winlink(st, fs->s->curw);
			st->idx = -1;
			fs->p = fs->w->active;
		} else if (pname == NULL) {
			if (find_get_window_with_session(st, wname) != 0)
				goto no_window;
			if (fs->wl != NULL)
				fs->p = fs->w->active;
		} else if (wname == NULL) {
			if (find_get_pane_with_session(st, pname) != 0)
				goto no_pane;
		} else {
			if (find_get_window_with_session(st, wname) != 0)
				goto no_window;
			if (find_get_pane_with_window(st, pname) != 0)
				goto no_pane;
		}
	} else if (wname != NULL) {
		if (find_get_window(st, wname, window_only) != 0)
			goto no_window;
		if (pname != NULL) {
			if (find_get_pane_with_window(st, pname) != 0)
				goto no_pane;
		} else if (fs->wl != NULL)
			fs->p = fs->w->active;
	} else if (pname != NULL) {
		if (find_get_pane(st, pname, pane_only) != 0)
			goto no_pane;
	} else {
		if (st->current->s == NULL) {
			cmdq_error(item, TAILQ_EMPTY(&srv->sessions) ?
			    "no sessions" : "no current session");
			goto out;
		}
		*fs = *st->current;
		st->idx = -1;
	}
	rc = 0;
	goto out;

no_session:
	cmdq_error(item, "can't find session: %s", sname);
	goto out;
no_window:
	cmdq_error(item, "can't find window: %s", wname);
	goto out;
no_pane:
	cmdq_error(item, "can't find pane: %s", pname);
out:
	free(copy);
	return (rc);
}

/* cmd_find_target; partial: on failure, keep what was found of a target
 * with a session or window part (a window found gives its active pane). */
static int
cmd_find_target1(struct cmdq_item *item, const char *target,
    enum cmd_target_type type, struct target *fs, int partial)
{
	struct find_state	st = { &item->current, fs, 0, -1 };

	memset(fs, 0, sizeof *fs);
	if (target == NULL || *target == '\0') {
		if (item->current.s == NULL) {
			cmdq_error(item, TAILQ_EMPTY(&srv->sessions) ?
			    "no sessions" : "no current session");
			return (-1);
		}
		*fs = item->current;
		return (0);
	}
	if (strcmp(target, "=") == 0 || strcmp(target, "{mouse}") == 0)
		return (cmd_find_mouse(item, fs));
	if (strcmp(target, "~") == 0 || strcmp(target, "{marked}") == 0)
		return (cmd_find_marked(item, fs));
	if (cmd_find_parse(item, target, type, &st) != 0) {
		/* As tmux: a name alone that is nothing leaves nothing. */
		if (!partial || strpbrk(target, ":.") == NULL)
			memset(fs, 0, sizeof *fs);
		else if (fs->w != NULL && (fs->p == NULL ||
		    fs->p->window != fs->w))
			fs->p = fs->w->active;
		return (-1);
	}
	if (fs->w != NULL && fs->p == NULL)
		fs->p = fs->w->active;
	return (0);
}

int
cmd_find_target(struct cmdq_item *item, const char *target,
    enum cmd_target_type type, struct target *fs)
{
	return (cmd_find_target1(item, target, type, fs, 0));
}

int
cmd_find_target_partial(struct cmdq_item *item, const char *target,
    enum cmd_target_type type, struct target *fs)
{
	return (cmd_find_target1(item, target, type, fs, 1));
}

int
cmd_find_index(struct cmdq_item *item, const char *target,
    struct session **sp, int *idx)
{
	struct target		fs;
	struct find_state	st = { &item->current, &fs, FIND_WINDOW_INDEX,
				    -1 };

	memset(&fs, 0, sizeof fs);
	*sp = NULL;
	*idx = -1;
	if (target == NULL || *target == '\0') {
		if ((*sp = item->current.s) == NULL) {
			cmdq_error(item, TAILQ_EMPTY(&srv->sessions) ?
			    "no sessions" : "no current session");
			return (-1);
		}
		return (0);
	}
	if (strcmp(target, "=") == 0 || strcmp(target, "{mouse}") == 0 ||
	    strcmp(target, "~") == 0 || strcmp(target, "{marked}") == 0) {
		if (cmd_find_target(item, target, CMD_TARGET_WINDOW, &fs) != 0)
			return (-1);
		*sp = fs.s;
		*idx = fs.wl != NULL ? fs.wl->idx : -1;
		return (0);
	}
	if (cmd_find_parse(item, target, CMD_TARGET_WINDOW, &st) != 0)
		return (-1);
	*sp = fs.s;
	*idx = st.idx;
	return (0);
}

struct client *
cmd_find_best_client(struct session *s)
{
	struct client	*c, *best = NULL, *any = NULL;

	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session == NULL || (c->flags & CLIENT_EXIT))
			continue;
		if (any == NULL || c->activity_ns > any->activity_ns)
			any = c;
		if (c->session != s)
			continue;
		if (best == NULL || c->activity_ns > best->activity_ns)
			best = c;
	}
	/* The session's newest client, else the newest of all. */
	return (best != NULL ? best : any);
}

struct client *
cmd_find_client(struct cmdq_item *item)
{
	if (item->client != NULL && item->client->session != NULL)
		return (item->client);
	return (cmd_find_best_client(item->current.s));
}

struct client *
cmd_find_client_named(const char *name)
{
	struct client	*c;
	char		*cname;
	int		 found;

	if (strncmp(name, "/dev/", 5) == 0)
		name += 5;
	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session == NULL || (c->flags & CLIENT_EXIT))
			continue;
		cname = client_name(c);
		found = strcmp(cname, name) == 0 ||
		    (strncmp(cname, "/dev/", 5) == 0 &&
		    strcmp(cname + 5, name) == 0);
		free(cname);
		if (found)
			return (c);
	}
	return (NULL);
}

char *
cmd_format(struct cmdq_item *item, const char *fmt, const struct target *t,
    struct client *c)
{
	struct format_extra	 extra = { .mouse = cmdq_mouse(item) };
	struct cmd		*cmd;

	if (item->cmds != NULL && item->next < item->cmds->n) {
		cmd = item->cmds->cmds[item->next];
		extra.command = cmd->entry->name;
	}
	return (format_expand_extra(fmt, t != NULL ? t : &item->target,
	    c != NULL ? c : item->client, &extra));
}
