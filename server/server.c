/*
 * The server process: listen on the socket, run the event loop, and at the
 * end of every loop turn do the one flush: remove exited panes, then send
 * each client what changed. Nothing in the loop blocks: every fd is
 * non-blocking and every queue is bounded.
 */
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/un.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <event2/event.h>

#include "cmd/cmd.h"
#include "cmd/cmd-hooks.h"
#include "cmd/key-bindings.h"
#include "common/log.h"
#include "common/name.h"
#include "common/peer.h"
#include "common/proto.h"
#include "common/trace.h"
#include "common/utf8.h"
#include "common/xmalloc.h"
#include "grid/vt.h"
#include "model/client.h"
#include "model/environ.h"
#include "model/format.h"
#include "model/hooks.h"
#include "model/job.h"
#include "server/loop.h"
#include "model/options.h"
#include "draw/popup.h"
#include "model/paste.h"
#include "draw/prompt.h"
#include "model/state.h"
#include "model/session.h"
#include "model/snapshot.h"
#include "draw/status.h"
#include "model/target.h"
#include "server/upgrade.h"
#include "model/window.h"

/* With no session and no command yet, give up after this long. */
#define SERVER_IDLE_START_SEC	10
/* Out of file descriptors: accepting waits this long (or until a client
 * goes) before it tries again. */
#define SERVER_ACCEPT_RETRY_SEC	1

static int	 server_listen_fd = -1;
static struct event *server_accept_ev;
static struct event *server_accept_retry_ev;
static int	 server_accept_starved;	/* EMFILE: waiting to retry */
static struct event *server_idle_ev;
static struct event *server_status_ev;
static struct option_handle oh_status_interval =
    OPTION_HANDLE("status-interval");
static struct option_handle oh_exit_empty = OPTION_HANDLE("exit-empty");
static struct option_handle oh_exit_unattached =
    OPTION_HANDLE("exit-unattached");
static struct event *server_names_ev;

extern char	**environ;

/* Create, bind and listen on the socket. Returns the fd or -1 with
 * *cause. */
static int
server_create_socket(const char *path, char **cause)
{
	struct sockaddr_un	sa;
	int			fd;
	mode_t			mask;

	memset(&sa, 0, sizeof sa);
	sa.sun_family = AF_UNIX;
	if (strlen(path) >= sizeof sa.sun_path) {
		*cause = xasprintf("socket path too long: %s", path);
		return (-1);
	}
	strcpy(sa.sun_path, path);
	unlink(path);
	if ((fd = socket(AF_UNIX, SOCK_STREAM|SOCK_CLOEXEC|SOCK_NONBLOCK,
	    0)) == -1) {
		*cause = xasprintf("socket: %s", strerror(errno));
		return (-1);
	}
	mask = umask(S_IXUSR|S_IRWXG|S_IRWXO);
	if (bind(fd, (struct sockaddr *)&sa, sizeof sa) == -1) {
		*cause = xasprintf("bind %s: %s", path, strerror(errno));
		umask(mask);
		close(fd);
		return (-1);
	}
	umask(mask);
	if (listen(fd, 128) == -1) {
		*cause = xasprintf("listen: %s", strerror(errno));
		close(fd);
		return (-1);
	}
	return (fd);
}

/*
 * Accepting is switched off while it cannot go on: out of file descriptors
 * (the waiting connection would keep the socket readable, and the loop
 * would spin on it for ever) until a client goes or
 * SERVER_ACCEPT_RETRY_SEC passes; and while SERVER_UNIDENTIFIED_MAX
 * connections have yet to identify, until one does or goes. Connections
 * meanwhile wait in the listen backlog.
 */
void
server_accept_update(void)
{
	int	on;

	if (server_accept_ev == NULL)
		return;
	on = !server_accept_starved &&
	    server_client_unidentified() < SERVER_UNIDENTIFIED_MAX;
	if (on && !event_pending(server_accept_ev, EV_READ, NULL))
		event_add(server_accept_ev, NULL);
	else if (!on && event_pending(server_accept_ev, EV_READ, NULL))
		event_del(server_accept_ev);
}

void
server_accept_retry(void)
{
	if (!server_accept_starved)
		return;
	server_accept_starved = 0;
	evtimer_del(server_accept_retry_ev);
	server_accept_update();
}

