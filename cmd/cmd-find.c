/*
 * Target resolution: "session:window.pane" with names, indexes, unique name
 * prefixes and "$id", "@id", "%id". A missing part means the current one:
 * the running client's session (an attached client's, or the pane's that a
 * command inside mux comes from, through $MUX_PANE), else the most recently
 * used session. The commands of a mouse key's binding have the pane under
 * the mouse as their current pane, and "=" (or "{mouse}") names the pane,
 * or the window in the status line, that the mouse is on.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "common/xmalloc.h"
#include "server/client.h"
#include "server/mouse.h"
#include "server/server.h"
#include "server/session.h"
#include "server/window.h"

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
		return;
	}
	if (c != NULL && (env = client_getenv(c, "MUX_PANE")) != NULL &&
	    env[0] == '%' && (id = cmd_find_number(env + 1)) != -1 &&
	    (p = pane_find_by_id(id)) != NULL) {
		target_from_pane(fs, p, NULL);
		if (fs->s != NULL)
			return;
	}
	target_from_session(fs, session_most_recent());
}

/* Find a session by "$id", exact name, then unique prefix. */
static struct session *
cmd_find_session(struct cmdq_item *item, const char *name)
{
	struct session	*s, *found = NULL;
	size_t		 len = strlen(name);
	long		 id;

	if (name[0] == '$' && (id = cmd_find_number(name + 1)) != -1) {
		if ((s = session_find_by_id(id)) == NULL)
			cmdq_error(item, "can't find session: %s", name);
		return (s);
	}
	if ((s = session_find(name)) != NULL)
		return (s);
	TAILQ_FOREACH(s, &srv->sessions, entry) {
		if (strncmp(s->name, name, len) == 0) {
			if (found != NULL) {
				cmdq_error(item, "more than one session: %s",
				    name);
				return (NULL);
			}
			found = s;
		}
	}
	if (found == NULL)
		cmdq_error(item, "can't find session: %s", name);
	return (found);
}

/* Find a window in s by index, "@id", exact name, then name prefix. */
static struct winlink *
cmd_find_window(struct cmdq_item *item, struct session *s, const char *name,
    int quiet)
{
	struct winlink	*wl, *found = NULL;
	size_t		 len = strlen(name);
	long		 idx;

	if (*name == '\0')
		return (s->curw);
	/* Relative names: next, previous and last window. */
	if (s->curw != NULL && (strcmp(name, "+") == 0 ||
	    strcmp(name, "{next}") == 0)) {
		if ((wl = TAILQ_NEXT(s->curw, entry)) == NULL)
			wl = TAILQ_FIRST(&s->windows);
		return (wl);
	}
	if (s->curw != NULL && (strcmp(name, "-") == 0 ||
	    strcmp(name, "{previous}") == 0)) {
		if ((wl = TAILQ_PREV(s->curw, winlinks, entry)) == NULL)
			wl = TAILQ_LAST(&s->windows, winlinks);
		return (wl);
	}
	if (strcmp(name, "!") == 0 || strcmp(name, "{last}") == 0) {
		if (s->lastw == NULL && !quiet)
			cmdq_error(item, "can't find window: %s", name);
		return (s->lastw);
	}
	if (strcmp(name, "^") == 0 || strcmp(name, "{start}") == 0)
		return (TAILQ_FIRST(&s->windows));
	if (strcmp(name, "$") == 0 || strcmp(name, "{end}") == 0)
		return (TAILQ_LAST(&s->windows, winlinks));
	if (name[0] == '@' && (idx = cmd_find_number(name + 1)) != -1) {
		TAILQ_FOREACH(wl, &s->windows, entry) {
			if (wl->window->id == (unsigned int)idx)
				return (wl);
		}
	} else if ((idx = cmd_find_number(name)) != -1) {
		if ((wl = winlink_find_by_index(s, idx)) != NULL)
			return (wl);
	} else {
		TAILQ_FOREACH(wl, &s->windows, entry) {
			if (strcmp(wl->window->name, name) == 0)
				return (wl);
		}
		TAILQ_FOREACH(wl, &s->windows, entry) {
			if (strncmp(wl->window->name, name, len) != 0)
				continue;
			if (found != NULL) {
				if (!quiet)
					cmdq_error(item, "more than one "
					    "window: %s", name);
				return (NULL);
			}
			found = wl;
		}
		if (found != NULL)
			return (found);
	}
	if (!quiet)
		cmdq_error(item, "can't find window: %s", name);
	return (NULL);
}

