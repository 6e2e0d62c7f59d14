/*
 * snapshot: write the server's sessions to a file, for mux resurrect.
 *
 * When: every save-interval minutes (0, the default: never), on
 * resurrect -s, on kill-server and on SIGTERM (a machine shutting down).
 * A server with no session writes nothing, so the last snapshot is kept.
 *
 * Where: $XDG_STATE_HOME/mux/LABEL.snapshot, ~/.local/state/mux/ without
 * XDG_STATE_HOME; LABEL is the socket's name (default, or -L's), so each
 * server has its own file. The directory is made 0700, the file 0600.
 *
 * How, without blocking and without corrupting the last one: the
 * interval's snapshot (and resurrect -s's) is written by a forked child. fork gives it a copy
 * of the whole model as it is at that instant (copy on write: the server
 * pays for the fork and the pages it touches while the child runs, not
 * for the walk over every pane's history or the disk); the child writes
 * a temporary file beside the snapshot, fsyncs it, renames it over the
 * old one and fsyncs the directory, then _exits. A crash or full disk at
 * any point leaves the previous snapshot whole. One child at a time: an
 * interval that comes while one still writes is skipped, and kill-server
 * stops one still writing (its older state must not be renamed over the
 * newer one). A temporary file a writer that died left (its pid gone)
 * is removed by the next write. Slicing the
 * work over loop turns instead would write a state that changes between
 * slices, and still block on fsync. kill-server and SIGTERM write in the
 * server itself, synchronously, before the panes are killed: the server
 * is ending, so nobody waits for it but the client that asked, and the
 * file is there when kill-server returns.
 *
 * The format (version 1) is UTF-8 text, one record a line, fields
 * separated by tabs; in every field a backslash, tab, newline, carriage
 * return and other control characters are written \\, \t, \n, \r and \ooo
 * (three octal digits). Readers take this version and older, and refuse
 * newer ones.
 *
 *   mux-snapshot	VERSION
 *   # anything		a comment (the writer says who and when)
 *   current	NAME	the session the latest client used (optional)
 *   session	NAME	CWD
 *   group	GROUP	WITH	CURRENT	LAST	the session is in a group
 *	(new-session -t) named GROUP. WITH is empty for the first session
 *	of the group in the file, whose windows follow as for any session;
 *	for the others it names that session, and no window lines follow
 *	(they show its windows). CURRENT and LAST are the indexes of the
 *	session's current and last window (-1: none). An older reader
 *	refuses the record (unknown record: group).
 *   soption	NAME	VALUE		options set on the session itself
 *   window	INDEX	NAME	FIXED	FLAGS	LAYOUT
 *	FIXED: 1 if automatic-rename was off (the name stays); FLAGS: any
 *	of '*' (current window), '-' (last window), 'Z' (zoomed), or '.';
 *	LAYOUT: tmux's layout description (#{window_layout})
 *   woption	NAME	VALUE		options set on the window itself
 *   pane	INDEX	ACTIVE	CWD	TITLE
 *   start	ARG...		what the pane was started with (no line: a shell)
 *   fg	COMMAND		a job the pane's shell runs in the foreground
 *   line	W	TEXT	one line of history or screen, oldest first;
 *	W is 'w' when it wrapped onto the next, else '-'; TEXT is the
 *	characters with ECMA-48 SGR sequences for their styles, starting
 *	from the default style (at most save-history-lines lines a pane)
 *   end	SESSIONS	WINDOWS	PANES
 *
 * Records nest by order: soption and window lines belong to the session
 * above them, woption and pane lines to the window above, start, fg and
 * line lines to the pane above. The end line, with the counts, is last:
 * a file without it was cut short and is refused.
 */
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <dirent.h>
#include <errno.h>
#include <event2/event.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/log.h"
#include "common/utf8.h"
#include "common/xmalloc.h"
#include "grid/history.h"
#include "grid/sgr.h"
#include "grid/vt.h"
#include "model/layout.h"
#include "model/options.h"
#include "model/state.h"
#include "model/session.h"
#include "model/snapshot.h"
#include "model/window.h"

