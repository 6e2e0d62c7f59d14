/*
 * choose-client: pick an attached client from a list over the current
 * client's window (see server/choose.h), by name (-O name), size,
 * creation or activity. Enter runs the template, detach-client -t '%%'
 * by default; d detaches the selected client and D the tagged ones; O
 * and r change the order. The list closes when no client is left. -N, -K
 * and -Z are accepted for tmux's sake.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/cmd-choose.h"
#include "common/xmalloc.h"
#include "server/choose.h"
#include "server/client.h"
#include "server/format.h"
#include "server/server.h"

#define CHOOSE_CLIENT_TEMPLATE	"detach-client -t '%%'"
#define CHOOSE_CLIENT_FORMAT	"session #{session_name} " \
	"[#{client_width}x#{client_height} #{client_termname}]"

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

/* The lines: the attached clients that pass the filter, in order. */
static void
cmd_choose_client_build(struct choose *ch, struct client *c, void *data)
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
		if (cc->filter != NULL) {
			v = format_expand(cc->filter, &t, loop);
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
		choose_add(ch, line->name, line->name, v, 0);
		free(v);
	}
	for (i = 0; i < n; i++)
		free(lines[i].name);
	free(lines);
}

/* Detach a client by name, if it is still attached. */
static void
cmd_choose_client_detach(const char *name)
{
	struct client	*c;

	if ((c = cmd_find_client_named(name)) != NULL)
		client_detach(c);
}

static enum choose_result
cmd_choose_client_key(struct choose *ch, struct client *c, void *data,
    key_code key)
{
	if (!cmd_choose_key(data, key))
		cmd_choose_delete_key(ch, key, cmd_choose_client_detach);
	return (CHOOSE_STAY);
}

static const struct choose_ops cmd_choose_client_ops = {
	.build = cmd_choose_client_build,
	.choose = cmd_choose_chosen,
	.key = cmd_choose_client_key,
	.free = cmd_choose_free,
};

static enum cmd_retval
cmd_choose_client_exec(struct cmd *self, struct cmdq_item *item)
{
	return (cmd_choose_open(self, item, "clients", &cmd_choose_client_ops,
	    cmd_choose_client_sorts, CHOOSE_CLIENT_TEMPLATE,
	    CHOOSE_CLIENT_FORMAT, 0));
}
