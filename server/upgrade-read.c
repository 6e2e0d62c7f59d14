/*
 * upgrade-read: the new server's side of the live upgrade: read the state
 * file upgrade.c writes (its format is described there) into a fresh
 * model. Everything is checked as it is read (the checksum first, then
 * every count against what is left, every id and index against what was
 * made, every option, hook and key binding through the code that sets
 * them), so a dry run that passes means the real load will.
 */
#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <event2/buffer.h>
#include <event2/event.h>

#include "cmd/cmd.h"
#include "copy/copy.h"
#include "cmd/key-bindings.h"
#include "common/log.h"
#include "common/proto.h"
#include "common/xmalloc.h"
#include "grid/vt.h"
#include "model/environ.h"
#include "model/hooks.h"
#include "model/layout.h"
#include "model/options.h"
#include "model/paste.h"
#include "model/state.h"
#include "model/session.h"
#include "server/upgrade.h"
#include "server/upgrade-int.h"
#include "model/window.h"

uint32_t
upgrade_checksum(const uint8_t *p, size_t len)
{
	uint32_t	h = 2166136261u;

	while (len-- > 0) {
		h ^= *p++;
		h *= 16777619u;
	}
	return (h);
}

uint64_t
upgrade_get_u64(struct preader *pr)
{
	uint64_t	lo = pr_u32(pr);

	return (lo | ((uint64_t)pr_u32(pr) << 32));
}

/* A string that must be there (NULL sets the error). */
static char *
upgrade_get_str(struct preader *pr)
{
	char	*s = pr_str(pr);

	if (s == NULL)
		pr->error = 1;
	return (s);
}

/* Read an options record into oo. Returns 0, or -1 with *cause. */
static int
upgrade_get_options(struct preader *pr, struct options *oo, char **cause)
{
	const struct option_item	*items;
	unsigned int			 n, i, m, j, k, idx, *saved;
	char				*name, *value, *member, *err = NULL;
	uint8_t				 kind;
	int				 global = options_parent(oo) == NULL;
	int				 found;

	n = pr_u32(pr);
	for (i = 0; i < n && !pr->error; i++) {
		kind = pr_u8(pr);
		if ((name = upgrade_get_str(pr)) == NULL)
			break;
		if (kind == 1) {
			m = pr_u32(pr);
			if (m > pr->left / 8) {
				pr->error = 1;
				free(name);
				break;
			}
			/* The array as it was: the defaults it lost gone. */
			options_unset(oo, name);
			saved = xreallocarray(NULL, m + 1, sizeof *saved);
			for (j = 0; j < m && !pr->error; j++) {
				idx = pr_u32(pr);
				if ((value = upgrade_get_str(pr)) == NULL)
					break;
				saved[j] = idx;
				member = xasprintf("%s[%u]", name, idx);
				if (options_set(oo, member, value, 0,
				    &err) != 0) {
					*cause = xasprintf("option %s: %s",
					    member, err);
					free(err);
					free(member);
					free(value);
					free(saved);
					free(name);
					return (-1);
				}
				free(member);
				free(value);
			}
			if (global && !pr->error) {
				k = options_array_items(oo, name, &items);
				while (k-- > 0) {
					found = 0;
					for (j = 0; j < m; j++)
						found |= saved[j] == items[k].idx;
					if (found)
						continue;
					member = xasprintf("%s[%u]", name,
					    items[k].idx);
					options_unset(oo, member);
					free(member);
					k = options_array_items(oo, name,
					    &items);
				}
			}
			free(saved);
			free(name);
			continue;
		}
		if (kind > 2 || (value = upgrade_get_str(pr)) == NULL) {
			pr->error = 1;
			free(name);
			break;
		}
		if (options_set(oo, name, value, 0, &err) != 0) {
			*cause = xasprintf("option %s: %s", name, err);
			free(err);
			free(name);
			free(value);
			return (-1);
		}
		free(name);
		free(value);
	}
	if (pr->error) {
		*cause = xstrdup("bad options");
		return (-1);
	}
	return (0);
}

