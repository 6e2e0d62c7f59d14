/*
 * snapshot-read: a snapshot file back into struct snap (snapshot.h). Two
 * formats, told apart by the first line:
 *
 * - mux's own ("mux-snapshot VERSION", described in snapshot.c): every
 *   record is checked (its fields, numbers, nesting) and a file without
 *   its end line, or whose counts differ from what it holds, was cut
 *   short and is refused whole.
 *
 * - tmux-resurrect's save files (~/.tmux/resurrect/last or
 *   ~/.local/share/tmux/resurrect/last): tab-separated lines, "pane",
 *   "window", "state" and "grouped_session". Two generations exist:
 *     pane SESSION WINDOW :WNAME WACTIVE :WFLAGS PANE :DIR ACTIVE CMD :FULL
 *     window SESSION INDEX WACTIVE :WFLAGS LAYOUT
 *   and the later one, which moved the window name to the window line
 *   (with automatic-rename after the layout) and added the pane title:
 *     pane SESSION WINDOW WACTIVE :WFLAGS PANE TITLE :DIR ACTIVE CMD :FULL
 *     window SESSION INDEX :WNAME WACTIVE :WFLAGS LAYOUT AUTORENAME
 *   (a pane's fourth field starting with ':' is the older kind). The
 *   ':' guards empty fields; directories have their spaces escaped "\ ".
 *   FULL is the command running in the pane's shell, empty for none.
 *   "grouped_session NAME ORIGINAL :ALTERNATE :ACTIVE" is a session made
 *   with new-session -t ORIGINAL (its windows are only saved with
 *   ORIGINAL's); it comes back in ORIGINAL's group.
 *   Pane contents (tmux-resurrect's @resurrect-capture-pane-contents) are
 *   in pane_contents.tar.gz beside the file, one member a pane,
 *   "./pane_contents/pane-SESSION:WINDOW.PANE", each what capture-pane
 *   -epJ printed (wrapped lines joined). The archive is unpacked with
 *   tar(1) into a private temporary directory, read and removed; the
 *   server waits for tar, as it does for the file itself (a restore is
 *   asked for once, by the user). A missing archive or member is no
 *   error: those panes have no history.
 */
#include <sys/wait.h>

#include <dirent.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/xmalloc.h"
#include "model/snapshot.h"

/* A larger file is not a snapshot (2000 lines of 1000 panes fit). */
#define SNAP_READ_MAX	(1024L * 1024 * 1024)
/* The most fields a record has (start lines: arguments). */
#define SNAP_FIELDS_MAX	1024

/* Where the reader is, for errors. */
struct snap_reader {
	const char	*name;
	unsigned int	 line;
	char		*cause;
};

char *
snap_escape(const char *s)
{
	size_t		 len = strlen(s), n = 0;
	char		*out = xmalloc(len * 4 + 1);
	unsigned char	 c;

	for (; *s != '\0'; s++) {
		c = (unsigned char)*s;
		if (c == '\\') {
			out[n++] = '\\';
			out[n++] = '\\';
		} else if (c == '\t') {
			out[n++] = '\\';
			out[n++] = 't';
		} else if (c == '\n') {
			out[n++] = '\\';
			out[n++] = 'n';
		} else if (c == '\r') {
			out[n++] = '\\';
			out[n++] = 'r';
		} else if (c < 0x20 || c == 0x7f) {
			snprintf(out + n, 5, "\\%03o", c);
			n += 4;
		} else
			out[n++] = (char)c;
	}
	out[n] = '\0';
	return (out);
}

int
snap_unescape(char *s)
{
	char	*out = s;
	int	 c;

	while (*s != '\0') {
		if (*s != '\\') {
			*out++ = *s++;
			continue;
		}
		s++;
		switch (*s) {
		case '\\':
			*out++ = '\\';
			break;
		case 't':
			*out++ = '\t';
			break;
		case 'n':
			*out++ = '\n';
			break;
		case 'r':
			*out++ = '\r';
			break;
		default:
			if (s[0] < '0' || s[0] > '3' || s[1] < '0' ||
			    s[1] > '7' || s[2] < '0' || s[2] > '7')
				return (-1);
			c = (s[0] - '0') * 64 + (s[1] - '0') * 8 + (s[2] - '0');
			if (c == 0)
				return (-1);
			*out++ = (char)c;
			s += 2;
			break;
		}
		s++;
	}
	*out = '\0';
	return (0);
}

