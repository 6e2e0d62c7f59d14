#!/bin/sh
# lock-suspend: suspend-client gives the terminal back and stops the
# client until the shell continues it (fg); lock-server, lock-session and
# lock-client run lock-command in the client's terminal and show the
# session again when it exits. Both with the server driving the terminal
# and with the client drawing (MUX_KEEP_TTY). The client runs under a
# shell with job control, as a user's would (a stop needs one).
. "$(dirname "$0")/lib.sh"

M="$MUX_BIN -L $LABEL"
m new -d -s s "echo shown-in-pane; exec cat" || fail "new"
wait_pane s shown-in-pane
if m show -g lock-command >/dev/null 2>&1; then
	m set -g lock-command "echo LOCKED-SCREEN; read x" ||
	    fail "set lock-command"
	LOCK_WAIT="wait LOCKED-SCREEN"
	LOCK_END="send \\r"
else
	# Without the option, tmux's default "lock -np" runs (and fails
	# here, ending the lock at once).
	LOCK_WAIT=""
	LOCK_END=""
fi

for keep in "" 1; do
	MUX_KEEP_TTY=$keep "$PTYDRIVE" -s 80x24 -- sh -c \
	    "set -m; $M attach -t s; echo client-stopped; read x; fg" \
	    <<EOF2 || fail "attached client (MUX_KEEP_TTY=$keep)"
wait shown-in-pane
run $M suspend-client
wait client-stopped
send \\r
wait shown-in-pane
run $M send -t s -l typed-after-resume
wait typed-after-resume
run $M lock-client
$LOCK_WAIT
$LOCK_END
wait shown-in-pane
run $M lock-session -t s
$LOCK_WAIT
$LOCK_END
wait shown-in-pane
run $M lock-server
$LOCK_WAIT
$LOCK_END
run $M send -t s -l typed-after-lock
wait typed-after-lock
send \\x02d
exit 0
EOF2
	m send -t s C-u
done
# lock-after-time: a second with no key locks the session's client.
m set -g lock-after-time 1
"$PTYDRIVE" -s 80x24 -- $M attach -t s <<'EOF2' || fail "lock-after-time"
wait shown-in-pane
wait LOCKED-SCREEN
send \r
wait shown-in-pane
EOF2
m set -g lock-after-time 0
m suspendc -t /dev/nonexistent 2>err && fail "suspendc bad client"
grep -q "can't find client" err || fail "suspendc error: $(cat err)"
m lockc 2>err && fail "lockc with no client"
grep -q "no current client" err || fail "lockc error: $(cat err)"
exit 0
