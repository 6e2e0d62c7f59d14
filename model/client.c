/*
 * The server's model of its clients: attaching, detaching, exit messages
 * and window sizes. Only state changes here; server_client.c sends.
 */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include <event2/event.h>

#include "common/log.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "model/control.h"
#include "model/hooks.h"
#include "model/options.h"
#include "model/pane-mode.h"
#include "model/state.h"
#include "model/session.h"
#include "model/window.h"

/* The options read on every key or frame (options.h: handles). */
static struct option_handle oh_lock_after = OPTION_HANDLE("lock-after-time");
static struct option_handle oh_status_position =
    OPTION_HANDLE("status-position");

/* Stop showing a session (no message). */
static void
client_unlink_session(struct client *c)
{
	if (c->session == NULL)
		return;
	if (c->session->attached > 0)
		c->session->attached--;
	srv->check_unattached = 1;
	srv->dirty = 1;
	c->last_session = c->session;
	c->session = NULL;
	c->flags &= ~CLIENT_ATTACHED;
	client_update_sizes();
	server_status_changed();
}

void
client_set_exit(struct client *c, int status, const char *msg)
{
	if (c->flags & CLIENT_EXIT)
		return;		/* the first reason wins */
	c->flags |= CLIENT_EXIT;
	c->exit_status = status;
	free(c->exit_msg);
	c->exit_msg = msg != NULL ? xstrdup(msg) : NULL;
	if (c->session != NULL)
		hooks_notify_client("client-detached", c);
	client_unlink_session(c);
	srv->dirty = 1;
}

void
client_attach(struct client *c, struct session *s)
{
	int	first = (c->session == NULL);

	if (c->session == s)
		return;
	if (c->session != NULL)
		client_unlink_session(c);
	else
		c->flags |= CLIENT_NEW_ATTACH;
	c->session = s;
	s->attached++;
	s->activity = s->last_attached = time(NULL);
	s->activity_ns = server_now_ns();
	client_lock_timer(s);
	c->flags |= CLIENT_ATTACHED|CLIENT_REDRAW;
	c->key_table = "root";
	c->activity_ns = server_now_ns();
	if (s->curw != NULL)
		s->curw->window->latest = c->id + 1;
	client_update_sizes();
	hooks_notify_client("client-session-changed", c);
	if (first)
		hooks_notify_client("client-attached", c);
	server_status_changed();
}

void
client_detach(struct client *c)
{
	char	*msg;

	if (c->session == NULL)
		return;
	msg = xasprintf("[detached (from session %s)]", c->session->name);
	client_set_exit(c, 0, msg);
	free(msg);
}

void
client_detach_with(struct client *c, int kill_parent, const char *exec,
    const char *shell)
{
	if (c->session == NULL || (c->flags & CLIENT_EXIT))
		return;
	c->exit_kill_parent = kill_parent;
	if (exec != NULL) {
		free(c->exit_exec);
		free(c->exit_shell);
		c->exit_exec = xstrdup(exec);
		c->exit_shell = xstrdup(shell != NULL && *shell != '\0' ?
		    shell : "/bin/sh");
	}
	client_detach(c);
}

/* Most of a client's standard input kept for load-buffer. */
#define CLIENT_STDIN_MAX	(64 * 1024 * 1024)

int
client_read_stdin(struct client *c, struct cmdq_item *item,
    client_stdin_cb cb, void *arg)
{
	/* A command client's terminal is read as tmux reads it (lines as
	 * they are typed, until C-d); an attached client's is not its own. */
	if (c->stdin_item != NULL || c->session != NULL ||
	    c->control != NULL ||
	    (c->flags & (CLIENT_EXIT|CLIENT_DEAD)))
		return (-1);
	c->stdin_item = item;
	c->stdin_cb = cb;
	c->stdin_part_cb = NULL;
	c->stdin_arg = arg;
	pbuf_init(&c->stdin_data);
	c->stdin_asked = 0;
	srv->dirty = 1;
	return (0);
}

int
client_read_stdin_parts(struct client *c, struct cmdq_item *item,
    client_stdin_part_cb part_cb, client_stdin_cb cb, void *arg)
{
	if (client_read_stdin(c, item, cb, arg) != 0)
		return (-1);
	c->stdin_part_cb = part_cb;
	return (0);
}

void
client_stdin_done(struct client *c, const char *error)
{
	struct cmdq_item	*item = c->stdin_item;

	if (item == NULL)
		return;
	if (error == NULL && c->stdin_data.len > CLIENT_STDIN_MAX)
		error = "standard input too large";
	c->stdin_item = NULL;
	c->stdin_part_cb = NULL;
	c->stdin_cb(item, c->stdin_data.data != NULL ?
	    (char *)c->stdin_data.data : "", c->stdin_data.len, error,
	    c->stdin_arg);
	pbuf_free(&c->stdin_data);
}

