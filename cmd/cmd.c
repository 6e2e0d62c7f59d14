/*
 * The command table, lookup, parsing (CLI argv and command text), and
 * execution of command lists against a cmdq_item.
 *
 * Command text follows tmux's rules for the common cases: words split on
 * blanks; 'single quotes' are literal; "double quotes" and bare words take
 * backslash escapes and $VAR / ${VAR}; ~ at the start of a word is $HOME;
 * a lone ';' (or one ending a word) separates commands and '\;' is a
 * literal ';' argument; '#' starts a comment; a backslash at the end of a
 * line joins the next.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "common/log.h"
#include "common/xmalloc.h"
#include "server/format.h"
#include "server/options.h"
#include "server/server.h"

const struct cmd_entry *
cmd_find_entry(const char *name, char **cause)
{
	const struct cmd_entry *const	*ce;
	const struct cmd_entry		*found = NULL;
	size_t				 len = strlen(name);
	int				 ambiguous = 0;
	struct pbuf			 list;

	for (ce = cmd_table; *ce != NULL; ce++) {
		if ((*ce)->alias != NULL && strcmp((*ce)->alias, name) == 0)
			return (*ce);
	}
	for (ce = cmd_table; *ce != NULL; ce++) {
		if (strcmp((*ce)->name, name) == 0)
			return (*ce);
	}
	pbuf_init(&list);
	for (ce = cmd_table; *ce != NULL; ce++) {
		if (len == 0 || strncmp((*ce)->name, name, len) != 0)
			continue;
		if (found != NULL)
			ambiguous = 1;
		found = *ce;
		if (list.len != 0)
			pw_bytes(&list, ", ", 2);
		pw_bytes(&list, (*ce)->name, strlen((*ce)->name));
	}
	pw_u8(&list, '\0');
	if (ambiguous) {
		*cause = xasprintf("ambiguous command: %s, could be: %s", name,
		    list.data);
		found = NULL;
	} else if (found == NULL)
		*cause = xasprintf("unknown command: %s", name);
	pbuf_free(&list);
	return (found);
}

/* Build one command from argv (argv[0] is the name). */
static struct cmd *
cmd_parse_one(int argc, char **argv, char **cause)
{
	const struct cmd_entry	*entry;
	struct cmd		*cmd;
	struct args		*args;
	char			*why = NULL;

	if ((entry = cmd_find_entry(argv[0], cause)) == NULL)
		return (NULL);
	if ((args = args_parse(entry, argc - 1, argv + 1, &why)) == NULL) {
		if (strncmp(why, "usage:", 6) == 0)
			*cause = why;
		else {
			*cause = xasprintf("%s: %s\nusage: %s %s", entry->name,
			    why, entry->name, entry->usage);
			free(why);
		}
		return (NULL);
	}
	cmd = xcalloc(1, sizeof *cmd);
	cmd->entry = entry;
	cmd->args = args;
	return (cmd);
}

/* Append a command to a list. */
static void
cmd_list_append(struct cmd_list *cl, struct cmd *cmd)
{
	cl->cmds = xreallocarray(cl->cmds, cl->n + 1, sizeof *cl->cmds);
	cl->cmds[cl->n++] = cmd;
}

void
cmd_list_free(struct cmd_list *cl)
{
	unsigned int	i;

	if (cl == NULL || --cl->references > 0)
		return;
	for (i = 0; i < cl->n; i++) {
		args_free(cl->cmds[i]->args);
		free(cl->cmds[i]->where);
		free(cl->cmds[i]);
	}
	free(cl->cmds);
	free(cl);
}

#define SEPARATOR	((char *)-1)	/* an unquoted ';' in command text */

static int	cmd_parse_words(const char *, char ***, char **);
static struct cmd_list *cmd_parse_argv_aliases(int, char **, char **, int);

/*
 * command-alias: when words[0] is an alias, its command text with the
 * rest of words after it is parsed in its place (commands an alias gives
 * are not expanded again). Returns 1 with the commands appended to cl, 0
 * when words[0] is no alias, -1 with *cause.
 */