static int
upgrade_get_environ(struct preader *pr, struct environ *env, int clear,
    char **cause)
{
	const char	*old, *value0;
	char		*name, *value;
	unsigned int	 n, i;
	uint8_t		 kind;

	if (clear) {
		while (environ_count(env) > 0) {
			environ_at(env, 0, &old, &value0);
			name = xstrdup(old);
			environ_unset(env, name);
			free(name);
		}
	}
	n = pr_u32(pr);
	for (i = 0; i < n && !pr->error; i++) {
		name = upgrade_get_str(pr);
		kind = pr_u8(pr);
		value = upgrade_get_str(pr);
		if (!pr->error && kind <= 2 && *name != '\0' &&
		    strchr(name, '=') == NULL) {
			if (kind == 1)
				environ_remove(env, name);
			else if (kind == 2)
				environ_set_hidden(env, name, value);
			else
				environ_set(env, name, value);
		} else
			pr->error = 1;
		free(name);
		free(value);
	}
	if (pr->error) {
		*cause = xstrdup("bad environment");
		return (-1);
	}
	return (0);
}

/* A hooks record into the table at *where (a global table: table). */
static int
upgrade_get_hooks(struct preader *pr, struct hooks *table,
    struct hooks **where, char **cause)
{
	const struct hook_def	*def;
	struct hook		*h;
	struct cmd_list		*cl;
	unsigned int		 n, i, m, j, idx;
	char			*name, *text, *err = NULL;

	n = pr_u32(pr);
	for (i = 0; i < n && !pr->error; i++) {
		if ((name = upgrade_get_str(pr)) == NULL)
			break;
		if ((def = hooks_def_find(name)) == NULL) {
			*cause = xasprintf("unknown hook: %s", name);
			free(name);
			return (-1);
		}
		free(name);
		if (table == NULL)
			table = hooks_table(where);
		h = hooks_add(table, def);
		hook_clear(h);
		m = pr_u32(pr);
		for (j = 0; j < m && !pr->error; j++) {
			idx = pr_u32(pr);
			if ((text = upgrade_get_str(pr)) == NULL)
				break;
			/* As set-hook takes it: it must parse. */
			if ((cl = cmd_parse_string(text, NULL, &err)) == NULL) {
				*cause = xasprintf("hook %s: %s", def->name,
				    err);
				free(err);
				free(text);
				return (-1);
			}
			cmd_list_free(cl);
			hook_set(h, idx, text);
			free(text);
		}
	}
	if (pr->error) {
		*cause = xstrdup("bad hooks");
		return (-1);
	}
	return (0);
}

static int
upgrade_get_keys(struct preader *pr, char **cause)
{
	struct key_table	*kt;
	struct key_binding	*kb;
	struct cmd_list		*cl;
	char			**names = NULL, *name, *note, *text, *err = NULL;
	unsigned int		 n = 0, i, m, j;
	key_code		 key;
	int			 repeat, has_note;

	/* The state has every table: the defaults go first. */
	for (kt = key_table_first(); kt != NULL; kt = key_table_next(kt)) {
		names = xreallocarray(names, n + 1, sizeof *names);
		names[n++] = xstrdup(kt->name);
	}
	for (i = 0; i < n; i++) {
		while ((kt = key_table_find(names[i], 0)) != NULL &&
		    (kb = TAILQ_FIRST(&kt->bindings)) != NULL)
			key_bindings_remove(names[i], kb->key);
		free(names[i]);
	}
	free(names);

	n = pr_u32(pr);
	for (i = 0; i < n && !pr->error; i++) {
		if ((name = upgrade_get_str(pr)) == NULL)
			break;
		key_table_find(name, 1);
		m = pr_u32(pr);
		for (j = 0; j < m && !pr->error; j++) {
			key = pr_u32(pr);
			repeat = pr_u8(pr);
			has_note = pr_u8(pr);
			note = upgrade_get_str(pr);
			text = upgrade_get_str(pr);
			if (pr->error) {
				free(note);
				free(text);
				break;
			}
			if ((cl = cmd_parse_string(text, NULL, &err)) == NULL) {
				*cause = xasprintf("key binding in %s: %s",
				    name, err);
				free(err);
				free(note);
				free(text);
				free(name);
				return (-1);
			}
			key_bindings_add(name, key, repeat, cl);
			cmd_list_free(cl);
			if (has_note)
				key_bindings_set_note(name, key, note);
			free(note);
			free(text);
		}
		free(name);
	}
	if (pr->error) {
		*cause = xstrdup("bad key tables");
		return (-1);
	}
	return (0);
}

