#!/bin/sh
# Widths of joined characters, as tmux 3.3a gives them: each case is
# printed in a pane of mux and of tmux (when installed) and the cursor and
# capture-pane must agree. A zero width joiner (ZWJ) joins a wide or zero
# width character to the glyph before it and is dropped before a narrow
# one or at the end; regional indicators are one column each and unpaired;
# VS16 widens nothing; a cell keeps at most 21 bytes of UTF-8. Copy mode
# moves over a joined character as one. Without tmux, the cursor columns
# recorded from tmux 3.3a here are checked.
. "$(dirname "$0")/lib.sh"

MAN='\360\237\221\250' WOMAN='\360\237\221\251' GIRL='\360\237\221\247'
BOY='\360\237\221\246' ZWJ='\342\200\215' VS16='\357\270\217'
HEART='\342\235\244' FIRE='\360\237\224\245' ACUTE='\314\201'
HAN='\344\270\255'
# name|bytes (printf format)|tmux 3.3a's cursor x after it and a "|"
cases="man-zwj-woman|$MAN$ZWJ$WOMAN|3
family|A$MAN$ZWJ$WOMAN$ZWJ${GIRL}B|5
flag|\360\237\207\253\360\237\207\267|3
four-indicators|\360\237\207\253\360\237\207\267\360\237\207\251\360\237\207\252|5
heart-vs16|$HEART$VS16|2
vs16-after-ascii|a${VS16}b|3
skin-tone|\360\237\221\215\360\237\217\275|5
acute|e${ACUTE}x|3
zwj-between-ascii|a${ZWJ}b|3
ascii-zwj-wide|a$ZWJ$MAN|2
wide-zwj-han|$MAN$ZWJ$HAN|3
two-zwj|$MAN$ZWJ$ZWJ$WOMAN|3
vs16-zwj|$MAN$VS16$ZWJ$WOMAN|3
heart-on-fire|$HEART$VS16$ZWJ$FIRE|2
family-of-four|$MAN$ZWJ$WOMAN$ZWJ$GIRL$ZWJ$BOY|3
zwj-at-left|$ZWJ${MAN}Z|2
zwj-at-end|$MAN$ZWJ|3
zwj-acute|$MAN$ZWJ$ACUTE|3
many-marks|a$ACUTE$ACUTE$ACUTE$ACUTE$ACUTE$ACUTE$ACUTE$ACUTE$ACUTE$ACUTE$ACUTE$ACUTE${ACUTE}Z|3
at-the-edge|xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx$MAN$ZWJ${WOMAN}y|2"

TMUX_BIN=$(command -v tmux || true)
REF="r$LABEL"
if [ -n "$TMUX_BIN" ]; then
	export TMUX_TMPDIR="$TEST_DIR"
	t() { "$TMUX_BIN" -L "$REF" -f /dev/null "$@"; }
	trap 't kill-server >/dev/null 2>&1; cleanup' EXIT
	t new -d -s w -x 80 -y 10 "exec cat" || fail "tmux"
fi
m new -d -s w -x 80 -y 10 "exec cat" || fail "new"



# state RUN: the cursor and the pane's first two lines, bytes in hex.
state() {
	$1 display -p -t w '#{cursor_x},#{cursor_y}'
	$1 capture-pane -p -t w | head -2 | od -An -tx1
}

printed() {
	[ -n "$($1 capture-pane -p -t w | grep -F '|')" ]
}

echo "$cases" | while IFS='|' read -r name bytes want; do
	printf "$bytes|" >"$TEST_DIR/$name"
	m respawn-pane -k -t w "cat '$TEST_DIR/$name'; exec cat" ||
	    fail "$name: respawn"
	poll_until "$name printed by mux" printed m
	got=$(m display -p -t w '#{cursor_x}')
	expect_eq "$got" "$want" "$name: the cursor after it (tmux 3.3a's)"
	[ -n "$TMUX_BIN" ] || continue
	t respawn-pane -k -t w "cat '$TEST_DIR/$name'; exec cat" ||
	    fail "$name: tmux respawn"
	poll_until "$name printed by tmux" printed t
	expect_eq "$(state m)" "$(state t)" "$name: mux and tmux"
done || exit 1

# Copy mode steps over a joined character as one cell (tmux 3.3a's
# columns, left from the cell after it landing on its right half first).
printf "A$MAN$ZWJ$WOMAN${ZWJ}${GIRL}B|" >"$TEST_DIR/copy"
steps() {
	$1 respawn-pane -k -t w "cat '$TEST_DIR/copy'; exec cat" ||
	    fail "respawn"
	poll_until "copy text" printed $1
	$1 copy-mode -t w
	for k in start-of-line cursor-right cursor-right cursor-left \
	    cursor-left cursor-right cursor-right cursor-right; do
		$1 send -t w -X $k
		$1 display -p -t w '#{copy_cursor_x}'
	done | tr '\n' ' '
}
expect_eq "$(steps m)" "0 1 3 2 0 1 3 4 " "copy mode over a family"
[ -z "$TMUX_BIN" ] || expect_eq "$(steps m)" "$(steps t)" "copy mode: mux and tmux"
exit 0
