/*
 * choose-client: tmux 3.3a's client mode in the target pane: each
 * attached client a line of the list draw/customize.h draws and
 * drives, what it shows in the preview box (draw/choose.h), by name (-O
 * name), size, creation or activity. Keys of its own: Enter runs the
 * template, detach-client -t '%%' by default, for the selected client and
 * leaves; d detaches the selected client and D the tagged ones, x and X
 * do the same and send SIGHUP to their parents, z and Z suspend them; O
 * and r change the order. The list closes when no client is left; with
 * none the mode does not start. -F, -f, -K, -N, -r and -Z as in tmux.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/cmd-choose.h"
#include "common/xmalloc.h"
#include "draw/choose.h"
#include "model/client.h"
#include "draw/customize.h"
#include "model/format.h"
#include "model/pane-mode.h"
#include "model/state.h"

#define CHOOSE_CLIENT_TEMPLATE	"detach-client -t '%%'"
#define CHOOSE_CLIENT_FORMAT	\
	"#{t/p:client_activity}: session #{session_name}"

static enum cmd_retval	cmd_choose_client_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_choose_client_entry = {
	.name = "choose-client",
	.alias = NULL,
	.args = { "F:f:K:NO:rt:Z", 0, 1 },
	.usage = "[-NrZ] [-F format] [-f filter] [-K key-format] "
	    "[-O sort-order] [-t target-pane] [template]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_choose_client_exec,
};

enum {
	CHOOSE_CLIENT_NAME,
	CHOOSE_CLIENT_SIZE,
	CHOOSE_CLIENT_CREATION,
	CHOOSE_CLIENT_ACTIVITY
};
static const char *const cmd_choose_client_sorts[] = {
	"name", "size", "creation", "activity", NULL
};

/* A client to sort, carrying its name and the order it is sorted by. */
struct choose_client_line {
	struct client	*c;
	char		*name;
	int		 sort;
};

/* By name; smallest first; newest first; most recently active first. */
static int
cmd_choose_client_cmp(const void *a0, const void *b0)
{
	const struct choose_client_line	*a = a0, *b = b0;
	const struct client		*ca = a->c, *cb = b->c;

	switch (a->sort) {
	case CHOOSE_CLIENT_SIZE:
		if (ca->cols != cb->cols)
			return (ca->cols < cb->cols ? -1 : 1);
		if (ca->rows != cb->rows)
			return (ca->rows < cb->rows ? -1 : 1);
		break;
	case CHOOSE_CLIENT_CREATION:
		if (ca->id != cb->id)
			return (ca->id > cb->id ? -1 : 1);
		break;
	case CHOOSE_CLIENT_ACTIVITY:
		if (ca->activity_ns != cb->activity_ns)
			return (ca->activity_ns > cb->activity_ns ? -1 : 1);
		break;
	}
	return (strcmp(a->name, b->name));
}

/* Is c one of the clients listed: attached and staying? */
static int
cmd_choose_client_listed(const struct client *c)
{
	return (c->session != NULL &&
	    (c->flags & (CLIENT_EXIT|CLIENT_DEAD)) == 0);
}

/* The attached client named name, or NULL. */
static struct client *
cmd_choose_client_find(const char *name)
{
	struct client	*c = cmd_find_client_named(name);

	return (c != NULL && cmd_choose_client_listed(c) ? c : NULL);
}

/* The lines: the attached clients that pass the filter, in order. */
static void
cmd_choose_client_build(struct customize *tree, struct pane *p, void *data,
    const char *filter)
{
	struct cmd_choose		*cc = data;
	struct choose_client_line	*lines = NULL, *line;
	struct client			*loop;
	struct target			 t;
	unsigned int			 n = 0, i;
	char				*v;
	int				 keep;

	TAILQ_FOREACH(loop, &srv->clients, entry) {
		if (!cmd_choose_client_listed(loop))
			continue;
		target_from_session(&t, loop->session);
		if (filter != NULL) {
			v = format_expand(filter, &t, loop);
			keep = cmd_choose_true(v);
			free(v);
			if (!keep)
				continue;
		}
		lines = xreallocarray(lines, n + 1, sizeof *lines);
		lines[n].c = loop;
		lines[n].name = client_name(loop);
		lines[n++].sort = cc->sort;
	}
	if (n > 1)
		qsort(lines, n, sizeof *lines, cmd_choose_client_cmp);
	for (i = 0; i < n; i++) {
		line = &lines[cc->reverse ? n - 1 - i : i];
		target_from_session(&t, line->c->session);
		v = format_expand(cc->format, &t, line->c);
		customize_add(tree, line->name, 0, line->name, NULL, v, 1, 1,
		    0);
		free(v);
	}
	for (i = 0; i < n; i++)
		free(lines[i].name);
	free(lines);
}

