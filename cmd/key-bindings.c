/*
 * Key tables and bindings. Tables are created on first use and kept in the
 * server context; each binding holds a reference on its command list.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/key-bindings.h"
#include "common/log.h"
#include "common/xmalloc.h"
#include "server/server.h"

/* tmux's default bindings, for the commands mux has. */
static const char *const key_bindings_defaults[] = {
	"bind-key -T prefix C-b send-prefix",
	"bind-key -T prefix d detach-client",
	"bind-key -T prefix ? list-keys",
	"bind-key -T prefix r refresh-client",
	"bind-key -T prefix c new-window",
	"bind-key -T prefix q display-panes",
	"bind-key -T prefix w choose-tree -Zw",
	"bind-key -T prefix s choose-tree -Zs",
	"bind-key -T prefix = choose-buffer -Z",
	"bind-key -T prefix D choose-client -Z",
	"bind-key -T prefix ] paste-buffer -p",
	"bind-key -T prefix \\# list-buffers",
	"bind-key -T prefix - delete-buffer",
	"bind-key -T prefix : command-prompt",
	"bind-key -T prefix & confirm-before -p \"kill-window #W? (y/n)\" "
	    "kill-window",
	"bind-key -T prefix x confirm-before -p \"kill-pane #P? (y/n)\" "
	    "kill-pane",
	"bind-key -T prefix , command-prompt -I \"#W\" "
	    "\"rename-window -- '%%'\"",
	"bind-key -T prefix \\$ command-prompt -I \"#S\" "
	    "\"rename-session -- '%%'\"",
	"bind-key -T prefix \"'\" command-prompt -p index "
	    "\"select-window -t ':%%'\"",
	"bind-key -T prefix t clock-mode",
	"bind-key -T prefix C customize-mode -Z",
	"bind-key -T prefix i display-message",
	"bind-key -T prefix n next-window",
	"bind-key -T prefix p previous-window",
	"bind-key -T prefix l last-window",
	"bind-key -T prefix % split-window -h",
	"bind-key -T prefix '\"' split-window",
	"bind-key -T prefix o select-pane -t :.+",
	"bind-key -T prefix \\; last-pane",
	"bind-key -T prefix z resize-pane -Z",
	"bind-key -T prefix Up select-pane -U",
	"bind-key -T prefix Down select-pane -D",
	"bind-key -T prefix Left select-pane -L",
	"bind-key -T prefix Right select-pane -R",
	"bind-key -r -T prefix C-Up resize-pane -U",
	"bind-key -r -T prefix C-Down resize-pane -D",
	"bind-key -r -T prefix C-Left resize-pane -L",
	"bind-key -r -T prefix C-Right resize-pane -R",
	"bind-key -r -T prefix M-Up resize-pane -U 5",
	"bind-key -r -T prefix M-Down resize-pane -D 5",
	"bind-key -r -T prefix M-Left resize-pane -L 5",
	"bind-key -r -T prefix M-Right resize-pane -R 5",
	"bind-key -T prefix Space next-layout",
	"bind-key -T prefix M-1 select-layout even-horizontal",
	"bind-key -T prefix M-2 select-layout even-vertical",
	"bind-key -T prefix M-3 select-layout main-horizontal",
	"bind-key -T prefix M-4 select-layout main-vertical",
	"bind-key -T prefix M-5 select-layout tiled",
	"bind-key -T prefix \\{ swap-pane -U",
	"bind-key -T prefix \\} swap-pane -D",
	"bind-key -T prefix ! break-pane",
	"bind-key -T prefix C-o rotate-window",
	"bind-key -T prefix M-o rotate-window -D",
	"bind-key -T prefix ( switch-client -p",
	"bind-key -T prefix ) switch-client -n",
	"bind-key -T prefix L switch-client -l",
	"bind-key -T prefix 0 select-window -t :0",
	"bind-key -T prefix 1 select-window -t :1",
	"bind-key -T prefix 2 select-window -t :2",
	"bind-key -T prefix 3 select-window -t :3",
	"bind-key -T prefix 4 select-window -t :4",
	"bind-key -T prefix 5 select-window -t :5",
	"bind-key -T prefix 6 select-window -t :6",
	"bind-key -T prefix 7 select-window -t :7",
	"bind-key -T prefix 8 select-window -t :8",
	"bind-key -T prefix 9 select-window -t :9",
	"bind-key -T prefix [ copy-mode",
	"bind-key -T prefix PPage copy-mode -u",
	/*
	 * The mouse (with the mouse option on), as tmux 3.3a binds it; a
	 * pane whose program asked for the mouse gets the events instead
	 * (send-keys -M). The wheel over a full-screen program that did
	 * not ask scrolls it by cursor keys (mux's alternate scroll) where
	 * tmux would enter copy mode; the right button has no menu.
	 */
	"bind-key -T root MouseDown1Pane select-pane -t = \\; send-keys -M",
	"bind-key -T root MouseDown1Status select-window -t =",
	"bind-key -T root MouseDown2Pane select-pane -t = \\; "
	    "if-shell -F \"#{||:#{pane_in_mode},#{mouse_any_flag}}\" "
	    "\"send-keys -M\" \"paste-buffer -p\"",
	"bind-key -T root MouseDown3Pane select-pane -t = \\; send-keys -M",
	"bind-key -T root MouseDrag1Pane "
	    "if-shell -F \"#{||:#{pane_in_mode},#{mouse_any_flag}}\" "
	    "\"send-keys -M\" \"copy-mode -M\"",
	"bind-key -T root MouseDrag1Border resize-pane -M",
	"bind-key -T root WheelUpPane if-shell -F "
	    "\"#{||:#{pane_in_mode},#{||:#{mouse_any_flag},#{alternate_on}}}\" "
	    "\"send-keys -M\" \"copy-mode -e\"",
	"bind-key -T root WheelUpStatus previous-window",
	"bind-key -T root WheelDownStatus next-window",
	"bind-key -T root DoubleClick1Pane select-pane -t = \\; "
	    "if-shell -F \"#{||:#{pane_in_mode},#{mouse_any_flag}}\" "
	    "\"send-keys -M\" \"copy-mode -H ; send-keys -X select-word ; "
	    "run-shell -d 0.3 ; send-keys -X copy-pipe-and-cancel\"",
	"bind-key -T root TripleClick1Pane select-pane -t = \\; "
	    "if-shell -F \"#{||:#{pane_in_mode},#{mouse_any_flag}}\" "
	    "\"send-keys -M\" \"copy-mode -H ; send-keys -X select-line ; "
	    "run-shell -d 0.3 ; send-keys -X copy-pipe-and-cancel\"",
	/*
	 * tmux 3.3a's copy-mode tables, less what mux cannot do yet: the
	 * incremental prompt. f F t T take the next key as
	 * the character to jump to, where tmux opens a one-key prompt.
	 * Digits (vi) and M-1 to M-9 (emacs) start a repeat count.
	 */
	/* copy mode (emacs keys; mode-keys picks the table) */
	"bind-key -T copy-mode C-Space send-keys -X begin-selection",
	"bind-key -T copy-mode C-a send-keys -X start-of-line",
	"bind-key -T copy-mode C-b send-keys -X cursor-left",
	"bind-key -T copy-mode C-c send-keys -X cancel",
	"bind-key -T copy-mode C-e send-keys -X end-of-line",
	"bind-key -T copy-mode C-f send-keys -X cursor-right",
	"bind-key -T copy-mode C-g send-keys -X clear-selection",
	"bind-key -T copy-mode C-k "
	    "send-keys -X copy-pipe-end-of-line-and-cancel",
	"bind-key -T copy-mode C-n send-keys -X cursor-down",
	"bind-key -T copy-mode C-p send-keys -X cursor-up",
	"bind-key -T copy-mode C-r "
	    "command-prompt -I \"#{pane_search_string}\" -p \"(search up)\" "
	    "\"send-keys -X search-backward-incremental \\\"%%\\\"\"",
	"bind-key -T copy-mode C-s "
	    "command-prompt -I \"#{pane_search_string}\" -p \"(search down)\" "
	    "\"send-keys -X search-forward-incremental \\\"%%\\\"\"",
	"bind-key -T copy-mode C-v send-keys -X page-down",
	"bind-key -T copy-mode C-w send-keys -X copy-pipe-and-cancel",
	"bind-key -T copy-mode Escape send-keys -X cancel",
	"bind-key -T copy-mode Space send-keys -X page-down",
	"bind-key -T copy-mode , send-keys -X jump-reverse",
	"bind-key -T copy-mode \\; send-keys -X jump-again",
	"bind-key -T copy-mode F send-keys -X jump-backward",
	"bind-key -T copy-mode N send-keys -X search-reverse",
	"bind-key -T copy-mode P send-keys -X toggle-position",
	"bind-key -T copy-mode R send-keys -X rectangle-toggle",
	"bind-key -T copy-mode T send-keys -X jump-to-backward",
	"bind-key -T copy-mode X send-keys -X set-mark",
	"bind-key -T copy-mode f send-keys -X jump-forward",
	"bind-key -T copy-mode g "
	    "command-prompt -p \"(goto line)\" "
	    "\"send-keys -X goto-line \\\"%%\\\"\"",
	"bind-key -T copy-mode n send-keys -X search-again",
	"bind-key -T copy-mode q send-keys -X cancel",
	"bind-key -T copy-mode r send-keys -X refresh-from-pane",
	"bind-key -T copy-mode t send-keys -X jump-to-forward",
	"bind-key -T copy-mode Home send-keys -X start-of-line",
	"bind-key -T copy-mode End send-keys -X end-of-line",
	"bind-key -T copy-mode NPage send-keys -X page-down",
	"bind-key -T copy-mode PPage send-keys -X page-up",
	"bind-key -T copy-mode Up send-keys -X cursor-up",
	"bind-key -T copy-mode Down send-keys -X cursor-down",
	"bind-key -T copy-mode Left send-keys -X cursor-left",
	"bind-key -T copy-mode Right send-keys -X cursor-right",
	"bind-key -T copy-mode M-C-b send-keys -X previous-matching-bracket",
	"bind-key -T copy-mode M-C-f send-keys -X next-matching-bracket",
	"bind-key -T copy-mode M-< send-keys -X history-top",
	"bind-key -T copy-mode M-> send-keys -X history-bottom",
	"bind-key -T copy-mode M-R send-keys -X top-line",
	"bind-key -T copy-mode M-b send-keys -X previous-word",
	"bind-key -T copy-mode M-f send-keys -X next-word-end",
	"bind-key -T copy-mode M-m send-keys -X back-to-indentation",
	"bind-key -T copy-mode M-r send-keys -X middle-line",
	"bind-key -T copy-mode M-v send-keys -X page-up",
	"bind-key -T copy-mode M-w send-keys -X copy-pipe-and-cancel",
	"bind-key -T copy-mode M-x send-keys -X jump-to-mark",
	"bind-key -T copy-mode M-\\{ send-keys -X previous-paragraph",
	"bind-key -T copy-mode M-\\} send-keys -X next-paragraph",
	"bind-key -T copy-mode M-Up send-keys -X halfpage-up",
	"bind-key -T copy-mode M-Down send-keys -X halfpage-down",
	"bind-key -T copy-mode C-Up send-keys -X scroll-up",
	"bind-key -T copy-mode C-Down send-keys -X scroll-down",
	"bind-key -T copy-mode MouseDown1Pane select-pane",
	"bind-key -T copy-mode MouseDrag1Pane "
	    "select-pane \\; send-keys -X begin-selection",
	"bind-key -T copy-mode MouseDragEnd1Pane "
	    "send-keys -X copy-pipe-and-cancel",
	"bind-key -T copy-mode WheelUpPane "
	    "select-pane \\; send-keys -X -N 5 scroll-up",
	"bind-key -T copy-mode WheelDownPane "
	    "select-pane \\; send-keys -X -N 5 scroll-down",
	"bind-key -T copy-mode DoubleClick1Pane select-pane \\; "
	    "send-keys -X select-word \\; run-shell -d 0.3 \\; "
	    "send-keys -X copy-pipe-and-cancel",
	"bind-key -T copy-mode TripleClick1Pane select-pane \\; "
	    "send-keys -X select-line \\; run-shell -d 0.3 \\; "
	    "send-keys -X copy-pipe-and-cancel",
	"bind-key -T copy-mode M-1 "
	    "command-prompt -N -I 1 -p (repeat) \"send -N \\\"%%\\\"\"",
	"bind-key -T copy-mode M-2 "
	    "command-prompt -N -I 2 -p (repeat) \"send -N \\\"%%\\\"\"",
	"bind-key -T copy-mode M-3 "
	    "command-prompt -N -I 3 -p (repeat) \"send -N \\\"%%\\\"\"",
	"bind-key -T copy-mode M-4 "
	    "command-prompt -N -I 4 -p (repeat) \"send -N \\\"%%\\\"\"",
	"bind-key -T copy-mode M-5 "
	    "command-prompt -N -I 5 -p (repeat) \"send -N \\\"%%\\\"\"",
	"bind-key -T copy-mode M-6 "
	    "command-prompt -N -I 6 -p (repeat) \"send -N \\\"%%\\\"\"",
	"bind-key -T copy-mode M-7 "
	    "command-prompt -N -I 7 -p (repeat) \"send -N \\\"%%\\\"\"",
	"bind-key -T copy-mode M-8 "
	    "command-prompt -N -I 8 -p (repeat) \"send -N \\\"%%\\\"\"",
	"bind-key -T copy-mode M-9 "
	    "command-prompt -N -I 9 -p (repeat) \"send -N \\\"%%\\\"\"",
	/* copy mode with vi keys */
	"bind-key -T copy-mode-vi C-b send-keys -X page-up",
	"bind-key -T copy-mode-vi C-c send-keys -X cancel",
	"bind-key -T copy-mode-vi C-d send-keys -X halfpage-down",
	"bind-key -T copy-mode-vi C-e send-keys -X scroll-down",
	"bind-key -T copy-mode-vi C-f send-keys -X page-down",
	"bind-key -T copy-mode-vi C-h send-keys -X cursor-left",
	"bind-key -T copy-mode-vi C-j send-keys -X copy-pipe-and-cancel",
	"bind-key -T copy-mode-vi Enter send-keys -X copy-pipe-and-cancel",
	"bind-key -T copy-mode-vi C-u send-keys -X halfpage-up",
	"bind-key -T copy-mode-vi C-v send-keys -X rectangle-toggle",
	"bind-key -T copy-mode-vi C-y send-keys -X scroll-up",
	"bind-key -T copy-mode-vi Escape send-keys -X clear-selection",
	"bind-key -T copy-mode-vi Space send-keys -X begin-selection",
	"bind-key -T copy-mode-vi \\# "
	    "send-keys -FX search-backward \"#{copy_cursor_word}\"",
	"bind-key -T copy-mode-vi \\$ send-keys -X end-of-line",
	"bind-key -T copy-mode-vi % send-keys -X next-matching-bracket",
	"bind-key -T copy-mode-vi * "
	    "send-keys -FX search-forward \"#{copy_cursor_word}\"",
	"bind-key -T copy-mode-vi , send-keys -X jump-reverse",
	"bind-key -T copy-mode-vi / "
	    "command-prompt -p \"(search down)\" "
	    "\"send-keys -X search-forward \\\"%%\\\"\"",
	"bind-key -T copy-mode-vi 0 send-keys -X start-of-line",
	"bind-key -T copy-mode-vi : "
	    "command-prompt -p \"(goto line)\" "
	    "\"send-keys -X goto-line \\\"%%\\\"\"",
	"bind-key -T copy-mode-vi \\; send-keys -X jump-again",
	"bind-key -T copy-mode-vi ? "
	    "command-prompt -p \"(search up)\" "
	    "\"send-keys -X search-backward \\\"%%\\\"\"",
	"bind-key -T copy-mode-vi A "
	    "send-keys -X append-selection-and-cancel",
	"bind-key -T copy-mode-vi B send-keys -X previous-space",
	"bind-key -T copy-mode-vi D "
	    "send-keys -X copy-pipe-end-of-line-and-cancel",
	"bind-key -T copy-mode-vi E send-keys -X next-space-end",
	"bind-key -T copy-mode-vi F send-keys -X jump-backward",
	"bind-key -T copy-mode-vi G send-keys -X history-bottom",
	"bind-key -T copy-mode-vi H send-keys -X top-line",
	"bind-key -T copy-mode-vi J send-keys -X scroll-down",
	"bind-key -T copy-mode-vi K send-keys -X scroll-up",
	"bind-key -T copy-mode-vi L send-keys -X bottom-line",
	"bind-key -T copy-mode-vi M send-keys -X middle-line",
	"bind-key -T copy-mode-vi N send-keys -X search-reverse",
	"bind-key -T copy-mode-vi P send-keys -X toggle-position",
	"bind-key -T copy-mode-vi T send-keys -X jump-to-backward",
	"bind-key -T copy-mode-vi V send-keys -X select-line",
	"bind-key -T copy-mode-vi W send-keys -X next-space",
	"bind-key -T copy-mode-vi X send-keys -X set-mark",
	"bind-key -T copy-mode-vi ^ send-keys -X back-to-indentation",
	"bind-key -T copy-mode-vi b send-keys -X previous-word",
	"bind-key -T copy-mode-vi e send-keys -X next-word-end",
	"bind-key -T copy-mode-vi f send-keys -X jump-forward",
	"bind-key -T copy-mode-vi g send-keys -X history-top",
	"bind-key -T copy-mode-vi h send-keys -X cursor-left",
	"bind-key -T copy-mode-vi j send-keys -X cursor-down",
	"bind-key -T copy-mode-vi k send-keys -X cursor-up",
	"bind-key -T copy-mode-vi l send-keys -X cursor-right",
	"bind-key -T copy-mode-vi n send-keys -X search-again",
	"bind-key -T copy-mode-vi o send-keys -X other-end",
	"bind-key -T copy-mode-vi q send-keys -X cancel",
	"bind-key -T copy-mode-vi r send-keys -X refresh-from-pane",
	"bind-key -T copy-mode-vi t send-keys -X jump-to-forward",
	"bind-key -T copy-mode-vi v send-keys -X rectangle-toggle",
	"bind-key -T copy-mode-vi w send-keys -X next-word",
	"bind-key -T copy-mode-vi \\{ send-keys -X previous-paragraph",
	"bind-key -T copy-mode-vi \\} send-keys -X next-paragraph",
	"bind-key -T copy-mode-vi BSpace send-keys -X cursor-left",
	"bind-key -T copy-mode-vi NPage send-keys -X page-down",
	"bind-key -T copy-mode-vi PPage send-keys -X page-up",
	"bind-key -T copy-mode-vi Up send-keys -X cursor-up",
	"bind-key -T copy-mode-vi Down send-keys -X cursor-down",
	"bind-key -T copy-mode-vi Left send-keys -X cursor-left",
	"bind-key -T copy-mode-vi Right send-keys -X cursor-right",
	"bind-key -T copy-mode-vi M-x send-keys -X jump-to-mark",
	"bind-key -T copy-mode-vi C-Up send-keys -X scroll-up",
	"bind-key -T copy-mode-vi C-Down send-keys -X scroll-down",
	"bind-key -T copy-mode-vi MouseDown1Pane select-pane",
	"bind-key -T copy-mode-vi MouseDrag1Pane "
	    "select-pane \\; send-keys -X begin-selection",
	"bind-key -T copy-mode-vi MouseDragEnd1Pane "
	    "send-keys -X copy-pipe-and-cancel",
	"bind-key -T copy-mode-vi WheelUpPane "
	    "select-pane \\; send-keys -X -N 5 scroll-up",
	"bind-key -T copy-mode-vi WheelDownPane "
	    "select-pane \\; send-keys -X -N 5 scroll-down",
	"bind-key -T copy-mode-vi DoubleClick1Pane select-pane \\; "
	    "send-keys -X select-word \\; run-shell -d 0.3 \\; "
	    "send-keys -X copy-pipe-and-cancel",
	"bind-key -T copy-mode-vi TripleClick1Pane select-pane \\; "
	    "send-keys -X select-line \\; run-shell -d 0.3 \\; "
	    "send-keys -X copy-pipe-and-cancel",
	"bind-key -T copy-mode-vi 1 "
	    "command-prompt -N -I 1 -p (repeat) \"send -N \\\"%%\\\"\"",
	"bind-key -T copy-mode-vi 2 "
	    "command-prompt -N -I 2 -p (repeat) \"send -N \\\"%%\\\"\"",
	"bind-key -T copy-mode-vi 3 "
	    "command-prompt -N -I 3 -p (repeat) \"send -N \\\"%%\\\"\"",
	"bind-key -T copy-mode-vi 4 "
	    "command-prompt -N -I 4 -p (repeat) \"send -N \\\"%%\\\"\"",
	"bind-key -T copy-mode-vi 5 "
	    "command-prompt -N -I 5 -p (repeat) \"send -N \\\"%%\\\"\"",
	"bind-key -T copy-mode-vi 6 "
	    "command-prompt -N -I 6 -p (repeat) \"send -N \\\"%%\\\"\"",
	"bind-key -T copy-mode-vi 7 "
	    "command-prompt -N -I 7 -p (repeat) \"send -N \\\"%%\\\"\"",
	"bind-key -T copy-mode-vi 8 "
	    "command-prompt -N -I 8 -p (repeat) \"send -N \\\"%%\\\"\"",
	"bind-key -T copy-mode-vi 9 "
	    "command-prompt -N -I 9 -p (repeat) \"send -N \\\"%%\\\"\"",
};

