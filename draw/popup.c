/*
 * Popups (see popup.h): the overlay kind that runs a program.
 *
 * The program gets a pty of the inside's size (the box less its border),
 * started as tmux 3.3a starts a popup's job: the global and session
 * environment with TERM from default-terminal, $MUX (and $TMUX) naming
 * this server and the session, and the -e variables over them; a shell
 * command runs as default-shell -c, several words as a program and its
 * arguments, none as the shell alone. Its output is read without
 * blocking into a vt; input for it (keys, the mouse, the vt's replies) is
 * queued, at most POPUP_INPUT_MAX, and written as the pty takes it. The
 * program is over when its pty has closed and its status is known.
 */
#include <sys/ioctl.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <utmp.h>

#include <event2/buffer.h>
#include <event2/event.h>

#include "common/log.h"
#include "common/name.h"
#include "common/proto.h"
#include "common/xmalloc.h"
#include "grid/vt.h"
#include "model/client.h"
#include "model/environ.h"
#include "model/options.h"
#include "draw/popup.h"
#include "model/state.h"
#include "model/session.h"
#include "model/style.h"
#include "model/window.h"

#define POPUP_INPUT_MAX		(1024 * 1024)
#define POPUP_READ_SIZE		16384

enum popup_drag {
	POPUP_DRAG_OFF,
	POPUP_DRAG_MOVE,
	POPUP_DRAG_SIZE,
};

struct popup {
	struct overlay		*ov;
	int			 flags;
	int			 fd;		/* the pty, -1 once closed */
	pid_t			 pid;		/* -1 once reaped */
	int			 reaped;
	int			 wstatus;
	struct event		*rev;
	struct event		*wev;
	struct evbuffer		*input;
	struct vt		*vt;
	enum popup_drag		 dragging;
	unsigned int		 dx, dy;
};

static void	popup_draw(struct overlay *, unsigned int, struct cell *,
		    unsigned int);
static enum overlay_result popup_key(struct overlay *, struct client *,
		    key_code);
static enum overlay_result popup_mouse(struct overlay *, struct client *,
		    const struct overlay_mouse *);
static int	popup_cursor(struct overlay *, unsigned int *, unsigned int *,
		    int *);
static void	popup_resize(struct overlay *);
static void	popup_free(struct overlay *);

static const struct overlay_ops popup_ops = {
	.layer = OVERLAY_LAYER_BOX,
	.draw = popup_draw,
	.key = popup_key,
	.mouse = popup_mouse,
	.cursor = popup_cursor,
	.resize = popup_resize,
	.free = popup_free,
};

/* Write what is queued for the program, as much as the pty takes. */
static void
popup_flush(struct popup *pd)
{
	if (pd->fd == -1)
		return;
	if (evbuffer_write(pd->input, pd->fd) == -1 && errno != EAGAIN &&
	    errno != EINTR)
		evbuffer_drain(pd->input, evbuffer_get_length(pd->input));
	if (evbuffer_get_length(pd->input) != 0)
		event_add(pd->wev, NULL);
	else
		event_del(pd->wev);
}

static void
popup_write_cb(int fd, short events, void *arg)
{
	popup_flush(arg);
}

/* Bytes for the program (from the vt: encoded keys, replies). */
static void
popup_vt_output(const char *buf, size_t len, void *arg)
{
	struct popup	*pd = arg;

	if (pd->fd == -1 || len == 0)
		return;
	if (evbuffer_get_length(pd->input) + len > POPUP_INPUT_MAX) {
		log_debug("popup: input full, %zu bytes dropped", len);
		return;
	}
	evbuffer_add(pd->input, buf, len);
	popup_flush(pd);
}

static const struct vt_callbacks popup_vt_callbacks = {
	.output = popup_vt_output,
};

/* The program is over (pty closed and status known): the popup closes if
 * -E or -EE says so, else it stays, showing what the program left. */
