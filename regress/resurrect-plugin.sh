#!/bin/sh
# What tmux-resurrect's save.sh and restore.sh ask of the server, answered
# as tmux 3.3a answers (the plugin is not in the tree: see
# regress/peers-resurrect.sh for the round trip itself). mux runs as
# tmux, through a link, as the plugin finds it. The expected values are
# what tmux 3.3a prints for the same steps: MUX_BIN=/usr/bin/tmux runs
# this script against tmux itself.
#
# 1. select-layout with a #{window_layout} string (restore's last step for
#    each window): the panes take its cells, the window its size, then the
#    size of its clients; fewer panes than cells loses the bottom-right
#    ones, more is an error, a bad checksum is an invalid layout, a zoomed
#    window is unzoomed.
# 2. A command with nothing to go on (run by a script outside any pane
#    and not attached, as the plugin's are) works in the session most
#    recently attached to, switched to or created, however little time
#    apart: restore does switch-client -t S:W then select-pane -t N.
# 3. display -p from such a command: #{client_session} and
#    #{client_last_session} are those of the client attached to the
#    target session (save's "state" line), and switch-client -t '' (restore
#    with no last session) goes to the most recently used session no
#    client is attached to.
# 4. The save file's lines: list-panes -a and list-windows -a -F with tabs
#    and the plugin's ':' prefixes, one line per pane or window.
# 5. run-shell from a key drops the script's standard error.
# 6. capture-pane -epJ (saved pane contents) goes only as far as each line
#    was written.
. "$(dirname "$0")/lib.sh"

mkdir bin tsock
ln -s "$MUX_BIN" bin/tmux
T="$TEST_DIR/bin/tmux"
export TMUX_TMPDIR="$TEST_DIR/tsock"
unset TMUX TMUX_PANE
trap '"$T" -L "$LABEL" kill-server >/dev/null 2>&1; cleanup' EXIT
t() {
	"$T" -L "$LABEL" -f /dev/null "$@"
}
# kill-server returns before the server has gone (tmux's too): a new
# server is started only once the old one no longer answers.
server_gone() { ! t ls >/dev/null 2>&1; }
restart() {
	t kill-server
	poll_until "the server to exit" server_gone
}

# 1. select-layout with a layout string, no client: the window takes the
# layout's size and the panes its cells.
t new -d -s lay -x 80 -y 24 sh || fail "new lay"
t splitw -t lay sh && t splitw -t lay sh || fail "splits"
big='2ef8,120x35,0,0{60x35,0,0,0,59x35,61,0[59x17,61,0,1,59x17,61,18,2]}'
t selectl -t lay "$big" 2>err || fail "select-layout of a layout string: $(cat err)"
expect_eq "$(t display -p -t lay '#{window_layout}')" "$big" "layout string applied"
expect_eq "$(t lsp -t lay -F '#{pane_index}:#{pane_left},#{pane_top},#{pane_width}x#{pane_height}' | tr '\n' ' ')" \
    "0:0,0,60x35 1:61,0,59x17 2:61,18,59x17 " "panes in the layout's cells"
# Its panes are taken in order, whatever ids the text names.
other='7725,80x24,0,0[80x12,0,0,7,80x5,0,13,8,80x5,0,19,9]'
t selectl -t lay "$other" || fail "a layout naming other pane ids"
expect_eq "$(t display -p -t lay '#{window_layout}')" \
    'f369,80x24,0,0[80x12,0,0,0,80x5,0,13,1,80x5,0,19,2]' "other ids"
# Errors, as tmux words them; nothing changes.
t selectl -t lay '2ef9,120x35,0,0{60x35,0,0,0,59x35,61,0[59x17,61,0,1,59x17,61,18,2]}' 2>err &&
    fail "a bad checksum was applied"
expect_eq "$(cat err)" \
    'invalid layout: 2ef9,120x35,0,0{60x35,0,0,0,59x35,61,0[59x17,61,0,1,59x17,61,18,2]}' \
    "bad checksum"
t selectl -t lay '0b28,80x24,0,0{40x24,0,0,0,39x24,41,0' 2>err && fail "a cut layout was applied"
expect_eq "$(cat err)" 'invalid layout: 0b28,80x24,0,0{40x24,0,0,0,39x24,41,0' "cut layout"
t splitw -t lay sh || fail "fourth pane"
t selectl -t lay "$big" 2>err && fail "4 panes took a 3-cell layout"
expect_eq "$(cat err)" "have 4 panes but need 3: $big" "too many panes"
# Fewer panes than cells: the bottom-right cells close, each giving its
# space to a neighbour.
t killp -t lay.3 && t killp -t lay.2 || fail "kill panes"
t selectl -t lay "$big" || fail "2 panes into a 3-cell layout"
expect_eq "$(t lsp -t lay -F '#{pane_index}:#{pane_left},#{pane_top},#{pane_width}x#{pane_height}' | tr '\n' ' ')" \
    "0:0,0,60x35 1:61,0,59x35 " "the bottom-right cell closed"
# A zoomed window is unzoomed first.
t resizep -Z -t lay.1 || fail "zoom"
t selectl -t lay '3cb0,120x35,0,0[120x17,0,0,0,120x17,0,18,1]' || fail "layout of a zoomed window"
expect_eq "$(t display -p -t lay '#{window_zoomed_flag} #{window_layout}')" \
    '0 3cb0,120x35,0,0[120x17,0,0,0,120x17,0,18,1]' "unzoomed and laid out"

