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
#include "server/format-int.h"
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

static char	*format_expand1(struct format_ctx *, const char *, size_t);

/* Value of a named variable, or NULL when unknown or not applicable. */
static char *
format_variable(struct format_ctx *ft, const char *name)
{
	return (format_var_find(ft, name));
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

int
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
	struct format_ctx	ft = { .fs = fs, .c = c };

	return (format_expand1(&ft, fmt, strlen(fmt)));
}

char *
format_expand_buffer(const char *fmt, const struct paste_buffer *pb)
{
	struct format_ctx	ft = { .pb = pb };

	return (format_expand1(&ft, fmt, strlen(fmt)));
}

char *
format_expand_extra(const char *fmt, const struct target *fs,
    struct client *c, const struct format_extra *extra)
{
	struct format_ctx	ft = { .fs = fs, .c = c, .extra = extra };

	return (format_expand1(&ft, fmt, strlen(fmt)));
}
