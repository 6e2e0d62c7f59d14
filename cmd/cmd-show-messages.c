/*
 * show-messages (showmsgs): the server's message log, oldest first, each
 * line with the time it was added (at most message-limit lines are kept).
 * As in tmux it runs for a client (-t target-client, or the current one).
 */
#include <string.h>
#include <time.h>

#include "cmd/cmd.h"
#include "server/server.h"

static enum cmd_retval	cmd_show_messages_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_show_messages_entry = {
	.name = "show-messages",
	.alias = "showmsgs",
	.args = { "t:", 0, 0 },
	.usage = "[-t target-client]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_show_messages_exec,
};

static enum cmd_retval
cmd_show_messages_exec(struct cmd *self, struct cmdq_item *item)
{
	struct message_entry	*me;
	char			 tim[64];
	struct tm		 tm;

	if (cmd_get_client(item, args_get(self->args, 't')) == NULL)
		return (CMD_RETURN_ERROR);
	TAILQ_FOREACH(me, &srv->messages, entry) {
		localtime_r(&me->time, &tm);
		strftime(tim, sizeof tim, "%a %b %e %H:%M:%S %Y", &tm);
		cmdq_print(item, "%s %s", tim, me->msg);
	}
	return (CMD_RETURN_NORMAL);
}
