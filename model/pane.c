/*
 * Panes. A pane is a pty whose master side the server reads
 * (event-driven, at most PANE_READ_SIZE per loop turn) and feeds to the
 * pane's vt at once; what the vt owes the program (replies, encoded keys),
 * what users type and pastes are queued (pane-input.c, bounded) and
 * written as the pty takes it. A pane whose pty closes is marked
 * PANE_EXITED; the server removes it at the end of the loop turn, never
 * inside the read callback. The window a pane is in is window.c's.
 */
#include <sys/ioctl.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <poll.h>
#include <pty.h>
#include <utmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include <event2/buffer.h>
#include <event2/event.h>

#include "common/log.h"
#include "common/name.h"
#include "common/trace.h"
#include "common/xmalloc.h"
#include "grid/vt.h"
#include "model/client.h"
#include "model/environ.h"
#include "model/format.h"
#include "model/layout.h"
#include "model/hooks.h"
#include "model/paste.h"
#include "common/base64.h"
#include "model/options.h"
#include "model/pane-mode.h"
#include "model/state.h"
#include "model/session.h"
#include "model/style.h"
#include "model/target.h"
#include "model/control.h"
#include "model/window.h"
#include "model/window-int.h"

/* The options read on every key or frame (options.h: handles). */
static struct option_handle oh_sync_panes = OPTION_HANDLE("synchronize-panes");
static struct option_handle oh_backspace = OPTION_HANDLE("backspace");
static struct option_handle oh_extended_keys = OPTION_HANDLE("extended-keys");
static struct option_handle oh_monitor_activity =
    OPTION_HANDLE("monitor-activity");

static void	pane_read_cb(int, short, void *);
static void	pane_vt_output(const char *, size_t, void *);
static void	pane_vt_title(const char *, void *);
static void	pane_vt_bell(void *);
static void	pane_vt_clipboard(const char *, const char *, size_t, void *);
static void	pane_vt_passthrough(const char *, size_t, void *);
static int	pane_vt_host_colour(int, struct colour_rgb16 *, void *);

/* ESC k name: rename the window when allow-rename is on (tmux); an empty
 * name gives the window back to automatic-rename. */
static void
pane_vt_rename(const char *name, void *arg)
{
	struct pane	*p = arg;

	if (p->window == NULL ||
	    !options_get_number(p->options, "allow-rename"))
		return;
	if (*name == '\0') {
		options_unset(p->window->options, "automatic-rename");
		srv->names_dirty = 1;
		return;
	}
	window_set_fixed_name(p->window, name);
	hooks_notify_window("window-renamed", p->window);
	server_status_changed();
}

static const struct vt_callbacks pane_vt_callbacks = {
	.rename = pane_vt_rename,
	.output = pane_vt_output,
	.title = pane_vt_title,
	.bell = pane_vt_bell,
	.clipboard = pane_vt_clipboard,
	.host_colour = pane_vt_host_colour,
	.passthrough = pane_vt_passthrough,
};

void
pane_child_environ(char **env, const char *term, int session_id)
{
	char	buf[256];	/* a socket path is < 108 */
	int	i;
	sigset_t set;

	sigemptyset(&set);
	sigprocmask(SIG_SETMASK, &set, NULL);
	for (i = 1; i < NSIG; i++)
		signal(i, SIG_DFL);

	clearenv();
	for (i = 0; env != NULL && env[i] != NULL; i++) {
		if (strchr(env[i], '=') != NULL)
			putenv(env[i]);
	}
	setenv("TERM", term, 1);
	/* As tmux's $TMUX: socket,server pid,session id; $MUX and $MUX_PANE
	 * under mux's own name, $TMUX and $TMUX_PANE as tmux. The other
	 * name's pair, inherited from outside, would name another server. */
	unsetenv("TMUX");
	unsetenv("TMUX_PANE");
	unsetenv("MUX");
	unsetenv("MUX_PANE");
	snprintf(buf, sizeof buf, "%s,%ld,%d", srv->socket_path,
	    (long)srv->pid, session_id);
	setenv(name_env(), buf, 1);
}

