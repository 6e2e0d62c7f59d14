#!/bin/sh
# allow-passthrough: a program's DCS tmux; ... ST reaches the terminal of a
# client showing its pane, unwrapped (doubled ESCs single), when the option
# is on, as in tmux 3.3a; off (the default) it is dropped and nothing of it
# reaches the terminal or the pane's screen. The attached client runs in
# ptydrive, which sees every byte mux writes to its terminal.
. "$(dirname "$0")/lib.sh"

cat > pt.sh <<'EOF2'
printf 'be\033Ptmux;\033\033]1337;Pass=%s\007\033\\fore\n' "$1"
EOF2

m new -d -s p -x 80 -y 24 "PS1='$ ' sh" || fail "new"
wait_prompt p
m split-window -d -t p "PS1='$ ' sh" || fail "split"
wait_prompt p.1
expect_eq "$(m show -wgv allow-passthrough)" "off" "off by default"

"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t p <<'EOF2' || fail "passthrough"
wait $
mark
send sh pt.sh one\r
line before
noraw Pass=
run "$MUX_BIN" -L "$LABEL" set -w -t p allow-passthrough on
mark
send sh pt.sh two\r
raw \e]1337;Pass=two\x07
run "$MUX_BIN" -L "$LABEL" send -t p.1 'sh pt.sh three' Enter
raw \e]1337;Pass=three\x07
run "$MUX_BIN" -L "$LABEL" resize-pane -Z -t p.0
mark
run "$MUX_BIN" -L "$LABEL" send -t p.1 'sh pt.sh four' Enter
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" capture-pane -p -t p.1 | grep -c "^before$")" = 2'
run "$MUX_BIN" -L "$LABEL" resize-pane -Z -t p.0
wait before
noraw Pass=four
mark
send sh pt.sh five\r
raw \e]1337;Pass=five\x07
EOF2

# The panes' screens have the text around the sequences and nothing of them.
m capture-pane -p -t p.0 | grep -q 'Pass' && fail "pane 0 shows the sequence"
m capture-pane -p -t p.1 | grep -q 'Pass' && fail "pane 1 shows the sequence"
expect_eq "$(m capture-pane -p -t p.1 | grep -c '^before$')" "2" "pane 1 text"
# A per-pane setting: the other pane may not pass.
m set -p -t p.1 allow-passthrough off
expect_eq "$(m show -pv -t p.1 allow-passthrough)" "off" "pane option"
exit 0
