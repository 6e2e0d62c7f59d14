#!/bin/sh
# What an attached client is drawn. Cell by cell in a pty (ptydrive): the
# status line's styles (status-style under every part, #[default],
# #[push-default], #[pop-default]), display-panes' large digits, and the
# edge and fill of a window smaller than the client. Then side by side
# with tmux 3.3a: both run in an outer tmux at the same size, get the same
# commands and keys, and the outer panes' capture-pane -e (and the
# cursor, when shown) must be the same (the clock in status-right is
# blanked in both): the default screen, styles, the prompt, view mode for
# command output (over copy mode and under it), splits and windows made
# with the default keys, a window list too long for the status line, a
# window smaller than the client, display-panes, messages and errors.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

m new -d -s a -x 80 -y 24 sh || fail "new"
wait_prompt a

# --- The default status line: black on green from edge to edge ------------
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF || fail "default status"
wait [a] 0:sh*
cell 0 23 ch=[ fg=0 bg=2 !bold !reverse
cell 4 23 ch=0 fg=0 bg=2
cell 8 23 ch=* fg=0 bg=2
cell 40 23 ch=\x20 fg=0 bg=2
cell 79 23 fg=0 bg=2
EOF

# --- #[default] is the style the text is drawn over -------------------------
m set -g status-left-style fg=red,bold
m set -g status-left '#[fg=blue]x#[default]y#[fg=default]z '
m set -g status-right '#[fg=blue,push-default]p#[fg=yellow]q#[default]r#[pop-default]s#[default]t#[bg=terminal]u'
m set -g window-status-style fg=white
m set -g window-status-separator '#[fg=magenta]|'
m new-window -d sh
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF || fail "default in markup"
wait xyz 0:sh*|1:sh
cell 0 23 ch=x fg=4 bg=2 bold
cell 1 23 ch=y fg=1 bg=2 bold
cell 2 23 ch=z fg=1 bg=2 bold
cell 3 23 ch=\x20 fg=1 bg=2 bold
cell 4 23 ch=0 fg=7 bg=2 !bold
cell 9 23 ch=| fg=5 bg=2
cell 10 23 ch=1 fg=7 bg=2
cell 14 23 ch=\x20 fg=7 bg=2
cell 15 23 ch=\x20 fg=0 bg=2
cell 74 23 ch=p fg=4 bg=2
cell 75 23 ch=q fg=3 bg=2
cell 76 23 ch=r fg=0 bg=2
cell 77 23 ch=s fg=0 bg=2
cell 78 23 ch=t fg=0 bg=2
cell 79 23 ch=u fg=0 bg=default
EOF

# --- display-panes: the index in large digits, the size at the top right ----
m set -g display-panes-time 600000
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF || fail "display-panes"
wait xyz
send \x02q
cell 37 9 bg=1
cell 41 13 bg=1
cell 38 10 bg=default
cell 75 0 ch=8 fg=1 bg=default
cell 79 0 ch=3 fg=1
visible 0
send 0
visible 1
cell 37 9 bg=default
EOF

# --- A window smaller than the client: edges and fill ------------------------
m set -g window-size manual
m new -d -s small -x 40 -y 10 sh || fail "new 40x10"
m set -g pane-border-style fg=red
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t small <<EOF || fail "outside the window"
wait ┘·
cell 39 0 fg=default bg=default
cell 40 0 ch=\xe2\x94\x82 fg=1 bg=default
cell 41 0 ch=\xc2\xb7 fg=1
cell 79 9 ch=\xc2\xb7 fg=1
cell 0 10 ch=\xe2\x94\x80 fg=1
cell 40 10 ch=\xe2\x94\x98 fg=1
cell 41 10 ch=\xc2\xb7 fg=1
cell 0 22 ch=\xc2\xb7 fg=1
cell 79 23 ch=u
EOF
m set -g pane-border-style default
m set -g window-size latest

# --- Side by side with tmux 3.3a ---------------------------------------------
m kill-server
. "$REGRESS_DIR/side-by-side.sh"
side_by_side 80x24
compare "the default screen"
# (An Escape typed alone is then the Escape key at once.)
both set -s escape-time 0
both new-window -d sh
compare "two windows"
both set -g status-style bg=blue,fg=white,bold
both set -g window-status-current-style fg=red,bg=default
both set -g status-right-style reverse
compare "status styles"
both set -g status-left '#[fg=red]a#[default]b#[push-default]#[fg=cyan]c#[default]d#[pop-default]e#[default]f '
both set -g window-status-current-style default
both set -g window-status-style fg=yellow
compare "markup defaults"
both set -g status-left '[#{session_name}] '
both set -g window-status-style default

# keys KEYS...: type into both outer panes (the clients).
keys() {
	o send-keys -t o:0 "$@" || fail "keys to tmux"
	o send-keys -t o:1 "$@" || fail "keys to mux"
}

# prompt COMMAND: open the command prompt on both, wait for it, type
# COMMAND and Enter.
prompt() {
	keys C-b
	keys :
	for w in 0 1; do
		poll_until "prompt in window $w" sh -c \
		    "'$TMUX_BIN' -L '$OUTER' capture-pane -p -t o:$w | tail -1 | grep -q '^:'"
	done
	keys "$1" Enter
}

# --- View mode: command output from the prompt -------------------------------
keys C-b
keys :
compare "the prompt"
keys a b c Left
compare "the prompt's cursor"
keys C-c
mode ""
prompt 'run "seq 100"'
mode view-mode
compare "view mode of 100 lines"
for k in C-n C-n C-f C-f; do
	keys $k
	compare "$k in view mode"
done
keys M-v
compare "a page up in view mode"
keys q
mode ""
compare "view mode closed"
prompt 'display -p "#{pane_mode}"'
mode view-mode
compare "display -p"
prompt 'lsw -F "#{window_index} #{pane_in_mode}"'
compare "more output goes below"
keys q
mode ""
keys C-b [
mode copy-mode
compare "copy mode"
prompt 'display -p over-copy-mode'
mode view-mode
compare "view mode over copy mode"
keys q
mode copy-mode
compare "copy mode back"
keys q
mode ""
prompt 'display -p a-view'
mode view-mode
keys C-b
keys [
mode copy-mode
compare "copy mode over view mode"
keys q
mode view-mode
compare "view mode back"
keys q
mode ""
# --- Splits and windows made with the default keys ---------------------------
both set -g status-style bg=green,fg=black
both set -g window-status-current-style default
both set -g status-right-style default
both kill-window -t :1
keys C-b
keys %
compare "C-b %"
keys C-b
keys '"'
compare "C-b \""
keys C-b
keys o
compare "C-b o"
keys C-b
keys c
compare "C-b c"
keys C-b
keys n
compare "C-b n"
keys C-b
keys z
compare "C-b z"
keys C-b
keys z
compare "C-b z again"
both kill-window
both kill-pane -a

# --- A window list too long for the status line -------------------------------
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13; do
	both new-window -d sh
done
compare "a long window list"
for i in 7 13 0; do
	both select-window -t ":$i"
	compare "a long window list, window $i current"
done
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13; do
	both kill-window -t ":$i"
done

# --- A window smaller than the client -----------------------------------------
# A second, smaller client (an outer session of its own) and
# window-size smallest: the big clients show the window's right and bottom
# edges as borders and fill the rest, in pane-border-style.
both set -g window-size smallest
o new-session -d -s small -x 40 -y 11 \
    "env -u TMUX '$TMUX_BIN' -L '$REF' attach -t a" || fail "small tmux"
o new-window -d -t small:1 "'$MUX_BIN' -L '$LABEL' attach -t a" ||
    fail "small mux"
poll_until "tmux's window to shrink" sh -c \
    "test \"\$('$TMUX_BIN' -L '$REF' display -p '#{window_width}x#{window_height}')\" = 40x10"
poll_until "mux's window to shrink" sh -c \
    "test \"\$('$MUX_BIN' -L '$LABEL' display -p '#{window_width}x#{window_height}')\" = 40x10"
compare "a smaller window"
both split-window -h sh
compare "a smaller window with two panes"
both split-window -v sh
compare "a smaller window with three panes"
both set -g pane-border-style fg=red,bg=yellow
compare "the outside in pane-border-style"
both kill-pane
both kill-pane
both set -g pane-border-style default
both set -g window-size latest
o kill-session -t small

# --- display-panes: large digits and the pane's size --------------------------
both set -g display-panes-time 600000
both split-window -h sh
both split-window -v -l 4 sh
both split-window -h -l 3 sh
both select-pane -t 0
keys C-b
keys q
compare "display-panes"
keys 1
compare "display-panes closed by a digit, which picks that pane"
both kill-pane -a

# A message and an error from the prompt show in the status line.
both set -g display-time 600000
prompt 'display-message hello'
compare "a message"
keys C-c
prompt 'select-pane -t nosuchpane'
compare "an error"
keys C-c
prompt 'no-such-command'
compare "a command that does not parse"
keys C-c
both set -g display-time 750

# A line wider than the pane wraps.
prompt 'display -p "#{p120:pane_id}|#{p-90:window_id}|"'
mode view-mode
compare "a wrapped line"
keys q
mode ""
# C-b ? shows the bindings in view mode (mux's list-keys has no notes
# yet, so what it lists is not tmux's -N list: not compared).
keys C-b
keys ?
mode view-mode
keys q
mode ""
exit 0
