#!/bin/sh
# The choose modes (choose-tree, choose-buffer, choose-client), tmux
# 3.3a's tree, buffer and client modes in a pane. Driven from an attached
# client: choose-buffer (prefix =) lists the buffers newest first with
# their text in the preview, Enter and p paste the selected one and P the
# tagged ones, d and D delete, -O, -r, -F, -f and -K; choose-client
# (prefix D) lists the clients, d detaches one, Enter detaches the chosen
# one; choose-tree (prefix w) folds, switches, kills after a y (x, X),
# runs a command for the tagged lines (:), marks (m, M) and goes home (H).
# Then side by side with tmux 3.3a, cell by cell with colours: the tree
# with its previews of sessions, windows and panes, moving, folding,
# tagging, sorting, the preview toggled, the kill prompt and the mouse,
# and the buffer list.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

m new -d -s a -x 80 -y 24 sh || fail "new"
m new-window -d -t a:1 -n other sh
m set-buffer -b one "first-one"
m set-buffer -b two "alpha beta"
m set-buffer "third
line"
M="$MUX_BIN -L $LABEL"

# Buffers: newest first, the sample after the time; the selected one's
# text in the box; Enter pastes it into the pane.
"$PTYDRIVE" -s 80x25 -- "$MUX_BIN" -L "$LABEL" attach -t a <<'EOF2' || \
    fail "choose-buffer"