/* The retry timer after running out of file descriptors. */
static void
server_accept_retry_cb(int fd, short events, void *arg)
{
	server_accept_retry();
}

/* A connection is waiting. */
static void
server_accept_cb(int fd, short events, void *arg)
{
	struct timeval	tv = { SERVER_ACCEPT_RETRY_SEC, 0 };
	int		cfd;

	cfd = accept4(fd, NULL, NULL, SOCK_CLOEXEC|SOCK_NONBLOCK);
	if (cfd == -1) {
		if (errno == EMFILE || errno == ENFILE) {
			log_debug("accept: %s: not accepting for %d s or "
			    "until a client goes", strerror(errno),
			    SERVER_ACCEPT_RETRY_SEC);
			server_accept_starved = 1;
			evtimer_add(server_accept_retry_ev, &tv);
			server_accept_update();
		} else if (errno != EAGAIN && errno != EINTR &&
		    errno != ECONNABORTED)
			log_debug("accept: %s", strerror(errno));
		return;
	}
	server_client_accept(cfd);
	server_accept_update();
}

/* SIGCHLD: collect every exited child. */
static void
server_sigchld_cb(int sig, short events, void *arg)
{
	pid_t	pid;
	int	status;

	while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
		if (!job_reaped(pid, status) &&
		    !snapshot_reaped(pid, status) &&
		    !popup_reaped(pid, status))
			pane_reaped(pid, status);
	}
}

/* SIGTERM or SIGINT: end the server as kill-server would. */
static void
server_sigterm_cb(int sig, short events, void *arg)
{
	snapshot_save_now(NULL);
	server_kill();
}

/* The guard against a server nobody uses: armed only while there is no
 * session and no client, so an idle server in use never wakes for it. */
static void
server_update_idle_timer(void)
{
	struct timeval	tv = { SERVER_IDLE_START_SEC, 0 };

	if (TAILQ_EMPTY(&srv->sessions) && TAILQ_EMPTY(&srv->clients) &&
	    !srv->exiting) {
		if (!evtimer_pending(server_idle_ev, NULL))
			evtimer_add(server_idle_ev, &tv);
	} else
		evtimer_del(server_idle_ev);
}

/* Nobody came: a server with nothing to do exits. */
static void
server_idle_cb(int fd, short events, void *arg)
{
	/* exit-empty off (mux -D): a server kept for later. */
	if (TAILQ_EMPTY(&srv->sessions) && TAILQ_EMPTY(&srv->clients) &&
	    options_get_number_h(srv->options, &oh_exit_empty))
		server_exit();
}

/* Programs in panes may have changed: check automatic window names. */
static void
server_names_cb(int fd, short events, void *arg)
{
	window_update_names();
}

/* Work is due (hook events are waiting, or the last turn's end made work
 * for the next): the loop turn ends now, and does it. */
static void
server_wake_cb(int fd, short events, void *arg)
{
	(void)fd;
	(void)events;
	(void)arg;
	srv->dirty = 1;
}

/* A status line shows the time: redraw it. */
static void
server_status_timer_cb(int fd, short events, void *arg)
{
	server_status_changed();
}

/* Keep the status timer running only while an attached client's status
 * line shows the time, at the shortest status-interval among them: an
 * idle server with no clock on screen never wakes. */
static void
server_update_status_timer(void)
{
	struct client	*c;
	struct timeval	 tv;
	long long	 interval = 0, n;

	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session == NULL || !status_has_clock(c->session))
			continue;
		n = options_get_number_h(c->session->options,
		    &oh_status_interval);
		if (interval == 0 || n < interval)
			interval = n;
	}
	if (interval == 0) {
		evtimer_del(server_status_ev);
		return;
	}
	if (evtimer_pending(server_status_ev, NULL))
		return;
	tv.tv_sec = interval;
	tv.tv_usec = 0;
	evtimer_add(server_status_ev, &tv);
}

/* Does p stay after its program exits? remain-on-exit on, or failed and
 * the program failed (a non-zero status or a signal). */
