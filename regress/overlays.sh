#!/bin/sh
# The overlays together, side by side with tmux 3.3a (side-by-side.sh):
# a popup over the open command prompt (it takes the keys; the prompt is
# there again when it closes), display-panes refused while a popup is
# open, the prompt and display-panes with the status lines at the top,
# display-panes over a window smaller and over one larger than the
# client. Each step's outer panes must be the same cell for cell.
# (display-panes with the status lines at the top is compared first,
# before the screen has held anything else: see the note there.)
. "$(dirname "$0")/lib.sh"
export PS1='$ '
. "$REGRESS_DIR/side-by-side.sh"

both_bg() {
	t "$@" &
	m "$@" &
}
# prompt_open: C-b : on both, and wait for it.
prompt_open() {
	keys C-b
	keys :
	for w in 0 1; do
		poll_until "prompt in window $w" sh -c \
		    "'$TMUX_BIN' -L '$OUTER' capture-pane -p -t o:$w | grep -q '^:'"
	done
}
# popup_shows TEXT: both outer panes show TEXT. While the prompt is open
# under a popup, tmux 3.3a draws the popup's output at once on some runs
# and on others only at the client's next full redraw (mux draws it at
# once), so the clients are redrawn whole (refresh-client) on both sides
# while waiting: what is compared is then what each has, not when tmux
# got round to drawing it.
popup_shows() {
	for w in 0 1; do
		poll_until "'$1' in outer window $w" sh -c \
		    "'$TMUX_BIN' -L '$REF' refresh-client; '$MUX_BIN' -L '$LABEL' refresh-client; '$TMUX_BIN' -L '$OUTER' capture-pane -p -t o:$w | grep -qF -- '$1'"
	done
}

side_by_side 80x24
both set -s escape-time 0
both set -g display-panes-time 600000
both split-window -h sh
compare "two panes"

# --- The status lines at the top ------------------------------------------------------
# Compared on a screen that has held nothing else: later, a digit's cell
# that ends a row may be captured with or without the blanks after it,
# as the outer terminal was left by what was drawn there before (the
# same cells, written as spaces by one and cleared by the other).
both set -g status 2
both set -g status-position top
keys C-b
keys q
compare "display-panes, status lines at the top"
keys Escape
compare "display-panes closed by a key"
prompt_open
keys d e f
compare "the prompt on the last status line at the top"
keys C-c
both set -g status on
both set -g status-position bottom

# --- A popup over the prompt ---------------------------------------------------
prompt_open
keys a b
compare "the prompt"
both_bg display-popup -w 30 -h 6 -T over 'echo popup; cat'
popup_shows popup
compare "a popup over the prompt"
keys x y
popup_shows xy
compare "keys go to the popup"
t display-popup -C && m display-popup -C
compare "the prompt again"
keys c Left
compare "keys go to the prompt again"
keys C-c
compare "the prompt closed"

# --- display-panes while a popup is open: nothing ----------------------------------
both_bg display-popup -w 30 -h 6 'echo second; cat'
popup_shows second
both display-panes -b
compare "display-panes refused under a popup"
t display-popup -C && m display-popup -C
compare "closed"

# --- A window smaller, and one larger, than the client ------------------------------
both resize-window -x 40 -y 10
poll_until "tmux's window" sh -c \
    "test \"\$('$TMUX_BIN' -L '$REF' display -p '#{window_width}')\" = 40"
poll_until "mux's window" sh -c \
    "test \"\$('$MUX_BIN' -L '$LABEL' display -p '#{window_width}')\" = 40"
keys C-b
keys q
compare "display-panes over a smaller window"
keys Escape
both resize-window -x 120 -y 40
poll_until "tmux's window" sh -c \
    "test \"\$('$TMUX_BIN' -L '$REF' display -p '#{window_width}')\" = 120"
poll_until "mux's window" sh -c \
    "test \"\$('$MUX_BIN' -L '$LABEL' display -p '#{window_width}')\" = 120"
compare "a larger window"
# (Not display-panes over it: tmux 3.3a works out the part of a pane cut
# on the right or at the bottom with an unsigned subtraction that wraps,
# and draws that pane's size and digits at the wrong places; mux draws
# them where the pane is.)
exit 0
