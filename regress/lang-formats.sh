#!/bin/sh
# The client and session formats tmux 3.3a has that depend on history:
# session_stack (every window shown before, most recent first, as tmux
# keeps it, also through kill-window, last-window and a grouped
# session), client_written and client_discarded (bytes that went to the
# client's terminal, and that were dropped), client_cell_width and
# client_cell_height (the terminal's cell size in pixels, as it says).
# The expected stacks are tmux 3.3a's for the same commands.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

m new -d -s a -x 80 -y 24 || fail "new"
m neww && m neww && m neww || fail "neww"
m selectw -t 1 && m selectw -t 3 && m selectw -t 0 || fail "selectw"
expect_eq "$(m display -p '#{session_stack} #{window_index}')" "0,3,1,2 0" \
    "stack after selecting 1, 3, 0"
expect_eq "$(m list-windows -F '#{window_index}#{window_flags}' | tr '\n' ' ')" \
    "0* 1 2 3- " "only the first of the stack is the last window"
m killw -t 0 || fail "killw"
expect_eq "$(m display -p '#{session_stack} #{window_index}')" "3,1,2 3" \
    "killing the current window goes to the last one"
m last || fail "last-window"
expect_eq "$(m display -p '#{session_stack} #{window_index}')" "1,3,2 1" \
    "last-window"
m killw -t 3 || fail "killw 3"
expect_eq "$(m display -p '#{session_stack}')" "1,2" \
    "a window killed leaves the stack"
m new -d -s b -t a || fail "grouped"
expect_eq "$(m display -p -t b '#{session_stack}')" "1" \
    "a new grouped session has no stack"
m selectw -t b:2 || fail "selectw in b"
m neww -d -t a:7 || fail "a new window in the group"
expect_eq "$(m display -p -t b '#{session_stack}')" "2,1" \
    "the stack kept by index when the group changes"
m selectw -t a:7 && m selectw -t a:2 || fail "selectw in a"
before=$(m display -p -t a '#{session_stack}')
expect_eq "$before" "2,7,1" "stack of a"
m server-upgrade || fail "server-upgrade"
expect_eq "$(m display -p -t a '#{session_stack}')" "$before" \
    "the whole stack lives through server-upgrade"

# Through the CLI, no client: the client formats are empty.
expect_eq "$(m display -p 'x#{client_written}x#{client_cell_width}x')" \
    "xxx" "no client"

# A client in a terminal with 9x18 pixel cells, then one that says
# nothing of pixels.
"$PTYDRIVE" -s 80x24 -p 9x18 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF2 || fail "attached"
wait [a]
run "$MUX_BIN" -L "$LABEL" list-clients -F '#{client_written}' >w1
run "$MUX_BIN" -L "$LABEL" list-clients -F '#{client_cell_width}x#{client_cell_height} #{client_discarded}' >cell
send echo more-output-$$\r
line more-output-$$
run "$MUX_BIN" -L "$LABEL" list-clients -F '#{client_written}' >w2
resize 100x30
run "\$UNTIL" '"$MUX_BIN" -L "$LABEL" list-clients -F "#{client_width}" | grep -qx 100'
run "$MUX_BIN" -L "$LABEL" list-clients -F '#{client_cell_width}x#{client_cell_height}' >cell2
send \x02d
exit 0
EOF2
expect_eq "$(cat cell)" "9x18 0" "cell size and nothing discarded"
expect_eq "$(cat cell2)" "9x18" "cell size after a resize"
[ "$(cat w1)" -gt 0 ] || fail "nothing written: $(cat w1)"
[ "$(cat w2)" -gt "$(cat w1)" ] || fail "written did not grow: $(cat w1) $(cat w2)"
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF2 || fail "attached without pixels"
wait [a]
run "$MUX_BIN" -L "$LABEL" list-clients -F '#{client_cell_width}x#{client_cell_height}' >cell
send \x02d
exit 0
EOF2
expect_eq "$(cat cell)" "0x0" "a terminal that gives no pixel size"
exit 0