static int
server_pane_remains(struct pane *p)
{
	switch (options_get_number(p->options, "remain-on-exit")) {
	case 1:
		return (1);
	case 2:
		return (!WIFEXITED(p->status) || WEXITSTATUS(p->status) != 0);
	}
	return (0);
}

/* Is p's fate still open: remain-on-exit failed needs the exit status,
 * which may come (SIGCHLD) after the pty closed. */
static int
server_pane_undecided(struct pane *p)
{
	return (options_get_number(p->options, "remain-on-exit") == 2 &&
	    !(p->flags & PANE_REAPED));
}

/* A dead pane says so on a new last line: remain-on-exit-format, as tmux
 * writes it: plain text (controls dropped), cut at the pane's width. */
static void
server_pane_dead_message(struct pane *p)
{
	struct target	 t;
	struct pbuf	 out;
	char		*text, head[32];
	const char	*c, *end;
	unsigned int	 used = 0, cols = vt_cols(p->vt);
	uint32_t	 cp;
	int		 n, w;

	target_from_pane(&t, p, NULL);
	text = format_expand(options_get_string(p->options,
	    "remain-on-exit-format"), &t, NULL);
	if (*text == '\0') {
		/* Nothing to say: the screen stays as it is (tmux). */
		free(text);
		return;
	}
	pbuf_init(&out);
	n = snprintf(head, sizeof head, "\033[r\033[%u;1H\n\033[m",
	    vt_rows(p->vt));
	pw_bytes(&out, head, n);
	end = text + strlen(text);
	for (c = text; c < end; c += n) {
		if ((n = utf8_decode(c, end - c, &cp)) <= 0) {
			n = 1;
			continue;
		}
		if ((w = utf8_cp_width(cp)) < 0)
			continue;
		if (used + w > cols)
			break;
		used += w;
		pw_bytes(&out, c, n);
	}
	vt_write(p->vt, (const char *)out.data, out.len);
	pbuf_free(&out);
	free(text);
	window_recompose(p->window);
}

/* Remove panes whose program is gone (unless remain-on-exit), windows with
 * no panes left, and so sessions with no windows. */
static void
server_reap_panes(void)
{
	struct window	*w, *wnext;
	struct pane	*p, *pnext;

	TAILQ_FOREACH_SAFE(w, &srv->windows, entry, wnext) {
		TAILQ_FOREACH_SAFE(p, &w->panes, entry, pnext) {
			if (!(p->flags & PANE_EXITED) ||
			    (p->flags & PANE_DEAD))
				continue;
			if (server_pane_undecided(p))
				continue;
			if (server_pane_remains(p)) {
				pane_keep_dead(p);
				/* Dead from this turn on (it may wait for the
				 * status first). */
				if (p->flags & PANE_DEAD) {
					server_pane_dead_message(p);
					hooks_notify_pane("pane-died", p);
				}
				continue;
			}
			hooks_notify_pane("pane-exited", p);
			if (window_count_panes(w) > 1)
				window_remove_pane(w, p);
			else
				pane_destroy(p);
		}
	}
	/* Windows left with no pane go from every session. */
	TAILQ_FOREACH_SAFE(w, &srv->windows, entry, wnext) {
		if (TAILQ_EMPTY(&w->panes) && w->references > 0)
			window_kill(w);
	}
	TAILQ_FOREACH_SAFE(w, &srv->windows, entry, wnext) {
		if (TAILQ_EMPTY(&w->panes) && w->references == 0)
			window_destroy(w);
	}
}

/* destroy-unattached: once a client has gone or changed session, every
 * session with no client that has the option goes (tmux 3.3a looks at
 * them all then, not only at the session the client left);
 * exit-unattached: the server goes when no client is attached. */
static void
server_check_unattached(void)
{
	struct session	*s, *snext;
	struct client	*c;

	if (srv->check_unattached) {
		srv->check_unattached = 0;
		TAILQ_FOREACH_SAFE(s, &srv->sessions, entry, snext) {
			if (s->attached == 0 && options_get_number(s->options,
			    "destroy-unattached"))
				session_destroy(s);
		}
	}
	if (srv->exiting || srv->options == NULL ||
	    !options_get_number_h(srv->options, &oh_exit_unattached))
		return;
	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session != NULL)
			return;
	}
	server_exit();
}

