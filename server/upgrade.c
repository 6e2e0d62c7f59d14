/*
 * upgrade: mux server-upgrade, the running server replaced by a new
 * binary without losing anything.
 *
 * The hand-over, all or nothing:
 *   1. The old server writes its whole state to SOCKET.upgrade-PID (in
 *      the socket's directory, which is the user's and 0700; the file is
 *      0600 and made with O_EXCL).
 *   2. It runs the new binary in a child, "mux -S SOCKET __mux_server__
 *      -1 __mux_upgrade__ FILE check" (a server's arguments, then the
 *      upgrade's): a server that loads the whole state into a fresh
 *      model (every pane's terminal included) without touching a
 *      descriptor, and exits 0, or 1 with what was wrong on stderr. The
 *      old server waits for it (at most UPGRADE_CHECK_SEC; the server is
 *      about to be replaced, so nothing else is served meanwhile). On any
 *      failure the file goes, the old server carries on and the command
 *      reports the child's words.
 *   3. Only then: each attached client gets MSG_UPGRADE (it reconnects by
 *      itself, see below), the client that asked gets its exit, other
 *      clients get an exit saying why; all of it written out at once.
 *   4. FD_CLOEXEC is cleared on exactly the pane ptys and the listening
 *      socket, and the server execs "mux -S SOCKET __mux_server__ -1
 *      __mux_upgrade__ FILE run" in its own process: the same pid, so
 *      the panes' programs are still its children (SIGCHLD and waitpid
 *      work on) and never notice.
 *      What they write meanwhile waits in the pty for the new server;
 *      what they have not read of their input stays in the pty too (and
 *      what mux had queued for them and not yet written is in the state).
 *   5. The new server loads the file (as the dry run did), removes it,
 *      takes the listening socket and the ptys, and serves: connections
 *      made meanwhile waited in the socket's backlog.
 * The state written in 1 is the state exec'd with in 4: the loop does not
 * run in between, so no pane output is read that the state lacks.
 *
 * Clients reconnect instead of being adopted: a client's connection and
 * terminal fd would need its whole server-side state (terminal type and
 * capabilities, what its screen shows, its input decoder mid-sequence)
 * carried too, and a new binary may well want to ask the terminal again.
 * Reconnecting costs the client one redraw: on MSG_UPGRADE it puts its
 * terminal's settings back, connects (the same socket, alive through the
 * exec), passes its terminal again and attaches to the same session.
 *
 * The file (version UPGRADE_VERSION), in common/proto.h's encoding
 * (little-endian integers, a str is a u32 length and bytes):
 *   header: 8 bytes "MUXSTATE", u32 version, u32 payload length,
 *	u32 FNV-1a checksum of the payload
 *   server: u32 pid, u32 listening fd, u64 start time, u32 next session
 *	id, next window id, next pane id, next buffer number, i32 marked
 *	pane (-1), u32 n + n x (u32 uid, u8 readonly) (server-access)
 *   options: the server, global session and global window tables
 *   environ: the global environment
 *   hooks: the global session and global window tables
 *   keys: u32 tables, each str name, u32 n, n x (u32 key, u8 repeat,
 *	u8 has note, str note, str commands as a { } block holds them)
 *   buffers: u32 n, oldest first, each str name, u8 automatic, u64
 *	created, str data
 *   messages: u32 n, each u64 time, str text; prompt history: 4 x (u32 n,
 *	n x str)
 *   windows: u32 n, each u32 id, str name, u32 sx, sy, i32 preset, u32
 *	flags (WINDOW_*), u64 activity, u32 latest, str layout
 *	(#{window_layout} with pane ids), u32 active pane id, i32 last pane
 *	id, options, hooks, u32 panes, each (in layout order): u32 id, i32
 *	fd, u32 pid, u32 wait status, u32 flags (PANE_*), u64 dead time, str
 *	cwd, str title, u32 argc (0xffffffff: a shell) + argc x str, options,
 *	hooks, str queued input, the terminal (grid/vt-state.c)
 *   sessions: u32 n, each u32 id, str name, str cwd, u64 created,
 *	activity, last attached, environ, options, hooks, u32 winlinks,
 *	each i32 index and u32 window id, i32 current and last index (-1)
 *   u32 "END!" (0x21444e45)
 * An options record: u32 n, each u8 kind (0 value, 1 array, 2 user
 * option), str name, then a str value, or for an array u32 n x (u32
 * index, str value). An environ record: u32 n, each str name, u8 (0 set,
 * 1 removed, 2 hidden), str value. A hooks record: u32 n, each str hook
 * name, u32 n x (u32 index, str command).
 * A reader takes its own version and older ones and refuses newer ones;
 * a file cut short, with a bad checksum or a record that does not hold
 * together is refused whole.
 */
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <event2/buffer.h>
#include <event2/event.h>

