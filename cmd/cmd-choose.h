/*
 * cmd-choose: what the choose commands (choose-tree, choose-buffer,
 * choose-client) share on top of the lists in server/choose.h: the flags
 * every one takes (-F format, -f filter, -O sort-order, -r, -t
 * target-pane, a template), the sort keys O and r, and running the
 * template for a chosen line, where %% (or %1) stands for its id and %%%
 * for its id with " \ $ ; ~ escaped.
 */
#ifndef MUX_CMD_CHOOSE_H
#define MUX_CMD_CHOOSE_H

#include "common/key.h"

struct choose;
struct choose_ops;
struct client;
struct cmd;
struct cmdq_item;

struct cmd_choose {
	char			 *template;	/* run by Enter */
	char			 *format;	/* the text of a line */
	char			 *filter;	/* NULL: every line */
	const char *const	 *sorts;	/* sort orders, NULL-ended */
	int			  sort;		/* index in sorts */
	int			  reverse;
	int			  has_pane;	/* commands run in pane */
	unsigned int		  pane;		/* pane id */
};

/* Fill cc from the command's flags, with the defaults for this kind of
 * list. Returns -1 after reporting an error (cc needs no clearing). */
int	cmd_choose_init(struct cmd_choose *, struct cmd *,
	    struct cmdq_item *, const char *const *sorts,
	    const char *template, const char *format);
/* Free what cc holds. */
void	cmd_choose_clear(struct cmd_choose *);
/* The keys every list with sort orders takes: O (next order) and r
 * (reverse). Returns 1 when the key was one of them. */
int	cmd_choose_key(struct cmd_choose *, key_code);
/* Is an expanded filter true (not empty, not "0")? */
int	cmd_choose_true(const char *);
/* Run cc's template for the line with this id, for client c; errors show
 * as a message on c. */
void	cmd_choose_run(struct client *, const struct cmd_choose *,
	    const char *id);
/* For a list whose data is a struct cmd_choose: read its flags with these
 * defaults (a bad one is an error), then, unless it would be empty, open
 * it on the command's client (what names the lines in an error:
 * "buffers", "clients"). */
enum cmd_retval cmd_choose_open(struct cmd *, struct cmdq_item *,
	    const char *what, const struct choose_ops *,
	    const char *const *sorts, const char *template,
	    const char *format, int empty);
/* choose_ops.choose for such a list: run the template. */
void	cmd_choose_chosen(struct client *, void *data, const char *id);
/* choose_ops.free for such a list. */
void	cmd_choose_free(void *data);
/* d acts on the selected line and D on every tagged line, by calling fn
 * with each line's id. Returns 1 when key was d or D. */
int	cmd_choose_delete_key(struct choose *, key_code,
	    void (*fn)(const char *id));
/* cmd-choose-tree.c: open the tree for the command (choose-tree's flags),
 * showing only the windows match(window, arg) says yes to (match NULL:
 * all); freefn(arg) runs when the tree is gone (or could not open). */
struct window;
enum cmd_retval cmd_choose_tree_open(struct cmd *, struct cmdq_item *,
	    int (*match)(struct window *, void *), void *arg,
	    void (*freefn)(void *));
/* The template with %% and %1 replaced by s (heap string). */
char	*cmd_choose_template(const char *template, const char *s);

#endif