/* exit-empty applies: no session, and the server is not already going. */
static int
server_empty(void)
{
	return (!srv->exiting && TAILQ_EMPTY(&srv->sessions) &&
	    srv->options != NULL &&
	    options_get_number_h(srv->options, &oh_exit_empty));
}

/* The end of a loop turn: the one place that sends. */
static void
server_loop_end(void)
{
	struct window	*w;
	struct pane	*p;

	if (!srv->dirty)
		return;
	srv->dirty = 0;
	server_check_unattached();
	server_reap_panes();
	cmd_hooks_run_events();
	/* What changed in panes this turn gets a new generation; each client
	 * composes the rows that changed since it last had them (a client
	 * held back this turn gets them when it is sent a frame). */
	srv->line_gen++;
	TAILQ_FOREACH(w, &srv->windows, entry) {
		TAILQ_FOREACH(p, &w->panes, entry)
			vt_commit(p->vt, srv->line_gen);
	}
	trace_stamp("committed");
	/* When the last session went, exit-empty is decided before anything
	 * is sent: the socket is gone (server_exit) before the client whose
	 * command removed it hears that it is done, so the next command that
	 * client's shell runs starts a new server instead of reaching this
	 * one as it goes, and losing the session it makes. */
	if (server_empty() && srv->next_session_id > 0)
		server_exit();
	server_client_flush();
	server_update_status_timer();
	server_update_idle_timer();
	if (srv->names_dirty && !evtimer_pending(server_names_ev, NULL)) {
		/* At most twice a second, and only after output. */
		struct timeval	tv = { 0, 500000 };

		srv->names_dirty = 0;
		evtimer_add(server_names_ev, &tv);
	}
	/* A server that never had a session (mux start-server) goes once the
	 * configuration is done and the last client has gone. */
	if (server_empty() && srv->cfg_done && srv->cfg_first_seen &&
	    TAILQ_EMPTY(&srv->clients))
		server_exit();
	/* What this turn's end made due (a control client's %pause, hooks
	 * run above that queued more) must not wait for some later event:
	 * the next turn starts at once. */
	if (srv->dirty && srv->wake != NULL)
		event_active(srv->wake, EV_TIMEOUT, 1);
}

/* The configuration finished: keep its errors for the first client, then
 * run the command of the client that started the server, which waited for
 * it. */
static void
server_config_done(struct cmdq_item *item, void *arg)
{
	struct cmdq_item	*held;
	unsigned int		 i;

	srv->cfg_done = 1;
	if (item->err.len != 0) {
		pw_u8(&item->err, '\0');
		log_debug("config errors: %s", item->err.data);
		free(srv->config_errors);
		srv->config_errors = xstrdup((char *)item->err.data);
	}
	for (i = 0; i < srv->ncfg_held; i++) {
		held = srv->cfg_held[i];
		if (held->client == NULL) {
			/* Its client went away while it waited. */
			cmdq_discard(held);
			continue;
		}
		/* (Its errors show when it is done: view.h.) */
		cmdq_run(held, held->done, held->done_arg);
	}
	free(srv->cfg_held);
	srv->cfg_held = NULL;
	srv->ncfg_held = 0;
	srv->dirty = 1;
}

void
server_config_give_errors(struct cmdq_item *item)
{
	if (srv->config_errors == NULL || !srv->cfg_done)
		return;
	pw_bytes(&item->err, srv->config_errors, strlen(srv->config_errors));
	free(srv->config_errors);
	srv->config_errors = NULL;
}

int
server_config_hold(struct client *c, struct cmdq_item *item, cmdq_cb done,
    void *arg)
{
	struct ucred	cred;
	socklen_t	len = sizeof cred;

	if (srv->cfg_done) {
		srv->cfg_first_seen = 1;
		return (0);
	}
	if (srv->cfg_first_seen)
		return (0);
	/* Only the client that started the server waits (as tmux blocks
	 * only its first client): another, say one the config itself runs
	 * (if-shell 'mux ...'), goes ahead. With no starting pid known, the
	 * first client to send a command is taken for it. */
	if (srv->cfg_start_pid != 0) {
		if (getsockopt(peer_fd(c->peer), SOL_SOCKET, SO_PEERCRED,
		    &cred, &len) == -1 || cred.pid != srv->cfg_start_pid)
			return (0);
	}
	srv->cfg_first_seen = 1;
	item->done = done;
	item->done_arg = arg;
	srv->cfg_held = xreallocarray(srv->cfg_held, srv->ncfg_held + 1,
	    sizeof *srv->cfg_held);
	srv->cfg_held[srv->ncfg_held++] = item;
	return (1);
}

