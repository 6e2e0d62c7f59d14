#!/bin/sh
# Reverse scrolls and lines inserted or deleted: when the rows of a pane as
# wide as the client's terminal move down (a reverse index at the top, as
# less going back or vim scrolling up do, or inside a scroll region) or
# move inside a region (IL, DL), the terminal is scrolled (csr with ri/rin
# or ind/indn, else il and dl) rather than repainted, so each step of a
# 200x50 pane writes far fewer bytes than a repaint (refresh-client). With
# no way to scroll (terminal-overrides takes csr, ri, il and dl away) the
# rows are repainted, and the picture is the same. Each time the screen
# the terminal shows is what the server has, cell by cell: the text, and
# which cells have a background colour (every third row is blue). Bytes
# are counted by ptydrive, the terminal in a pty.
. "$(dirname "$0")/lib.sh"

T=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ
T="$T$T-0123456789abcdefghijklmnopqrs"
cat >prog.sh <<EOF
i=1
while [ \$i -le 50 ]; do
	if [ \$((i % 3)) -eq 0 ]; then
		printf '\\033[44mrow-%02d %s\\033[K\\033[m' \$i '$T'
	else
		printf 'row-%02d %s' \$i '$T'
	fi
	[ \$i -lt 50 ] && printf '\\r\\n'
	i=\$((i+1))
done
"$MUX_BIN" -L "$LABEL" wait-for step1
printf '\\033[H\\033MREV-TOP'
"$MUX_BIN" -L "$LABEL" wait-for step2
printf '\\033[10;1H\\033[3LINS-3'
"$MUX_BIN" -L "$LABEL" wait-for step3
printf '\\033[5;40r\\033[5;1H\\033MREV-REGION\\033[r'
"$MUX_BIN" -L "$LABEL" wait-for step4
printf '\\033[20;1H\\033[2MDEL-2\\033[K'
exec cat
EOF

# The screen the terminal shows, cell by cell (ptydrive's bgmap: the
# text, and a cell with a background colour as #).
drawn() {
	sed -n 's/^ *[0-9]*|//p' "$1" | sed 's/ *$//'
}

# The same of what the server has: its text, and a blue row (blue all
# across: printed with a clear to its end) all #.
want() {
	m capture-pane -p -t "$1" | sed 's/ *$//' >text.txt
	m capture-pane -e -p -t "$1" >esc.txt
	awk 'NR == FNR { e[FNR] = $0; next }
	    index(e[FNR], "[44m") { s = ""; for (i = 0; i < 200; i++) s = s "#"
	    print s; next } { print }' esc.txt text.txt
}

counts() {
	sed -n 's/^bytes //p' "$1" | tr '\n' ' '
}

R=$T
# run SESSION OUT: attach in ptydrive, one count per step and a repaint.
run() {
	"$PTYDRIVE" -s 200x50 -- "$MUX_BIN" -L "$LABEL" attach -t "$1" \
	    >"$2" <<EOF2 || fail "attached ($1)"
row 49 row-50 $R
mark
run "$MUX_BIN" -L "$LABEL" wait-for -S step1
row 0 REV-TOP
row 49 row-49 $R
count
mark
run "$MUX_BIN" -L "$LABEL" refresh-client -t "\$("$MUX_BIN" -L "$LABEL" list-clients -F '#{client_name}')"
raw row-25 abcdefghij
count
mark
run "$MUX_BIN" -L "$LABEL" wait-for -S step2
row 9 INS-3
row 10
row 12 row-09 $R
row 49 row-46 $R
count
mark
run "$MUX_BIN" -L "$LABEL" wait-for -S step3
row 4 REV-REGION
row 5 row-04 $R
row 39 row-35 $R
row 40 row-37 $R
count
mark
run "$MUX_BIN" -L "$LABEL" wait-for -S step4
row 19 DEL-2
row 20 row-18 $R
row 47 row-46 $R
row 48
count
bgmap
EOF2
}

check() {
	drawn "$2" >drawn.txt
	want "$1" >want.txt
	expect_eq "$(cat drawn.txt)" "$(cat want.txt)" "$1 as drawn"
}

for keep in 0 1; do
	if [ $keep = 1 ]; then
		MUX_KEEP_TTY=1
		export MUX_KEEP_TTY
	fi
	m new -d -s d$keep -x 200 -y 50 "sh $TEST_DIR/prog.sh" ||
	    fail "new d$keep"
	m set -t d$keep status off
	run d$keep d$keep.txt
	set -- $(counts d$keep.txt)
	[ $# -eq 5 ] || fail "five counts: $(cat d$keep.txt)"
	echo "MUX_KEEP_TTY=$keep bytes: reverse index $1, repaint $2," \
	    "insert lines $3, reverse index in a region $4, delete lines $5"
	[ "$2" -gt 5000 ] || fail "a repaint is the whole screen: $2 bytes"
	for n in $1 $3 $4 $5; do
		[ $((n * 10)) -lt "$2" ] ||
		    fail "a scroll wrote $n bytes, a repaint $2 (MUX_KEEP_TTY=$keep)"
	done
	check d$keep d$keep.txt
	unset MUX_KEEP_TTY
	m kill-session -t d$keep
done

# A terminal without csr: lines deleted and inserted instead.
m new -d -s nocsr -x 200 -y 50 "sh $TEST_DIR/prog.sh" || fail "new nocsr"
m set -s terminal-overrides '*:csr@' || fail "overrides"
m set -t nocsr status off
run nocsr nocsr.txt
set -- $(counts nocsr.txt)
echo "no csr bytes: reverse index $1, repaint $2, insert lines $3," \
    "reverse index in a region $4, delete lines $5"
for n in $1 $3 $4 $5; do
	[ $((n * 10)) -lt "$2" ] || fail "without csr: $n bytes, a repaint $2"
done
check nocsr nocsr.txt
m kill-session -t nocsr

# No way to scroll at all: every row the scroll moved is drawn again.
m new -d -s none -x 200 -y 50 "sh $TEST_DIR/prog.sh" || fail "new none"
m set -s terminal-overrides '*:csr@:ri@:rin@:il@:il1@:dl@:dl1@' ||
    fail "overrides"
m set -t none status off
run none none.txt
set -- $(counts none.txt)
echo "no scrolling bytes: reverse index $1, repaint $2, insert lines $3," \
    "reverse index in a region $4, delete lines $5"
[ $(($1 * 2)) -gt "$2" ] ||
    fail "a reverse index without ri or il wrote only $1 bytes"
check none none.txt
exit 0