void
pane_child_chdir(const char *cwd)
{
	const char	*home;

	if (cwd == NULL || chdir(cwd) != 0) {
		if ((home = getenv("HOME")) == NULL || chdir(home) != 0)
			(void)!chdir("/");
	}
}

/* Set up the child side of a new pane and exec its program. */
static void __attribute__((noreturn))
pane_child(int argc, char **argv, const char *cwd, char **env,
    const char *shell, const char *term, unsigned int pane_id, int session_id)
{
	char		 buf[256];
	int		 i;

	pane_child_environ(env, term, session_id);
	snprintf(buf, sizeof buf, "%%%u", pane_id);
	setenv(name_pane_env(), buf, 1);
	pane_child_chdir(cwd);
	if (shell == NULL || *shell == '\0' || access(shell, X_OK) != 0)
		shell = "/bin/sh";
	setenv("SHELL", shell, 1);

	if (argc == 0) {
		/* A login shell: argv[0] is "-" and the shell's name. */
		char	*copy = xstrdup(shell);

		snprintf(buf, sizeof buf, "-%s", basename(copy));
		execl(shell, buf, (char *)NULL);
	} else if (argc == 1) {
		execl(shell, shell, "-c", argv[0], (char *)NULL);
	} else {
		char	**args = xcalloc(argc + 1, sizeof *args);

		for (i = 0; i < argc; i++)
			args[i] = argv[i];
		execvp(args[0], args);
	}
	fprintf(stderr, "mux: exec failed: %s\n", strerror(errno));
	_exit(127);
}

/* The pane's terminal state, at its size, with what its options say. */
static void
pane_create_vt(struct pane *p, const struct pane_spawn *sp)
{
	p->vt = vt_create(p->sx, p->sy, sp->history_limit, &pane_vt_callbacks,
	    p);
	pane_apply_options(p);
}

/* Start sp's program on a new pty of the pane's size (none for an empty
 * pane). Returns 0, or -1 with *cause. */
static int
pane_spawn(struct pane *p, const struct pane_spawn *sp, char **cause)
{
	struct winsize	 ws;
	const char	*term, *shell = sp->shell;
	pid_t		 pid;
	int		 fd, slave, flags, i;

	if (sp->empty) {
		/* No program: split-window -I fills it (display-message -I
		 * too); it never exits. */
		p->pid = 0;
		p->flags = PANE_EMPTY;
		p->urgent = 0;
		pane_create_vt(p, sp);
		log_debug("pane %%%u empty (%ux%u)", p->id, p->sx, p->sy);
		return (0);
	}
	memset(&ws, 0, sizeof ws);
	ws.ws_col = p->sx;
	ws.ws_row = p->sy;
	term = options_get_string(srv->options, "default-terminal");
	if (shell == NULL || *shell == '\0') {
		shell = NULL;
		for (i = 0; sp->env != NULL && sp->env[i] != NULL; i++) {
			if (strncmp(sp->env[i], "SHELL=", 6) == 0)
				shell = sp->env[i] + 6;
		}
	}
	/* openpty and fork apart, so the error says which ran out. */
	if (openpty(&fd, &slave, NULL, NULL, &ws) == -1) {
		*cause = xasprintf("can't allocate a pty: %s", strerror(errno));
		return (-1);
	}
	pid = fork();
	if (pid == -1) {
		*cause = xasprintf("fork failed: %s", strerror(errno));
		close(fd);
		close(slave);
		return (-1);
	}
	if (pid == 0) {
		close(fd);
		if (login_tty(slave) == -1)
			_exit(127);
		pane_child(sp->argc, sp->argv, p->cwd, sp->env, shell, term,
		    p->id, sp->session_id);
	}
	close(slave);

	p->pid = pid;
	p->fd = fd;
	p->flags = 0;
	p->urgent = 0;
	if ((flags = fcntl(fd, F_GETFL)) != -1)
		fcntl(fd, F_SETFL, flags | O_NONBLOCK);
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	p->rev = event_new(srv->base, fd, EV_READ|EV_PERSIST, pane_read_cb, p);
	p->wev = event_new(srv->base, fd, EV_WRITE|EV_PERSIST,
	    pane_input_write_cb, p);
	event_priority_set(p->rev, PANE_PRIORITY_OUTPUT);
	event_add(p->rev, NULL);
	pane_create_vt(p, sp);
	log_debug("pane %%%u pid %ld spawned (%ux%u)", p->id, (long)pid, p->sx,
	    p->sy);
	return (0);
}

