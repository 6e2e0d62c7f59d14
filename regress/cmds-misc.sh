#!/bin/sh
# cmds-misc: clear-history, show-prompt-history, clear-prompt-history and
# show-messages (the message log, bounded by message-limit when that
# option exists).
. "$(dirname "$0")/lib.sh"

m new -d -x 40 -y 5 "seq 1 50; exec cat" || fail "new"
wait_pane "" "50"
[ "$(m display -p '#{history_size}')" -gt 0 ] || fail "no history to clear"
m clearhist || fail "clear-history"
expect_eq "$(m display -p '#{history_size}')" "0" "clear-history"

# "History for TYPE:", a blank line, then the lines and a blank line.
expect_eq "$(m showphist -T command | wc -l | tr -d ' ')" "3" \
    "show-prompt-history -T command, empty"
expect_eq "$(m showphist -T command | head -1)" "History for command:" \
    "show-prompt-history heading"
expect_eq "$(m showphist | grep -c '^History for')" "4" "every prompt type"
m showphist -T bogus 2>err && fail "bad -T accepted"
grep -q "invalid type: bogus" err || fail "showphist error: $(cat err)"
m clearphist -T bogus 2>err && fail "clearphist bad -T accepted"
m clearphist || fail "clear-prompt-history"

# pipe-pane: -O (the default) copies output to the command; -o closes a
# pipe the pane has and opens none (a toggle, as in tmux); no command
# closes it; -I sends the command's output to the pane.
m new -d -s pp -x 40 -y 5 'exec cat' || fail "new pp"
m pipep -t pp -o "cat > $TEST_DIR/piped" || fail "pipe-pane"
m send -t pp -l 'through-the-pipe'
m send -t pp Enter
poll_until "the pipe's file" grep -q through-the-pipe "$TEST_DIR/piped"
m pipep -t pp -o "cat > $TEST_DIR/piped-not" || fail "pipe-pane -o"
m send -t pp -l 'after-toggle'
m send -t pp Enter
wait_pane pp after-toggle
[ -e "$TEST_DIR/piped-not" ] && fail "pipe-pane -o opened a second pipe"
m pipep -t pp "cat > $TEST_DIR/piped2" || fail "pipe-pane again"
m pipep -t pp || fail "pipe-pane (close)"
m pipep -t pp -I "echo sent-by-command" || fail "pipe-pane -I"
wait_pane pp sent-by-command
m pipep -t pp '#{session_name}' 2>/dev/null || fail "pipe-pane format"
m kill-session -t pp

# send-keys -R resets the pane's terminal: the screen clears, the cursor
# goes home.
m new -d -s rs -x 20 -y 3 'echo before-reset; exec cat' || fail "new rs"
wait_pane rs before-reset
m send -t rs -R || fail "send-keys -R"
expect_eq "$(m capturep -p -t rs | tr -d '\n')" "" "send-keys -R clears"
expect_eq "$(m display -p -t rs '#{cursor_x},#{cursor_y}')" "0,0" \
    "send-keys -R cursor"
m kill-session -t rs

# send-prefix -2 sends prefix2 (a digit flag).
m new -d -s sp 'exec cat -v' || fail "new sp"
m set -g prefix2 C-a || fail "set prefix2"
m send-prefix -2 -t sp || fail "send-prefix -2"
m send-prefix -t sp || fail "send-prefix"
m send -t sp Enter
wait_pane sp '^A^B'
m kill-session -t sp

# show-messages needs a client, as in tmux.
m showmsgs 2>err && fail "showmsgs without a client"
grep -q "no current client" err || fail "showmsgs error: $(cat err)"

# With an attached client: messages it was shown are logged.
M="$MUX_BIN -L $LABEL"
if m show -s message-limit >/dev/null 2>&1; then
	LIMIT="run $M set -s message-limit 1
run $M display hello-log-3
run $M showmsgs > $TEST_DIR/msgs2"
else
	LIMIT=""
