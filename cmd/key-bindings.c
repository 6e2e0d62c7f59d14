/*
 * Key tables and bindings. Tables are created on first use and kept in the
 * server context; each binding holds a reference on its command list.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "cmd/key-bindings.h"
#include "common/log.h"
#include "common/xmalloc.h"
#include "model/state.h"

/*
 * tmux 3.3a's default bindings, as its list-keys prints them (so each
 * reads back the same), with the notes list-keys -N shows.
 */
static const char *const key_bindings_defaults[] = {
	"bind-key -T copy-mode C-Space send-keys -X begin-selection",
	"bind-key -T copy-mode C-a send-keys -X start-of-line",
	"bind-key -T copy-mode C-b send-keys -X cursor-left",
	"bind-key -T copy-mode C-c send-keys -X cancel",
	"bind-key -T copy-mode C-e send-keys -X end-of-line",
	"bind-key -T copy-mode C-f send-keys -X cursor-right",
	"bind-key -T copy-mode C-g send-keys -X clear-selection",
	"bind-key -T copy-mode C-k send-keys -X "
	    "copy-pipe-end-of-line-and-cancel",
	"bind-key -T copy-mode C-n send-keys -X cursor-down",
	"bind-key -T copy-mode C-p send-keys -X cursor-up",
	"bind-key -T copy-mode C-r command-prompt -i -I "
	    "\"#{pane_search_string}\" -T search -p \"(search up)\" { send-keys "
	    "-X search-backward-incremental \"%%\" }",
	"bind-key -T copy-mode C-s command-prompt -i -I "
	    "\"#{pane_search_string}\" -T search -p \"(search down)\" { "
	    "send-keys -X search-forward-incremental \"%%\" }",
	"bind-key -T copy-mode C-v send-keys -X page-down",
	"bind-key -T copy-mode C-w send-keys -X copy-pipe-and-cancel",
	"bind-key -T copy-mode Escape send-keys -X cancel",
	"bind-key -T copy-mode Space send-keys -X page-down",
	"bind-key -T copy-mode , send-keys -X jump-reverse",
	"bind-key -T copy-mode \\; send-keys -X jump-again",
	"bind-key -T copy-mode F command-prompt -1 -p \"(jump backward)\" { "
	    "send-keys -X jump-backward \"%%\" }",
	"bind-key -T copy-mode N send-keys -X search-reverse",
	"bind-key -T copy-mode P send-keys -X toggle-position",
	"bind-key -T copy-mode R send-keys -X rectangle-toggle",
	"bind-key -T copy-mode T command-prompt -1 -p \"(jump to "
	    "backward)\" { send-keys -X jump-to-backward \"%%\" }",
	"bind-key -T copy-mode X send-keys -X set-mark",
	"bind-key -T copy-mode f command-prompt -1 -p \"(jump forward)\" { "
	    "send-keys -X jump-forward \"%%\" }",
	"bind-key -T copy-mode g command-prompt -p \"(goto line)\" { "
	    "send-keys -X goto-line \"%%\" }",
	"bind-key -T copy-mode n send-keys -X search-again",
	"bind-key -T copy-mode q send-keys -X cancel",
	"bind-key -T copy-mode r send-keys -X refresh-from-pane",
	"bind-key -T copy-mode t command-prompt -1 -p \"(jump to forward)\" "
	    "{ send-keys -X jump-to-forward \"%%\" }",
	"bind-key -T copy-mode MouseDown1Pane select-pane",
	"bind-key -T copy-mode MouseDrag1Pane select-pane \\; send-keys -X "
	    "begin-selection",
	"bind-key -T copy-mode MouseDragEnd1Pane send-keys -X "
	    "copy-pipe-and-cancel",
	"bind-key -T copy-mode WheelUpPane select-pane \\; send-keys -X -N "
	    "5 scroll-up",
	"bind-key -T copy-mode WheelDownPane select-pane \\; send-keys -X "
	    "-N 5 scroll-down",
	"bind-key -T copy-mode DoubleClick1Pane select-pane \\; send-keys "
	    "-X select-word \\; run-shell -d 0.3 \\; send-keys -X "
	    "copy-pipe-and-cancel",
	"bind-key -T copy-mode TripleClick1Pane select-pane \\; send-keys "
	    "-X select-line \\; run-shell -d 0.3 \\; send-keys -X "
	    "copy-pipe-and-cancel",
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
	"bind-key -T copy-mode M-1 command-prompt -N -I 1 -p (repeat) { "
	    "send-keys -N \"%%\" }",
	"bind-key -T copy-mode M-2 command-prompt -N -I 2 -p (repeat) { "
	    "send-keys -N \"%%\" }",
	"bind-key -T copy-mode M-3 command-prompt -N -I 3 -p (repeat) { "
	    "send-keys -N \"%%\" }",
	"bind-key -T copy-mode M-4 command-prompt -N -I 4 -p (repeat) { "
	    "send-keys -N \"%%\" }",
	"bind-key -T copy-mode M-5 command-prompt -N -I 5 -p (repeat) { "
	    "send-keys -N \"%%\" }",
	"bind-key -T copy-mode M-6 command-prompt -N -I 6 -p (repeat) { "
	    "send-keys -N \"%%\" }",
	"bind-key -T copy-mode M-7 command-prompt -N -I 7 -p (repeat) { "
	    "send-keys -N \"%%\" }",
	"bind-key -T copy-mode M-8 command-prompt -N -I 8 -p (repeat) { "
	    "send-keys -N \"%%\" }",
	"bind-key -T copy-mode M-9 command-prompt -N -I 9 -p (repeat) { "
	    "send-keys -N \"%%\" }",
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
	"bind-key -T copy-mode \"M-{\" send-keys -X previous-paragraph",
	"bind-key -T copy-mode \"M-}\" send-keys -X next-paragraph",
	"bind-key -T copy-mode M-Up send-keys -X halfpage-up",
	"bind-key -T copy-mode M-Down send-keys -X halfpage-down",
	"bind-key -T copy-mode C-Up send-keys -X scroll-up",
	"bind-key -T copy-mode C-Down send-keys -X scroll-down",
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
	"bind-key -T copy-mode-vi \\# send-keys -FX search-backward "
	    "\"#{copy_cursor_word}\"",
	"bind-key -T copy-mode-vi \\$ send-keys -X end-of-line",
	"bind-key -T copy-mode-vi \\% send-keys -X next-matching-bracket",
	"bind-key -T copy-mode-vi * send-keys -FX search-forward "
	    "\"#{copy_cursor_word}\"",
	"bind-key -T copy-mode-vi , send-keys -X jump-reverse",
	"bind-key -T copy-mode-vi / command-prompt -T search -p \"(search "
	    "down)\" { send-keys -X search-forward \"%%\" }",
	"bind-key -T copy-mode-vi 0 send-keys -X start-of-line",
	"bind-key -T copy-mode-vi 1 command-prompt -N -I 1 -p (repeat) { "
	    "send-keys -N \"%%\" }",
	"bind-key -T copy-mode-vi 2 command-prompt -N -I 2 -p (repeat) { "
	    "send-keys -N \"%%\" }",
	"bind-key -T copy-mode-vi 3 command-prompt -N -I 3 -p (repeat) { "
	    "send-keys -N \"%%\" }",
	"bind-key -T copy-mode-vi 4 command-prompt -N -I 4 -p (repeat) { "
	    "send-keys -N \"%%\" }",
	"bind-key -T copy-mode-vi 5 command-prompt -N -I 5 -p (repeat) { "
	    "send-keys -N \"%%\" }",
	"bind-key -T copy-mode-vi 6 command-prompt -N -I 6 -p (repeat) { "
	    "send-keys -N \"%%\" }",
	"bind-key -T copy-mode-vi 7 command-prompt -N -I 7 -p (repeat) { "
	    "send-keys -N \"%%\" }",
	"bind-key -T copy-mode-vi 8 command-prompt -N -I 8 -p (repeat) { "
	    "send-keys -N \"%%\" }",
	"bind-key -T copy-mode-vi 9 command-prompt -N -I 9 -p (repeat) { "
	    "send-keys -N \"%%\" }",
	"bind-key -T copy-mode-vi : command-prompt -p \"(goto line)\" { "
	    "send-keys -X goto-line \"%%\" }",
	"bind-key -T copy-mode-vi \\; send-keys -X jump-again",
	"bind-key -T copy-mode-vi ? command-prompt -T search -p \"(search "
	    "up)\" { send-keys -X search-backward \"%%\" }",
	"bind-key -T copy-mode-vi A send-keys -X append-selection-and-cancel",
	"bind-key -T copy-mode-vi B send-keys -X previous-space",
	"bind-key -T copy-mode-vi D send-keys -X "
	    "copy-pipe-end-of-line-and-cancel",
	"bind-key -T copy-mode-vi E send-keys -X next-space-end",
	"bind-key -T copy-mode-vi F command-prompt -1 -p \"(jump "
	    "backward)\" { send-keys -X jump-backward \"%%\" }",
	"bind-key -T copy-mode-vi G send-keys -X history-bottom",
	"bind-key -T copy-mode-vi H send-keys -X top-line",
	"bind-key -T copy-mode-vi J send-keys -X scroll-down",
	"bind-key -T copy-mode-vi K send-keys -X scroll-up",
	"bind-key -T copy-mode-vi L send-keys -X bottom-line",
	"bind-key -T copy-mode-vi M send-keys -X middle-line",
	"bind-key -T copy-mode-vi N send-keys -X search-reverse",
	"bind-key -T copy-mode-vi P send-keys -X toggle-position",
	"bind-key -T copy-mode-vi T command-prompt -1 -p \"(jump to "
	    "backward)\" { send-keys -X jump-to-backward \"%%\" }",
	"bind-key -T copy-mode-vi V send-keys -X select-line",
	"bind-key -T copy-mode-vi W send-keys -X next-space",
	"bind-key -T copy-mode-vi X send-keys -X set-mark",
	"bind-key -T copy-mode-vi ^ send-keys -X back-to-indentation",
	"bind-key -T copy-mode-vi b send-keys -X previous-word",
	"bind-key -T copy-mode-vi e send-keys -X next-word-end",
	"bind-key -T copy-mode-vi f command-prompt -1 -p \"(jump forward)\" "
	    "{ send-keys -X jump-forward \"%%\" }",
	"bind-key -T copy-mode-vi g send-keys -X history-top",
	"bind-key -T copy-mode-vi h send-keys -X cursor-left",
	"bind-key -T copy-mode-vi j send-keys -X cursor-down",
	"bind-key -T copy-mode-vi k send-keys -X cursor-up",
	"bind-key -T copy-mode-vi l send-keys -X cursor-right",
	"bind-key -T copy-mode-vi n send-keys -X search-again",
	"bind-key -T copy-mode-vi o send-keys -X other-end",
	"bind-key -T copy-mode-vi q send-keys -X cancel",
	"bind-key -T copy-mode-vi r send-keys -X refresh-from-pane",
	"bind-key -T copy-mode-vi t command-prompt -1 -p \"(jump to "
	    "forward)\" { send-keys -X jump-to-forward \"%%\" }",
	"bind-key -T copy-mode-vi v send-keys -X rectangle-toggle",
	"bind-key -T copy-mode-vi w send-keys -X next-word",
	"bind-key -T copy-mode-vi \\{ send-keys -X previous-paragraph",
	"bind-key -T copy-mode-vi \\} send-keys -X next-paragraph",
	"bind-key -T copy-mode-vi MouseDown1Pane select-pane",
	"bind-key -T copy-mode-vi MouseDrag1Pane select-pane \\; send-keys "
	    "-X begin-selection",
	"bind-key -T copy-mode-vi MouseDragEnd1Pane send-keys -X "
	    "copy-pipe-and-cancel",
	"bind-key -T copy-mode-vi WheelUpPane select-pane \\; send-keys -X "
	    "-N 5 scroll-up",
	"bind-key -T copy-mode-vi WheelDownPane select-pane \\; send-keys "
	    "-X -N 5 scroll-down",
	"bind-key -T copy-mode-vi DoubleClick1Pane select-pane \\; "
	    "send-keys -X select-word \\; run-shell -d 0.3 \\; send-keys -X "
	    "copy-pipe-and-cancel",
	"bind-key -T copy-mode-vi TripleClick1Pane select-pane \\; "
	    "send-keys -X select-line \\; run-shell -d 0.3 \\; send-keys -X "
	    "copy-pipe-and-cancel",
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
	"bind-key -N \"Send the prefix key\" -T prefix C-b send-prefix",
	"bind-key -N \"Rotate through the panes\" -T prefix C-o rotate-window",
	"bind-key -N \"Suspend the current client\" -T prefix C-z "
	    "suspend-client",
	"bind-key -N \"Select next layout\" -T prefix Space next-layout",
	"bind-key -N \"Break pane to a new window\" -T prefix ! break-pane",
	"bind-key -N \"Split window vertically\" -T prefix \\\" split-window",
	"bind-key -N \"List all paste buffers\" -T prefix \\# list-buffers",
	"bind-key -N \"Rename current session\" -T prefix \\$ "
	    "command-prompt -I \"#S\" { rename-session \"%%\" }",
	"bind-key -N \"Split window horizontally\" -T prefix \\% "
	    "split-window -h",
	"bind-key -N \"Kill current window\" -T prefix & confirm-before -p "
	    "\"kill-window #W? (y/n)\" kill-window",
	"bind-key -N \"Prompt for window index to select\" -T prefix \\' "
	    "command-prompt -T window-target -p index { select-window -t "
	    "\":%%\" }",
	"bind-key -N \"Switch to previous client\" -T prefix ( "
	    "switch-client -p",
	"bind-key -N \"Switch to next client\" -T prefix ) switch-client -n",
	"bind-key -N \"Rename current window\" -T prefix , command-prompt "
	    "-I \"#W\" { rename-window \"%%\" }",
	"bind-key -N \"Delete the most recent paste buffer\" -T prefix - "
	    "delete-buffer",
	"bind-key -N \"Move the current window\" -T prefix . command-prompt "
	    "-T target { move-window -t \"%%\" }",
	"bind-key -N \"Describe key binding\" -T prefix / command-prompt -k "
	    "-p key { list-keys -1N \"%%\" }",
	"bind-key -N \"Select window 0\" -T prefix 0 select-window -t :=0",
	"bind-key -N \"Select window 1\" -T prefix 1 select-window -t :=1",
	"bind-key -N \"Select window 2\" -T prefix 2 select-window -t :=2",
	"bind-key -N \"Select window 3\" -T prefix 3 select-window -t :=3",
	"bind-key -N \"Select window 4\" -T prefix 4 select-window -t :=4",
	"bind-key -N \"Select window 5\" -T prefix 5 select-window -t :=5",
	"bind-key -N \"Select window 6\" -T prefix 6 select-window -t :=6",
	"bind-key -N \"Select window 7\" -T prefix 7 select-window -t :=7",
	"bind-key -N \"Select window 8\" -T prefix 8 select-window -t :=8",
	"bind-key -N \"Select window 9\" -T prefix 9 select-window -t :=9",
	"bind-key -N \"Prompt for a command\" -T prefix : command-prompt",
	"bind-key -N \"Move to the previously active pane\" -T prefix \\; "
	    "last-pane",
	"bind-key -N \"Choose a paste buffer from a list\" -T prefix = "
	    "choose-buffer -Z",
	"bind-key -N \"List key bindings\" -T prefix ? list-keys -N",
	"bind-key -N \"Choose a client from a list\" -T prefix D "
	    "choose-client -Z",
	"bind-key -N \"Spread panes out evenly\" -T prefix E select-layout -E",
	"bind-key -N \"Switch to the last client\" -T prefix L "
	    "switch-client -l",
	"bind-key -N \"Clear the marked pane\" -T prefix M select-pane -M",
	"bind-key -N \"Enter copy mode\" -T prefix [ copy-mode",
	"bind-key -N \"Paste the most recent paste buffer\" -T prefix ] "
	    "paste-buffer -p",
	"bind-key -N \"Create a new window\" -T prefix c new-window",
	"bind-key -N \"Detach the current client\" -T prefix d detach-client",
	"bind-key -N \"Search for a pane\" -T prefix f command-prompt { "
	    "find-window -Z \"%%\" }",
	"bind-key -N \"Display window information\" -T prefix i "
	    "display-message",
	"bind-key -N \"Select the previously current window\" -T prefix l "
	    "last-window",
	"bind-key -N \"Toggle the marked pane\" -T prefix m select-pane -m",
	"bind-key -N \"Select the next window\" -T prefix n next-window",
	"bind-key -N \"Select the next pane\" -T prefix o select-pane -t :.+",
	"bind-key -N \"Select the previous window\" -T prefix p "
	    "previous-window",
	"bind-key -N \"Display pane numbers\" -T prefix q display-panes",
	"bind-key -N \"Redraw the current client\" -T prefix r refresh-client",
	"bind-key -N \"Choose a session from a list\" -T prefix s "
	    "choose-tree -Zs",
	"bind-key -N \"Choose a window from a list\" -T prefix w "
	    "choose-tree -Zw",
	"bind-key -N \"Kill the active pane\" -T prefix x confirm-before -p "
	    "\"kill-pane #P? (y/n)\" kill-pane",
	"bind-key -N \"Zoom the active pane\" -T prefix z resize-pane -Z",
	"bind-key -N \"Swap the active pane with the pane above\" -T prefix "
	    "\\{ swap-pane -U",
	"bind-key -N \"Swap the active pane with the pane below\" -T prefix "
	    "\\} swap-pane -D",
	"bind-key -N \"Show messages\" -T prefix \\~ show-messages",
	"bind-key -N \"Enter copy mode and scroll up\" -T prefix PPage "
	    "copy-mode -u",
	"bind-key -r -N \"Select the pane above the active pane\" -T prefix "
	    "Up select-pane -U",
	"bind-key -r -N \"Select the pane below the active pane\" -T prefix "
	    "Down select-pane -D",
	"bind-key -r -N \"Select the pane to the left of the active pane\" "
	    "-T prefix Left select-pane -L",
	"bind-key -r -N \"Select the pane to the right of the active pane\" "
	    "-T prefix Right select-pane -R",
	"bind-key -N \"Set the even-horizontal layout\" -T prefix M-1 "
	    "select-layout even-horizontal",
	"bind-key -N \"Set the even-vertical layout\" -T prefix M-2 "
	    "select-layout even-vertical",
	"bind-key -N \"Set the main-horizontal layout\" -T prefix M-3 "
	    "select-layout main-horizontal",
	"bind-key -N \"Set the main-vertical layout\" -T prefix M-4 "
	    "select-layout main-vertical",
	"bind-key -N \"Select the tiled layout\" -T prefix M-5 "
	    "select-layout tiled",
	"bind-key -N \"Select the next window with an alert\" -T prefix M-n "
	    "next-window -a",
	"bind-key -N \"Rotate through the panes in reverse\" -T prefix M-o "
	    "rotate-window -D",
	"bind-key -N \"Select the previous window with an alert\" -T prefix "
	    "M-p previous-window -a",
	"bind-key -r -N \"Resize the pane up by 5\" -T prefix M-Up "
	    "resize-pane -U 5",
	"bind-key -r -N \"Resize the pane down by 5\" -T prefix M-Down "
	    "resize-pane -D 5",
	"bind-key -r -N \"Resize the pane left by 5\" -T prefix M-Left "
	    "resize-pane -L 5",
	"bind-key -r -N \"Resize the pane right by 5\" -T prefix M-Right "
	    "resize-pane -R 5",
	"bind-key -r -N \"Resize the pane up\" -T prefix C-Up resize-pane -U",
	"bind-key -r -N \"Resize the pane down\" -T prefix C-Down "
	    "resize-pane -D",
	"bind-key -r -N \"Resize the pane left\" -T prefix C-Left "
	    "resize-pane -L",
	"bind-key -r -N \"Resize the pane right\" -T prefix C-Right "
	    "resize-pane -R",
	"bind-key -r -N \"Reset so the visible part of the window follows the "
	    "cursor\" -T prefix DC refresh-client -c",
	"bind-key -r -N \"Move the visible part of the window up\" -T prefix "
	    "S-Up refresh-client -U 10",
	"bind-key -r -N \"Move the visible part of the window down\" -T prefix "
	    "S-Down refresh-client -D 10",
	"bind-key -r -N \"Move the visible part of the window left\" -T prefix "
	    "S-Left refresh-client -L 10",
	"bind-key -r -N \"Move the visible part of the window right\" -T "
	    "prefix S-Right refresh-client -R 10",
	"bind-key -T root MouseDown1Pane select-pane -t = \\; send-keys -M",
	"bind-key -T root MouseDown1Status select-window -t =",
	"bind-key -T root MouseDown2Pane select-pane -t = \\; if-shell -F "
	    "\"#{||:#{pane_in_mode},#{mouse_any_flag}}\" { send-keys -M } { "
	    "paste-buffer -p }",
	"bind-key -T root MouseDrag1Pane if-shell -F "
	    "\"#{||:#{pane_in_mode},#{mouse_any_flag}}\" { send-keys -M } { "
	    "copy-mode -M }",
	"bind-key -T root MouseDrag1Border resize-pane -M",
	"bind-key -T root WheelUpPane if-shell -F "
	    "\"#{||:#{pane_in_mode},#{mouse_any_flag}}\" { send-keys -M } { "
	    "copy-mode -e }",
	"bind-key -T root WheelUpStatus previous-window",
	"bind-key -T root WheelDownStatus next-window",
	"bind-key -T root DoubleClick1Pane select-pane -t = \\; if-shell -F "
	    "\"#{||:#{pane_in_mode},#{mouse_any_flag}}\" { send-keys -M } { "
	    "copy-mode -H ; send-keys -X select-word ; run-shell -d 0.3 ; "
	    "send-keys -X copy-pipe-and-cancel }",
	"bind-key -T root TripleClick1Pane select-pane -t = \\; if-shell -F "
	    "\"#{||:#{pane_in_mode},#{mouse_any_flag}}\" { send-keys -M } { "
	    "copy-mode -H ; send-keys -X select-line ; run-shell -d 0.3 ; "
	    "send-keys -X copy-pipe-and-cancel }",
	"bind-key -N \"Show a clock\" -T prefix t clock-mode",
	"bind-key -N \"Customize options\" -T prefix C customize-mode -Z",
	"bind-key -T prefix < display-menu -T \"#[align=centre]#{window_ind"
	    "ex}:#{window_name}\" -x W -y W \"#{?#{>:#{session_windows},1},,-}S"
	    "wap Left\" l { swap-window -t :-1 } \"#{?#{>:#{session_windows},1}"
	    ",,-}Swap Right\" r { swap-window -t :+1 } \"#{?pane_marked_set,,-}"
	    "Swap Marked\" s { swap-window } '' Kill X { kill-window } Respawn "
	    "R { respawn-window -k } \"#{?pane_marked,Unmark,Mark}\" m { select"
	    "-pane -m } Rename n { command-prompt -F -I \"#W\" { rename-window "
	    "-t \"#{window_id}\" \"%%\" } } '' \"New After\" w { new-window -a "
	    "} \"New At End\" W { new-window }",
	"bind-key -T prefix > display-menu -T \"#[align=centre]#{pane_index"
	    "} (#{pane_id})\" -x P -y P \"#{?#{m/r:(copy|view)-mode,#{pane_mode"
	    "}},Go To Top,}\" < { send-keys -X history-top } \"#{?#{m/r:(copy|v"
	    "iew)-mode,#{pane_mode}},Go To Bottom,}\" > { send-keys -X history-"
	    "bottom } '' \"#{?mouse_word,Search For #[underscore]#{=/9/...:mous"
	    "e_word},}\" C-r { if-shell -F \"#{?#{m/r:(copy|view)-mode,#{pane_m"
	    "ode}},0,1}\" \"copy-mode -t=\" ; send-keys -X -t = search-backward"
	    " \"#{q:mouse_word}\" } \"#{?mouse_word,Type #[underscore]#{=/9/..."
	    ":mouse_word},}\" C-y { copy-mode -q ; send-keys -l \"#{q:mouse_wor"
	    "d}\" } \"#{?mouse_word,Copy #[underscore]#{=/9/...:mouse_word},}\""
	    " c { copy-mode -q ; set-buffer \"#{q:mouse_word}\" } \"#{?mouse_li"
	    "ne,Copy Line,}\" l { copy-mode -q ; set-buffer \"#{q:mouse_line}\""
	    " } '' \"Horizontal Split\" h { split-window -h } \"Vertical Split"
	    "\" v { split-window -v } '' \"#{?#{>:#{window_panes},1},,-}Swap Up"
	    "\" u { swap-pane -U } \"#{?#{>:#{window_panes},1},,-}Swap Down\" d"
	    " { swap-pane -D } \"#{?pane_marked_set,,-}Swap Marked\" s { swap-p"
	    "ane } '' Kill X { kill-pane } Respawn R { respawn-pane -k } \"#{?p"
	    "ane_marked,Unmark,Mark}\" m { select-pane -m } \"#{?#{>:#{window_p"
	    "anes},1},,-}#{?window_zoomed_flag,Unzoom,Zoom}\" z { resize-pane -"
	    "Z }",
	"bind-key -T root MouseDown3Pane if-shell -F -t = \"#{||:#{mouse_an"
	    "y_flag},#{&&:#{pane_in_mode},#{?#{m/r:(copy|view)-mode,#{pane_mode"
	    "}},0,1}}}\" { select-pane -t = ; send-keys -M } { display-menu -T "
	    "\"#[align=centre]#{pane_index} (#{pane_id})\" -t = -x M -y M \"#{?"
	    "#{m/r:(copy|view)-mode,#{pane_mode}},Go To Top,}\" < { send-keys -"
	    "X history-top } \"#{?#{m/r:(copy|view)-mode,#{pane_mode}},Go To Bo"
	    "ttom,}\" > { send-keys -X history-bottom } '' \"#{?mouse_word,Sear"
	    "ch For #[underscore]#{=/9/...:mouse_word},}\" C-r { if-shell -F \""
	    "#{?#{m/r:(copy|view)-mode,#{pane_mode}},0,1}\" \"copy-mode -t=\" ;"
	    " send-keys -X -t = search-backward \"#{q:mouse_word}\" } \"#{?mous"
	    "e_word,Type #[underscore]#{=/9/...:mouse_word},}\" C-y { copy-mode"
	    " -q ; send-keys -l \"#{q:mouse_word}\" } \"#{?mouse_word,Copy #[un"
	    "derscore]#{=/9/...:mouse_word},}\" c { copy-mode -q ; set-buffer "
	    "\"#{q:mouse_word}\" } \"#{?mouse_line,Copy Line,}\" l { copy-mode "
	    "-q ; set-buffer \"#{q:mouse_line}\" } '' \"Horizontal Split\" h { "
	    "split-window -h } \"Vertical Split\" v { split-window -v } '' \"#{"
	    "?#{>:#{window_panes},1},,-}Swap Up\" u { swap-pane -U } \"#{?#{>:#"
	    "{window_panes},1},,-}Swap Down\" d { swap-pane -D } \"#{?pane_mark"
	    "ed_set,,-}Swap Marked\" s { swap-pane } '' Kill X { kill-pane } Re"
	    "spawn R { respawn-pane -k } \"#{?pane_marked,Unmark,Mark}\" m { se"
	    "lect-pane -m } \"#{?#{>:#{window_panes},1},,-}#{?window_zoomed_fla"
	    "g,Unzoom,Zoom}\" z { resize-pane -Z } }",
	"bind-key -T root MouseDown3Status display-menu -T \"#[align=centre"
	    "]#{window_index}:#{window_name}\" -t = -x W -y W \"#{?#{>:#{sessio"
	    "n_windows},1},,-}Swap Left\" l { swap-window -t :-1 } \"#{?#{>:#{s"
	    "ession_windows},1},,-}Swap Right\" r { swap-window -t :+1 } \"#{?p"
	    "ane_marked_set,,-}Swap Marked\" s { swap-window } '' Kill X { kill"
	    "-window } Respawn R { respawn-window -k } \"#{?pane_marked,Unmark,"
	    "Mark}\" m { select-pane -m } Rename n { command-prompt -F -I \"#W"
	    "\" { rename-window -t \"#{window_id}\" \"%%\" } } '' \"New After\""
	    " w { new-window -a } \"New At End\" W { new-window }",
	"bind-key -T root MouseDown3StatusLeft display-menu -T \"#[align=ce"
	    "ntre]#{session_name}\" -t = -x M -y W Next n { switch-client -n } "
	    "Previous p { switch-client -p } '' Renumber N { move-window -r } R"
	    "ename n { command-prompt -I \"#S\" { rename-session \"%%\" } } '' "
	    "\"New Session\" s { new-session } \"New Window\" w { new-window }",
	"bind-key -T root M-MouseDown3Pane display-menu -T \"#[align=centre"
	    "]#{pane_index} (#{pane_id})\" -t = -x M -y M \"#{?#{m/r:(copy|view"
	    ")-mode,#{pane_mode}},Go To Top,}\" < { send-keys -X history-top } "
	    "\"#{?#{m/r:(copy|view)-mode,#{pane_mode}},Go To Bottom,}\" > { sen"
	    "d-keys -X history-bottom } '' \"#{?mouse_word,Search For #[undersc"
	    "ore]#{=/9/...:mouse_word},}\" C-r { if-shell -F \"#{?#{m/r:(copy|v"
	    "iew)-mode,#{pane_mode}},0,1}\" \"copy-mode -t=\" ; send-keys -X -t"
	    " = search-backward \"#{q:mouse_word}\" } \"#{?mouse_word,Type #[un"
	    "derscore]#{=/9/...:mouse_word},}\" C-y { copy-mode -q ; send-keys "
	    "-l \"#{q:mouse_word}\" } \"#{?mouse_word,Copy #[underscore]#{=/9/."
	    "..:mouse_word},}\" c { copy-mode -q ; set-buffer \"#{q:mouse_word}"
	    "\" } \"#{?mouse_line,Copy Line,}\" l { copy-mode -q ; set-buffer "
	    "\"#{q:mouse_line}\" } '' \"Horizontal Split\" h { split-window -h "
	    "} \"Vertical Split\" v { split-window -v } '' \"#{?#{>:#{window_pa"
	    "nes},1},,-}Swap Up\" u { swap-pane -U } \"#{?#{>:#{window_panes},1"
	    "},,-}Swap Down\" d { swap-pane -D } \"#{?pane_marked_set,,-}Swap M"
	    "arked\" s { swap-pane } '' Kill X { kill-pane } Respawn R { respaw"
	    "n-pane -k } \"#{?pane_marked,Unmark,Mark}\" m { select-pane -m } "
	    "\"#{?#{>:#{window_panes},1},,-}#{?window_zoomed_flag,Unzoom,Zoom}"
	    "\" z { resize-pane -Z }",
};

