/*
 * source-file (source): run the commands in files, as tmux 3.3a does.
 * Each path may be a glob pattern (relative ones from the client's
 * directory) or "-" for the client's standard input; -F expands it as a
 * format first. A file that does not parse runs none of its commands (its
 * error names the file and line); the other files still run. -n only
 * parses, -q says nothing of files that do not exist, -v prints each
 * command as it is parsed. Files sourced from files nest at most
 * CMD_SOURCE_FILE_DEPTH deep.
 */
#include <errno.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "model/format.h"
#include "model/session.h"

#define CMD_SOURCE_FILE_DEPTH	50

static enum cmd_retval	cmd_source_file_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_source_file_entry = {
	.name = "source-file",
	.alias = "source",
	.args = { "Fnqv", 1, -1 },
	.usage = "[-Fnqv] path ...",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_source_file_exec,
};

/* The files one source-file reads, in order. */
struct cmd_source_files {
	char		**paths;
	unsigned int	  n;
	int		  flags;	/* CMD_PARSE_* */
	int		  failed;
};

static void
cmd_source_files_free(struct cmd_source_files *sf)
{
	while (sf->n > 0)
		free(sf->paths[--sf->n]);
	free(sf->paths);
	free(sf);
}

/* How many source-files this item runs inside. */
static unsigned int
cmd_source_file_depth(struct cmdq_item *item)
{
	unsigned int	depth = 0;

	for (; item != NULL; item = item->parent) {
		if (item->cmds != NULL && item->next < item->cmds->n &&
		    item->cmds->cmds[item->next]->entry ==
		    &cmd_source_file_entry)
			depth++;
	}
	return (depth);
}

/* Where relative paths start: the client's directory, else the target
 * session's, else $HOME. */
static const char *
cmd_source_file_cwd(struct cmdq_item *item)
{
	const char	*home;

	if (item->client != NULL && item->client->session == NULL &&
	    item->client->ident.cwd != NULL)
		return (item->client->ident.cwd);
	if (item->current.s != NULL && item->current.s->cwd != NULL)
		return (item->current.s->cwd);
	if (item->client != NULL && item->client->ident.cwd != NULL)
		return (item->client->ident.cwd);
	if ((home = getenv("HOME")) != NULL && *home != '\0')
		return (home);
	return ("/");
}

/* Parse the files and run what parsed (stdin_text: what "-" is). */
static enum cmd_retval
cmd_source_file_load(struct cmdq_item *item, struct cmd_source_files *sf,
    const char *stdin_text)
{
	struct cmdq_item	*root = cmdq_root(item);
	struct cmd_parse_input	 pi;
	struct cmd_list		*all, *cl;
	enum cmd_retval		 rv = CMD_RETURN_NORMAL;
	unsigned int		 i;

	memset(&pi, 0, sizeof pi);
	pi.flags = sf->flags;
	pi.item = item;
	pi.stdin_text = stdin_text;
	all = cmd_list_new();
	for (i = 0; i < sf->n; i++) {
		cl = cmd_parse_file(sf->paths[i], &pi, &root->err);
		if (cl == NULL) {
			sf->failed = 1;
			continue;
		}
		cmd_list_move(all, cl);
	}
	if (!(sf->flags & CMD_PARSE_PARSEONLY) && all->n != 0)
		rv = cmdq_run_nested(item, all);
	cmd_list_free(all);
	if (sf->failed && rv == CMD_RETURN_NORMAL)
		rv = CMD_RETURN_ERROR;
	return (rv);
}

/* The client's standard input arrived for "-". */
static void
cmd_source_file_stdin(struct cmdq_item *item, const char *data, size_t len,
    const char *error, void *arg)
{
	struct cmd_source_files	*sf = arg;
	enum cmd_retval		 rv;
	char			*text;

	if (error != NULL) {
		cmdq_error(item, "-: %s", error);
		cmd_source_files_free(sf);
		cmdq_continue(item, 1);
		return;
	}
	text = xstrndup(data, len);
	/* As if inside the command: a list that ends at once hands its
	 * result back here. */
	item->in_exec = 1;
	rv = cmd_source_file_load(item, sf, text);
	item->in_exec = 0;
	free(text);
	cmd_source_files_free(sf);
	if (rv != CMD_RETURN_WAIT)
		cmdq_continue(item, rv == CMD_RETURN_ERROR);
}

static enum cmd_retval
cmd_source_file_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct cmd_source_files	*sf;
	const struct target	*t;
	const char		*path, *cwd = cmd_source_file_cwd(item);
	char			*expanded = NULL, *pattern;
	glob_t			 g;
	enum cmd_retval		 rv;
	int			 i, result, want_stdin = 0;
	size_t			 j;

	if (cmd_source_file_depth(item) > CMD_SOURCE_FILE_DEPTH) {
		cmdq_error(item, "too many nested files");
		return (CMD_RETURN_ERROR);
	}
	sf = xcalloc(1, sizeof *sf);
	if (args_has(args, 'n'))
		sf->flags |= CMD_PARSE_PARSEONLY;
	if (args_has(args, 'q'))
		sf->flags |= CMD_PARSE_QUIET;
	if (args_has(args, 'v'))
		sf->flags |= CMD_PARSE_VERBOSE;
	t = item->target.s != NULL ? &item->target : &item->current;
	for (i = 0; i < args->argc; i++) {
		path = args->argv[i];
		if (args_has(args, 'F')) {
			free(expanded);
			path = expanded = format_expand(path, t, item->client);
		}
		if (strcmp(path, "-") == 0) {
			want_stdin = 1;
			sf->paths = xreallocarray(sf->paths, sf->n + 1,
			    sizeof *sf->paths);
			sf->paths[sf->n++] = xstrdup("-");
			continue;
		}
		if (*path == '/')
			pattern = xstrdup(path);
		else
			pattern = xasprintf("%s/%s", cwd, path);
		result = glob(pattern, 0, NULL, &g);
		if (result != 0) {
			if (result != GLOB_NOMATCH ||
			    !(sf->flags & CMD_PARSE_QUIET)) {
				cmdq_error(item, "%s: %s", path,
				    strerror(result == GLOB_NOMATCH ? ENOENT :
				    result == GLOB_NOSPACE ? ENOMEM : EINVAL));
				sf->failed = 1;
			}
			free(pattern);
			continue;
		}
		free(pattern);
		for (j = 0; j < g.gl_pathc; j++) {
			sf->paths = xreallocarray(sf->paths, sf->n + 1,
			    sizeof *sf->paths);
			sf->paths[sf->n++] = xstrdup(g.gl_pathv[j]);
		}
		globfree(&g);
	}
	free(expanded);
	if (want_stdin) {
		if (item->client == NULL || client_read_stdin(item->client,
		    item, cmd_source_file_stdin, sf) != 0) {
			cmdq_error(item, "no client standard input to read");
			cmd_source_files_free(sf);
			return (CMD_RETURN_ERROR);
		}
		return (CMD_RETURN_WAIT);
	}
	rv = cmd_source_file_load(item, sf, NULL);
	cmd_source_files_free(sf);
	return (rv);
}
