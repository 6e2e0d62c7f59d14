#!/bin/sh
# find-window: the tree shows only the windows whose name (-N), pane title
# (-T) or visible text (-C) match (all three by default; -i ignores case,
# -r takes a regular expression; its -N and -r are not choose-tree's: the
# preview shows and the order is not reversed); choose-tree -f filters the
# same tree by a format and -F sets the lines' text.
. "$(dirname "$0")/lib.sh"

m new -d -s a -n alpha "echo needle-in-pane; exec cat" || fail "new"
m neww -d -t a: -n beta 'exec cat'
m neww -d -t a: -n gamma 'exec cat'
m new -d -s b -n delta 'exec cat'
m selectp -t a:gamma -T Title-Mark
wait_pane a:alpha needle-in-pane
M="$MUX_BIN -L $LABEL"

"$PTYDRIVE" -s 80x25 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF2 ||
wait needle-in-pane
run $M findw -t a: needle
line (1) └─> 0: alpha*
absent 1: beta
absent 0: delta
send \\x1b
gone (1)
run $M findw -t a: -N eta
line (1) └─> 1: beta
line ┌ a (sort: index) ─────────────────────────────────────────────────────────────┐
absent 0: alpha
absent 2: gamma
send \\x1b
gone (1)
run $M findw -t a: -T -i title-mark
line (1) └─> 2: gamma: "Title-Mark"
absent 0: alpha
send \\x1b
gone (1)
run $M findw -t a: -C -N gamma
line (1) └─> 2: gamma: "Title-Mark"
absent 1: beta
send \\x1b
gone (1)
run $M findw -t a: -r -N '^(beta|delta)\$'
line (1) └─> 1: beta
line (3) └─> 0: delta*
absent 0: alpha
send \\x1b
gone (1)
run $M choose-tree -t a: -f '#{==:#{window_name},delta}'
line (1) └─> 0: delta*
line ┌ b (sort: index) (filter: active) ────────────────────────────────────────────┐
absent 0: alpha
send \\x1b
gone (1)
run $M choose-tree -t a: -s -F 'sess-#{session_name}'
line (0) + a: sess-a
line (1) + b: sess-b
send \\x1b
gone (0) + a: sess-a
run $M choose-tree -t a: -GN -O name -r
row 0 (0) - b: 1 windows
row 1 (1) └─> 0: delta*
row 2 (2) - a: 3 windows (attached)
row 3 (3) ├─> 2: gamma: "Title-Mark"
row 5 (5) └─> 0: alpha*
send r
row 0 (0) - a: 3 windows (attached)
send \\x1b
gone a: 3 windows
send \\x02d
exit 0
EOF2
    fail "find-window"
m findw -r '(' 2>err && fail "a bad regular expression"
grep -q "invalid regular expression" err || fail "findw error: $(cat err)"
exit 0
