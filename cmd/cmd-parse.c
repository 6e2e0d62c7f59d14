/*
 * The text parser: config files, source-file, bindings and the command
 * prompt, with tmux 3.3a's rules.
 *
 *   text       := statement ('\n' statement)*
 *   statement  := empty | '%hidden' NAME=value | condition | commands
 *   commands   := (command | inline-condition) (';' ...)*
 *   command    := NAME=value | [NAME=value] word argument*
 *   argument   := word | '{' statements '}'
 *   condition  := '%if' fmt '\n' statements
 *                 ('%elif' fmt '\n' statements)* ['%else' '\n' statements]
 *                 '%endif'   (or the same on one line, with commands)
 *
 * Words: blanks split; 'single quotes' are literal; "double quotes" and
 * bare words take backslash escapes (\n \t \e \s \ooo \uXXXX ...), $VAR and
 * ${VAR} (from the server's global environment), and ~ at the start; a
 * quoted string may run over lines. A '#' where a word would start begins
 * a comment. A backslash before a newline joins the lines. ';', '{' and
 * '}' are tokens of their own; ';' or '}' also end a bare word.
 *
 * Everything happens while parsing, as in tmux: NAME=value lines set the
 * global environment at once (so later lines see $NAME), %hidden sets a
 * variable only the parser sees, %if formats are expanded with the
 * context's target. A { } block becomes one argument: its commands as
 * text (lines kept apart by newlines, blocks inside kept as blocks),
 * which bind-key and if-shell parse again; the argument is marked a block
 * (args_set_blocks), so that it prints back in braces as tmux prints it.
 * Any error rejects the whole text: nothing of it runs.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#include "cmd/cmd.h"
#include "common/log.h"
#include "common/xmalloc.h"
#include "model/environ.h"
#include "model/format.h"
#include "model/state.h"

/* The most { } and %if levels one text may nest. */
#define CMD_PARSE_MAX_DEPTH	64

enum cps_token {
	T_EOF,
	T_NEWLINE,
	T_SEMI,
	T_OPEN,		/* { */
	T_CLOSE,	/* } */
	T_WORD,
	T_EQUALS,	/* a word NAME=value */
	T_FORMAT,	/* #{...} after a condition */
	T_IF, T_ELIF, T_ELSE, T_ENDIF, T_HIDDEN,
	T_ERROR,
};

/* One command before it is built: its words and its line. */
struct cps_command {
	char		**argv;
	unsigned char	 *block;	/* per word: 1 if a { } block's text */
	int		  argc;
	unsigned int	  line;
};

struct cps_commands {
	struct cps_command	*v;
	unsigned int		 n;
};

struct cps {
	const struct cmd_parse_input *pi;
	const char	*buf;
	size_t		 len, off;
	unsigned int	 line;
	int		 escapes;	/* backslashes read but not given */
	int		 condition;	/* the next #{ is a format */
	int		 eof;		/* the last newline was given */
	int		 eol;		/* the last token was a newline */
	int		 depth;
	char		*error;

	enum cps_token	 tok;		/* lookahead */
	char		*val;
	int		 have;
};

static int	cps_statements(struct cps *, struct cps_commands *, int active,
		    int in_block);

/* Record the first error, with the file and line. */
static void __attribute__((format(printf, 2, 3)))
cps_error(struct cps *ps, const char *fmt, ...)
{
	va_list	 ap;
	char	*s;

	if (ps->error != NULL)
		return;
	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	if (ps->pi->file != NULL)
		ps->error = xasprintf("%s:%u: %s", ps->pi->file, ps->line, s);
	else
		ps->error = xstrdup(s);
	free(s);
}

static int
cps_getc1(struct cps *ps)
{
	if (ps->off == ps->len)
		return (EOF);
	return ((unsigned char)ps->buf[ps->off++]);
}

/* Give back a character cps_getc returned. A backslash always came from
 * the count of backslashes read ahead (the text is past them), so it goes
 * back there. */
static void
cps_ungetc(struct cps *ps, int ch)
{
	if (ch == '\\')
		ps->escapes++;
	else if (ch != EOF && ps->off > 0)
		ps->off--;
}

