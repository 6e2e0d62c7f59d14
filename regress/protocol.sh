#!/bin/sh
# Broken messages on the socket get a clear error and a closed connection;
# the server and its sessions live on.
. "$(dirname "$0")/lib.sh"
: "${RAWSOCK:=$REGRESS_DIR/rawsock}"

m new -d -s a || fail "new"
sock="$MUX_TMPDIR/mux-$(id -u)/$LABEL"

# An older protocol version: the answer names both versions. A newer one
# is told the server's version and that it may ask for the upgrade
# (proto.h); it goes without asking, and the server lives on.
cur=$(sed -n 's/^#define PROTO_VERSION[	 ]*\([0-9]*\).*/\1/p' \
    "$REGRESS_DIR/../common/proto.h")
[ -n "$cur" ] || fail "PROTO_VERSION not found"
out=$("$RAWSOCK" "$sock" "01000000 04000000 01000000")
expect_eq "$out" "EXIT 1 protocol version mismatch (client 1, server $cur)" \
    "version mismatch"
out=$("$RAWSOCK" "$sock" "01000000 04000000 63000000")
expect_eq "$out" "VERSION $cur 1" "a newer client is told the version"
m has -t a || fail "server died after a newer client went"

# A length over the limit.
out=$("$RAWSOCK" "$sock" "02000000 ffffffff")
expect_eq "$out" "" "oversized message closes quietly"
m has -t a || fail "server died after an oversized message"

# A message cut short, then the connection closed.
"$RAWSOCK" "$sock" "01000000 40000000 0100" >/dev/null
m has -t a || fail "server died after a truncated message"

# An unknown message type after a good identify.
hello="01000000 21000000 $(printf %02x "$cur")000000 00000000 0000 0000 00000000 00000000 01000000 2f 00000000 00000000"
out=$("$RAWSOCK" "$sock" "$hello 39300000 00000000")
expect_eq "$out" "EXIT 1 protocol error: unknown message type unknown" \
    "unknown type"

# A command before identify.
out=$("$RAWSOCK" "$sock" "02000000 04000000 00000000")
expect_eq "$out" "EXIT 1 protocol error: command before identify" \
    "command before identify"

# A malformed command (argc larger than the payload).
out=$("$RAWSOCK" "$sock" "$hello 02000000 04000000 ffffff00")
expect_eq "$out" "EXIT 1 protocol error: malformed command" "bad command"

# A good command over the raw socket works.
out=$("$RAWSOCK" "$sock" "$hello 02000000 15000000 01000000 0d000000 6c6973742d73657373696f6e73")
case "$out" in
"OUTPUT a: 1 windows"*"EXIT 0 ") ;;
*) fail "raw list-sessions: $out" ;;
esac
m has -t a || fail "server died"

# A client may end its side of the socket once it has sent its command
# (rawsock does): the answer still comes, even from a command that is
# still running then (if-shell 'sleep 0.2' 'display -p hi').
out=$("$RAWSOCK" "$sock" "$hello 02000000 2e000000 03000000 08000000 69662d7368656c6c 09000000 736c65657020302e32 0d000000 646973706c6179202d70206869")
expect_eq "$out" "OUTPUT hi
EXIT 0 " "answer after the client's end of file"
m has -t a || fail "server died"
exit 0
