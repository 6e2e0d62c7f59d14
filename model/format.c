/*
 * Format expansion (see format.h), following tmux 3.3a's rules:
 *
 *   text   := { char | "##" | "#," | "#}" | "#(" cmd ")" | "#{" item "}"
 *            | "#" alias-letter }
 *   item   := [ modifier { ";" modifier } ":" ] rest
 *
 * A modifier is a letter (l a b c d n w E T S W P < >), an operator
 * (== != <= >= || &&), or a letter with arguments (m C N s t = p e q),
 * given either straight after it (=5, p-3) or each behind a punctuation
 * character of the caller's choosing (s/a/b/, e|+|f|2|, =/5/.../).
 * What the rest is depends on the modifiers: a variable name, an inner
 * format, two comma-separated operands, or for "?" a condition and two
 * branches. The value then passes through E/T, s///, =, p, n and w, in
 * that order.
 *
 * A "#{" that does not close, a "#(" that does not close, or an item
 * tmux calls a syntax error (a condition or comparison with no comma, a
 * loop with nothing to loop over) ends the expansion at that point: the
 * text expanded so far is the result, as in tmux. Where a modifier is
 * unknown the whole item is taken as a variable name, which names
 * nothing, so it expands to nothing.
 *
 * The variables are in format-vars.c and format-pane.c, the text work
 * (scanning, trimming, quoting, times) in format-text.c, #() in
 * format-job.c.
 */
#include <sys/types.h>

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <fnmatch.h>
#include <libgen.h>
#include <limits.h>
#include <math.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/proto.h"
#include "common/re.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "model/format.h"
#include "model/format-int.h"
#include "model/state.h"
#include "model/session.h"
#include "model/target.h"
#include "model/window.h"

/* Deepest nesting of expansions (tmux's limit). */
#define FORMAT_MAX_DEPTH	100
/* Widest =N and pN, and longest strftime result. */
#define FORMAT_MAX_WIDTH	10000
/* Most arguments one modifier takes. */
#define FORMAT_MAX_ARGS		8

/* What the modifiers of an item ask for. */
#define FM_LITERAL	0x0001
#define FM_CHARACTER	0x0002
#define FM_COLOUR	0x0004
#define FM_SESSIONS	0x0008
#define FM_WINDOWS	0x0010
#define FM_PANES	0x0020
#define FM_WINDOW_NAME	0x0040
#define FM_SESSION_NAME	0x0080
#define FM_EXPAND	0x0100
#define FM_EXPAND_TIME	0x0200
#define FM_LENGTH	0x0400
#define FM_WIDTH	0x0800
#define FM_TIME		0x1000
#define FM_PRETTY	0x2000
#define FM_BASENAME	0x4000
#define FM_DIRNAME	0x8000
#define FM_QUOTE_SHELL	0x10000
#define FM_QUOTE_STYLE	0x20000

/* One modifier as written: its name (one or two characters) and its
 * arguments, each already expanded. */
struct format_mod {
	char	 name[3];
	int	 argc;
	char	*argv[FORMAT_MAX_ARGS];
};

/* The modifiers of one item, sorted out. */
struct format_mods {
	struct format_mod	*list;
	unsigned int		 count;
	int			 flags;		/* FM_* */
	const struct format_mod	*cmp;		/* == != < > <= >= || && m */
	const struct format_mod	*search;	/* C */
	const struct format_mod	*expr;		/* e */
	const struct format_mod	**subs;		/* s, in order */
	unsigned int		 nsubs;
	int			 limit;		/* = */
	const char		*marker;
	int			 width;		/* p */
	char			*time_format;	/* t/f/... */
};


/* One step of the expansion for display-message -v, as tmux words it:
 * "#", one space a level of depth, the text. */
static void __attribute__((format(printf, 2, 3)))
format_log(struct format_ctx *ft, const char *fmt, ...)
{
	va_list	 ap;
	char	*s, *line;

	if (ft->extra == NULL || ft->extra->log == NULL)
		return;
	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	line = xasprintf("#%*s%s", ft->depth, "", s);
	ft->extra->log(line, ft->extra->log_arg);
	free(line);
	free(s);
}

/* Is the character one that ends a modifier? */
static int
format_mod_end(char ch)
{
	return (ch == ';' || ch == ':');
}

/* Split s at its first top-level comma into two heap strings, expanded or
 * not. Returns -1 when there is no comma. */
static int
format_choose(struct format_ctx *ft, const char *s, char **left,
    char **right, int expand)
{
	const char	*comma = format_skip(s, ",");
	char		*l, *r;

	if (comma == NULL)
		return (-1);
	l = xstrndup(s, comma - s);
	r = xstrdup(comma + 1);
	if (expand) {
		*left = format_expand1(ft, l);
		*right = format_expand1(ft, r);
		free(l);
		free(r);
	} else {
		*left = l;
		*right = r;
	}
	return (0);
}