static int
cmd_parse_alias(struct cmd_list *cl, int n, char **words, char **cause)
{
	const char	*alias;
	char		**aw, **argv;
	struct cmd_list	*sub;
	int		  an, argc = 0, i;

	if (srv == NULL || srv->options == NULL ||
	    (alias = options_alias(srv->options, words[0])) == NULL)
		return (0);
	if ((an = cmd_parse_words(alias, &aw, cause)) == -1)
		return (-1);
	argv = xcalloc(an + n, sizeof *argv);
	for (i = 0; i < an; i++) {
		if (aw[i] == SEPARATOR)
			argv[argc++] = xstrdup(";");
		else
			argv[argc++] = aw[i];
	}
	free(aw);
	for (i = 1; i < n; i++)
		argv[argc++] = xstrdup(words[i]);
	sub = cmd_parse_argv_aliases(argc, argv, cause, 0);
	for (i = 0; i < argc; i++)
		free(argv[i]);
	free(argv);
	if (sub == NULL)
		return (-1);
	for (i = 0; i < (int)sub->n; i++)
		cmd_list_append(cl, sub->cmds[i]);
	sub->n = 0;
	cmd_list_free(sub);
	return (1);
}

struct cmd_list *
cmd_parse_argv(int argc, char **argv, char **cause)
{
	return (cmd_parse_argv_aliases(argc, argv, cause, 1));
}

/* cmd_parse_argv; aliases: expand command-alias names. */
static struct cmd_list *
cmd_parse_argv_aliases(int argc, char **argv, char **cause, int aliases)
{
	struct cmd_list	 *cl = xcalloc(1, sizeof *cl);
	struct cmd	 *cmd;
	char		**words = xcalloc(argc + 1, sizeof *words);
	int		  i, n = 0;
	size_t		  len;

	cl->references = 1;
	/* Words collect until a ";" argument, a word ending in ";", or the
	 * end; a word ending in "\;" keeps a literal ';'. */
	for (i = 0; i <= argc; i++) {
		if (i < argc && strcmp(argv[i], ";") != 0) {
			len = strlen(argv[i]);
			if (len >= 2 && argv[i][len - 1] == ';' &&
			    argv[i][len - 2] == '\\') {
				words[n++] = xasprintf("%.*s;", (int)len - 2,
				    argv[i]);
				continue;
			}
			if (len < 2 || argv[i][len - 1] != ';') {
				words[n++] = xstrdup(argv[i]);
				continue;
			}
			words[n++] = xstrndup(argv[i], len - 1);
		}
		if (n == 0)
			continue;
		switch (aliases ? cmd_parse_alias(cl, n, words, cause) : 0) {
		case 1:
			while (n > 0)
				free(words[--n]);
			continue;
		case -1:
			while (n > 0)
				free(words[--n]);
			free(words);
			cmd_list_free(cl);
			return (NULL);
		}
		cmd = cmd_parse_one(n, words, cause);
		while (n > 0)
			free(words[--n]);
		if (cmd == NULL) {
			free(words);
			cmd_list_free(cl);
			return (NULL);
		}
		cmd_list_append(cl, cmd);
	}
	free(words);
	if (cl->n == 0) {
		*cause = xstrdup("no command given");
		cmd_list_free(cl);
		return (NULL);
	}
	return (cl);
}

/* A growing word for the text parser. */
struct word {
	char	*s;
	size_t	 len, size;
};

static void
word_add(struct word *w, char ch)
{
	if (w->len + 2 > w->size) {
		w->size = w->size == 0 ? 32 : w->size * 2;
		w->s = xreallocarray(w->s, 1, w->size);
	}
	w->s[w->len++] = ch;
	w->s[w->len] = '\0';
}

static void
word_add_str(struct word *w, const char *s)
{
	while (s != NULL && *s != '\0')
		word_add(w, *s++);
}

/* Expand $VAR or ${VAR} at *pp (just after the '$'). Returns -1 on an
 * unterminated ${. */
