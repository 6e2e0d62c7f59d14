#!/bin/sh
# make soak: SOAK_SECONDS (default 1800) of churn that stops by itself.
# Each round replaces one of 6 sessions: its panes are checked, then it is
# killed, and a new one made with two panes writing known lines (split
# from each other), every 4th round a third pane flooding 200,000 lines,
# and a client in a pty attaches, sees it and detaches. Before a pane
# goes, its whole text (history and screen) must be exactly the end of
# what its program wrote. The server's RSS after warm-up (the first
# tenth) and at the end must be within 8 MiB, and its fds back where
# they were.
. "$(dirname "$0")/lib.sh"

SECS=${SOAK_SECONDS:-1800}
now() { date +%s; }
start=$(now)
end=$((start + SECS))
warm=$((start + SECS / 10))

m new -d -s base -x 100 -y 30 cat || fail "new"
m set -g history-limit 5000
pid=$(server_pid)

# writer ID COUNT: a program that writes COUNT known lines (a copy to a
# file), says it is done and stays.
writer() {
	echo "sh -c 'seq -f \"$1 %g\" 1 $2 | tee $TEST_DIR/o.$1; touch $TEST_DIR/d.$1; exec cat'"
}

# check_pane PANE ID: the pane's text is the end of what ID wrote.
check_pane() {
	long_poll "$2 to finish" test -e "$TEST_DIR/d.$2"
	last=$(tail -n 1 "$TEST_DIR/o.$2")
	shown() {
		m capture-pane -p -t "$1" | grep -qx "$last"
	}
	long_poll "$2's last line on screen" shown "$1"
	m capture-pane -p -S - -t "$1" | awk '
	    { line[NR] = $0 } END { n = NR; while (n > 0 && line[n] == "") n--
	    for (i = 1; i <= n; i++) print line[i] }' >cap
	n=$(wc -l <cap)
	[ "$n" -gt 0 ] || fail "$2: nothing captured"
	tail -n "$n" "$TEST_DIR/o.$2" >want
	cmp -s cap want || fail "$2 (pane $1): screen differs from what it wrote ($(diff cap want | head -5))"
	rm -f "$TEST_DIR/o.$2" "$TEST_DIR/d.$2"
	checked=$((checked + 1))
}

round=0
checked=0
rss_warm=
fd_warm=
while [ "$(now)" -lt "$end" ]; do
	round=$((round + 1))
	s="s$((round % 6))"
	if [ -e "map.$s" ]; then
		while read -r pane id; do
			check_pane "$pane" "$id"
		done <"map.$s"
		m kill-session -t "$s" || fail "kill-session $s"
	fi
	a="a$round" b="b$round"
	m new -d -s "$s" -x 100 -y 30 -P -F "#{pane_id} $a" \
	    "$(writer $a $((50 + (round * 97) % 3000)))" >"map.$s" || fail "new $s"
	m split-window -d -t "$s" -P -F "#{pane_id} $b" \
	    "$(writer $b $((50 + (round * 41) % 3000)))" >>"map.$s" || fail "split $s"
	if [ $((round % 4)) = 0 ]; then
		f="f$round"
		m split-window -d -h -t "$s" -P -F "#{pane_id} $f" \
		    "$(writer $f 200000)" >>"map.$s" || fail "flood $s"
	fi
	"$PTYDRIVE" -s 100x30 -t 60 -- "$MUX_BIN" -L "$LABEL" attach -t "$s" \
	    >client.out 2>&1 <<EOF2 || fail "attach $s: $(cat client.out)"
wait [$s]
send \\x02d
output [detached
exit 0
EOF2
	if [ -z "$rss_warm" ] && [ "$(now)" -ge "$warm" ]; then
		rss_warm=$(rss_kb $pid)
		fd_warm=$(fd_count $pid)
		panes_warm=$(m list-panes -a | wc -l)
	fi
done
# End where warm-up was: the same sessions, every pane checked.
for f in map.*; do
	while read -r pane id; do
		check_pane "$pane" "$id"
	done <"$f"
done
rss_end=$(rss_kb $pid)
fd_end=$(fd_count $pid)
panes_end=$(m list-panes -a | wc -l)
[ -n "$rss_warm" ] || fail "no round finished after warm-up"
figure "seconds / rounds / panes checked" "$SECS / $round / $checked"
figure "server RSS after warm-up / at the end (KiB)" "$rss_warm / $rss_end"
figure "server fds after warm-up / at the end" "$fd_warm / $fd_end"
figure "panes after warm-up / at the end" "$panes_warm / $panes_end"
bounded "RSS growth after warm-up (KiB)" $((rss_end - rss_warm)) 8192
# Each pane holds one pty fd: fds follow the panes alive.
expect_eq "$((fd_end - panes_end))" "$((fd_warm - panes_warm))" \
    "server fds less panes"
exit 0
