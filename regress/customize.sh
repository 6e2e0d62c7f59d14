#!/bin/sh
# customize-mode, driven from an attached client: the tree of option
# sections and key tables as tmux 3.3a draws it (the first screen compared
# with tmux's own when tmux is installed), the selected line in
# mode-style, folding, the preview box, setting an option through the
# prompt (for the session with Enter, globally with S: show -g sees it),
# a flag toggled with s, a choice moved on, u (after y) unsetting, d back
# to the default, a key's command edited, reset and unbound, its repeat
# toggled, -f, -F, -N, search, the mouse, q, #{pane_mode} and the usage
# line.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

# The screen rows 0 to 22 (the pane) of a ptydrive dump in file $1.
pane_rows() {
	sed -n '/^--- screen/,/^---$/p' "$1" | grep -E '^ ?[0-9]+\|' |
	    awk -F'|' '$1 + 0 < 23'
}

m new -d -s a -x 80 -y 23 sh || fail "new"

# The first screen: every section folded, the first selected, an empty
# preview box titled with it.
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<'EOF2' \
    >mux.out || fail "first screen"
wait $
send \x02C
row 0 (0) + Server Options
row 6 (6) + Key Table - root
row 11 ┌ Server Options ──────────────────────────────────────────────────────────────┐
row 22 └──────────────────────────────────────────────────────────────────────────────┘
cell 0 0 bg=3 fg=0
cell 25 0 bg=3
cell 0 1 bg=default
visible 0
screen
send q
wait $
EOF2
expect_eq "$(m display -p -t a '#{pane_in_mode}')" 0 "q leaves"
if command -v tmux >/dev/null 2>&1; then
	trap 'tmux -L "$LABEL" kill-server >/dev/null 2>&1; cleanup' EXIT
	tmux -L "$LABEL" -f /dev/null new -d -s a -x 80 -y 23 sh ||
	    fail "tmux new"
	"$PTYDRIVE" -s 80x24 -- tmux -L "$LABEL" attach -t a <<'EOF2' \
	    >tmux.out || fail "tmux first screen"
wait $
run tmux -L "$LABEL" customize-mode -t a
row 0 (0) + Server Options
screen
EOF2
	tmux -L "$LABEL" kill-server
	expect_eq "$(pane_rows mux.out)" "$(pane_rows tmux.out)" \
	    "first screen as tmux 3.3a's"
fi