/* Split line at tabs into at most max fields; returns the count. */
static int
snap_split(char *line, char **fields, int max)
{
	int	n = 0;

	fields[n++] = line;
	for (; *line != '\0'; line++) {
		if (*line != '\t')
			continue;
		*line = '\0';
		if (n == max)
			return (-1);
		fields[n++] = line + 1;
	}
	return (n);
}

/* Record an error at the current line (the first one wins). */
static void __attribute__((format(printf, 2, 3)))
snap_error(struct snap_reader *r, const char *fmt, ...)
{
	va_list	 ap;
	char	*what;

	if (r->cause != NULL)
		return;
	va_start(ap, fmt);
	if (vasprintf(&what, fmt, ap) == -1)
		what = NULL;
	va_end(ap);
	if (r->line != 0)
		r->cause = xasprintf("%s:%u: %s", r->name, r->line,
		    what != NULL ? what : "bad line");
	else
		r->cause = xasprintf("%s: %s", r->name,
		    what != NULL ? what : "bad file");
	free(what);
}

/* A number from min to max, or -1 with the error recorded. */
static int
snap_number(struct snap_reader *r, const char *s, long min, long max,
    long *out)
{
	char	*end;
	long	 n;

	errno = 0;
	n = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno != 0 || n < min || n > max) {
		snap_error(r, "bad number: %s", s);
		return (-1);
	}
	*out = n;
	return (0);
}

static struct snap_session *
snap_add_session(struct snap *sn, const char *name)
{
	struct snap_session	*ss;

	sn->sessions = xreallocarray(sn->sessions, sn->nsessions + 1,
	    sizeof *sn->sessions);
	ss = &sn->sessions[sn->nsessions++];
	memset(ss, 0, sizeof *ss);
	ss->name = xstrdup(name);
	return (ss);
}

static struct snap_session *snap_find_session(struct snap *, const char *);

/* A mux "group" record (snapshot.c) for session ss, before its windows. */
static int
snap_read_group(struct snap_reader *r, struct snap *sn,
    struct snap_session *ss, struct snap_window *sw, char **fields)
{
	struct snap_session	*with = NULL;
	long			 cur, last;

	if (ss == NULL || sw != NULL || ss->group != NULL) {
		snap_error(r, "group outside a session");
		return (-1);
	}
	if (snap_number(r, fields[3], -1, INT_MAX, &cur) != 0 ||
	    snap_number(r, fields[4], -1, INT_MAX, &last) != 0)
		return (-1);
	if (*fields[2] != '\0') {
		with = snap_find_session(sn, fields[2]);
		if (with == NULL || with == ss || with->group == NULL ||
		    with->group_with != NULL ||
		    strcmp(with->group, fields[1]) != 0) {
			snap_error(r, "group %s: no session %s before it",
			    fields[1], fields[2]);
			return (-1);
		}
		ss->group_with = xstrdup(fields[2]);
	}
	ss->group = xstrdup(fields[1]);
	ss->group_current = (int)cur;
	ss->group_last = (int)last;
	return (0);
}

/* Every session has windows, but one that shows a group's (which has
 * none of its own, and whose group has a session that has them). */
static int
snap_check_sessions(struct snap_reader *r, struct snap *sn)
{
	struct snap_session	*ss, *with;
	unsigned int		 i;

	r->line = 0;
	for (i = 0; i < sn->nsessions; i++) {
		ss = &sn->sessions[i];
		if (ss->group_with == NULL) {
			if (ss->nwindows == 0) {
				snap_error(r, "session %s has no windows",
				    ss->name);
				return (-1);
			}
			continue;
		}
		with = snap_find_session(sn, ss->group_with);
		if (ss->nwindows != 0) {
			snap_error(r, "grouped session %s has windows",
			    ss->name);
			return (-1);
		}
		if (with == NULL || with == ss || with->group_with != NULL ||
		    with->nwindows == 0) {
			snap_error(r, "grouped session %s: no session %s with "
			    "windows", ss->name, ss->group_with);
			return (-1);
		}
	}
	return (0);
}

