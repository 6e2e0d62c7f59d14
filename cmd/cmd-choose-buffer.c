/*
 * choose-buffer: pick a paste buffer from a list over the current
 * client's window (see server/choose.h), newest first (-O time), or by
 * name or size. Enter runs the template, paste-buffer -b '%%' by default,
 * in the target pane; P runs it for every tagged buffer; d deletes the
 * selected buffer and D the tagged ones; O and r change the order. The
 * list closes when the last buffer goes. -N, -K and -Z are accepted for
 * tmux's sake: there is no preview, no shortcut keys, and the list
 * already covers the window.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/cmd-choose.h"
#include "common/xmalloc.h"
#include "server/choose.h"
#include "server/client.h"
#include "server/format.h"
#include "server/paste.h"

#define CHOOSE_BUFFER_TEMPLATE	"paste-buffer -b '%%'"
#define CHOOSE_BUFFER_FORMAT	"#{buffer_size} bytes: \"#{buffer_sample}\""

static enum cmd_retval	cmd_choose_buffer_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_choose_buffer_entry = {
	.name = "choose-buffer",
	.alias = NULL,
	.args = { "F:f:K:NO:rt:Z", 0, 1 },
	.usage = "[-NrZ] [-F format] [-f filter] [-K key-format] "
	    "[-O sort-order] [-t target-pane] [template]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_choose_buffer_exec,
};

enum { CHOOSE_BUFFER_TIME, CHOOSE_BUFFER_NAME, CHOOSE_BUFFER_SIZE };
static const char *const cmd_choose_buffer_sorts[] = {
	"time", "name", "size", NULL
};

/* A buffer to sort, carrying the order it is sorted by. */
struct choose_buffer_line {
	struct paste_buffer	*pb;
	unsigned int		 age;	/* 0 for the newest */
	int			 sort;
};

/* Newest first, by name, or largest first (then by name). */
static int
cmd_choose_buffer_cmp(const void *a0, const void *b0)
{
	const struct choose_buffer_line	*a = a0, *b = b0;
	size_t				 alen, blen;

	switch (a->sort) {
	case CHOOSE_BUFFER_SIZE:
		paste_data(a->pb, &alen);
		paste_data(b->pb, &blen);
		if (alen != blen)
			return (alen > blen ? -1 : 1);
		/* FALLTHROUGH */
	case CHOOSE_BUFFER_NAME:
		return (strcmp(paste_name(a->pb), paste_name(b->pb)));
	}
	return (a->age < b->age ? -1 : a->age > b->age);
}

/* The lines: the buffers that pass the filter, in order. */
static void
cmd_choose_buffer_build(struct choose *ch, struct client *c, void *data)
{
	struct cmd_choose		*cc = data;
	struct choose_buffer_line	*lines = NULL;
	struct paste_buffer		*pb;
	unsigned int			 n = 0, age = 0, i;
	char				*v;
	int				 keep;

	for (pb = paste_top(); pb != NULL; pb = paste_next(pb), age++) {
		if (cc->filter != NULL) {
			v = format_expand_buffer(cc->filter, pb);
			keep = cmd_choose_true(v);
			free(v);
			if (!keep)
				continue;
		}
		lines = xreallocarray(lines, n + 1, sizeof *lines);
		lines[n].pb = pb;
		lines[n].age = age;
		lines[n++].sort = cc->sort;
	}
	if (n > 1)
		qsort(lines, n, sizeof *lines, cmd_choose_buffer_cmp);
	for (i = 0; i < n; i++) {
		pb = lines[cc->reverse ? n - 1 - i : i].pb;
		v = format_expand_buffer(cc->format, pb);
		choose_add(ch, paste_name(pb), paste_name(pb), v, 0);
		free(v);
	}
	free(lines);
}

/* Delete a buffer by name, if it is still there. */
static void
cmd_choose_buffer_delete(const char *name)
{
	struct paste_buffer	*pb;

	if ((pb = paste_find(name)) != NULL)
		paste_free(pb);
}

static enum choose_result
cmd_choose_buffer_key(struct choose *ch, struct client *c, void *data,
    key_code key)
{
	struct cmd_choose	*cc = data;
	const char		*name;
	unsigned int		 i = 0;

	if (cmd_choose_key(cc, key) ||
	    cmd_choose_delete_key(ch, key, cmd_choose_buffer_delete))
		return (CHOOSE_STAY);
	if (key == 'P') {
		while ((name = choose_next_tagged(ch, &i)) != NULL)
			cmd_choose_run(c, cc, name);
		return (CHOOSE_CLOSE);
	}
	return (CHOOSE_STAY);
}

static const struct choose_ops cmd_choose_buffer_ops = {
	.build = cmd_choose_buffer_build,
	.choose = cmd_choose_chosen,
	.key = cmd_choose_buffer_key,
	.free = cmd_choose_free,
};

static enum cmd_retval
cmd_choose_buffer_exec(struct cmd *self, struct cmdq_item *item)
{
	return (cmd_choose_open(self, item, "buffers", &cmd_choose_buffer_ops,
	    cmd_choose_buffer_sorts, CHOOSE_BUFFER_TEMPLATE,
	    CHOOSE_BUFFER_FORMAT, paste_top() == NULL));
}
