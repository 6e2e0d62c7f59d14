#!/bin/sh
# C-i and Tab, C-m and Enter, C-[ and Escape. A terminal that reports
# modified keys (here a kitty-like fake, which mux asks for the kitty
# protocol, or a modifyOtherKeys one) tells them apart: "bind -n C-i" is
# then its own key beside Tab, and a program that asked for the kitty
# protocol or modifyOtherKeys gets them told apart too. A legacy terminal
# sends one byte for both, which is Tab, and a binding of either serves
# the other that has none, so a tmux config (where C-i is Tab) works the
# same. send-keys C-m is Enter, as in tmux 3.3a.
. "$(dirname "$0")/lib.sh"

unset COLORTERM 2>/dev/null || true
export PS1='$ '
m new -d -s x -x 80 -y 20 sh
wait_pane x '$'
m bind -n C-i set -g @ci yes
m bind -n Tab set -g @tab yes
m bind -n C-m set -g @cm yes

# kitty: each of the pair is its own key.
"$PTYDRIVE" -s 80x24 -X 'kitty(0.26.5)' -D '1;4000;21' -- \
    "$MUX_BIN" -L "$LABEL" attach -t x <<'EOF2' || fail "kitty"
wait $
run "$UNTIL" '"$MUX_BIN" -L "$LABEL" list-clients -F "#{client_termfeatures}" | grep -q kittykeys'
send \e[105;5u
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" show -gqv @ci)" = yes'
run test -z "$("$MUX_BIN" -L "$LABEL" show -gqv @tab)"
send \t
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" show -gqv @tab)" = yes'
run "$MUX_BIN" -L "$LABEL" set -gu @tab
send \e[27;5;105~
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" show -gqv @ci)" = yes'
run test -z "$("$MUX_BIN" -L "$LABEL" show -gqv @tab)"
send \e[109;5u
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" show -gqv @cm)" = yes'
run "$MUX_BIN" -L "$LABEL" unbind -n C-i
run "$MUX_BIN" -L "$LABEL" set -gu @ci
run "$MUX_BIN" -L "$LABEL" unbind -n C-m
EOF2
expect_eq "$(m show -gqv @ci)" "" "C-i binding gone"

# With no C-i binding of its own, C-i is Tab's; a program that asked for
# the kitty protocol gets it as CSI 105;5u, one with modifyOtherKeys 2 as
# CSI 27;5;105~, and one that asked for neither as Tab (a byte 9).
m unbind -n Tab
m set -gu @tab
# program_gets NAME ON OFF KEYS WANT: a program that turns a mode on with
# printf ON (and off with OFF) reads a line typed as KEYS on a kitty-like
# terminal and prints it with od -c, which shows WANT. (Each waits for
# its own READYn.)
n=0
program_gets() {
	n=$((n + 1))
	m send-keys -t x "clear; stty -echo; printf '$2'; echo READY$n; read -r l; printf '%s\\n' \"\$l\" | od -c | head -1; printf '$3'; stty echo" Enter
	wait_pane x "READY$n"
	"$PTYDRIVE" -s 80x24 -X 'kitty(0.26.5)' -D '1;4000;21' -- \
	    "$MUX_BIN" -L "$LABEL" attach -t x <<EOF2 || fail "$1"
wait READY$n
run "$UNTIL" '"$MUX_BIN" -L "$LABEL" list-clients -F "#{client_termfeatures}" | grep -q kittykeys'
send $4
wait $5
EOF2
}
program_gets "kitty program" '\033[>1u' '\033[<u' '\e[105;5u\r' \
    '033   [   1   0   5   ;   5   u'
program_gets "modifyOtherKeys program" '\033[>4;2m' '\033[>4m' \
    '\e[105;5u\r' '033   [   2   7   ;   5   ;   1   0   5   ~'
program_gets "legacy program" '' '' 'x\e[105;5uy\r' 'x  \t   y'

# A legacy terminal: the byte is Tab, and a C-i binding (a tmux config's)
# serves it when Tab has none.
m bind -n C-i set -g @ci yes
"$PTYDRIVE" -s 80x24 -X 'VT100-fake' -D '0;115;0' -- \
    "$MUX_BIN" -L "$LABEL" attach -t x <<'EOF2' || fail "legacy"
wait $
send \t
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" show -gqv @ci)" = yes'
EOF2
m unbind -n C-i

# send-keys C-m is Enter even to a program that asked for the kitty
# protocol (where C-m pressed on such a terminal is CSI 109;5u).
m send-keys -t x "clear; stty -echo; printf '\\033[>1u'; echo CMREADY; read -r l; printf '%s\\n' \"\$l\" | od -c | head -1; printf '\\033[<u'; stty echo" Enter
wait_pane x CMREADY
m send-keys -t x a C-m
poll_until "send-keys C-m is Enter" pane_shows x '0000000   a  \n'
exit 0