struct key_table *
key_table_find(const char *name, int create)
{
	struct key_table	*kt;

	TAILQ_FOREACH(kt, &srv->key_tables, entry) {
		if (strcmp(kt->name, name) == 0)
			return (kt);
	}
	if (!create)
		return (NULL);
	kt = xcalloc(1, sizeof *kt);
	kt->name = xstrdup(name);
	TAILQ_INIT(&kt->bindings);
	TAILQ_INSERT_TAIL(&srv->key_tables, kt, entry);
	return (kt);
}

struct key_table *
key_table_first(void)
{
	return (TAILQ_FIRST(&srv->key_tables));
}

struct key_table *
key_table_next(struct key_table *kt)
{
	return (TAILQ_NEXT(kt, entry));
}

struct key_binding *
key_bindings_find(struct key_table *kt, key_code key)
{
	struct key_binding	*kb;

	if (kt == NULL)
		return (NULL);
	TAILQ_FOREACH(kb, &kt->bindings, entry) {
		if (kb->key == key)
			return (kb);
	}
	return (NULL);
}

void
key_bindings_add(const char *table, key_code key, int repeat,
    struct cmd_list *cmds)
{
	struct key_table	*kt = key_table_find(table, 1);
	struct key_binding	*kb, *at;

	key_bindings_remove(table, key);
	kb = xcalloc(1, sizeof *kb);
	kb->key = key;
	kb->repeat = repeat;
	kb->cmds = cmds;
	cmds->references++;
	/* Keep the table sorted by key code, as list-keys shows it. */
	TAILQ_FOREACH(at, &kt->bindings, entry) {
		if (at->key > key)
			break;
	}
	if (at != NULL)
		TAILQ_INSERT_BEFORE(at, kb, entry);
	else
		TAILQ_INSERT_TAIL(&kt->bindings, kb, entry);
}