int
format_true(const char *s)
{
	return (s != NULL && *s != '\0' && (s[0] != '0' || s[1] != '\0'));
}

/* Add a modifier to the list (its arguments are owned by it). */
static void
format_mod_add(struct format_mods *fm, const char *name, size_t n,
    char **argv, int argc)
{
	struct format_mod	*m;

	fm->list = xreallocarray(fm->list, fm->count + 1, sizeof *fm->list);
	m = &fm->list[fm->count++];
	memcpy(m->name, name, n);
	m->name[n] = '\0';
	m->argc = argc;
	if (argc != 0)
		memcpy(m->argv, argv, argc * sizeof *argv);
}

/* Forget the modifier list. */
static void
format_mods_free(struct format_mods *fm)
{
	unsigned int	i;
	int		j;

	for (i = 0; i < fm->count; i++) {
		for (j = 0; j < fm->list[i].argc; j++)
			free(fm->list[i].argv[j]);
	}
	free(fm->list);
	free(fm->subs);
	free(fm->time_format);
}

/* An argument from [start, end), expanded. */
static char *
format_mod_arg(struct format_ctx *ft, const char *start, const char *end)
{
	char	*raw = xstrndup(start, end - start), *v;

	v = format_expand1(ft, raw);
	free(raw);
	return (v);
}

/*
 * Read the modifiers at the start of *s (up to the ':' that ends them) and
 * move *s past them. When what is there is no modifier list (no ':' after
 * valid modifiers), nothing is read and *s stays.
 */
static void
format_mods_parse(struct format_ctx *ft, const char **s,
    struct format_mods *fm)
{
	const char	*cp = *s, *end;
	char		 name, stop[4], *argv[FORMAT_MAX_ARGS];
	int		 argc, i;

	while (*cp != '\0' && *cp != ':') {
		if (*cp == ';')
			cp++;
		/* One character, no arguments. */
		if (*cp != '\0' && strchr("labcdnwETSWP<>", *cp) != NULL &&
		    format_mod_end(cp[1])) {
			format_mod_add(fm, cp, 1, NULL, 0);
			cp++;
			continue;
		}
		/* Two characters, no arguments. */
		if (*cp != '\0' && cp[1] != '\0' &&
		    (memcmp(cp, "||", 2) == 0 || memcmp(cp, "&&", 2) == 0 ||
		    memcmp(cp, "!=", 2) == 0 || memcmp(cp, "==", 2) == 0 ||
		    memcmp(cp, "<=", 2) == 0 || memcmp(cp, ">=", 2) == 0) &&
		    format_mod_end(cp[2])) {
			format_mod_add(fm, cp, 2, NULL, 0);
			cp += 2;
			continue;
		}
		/* One character that may have arguments. */
		if (*cp == '\0' || strchr("mCNst=peq", *cp) == NULL)
			break;
		name = *cp;
		if (format_mod_end(cp[1])) {
			format_mod_add(fm, cp, 1, NULL, 0);
			cp++;
			continue;
		}
		argc = 0;
		if (!ispunct((unsigned char)cp[1]) || cp[1] == '-') {
			/* One argument, straight after the letter. */
			if ((end = format_skip(cp + 1, ":;")) == NULL)
				break;
			argv[argc++] = format_mod_arg(ft, cp + 1, end);
			format_mod_add(fm, &name, 1, argv, argc);
			cp = end;
			continue;
		}
		/* Arguments, each behind the character after the letter. */
		stop[0] = cp[1];
		stop[1] = ';';
		stop[2] = ':';
		stop[3] = '\0';
		cp++;
		end = cp;	/* "s/:" has no arguments, which is fine */
		for (;;) {
			if (cp[0] == stop[0] && format_mod_end(cp[1])) {
				cp++;
				break;
			}
			if ((end = format_skip(cp + 1, stop)) == NULL)
				break;
			if (argc < FORMAT_MAX_ARGS)
				argv[argc++] = format_mod_arg(ft, cp + 1, end);
			cp = end;
			if (format_mod_end(*cp))
				break;
		}
		if (end == NULL) {
			for (i = 0; i < argc; i++)
				free(argv[i]);
			break;
		}
		format_mod_add(fm, &name, 1, argv, argc);
	}
	if (*cp != ':') {
		/* Not a modifier list: the whole item is the rest. */
		format_mods_free(fm);
		memset(fm, 0, sizeof *fm);
		return;
	}
	*s = cp + 1;
}

/* A number from a modifier argument (=N, pN), 0 when it is not one; past
 * FORMAT_MAX_WIDTH either way it is that (so that negating it is safe). */
static int
format_mod_number(const char *s)
{
	char	*end;
	long	 n;

	errno = 0;
	n = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || (errno != 0 && errno != ERANGE))
		return (0);
	if (n > FORMAT_MAX_WIDTH)
		n = FORMAT_MAX_WIDTH;
	if (n < -FORMAT_MAX_WIDTH)
		n = -FORMAT_MAX_WIDTH;
	return ((int)n);
}