void
client_queue_clipboard(struct client *c, const char *sel, const char *b64,
    size_t len)
{
	free(c->clip_sel);
	free(c->clip_data);
	c->clip_sel = xstrdup(sel);
	c->clip_data = xmalloc(len + 1);
	memcpy(c->clip_data, b64, len);
	c->clip_data[len] = '\0';
	c->clip_len = len;
	srv->dirty = 1;
}

void
client_queue_passthrough(struct client *c, const char *buf, size_t len)
{
	if (len > CLIENT_PASS_MAX - c->pass_owed.len) {
		log_debug("client %u: passthrough of %zu bytes dropped",
		    c->id, len);
		return;
	}
	pw_bytes(&c->pass_owed, buf, len);
	srv->dirty = 1;
}

char *
client_name(const struct client *c)
{
	if (c->ident.tty != NULL && *c->ident.tty != '\0')
		return (xstrdup(c->ident.tty));
	return (xasprintf("client-%u", c->id));
}

/* The last default colours any terminal reported, for panes no client
 * shows. */
static struct colour_rgb16	client_last_fg, client_last_bg;
static int			client_last_known;

void
client_set_host_colour(struct client *c, int which,
    const struct colour_rgb16 *rgb)
{
	int	bit = which == 10 ? 1 : 2;

	if (which == 10)
		c->host_fg = client_last_fg = *rgb;
	else
		c->host_bg = client_last_bg = *rgb;
	c->host_colours |= bit;
	client_last_known |= bit;
}

/* A colour from COLORFGBG ("fg;bg" or "fg;default;bg", xterm palette
 * indexes, as rxvt and others set it). */
static int
client_colorfgbg(const struct client *c, int which, struct colour_rgb16 *rgb)
{
	const char	*v = client_getenv(c, "COLORFGBG"), *field;
	char		*end;
	long		 idx;
	uint8_t		 r, g, b;

	if (v == NULL)
		return (-1);
	if (which == 10)
		field = v;
	else if ((field = strrchr(v, ';')) != NULL)
		field++;
	else
		return (-1);
	idx = strtol(field, &end, 10);
	if (end == field || (*end != '\0' && *end != ';') || idx < 0 ||
	    idx > 15)
		return (-1);
	colour_xterm_palette(idx, &r, &g, &b);
	rgb->r = r * 257;
	rgb->g = g * 257;
	rgb->b = b * 257;
	return (0);
}

/* The default colour c's terminal has, if known. */
static int
client_colour_of(const struct client *c, int which, struct colour_rgb16 *rgb)
{
	if (which == 10 && (c->host_colours & 1)) {
		*rgb = c->host_fg;
		return (0);
	}
	if (which == 11 && (c->host_colours & 2)) {
		*rgb = c->host_bg;
		return (0);
	}
	return (client_colorfgbg(c, which, rgb));
}

int
client_host_colour(struct window *w, int which, struct colour_rgb16 *rgb)
{
	struct client		*c, *best = NULL;
	struct colour_rgb16	 tmp;
	int			 score, best_score = -1;

	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session == NULL || !(c->flags & CLIENT_TERMINAL) ||
		    client_colour_of(c, which, &tmp) != 0)
			continue;
		if (c->session->curw != NULL && c->session->curw->window == w)
			score = 2;
		else
			score = winlink_find_by_window(c->session, w) != NULL;
		if (score > best_score || (score == best_score &&
		    c->activity_ns > best->activity_ns)) {
			best = c;
			best_score = score;
		}
	}
	if (best != NULL)
		return (client_colour_of(best, which, rgb));
	if (!(client_last_known & (which == 10 ? 1 : 2)))
		return (-1);
	*rgb = which == 10 ? client_last_fg : client_last_bg;
	return (0);
}

/* Does field [f, f + n) (a "name" or "name=value") name one of names? */
static int
client_field_is(const char *f, size_t n, const char *const *names)
{
	const char	*eq = memchr(f, '=', n);
	size_t		 len = eq != NULL ? (size_t)(eq - f) : n;

	for (; *names != NULL; names++) {
		if (strlen(*names) == len && strncmp(f, *names, len) == 0)
			return (1);
	}
	return (0);
}