static void
popup_check_done(struct popup *pd)
{
	struct overlay	*ov = pd->ov;
	int		 status = 0;

	if (pd->fd != -1 || !pd->reaped)
		return;
	if (WIFEXITED(pd->wstatus))
		status = WEXITSTATUS(pd->wstatus);
	else if (WIFSIGNALED(pd->wstatus))
		status = WTERMSIG(pd->wstatus);
	ov->status = status;
	pd->reaped = 0;		/* done once */
	pd->pid = -1;
	if ((pd->flags & POPUP_CLOSEEXIT) ||
	    ((pd->flags & POPUP_CLOSEEXITZERO) && status == 0))
		overlay_close(ov, status);
}

/* Stop watching the pty (it closed, or the popup goes). */
static void
popup_close_pty(struct popup *pd)
{
	if (pd->fd == -1)
		return;
	event_free(pd->rev);
	event_free(pd->wev);
	pd->rev = pd->wev = NULL;
	close(pd->fd);
	pd->fd = -1;
	evbuffer_drain(pd->input, evbuffer_get_length(pd->input));
}

static void
popup_read_cb(int fd, short events, void *arg)
{
	struct popup	*pd = arg;
	char		 buf[POPUP_READ_SIZE];
	ssize_t		 n;

	n = read(fd, buf, sizeof buf);
	if (n == -1 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n <= 0) {
		/* EOF, or EIO once the program and its children are gone. */
		popup_close_pty(pd);
		srv->dirty = 1;
		popup_check_done(pd);
		return;
	}
	vt_write(pd->vt, buf, n);
	srv->dirty = 1;
}

int
popup_reaped(pid_t pid, int status)
{
	struct client	*c;
	struct popup	*pd;
	struct overlay	*ov;

	TAILQ_FOREACH(c, &srv->clients, entry) {
		if ((ov = overlay_get(c, OVERLAY_LAYER_BOX)) == NULL ||
		    ov->ops != &popup_ops)
			continue;
		pd = ov->data;
		if (pd->pid != pid || pd->reaped)
			continue;
		pd->reaped = 1;
		pd->wstatus = status;
		popup_check_done(pd);
		return (1);
	}
	return (0);
}

/* The child: its environment, directory and program. */
static void __attribute__((noreturn))
popup_child(const struct popup_spec *spec, char **env, const char *shell)
{
	char		**args;
	int		 i;

	pane_child_environ(env, options_get_string(srv->options,
	    "default-terminal"), spec->session != NULL ?
	    (int)spec->session->id : -1);
	for (i = 0; i < spec->nenv; i++) {
		if (strchr(spec->env[i], '=') != NULL)
			putenv(xstrdup(spec->env[i]));
	}
	pane_child_chdir(spec->cwd);
	if (spec->argc == 0)
		execl(shell, shell, (char *)NULL);
	else if (spec->argc == 1)
		execl(shell, shell, "-c", spec->argv[0], (char *)NULL);
	else {
		args = xcalloc(spec->argc + 1, sizeof *args);
		for (i = 0; i < spec->argc; i++)
			args[i] = spec->argv[i];
		execvp(args[0], args);
	}
	fprintf(stderr, "mux: exec failed: %s\n", strerror(errno));
	_exit(127);
}

