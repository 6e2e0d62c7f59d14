#!/bin/sh
# The upgrade on a version mismatch (issue 16): a client of a newer
# protocol that finds an older server asks on its terminal whether to
# upgrade the server to itself; yes upgrades it in place (the same
# process, the sessions and programs kept) and the command runs on
# against the new server; no, or no terminal to ask on, is the mismatch
# error and leaves the server alone. The older server here is this mux
# told to speak protocol 3 (MUX_TEST_PROTO_VERSION: a process speaks the
# version it starts with; the client and server really check it).
. "$(dirname "$0")/lib.sh"
export PS1='$ '

cur=$(sed -n 's/^#define PROTO_VERSION[	 ]*\([0-9]*\).*/\1/p' \
    "$REGRESS_DIR/../common/proto.h")
[ -n "$cur" ] || fail "PROTO_VERSION not found"
old=$((cur - 1))

# The old server and its clients speak $old.
mold() {
	MUX_TEST_PROTO_VERSION=$old m "$@"
}
mold new -d -s s -x 60 -y 15 sh || fail "old server"
poll_until "the old server's prompt" sh -c \
    "MUX_TEST_PROTO_VERSION=$old \"$MUX_BIN\" -L $LABEL capture-pane -p -t s | grep -q '\\$'"
mold send -t s 'echo before the upgrade' Enter
poll_until "the old server's pane" sh -c \
    "MUX_TEST_PROTO_VERSION=$old \"$MUX_BIN\" -L $LABEL capture-pane -p -t s | grep -qx 'before the upgrade'"
pid=$(mold display -p '#{pid}')

# No terminal to ask on: the mismatch, said with both versions.
m ls >err 2>&1 </dev/null && fail "a newer client's command ran on the old server"
grep -q "protocol version mismatch (client $cur, server $old)" err ||
    fail "mismatch error: $(cat err)"
expect_eq "$(mold display -p '#{pid}')" "$pid" "the old server runs on"

# Asked, and answered no: the same, nothing changes.
"$PTYDRIVE" -s 70x16 -- "$MUX_BIN" -L "$LABEL" attach -t s \
    <<EOF >no.out 2>&1 || { cat no.out >&2; fail "answering no"; }
wait Upgrade it to this one?
send n\r
output protocol version mismatch (client $cur, server $old)
exit 1
EOF
expect_eq "$(mold display -p '#{pid}')" "$pid" "no keeps the old server"

# Answered yes: the server is upgraded in place and the attach goes on,
# on the same pane.
"$PTYDRIVE" -s 70x16 -- "$MUX_BIN" -L "$LABEL" attach -t s \
    <<EOF >yes.out 2>&1 || { cat yes.out >&2; fail "answering yes"; }
wait Upgrade it to this one?
send y\r
wait before the upgrade
run "$UNTIL" '"$MUX_BIN" -L "$LABEL" display -p -t s "#{session_attached}" | grep -qx 1'
send echo after the upgrade\r
line after the upgrade
send \x02d
exit 0
EOF
expect_eq "$(m display -p '#{pid}')" "$pid" "upgraded in the same process"
m capture-pane -p -t s | grep -qx 'before the upgrade' ||
    fail "the pane's screen did not come across"
# The old protocol is now the one refused.
mold ls >err 2>&1 </dev/null && fail "the old client still talks to the upgraded server"
grep -q "protocol version mismatch (client $old, server $cur)" err ||
    fail "mismatch error after: $(cat err)"

# An old server upgraded (server-upgrade) to a binary of another protocol
# while an old client is attached: the new server does not adopt that
# client (the dry run said it speaks another protocol) and loads the rest;
# the client is told to reconnect, and, being of the old protocol, gets
# the mismatch from the new server.
m kill-server
mold new -d -s t -x 60 -y 15 sh || fail "old server again"
pid=$(mold display -p '#{pid}')
MUX_TEST_PROTO_VERSION=$old "$PTYDRIVE" -s 70x16 -- "$MUX_BIN" -L "$LABEL" \
    attach -t t <<EOF >old.out 2>&1 || { cat old.out >&2; fail "old attached client"; }
wait \$
run "$MUX_BIN" -L "$LABEL" server-upgrade -b "$MUX_BIN"
output protocol version mismatch (client $old, server $cur)
exit 1
EOF
expect_eq "$(m display -p '#{pid}')" "$pid" "upgraded with an old client attached"
expect_eq "$(m display -p -t t '#{session_name}')" t "the session came across"
exit 0