/* Sort the parsed modifiers into what they ask for. */
static void
format_mods_sort(struct format_mods *fm)
{
	const struct format_mod	*m;
	unsigned int		 i;

	for (i = 0; i < fm->count; i++) {
		m = &fm->list[i];
		if (m->name[1] != '\0') {
			fm->cmp = m;
			continue;
		}
		switch (m->name[0]) {
		case 'm':
		case '<':
		case '>':
			fm->cmp = m;
			break;
		case 'C':
			fm->search = m;
			break;
		case 's':
			if (m->argc < 2)
				break;
			fm->subs = xreallocarray(fm->subs, fm->nsubs + 1,
			    sizeof *fm->subs);
			fm->subs[fm->nsubs++] = m;
			break;
		case '=':
			if (m->argc < 1)
				break;
			fm->limit = format_mod_number(m->argv[0]);
			if (m->argc >= 2)
				fm->marker = m->argv[1];
			break;
		case 'p':
			if (m->argc >= 1)
				fm->width = format_mod_number(m->argv[0]);
			break;
		case 'e':
			if (m->argc >= 1 && m->argc <= 3)
				fm->expr = m;
			break;
		case 'l':
			fm->flags |= FM_LITERAL;
			break;
		case 'a':
			fm->flags |= FM_CHARACTER;
			break;
		case 'c':
			fm->flags |= FM_COLOUR;
			break;
		case 'b':
			fm->flags |= FM_BASENAME;
			break;
		case 'd':
			fm->flags |= FM_DIRNAME;
			break;
		case 'n':
			fm->flags |= FM_LENGTH;
			break;
		case 'w':
			fm->flags |= FM_WIDTH;
			break;
		case 't':
			fm->flags |= FM_TIME;
			if (m->argc < 1)
				break;
			if (strchr(m->argv[0], 'p') != NULL)
				fm->flags |= FM_PRETTY;
			else if (m->argc >= 2 && strchr(m->argv[0], 'f') != NULL) {
				free(fm->time_format);
				fm->time_format = xstrdup(m->argv[1]);
			}
			break;
		case 'q':
			if (m->argc < 1)
				fm->flags |= FM_QUOTE_SHELL;
			else if (strchr(m->argv[0], 'e') != NULL ||
			    strchr(m->argv[0], 'h') != NULL)
				fm->flags |= FM_QUOTE_STYLE;
			break;
		case 'E':
			fm->flags |= FM_EXPAND;
			break;
		case 'T':
			fm->flags |= FM_EXPAND_TIME;
			break;
		case 'N':
			if (m->argc < 1 || strchr(m->argv[0], 'w') != NULL)
				fm->flags |= FM_WINDOW_NAME;
			else if (strchr(m->argv[0], 's') != NULL)
				fm->flags |= FM_SESSION_NAME;
			break;
		case 'S':
			fm->flags |= FM_SESSIONS;
			break;
		case 'W':
			fm->flags |= FM_WINDOWS;
			break;
		case 'P':
			fm->flags |= FM_PANES;
			break;
		}
	}
}

/*
 * Look a variable up and apply the modifiers that work on a variable's
 * value: t (a time), b and d (basename, dirname), q (quoting). NULL when
 * there is no such variable (or t: of something that is no time).
 */
static char *
format_find(struct format_ctx *ft, const char *name,
    const struct format_mods *fm)
{
	char		*found, *v, *copy;
	struct tm	 tm;
	time_t		 t;
	long long	 n;
	char		*end;

	if ((found = format_var_find(ft, name)) == NULL)
		return (NULL);
	if (fm->flags & FM_TIME) {
		errno = 0;
		n = strtoll(found, &end, 10);
		if (end == found || *end != '\0' || errno != 0 || n <= 0) {
			free(found);
			return (NULL);
		}
		free(found);
		t = (time_t)n;
		if (fm->flags & FM_PRETTY)
			return (format_pretty_time(t));
		localtime_r(&t, &tm);
		if (fm->time_format != NULL) {
			copy = format_strip(fm->time_format);
			v = format_strftime(copy, &tm);
			free(copy);
			return (v);
		}
		return (format_strftime("%a %b %e %H:%M:%S %Y", &tm));
	}
	if (fm->flags & FM_BASENAME) {
		v = xstrdup(basename(found));
		free(found);
		found = v;
	}
	if (fm->flags & FM_DIRNAME) {
		v = xstrdup(dirname(found));
		free(found);
		found = v;
	}
	if (fm->flags & FM_QUOTE_SHELL) {
		v = format_quote_shell(found);
		free(found);
		found = v;
	}
	if (fm->flags & FM_QUOTE_STYLE) {
		v = format_quote_style(found);
		free(found);
		found = v;
	}
	return (found);
}

/* ---- the modifiers that compute a value ---- */

