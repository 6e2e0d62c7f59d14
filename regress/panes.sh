#!/bin/sh
# Panes: split-window, select-pane by target and direction, last-pane,
# resize-pane, zoom, select-layout, swap/rotate, break/join, respawn,
# kill-pane; geometry compared with what tmux 3.3a gives for the same
# commands; borders drawn on an attached client.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

geom() {
	m list-panes -t a -F '#{pane_index}:#{pane_left},#{pane_top},#{pane_width}x#{pane_height}' | tr '\n' ' '
}

m new -d -s a -x 80 -y 24 sh || fail "new"
m split-window -h -t a sh || fail "split -h"
expect_eq "$(geom)" "0:0,0,40x24 1:41,0,39x24 " "split -h"
expect_eq "$(m display -p -t a '#{window_layout}')" \
    "8205,80x24,0,0{40x24,0,0,0,39x24,41,0,1}" "layout string as tmux"
expect_eq "$(m display -p -t a '#{pane_index}')" "1" "new pane active"
m split-window -v -t a -l 30% sh || fail "split -v -l 30%"
expect_eq "$(geom)" "0:0,0,40x24 1:41,0,39x16 2:41,17,39x7 " "split -v -l 30%"
m split-window -b -h -t a.0 -d sh || fail "split -b -d"
expect_eq "$(m list-panes -t a -F '#{pane_index}#{?pane_active,*,}' | tr '\n' ' ')" \
    "0 1 2 3* " "split -b -d keeps the active pane"
m kill-pane -t a.0
expect_eq "$(geom)" "0:0,0,40x24 1:41,0,39x16 2:41,17,39x7 " "kill-pane gives the space back"

# Selecting panes.
m select-pane -t a.0
m select-pane -R -t a
# Of the two on the right, the most recently active (2), as tmux 3.3a.
expect_eq "$(m display -p -t a '#{pane_index}')" "2" "select-pane -R"
m select-pane -D -t a
expect_eq "$(m display -p -t a '#{pane_index}')" "1" "select-pane -D (wraps)"
m last-pane -t a
expect_eq "$(m display -p -t a '#{pane_index}')" "2" "last-pane"
m select-pane -t a:.+
expect_eq "$(m display -p -t a '#{pane_index}')" "0" "next pane (.+)"
m select-pane -t a -T "my title"
expect_eq "$(m display -p -t a '#{pane_title}')" "my title" "select-pane -T"

# Resizing and zoom.
m resize-pane -t a.0 -R 5
expect_eq "$(geom)" "0:0,0,45x24 1:46,0,34x16 2:46,17,34x7 " "resize-pane -R 5"
m resize-pane -t a.0 -x 30
expect_eq "$(m display -p -t a.0 '#{pane_width}')" "30" "resize-pane -x"
m resize-pane -Z -t a.2
expect_eq "$(m display -p -t a '#{window_zoomed_flag} #{pane_index} #{pane_width}x#{pane_height}')" \
    "1 2 80x24" "zoom"
m resize-pane -Z -t a.2
expect_eq "$(m display -p -t a '#{window_zoomed_flag}')" "0" "unzoom"

# Layouts.
m split-window -t a sh
m select-layout -t a even-horizontal
expect_eq "$(geom)" "0:0,0,19x24 1:20,0,19x24 2:40,0,19x24 3:60,0,20x24 " "even-horizontal (as tmux 3.3a)"
m select-layout -t a tiled
expect_eq "$(geom)" "0:0,0,39x11 1:40,0,40x11 2:0,12,39x12 3:40,12,40x12 " "tiled (as tmux 3.3a)"
if m select-layout -t a sideways 2>err; then fail "bad layout"; fi
expect_eq "$(cat err)" "invalid layout: sideways" "bad layout (as tmux 3.3a)"

# Swap and rotate keep geometry and move panes.
ids() {
	m list-panes -t a -F '#{pane_id}' | tr '\n' ' '
}
before=$(ids)
m swap-pane -s a.0 -t a.1
set -- $before
expect_eq "$(ids)" "$2 $1 $3 $4 " "swap-pane"
m rotate-window -t a
expect_eq "$(ids)" "$1 $3 $4 $2 " "rotate-window"

# break-pane and join-pane move panes between windows.
m break-pane -d -s a.3 -n broken || fail "break-pane"
expect_eq "$(m list-windows -t a -F '#{window_index}:#{window_name}:#{window_panes}' | tr '\n' ' ')" \
    "0:sh:3 1:broken:1 " "break-pane"
m join-pane -h -s a:1.0 -t a:0.0 || fail "join-pane"
expect_eq "$(m list-windows -t a -F '#{window_index}:#{window_panes}' | tr '\n' ' ')" \
    "0:4 " "join-pane"

# respawn-pane refuses a live pane without -k.
if m respawn-pane -t a.0 2>err; then fail "respawn of a live pane"; fi
expect_eq "$(cat err)" "respawn pane failed: pane a:0.0 still active" \
    "respawn error, in tmux 3.3a's words"
m respawn-pane -k -t a.0 'echo respawned; sleep 100' || fail "respawn -k"
wait_pane a.0 respawned

# Too small to split.
m new -d -s small -x 3 -y 3 sh
if m split-window -h -t small 2>err; then
	m split-window -h -t small 2>err && m split-window -h -t small 2>err && fail "split without room"
fi
expect_eq "$(cat err)" "no space for new pane" "no room"

# Borders on an attached client.
m kill-session -t small
m select-layout -t a even-horizontal
m set -g display-panes-time 10000	# long enough for a loaded machine
"$PTYDRIVE" -s 80x25 -- "$MUX_BIN" -L "$LABEL" attach -t a <<'EOF2' || fail "borders"
wait │
send \x02z
gone │
send \x02z
wait │
send \x02q
wait 19x24
send 1
gone 19x24
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" display -p -t a "#{pane_index}")" = 1'
EOF2
exit 0