static void
cmd_choose_client_draw(struct customize *tree, struct pane *p, void *data,
    const char *id, struct cell *cells, unsigned int sx, unsigned int sy)
{
	struct client	*c;

	if ((c = cmd_choose_client_find(id)) != NULL)
		choose_preview_client(c, cells, sx, sy);
}

static key_code
cmd_choose_client_line_key(struct customize *tree, void *data,
    const char *id, unsigned int line)
{
	struct client	*c = cmd_choose_client_find(id);
	struct target	 t;

	if (c == NULL)
		return (cmd_choose_line_key(data, NULL, NULL, line));
	target_from_session(&t, c->session);
	return (cmd_choose_line_key(data, &t, c, line));
}

/* What d, x and z run for a client. */
static const char *
cmd_choose_client_action(key_code key)
{
	switch (key) {
	case 'd':
	case 'D':
		return ("detach-client -t '%%'");
	case 'x':
	case 'X':
		return ("detach-client -P -t '%%'");
	case 'z':
	case 'Z':
		return ("suspend-client -t '%%'");
	}
	return (NULL);
}

static void
cmd_choose_client_key(struct customize *tree, struct pane *p,
    struct client *c, void *data, key_code key, const char *id)
{
	struct cmd_choose	*cc = data, tmp;
	struct client		*loop;
	const char		*action, *name;
	char			*template, *one;
	unsigned int		 i = 0;
	int			 any = 0;

	if (cmd_choose_key(cc, key) || id == NULL)
		return;
	if ((action = cmd_choose_client_action(key)) != NULL) {
		if (key == 'D' || key == 'X' || key == 'Z') {
			while ((name = customize_next_tagged(tree, &i)) != NULL)
				cmd_choose_run(c, cc, action, name);
		} else
			cmd_choose_run(c, cc, action, id);
		/* No client left: the mode ends, as tmux's. */
		TAILQ_FOREACH(loop, &srv->clients, entry)
			any |= cmd_choose_client_listed(loop);
		if (!any && customize_get(p) == tree)
			pane_mode_reset(p);
		return;
	}
	if (key == '\r' || key == KEYC_KP_ENTER) {
		one = xstrdup(id);
		template = xstrdup(cc->template);
		memset(&tmp, 0, sizeof tmp);
		tmp.pane = cc->pane;
		pane_mode_reset(p);
		cmd_choose_run(c, &tmp, template, one);
		free(template);
		free(one);
	}
}

static const struct customize_ops cmd_choose_client_ops = {
	.name = "client-mode",
	.tree = 1,
	.build = cmd_choose_client_build,
	.key = cmd_choose_client_key,
	.free = cmd_choose_free,
	.draw = cmd_choose_client_draw,
	.sort = cmd_choose_sort,
	.line_key = cmd_choose_client_line_key,
};

static enum cmd_retval
cmd_choose_client_exec(struct cmd *self, struct cmdq_item *item)
{
	struct cmd_choose	*cc;
	struct client		*loop;
	int			 any = 0;

	if (item->target.p == NULL) {
		cmdq_error(item, "no target pane");
		return (CMD_RETURN_ERROR);
	}
	TAILQ_FOREACH(loop, &srv->clients, entry)
		any |= cmd_choose_client_listed(loop);
	if (!any)
		return (CMD_RETURN_NORMAL);	/* nothing to list, as tmux */
	cc = xcalloc(1, sizeof *cc);
	cmd_choose_init(cc, self, item, cmd_choose_client_sorts,
	    CHOOSE_CLIENT_TEMPLATE, CHOOSE_CLIENT_FORMAT);
	cmd_choose_start(self, item, &cmd_choose_client_ops, cc, cc,
	    args_get(self->args, 'f'), args_has(self->args, 'N'));
	return (CMD_RETURN_NORMAL);
}
