#!/bin/sh
# tmux 3.3a's default bindings that go through a prompt, typed on an
# attached client: each prompt keeps its own history (command-prompt -T),
# the input goes into the template as one word even with quotes and $,
# f in copy mode prompts for the character to jump to (-1), and C-r
# searches as the input changes (-i), Enter keeping what it found.
. "$(dirname "$0")/lib.sh"

d() { m display -p -t "$1" "$2"; }
m new -d -s k -x 80 -y 24 \
    "printf 'alpha\\nbeta gamma\\nxylophone\\nomega\\n'; exec cat" ||
    fail "new"
m neww -d -t k:1 || fail "neww"
wait_pane k:0 omega

"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t k <<'EOF2' ||
wait omega
send \x02'
wait index
send 1\r
run "$UNTIL" '[ "$("$MUX_BIN" -L "$LABEL" display -p -t k "#{window_index}")" = 1 ]'
send \x020
run "$UNTIL" '[ "$("$MUX_BIN" -L "$LABEL" display -p -t k "#{window_index}")" = 0 ]'
send \x02$
wait (rename-session)
send \x15a"b$c\r
run "$UNTIL" '"$MUX_BIN" -L "$LABEL" has-session -t "=a\"b\$c"'
send \x02[
wait [0/
send \e[A\e[A\e[A
run "$UNTIL" '[ "$("$MUX_BIN" -L "$LABEL" display -p "#{copy_cursor_line}")" = "beta gamma" ]'
send \x01
send f
wait (jump forward)
send m
run "$UNTIL" '[ "$("$MUX_BIN" -L "$LABEL" display -p "#{copy_cursor_x}")" = 7 ]'
send \x12
wait (search up)
send al
run "$UNTIL" '[ "$("$MUX_BIN" -L "$LABEL" display -p "#{copy_cursor_line}")" = alpha ]'
send \r
gone (search up)
send q
gone [0/
run c=$("$MUX_BIN" -L "$LABEL" list-clients -F "#{client_name}"); "$MUX_BIN" -L "$LABEL" command-prompt -t "$c" -T nonesuch 2>&1 | grep -qx "unknown type: nonesuch"
EOF2
    fail "prompts on an attached client"

expect_eq "$(m show-prompt-history -T window-target)" "History for window-target:

1: 1" "the window index went to its own history"
expect_eq "$(m show-prompt-history -T search)" "History for search:

1: al" "the search went to its own history"
expect_eq "$(m show-prompt-history -T command)" "History for command:

1: a\"b\$c" "the new name went to the command history"
exit 0