/* m[/ri]: does text match pattern (fnmatch, or a regular expression)? */
static char *
format_match(const struct format_mod *m, const char *pattern,
    const char *text)
{
	const char	*flags = m->argc >= 1 ? m->argv[0] : "";
	regex_t		 re;
	int		 ok;

	if (strchr(flags, 'r') == NULL) {
		ok = fnmatch(pattern, text,
		    strchr(flags, 'i') != NULL ? FNM_CASEFOLD : 0) == 0;
		return (xstrdup(ok ? "1" : "0"));
	}
	if (re_compile(&re, pattern, REG_EXTENDED|REG_NOSUB|
	    (strchr(flags, 'i') != NULL ? REG_ICASE : 0)) != 0)
		return (xstrdup("0"));
	ok = regexec(&re, text, 0, NULL, 0) == 0;
	regfree(&re);
	return (xstrdup(ok ? "1" : "0"));
}

/* C[/ri]: the first line of the pane's screen (from 1) that has s, or 0. */
static char *
format_search(const struct format_mod *m, struct pane *p, const char *s)
{
	const char	*flags = m->argc >= 1 ? m->argv[0] : "";
	int		 icase = strchr(flags, 'i') != NULL;
	int		 regex = strchr(flags, 'r') != NULL;
	regex_t		 re;
	char		*pattern, *line;
	unsigned int	 y, found = 0;

	if (regex) {
		if (re_compile(&re, s, REG_EXTENDED|REG_NOSUB|
		    (icase ? REG_ICASE : 0)) != 0)
			return (xstrdup("0"));
		pattern = NULL;
	} else
		pattern = xasprintf("*%s*", s);
	for (y = 0; y < p->sy && found == 0; y++) {
		line = format_pane_line(p, y);
		if (regex ? regexec(&re, line, 0, NULL, 0) == 0 :
		    fnmatch(pattern, line, icase ? FNM_CASEFOLD : 0) == 0)
			found = y + 1;
		free(line);
	}
	if (regex)
		regfree(&re);
	free(pattern);
	return (xasprintf("%u", found));
}

/* A double as a long long the way a cast on these machines makes it, but
 * defined for every value (what does not fit is LLONG_MIN). */
static long long
format_to_integer(double d)
{
	if (!isfinite(d) || d >= 9223372036854775807.0 ||
	    d < -9223372036854775808.0)
		return (LLONG_MIN);
	return ((long long)d);
}

/* e|op|flags|precision: arithmetic or a numeric comparison. NULL for an
 * unknown operator or operands that are not numbers. */
static char *
format_expression(struct format_ctx *ft, const struct format_mod *m,
    const char *operands)
{
	const char	*op = m->argv[0];
	char		*left, *right, *end, *value = NULL;
	int		 fp = 0, prec = 0;
	double		 a, b, r;

	if (strcmp(op, "+") != 0 && strcmp(op, "-") != 0 &&
	    strcmp(op, "*") != 0 && strcmp(op, "/") != 0 &&
	    strcmp(op, "%") != 0 && strcmp(op, "m") != 0 &&
	    strcmp(op, "==") != 0 && strcmp(op, "!=") != 0 &&
	    strcmp(op, "<") != 0 && strcmp(op, ">") != 0 &&
	    strcmp(op, "<=") != 0 && strcmp(op, ">=") != 0)
		return (NULL);
	if (m->argc >= 2 && strchr(m->argv[1], 'f') != NULL) {
		fp = 1;
		prec = 2;
	}
	if (m->argc >= 3) {
		errno = 0;
		prec = (int)strtol(m->argv[2], &end, 10);
		if (*m->argv[2] == '\0' || *end != '\0' || errno != 0)
			return (NULL);
	}
	if (format_choose(ft, operands, &left, &right, 1) != 0) {
		format_log(ft, "expression syntax error");
		return (NULL);
	}
	a = strtod(left, &end);
	if (*end != '\0') {
		format_log(ft, "expression left side is invalid: %s", left);
		goto out;
	}
	b = strtod(right, &end);
	if (*end != '\0') {
		format_log(ft, "expression right side is invalid: %s", right);
		goto out;
	}
	if (!fp) {
		a = (double)format_to_integer(a);
		b = (double)format_to_integer(b);
	}
	format_log(ft, "expression left side is: %.*f", prec, a);
	format_log(ft, "expression right side is: %.*f", prec, b);
	if (strcmp(op, "+") == 0)
		r = a + b;
	else if (strcmp(op, "-") == 0)
		r = a - b;
	else if (strcmp(op, "*") == 0)
		r = a * b;
	else if (strcmp(op, "/") == 0)
		r = a / b;
	else if (strcmp(op, "%") == 0 || strcmp(op, "m") == 0)
		r = fmod(a, b);
	else if (strcmp(op, "==") == 0)
		r = fabs(a - b) < 1e-9;
	else if (strcmp(op, "!=") == 0)
		r = fabs(a - b) > 1e-9;
	else if (strcmp(op, "<") == 0)
		r = a < b;
	else if (strcmp(op, ">") == 0)
		r = a > b;
	else if (strcmp(op, "<=") == 0)
		r = a <= b;
	else
		r = a >= b;
	if (!fp)
		r = (double)format_to_integer(r);
	value = xasprintf("%.*f", prec, r);
	format_log(ft, "expression result is %s", value);
out:
	free(left);
	free(right);
	return (value);
}