/* Add a window at idx, keeping the list in index order. */
static struct snap_window *
snap_add_window(struct snap_session *ss, int idx)
{
	struct snap_window	*sw;
	unsigned int		 i;

	ss->windows = xreallocarray(ss->windows, ss->nwindows + 1,
	    sizeof *ss->windows);
	for (i = ss->nwindows; i > 0 && ss->windows[i - 1].idx > idx; i--)
		;
	memmove(&ss->windows[i + 1], &ss->windows[i],
	    (ss->nwindows - i) * sizeof *ss->windows);
	ss->nwindows++;
	sw = &ss->windows[i];
	memset(sw, 0, sizeof *sw);
	sw->idx = idx;
	return (sw);
}

/* Add a pane at idx, keeping the list in index order. */
static struct snap_pane *
snap_add_pane(struct snap_window *sw, unsigned int idx)
{
	struct snap_pane	*sp;
	unsigned int		 i;

	sw->panes = xreallocarray(sw->panes, sw->npanes + 1,
	    sizeof *sw->panes);
	for (i = sw->npanes; i > 0 && sw->panes[i - 1].idx > idx; i--)
		;
	memmove(&sw->panes[i + 1], &sw->panes[i],
	    (sw->npanes - i) * sizeof *sw->panes);
	sw->npanes++;
	sp = &sw->panes[i];
	memset(sp, 0, sizeof *sp);
	sp->idx = idx;
	return (sp);
}

static void
snap_add_option(struct snap_option **opts, unsigned int *n, const char *name,
    const char *value)
{
	*opts = xreallocarray(*opts, *n + 1, sizeof **opts);
	(*opts)[*n].name = xstrdup(name);
	(*opts)[*n].value = xstrdup(value);
	(*n)++;
}

/* Is a window of this session at idx already? */
static struct snap_window *
snap_find_window(struct snap_session *ss, int idx)
{
	unsigned int	i;

	for (i = 0; i < ss->nwindows; i++) {
		if (ss->windows[i].idx == idx)
			return (&ss->windows[i]);
	}
	return (NULL);
}

static struct snap_session *
snap_find_session(struct snap *sn, const char *name)
{
	unsigned int	i;

	for (i = 0; i < sn->nsessions; i++) {
		if (strcmp(sn->sessions[i].name, name) == 0)
			return (&sn->sessions[i]);
	}
	return (NULL);
}

