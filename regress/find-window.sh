#!/bin/sh
# find-window: the tree shows only the windows whose name (-N), pane title
# (-T) or visible text (-C) match (all three by default; -i ignores case,
# -r takes a regular expression); choose-tree -f filters the same tree by
# a format and -F sets the lines' text.
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
run $M findw needle
line   - 0: alpha* (1 panes)
absent - 1: beta
absent - 0: delta
send \\x1b
run $M findw -N eta
line   - 1: beta (1 panes)
absent - 0: alpha
absent - 2: gamma
send \\x1b
run $M findw -T -i title-mark
line   - 2: gamma (1 panes)
absent - 0: alpha
send \\x1b
run $M findw -C -N gamma
line   - 2: gamma (1 panes)
absent - 1: beta
send \\x1b
run $M findw -r -N '^(beta|delta)\$'
line   - 1: beta (1 panes)
line   - 0: delta* (1 panes)
absent - 0: alpha
send \\x1b
run $M choose-tree -f '#{==:#{window_name},delta}'
line   - 0: delta* (1 panes)
absent - 0: alpha
send \\x1b
run $M choose-tree -s -F 'sess-#{session_name}'
line a: sess-a
line b: sess-b
send \\x1b
gone a: sess-a
run $M choose-tree -GN -O name -r
row 0 b: 1 windows
row 1   - 0: delta* (1 panes)
row 2 a: 3 windows (attached)
row 3   - 2: gamma (1 panes)
row 5   - 0: alpha* (1 panes)
send r
row 0 a: 3 windows (attached)
send \\x1b
gone a: 3 windows
send \\x02d
exit 0
EOF2
    fail "find-window"
m findw -r '(' 2>err && fail "a bad regular expression"
grep -q "invalid regular expression" err || fail "findw error: $(cat err)"
exit 0
