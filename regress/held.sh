#!/bin/sh
# A client whose frames are held (a program's synchronized update, CSI
# ?2026) gets, when the hold ends, exactly the rows that changed while it
# was held, also when they changed in different loop turns: each row of a
# client's screen remembers the generation it was last composed at
# (compose.c), so nothing that changed in a turn whose frame was held is
# lost, and rows that did not change are not sent again. Both drawing
# setups: the server draws the terminal, and the client draws
# (MUX_KEEP_TTY=1). Last, a client that stops reading its socket (stopped
# with SIGSTOP) while a pane repaints its whole screen thousands of times:
# frames to it are held once its socket is backed up, and when it reads
# again it gets the screen as it is now.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

# The program: twenty rows, then an update held open while two rows
# change, each after a step of the test (so in turns of their own).
cat >prog.sh <<EOF
printf '\\033[2J\\033[H'
i=1; while [ \$i -le 20 ]; do printf 'STATIC-ROW-%s\\n' \$i; i=\$((i+1)); done
printf READY
"$MUX_BIN" -L "$LABEL" wait-for go0
printf '\\033[?2026h\\033[6;1H\\033[2KCHANGED-A'
"$MUX_BIN" -L "$LABEL" wait-for go1
printf '\\033[11;1H\\033[2KCHANGED-B'
"$MUX_BIN" -L "$LABEL" wait-for go2
printf '\\033[?2026l'
exec cat
EOF

for keep in 0 1; do
	s=held$keep
	m new -d -s $s -x 80 -y 23 "sh $TEST_DIR/prog.sh" || fail "new $s"
	if [ $keep = 1 ]; then
		MUX_KEEP_TTY=1
		export MUX_KEEP_TTY
	else
		unset MUX_KEEP_TTY
	fi
	"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t $s \
	    >screen.txt <<EOF2 || fail "held client (MUX_KEEP_TTY=$keep)"
wait READY
row 19 STATIC-ROW-20
mark
run "$MUX_BIN" -L "$LABEL" wait-for -S go0
run "\$UNTIL" '"\$MUX_BIN" -L "\$LABEL" capture-pane -p -t $s | grep -q CHANGED-A'
run "$MUX_BIN" -L "$LABEL" wait-for -S go1
run "\$UNTIL" '"\$MUX_BIN" -L "\$LABEL" capture-pane -p -t $s | grep -q CHANGED-B'
run "$MUX_BIN" -L "$LABEL" wait-for -S go2
row 5 CHANGED-A
row 10 CHANGED-B
raw CHANGED-A
noraw STATIC-ROW
screen
EOF2
	unset MUX_KEEP_TTY
	# The whole pane as the client drew it is what the server has.
	sed -n 's/^ *[0-9]*|//p' screen.txt | head -n 23 | sed 's/ *$//' \
	    >drawn.txt
	m capture-pane -p -t $s | sed 's/ *$//' >want.txt
	expect_eq "$(cat drawn.txt)" "$(cat want.txt)" \
	    "screen after the hold (MUX_KEEP_TTY=$keep)"
	m kill-session -t $s
done

# The slow socket: each screen all one letter, so every frame is a
# whole screen, far more than the socket takes while the client sleeps.
flood_screens flood.sh 22
m new -d -s slow -x 80 -y 23 "$MUX_BIN -L $LABEL wait-for go-flood; \
    sh $TEST_DIR/flood.sh" || fail "new slow"
MUX_KEEP_TTY=1 "$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t slow \
    >screen.txt <<EOF2 || fail "slow client"
wait [slow]
kill 19
run "$MUX_BIN" -L "$LABEL" wait-for -S go-flood
run "\$UNTIL" '"\$MUX_BIN" -L "\$LABEL" capture-pane -p -t slow | grep -q FLOOD-END'
kill 18
row 0 FLOOD-END
row 1
row 21
screen
EOF2
sed -n 's/^ *[0-9]*|//p' screen.txt | head -n 23 | sed 's/ *$//' >drawn.txt
m capture-pane -p -t slow | sed 's/ *$//' >want.txt
expect_eq "$(cat drawn.txt)" "$(cat want.txt)" "screen after the slow client reads"
exit 0