/* mux's format, from the line after the header. Returns 0 or -1. */
static int
snap_parse_mux(struct snap_reader *r, struct snap *sn, char *text, char *end)
{
	struct snap_session	*ss = NULL;
	struct snap_window	*sw = NULL;
	struct snap_pane	*sp = NULL;
	char			*line, *nl, *fields[SNAP_FIELDS_MAX];
	long			 n, counts[3];
	unsigned int		 nw = 0, np = 0, i;
	int			 nf, f, done = 0;

	for (line = text; line < end; line = nl + 1) {
		r->line++;
		if ((nl = memchr(line, '\n', end - line)) == NULL) {
			snap_error(r, "cut short (no end of line)");
			return (-1);
		}
		*nl = '\0';
		if (done) {
			snap_error(r, "data after the end line");
			return (-1);
		}
		if (*line == '#' || *line == '\0')
			continue;
		if (strlen(line) != (size_t)(nl - line)) {
			snap_error(r, "a NUL byte in the line");
			return (-1);
		}
		if ((nf = snap_split(line, fields, SNAP_FIELDS_MAX)) == -1) {
			snap_error(r, "too many fields");
			return (-1);
		}
		for (f = 1; f < nf; f++) {
			if (snap_unescape(fields[f]) != 0) {
				snap_error(r, "bad escape in field %d", f + 1);
				return (-1);
			}
		}
#define NEED(k) do {							\
	if (nf != (k)) {						\
		snap_error(r, "%s: %d fields, not %d", fields[0],	\
		    nf, (k));						\
		return (-1);						\
	}								\
} while (0)
		if (strcmp(fields[0], "current") == 0) {
			NEED(2);
			free(sn->current);
			sn->current = xstrdup(fields[1]);
		} else if (strcmp(fields[0], "session") == 0) {
			NEED(3);
			if (*fields[1] == '\0' ||
			    snap_find_session(sn, fields[1]) != NULL) {
				snap_error(r, "bad or repeated session name");
				return (-1);
			}
			ss = snap_add_session(sn, fields[1]);
			ss->cwd = xstrdup(fields[2]);
			sw = NULL;
			sp = NULL;
		} else if (strcmp(fields[0], "group") == 0) {
			NEED(5);
			if (snap_read_group(r, sn, ss, sw, fields) != 0)
				return (-1);
		} else if (strcmp(fields[0], "soption") == 0) {
			NEED(3);
			if (ss == NULL || sw != NULL) {
				snap_error(r, "soption outside a session");
				return (-1);
			}
			snap_add_option(&ss->options, &ss->noptions, fields[1],
			    fields[2]);
		} else if (strcmp(fields[0], "window") == 0) {
			NEED(6);
			if (ss == NULL) {
				snap_error(r, "window outside a session");
				return (-1);
			}
			if (snap_number(r, fields[1], 0, INT_MAX, &n) != 0)
				return (-1);
			if (snap_find_window(ss, (int)n) != NULL) {
				snap_error(r, "window %ld repeated", n);
				return (-1);
			}
			if (strcmp(fields[3], "0") != 0 &&
			    strcmp(fields[3], "1") != 0) {
				snap_error(r, "bad name flag: %s", fields[3]);
				return (-1);
			}
			if (strspn(fields[4], "*-Z.") != strlen(fields[4]) ||
			    *fields[4] == '\0') {
				snap_error(r, "bad window flags: %s", fields[4]);
				return (-1);
			}
			/* Windows come in index order, so sw stays the
			 * newest. */
			if (ss->nwindows > 0 &&
			    ss->windows[ss->nwindows - 1].idx > n) {
				snap_error(r, "windows out of order");
				return (-1);
			}
			sw = snap_add_window(ss, (int)n);
			sw->name = xstrdup(fields[2]);
			sw->fixed_name = *fields[3] == '1';
			sw->active = strchr(fields[4], '*') != NULL;
			sw->last = strchr(fields[4], '-') != NULL;
			sw->zoomed = strchr(fields[4], 'Z') != NULL;
			sw->layout = xstrdup(fields[5]);
			sp = NULL;
			nw++;
		} else if (strcmp(fields[0], "woption") == 0) {
			NEED(3);
			if (sw == NULL || sp != NULL) {
				snap_error(r, "woption outside a window");
				return (-1);
			}
			snap_add_option(&sw->options, &sw->noptions, fields[1],
			    fields[2]);
		} else if (strcmp(fields[0], "pane") == 0) {
			NEED(5);
			if (sw == NULL) {
				snap_error(r, "pane outside a window");
				return (-1);
			}
			if (snap_number(r, fields[1], 0, INT_MAX, &n) != 0)
				return (-1);
			if (sw->npanes > 0 &&
			    sw->panes[sw->npanes - 1].idx >= n) {
				snap_error(r, "panes out of order");
				return (-1);
			}
			if (strcmp(fields[2], "0") != 0 &&
			    strcmp(fields[2], "1") != 0) {
				snap_error(r, "bad active flag: %s", fields[2]);
				return (-1);
			}
			sp = snap_add_pane(sw, (unsigned int)n);
			sp->active = *fields[2] == '1';
			sp->cwd = xstrdup(fields[3]);
			sp->title = xstrdup(fields[4]);
			np++;
		} else if (strcmp(fields[0], "start") == 0) {
			if (sp == NULL || sp->start != NULL || nf < 2) {
				snap_error(r, "start outside a pane");
				return (-1);
			}
			sp->start = xcalloc(nf, sizeof *sp->start);
			for (f = 1; f < nf; f++)
				sp->start[f - 1] = xstrdup(fields[f]);
		} else if (strcmp(fields[0], "fg") == 0) {
			NEED(2);
			if (sp == NULL || sp->fg != NULL) {
				snap_error(r, "fg outside a pane");
				return (-1);
			}
			sp->fg = xstrdup(fields[1]);
		} else if (strcmp(fields[0], "line") == 0) {
			NEED(3);
			if (sp == NULL) {
				snap_error(r, "line outside a pane");
				return (-1);
			}
			if (strcmp(fields[1], "w") != 0 &&
			    strcmp(fields[1], "-") != 0) {
				snap_error(r, "bad wrap flag: %s", fields[1]);
				return (-1);
			}
			sp->lines = xreallocarray(sp->lines, sp->nlines + 1,
			    sizeof *sp->lines);
			sp->wrapped = xreallocarray(sp->wrapped, sp->nlines + 1,
			    sizeof *sp->wrapped);
			sp->lines[sp->nlines] = xstrdup(fields[2]);
			sp->wrapped[sp->nlines++] = *fields[1] == 'w';
		} else if (strcmp(fields[0], "end") == 0) {
			NEED(4);
			for (i = 0; i < 3; i++) {
				if (snap_number(r, fields[i + 1], 0, INT_MAX,
				    &counts[i]) != 0)
					return (-1);
			}
			if ((unsigned long)counts[0] != sn->nsessions ||
			    (unsigned long)counts[1] != nw ||
			    (unsigned long)counts[2] != np) {
				snap_error(r, "the end line counts %ld sessions,"
				    " %ld windows, %ld panes; the file holds "
				    "%u, %u, %u", counts[0], counts[1],
				    counts[2], sn->nsessions, nw, np);
				return (-1);
			}
			done = 1;
		} else {
			snap_error(r, "unknown record: %s", fields[0]);
			return (-1);
		}
#undef NEED
	}
	if (!done) {
		r->line = 0;
		snap_error(r, "cut short (no end line): not restored");
		return (-1);
	}
	return (snap_check_sessions(r, sn));
}

