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
 *   3. Only then: prompts and menus close (and popups but those of the
 *      clients adopted, carried with them), jobs (run-shell,
 *      if-shell, #()) are killed (a #() job starts again when a format
 *      asks for it in the new server); the attached clients
 *      the new server adopts (upgrade-client.c: when the dry run said it
 *      speaks this server's protocol) are told nothing, what they are owed
 *      written out; other attached clients get MSG_UPGRADE (they
 *      reconnect by themselves, see below), the client that asked gets
 *      its exit, other clients get an exit saying why; all of it written
 *      out at once.
 *   4. FD_CLOEXEC is cleared on exactly the pane ptys, the listening
 *      socket and the adopted clients' sockets and terminals (only for
 *      the exec: the new server sets it again), and the server execs "mux -S SOCKET __mux_server__ -1
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
 * An attached client is adopted (upgrade-client.c says which and what
 * of it is carried): its connection and the terminal the server draws
 * on, with the terminal's saved settings, modes and what it answered
 * (tty/tty-state.c), the input decoder's unfinished sequence, its key
 * table. One that cannot be adopted (a new binary of another protocol, a
 * client locked or suspended) reconnects, at the cost of one redraw: on
 * MSG_UPGRADE it puts its terminal's settings back, connects (the same
 * socket, alive through the exec), passes its terminal again and
 * attaches to the same session.
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
 *	hooks, str queued input, the terminal (grid/vt-state.c), and from
 *	version 3 its copy or view mode (copy/copy-state.c; other pane
 *	modes, clock mode, choose-tree and the like, are not carried: the
 *	pane shows its screen again) and its pipe-pane (model/pane-pipe.c:
 *	the socket is inherited too)
 *   sessions: u32 n, each u32 id, str name, str cwd, u64 created,
 *	activity, last attached, environ, options, hooks, u32 winlinks,
 *	each i32 index, u32 window id and u32 flags (WINLINK_* alerts), i32
 *	current and last index (-1), str group ("" none; sessions join it
 *	in the order they come), u64 activity (ns, monotonic), and from
 *	version 2 u32 n, n x i32 index: the rest of the stack of windows
 *	shown before (the last window was the first)
 *   clients (version 3 on): the attached clients adopted, as
 *	upgrade-client.c describes
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
#include "model/job.h"
#include "copy/copy.h"
#include "cmd/key-bindings.h"
#include "common/log.h"
#include "common/name.h"
#include "common/peer.h"
#include "common/proto.h"
#include "common/xmalloc.h"
#include "grid/vt.h"
#include "model/client.h"
#include "model/environ.h"
#include "model/hooks.h"
#include "model/layout.h"
#include "server/loop.h"
#include "model/options.h"
#include "model/paste.h"
#include "model/state.h"
#include "model/session.h"
#include "server/upgrade.h"
#include "server/upgrade-int.h"
#include "draw/overlay.h"
#include "draw/prompt.h"
#include "draw/popup.h"
#include "model/window.h"

/* How long the dry run may take, and the clients to take their last
 * messages. */
#define UPGRADE_CHECK_SEC	30
#define UPGRADE_FLUSH_MS	1000
/* Most of what the dry run says that is kept for the error. */
#define UPGRADE_ERR_MAX		1024

void
upgrade_put_u64(struct pbuf *pb, uint64_t v)
{
	pw_u32(pb, (uint32_t)v);
	pw_u32(pb, (uint32_t)(v >> 32));
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
upgrade_put_pane(struct pbuf *pb, struct pane *p, uint32_t version)
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
	vt_state_write(p->vt, pb, version);
	if (version >= 3) {
		copy_state_write(p->mode, pb);
		pane_pipe_save(p, pb);
	}
}

static void
upgrade_put_window(struct pbuf *pb, struct window *w, uint32_t version)
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
		upgrade_put_pane(pb, p, version);
}

static void
upgrade_put_session(struct pbuf *pb, struct session *s, uint32_t version)
{
	struct winlink	*wl, *last;
	uint32_t	 n;

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
		pw_u32(pb, (uint32_t)wl->flags);
	}
	pw_u32(pb, s->curw != NULL ? (uint32_t)s->curw->idx : (uint32_t)-1);
	last = session_last_window(s);
	pw_u32(pb, last != NULL ? (uint32_t)last->idx : (uint32_t)-1);
	pw_str(pb, s->group != NULL ? s->group->name : "");
	upgrade_put_u64(pb, s->activity_ns);
	if (version < 2)
		return;		/* a test's stamp of version 1: no stack */
	n = 0;
	TAILQ_FOREACH(wl, &s->lastw, sentry)
		n++;
	pw_u32(pb, n != 0 ? n - 1 : 0);
	TAILQ_FOREACH(wl, &s->lastw, sentry) {
		if (wl != last)
			pw_u32(pb, (uint32_t)wl->idx);
	}
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
		upgrade_put_window(&body, w, version);
	n = 0;
	TAILQ_FOREACH(s, &srv->sessions, entry)
		n++;
	pw_u32(&body, n);
	TAILQ_FOREACH(s, &srv->sessions, entry)
		upgrade_put_session(&body, s, version);
	/* An older version (a test's stamp) as its writer had it: no
	 * clients before version 3. */
	if (version >= 3)
		upgrade_client_save(&body, version);
	pw_u32(&body, UPGRADE_END);

	pw_bytes(pb, UPGRADE_MAGIC, 8);
	pw_u32(pb, version);
	pw_u32(pb, (uint32_t)body.len);
	pw_u32(pb, upgrade_checksum(body.data, body.len));
	pw_bytes(pb, body.data, body.len);
	pbuf_free(&body);
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

