#!/bin/sh
# clock-mode, driven from an attached client: prefix t shows the big clock
# in clock-mode-colour, its digits drawn as tmux 3.3a draws them (checked
# cell by cell against glyphs rendered here for the time the test read
# and, when tmux is installed, against tmux 3.3a's own screen at the same
# minute), 24 and 12 hour styles, the time as text in a pane too small
# for the glyphs, #{pane_mode}, and any key (typed or sent) leaving it.
#
# The clock shows the current minute, so a run that straddles a minute
# boundary (the time read before and after differ) is run again: the
# comparison itself never depends on timing.
. "$(dirname "$0")/lib.sh"
export PS1='$ ' TZ=UTC

# The glyphs of a time ("23:59", "11:05 PM") as the pane of COLSxROWS
# shows them, as a bgmap dump's rows 0 to ROWS-1 ('#': a coloured cell).
render() {
	awk -v t="$1" -v cols="$2" -v rows="$3" 'BEGIN {
		g["0"] = "#####|#   #|#   #|#   #|#####"
		g["1"] = "    #|    #|    #|    #|    #"
		g["2"] = "#####|    #|#####|#    |#####"
		g["3"] = "#####|    #|#####|    #|#####"
		g["4"] = "#   #|#   #|#####|    #|    #"
		g["5"] = "#####|#    |#####|    #|#####"
		g["6"] = "#####|#    |#####|#   #|#####"
		g["7"] = "#####|    #|    #|    #|    #"
		g["8"] = "#####|#   #|#####|#   #|#####"
		g["9"] = "#####|#   #|#####|    #|#####"
		g[":"] = "     |  #  |     |  #  |     "
		g["A"] = "#####|#   #|#####|#   #|#   #"
		g["P"] = "#####|#   #|#####|#    |#    "
		g["M"] = "#   #|## ##|# # #|#   #|#   #"
		g[" "] = "     |     |     |     |     "
		n = length(t)
		x0 = int(cols / 2) - 3 * n
		y0 = int(rows / 2) - 3
		for (y = 0; y < rows; y++) {
			line = ""
			if (y >= y0 && y < y0 + 5) {
				line = sprintf("%" x0 "s", "")
				for (i = 1; i <= n; i++) {
					split(g[substr(t, i, 1)], r, "|")
					line = line r[y - y0 + 1] (i < n ? " " : "")
				}
				sub(/ +$/, "", line)
			}
			printf "%2d|%s\n", y, line
		}
	}'
}

# The pane rows (0 to 22) of the bgmap dump in file $1.
pane_rows() {
	sed -n '/^--- bgmap/,/^---$/p' "$1" | grep -E '^ ?[0-9]+\|' |
	    awk -F'|' '$1 + 0 < 22 + 1'
}

# clock_screen PROGRAM OUT X: attach PROGRAM's session a in a pty, run
# clock-mode (prefix t is tried below: tmux can miss a key typed while it
# still queries the new terminal), wait for the clock (the colon's upper
# dot: at column X, row 9 in an 80x23 pane), dump the screen, and leave
# the clock with a typed key.
clock_screen() {
	"$PTYDRIVE" -s 80x24 -- "$1" -L "$LABEL" attach -t a <<EOF2 >"$2" ||
wait \$
run "$1" -L "$LABEL" clock-mode -t a
cell $3 9 bg=1
bgmap
send q
wait \$
EOF2
	    fail "clock screen of $1"
}

m new -d -s a -x 80 -y 23 sh || fail "new"
m set -g clock-mode-colour red
have_tmux=0
if command -v tmux >/dev/null 2>&1; then
	have_tmux=1
	trap 'tmux -L "$LABEL" kill-server >/dev/null 2>&1; cleanup' EXIT
	tmux -L "$LABEL" -f /dev/null new -d -s a -x 80 -y 23 sh ||
	    fail "tmux new"
	tmux -L "$LABEL" set -g clock-mode-colour red
fi

# 24 hour: the colon is the third of five characters.
for try in 1 2 3; do
	before=$(date +%H:%M)
	clock_screen "$MUX_BIN" mux.out 39
	[ $have_tmux = 1 ] && clock_screen tmux tmux.out 39
	after=$(date +%H:%M)
	[ "$before" = "$after" ] && break
done
[ "$before" = "$after" ] || fail "no run within one minute"
expect_eq "$(pane_rows mux.out)" "$(render "$before" 80 23)" \
    "24 hour clock at $before"