static int
upgrade_get_buffers(struct preader *pr, char **cause)
{
	struct paste_buffer	*b;
	const uint8_t		*data;
	unsigned int		 n, i;
	uint32_t		 len;
	uint64_t		 created;
	char			*name;
	int			 automatic;

	while ((b = paste_top()) != NULL)
		paste_free(b);
	n = pr_u32(pr);
	for (i = 0; i < n && !pr->error; i++) {
		if ((name = upgrade_get_str(pr)) == NULL)
			break;
		automatic = pr_u8(pr);
		created = upgrade_get_u64(pr);
		len = pr_u32(pr);
		data = pr_bytes(pr, len);
		if (!pr->error && *name != '\0' && paste_find(name) == NULL)
			paste_restore(name, (const char *)data, len, automatic,
			    (time_t)created);
		else
			pr->error = 1;
		free(name);
	}
	if (pr->error) {
		*cause = xstrdup("bad buffers");
		return (-1);
	}
	return (0);
}

static int
upgrade_get_messages(struct preader *pr, char **cause)
{
	struct message_entry	*me;
	struct prompt_history	*ph;
	unsigned int		 n, i, t;
	uint64_t		 when;
	char			*s;

	n = pr_u32(pr);
	for (i = 0; i < n && !pr->error; i++) {
		when = upgrade_get_u64(pr);
		if ((s = upgrade_get_str(pr)) == NULL)
			break;
		me = xcalloc(1, sizeof *me);
		me->time = (time_t)when;
		me->msg = s;
		TAILQ_INSERT_TAIL(&srv->messages, me, entry);
		srv->nmessages++;
	}
	for (t = 0; t < 4 && !pr->error; t++) {
		ph = &srv->prompt_history[t];
		n = pr_u32(pr);
		if (n > pr->left / 4) {
			pr->error = 1;
			break;
		}
		for (i = 0; i < ph->n; i++)
			free(ph->lines[i]);
		free(ph->lines);
		ph->lines = xcalloc(n + 1, sizeof *ph->lines);
		ph->n = 0;
		for (i = 0; i < n && !pr->error; i++) {
			if ((s = upgrade_get_str(pr)) == NULL)
				break;
			ph->lines[ph->n++] = s;
		}
	}
	if (pr->error) {
		*cause = xstrdup("bad messages");
		return (-1);
	}
	return (0);
}