/* Start the program on a pty of w x h. Returns -1 with *cause. */
static int
popup_spawn(struct popup *pd, const struct popup_spec *spec, unsigned int w,
    unsigned int h, char **cause)
{
	struct winsize	 ws;
	const char	*shell = "/bin/sh";
	char		**env;
	pid_t		 pid;
	int		 fd, slave, flags;

	if (spec->session != NULL) {
		shell = options_get_string(spec->session->options,
		    "default-shell");
		if (*shell != '/' || access(shell, X_OK) != 0)
			shell = "/bin/sh";
	}
	memset(&ws, 0, sizeof ws);
	ws.ws_col = w;
	ws.ws_row = h;
	if (openpty(&fd, &slave, NULL, NULL, &ws) == -1) {
		*cause = xasprintf("can't allocate a pty: %s", strerror(errno));
		return (-1);
	}
	env = environ_vector(srv->environ, spec->session != NULL ?
	    spec->session->environ : NULL);
	if ((pid = fork()) == -1) {
		*cause = xasprintf("fork failed: %s", strerror(errno));
		environ_free_vector(env);
		close(fd);
		close(slave);
		return (-1);
	}
	if (pid == 0) {
		close(fd);
		if (login_tty(slave) == -1)
			_exit(127);
		popup_child(spec, env, shell);
	}
	environ_free_vector(env);
	close(slave);
	pd->pid = pid;
	pd->fd = fd;
	if ((flags = fcntl(fd, F_GETFL)) != -1)
		fcntl(fd, F_SETFL, flags | O_NONBLOCK);
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	pd->rev = event_new(srv->base, fd, EV_READ|EV_PERSIST, popup_read_cb,
	    pd);
	pd->wev = event_new(srv->base, fd, EV_WRITE|EV_PERSIST,
	    popup_write_cb, pd);
	event_add(pd->rev, NULL);
	log_debug("popup pid %ld spawned (%ux%u)", (long)pid, w, h);
	return (0);
}

/* A style option and its override (only colours, as tmux takes them). */
static void
popup_style(struct cell *cell, struct session *s, const char *option,
    const char *override)
{
	struct cell	tmp;

	*cell = CELL_BLANK;
	if (s != NULL && s->curw != NULL)
		style_apply(cell, options_get_string(s->curw->window->options,
		    option));
	if (override != NULL) {
		tmp = *cell;
		if (style_apply_base(&tmp, override, cell) == 0) {
			cell->fg = tmp.fg;
			cell->bg = tmp.bg;
		}
	}
	cell->attr = 0;
}

int
popup_open(struct client *c, const struct popup_spec *spec, char **cause)
{
	struct popup	*pd;
	struct overlay	*ov;
	unsigned int	 ix, iy, iw, ih;

	*cause = NULL;
	if (overlay_get(c, OVERLAY_LAYER_BOX) != NULL)
		return (-1);
	pd = xcalloc(1, sizeof *pd);
	pd->fd = -1;
	pd->pid = -1;
	pd->flags = spec->flags;
	pd->input = evbuffer_new();
	ov = overlay_open(c, &popup_ops, pd, spec->px, spec->py, spec->sx,
	    spec->sy, spec->lines, spec->title);
	pd->ov = ov;
	if (spec->flags & POPUP_INTERNAL)
		ov->status = 128 + SIGHUP;
	popup_style(&ov->inside, spec->session, "popup-style", spec->style);
	popup_style(&ov->border, spec->session, "popup-border-style",
	    spec->border_style);
	ov->defaults = 1;
	overlay_inside(ov, &ix, &iy, &iw, &ih);
	pd->vt = vt_create(iw, ih, 0, &popup_vt_callbacks, pd);
	if (popup_spawn(pd, spec, iw, ih, cause) != 0) {
		overlay_close(ov, 0);
		return (-1);
	}
	ov->done = spec->done;
	ov->done_arg = spec->done_arg;
	return (0);
}

/* The largest file an editor popup reads back. */
#define POPUP_EDITOR_MAX	(64 * 1024 * 1024)

/* An editor popup's file and who wants what it holds. */
struct popup_editor {
	char	*path;
	void	(*cb)(char *, size_t, void *);
	void	*arg;
};

/* The editor popup closed: what the file holds, if the editor exited
 * with 0; the file goes. */