/* Add the files of one config path to cl (errors to errors); quiet: a
 * missing file says nothing. Returns 1 if the file exists. */
static int
server_config_add(struct cmd_list *cl, const char *path, int quiet,
    struct pbuf *errors)
{
	struct cmd_parse_input	 pi;
	struct cmd_list		*one;

	if (quiet && access(path, F_OK) != 0)
		return (0);
	memset(&pi, 0, sizeof pi);
	if (quiet)
		pi.flags = CMD_PARSE_QUIET;
	if ((one = cmd_parse_file(path, &pi, errors)) != NULL)
		cmd_list_move(cl, one);
	return (1);
}

/* Add mux's own config file: the first of $XDG_CONFIG_HOME/mux/mux.conf
 * (or ~/.config/mux/mux.conf) and ~/.mux.conf that exists. Returns
 * whether one did. */
static int
server_config_add_mux(struct cmd_list *cl, const char *home, const char *xdg,
    struct pbuf *errors)
{
	char	*path;
	int	 found;

	if (xdg != NULL)
		path = xasprintf("%s/mux/mux.conf", xdg);
	else
		path = xasprintf("%s/.config/mux/mux.conf", home);
	found = server_config_add(cl, path, 1, errors);
	free(path);
	if (!found) {
		path = xasprintf("%s/.mux.conf", home);
		found = server_config_add(cl, path, 1, errors);
		free(path);
	}
	return (found);
}

/* Add each of tmux's config files that exists, in tmux's order:
 * ~/.tmux.conf, $XDG_CONFIG_HOME/tmux/tmux.conf, ~/.config/tmux/tmux.conf,
 * with tmux's system file /etc/tmux.conf before them when mux runs as
 * tmux. Returns whether any did. */
static int
server_config_add_tmux(struct cmd_list *cl, const char *home, const char *xdg,
    struct pbuf *errors)
{
	char	*path;
	int	 found = 0;

	if (name_is_tmux())
		found |= server_config_add(cl, "/etc/tmux.conf", 1, errors);
	path = xasprintf("%s/.tmux.conf", home);
	found |= server_config_add(cl, path, 1, errors);
	free(path);
	if (xdg != NULL) {
		path = xasprintf("%s/tmux/tmux.conf", xdg);
		found |= server_config_add(cl, path, 1, errors);
		free(path);
	}
	path = xasprintf("%s/.config/tmux/tmux.conf", home);
	found |= server_config_add(cl, path, 1, errors);
	free(path);
	return (found);
}

/* Load the configuration at start: -f file; else, under mux's own name,
 * mux's file (server_config_add_mux) or, when there is none, so that a
 * tmux user's config just works, tmux's (server_config_add_tmux); as
 * tmux, tmux's first and mux's only when there is none of those. A file
 * that does not parse runs none of its commands (as in tmux). */
static void
server_load_config(const char *file)
{
	struct cmdq_item	*item;
	struct cmd_list		*cl;
	struct pbuf		 errors;
	const char		*home = getenv("HOME"), *xdg;

	if (home == NULL)
		home = "";
	xdg = getenv("XDG_CONFIG_HOME");
	if (xdg != NULL && *xdg == '\0')
		xdg = NULL;
	cl = cmd_list_new();
	pbuf_init(&errors);
	if (file != NULL)
		server_config_add(cl, file, 0, &errors);
	else if (name_is_tmux()) {
		if (!server_config_add_tmux(cl, home, xdg, &errors))
			server_config_add_mux(cl, home, xdg, &errors);
	} else {
		if (!server_config_add_mux(cl, home, xdg, &errors))
			server_config_add_tmux(cl, home, xdg, &errors);
	}
	item = cmdq_new(NULL, cl, NULL);
	cmd_list_free(cl);
	pw_bytes(&item->err, errors.data, errors.len);
	pbuf_free(&errors);
	cmdq_run(item, server_config_done, NULL);
}