/* A pane of w from the state. */
static struct pane *
upgrade_get_pane(struct preader *pr, uint32_t version, struct window *w,
    int dry, char **cause)
{
	struct pane	*p;
	unsigned int	 id, n, i;
	int		 fd, flags, status;
	pid_t		 pid;
	uint64_t	 dead_time;
	char		*cwd, *title, **argv = NULL;
	struct options	*oo;
	struct hooks	*hooks = NULL;
	size_t		 ilen;
	const uint8_t	*idata;

	id = pr_u32(pr);
	fd = (int)pr_u32(pr);
	pid = (pid_t)pr_u32(pr);
	status = (int)pr_u32(pr);
	flags = (int)pr_u32(pr);
	dead_time = upgrade_get_u64(pr);
	cwd = upgrade_get_str(pr);
	title = upgrade_get_str(pr);
	n = pr_u32(pr);
	if (!pr->error && n != UPGRADE_NOARGV) {
		if (n > pr->left / 4)
			pr->error = 1;
		else {
			argv = xcalloc(n + 1, sizeof *argv);
			for (i = 0; i < n && !pr->error; i++)
				argv[i] = upgrade_get_str(pr);
		}
	}
	if (pr->error || pane_find_by_id(id) != NULL || fd < -1 || pid <= 0) {
		*cause = xasprintf("bad pane %%%u", id);
		goto fail;
	}
	if (dry)
		fd = -1;
	else if (fd != -1 && fcntl(fd, F_GETFD) == -1) {
		/* The pty did not come through: the pane is dead. */
		log_debug("pane %%%u: fd %d lost in the exec", id, fd);
		fd = -1;
		flags |= PANE_EXITED;
	}
	/* The options and hooks come first in the record. */
	oo = options_create(w->options, OPTION_PANE);
	if (upgrade_get_options(pr, oo, cause) != 0 ||
	    upgrade_get_hooks(pr, NULL, &hooks, cause) != 0) {
		options_free(oo);
		hooks_free(hooks);
		goto fail;
	}
	ilen = pr_u32(pr);
	idata = pr_bytes(pr, ilen);
	if ((p = pane_restore(w, id, fd, pid, oo, pr, version,
	    cause)) == NULL) {
		options_free(oo);
		hooks_free(hooks);
		if (*cause == NULL)
			*cause = xasprintf("bad pane %%%u", id);
		goto fail;
	}
	p->hooks = hooks;
	if (idata != NULL && ilen != 0)
		evbuffer_add(p->input, idata, ilen);
	p->status = status;
	p->flags = flags;
	p->dead_time = (time_t)dead_time;
	p->cwd = cwd;
	p->title = title;
	p->start_argv = argv;
	vt_set_alternate_allowed(p->vt, options_get_number(p->options,
	    "alternate-screen"));
	vt_set_scroll_on_clear(p->vt, options_get_number(p->options,
	    "scroll-on-clear"));
	return (p);

fail:
	free(cwd);
	free(title);
	environ_free_vector(argv);
	return (NULL);
}

/* A window and its panes from the state. */
static int
upgrade_get_window(struct preader *pr, uint32_t version, int dry,
    char **cause)
{
	struct window	*w;
	struct pane	*p, **panes = NULL;
	char		*name, *layout;
	unsigned int	 id, sx, sy, latest, active, n, i;
	int		 preset, flags, last;
	uint64_t	 activity;
	void		**slots;

	id = pr_u32(pr);
	name = upgrade_get_str(pr);
	sx = pr_u32(pr);
	sy = pr_u32(pr);
	preset = (int)pr_u32(pr);
	flags = (int)pr_u32(pr);
	activity = upgrade_get_u64(pr);
	latest = pr_u32(pr);
	layout = upgrade_get_str(pr);
	active = pr_u32(pr);
	last = (int)pr_u32(pr);
	if (pr->error || window_find_by_id(id) != NULL || sx == 0 || sy == 0 ||
	    sx > WINDOW_SIZE_MAX || sy > WINDOW_SIZE_MAX) {
		*cause = xasprintf("bad window @%u", id);
		free(name);
		free(layout);
		return (-1);
	}
	w = window_create(sx, sy);
	w->id = id;
	window_set_name(w, name);
	free(name);
	w->preset = preset;
	w->activity = (time_t)activity;
	w->latest = latest;
	if (upgrade_get_options(pr, w->options, cause) != 0 ||
	    upgrade_get_hooks(pr, NULL, &w->hooks, cause) != 0)
		goto fail;
	n = pr_u32(pr);
	if (pr->error || n == 0 || n > pr->left / 16) {
		*cause = xasprintf("bad window @%u", id);
		goto fail;
	}
	panes = xcalloc(n, sizeof *panes);
	for (i = 0; i < n; i++) {
		if ((p = upgrade_get_pane(pr, version, w, dry,
		    cause)) == NULL)
			goto fail;
		panes[i] = p;
		TAILQ_INSERT_TAIL(&w->panes, p, entry);
		if (version >= 3 && copy_state_read(p, pr) != 0) {
			*cause = xasprintf("pane %%%u: bad copy mode", p->id);
			goto fail;
		}
		if (version >= 3 && pane_pipe_load(p, pr, dry) != 0) {
			*cause = xasprintf("pane %%%u: bad pipe", p->id);
			goto fail;
		}
		if (p->id == active)
			w->active = p;
		if ((int)p->id == last)
			w->last = p;
	}
	if (w->active == NULL) {
		*cause = xasprintf("window @%u: no active pane", id);
		goto fail;
	}
	slots = (void **)panes;
	if ((w->layout = layout_parse(layout, slots, n, cause)) == NULL)
		goto fail;
	/* Every pane gets its cell first, then a zoomed window's active
	 * pane fills it again (the others keep their places, as they did). */
	w->flags = flags & ~WINDOW_ZOOMED;
	window_apply_layout(w);
	w->flags = flags;
	if (flags & WINDOW_ZOOMED)
		window_apply_layout(w);
	TAILQ_FOREACH(p, &w->panes, entry) {
		if (p->sx != vt_cols(p->vt) || p->sy != vt_rows(p->vt)) {
			*cause = xasprintf("pane %%%u: size %ux%u, layout "
			    "%ux%u", p->id, vt_cols(p->vt), vt_rows(p->vt),
			    p->sx, p->sy);
			goto fail;
		}
	}
	/* monitor-silence's timer starts again (which clears the flag
	 * the window had). */
	window_alerts_reset(w);
	w->flags = flags;
	free(panes);
	free(layout);
	return (0);

fail:
	free(panes);
	free(layout);
	/* Nothing is killed: a dry run has no descriptors, and a real one
	 * never gets here after a dry run passed. */
	TAILQ_FOREACH(p, &w->panes, entry)
		p->pid = 0, p->flags |= PANE_REAPED;
	window_destroy(w);
	return (-1);
}