/* A comparison (== != < > <= >= || && m) of two expanded operands. */
static char *
format_compare(struct format_ctx *ft, const struct format_mod *m,
    const char *operands)
{
	char	*a, *b, *v;
	int	 c, t;

	if (format_choose(ft, operands, &a, &b, 1) != 0) {
		format_log(ft, "compare %s syntax error: %s", m->name,
		    operands);
		return (NULL);
	}
	format_log(ft, "compare %s left is: %s", m->name, a);
	format_log(ft, "compare %s right is: %s", m->name, b);
	if (strcmp(m->name, "m") == 0) {
		v = format_match(m, a, b);
		free(a);
		free(b);
		return (v);
	}
	c = strcmp(a, b);
	if (strcmp(m->name, "||") == 0)
		t = format_true(a) || format_true(b);
	else if (strcmp(m->name, "&&") == 0)
		t = format_true(a) && format_true(b);
	else if (strcmp(m->name, "==") == 0)
		t = c == 0;
	else if (strcmp(m->name, "!=") == 0)
		t = c != 0;
	else if (strcmp(m->name, "<") == 0)
		t = c < 0;
	else if (strcmp(m->name, ">") == 0)
		t = c > 0;
	else if (strcmp(m->name, "<=") == 0)
		t = c <= 0;
	else
		t = c >= 0;
	free(a);
	free(b);
	return (xstrdup(t ? "1" : "0"));
}

/* #{?cond,a,b}: cond is a variable (or, if no variable has that name, a
 * format: what expands to itself is false), then one branch. */
static char *
format_conditional(struct format_ctx *ft, const char *s,
    const struct format_mods *fm)
{
	const char	*comma = format_skip(s, ",");
	char		*cond, *found, *left, *right, *v;

	if (comma == NULL) {
		format_log(ft, "condition syntax error: %s", s);
		return (NULL);
	}
	cond = xstrndup(s, comma - s);
	format_log(ft, "condition is: %s", cond);
	if ((found = format_find(ft, cond, fm)) == NULL) {
		found = format_expand1(ft, cond);
		if (strcmp(found, cond) == 0) {
			free(found);
			found = xstrdup("");
			format_log(ft, "condition '%s' not found; assuming "
			    "false", cond);
		}
	} else
		format_log(ft, "condition '%s' found: %s", cond, found);
	if (format_choose(ft, comma + 1, &left, &right, 0) != 0) {
		format_log(ft, "condition '%s' syntax error: %s", cond,
		    comma + 1);
		free(cond);
		free(found);
		return (NULL);
	}
	format_log(ft, "condition '%s' is %s", cond, format_true(found) ?
	    "true" : "false");
	free(cond);
	v = format_expand1(ft, format_true(found) ? left : right);
	free(found);
	free(left);
	free(right);
	return (v);
}

/* Expand fmt for another target, with the same client and state. */
static char *
format_expand_for(struct format_ctx *ft, const struct target *fs,
    const char *fmt)
{
	struct format_ctx	next = *ft;
	char			*v;

	next.fs = fs;
	next.pb = NULL;
	v = format_expand1(&next, fmt);
	ft->time = next.time;
	ft->tm = next.tm;
	return (v);
}

static int
format_session_cmp(const void *a, const void *b)
{
	return (strcmp((*(struct session *const *)a)->name,
	    (*(struct session *const *)b)->name));
}

/* S: fmt once for each session, in name order. */
static char *
format_loop_sessions(struct format_ctx *ft, const char *fmt)
{
	struct session	 *s, **list = NULL;
	struct target	  t;
	struct pbuf	  pb;
	unsigned int	  n = 0, i;
	char		 *v;

	TAILQ_FOREACH(s, &srv->sessions, entry) {
		list = xreallocarray(list, n + 1, sizeof *list);
		list[n++] = s;
	}
	if (n != 0)
		qsort(list, n, sizeof *list, format_session_cmp);
	pbuf_init(&pb);
	for (i = 0; i < n; i++) {
		target_from_session(&t, list[i]);
		format_log(ft, "session loop: $%u", list[i]->id);
		v = format_expand_for(ft, &t, fmt);
		if (!format_append(&pb, v))
			i = n;
		free(v);
	}
	free(list);
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
}

/* W: fmt once for each window of the session (the second format, if
 * given, for the current one). NULL with no session. */