static void
popup_editor_done(void *arg, int status)
{
	struct popup_editor	*pe = arg;
	FILE			*f;
	char			*buf = NULL;
	long			 n;
	size_t			 len = 0;

	if (status == 0 && (f = fopen(pe->path, "r")) != NULL) {
		if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 &&
		    n <= POPUP_EDITOR_MAX && fseek(f, 0, SEEK_SET) == 0) {
			buf = xmalloc(n);
			if (fread(buf, n, 1, f) == 1)
				len = n;
			else {
				free(buf);
				buf = NULL;
			}
		}
		fclose(f);
	}
	unlink(pe->path);
	pe->cb(buf, len, pe->arg);
	free(pe->path);
	free(pe);
}

int
popup_editor(struct client *c, const char *buf, size_t len,
    void (*cb)(char *, size_t, void *), void *arg)
{
	struct popup_editor	*pe;
	struct popup_spec	 spec;
	const char		*editor = options_get_string(srv->options,
				    "editor");
	char			*cmd, *cause, path[] = "/tmp/mux.XXXXXXXX";
	int			 fd;
	FILE			*f;

	if (*editor == '\0' || c->overlay != NULL || c->session == NULL)
		return (-1);
	if ((fd = mkstemp(path)) == -1)
		return (-1);
	if ((f = fdopen(fd, "w")) == NULL) {
		close(fd);
		unlink(path);
		return (-1);
	}
	if ((len != 0 && fwrite(buf, len, 1, f) != 1) || fclose(f) != 0) {
		unlink(path);
		return (-1);
	}
	pe = xcalloc(1, sizeof *pe);
	pe->path = xstrdup(path);
	pe->cb = cb;
	pe->arg = arg;

	memset(&spec, 0, sizeof spec);
	spec.flags = POPUP_INTERNAL|POPUP_CLOSEEXIT;
	spec.sx = c->cols * 9 / 10;
	spec.sy = c->rows * 9 / 10;
	spec.px = c->cols / 2 - spec.sx / 2;
	spec.py = c->rows / 2 - spec.sy / 2;
	spec.lines = OVERLAY_LINES_SINGLE;
	if (c->session->curw != NULL)
		spec.lines = options_get_number(
		    c->session->curw->window->options, "popup-border-lines");
	spec.title = "";
	cmd = xasprintf("%s %s", editor, path);
	spec.argc = 1;
	spec.argv = &cmd;
	spec.cwd = "/tmp";
	spec.session = c->session;
	spec.done = popup_editor_done;
	spec.done_arg = pe;
	if (popup_open(c, &spec, &cause) != 0) {
		log_debug("editor popup: %s", cause != NULL ? cause : "busy");
		free(cause);
		free(cmd);
		unlink(pe->path);
		free(pe->path);
		free(pe);
		return (-1);
	}
	free(cmd);
	return (0);
}

static void
popup_draw(struct overlay *ov, unsigned int y, struct cell *cells,
    unsigned int sx)
{
	struct popup		*pd = ov->data;
	const struct grid_line	*gl;
	unsigned int		 ix, iy, iw, ih, n;

	if (!overlay_inside(ov, &ix, &iy, &iw, &ih) || y < iy ||
	    y >= iy + ih)
		return;
	if ((gl = vt_line(pd->vt, y - iy)) == NULL)
		return;
	n = vt_cols(pd->vt) < iw ? vt_cols(pd->vt) : iw;
	memcpy(cells + ix, gl->cells, n * sizeof *cells);
	vt_render_cells(pd->vt, cells + ix, n);
	/* A wide character cut by the border becomes a blank. */
	if (n > 0 && cells[ix + n - 1].width == 2)
		cells[ix + n - 1] = CELL_BLANK;
}