void
key_bindings_remove(const char *table, key_code key)
{
	struct key_table	*kt = key_table_find(table, 0);
	struct key_binding	*kb;

	if ((kb = key_bindings_find(kt, key)) == NULL)
		return;
	TAILQ_REMOVE(&kt->bindings, kb, entry);
	cmd_list_free(kb->cmds);
	free(kb->note);
	free(kb);
}

void
key_bindings_set_note(const char *table, key_code key, const char *note)
{
	struct key_binding	*kb;

	if ((kb = key_bindings_find(key_table_find(table, 0), key)) == NULL)
		return;
	free(kb->note);
	kb->note = note != NULL ? xstrdup(note) : NULL;
}

/* A default binding command finished: it must not have failed. */
static void
key_bindings_default_done(struct cmdq_item *item, void *arg)
{
	if (item->failed) {
		pw_u8(&item->err, '\0');
		fatalx("default binding failed: %s", item->err.data);
	}
}

void
key_bindings_init(void)
{
	struct cmd_list	*cl;
	char		*cause;
	size_t		 i;

	key_table_find("root", 1);
	key_table_find("prefix", 1);
	for (i = 0; i < sizeof key_bindings_defaults /
	    sizeof key_bindings_defaults[0]; i++) {
		cl = cmd_parse_string(key_bindings_defaults[i], NULL, &cause);
		if (cl == NULL)
			fatalx("bad default binding: %s", cause);
		cmdq_run(cmdq_new(NULL, cl, NULL), key_bindings_default_done,
		    NULL);
		cmd_list_free(cl);
	}
}