void
pane_apply_options(struct pane *p)
{
	const struct option_item	*items;
	uint32_t			 colours[256], c;
	unsigned int			 i, n;

	vt_set_alternate_allowed(p->vt, options_get_number(p->options,
	    "alternate-screen"));
	vt_set_scroll_on_clear(p->vt, options_get_number(p->options,
	    "scroll-on-clear"));
	for (i = 0; i < 256; i++)
		colours[i] = COLOUR_DEFAULT;
	n = options_array_items(p->options, "pane-colours", &items);
	for (i = 0; i < n; i++) {
		if (items[i].idx < 256 &&
		    style_parse_colour(items[i].str, &c) == 0)
			colours[items[i].idx] = c;
	}
	vt_set_colours(p->vt, colours);
}

/* Keep a copy of the command a pane starts (for #{pane_start_command}). */
static void
pane_set_start_argv(struct pane *p, const struct pane_spawn *sp)
{
	char	**argv = NULL;
	int	  i;

	/* Copy first: sp->argv may be the old vector. */
	if (sp->argc > 0 && sp->argv != NULL) {
		argv = xcalloc(sp->argc + 1, sizeof *argv);
		for (i = 0; i < sp->argc; i++)
			argv[i] = xstrdup(sp->argv[i]);
	}
	environ_free_vector(p->start_argv);
	p->start_argv = argv;
}

/* A new pane in w, its program started (window-int.h). */
struct pane *
pane_new(struct window *w, unsigned int sx, unsigned int sy,
    const struct pane_spawn *sp, char **cause)
{
	struct pane	*p = xcalloc(1, sizeof *p);
	char		 host[256];

	p->id = srv->next_pane_id++;
	p->window = w;
	p->options = options_create(w->options, OPTION_PANE);
	p->sx = sx;
	p->sy = sy;
	p->cwd = xstrdup(sp->cwd != NULL ? sp->cwd : "/");
	/* As in tmux, a pane's title starts as the host name. */
	if (gethostname(host, sizeof host) != 0)
		host[0] = '\0';
	host[sizeof host - 1] = '\0';
	p->title = xstrdup(host);
	p->fd = -1;
	pane_input_init(p);
	pane_set_start_argv(p, sp);
	if (pane_spawn(p, sp, cause) != 0) {
		environ_free_vector(p->start_argv);
		pane_input_free(p);
		options_free(p->options);
		free(p->cwd);
		free(p->title);
		free(p);
		return (NULL);
	}
	return (p);
}

/* Stop the pane's program and close its pty; the vt goes too. */
static void
pane_close(struct pane *p)
{
	if (p->throttle != NULL) {
		event_free(p->throttle);
		p->throttle = NULL;
	}
	if (p->dead_ev != NULL) {
		event_free(p->dead_ev);
		p->dead_ev = NULL;
	}
	if (p->fd != -1) {
		event_free(p->rev);
		event_free(p->wev);
		close(p->fd);
		p->fd = -1;
	}
	if (!(p->flags & PANE_REAPED) && p->pid > 0)
		kill(-p->pid, SIGHUP);
	if (p->vt != NULL)
		vt_free(p->vt);
	p->vt = NULL;
}

