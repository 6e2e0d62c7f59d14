/*
 * Format expansion (see format.h). Variables are computed on demand from
 * the target: nothing is precomputed per call beyond what an item asks for.
 */
#include <sys/types.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "server/target.h"
#include "server/format.h"
#include "common/proto.h"
#include "common/utf8.h"
#include "common/xmalloc.h"
#include "grid/vt.h"
#include "server/client.h"
#include "server/copy.h"
#include "server/job.h"
#include "server/layout.h"
#include "server/paste.h"
#include "server/server.h"
#include "server/session.h"
#include "server/window.h"

#define FORMAT_MAX_DEPTH	16

struct format_ctx {
	const struct target	*fs;
	struct client			*c;
	const struct paste_buffer	*pb;
	int				 depth;
};

static char	*format_expand1(struct format_ctx *, const char *, size_t);

/* The flags shown after a window name in lists: '*' current, '-' last,
 * '!' bell, 'Z' zoomed. */
static char *
format_window_flags(const struct winlink *wl)
{
	char	flags[8];
	size_t	n = 0;

	if (wl->session->curw == wl)
		flags[n++] = '*';
	else if (wl->session->lastw == wl)
		flags[n++] = '-';
	if (wl->window->flags & WINDOW_ACTIVITY)
		flags[n++] = '#';
	if (wl->window->flags & WINDOW_BELL)
		flags[n++] = '!';
	if (wl->window->flags & WINDOW_ZOOMED)
		flags[n++] = 'Z';
	flags[n] = '\0';
	return (xstrdup(flags));
}

/* Longest #{buffer_sample}, in bytes before "...". */
#define FORMAT_SAMPLE_MAX	200

/* The letter of a C escape for a control character ('\0' if none). */
static char
format_c_escape(unsigned char ch)
{
	switch (ch) {
	case '\a': return ('a');
	case '\b': return ('b');
	case '\t': return ('t');
	case '\n': return ('n');
	case '\v': return ('v');
	case '\f': return ('f');
	case '\r': return ('r');
	}
	return ('\0');
}

/* The start of a buffer as tmux's #{buffer_sample} shows it: C escapes
 * for controls and backslashes (\n, \t, \\, \033), valid UTF-8 as it is,
 * other bytes in octal; "..." when there is more. Heap string. */
static char *
format_sample(const char *data, size_t len)
{
	struct pbuf	 pb;
	size_t		 i;
	uint32_t	 cp;
	int		 n;
	char		 esc[8];

	pbuf_init(&pb);
	for (i = 0; i < len && pb.len < FORMAT_SAMPLE_MAX; i += n) {
		unsigned char	ch = data[i];

		n = 1;
		if (ch == '\\')
			pw_bytes(&pb, "\\\\", 2);
		else if (ch >= 0x20 && ch < 0x7f)
			pw_u8(&pb, ch);
		else if (ch >= 0x80 &&
		    (n = utf8_decode(data + i, len - i, &cp)) > 0 &&
		    cp >= 0xa0)
			pw_bytes(&pb, data + i, n);
		else {
			n = 1;
			if ((esc[1] = format_c_escape(ch)) != '\0') {
				esc[0] = '\\';
				pw_bytes(&pb, esc, 2);
			} else {
				snprintf(esc, sizeof esc, "\\%03o", ch);
				pw_bytes(&pb, esc, 4);
			}
		}
	}
	if (i < len)
		pw_bytes(&pb, "...", 3);
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
}

/* The working directory of the pane's foreground process. */
static char *
format_pane_path(const struct pane *p)
{
	char	link[64], path[PATH_MAX];
	ssize_t	n;

	snprintf(link, sizeof link, "/proc/%ld/cwd", (long)p->pid);
	if ((n = readlink(link, path, sizeof path - 1)) <= 0)
		return (xstrdup(p->cwd));
	path[n] = '\0';
	return (xstrdup(path));
}

/* A pane's id number, for #{window_layout}. */
static unsigned int
format_pane_id(void *pane)
{
	return (((struct pane *)pane)->id);
}