/* The rest of a session's stack of windows shown before (after the last
 * window, which is on it already). */
static int
upgrade_get_stack(struct preader *pr, struct session *s, char **cause)
{
	struct winlink	*wl;
	unsigned int	 n, i;
	int		 idx;

	n = pr_u32(pr);
	for (i = 0; i < n && !pr->error; i++) {
		idx = (int)pr_u32(pr);
		if (pr->error || (wl = winlink_find_by_index(s, idx)) == NULL ||
		    wl == s->curw || wl->stacked) {
			*cause = xasprintf("session $%u: bad window stack",
			    s->id);
			return (-1);
		}
		wl->stacked = 1;
		TAILQ_INSERT_TAIL(&s->lastw, wl, sentry);
	}
	return (pr->error ? -1 : 0);
}

/* A session from the state. */
static int
upgrade_get_session(struct preader *pr, uint32_t version, char **cause)
{
	struct session		*s;
	struct session_group	*sg;
	struct window		*w;
	struct winlink		*wl;
	unsigned int		 id, n, i, wid, wflags;
	int			 idx, cur, last;
	char			*name, *cwd, *group;
	uint64_t		 created, activity, attached;

	id = pr_u32(pr);
	name = upgrade_get_str(pr);
	cwd = upgrade_get_str(pr);
	created = upgrade_get_u64(pr);
	activity = upgrade_get_u64(pr);
	attached = upgrade_get_u64(pr);
	if (pr->error || session_find_by_id(id) != NULL ||
	    !session_check_name(name) || session_find(name) != NULL) {
		*cause = xasprintf("bad session $%u", id);
		free(name);
		free(cwd);
		return (-1);
	}
	s = xcalloc(1, sizeof *s);
	s->id = id;
	s->name = name;
	s->cwd = cwd;
	s->created = (time_t)created;
	s->activity = (time_t)activity;
	s->last_attached = (time_t)attached;
	s->options = options_create(srv->session_options, OPTION_SESSION);
	s->environ = environ_create();
	TAILQ_INIT(&s->windows);
	TAILQ_INIT(&s->lastw);
	TAILQ_INSERT_TAIL(&srv->sessions, s, entry);
	if (upgrade_get_environ(pr, s->environ, 0, cause) != 0 ||
	    upgrade_get_options(pr, s->options, cause) != 0 ||
	    upgrade_get_hooks(pr, NULL, &s->hooks, cause) != 0)
		return (-1);
	n = pr_u32(pr);
	for (i = 0; i < n && !pr->error; i++) {
		idx = (int)pr_u32(pr);
		wid = pr_u32(pr);
		wflags = pr_u32(pr);
		if (pr->error || idx < 0 || (w = window_find_by_id(wid)) ==
		    NULL || (wl = winlink_add(s, w, idx)) == NULL) {
			*cause = xasprintf("session $%u: bad window %d", id,
			    idx);
			return (-1);
		}
		wl->flags = (int)wflags;
	}
	cur = (int)pr_u32(pr);
	last = (int)pr_u32(pr);
	if (pr->error || n == 0 ||
	    (s->curw = winlink_find_by_index(s, cur)) == NULL) {
		*cause = xasprintf("bad session $%u", id);
		return (-1);
	}
	if (last != -1 && (wl = winlink_find_by_index(s, last)) == NULL) {
		*cause = xasprintf("session $%u: bad last window", id);
		return (-1);
	}
	if (last != -1 && wl != s->curw)
		session_stack_push(s, wl);
	if ((group = pr_str(pr)) == NULL) {
		*cause = xasprintf("session $%u: bad group", id);
		return (-1);
	}
	if (*group != '\0') {
		/* Its windows are the group's already: it only joins
		 * (session_group_add would link them again). */
		if ((sg = session_group_find(group)) == NULL)
			sg = session_group_new(group);
		s->group = sg;
		TAILQ_INSERT_TAIL(&sg->sessions, s, gentry);
	}
	free(group);
	s->activity_ns = upgrade_get_u64(pr);
	if (version >= 2 && upgrade_get_stack(pr, s, cause) != 0)
		return (-1);
	return (pr->error ? -1 : 0);
}