/* Write one escaped field, after a tab. */
static void
snapshot_field(FILE *f, const char *s)
{
	char	*e = snap_escape(s != NULL ? s : "");

	fputc('\t', f);
	fputs(e, f);
	free(e);
}

/* A growing string. */
struct snapshot_buf {
	char	*s;
	size_t	 len, cap;
};

static void
snapshot_buf_add(struct snapshot_buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = xreallocarray(b->s, b->cap, 1);
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

/* One line of cells as text with SGR sequences (from the default style,
 * back to it at the end); trailing blanks go unless the line wrapped. */
static void
snapshot_line(FILE *f, const struct cell *cells, unsigned int n, int wrapped)
{
	static const struct cell	 blank = CELL_BLANK;
	struct snapshot_buf		 b = { NULL, 0, 0 };
	struct cell			 pen = CELL_BLANK;
	char				 seq[SGR_MAX], text[UTF8_MAX_BYTES];
	unsigned int			 x, last = n;
	size_t				 len;

	if (!wrapped) {
		while (last > 0 && cells[last - 1].ch == ' ' &&
		    cells[last - 1].width == 1 &&
		    cell_same_style(&cells[last - 1], &blank))
			last--;
	}
	snapshot_buf_add(&b, "", 0);
	for (x = 0; x < last; x++) {
		if (cells[x].width == 0)
			continue;
		if ((len = sgr_change(seq, &pen, &cells[x])) != 0) {
			snapshot_buf_add(&b, seq, len);
			pen = cells[x];
		}
		snapshot_buf_add(&b, text, utf8_char_to_utf8(cells[x].ch,
		    text));
	}
	if ((len = sgr_change(seq, &pen, &blank)) != 0)
		snapshot_buf_add(&b, seq, len);
	fprintf(f, "line\t%c", wrapped ? 'w' : '-');
	snapshot_field(f, b.s);
	fputc('\n', f);
	free(b.s);
}

/* Is a screen line empty (blanks with no style)? */
static int
snapshot_blank_line(const struct grid_line *gl, unsigned int cols)
{
	static const struct cell	blank = CELL_BLANK;
	unsigned int			x;

	for (x = 0; x < cols; x++) {
		if (gl->cells[x].ch != ' ' ||
		    !cell_same_style(&gl->cells[x], &blank))
			return (0);
	}
	return (1);
}

/* The pane's history and primary screen (down to its last line with
 * something on it), the newest save-history-lines of them. */
static void
snapshot_lines(FILE *f, struct pane *p)
{
	struct history		*h;
	const struct grid_line	*gl;
	struct cell		*cells = NULL;
	unsigned int		 hsize, rows, cols, y, used, total, skip, width;
	unsigned int		 cap = 0, n;
	long long		 limit;
	int			 saved, wrapped;

	if (p->vt == NULL)
		return;
	limit = options_get_number(srv->options, "save-history-lines");
	h = vt_history(p->vt);
	hsize = history_size(h);
	rows = vt_rows(p->vt);
	cols = vt_cols(p->vt);
	saved = vt_saved_line(p->vt, 0) != NULL;
	for (used = rows; used > 0; used--) {
		gl = saved ? vt_saved_line(p->vt, used - 1) :
		    vt_line(p->vt, used - 1);
		if (!snapshot_blank_line(gl, cols))
			break;
	}
	total = hsize + used;
	skip = (long long)total > limit ? total - (unsigned int)limit : 0;
	for (y = skip; y < total; y++) {
		if (y < hsize) {
			width = history_get(h, y, NULL, 0, &wrapped);
			if (width > cap) {
				cap = width;
				cells = xreallocarray(cells, cap, sizeof *cells);
			}
			n = history_get(h, y, cells, width, &wrapped);
			snapshot_line(f, cells, n, wrapped);
		} else {
			gl = saved ? vt_saved_line(p->vt, y - hsize) :
			    vt_line(p->vt, y - hsize);
			snapshot_line(f, gl->cells, cols,
			    (gl->flags & GRID_LINE_WRAPPED) != 0);
		}
	}
	free(cells);
}

/* One word of a command line, quoted for sh if it needs it. */
static void
snapshot_quote(struct snapshot_buf *b, const char *s)
{
	const char	*c;

	if (*s != '\0' && strspn(s, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=./,:@%^") == strlen(s)) {
		snapshot_buf_add(b, s, strlen(s));
		return;
	}
	snapshot_buf_add(b, "'", 1);
	for (c = s; *c != '\0'; c++) {
		if (*c == '\'')
			snapshot_buf_add(b, "'\\''", 4);
		else
			snapshot_buf_add(b, c, 1);
	}
	snapshot_buf_add(b, "'", 1);
}

/* The command line of the job in the pane's foreground when it is not
 * the pane's own program (a shell running vim): from /proc, each word
 * quoted for sh. Heap string, or NULL. */
static char *
snapshot_foreground(struct pane *p)
{
	struct snapshot_buf	 b = { NULL, 0, 0 };
	char			 path[64], buf[8192];
	pid_t			 pgrp;
	size_t			 n, i;
	FILE			*f;

	if (p->fd == -1 || (p->flags & PANE_EXITED))
		return (NULL);
	if ((pgrp = tcgetpgrp(p->fd)) <= 0 || pgrp == p->pid)
		return (NULL);
	snprintf(path, sizeof path, "/proc/%ld/cmdline", (long)pgrp);
	if ((f = fopen(path, "r")) == NULL)
		return (NULL);
	n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	if (n == 0)
		return (NULL);
	buf[n] = '\0';
	for (i = 0; i < n; i += strlen(buf + i) + 1) {
		if (b.len != 0)
			snapshot_buf_add(&b, " ", 1);
		snapshot_quote(&b, buf + i);
	}
	return (b.s);
}

/* The directory the pane's foreground process is in. */
static char *
snapshot_cwd(struct pane *p)
{
	char	 link[64], path[PATH_MAX];
	ssize_t	 n;
	pid_t	 pgrp;

	if (p->fd == -1 || (pgrp = tcgetpgrp(p->fd)) <= 0)
		pgrp = p->pid;
	snprintf(link, sizeof link, "/proc/%ld/cwd", (long)pgrp);
	if ((n = readlink(link, path, sizeof path - 1)) <= 0) {
		snprintf(link, sizeof link, "/proc/%ld/cwd", (long)p->pid);
		if ((n = readlink(link, path, sizeof path - 1)) <= 0)
			return (xstrdup(p->cwd));
	}
	path[n] = '\0';
	return (xstrdup(path));
}

/* The options set on oo itself (scope: its kind), as KIND lines. */
static void
snapshot_options(FILE *f, const char *kind, struct options *oo,
    enum option_scope scope)
{
	const struct option_def		*od;
	const struct option_item	*items;
	const char			*name, *value;
	char				*s, *member;
	unsigned int			 i, j, n;

	for (i = 0; (od = options_def_at(i)) != NULL; i++) {
		if (od->scope != scope || (od->flags & OPTION_F_HOOK) ||
		    !options_is_set(oo, od->name))
			continue;
		if (od->flags & OPTION_F_ARRAY) {
			n = options_array_items(oo, od->name, &items);
			for (j = 0; j < n; j++) {
				member = xasprintf("%s[%u]", od->name,
				    items[j].idx);
				fputs(kind, f);
				snapshot_field(f, member);
				snapshot_field(f, items[j].str);
				fputc('\n', f);
				free(member);
			}
			continue;
		}
		s = options_to_string(oo, od->name);
		fputs(kind, f);
		snapshot_field(f, od->name);
		snapshot_field(f, s);
		fputc('\n', f);
		free(s);
	}
	for (i = 0; (name = options_user_at(oo, i, &value)) != NULL; i++) {
		fputs(kind, f);
		snapshot_field(f, name);
		snapshot_field(f, value);
		fputc('\n', f);
	}
}

/* A pane's id, for the layout description. */
static unsigned int
snapshot_pane_id(void *pane)
{
	return (((struct pane *)pane)->id);
}

/* The first session of s's group in the server's list (where the group
 * is written). */
static struct session *
snapshot_group_first(struct session *s)
{
	struct session	*loop;

	TAILQ_FOREACH(loop, &srv->sessions, entry) {
		if (loop->group == s->group)
			return (loop);
	}
	return (s);
}

/* Write session s to f; first is the session whose windows are written
 * (s itself, or the first of its group), counted into *nw and *np. */
static void
snapshot_session(FILE *f, struct session *s, struct session *first,
    unsigned int *nw, unsigned int *np)
{
	struct winlink	*wl;
	struct window	*w;
	struct pane	*p;
	char		*layout, *cwd, *fg, flags[8];
	unsigned int	 n;
	int		 i;

	fputs("session", f);
	snapshot_field(f, s->name);
	snapshot_field(f, s->cwd);
	fputc('\n', f);
	if (s->group != NULL) {
		fputs("group", f);
		snapshot_field(f, s->group->name);
		snapshot_field(f, first != s ? first->name : "");
		fprintf(f, "\t%d\t%d\n", s->curw != NULL ?
		    s->curw->idx : -1, session_last_window(s) != NULL ?
		    session_last_window(s)->idx : -1);
	}
	snapshot_options(f, "soption", s->options, OPTION_SESSION);
	if (first != s)
		return;
	TAILQ_FOREACH(wl, &s->windows, entry) {
		w = wl->window;
		(*nw)++;
		n = 0;
		if (wl == s->curw)
			flags[n++] = '*';
		if (wl == session_last_window(s))
			flags[n++] = '-';
		if (w->flags & WINDOW_ZOOMED)
			flags[n++] = 'Z';
		if (n == 0)
			flags[n++] = '.';
		flags[n] = '\0';
		layout = w->layout != NULL ? layout_dump(w->layout,
		    snapshot_pane_id) : xstrdup("");
		fprintf(f, "window\t%d", wl->idx);
		snapshot_field(f, w->name);
		fprintf(f, "\t%d\t%s", !options_get_number(w->options,
		    "automatic-rename"), flags);
		snapshot_field(f, layout);
		fputc('\n', f);
		free(layout);
		snapshot_options(f, "woption", w->options, OPTION_WINDOW);
		TAILQ_FOREACH(p, &w->panes, entry) {
			(*np)++;
			cwd = snapshot_cwd(p);
			fprintf(f, "pane\t%u\t%d", window_pane_index(w, p),
			    p == w->active);
			snapshot_field(f, cwd);
			snapshot_field(f, p->title);
			fputc('\n', f);
			free(cwd);
			if (p->start_argv != NULL) {
				fputs("start", f);
				for (i = 0; p->start_argv[i] != NULL; i++)
					snapshot_field(f, p->start_argv[i]);
				fputc('\n', f);
			}
			if ((fg = snapshot_foreground(p)) != NULL) {
				fputs("fg", f);
				snapshot_field(f, fg);
				fputc('\n', f);
				free(fg);
			}
			snapshot_lines(f, p);
		}
	}
}

/* Write every session to f; the counts go on the end line. A group's
 * sessions are written together, where its first member comes in the
 * server's (name) order, in the order they joined the group, so that the
 * group comes back with its members in the same order. */
static void
snapshot_dump(FILE *f)
{
	struct session	*s, *m, *recent;
	unsigned int	 nsessions = 0, nwindows = 0, npanes = 0;
	char		 stamp[64];
	time_t		 now = time(NULL);

	strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S UTC", gmtime(&now));
	fprintf(f, "mux-snapshot\t%d\n", SNAPSHOT_VERSION);
	fprintf(f, "# written by mux (server pid %ld) at %s\n",
	    (long)getpid(), stamp);
	if ((recent = session_most_recent()) != NULL) {
		fputs("current", f);
		snapshot_field(f, recent->name);
		fputc('\n', f);
	}
	TAILQ_FOREACH(s, &srv->sessions, entry) {
		if (s->group == NULL) {
			nsessions++;
			snapshot_session(f, s, s, &nwindows, &npanes);
			continue;
		}
		if (snapshot_group_first(s) != s)
			continue;
		TAILQ_FOREACH(m, &s->group->sessions, gentry) {
			nsessions++;
			snapshot_session(f, m, TAILQ_FIRST(&s->group->sessions),
			    &nwindows, &npanes);
		}
	}
	fprintf(f, "end\t%u\t%u\t%u\n", nsessions, nwindows, npanes);
}

/* Remove what writers that died (a crash, a machine that went down)
 * left: path.tmp.PID files whose PID is gone. */
static void
snapshot_remove_stale(const char *dir, const char *path)
{
	const char	*base = strrchr(path, '/');
	DIR		*d;
	struct dirent	*de;
	char		*prefix, *end, *stale;
	size_t		 plen;
	long		 pid;

	base = base != NULL ? base + 1 : path;
	prefix = xasprintf("%s.tmp.", base);
	plen = strlen(prefix);
	if ((d = opendir(dir)) == NULL) {
		free(prefix);
		return;
	}
	while ((de = readdir(d)) != NULL) {
		if (strncmp(de->d_name, prefix, plen) != 0)
			continue;
		pid = strtol(de->d_name + plen, &end, 10);
		if (*end != '\0' || pid <= 0 || pid == (long)getpid() ||
		    kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		stale = xasprintf("%s/%s", dir, de->d_name);
		unlink(stale);
		free(stale);
	}
	closedir(d);
	free(prefix);
}

/* mkdir -p, each new directory 0700. */
static int
snapshot_mkdirs(const char *dir)
{
	char	*copy = xstrdup(dir), *slash;

	for (slash = copy + 1; (slash = strchr(slash, '/')) != NULL; slash++) {
		*slash = '\0';
		if (mkdir(copy, 0700) != 0 && errno != EEXIST) {
			free(copy);
			return (-1);
		}
		*slash = '/';
	}
	free(copy);
	if (mkdir(dir, 0700) != 0 && errno != EEXIST)
		return (-1);
	return (0);
}

char *
snapshot_path(char **cause)
{
	const char	*state = getenv("XDG_STATE_HOME"), *home, *label;
	char		*dir, *path;

	/* As the XDG rules say, a relative XDG_STATE_HOME is ignored. */
	if (state != NULL && *state == '/')
		dir = xasprintf("%s/mux", state);
	else {
		if ((home = getenv("HOME")) == NULL || *home != '/') {
			*cause = xstrdup("no HOME or XDG_STATE_HOME for the "
			    "snapshot");
			return (NULL);
		}
		dir = xasprintf("%s/.local/state/mux", home);
	}
	label = srv != NULL && srv->socket_path != NULL ?
	    strrchr(srv->socket_path, '/') : NULL;
	label = label != NULL ? label + 1 : "default";
	path = xasprintf("%s/%s.snapshot", dir, label);
	free(dir);
	return (path);
}

int
snapshot_write(const char *path, char **cause)
{
	char	*dir, *tmp, *slash;
	FILE	*f;
	int	 fd, dfd, failed;

	if (TAILQ_EMPTY(&srv->sessions)) {
		*cause = xstrdup("no sessions to save");
		return (-1);
	}
	dir = xstrdup(path);
	if ((slash = strrchr(dir, '/')) != NULL)
		*slash = '\0';
	if (slash != NULL && *dir != '\0' && snapshot_mkdirs(dir) != 0) {
		*cause = xasprintf("%s: %s", dir, strerror(errno));
		free(dir);
		return (-1);
	}
	tmp = xasprintf("%s.tmp.%ld", path, (long)getpid());
	fd = open(tmp, O_WRONLY|O_CREAT|O_TRUNC|O_CLOEXEC, 0600);
	if (fd == -1 || (f = fdopen(fd, "w")) == NULL) {
		*cause = xasprintf("%s: %s", tmp, strerror(errno));
		if (fd != -1)
			close(fd);
		free(tmp);
		free(dir);
		return (-1);
	}
	snapshot_dump(f);
	failed = fflush(f) != 0 || ferror(f) || fsync(fd) != 0;
	if (fclose(f) != 0)
		failed = 1;
	if (failed || rename(tmp, path) != 0) {
		*cause = xasprintf("%s: %s", failed ? tmp : path,
		    strerror(errno));
		unlink(tmp);
		free(tmp);
		free(dir);
		return (-1);
	}
	/* The rename itself is durable once the directory is synced. */
	if ((dfd = open(slash != NULL && *dir != '\0' ? dir : "/",
	    O_RDONLY|O_DIRECTORY|O_CLOEXEC)) != -1) {
		fsync(dfd);
		close(dfd);
	}
	snapshot_remove_stale(slash != NULL && *dir != '\0' ? dir : "/", path);
	free(tmp);
	free(dir);
	return (0);
}

/* A background writer still at work would rename an older state over
 * the one about to be written: stop it, and remove its temporary file. */
static void
snapshot_stop_writer(void)
{
	if (srv->snapshot_pid == 0)
		return;
	kill(srv->snapshot_pid, SIGKILL);
	while (waitpid(srv->snapshot_pid, NULL, 0) == -1 && errno == EINTR)
		;
	unlink(srv->snapshot_tmp);
	free(srv->snapshot_tmp);
	srv->snapshot_tmp = NULL;
	srv->snapshot_pid = 0;
}

int
snapshot_save_now(char **cause)
{
	char	*path, *why = NULL;

	if (TAILQ_EMPTY(&srv->sessions))
		return (0);
	snapshot_stop_writer();
	if ((path = snapshot_path(&why)) == NULL ||
	    snapshot_write(path, &why) != 0) {
		log_debug("snapshot: %s", why);
		if (cause != NULL)
			*cause = why;
		else
			free(why);
		free(path);
		return (-1);
	}
	log_debug("snapshot: wrote %s", path);
	free(path);
	return (0);
}

int
snapshot_save_background(const char *file, char **cause)
{
	char	*path;
	pid_t	 pid;

	if (srv->snapshot_pid != 0) {
		*cause = xstrdup("a snapshot is being written already");
		return (-1);
	}
	if (TAILQ_EMPTY(&srv->sessions)) {
		*cause = xstrdup("no sessions to save");
		return (-1);
	}
	if (file != NULL)
		path = xstrdup(file);
	else if ((path = snapshot_path(cause)) == NULL)
		return (-1);
	if ((pid = fork()) == -1) {
		*cause = xasprintf("fork failed: %s", strerror(errno));
		free(path);
		return (-1);
	}
	if (pid == 0) {
		/* The child writes from its copy of the model and leaves
		 * without running anything of the server's. */
		_exit(snapshot_write(path, cause) == 0 ? 0 : 1);
	}
	log_debug("snapshot: writing %s (pid %ld)", path, (long)pid);
	srv->snapshot_pid = pid;
	srv->snapshot_tmp = xasprintf("%s.tmp.%ld", path, (long)pid);
	free(path);
	return (0);
}


/* save-interval's timer: write the snapshot in the background (unless
 * one is still being written), then wait for the next interval. */
static void
snapshot_timer_cb(int fd, short events, void *arg)
{
	char	*cause = NULL;

	(void)fd;
	(void)events;
	(void)arg;
	snapshot_update_timer();
	if (snapshot_save_background(NULL, &cause) != 0) {
		log_debug("snapshot: %s", cause);
		free(cause);
	}
}

void
snapshot_update_timer(void)
{
	struct timeval	tv = { 0, 0 };
	long long	minutes;

	minutes = options_get_number(srv->options, "save-interval");
	if (srv->snapshot_ev == NULL) {
		if (minutes == 0)
			return;
		srv->snapshot_ev = evtimer_new(srv->base, snapshot_timer_cb,
		    NULL);
	}
	evtimer_del(srv->snapshot_ev);
	if (minutes == 0)
		return;
	tv.tv_sec = (time_t)minutes * 60;
	evtimer_add(srv->snapshot_ev, &tv);
}

int
snapshot_reaped(pid_t pid, int status)
{
	if (srv->snapshot_pid == 0 || pid != srv->snapshot_pid)
		return (0);
	srv->snapshot_pid = 0;
	free(srv->snapshot_tmp);
	srv->snapshot_tmp = NULL;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		log_debug("snapshot: the writer failed (status %d)", status);
	return (1);
}

void
snapshot_free(void)
{
	free(srv->snapshot_tmp);
	srv->snapshot_tmp = NULL;
	if (srv->snapshot_ev != NULL) {
		event_free(srv->snapshot_ev);
		srv->snapshot_ev = NULL;
	}
}