/* Value of a named variable, or NULL when unknown or not applicable. */
static char *
format_variable(struct format_ctx *ft, const char *name)
{
	const struct target	*fs = ft->fs;
	struct session			*s = fs != NULL ? fs->s : NULL;
	struct winlink			*wl = fs != NULL ? fs->wl : NULL;
	struct window			*w = fs != NULL ? fs->w : NULL;
	struct pane			*p = fs != NULL ? fs->p : NULL;
	struct client			*c = ft->c;
	struct vt_cursor		 cur;
	char				 host[256], *dot;

	if (ft->pb != NULL && strncmp(name, "buffer_", 7) == 0) {
		size_t		 len;
		const char	*data = paste_data(ft->pb, &len);

		if (strcmp(name, "buffer_name") == 0)
			return (xstrdup(paste_name(ft->pb)));
		if (strcmp(name, "buffer_size") == 0)
			return (xasprintf("%zu", len));
		if (strcmp(name, "buffer_created") == 0)
			return (xasprintf("%lld",
			    (long long)paste_created(ft->pb)));
		if (strcmp(name, "buffer_sample") == 0)
			return (format_sample(data, len));
		if (strcmp(name, "buffer_full") == 0)
			return (xstrndup(data, len));
		return (NULL);
	}
	if (strcmp(name, "pid") == 0)
		return (xasprintf("%ld", (long)srv->pid));
	if (strcmp(name, "version") == 0)
		return (xstrdup(PACKAGE_VERSION));
	if (strcmp(name, "socket_path") == 0)
		return (xstrdup(srv->socket_path));
	if (strcmp(name, "start_time") == 0)
		return (xasprintf("%lld", (long long)srv->start_time));
	if (strcmp(name, "host") == 0 || strcmp(name, "host_short") == 0) {
		if (gethostname(host, sizeof host) != 0)
			return (xstrdup(""));
		host[sizeof host - 1] = '\0';
		if (name[4] == '_' && (dot = strchr(host, '.')) != NULL)
			*dot = '\0';
		return (xstrdup(host));
	}
	if (strncmp(name, "client_", 7) == 0) {
		if (c == NULL)
			return (NULL);
		if (strcmp(name, "client_width") == 0)
			return (xasprintf("%u", c->cols));
		if (strcmp(name, "client_height") == 0)
			return (xasprintf("%u", c->rows));
		if (strcmp(name, "client_termname") == 0)
			return (xstrdup(c->ident.term != NULL ?
			    c->ident.term : ""));
		if (strcmp(name, "client_name") == 0 ||
		    strcmp(name, "client_tty") == 0)
			return (client_name(c));
		if (strcmp(name, "client_flags") == 0)
			return (xstrdup(c->session != NULL ? "attached" : ""));
		if (strcmp(name, "client_activity") == 0)
			return (xasprintf("%llu", (unsigned long long)
			    (c->activity_ns / 1000000000ULL)));
		if (strcmp(name, "client_session") == 0)
			return (xstrdup(c->session != NULL ?
			    c->session->name : ""));
		return (NULL);
	}
	if (s != NULL && strncmp(name, "session_", 8) == 0) {
		if (strcmp(name, "session_name") == 0)
			return (xstrdup(s->name));
		if (strcmp(name, "session_id") == 0)
			return (xasprintf("$%u", s->id));
		if (strcmp(name, "session_windows") == 0)
			return (xasprintf("%u", session_window_count(s)));
		if (strcmp(name, "session_attached") == 0)
			return (xasprintf("%u", s->attached));
		if (strcmp(name, "session_many_attached") == 0)
			return (xasprintf("%d", s->attached > 1));
		if (strcmp(name, "session_created") == 0)
			return (xasprintf("%lld", (long long)s->created));
		if (strcmp(name, "session_activity") == 0)
			return (xasprintf("%lld", (long long)s->activity));
		if (strcmp(name, "session_path") == 0)
			return (xstrdup(s->cwd));
		if (strcmp(name, "session_grouped") == 0)
			return (xstrdup("0"));
		if (strcmp(name, "session_group") == 0)
			return (xstrdup(""));
		return (NULL);
	}
	if (wl != NULL && w != NULL && strncmp(name, "window_", 7) == 0) {
		if (strcmp(name, "window_index") == 0)
			return (xasprintf("%d", wl->idx));
		if (strcmp(name, "window_name") == 0)
			return (xstrdup(w->name));
		if (strcmp(name, "window_id") == 0)
			return (xasprintf("@%u", w->id));
		if (strcmp(name, "window_panes") == 0)
			return (xasprintf("%u", window_count_panes(w)));
		if (strcmp(name, "window_width") == 0)
			return (xasprintf("%u", w->sx));
		if (strcmp(name, "window_height") == 0)
			return (xasprintf("%u", w->sy));
		if (strcmp(name, "window_active") == 0)
			return (xasprintf("%d", wl->session->curw == wl));
		if (strcmp(name, "window_flags") == 0)
			return (format_window_flags(wl));
		if (strcmp(name, "window_layout") == 0)
			return (w->layout != NULL ?
			    layout_dump(w->layout, format_pane_id) :
			    xstrdup(""));
		if (strcmp(name, "window_zoomed_flag") == 0)
			return (xasprintf("%d",
			    (w->flags & WINDOW_ZOOMED) != 0));
		if (strcmp(name, "window_activity_flag") == 0)
			return (xasprintf("%d",
			    (w->flags & WINDOW_ACTIVITY) != 0));
		if (strcmp(name, "window_bell_flag") == 0)
			return (xasprintf("%d", (w->flags & WINDOW_BELL) != 0));
		return (NULL);
	}
	if (p == NULL)
		return (NULL);
	if (strcmp(name, "pane_index") == 0)
		return (xasprintf("%u", window_pane_index(p->window, p)));
	if (strcmp(name, "pane_id") == 0)
		return (xasprintf("%%%u", p->id));
	if (strcmp(name, "pane_pid") == 0)
		return (xasprintf("%ld", (long)p->pid));
	if (strcmp(name, "pane_width") == 0)
		return (xasprintf("%u", p->sx));
	if (strcmp(name, "pane_height") == 0)
		return (xasprintf("%u", p->sy));
	if (strcmp(name, "pane_title") == 0)
		return (xstrdup(p->title));
	if (strcmp(name, "pane_left") == 0)
		return (xasprintf("%u", p->xoff));
	if (strcmp(name, "pane_top") == 0)
		return (xasprintf("%u", p->yoff));
	if (strcmp(name, "pane_right") == 0)
		return (xasprintf("%u", p->xoff + p->sx - 1));
	if (strcmp(name, "pane_bottom") == 0)
		return (xasprintf("%u", p->yoff + p->sy - 1));
	if (strcmp(name, "pane_at_left") == 0)
		return (xasprintf("%d", p->xoff == 0));
	if (strcmp(name, "pane_at_top") == 0)
		return (xasprintf("%d", p->yoff == 0));
	if (strcmp(name, "pane_at_right") == 0)
		return (xasprintf("%d", p->xoff + p->sx >= p->window->sx));
	if (strcmp(name, "pane_at_bottom") == 0)
		return (xasprintf("%d", p->yoff + p->sy >= p->window->sy));
	if (strcmp(name, "pane_last") == 0)
		return (xasprintf("%d", p->window->last == p));
	if (strcmp(name, "pane_active") == 0)
		return (xasprintf("%d", p->window->active == p));
	if (strcmp(name, "pane_dead") == 0)
		return (xasprintf("%d", (p->flags & PANE_EXITED) != 0));
	if (strcmp(name, "pane_current_command") == 0)
		return (pane_current_command(p));
	if (strcmp(name, "pane_current_path") == 0)
		return (format_pane_path(p));
	if (strcmp(name, "pane_start_path") == 0)
		return (xstrdup(p->cwd));
	if (strcmp(name, "cursor_x") == 0 || strcmp(name, "cursor_y") == 0 ||
	    strcmp(name, "cursor_flag") == 0) {
		vt_cursor(p->vt, &cur);
		if (name[7] == 'x')
			return (xasprintf("%u", cur.x));
		if (name[7] == 'y')
			return (xasprintf("%u", cur.y));
		return (xasprintf("%d", cur.visible));
	}
	if (strcmp(name, "history_size") == 0)
		return (xasprintf("%u", history_size(vt_history(p->vt))));
	if (strcmp(name, "history_limit") == 0)
		return (xasprintf("%u", history_limit(vt_history(p->vt))));
	if (strcmp(name, "history_bytes") == 0)
		return (xasprintf("%zu", history_bytes(vt_history(p->vt))));
	if (strcmp(name, "alternate_on") == 0)
		return (xasprintf("%d",
		    (vt_modes(p->vt) & VT_MODE_ALTSCREEN) != 0));
	if (strcmp(name, "mouse_any_flag") == 0)
		return (xasprintf("%d",
		    (vt_modes(p->vt) & VT_MODE_MOUSE_ANY) != 0));
	if (strcmp(name, "pane_in_mode") == 0)
		return (xasprintf("%d", p->mode != NULL));
	if (strcmp(name, "pane_mode") == 0)
		return (xstrdup(p->mode != NULL ? "copy-mode" : ""));
	/* scroll_position, copy_cursor_x, selection_present and the rest
	 * exist while the pane is in copy mode. */
	if (p->mode != NULL)
		return (copy_format(p->mode, name));
	return (NULL);
}

