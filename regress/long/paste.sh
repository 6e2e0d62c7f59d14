#!/bin/sh
# A 10 MiB paste (load-buffer, paste-buffer -r) into a program that reads
# it: every byte arrives, in order (checksums match). Into a program that
# never reads: the paste does not block the server (commands answer,
# another pane echoes), the server's memory stays bounded, and the user
# is told (a second paste-buffer fails and says why). PASTE_MIB overrides 10.
. "$(dirname "$0")/lib.sh"

MIB=${PASTE_MIB:-10}
size=$((MIB * 1048576))
head -c $((size * 3 / 4)) /dev/urandom | base64 | head -c $size >data
[ "$(wc -c <data)" = $size ] || fail "test data"
m new -d -s p -x 80 -y 24 "sh -c 'stty raw -echo; touch $TEST_DIR/ready; exec cat >$TEST_DIR/got'" ||
    fail "new"
long_poll "the reader" test -e ready
pid=$(server_pid)
rss0=$(rss_kb $pid)
m load-buffer -b big data || fail "load-buffer"
m paste-buffer -r -b big -t p || fail "paste-buffer"
all_there() {
	test "$(wc -c <got)" -ge $size
}
long_poll "$MIB MiB to arrive ($(wc -c <got) bytes so far)" all_there
expect_eq "$(cksum <got)" "$(cksum <data)" "the pasted bytes (size $(wc -c <got))"
rss1=$(rss_kb $pid)
figure "paste into a reader: bytes arrived / sent" "$(wc -c <got) / $size"
figure "server RSS before / after a $MIB MiB paste (KiB)" "$rss0 / $rss1"

# A program that never reads.
m new -d -s q -x 80 -y 24 "sh -c 'stty raw -echo; touch $TEST_DIR/ready2; exec sleep 1000000'" ||
    fail "new q"
m new -d -s live -x 80 -y 24 cat || fail "new live"
long_poll "the sleeper" test -e ready2
rss2=$(rss_kb $pid)
# The first paste is taken whole (it waits for the program, bounded by
# the one paste it holds); a second one, while the first is unread, is
# refused, and the user is told so.
m paste-buffer -r -b big -t q || fail "the first paste into q was refused"
m paste-buffer -r -b big -t q >told 2>&1 &
pp=$!
long_poll "paste-buffer to return" sh -c "! kill -0 $pp 2>/dev/null"
if wait $pp; then
	fail "a second paste into a program that never read the first succeeded"
fi
m display -p -t q '#{pane_id}' >/dev/null || fail "commands stall"
m send-keys -t live still-here Enter
long_poll "another pane's echo" pane_shows live still-here
rss3=$(rss_kb $pid)
figure "server RSS before / after a $MIB MiB paste into a program that never reads (KiB)" "$rss2 / $rss3"
bounded "RSS growth, paste nobody reads (KiB)" $((rss3 - rss2)) $((2 * size / 1024 + 8192))
[ -s told ] || fail "the user was not told the paste could not all go to a program that does not read"
figure "what the user is told" "$(cat told)"
exit 0
