#!/bin/sh
# Copy mode: move, search and copy through 2000 lines of history with
# send-keys -X (emacs and vi keys), rectangles, copy-pipe, a view that stays
# put while output arrives, -e and -q, and an attached client that shows
# the position indicator, takes copy-mode keys (none reach the program) and
# copies with them. The expected values were checked against tmux 3.3a.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

# d TARGET FORMAT: a format of a pane.
d() {
	m display -p -t "$1" "$2"
}

# expect_buffer EXPECTED WHAT: the newest buffer is EXPECTED exactly (the
# file keeps trailing newlines that $(...) would drop).
expect_buffer() {
	rm -f "$TEST_DIR/buf"
	m save-buffer "$TEST_DIR/buf" || fail "save-buffer: $2"
	printf '%s' "$1" >"$TEST_DIR/want"
	cmp -s "$TEST_DIR/buf" "$TEST_DIR/want" ||
	    fail "$2: buffer is <$(od -c "$TEST_DIR/buf")>"
}

# A pane with 2000 lines of history that writes more whenever the test
# writes to a fifo.
F="$TEST_DIR/fifo"
mkfifo "$F"
m new -d -s c -x 80 -y 24 \
    "seq 1 2000; echo ready; while :; do cat '$F'; done" || fail "new"
wait_pane c ready

# Not in copy mode yet.
if m send -t c -X cursor-up 2>"$TEST_DIR/err"; then fail "-X outside a mode"; fi
expect_eq "$(cat "$TEST_DIR/err")" "not in a mode" "-X outside a mode"
expect_eq "$(d c '#{pane_in_mode}')" 0 "not in a mode yet"

m copy-mode -t c || fail "copy-mode"
expect_eq "$(d c '#{pane_in_mode} #{pane_mode}')" "1 copy-mode" "in copy mode"
expect_eq "$(d c '#{scroll_position} #{history_size}')" "0 1978" "entered"
expect_eq "$(d c '#{copy_cursor_x},#{copy_cursor_y}')" "0,23" "cursor at entry"

m send -t c -X history-top
expect_eq "$(d c '#{scroll_position} #{copy_cursor_line}')" "1978 1" \
    "history-top"

# A regex search (emacs: the cursor lands after the match).
m send -t c -X search-forward '^1000 '
expect_eq "$(d c '#{scroll_position} #{copy_cursor_x},#{copy_cursor_y}')" \
    "997 5,18" "search-forward"
expect_eq "$(d c '#{copy_cursor_line} #{search_present}')" "1000 1" \
    "search-forward line"
m send -t c -X start-of-line
m send -t c -X begin-selection
expect_eq "$(d c '#{search_present} #{selection_present}')" "0 1" \
    "a selection ends the search highlighting"
m send -t c -N 2 -X cursor-down
m send -t c -X end-of-line
m send -t c -X copy-selection
expect_buffer "1000
1001
1002" "emacs copy"
expect_eq "$(d c '#{selection_present}')" 0 "copy-selection clears"

m send -t c -X search-backward '99[0-9]'
expect_eq "$(d c '#{copy_cursor_line} #{copy_cursor_x},#{copy_cursor_y}')" \
    "999 0,17" "search-backward"
m send -t c -X search-again
expect_eq "$(d c '#{copy_cursor_line} #{copy_cursor_x},#{copy_cursor_y}')" \
    "998 0,16" "search-again"
m send -t c -X search-reverse
expect_eq "$(d c '#{copy_cursor_line} #{copy_cursor_x},#{copy_cursor_y}')" \
    "998 3,16" "search-reverse"

# vi keys: whole lines, with the newline vi keeps.
m set -w -t c mode-keys vi
m send -t c -X goto-line 100
expect_eq "$(d c '#{scroll_position} #{copy_cursor_line}')" "100 1895" \
    "goto-line"
m send -t c -X select-line
m send -t c -X cursor-down
m send -t c -X copy-selection
expect_buffer "1895
1896
" "vi select-line"
m send -t c -X page-up
m send -t c -X halfpage-down
expect_eq "$(d c '#{scroll_position} #{copy_cursor_line}')" "110 1886" \
    "page-up, halfpage-down"

# Output arriving in copy mode: the program goes on, the view stays.
seq 3001 3040 >"$F"
wait_pane c 3040
expect_eq "$(d c '#{scroll_position} #{copy_cursor_line}')" "110 1886" \
    "the view stays put"
m send -t c -X history-bottom
expect_eq "$(d c '#{scroll_position} #{copy_cursor_line}')" "0 " \
    "history-bottom is the screen as it was"
m send -t c -X refresh-from-pane
m send -t c -X search-backward 3040
expect_eq "$(d c '#{copy_cursor_line}')" 3040 "refresh-from-pane"
m send -t c -X cancel
expect_eq "$(d c '#{pane_in_mode}')" 0 "cancel"
m capture-pane -p -t c | grep -q '^3040$' || fail "live output after cancel"