static int
popup_cursor(struct overlay *ov, unsigned int *x, unsigned int *y,
    int *shape)
{
	struct popup		*pd = ov->data;
	struct vt_cursor	 cur;
	unsigned int		 ix, iy, iw, ih;

	if (pd->fd == -1 || !overlay_inside(ov, &ix, &iy, &iw, &ih))
		return (0);
	vt_cursor(pd->vt, &cur);
	if (!cur.visible || cur.x >= iw || cur.y >= ih)
		return (0);
	*x = ov->px + ix + cur.x;
	*y = ov->py + iy + cur.y;
	*shape = cur.shape | (cur.blink ? 0x80 : 0);
	return (1);
}

static enum overlay_result
popup_key(struct overlay *ov, struct client *c, key_code key)
{
	struct popup	*pd = ov->data;

	if ((!(pd->flags & (POPUP_CLOSEEXIT|POPUP_CLOSEEXITZERO)) ||
	    pd->fd == -1) && key == '\033')
		return (OVERLAY_CLOSE);
	if (pd->fd != -1 && !(c->flags & CLIENT_READONLY))
		vt_send_key(pd->vt, key);
	return (OVERLAY_STAY);
}

/* A drag on the border goes on: move or resize the box. */
static void
popup_drag(struct overlay *ov, struct client *c,
    const struct overlay_mouse *m)
{
	struct popup	*pd = ov->data;
	unsigned int	 min = ov->lines == OVERLAY_LINES_NONE ? 1 : 3;

	if (!m->motion || m->button == 3) {
		pd->dragging = POPUP_DRAG_OFF;
		return;
	}
	if (pd->dragging == POPUP_DRAG_MOVE) {
		if (m->x < pd->dx)
			ov->px = 0;
		else if (m->x - pd->dx + ov->sx > c->cols)
			ov->px = c->cols - ov->sx;
		else
			ov->px = m->x - pd->dx;
		if (m->y < pd->dy)
			ov->py = 0;
		else if (m->y - pd->dy + ov->sy > c->rows)
			ov->py = c->rows - ov->sy;
		else
			ov->py = m->y - pd->dy;
		pd->dx = m->x - ov->px;
		pd->dy = m->y - ov->py;
		ov->ppx = ov->px;
		ov->ppy = ov->py;
	} else {
		if (m->x < ov->px + min || m->y < ov->py + min)
			return;
		ov->psx = ov->sx = m->x - ov->px;
		ov->psy = ov->sy = m->y - ov->py;
		popup_resize(ov);
	}
	c->flags |= CLIENT_RECOMPOSE;
}

static enum overlay_result
popup_mouse(struct overlay *ov, struct client *c,
    const struct overlay_mouse *m)
{
	struct popup	*pd = ov->data;
	unsigned int	 ix, iy, iw, ih;
	int		 border;

	if (pd->dragging != POPUP_DRAG_OFF) {
		popup_drag(ov, c, m);
		return (OVERLAY_STAY);
	}
	if (m->x < ov->px || m->x >= ov->px + ov->sx || m->y < ov->py ||
	    m->y >= ov->py + ov->sy)
		return (OVERLAY_STAY);
	border = ov->lines != OVERLAY_LINES_NONE && (m->x == ov->px ||
	    m->x == ov->px + ov->sx - 1 || m->y == ov->py ||
	    m->y == ov->py + ov->sy - 1);
	if (border || (m->mods & KEYC_META)) {
		if (m->motion && (m->button == 0 || m->button == 2)) {
			pd->dragging = m->button == 0 ? POPUP_DRAG_MOVE :
			    POPUP_DRAG_SIZE;
			pd->dx = m->x - ov->px;
			pd->dy = m->y - ov->py;
		}
		return (OVERLAY_STAY);
	}
	if (pd->fd == -1 || (c->flags & CLIENT_READONLY) ||
	    !overlay_inside(ov, &ix, &iy, &iw, &ih))
		return (OVERLAY_STAY);
	vt_send_mouse(pd->vt, m->x - ov->px - ix, m->y - ov->py - iy,
	    m->button, m->pressed, m->motion, m->mods);
	return (OVERLAY_STAY);
}

