/*
 * list-sessions (ls): one line per session, in tmux's default form or -F.
 */
#include <stdlib.h>

#include "cmd/cmd.h"
#include "cmd/cmd-json.h"
#include "model/format.h"
#include "model/state.h"
#include "model/session.h"

#define LIST_SESSIONS_TEMPLATE \
	"#{session_name}: #{session_windows} windows " \
	"(created #{t:session_created})" \
	"#{?session_grouped, (group ,}#{session_group}" \
	"#{?session_grouped,),}" \
	"#{?session_attached, (attached),}"

static enum cmd_retval	cmd_list_sessions_exec(struct cmd *,
			    struct cmdq_item *);

const struct cmd_entry cmd_list_sessions_entry = {
	.name = "list-sessions",
	.alias = "ls",
	.args = { "F:f:J", 0, 0 },
	.usage = "[-J] [-F format] [-f filter]",
	.target = CMD_TARGET_NONE,
	.flags = 0,
	.exec = cmd_list_sessions_exec,
};

static enum cmd_retval
cmd_list_sessions_exec(struct cmd *self, struct cmdq_item *item)
{
	const char		*template = args_get(self->args, 'F');
	struct session		*s;
	struct target	 fs;
	char			*line;
	struct cmd_json		 cj;

	if (cmd_json_check(item, self->args))
		return (CMD_RETURN_ERROR);
	if (args_has(self->args, 'J')) {
		cmd_json_start(&cj);
		TAILQ_FOREACH(s, &srv->sessions, entry) {
			target_from_session(&fs, s);
			if (cmd_filter_match(item, args_get(self->args, 'f'),
			    &fs))
				cmd_json_item(&cj, &fs, item->client, NULL,
				    FORMAT_EACH_SESSION);
		}
		cmd_json_end(&cj, item);
		return (CMD_RETURN_NORMAL);
	}
	if (template == NULL)
		template = LIST_SESSIONS_TEMPLATE;
	TAILQ_FOREACH(s, &srv->sessions, entry) {
		target_from_session(&fs, s);
		if (!cmd_filter_match(item, args_get(self->args, 'f'), &fs))
			continue;
		line = format_expand(template, &fs, item->client);
		cmdq_print(item, "%s", line);
		free(line);
	}
	return (CMD_RETURN_NORMAL);
}