static char *
format_loop_windows(struct format_ctx *ft, const char *fmt)
{
	struct session	*s = ft->fs != NULL ? ft->fs->s : NULL;
	struct winlink	*wl;
	struct target	 t;
	struct pbuf	 pb;
	char		*all, *current, *v;

	if (s == NULL)
		return (NULL);
	if (format_choose(ft, fmt, &all, &current, 0) != 0) {
		all = xstrdup(fmt);
		current = NULL;
	}
	pbuf_init(&pb);
	TAILQ_FOREACH(wl, &s->windows, entry) {
		memset(&t, 0, sizeof t);
		t.s = s;
		t.wl = wl;
		t.w = wl->window;
		t.p = wl->window->active;
		format_log(ft, "window loop: %d @%u", wl->idx, wl->window->id);
		v = format_expand_for(ft, &t, current != NULL &&
		    wl == s->curw ? current : all);
		if (!format_append(&pb, v)) {
			free(v);
			break;
		}
		free(v);
	}
	free(all);
	free(current);
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
}

/* P: fmt once for each pane of the window (the second format, if given,
 * for the active one). NULL with no window. */
static char *
format_loop_panes(struct format_ctx *ft, const char *fmt)
{
	struct window	*w = ft->fs != NULL ? ft->fs->w : NULL;
	struct pane	*p;
	struct target	 t;
	struct pbuf	 pb;
	char		*all, *active, *v;

	if (w == NULL)
		return (NULL);
	if (format_choose(ft, fmt, &all, &active, 0) != 0) {
		all = xstrdup(fmt);
		active = NULL;
	}
	pbuf_init(&pb);
	TAILQ_FOREACH(p, &w->panes, entry) {
		t = *ft->fs;
		t.p = p;
		format_log(ft, "pane loop: %%%u", p->id);
		v = format_expand_for(ft, &t, active != NULL &&
		    p == w->active ? active : all);
		if (!format_append(&pb, v)) {
			free(v);
			break;
		}
		free(v);
	}
	free(all);
	free(active);
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
}

/* N, N/w: is there a window of that name in the session? N/s: a session?
 * NULL for a window with no session. */
static char *
format_name_exists(struct format_ctx *ft, const char *fmt, int session)
{
	struct session	*s;
	struct winlink	*wl;
	char		*name;
	int		 found = 0;

	s = ft->fs != NULL ? ft->fs->s : NULL;
	if (!session && s == NULL)
		return (NULL);
	name = format_expand1(ft, fmt);
	if (session) {
		TAILQ_FOREACH(s, &srv->sessions, entry)
			found |= strcmp(s->name, name) == 0;
	} else {
		TAILQ_FOREACH(wl, &s->windows, entry)
			found |= strcmp(wl->window->name, name) == 0;
	}
	free(name);
	return (xstrdup(found ? "1" : "0"));
}

/* a: the character with that code (32 to 126), else nothing. */
static char *
format_character(struct format_ctx *ft, const char *fmt)
{
	char	*v = format_expand1(ft, fmt), *end;
	long	 n;

	errno = 0;
	n = strtol(v, &end, 10);
	if (*v == '\0' || *end != '\0' || errno != 0 || n < 32 || n > 126) {
		free(v);
		return (xstrdup(""));
	}
	free(v);
	return (xasprintf("%c", (int)n));
}

/* The value of an item before E T s = p n w: NULL for a syntax error. */
static char *
format_item_value(struct format_ctx *ft, const char *copy,
    struct format_mods *fm)
{
	struct pane	*p = ft->fs != NULL ? ft->fs->p : NULL;
	char		*v, *tmp;

	if (fm->flags & FM_LITERAL)
		return (xstrdup(copy));
	if (fm->flags & FM_CHARACTER)
		return (format_character(ft, copy));
	if (fm->flags & FM_COLOUR) {
		tmp = format_expand1(ft, copy);
		v = format_colour(tmp);
		free(tmp);
		return (v);
	}
	if (fm->flags & FM_SESSIONS)
		return (format_loop_sessions(ft, copy));
	if (fm->flags & FM_WINDOWS)
		return (format_loop_windows(ft, copy));
	if (fm->flags & FM_PANES)
		return (format_loop_panes(ft, copy));
	if (fm->flags & FM_WINDOW_NAME)
		return (format_name_exists(ft, copy, 0));
	if (fm->flags & FM_SESSION_NAME)
		return (format_name_exists(ft, copy, 1));
	if (fm->search != NULL) {
		tmp = format_expand1(ft, copy);
		if (p != NULL)
			format_log(ft, "search '%s' pane %%%u", tmp, p->id);
		else
			format_log(ft, "search '%s' but no pane", tmp);
		v = p != NULL ? format_search(fm->search, p, tmp) :
		    xstrdup("0");
		free(tmp);
		return (v);
	}
	if (fm->cmp != NULL)
		return (format_compare(ft, fm->cmp, copy));
	if (*copy == '?')
		return (format_conditional(ft, copy + 1, fm));
	if (fm->expr != NULL) {
		v = format_expression(ft, fm->expr, copy);
		return (v != NULL ? v : xstrdup(""));
	}
	if (strstr(copy, "#{") != NULL) {
		format_log(ft, "expanding inner format '%s'", copy);
		return (format_expand1(ft, copy));
	}
	if ((v = format_find(ft, copy, fm)) == NULL) {
		format_log(ft, "format '%s' not found", copy);
		return (xstrdup(""));
	}
	format_log(ft, "format '%s' found: %s", copy, v);
	return (v);
}