static void
popup_resize(struct overlay *ov)
{
	struct popup	*pd = ov->data;
	struct winsize	 ws;
	unsigned int	 ix, iy, iw, ih;

	if (!overlay_inside(ov, &ix, &iy, &iw, &ih))
		return;
	vt_resize(pd->vt, iw, ih);
	if (pd->fd == -1)
		return;
	memset(&ws, 0, sizeof ws);
	ws.ws_col = iw;
	ws.ws_row = ih;
	ioctl(pd->fd, TIOCSWINSZ, &ws);
}

static void
popup_free(struct overlay *ov)
{
	struct popup	*pd = ov->data;

	if (pd->pid != -1)
		kill(-pd->pid, SIGHUP);
	popup_close_pty(pd);
	evbuffer_free(pd->input);
	vt_free(pd->vt);
	free(pd);
}

/* c's popup (on the box layer), or NULL. */
static struct overlay *
popup_of(const struct client *c)
{
	struct overlay	*ov = overlay_get(c, OVERLAY_LAYER_BOX);

	return (ov != NULL && ov->ops == &popup_ops ? ov : NULL);
}

int
popup_shown(const struct client *c)
{
	return (popup_of(c) != NULL);
}

int
popup_fd(const struct client *c)
{
	struct overlay	*ov = popup_of(c);

	return (ov != NULL ? ((struct popup *)ov->data)->fd : -1);
}

/* The colours popup_style sets. */
static void
popup_put_style(struct pbuf *pb, const struct cell *cell)
{
	pw_u32(pb, cell->fg);
	pw_u32(pb, cell->bg);
}

static void
popup_get_style(struct preader *pr, struct cell *cell)
{
	*cell = CELL_BLANK;
	cell->fg = pr_u32(pr);
	cell->bg = pr_u32(pr);
}

/*
 * The live upgrade's record of an adopted client's popup: u8 0 (none, or
 * another overlay: those are closed), or u8 1 then the box (u32 ppx, ppy,
 * psx, psy, px, py, sx, sy), u8 border lines, the border's and the
 * inside's colours (u32 fg, bg each), u8 defaults, str title, u32 status;
 * u32 flags (POPUP_*), i32 pty fd (-1: closed), i32 pid (-1: reaped and
 * done), u8 reaped, u32 wait status, str input not yet written, the
 * terminal (grid/vt-state.c). The pty and the program come through the
 * exec as a pane's do; what ran when it closes (display-popup's client
 * waiting) does not: that client is told the server was upgraded.
 */
void
popup_save(const struct client *c, struct pbuf *pb, uint32_t version)
{
	struct overlay	*ov = popup_of(c);
	struct popup	*pd;
	size_t		 len;

	if (ov == NULL) {
		pw_u8(pb, 0);
		return;
	}
	pd = ov->data;
	pw_u8(pb, 1);
	pw_u32(pb, ov->ppx);
	pw_u32(pb, ov->ppy);
	pw_u32(pb, ov->psx);
	pw_u32(pb, ov->psy);
	pw_u32(pb, ov->px);
	pw_u32(pb, ov->py);
	pw_u32(pb, ov->sx);
	pw_u32(pb, ov->sy);
	pw_u8(pb, (uint8_t)ov->lines);
	popup_put_style(pb, &ov->border);
	popup_put_style(pb, &ov->inside);
	pw_u8(pb, ov->defaults != 0);
	pw_str(pb, ov->title);
	pw_u32(pb, (uint32_t)ov->status);
	pw_u32(pb, (uint32_t)pd->flags);
	pw_u32(pb, (uint32_t)pd->fd);
	pw_u32(pb, (uint32_t)pd->pid);
	pw_u8(pb, pd->reaped != 0);
	pw_u32(pb, (uint32_t)pd->wstatus);
	len = evbuffer_get_length(pd->input);
	pw_strn(pb, len != 0 ? (char *)evbuffer_pullup(pd->input, -1) : "",
	    len);
	vt_state_write(pd->vt, pb, version);
}