static int
cmd_parse_variable(const char **pp, struct word *w)
{
	const char	*p = *pp, *start;
	char		*name;
	int		 brace = 0;

	if (*p == '{') {
		brace = 1;
		p++;
	}
	start = p;
	while (isalnum((unsigned char)*p) || *p == '_')
		p++;
	if (brace && *p != '}')
		return (-1);
	if (p == start) {
		word_add(w, '$');
		if (brace)
			word_add(w, '{');
		*pp = p;
		return (0);
	}
	name = xstrndup(start, p - start);
	word_add_str(w, getenv(name));
	free(name);
	if (brace)
		p++;
	*pp = p;
	return (0);
}

/* A backslash escape at *pp (just after the '\'); returns the character. */
static char
cmd_parse_escape(const char **pp)
{
	char	ch = *(*pp)++;

	switch (ch) {
	case 'n':
		return ('\n');
	case 't':
		return ('\t');
	case 'r':
		return ('\r');
	case 'e':
		return ('\033');
	}
	return (ch);
}


/* Split text into words; a SEPARATOR entry marks an unquoted ';'. Returns
 * the count or -1 with *cause. */
static int
cmd_parse_words(const char *text, char ***out, char **cause)
{
	const char	 *p = text;
	char		**words = NULL;
	int		  n = 0, quoted, inword;
	struct word	  w;

	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
			p++;
		if (*p == '\0' || *p == '#')
			break;
		memset(&w, 0, sizeof w);
		quoted = 0;
		inword = 1;
		if (*p == '~' && (p[1] == '/' || p[1] == '\0' || p[1] == ' ')) {
			word_add_str(&w, getenv("HOME"));
			p++;
		}
		while (inword && *p != '\0') {
			switch (*p) {
			case ' ': case '\t': case '\n': case '\r':
				inword = 0;
				break;
			case ';':
				if (w.len == 0 && !quoted) {
					p++;
					words = xreallocarray(words, n + 1,
					    sizeof *words);
					words[n++] = SEPARATOR;
				}
				inword = 0;
				break;
			case '\'':
				quoted = 1;
				for (p++; *p != '\'' && *p != '\0'; p++)
					word_add(&w, *p);
				if (*p != '\'') {
					*cause = xstrdup("unterminated "
					    "single quote");
					goto fail;
				}
				p++;
				break;
			case '"':
				quoted = 1;
				for (p++; *p != '"' && *p != '\0';) {
					if (*p == '\\' && p[1] != '\0') {
						p++;
						word_add(&w,
						    cmd_parse_escape(&p));
					} else if (*p == '$') {
						p++;
						if (cmd_parse_variable(&p,
						    &w) != 0)
							goto badvar;
					} else
						word_add(&w, *p++);
				}
				if (*p != '"') {
					*cause = xstrdup("unterminated "
					    "double quote");
					goto fail;
				}
				p++;
				break;
			case '\\':
				p++;
				if (*p == '\0')
					break;
				if (*p == ';')
					quoted = 1;
				word_add(&w, cmd_parse_escape(&p));
				break;
			case '$':
				p++;
				if (cmd_parse_variable(&p, &w) != 0)
					goto badvar;
				break;
			default:
				word_add(&w, *p++);
				break;
			}
		}
		if (w.len != 0 || quoted) {
			words = xreallocarray(words, n + 1, sizeof *words);
			words[n++] = w.s != NULL ? w.s : xstrdup("");
		} else
			free(w.s);
	}
	*out = words;
	return (n);
badvar:
	*cause = xstrdup("unterminated ${");
fail:
	free(w.s);
	while (n > 0) {
		if (words[--n] != SEPARATOR)
			free(words[n]);
	}
	free(words);
	return (-1);
}

struct cmd_list *
cmd_parse_string(const char *text, const char *where, char **cause)
{
	struct cmd_list	 *cl;
	char		**words, **argv, *why = NULL;
	int		  n, i, argc = 0;

	if ((n = cmd_parse_words(text, &words, &why)) == -1)
		goto error;
	/* Turn separators into ";" words for cmd_parse_argv. */
	argv = xcalloc(n + 1, sizeof *argv);
	for (i = 0; i < n; i++) {
		if (words[i] == SEPARATOR)
			argv[argc++] = xstrdup(";");
		else if (strcmp(words[i], ";") == 0) {
			/* A quoted or escaped ';' stays an argument. */
			argv[argc++] = xstrdup("\\;");
			free(words[i]);
		} else
			argv[argc++] = words[i];
	}
	free(words);
	cl = cmd_parse_argv(argc, argv, &why);
	for (i = 0; i < argc; i++)
		free(argv[i]);
	free(argv);
	if (cl != NULL)
		return (cl);
error:
	if (where != NULL)
		*cause = xasprintf("%s: %s", where, why);
	else
		*cause = xstrdup(why);
	free(why);
	return (NULL);
}