# 2 and 3: three sessions made within the same second, a client attached
# to the second. The checks run from outside any pane (no $TMUX), as
# plugin scripts run from run-shell do, while the client is attached.
restart
t new -d -s a -x 100 -y 30 sh || fail "new a"
t neww -d -t a:1 sh && t splitw -d -t a:1 sh || fail "a:1"
t new -d -s b -x 100 -y 30 sh || fail "new b"
t new -d -s c -x 100 -y 30 sh || fail "new c"
expect_eq "$(t display -p '#S')" c "the newest session, with nothing to go on"
F='#{client_session}|#{session_name}|#{client_last_session}'
"$PTYDRIVE" -s 100x31 -- "$T" -L "$LABEL" -f /dev/null attach -t b <<EOF || fail "attached checks"
wait [b]
run "$T" -L "$LABEL" display -p '$F' > attached.out
run "$T" -L "$LABEL" display -p -t c '$F' > other.out
run "$T" -L "$LABEL" switch-client -t a:1
run "$T" -L "$LABEL" select-pane -t 1
run "$T" -L "$LABEL" display -p '$F #{window_index}.#{pane_index}' > switched.out
run "$T" -L "$LABEL" display -p 'state	#{client_session}	#{client_last_session}' > state.out
run "$T" -L "$LABEL" switch-client -t ''
run "$T" -L "$LABEL" list-clients -F '#{client_session} #{client_last_session}' > empty.out
send \\x02d
exit 0
EOF
expect_eq "$(cat attached.out)" "b|b|" "the attached client's session is the current one"
expect_eq "$(cat other.out)" "b|c|" "a session with no client: the best client of all"
expect_eq "$(cat switched.out)" "a|a|b 1.1" "switch-client, then select-pane by index, from outside"
expect_eq "$(cat state.out)" "state	a	b" "tmux-resurrect's state line"
# a is attached; b is the most recently used of the others.
expect_eq "$(cat empty.out)" "b a" "switch-client -t '' goes to an unattached session"

# 4. The save file's pane and window lines.
P='pane	#{session_name}	#{window_index}	:#{window_name}	#{window_active}	:#{window_flags}	#{pane_index}	:#{pane_current_path}	#{pane_active}'
restart
mkdir -p "$TEST_DIR/d1" "$TEST_DIR/d2"
t new -d -s s1 -n one -x 80 -y 24 -c "$TEST_DIR/d1" sh || fail "new s1"
t splitw -h -t s1:one -c "$TEST_DIR/d2" sh || fail "split s1"
t neww -d -t s1:4 -n four -c "$TEST_DIR/d2" sh || fail "neww s1:4"
t selectp -t s1:one.0
panes_right() {
	[ "$(t lsp -a -F "$P")" = "pane	s1	0	:one	1	:*	0	:$TEST_DIR/d1	1
pane	s1	0	:one	1	:*	1	:$TEST_DIR/d2	0
pane	s1	4	:four	0	:	0	:$TEST_DIR/d2	1" ]
}
poll_until "tmux-resurrect's pane lines" panes_right
expect_eq "$(t lsw -a -F 'window	#{session_name}	#{window_index}	#{window_active}	:#{window_flags}	#{window_layout}')" \
    "window	s1	0	1	:*	8205,80x24,0,0{40x24,0,0,0,39x24,41,0,1}
window	s1	4	0	:	b25f,80x24,0,0,2" "tmux-resurrect's window lines"

# 5. A key's run-shell shows the script's standard output in the pane
# (view mode) and drops its standard error, as tmux 3.3a: the plugin's
# spinner stops with a usage error that tmux users never see.
t bind-key -n F12 run-shell 'echo to-stdout; echo to-stderr >&2'
"$PTYDRIVE" -s 80x25 -- "$T" -L "$LABEL" -f /dev/null attach -t s1 <<EOF || fail "run-shell from a key"
wait [s1]
send \\e[24~
wait to-stdout
absent to-stderr
send q
gone to-stdout
run "$T" -L "$LABEL" detach-client
exit 0
EOF

# 6. Pane contents as the plugin saves them (@resurrect-capture-pane-
# contents: capture-pane -epJ -S -N): each line as far as it was written,
# spaces written kept, no padding to the pane's width (the saved file is
# cat into the new pane: padding made every line a full row).
t new -d -s cap -x 20 -y 6 \
    "printf 'ab  \\ncd\\033[1mbold\\033[0m\\n\\nwrapped-line-here-123456\\n'; exec cat" ||
    fail "new cap"
cap_right() { t capture-pane -pJ -t cap | grep -q 123456; }
poll_until "cap's output" cap_right
t capture-pane -epJ -S -0 -t cap >got.J
# (The style's reset waits for the next written cell, as in tmux.)
printf 'ab  \ncd\033[1mbold\n\n\033[0m\033[39m\033[49mwrapped-line-here-123456\n\n' >want.J
cmp -s got.J want.J || fail "capture-pane -epJ as tmux-resurrect saves it: $(od -c got.J)"
t capture-pane -pN -t cap >got.N
printf 'ab  \ncdbold\n\nwrapped-line-here-12\n3456\n\n' >want.N
cmp -s got.N want.N || fail "capture-pane -pN: $(od -c got.N)"
exit 0