/* A tmux-resurrect field with its ':' guard taken off. */
static const char *
snap_unguard(const char *s)
{
	return (*s == ':' ? s + 1 : s);
}

/* A directory with tmux-resurrect's "\ " back to spaces. */
static char *
snap_tmux_dir(const char *s)
{
	char	*out = xstrdup(snap_unguard(s)), *o = out;
	char	*c;

	for (c = out; *c != '\0'; c++) {
		if (c[0] == '\\' && c[1] == ' ')
			c++;
		*o++ = *c;
	}
	*o = '\0';
	return (out);
}

/* The session and window a tmux-resurrect line names, made if new. */
static struct snap_window *
snap_tmux_window(struct snap_reader *r, struct snap *sn, const char *name,
    const char *index)
{
	struct snap_session	*ss;
	struct snap_window	*sw;
	long			 n;

	if (*name == '\0') {
		snap_error(r, "empty session name");
		return (NULL);
	}
	if (snap_number(r, index, 0, INT_MAX, &n) != 0)
		return (NULL);
	if ((ss = snap_find_session(sn, name)) == NULL) {
		ss = snap_add_session(sn, name);
		ss->cwd = NULL;
	}
	if ((sw = snap_find_window(ss, (int)n)) == NULL) {
		sw = snap_add_window(ss, (int)n);
		sw->name = xstrdup("");
		sw->layout = xstrdup("");
	}
	return (sw);
}

/* tmux-resurrect's "grouped_session NAME ORIGINAL :ALTERNATE :ACTIVE":
 * NAME was made with new-session -t ORIGINAL (its windows are saved only
 * with ORIGINAL's), its last and current windows at those indexes. */
static int
snap_tmux_grouped(struct snap_reader *r, struct snap *sn, char **fields)
{
	struct snap_session	*ss, *orig;
	const char		*alt = snap_unguard(fields[3]);
	const char		*act = snap_unguard(fields[4]);
	long			 last = -1, cur = -1;

	if (*fields[1] == '\0' || *fields[2] == '\0' ||
	    strcmp(fields[1], fields[2]) == 0) {
		snap_error(r, "bad grouped session");
		return (-1);
	}
	if ((*alt != '\0' && snap_number(r, alt, 0, INT_MAX, &last) != 0) ||
	    (*act != '\0' && snap_number(r, act, 0, INT_MAX, &cur) != 0))
		return (-1);
	if ((ss = snap_find_session(sn, fields[1])) == NULL)
		ss = snap_add_session(sn, fields[1]);
	if (ss->group != NULL) {
		snap_error(r, "grouped session %s repeated", fields[1]);
		return (-1);
	}
	ss->group = xstrdup(fields[2]);
	ss->group_with = xstrdup(fields[2]);
	ss->group_current = (int)cur;
	ss->group_last = (int)last;
	/* snap_add_session may have moved ss: look the original up after. */
	if ((orig = snap_find_session(sn, fields[2])) == NULL)
		orig = snap_add_session(sn, fields[2]);
	if (orig->group_with != NULL) {
		snap_error(r, "grouped session %s: %s is grouped itself",
		    fields[1], fields[2]);
		return (-1);
	}
	if (orig->group == NULL)
		orig->group = xstrdup(fields[2]);
	return (0);
}