int
client_term_has(const struct client *c, const char *list,
    const char *const *names)
{
	const char	*term = c->ident.term, *entry, *end, *f, *colon;
	char		*pattern;
	int		 match;

	if (term == NULL)
		term = "";
	for (entry = list; *entry != '\0'; entry = end + (*end == ',')) {
		end = entry + strcspn(entry, ",");
		colon = memchr(entry, ':', end - entry);
		if (colon == NULL)
			continue;
		pattern = xstrndup(entry, colon - entry);
		match = fnmatch(pattern, term, 0) == 0;
		free(pattern);
		if (!match)
			continue;
		for (f = colon + 1; f < end; f = colon + 1) {
			colon = memchr(f, ':', end - f);
			if (colon == NULL)
				colon = end;
			if (client_field_is(f, colon - f, names))
				return (1);
		}
	}
	return (0);
}

const char *
client_getenv(const struct client *c, const char *name)
{
	size_t		len = strlen(name);
	uint32_t	i;

	for (i = 0; i < c->ident.nenviron; i++) {
		if (strncmp(c->ident.environ[i], name, len) == 0 &&
		    c->ident.environ[i][len] == '=')
			return (c->ident.environ[i] + len + 1);
	}
	return (NULL);
}

/* Where c keeps its choice for window id (NULL: none). */
static struct client_pane *
client_pane_slot(struct client *c, unsigned int window)
{
	unsigned int	i;

	for (i = 0; i < c->npanes; i++) {
		if (c->panes[i].window == window)
			return (&c->panes[i]);
	}
	return (NULL);
}

struct pane *
client_active_pane(struct client *c)
{
	struct session		*s = c->session;
	struct window		*w;
	struct client_pane	*cp;
	struct pane		*p;

	if (s == NULL || s->curw == NULL)
		return (NULL);
	w = s->curw->window;
	if (!(c->flags & CLIENT_ACTIVEPANE) ||
	    (cp = client_pane_slot(c, w->id)) == NULL)
		return (w->active);
	/* A pane that has gone (or moved to another window) is forgotten:
	 * the window's active pane stands in, as in tmux. */
	if ((p = pane_find_by_id(cp->pane)) == NULL || p->window != w) {
		*cp = c->panes[--c->npanes];
		return (w->active);
	}
	return (p);
}

void
client_set_active_pane(struct client *c, struct pane *p)
{
	struct client_pane	*cp;
	unsigned int		 i;

	/* Forget windows that have gone, so the list stays as long as the
	 * windows there are. */
	for (i = 0; i < c->npanes; i++) {
		if (window_find_by_id(c->panes[i].window) == NULL)
			c->panes[i--] = c->panes[--c->npanes];
	}
	if ((cp = client_pane_slot(c, p->window->id)) == NULL) {
		c->panes = xreallocarray(c->panes, c->npanes + 1,
		    sizeof *c->panes);
		cp = &c->panes[c->npanes++];
		cp->window = p->window->id;
	}
	cp->pane = p->id;
}

unsigned int
client_window_rows(const struct client *c)
{
	unsigned int	lines = session_status_lines(c->session);

	if (c->control != NULL)
		return (c->rows);	/* a control client has no status line */

	return (c->rows > lines ? c->rows - lines : 1);
}

/* The size window w should have given the clients that show it; returns
 * 0 when no client shows it (leave it as it is). */
static int
client_window_size(struct window *w, unsigned int *sx, unsigned int *sy)
{
	const char	*policy = options_get_string(w->options, "window-size");
	struct client	*c, *latest = NULL;
	unsigned int	 rows;
	int		 found = 0, aggressive;

	if (strcmp(policy, "manual") == 0)
		return (0);
	/* aggressive-resize: only clients whose session shows w count;
	 * else those of every session w is in (tmux). */
	aggressive = options_get_number(w->options, "aggressive-resize");
	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session == NULL || c->session->curw == NULL ||
		    c->cols == 0 || (c->flags & (CLIENT_EXIT|CLIENT_IGNORESIZE)))
			continue;
		if (aggressive ? c->session->curw->window != w :
		    winlink_find_by_window(c->session, w) == NULL)
			continue;
		if (strcmp(policy, "latest") == 0) {
			if (latest == NULL || c->activity_ns > latest->activity_ns)
				latest = c;
			continue;
		}
		rows = client_window_rows(c);
		if (!found) {
			*sx = c->cols;
			*sy = rows;
			found = 1;
		} else if (strcmp(policy, "smallest") == 0) {
			*sx = c->cols < *sx ? c->cols : *sx;
			*sy = rows < *sy ? rows : *sy;
		} else {
			*sx = c->cols > *sx ? c->cols : *sx;
			*sy = rows > *sy ? rows : *sy;
		}
	}
	if (latest != NULL) {
		*sx = latest->cols;
		*sy = client_window_rows(latest);
		found = 1;
	}
	return (found);
}

