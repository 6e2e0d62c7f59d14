/*
 * The command table, lookup, parsing (CLI argv and command text), and
 * execution of command lists against a cmdq_item.
 *
 * The text parser (config files, bindings) is in cmd-parse.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "common/log.h"
#include "common/xmalloc.h"
#include "model/format.h"
#include "model/options.h"
#include "model/state.h"

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

struct cmd *
cmd_build(int argc, char **argv, char **cause)
{
	const struct cmd_entry	*entry;
	struct cmd		*cmd;
	struct args		*args;
	char			*why = NULL;

	if ((entry = cmd_find_entry(argv[0], cause)) == NULL)
		return (NULL);
	if ((args = args_parse(entry, argc - 1, argv + 1, &why)) == NULL) {
		/* As tmux 3.3a says it. */
		*cause = xasprintf("command %s: %s", entry->name, why);
		free(why);
		return (NULL);
	}
	cmd = xcalloc(1, sizeof *cmd);
	cmd->entry = entry;
	cmd->args = args;
	return (cmd);
}

void
cmd_free(struct cmd *cmd)
{
	args_free(cmd->args);
	free(cmd->where);
	free(cmd);
}

void
cmd_list_move(struct cmd_list *dst, struct cmd_list *src)
{
	unsigned int	i, base = 0;

	for (i = 0; i < dst->n; i++) {
		if (dst->cmds[i]->group > base)
			base = dst->cmds[i]->group;
	}
	for (i = 0; i < src->n; i++) {
		if (src->cmds[i]->group != 0)
			src->cmds[i]->group += base;
		cmd_list_append(dst, src->cmds[i]);
	}
	src->n = 0;
	cmd_list_free(src);
}

struct cmd_list *
cmd_list_new(void)
{
	struct cmd_list	*cl = xcalloc(1, sizeof *cl);

	cl->references = 1;
	return (cl);
}

void
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
	for (i = 0; i < cl->n; i++)
		cmd_free(cl->cmds[i]);
	free(cl->cmds);
	free(cl);
}

int
cmd_alias_expand(int argc, char **argv, struct cmd_list **out, char **cause)
{
	struct cmd_parse_input	 pi;
	struct pbuf		 pb;
	const char		*alias;
	int			 i;

	if (srv == NULL || srv->options == NULL ||
	    (alias = options_alias(srv->options, argv[0])) == NULL)
		return (0);
	/* The alias's text with the other words after it, quoted, so they
	 * go to its last command, as tmux adds them. */
	pbuf_init(&pb);
	pw_bytes(&pb, alias, strlen(alias));
	for (i = 1; i < argc; i++) {
		pw_u8(&pb, ' ');
		args_print_quoted(&pb, argv[i]);
	}
	memset(&pi, 0, sizeof pi);
	pi.flags = CMD_PARSE_NOALIAS;
	*out = cmd_parse_buffer((const char *)pb.data, pb.len, &pi, cause);
	pbuf_free(&pb);
	return (*out == NULL ? -1 : 1);
}

struct cmd_list *
cmd_parse_argv(int argc, char **argv, char **cause)
{
	return (cmd_parse_argv_blocks(argc, argv, NULL, cause));
}

struct cmd_list *
cmd_parse_argv_blocks(int argc, char **argv, const unsigned char *blocks,
    char **cause)
{
	struct cmd_list	 *cl = cmd_list_new(), *sub = NULL;
	struct cmd	 *cmd;
	char		**words = xcalloc(argc + 1, sizeof *words);
	unsigned char	 *wblocks = xcalloc(argc + 1, 1);
	int		  i, n = 0, r;
	size_t		  len;

	/* Words collect until a ";" argument, a word ending in ";", or the
	 * end; a word ending in "\;" keeps a literal ';'. A block is one
	 * word whatever it holds. */
	for (i = 0; i <= argc; i++) {
		if (i < argc && blocks != NULL && blocks[i]) {
			wblocks[n] = 1;
			words[n++] = xstrdup(argv[i]);
			continue;
		}
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
		cmd = NULL;
		r = cmd_alias_expand(n, words, &sub, cause);
		if (r == 0 && (cmd = cmd_build(n, words, cause)) != NULL)
			args_set_blocks(cmd->args, n - 1, wblocks + 1);
		memset(wblocks, 0, argc + 1);
		while (n > 0)
			free(words[--n]);
		if (r == -1 || (r == 0 && cmd == NULL)) {
			free(wblocks);
			free(words);
			cmd_list_free(cl);
			return (NULL);
		}
		if (r == 1)
			cmd_list_move(cl, sub);	/* frees sub */
		else
			cmd_list_append(cl, cmd);
	}
	free(wblocks);
	free(words);
	if (cl->n == 0) {
		*cause = xstrdup("no command given");
		cmd_list_free(cl);
		return (NULL);
	}
	return (cl);
}