/* Read the file; returns its payload (heap) and *len, or NULL. */
static uint8_t *
upgrade_read_file(const char *path, size_t *len, uint32_t *version,
    char **cause)
{
	struct stat	 sb;
	struct preader	 pr;
	uint8_t		*buf, head[UPGRADE_HEADER];
	uint32_t	 plen, sum;
	ssize_t		 n;
	size_t		 done;
	int		 fd;

	if ((fd = open(path, O_RDONLY|O_CLOEXEC|O_NOFOLLOW)) == -1) {
		*cause = xasprintf("%s: %s", path, strerror(errno));
		return (NULL);
	}
	if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode) ||
	    sb.st_uid != getuid() || (sb.st_mode & 077) != 0) {
		*cause = xasprintf("%s: not a state file of this user", path);
		close(fd);
		return (NULL);
	}
	if (read(fd, head, sizeof head) != (ssize_t)sizeof head ||
	    memcmp(head, UPGRADE_MAGIC, 8) != 0) {
		*cause = xasprintf("%s: not a mux state file", path);
		close(fd);
		return (NULL);
	}
	pr_init(&pr, head + 8, sizeof head - 8);
	*version = pr_u32(&pr);
	plen = pr_u32(&pr);
	sum = pr_u32(&pr);
	if (*version > UPGRADE_VERSION || *version == 0) {
		*cause = xasprintf("state version %u, this mux reads %u and "
		    "older", *version, UPGRADE_VERSION);
		close(fd);
		return (NULL);
	}
	if (plen > UPGRADE_FILE_MAX ||
	    (off_t)plen + UPGRADE_HEADER != sb.st_size) {
		*cause = xasprintf("%s: truncated or wrong length", path);
		close(fd);
		return (NULL);
	}
	buf = xmalloc(plen > 0 ? plen : 1);
	for (done = 0; done < plen; done += n) {
		n = read(fd, buf + done, plen - done);
		if (n <= 0) {
			*cause = xasprintf("%s: short read", path);
			free(buf);
			close(fd);
			return (NULL);
		}
	}
	close(fd);
	if (upgrade_checksum(buf, plen) != sum) {
		*cause = xasprintf("%s: checksum mismatch (corrupted)", path);
		free(buf);
		return (NULL);
	}
	*len = plen;
	return (buf);
}

