/*
 * copy-mode: put a pane in copy mode (copy/copy.h). The copy-mode
 * commands send-keys -X runs in a pane in that mode are in
 * cmd-copy-commands.c.
 */
#include <stdlib.h>

#include "cmd/cmd.h"
#include "model/client.h"
#include "copy/copy.h"
#include "model/mouse.h"
#include "model/pane-mode.h"
#include "model/session.h"
#include "model/window.h"

static enum cmd_retval	cmd_copy_mode_exec(struct cmd *, struct cmdq_item *);

const struct cmd_entry cmd_copy_mode_entry = {
	.name = "copy-mode",
	.alias = NULL,
	.args = { "eHMqs:t:u", 0, 0 },
	.usage = "[-eHMuq] [-s src-pane] [-t target-pane]",
	.target = CMD_TARGET_PANE,
	.flags = 0,
	.exec = cmd_copy_mode_exec,
};

static enum cmd_retval
cmd_copy_mode_exec(struct cmd *self, struct cmdq_item *item)
{
	struct args			*args = self->args;
	struct pane			*p = item->target.p;
	const struct mouse_event	*m = NULL;
	struct copy_mode		*cm;
	struct pane			*src;
	struct target			 st;

	if (args_has(args, 'M')) {
		/* A drag that starts copy mode: the pane under the mouse,
		 * for the client that dragged. */
		if ((m = cmdq_mouse(item)) == NULL ||
		    (p = mouse_pane(m)) == NULL || item->client == NULL ||
		    item->client->session == NULL ||
		    item->client->session->id != m->session)
			return (CMD_RETURN_NORMAL);
	}
	if (p == NULL) {
		cmdq_error(item, "no target pane");
		return (CMD_RETURN_ERROR);
	}
	/* Clock and customize mode end: -q leaves every mode, and copy
	 * mode comes to the top. */
	pane_mode_reset(p);
	if (args_has(args, 'q')) {
		copy_exit(p);
		return (CMD_RETURN_NORMAL);
	}
	src = p;
	if (args_has(args, 's') && cmd_find_target(item, args_get(args, 's'),
	    CMD_TARGET_PANE, &st) != 0)
		return (CMD_RETURN_ERROR);
	if (args_has(args, 's'))
		src = st.p;
	if ((cm = p->mode) == NULL || copy_is_view(cm)) {
		/* (Over a view mode, a copy mode opens on top.) */
		cm = copy_enter_from(p, src, args_has(args, 'e'));
		if (args_has(args, 'H'))
			copy_toggle_position(cm);
		if (m != NULL)
			copy_drag_mouse(item->client, p, m);
	}
	if (args_has(args, 'u'))
		copy_page_up(cm, 0);
	return (CMD_RETURN_NORMAL);
}
