#!/bin/sh
# 20 clients attached to one session, each in its own pty (ptydrive):
# every one sees what the pane prints, and all detach cleanly; the
# server's fds go back to where they were. NCLIENTS overrides the count.
. "$(dirname "$0")/lib.sh"

N=${NCLIENTS:-20}
m new -d -s s -x 80 -y 24 "sh -c 'echo READY; exec cat'" || fail "new"
poll_until "the pane" pane_shows s READY
pid=$(server_pid)
fd0=$(fd_count $pid)
rss0=$(rss_kb $pid)

pids=
i=0
while [ $i -lt $N ]; do
	"$PTYDRIVE" -s 80x24 -t 60 -- "$MUX_BIN" -L "$LABEL" attach -t s \
	    >"client$i.out" 2>&1 <<EOF2 &
wait READY
run touch "$TEST_DIR/attached.$i"
wait line-from-the-test-$N
run touch "$TEST_DIR/saw.$i"
wait all-saw-it
send \\x02d
output [detached
exit 0
EOF2
	pids="$pids $!"
	i=$((i + 1))
done

count() {
	test "$(ls "$TEST_DIR" | grep -c "^$1\.")" = "$2"
}
count_clients() {
	test "$(m list-clients -t s | wc -l)" = "$N"
}
long_poll "$N clients attached" count attached $N
long_poll "$N clients listed" count_clients
rss1=$(rss_kb $pid)
fd1=$(fd_count $pid)
m send-keys -t s "line-from-the-test-$N" Enter
long_poll "every client to show the line" count saw $N
m send-keys -t s "all-saw-it" Enter
for pd in $pids; do
	wait $pd || fail "a client failed: $(cat client*.out)"
done
no_clients() {
	test -z "$(m list-clients)"
}
poll_until "clients to go" no_clients
fd2=$(fd_count $pid)
rss2=$(rss_kb $pid)
figure "clients on one session" "$N"
figure "server RSS before / with $N clients / after (KiB)" "$rss0 / $rss1 / $rss2"
figure "server fds before / with $N clients / after" "$fd0 / $fd1 / $fd2"
expect_eq "$fd2" "$fd0" "server fds after $N clients left"
exit 0
