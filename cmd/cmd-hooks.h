/*
 * cmd-hooks: running hooks (model/hooks.h holds them) through the command
 * queue, and printing their commands as tmux's show-hooks does.
 */
#ifndef MUX_CMD_HOOKS_H
#define MUX_CMD_HOOKS_H

#include "cmd/cmd.h"

struct hook_def;
struct hooks;

/* After cmd ran in item: run its after-<command> hook, if it has one and
 * item is not itself running a hook. Returns CMD_RETURN_WAIT when the
 * hook's commands wait (item goes on when they finish), else
 * CMD_RETURN_NORMAL. Their failure is reported, and makes the outermost
 * item fail, but does not stop item's commands. */
enum cmd_retval	 cmd_hooks_after(struct cmdq_item *, struct cmd *);
/* set-hook -R: run a hook now for item's target, as a hook (#{hook}). */
enum cmd_retval	 cmd_hooks_run_now(struct cmdq_item *,
		     const struct hook_def *);
/* The slot of the table a hook named by set-hook or show-hooks lives in
 * (see cmd-set-hook.c); *global says it is a global table. NULL after
 * reporting that there is none. */
struct hooks	**cmd_hooks_where(struct cmdq_item *, const struct args *,
		     const struct hook_def *, int *global);
/* Run the hooks of the queued events (the end of a loop turn). */
void		 cmd_hooks_run_events(void);
/* The exec functions of set-hook and show-hooks, for set-option and
 * show-options -H, which take hooks as tmux's do (the flags they read:
 * -a -g -p -R -u -w; -g -p -w). And one hook as show-hooks prints it. */
enum cmd_retval	 cmd_set_hook(struct cmd *, struct cmdq_item *);
enum cmd_retval	 cmd_show_hooks(struct cmd *, struct cmdq_item *);
struct hook;
void		 cmd_show_hooks_one(struct cmdq_item *, const struct hook *);
/* Is the text no command at all (blank, or a comment)? tmux keeps such
 * a member as an empty list. */
int		 cmd_hooks_text_empty(const char *);
/* Command text as tmux prints a hook's command: each command's full name,
 * flags without values grouped, then flags with values, then arguments,
 * quoted and escaped as tmux quotes them; commands joined by " ; ". Heap
 * string; NULL if the text does not parse. */
char		*cmd_hooks_print(const char *text);

#endif
