#!/bin/sh
# What is drawn around and between panes, and the panes' own colours, as
# tmux 3.3a draws them: pane-border-lines, pane-border-indicators,
# pane-border-status with pane-border-format, pane-border-style and
# pane-active-border-style (formats too), the marked pane, fill-character,
# window-style and window-active-style. Cell by cell on an attached client
# (ptydrive), then side by side with tmux 3.3a.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

m new -d -s a -x 80 -y 24 sh || fail "new"
m split-window -h -t a sh || fail "split"
m set -g pane-border-lines double
m set -g pane-border-indicators arrows
m set -g window-style bg=colour235
m set -g window-active-style bg=black,fg=white
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF || fail "double lines, arrows, pane colours"
wait 0:sh*
cell 40 0 ch=\xe2\x95\x91 fg=2
cell 40 1 ch=\xe2\x86\x92 fg=2
cell 40 22 ch=\xe2\x95\x91 fg=2
cell 10 5 bg=235 fg=default
cell 60 5 bg=0 fg=7
EOF
m set -g pane-border-status top
m set -g pane-border-format '#[fg=red]<#{pane_index}>'
m set -g pane-border-lines heavy
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF || fail "pane status at the top"
wait <1>
cell 0 0 ch=\xe2\x94\x81 fg=default
cell 2 0 ch=< fg=1
cell 3 0 ch=0
cell 43 0 ch=< fg=1
cell 44 0 ch=1
cell 47 0 ch=\xe2\x94\x81 fg=2
cell 40 0 ch=\xe2\x94\xb3
EOF
expect_eq "$(m display -p -t a.0 '#{pane_top} #{pane_height}')" "1 22" "a pane under its status line"
m set -g pane-border-status bottom
m set -g pane-border-lines number
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF || fail "pane status at the bottom, number lines"
wait <1>
cell 2 22 ch=< fg=1
cell 40 5 ch=1
EOF
expect_eq "$(m display -p -t a.0 '#{pane_top} #{pane_height}')" "0 22" "a pane over its status line"
m set -g pane-border-status off
expect_eq "$(m display -p -t a.0 '#{pane_top} #{pane_height}')" "0 23" "no status line"
m kill-server

# --- Side by side with tmux 3.3a ------------------------------------------
. "$REGRESS_DIR/side-by-side.sh"
side_by_side 80x24
both set -s escape-time 0
both split-window -h sh
both split-window -v sh
compare "three panes"
both select-pane -t 0
compare "the first pane active"
for l in double heavy simple number single; do
	both set -g pane-border-lines $l
	compare "pane-border-lines $l"
done
for i in off arrows both colour; do
	both set -g pane-border-indicators $i
	compare "pane-border-indicators $i"
done
both kill-pane -t 2
for i in off arrows both colour; do
	both set -g pane-border-indicators $i
	compare "two panes, pane-border-indicators $i"
done
both split-window -v -t 0 sh
both set -g pane-border-style fg=blue,bg=yellow
both set -g pane-active-border-style '#{?pane_in_mode,fg=red,fg=magenta}'
compare "border styles"
both set -g window-style fg=colour250,bg=colour235
both set -g window-active-style bg=black
compare "window-style and window-active-style"
both select-pane -t 2
compare "another pane active"
both set -u -g window-style
both set -u -g window-active-style
both set -u -g pane-border-style
both set -u -g pane-active-border-style
for s in top bottom; do
	both set -g pane-border-status $s
	compare "pane-border-status $s"
	both set -g pane-border-format '#[align=right]#{pane_index}#[align=left fg=red]#{pane_current_command}'
	compare "pane-border-status $s with a format"
	both set -u -g pane-border-format
	both resize-pane -Z
	compare "pane-border-status $s zoomed"
	both resize-pane -Z
done
both set -g pane-border-status off
both select-pane -m -t 0
compare "the marked pane"
both select-pane -M
# A window smaller than the client: edges and fill-character.
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
both set -g fill-character x
compare "fill-character"
for l in double simple number; do
	both set -g pane-border-lines $l
	compare "a smaller window, pane-border-lines $l"
done
both set -g pane-border-status top
compare "a smaller window with pane status lines"
exit 0