wait $
send \x02=
wait (0) buffer0: 
wait (1) two: 
wait (2) one: 
wait ┌ buffer0 (sort: time) ─
line │ third                                                                        │
line │ line                                                                         │
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" display -p -t a:0 "#{pane_mode}")" = buffer-mode'
send j
wait ┌ two (sort: time) ─
send \r
wait $ alpha beta
run "$UNTIL" 'test -z "$("$MUX_BIN" -L "$LABEL" display -p -t a:0 "#{pane_mode}")"'
send \x03
send \x02=
wait (2) one: 
send G
send d
gone (2) one: 
run "$UNTIL" 'test -z "$("$MUX_BIN" -L "$LABEL" list-buffers -F "#{buffer_name}" | grep -x one)"'
run "$MUX_BIN" -L "$LABEL" set-buffer -b new "fresh"
wait (0) new: 
send g
send t
send t
wait (0) new*: 
wait (1) buffer0*: 
send D
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" list-buffers -F "#{buffer_name}")" = two'
wait (0) two: 
send q
gone (0) two: 
run "$MUX_BIN" -L "$LABEL" set-buffer -b aaa x
run "$MUX_BIN" -L "$LABEL" set-buffer -b zzz yy
run "$MUX_BIN" -L "$LABEL" set-buffer -b mmm zzz
send \x02:choose-buffer -O name -r -F "#{buffer_size}" -f "#{!=:#{buffer_name},zzz}"\r
row 0 (0) two: 10
row 1 (1) mmm: 3
row 2 (2) aaa: 1
wait ┌ two (sort: name, reversed) (filter: active) ─
send O
row 0 (0) aaa: 1
row 1 (1) mmm: 3
row 2 (2) two: 10
wait ┌ two (sort: size, reversed) (filter: active) ─
send r
row 0 (0) two: 10
row 2 (2) aaa: 1
send v
gone ┌ two (sort
send q
gone (0) two: 10
send \x02:choose-buffer -K "#{?#{==:#{line},0},x,}" -O size "set-buffer -b chosen %%"\r
wait (x) two: 
wait     mmm: 
send x
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" show-buffer -b chosen)" = two'
send \x02:choose-buffer -f "#{m:[mz]*,#{buffer_name}}"\r
wait (1) zzz: 
send t
send t
send P
wait $ zzzyy
send \x02d
exit 0
EOF2

# -Z zooms the target pane, making it active, until the mode ends.
m split-window -d -t a:0 sh
m choose-tree -Z -t a:0.1
expect_eq "$(m display -p -t a:0.1 '#{pane_active} #{window_zoomed_flag} #{pane_mode}')" \
    "1 1 tree-mode" "choose-tree -Z"
m copy-mode -t a:0.1
m send -t a:0.1 -X cancel
expect_eq "$(m display -p -t a:0.1 '#{window_zoomed_flag}')" "0" "the zoom ends with the mode"
m kill-pane -t a:0.1

# No buffers: choose-buffer starts nothing; an unknown sort order is the
# first, as in tmux; no client is needed.
for b in $(m list-buffers -F '#{buffer_name}'); do m delete-buffer -b "$b"; done
m choose-buffer -t a -O name || fail "no buffers is no error"
expect_eq "$(m display -p -t a '#{pane_mode}')" "" "no buffer mode"
m choose-tree -t a -O bogus || fail "bad sort order"
expect_eq "$(m display -p -t a '#{pane_mode}')" "tree-mode" "tree mode"
# (send-keys gives a mode keys only for an attached client, as tmux.)
m copy-mode -t a
m send -t a -X cancel
expect_eq "$(m display -p -t a '#{pane_mode}')" "" "copy mode ends it"

# Clients: a second client on session b (waiting as long as the first
# client's steps may take); prefix D lists both; Enter on the other one
# (the larger: second by size) detaches it, d on this one detaches this.
m new -d -s b -x 80 -y 24 sh || fail "new b"
"$PTYDRIVE" -t 60 -s 100x30 -- "$MUX_BIN" -L "$LABEL" attach -t b \
    <<'EOF2' >"$TEST_DIR/b.out" 2>&1 &
wait $
exit 0
output [detached (from session b)]
EOF2
bpid=$!
"$PTYDRIVE" -s 80x25 -- "$MUX_BIN" -L "$LABEL" attach -t a <<'EOF2' || \
    fail "choose-client"
wait $
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" list-clients | wc -l)" -eq 2'
send \x02D
wait : session a
wait : session b
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" display -p -t a:0 "#{pane_mode}")" = client-mode'
send q
gone : session b
send \x02:choose-client -O size -F "#{client_width}x#{client_height}"\r
wait : 80x25
wait : 100x30
send j
send \r
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" list-clients -F "#{session_name}")" = a'
gone 100x30
send \x02D
wait : session a
send d
exit 0
output [detached (from session a)]
EOF2
wait $bpid || { cat "$TEST_DIR/b.out" >&2; fail "the other client"; }
# The last client went: client mode ended with it.
expect_eq "$(m display -p -t a:0 '#{pane_mode}')" "" "client mode after the last client"

# The tree: Enter switches; x and a y kill a window; t, t and X kill the
# tagged; : runs a command for each tagged line; H goes back to the start;
# m marks the pane; -K.
m kill-session -t b
m new-window -d -t a:2 -n third sh
m new-window -d -t a:3 -n fourth sh
"$PTYDRIVE" -s 80x25 -- "$MUX_BIN" -L "$LABEL" attach -t a <<'EOF2' || \
    fail "choose-tree"
wait $
send \x02w
line (0) - a: 4 windows (attached)
line (1) ├─> 0: [tmux]*
line (4) └─> 3: fourth
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" display -p -t a:0 "#{pane_mode}")" = tree-mode'
send j
send \r
wait 1:other*
send \x02w
send j
wait ┌ 2 (sort: index) ─
send x
wait Kill window 2?
send y
gone 2: third
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" list-windows -F "#{window_index}" | tr "\n" " ")" = "0 1 3 "'
send t
wait 3*: fourth
send X
wait Kill 1 tagged?
send n
wait 3*: fourth
send kk
send t
line (3) └─> 3*: fourth
line (2) ├─> 1*: other*
send :
wait (2 tagged)
send rename-window -t '%%' x%1\r
wait 1*: x=a:1.
wait 3*: x=a:3.
send H
wait ┌ 1 (sort: index) ─
send m
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" display -p -t a:1 "#{pane_marked}")" = 1'
send M
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" display -p -t a:1 "#{pane_marked}")" = 0'
send q
gone (0) - a:
send \x02:choose-tree -s -K "#{?#{==:#{line},0},s,}" "set -g @chosen '%%'"\r
line (s) + a: 3 windows (attached)
send s
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" show -gv @chosen)" = "=a:"'
send \x02d
exit 0
EOF2

m kill-server

# --- Side by side with tmux 3.3a ------------------------------------------
. "$REGRESS_DIR/side-by-side.sh"
side_by_side 80x24
both set -s escape-time 0
both new-window -d -t a:1 -n other sh
both new -d -s b sh
both split-window -t a:0 sh
both select-pane -t a:0.0
compare "the start"
keys C-b w
compare "choose-tree"
keys Up
compare "a session's preview"
keys Right
compare "a window unfolded"
keys Down
compare "a pane's preview"
keys t
compare "tagged"
keys v
compare "no preview"
keys v O
compare "sorted by name"
keys r
compare "reversed"
keys C-t
compare "all tagged"
keys M--
compare "all folded"
keys x
compare "the kill prompt"
keys n
compare "not killed"
keys q
compare "left the tree"
# The mouse: a click selects a line, a click in a session's preview
# chooses the line.
both set -g mouse on
# The clicks below come faster than the double-click time (or not, on a
# loaded machine), and a second or third click is a double or triple
# click: plain clicks here, on both sides.
both bind -n DoubleClick1Pane select-pane -t=
both bind -n TripleClick1Pane select-pane -t=
keys C-b w
compare "choose-tree again"
o send -t o:0 -l "$(printf '\033[<0;10;1M\033[<0;10;1m')"
o send -t o:1 -l "$(printf '\033[<0;10;1M\033[<0;10;1m')"
compare "a click on the first line"
o send -t o:0 -l "$(printf '\033[<0;60;18M\033[<0;60;18m')"
o send -t o:1 -l "$(printf '\033[<0;60;18M\033[<0;60;18m')"
compare "a click in the preview"
both set -g mouse off
# Whether the tree is still open (and the window zoomed) after the click
# in the preview differs from run to run, in tmux as in mux, by when the
# clicks land: both are put back out of the tree and unzoomed.
both if -F -t a:0 '#{pane_in_mode}' 'send-keys -t a:0 q'
both if -F -t a:0 '#{window_zoomed_flag}' 'resize-pane -Z -t a:0'
keys C-b :
keys "choose-tree -s" Enter
compare "choose-tree -s"
keys Down Enter
compare "switched"
both set-buffer -b one "first-one"
both set-buffer "two
lines	tab \\ end"
keys C-b :
keys "choose-buffer -F '#{buffer_size}: #{buffer_sample}'" Enter
compare "choose-buffer"
keys Down
compare "the other buffer"
keys q
compare "left the list"
exit 0
