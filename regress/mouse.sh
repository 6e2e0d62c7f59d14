#!/bin/sh
# The mouse (set -g mouse on): a click selects a pane or a window in the
# status line, a drag on a border resizes, and a program that asked for
# mouse events gets them at pane-relative coordinates while one that did
# not gets none.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

m new -d -s a -x 80 -y 24 sh || fail "new"
m set -g mouse on
m split-window -h -t a sh
m new-window -d -t a:1 -n other sh
m select-pane -t a.0
# Pane 1 runs a program that asked for SGR mouse reports and shows them.
m send-keys -t a.1 "printf '\\033[?1000h\\033[?1006h'; stty -icanon -echo; cat -v" Enter
# The clicks below may come within the double-click time of each other, as
# a user's can: then, as in tmux, the second is a double click, and the
# default DoubleClick1Pane would put pane 0 in copy mode for 0.3 s (its
# window named [tmux], which moves the status line under the last click).
# Here a double click only selects the pane, as a single click does.
m bind -n DoubleClick1Pane select-pane -t =
m bind -n TripleClick1Pane select-pane -t =

"$PTYDRIVE" -s 80x25 -- "$MUX_BIN" -L "$LABEL" attach -t a <<'EOF2' || fail "mouse"
wait 0:sh*
send \e[<0;60;5M\e[<0;60;5m
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" display -p -t a "#{pane_index}")" = 1'
wait ^[[<0;19;5M^[[<0;19;5m
send \e[<0;10;5M\e[<0;10;5m
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" display -p -t a "#{pane_index}")" = 0'
send \e[<0;41;10M\e[<32;36;10M\e[<0;36;10m
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" display -p -t a.0 "#{pane_width}")" = 35'
send \e[<0;14;25M\e[<0;14;25m
wait 1:other*
EOF2
exit 0
