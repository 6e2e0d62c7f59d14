/*
 * cmd-copy-int: what the copy-mode commands of send-keys -X share:
 * cmd-copy-commands.c (their table, and those that move, select and
 * search) and cmd-copy-yank.c (those that copy). Private to those files.
 */
#ifndef MUX_CMD_COPY_INT_H
#define MUX_CMD_COPY_INT_H

struct cmdq_item;
struct copy_mode;
struct options;
struct pane;

/* What a copy-mode command leaves to do. */
enum cmd_copy_action {
	CMD_COPY_MOVE,		/* redraw the view */
	CMD_COPY_CANCEL,	/* leave copy mode */
};

/* One copy-mode command being run. */
struct cmd_copy_state {
	struct cmdq_item	*item;
	struct pane		*p;
	struct copy_mode	*cm;
	int			 argc;		/* arguments after -C/-P */
	char			**argv;
	unsigned int		 n;		/* repeat count (-N) */
	int			 set_paste;	/* no -P */
	int			 set_clip;	/* no -C */
};

/* The commands that copy (cmd-copy-yank.c): each runs one copy-mode
 * command for send-keys -X and says what is left to do. */
enum cmd_copy_action	cmd_copy_append_selection(struct cmd_copy_state *);
enum cmd_copy_action
	cmd_copy_append_selection_and_cancel(struct cmd_copy_state *);
enum cmd_copy_action	cmd_copy_copy_selection(struct cmd_copy_state *);
enum cmd_copy_action
	cmd_copy_copy_selection_no_clear(struct cmd_copy_state *);
enum cmd_copy_action
	cmd_copy_copy_selection_and_cancel(struct cmd_copy_state *);
enum cmd_copy_action	cmd_copy_copy_pipe(struct cmd_copy_state *);
enum cmd_copy_action	cmd_copy_copy_pipe_no_clear(struct cmd_copy_state *);
enum cmd_copy_action	cmd_copy_copy_pipe_and_cancel(struct cmd_copy_state *);
enum cmd_copy_action	cmd_copy_pipe(struct cmd_copy_state *);
enum cmd_copy_action	cmd_copy_pipe_no_clear(struct cmd_copy_state *);
enum cmd_copy_action	cmd_copy_pipe_and_cancel(struct cmd_copy_state *);
enum cmd_copy_action	cmd_copy_copy_end_of_line(struct cmd_copy_state *);
enum cmd_copy_action
	cmd_copy_copy_end_of_line_and_cancel(struct cmd_copy_state *);
enum cmd_copy_action
	cmd_copy_copy_pipe_end_of_line(struct cmd_copy_state *);
enum cmd_copy_action
	cmd_copy_copy_pipe_end_of_line_and_cancel(struct cmd_copy_state *);
enum cmd_copy_action	cmd_copy_copy_line(struct cmd_copy_state *);
enum cmd_copy_action	cmd_copy_copy_line_and_cancel(struct cmd_copy_state *);
enum cmd_copy_action	cmd_copy_copy_pipe_line(struct cmd_copy_state *);
enum cmd_copy_action
	cmd_copy_copy_pipe_line_and_cancel(struct cmd_copy_state *);

#endif
