/*
 * The copy-mode commands that send-keys -X runs in a pane in copy mode
 * (the copy-mode command itself is in cmd-copy-mode.c), by tmux 3.3a's
 * names, each with its argument count and whether it ends the search
 * highlighting (always, never, or only with emacs keys, as tmux).
 *
 * The commands that copy (copy-*, append-*, pipe*) are in
 * cmd-copy-yank.c.
 *
 * Run by a mouse key's binding, a command first puts the cursor where the
 * mouse is (unless it was the wheel), and begin-selection (like
 * copy-mode -M) starts a selection that follows the mouse until the button
 * is released, as tmux's do.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "common/base64.h"
#include "common/proto.h"
#include "common/utf8.h"
#include "common/xmalloc.h"
#include "model/client.h"
#include "copy/copy.h"
#include "model/environ.h"
#include "model/format.h"
#include "model/job.h"
#include "model/mouse.h"
#include "model/options.h"
#include "model/pane-mode.h"
#include "model/paste.h"
#include "draw/prompt.h"
#include "model/state.h"
#include "model/session.h"
#include "model/window.h"
#include "cmd/cmd-copy-int.h"

/* Does the command end the search highlighting? */
enum cmd_copy_clear {
	CMD_COPY_CLEAR_ALWAYS,
	CMD_COPY_CLEAR_NEVER,
	CMD_COPY_CLEAR_EMACS_ONLY,
};

/* The target session's word-separators. */
static const char *
cmd_copy_separators(struct cmd_copy_state *cs)
{
	struct session	*s = cs->item->target.s;

	return (options_get_string(s != NULL ? s->options :
	    srv->session_options, "word-separators"));
}

static int
cmd_copy_vi(struct cmd_copy_state *cs)
{
	return (strcmp(options_get_string(cs->p->window->options,
	    "mode-keys"), "vi") == 0);
}