/* tmux-resurrect's format. Returns 0 or -1. */
static int
snap_parse_tmux(struct snap_reader *r, struct snap *sn, char *text, char *end)
{
	struct snap_window	*sw;
	struct snap_pane	*sp;
	char			*line, *nl, *fields[16];
	const char		*flags;
	long			 n;
	unsigned int		 i, j;
	int			 nf, old;

	sn->tmux = 1;
	for (line = text; line < end; line = nl + 1) {
		r->line++;
		if ((nl = memchr(line, '\n', end - line)) == NULL)
			nl = end;
		*nl = '\0';
		if (*line == '\0')
			continue;
		if ((nf = snap_split(line, fields, 16)) == -1) {
			snap_error(r, "too many fields");
			return (-1);
		}
		if (strcmp(fields[0], "pane") == 0) {
			if (nf != 11) {
				snap_error(r, "pane: %d fields, not 11", nf);
				return (-1);
			}
			old = *fields[3] == ':';
			if ((sw = snap_tmux_window(r, sn, fields[1],
			    fields[2])) == NULL)
				return (-1);
			if (snap_number(r, fields[old ? 6 : 5], 0, INT_MAX,
			    &n) != 0)
				return (-1);
			for (i = 0; i < sw->npanes; i++) {
				if (sw->panes[i].idx == n) {
					snap_error(r, "pane %ld repeated", n);
					return (-1);
				}
			}
			if (old) {
				free(sw->name);
				sw->name = xstrdup(snap_unguard(fields[3]));
			}
			flags = snap_unguard(fields[old ? 5 : 4]);
			sw->zoomed = strchr(flags, 'Z') != NULL;
			sp = snap_add_pane(sw, (unsigned int)n);
			sp->cwd = snap_tmux_dir(fields[7]);
			sp->title = old ? NULL : xstrdup(fields[6]);
			sp->active = strcmp(fields[8], "1") == 0;
			if (*snap_unguard(fields[10]) != '\0')
				sp->fg = xstrdup(snap_unguard(fields[10]));
		} else if (strcmp(fields[0], "window") == 0) {
			if (nf != 6 && nf != 7 && nf != 8) {
				snap_error(r, "window: %d fields, not 6 to 8",
				    nf);
				return (-1);
			}
			old = !(nf >= 7 && *fields[3] == ':');
			if ((sw = snap_tmux_window(r, sn, fields[1],
			    fields[2])) == NULL)
				return (-1);
			if (!old) {
				free(sw->name);
				sw->name = xstrdup(snap_unguard(fields[3]));
				if (nf == 8)
					sw->fixed_name =
					    strcmp(fields[7], "off") == 0;
			}
			flags = snap_unguard(fields[old ? 4 : 5]);
			sw->active = strchr(flags, '*') != NULL;
			sw->last = strchr(flags, '-') != NULL;
			sw->zoomed = strchr(flags, 'Z') != NULL;
			free(sw->layout);
			sw->layout = xstrdup(fields[old ? 5 : 6]);
		} else if (strcmp(fields[0], "state") == 0) {
			if (nf >= 2 && *fields[1] != '\0') {
				free(sn->current);
				sn->current = xstrdup(fields[1]);
			}
		} else if (strcmp(fields[0], "grouped_session") == 0) {
			if (nf != 5) {
				snap_error(r, "grouped_session: %d fields, "
				    "not 5", nf);
				return (-1);
			}
			if (snap_tmux_grouped(r, sn, fields) != 0)
				return (-1);
		} else {
			snap_error(r, "unknown record: %s", fields[0]);
			return (-1);
		}
	}
	r->line = 0;
	if (sn->nsessions == 0) {
		snap_error(r, "no sessions in the file");
		return (-1);
	}
	if (snap_check_sessions(r, sn) != 0)
		return (-1);
	for (i = 0; i < sn->nsessions; i++) {
		if (sn->sessions[i].group_with != NULL)
			continue;
		for (j = 0; j < sn->sessions[i].nwindows; j++) {
			sw = &sn->sessions[i].windows[j];
			if (sw->npanes == 0) {
				snap_error(r, "window %s:%d has no panes",
				    sn->sessions[i].name, sw->idx);
				return (-1);
			}
		}
		/* tmux-resurrect keeps no session directory: the first
		 * pane's. */
		sn->sessions[i].cwd = xstrdup(sn->sessions[i].windows[0].
		    panes[0].cwd);
	}
	for (i = 0; i < sn->nsessions; i++) {
		if (sn->sessions[i].group_with != NULL)
			sn->sessions[i].cwd = xstrdup(snap_find_session(sn,
			    sn->sessions[i].group_with)->cwd);
	}
	return (0);
}

