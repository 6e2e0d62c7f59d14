#!/bin/sh
# A client stopped (SIGSTOP, with its terminal) while its pane floods:
# the server's memory stays bounded while 100 MB go through the pane,
# another client on another session still sees what is typed, commands
# answer, and after SIGCONT the stopped client catches up with the pane's
# final screen. Twice: the server drawing on the client's terminal (the
# default), and the client drawing from frames (MUX_KEEP_TTY=1).
. "$(dirname "$0")/lib.sh"

m new -d -s other -x 80 -y 24 "sh -c 'echo READY; exec cat'" || fail "new other"
poll_until "the other pane" pane_shows other READY
pid=$(server_pid)
"$PTYDRIVE" -s 80x24 -t 240 -- "$MUX_BIN" -L "$LABEL" attach -t other \
    >other.out 2>&1 <<EOF2 &
wait READY
run touch "$TEST_DIR/other.attached"
wait still-alive-1
wait still-alive-2
wait all-done
send \\x02d
output [detached
exit 0
EOF2
other=$!
long_poll "the other client" test -e "$TEST_DIR/other.attached"

# run_case NAME ENV: one stopped client of the kind ENV makes.
round=0
run_case() {
	name=$1 env=$2
	round=$((round + 1))
	d="$TEST_DIR/$name"
	mkdir "$d"
	m new -d -s "$name" -x 80 -y 24 "sh -c 'echo READY; read x; yes $name | head -c 25000000; touch $d/q1; yes $name | head -c 75000000; touch $d/done; echo flood-over-$name; exec cat'" ||
	    fail "new $name"
	poll_until "the $name pane" pane_shows "$name" READY
	env $env "$PTYDRIVE" -s 80x24 -t 240 -- "$MUX_BIN" -L "$LABEL" \
	    attach -t "$name" >"$name.out" 2>&1 <<EOF2 &
wait READY
run touch "$d/attached"
wait flood-over-$name
send \\x02d
output [detached
exit 0
EOF2
	pd=$!
	long_poll "the $name client" test -e "$d/attached"
	client=$(ps -o pid= --ppid $pd | tr -d ' ')
	[ -n "$client" ] || fail "$name: no client under ptydrive"
	rss0=$(rss_kb $pid)
	kill -STOP $pd $client
	m send-keys -t "$name" Enter		# the flood starts
	long_poll "$name: 25 MB" test -e "$d/q1"
	rss1=$(rss_kb $pid)
	m send-keys -t other "still-alive-$round" Enter
	long_poll "$name: the other pane's echo" pane_shows other "still-alive-$round"
	m display -p '#{session_name}' >/dev/null || fail "$name: commands stall"
	long_poll "$name: 100 MB" test -e "$d/done"
	rss2=$(rss_kb $pid)
	kill -CONT $pd $client
	wait $pd || fail "$name: the stopped client after SIGCONT: $(cat "$name.out")"
	figure "$name: server RSS before / at 25 MB / at 100 MB of flood to a stopped client (KiB)" \
	    "$rss0 / $rss1 / $rss2"
	bounded "$name: RSS growth from 25 to 100 MB (KiB)" $((rss2 - rss1)) 8192
	bounded "$name: RSS growth over the flood (KiB)" $((rss2 - rss0)) 32768
}

run_case serverdraws ""
run_case clientdraws "MUX_KEEP_TTY=1"
m send-keys -t other all-done Enter
wait $other || fail "the other client: $(cat other.out)"
exit 0
