#!/bin/sh
# 200 panes in 50 sessions (4 each), one of them flooding (yes): every
# other pane still echoes what is typed into it, commands answer, and the
# flood's pane keeps being read (its program makes progress) while a
# client is attached to it. Then the flood stops and every session is
# still there. NSESSIONS overrides 50.
. "$(dirname "$0")/lib.sh"

NS=${NSESSIONS:-50}
s=0
while [ $s -lt $NS ]; do
	m new -d -s "s$s" -x 120 -y 40 cat || fail "new s$s"
	m split-window -d -t "s$s" cat || fail "split s$s"
	m split-window -d -h -t "s$s" cat || fail "split s$s"
	m split-window -d -h -t "s$s:0.1" cat || fail "split s$s"
	s=$((s + 1))
done
expect_eq "$(m list-panes -a | wc -l)" $((NS * 4)) "panes"
pid=$(server_pid)
rss0=$(rss_kb $pid)

# The flood: yes in one pane of s0, counting its progress in a file.
m respawn-pane -k -t s0:0.0 "sh -c 'yes flood | head -c 50000000; echo \$? >\"$TEST_DIR/flood.done\"; exec cat'" ||
    fail "the flood"
"$PTYDRIVE" -s 120x40 -t 120 -- "$MUX_BIN" -L "$LABEL" attach -t s0 \
    >client.out 2>&1 <<EOF2 &
run touch "$TEST_DIR/attached"
wait all-done
send \\x02d
output [detached
exit 0
EOF2
pd=$!
long_poll "the client" test -e "$TEST_DIR/attached"

# While it floods: type into every other pane and see the echo.
n=0
for p in $(m list-panes -a -F '#{pane_id}'); do
	[ "$p" = "$(m display -p -t s0:0.0 '#{pane_id}')" ] && continue
	m send-keys -t "$p" "typed-$p" Enter || fail "send-keys $p"
	n=$((n + 1))
done
for p in $(m list-panes -a -F '#{pane_id}'); do
	[ "$p" = "$(m display -p -t s0:0.0 '#{pane_id}')" ] && continue
	long_poll "the echo in $p" pane_shows "$p" "typed-$p"
done
figure "panes / sessions" "$((NS * 4)) / $NS"
figure "panes that echoed while one flooded" "$n"
rss1=$(rss_kb $pid)
long_poll "the flood (50 MB) to be read" test -e "$TEST_DIR/flood.done"
rss2=$(rss_kb $pid)
m send-keys -t s0:0.1 "all-done" Enter
wait $pd || fail "the attached client: $(cat client.out)"
expect_eq "$(m ls | wc -l)" "$NS" "sessions after the flood"
figure "server RSS: $((NS * 4)) panes / while flooding / after 50 MB (KiB)" "$rss0 / $rss1 / $rss2"
bounded "RSS growth over the flood (KiB)" $((rss2 - rss0)) 65536
exit 0
