/*
 * cmd-choose: what the choose commands (choose-tree, choose-buffer,
 * choose-client) share. Each puts the target pane into one of tmux 3.3a's
 * mode trees (draw/customize.h draws and drives the tree; their
 * previews are drawn by draw/choose.h and the owners): the flags every
 * one takes (-F format, -f filter, -K key-format, -N, -O sort-order, -r,
 * -Z, a template), the sort keys O and r, the line keys, the prompts that
 * act on the tagged lines, and running the template for a chosen line,
 * where %% (the first) and %1 stand for its target and %%% for it with
 * " \ $ ; ~ escaped.
 */
#ifndef MUX_CMD_CHOOSE_H
#define MUX_CMD_CHOOSE_H

#include "common/key.h"

struct client;
struct cmd;
struct cmdq_item;
struct customize;
struct customize_ops;
struct target;

struct cmd_choose {
	unsigned int		  pane;		/* the pane in the mode */
	char			 *template;	/* run by Enter */
	char			 *format;	/* the text of a line */
	char			 *key_format;	/* -K: NULL for 0-9, M-a.. */
	const char *const	 *sorts;	/* sort orders, NULL-ended */
	int			  sort;		/* index in sorts */
	int			  reverse;
	int			  zoomed;	/* -Z zoomed the window */
	char			  sort_name[64];
};

/* Fill cc from the command's flags, with the defaults for this kind of
 * list (cc needs cmd_choose_clear after). An unknown -O is the first
 * order, as in tmux. */
void	cmd_choose_init(struct cmd_choose *, struct cmd *,
	    struct cmdq_item *, const char *const *sorts,
	    const char *template, const char *format);
/* Free what cc holds and end a zoom -Z made. */
void	cmd_choose_clear(struct cmd_choose *);
/* The free operation of a mode whose data is a cmd_choose alone. */
void	cmd_choose_free(void *);
/* Put the command's target pane into the mode (-Z zooms), with this
 * filter (NULL: none) and preview; cc is the start of data, which
 * belongs to the mode. */
void	cmd_choose_start(struct cmd *, struct cmdq_item *,
	    const struct customize_ops *, struct cmd_choose *cc, void *data,
	    const char *filter, int no_preview);
/* The keys every list with sort orders takes: O (next order) and r
 * (reverse). Returns 1 when the key was one of them. */
int	cmd_choose_key(struct cmd_choose *, key_code);
/* For customize_ops.sort: "index" or "index, reversed". */
const char *cmd_choose_sort(void *cc);
/* The key of line (numbered from 0) from -K, expanded for t with #{line}
 * (t may be NULL); the default keys without -K. */
key_code cmd_choose_line_key(struct cmd_choose *, const struct target *,
	    struct client *, unsigned int line);
/* Is an expanded filter true (not empty, not "0")? */
int	cmd_choose_true(const char *);
/* Run template for target for client c, in the pane's context; errors
 * show as a message on c. */
void	cmd_choose_run(struct client *, const struct cmd_choose *,
	    const char *template, const char *target);
/* Ask c "prompt" (a y answers yes), then run commands (text, each
 * NULL-ended list of commands already made from targets) and rebuild
 * the tree on pane, unless it went. The strings belong to the prompt. */
void	cmd_choose_confirm(struct client *, unsigned int pane,
	    const char *prompt, char **commands, unsigned int n);
/* ':': ask c for a command and run it for each target (the template
 * filled in as for Enter): the tagged ones, or the current one. The
 * strings belong to the prompt. */
void	cmd_choose_command_prompt(struct client *, struct cmd_choose *,
	    char **targets, unsigned int n, int tagged);
/* The template with %% and %1 replaced by s (heap string). */
char	*cmd_choose_template(const char *template, const char *s);
/* cmd-choose-tree.c: open the tree for the command (choose-tree's flags),
 * showing only the windows match(window, arg) says yes to (match NULL:
 * all); freefn(arg) runs when the tree is gone (or could not open). */
struct window;
enum cmd_retval cmd_choose_tree_open(struct cmd *, struct cmdq_item *,
	    int (*match)(struct window *, void *), void *arg,
	    void (*freefn)(void *));

#endif