/* Scan s for the first stop character outside nested #{...}, skipping
 * escaped characters (#, #} ##). With depth 1 (just inside a #{) the stop
 * is the '}' that closes it; with depth 0 it is a top-level ','. Returns
 * the index or -1. */
static ssize_t
format_scan(const char *s, size_t len, int depth)
{
	char	stop = depth > 0 ? '}' : ',';
	size_t	i;

	for (i = 0; i < len; i++) {
		if (s[i] == '#' && i + 1 < len && s[i + 1] == '{') {
			depth++;
			i++;
		} else if (s[i] == '#' && i + 1 < len && (s[i + 1] == ',' ||
		    s[i + 1] == '}' || s[i + 1] == '#'))
			i++;
		else if (s[i] == '}' && depth > 0) {
			if (--depth == 0 && stop == '}')
				return (i);
		} else if (s[i] == stop && depth == 0)
			return (i);
	}
	return (-1);
}

/* The end of a #{...} whose inside starts at s: the closing '}'. */
#define format_match_brace(s, len)	format_scan(s, len, 1)
/* The first comma of s outside #{...}. */
#define format_split_comma(s, len)	format_scan(s, len, 0)

/* Expand an operand: a format if it has a '#', else a variable name. */
static char *
format_operand(struct format_ctx *ft, const char *s, size_t len)
{
	char	*name, *v;

	if (memchr(s, '#', len) != NULL)
		return (format_expand1(ft, s, len));
	name = xstrndup(s, len);
	v = format_variable(ft, name);
	free(name);
	return (v != NULL ? v : xstrdup(""));
}

