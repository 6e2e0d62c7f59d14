/*
 * The command queue: items that run a command list one command at a time.
 * Most commands finish at once; one that must wait (for a process, a
 * wait-for channel, a nested list) returns CMD_RETURN_WAIT and is resumed
 * by cmdq_continue. Every live item is on srv->items so that a client
 * that goes away can be forgotten by the items that still run for it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/cmd-hooks.h"
#include "common/log.h"
#include "common/xmalloc.h"
#include "draw/view.h"
#include "model/client.h"
#include "model/hooks.h"
#include "model/mouse.h"
#include "model/state.h"

static void	cmdq_step(struct cmdq_item *);

struct cmdq_item *
cmdq_new(struct client *c, struct cmd_list *cl, struct cmdq_item *parent)
{
	struct cmdq_item	*item = xcalloc(1, sizeof *item);

	item->client = c;
	item->parent = parent;
	item->cmds = cl;
	cl->references++;
	if (parent != NULL) {
		item->has_pane = parent->has_pane;
		item->pane = parent->pane;
		item->no_hooks = parent->no_hooks;
		item->prefer_session = parent->prefer_session;
		if (parent->file != NULL)
			item->file = xstrdup(parent->file);
		if (parent->vars != NULL) {
			item->vars = xcalloc(1, sizeof *item->vars);
			hook_vars_copy(item->vars, parent->vars);
		}
	}
	pbuf_init(&item->out);
	pbuf_init(&item->err);
	TAILQ_INSERT_TAIL(&srv->items, item, entry);
	return (item);
}

/* Free a finished item. */
static void
cmdq_free(struct cmdq_item *item)
{
	TAILQ_REMOVE(&srv->items, item, entry);
	cmd_list_free(item->cmds);
	pbuf_free(&item->out);
	pbuf_free(&item->err);
	free(item->mouse);
	free(item->file);
	if (item->vars != NULL) {
		hook_vars_free(item->vars);
		free(item->vars);
	}
	free(item);
}

void
cmdq_discard(struct cmdq_item *item)
{
	cmdq_free(item);
}

void
cmdq_run(struct cmdq_item *item, cmdq_cb done, void *arg)
{
	item->done = done;
	item->done_arg = arg;
	cmdq_step(item);
}

/* The list finished (or failed): tell whoever waits, then free. */
static void
cmdq_finish(struct cmdq_item *item)
{
	struct cmdq_item	*parent = item->parent;
	int			 failed = item->failed;

	if (item->hook_item && failed) {
		/* Reported, and the outcome, but not the parent's. */
		cmdq_root(item)->failed = 1;
		failed = 0;
	}

	if (item->done != NULL)
		item->done(item, item->done_arg);
	cmdq_free(item);
	if (parent == NULL)
		return;
	if (parent->in_exec) {
		/* Finished inside the command that started it: that command
		 * returns the result itself (see cmdq_run_nested). */
		parent->nested_finished = 1;
		parent->nested_failed = failed;
	} else
		cmdq_continue(parent, failed);
}

/* After a failure: skip the rest of the failed command's group (a line
 * of a file), or everything when it has none. Returns 1 to go on. */
static int
cmdq_skip_group(struct cmdq_item *item)
{
	struct cmd_list	*cl = item->cmds;
	unsigned int	 group = cl->cmds[item->next]->group;

	if (group == 0)
		return (0);
	while (item->next < cl->n && cl->cmds[item->next]->group == group)
		item->next++;
	return (1);
}

/* Run one command; while it runs, hook events are ignored if item runs
 * a hook, and formats see the hook's variables. */
static enum cmd_retval
cmdq_exec(struct cmdq_item *item, struct cmd *cmd)
{
	const struct hook_vars	*vars = srv->hook_vars;
	const char		*file = srv->current_file, *colon;
	int			 blocked = srv->hooks_blocked;
	enum cmd_retval		 rv;

	if (cmd->where != NULL && (colon = strrchr(cmd->where, ':')) != NULL) {
		free(item->file);
		item->file = xstrndup(cmd->where, colon - cmd->where);
	}
	srv->hook_vars = item->vars;
	srv->hooks_blocked = item->no_hooks;
	srv->current_file = item->file;
	item->in_exec = 1;
	rv = cmd->entry->exec(cmd, item);
	item->in_exec = 0;
	srv->hook_vars = vars;
	srv->hooks_blocked = blocked;
	srv->current_file = file;
	return (rv);
}