/* Expand one item (the inside of a #{...}); NULL for a syntax error. */
static char *
format_replace(struct format_ctx *ft, const char *key, size_t keylen)
{
	struct format_mods	 fm;
	struct format_ctx	 next;
	char			*copy0 = xstrndup(key, keylen), *v, *tmp;
	char			*pattern, *with;
	const char		*copy = copy0;
	unsigned int		 i, limit;
	int			 flags, j;

	memset(&fm, 0, sizeof fm);
	format_mods_parse(ft, &copy, &fm);
	for (i = 0; i < fm.count; i++) {
		format_log(ft, "modifier %u is %s", i, fm.list[i].name);
		for (j = 0; j < fm.list[i].argc; j++) {
			format_log(ft, "modifier %u argument %d: %s", i, j,
			    fm.list[i].argv[j]);
		}
	}
	format_mods_sort(&fm);
	if ((v = format_item_value(ft, copy, &fm)) == NULL) {
		format_log(ft, "failed %s", copy0);
		goto out;
	}

	if (fm.flags & FM_EXPAND) {
		tmp = format_expand1(ft, v);
		free(v);
		v = tmp;
	} else if (fm.flags & FM_EXPAND_TIME) {
		next = *ft;
		next.flags |= FORMAT_CTX_TIME;
		tmp = format_expand1(&next, v);
		ft->time = next.time;
		ft->tm = next.tm;
		free(v);
		v = tmp;
	}
	for (i = 0; i < fm.nsubs; i++) {
		pattern = format_expand1(ft, fm.subs[i]->argv[0]);
		with = format_expand1(ft, fm.subs[i]->argv[1]);
		flags = REG_EXTENDED;
		if (fm.subs[i]->argc >= 3 &&
		    strchr(fm.subs[i]->argv[2], 'i') != NULL)
			flags |= REG_ICASE;
		format_cap(v);
		if ((tmp = format_regsub(pattern, with, v, flags)) != NULL) {
			free(v);
			v = tmp;
		}
		format_log(ft, "substitute '%s' to '%s': %s", pattern, with, v);
		free(pattern);
		free(with);
	}
	if (fm.limit != 0) {
		limit = fm.limit > 0 ? fm.limit : -fm.limit;
		if (limit > FORMAT_MAX_WIDTH)
			limit = FORMAT_MAX_WIDTH;
		tmp = fm.limit > 0 ? format_trim_left(v, limit) :
		    format_trim_right(v, limit);
		if (fm.marker != NULL && strcmp(tmp, v) != 0) {
			free(v);
			v = fm.limit > 0 ? xasprintf("%s%s", tmp, fm.marker) :
			    xasprintf("%s%s", fm.marker, tmp);
			free(tmp);
		} else {
			free(v);
			v = tmp;
		}
		format_log(ft, "applied length limit %d: %s", fm.limit, v);
	}
	if (fm.width != 0) {
		limit = fm.width > 0 ? fm.width : -fm.width;
		if (limit > FORMAT_MAX_WIDTH)
			limit = FORMAT_MAX_WIDTH;
		tmp = format_pad(v, limit, fm.width > 0);
		free(v);
		v = tmp;
		format_log(ft, "applied padding width %d: %s", fm.width, v);
	}
	if (fm.flags & FM_LENGTH) {
		tmp = xasprintf("%zu", strlen(v));
		free(v);
		v = tmp;
		format_log(ft, "replacing with length: %s", v);
	}
	if (fm.flags & FM_WIDTH) {
		tmp = xasprintf("%u", format_width(v));
		free(v);
		v = tmp;
		format_log(ft, "replacing with width: %s", v);
	}
	format_log(ft, "replaced '%s' with '%s'", copy0, v);
out:
	if (v != NULL)
		format_cap(v);
	format_mods_free(&fm);
	free(copy0);
	return (v);
}
/* The variable a one-letter alias stands for. */
static const char *
format_alias(char ch)
{
	switch (ch) {
	case 'D': return ("pane_id");
	case 'F': return ("window_flags");
	case 'H': return ("host");
	case 'I': return ("window_index");
	case 'P': return ("pane_index");
	case 'S': return ("session_name");
	case 'T': return ("pane_title");
	case 'W': return ("window_name");
	case 'h': return ("host_short");
	}
	return (NULL);
}