/*
 * Where a key sorts in tmux 3.3a's tables, which keep its own key codes
 * in order: a control character is its byte (C-b is 0x02, before Space),
 * the focus keys, then the mouse keys (by event, button, then where),
 * then the other special keys in mux's (tmux's) order; the modifiers
 * weigh more, Meta least, then Ctrl, then Shift.
 */
static uint64_t
key_bindings_order(key_code key)
{
	key_code	mods = key & KEYC_MASK_MOD, base = key & KEYC_MASK_KEY;
	uint64_t	rank, weight = 0;
	unsigned int	type;

	if ((mods & KEYC_CTRL) && base < 0x80) {
		if (base >= 'a' && base <= 'z')
			base -= 0x60;
		else if (base == ' ')
			base = 0;
		else if (base >= '@' && base <= '_')
			base -= 0x40;
		else if (base == '?')
			base = 0x7f;
		if (base < 0x80 && base != (key & KEYC_MASK_KEY))
			mods &= ~KEYC_CTRL;
	}
	if (KEYC_IS_MOUSE(base)) {
		type = KEYC_MOUSE_TYPE(base);
		type = type == KEYC_MOUSE_MOVE ? 0 : type + 1;
		rank = KEYC_BASE + 0x10 + ((uint64_t)type * 4 +
		    KEYC_MOUSE_BUTTON(base)) * KEYC_MOUSE_NWHERE +
		    KEYC_MOUSE_WHERE(base);
	} else if (base == KEYC_FOCUS_IN || base == KEYC_FOCUS_OUT)
		rank = KEYC_BASE + (base - KEYC_FOCUS_IN);
	else if (KEYC_IS_SPECIAL(base))
		rank = 0x1000000 + (base - KEYC_BASE);
	else
		rank = base;
	if (mods & KEYC_META)
		weight |= 1;
	if (mods & KEYC_CTRL)
		weight |= 2;
	if (mods & KEYC_SHIFT)
		weight |= 4;
	return ((weight << 32) | rank);
}

