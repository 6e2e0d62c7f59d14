#!/bin/sh
# Scroll damage: when a pane as wide as the client's terminal scrolls, the
# server scrolls the terminal (csr, ind/indn) instead of drawing every row
# again, so a one-line scroll of a full 200x50 pane writes far fewer bytes
# than a repaint (refresh-client) of the same screen; so does a scroll
# inside the program's own scroll region. A pane narrower than the
# terminal is redrawn, never scrolled (as tmux). Each time the screen the
# terminal shows is what the server has. Bytes are counted by ptydrive,
# the terminal in a pty.
. "$(dirname "$0")/lib.sh"

# The program: 50 rows of text, then a line more at each step of the
# test, then the same inside a scroll region (rows 2-49).
cat >prog.sh <<EOF
i=1
while [ \$i -le 50 ]; do
	printf 'row-%02d %s' \$i 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-abcdefghijklmnop'
	[ \$i -lt 50 ] && printf '\\n'
	i=\$((i+1))
done
"$MUX_BIN" -L "$LABEL" wait-for step1
printf '\\nNEW-LAST-ROW'
"$MUX_BIN" -L "$LABEL" wait-for step2
printf '\\033[2;49r\\033[49;1H\\nIN-REGION'
"$MUX_BIN" -L "$LABEL" wait-for step3
printf '\\033[r'
exec cat
EOF

# The screen the terminal shows (from ptydrive's dump), status line off.
drawn() {
	sed -n 's/^ *[0-9]*|//p' "$1" | head -n 50 | sed 's/ *$//'
}

# bytes N from ptydrive's output, in order.
counts() {
	sed -n 's/^bytes //p' "$1" | tr '\n' ' '
}

# Both drawing setups: the server draws the terminal, and the client
# draws from frames that carry the scroll (FRAME_SCROLL).
for keep in 0 1; do
	if [ $keep = 1 ]; then
		MUX_KEEP_TTY=1
		export MUX_KEEP_TTY
	fi
	m new -d -s full$keep -x 200 -y 50 "sh $TEST_DIR/prog.sh" || fail "new full$keep"
	m set -t full$keep status off
	"$PTYDRIVE" -s 200x50 -- "$MUX_BIN" -L "$LABEL" attach -t full$keep \
	    >full$keep.txt <<EOF2 || fail "attached (full width, MUX_KEEP_TTY=$keep)"
row 49 row-50 abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-abcdefghijklmnop
mark
run "$MUX_BIN" -L "$LABEL" wait-for -S step1
row 49 NEW-LAST-ROW
row 0 row-02 abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-abcdefghijklmnop
count
mark
run "$MUX_BIN" -L "$LABEL" refresh-client -t "\$("$MUX_BIN" -L "$LABEL" list-clients -F '#{client_name}')"
raw row-25 abcdefghij
count
mark
run "$MUX_BIN" -L "$LABEL" wait-for -S step2
row 48 IN-REGION
row 0 row-02 abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-abcdefghijklmnop
row 49 NEW-LAST-ROW
count
raw \e[2;49r
screen
EOF2
	set -- $(counts full$keep.txt)
	[ $# -eq 3 ] || fail "three counts: $(cat full$keep.txt)"
	scroll=$1 repaint=$2 region=$3
	echo "MUX_KEEP_TTY=$keep bytes: scroll $scroll, repaint $repaint," \
	    "region scroll $region"
	[ "$repaint" -gt 5000 ] ||
	    fail "a repaint is the whole screen: $repaint bytes"
	[ $((scroll * 10)) -lt "$repaint" ] ||
	    fail "a full-screen scroll wrote $scroll bytes, a repaint $repaint"
	[ $((region * 10)) -lt "$repaint" ] ||
	    fail "a scroll in a region wrote $region bytes, a repaint $repaint"
	drawn full$keep.txt >drawn.txt
	m capture-pane -p -t full$keep | sed 's/ *$//' >want.txt
	expect_eq "$(cat drawn.txt)" "$(cat want.txt)" \
	    "full-width pane as drawn (MUX_KEEP_TTY=$keep)"
	unset MUX_KEEP_TTY
	m kill-session -t full$keep
done

# A pane narrower than the terminal: no scroll region, rows redrawn.
m new -d -s half -x 200 -y 50 "sh $TEST_DIR/prog.sh" || fail "new half"
m set -t half status off
m split-window -h -l 20 -t half cat || fail "split"
m select-pane -t half.0
"$PTYDRIVE" -s 200x50 -- "$MUX_BIN" -L "$LABEL" attach -t half \
    >half.txt <<EOF2 || fail "attached (half width)"
wait row-50
mark
run "$MUX_BIN" -L "$LABEL" wait-for -S step1
wait NEW-LAST-ROW
run "$MUX_BIN" -L "$LABEL" wait-for -S step2
wait IN-REGION
noraw \e[1;50r
EOF2
exit 0