/* Write the state file; *version gets the version written. */
static int
upgrade_write_file(const char *path, int listen_fd, uint32_t *version,
    char **cause)
{
	struct pbuf	 pb;
	const char	*v;
	size_t		 done;
	ssize_t		 n;
	int		 fd, removed;

	/* Test knobs (regress/upgrade.sh), from the global environment:
	 * stamp another version; spoil a byte of the payload. */
	*version = UPGRADE_VERSION;
	if ((v = environ_get(srv->environ, "MUX_UPGRADE_TEST_VERSION",
	    &removed)) != NULL)
		*version = (uint32_t)strtoul(v, NULL, 10);
	pbuf_init(&pb);
	upgrade_build(&pb, listen_fd, *version);
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

/* The dry run: binary loads path in a child. Returns 0 with *proto the
 * protocol the binary speaks (0: it did not say), or -1 with *cause. */
static int
upgrade_check(const char *binary, const char *path, uint32_t *proto,
    char **cause)
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
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		if (sscanf(err, UPGRADE_CHECK_SAYS "%u", proto) != 1)
			*proto = 0;
		return (0);
	}
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

/* Tell the clients: with adopt, those the new server adopts are told
 * nothing (what they are owed is written out); other attached ones
 * reconnect, self (a command client) exits 0, the rest exit saying why. */
static void
upgrade_tell_clients(struct client *self, int adopt)
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
		if (adopt && upgrade_client_adoptable(c)) {
			if (peer_flush_wait(c->peer, UPGRADE_FLUSH_MS) != 0)
				log_debug("client %u: not all written", c->id);
			continue;
		}
		pbuf_init(&pb);
		/* An attached client reconnects even if it asked (from
		 * its prompt or a key binding). */
		if ((c->flags & CLIENT_ATTACHED) &&
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

/* Close every overlay (the prompt, menus, display-panes) but the popups
 * carried (those of adopted clients; another's program is ended as when
 * it is closed). What waits for them to close does not run. */
static void
upgrade_close_overlays(int adopt)
{
	struct client	*c;
	struct overlay	*ov, *keep;

	TAILQ_FOREACH(c, &srv->clients, entry) {
		keep = NULL;
		if (adopt && upgrade_client_adoptable(c) && popup_shown(c))
			keep = overlay_get(c, OVERLAY_LAYER_BOX);
		for (ov = c->overlay; ov != NULL; ov = c->overlay) {
			if (ov == keep && (ov = ov->below) == NULL)
				break;
			overlay_close(ov, -1);
		}
		prompt_close(c);
	}
}

/* Set or clear FD_CLOEXEC on the descriptors the new server takes. */
static void
upgrade_inherit(int listen_fd, uint32_t version, int adopt, int on)
{
	struct window	*w;
	struct pane	*p;

	fcntl(listen_fd, F_SETFD, on ? 0 : FD_CLOEXEC);
	if (adopt)
		upgrade_client_inherit(on);
	TAILQ_FOREACH(w, &srv->windows, entry) {
		TAILQ_FOREACH(p, &w->panes, entry) {
			if (p->fd != -1)
				fcntl(p->fd, F_SETFD, on ? 0 : FD_CLOEXEC);
			if (version >= 3 && pane_pipe_fd(p) != -1)
				fcntl(pane_pipe_fd(p), F_SETFD, on ? 0 :
				    FD_CLOEXEC);
		}
	}
}

int
upgrade_start(struct client *self, const char *binary, char **cause)
{
	char		*bin, *path, *argv[12];
	int		 listen_fd = server_listen_socket(), adopt;
	uint32_t	 proto, version;

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
	if (upgrade_write_file(path, listen_fd, &version, cause) != 0) {
		free(path);
		free(bin);
		return (-1);
	}
	if (upgrade_check(bin, path, &proto, cause) != 0) {
		unlink(path);
		free(path);
		free(bin);
		return (-1);
	}

	/* The new server adopts the attached clients if it speaks their
	 * protocol (upgrade-client.c; it decides the same from the state). */
	adopt = proto == proto_version() && version >= 3;
	log_debug("upgrading to %s with %s (protocol %u, clients %s)", bin,
	    path, proto, adopt ? "adopted" : "reconnect");
	upgrade_close_overlays(adopt);
	/* Jobs end (run-shell, if-shell, #()): the commands waiting for
	 * them do not run; #() ones start again as formats ask. */
	job_free_all();
	upgrade_tell_clients(self, adopt);
	upgrade_inherit(listen_fd, version, adopt, 1);
	upgrade_argv(argv, path, "run");
	execv(bin, argv);

	/* The dry run exec'd it a moment ago: this is unlikely. Clients
	 * that were told to reconnect come back to this server. */
	*cause = xasprintf("exec %s: %s", bin, strerror(errno));
	upgrade_inherit(listen_fd, version, adopt, 0);
	unlink(path);
	free(path);
	free(bin);
	return (-1);
}