/* The next character, with backslash-newline removed: an odd run of
 * backslashes before a newline loses one backslash and the newline. */
static int
cps_getc(struct cps *ps)
{
	int	ch;

	if (ps->escapes != 0) {
		ps->escapes--;
		return ('\\');
	}
	for (;;) {
		ch = cps_getc1(ps);
		if (ch == '\\') {
			ps->escapes++;
			continue;
		}
		if (ch == '\n' && (ps->escapes % 2) == 1) {
			ps->line++;
			ps->escapes--;
			continue;
		}
		if (ps->escapes != 0) {
			if (ch != EOF)
				ps->off--;
			ps->escapes--;
			return ('\\');
		}
		return (ch);
	}
}

/* A growing string. */
struct cps_buf {
	char	*s;
	size_t	 len, size;
};

static void
cps_add(struct cps_buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->size) {
		while (b->len + n + 1 > b->size)
			b->size = b->size == 0 ? 32 : b->size * 2;
		b->s = xreallocarray(b->s, 1, b->size);
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static void
cps_add1(struct cps_buf *b, char ch)
{
	cps_add(b, &ch, 1);
}

static char *
cps_take(struct cps_buf *b)
{
	if (b->s == NULL)
		return (xstrdup(""));
	return (b->s);
}

/* A variable name character (not a digit first). */
static int
cps_is_var(int ch, int first)
{
	if (ch == EOF || ch == '=')
		return (0);
	if (first && isdigit(ch))
		return (0);
	return (isalnum(ch) || ch == '_');
}

/* What $name is: the server's global environment (hidden variables too),
 * else this process's when there is no server (unit tests). */
static const char *
cps_lookup(const char *name)
{
	if (srv != NULL && srv->environ != NULL)
		return (environ_get_any(srv->environ, name));
	return (getenv(name));
}

/* After a backslash (not in single quotes). */
static int
cps_escape(struct cps *ps, struct cps_buf *b)
{
	int		 ch = cps_getc(ps), o2, o3, i, size;
	unsigned int	 code;
	char		 hex[9], mb[MB_LEN_MAX];
	int		 n;

	if (ch == EOF) {
		cps_error(ps, "unexpected end of file after \\");
		return (-1);
	}
	if (ch >= '4' && ch <= '7') {
		cps_error(ps, "invalid octal escape");
		return (-1);
	}
	if (ch >= '0' && ch <= '3') {
		o2 = cps_getc(ps);
		o3 = o2 >= '0' && o2 <= '7' ? cps_getc(ps) : EOF;
		if (o3 < '0' || o3 > '7') {
			cps_error(ps, "invalid octal escape");
			return (-1);
		}
		cps_add1(b, (char)((ch - '0') * 64 + (o2 - '0') * 8 +
		    (o3 - '0')));
		return (0);
	}
	switch (ch) {
	case 'a': ch = '\a'; break;
	case 'b': ch = '\b'; break;
	case 'e': ch = '\033'; break;
	case 'f': ch = '\f'; break;
	case 's': ch = ' '; break;
	case 'v': ch = '\v'; break;
	case 'r': ch = '\r'; break;
	case 'n': ch = '\n'; break;
	case 't': ch = '\t'; break;
	case 'u':
	case 'U':
		size = ch == 'u' ? 4 : 8;
		for (i = 0; i < size; i++) {
			hex[i] = (char)cps_getc(ps);
			if (!isxdigit((unsigned char)hex[i])) {
				cps_error(ps, "invalid \\%c argument", ch);
				return (-1);
			}
		}
		hex[i] = '\0';
		code = (unsigned int)strtoul(hex, NULL, 16);
		n = (int)wctomb(mb, (wchar_t)code);
		if (n <= 0) {
			cps_error(ps, "invalid \\%c argument", ch);
			return (-1);
		}
		cps_add(b, mb, n);
		return (0);
	}
	cps_add1(b, (char)ch);
	return (0);
}

/* After a '$' (not in single quotes). */
static int
cps_variable(struct cps *ps, struct cps_buf *b)
{
	struct cps_buf	 name = { 0 };
	const char	*value;
	int		 ch = cps_getc(ps), brace = 0;

	if (ch == '{')
		brace = 1;
	else if (!cps_is_var(ch, 1)) {
		cps_add1(b, '$');
		cps_ungetc(ps, ch);
		return (0);
	} else
		cps_add1(&name, (char)ch);
	for (;;) {
		ch = cps_getc(ps);
		if (brace && ch == '}')
			break;
		if (!cps_is_var(ch, 0)) {
			if (brace) {
				free(name.s);
				cps_error(ps, "invalid environment variable");
				return (-1);
			}
			cps_ungetc(ps, ch);
			break;
		}
		if (name.len > 1024) {
			free(name.s);
			cps_error(ps, "environment variable is too long");
			return (-1);
		}
		cps_add1(&name, (char)ch);
	}
	if (name.s != NULL && (value = cps_lookup(name.s)) != NULL)
		cps_add(b, value, strlen(value));
	free(name.s);
	return (0);
}

/* After a '~' at the start of a word: a home directory. */
static int
cps_tilde(struct cps *ps, struct cps_buf *b)
{
	struct cps_buf	 name = { 0 };
	struct passwd	*pw;
	const char	*home = NULL;
	int		 ch;

	for (;;) {
		ch = cps_getc(ps);
		if (ch == EOF || strchr("/ \t\n\"'", ch) != NULL) {
			cps_ungetc(ps, ch);
			break;
		}
		cps_add1(&name, (char)ch);
	}
	if (name.s == NULL) {
		home = cps_lookup("HOME");
		if ((home == NULL || *home == '\0') &&
		    (pw = getpwuid(getuid())) != NULL)
			home = pw->pw_dir;
	} else if ((pw = getpwnam(name.s)) != NULL)
		home = pw->pw_dir;
	if (home == NULL) {
		cps_error(ps, "no home directory for ~%s",
		    name.s == NULL ? "" : name.s);
		free(name.s);
		return (-1);
	}
	free(name.s);
	cps_add(b, home, strlen(home));
	return (0);
}

/* A word starting with ch. */
static char *
cps_word(struct cps *ps, int ch)
{
	struct cps_buf	 b = { 0 };
	enum { START, NONE, DOUBLE, SINGLE } state = NONE, last = START;
	unsigned int	 start = ps->line;

	for (;; ch = cps_getc(ps)) {
		if (ch == EOF || (state == NONE && ch == '\n'))
			break;
		if (state == NONE && (ch == ' ' || ch == '\t' || ch == ';' ||
		    ch == '}'))
			break;
		if (ch == '\n') {
			/* In quotes: the newline stays, the next line's
			 * indent and comment lines go. */
			cps_add1(&b, '\n');
			ps->line++;
			while ((ch = cps_getc(ps)) == ' ' || ch == '\t')
				;
			if (ch != '#') {
				cps_ungetc(ps, ch);
				continue;
			}
			ch = cps_getc(ps);
			if (ch != EOF && strchr(",#{}:", ch) != NULL) {
				cps_ungetc(ps, ch);
				cps_add1(&b, '#');
				continue;
			}
			while (ch != '\n' && ch != EOF)
				ch = cps_getc(ps);
			cps_ungetc(ps, ch);
			continue;
		}
		if (ch == '\\' && state != SINGLE) {
			if (cps_escape(ps, &b) != 0)
				goto fail;
			last = state;
			continue;
		}
		if (ch == '~' && last != state && state != SINGLE) {
			if (cps_tilde(ps, &b) != 0)
				goto fail;
			last = state;
			continue;
		}
		if (ch == '$' && state != SINGLE) {
			if (cps_variable(ps, &b) != 0)
				goto fail;
			last = state;
			continue;
		}
		if (ch == '\'' && state != DOUBLE) {
			state = state == SINGLE ? NONE : SINGLE;
			continue;
		}
		if (ch == '"' && state != SINGLE) {
			state = state == DOUBLE ? NONE : DOUBLE;
			continue;
		}
		cps_add1(&b, (char)ch);
		last = state;
	}
	if (state != NONE) {
		ps->line = start;
		cps_error(ps, "unterminated %s quote", state == SINGLE ?
		    "single" : "double");
		goto fail;
	}
	cps_ungetc(ps, ch);
	return (cps_take(&b));
fail:
	free(b.s);
	return (NULL);
}

/* A #{...} format after %if or %elif, braces balanced. */
static char *
cps_format(struct cps *ps)
{
	struct cps_buf	 b = { 0 };
	int		 ch, depth = 1;

	cps_add(&b, "#{", 2);
	while (depth > 0) {
		ch = cps_getc(ps);
		if (ch == EOF || ch == '\n') {
			free(b.s);
			cps_error(ps, "unterminated format");
			return (NULL);
		}
		if (ch == '#') {
			cps_add1(&b, '#');
			ch = cps_getc(ps);
			if (ch == EOF || ch == '\n')
				continue;
			if (ch == '{')
				depth++;
		} else if (ch == '}')
			depth--;
		cps_add1(&b, (char)ch);
	}
	return (cps_take(&b));
}

/* Is the word NAME=value? */
static int
cps_is_assignment(const char *s)
{
	if (!cps_is_var((unsigned char)*s, 1))
		return (0);
	for (s++; *s != '=' && *s != '\0'; s++) {
		if (!cps_is_var((unsigned char)*s, 0))
			return (0);
	}
	return (*s == '=');
}

/* Read the next token. */
static enum cps_token
cps_lex(struct cps *ps, char **val)
{
	struct cps_buf	 b = { 0 };
	const char	*p;
	int		 ch, next, condition = ps->condition;

	*val = NULL;
	if (ps->eol)
		ps->line++;
	ps->eol = 0;
	ps->condition = 0;
	for (;;) {
		ch = cps_getc(ps);
		if (ch == EOF) {
			/* Every text ends with a newline. */
			if (ps->eof)
				return (T_EOF);
			ps->eof = 1;
			return (T_NEWLINE);
		}
		if (ch == ' ' || ch == '\t' || ch == '\r')
			continue;
		if (ch == '\n') {
			ps->eol = 1;
			return (T_NEWLINE);
		}
		if (ch == ';')
			return (T_SEMI);
		if (ch == '{')
			return (T_OPEN);
		if (ch == '}')
			return (T_CLOSE);
		if (ch == '#') {
			next = cps_getc(ps);
			if (condition && next == '{') {
				if ((*val = cps_format(ps)) == NULL)
					return (T_ERROR);
				return (T_FORMAT);
			}
			while (next != '\n' && next != EOF)
				next = cps_getc(ps);
			if (next == '\n') {
				ps->eol = 1;
				return (T_NEWLINE);
			}
			continue;
		}
		if (ch == '%') {
			/* %if and friends, unless all % and digits (a pane
			 * id: %1). */
			do
				cps_add1(&b, (char)ch);
			while ((ch = cps_getc(ps)) != EOF &&
			    strchr(" \t\n", ch) == NULL);
			cps_ungetc(ps, ch);
			for (p = b.s; *p == '%' || isdigit((unsigned char)*p);
			    p++)
				;
			if (*p == '\0') {
				*val = b.s;
				return (T_WORD);
			}
			ps->condition = 1;
			if (strcmp(b.s, "%if") == 0)
				next = T_IF;
			else if (strcmp(b.s, "%elif") == 0)
				next = T_ELIF;
			else if (strcmp(b.s, "%else") == 0)
				next = T_ELSE;
			else if (strcmp(b.s, "%endif") == 0)
				next = T_ENDIF;
			else if (strcmp(b.s, "%hidden") == 0)
				next = T_HIDDEN;
			else {
				cps_error(ps, "unknown directive: %s", b.s);
				next = T_ERROR;
			}
			free(b.s);
			return (next);
		}
		if ((*val = cps_word(ps, ch)) == NULL)
			return (T_ERROR);
		return (cps_is_assignment(*val) ? T_EQUALS : T_WORD);
	}
}

static enum cps_token
cps_peek(struct cps *ps)
{
	if (!ps->have) {
		ps->tok = cps_lex(ps, &ps->val);
		ps->have = 1;
	}
	return (ps->tok);
}

/* Take the lookahead; its value (if any) is the caller's. */
static char *
cps_next(struct cps *ps)
{
	char	*v;

	cps_peek(ps);
	ps->have = 0;
	v = ps->val;
	ps->val = NULL;
	return (v);
}

/* Report a token where it does not belong. */
static int
cps_unexpected(struct cps *ps)
{
	static const char *const names[] = {
		"end of file", "newline", "';'", "'{'", "'}'", "word",
		"assignment", "format", "%if", "%elif", "%else", "%endif",
		"%hidden", "error"
	};
	enum cps_token	tok = cps_peek(ps);

	if (tok != T_ERROR)
		cps_error(ps, "syntax error: unexpected %s", names[tok]);
	return (-1);
}

static void
cps_commands_free(struct cps_commands *cs)
{
	unsigned int	i;
	int		j;

	for (i = 0; i < cs->n; i++) {
		for (j = 0; j < cs->v[i].argc; j++)
			free(cs->v[i].argv[j]);
		free(cs->v[i].argv);
		free(cs->v[i].block);
	}
	free(cs->v);
	cs->v = NULL;
	cs->n = 0;
}

/* Move src's commands to the end of dst. */
static void
cps_commands_move(struct cps_commands *dst, struct cps_commands *src)
{
	if (src->n == 0)
		return;
	dst->v = xreallocarray(dst->v, dst->n + src->n, sizeof *dst->v);
	memcpy(dst->v + dst->n, src->v, src->n * sizeof *src->v);
	dst->n += src->n;
	free(src->v);
	src->v = NULL;
	src->n = 0;
}

/* NAME=value: set it in the global environment, now. */
static void
cps_assign(struct cps *ps, const char *s, int hidden, int active)
{
	char	*name, *eq;

	if (!active || (ps->pi->flags & CMD_PARSE_PARSEONLY))
		return;
	if (srv == NULL || srv->environ == NULL)
		return;
	name = xstrdup(s);
	eq = strchr(name, '=');
	*eq = '\0';
	if (hidden)
		environ_set_hidden(srv->environ, name, eq + 1);
	else
		environ_set(srv->environ, name, eq + 1);
	free(name);
}

/* Is a %if or %elif format true? Expanded with the context's target and
 * client, as the commands would see them. */
static int
cps_true(struct cps *ps, const char *fmt)
{
	const struct cmd_parse_input	*pi = ps->pi;
	struct target			 t;
	char				*s;
	int				 truth;

	if (srv == NULL)
		return (*fmt != '\0' && strcmp(fmt, "0") != 0);
	memset(&t, 0, sizeof t);
	if (pi->item != NULL)
		t = pi->item->target.s != NULL ? pi->item->target :
		    pi->item->current;
	s = format_expand(fmt, &t, pi->item != NULL ? pi->item->client : NULL);
	truth = *s != '\0' && strcmp(s, "0") != 0;
	free(s);
	return (truth);
}

/* The format of %if or %elif: a #{...} or a word. */
static int
cps_condition_format(struct cps *ps, int *truth)
{
	enum cps_token	 tok = cps_peek(ps);
	char		*fmt;

	if (tok != T_FORMAT && tok != T_WORD && tok != T_EQUALS)
		return (cps_unexpected(ps));
	fmt = cps_next(ps);
	*truth = cps_true(ps, fmt);
	free(fmt);
	return (0);
}

static int	cps_commands(struct cps *, struct cps_commands *, int active);

/* %if ... %endif, at the start of a statement (multiline: each part is
 * statements) or after ';' (inline: each part is commands). The commands
 * of the first true part go to out. */
static int
cps_condition(struct cps *ps, struct cps_commands *out, int active,
    int in_block, int in_line)
{
	struct cps_commands	 part;
	enum cps_token		 tok;
	int			 truth, taken = 0, multiline, rv, done = 0;

	if (++ps->depth > CMD_PARSE_MAX_DEPTH) {
		cps_error(ps, "too many nested blocks");
		return (-1);
	}
	free(cps_next(ps));	/* %if */
	if (cps_condition_format(ps, &truth) != 0)
		return (-1);
	/* Only a condition that starts a statement may take lines. */
	multiline = !in_line && cps_peek(ps) == T_NEWLINE;
	for (;;) {
		memset(&part, 0, sizeof part);
		if (multiline) {
			if (cps_peek(ps) != T_NEWLINE)
				return (cps_unexpected(ps));
			free(cps_next(ps));
			rv = cps_statements(ps, &part, active && truth &&
			    !taken, in_block);
		} else
			rv = cps_commands(ps, &part, active && truth && !taken);
		if (rv != 0) {
			cps_commands_free(&part);
			return (-1);
		}
		if (truth && !taken) {
			cps_commands_move(out, &part);
			taken = 1;
		} else
			cps_commands_free(&part);
		if (done)
			break;
		tok = cps_peek(ps);
		if (tok == T_ELIF && !done) {
			free(cps_next(ps));
			if (cps_condition_format(ps, &truth) != 0)
				return (-1);
			continue;
		}
		if (tok == T_ELSE) {
			free(cps_next(ps));
			truth = 1;
			done = 1;
			continue;
		}
		break;
	}
	if (cps_peek(ps) != T_ENDIF) {
		if (cps_peek(ps) == T_EOF || cps_peek(ps) == T_CLOSE)
			cps_error(ps, "%%if without %%endif");
		return (cps_unexpected(ps));
	}
	free(cps_next(ps));
	ps->depth--;
	return (0);
}

/* Quote a word so that the parser reads it back unchanged. */
static void
cps_quote(struct cps_buf *b, const char *s)
{
	const char	*p;

	if (*s != '\0' && strpbrk(s, " \t\n\r\"'\\;#$~{}%") == NULL) {
		cps_add(b, s, strlen(s));
		return;
	}
	if (strpbrk(s, "'\n\r") == NULL) {
		cps_add1(b, '\'');
		cps_add(b, s, strlen(s));
		cps_add1(b, '\'');
		return;
	}
	cps_add1(b, '"');
	for (p = s; *p != '\0'; p++) {
		if (*p == '\n')
			cps_add(b, "\\n", 2);
		else if (*p == '\r')
			cps_add(b, "\\r", 2);
		else {
			if (strchr("\"\\$~", *p) != NULL)
				cps_add1(b, '\\');
			cps_add1(b, *p);
		}
	}
	cps_add1(b, '"');
}

/* A { } block as one argument: its commands as text, those of one line
 * joined by " ; ", lines apart. */
static char *
cps_block_text(const struct cps_commands *cs)
{
	struct cps_buf	 b = { 0 };
	unsigned int	 i;
	int		 j;

	for (i = 0; i < cs->n; i++) {
		if (i != 0)
			cps_add(&b, cs->v[i].line == cs->v[i - 1].line ?
			    " ; " : "\n", cs->v[i].line == cs->v[i - 1].line ?
			    3 : 1);
		for (j = 0; j < cs->v[i].argc; j++) {
			if (j != 0)
				cps_add1(&b, ' ');
			if (cs->v[i].block[j]) {
				/* A block inside stays a block. */
				cps_add(&b, "{ ", 2);
				cps_add(&b, cs->v[i].argv[j],
				    strlen(cs->v[i].argv[j]));
				cps_add(&b, " }", 2);
			} else
				cps_quote(&b, cs->v[i].argv[j]);
		}
	}
	return (cps_take(&b));
}

/* Build one command's words into a checked command, so that a block's
 * errors are found where the block is. */
static int
cps_check(struct cps *ps, struct cps_command *c)
{
	struct cmd	*cmd;
	struct cmd_list	*sub;
	char		*cause;

	switch (cmd_alias_expand(c->argc, c->argv, &sub, &cause)) {
	case 1:
		cmd_list_free(sub);	/* expanded again when it runs */
		return (0);
	case -1:
		ps->line = c->line;
		cps_error(ps, "%s", cause);
		free(cause);
		return (-1);
	}
	if ((cmd = cmd_build(c->argc, c->argv, &cause)) == NULL) {
		ps->line = c->line;
		cps_error(ps, "%s", cause);
		free(cause);
		return (-1);
	}
	/* The block's text names the command in full, as tmux prints it. */
	free(c->argv[0]);
	c->argv[0] = xstrdup(cmd->entry->name);
	cmd_free(cmd);
	return (0);
}

/* One command: [NAME=value] word argument*, or NAME=value alone. */
static int
cps_command(struct cps *ps, struct cps_commands *out, int active)
{
	struct cps_command	 c;
	struct cps_commands	 block;
	enum cps_token		 tok;
	unsigned int		 i;
	char			*v;

	memset(&c, 0, sizeof c);
	c.line = ps->line;
	if (cps_peek(ps) == T_EQUALS) {
		v = cps_next(ps);
		cps_assign(ps, v, 0, active);
		free(v);
		tok = cps_peek(ps);
		if (tok != T_WORD && tok != T_EQUALS)
			return (0);
	}
	if (cps_peek(ps) != T_WORD && cps_peek(ps) != T_EQUALS)
		return (cps_unexpected(ps));
	c.line = ps->line;
	for (;;) {
		tok = cps_peek(ps);
		if (tok == T_WORD || tok == T_EQUALS) {
			c.argv = xreallocarray(c.argv, c.argc + 1,
			    sizeof *c.argv);
			c.block = xreallocarray(c.block, c.argc + 1, 1);
			c.block[c.argc] = 0;
			c.argv[c.argc++] = cps_next(ps);
			continue;
		}
		if (tok != T_OPEN)
			break;
		if (c.argc == 0)
			break;
		if (++ps->depth > CMD_PARSE_MAX_DEPTH) {
			cps_error(ps, "too many nested blocks");
			goto fail;
		}
		free(cps_next(ps));
		memset(&block, 0, sizeof block);
		if (cps_statements(ps, &block, active, 1) != 0) {
			cps_commands_free(&block);
			goto fail;
		}
		if (cps_peek(ps) != T_CLOSE) {
			cps_commands_free(&block);
			cps_error(ps, "unterminated { block");
			goto fail;
		}
		free(cps_next(ps));
		ps->depth--;
		for (i = 0; active && i < block.n; i++) {
			if (cps_check(ps, &block.v[i]) != 0) {
				cps_commands_free(&block);
				goto fail;
			}
		}
		c.argv = xreallocarray(c.argv, c.argc + 1, sizeof *c.argv);
		c.block = xreallocarray(c.block, c.argc + 1, 1);
		c.block[c.argc] = 1;
		c.argv[c.argc++] = cps_block_text(&block);
		cps_commands_free(&block);
	}
	if (!active)
		goto fail;
	out->v = xreallocarray(out->v, out->n + 1, sizeof *out->v);
	out->v[out->n++] = c;
	return (0);
fail:
	while (c.argc > 0)
		free(c.argv[--c.argc]);
	free(c.argv);
	free(c.block);
	return (ps->error != NULL ? -1 : 0);
}

/* Commands separated by ';', with inline conditions among them. */
static int
cps_commands(struct cps *ps, struct cps_commands *out, int active)
{
	enum cps_token	tok;

	for (;;) {
		tok = cps_peek(ps);
		if (tok == T_IF) {
			if (cps_condition(ps, out, active, 0, 1) != 0)
				return (-1);
		} else if (tok == T_WORD || tok == T_EQUALS) {
			if (cps_command(ps, out, active) != 0)
				return (-1);
		}
		if (cps_peek(ps) != T_SEMI)
			return (0);
		free(cps_next(ps));
	}
}

/* Statements up to the end, a '}' (in a block) or a condition's next
 * part (%elif, %else, %endif: the caller checks which). */
static int
cps_statements(struct cps *ps, struct cps_commands *out, int active,
    int in_block)
{
	enum cps_token	 tok;
	char		*v;

	for (;;) {
		tok = cps_peek(ps);
		switch (tok) {
		case T_EOF:
		case T_ELIF:
		case T_ELSE:
		case T_ENDIF:
			return (0);
		case T_CLOSE:
			if (in_block)
				return (0);
			return (cps_unexpected(ps));
		case T_ERROR:
			return (-1);
		case T_NEWLINE:
			free(cps_next(ps));
			continue;
		case T_HIDDEN:
			free(cps_next(ps));
			if (cps_peek(ps) != T_EQUALS)
				return (cps_unexpected(ps));
			v = cps_next(ps);
			cps_assign(ps, v, 1, active);
			free(v);
			break;
		case T_IF:
			if (cps_condition(ps, out, active, in_block, 0) != 0)
				return (-1);
			if (cps_peek(ps) == T_SEMI) {
				free(cps_next(ps));
				if (cps_commands(ps, out, active) != 0)
					return (-1);
			}
			break;
		case T_SEMI:
		case T_WORD:
		case T_EQUALS:
			if (cps_commands(ps, out, active) != 0)
				return (-1);
			break;
		default:
			return (cps_unexpected(ps));
		}
		tok = cps_peek(ps);
		if (tok == T_CLOSE && in_block)
			return (0);
		if (tok != T_NEWLINE && tok != T_EOF)
			return (cps_unexpected(ps));
	}
}

struct cmd_list *
cmd_parse_buffer(const char *buf, size_t len,
    const struct cmd_parse_input *pi, char **cause)
{
	struct cps		 ps;
	struct cps_commands	 cs = { 0 };
	struct cmd_list		*all, *sub;
	struct cmd		*cmd;
	char			*why, *s;
	unsigned int		 i, j;
	int			 r;

	memset(&ps, 0, sizeof ps);
	ps.pi = pi;
	ps.buf = buf;
	ps.len = len;
	ps.line = pi->line == 0 ? 1 : pi->line;
	if (cps_statements(&ps, &cs, 1, 0) != 0 ||
	    (cps_peek(&ps) != T_EOF && cps_unexpected(&ps) != 0)) {
		free(ps.val);
		cps_commands_free(&cs);
		if (ps.error == NULL)
			cps_error(&ps, "syntax error");
		*cause = ps.error;
		return (NULL);
	}
	free(ps.val);

	all = cmd_list_new();
	for (i = 0; i < cs.n; i++) {
		sub = NULL;
		r = 0;
		if (!(pi->flags & CMD_PARSE_NOALIAS))
			r = cmd_alias_expand(cs.v[i].argc, cs.v[i].argv, &sub,
			    &why);
		if (r == 1) {
			/* An alias's commands take its place, on its line. */
			for (j = 0; j < sub->n; j++) {
				sub->cmds[j]->group = cs.v[i].line;
				if (pi->file != NULL)
					sub->cmds[j]->where = xasprintf(
					    "%s:%u", pi->file, cs.v[i].line);
				cmd_list_append(all, sub->cmds[j]);
			}
			sub->n = 0;
			cmd_list_free(sub);
			continue;
		}
		cmd = r == 0 ? cmd_build(cs.v[i].argc, cs.v[i].argv, &why) :
		    NULL;
		if (cmd == NULL) {
			ps.line = cs.v[i].line;
			ps.error = NULL;
			cps_error(&ps, "%s", why);
			free(why);
			*cause = ps.error;
			cmd_list_free(all);
			cps_commands_free(&cs);
			return (NULL);
		}
		args_set_blocks(cmd->args, cs.v[i].argc - 1,
		    cs.v[i].block + 1);
		if (pi->file != NULL)
			cmd->where = xasprintf("%s:%u", pi->file,
			    cs.v[i].line);
		cmd->group = cs.v[i].line;
		cmd_list_append(all, cmd);
		if ((pi->flags & CMD_PARSE_VERBOSE) && pi->item != NULL) {
			s = cmd_print(cmd);
			if (pi->file != NULL)
				cmdq_print(pi->item, "%s:%u: %s", pi->file,
				    cs.v[i].line, s);
			else
				cmdq_print(pi->item, "%u: %s", cs.v[i].line, s);
			free(s);
		}
	}
	cps_commands_free(&cs);
	return (all);
}
