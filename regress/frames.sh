#!/bin/sh
# Frames to an attached client: while one pane floods and frames are
# paced, typing into its neighbour gets the echo at once in a frame of
# just that pane; the held frame follows, so when all is quiet the client
# shows exactly what the server has, cell for cell. A long frame-interval
# makes a held frame certain in the second part: the flood has spent the
# client's frame credit, so the burst is held while the test types. The
# end is waited for on the client: the left pane's prompt on the last row
# and the cursor at the right pane's prompt.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

m new -d -s a -x 80 -y 24 sh || fail "new"
m split-window -h -t a sh || fail "split"
wait_prompt a.0
wait_prompt a.1
m select-pane -t a.1

# Once the client is attached, pane 0 floods (a shell loop: thousands of
# short writes) while the test types into pane 1.
"$PTYDRIVE" -s 80x25 -- "$MUX_BIN" -L "$LABEL" attach -t a >screen.txt <<'EOF2' || fail "attached"
wait [a] 0:sh*
run "$MUX_BIN" -L "$LABEL" send-keys -t a.0 'i=0; while [ $i -lt 20000 ]; do echo line$i; i=$((i+1)); done; echo FLOOD-DONE' Enter
wait line1
send echo typed-one\r
wait typed-one
send echo typed-two\r
wait FLOOD-DONE
run "$MUX_BIN" -L "$LABEL" set -s frame-interval 1000
run "$MUX_BIN" -L "$LABEL" send-keys -t a.0 'for i in 1 2 3 4 5 6 7 8; do echo burst$i; sleep 0.05; done' Enter
run "$UNTIL" '"$MUX_BIN" -L "$LABEL" capture-pane -p -t a.0 | grep -q burst3'
send echo typed-three\r
wait typed-three
wait burst8
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" capture-pane -p -t a.1 | grep -c typed-three)" = 2'
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" capture-pane -p -t a.0 | tail -n 1)" = "$"'
cursor 43 6
row 23 $                                       │
screen
EOF2

# The screen as the client drew it: rows "NN|text"; characters 1-40 are
# pane 0, 41 the border, 42 on pane 1.
export LC_ALL=C.UTF-8
sed -n 's/^ *[0-9]*|//p' screen.txt | head -n 24 >rows.txt
[ "$(wc -l <rows.txt)" -eq 24 ] || fail "screen dump: $(cat screen.txt)"
sed 's/^\(.\{40\}\).*/\1/; s/ *$//' rows.txt >left.txt
sed 's/^.\{41\}//; s/ *$//' rows.txt >right.txt
m capture-pane -p -t a.0 >left.want
m capture-pane -p -t a.1 >right.want
expect_eq "$(cat left.txt)" "$(cat left.want)" "left pane as drawn"
expect_eq "$(cat right.txt)" "$(cat right.want)" "right pane as drawn"
exit 0
