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

# The status line joins them as the grid does (tmux 3.3a draws its status
# line with the grid's code), but for a narrow character after a joiner
# (see below): each case as a window name, at the start of status-right,
# is as wide as it is in a pane, so the right part starts that many
# columns before the end. Seen from the client's terminal (a
# pty, ptydrive): the status line at the top reads "NNW", blanks, the
# name and "]", and only the blanks (after ASCII) are counted, so what
# the terminal makes of the name itself does not matter.
setup_status() {
	$1 set -g status-position top
	$1 set -g status-left '#{@n}'
	$1 set -g status-left-length 10
	$1 set -g status-right '#{window_name}]'
	$1 set -g status-right-length 80
	$1 set -g window-status-format W
	$1 set -g window-status-current-format W
}
# status_widths RUN COMMAND: "name width" for each case, as RUN's status
# line lays it out (COMMAND: RUN as a command line, for ptydrive).
status_widths() {
	n=10
	{
		echo "$cases" | while IFS='|' read -r name bytes want; do
			[ "$name" = at-the-edge ] && continue
			n=$((n + 1))
			echo "run $2 rename-window -t w \"\$(cat '$TEST_DIR/$name')\" && $2 set -g @n $n"
			echo "wait ${n}W"
			echo "screen"
		done
	} >status-script
	"$PTYDRIVE" -s 80x10 -- $2 attach -t w <status-script >status-out ||
	    fail "status line ($1)"
	echo "$cases" | while IFS='|' read -r name bytes want; do
		[ "$name" = at-the-edge ] && continue
		echo "$name"
	done >status-names
	sed -n 's/^ 0|[0-9][0-9]W\( *\).*/\1/p' status-out | awk '
	    { print 76 - length($0) }' | paste -d ' ' status-names -
}
setup_status m
m set -g status on
status_widths m "$MUX_BIN -L $LABEL" >status-m.txt
# The same as the grid's but where a narrow character follows a joiner:
# tmux 3.3a's panes drop the joiner (its ASCII goes by another path), its
# status line joins the character to the one before, as it does any.
echo "$cases" | while IFS='|' read -r name bytes want; do
	case $name in
	at-the-edge) continue ;;
	zwj-between-ascii|zwj-at-end) want=$((want - 1)) ;;
	esac
	echo "$name $want"
done >status-want.txt
expect_eq "$(cat status-m.txt)" "$(cat status-want.txt)" \
    "status line widths (tmux 3.3a's)"
if [ -n "$TMUX_BIN" ]; then
	setup_status t
	status_widths t "$TMUX_BIN -L $REF" >status-t.txt
	expect_eq "$(cat status-m.txt)" "$(cat status-t.txt)" \
	    "status line widths: mux and tmux"
fi
m set -g status-position bottom

# Formats count as tmux 3.3a's format_width and trims do, code point by
# code point (a ZWJ sequence is each of its emoji, unlike the status line
# that draws it): recorded from tmux 3.3a for one name, and every case
# against tmux when it is here.
FMT='#{n:window_name} #{w:window_name} #{=2:window_name}|#{=-2:window_name}|#{p7:window_name}|'
fmt() {
	$1 display -p -t w "$FMT" | od -An -tx1 | tr -s ' \n' ' '
}
printf "a$MAN$ZWJ$WOMAN${ZWJ}${GIRL}b\360\237\207\253\360\237\207\267c$HEART${VS16}d" \
    >"$TEST_DIR/fmt-name"
m rename-window -t w "$(cat "$TEST_DIR/fmt-name")"
expect_eq "$(m display -p -t w '#{n:window_name} #{w:window_name}')" "36 13" \
    "format widths of a ZWJ sequence (tmux 3.3a's)"
expect_eq "$(m display -p -t w '#{=4:window_name}' | od -An -tx1 | tr -s ' \n' ' ')" \
    "$(printf "a$MAN$ZWJ\n" | od -An -tx1 | tr -s ' \n' ' ')" \
    "a ZWJ sequence cut by #{=4:} (tmux 3.3a's)"
if [ -n "$TMUX_BIN" ]; then
	echo "$cases" | while IFS='|' read -r name bytes want; do
		m rename-window -t w "$(cat "$TEST_DIR/$name")"
		t rename-window -t w "$(cat "$TEST_DIR/$name")"
		expect_eq "$(fmt m)" "$(fmt t)" "$name: format widths, mux and tmux"
	done || exit 1
fi

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