/* Run commands until one waits or the list ends. */
static void
cmdq_step(struct cmdq_item *item)
{
	struct cmd		*cmd;
	const char		*target;
	enum cmd_retval		 rv;
	size_t			 before;

	while (item->next < item->cmds->n) {
		cmd = item->cmds->cmds[item->next];
		memset(&item->target, 0, sizeof item->target);
		cmd_find_current(item, &item->current);
		rv = CMD_RETURN_NORMAL;
		if (cmd->entry->target != CMD_TARGET_NONE) {
			before = cmdq_root(item)->err.len;
			target = args_get(cmd->args, 't');
			if (cmd->entry->flags & CMD_QUIETFAIL) {
				if (cmd_find_target_partial(item, target,
				    cmd->entry->target, &item->target) != 0)
					cmdq_root(item)->err.len = before;
			} else if (cmd_find_target(item, target,
			    cmd->entry->target, &item->target) != 0) {
				/* No current target is fine for some. */
				if (!(cmd->entry->flags & CMD_CANFAIL) ||
				    target != NULL)
					rv = CMD_RETURN_ERROR;
				else {
					cmdq_root(item)->err.len = before;
					memset(&item->target, 0,
					    sizeof item->target);
				}
			}
		}
		if (rv == CMD_RETURN_NORMAL) {
			rv = cmdq_exec(item, cmd);
			if (rv == CMD_RETURN_NORMAL)
				rv = cmd_hooks_after(item, cmd);
		}
		if (rv == CMD_RETURN_WAIT) {
			item->waiting = 1;
			return;
		}
		if (rv == CMD_RETURN_ERROR) {
			item->failed = 1;
			if (!cmdq_skip_group(item))
				break;
			continue;
		}
		item->next++;
	}
	cmdq_finish(item);
}

void
cmdq_continue(struct cmdq_item *item, int failed)
{
	if (!item->waiting)
		fatalx("cmdq_continue: item is not waiting");
	item->waiting = 0;
	if (failed) {
		item->failed = 1;
		if (!cmdq_skip_group(item)) {
			cmdq_finish(item);
			srv->dirty = 1;
			return;
		}
	} else if (item->after_wait)
		item->after_wait = 0;	/* its after hook has run */
	else if (cmd_hooks_after(item, item->cmds->cmds[item->next]) ==
	    CMD_RETURN_WAIT) {
		item->waiting = 1;
		return;
	}
	if (!failed)
		item->next++;
	cmdq_step(item);
	srv->dirty = 1;
}

enum cmd_retval
cmdq_run_nested(struct cmdq_item *item, struct cmd_list *cl)
{
	struct cmdq_item	*child = cmdq_new(item->client, cl, item);

	item->nested_finished = 0;
	cmdq_run(child, NULL, NULL);
	if (item->nested_finished)
		return (item->nested_failed ? CMD_RETURN_ERROR :
		    CMD_RETURN_NORMAL);
	return (CMD_RETURN_WAIT);
}

void
cmdq_client_gone(struct client *c)
{
	struct cmdq_item	*item;

	TAILQ_FOREACH(item, &srv->items, entry) {
		if (item->client == c)
			item->client = NULL;
	}
}

const struct mouse_event *
cmdq_mouse(struct cmdq_item *item)
{
	return (cmdq_root(item)->mouse);
}

void
cmdq_set_mouse(struct cmdq_item *item, const struct mouse_event *m)
{
	free(item->mouse);
	item->mouse = xmalloc(sizeof *item->mouse);
	memcpy(item->mouse, m, sizeof *item->mouse);
}

/* The item whose buffers collect output: the outermost. */
struct cmdq_item *
cmdq_root(struct cmdq_item *item)
{
	while (item->parent != NULL)
		item = item->parent;
	return (item);
}

/* Append a formatted line to pb, prefixed with where when given. */
static void
cmdq_vadd(struct pbuf *pb, const char *where, const char *fmt, va_list ap)
{
	char	*s = xvasprintf(fmt, ap);

	if (where != NULL) {
		pw_bytes(pb, where, strlen(where));
		pw_bytes(pb, ": ", 2);
	}
	pw_bytes(pb, s, strlen(s));
	pw_u8(pb, '\n');
	free(s);
}

void
cmdq_print(struct cmdq_item *item, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	cmdq_vadd(&cmdq_root(item)->out, NULL, fmt, ap);
	va_end(ap);
}

void
cmdq_error(struct cmdq_item *item, const char *fmt, ...)
{
	const char	*where = NULL;
	va_list		 ap;

	if (item->cmds != NULL && item->next < item->cmds->n)
		where = item->cmds->cmds[item->next]->where;
	va_start(ap, fmt);
	cmdq_vadd(&cmdq_root(item)->err, where, fmt, ap);
	va_end(ap);
}

void
cmdq_client_done(struct cmdq_item *item, void *arg)
{
	struct client	*c = item->client;

	(void)arg;
	if (item->err.len != 0)
		log_debug("binding error: %.*s", (int)item->err.len,
		    (char *)item->err.data);
	if (c == NULL || c->session == NULL)
		return;
	if (item->out.len != 0)
		view_client_output(c, (const char *)item->out.data,
		    item->out.len);
	if (item->err.len != 0)
		view_client_errors(c, (const char *)item->err.data,
		    item->err.len);
}
