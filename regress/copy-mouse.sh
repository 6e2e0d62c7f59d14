#!/bin/sh
# Copy mode with the mouse (set -g mouse on), through the default mouse
# bindings, as tmux 3.3a does it: the wheel over a shell enters copy mode
# (leaving again at the bottom) and scrolls five lines a step; a drag
# selects and its release copies and leaves; a double click copies a word
# and a triple click a line; a drag in a pane already in copy mode selects
# there. A program that asked for the mouse gets the wheel, a full-screen
# one that did not gets cursor keys, and the bindings can be changed. The
# copied text was checked against tmux 3.3a.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

# expect_buffer EXPECTED WHAT: the newest buffer is EXPECTED exactly.
expect_buffer() {
	rm -f "$TEST_DIR/buf"
	m save-buffer "$TEST_DIR/buf" || fail "save-buffer: $2"
	printf '%s' "$1" >"$TEST_DIR/want"
	cmp -s "$TEST_DIR/buf" "$TEST_DIR/want" ||
	    fail "$2: buffer is <$(od -c "$TEST_DIR/buf")>"
}

# A window of 80x23 under the client's status line: rows 19 and 20 are
# "alpha beta-gamma delta" and "second line here", above "ready".
m new -d -s a -x 80 -y 23 \
    "seq 1 100; printf 'alpha beta-gamma delta\\nsecond line here\\n'; echo ready; sleep 100000" ||
    fail "new"
wait_pane a ready
m set -g mouse on
m set -g mode-keys vi
m list-keys -T root | grep -q 'WheelUpPane.*copy-mode -e' || fail "root WheelUpPane"
m list-keys -T copy-mode-vi | grep -q 'MouseDragEnd1Pane.*copy-pipe-and-cancel' ||
    fail "copy-mode-vi MouseDragEnd1Pane"

# S FORMAT: the pane's FORMAT, from inside ptydrive scripts.
cat >"$TEST_DIR/s" <<EOF
#!/bin/sh
exec "$MUX_BIN" -L "$LABEL" display -p -t a "\$1"
EOF
chmod +x "$TEST_DIR/s"
S="$TEST_DIR/s"

