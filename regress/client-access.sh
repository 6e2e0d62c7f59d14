#!/bin/sh
# client-access: read-only clients (attach -r, -f read-only, switch-client
# -r), server-access, and how detach-client ends a client: -P sends SIGHUP
# to its parent, -E runs a command in its place.
. "$(dirname "$0")/lib.sh"

M="$MUX_BIN -L $LABEL"
m new -d -s s "echo pane-ready; exec cat" || fail "new"
wait_pane s pane-ready

# A read-only client's typing does not reach the pane; detach works.
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -r -t s <<EOF2 ||
wait pane-ready
send typed-read-only\\r
run $M display -p '#{client_flags}' >/dev/null
absent typed-read-only
send \\x02d
exit 0
EOF2
    fail "attach -r"
m capturep -p -t s | grep -q typed-read-only && fail "read-only typing arrived"

# -f read-only is the same; switch-client -r turns it off.
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -f read-only -t s <<EOF2 ||
wait pane-ready
send blocked-text
absent blocked-text
run $M switch-client -r
send allowed-text
wait allowed-text
send \\x02d
exit 0
EOF2
    fail "attach -f read-only"
m attach -f wait-exit -t s 2>err && fail "a control flag for a terminal"
grep -q "client flag wait-exit is only for a control client" err ||
    fail "-f error: $(cat err)"
m attach -f bogus -t s 2>err && fail "an unknown flag"
grep -q "unknown client flag: bogus" err || fail "-f error: $(cat err)"

# refresh-client -f read-only (from outside: the attached client), -S.
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t s <<EOF2 ||
wait pane-ready
run $M refresh-client -S
run $M refresh-client -f read-only
send blocked-again
absent blocked-again
run $M refresh-client -f '!read-only'
send allowed-again
wait allowed-again
send \x02d
exit 0
EOF2
    fail "refresh-client -f"
m refresh -t /dev/nonexistent 2>err && fail "refresh a bad client"
grep -q "can't find client" err || fail "refresh error: $(cat err)"

# detach-client -P: the shell the client ran in gets SIGHUP.
"$PTYDRIVE" -s 80x24 -- sh -c "$M attach -t s; echo parent-lived-on; sleep 5" <<EOF2 ||
wait pane-ready
run $M detach-client -P
exit 129
EOF2
    fail "detach-client -P"
# detach-client -E: the command runs in the client's place.
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t s <<EOF2 ||
wait pane-ready
run $M detach-client -E 'echo ran-instead; exit 3'
wait ran-instead
exit 3
EOF2
    fail "detach-client -E"

# server-access, as tmux answers.
expect_eq "$(m server-access -l)" "" "server-access -l, empty"
m server-access -a nobody || fail "server-access -a"
expect_eq "$(m server-access -l)" "nobody (W)" "server-access -a"
m server-access -r nobody || fail "server-access -r"
expect_eq "$(m server-access -l)" "nobody (R)" "server-access -r"
m server-access -a nobody 2>err && fail "added twice"
grep -q "user nobody is already added" err || fail "error: $(cat err)"
m server-access -d nobody || fail "server-access -d"
expect_eq "$(m server-access -l)" "" "server-access -d"
m server-access -d nobody 2>err && fail "denied twice"
grep -q "user nobody not found" err || fail "error: $(cat err)"
m server-access -a "$(id -un)" 2>err && fail "the owner changed"
grep -q "owns the server, can't change access" err || fail "error: $(cat err)"
m server-access -a no-such-user-here 2>err && fail "an unknown user"
grep -q "unknown user: no-such-user-here" err || fail "error: $(cat err)"
m server-access 2>err && fail "no user"
grep -q "missing user argument" err || fail "error: $(cat err)"
m server-access -a -d nobody 2>err && fail "-a -d"
grep -q "\-a and -d cannot be used together" err || fail "error: $(cat err)"
exit 0
