#!/bin/sh
# cmds-spawn: -c start directories (formats of the target, as tmux expands
# them) and -e environments of new-session, new-window, split-window,
# respawn-pane and respawn-window; new-session from the config is
# detached; new-window -S; split-window -Z.
. "$(dirname "$0")/lib.sh"

mkdir -p "$TEST_DIR/d1" "$TEST_DIR/d2" "$TEST_DIR/d3"
# Each program writes what it sees into a file, then waits.
w() {
	echo "sh -c 'echo \"\$A \$B \$PWD\" > $TEST_DIR/$1; exec sleep 100'"
}
has() { [ -s "$TEST_DIR/$1" ]; }

m new -d -s s -c "$TEST_DIR/d1" -e A=na -e B=nb "$(w f1)" || fail "new -e"
poll_until "new-session's program" has f1
expect_eq "$(cat f1)" "na nb $TEST_DIR/d1" "new-session -c -e"
expect_eq "$(m showenv -t s A)" "A=na" "new-session -e is the session's"

# split-window -c "#{pane_current_path}" opens where the pane is.
m splitw -t s -c '#{pane_current_path}' -e A=sa "$(w f2)" || fail "splitw"
poll_until "split-window's program" has f2
expect_eq "$(cat f2)" "sa nb $TEST_DIR/d1" "split-window -c format -e"

m neww -t s: -c "$TEST_DIR/d2" -e B=wb -e B=wb2 "$(w f3)" || fail "neww"
poll_until "new-window's program" has f3
expect_eq "$(cat f3)" "na wb2 $TEST_DIR/d2" "new-window -c -e (last wins)"

# Without -c, a command from a shell starts in that shell's directory.
(cd "$TEST_DIR/d3" && m neww -t s: "$(w f4)") || fail "neww no -c"
poll_until "new-window's program" has f4
expect_eq "$(cat f4)" "na nb $TEST_DIR/d3" "no -c: the client's directory"

m respawnp -k -t s:1 -c '#{session_name}' -e A=ra "$(w f5)" ||
    fail "respawnp"
poll_until "respawn-pane's program" has f5
# "s" is no directory: the pane starts in HOME (as in tmux).
expect_eq "$(cat f5)" "ra nb $TEST_DIR" "respawn-pane -c -e"

m respawnw -k -t s:1 -c "$TEST_DIR/d1" -e B=rw "$(w f6)" ||
    fail "respawnw"
poll_until "respawn-window's program" has f6
expect_eq "$(cat f6)" "na rw $TEST_DIR/d1" "respawn-window -c -e"

m splitw -t s -e NOEQUALS 2>err && fail "-e without = accepted"
grep -q "invalid environment: NOEQUALS" err || fail "-e error: $(cat err)"

# new-window -S with -n selects the window of that name.
m neww -d -t s: -n named 'sleep 100'
n=$(m lsw -t s | wc -l)
m neww -S -n named -t s: 'sleep 100' || fail "neww -S"
expect_eq "$(m lsw -t s | wc -l)" "$n" "neww -S made no window"
expect_eq "$(m display -p -t s '#{window_name}')" "named" "neww -S selects"

# split-window -Z zooms the new pane.
m splitw -Z -t s 'sleep 100'
expect_eq "$(m display -p -t s '#{window_zoomed_flag}')" "1" "splitw -Z"

# set-environment -h: hidden from processes and from show-environment
# without -h; -F expands the value.
m setenv -t s -h HID hidden-value || fail "setenv -h"
m setenv -t s -F FMT '#{session_name}-x' || fail "setenv -F"
expect_eq "$(m showenv -t s HID)" "" "a hidden variable without -h"
expect_eq "$(m showenv -t s -h HID)" "HID=hidden-value" "showenv -h"
expect_eq "$(m showenv -t s -h)" "HID=hidden-value" "showenv -h: only hidden"
m showenv -t s | grep -q '^HID=' && fail "showenv listed a hidden variable"
expect_eq "$(m showenv -t s FMT)" "FMT=s-x" "setenv -F"
m neww -t s "sh -c 'echo \"[\$HID] \$FMT\" > $TEST_DIR/f7; exec sleep 100'"
poll_until "the new window's program" has f7
expect_eq "$(cat f7)" "[] s-x" "hidden variables stay out of processes"

# new-session in a config run by start-server is detached.
m kill-server
echo "new -s fromconf 'sleep 100'" > conf
"$MUX_BIN" -L "$LABEL" -f conf start-server || fail "start with new"
m has-session -t fromconf || fail "the config's session is missing"
exit 0