#include "cmd/cmd.h"
#include "cmd/key-bindings.h"
#include "common/log.h"
#include "common/name.h"
#include "common/peer.h"
#include "common/proto.h"
#include "common/xmalloc.h"
#include "grid/vt.h"
#include "server/client.h"
#include "server/environ.h"
#include "server/hooks.h"
#include "server/layout.h"
#include "server/loop.h"
#include "server/options.h"
#include "server/paste.h"
#include "server/server.h"
#include "server/session.h"
#include "server/upgrade.h"
#include "server/window.h"

#define UPGRADE_MAGIC		"MUXSTATE"
#define UPGRADE_HEADER		20
#define UPGRADE_END		0x21444e45u
#define UPGRADE_NOARGV		0xffffffffu
/* How long the dry run may take, and the clients to take their last
 * messages. */
#define UPGRADE_CHECK_SEC	30
#define UPGRADE_FLUSH_MS	1000
/* Most of what the dry run says that is kept for the error. */
#define UPGRADE_ERR_MAX		1024
/* The largest state file read. */
#define UPGRADE_FILE_MAX	(1024u * 1024 * 1024)

/* FNV-1a over len bytes. */
static uint32_t
upgrade_checksum(const uint8_t *p, size_t len)
{
	uint32_t	h = 2166136261u;

	while (len-- > 0) {
		h ^= *p++;
		h *= 16777619u;
	}
	return (h);
}

static void
upgrade_put_u64(struct pbuf *pb, uint64_t v)
{
	pw_u32(pb, (uint32_t)v);
	pw_u32(pb, (uint32_t)(v >> 32));
}

static uint64_t
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

/* ---- writing ---- */

/* Does the definition belong in a table of this kind? */
static int
upgrade_option_here(const struct option_def *od, enum option_scope scope)
{
	if (od->flags & OPTION_F_HOOK)
		return (0);
	if (scope == OPTION_PANE)
		return (od->scope == OPTION_WINDOW && (od->flags & OPTION_F_PANE));
	return (od->scope == scope);
}

/* What is set in one options table. */
static void
upgrade_put_options(struct pbuf *pb, const struct options *oo)
{
	const struct option_def		*od;
	const struct option_item	*items;
	const char			*name, *value;
	enum option_scope		 scope = options_scope(oo);
	struct pbuf			 body;
	unsigned int			 i, j, n, count = 0;
	char				*s;

	pbuf_init(&body);
	for (i = 0; (od = options_def_at(i)) != NULL; i++) {
		if (!upgrade_option_here(od, scope) ||
		    !options_is_set(oo, od->name))
			continue;
		if (od->flags & OPTION_F_ARRAY) {
			n = options_array_items(oo, od->name, &items);
			pw_u8(&body, 1);
			pw_str(&body, od->name);
			pw_u32(&body, n);
			for (j = 0; j < n; j++) {
				pw_u32(&body, items[j].idx);
				pw_str(&body, items[j].str);
			}
		} else {
			s = options_to_string(oo, od->name);
			pw_u8(&body, 0);
			pw_str(&body, od->name);
			pw_str(&body, s);
			free(s);
		}
		count++;
	}
	for (i = 0; (name = options_user_at(oo, i, &value)) != NULL; i++) {
		pw_u8(&body, 2);
		pw_str(&body, name);
		pw_str(&body, value);
		count++;
	}
	pw_u32(pb, count);
	pw_bytes(pb, body.data, body.len);
	pbuf_free(&body);
}