# Rectangles: emacs leaves out the cursor's column, vi takes it; copy-pipe
# writes the text to a command too.
m new -d -s r -x 40 -y 10 \
    "printf 'abcdefgh\\nijklmnop\\nqrstuvwx\\nyz\\n'; echo ready; sleep 100000"
wait_pane r ready
m copy-mode -t r
m send -t r -X history-top
m send -t r -N 2 -X cursor-right
m send -t r -X begin-selection
m send -t r -X rectangle-toggle
m send -t r -N 3 -X cursor-down
m send -t r -N 2 -X cursor-right
m send -t r -X copy-selection-and-cancel
expect_buffer "cd
kl
st
" "emacs rectangle"
expect_eq "$(d r '#{pane_in_mode}')" 0 "copy-selection-and-cancel"

m set -w -t r mode-keys vi
m copy-mode -t r
m send -t r -X history-top
m send -t r -N 2 -X cursor-right
m send -t r -X begin-selection
m send -t r -X rectangle-toggle
m send -t r -N 2 -X cursor-down
m send -t r -N 2 -X cursor-right
m send -t r -X copy-pipe-and-cancel "cat >'$TEST_DIR/piped'"
expect_buffer "cde
klm
stu" "vi rectangle"
poll_until "copy-pipe output" test -s "$TEST_DIR/piped"
poll_until "copy-pipe output complete" \
    sh -c "[ \"\$(cat '$TEST_DIR/piped')\" = \"\$(printf 'cde\\nklm\\nstu')\" ]"
expect_eq "$(d r '#{pane_in_mode}')" 0 "copy-pipe-and-cancel"

# -e leaves when paged back to the bottom; -q leaves at once.
m copy-mode -e -t r
m send -t r -X page-up
expect_eq "$(d r '#{pane_in_mode}')" 1 "copy-mode -e"
m send -t r -X page-down
expect_eq "$(d r '#{pane_in_mode}')" 0 "-e: back at the bottom"
m copy-mode -u -t r
expect_eq "$(d r '#{pane_in_mode} #{scroll_position}')" "1 0" "copy-mode -u"
m copy-mode -q -t r
expect_eq "$(d r '#{pane_in_mode}')" 0 "copy-mode -q"

# send-keys to a pane in copy mode runs its copy-mode bindings (vi: k
# cursor-up, q cancel), whichever pane is current.
m copy-mode -t r
m send-keys -t r k k
expect_eq "$(d r '#{pane_in_mode} #{copy_cursor_line}')" "1 yz" \
    "send-keys k in copy mode"
m send-keys -t r q
expect_eq "$(d r '#{pane_in_mode}')" 0 "send-keys q in copy mode"

# The default bindings are tmux's.
m list-keys -T prefix | grep -q 'copy-mode -u' || fail "prefix PPage"
m list-keys -T copy-mode-vi | grep -q 'v *send-keys -X rectangle-toggle' ||
    fail "vi table"
m list-keys -T copy-mode | grep -q 'M-w *send-keys -X copy-pipe-and-cancel' ||
    fail "emacs table"

# set-clipboard: a copy goes to the terminals of the attached clients as
# OSC 52. The terminal here is a pane of a second mux server (which makes
# OSC 52 from its programs into buffers). A copy with set-clipboard off or
# with -C sends nothing: had it, its buffer would come before the last.
O="$MUX_BIN -L ${LABEL}o -f /dev/null"
trap '$O kill-server >/dev/null 2>&1; cleanup' EXIT
m new -d -s clip -x 40 -y 9 "echo alpha beta gamma; sleep 100000" ||
    fail "new clip"
wait_pane clip gamma
$O new -d -s outer -x 40 -y 10 "env -u MUX $MUX_BIN -L $LABEL attach -t clip" ||
    fail "outer"
poll_until "the client in the outer pane" sh -c \
    "$O capture-pane -p -t outer | grep -q 'alpha beta'"
m set -s set-clipboard off
m copy-mode -t clip
m send -t clip -X history-top
m send -t clip -X begin-selection
m send -t clip -X next-word-end
m send -t clip -X copy-selection
expect_buffer "alpha" "set-clipboard off still makes a buffer"
m set -s set-clipboard on
m send -t clip -X next-word
m send -t clip -X begin-selection
m send -t clip -X next-word-end
m send -t clip -X copy-selection -P
expect_buffer "alpha" "-P makes no buffer"
m send -t clip -X next-word
m send -t clip -X begin-selection
m send -t clip -X end-of-line
m send -t clip -X copy-selection-and-cancel -C
expect_buffer "gamma" "-C still makes a buffer"
poll_until "OSC 52 at the client's terminal" sh -c \
    "$O list-buffers -F '#{buffer_name}' | grep -q ."
expect_eq "$($O list-buffers -F '#{buffer_sample}')" "beta" \
    "only the copy with set-clipboard on and no -C reached the terminal"
$O kill-server