char *
cmd_print(const struct cmd *cmd)
{
	char	*s = args_print(cmd->args), *out;

	if (*s == '\0')
		out = xstrdup(cmd->entry->name);
	else
		out = xasprintf("%s %s", cmd->entry->name, s);
	free(s);
	return (out);
}

/* The commands of cl, with between them sep (same line) or sep2 (another
 * line, or group), as tmux prints them. */
static char *
cmd_list_print_sep(const struct cmd_list *cl, const char *sep,
    const char *sep2)
{
	struct pbuf	 pb;
	unsigned int	 i;
	char		*s;

	pbuf_init(&pb);
	for (i = 0; i < cl->n; i++) {
		if (i != 0 && cl->cmds[i]->group != cl->cmds[i - 1]->group)
			pw_bytes(&pb, sep2, strlen(sep2));
		else if (i != 0)
			pw_bytes(&pb, sep, strlen(sep));
		s = cmd_print(cl->cmds[i]);
		pw_bytes(&pb, s, strlen(s));
		free(s);
	}
	pw_u8(&pb, '\0');
	return ((char *)pb.data);
}

char *
cmd_list_print(const struct cmd_list *cl)
{
	return (cmd_list_print_sep(cl, " \\; ", " \\;\\; "));
}

char *
cmd_list_print_block(const struct cmd_list *cl)
{
	return (cmd_list_print_sep(cl, " ; ", " ;; "));
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
cmd_parse_arguments(int argc, char **argv, const unsigned char *blocks,
    char **cause)
{
	if (argc == 1)
		return (cmd_parse_string(argv[0], NULL, cause));
	return (cmd_parse_argv_blocks(argc, argv, blocks, cause));
}

struct cmd_list *
cmd_parse_string(const char *text, const char *where, char **cause)
{
	struct cmd_parse_input	 pi;
	struct cmd_list		*cl;
	char			*why;

	memset(&pi, 0, sizeof pi);
	if ((cl = cmd_parse_buffer(text, strlen(text), &pi, &why)) != NULL)
		return (cl);
	*cause = why;
	if (where != NULL) {
		why = *cause;
		*cause = xasprintf("%s: %s", where, why);
		free(why);
	}
	return (NULL);
}

struct cmd_list *
cmd_parse_file(const char *path, const struct cmd_parse_input *in,
    struct pbuf *errors)
{
	struct cmd_parse_input	 pi = *in;
	struct cmd_list		*cl;
	FILE			*f;
	char			*buf = NULL, *cause, *msg;
	size_t			 len = 0, size = 0;
	size_t			 n;
	char			 chunk[8192];

	if (strcmp(path, "-") == 0 && pi.stdin_text != NULL) {
		buf = xstrdup(pi.stdin_text);
		len = strlen(buf);
	} else {
		if ((f = fopen(path, "r")) == NULL) {
			if (!((pi.flags & CMD_PARSE_QUIET) && errno == ENOENT)) {
				msg = xasprintf("%s: %s\n", path,
				    strerror(errno));
				pw_bytes(errors, msg, strlen(msg));
				free(msg);
			}
			return (NULL);
		}
		while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
			if (len + n + 1 > size) {
				size = (len + n + 1) * 2;
				buf = xreallocarray(buf, 1, size);
			}
			memcpy(buf + len, chunk, n);
			len += n;
		}
		if (ferror(f)) {
			msg = xasprintf("%s: %s\n", path, strerror(errno));
			pw_bytes(errors, msg, strlen(msg));
			free(msg);
			fclose(f);
			free(buf);
			return (NULL);
		}
		fclose(f);
	}
	pi.file = path;
	cl = cmd_parse_buffer(buf != NULL ? buf : "", len, &pi, &cause);
	free(buf);
	if (cl == NULL) {
		pw_bytes(errors, cause, strlen(cause));
		pw_u8(errors, '\n');
		free(cause);
	}
	return (cl);
}