static void
upgrade_put_environ(struct pbuf *pb, const struct environ *env)
{
	const char	*name, *value;
	unsigned int	 i, n = environ_count(env);

	pw_u32(pb, n);
	for (i = 0; i < n; i++) {
		environ_at(env, i, &name, &value);
		pw_str(pb, name);
		pw_u8(pb, value == NULL ? 1 : (environ_hidden_at(env, i) ? 2 :
		    0));
		pw_str(pb, value);
	}
}

static void
upgrade_put_hooks(struct pbuf *pb, const struct hooks *hs)
{
	unsigned int	i, j;

	if (hs == NULL) {
		pw_u32(pb, 0);
		return;
	}
	pw_u32(pb, hs->n);
	for (i = 0; i < hs->n; i++) {
		pw_str(pb, hs->list[i].def->name);
		pw_u32(pb, hs->list[i].n);
		for (j = 0; j < hs->list[i].n; j++) {
			pw_u32(pb, hs->list[i].cmds[j].idx);
			pw_str(pb, hs->list[i].cmds[j].text);
		}
	}
}

static void
upgrade_put_keys(struct pbuf *pb)
{
	struct key_table	*kt;
	struct key_binding	*kb;
	unsigned int		 n;
	char			*s;

	n = 0;
	for (kt = key_table_first(); kt != NULL; kt = key_table_next(kt))
		n++;
	pw_u32(pb, n);
	for (kt = key_table_first(); kt != NULL; kt = key_table_next(kt)) {
		pw_str(pb, kt->name);
		n = 0;
		TAILQ_FOREACH(kb, &kt->bindings, entry)
			n++;
		pw_u32(pb, n);
		TAILQ_FOREACH(kb, &kt->bindings, entry) {
			pw_u32(pb, kb->key);
			pw_u8(pb, kb->repeat != 0);
			pw_u8(pb, kb->note != NULL);
			pw_str(pb, kb->note);
			s = cmd_list_print_block(kb->cmds);
			pw_str(pb, s);
			free(s);
		}
	}
}

static void
upgrade_put_buffers(struct pbuf *pb)
{
	struct paste_buffer	*b, **all = NULL;
	const char		*data;
	size_t			 len;
	unsigned int		 n = 0;

	for (b = paste_top(); b != NULL; b = paste_next(b)) {
		all = xreallocarray(all, n + 1, sizeof *all);
		all[n++] = b;
	}
	pw_u32(pb, n);
	while (n-- > 0) {
		b = all[n];
		data = paste_data(b, &len);
		pw_str(pb, paste_name(b));
		pw_u8(pb, paste_automatic(b) != 0);
		upgrade_put_u64(pb, (uint64_t)paste_created(b));
		pw_strn(pb, data, len);
	}
	free(all);
}

static void
upgrade_put_messages(struct pbuf *pb)
{
	struct message_entry	*me;
	unsigned int		 n = 0, t, i;

	TAILQ_FOREACH(me, &srv->messages, entry)
		n++;
	pw_u32(pb, n);
	TAILQ_FOREACH(me, &srv->messages, entry) {
		upgrade_put_u64(pb, (uint64_t)me->time);
		pw_str(pb, me->msg);
	}
	for (t = 0; t < 4; t++) {
		pw_u32(pb, srv->prompt_history[t].n);
		for (i = 0; i < srv->prompt_history[t].n; i++)
			pw_str(pb, srv->prompt_history[t].lines[i]);
	}
}

static unsigned int
upgrade_pane_id(void *pane)
{
	return (((struct pane *)pane)->id);
}

static void
upgrade_put_pane(struct pbuf *pb, struct pane *p)
{
	unsigned int	n;
	size_t		len;

	pw_u32(pb, p->id);
	pw_u32(pb, (uint32_t)p->fd);
	pw_u32(pb, (uint32_t)p->pid);
	pw_u32(pb, (uint32_t)p->status);
	pw_u32(pb, (uint32_t)p->flags);
	upgrade_put_u64(pb, (uint64_t)p->dead_time);
	pw_str(pb, p->cwd);
	pw_str(pb, p->title);
	if (p->start_argv == NULL)
		pw_u32(pb, UPGRADE_NOARGV);
	else {
		for (n = 0; p->start_argv[n] != NULL; n++)
			;
		pw_u32(pb, n);
		for (n = 0; p->start_argv[n] != NULL; n++)
			pw_str(pb, p->start_argv[n]);
	}
	upgrade_put_options(pb, p->options);
	upgrade_put_hooks(pb, p->hooks);
	len = evbuffer_get_length(p->input);
	pw_strn(pb, len != 0 ? (char *)evbuffer_pullup(p->input, -1) : "", len);
	vt_state_write(p->vt, pb);
}

