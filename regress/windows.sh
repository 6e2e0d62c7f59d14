#!/bin/sh
# Windows: new-window (indexes, -a, -k, -d, -n), select/next/previous/last,
# rename, kill-window and kill-pane, list-windows and list-panes, and the
# status line an attached client shows.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

lw() {
	m list-windows -t a -F '#{window_index}:#{window_name}#{?window_active,*,}'
}

m new -d -s a -n first sh || fail "new"
m new-window -t a -n second sh || fail "new-window"
m new-window -d -t a:5 -n five sh || fail "new-window at index 5"
expect_eq "$(lw | tr '\n' ' ')" "0:first 1:second* 5:five " "windows after new-window"

m select-window -t a:0 || fail "select-window"
expect_eq "$(m display -p -t a '#{window_index}')" "0" "selected 0"
m next-window -t a
expect_eq "$(m display -p -t a '#{window_index}')" "1" "next"
m previous-window -t a
m previous-window -t a
expect_eq "$(m display -p -t a '#{window_index}')" "5" "previous wraps"
m last-window -t a
expect_eq "$(m display -p -t a '#{window_index}')" "0" "last"

# -a puts the window after the target, moving the run after it up.
m new-window -a -d -t a:0 -n after sh || fail "new-window -a"
expect_eq "$(lw | tr '\n' ' ')" "0:first* 1:after 2:second 5:five " "new-window -a"

# An index in use is an error unless -k.
if m new-window -t a:5 sh 2>err; then fail "index in use accepted"; fi
expect_eq "$(cat err)" "create window failed: index 5 in use" "index in use"
m new-window -k -d -t a:5 -n replaced sh || fail "new-window -k"
expect_eq "$(lw | tr '\n' ' ')" "0:first* 1:after 2:second 5:replaced " "-k"

m rename-window -t a:2 renamed || fail "rename-window"
m rename-session -t a b || fail "rename-session"
m has -t b || fail "renamed session"
if m rename-session -t b 'x:y' 2>err; then fail "bad name accepted"; fi
expect_eq "$(cat err)" "invalid session: x:y" "rename error"
m rename-session -t b a

m kill-window -t a:1 || fail "kill-window"
expect_eq "$(lw | tr '\n' ' ')" "0:first* 2:renamed 5:replaced " "after kill-window"
m kill-pane -t a:5 || fail "kill-pane of a one-pane window"
expect_eq "$(lw | tr '\n' ' ')" "0:first* 2:renamed " "after kill-pane"

out=$(m list-panes -t a:0 -F '#{pane_index} #{pane_width}x#{pane_height}')
expect_eq "$out" "0 80x24" "list-panes"
out=$(m list-panes -a -F '#{session_name}:#{window_index}.#{pane_index}')
expect_eq "$out" "a:0.0
a:2.0" "list-panes -a"

# automatic-rename names a window after its program; -n and
# rename-window turn it off.
m new-window -d -t a:6 sh -i
m send-keys -t a:6 'exec sleep 100' Enter
poll_until "automatic rename to sleep" sh -c "test \"\$(\"$MUX_BIN\" -L $LABEL display -p -t a:6 '#W')\" = sleep"
expect_eq "$(m show -w -t a:0 -v automatic-rename)" "off" "-n turns automatic-rename off"
m kill-window -t a:6

# A window whose program exits goes; the session stays while it has one.
m new-window -d -t a:7 'exit 0'
poll_until "exited window to go" sh -c "! $MUX_BIN -L $LABEL list-windows -t a -F '#{window_index}' | grep -qx 7"

if m select-window -t a:9 2>err; then fail "select missing window"; fi
expect_eq "$(cat err)" "can't find window: 9" "missing window"

# The status line: session name, windows with flags, the current marked.
m select-window -t a:2
m select-window -t a:0
m select-pane -t a:0 -T my-title
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<'EOF2' || fail "status line"
wait [a] 0:first* 2:renamed-
run "$MUX_BIN" -L "$LABEL" set -t a set-titles on
title a:0:first - "my-title" 
send \x02c
wait [a] 0:first- 1:sh* 2:renamed
send \x022
wait 2:renamed*
send \x02l
wait 1:sh*
send \x02n
wait 2:renamed*
send \x02:
line :
send new-window -n fromprompt\r
wait 3:fromprompt*
send \x02:
send display-message 'hello #{session_name}'\r
wait hello a
send x
gone hello a
send \x02&
wait kill-window fromprompt? (y/n)
send n
wait 3:fromprompt*
send \x02&
send y
gone fromprompt
send \x02,
wait (rename-window) renamed
send \x15two\r
wait 2:two*
send \x02:
send no-such-command\r
wait Unknown command: no-such-command
run "$MUX_BIN" -L "$LABEL" new -d -s other sh
run "$MUX_BIN" -L "$LABEL" switch-client -t other
wait [other] 0:sh*
send \x02L
wait [a] 0:first
run "$MUX_BIN" -L "$LABEL" list-clients -F '#{session_name} #{client_width}x#{client_height}' | grep -qx 'a 80x24'
send \x02w
wait other: 1 windows
wait ├─> 0: first
send q
gone other: 1 windows
send \x02s
wait other: 1 windows
send \e[B\r
wait [other] 0:sh*
EOF2
exit 0
