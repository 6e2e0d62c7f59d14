#!/bin/sh
# split-window -I: the new pane is empty and shows the command client's
# standard input: a pipe's bytes, or a terminal's lines as they are typed
# until C-d (tmux 3.3a reads a terminal too, and so does load-buffer -).
# The same against tmux 3.3a when it is installed.
. "$(dirname "$0")/lib.sh"

n=0
L=$LABEL
trap '"$MUX_BIN" -L "$L" kill-server >/dev/null 2>&1
    [ -n "${TMUX_BIN:-}" ] && "$TMUX_BIN" -L "$L" kill-server >/dev/null 2>&1
    cleanup' EXIT

# input BIN: each way of giving input, what the new pane shows and what
# became of it; a socket of its own (tmux's kill-server returns before
# its server has gone).
input() {
	bin=$1
	n=$((n + 1))
	L="$LABEL-$n"
	"$bin" -L "$L" -f /dev/null new -d -s a -x 80 -y 24 || fail "$bin: new"
	printf 'piped\nlines\n' | "$bin" -L "$L" split-window -I ||
	    fail "$bin: split-window -I from a pipe"
	"$bin" -L "$L" capture-pane -p -t a:0.1 | sed -n 1,2p
	"$bin" -L "$L" display -p -t a:0.1 '#{pane_dead} #{pane_pid}'
	"$PTYDRIVE" -s 80x24 -- sh -c "'$bin' -L '$L' split-window -I -t a:0.0; echo rc=\$?" <<EOF2 || fail "$bin: split-window -I from a terminal"
send typed\r
run "\$UNTIL" '"$bin" -L "$L" capture-pane -p -t a:0.1 | grep -qx typed'
send more\r
send \x04
line rc=0
EOF2
	"$bin" -L "$L" capture-pane -p -t a:0.1 | sed -n 1,2p
	"$PTYDRIVE" -s 80x24 -- sh -c "'$bin' -L '$L' load-buffer -; echo rc=\$?" <<EOF2 || fail "$bin: load-buffer - from a terminal"
send buffered\r
send \x04
line rc=0
EOF2
	"$bin" -L "$L" show-buffer
	# With a command, -I reads nothing and the command runs.
	id=$(echo unread | "$bin" -L "$L" split-window -d -I -P \
	    -F '#{pane_id}' 'sleep 30') || fail "$bin: -I with a command"
	"$bin" -L "$L" display -p -t "$id" '#{pane_dead} #{?pane_pid,running,}'
	"$bin" -L "$L" kill-server
}

input "$MUX_BIN" >mux.out
expect_eq "$(cat mux.out)" "piped
lines
1 0
typed
more
buffered
0 running" "what -I shows"

if TMUX_BIN=$(command -v tmux); then
	export TMUX_TMPDIR="$TEST_DIR"
	unset TMUX
	input "$TMUX_BIN" >tmux.out
	diff tmux.out mux.out >&2 || fail "not as tmux 3.3a"
fi
exit 0