/* Is a value true: not empty and not "0". */
static int
format_true(const char *v)
{
	return (*v != '\0' && strcmp(v, "0") != 0);
}

/* Keep the first (n > 0) or last (n < 0) |n| columns of v. */
static char *
format_trim(const char *v, long n)
{
	const char	*p = v, *start = v;
	size_t		 width = 0, total = utf8_str_width(v), skip;
	uint32_t	 cp;
	int		 len, w;

	if (n < -LONG_MAX)
		n = -LONG_MAX;	/* -LONG_MIN does not fit in a long */
	if (n >= 0) {
		while (*p != '\0') {
			if ((len = utf8_decode(p, strlen(p), &cp)) <= 0)
				len = 1, w = 1;
			else if ((w = utf8_cp_width(cp)) < 0)
				w = 0;
			if (width + w > (size_t)n)
				break;
			width += w;
			p += len;
		}
		return (xstrndup(v, p - v));
	}
	if ((size_t)-n >= total)
		return (xstrdup(v));
	skip = total - (size_t)-n;
	while (*p != '\0' && width < skip) {
		if ((len = utf8_decode(p, strlen(p), &cp)) <= 0)
			len = 1, w = 1;
		else if ((w = utf8_cp_width(cp)) < 0)
			w = 0;
		width += w;
		p += len;
	}
	start = p;
	return (xstrdup(start));
}

