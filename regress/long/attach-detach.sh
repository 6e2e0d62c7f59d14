#!/bin/sh
# 1,000 attach/detach cycles of a client in a pty (ptydrive): each sees
# the session's screen, then detaches with the prefix and d. The server's
# resident memory and open fds after a warm-up of 100 cycles and at the
# end must be flat (RSS within 2 MiB, fds exactly equal once every client
# is gone). CYCLES overrides the count.
. "$(dirname "$0")/lib.sh"

CYCLES=${CYCLES:-1000}
WARM=100
m new -d -s a -x 80 -y 24 "sh -c 'echo READY; exec cat'" || fail "new"
poll_until "the pane" pane_shows a READY
pid=$(server_pid)

no_clients() {
	test -z "$(m list-clients)"
}

# cycle N: one attach, a look at the screen, a detach.
cycle() {
	"$PTYDRIVE" -s 80x24 -t 20 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF2 || fail "cycle $1"
wait READY
send \\x02d
output [detached
exit 0
EOF2
}

i=0
while [ $i -lt $WARM ]; do
	cycle $i
	i=$((i + 1))
done
poll_until "clients to go" no_clients
rss0=$(rss_kb $pid)
fd0=$(fd_count $pid)
while [ $i -lt $CYCLES ]; do
	cycle $i
	i=$((i + 1))
done
poll_until "clients to go" no_clients
rss1=$(rss_kb $pid)
fd1=$(fd_count $pid)
figure "cycles" "$CYCLES"
figure "server RSS after $WARM / after $CYCLES (KiB)" "$rss0 / $rss1"
figure "server fds after $WARM / after $CYCLES" "$fd0 / $fd1"
bounded "RSS growth (KiB)" $((rss1 - rss0)) 2048
expect_eq "$fd1" "$fd0" "server fds after $CYCLES cycles"
exit 0
