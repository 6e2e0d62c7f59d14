#!/bin/sh
# A session whose command exits ends; the server exits with its last
# session and removes its socket; kill-server does the same; a second
# server (-L) is independent of the first.
. "$(dirname "$0")/lib.sh"

sock="$MUX_TMPDIR/mux-$(id -u)/$LABEL"

m new -d -s keep || fail "new keep"
test -S "$sock" || fail "no socket at $sock"
m new -d -s short 'exit 0' || fail "new short"
poll_until "session with exited command to end" sh -c "! $MUX_BIN -L $LABEL has -t short"
m has -t keep || fail "keep went too"

# Another server on another label does not see this one's sessions.
"$MUX_BIN" -L "${LABEL}b" -f /dev/null new -d -s other || fail "second server"
out=$("$MUX_BIN" -L "${LABEL}b" ls -F '#{session_name}')
expect_eq "$out" "other" "second server's sessions"
out=$(m ls -F '#{session_name}')
expect_eq "$out" "keep" "first server's sessions"
"$MUX_BIN" -L "${LABEL}b" kill-server || fail "kill second server"
test -S "$MUX_TMPDIR/mux-$(id -u)/${LABEL}b" && fail "second socket left"
m has -t keep || fail "first server died with the second"

# The last session ending ends the server.
m kill-session -t keep
poll_until "socket removed after last session" sh -c "! test -S '$sock'"
if m ls 2>err; then fail "ls with no server succeeded"; fi
expect_eq "$(cat err)" "no server running on $sock" "no server message"

# kill-server cleans up its socket.
m new -d -s again || fail "new again"
m kill-server || fail "kill-server"
poll_until "socket removed by kill-server" sh -c "! test -S '$sock'"
# The next command after the last session goes (exit-empty) never lands
# in the server that is going: it starts a new one, and the session it
# makes is there afterwards. Before the server decided to go ahead of
# telling the client its command was done, this lost the session about
# one time in fifty under load.
i=0
while [ $i -lt 100 ]; do
	m new -d -s a sh && m kill-session -t a && m new -d -s b sh ||
	    fail "round $i: new, kill-session, new"
	m has -t b 2>/dev/null || fail "round $i: the new session was lost"
	m kill-server
	i=$((i + 1))
done
exit 0
