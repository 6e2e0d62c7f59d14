#!/bin/sh
# An attached client in a pty the test owns: type and see the echo on the
# screen the client draws, detach with C-b d, reattach and find the same
# screen, and see the client exit with the terminal restored when the
# server is killed.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

# -f /dev/null travels to the server that `new` starts.
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" -f /dev/null new -s x sh <<'EOF2' || fail "first attach"
wait $
send echo typed-in-mux\r
wait typed-in-mux
row 1 typed-in-mux
send \x02d
exit 0
restored
wait [detached (from session x)]
EOF2

m has -t x || fail "session gone after detach"
wait_pane x typed-in-mux

"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t x <<'EOF2' || fail "reattach"
row 0 $ echo typed-in-mux
row 1 typed-in-mux
row 2 $
cursor 2 2
send printf '\\033[1;31mred\\033[0m %s\\n' done\r
wait red done
EOF2

# C-b C-b sends C-b itself to the program.
m send-keys -t x 'cat -v' Enter
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t x <<'EOF2' || fail "prefix twice"
wait $ cat -v
send \x02\x02\r
line ^B
send \x04
line $
send echo prefix-done\r
line prefix-done
EOF2

# A prefix set on the session takes over from C-b, which then reaches
# the program as itself; C-a then C-b (bound to send-prefix) sends C-a.
m set -t x prefix C-a || fail "set prefix"
m send-keys -t x 'cat -v' Enter
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t x <<'EOF2' || fail "prefix C-a"
wait $ cat -v
send \x02\x01\x02\r
line ^B^A
send \x04
line $
EOF2
m set -u -t x prefix || fail "unset prefix"

# A resize reaches the pane.
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t x <<'EOF2' || fail "resize"
wait $
resize 100x30
run "$UNTIL" '"$MUX_BIN" -L "$LABEL" display -p -t x "#{window_width}x#{window_height}" | grep -qx 100x29'
send tput cols; tput lines\r
wait 100
wait 29
EOF2
out=$(m display -p -t x '#{window_width}x#{window_height}')
expect_eq "$out" "100x29" "window size after resize (one row is the status line)"

# Synchronized output: while a program holds an update open (?2026), the
# client is not shown its half; when it ends, the whole update shows.
m send-keys -t x clear Enter
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t x <<'EOF2' || fail "synchronized output"
line $
run "$MUX_BIN" -L "$LABEL" send-keys -t x "printf '\\033[?2026h%s%s' PART IAL; $MUX_BIN -L $LABEL wait-for sync-end; printf ' %s%s\\033[?2026l\\n' COMP LETE" Enter
run "$UNTIL" '"$MUX_BIN" -L "$LABEL" capture-pane -p -t x | grep -q "^PARTIAL"'
absent PARTIAL
run "$MUX_BIN" -L "$LABEL" wait-for -S sync-end
wait PARTIAL COMPLETE
EOF2

# The session ending (its shell exits) ends the client with [exited].
m new -d -s short sh || fail "new short"
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t short <<'EOF2' || fail "session end while attached"
wait $
send exit\r
exit 0
restored
wait [exited]
EOF2

# SIGTERM to the client restores the terminal too.
m new -d -s term sh || fail "new term"
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t term <<'EOF2' || fail "SIGTERM while attached"
wait $
kill 15
exit 1
restored
wait [terminated]
EOF2
m has -t term || fail "session gone after its client was terminated"

# The server going away ends the client cleanly.
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t x <<EOF2 || fail "kill-server while attached"
wait \$
run "$MUX_BIN" -L "$LABEL" kill-server
exit 0
restored
wait [server exited]
EOF2
exit 0