/* default-shell starts as the server's shell, as tmux's does: $SHELL if
 * it is a suitable shell, else the user's login shell, else /bin/sh. */
static void
server_default_shell(void)
{
	struct passwd	*pw;
	const char	*shell = getenv("SHELL");

	if (shell != NULL &&
	    options_set(srv->session_options, "default-shell", shell, 0,
	    NULL) == 0)
		return;
	if ((pw = getpwuid(getuid())) != NULL)
		options_set(srv->session_options, "default-shell",
		    pw->pw_shell, 0, NULL);
}

int
server_listen_socket(void)
{
	return (server_listen_fd);
}

int
server_main(const char *socket_path, const char *config_file, int ready_fd,
    int foreground, const char *upgrade, int upgrade_dry)
{
	struct event	*ev_chld, *ev_term, *ev_int;
	struct timeval	 tv = { SERVER_IDLE_START_SEC, 0 };
	char		*cause = NULL;
	FILE		*ready;

	const char	*start_pid;
	char		*mux_env;

	signal(SIGPIPE, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	log_open("server", 0);
	trace_init("server");

	srv = xcalloc(1, sizeof *srv);
	/* The client that started this server (see server_config_hold). */
	if ((start_pid = getenv("MUX_START_PID")) != NULL) {
		srv->cfg_start_pid = (pid_t)strtol(start_pid, NULL, 10);
		unsetenv("MUX_START_PID");
	}
	srv->pid = getpid();
	srv->start_time = time(NULL);
	/* The version this server speaks is settled now; what it starts
	 * (an upgraded server too) speaks its own (proto.h). */
	log_debug("protocol version %u", proto_version());
	unsetenv("MUX_TEST_PROTO_VERSION");
	srv->socket_path = xstrdup(socket_path);
	if (config_file != NULL)
		srv->config_file = xstrdup(config_file);
	TAILQ_INIT(&srv->sessions);
	TAILQ_INIT(&srv->session_groups);
	TAILQ_INIT(&srv->windows);
	TAILQ_INIT(&srv->clients);
	TAILQ_INIT(&srv->hook_events);
	TAILQ_INIT(&srv->key_tables);
	TAILQ_INIT(&srv->items);
	TAILQ_INIT(&srv->jobs);
	TAILQ_INIT(&srv->wait_channels);
	TAILQ_INIT(&srv->format_jobs);
	TAILQ_INIT(&srv->buffers);
	TAILQ_INIT(&srv->messages);
	srv->marked_pane = -1;
	if ((srv->base = event_base_new()) == NULL)
		fatalx("event_base_new failed");
	/* Three priorities: panes just typed into (0), everything else (1),
	 * pane output nobody is waiting for (2). A loop turn runs only the
	 * most urgent of what is ready, so a key's echo is never parsed
	 * behind a flooding neighbour's output. */
	event_base_priority_init(srv->base, PANE_PRIORITIES);
	srv->options = options_create(NULL, OPTION_SERVER);
	srv->session_options = options_create(NULL, OPTION_SESSION);
	srv->window_options = options_create(NULL, OPTION_WINDOW);
	server_default_shell();
	srv->environ = environ_create();
	environ_load(srv->environ, environ);
	/* What the server starts with its own environment (#() jobs) finds
	 * this server through $MUX (as tmux, $TMUX), not the one the
	 * starting client may have been inside. */
	mux_env = xasprintf("%s,%ld,-1", srv->socket_path, (long)srv->pid);
	unsetenv(name_is_tmux() ? "MUX" : "TMUX");
	setenv(name_env(), mux_env, 1);
	free(mux_env);
	key_bindings_init();
	srv->upgrade = upgrade_start;
	if (foreground &&
	    options_set(srv->options, "exit-empty", "off", 0, &cause) != 0)
		fatalx("exit-empty: %s", cause);

	if (upgrade != NULL) {
		/* The live upgrade (upgrade.h): the state instead of the
		 * configuration, the old server's socket instead of a new
		 * one. A dry run stops here, saying whether it loaded. */
		if (upgrade_load(upgrade, upgrade_dry, &server_listen_fd,
		    &cause) != 0) {
			fprintf(stderr, "%s\n", cause);
			log_debug("upgrade: %s", cause);
			if (!upgrade_dry)
				unlink(upgrade);
			return (1);
		}
		if (upgrade_dry) {
			fprintf(stderr, UPGRADE_CHECK_SAYS "%u\n",
			    proto_version());
			return (0);
		}
		unlink(upgrade);
		fcntl(server_listen_fd, F_SETFD, FD_CLOEXEC);
		fcntl(server_listen_fd, F_SETFL, fcntl(server_listen_fd,
		    F_GETFL) | O_NONBLOCK);
		srv->cfg_done = 1;
		srv->cfg_first_seen = 1;
	} else
		server_listen_fd = server_create_socket(socket_path, &cause);
	if (ready_fd != -1) {
		ready = fdopen(ready_fd, "w");
		if (ready != NULL) {
			fprintf(ready, "%s\n", server_listen_fd == -1 ? cause :
			    "ok");
			fclose(ready);
		}
	}
	if (server_listen_fd == -1) {
		log_debug("%s", cause);
		return (1);
	}
	server_accept_ev = event_new(srv->base, server_listen_fd,
	    EV_READ|EV_PERSIST, server_accept_cb, NULL);
	server_accept_retry_ev = evtimer_new(srv->base,
	    server_accept_retry_cb, NULL);
	event_add(server_accept_ev, NULL);
	ev_chld = evsignal_new(srv->base, SIGCHLD, server_sigchld_cb, NULL);
	ev_term = evsignal_new(srv->base, SIGTERM, server_sigterm_cb, NULL);
	ev_int = evsignal_new(srv->base, SIGINT, server_sigterm_cb, NULL);
	event_add(ev_chld, NULL);
	event_add(ev_term, NULL);
	event_add(ev_int, NULL);
	server_idle_ev = evtimer_new(srv->base, server_idle_cb, NULL);
	server_status_ev = evtimer_new(srv->base, server_status_timer_cb, NULL);
	server_names_ev = evtimer_new(srv->base, server_names_cb, NULL);
	evtimer_add(server_idle_ev, &tv);

	srv->wake = event_new(srv->base, -1, 0, server_wake_cb,
	    NULL);
	if (upgrade == NULL)
		server_load_config(config_file);
	else {
		/* Children that ended during the exec signalled nobody. */
		server_sigchld_cb(SIGCHLD, 0, NULL);
		/* A mode that was not carried named its window "[tmux]":
		 * a turn at once (server_wake_cb) arms the names check. */
		srv->names_dirty = 1;
		event_active(srv->wake, EV_TIMEOUT, 1);
	}

	while (!srv->exiting || !TAILQ_EMPTY(&srv->clients)) {
		if (srv->exiting)
			server_client_flush();
		if (srv->exiting && TAILQ_EMPTY(&srv->clients))
			break;
		event_base_loop(srv->base, EVLOOP_ONCE);
		server_loop_end();
	}
	log_debug("server exiting");

	/* Accepting ends before the clients go (freeing one would turn it
	 * back on). */
	event_free(server_accept_ev);
	server_accept_ev = NULL;
	close(server_listen_fd);
	while (srv->ncfg_held > 0)
		cmdq_discard(srv->cfg_held[--srv->ncfg_held]);
	free(srv->cfg_held);
	server_client_free_all();
	job_free_all();
	format_free_jobs();
	paste_free_all();
	prompt_history_free();
	event_free(server_accept_retry_ev);
	server_trim_messages(-1);
	free(srv->acl);
	event_free(server_idle_ev);
	event_free(server_status_ev);
	event_free(server_names_ev);
	snapshot_free();
	event_free(ev_chld);
	event_free(ev_term);
	event_free(ev_int);
	key_bindings_free_all();
	hooks_free_all();
	event_free(srv->wake);
	srv->wake = NULL;
	options_free(srv->options);
	options_free(srv->session_options);
	options_free(srv->window_options);
	environ_free(srv->environ);
	event_base_free(srv->base);
	free(srv->config_errors);
	free(srv->socket_path);
	free(srv->config_file);
	free(srv);
	srv = NULL;
	return (0);
}