static void
upgrade_put_window(struct pbuf *pb, struct window *w)
{
	struct pane	*p;
	char		*layout;
	unsigned int	 n;

	pw_u32(pb, w->id);
	pw_str(pb, w->name);
	pw_u32(pb, w->sx);
	pw_u32(pb, w->sy);
	pw_u32(pb, (uint32_t)w->preset);
	pw_u32(pb, (uint32_t)w->flags);
	upgrade_put_u64(pb, (uint64_t)w->activity);
	pw_u32(pb, w->latest);
	layout = w->layout != NULL ? layout_dump(w->layout, upgrade_pane_id) :
	    xstrdup("");
	pw_str(pb, layout);
	free(layout);
	pw_u32(pb, w->active != NULL ? w->active->id : 0);
	pw_u32(pb, w->last != NULL ? w->last->id : (uint32_t)-1);
	upgrade_put_options(pb, w->options);
	upgrade_put_hooks(pb, w->hooks);
	n = window_count_panes(w);
	pw_u32(pb, n);
	TAILQ_FOREACH(p, &w->panes, entry)
		upgrade_put_pane(pb, p);
}

static void
upgrade_put_session(struct pbuf *pb, struct session *s)
{
	struct winlink	*wl;

	pw_u32(pb, s->id);
	pw_str(pb, s->name);
	pw_str(pb, s->cwd);
	upgrade_put_u64(pb, (uint64_t)s->created);
	upgrade_put_u64(pb, (uint64_t)s->activity);
	upgrade_put_u64(pb, (uint64_t)s->last_attached);
	upgrade_put_environ(pb, s->environ);
	upgrade_put_options(pb, s->options);
	upgrade_put_hooks(pb, s->hooks);
	pw_u32(pb, session_window_count(s));
	TAILQ_FOREACH(wl, &s->windows, entry) {
		pw_u32(pb, (uint32_t)wl->idx);
		pw_u32(pb, wl->window->id);
	}
	pw_u32(pb, s->curw != NULL ? (uint32_t)s->curw->idx : (uint32_t)-1);
	pw_u32(pb, s->lastw != NULL ? (uint32_t)s->lastw->idx : (uint32_t)-1);
}

/* The whole state as a file's bytes (header included) in pb. version is
 * what the header says (UPGRADE_VERSION but for the tests). */
static void
upgrade_build(struct pbuf *pb, int listen_fd, uint32_t version)
{
	struct pbuf	 body;
	struct window	*w;
	struct session	*s;
	unsigned int	 n, i;

	pbuf_init(&body);
	pw_u32(&body, (uint32_t)getpid());
	pw_u32(&body, (uint32_t)listen_fd);
	upgrade_put_u64(&body, (uint64_t)srv->start_time);
	pw_u32(&body, srv->next_session_id);
	pw_u32(&body, srv->next_window_id);
	pw_u32(&body, srv->next_pane_id);
	pw_u32(&body, srv->next_buffer);
	pw_u32(&body, (uint32_t)srv->marked_pane);
	pw_u32(&body, srv->nacl);
	for (i = 0; i < srv->nacl; i++) {
		pw_u32(&body, srv->acl[i].uid);
		pw_u8(&body, srv->acl[i].readonly != 0);
	}
	upgrade_put_options(&body, srv->options);
	upgrade_put_options(&body, srv->session_options);
	upgrade_put_options(&body, srv->window_options);
	upgrade_put_environ(&body, srv->environ);
	upgrade_put_hooks(&body, hooks_global(HOOK_SESSION));
	upgrade_put_hooks(&body, hooks_global(HOOK_WINDOW));
	upgrade_put_keys(&body);
	upgrade_put_buffers(&body);
	upgrade_put_messages(&body);

	n = 0;
	TAILQ_FOREACH(w, &srv->windows, entry)
		n++;
	pw_u32(&body, n);
	TAILQ_FOREACH(w, &srv->windows, entry)
		upgrade_put_window(&body, w);
	n = 0;
	TAILQ_FOREACH(s, &srv->sessions, entry)
		n++;
	pw_u32(&body, n);
	TAILQ_FOREACH(s, &srv->sessions, entry)
		upgrade_put_session(&body, s);
	pw_u32(&body, UPGRADE_END);

	pw_bytes(pb, UPGRADE_MAGIC, 8);
	pw_u32(pb, version);
	pw_u32(pb, (uint32_t)body.len);
	pw_u32(pb, upgrade_checksum(body.data, body.len));
	pw_bytes(pb, body.data, body.len);
	pbuf_free(&body);
}

