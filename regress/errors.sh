#!/bin/sh
# Errors say what was wrong, as tmux's do: resize-pane's adjustment and
# sizes, a pane given where a window index goes, empty names (key table,
# buffer) and an empty command, a table that does not exist, and running
# out of ptys (when the test may make a private /dev/pts with few).
. "$(dirname "$0")/lib.sh"

# err WHAT EXPECTED COMMAND...: the command fails with exactly EXPECTED.
err() {
	what=$1 want=$2
	shift 2
	if m "$@" >out 2>&1; then
		fail "$what: succeeded ($(cat out))"
	fi
	expect_eq "$(cat out)" "$want" "$what"
}

m new -d -s s -x 80 -y 24 cat || fail "new"
m split-window -d -t s cat || fail "split"

err "adjustment too large" "adjustment too large" resize-pane -U 2147483648
err "adjustment 0" "adjustment too small" resize-pane -U 0
err "adjustment abc" "adjustment invalid" resize-pane -D abc
err "adjustment empty" "adjustment invalid" resize-pane -D ''
m resize-pane -t s -U 2147483647 || fail "adjustment INT_MAX (tmux takes it)"
err "width too large" "width too large" resize-pane -x 10000000000
err "width 101%" "width too large" resize-pane -x 101%
err "width -1" "width too small" resize-pane -x -1
err "height x" "height invalid" resize-pane -y 5x

err "break-pane -t %9999" "can't specify pane here" break-pane -t %9999
err "break-pane -t :0.1" "can't specify pane here" break-pane -t :0.1
err "break-pane -t @999" "can't find window: @999" break-pane -t @999
err "break-pane -s %9999" "can't find pane: %9999" break-pane -s %9999
err "new-window -t %0" "can't specify pane here" new-window -t %0
err "break-pane -t @0" "index in use: 0" break-pane -d -t @0

# =NAME is that exact window name (no prefix match), as tmux.
m rename-window -t s:0 foo || fail "rename"
err "=name not there" "can't find window: fo" select-window -t s:=fo
m select-window -t s:=foo || fail "select-window -t :=foo"

err "bind-key -T ''" "empty key table name" bind-key -T '' x list-keys
err "unbind-key -T nosuch" "table nosuch doesn't exist" unbind-key -T nosuch x
m unbind-key -q -T nosuch x || fail "unbind-key -q"
err "unbind-key -a -T nosuch" "table nosuch doesn't exist" unbind-key -a -T nosuch

err "set-buffer -b ''" "empty buffer name" set-buffer -b '' foo
m set-buffer -b a foo || fail "set-buffer"
err "set-buffer -n ''" "new name is empty" set-buffer -b a -n ''
m set-buffer '' || fail "set-buffer of nothing"
expect_eq "$(m list-buffers -F '#{buffer_name}')" "a" \
    "set-buffer '' makes no buffer (as tmux)"

err "run-shell ''" "empty command" run-shell ''
err "run-shell -b ''" "empty command" run-shell -b ''
m run-shell -d 0 '' || fail "run-shell -d 0 '' only waits"

# Out of ptys: a private devpts with room for 2 (root, a mount namespace).
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null 2>&1 &&
    unshare -m sh -c 'mount -t devpts -o newinstance,ptmxmode=0666,max=2 devpts /dev/pts' 2>/dev/null; then
	unshare -m sh -c '
	    mount -t devpts -o newinstance,ptmxmode=0666,max=2 devpts /dev/pts &&
	    mount --bind /dev/pts/ptmx /dev/ptmx || exit 3
	    m() { "$MUX_BIN" -L pty$LABEL -f /dev/null "$@"; }
	    m new -d cat && m new-window -d cat || exit 4
	    m new-window -d cat 2>err; rc=$?
	    m kill-server
	    [ $rc != 0 ] && cat err' >out 2>&1 || fail "pty test: $(cat out)"
	expect_eq "$(cat out)" "can't allocate a pty: No space left on device" \
	    "out of ptys"
else
	echo "errors: skipping the pty part (needs root and mount namespaces)"
fi
exit 0