/* Expand the inside of one #{...}. */
static char *
format_item(struct format_ctx *ft, const char *s, size_t len)
{
	ssize_t		 comma, comma2;
	char		*a, *b, *cond, *v, *end, *num;
	long		 n;
	int		 t;
	time_t		 when;
	char		 buf[64];

	if (len > 0 && s[0] == '?') {
		s++, len--;
		if ((comma = format_split_comma(s, len)) == -1)
			return (xstrdup(""));
		cond = format_operand(ft, s, comma);
		s += comma + 1;
		len -= comma + 1;
		comma2 = format_split_comma(s, len);
		if (format_true(cond))
			v = format_expand1(ft, s,
			    comma2 == -1 ? len : (size_t)comma2);
		else if (comma2 != -1)
			v = format_expand1(ft, s + comma2 + 1, len - comma2 - 1);
		else
			v = xstrdup("");
		free(cond);
		return (v);
	}
	if (len >= 3 && s[2] == ':' && (memcmp(s, "==", 2) == 0 ||
	    memcmp(s, "!=", 2) == 0 || memcmp(s, "||", 2) == 0 ||
	    memcmp(s, "&&", 2) == 0)) {
		comma = format_split_comma(s + 3, len - 3);
		if (comma == -1)
			return (xstrdup(""));
		/* Comparison operands are formats, not variable names. */
		a = format_expand1(ft, s + 3, comma);
		b = format_expand1(ft, s + 3 + comma + 1, len - 3 - comma - 1);
		switch (s[0]) {
		case '=':
			t = strcmp(a, b) == 0;
			break;
		case '!':
			t = strcmp(a, b) != 0;
			break;
		case '|':
			t = format_true(a) || format_true(b);
			break;
		default:
			t = format_true(a) && format_true(b);
			break;
		}
		free(a);
		free(b);
		return (xstrdup(t ? "1" : "0"));
	}
	if (len > 1 && s[0] == '=') {
		const char	*colon = memchr(s, ':', len);

		if (colon != NULL) {
			num = xstrndup(s + 1, colon - s - 1);
			n = strtol(num, &end, 10);
			if (*num != '\0' && *end == '\0') {
				free(num);
				v = format_operand(ft, colon + 1,
				    len - (colon + 1 - s));
				a = format_trim(v, n);
				free(v);
				return (a);
			}
			free(num);
		}
	}
	if (len > 2 && memcmp(s, "t:", 2) == 0) {
		v = format_operand(ft, s + 2, len - 2);
		when = strtoll(v, NULL, 10);
		free(v);
		strftime(buf, sizeof buf, "%a %b %e %H:%M:%S %Y",
		    localtime(&when));
		return (xstrdup(buf));
	}
	return (format_operand(ft, s, len));
}

/* A #(command) in a format: its cached output, refreshed in the
 * background at most once a second (the status line redraws when the
 * output changes). Never blocks. */
struct format_job {
	char			*cmd;
	char			*output;	/* first line of the last run */
	time_t			 last;
	int			 running;
	TAILQ_ENTRY(format_job)	 entry;
};

#define FORMAT_JOBS_MAX	64

/* A #() command finished. */
static void
format_job_done(const char *output, size_t len, int status, void *arg)
{
	struct format_job	*fj = arg;
	size_t			 n = strcspn(output, "\n");

	fj->running = 0;
	if (fj->cmd == NULL) {
		/* Forgotten while it ran. */
		free(fj->output);
		free(fj);
		return;
	}
	if (strlen(fj->output) != n || strncmp(fj->output, output, n) != 0) {
		free(fj->output);
		fj->output = xstrndup(output, n);
		server_status_changed();
	}
}

/* Drop the least recently started job record when there are too many. */
static void
format_job_trim(void)
{
	struct format_job	*fj;
	unsigned int		 n = 0;

	TAILQ_FOREACH(fj, &srv->format_jobs, entry)
		n++;
	if (n < FORMAT_JOBS_MAX)
		return;
	fj = TAILQ_FIRST(&srv->format_jobs);
	TAILQ_REMOVE(&srv->format_jobs, fj, entry);
	free(fj->cmd);
	fj->cmd = NULL;
	if (!fj->running) {
		free(fj->output);
		free(fj);
	}
}