int
upgrade_load(const char *path, int dry, int *listen_fd, char **cause)
{
	struct preader	 pr;
	struct window	*w;
	struct pane	*p;
	uint8_t		*buf;
	size_t		 len;
	uint32_t	 version, n, i, pid, lfd;
	uint32_t	 next_session, next_window, next_pane, next_buffer;
	int		 rc = -1;

	*cause = NULL;
	if ((buf = upgrade_read_file(path, &len, &version, cause)) == NULL)
		return (-1);
	pr_init(&pr, buf, len);
	/* Nothing restored sets off a hook. */
	srv->hooks_blocked++;

	pid = pr_u32(&pr);
	lfd = pr_u32(&pr);
	srv->start_time = (time_t)upgrade_get_u64(&pr);
	next_session = pr_u32(&pr);
	next_window = pr_u32(&pr);
	next_pane = pr_u32(&pr);
	next_buffer = pr_u32(&pr);
	srv->marked_pane = (int)pr_u32(&pr);
	n = pr_u32(&pr);
	if (pr.error || n > pr.left / 5) {
		*cause = xstrdup("bad server record");
		goto out;
	}
	if (!dry && pid != (uint32_t)getpid()) {
		*cause = xasprintf("state of process %u, this is %ld", pid,
		    (long)getpid());
		goto out;
	}
	srv->acl = xreallocarray(NULL, n + 1, sizeof *srv->acl);
	srv->nacl = n;
	for (i = 0; i < n; i++) {
		srv->acl[i].uid = pr_u32(&pr);
		srv->acl[i].readonly = pr_u8(&pr);
	}
	if (upgrade_get_options(&pr, srv->options, cause) != 0 ||
	    upgrade_get_options(&pr, srv->session_options, cause) != 0 ||
	    upgrade_get_options(&pr, srv->window_options, cause) != 0 ||
	    upgrade_get_environ(&pr, srv->environ, 1, cause) != 0 ||
	    upgrade_get_hooks(&pr, hooks_global(HOOK_SESSION), NULL,
	    cause) != 0 ||
	    upgrade_get_hooks(&pr, hooks_global(HOOK_WINDOW), NULL,
	    cause) != 0 ||
	    upgrade_get_keys(&pr, cause) != 0 ||
	    upgrade_get_buffers(&pr, cause) != 0 ||
	    upgrade_get_messages(&pr, cause) != 0)
		goto out;
	n = pr_u32(&pr);
	for (i = 0; i < n && !pr.error; i++) {
		if (upgrade_get_window(&pr, version, dry, cause) != 0)
			goto out;
	}
	n = pr_u32(&pr);
	for (i = 0; i < n && !pr.error; i++) {
		if (upgrade_get_session(&pr, version, cause) != 0)
			goto out;
	}
	/* Version 3 adopts the attached clients. */
	if (version >= 3 && upgrade_client_load(&pr, version, dry,
	    cause) != 0)
		goto out;
	if (pr_u32(&pr) != UPGRADE_END || !pr_done(&pr)) {
		*cause = xstrdup("bad end of state");
		goto out;
	}
	/* Every window is some session's. */
	TAILQ_FOREACH(w, &srv->windows, entry) {
		if (w->references == 0) {
			*cause = xasprintf("window @%u in no session", w->id);
			goto out;
		}
	}
	srv->next_session_id = next_session;
	srv->next_window_id = next_window;
	srv->next_pane_id = next_pane;
	srv->next_buffer = next_buffer;
	*listen_fd = (int)lfd;
	if (!dry) {
		TAILQ_FOREACH(w, &srv->windows, entry) {
			TAILQ_FOREACH(p, &w->panes, entry) {
				pane_pipe_start(p);
				if (p->fd == -1)
					continue;
				if (!(p->flags & PANE_EXITED))
					event_add(p->rev, NULL);
				if (evbuffer_get_length(p->input) != 0)
					event_add(p->wev, NULL);
			}
		}
	}
	log_debug("state %s (version %u, %zu bytes) loaded%s", path, version,
	    len, dry ? " (dry run)" : "");
	rc = 0;

out:
	if (rc != 0 && *cause == NULL)
		*cause = xstrdup("bad state");
	srv->hooks_blocked--;
	srv->dirty = 1;
	free(buf);
	return (rc);
}

