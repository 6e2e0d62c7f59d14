#!/bin/sh
# Issue 12's "Done when", as a new user would try it: tmux 3.3a and mux
# side by side in the same outer terminal at the same size (see
# side-by-side.sh), each outer pane captured with capture-pane -e and the
# two compared cell for cell, colours and cursor included, for:
#   the default screen; C-b ? (the key list in view mode); a popup running
#   htop; the right-click menu; pane-border-status top with a format;
#   window-style bg=colour235 with window-active-style bg=black; a
#   two-line status; choose-tree with its preview; a window smaller than
#   the client.
# What depends on time is made not to: the clock in status-right is
# blanked by side-by-side.sh, and htop is given a configuration whose
# screen has nothing that changes from one refresh to the next (the
# hostname meter, not the CPU, memory, load or uptime ones; one process,
# a sleep both htops show by its pid, with columns that do not move: its
# pid, user, state and command line). Skipped (77) without tmux or htop
# (./bootstrap installs both).
. "$(dirname "$0")/lib.sh"
export PS1='$ '
command -v htop >/dev/null || { echo "$TEST_NAME: no htop, skipped"; exit 77; }
. "$REGRESS_DIR/side-by-side.sh"

# both_bg COMMAND...: the same command on both, in the background (a
# popup's or a menu's command returns only when it closes).
both_bg() {
	t "$@" &
	m "$@" &
}

side_by_side 80x24
both set -s escape-time 0

# --- The default screen ------------------------------------------------------
compare "the default screen"

# --- C-b ?: the key list in view mode ----------------------------------------
keys C-b
keys '?'
mode view-mode
compare "C-b ?"
keys NPage
compare "C-b ?, a page down"
keys M-'>'
compare "C-b ?, the bottom"
keys q
mode ""
compare "C-b ? closed"

# --- A popup running htop ------------------------------------------------------
# One process both htops show, by its pid: a sleep in a window of the
# outer tmux (so it goes when the test does).
o new-window -d -t o:2 'exec sleep 100000' || fail "the sleep"
sleeper=$(o display -p -t o:2 '#{pane_pid}')
mkdir -p "$HOME/.config/htop"
cat >"$HOME/.config/htop/htoprc" <<EOF
htop_version=3.2.2
config_reader_min_version=3
hide_kernel_threads=1
hide_userland_threads=1
show_program_path=1
highlight_base_name=0
highlight_changes=0
header_margin=1
screen_tabs=1
color_scheme=0
enable_mouse=1
delay=100
hide_function_bar=0
header_layout=one_100
column_meters_0=Hostname
column_meter_modes_0=2
tree_view=0
sort_key=0
sort_direction=1
screen:Main=PID USER STATE Command
.sort_key=PID
.tree_view=0
.sort_direction=1
EOF
# TERM in the popup is the same on both: mux's default-terminal is
# xterm-256color where tmux's is tmux-256color (a deliberate difference,
# see the man page), and htop draws for each differently (with
# xterm-256color's bce it erases to the end of a coloured line, with
# tmux-256color it writes spaces in the line's colours, so the blanks
# after a heading differ in their foreground colour). With either TERM on
# both sides the two screens are the same.
both set -s default-terminal tmux-256color
both_bg display-popup -E -w 60 -h 16 -T htop "htop -p $sleeper"
outer_shows "sleep 100000"
compare "a popup running htop"
keys Down
compare "htop after a key"
keys q
poll_until "tmux's popup to close" sh -c "! '$TMUX_BIN' -L '$OUTER' capture-pane -p -t o:0 | grep -qF 'PID'"
poll_until "mux's popup to close" sh -c "! '$TMUX_BIN' -L '$OUTER' capture-pane -p -t o:1 | grep -qF 'PID'"
compare "the popup closed with htop"
o kill-window -t o:2

# --- The right-click menu --------------------------------------------------------
both set -g mouse on
esc=$(printf '\033')
keys -l "$esc[<2;20;6M"
compare "the right-click menu on a pane"
keys -l "$esc[<34;22;9M"
compare "the mouse over an item"
keys Escape
compare "the pane's menu closed"
keys -l "$esc[<2;6;24M"
compare "the right-click menu on the window list"
keys Escape
compare "the window menu closed"
both set -g mouse off

# --- pane-border-status top with a format --------------------------------------
both split-window -h sh
both split-window -v sh
both set -g pane-border-status top
compare "pane-border-status top"
both set -g pane-border-format '#[fg=red,bold]#{pane_index}#[default] #{pane_current_command} #[align=right]#{pane_width}x#{pane_height}'
compare "pane-border-status top with a format"
both select-pane -t 0
compare "pane-border-status top, another pane active"

# --- window-style with window-active-style ----------------------------------------
both set -g window-style bg=colour235
both set -g window-active-style bg=black
compare "window-style bg=colour235, window-active-style bg=black"
both select-pane -t 2
compare "the styles after another pane is made active"
both set -g pane-border-status off
compare "the styles without pane status lines"
both set -u -g pane-border-format
both set -u -g window-style
both set -u -g window-active-style
both kill-pane -a

# --- A two-line status -----------------------------------------------------------
both new-window -d sh
both set -g status 2
compare "a two-line status"
both set -g status-position top
compare "a two-line status at the top"
both set -g status-position bottom
both set -g status on
both kill-window -t :1

# --- choose-tree with its preview -------------------------------------------------
both new-window -d -n other sh
both new -d -s b sh
both split-window -t a:0 sh
both select-pane -t a:0.0
keys C-b w
mode tree-mode
compare "choose-tree with the preview of a window"
keys Up
compare "choose-tree with the preview of a session"
keys Right
compare "a session unfolded"
keys Down
compare "the preview of a pane"
keys q
mode ""
compare "choose-tree closed"
both kill-session -t b
both kill-window -t :1
both kill-pane -a

# --- A window smaller than the client ----------------------------------------------
both resize-window -x 40 -y 10
poll_until "tmux's window to shrink" sh -c \
    "test \"\$('$TMUX_BIN' -L '$REF' display -p '#{window_width}x#{window_height}')\" = 40x10"
poll_until "mux's window to shrink" sh -c \
    "test \"\$('$MUX_BIN' -L '$LABEL' display -p '#{window_width}x#{window_height}')\" = 40x10"
compare "a window smaller than the client"
both split-window -h sh
compare "a smaller window with two panes"
exit 0