int
pane_respawn(struct pane *p, const struct pane_spawn *sp, char **cause)
{
	char	*cwd;

	pane_close(p);
	pane_input_clear(p);
	cwd = xstrdup(sp->cwd != NULL ? sp->cwd : "/");	/* may be p->cwd */
	free(p->cwd);
	p->cwd = cwd;
	pane_set_start_argv(p, sp);
	if (pane_spawn(p, sp, cause) != 0) {
		/* Keep a dead pane (as remain-on-exit would) to try again. */
		pane_create_vt(p, sp);
		p->flags = PANE_EXITED|PANE_DEAD|PANE_REAPED;
		return (-1);
	}
	window_recompose(p->window);
	return (0);
}

void
pane_destroy(struct pane *p)
{
	struct window	*w = p->window;
	int		 active;

	log_debug("pane %%%u destroyed", p->id);
	if (srv->marked_pane == (int)p->id)
		srv->marked_pane = -1;
	active = (w->active == p);
	hooks_free(p->hooks);
	p->hooks = NULL;
	window_unlink_pane(w, p);
	if (active && w->active != NULL)
		pane_send_focus(w->active, 1);
	if (TAILQ_EMPTY(&w->panes))
		w->flags &= ~WINDOW_ZOOMED;
	pane_mode_discard(p);
	pane_mode_free_copy(p);
	pane_pipe_close(p);
	pane_close(p);
	pane_input_free(p);
	options_free(p->options);
	free(p->cwd);
	free(p->title);
	environ_free_vector(p->start_argv);
	free(p);
	srv->dirty = 1;
}

struct pane *
pane_find_by_id(unsigned int id)
{
	struct window	*w;
	struct pane	*p;

	TAILQ_FOREACH(w, &srv->windows, entry) {
		TAILQ_FOREACH(p, &w->panes, entry) {
			if (p->id == id)
				return (p);
		}
	}
	return (NULL);
}

void
pane_resize(struct pane *p, unsigned int sx, unsigned int sy)
{
	struct winsize	ws;

	if (sx == p->sx && sy == p->sy)
		return;
	p->sx = sx;
	p->sy = sy;
	vt_resize(p->vt, sx, sy);
	if (p->fd != -1) {
		memset(&ws, 0, sizeof ws);
		ws.ws_col = sx;
		ws.ws_row = sy;
		if (ioctl(p->fd, TIOCSWINSZ, &ws) == -1)
			log_debug("pane %%%u: TIOCSWINSZ: %s", p->id,
			    strerror(errno));
	}
	srv->dirty = 1;
}

void
pane_exited(struct pane *p)
{
	if (p->flags & PANE_EXITED)
		return;
	log_debug("pane %%%u exited", p->id);
	p->flags |= PANE_EXITED;
	event_del(p->rev);
	event_del(p->wev);
	srv->dirty = 1;
}

/* A throttled pane may read again. */
static void
pane_throttle_cb(int fd, short events, void *arg)
{
	struct pane	*p = arg;

	if (p->fd != -1 && !(p->flags & PANE_EXITED))
		event_add(p->rev, NULL);
}

void
pane_note_input(struct pane *p)
{
	p->input_ns = srv->input_ns = server_now_ns();
	if (p->throttle != NULL && evtimer_pending(p->throttle, NULL)) {
		/* Typed into: its answer is read at once. */
		evtimer_del(p->throttle);
		pane_throttle_cb(-1, 0, p);
	}
}

int
pane_typing(uint64_t now)
{
	return (srv->input_ns != 0 && now - srv->input_ns < PANE_TYPING_NS);
}

/* After a read: pause a pane nobody types into while another pane is
 * typed into (see PANE_THROTTLE_US). */
static void
pane_throttle(struct pane *p)
{
	struct timeval	tv = { 0, PANE_THROTTLE_US };
	uint64_t	now = server_now_ns();

	if (!pane_typing(now) ||
	    (p->input_ns != 0 && now - p->input_ns < PANE_TYPING_NS))
		return;
	if (p->throttle == NULL)
		p->throttle = evtimer_new(srv->base, pane_throttle_cb, p);
	event_del(p->rev);
	evtimer_add(p->throttle, &tv);
}