# An attached client: C-b [ enters copy mode and the position indicator
# shows at the top right of the pane; keys move the cursor, select and
# copy (vi keys); f takes the next key as the character to jump to; ?
# asks for a search at the prompt; an unbound key does nothing and no key
# reaches the shell.
m new -d -s a -x 80 -y 23 sh || fail "new a"
wait_prompt a
m send-keys -t a 'seq 1 40' Enter
# The prompt after the output, not only the output: the cursor checks
# below expect it drawn.
poll_until "the prompt after seq" sh -c \
    "'$MUX_BIN' -L '$LABEL' capture-pane -p -t a | grep -A1 -x 40 | grep -qx '\\$ *'"
m set -g mode-keys vi
top0=$(printf '%-74s[0/19]' 19)
top19=$(printf '%-73s[19/19]' '$ seq 1 40')
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF2 || fail "attached copy mode"
wait 40
send \x02[
row 0 $top0
cursor 2 22
send \e[5~
row 0 $top19
cursor 1 1
send 0 jj\$
cursor 1 3
run test "\$("\$MUX_BIN" -L "\$LABEL" display -p -t a '#{selection_present}')" = 1
send z\r
gone [19/19]
row 0 19
run test "\$("\$MUX_BIN" -L "\$LABEL" display -p -t a '#{pane_in_mode}')" = 0
run test "\$("\$MUX_BIN" -L "\$LABEL" show-buffer)" = "\$(printf '1\n2\n3\n')"
send \x02[
row 0 $top0
send 0kkf9
cursor 1 20
send ?2[56]\r
cursor 0 7
run test "\$("\$MUX_BIN" -L "\$LABEL" display -p -t a '#{copy_cursor_line}')" = 26
send n
cursor 0 6
wait (2 results) [0/19]
send q
gone [0/19]
send echo done\r
line done
EOF2
m capture-pane -p -t a | grep -q '^\$ echo done$' ||
    fail "keys in copy mode reached the shell: $(m capture-pane -p -t a | tail -3)"
# Repeat counts. send-keys -N without keys gives the next copy-mode command
# a count, which it uses up; -N with -X wins over it.
m copy-mode -t r
m send -t r -X history-top
m send -t r -N 2
m send -t r -X cursor-down
expect_eq "$(d r '#{copy_cursor_y}')" 2 "send-keys -N, then a command"
m send -t r -X cursor-up
expect_eq "$(d r '#{copy_cursor_y}')" 1 "the count is used up"
m send -t r -N 3
m send -t r -N 1 -X cursor-down
expect_eq "$(d r '#{copy_cursor_y}')" 2 "-N with -X wins"
m send -t r -X cancel
m list-keys -T copy-mode-vi | grep -q '^bind-key *-T copy-mode-vi 5 *command-prompt.*-N.*send-keys -N' ||
    fail "vi 5 starts a count"
m list-keys -T copy-mode | grep -q '^bind-key *-T copy-mode *M-5 *command-prompt.*-N' ||
    fail "emacs M-5 starts a count"

# Typed counts: digits in copy-mode-vi (10 is two of them), M-digits in
# copy-mode; the (repeat) prompt shows the count until the command key.
m new -d -s n -x 80 -y 23 "seq 1 60; echo 'a b c d e f g'; echo ready; sleep 100000" ||
    fail "new n"
wait_pane n ready
m set -w -t n mode-keys vi
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t n <<EOF2 || fail "typed counts"
wait ready
send \x02[
wait [0/
send g
run "\$UNTIL" 'test "\$("\$MUX_BIN" -L "\$LABEL" display -p -t n "#{copy_cursor_y}")" = 0'
send 5
wait (repeat) 5
send j
gone (repeat)
run "\$UNTIL" 'test "\$("\$MUX_BIN" -L "\$LABEL" display -p -t n "#{copy_cursor_y}")" = 5'
send 10j
run "\$UNTIL" 'test "\$("\$MUX_BIN" -L "\$LABEL" display -p -t n "#{copy_cursor_y}")" = 15'
send G0kk3w
run "\$UNTIL" 'test "\$("\$MUX_BIN" -L "\$LABEL" display -p -t n "#{copy_cursor_x}")" = 6'
send 2e
run "\$UNTIL" 'test "\$("\$MUX_BIN" -L "\$LABEL" display -p -t n "#{copy_cursor_x}")" = 10'
send q
run "\$UNTIL" 'test "\$("\$MUX_BIN" -L "\$LABEL" display -p -t n "#{pane_in_mode}")" = 0'
run "\$MUX_BIN" -L "\$LABEL" set -w -t n mode-keys emacs
send \x02[
wait [0/
send \e<
run "\$UNTIL" 'test "\$("\$MUX_BIN" -L "\$LABEL" display -p -t n "#{copy_cursor_y}")" = 0'
send \e4
wait (repeat) 4
send \x0e
run "\$UNTIL" 'test "\$("\$MUX_BIN" -L "\$LABEL" display -p -t n "#{copy_cursor_y}")" = 4'
send q
run "\$UNTIL" 'test "\$("\$MUX_BIN" -L "\$LABEL" display -p -t n "#{pane_in_mode}")" = 0'
EOF2

exit 0
