/*
 * wait-for (wait): named channels for scripts. "wait-for NAME" waits until
 * "wait-for -S NAME" signals it (a signal with nobody waiting is kept for
 * the next waiter); -L locks the channel (waiting while someone else holds
 * it) and -U unlocks it. A waiting command holds no resources but its
 * queue item; the server goes on.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "common/queue.h"
#include "common/xmalloc.h"
#include "model/state.h"

struct wait_item {
	struct cmdq_item		*item;
	TAILQ_ENTRY(wait_item)		 entry;
};
TAILQ_HEAD(wait_items, wait_item);

struct wait_channel {
	char				*name;
	int				 woken;
	int				 locked;
	struct wait_items		 waiters;
	struct wait_items		 lockers;
	TAILQ_ENTRY(wait_channel)	 entry;
};

static enum cmd_retval	cmd_wait_for_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_wait_for_entry = {
	.name = "wait-for",
	.alias = "wait",
	.args = { "LSU", 1, 1 },
	.usage = "[-L|-S|-U] channel",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_wait_for_exec,
};

/* Find (or make) a channel. */
static struct wait_channel *
cmd_wait_for_channel(const char *name, int create)
{
	struct wait_channel	*wc;

	TAILQ_FOREACH(wc, &srv->wait_channels, entry) {
		if (strcmp(wc->name, name) == 0)
			return (wc);
	}
	if (!create)
		return (NULL);
	wc = xcalloc(1, sizeof *wc);
	wc->name = xstrdup(name);
	TAILQ_INIT(&wc->waiters);
	TAILQ_INIT(&wc->lockers);
	TAILQ_INSERT_TAIL(&srv->wait_channels, wc, entry);
	return (wc);
}

/* Forget a channel nobody uses any more. */
static void
cmd_wait_for_tidy(struct wait_channel *wc)
{
	if (wc->woken || wc->locked || !TAILQ_EMPTY(&wc->waiters) ||
	    !TAILQ_EMPTY(&wc->lockers))
		return;
	TAILQ_REMOVE(&srv->wait_channels, wc, entry);
	free(wc->name);
	free(wc);
}

/* Queue item on a list. */
static void
cmd_wait_for_add(struct wait_items *list, struct cmdq_item *item)
{
	struct wait_item	*wi = xcalloc(1, sizeof *wi);

	wi->item = item;
	TAILQ_INSERT_TAIL(list, wi, entry);
}

static enum cmd_retval
cmd_wait_for_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args		*args = self->args;
	const char		*name = args->argv[0];
	struct wait_channel	*wc;
	struct wait_item	*wi;
	struct cmdq_item	*waiter;

	if (args_has(args, 'S')) {
		wc = cmd_wait_for_channel(name, 1);
		if (TAILQ_EMPTY(&wc->waiters)) {
			wc->woken = 1;
			return (CMD_RETURN_NORMAL);
		}
		while ((wi = TAILQ_FIRST(&wc->waiters)) != NULL) {
			TAILQ_REMOVE(&wc->waiters, wi, entry);
			waiter = wi->item;
			free(wi);
			cmdq_continue(waiter, 0);
		}
		cmd_wait_for_tidy(wc);
		return (CMD_RETURN_NORMAL);
	}
	if (args_has(args, 'L')) {
		wc = cmd_wait_for_channel(name, 1);
		if (!wc->locked) {
			wc->locked = 1;
			return (CMD_RETURN_NORMAL);
		}
		cmd_wait_for_add(&wc->lockers, item);
		return (CMD_RETURN_WAIT);
	}
	if (args_has(args, 'U')) {
		wc = cmd_wait_for_channel(name, 0);
		if (wc == NULL || !wc->locked) {
			cmdq_error(item, "channel %s not locked", name);
			return (CMD_RETURN_ERROR);
		}
		if ((wi = TAILQ_FIRST(&wc->lockers)) != NULL) {
			/* The lock passes straight to the next in line. */
			TAILQ_REMOVE(&wc->lockers, wi, entry);
			waiter = wi->item;
			free(wi);
			cmdq_continue(waiter, 0);
		} else {
			wc->locked = 0;
			cmd_wait_for_tidy(wc);
		}
		return (CMD_RETURN_NORMAL);
	}
	wc = cmd_wait_for_channel(name, 1);
	if (wc->woken) {
		wc->woken = 0;
		cmd_wait_for_tidy(wc);
		return (CMD_RETURN_NORMAL);
	}
	cmd_wait_for_add(&wc->waiters, item);
	return (CMD_RETURN_WAIT);
}
