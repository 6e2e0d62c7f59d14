#!/bin/sh
# The choose lists, driven from an attached client: choose-buffer (prefix
# =) lists the paste buffers newest first, Enter pastes the selected one
# into the pane, d and D delete, the list follows buffers that come and
# go, and -O, -r, -F, -f, -t and the template work; choose-client (prefix
# D) lists the clients, d detaches another, Enter detaches the chosen one;
# choose-tree (prefix w) still folds and switches.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

m new -d -s a -x 80 -y 24 sh || fail "new"
m new-window -d -t a:1 -n other sh
m set-buffer -b one "first-one"
m set-buffer -b two "alpha beta"
m set-buffer "third
line"

# Buffers: newest first, with size and an escaped sample; Enter pastes.
"$PTYDRIVE" -s 80x25 -- "$MUX_BIN" -L "$LABEL" attach -t a <<'EOF2' || \
    fail "choose-buffer"
wait $
send \x02=
row 0 buffer0: 10 bytes: "third\nline"
row 1 two: 10 bytes: "alpha beta"
row 2 one: 9 bytes: "first-one"
send j
send \r
gone buffer0: 10 bytes
wait $ alpha beta
run "$UNTIL" '"$MUX_BIN" -L "$LABEL" capture-pane -p -t a:0 | grep -qx "\$ alpha beta"'
send \x03
send \x02=
wait one: 9 bytes
send G
send d
run "$UNTIL" '! "$MUX_BIN" -L "$LABEL" list-buffers -F "#{buffer_name}" | grep -qx one'
gone one: 9 bytes
run "$MUX_BIN" -L "$LABEL" set-buffer -b new "fresh"
row 0 new: 5 bytes: "fresh"
row 1 buffer0: 10 bytes: "third\nline"
row 2 two: 10 bytes: "alpha beta"
send g
send t
send t
row 0 new*: 5 bytes: "fresh"
row 1 buffer0*: 10 bytes: "third\nline"
send D
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" list-buffers -F "#{buffer_name}")" = two'
row 0 two: 10 bytes: "alpha beta"
send q
gone two: 10 bytes
run "$MUX_BIN" -L "$LABEL" set-buffer -b aaa x
run "$MUX_BIN" -L "$LABEL" set-buffer -b zzz yy
run "$MUX_BIN" -L "$LABEL" set-buffer -b mmm zzz
send \x02:choose-buffer -O name -r -F "#{buffer_size}" -f "#{!=:#{buffer_name},zzz}"\r
row 0 two: 10
row 1 mmm: 3
row 2 aaa: 1
send O
row 0 aaa: 1
row 1 mmm: 3
row 2 two: 10
send O
row 0 two: 10
row 1 aaa: 1
row 2 mmm: 3
send r
row 0 mmm: 3
row 2 two: 10
send q
gone mmm: 3
send \x02:choose-buffer -O size "set-buffer -b chosen %%"\r
row 0 two: 10 bytes: "alpha beta"
send \r
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" show-buffer -b chosen)" = two'
send \x02d
exit 0
EOF2

# -t: Enter pastes into the target pane, not the active one.
m split-window -t a:0 sh
m select-pane -t a:0.1
wait_prompt a:0.1
"$PTYDRIVE" -s 80x25 -- "$MUX_BIN" -L "$LABEL" attach -t a <<'EOF2' || \
    fail "choose-buffer -t"
wait $
send \x02:choose-buffer -t a:0.0 -f "#{==:#{buffer_name},mmm}"\r
row 0 mmm: 3 bytes: "zzz"
send \r
gone mmm: 3 bytes
run "$UNTIL" '"$MUX_BIN" -L "$LABEL" capture-pane -p -t a:0.0 | grep -qx "\$ zzz"'
run ! "$MUX_BIN" -L "$LABEL" capture-pane -p -t a:0.1 | grep -q zzz
send \x02d
exit 0
EOF2
m kill-pane -t a:0.1

# No buffers: choose-buffer shows nothing (the prefix D after it opens
# the client list, not closes an empty buffer list).
for b in $(m list-buffers -F '#{buffer_name}'); do m delete-buffer -b "$b"; done
expect_eq "$(m list-buffers)" "" "no buffers left"
# ... but its flags are still checked.
if m choose-buffer -O bogus 2>err; then fail "bad sort order accepted"; fi
expect_eq "$(cat err)" "invalid sort order: bogus" "bad sort order"
m choose-buffer -O name || fail "no buffers is no error"

# Clients: a second client on session b (waiting as long as the first
# client's steps may take); prefix D lists both; Enter on the other one
# (the larger: second by size) detaches it, d on this one detaches this.
m new -d -s b -x 80 -y 24 sh || fail "new b"
"$PTYDRIVE" -t 60 -s 100x30 -- "$MUX_BIN" -L "$LABEL" attach -t b \
    <<'EOF2' >"$TEST_DIR/b.out" 2>&1 &
wait $
exit 0
output [detached (from session b)]
EOF2
bpid=$!
"$PTYDRIVE" -s 80x25 -- "$MUX_BIN" -L "$LABEL" attach -t a <<'EOF2' || \
    fail "choose-client"
wait $
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" list-clients | wc -l)" -eq 2'
send \x02=
send \x02D
wait : session a [80x25 xterm-256color]
wait : session b [100x30 xterm-256color]
send q
gone : session b
send \x02:choose-client -O size\r
wait : session b [100x30
send j
send \r
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" list-clients -F "#{session_name}")" = a'
gone : session b
send \x02D
wait : session a [80x25
send d
exit 0
output [detached (from session a)]
EOF2
wait $bpid || { cat "$TEST_DIR/b.out" >&2; fail "the other client"; }

# choose-tree: windows under sessions; Left folds, Enter switches.
"$PTYDRIVE" -s 80x25 -- "$MUX_BIN" -L "$LABEL" attach -t a <<'EOF2' || \
    fail "choose-tree"
wait $
send \x02w
line a: 2 windows (attached)
line   - 0: sh* (1 panes)
line   - 1: other (1 panes)
line b: 1 windows
send j
send \r
wait 1:other*
send \x02w
line   - 1: other* (1 panes)
send h
gone   - 1: other
line a: 2 windows (attached)
send l
line   - 0: sh- (1 panes)
send \x1b
gone   - 0: sh-
send \x02d
exit 0
EOF2
exit 0
