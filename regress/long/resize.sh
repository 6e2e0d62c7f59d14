#!/bin/sh
# 1,000 resizes of an attached client's terminal in a burst (sizes from
# 20x5 to 250x80): the server ends at the last size, the pane's program
# is told it (its stty size), what the pane showed is still there, and
# the client still works. NRESIZES overrides the count.
. "$(dirname "$0")/lib.sh"

N=${NRESIZES:-1000}
m new -d -s r -x 80 -y 24 "sh -c 'echo READY; exec sh'" || fail "new"
poll_until "the pane" pane_shows r READY
pid=$(server_pid)
rss0=$(rss_kb $pid)

{
	echo "wait READY"
	i=0
	while [ $i -lt $N ]; do
		echo "resize $((20 + (i * 37) % 231))x$((5 + (i * 13) % 76))"
		i=$((i + 1))
	done
	echo "resize 100x30"
	echo "run touch $TEST_DIR/resized"
	echo "wait size-is-29-100"
	echo "send \\x02d"
	echo "output [detached"
	echo "exit 0"
} >script
"$PTYDRIVE" -s 80x24 -t 60 -- "$MUX_BIN" -L "$LABEL" attach -t r \
    <script >client.out 2>&1 &
pd=$!
long_poll "the burst" test -e "$TEST_DIR/resized"
at_size() {
	test "$(m list-clients -t r -F '#{client_width}x#{client_height}')" = 100x30 &&
	    test "$(m display -p -t r '#{window_width}x#{window_height}')" = 100x29
}
long_poll "the client and window at the last size" at_size
pane_shows r READY || fail "the pane lost its text"
m send-keys -t r 'echo size-is-$(stty size | tr " " -)' Enter
wait $pd || fail "the client: $(cat client.out)"
rss1=$(rss_kb $pid)
figure "resizes in a burst" "$N"
figure "server RSS before / after (KiB)" "$rss0 / $rss1"
bounded "RSS growth (KiB)" $((rss1 - rss0)) 16384
exit 0