struct snap *
snap_parse(const char *name, const char *text, size_t len, char **cause)
{
	struct snap_reader	 r = { name, 0, NULL };
	struct snap		*sn = xcalloc(1, sizeof *sn);
	char			*copy, *end, *nl;
	long			 version;
	int			 rc;

	copy = xmalloc(len + 1);
	memcpy(copy, text, len);
	copy[len] = '\0';
	end = copy + len;
	if (len > 13 && strncmp(copy, "mux-snapshot\t", 13) == 0) {
		r.line = 1;
		if ((nl = memchr(copy, '\n', len)) == NULL) {
			snap_error(&r, "cut short (no end of line)");
			rc = -1;
		} else {
			*nl = '\0';
			if (snap_number(&r, copy + 13, 1, INT_MAX,
			    &version) != 0)
				rc = -1;
			else if (version > SNAPSHOT_VERSION) {
				snap_error(&r, "version %ld is newer than this "
				    "mux reads (%d)", version, SNAPSHOT_VERSION);
				rc = -1;
			} else
				rc = snap_parse_mux(&r, sn, nl + 1, end);
		}
	} else if (strncmp(copy, "pane\t", 5) == 0 ||
	    strncmp(copy, "window\t", 7) == 0 ||
	    strncmp(copy, "state\t", 6) == 0 ||
	    strncmp(copy, "grouped_session\t", 16) == 0)
		rc = snap_parse_tmux(&r, sn, copy, end);
	else {
		snap_error(&r, "not a mux snapshot or tmux-resurrect file");
		rc = -1;
	}
	free(copy);
	if (rc != 0) {
		*cause = r.cause;
		snap_free(sn);
		return (NULL);
	}
	return (sn);
}

/* The lines of a pane contents file (at most SNAP_CONTENTS_MAX bytes
 * of it), without the empty lines at its end. */
#define SNAP_CONTENTS_MAX	(64L * 1024 * 1024)
static void
snap_tmux_lines(struct snap_pane *sp, const char *file)
{
	FILE	*f;
	char	*line = NULL;
	size_t	 cap = 0;
	ssize_t	 n;
	long	 total = 0;

	if ((f = fopen(file, "r")) == NULL)
		return;
	while ((n = getline(&line, &cap, f)) != -1) {
		if ((total += n) > SNAP_CONTENTS_MAX)
			break;
		if (n > 0 && line[n - 1] == '\n')
			line[--n] = '\0';
		sp->lines = xreallocarray(sp->lines, sp->nlines + 1,
		    sizeof *sp->lines);
		sp->wrapped = xreallocarray(sp->wrapped, sp->nlines + 1,
		    sizeof *sp->wrapped);
		sp->lines[sp->nlines] = xstrdup(line);
		sp->wrapped[sp->nlines++] = 0;
	}
	free(line);
	fclose(f);
	while (sp->nlines > 0 && *sp->lines[sp->nlines - 1] == '\0')
		free(sp->lines[--sp->nlines]);
}

/* Remove a directory and what tar put in it (files and directories). */
static void
snap_remove_tree(const char *dir)
{
	DIR		*d;
	struct dirent	*de;
	struct stat	 st;
	char		*path;

	if ((d = opendir(dir)) != NULL) {
		while ((de = readdir(d)) != NULL) {
			if (strcmp(de->d_name, ".") == 0 ||
			    strcmp(de->d_name, "..") == 0)
				continue;
			path = xasprintf("%s/%s", dir, de->d_name);
			if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
				snap_remove_tree(path);
			else
				unlink(path);
			free(path);
		}
		closedir(d);
	}
	rmdir(dir);
}

/* tmux-resurrect's pane contents archive beside path, if there is one:
 * each pane's saved lines. */