/* ---- reading ---- */

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
upgrade_get_pane(struct preader *pr, struct window *w, int dry, char **cause)
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
	if ((p = pane_restore(w, id, fd, pid, oo, pr, cause)) == NULL) {
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
upgrade_get_window(struct preader *pr, int dry, char **cause)
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
		if ((p = upgrade_get_pane(pr, w, dry, cause)) == NULL)
			goto fail;
		panes[i] = p;
		TAILQ_INSERT_TAIL(&w->panes, p, entry);
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
	window_alerts_reset(w);
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

/* A session from the state. */
static int
upgrade_get_session(struct preader *pr, char **cause)
{
	struct session	*s;
	struct window	*w;
	unsigned int	 id, n, i, wid;
	int		 idx, cur, last;
	char		*name, *cwd;
	uint64_t	 created, activity, attached;

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
	TAILQ_INSERT_TAIL(&srv->sessions, s, entry);
	if (upgrade_get_environ(pr, s->environ, 0, cause) != 0 ||
	    upgrade_get_options(pr, s->options, cause) != 0 ||
	    upgrade_get_hooks(pr, NULL, &s->hooks, cause) != 0)
		return (-1);
	n = pr_u32(pr);
	for (i = 0; i < n && !pr->error; i++) {
		idx = (int)pr_u32(pr);
		wid = pr_u32(pr);
		if (pr->error || idx < 0 || (w = window_find_by_id(wid)) ==
		    NULL || winlink_add(s, w, idx) == NULL) {
			*cause = xasprintf("session $%u: bad window %d", id,
			    idx);
			return (-1);
		}
	}
	cur = (int)pr_u32(pr);
	last = (int)pr_u32(pr);
	if (pr->error || n == 0 ||
	    (s->curw = winlink_find_by_index(s, cur)) == NULL) {
		*cause = xasprintf("bad session $%u", id);
		return (-1);
	}
	if (last != -1 && (s->lastw = winlink_find_by_index(s, last)) == NULL) {
		*cause = xasprintf("session $%u: bad last window", id);
		return (-1);
	}
	return (0);
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
		if (upgrade_get_window(&pr, dry, cause) != 0)
			goto out;
	}
	n = pr_u32(&pr);
	for (i = 0; i < n && !pr.error; i++) {
		if (upgrade_get_session(&pr, cause) != 0)
			goto out;
	}
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

/* ---- the hand-over ---- */

/* The file this server runs, as it is now (a new build in its place). */
static char *
upgrade_self_path(char **cause)
{
	char	 buf[PATH_MAX];
	ssize_t	 n;
	size_t	 len;

	if ((n = readlink("/proc/self/exe", buf, sizeof buf - 1)) == -1) {
		*cause = xasprintf("/proc/self/exe: %s (give -b)",
		    strerror(errno));
		return (NULL);
	}
	buf[n] = '\0';
	len = strlen(buf);
	if (len > 10 && strcmp(buf + len - 10, " (deleted)") == 0)
		buf[len - 10] = '\0';
	return (xstrdup(buf));
}

/* Write the state file. */
static int
upgrade_write_file(const char *path, int listen_fd, char **cause)
{
	struct pbuf	 pb;
	const char	*v;
	uint32_t	 version = UPGRADE_VERSION;
	size_t		 done;
	ssize_t		 n;
	int		 fd, removed;

	/* Test knobs (regress/upgrade.sh), from the global environment:
	 * stamp another version; spoil a byte of the payload. */
	if ((v = environ_get(srv->environ, "MUX_UPGRADE_TEST_VERSION",
	    &removed)) != NULL)
		version = (uint32_t)strtoul(v, NULL, 10);
	pbuf_init(&pb);
	upgrade_build(&pb, listen_fd, version);
	if (environ_get(srv->environ, "MUX_UPGRADE_TEST_CORRUPT",
	    &removed) != NULL)
		pb.data[UPGRADE_HEADER + (pb.len - UPGRADE_HEADER) / 2] ^= 0x5a;

	unlink(path);
	fd = open(path, O_WRONLY|O_CREAT|O_EXCL|O_NOFOLLOW|O_CLOEXEC, 0600);
	if (fd == -1) {
		*cause = xasprintf("%s: %s", path, strerror(errno));
		pbuf_free(&pb);
		return (-1);
	}
	for (done = 0; done < pb.len; done += n) {
		n = write(fd, pb.data + done, pb.len - done);
		if (n == -1 && errno == EINTR) {
			n = 0;
			continue;
		}
		if (n <= 0) {
			*cause = xasprintf("%s: %s", path, strerror(errno));
			close(fd);
			unlink(path);
			pbuf_free(&pb);
			return (-1);
		}
	}
	close(fd);
	log_debug("state %s: %zu bytes", path, pb.len);
	pbuf_free(&pb);
	return (0);
}

/* The argument vector for binary in mode ("check" or "run"). */
static void
upgrade_argv(char **argv, const char *path, const char *mode)
{
	int	n = 0;

	argv[n++] = (char *)name_program();
	argv[n++] = "-S";
	argv[n++] = srv->socket_path;
	if (srv->config_file != NULL) {
		argv[n++] = "-f";
		argv[n++] = srv->config_file;
	}
	argv[n++] = MUX_SERVER_ARG;
	argv[n++] = "-1";
	argv[n++] = UPGRADE_ARG;
	argv[n++] = (char *)path;
	argv[n++] = (char *)mode;
	argv[n] = NULL;
}

/* The dry run: binary loads path in a child. Returns 0, or -1 with
 * *cause. */
static int
upgrade_check(const char *binary, const char *path, char **cause)
{
	struct pollfd	 pfd;
	char		*argv[12], err[UPGRADE_ERR_MAX];
	size_t		 have = 0;
	ssize_t		 n;
	pid_t		 pid;
	int		 pipefd[2], status, null;
	time_t		 end = time(NULL) + UPGRADE_CHECK_SEC;

	if (pipe2(pipefd, O_CLOEXEC) != 0) {
		*cause = xasprintf("pipe: %s", strerror(errno));
		return (-1);
	}
	upgrade_argv(argv, path, "check");
	if ((pid = fork()) == -1) {
		*cause = xasprintf("fork: %s", strerror(errno));
		close(pipefd[0]);
		close(pipefd[1]);
		return (-1);
	}
	if (pid == 0) {
		if ((null = open("/dev/null", O_RDWR)) != -1) {
			dup2(null, STDIN_FILENO);
			dup2(null, STDOUT_FILENO);
		}
		dup2(pipefd[1], STDERR_FILENO);
		signal(SIGPIPE, SIG_DFL);
		execv(binary, argv);
		dprintf(STDERR_FILENO, "%s: %s", binary, strerror(errno));
		_exit(127);
	}
	close(pipefd[1]);
	pfd.fd = pipefd[0];
	pfd.events = POLLIN;
	for (;;) {
		if (time(NULL) >= end)
			break;
		if (poll(&pfd, 1, 1000) <= 0)
			continue;
		n = read(pipefd[0], err + have, sizeof err - 1 - have);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		have += n;
		if (have == sizeof err - 1) {
			/* Enough words: drain the rest. */
			char	skip[256];

			while (read(pipefd[0], skip, sizeof skip) > 0)
				;
			break;
		}
	}
	close(pipefd[0]);
	err[have] = '\0';
	while (have > 0 && (err[have - 1] == '\n' || err[have - 1] == ' '))
		err[--have] = '\0';
	while (waitpid(pid, &status, WNOHANG) == 0) {
		if (time(NULL) >= end) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			*cause = xasprintf("%s took more than %d s to load "
			    "the state", binary, UPGRADE_CHECK_SEC);
			return (-1);
		}
		poll(NULL, 0, 10);
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return (0);
	if (have != 0)
		*cause = xasprintf("%s refused the state: %s", binary, err);
	else if (WIFEXITED(status))
		*cause = xasprintf("%s refused the state (exit status %d)",
		    binary, WEXITSTATUS(status));
	else
		*cause = xasprintf("%s refused the state (signal %d)", binary,
		    WTERMSIG(status));
	return (-1);
}

/* Tell the clients: attached ones reconnect, self exits 0, the rest
 * exit saying why. */
static void
upgrade_tell_clients(struct client *self)
{
	struct client	*c;
	struct pbuf	 pb;
	size_t		 start;
	char		*target;
	int		 status;
	const char	*msg;

	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->peer == NULL || (c->flags & CLIENT_DEAD))
			continue;
		pbuf_init(&pb);
		if (c != self && (c->flags & CLIENT_ATTACHED) &&
		    c->session != NULL && c->control == NULL &&
		    !(c->flags & (CLIENT_EXIT|CLIENT_SUSPENDED))) {
			target = xasprintf("$%u", c->session->id);
			start = pw_begin(&pb, MSG_UPGRADE);
			pw_str(&pb, target);
			free(target);
		} else {
			status = c == self ? 0 : 1;
			msg = c == self ? "" : "server upgraded";
			start = pw_begin(&pb, MSG_EXIT);
			pw_u32(&pb, (uint32_t)status);
			pw_str(&pb, msg);
			pw_u8(&pb, 0);
			pw_str(&pb, "");
			pw_str(&pb, "");
		}
		pw_end(&pb, start);
		peer_send(c->peer, pb.data, pb.len);
		pbuf_free(&pb);
		if (peer_flush_wait(c->peer, UPGRADE_FLUSH_MS) != 0)
			log_debug("client %u: not all written", c->id);
	}
}

