#!/bin/sh
# assume-paste-time, as tmux 3.3a: keys of a session coming faster than
# it are a paste, so its bindings are not looked up and they go to the
# pane; the first fast key after a slow one still counts as typed (a
# prefix and its key sent together work). 0 turns this off. (The burst
# is one write, so its keys come microseconds apart; the limit is made
# 300 ms so that a loaded machine cannot spread them that far.)
. "$(dirname "$0")/lib.sh"
export PS1='$ '

m new -d -s p -x 80 -y 24 sh || fail "new"
wait_prompt p
m set -g assume-paste-time 300
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t p <<'EOF2' || fail "paste"
wait $
send \x02c\x02n
run "$UNTIL" '[ "$("$MUX_BIN" -L "$LABEL" display -p -t p "#{session_windows}")" = 2 ]'
run "$UNTIL" '"$MUX_BIN" -L "$LABEL" capture-pane -p -t p:1 | grep -q n'
run [ "$("$MUX_BIN" -L "$LABEL" display -p -t p "#{window_index}")" = 1 ]
EOF2

m set -g assume-paste-time 0
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t p <<'EOF2' || fail "no paste detection"
wait [p]
send \x02c\x02n
run "$UNTIL" '[ "$("$MUX_BIN" -L "$LABEL" display -p -t p "#{session_windows}")" = 3 ]'
run "$UNTIL" '[ "$("$MUX_BIN" -L "$LABEL" display -p -t p "#{window_index}")" = 0 ]'
EOF2
exit 0