/* The output of #(cmd), starting or refreshing it as needed. */
static char *
format_job(struct format_ctx *ft, const char *cmd)
{
	struct format_job	*fj;
	time_t			 now = time(NULL);
	char			*cause = NULL;
	const char		*cwd = NULL;

	TAILQ_FOREACH(fj, &srv->format_jobs, entry) {
		if (strcmp(fj->cmd, cmd) == 0)
			break;
	}
	if (fj == NULL) {
		format_job_trim();
		fj = xcalloc(1, sizeof *fj);
		fj->cmd = xstrdup(cmd);
		fj->output = xstrdup("");
		TAILQ_INSERT_TAIL(&srv->format_jobs, fj, entry);
	}
	if (!fj->running && fj->last != now) {
		fj->last = now;
		if (ft->fs != NULL && ft->fs->s != NULL)
			cwd = ft->fs->s->cwd;
		if (job_run(cmd, cwd, NULL, format_job_done, fj,
		    &cause) != NULL)
			fj->running = 1;
		else
			free(cause);
	}
	return (xstrdup(fj->output));
}

void
format_free_jobs(void)
{
	struct format_job	*fj;

	while ((fj = TAILQ_FIRST(&srv->format_jobs)) != NULL) {
		TAILQ_REMOVE(&srv->format_jobs, fj, entry);
		free(fj->cmd);
		free(fj->output);
		free(fj);
	}
}

/* The variable a one-letter alias stands for. */
static const char *
format_alias(char ch)
{
	switch (ch) {
	case 'S': return ("session_name");
	case 'W': return ("window_name");
	case 'I': return ("window_index");
	case 'P': return ("pane_index");
	case 'T': return ("pane_title");
	case 'D': return ("pane_id");
	case 'H': return ("host");
	case 'h': return ("host_short");
	case 'F': return ("window_flags");
	}
	return (NULL);
}

/* Expand len bytes of fmt. */
static char *
format_expand1(struct format_ctx *ft, const char *fmt, size_t len)
{
	struct pbuf	 pb;
	const char	*alias;
	size_t		 i;
	ssize_t		 end;
	char		*v;

	pbuf_init(&pb);
	if (++ft->depth > FORMAT_MAX_DEPTH) {
		ft->depth--;
		return (xstrdup(""));
	}
	for (i = 0; i < len; i++) {
		if (fmt[i] != '#' || i + 1 >= len) {
			pw_u8(&pb, fmt[i]);
			continue;
		}
		if (fmt[i + 1] == '#' || fmt[i + 1] == ',' ||
		    fmt[i + 1] == '}') {
			pw_u8(&pb, fmt[++i]);
			continue;
		}
		if (fmt[i + 1] == '(') {
			const char	*close = memchr(fmt + i + 2, ')',
			    len - i - 2);

			if (close != NULL) {
				char	*cmd = xstrndup(fmt + i + 2,
				    close - (fmt + i + 2));

				v = format_job(ft, cmd);
				free(cmd);
				pw_bytes(&pb, v, strlen(v));
				free(v);
				i = close - fmt;
				continue;
			}
		}
		if (fmt[i + 1] == '{') {
			end = format_match_brace(fmt + i + 2, len - i - 2);
			if (end == -1) {
				pw_u8(&pb, fmt[i]);
				continue;
			}
			v = format_item(ft, fmt + i + 2, end);
			pw_bytes(&pb, v, strlen(v));
			free(v);
			i += 2 + end;
			continue;
		}
		if ((alias = format_alias(fmt[i + 1])) != NULL) {
			v = format_variable(ft, alias);
			if (v != NULL) {
				pw_bytes(&pb, v, strlen(v));
				free(v);
			}
			i++;
			continue;
		}
		pw_u8(&pb, fmt[i]);
	}
	ft->depth--;
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
}

char *
format_expand(const char *fmt, const struct target *fs,
    struct client *c)
{
	struct format_ctx	ft = { fs, c, NULL, 0 };

	return (format_expand1(&ft, fmt, strlen(fmt)));
}

char *
format_expand_buffer(const char *fmt, const struct paste_buffer *pb)
{
	struct format_ctx	ft = { NULL, NULL, pb, 0 };

	return (format_expand1(&ft, fmt, strlen(fmt)));
}
