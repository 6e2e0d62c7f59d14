#!/bin/sh
# A dead pane's exit status (remain-on-exit): #{pane_dead_status},
# #{pane_dead_signal} and #{pane_dead_time}, for many panes at once, in
# both orders the server can learn of an exit: the pty's EOF before
# SIGCHLD (a program that closes its terminal, then exits) and SIGCHLD
# before EOF (a child that exits while a grandchild still holds the
# terminal). A pane is never dead without its status.
. "$(dirname "$0")/lib.sh"

N=40
m new -d -s keep -x 80 -y 24 cat || fail "new keep"
m set -g remain-on-exit on

# Before it dies, the three are empty and pane_dead is 0.
expect_eq "$(m display -p -t keep '#{pane_dead}:#{pane_dead_status}:#{pane_dead_signal}:#{pane_dead_time}:#{t:pane_dead_time}')" \
    "0::::" "a live pane"

# i mod 4: 0 exits at once; 1 closes its terminal, then exits (EOF
# first); 2 exits leaving a grandchild on the terminal (SIGCHLD first);
# 3 is killed by a signal.
i=0
while [ $i -lt $N ]; do
	case $((i % 4)) in
	0) cmd="exit $i" ;;
	1) cmd="exec </dev/null >/dev/null 2>&1; sleep 0.1; exit $i" ;;
	2) cmd="(trap '' HUP; sleep 0.1) & exit $i" ;;
	3) cmd="kill -TERM \$\$" ;;
	esac
	m new-window -d -t keep: -n "w$i" "sh -c \"$cmd\"" || fail "window $i"
	i=$((i + 1))
done

all_dead() {
	test "$(m list-windows -t keep -F '#{pane_dead}' | grep -c '^1$')" = $N
}
poll_until "$N panes to die" all_dead

# Every pane: dead with its status, or with signal 15.
m list-windows -t keep -F '#{window_name} #{pane_dead}:#{pane_dead_status}:#{pane_dead_signal}' |
    grep -v '^keep \|^cat ' >got
i=0
: >want
while [ $i -lt $N ]; do
	if [ $((i % 4)) = 3 ]; then
		echo "w$i 1::15" >>want
	else
		echo "w$i 1:$i:" >>want
	fi
	i=$((i + 1))
done
expect_eq "$(cat got)" "$(cat want)" "every pane's status"

# The time is when it died, and t: makes a date of it.
now=$(date +%s)
t=$(m display -p -t keep:w0 '#{pane_dead_time}')
[ "$t" -le "$now" ] && [ "$t" -gt $((now - 600)) ] ||
    fail "pane_dead_time $t (now $now)"
case "$(m display -p -t keep:w0 '#{t:pane_dead_time}')" in
*" $(date +%Y)") ;;
*) fail "t:pane_dead_time is not a date" ;;
esac

# A program that closes its terminal and runs on is dead (after a grace)
# before it exits; its status still arrives when it does.
m new-window -d -t keep: -n late "sh -c 'exec </dev/null >/dev/null 2>&1; sleep 1.5; exit 9'" ||
    fail "window late"
late() {
	test "$(m display -p -t keep:late '#{pane_dead}:#{pane_dead_status}')" = "1:9"
}
poll_until "the late status" late

# respawn-pane: a live program again, and the old status is gone.
m respawn-pane -t keep:w0 cat || fail "respawn"
expect_eq "$(m display -p -t keep:w0 '#{pane_dead}:#{pane_dead_status}:#{pane_dead_time}')" \
    "0::" "a respawned pane"
m respawn-pane -k -t keep:w0 "sh -c 'exit 3'" || fail "respawn -k"
dead3() {
	test "$(m display -p -t keep:w0 '#{pane_dead}:#{pane_dead_status}')" = "1:3"
}
poll_until "the respawned pane's status" dead3
exit 0