/* Find a pane in w by index or "%id". */
static struct pane *
cmd_find_pane(struct cmdq_item *item, struct window *w, const char *name)
{
	struct pane	*p;
	long		 idx;

	if (*name == '\0')
		return (w->active);
	/* Relative names: next, previous and last pane. */
	if (strcmp(name, "+") == 0 || strcmp(name, "{next}") == 0) {
		if ((p = TAILQ_NEXT(w->active, entry)) == NULL)
			p = TAILQ_FIRST(&w->panes);
		return (p);
	}
	if (strcmp(name, "-") == 0 || strcmp(name, "{previous}") == 0) {
		if ((p = TAILQ_PREV(w->active, panes, entry)) == NULL)
			p = TAILQ_LAST(&w->panes, panes);
		return (p);
	}
	if ((strcmp(name, "!") == 0 || strcmp(name, "{last}") == 0) &&
	    w->last != NULL)
		return (w->last);
	if (name[0] == '%' && (idx = cmd_find_number(name + 1)) != -1) {
		TAILQ_FOREACH(p, &w->panes, entry) {
			if (p->id == (unsigned int)idx)
				return (p);
		}
	} else if ((idx = cmd_find_number(name)) != -1) {
		if ((p = window_pane_at_index(w, idx)) != NULL)
			return (p);
	}
	cmdq_error(item, "can't find pane: %s", name);
	return (NULL);
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

int
cmd_find_target(struct cmdq_item *item, const char *target,
    enum cmd_target_type type, struct target *fs)
{
	struct target	 cur = item->current;
	struct session		*s;
	struct winlink		*wl;
	struct pane		*p;
	char			*copy, *colon, *dot, *sname, *wname, *pname;
	long			 id;
	int			 rc = -1;

	memset(fs, 0, sizeof *fs);
	if (target == NULL || *target == '\0') {
		if (cur.s == NULL) {
			cmdq_error(item, TAILQ_EMPTY(&srv->sessions) ?
			    "no sessions" : "no current session");
			return (-1);
		}
		*fs = cur;
		return (0);
	}
	if (strcmp(target, "=") == 0 || strcmp(target, "{mouse}") == 0)
		return (cmd_find_mouse(item, fs));
	/* Ids anywhere are unique. */
	if (target[0] == '%' && (id = cmd_find_number(target + 1)) != -1) {
		if ((p = pane_find_by_id(id)) == NULL) {
			cmdq_error(item, "can't find pane: %s", target);
			return (-1);
		}
		target_from_pane(fs, p, cur.s);
		return (0);
	}
	if (target[0] == '@' && (id = cmd_find_number(target + 1)) != -1) {
		struct window	*w = window_find_by_id(id);

		if (w == NULL || w->active == NULL) {
			cmdq_error(item, "can't find window: %s", target);
			return (-1);
		}
		target_from_pane(fs, w->active, cur.s);
		return (0);
	}

	copy = xstrdup(target);
	sname = NULL;
	wname = copy;
	pname = NULL;
	if ((colon = strchr(copy, ':')) != NULL) {
		*colon = '\0';
		sname = copy;
		wname = colon + 1;
	} else if (type == CMD_TARGET_SESSION) {
		sname = copy;
		wname = NULL;
	}
	if (wname != NULL && type == CMD_TARGET_PANE &&
	    (dot = strrchr(wname, '.')) != NULL) {
		*dot = '\0';
		pname = dot + 1;
	}

	if (sname != NULL && *sname != '\0') {
		if ((s = cmd_find_session(item, sname)) == NULL)
			goto out;
	} else if ((s = cur.s) == NULL) {
		if (colon == NULL && wname != NULL && *wname != '\0')
			cmdq_error(item, "can't find session: %s", wname);
		else
			cmdq_error(item, "no current session");
		goto out;
	}
	/* A bare word that is no window of the current session may be a
	 * session name ("sess" or "sess.1"), as in tmux. */
	if (colon == NULL && sname == NULL && wname != NULL && *wname != '\0' &&
	    cmd_find_window(item, s, wname, 1) == NULL) {
		if ((s = cmd_find_session(item, wname)) == NULL)
			goto out;
		wname = NULL;
	}
	target_from_session(fs, s);
	if (wname != NULL && *wname != '\0') {
		if ((wl = cmd_find_window(item, s, wname, 0)) == NULL)
			goto out;
		fs->wl = wl;
		fs->w = wl->window;
		fs->p = fs->w->active;
	}
	if (pname != NULL && *pname != '\0' && fs->w != NULL) {
		if ((p = cmd_find_pane(item, fs->w, pname)) == NULL)
			goto out;
		fs->p = p;
	}
	rc = 0;
out:
	free(copy);
	if (rc != 0)
		memset(fs, 0, sizeof *fs);
	return (rc);
}

int
cmd_find_index(struct cmdq_item *item, const char *target,
    struct session **sp, int *idx)
{
	const char	*colon, *wname;
	char		*sname;
	long		 n;

	*idx = -1;
	*sp = item->current.s;
	if (target == NULL || *target == '\0') {
		if (*sp == NULL) {
			cmdq_error(item, TAILQ_EMPTY(&srv->sessions) ?
			    "no sessions" : "no current session");
			return (-1);
		}
		return (0);
	}
	if ((colon = strchr(target, ':')) != NULL) {
		sname = xstrndup(target, colon - target);
		wname = colon + 1;
		if (*sname != '\0' &&
		    (*sp = cmd_find_session(item, sname)) == NULL) {
			free(sname);
			return (-1);
		}
		free(sname);
	} else if ((n = cmd_find_number(target)) != -1) {
		wname = target;
	} else {
		if ((*sp = cmd_find_session(item, target)) == NULL)
			return (-1);
		return (0);
	}
	if (*sp == NULL) {
		cmdq_error(item, "no current session");
		return (-1);
	}
	if (*wname == '\0')
		return (0);
	if ((n = cmd_find_number(wname)) == -1) {
		cmdq_error(item, "invalid index: %s", wname);
		return (-1);
	}
	*idx = n;
	return (0);
}

struct client *
cmd_find_client(struct cmdq_item *item)
{
	struct client	*c, *best = NULL, *any = NULL;

	if (item->client != NULL && item->client->session != NULL)
		return (item->client);
	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session == NULL || (c->flags & CLIENT_EXIT))
			continue;
		if (any == NULL || c->activity_ns > any->activity_ns)
			any = c;
		if (c->session != item->current.s)
			continue;
		if (best == NULL || c->activity_ns > best->activity_ns)
			best = c;
	}
	/* The current session's newest client, else the newest of all. */
	return (best != NULL ? best : any);
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