static enum cmd_copy_action
cmd_copy_back_to_indentation(struct cmd_copy_state *cs)
{
	copy_back_to_indentation(cs->cm);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_begin_selection(struct cmd_copy_state *cs)
{
	const struct mouse_event	*m = cmdq_mouse(cs->item);

	/* From a mouse key: the selection follows the mouse. */
	if (m != NULL && mouse_pane(m) == cs->p)
		copy_drag_mouse(cs->item->client, cs->p, m);
	else
		copy_begin_selection(cs->cm);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_stop_selection(struct cmd_copy_state *cs)
{
	copy_stop_selection(cs->cm);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_bottom_line(struct cmd_copy_state *cs)
{
	copy_bottom_line(cs->cm);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_cancel(struct cmd_copy_state *cs)
{
	return (CMD_COPY_CANCEL);
}

static enum cmd_copy_action
cmd_copy_clear_selection(struct cmd_copy_state *cs)
{
	copy_clear_selection(cs->cm);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_cursor_down(struct cmd_copy_state *cs)
{
	unsigned int	i;

	for (i = 0; i < cs->n; i++)
		copy_cursor_down(cs->cm, 0);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_cursor_down_and_cancel(struct cmd_copy_state *cs)
{
	unsigned int	i, x, y, x1, y1;

	copy_cursor(cs->cm, &x, &y);
	for (i = 0; i < cs->n; i++)
		copy_cursor_down(cs->cm, 0);
	copy_cursor(cs->cm, &x1, &y1);
	if (y1 == y && copy_at_bottom(cs->cm))
		return (CMD_COPY_CANCEL);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_cursor_left(struct cmd_copy_state *cs)
{
	unsigned int	i;

	for (i = 0; i < cs->n; i++)
		copy_cursor_left(cs->cm);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_cursor_right(struct cmd_copy_state *cs)
{
	unsigned int	i;

	for (i = 0; i < cs->n; i++)
		copy_cursor_right(cs->cm);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_cursor_up(struct cmd_copy_state *cs)
{
	unsigned int	i;

	for (i = 0; i < cs->n; i++)
		copy_cursor_up(cs->cm, 0);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_end_of_line(struct cmd_copy_state *cs)
{
	copy_end_of_line(cs->cm);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_goto_line(struct cmd_copy_state *cs)
{
	copy_goto_line(cs->cm, cs->argv[0]);
	return (CMD_COPY_MOVE);
}

/* Page or half page down n times; may end copy mode. */
static enum cmd_copy_action
cmd_copy_do_page_down(struct cmd_copy_state *cs, int half, int force_exit)
{
	unsigned int	i;

	for (i = 0; i < cs->n; i++) {
		if (copy_page_down(cs->cm, half, force_exit))
			return (CMD_COPY_CANCEL);
	}
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_halfpage_down(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_page_down(cs, 1, 0));
}

static enum cmd_copy_action
cmd_copy_halfpage_down_and_cancel(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_page_down(cs, 1, 1));
}

static enum cmd_copy_action
cmd_copy_page_down(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_page_down(cs, 0, 0));
}

static enum cmd_copy_action
cmd_copy_page_down_and_cancel(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_page_down(cs, 0, 1));
}

static enum cmd_copy_action
cmd_copy_halfpage_up(struct cmd_copy_state *cs)
{
	unsigned int	i;

	for (i = 0; i < cs->n; i++)
		copy_page_up(cs->cm, 1);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_page_up(struct cmd_copy_state *cs)
{
	unsigned int	i;

	for (i = 0; i < cs->n; i++)
		copy_page_up(cs->cm, 0);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_history_bottom(struct cmd_copy_state *cs)
{
	copy_history_bottom(cs->cm);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_history_top(struct cmd_copy_state *cs)
{
	copy_history_top(cs->cm);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_jump_again(struct cmd_copy_state *cs)
{
	unsigned int	i;

	for (i = 0; i < cs->n; i++)
		copy_jump_again(cs->cm, 0);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_jump_reverse(struct cmd_copy_state *cs)
{
	unsigned int	i;

	for (i = 0; i < cs->n; i++)
		copy_jump_again(cs->cm, 1);
	return (CMD_COPY_MOVE);
}

/* A jump: to the character given, or, without one, to the next key the
 * user types (tmux asks for it with command-prompt -1). */
static enum cmd_copy_action
cmd_copy_do_jump(struct cmd_copy_state *cs, enum copy_jump type,
    const char *what)
{
	struct client	*c = cs->item->client;
	const char	*arg;
	uint32_t	 ch;
	unsigned int	 i;
	char		*msg;

	if (cs->argc == 0) {
		copy_set_pending(cs->cm, type);
		if (c != NULL && c->session != NULL) {
			msg = xasprintf("(%s)", what);
			message_set(c, msg);
			free(msg);
		}
		return (CMD_COPY_MOVE);
	}
	arg = cs->argv[0];
	if (*arg == '\0' || utf8_decode(arg, strlen(arg), &ch) <= 0)
		return (CMD_COPY_MOVE);
	for (i = 0; i < cs->n; i++)
		copy_jump(cs->cm, type, ch);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_jump_backward(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_jump(cs, COPY_JUMP_BACKWARD, "jump backward"));
}

static enum cmd_copy_action
cmd_copy_jump_forward(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_jump(cs, COPY_JUMP_FORWARD, "jump forward"));
}

static enum cmd_copy_action
cmd_copy_jump_to_backward(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_jump(cs, COPY_JUMP_TO_BACKWARD,
	    "jump to backward"));
}

static enum cmd_copy_action
cmd_copy_jump_to_forward(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_jump(cs, COPY_JUMP_TO_FORWARD,
	    "jump to forward"));
}

static enum cmd_copy_action
cmd_copy_jump_to_mark(struct cmd_copy_state *cs)
{
	copy_jump_to_mark(cs->cm);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_middle_line(struct cmd_copy_state *cs)
{
	copy_middle_line(cs->cm);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_next_matching_bracket(struct cmd_copy_state *cs)
{
	unsigned int	i;

	for (i = 0; i < cs->n; i++)
		copy_matching_bracket(cs->cm, 1);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_previous_matching_bracket(struct cmd_copy_state *cs)
{
	unsigned int	i;

	for (i = 0; i < cs->n; i++)
		copy_matching_bracket(cs->cm, 0);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_next_paragraph(struct cmd_copy_state *cs)
{
	unsigned int	i;

	for (i = 0; i < cs->n; i++)
		copy_next_paragraph(cs->cm);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_previous_paragraph(struct cmd_copy_state *cs)
{
	unsigned int	i;

	for (i = 0; i < cs->n; i++)
		copy_previous_paragraph(cs->cm);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_next_space(struct cmd_copy_state *cs)
{
	unsigned int	i;

	for (i = 0; i < cs->n; i++)
		copy_next_word(cs->cm, "");
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_next_space_end(struct cmd_copy_state *cs)
{
	unsigned int	i;

	for (i = 0; i < cs->n; i++)
		copy_next_word_end(cs->cm, "");
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_next_word(struct cmd_copy_state *cs)
{
	unsigned int	i;

	for (i = 0; i < cs->n; i++)
		copy_next_word(cs->cm, cmd_copy_separators(cs));
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_next_word_end(struct cmd_copy_state *cs)
{
	unsigned int	i;

	for (i = 0; i < cs->n; i++)
		copy_next_word_end(cs->cm, cmd_copy_separators(cs));
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_previous_space(struct cmd_copy_state *cs)
{
	unsigned int	i;

	for (i = 0; i < cs->n; i++)
		copy_previous_word(cs->cm, "");
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_previous_word(struct cmd_copy_state *cs)
{
	unsigned int	i;

	for (i = 0; i < cs->n; i++)
		copy_previous_word(cs->cm, cmd_copy_separators(cs));
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_other_end(struct cmd_copy_state *cs)
{
	copy_other_end(cs->cm, cs->n % 2 != 0);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_rectangle_on(struct cmd_copy_state *cs)
{
	copy_rectangle(cs->cm, 1);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_rectangle_off(struct cmd_copy_state *cs)
{
	copy_rectangle(cs->cm, 0);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_rectangle_toggle(struct cmd_copy_state *cs)
{
	copy_rectangle(cs->cm, -1);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_refresh_from_pane(struct cmd_copy_state *cs)
{
	copy_refresh(cs->cm);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_scroll_down(struct cmd_copy_state *cs)
{
	unsigned int	i;

	for (i = 0; i < cs->n; i++)
		copy_cursor_down(cs->cm, 1);
	if (copy_scroll_exit(cs->cm) && copy_at_bottom(cs->cm) &&
	    !copy_has_selection(cs->cm))
		return (CMD_COPY_CANCEL);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_scroll_down_and_cancel(struct cmd_copy_state *cs)
{
	unsigned int	i;

	for (i = 0; i < cs->n; i++)
		copy_cursor_down(cs->cm, 1);
	if (copy_at_bottom(cs->cm))
		return (CMD_COPY_CANCEL);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_scroll_up(struct cmd_copy_state *cs)
{
	unsigned int	i;

	for (i = 0; i < cs->n; i++)
		copy_cursor_up(cs->cm, 1);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_search_again(struct cmd_copy_state *cs)
{
	unsigned int	i;

	for (i = 0; i < cs->n; i++)
		copy_search_again(cs->cm, 0);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_search_reverse(struct cmd_copy_state *cs)
{
	unsigned int	i;

	for (i = 0; i < cs->n; i++)
		copy_search_again(cs->cm, 1);
	return (CMD_COPY_MOVE);
}

/* search-forward and kin: n times for the argument (nothing without
 * one, as tmux). */
static enum cmd_copy_action
cmd_copy_do_search(struct cmd_copy_state *cs, int forward, int regex)
{
	unsigned int	i;

	if (cs->argc == 0 || *cs->argv[0] == '\0')
		return (CMD_COPY_MOVE);
	copy_search(cs->cm, cs->argv[0], forward, regex);
	for (i = 1; i < cs->n; i++)
		copy_search_again(cs->cm, 0);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_search_backward(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_search(cs, 0, 1));
}

static enum cmd_copy_action
cmd_copy_search_backward_text(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_search(cs, 0, 0));
}

static enum cmd_copy_action
cmd_copy_search_forward(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_search(cs, 1, 1));
}

static enum cmd_copy_action
cmd_copy_search_forward_text(struct cmd_copy_state *cs)
{
	return (cmd_copy_do_search(cs, 1, 0));
}

static enum cmd_copy_action
cmd_copy_search_backward_incremental(struct cmd_copy_state *cs)
{
	copy_search_incremental(cs->cm, cs->argv[0], 0);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_search_forward_incremental(struct cmd_copy_state *cs)
{
	copy_search_incremental(cs->cm, cs->argv[0], 1);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_select_line(struct cmd_copy_state *cs)
{
	copy_select_line(cs->cm, cs->n);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_select_word(struct cmd_copy_state *cs)
{
	copy_select_word(cs->cm, cmd_copy_separators(cs));
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_set_mark(struct cmd_copy_state *cs)
{
	copy_set_mark(cs->cm);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_start_of_line(struct cmd_copy_state *cs)
{
	copy_start_of_line(cs->cm);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_toggle_position(struct cmd_copy_state *cs)
{
	copy_toggle_position(cs->cm);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_top_line(struct cmd_copy_state *cs)
{
	copy_top_line(cs->cm);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_scroll_exit_on(struct cmd_copy_state *cs)
{
	copy_set_scroll_exit(cs->cm, 1);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_scroll_exit_off(struct cmd_copy_state *cs)
{
	copy_set_scroll_exit(cs->cm, 0);
	return (CMD_COPY_MOVE);
}

static enum cmd_copy_action
cmd_copy_scroll_exit_toggle(struct cmd_copy_state *cs)
{
	copy_set_scroll_exit(cs->cm, !copy_scroll_exit(cs->cm));
	return (CMD_COPY_MOVE);
}

#define A	CMD_COPY_CLEAR_ALWAYS
#define N	CMD_COPY_CLEAR_NEVER
#define E	CMD_COPY_CLEAR_EMACS_ONLY

/* The copy-mode commands: name, flags (-C no clipboard, -P no paste
 * buffer), least and most arguments, search highlighting, function. */
static const struct cmd_copy_entry {
	const char		*name;
	const char		*flags;
	int			 lower, upper;
	enum cmd_copy_clear	 clear;
	enum cmd_copy_action	(*f)(struct cmd_copy_state *);
} cmd_copy_table[] = {
	{ "append-selection", "", 0, 0, A, cmd_copy_append_selection },
	{ "append-selection-and-cancel", "", 0, 0, A,
	  cmd_copy_append_selection_and_cancel },
	{ "back-to-indentation", "", 0, 0, A, cmd_copy_back_to_indentation },
	{ "begin-selection", "", 0, 0, A, cmd_copy_begin_selection },
	{ "bottom-line", "", 0, 0, E, cmd_copy_bottom_line },
	{ "cancel", "", 0, 0, A, cmd_copy_cancel },
	{ "clear-selection", "", 0, 0, A, cmd_copy_clear_selection },
	{ "copy-end-of-line", "CP", 0, 1, A, cmd_copy_copy_end_of_line },
	{ "copy-end-of-line-and-cancel", "CP", 0, 1, A,
	  cmd_copy_copy_end_of_line_and_cancel },
	{ "copy-line", "CP", 0, 1, A, cmd_copy_copy_line },
	{ "copy-line-and-cancel", "CP", 0, 1, A,
	  cmd_copy_copy_line_and_cancel },
	{ "copy-pipe", "CP", 0, 2, A, cmd_copy_copy_pipe },
	{ "copy-pipe-and-cancel", "CP", 0, 2, A,
	  cmd_copy_copy_pipe_and_cancel },
	{ "copy-pipe-end-of-line", "CP", 0, 2, A,
	  cmd_copy_copy_pipe_end_of_line },
	{ "copy-pipe-end-of-line-and-cancel", "CP", 0, 2, A,
	  cmd_copy_copy_pipe_end_of_line_and_cancel },
	{ "copy-pipe-line", "CP", 0, 2, A, cmd_copy_copy_pipe_line },
	{ "copy-pipe-line-and-cancel", "CP", 0, 2, A,
	  cmd_copy_copy_pipe_line_and_cancel },
	{ "copy-pipe-no-clear", "CP", 0, 2, N, cmd_copy_copy_pipe_no_clear },
	{ "copy-selection", "CP", 0, 1, A, cmd_copy_copy_selection },
	{ "copy-selection-and-cancel", "CP", 0, 1, A,
	  cmd_copy_copy_selection_and_cancel },
	{ "copy-selection-no-clear", "CP", 0, 1, N,
	  cmd_copy_copy_selection_no_clear },
	{ "cursor-down", "", 0, 0, E, cmd_copy_cursor_down },
	{ "cursor-down-and-cancel", "", 0, 0, A,
	  cmd_copy_cursor_down_and_cancel },
	{ "cursor-left", "", 0, 0, E, cmd_copy_cursor_left },
	{ "cursor-right", "", 0, 0, E, cmd_copy_cursor_right },
	{ "cursor-up", "", 0, 0, E, cmd_copy_cursor_up },
	{ "end-of-line", "", 0, 0, E, cmd_copy_end_of_line },
	{ "goto-line", "", 1, 1, E, cmd_copy_goto_line },
	{ "halfpage-down", "", 0, 0, E, cmd_copy_halfpage_down },
	{ "halfpage-down-and-cancel", "", 0, 0, A,
	  cmd_copy_halfpage_down_and_cancel },
	{ "halfpage-up", "", 0, 0, E, cmd_copy_halfpage_up },
	{ "history-bottom", "", 0, 0, E, cmd_copy_history_bottom },
	{ "history-top", "", 0, 0, E, cmd_copy_history_top },
	{ "jump-again", "", 0, 0, E, cmd_copy_jump_again },
	{ "jump-backward", "", 0, 1, E, cmd_copy_jump_backward },
	{ "jump-forward", "", 0, 1, E, cmd_copy_jump_forward },
	{ "jump-reverse", "", 0, 0, E, cmd_copy_jump_reverse },
	{ "jump-to-backward", "", 0, 1, E, cmd_copy_jump_to_backward },
	{ "jump-to-forward", "", 0, 1, E, cmd_copy_jump_to_forward },
	{ "jump-to-mark", "", 0, 0, A, cmd_copy_jump_to_mark },
	{ "middle-line", "", 0, 0, E, cmd_copy_middle_line },
	{ "next-matching-bracket", "", 0, 0, A,
	  cmd_copy_next_matching_bracket },
	{ "next-paragraph", "", 0, 0, E, cmd_copy_next_paragraph },
	{ "next-space", "", 0, 0, E, cmd_copy_next_space },
	{ "next-space-end", "", 0, 0, E, cmd_copy_next_space_end },
	{ "next-word", "", 0, 0, E, cmd_copy_next_word },
	{ "next-word-end", "", 0, 0, E, cmd_copy_next_word_end },
	{ "other-end", "", 0, 0, E, cmd_copy_other_end },
	{ "page-down", "", 0, 0, E, cmd_copy_page_down },
	{ "page-down-and-cancel", "", 0, 0, A,
	  cmd_copy_page_down_and_cancel },
	{ "page-up", "", 0, 0, E, cmd_copy_page_up },
	{ "pipe", "", 0, 1, A, cmd_copy_pipe },
	{ "pipe-and-cancel", "", 0, 1, A, cmd_copy_pipe_and_cancel },
	{ "pipe-no-clear", "", 0, 1, N, cmd_copy_pipe_no_clear },
	{ "previous-matching-bracket", "", 0, 0, A,
	  cmd_copy_previous_matching_bracket },
	{ "previous-paragraph", "", 0, 0, E, cmd_copy_previous_paragraph },
	{ "previous-space", "", 0, 0, E, cmd_copy_previous_space },
	{ "previous-word", "", 0, 0, E, cmd_copy_previous_word },
	{ "rectangle-off", "", 0, 0, A, cmd_copy_rectangle_off },
	{ "rectangle-on", "", 0, 0, A, cmd_copy_rectangle_on },
	{ "rectangle-toggle", "", 0, 0, A, cmd_copy_rectangle_toggle },
	{ "refresh-from-pane", "", 0, 0, A, cmd_copy_refresh_from_pane },
	{ "scroll-down", "", 0, 0, E, cmd_copy_scroll_down },
	{ "scroll-down-and-cancel", "", 0, 0, A,
	  cmd_copy_scroll_down_and_cancel },
	{ "scroll-exit-off", "", 0, 0, A, cmd_copy_scroll_exit_off },
	{ "scroll-exit-on", "", 0, 0, A, cmd_copy_scroll_exit_on },
	{ "scroll-exit-toggle", "", 0, 0, A, cmd_copy_scroll_exit_toggle },
	{ "scroll-up", "", 0, 0, E, cmd_copy_scroll_up },
	{ "search-again", "", 0, 0, A, cmd_copy_search_again },
	{ "search-backward", "", 0, 1, A, cmd_copy_search_backward },
	{ "search-backward-incremental", "", 1, 1, A,
	  cmd_copy_search_backward_incremental },
	{ "search-backward-text", "", 0, 1, A, cmd_copy_search_backward_text },
	{ "search-forward", "", 0, 1, A, cmd_copy_search_forward },
	{ "search-forward-incremental", "", 1, 1, A,
	  cmd_copy_search_forward_incremental },
	{ "search-forward-text", "", 0, 1, A, cmd_copy_search_forward_text },
	{ "search-reverse", "", 0, 0, A, cmd_copy_search_reverse },
	{ "select-line", "", 0, 0, A, cmd_copy_select_line },
	{ "select-word", "", 0, 0, A, cmd_copy_select_word },
	{ "set-mark", "", 0, 0, A, cmd_copy_set_mark },
	{ "start-of-line", "", 0, 0, E, cmd_copy_start_of_line },
	{ "stop-selection", "", 0, 0, A, cmd_copy_stop_selection },
	{ "toggle-position", "", 0, 0, N, cmd_copy_toggle_position },
	{ "top-line", "", 0, 0, E, cmd_copy_top_line },
};

#undef A
#undef N
#undef E

/* Take the command's flags (-C, -P, grouped or not) from the front of
 * its arguments; 0, or -1 for a flag it does not have. */
static int
cmd_copy_flags(struct cmd_copy_state *cs, const char *allowed)
{
	const char	*s;

	while (cs->argc > 0 && cs->argv[0][0] == '-' &&
	    cs->argv[0][1] != '\0') {
		if (strcmp(cs->argv[0], "--") == 0) {
			cs->argc--;
			cs->argv++;
			break;
		}
		for (s = cs->argv[0] + 1; *s != '\0'; s++) {
			if (strchr(allowed, *s) == NULL)
				return (-1);
			if (*s == 'C')
				cs->set_clip = 0;
			else if (*s == 'P')
				cs->set_paste = 0;
		}
		cs->argc--;
		cs->argv++;
	}
	return (0);
}

enum cmd_retval
cmd_copy_mode_send(struct cmdq_item *item, struct pane *p, int argc,
    char **argv, unsigned int n, int expand)
{
	const struct cmd_copy_entry	*ce = NULL;
	const struct mouse_event	*m = cmdq_mouse(item);
	struct cmd_copy_state		 cs;
	enum cmd_copy_action		 action;
	enum cmd_copy_clear		 clear;
	char				**args = NULL;
	size_t				 i;
	unsigned int			 prefix, x, y;
	int				 j;

	if (p->mode == NULL) {
		cmdq_error(item, "not in a mode");
		return (CMD_RETURN_ERROR);
	}
	/* A count given with the command wins over one typed before it;
	 * either way the command uses it up. */
	prefix = copy_take_prefix(p->mode);
	if (n == 0)
		n = prefix;
	if (argc == 0)
		return (CMD_RETURN_NORMAL);
	for (i = 0; i < sizeof cmd_copy_table / sizeof cmd_copy_table[0];
	    i++) {
		if (strcmp(cmd_copy_table[i].name, argv[0]) == 0) {
			ce = &cmd_copy_table[i];
			break;
		}
	}
	if (ce == NULL)
		return (CMD_RETURN_NORMAL);	/* tmux ignores it too */

	/* A mouse key's command acts where the mouse is. */
	if (m != NULL && mouse_pane(m) == p &&
	    KEYC_MOUSE_TYPE(m->key) != KEYC_WHEEL_UP &&
	    KEYC_MOUSE_TYPE(m->key) != KEYC_WHEEL_DOWN &&
	    mouse_at(m, p, &x, &y, 0))
		copy_mouse_cursor(p->mode, x, y);

	memset(&cs, 0, sizeof cs);
	cs.item = item;
	cs.p = p;
	cs.cm = p->mode;
	cs.n = n == 0 ? 1 : n;
	cs.set_paste = cs.set_clip = 1;
	if (expand) {
		args = xcalloc(argc, sizeof *args);
		for (j = 1; j < argc; j++) {
			args[j] = format_expand(argv[j], &item->target,
			    item->client);
		}
		argv = args;
	}
	cs.argc = argc - 1;
	cs.argv = argv + 1;
	if ((*ce->flags == '\0' || cmd_copy_flags(&cs, ce->flags) == 0) &&
	    cs.argc >= ce->lower &&
	    cs.argc <= ce->upper) {
		action = ce->f(&cs);
		clear = ce->clear;
		if (strncmp(ce->name, "search-", 7) != 0 &&
		    p->mode != NULL && copy_has_marks(p->mode)) {
			if (clear == CMD_COPY_CLEAR_EMACS_ONLY &&
			    cmd_copy_vi(&cs))
				clear = CMD_COPY_CLEAR_NEVER;
			if (clear != CMD_COPY_CLEAR_NEVER)
				copy_clear_marks(p->mode);
		}
		if (action == CMD_COPY_CANCEL)
			copy_exit(p);
		window_recompose(p->window);
	}
	if (args != NULL) {
		for (j = 1; j < argc; j++)
			free(args[j]);
		free(args);
	}
	return (CMD_RETURN_NORMAL);
}
