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
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <event2/event.h>

#include "cmd/cmd.h"
#include "cmd/key-bindings.h"
#include "common/log.h"
#include "common/trace.h"
#include "common/xmalloc.h"
#include "grid/vt.h"
#include "server/client.h"
#include "server/environ.h"
#include "server/format.h"
#include "server/job.h"
#include "server/loop.h"
#include "server/options.h"
#include "server/paste.h"
#include "server/prompt.h"
#include "server/server.h"
#include "server/session.h"
#include "server/status.h"
#include "server/window.h"

/* With no session and no command yet, give up after this long. */
#define SERVER_IDLE_START_SEC	10

static int	 server_listen_fd = -1;
static struct event *server_accept_ev;
static struct event *server_idle_ev;
static struct event *server_status_ev;
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

/* A connection is waiting. */
static void
server_accept_cb(int fd, short events, void *arg)
{
	int	cfd;

	cfd = accept4(fd, NULL, NULL, SOCK_CLOEXEC|SOCK_NONBLOCK);
	if (cfd == -1) {
		if (errno != EAGAIN && errno != EINTR &&
		    errno != ECONNABORTED)
			log_debug("accept: %s", strerror(errno));
		return;
	}
	server_client_accept(cfd);
}

/* SIGCHLD: collect every exited child. */
static void
server_sigchld_cb(int sig, short events, void *arg)
{
	pid_t	pid;
	int	status;

	while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
		if (!job_reaped(pid, status))
			pane_reaped(pid, status);
	}
}

/* SIGTERM or SIGINT: end the server as kill-server would. */
static void
server_sigterm_cb(int sig, short events, void *arg)
{
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
	    options_get_number(srv->options, "exit-empty"))
		server_exit();
}

/* Programs in panes may have changed: check automatic window names. */
static void
server_names_cb(int fd, short events, void *arg)
{
	window_update_names();
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
		n = options_get_number(c->session->options, "status-interval");
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
			if (options_get_number(w->options, "remain-on-exit")) {
				p->flags |= PANE_DEAD;
				continue;
			}
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

/* The end of a loop turn: the one place that sends. */
static void
server_loop_end(void)
{
	struct window	*w;
	struct pane	*p;

	if (!srv->dirty)
		return;
	srv->dirty = 0;
	server_reap_panes();
	server_client_flush();
	server_update_status_timer();
	server_update_idle_timer();
	if (srv->names_dirty && !evtimer_pending(server_names_ev, NULL)) {
		/* At most twice a second, and only after output. */
		struct timeval	tv = { 0, 500000 };

		srv->names_dirty = 0;
		evtimer_add(server_names_ev, &tv);
	}
	TAILQ_FOREACH(w, &srv->windows, entry) {
		TAILQ_FOREACH(p, &w->panes, entry)
			vt_clean(p->vt);
	}
	if (!srv->exiting && TAILQ_EMPTY(&srv->sessions) && srv->options != NULL &&
	    options_get_number(srv->options, "exit-empty") &&
	    srv->next_session_id > 0)
		server_exit();
}

/* The configuration finished: keep its errors for the first client. */
static void
server_config_done(struct cmdq_item *item, void *arg)
{
	if (item->err.len == 0)
		return;
	pw_u8(&item->err, '\0');
	log_debug("config errors: %s", item->err.data);
	free(srv->config_errors);
	srv->config_errors = xstrdup((char *)item->err.data);
}

/* Load the configuration at start: -f file, else the first of
 * $XDG_CONFIG_HOME/mux/mux.conf (or ~/.config/mux/mux.conf) and
 * ~/.mux.conf that exists. */
static void
server_load_config(const char *file)
{
	struct cmdq_item	*item;
	struct cmd_list		*cl;
	struct pbuf		 errors;
	const char		*home = getenv("HOME"), *xdg;
	char			*path = NULL;

	if (home == NULL)
		home = "";
	if (file == NULL) {
		if ((xdg = getenv("XDG_CONFIG_HOME")) != NULL && *xdg != '\0')
			path = xasprintf("%s/mux/mux.conf", xdg);
		else
			path = xasprintf("%s/.config/mux/mux.conf", home);
		if (access(path, F_OK) != 0) {
			free(path);
			path = xasprintf("%s/.mux.conf", home);
		}
		file = path;
	}
	pbuf_init(&errors);
	cl = cmd_parse_file(file, &errors, path != NULL);
	free(path);
	if (cl == NULL)
		cl = xcalloc(1, sizeof *cl), cl->references = 1;
	item = cmdq_new(NULL, cl, NULL);
	cmd_list_free(cl);
	pw_bytes(&item->err, errors.data, errors.len);
	pbuf_free(&errors);
	cmdq_run(item, server_config_done, NULL);
}

int
server_main(const char *socket_path, const char *config_file, int ready_fd,
    int foreground)
{
	struct event	*ev_chld, *ev_term, *ev_int;
	struct timeval	 tv = { SERVER_IDLE_START_SEC, 0 };
	char		*cause = NULL;
	FILE		*ready;

	signal(SIGPIPE, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	log_open("server", 0);
	trace_init("server");

	srv = xcalloc(1, sizeof *srv);
	srv->pid = getpid();
	srv->start_time = time(NULL);
	srv->socket_path = xstrdup(socket_path);
	TAILQ_INIT(&srv->sessions);
	TAILQ_INIT(&srv->windows);
	TAILQ_INIT(&srv->clients);
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
	srv->environ = environ_create();
	environ_load(srv->environ, environ);
	key_bindings_init();
	if (foreground &&
	    options_set(srv->options, "exit-empty", "off", 0, &cause) != 0)
		fatalx("exit-empty: %s", cause);

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

	server_load_config(config_file);

	while (!srv->exiting || !TAILQ_EMPTY(&srv->clients)) {
		if (srv->exiting)
			server_client_flush();
		if (srv->exiting && TAILQ_EMPTY(&srv->clients))
			break;
		event_base_loop(srv->base, EVLOOP_ONCE);
		server_loop_end();
	}
	log_debug("server exiting");

	close(server_listen_fd);
	server_client_free_all();
	job_free_all();
	format_free_jobs();
	paste_free_all();
	prompt_history_free();
	server_trim_messages(-1);
	free(srv->acl);
	event_free(server_accept_ev);
	event_free(server_idle_ev);
	event_free(server_status_ev);
	event_free(server_names_ev);
	event_free(ev_chld);
	event_free(ev_term);
	event_free(ev_int);
	key_bindings_free_all();
	options_free(srv->options);
	options_free(srv->session_options);
	options_free(srv->window_options);
	environ_free(srv->environ);
	event_base_free(srv->base);
	free(srv->config_errors);
	free(srv->socket_path);
	free(srv);
	srv = NULL;
	return (0);
}