/* The table key_table_find found last: every key looks one up (most
 * often the same), and a table goes only with all the others. */
static struct key_table	*key_table_last;

struct key_table *
key_table_find(const char *name, int create)
{
	struct key_table	*kt, *at;

	if (key_table_last != NULL && strcmp(key_table_last->name, name) == 0)
		return (key_table_last);
	TAILQ_FOREACH(kt, &srv->key_tables, entry) {
		if (strcmp(kt->name, name) == 0)
			return (key_table_last = kt);
	}
	if (!create)
		return (NULL);
	kt = xcalloc(1, sizeof *kt);
	kt->name = xstrdup(name);
	TAILQ_INIT(&kt->bindings);
	/* In name order, as tmux keeps (and list-keys shows) them. */
	TAILQ_FOREACH(at, &srv->key_tables, entry) {
		if (strcmp(at->name, name) > 0)
			break;
	}
	if (at != NULL)
		TAILQ_INSERT_BEFORE(at, kt, entry);
	else
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

/* Where key is or would go in kt's sorted keys. */
static unsigned int
key_bindings_slot(const struct key_table *kt, key_code key)
{
	unsigned int	lo = 0, hi = kt->nkeys, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (kt->keys[mid] < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (lo);
}

/* The binding of exactly key in kt, or NULL. */
static struct key_binding *
key_bindings_find_exact(struct key_table *kt, key_code key)
{
	unsigned int	i = key_bindings_slot(kt, key);

	if (i < kt->nkeys && kt->keys[i] == key)
		return (kt->index[i]);
	return (NULL);
}

struct key_binding *
key_bindings_find(struct key_table *kt, key_code key)
{
	struct key_binding	*kb;
	key_code		 twin;

	if (kt == NULL)
		return (NULL);
	if ((kb = key_bindings_find_exact(kt, key)) != NULL)
		return (kb);
	/* C-i with no binding of its own is Tab's, and so on (key.c). */
	if ((twin = key_ctrl_twin(key)) != KEYC_NONE)
		return (key_bindings_find_exact(kt, twin));
	return (NULL);
}

void
key_bindings_add(const char *table, key_code key, int repeat,
    struct cmd_list *cmds)
{
	struct key_table	*kt = key_table_find(table, 1);
	struct key_binding	*kb, *at;
	unsigned int		 i;

	key_bindings_remove(table, key);
	kb = xcalloc(1, sizeof *kb);
	kb->key = key;
	kb->repeat = repeat;
	kb->cmds = cmds;
	cmds->references++;
	/* Keep the table in tmux's key order, as list-keys shows it. */
	TAILQ_FOREACH(at, &kt->bindings, entry) {
		if (key_bindings_order(at->key) > key_bindings_order(key))
			break;
	}
	if (at != NULL)
		TAILQ_INSERT_BEFORE(at, kb, entry);
	else
		TAILQ_INSERT_TAIL(&kt->bindings, kb, entry);
	i = key_bindings_slot(kt, key);
	kt->keys = xreallocarray(kt->keys, kt->nkeys + 1, sizeof *kt->keys);
	kt->index = xreallocarray(kt->index, kt->nkeys + 1,
	    sizeof *kt->index);
	memmove(kt->keys + i + 1, kt->keys + i,
	    (kt->nkeys - i) * sizeof *kt->keys);
	memmove(kt->index + i + 1, kt->index + i,
	    (kt->nkeys - i) * sizeof *kt->index);
	kt->keys[i] = key;
	kt->index[i] = kb;
	kt->nkeys++;
}

void
key_bindings_remove(const char *table, key_code key)
{
	struct key_table	*kt = key_table_find(table, 0);
	struct key_binding	*kb;
	unsigned int		 i;

	if (kt == NULL)
		return;
	i = key_bindings_slot(kt, key);
	if (i == kt->nkeys || kt->keys[i] != key)
		return;
	kb = kt->index[i];
	kt->nkeys--;
	memmove(kt->keys + i, kt->keys + i + 1,
	    (kt->nkeys - i) * sizeof *kt->keys);
	memmove(kt->index + i, kt->index + i + 1,
	    (kt->nkeys - i) * sizeof *kt->index);
	TAILQ_REMOVE(&kt->bindings, kb, entry);
	cmd_list_free(kb->cmds);
	free(kb->note);
	free(kb);
}

void
key_bindings_set_note(const char *table, key_code key, const char *note)
{
	struct key_table	*kt = key_table_find(table, 0);
	struct key_binding	*kb;

	if (kt == NULL || (kb = key_bindings_find_exact(kt, key)) == NULL)
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
		free(kt->keys);
		free(kt->index);
		free(kt->name);
		free(kt);
	}
	key_table_last = NULL;
}