void
client_update_sizes(void)
{
	struct window	*w;
	unsigned int	 sx = 0, sy = 0;

	TAILQ_FOREACH(w, &srv->windows, entry) {
		if (client_window_size(w, &sx, &sy) &&
		    (sx != w->sx || sy != w->sy))
			window_resize(w, sx, sy);
	}
}

void
client_lock(struct client *c, const char *cmd)
{
	if (c->session == NULL || (c->flags & (CLIENT_SUSPENDED|
	    CLIENT_SUSPEND_ASK|CLIENT_EXIT)))
		return;
	free(c->suspend_cmd);
	c->suspend_cmd = cmd != NULL ? xstrdup(cmd) : NULL;
	c->flags |= CLIENT_SUSPEND_ASK;
	srv->dirty = 1;
}

/* lock-after-time ran out: lock the session's clients. */
static void
client_lock_after_cb(int fd, short events, void *arg)
{
	struct session	*s = arg;
	struct client	*c;
	const char	*cmd = options_get_string(s->options, "lock-command");

	(void)fd;
	(void)events;
	if (*cmd == '\0')
		return;
	TAILQ_FOREACH(c, &srv->clients, entry) {
		if (c->session == s)
			client_lock(c, cmd);
	}
}

void
client_lock_timer(struct session *s)
{
	long long	secs = options_get_number_h(s->options, &oh_lock_after);
	struct timeval	tv = { 0, 0 };

	if (s->lock_timer != NULL)
		event_del(s->lock_timer);
	if (secs <= 0 || s->attached == 0)
		return;
	if (s->lock_timer == NULL)
		s->lock_timer = evtimer_new(srv->base, client_lock_after_cb, s);
	tv.tv_sec = secs;
	evtimer_add(s->lock_timer, &tv);
}

void
client_unlock(struct client *c)
{
	free(c->suspend_cmd);
	c->suspend_cmd = NULL;
	c->flags &= ~(CLIENT_SUSPENDED|CLIENT_SUSPEND_ASK);
	c->flags |= CLIENT_REDRAW;
	/* The terminal starts afresh: its modes are sent again. */
	c->modes_gen = 0;
	c->modes_session = 0;
	c->host_modes = 0;
	srv->dirty = 1;
}

struct window *
client_shown_window(struct client *c)
{
	if (c->session == NULL || c->session->curw == NULL)
		return (NULL);
	return (c->session->curw->window);
}

unsigned int
client_status_rows(struct client *c, unsigned int rows, unsigned int *first,
    unsigned int *top)
{
	struct session	*s = c->session;
	unsigned int	 lines = session_status_lines(s);

	*top = *first = 0;
	if (lines == 0 || rows <= lines)
		return (0);
	if (strcmp(options_get_string_h(s->options, &oh_status_position),
	    "top") == 0) {
		*top = lines;
		return (lines);
	}
	*first = rows - lines;
	return (lines);
}

int
client_window_offset(struct client *c, unsigned int *ox, unsigned int *oy,
    unsigned int *sx, unsigned int *sy)
{
	struct window	*w = client_shown_window(c);
	struct pane	*p;
	unsigned int	 first, top, lines, cx, cy;
	int		 shape;
	uint32_t	 colour;

	*ox = *oy = 0;
	*sx = c->cols;
	*sy = c->rows;
	if (w == NULL)
		return (0);
	lines = client_status_rows(c, c->rows, &first, &top);
	if (c->cols >= w->sx && c->rows - lines >= w->sy) {
		*sx = w->sx;
		*sy = w->sy;
		c->pan_window = 0;
		return (0);
	}
	*sy = c->rows - lines;
	if (c->pan_window == w->id + 1) {
		if (*sx >= w->sx)
			c->pan_ox = 0;
		else if (c->pan_ox + *sx > w->sx)
			c->pan_ox = w->sx - *sx;
		if (*sy >= w->sy)
			c->pan_oy = 0;
		else if (c->pan_oy + *sy > w->sy)
			c->pan_oy = w->sy - *sy;
		*ox = c->pan_ox;
		*oy = c->pan_oy;
		return (1);
	}
	/* Not panned: the part with the cursor, as near the top left as
	 * shows it, else centred on it (tmux's rule). */
	p = client_active_pane(c);
	if (p != NULL && pane_cursor(p, &cx, &cy, &shape, &colour)) {
		cx += p->xoff;
		cy += p->yoff;
		if (cx < *sx)
			*ox = 0;
		else if (cx > w->sx - *sx)
			*ox = w->sx - *sx;
		else
			*ox = cx - *sx / 2;
		if (cy < *sy)
			*oy = 0;
		else if (cy > w->sy - *sy)
			*oy = w->sy - *sy;
		else
			*oy = cy - *sy / 2;
	}
	c->pan_window = 0;
	return (1);
}