int
popup_load(struct client *c, struct preader *pr, uint32_t version, int dry,
    char **cause)
{
	struct overlay	 box, *ov;
	struct popup	*pd;
	struct vt	*vt;
	char		*title;
	const void	*input;
	uint32_t	 len;
	unsigned int	 ix, iy, iw, ih;
	int		 flags, fd, pid, reaped, wstatus, status;

	if (pr_u8(pr) == 0)
		return (pr->error ? -1 : 0);
	memset(&box, 0, sizeof box);
	box.ppx = pr_u32(pr);
	box.ppy = pr_u32(pr);
	box.psx = pr_u32(pr);
	box.psy = pr_u32(pr);
	box.px = pr_u32(pr);
	box.py = pr_u32(pr);
	box.sx = pr_u32(pr);
	box.sy = pr_u32(pr);
	box.lines = pr_u8(pr);
	popup_get_style(pr, &box.border);
	popup_get_style(pr, &box.inside);
	box.defaults = pr_u8(pr);
	title = pr_str(pr);
	status = (int)pr_u32(pr);
	flags = (int)pr_u32(pr);
	fd = (int)pr_u32(pr);
	pid = (int)pr_u32(pr);
	reaped = pr_u8(pr);
	wstatus = (int)pr_u32(pr);
	len = pr_u32(pr);
	input = pr_bytes(pr, len);
	if (pr->error || title == NULL || box.lines > OVERLAY_LINES_NONE ||
	    box.sx == 0 || box.sy == 0 || box.sx > WINDOW_SIZE_MAX ||
	    box.sy > WINDOW_SIZE_MAX || fd < -1 || pid < -1 || pid == 0 ||
	    len > POPUP_INPUT_MAX ||
	    (flags & ~(POPUP_CLOSEEXIT|POPUP_CLOSEEXITZERO)) != 0) {
		free(title);
		*cause = xstrdup("bad popup");
		return (-1);
	}
	pd = xcalloc(1, sizeof *pd);
	if ((vt = vt_state_read(pr, version, &popup_vt_callbacks, pd,
	    cause)) == NULL) {
		free(pd);
		free(title);
		return (-1);
	}
	if (dry || c == NULL) {
		vt_free(vt);
		free(pd);
		free(title);
		return (0);
	}
	pd->flags = flags;
	pd->pid = pid;
	pd->reaped = reaped;
	pd->wstatus = wstatus;
	pd->input = evbuffer_new();
	pd->vt = vt;
	ov = overlay_open(c, &popup_ops, pd, box.ppx, box.ppy, box.psx,
	    box.psy, box.lines, title);
	free(title);
	pd->ov = ov;
	ov->px = box.px;
	ov->py = box.py;
	ov->sx = box.sx;
	ov->sy = box.sy;
	ov->border = box.border;
	ov->inside = box.inside;
	ov->defaults = box.defaults;
	ov->status = status;
	pd->fd = -1;
	if (fd != -1 && fcntl(fd, F_SETFD, FD_CLOEXEC) != -1) {
		pd->fd = fd;
		pd->rev = event_new(srv->base, fd, EV_READ|EV_PERSIST,
		    popup_read_cb, pd);
		pd->wev = event_new(srv->base, fd, EV_WRITE|EV_PERSIST,
		    popup_write_cb, pd);
		event_add(pd->rev, NULL);
		if (len != 0) {
			evbuffer_add(pd->input, input, len);
			event_add(pd->wev, NULL);
		}
	}
	/* The client's size may differ from the box's: fit it again. */
	overlay_resize(c);
	if (overlay_inside(ov, &ix, &iy, &iw, &ih) &&
	    (iw != vt_cols(vt) || ih != vt_rows(vt)))
		popup_resize(ov);
	popup_check_done(pd);
	return (0);
}