void
key_bindings_reset(const char *table, key_code key)
{
	struct cmd_list	*cl;
	struct args	*args;
	const char	*t;
	char		*cause;
	size_t		 i;

	for (i = 0; i < sizeof key_bindings_defaults /
	    sizeof key_bindings_defaults[0]; i++) {
		cl = cmd_parse_string(key_bindings_defaults[i], NULL, &cause);
		if (cl == NULL)
			fatalx("bad default binding: %s", cause);
		args = cl->cmds[0]->args;
		if ((t = args_get(args, 'T')) == NULL)
			t = args_has(args, 'n') ? "root" : "prefix";
		if (args->argc > 0 && strcmp(t, table) == 0 &&
		    key_from_string(args->argv[0]) == key) {
			cmdq_run(cmdq_new(NULL, cl, NULL), NULL, NULL);
			cmd_list_free(cl);
			return;
		}
		cmd_list_free(cl);
	}
	key_bindings_remove(table, key);
}

void
key_bindings_free_all(void)
{
	struct key_table	*kt;
	struct key_binding	*kb;

	while ((kt = TAILQ_FIRST(&srv->key_tables)) != NULL) {
		while ((kb = TAILQ_FIRST(&kt->bindings)) != NULL) {
			TAILQ_REMOVE(&kt->bindings, kb, entry);
			cmd_list_free(kb->cmds);
			free(kb->note);
			free(kb);
		}
		TAILQ_REMOVE(&srv->key_tables, kt, entry);
		free(kt->name);
		free(kt);
	}
}