/* Output from the pane's program: parse it now. */
static void
pane_read_cb(int fd, short events, void *arg)
{
	struct pane	*p = arg;
	static char	 buf[PANE_READ_SIZE];
	ssize_t		 n;

	n = read(fd, buf, sizeof buf);
	if (n == -1 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n <= 0) {
		pane_exited(p);
		return;
	}
	trace_stamp("pty-read");
	if (p->input_ns != 0 && p->input_ns >= p->echo_ns)
		p->echo_ns = server_now_ns();	/* answers input: send now */
	if (p->urgent) {
		/* The answer to the input is here: back to the queue, and
		 * shown at once. */
		p->urgent = 0;
		event_priority_set(p->rev, PANE_PRIORITY_OUTPUT);
		server_turn_over();
	}
	srv->names_dirty = 1;
	p->window->activity = time(NULL);
	if (p->window->silence != NULL ||
	    (p->window->flags & WINDOW_SILENCE))
		window_alerts_reset(p->window);
	if (!(p->window->flags & WINDOW_ACTIVITY) &&
	    options_get_number_h(p->window->options, &oh_monitor_activity)) {
		p->window->flags |= WINDOW_ACTIVITY|WINDOW_ACTIVE_NEW;
		session_alert(p->window, WINLINK_ACTIVITY);
		hooks_notify_alert("alert-activity", p->window);
		server_status_changed();
	}
	vt_write(p->vt, buf, n);
	trace_stamp("parsed");
	if (p->pipe != NULL)
		pane_pipe_output(p, buf, n);
	control_pane_output(p, buf, n);
	pane_throttle(p);
	/* Synchronized output: note when the program opened an update. */
	if (vt_modes(p->vt) & VT_MODE_SYNC) {
		if (p->sync_ns == 0)
			p->sync_ns = server_now_ns();
	} else
		p->sync_ns = 0;
	srv->dirty = 1;
}

/*
 * Read, once each, the panes whose programs have written what the server
 * has not read yet, as their read events would in this turn. A command
 * from a client runs after this, so it sees everything a program wrote
 * before the command was sent (a script's send-keys, then capture-pane or
 * display, does not depend on which event the loop took first). Panes
 * whose reads are paused (pane_throttle) stay paused.
 */
void
pane_read_pending(void)
{
	struct window	*w;
	struct pane	*p;
	struct pollfd	 pfd;

	TAILQ_FOREACH(w, &srv->windows, entry) {
		TAILQ_FOREACH(p, &w->panes, entry) {
			if (p->fd == -1 || (p->flags & PANE_EXITED) ||
			    !event_pending(p->rev, EV_READ, NULL))
				continue;
			pfd.fd = p->fd;
			pfd.events = POLLIN;
			if (poll(&pfd, 1, 0) == 1 &&
			    (pfd.revents & (POLLIN|POLLHUP)))
				pane_read_cb(p->fd, EV_READ, p);
		}
	}
}

/* One key to one pane's program. Backspace is the backspace option's
 * key (C-? is the DEL Backspace has always sent). */
static void
pane_send_key1(struct pane *p, key_code key)
{
	key_code	bs;

	if (key == KEYC_BSPACE) {
		bs = options_get_key_h(srv->options, &oh_backspace);
		if (bs != KEYC_NONE && bs != (KEYC_CTRL|'?'))
			key = bs;
	}
	if (strcmp(options_get_string_h(srv->options, &oh_extended_keys),
	    "always") == 0)
		vt_send_key_extended(p->vt, key);
	else
		vt_send_key(p->vt, key);
}

/* Record a wait status for p: its program is gone for good. */
static void
pane_set_status(struct pane *p, int status)
{
	p->flags |= PANE_REAPED|PANE_STATUSREADY;
	p->status = status;
	if (p->flags & PANE_DEAD)
		p->dead_time = time(NULL);
	log_debug("pane %%%u pid %ld status %d", p->id, (long)p->pid, status);
	srv->dirty = 1;
}