/* Is the line (without its newline) blank or a comment only? */
static int
cmd_line_empty(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\r')
		s++;
	return (*s == '\0' || *s == '#');
}

struct cmd_list *
cmd_parse_file(const char *path, struct pbuf *errors, int quiet_missing)
{
	FILE		*f;
	char		*line = NULL, *where, *cause = NULL, *msg;
	size_t		 size = 0, len;
	ssize_t		 n;
	unsigned int	 lineno = 0, first, i;
	struct word	 text;
	struct cmd_list	*all, *cl;

	if ((f = fopen(path, "r")) == NULL) {
		if (!(quiet_missing && errno == ENOENT)) {
			msg = xasprintf("%s: %s\n", path, strerror(errno));
			pw_bytes(errors, msg, strlen(msg));
			free(msg);
		}
		return (NULL);
	}
	all = xcalloc(1, sizeof *all);
	all->references = 1;
	memset(&text, 0, sizeof text);
	for (;;) {
		if ((n = getline(&line, &size, f)) == -1)
			break;
		first = ++lineno;
		text.len = 0;
		if (text.s != NULL)
			text.s[0] = '\0';
		/* Join lines ending in a backslash. */
		for (;;) {
			len = n;
			while (len > 0 && (line[len - 1] == '\n' ||
			    line[len - 1] == '\r'))
				len--;
			line[len] = '\0';
			if (len == 0 || line[len - 1] != '\\') {
				word_add_str(&text, line);
				break;
			}
			line[len - 1] = '\0';
			word_add_str(&text, line);
			if ((n = getline(&line, &size, f)) == -1)
				break;
			lineno++;
		}
		if (text.s == NULL || cmd_line_empty(text.s))
			continue;
		where = xasprintf("%s:%u", path, first);
		if ((cl = cmd_parse_string(text.s, where, &cause)) == NULL) {
			pw_bytes(errors, cause, strlen(cause));
			pw_u8(errors, '\n');
			free(cause);
		} else {
			for (i = 0; i < cl->n; i++) {
				cl->cmds[i]->where = xstrdup(where);
				cl->cmds[i]->group = first;
				cmd_list_append(all, cl->cmds[i]);
			}
			cl->n = 0;
			cmd_list_free(cl);
		}
		free(where);
	}
	free(text.s);
	free(line);
	fclose(f);
	return (all);
}

char *
cmd_list_print(const struct cmd_list *cl)
{
	struct pbuf	 pb;
	unsigned int	 i;
	char		*s;

	pbuf_init(&pb);
	for (i = 0; i < cl->n; i++) {
		if (i != 0)
			pw_bytes(&pb, " \\; ", 4);
		pw_bytes(&pb, cl->cmds[i]->entry->name,
		    strlen(cl->cmds[i]->entry->name));
		s = args_print(cl->cmds[i]->args);
		if (*s != '\0') {
			pw_u8(&pb, ' ');
			pw_bytes(&pb, s, strlen(s));
		}
		free(s);
	}
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
}

void
cmd_print_created(struct cmdq_item *item, struct args *args,
    const struct target *t, const char *template)
{
	char	*msg;

	if (args_has(args, 'F'))
		template = args_get(args, 'F');
	msg = format_expand(template, t, item->client);
	cmdq_print(item, "%s", msg);
	free(msg);
}

struct cmd_list *
cmd_parse_arguments(int argc, char **argv, char **cause)
{
	if (argc == 1)
		return (cmd_parse_string(argv[0], NULL, cause));
	return (cmd_parse_argv(argc, argv, cause));
}