static void
snap_tmux_contents(struct snap *sn, const char *path)
{
	struct snap_session	*ss;
	struct snap_window	*sw;
	struct stat		 st;
	const char		*tmpdir = getenv("TMPDIR");
	char			*dir, *slash, *archive, *file, *tmp;
	unsigned int		 i, j, k;
	int			 status, fd;
	pid_t			 pid;

	dir = xstrdup(path);
	if ((slash = strrchr(dir, '/')) != NULL)
		*slash = '\0';
	archive = xasprintf("%s/pane_contents.tar.gz", slash != NULL ? dir :
	    ".");
	free(dir);
	if (tmpdir == NULL || *tmpdir != '/')
		tmpdir = "/tmp";
	tmp = xasprintf("%s/mux-resurrect.XXXXXX", tmpdir);
	if (stat(archive, &st) != 0 || !S_ISREG(st.st_mode) ||
	    mkdtemp(tmp) == NULL) {
		free(archive);
		free(tmp);
		return;
	}
	if ((pid = fork()) == 0) {
		if ((fd = open("/dev/null", O_RDWR)) != -1) {
			dup2(fd, 0);
			dup2(fd, 1);
			dup2(fd, 2);
		}
		execlp("tar", "tar", "-xzf", archive, "-C", tmp,
		    "--no-same-owner", "--no-same-permissions",
		    "./pane_contents", (char *)NULL);
		_exit(127);
	}
	free(archive);
	if (pid == -1) {
		rmdir(tmp);
		free(tmp);
		return;
	}
	while (waitpid(pid, &status, 0) == -1 && errno == EINTR)
		;
	for (i = 0; i < sn->nsessions; i++) {
		ss = &sn->sessions[i];
		for (j = 0; j < ss->nwindows; j++) {
			sw = &ss->windows[j];
			for (k = 0; k < sw->npanes; k++) {
				file = xasprintf("%s/pane_contents/pane-%s:%d.%u",
				    tmp, ss->name, sw->idx, sw->panes[k].idx);
				if (strchr(ss->name, '/') == NULL)
					snap_tmux_lines(&sw->panes[k], file);
				free(file);
			}
		}
	}
	snap_remove_tree(tmp);
	free(tmp);
}

struct snap *
snap_read(const char *path, char **cause)
{
	struct snap	*sn;
	struct stat	 st;
	char		*buf;
	ssize_t		 n;
	size_t		 got = 0;
	int		 fd;

	if ((fd = open(path, O_RDONLY|O_CLOEXEC)) == -1) {
		*cause = xasprintf("%s: %s", path, strerror(errno));
		return (NULL);
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    st.st_size > SNAP_READ_MAX) {
		*cause = xasprintf("%s: not a regular file of at most 1 GiB",
		    path);
		close(fd);
		return (NULL);
	}
	buf = xmalloc((size_t)st.st_size + 1);
	while (got < (size_t)st.st_size) {
		n = read(fd, buf + got, (size_t)st.st_size - got);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	sn = snap_parse(path, buf, got, cause);
	free(buf);
	if (sn != NULL && sn->tmux)
		snap_tmux_contents(sn, path);
	return (sn);
}

static void
snap_free_options(struct snap_option *opts, unsigned int n)
{
	unsigned int	i;

	for (i = 0; i < n; i++) {
		free(opts[i].name);
		free(opts[i].value);
	}
	free(opts);
}

void
snap_free(struct snap *sn)
{
	struct snap_session	*ss;
	struct snap_window	*sw;
	struct snap_pane	*sp;
	unsigned int		 i, j, k, l;

	if (sn == NULL)
		return;
	for (i = 0; i < sn->nsessions; i++) {
		ss = &sn->sessions[i];
		for (j = 0; j < ss->nwindows; j++) {
			sw = &ss->windows[j];
			for (k = 0; k < sw->npanes; k++) {
				sp = &sw->panes[k];
				free(sp->cwd);
				free(sp->title);
				for (l = 0; sp->start != NULL &&
				    sp->start[l] != NULL; l++)
					free(sp->start[l]);
				free(sp->start);
				free(sp->fg);
				for (l = 0; l < sp->nlines; l++)
					free(sp->lines[l]);
				free(sp->lines);
				free(sp->wrapped);
			}
			free(sw->panes);
			free(sw->name);
			free(sw->layout);
			snap_free_options(sw->options, sw->noptions);
		}
		free(ss->windows);
		free(ss->name);
		free(ss->cwd);
		free(ss->group);
		free(ss->group_with);
		snap_free_options(ss->options, ss->noptions);
	}
	free(sn->sessions);
	free(sn->current);
	free(sn);
}