void
pane_send_focus(struct pane *p, int in)
{
	if (p != NULL && p->vt != NULL &&
	    options_get_number(srv->options, "focus-events"))
		vt_send_focus(p->vt, in);
}

void
pane_send_key(struct pane *p, key_code key)
{
	struct pane	*loop;

	if (p->flags & PANE_INPUTOFF)
		return;		/* select-pane -d */
	pane_send_key1(p, key);
	/* synchronize-panes: the other panes of the window that have it on
	 * and are not in a mode get the key too, as in tmux. */
	if (p->window == NULL ||
	    !options_get_number_h(p->options, &oh_sync_panes))
		return;
	TAILQ_FOREACH(loop, &p->window->panes, entry) {
		if (loop == p || loop->mode != NULL ||
		    (loop->flags & (PANE_EXITED|PANE_INPUTOFF)) ||
		    !options_get_number_h(loop->options,
		    &oh_sync_panes))
			continue;
		pane_send_key1(loop, key);
		pane_note_input(loop);
	}
}

void
pane_reaped(pid_t pid, int status)
{
	struct window	*w;
	struct pane	*p;

	TAILQ_FOREACH(w, &srv->windows, entry) {
		TAILQ_FOREACH(p, &w->panes, entry) {
			if (p->pid == pid && !(p->flags & PANE_REAPED)) {
				pane_set_status(p, status);
				return;
			}
		}
	}
}

/* The grace is over: the program closed its terminal and runs on. */
static void
pane_dead_cb(int fd, short events, void *arg)
{
	struct pane	*p = arg;

	p->flags |= PANE_NOWAIT;
	srv->dirty = 1;
}

/* The pty's EOF and SIGCHLD come in either order. EOF first: the child
 * may already be a zombie, so collect it here; if it is not, wait for
 * SIGCHLD (pane_reaped) before calling the pane dead, so pane_dead and
 * pane_dead_status are never seen apart. */
void
pane_keep_dead(struct pane *p)
{
	struct timeval	tv = { PANE_DEAD_GRACE_MS / 1000,
			    (PANE_DEAD_GRACE_MS % 1000) * 1000 };
	int		status;

	if (p->flags & PANE_DEAD)
		return;
	if (!(p->flags & PANE_REAPED) && p->pid > 0 &&
	    waitpid(p->pid, &status, WNOHANG) == p->pid)
		pane_set_status(p, status);
	if (!(p->flags & (PANE_REAPED|PANE_NOWAIT))) {
		if (p->dead_ev == NULL)
			p->dead_ev = evtimer_new(srv->base, pane_dead_cb, p);
		if (!evtimer_pending(p->dead_ev, NULL))
			evtimer_add(p->dead_ev, &tv);
		return;
	}
	if (p->dead_ev != NULL)
		evtimer_del(p->dead_ev);
	p->flags |= PANE_DEAD;
	if (p->flags & PANE_STATUSREADY)
		p->dead_time = time(NULL);
	srv->dirty = 1;
}

char *
pane_current_command(const struct pane *p)
{
	char	 path[64], buf[256];
	pid_t	 pgrp;
	FILE	*f;
	size_t	 n;

	if (p->fd == -1 || (pgrp = tcgetpgrp(p->fd)) <= 0)
		pgrp = p->pid;
	snprintf(path, sizeof path, "/proc/%ld/comm", (long)pgrp);
	if ((f = fopen(path, "r")) == NULL)
		return (xstrdup(""));
	n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return (xstrdup(buf));
}

/* The vt has bytes for the program. */
static void
pane_vt_output(const char *buf, size_t len, void *arg)
{
	pane_write(arg, buf, len);
}