"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF2 || fail "wheel and drags"
wait ready
send \e[<64;10;5M
run "\$UNTIL" 'test "\$("$S" "#{pane_in_mode} #{scroll_position}")" = "1 0"'
send \e[<64;10;5M
run "\$UNTIL" 'test "\$("$S" "#{scroll_position}")" = 5'
send \e[<64;10;5M
run "\$UNTIL" 'test "\$("$S" "#{scroll_position}")" = 10'
send \e[<65;10;5M
run "\$UNTIL" 'test "\$("$S" "#{scroll_position}")" = 5'
send \e[<65;10;5M
run "\$UNTIL" 'test "\$("$S" "#{pane_in_mode}")" = 0'
send \e[<0;3;20M\e[<32;5;20M
run "\$UNTIL" 'test "\$("$S" "#{pane_in_mode} #{selection_present}")" = "1 1"'
send \e[<32;9;21M
run "\$UNTIL" 'test "\$("$S" "#{selection_end_x},#{selection_end_y}")" = "8,101"'
send \e[<0;9;21m
run "\$UNTIL" 'test "\$("$S" "#{pane_in_mode}")" = 0'
EOF2
expect_buffer "pha beta-gamma delta
second li" "vi drag"

# emacs leaves out the cell under the end of the selection.
m set -g mode-keys emacs
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF2 || fail "emacs drag"
wait ready
send \e[<0;3;20M\e[<32;5;20M\e[<32;9;21M
run "\$UNTIL" 'test "\$("$S" "#{selection_end_x},#{selection_end_y}")" = "8,101"'
send \e[<0;9;21m
run "\$UNTIL" 'test "\$("$S" "#{pane_in_mode}")" = 0'
EOF2
expect_buffer "pha beta-gamma delta
second l" "emacs drag"

# A double click takes a word, a triple click a line (vi keeps its
# newline); each copies once it has been shown for a moment.
m set -g mode-keys vi
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF2 || fail "clicks"
wait ready
send \e[<0;9;20M\e[<0;9;20m\e[<0;9;20M\e[<0;9;20m
run "\$UNTIL" '"$MUX_BIN" -L "$LABEL" save-buffer - | grep -qx beta'
run "\$UNTIL" 'test "\$("$S" "#{pane_in_mode}")" = 0'
send \e[<0;9;21M\e[<0;9;21m\e[<0;9;21M\e[<0;9;21m\e[<0;9;21M\e[<0;9;21m
run "\$UNTIL" '"$MUX_BIN" -L "$LABEL" save-buffer - | grep -qx "second line here"'
run "\$UNTIL" 'test "\$("$S" "#{pane_in_mode}")" = 0'
EOF2
expect_buffer "second line here
" "triple click"

# run-shell -d (what shows a clicked word for a moment) waits, then runs
# a shell command or, with -C, mux commands; without one it only waits.
m run -d 0.05 || fail "run-shell -d"
m run -d 0.05 'echo later' || fail "run-shell -d command"
expect_eq "$(view_text)" later "run-shell -d command"
m run -C -d 0.05 'set-buffer -- delayed' || fail "run-shell -C -d"
expect_buffer "delayed" "run-shell -C -d"
if m run -d x 2>/dev/null; then fail "a bad delay"; fi

# In copy mode already (C-b [, then up a page): a drag selects there and
# the wheel scrolls; the release copies and leaves.
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF2 || fail "drag in copy mode"
wait ready
send \x02[
run "\$UNTIL" 'test "\$("$S" "#{pane_in_mode}")" = 1'
send \e[5~
run "\$UNTIL" 'test "\$("$S" "#{scroll_position}")" = 21'
send \e[<65;10;5M
run "\$UNTIL" 'test "\$("$S" "#{scroll_position}")" = 16'
send \e[<0;1;1M\e[<32;2;1M\e[<32;2;2M
run "\$UNTIL" 'test "\$("$S" "#{selection_start_y} #{selection_end_y}")" = "65 66"'
send \e[<0;2;2m
run "\$UNTIL" 'test "\$("$S" "#{pane_in_mode}")" = 0'
EOF2
expect_buffer "66
67" "drag in copy mode"

# The bindings are the user's to change: here the first step of the wheel
# scrolls as well.
m bind -n WheelUpPane copy-mode -e '\;' send -X -N 3 scroll-up
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF2 || fail "rebound wheel"
wait ready
send \e[<64;10;5M
run "\$UNTIL" 'test "\$("$S" "#{pane_in_mode} #{scroll_position}")" = "1 3"'
send q
run "\$UNTIL" 'test "\$("$S" "#{pane_in_mode}")" = 0'
EOF2
m unbind -n WheelUpPane

# A program that asked for the mouse gets the wheel; a full-screen one
# that did not gets cursor keys (alternate scroll) for a wheel key that is
# not bound (WheelUpPane was unbound above); neither pane enters copy
# mode.
m new -d -s p -x 80 -y 23 sh || fail "new p"
wait_prompt p
m send-keys -t p "printf '\\033[?1000h\\033[?1006h'; stty -icanon -echo; cat -v" Enter
m split-window -t p sh
wait_prompt p.1
m send-keys -t p.1 "printf '\\033[?1049h'; stty -icanon -echo; cat -v" Enter
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t p <<EOF2 || fail "programs"
send \e[<64;10;3M
wait ^[[<64;10;3M
send \e[<64;10;15M
wait ^[[A^[[A^[[A
run test "\$("$MUX_BIN" -L "$LABEL" display -p -t p.0 '#{pane_in_mode}')" = 0
run test "\$("$MUX_BIN" -L "$LABEL" display -p -t p.1 '#{pane_in_mode}')" = 0
EOF2
exit 0