/* Expand fmt (see the top of the file). */
char *
format_expand1(struct format_ctx *ft, const char *fmt)
{
	struct pbuf	 pb;
	const char	*end, *alias, *cp;
	char		*v, *timed = NULL, *cmd;
	int		 depth;
	unsigned int	 n;

	if (fmt == NULL || *fmt == '\0')
		return (xstrdup(""));
	if (ft->depth >= FORMAT_MAX_DEPTH)
		return (xstrdup(""));
	ft->depth++;
	format_log(ft, "expanding format: %s", fmt);
	if ((ft->flags & FORMAT_CTX_TIME) && strchr(fmt, '%') != NULL) {
		if (ft->time == 0) {
			ft->time = time(NULL);
			localtime_r(&ft->time, &ft->tm);
		}
		timed = format_strftime(fmt, &ft->tm);
		if (strcmp(timed, fmt) != 0)
			format_log(ft, "after time expanded: %s", timed);
		fmt = timed;
	}

	pbuf_init(&pb);
	while (*fmt != '\0' && pb.len < FORMAT_MAX_LENGTH) {
		if (*fmt != '#') {
			pw_u8(&pb, *fmt++);
			continue;
		}
		switch (fmt[1]) {
		case '\0':
			pw_u8(&pb, '#');
			fmt++;
			continue;
		case '(':
			depth = 1;
			for (cp = fmt + 2; *cp != '\0'; cp++) {
				if (*cp == '(')
					depth++;
				if (*cp == ')' && --depth == 0)
					break;
			}
			if (*cp != ')')
				goto stop;
			cmd = xstrndup(fmt + 2, cp - (fmt + 2));
			format_log(ft, "found #(): %s", cmd);
			if (ft->flags & FORMAT_CTX_NOJOBS) {
				v = xstrdup("");
				format_log(ft, "#() is disabled");
			} else {
				v = format_job(ft, cmd);
				format_log(ft, "#() result: %s", v);
			}
			free(cmd);
			format_append(&pb, v);
			free(v);
			fmt = cp + 1;
			continue;
		case '{':
			if ((end = format_skip(fmt, "}")) == NULL)
				goto stop;
			format_log(ft, "found #{}: %.*s", (int)(end - (fmt + 2)),
			    fmt + 2);
			v = format_replace(ft, fmt + 2, end - (fmt + 2));
			if (v == NULL)
				goto stop;
			format_append(&pb, v);
			free(v);
			fmt = end + 1;
			continue;
		case '#':
			/* Two or more '#'s then '[': a style, left for the
			 * drawing to read (it escapes the '#'s itself). */
			for (n = 1; fmt[n] == '#'; n++)
				;
			if (fmt[n] == '[') {
				format_log(ft, "found #*%u[", n);
				pw_bytes(&pb, fmt, n + 1);
				fmt += n + 1;
				continue;
			}
			/* FALLTHROUGH */
		case '}':
		case ',':
			format_log(ft, "found #%c", fmt[1]);
			pw_u8(&pb, fmt[1]);
			fmt += 2;
			continue;
		}
		if ((alias = format_alias(fmt[1])) != NULL) {
			format_log(ft, "found #%c: %s", fmt[1], alias);
			v = format_replace(ft, alias, strlen(alias));
			if (v == NULL)
				goto stop;
			format_append(&pb, v);
			free(v);
		} else
			pw_bytes(&pb, fmt, 2);
		fmt += 2;
	}
stop:
	free(timed);
	pw_u8(&pb, '\0');
	format_cap((char *)pb.data);
	format_log(ft, "result is: %s", (char *)pb.data);
	ft->depth--;
	return ((char *)pb.data);
}

/* The client a format is for: only one attached to a session (a command
 * client from outside has no client variables, as in tmux). */
static struct client *
format_client(struct client *c)
{
	return (c != NULL && c->session != NULL ? c : NULL);
}

char *
format_expand(const char *fmt, const struct target *fs, struct client *c)
{
	return (format_expand_extra(fmt, fs, c, NULL));
}

char *
format_expand_time(const char *fmt, const struct target *fs,
    struct client *c)
{
	struct format_ctx	ft = { .fs = fs, .c = format_client(c),
				    .flags = FORMAT_CTX_TIME };

	return (format_expand1(&ft, fmt));
}

char *
format_expand_extra(const char *fmt, const struct target *fs,
    struct client *c, const struct format_extra *extra)
{
	struct format_ctx	ft = { .fs = fs, .c = format_client(c),
				    .extra = extra };

	if (extra != NULL && extra->time)
		ft.flags |= FORMAT_CTX_TIME;
	return (format_expand1(&ft, fmt));
}

char *
format_expand_buffer(const char *fmt, const struct paste_buffer *pb)
{
	struct format_ctx	ft = { .pb = pb };

	return (format_expand1(&ft, fmt));
}