/* OSC 0/2 from the program. */
static void
pane_vt_title(const char *title, void *arg)
{
	struct pane	*p = arg;

	free(p->title);
	p->title = xstrdup(title);
	hooks_notify_pane("pane-title-changed", p);
	server_status_changed();
}

/* BEL from the program: flag the window; clients showing it ring. */
static void
pane_vt_bell(void *arg)
{
	struct pane	*p = arg;

	/* monitor-bell off: no alert at all, as in tmux. */
	if (!options_get_number(p->window->options, "monitor-bell"))
		return;
	p->window->flags |= WINDOW_RING|WINDOW_BELL;
	session_alert(p->window, WINLINK_BELL);
	hooks_notify_alert("alert-bell", p->window);
	server_status_changed();
}

/* OSC 52 from the program: with set-clipboard on, the text becomes a
 * paste buffer and goes on to the clients' terminals (so a yank in vim
 * over ssh reaches the user's clipboard). Queries are not answered. */
static void
pane_vt_clipboard(const char *sel, const char *b64, size_t len, void *arg)
{
	struct pane	*p = arg;
	unsigned char	*data;
	long		 n;

	if (strcmp(options_get_string(srv->options, "set-clipboard"),
	    "on") != 0)
		return;
	if (len == 1 && b64[0] == '?')
		return;
	data = xmalloc(len * 3 / 4 + 4);
	if ((n = base64_decode(b64, len, data)) < 0) {
		log_debug("pane %%%u: bad OSC 52 data", p->id);
		free(data);
		return;
	}
	paste_add((char *)data, n);
	free(data);
	hooks_notify_pane("pane-set-clipboard", p);
	window_clipboard(p->window, sel, b64, len);
}

/*
 * DCS tmux; from the program: with allow-passthrough on, the bytes go to
 * the terminal of each client showing the pane (not when the pane is
 * hidden by a zoom; a control client's output interface drops them, as
 * tmux 3.3a sends a control client none); off, nowhere.
 */
static void
pane_vt_passthrough(const char *buf, size_t len, void *arg)
{
	struct pane	*p = arg;
	struct window	*w = p->window;
	struct client	*c;

	if (!options_get_number(p->options, "allow-passthrough"))
		return;
	if ((w->flags & WINDOW_ZOOMED) && p != w->active)
		return;
	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session == NULL || c->session->curw == NULL ||
		    c->session->curw->window != w)
			continue;
		client_queue_passthrough(c, buf, len);
	}
}

/* OSC 10/11 query from the program: the colours of the terminal it is
 * shown on. */
static int
pane_vt_host_colour(int which, struct colour_rgb16 *rgb, void *arg)
{
	struct pane	*p = arg;

	return (client_host_colour(p->window, which, rgb));
}

struct pane *
pane_restore(struct window *w, unsigned int id, int fd, pid_t pid,
    struct options *oo, struct preader *pr, uint32_t version, char **cause)
{
	struct pane	*p = xcalloc(1, sizeof *p);
	int		 flags;

	p->id = id;
	p->window = w;
	p->fd = -1;
	p->pid = pid;
	if ((p->vt = vt_state_read(pr, version, &pane_vt_callbacks, p,
	    cause)) == NULL) {
		free(p);
		return (NULL);
	}
	p->options = oo;
	pane_apply_options(p);
	pane_input_init(p);
	p->sx = vt_cols(p->vt);
	p->sy = vt_rows(p->vt);
	if (fd != -1) {
		p->fd = fd;
		if ((flags = fcntl(fd, F_GETFL)) != -1)
			fcntl(fd, F_SETFL, flags | O_NONBLOCK);
		fcntl(fd, F_SETFD, FD_CLOEXEC);
		p->rev = event_new(srv->base, fd, EV_READ|EV_PERSIST,
		    pane_read_cb, p);
		p->wev = event_new(srv->base, fd, EV_WRITE|EV_PERSIST,
		    pane_input_write_cb, p);
		event_priority_set(p->rev, PANE_PRIORITY_OUTPUT);
	}
	return (p);
}