fi
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach <<EOF2 || fail "attach"
wait 50
run $M display hello-log-1
run $M display hello-log-2
run $M showmsgs > $TEST_DIR/msgs
run $M display -d 0 -N stays-after-key
send x
run $M display -p '#{client_flags}' >/dev/null
run $M showmsgs | grep -q stays-after-key
$LIMIT
mark
run $M setb -w clip-text
raw Y2xpcC10ZXh0
run $M loadb -w -t /dev/nonexistent - </dev/null 2>/dev/null; [ \$? = 1 ]
run sh -c '($M command-prompt "rename-window %%" \\; display -p "#{window_name}" > $TEST_DIR/cp) >/dev/null 2>&1 &'
wait (rename-window)
send from-prompt\r
gone (rename-window)
run sh -c 'until [ -s $TEST_DIR/cp ]; do sleep 0.01; done'
run [ "\$(cat $TEST_DIR/cp)" = from-prompt ]
run sh -c '($M confirm-before "rename-window confirmed" \\; display -p "#{window_name}" > $TEST_DIR/cb) >/dev/null 2>&1 &'
wait Confirm 'rename-window'? (y/n)
send y
gone Confirm 'rename-window'? (y/n)
run sh -c 'until [ -s $TEST_DIR/cb ]; do sleep 0.01; done'
run [ "\$(cat $TEST_DIR/cb)" = confirmed ]
run sh -c '($M confirm-before "rename-window not-this" \\; display -p "#{window_name}" > $TEST_DIR/cn) >/dev/null 2>&1 &'
wait Confirm 'rename-window'? (y/n)
send n
gone Confirm 'rename-window'? (y/n)
run sh -c 'until [ -s $TEST_DIR/cn ]; do sleep 0.01; done'
run [ "\$(cat $TEST_DIR/cn)" = confirmed ]
run $M command-prompt -b -1 "rename-window one-%%"
wait (rename-window)
send \x1bOA
send z
gone (rename-window)
run [ "\$($M display -p '#{window_name}')" = one-z ]
run $M command-prompt -b -k "rename-window key-%%"
wait (rename-window)
send \x1bOA
gone (rename-window)
run [ "\$($M display -p '#{window_name}')" = key-Up ]
run $M command-prompt -b -F -1 "rename-window #{session_name}-%%"
wait (rename-window)
send q
gone (rename-window)
run [ "\$($M display -p '#{window_name}')" = "\$($M display -p '#{session_name}')-q" ]
run $M command-prompt -b "rename-window from-b"
wait (rename-window)
send \r
gone (rename-window)
run $M displayp -b -d 0 'rename-window picked-%%'
wait 80x23
send 0
gone 80x23
run $M display -p '#{window_name}' | grep -q 'picked-%'
run sh -c '($M displayp -d 0 \\; rename-window after-displayp) >/dev/null 2>&1 &'
wait 80x23
run [ "\$($M display -p '#{window_name}')" != after-displayp ]
send 0
gone 80x23
run sh -c 'until [ "\$($M display -p "#{window_name}")" = after-displayp ]; do sleep 0.01; done'
send \x02d
exit 0
EOF2
grep -q "message: hello-log-1$" msgs || fail "log: $(cat msgs)"
grep -q "message: hello-log-2$" msgs || fail "log: $(cat msgs)"
# Each line starts with the time, as ctime prints it.
head -1 msgs | grep -Eq '^[A-Z][a-z]{2} [A-Z][a-z]{2} [ 0-9][0-9] [0-9:]{8} [0-9]{4} ' ||
    fail "time format: $(head -1 msgs)"
if [ -n "$LIMIT" ]; then
	expect_eq "$(wc -l < msgs2 | tr -d ' ')" "1" "message-limit"
	grep -q "hello-log-3" msgs2 || fail "newest kept"
fi
exit 0
