#!/bin/sh
# A terminal behind a slow link: the server draws it, and it takes its
# output slowly (a few bytes a read) or not at all for a while (held), and
# says when it has shown what came before (it answers DA1, which the
# server asks after frames to pace them: server_tty.c). One pane floods
# thousands of whole screens while the terminal takes next to nothing,
# and a key typed into the other pane meanwhile is echoed; when the
# terminal reads again it must end on exactly what the programs wrote:
# the flooded pane as the server has it, the other pane with its text and
# the echo. Frames the terminal could not take are dropped, never what
# they would have shown. Then the same with the terminal reading all the
# time, a few bytes a read, through the flood. Both times the frames must
# have asked (CSI c), or the pacing was never on.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

# Each screen all one letter, numbered, so every frame is a whole pane.
flood_screens flood.sh 10

# drawn FILE TOP HEIGHT: rows TOP.. of a ptydrive screen dump, trimmed.
drawn() {
	sed -n 's/^ *[0-9]*|//p' "$1" | sed -n "$(($2 + 1)),$(($2 + $3))p" |
	    sed 's/ *$//'
}

# check N: the client's screen (screen.txt) shows both panes as the
# server has them.
check() {
	for p in 0 1; do
		set -- $(m display -p -t "$s:0.$p" '#{pane_top} #{pane_height}')
		drawn screen.txt "$1" "$2" >drawn.txt
		m capture-pane -p -t "$s:0.$p" | sed 's/ *$//' >want.txt
		expect_eq "$(cat drawn.txt)" "$(cat want.txt)" \
		    "$s: pane $p as drawn"
	done
}

for how in held trickle; do
	s=$how
	m new -d -s $s -x 80 -y 23 "printf TOP-PANE-TEXT; exec cat" ||
	    fail "new $s"
	m split-window -d -v -t $s "$MUX_BIN -L $LABEL wait-for go-$s; \
	    sh $TEST_DIR/flood.sh" || fail "split $s"
	if [ $how = held ]; then
		start="hold"
		read="release
slow 16"
	else
		start="slow 16"
		read=""
	fi
	"$PTYDRIVE" -A -D '1;4000;21' -s 80x23 -- "$MUX_BIN" -L "$LABEL" \
	    attach -t $s >screen.txt <<EOF2 || fail "$how client"
wait TOP-PANE-TEXT
mark
$start
run "$MUX_BIN" -L "$LABEL" wait-for -S go-$s
send typed-meanwhile
run "\$UNTIL" '"\$MUX_BIN" -L "\$LABEL" capture-pane -p -t $s:0.1 | grep -q FLOOD-END'
run "\$UNTIL" '"\$MUX_BIN" -L "\$LABEL" capture-pane -p -t $s:0.0 | grep -q typed-meanwhile'
$read
wait FLOOD-END
wait TOP-PANE-TEXTtyped-meanwhile
raw \e[c
screen
EOF2
	check
	m kill-session -t $s
done
exit 0
