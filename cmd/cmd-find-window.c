/*
 * find-window (findw): open the tree (choose-tree) with only the windows
 * where match-string is found: in the window's name (-N), a pane's title
 * (-T) or the text a pane shows (-C); all three without any of them. The
 * string is matched anywhere, as an fnmatch(3) pattern, or with -r as an
 * extended regular expression; -i ignores case. tmux builds this as a
 * choose-tree -f filter; mux matches the same things directly. -Z is
 * taken as choose-tree takes it (the list covers the window already).
 */
#include <fnmatch.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/cmd-choose.h"
#include "common/re.h"
#include "common/utf8.h"
#include "common/xmalloc.h"
#include "grid/vt.h"
#include "model/window.h"

static enum cmd_retval	cmd_find_window_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_find_window_entry = {
	.name = "find-window",
	.alias = "findw",
	.args = { "CiNrt:TZ", 1, 1 },
	.usage = "[-CiNrTZ] [-t target-pane] match-string",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_find_window_exec,
};

struct find_window {
	int	 content, name, title;
	int	 regex;
	regex_t	 re;
	char	*pattern;	/* fnmatch: "*match-string*" */
	int	 icase;
};

/* Does s match? */
static int
cmd_find_window_test(struct find_window *fw, const char *s)
{
	if (s == NULL)
		return (0);
	if (fw->regex)
		return (regexec(&fw->re, s, 0, NULL, 0) == 0);
	return (fnmatch(fw->pattern, s, fw->icase ? FNM_CASEFOLD : 0) == 0);
}

/* Does a visible line of the pane match? */
static int
cmd_find_window_content(struct find_window *fw, struct pane *p)
{
	const struct grid_line	*gl;
	unsigned int		 x, y, cols = vt_cols(p->vt);
	char			*line;
	size_t			 len;
	int			 found = 0;

	line = xmalloc((size_t)cols * UTF8_MAX_BYTES + 1);
	for (y = 0; !found && y < vt_rows(p->vt); y++) {
		if ((gl = vt_line(p->vt, y)) == NULL)
			continue;
		len = 0;
		for (x = 0; x < cols; x++) {
			if (gl->cells[x].width == 0)
				continue;
			len += utf8_char_to_utf8(gl->cells[x].ch, line + len);
		}
		line[len] = '\0';
		found = cmd_find_window_test(fw, line);
	}
	free(line);
	return (found);
}

static int
cmd_find_window_match(struct window *w, void *arg)
{
	struct find_window	*fw = arg;
	struct pane		*p;

	if (fw->name && cmd_find_window_test(fw, w->name))
		return (1);
	TAILQ_FOREACH(p, &w->panes, entry) {
		if (fw->title && cmd_find_window_test(fw, p->title))
			return (1);
		if (fw->content && p->vt != NULL &&
		    cmd_find_window_content(fw, p))
			return (1);
	}
	return (0);
}

static void
cmd_find_window_free(void *arg)
{
	struct find_window	*fw = arg;

	if (fw->regex)
		regfree(&fw->re);
	free(fw->pattern);
	free(fw);
}

static enum cmd_retval
cmd_find_window_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	struct find_window	*fw = xcalloc(1, sizeof *fw);
	const char		*s = args->argv[0];
	char			 why[256];
	int			 rc;

	fw->content = args_has(args, 'C');
	fw->name = args_has(args, 'N');
	fw->title = args_has(args, 'T');
	if (!fw->content && !fw->name && !fw->title)
		fw->content = fw->name = fw->title = 1;
	fw->icase = args_has(args, 'i');
	if (args_has(args, 'r')) {
		fw->regex = 1;
		rc = re_compile(&fw->re, s, REG_EXTENDED|REG_NOSUB|
		    (fw->icase ? REG_ICASE : 0));
		if (rc != 0) {
			regerror(rc, &fw->re, why, sizeof why);
			cmdq_error(item, "invalid regular expression: %s", why);
			fw->regex = 0;
			cmd_find_window_free(fw);
			return (CMD_RETURN_ERROR);
		}
	} else
		fw->pattern = xasprintf("*%s*", s);
	return (cmd_choose_tree_open(self, item, cmd_find_window_match, fw,
	    cmd_find_window_free));
}