/* Set or clear FD_CLOEXEC on the descriptors the new server takes. */
static void
upgrade_inherit(int listen_fd, int on)
{
	struct window	*w;
	struct pane	*p;

	fcntl(listen_fd, F_SETFD, on ? 0 : FD_CLOEXEC);
	TAILQ_FOREACH(w, &srv->windows, entry) {
		TAILQ_FOREACH(p, &w->panes, entry) {
			if (p->fd != -1)
				fcntl(p->fd, F_SETFD, on ? 0 : FD_CLOEXEC);
		}
	}
}

int
upgrade_start(struct client *self, const char *binary, char **cause)
{
	char	*bin, *path, *argv[12];
	int	 listen_fd = server_listen_socket();

	if (listen_fd == -1) {
		*cause = xstrdup("the server is not listening");
		return (-1);
	}
	if (binary != NULL)
		bin = xstrdup(binary);
	else if ((bin = upgrade_self_path(cause)) == NULL)
		return (-1);
	if (access(bin, X_OK) != 0) {
		*cause = xasprintf("%s: %s", bin, strerror(errno));
		free(bin);
		return (-1);
	}
	path = xasprintf("%s.upgrade-%ld", srv->socket_path, (long)getpid());
	if (upgrade_write_file(path, listen_fd, cause) != 0) {
		free(path);
		free(bin);
		return (-1);
	}
	if (upgrade_check(bin, path, cause) != 0) {
		unlink(path);
		free(path);
		free(bin);
		return (-1);
	}

	log_debug("upgrading to %s with %s", bin, path);
	upgrade_tell_clients(self);
	upgrade_inherit(listen_fd, 1);
	upgrade_argv(argv, path, "run");
	execv(bin, argv);

	/* The dry run exec'd it a moment ago: this is unlikely. Clients
	 * that were told to reconnect come back to this server. */
	*cause = xasprintf("exec %s: %s", bin, strerror(errno));
	upgrade_inherit(listen_fd, 0);
	unlink(path);
	free(path);
	free(bin);
	return (-1);
}