# Session Options: unfold, select base-index, Enter asks for the
# session's value, S for the global one.
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<'EOF2' ||
wait $
run "$MUX_BIN" -L "$LABEL" customize-mode -Z -t a
row 0 (0) + Server Options
send \e[B
send \e[C
row 1 (1)   - Session Options
row 2 (2)   ├─>   activity-action: other
send \e[B\e[B\e[B
row 4 (4)   ├─>   base-index: 0
row 11 ┌ base-index ──────────────────────────────────────────────────────────────────┐
row 14 │ This is a session option.                                                    │
row 16 │ Option value: 0                                                              │
send \r
row 23 (base-index, for session a) 0
send \x153\r
row 4 (4)   ├─>   base-index: (session a) 3
cell 28 4 bg=3 reverse
cell 40 4 bg=3 !reverse
row 17 │ The default is: 0                                                            │
row 19 │ Global value: 0                                                              │
run test "$("$MUX_BIN" -L "$LABEL" show -v -t a base-index)" = 3
send S
row 23 (base-index, global) 3
send \x155\r
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" show -gv base-index)" = 5'
run test "$("$MUX_BIN" -L "$LABEL" show -v -t a base-index)" = 3
row 19 │ Global value: 5                                                              │
send u
row 23 Unset option base-index?
send y
run "$UNTIL" 'test -z "$("$MUX_BIN" -L "$LABEL" show -v -t a base-index)"'
row 4 (4)   ├─>   base-index: 5
send d
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" show -gv base-index)" = 0'
row 4 (4)   ├─>   base-index: 0
send \e[B
row 5 (5)   ├─>   bell-action: any
row 17 │ Available values are: none, any, current, other                              │
send S
row 5 (5)   ├─>   bell-action: current
run test "$("$MUX_BIN" -L "$LABEL" show -gv bell-action)" = current
send \e[D
row 1 (1) + Session Options
send 0
send \e[C
row 8 (8)   ├─>   exit-empty: on
send 8
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" show -sv exit-empty)" = off'
row 8 (8)   ├─>   exit-empty: off
send s
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" show -sv exit-empty)" = on'
send q
wait $
EOF2
    fail "options"

# Key tables: a key unfolds into its command, note and repeat; Enter on
# the command edits it, d puts it back, Enter on Repeat toggles it, u
# unbinds it.
m bind-key -N "Turn the panes" -T prefix C-o rotate-window
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<'EOF2' ||
wait $
run "$MUX_BIN" -L "$LABEL" customize-mode -t a
row 5 (5) + Key Table - prefix
send 5
send \e[C
row 6 (6)   ├─> + C-b
row 7 (7)   ├─> + C-o
send \e[B\e[B\e[C
row 8 (8)   │   ├─> Command: rotate-window
row 9 (9)   │   ├─> Note: Turn the panes
row 10 (M-a) │   └─> Repeat: off
row 11 ┌ C-o ─────────────────────────────────────────────────────────────────────────┐
row 12 │ Turn the panes.                                                              │
row 14 │ This key is in the prefix table.                                             │
row 15 │ This key does not repeat.                                                    │
row 17 │ Command: rotate-window                                                       │
send \e[B\r
row 23 (C-o) rotate-window
send \x15display-message hi\r
row 8 (8)   │   ├─> Command: display-message hi
run "$MUX_BIN" -L "$LABEL" list-keys -T prefix C-o | grep -q "display-message hi"
send d
row 8 (8)   │   ├─> Command: rotate-window
send \e[B\e[B\r
row 10 (M-a) │   └─> Repeat: on
run "$MUX_BIN" -L "$LABEL" list-keys -T prefix C-o | grep -q -- "-r -T prefix C-o"
send u
row 23 Unbind key C-o?
send y
run "$UNTIL" 'test -z "$("$MUX_BIN" -L "$LABEL" list-keys -T prefix C-o 2>/dev/null)"'
row 7 (7)   ├─> + C-z
send q
wait $
EOF2
    fail "keys"

# -f shows only what the filter lets through, -F makes each line's text,
# -N starts without the preview (v: big, normal, off, as tmux steps);
# search (C-s) finds a name.
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<'EOF2' ||
wait $
run "$MUX_BIN" -L "$LABEL" customize-mode -N -f "#{m:*-style,#{option_name}}" -F "[#{option_value}]" -t a
row 3 (3)   Key Table - copy-mode
send \e[B\e[C
row 2 (2)   ├─> message-command-style: [bg=black,fg=yellow]
row 3 (3)   ├─> message-style: [bg=yellow,fg=black]
absent ┌
send v
wait ┌ Session Options
send v
send v
gone ┌ Session Options
send q
wait $
run "$MUX_BIN" -L "$LABEL" customize-mode -t a
row 0 (0) + Server Options
send \x13
row 23 (search)
send history-limit\r
row 11 ┌ prompt-history-limit ────────────────────────────────────────────────────────┐
send n
row 11 ┌ history-limit ───────────────────────────────────────────────────────────────┐
send q
wait $
EOF2
    fail "filter, format, search"

# The mouse: a click selects a line, the wheel moves, a double click acts
# as Enter.
m set -g mouse on
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<'EOF2' ||
wait $
run "$MUX_BIN" -L "$LABEL" customize-mode -t a
row 0 (0) + Server Options
send \e[<0;5;4M\e[<0;5;4m
cell 0 3 bg=3
send \e[<65;5;4M
cell 0 4 bg=3
send \e[<0;5;2M\e[<0;5;2m
cell 0 1 bg=3
send \e[C
row 4 (4)   ├─>   base-index: 0
send \e[<0;5;5M\e[<0;5;5m\e[<0;5;5M\e[<0;5;5m
row 23 (base-index, for session a) 0
send \x03
gone (base-index, for session a)
send q
wait $
EOF2
    fail "mouse"
m set -g mouse off

# The command: a pane target, tmux's usage line, #{pane_mode}.
m customize-mode -t a
expect_eq "$(m display -p -t a '#{pane_in_mode} #{pane_mode}')" \
    "1 options-mode" "pane_mode"
m customize-mode -t nosuch 2>err && fail "bad target accepted"
m customize-mode -x 2>err && fail "bad flag accepted"
expect_eq "$(cat err)" "command customize-mode: unknown flag -x" \
    "a bad flag, in tmux 3.3a's words"
exit 0