[ $have_tmux = 1 ] && expect_eq "$(pane_rows mux.out)" \
    "$(pane_rows tmux.out)" "24 hour clock as tmux 3.3a draws it"

# A key sent to the pane leaves the mode and does not reach the shell;
# without an attached client a sent key is dropped, as in tmux.
m clock-mode -t a
m send-keys -t a z
expect_eq "$(m display -p -t a '#{pane_in_mode} #{pane_mode}')" \
    "1 clock-mode" "no client"
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<'EOF2' ||
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" display -p -t a "#{session_attached}")" = 1'
run "$MUX_BIN" -L "$LABEL" send-keys -t a z
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" display -p -t a "#{pane_in_mode}")" = 0'
run "$MUX_BIN" -L "$LABEL" send-keys -t a 'echo done' Enter
line $ echo done
EOF2
    fail "sent key"
pane_has_line a '$ zecho done' && fail "the key went to the shell"

# 12 hour: " 9:05 PM" (a blank for a one-digit hour) or "11:05 PM".
m set -g clock-mode-style 12
[ $have_tmux = 1 ] && tmux -L "$LABEL" set -g clock-mode-style 12
m send-keys -t a clear Enter
[ $have_tmux = 1 ] && tmux -L "$LABEL" send-keys -t a clear Enter
for try in 1 2 3; do
	before=$(date '+%l:%M %p')
	clock_screen "$MUX_BIN" mux12.out 30
	[ $have_tmux = 1 ] && clock_screen tmux tmux12.out 30
	after=$(date '+%l:%M %p')
	[ "$before" = "$after" ] && break
done
[ "$before" = "$after" ] || fail "no 12 hour run within one minute"
expect_eq "$(pane_rows mux12.out)" "$(render "$before" 80 23)" \
    "12 hour clock at $before"
[ $have_tmux = 1 ] && expect_eq "$(pane_rows mux12.out)" \
    "$(pane_rows tmux12.out)" "12 hour clock as tmux 3.3a draws it"
[ $have_tmux = 1 ] && tmux -L "$LABEL" kill-server

# A pane too small for the glyphs (20 columns, five characters need 30):
# the time as text in the clock's colour, in the middle row; any typed
# key leaves it.
m set -g clock-mode-style 24
m new-window -d -t a:1 sh
m split-window -h -l 20 -t a:1 sh
m select-window -t a:1
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a:1 <<EOF2 ||
wait \$
send \\x02t
run "\$UNTIL" 'test "\$("\$MUX_BIN" -L "\$LABEL" display -p -t a:1.1 "#{pane_mode}")" = clock-mode'
cell 68 11 fg=1
cell 69 11 fg=1
cell 70 11 ch=: fg=1
send x
run "\$UNTIL" 'test "\$("\$MUX_BIN" -L "\$LABEL" display -p -t a:1.1 "#{pane_in_mode}")" = 0'
EOF2
    fail "small clock"
expect_eq "$(m display -p -t a:1.1 '#{pane_in_mode}')" "0" "typed key leaves"

# Over copy mode: the clock covers it and a key goes back to it; prefix
# [ brings copy mode back at once, and q then leaves both.
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a:1 <<'EOF2' ||
wait $
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" display -p -t a "#{session_attached}")" = 1'
send \x02[
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" display -p -t a:1.1 "#{pane_mode}")" = copy-mode'
send \x02t
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" display -p -t a:1.1 "#{pane_mode}")" = clock-mode'
send x
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" display -p -t a:1.1 "#{pane_mode}")" = copy-mode'
send \x02t
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" display -p -t a:1.1 "#{pane_mode}")" = clock-mode'
send \x02[
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" display -p -t a:1.1 "#{pane_mode}")" = copy-mode'
send q
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" display -p -t a:1.1 "#{pane_in_mode}")" = 0'
EOF2
    fail "over copy mode"

# clock-mode -t, and its usage.
m clock-mode -t a:1.0
expect_eq "$(m display -p -t a:1.0 '#{pane_mode}')" "clock-mode" "-t"
m clock-mode -t nosuch 2>err && fail "bad target accepted"
m clock-mode -x 2>err && fail "bad flag accepted"
expect_eq "$(cat err)" "command clock-mode: unknown flag -x" \
    "a bad flag, in tmux 3.3a's words"
exit 0
