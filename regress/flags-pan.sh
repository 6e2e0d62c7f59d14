#!/bin/sh
# flags-pan: a window larger than the client's terminal. The client shows
# the part with the cursor; refresh-client -U -D -L -R [adjustment] (and
# the default bindings prefix S-Up ... S-Right) pan it, -c (prefix DC)
# follows the cursor again; drawn side by side with tmux 3.3a. And a
# mouse click lands where it is in the window.
. "$(dirname "$0")/lib.sh"
. "$REGRESS_DIR/side-by-side.sh"
side_by_side 80x24

# 120x40 in an 80x24 terminal: 40 rows with markers at both ends.
both resize-window -t a:0 -x 120 -y 40
both send-keys -t a:0 "clear; i=1; while [ \$i -lt 40 ]; do printf 'l%02d%96sr%02d\n' \$i '' \$i; i=\$((i+1)); done; printf end" Enter
poll_until "tmux's pane to draw" sh -c "'$TMUX_BIN' -L '$REF' capture-pane -p -t a:0 | grep -q '^end'"
poll_until "mux's pane to draw" sh -c "'$MUX_BIN' -L '$LABEL' capture-pane -p -t a:0 | grep -q '^end'"
compare "the part with the cursor"

keys C-b S-Up
compare "prefix S-Up: up 10"
keys C-b S-Right
compare "prefix S-Right: right 10"
both refresh-client -R 100
compare "right as far as it goes"
both refresh-client -U 100
compare "to the top"
f='#{window_bigger} [#{window_offset_x},#{window_offset_y}] #{client_flags}'
expect_eq "$(m display -p "$f")" "$(t display -p "$f")" "the offset formats"
both refresh-client -D 3
compare "down 3"
both refresh-client -L
compare "left 1"
keys C-b S-Left
compare "prefix S-Left: left 10"
keys C-b S-Down
compare "prefix S-Down: down 10"
keys C-b DC
compare "prefix DC: the cursor's part again"
both refresh-client -D 2
both refresh-client -c
compare "-c"

# Bad adjustments, as tmux says them.
for a in 0 x 99999999999; do
	want=$(t refresh-client -U "$a" 2>&1)
	have=$(m refresh-client -U "$a" 2>&1)
	expect_eq "$have" "$want" "refresh-client -U $a"
done

# A window that fits: panning does nothing, the whole window shows.
both resize-window -t a:0 -x 70 -y 20
both refresh-client -R 5
compare "a window that fits"
expect_eq "$(m display -p "$f")" "$(t display -p "$f")" "the offset formats when it fits"

# The mouse where part of a larger window shows: a click goes to the pane
# at that place of the window, not of the terminal (mux alone: the outer
# tmux has the mouse itself).
m kill-server
printf '#!/bin/sh\nexec "$MUX_BIN" -L "$LABEL" "$@"\n' >mm
chmod +x mm
m new -d -s p -x 120 -y 40 || fail "new p"
m resize-window -t p -x 120 -y 40 || fail "resize-window p"
m split-window -h -t p -l 59 || fail "split"
m select-pane -t p:0.0 || fail "select-pane"
m set -g mouse on
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t p <<'EOF2' || fail "a click in a panned window"
wait [p] 0:
run ./mm refresh-client -R 40
run ./mm refresh-client -U 40
wait [40,0]
send \e[<0;31;5M\e[<0;31;5m
run "$UNTIL" 'test "$(./mm display -p -t p "#{pane_index}")" = 1'
send \e[<0;11;5M\e[<0;11;5m
run "$UNTIL" 'test "$(./mm display -p -t p "#{pane_index}")" = 0'
EOF2
exit 0
