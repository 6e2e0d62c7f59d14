#!/bin/sh
# Live upgrade (issue 16): server-upgrade replaces the server by a new
# binary in the same process. A server with 3 sessions, split and zoomed
# windows, a program in the alternate screen (with its modes, scroll
# region, cursor and pen), a program still writing, 5,000 lines of
# history, buffers, options at every level, hooks, key bindings and
# environment is upgraded to itself and to a copy of the binary; before
# and after, the list-* outputs with many formats, capture-pane -e -S - of
# every pane (and the primary screen behind the alternate one), show -g,
# list-keys, list-buffers, show-hooks, show-environment and the pane pids
# are identical, and the program that kept writing lost no line. An
# attached client keeps working through an upgrade. A state file stamped
# with a newer version, a corrupted one and a binary that refuses leave
# the old server running, with the error said.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

m new -d -s a -n edit -x 80 -y 24 sh || fail "new a"
m set -g history-limit 10000 || fail "history-limit"
m set -g @user-option 'some value' || fail "user option"
m set -g status-left '[#S] ' || fail "status-left"
m set -g status-format[1] 'second line' || fail "status-format[1]"
m set -s escape-time 20 || fail "escape-time"
m set -gw mode-keys vi || fail "mode-keys"
m setenv -g UPG_GLOBAL yes || fail "setenv -g"
m setenv -g -h UPG_HIDDEN secret || fail "setenv -h"
m set-hook -g after-new-window 'set -g @hooked yes' || fail "set-hook -g"
m bind-key -T custom x display-message 'custom x' || fail "bind custom"
m bind-key -N 'a note' -r M-q display-message 'M-q' || fail "bind -N"
m unbind-key -T prefix '"' || fail "unbind"
m setb -b named 'named buffer text' || fail "setb named"
m setb 'automatic one' || fail "setb"
m setb 'automatic two' || fail "setb 2"

# Session a: three panes, one with 5,000 lines of history, one in the
# alternate screen with modes, a scroll region, a pen and a cursor set.
m new-window -d -t a:1 -n hist sh || fail "new-window hist"
m send -t a:1 'seq 1 5000' Enter
wait_line a:1 5000
m split-window -h -t a:0 sh || fail "split h"
m split-window -v -t a:0.1 sh || fail "split v"
cat >alt.sh <<'EOF'
printf 'primary line before\n'
printf '\033[?1049h\033[2J\033[HALT \033[1;31mred\033[0m \033[4;38;5;200mul\033[0m\n'
printf '\033[?1h\033=\033[?2004h\033[?1000h\033[?1006h\033[3;20r'
printf '\033[3g\033[1;5H\033H\033[1;30H\033H'
printf '\033[12;7Hcursor here\033[7;34m'
printf 'ALT-READY'
exec cat >keys.out
EOF
m send -t a:0.2 'sh alt.sh' Enter
poll_until "alternate screen" sh -c \
    "[ \"\$(\"$MUX_BIN\" -L $LABEL display -p -t a:0.2 '#{alternate_on}')\" = 1 ]"
wait_pane a:0.2 ALT-READY
expect_eq "$(m display -p -t a:0.2 '#{pane_tabs} #{mouse_sgr_flag}')" \
    "4,29 1" "tab stops and SGR mouse set"
m set -p -t a:0.1 remain-on-exit on || fail "pane option"
m set -w -t a:0 monitor-activity on || fail "window option"
m set -t a status-right 'session a' || fail "session option"
m set-hook -t a client-attached 'set -g @attached yes' || fail "session hook"
m setenv -t a UPG_SESSION here || fail "setenv -t"
m setenv -t a -r UPG_REMOVED || fail "setenv -r"
m select-pane -t a:0.1 -T 'a title' || fail "select-pane -T"
m send -t a:0.0 'printf "\\033[1;32mgreen\\033[0m wrapped line that goes on and on and on and on and on past the edge\\n"' Enter
wait_pane a:0.0 'the edge'
# The OSC 7 path a program reports.
m send -t a:0.0 "printf '\\033]7;file://host/tmp/upg-path\\033\\\\'; echo path-set" Enter
wait_line a:0.0 path-set
expect_eq "$(m display -p -t a:0.0 '#{pane_path}')" file://host/tmp/upg-path \
    "OSC 7 path set"

# Copy mode in a:1, with a position, a search and a selection: it comes
# back as it was (the formats below), and still copies the same text.
m copy-mode -t a:1 || fail "copy-mode"
m send -t a:1 -X search-backward 4999 || fail "search"
m send -t a:1 -X begin-selection || fail "begin-selection"
m send -t a:1 -X -N 3 cursor-right || fail "cursor-right"
expect_eq "$(m display -p -t a:1 '#{pane_mode} #{selection_present} #{pane_search_string}')" \
    "copy-mode 1 4999" "copy mode set up"

# Session b: two windows, the second zoomed; session c: one pane with
# queued input it has not read yet (cat under a stopped terminal).
m new -d -s b -x 70 -y 20 sh || fail "new b"
m new-window -t b:4 -n four sh || fail "new-window b:4"
m split-window -t b:4 sh || fail "split b:4"
m resize-pane -Z -t b:4.0 || fail "zoom"
m new-window -d -t b:7 -n dead 'read x; exit 3' || fail "new-window dead"
m set -p -t b:7 remain-on-exit on
m send -t b:7 Enter
poll_until "the dead pane" sh -c \
    "[ \"\$(\"$MUX_BIN\" -L $LABEL display -p -t b:7 '#{pane_dead_status}')\" = 3 ]"
m select-window -t b:0
m new -d -s c -x 60 -y 15 sh || fail "new c"
wait_prompt c
m send -t c 'echo session c' Enter
wait_line c 'session c'

# A pipe-pane on b:0, whose command (a child of the server) keeps its
# pid and its socket through the upgrades.
m pipe-pane -t b:0 -o 'exec cat >>pipe.out' || fail "pipe-pane"
m send -t b:0 'echo before-pipe' Enter
poll_until "the pipe's output" grep -q '^before-pipe' pipe.out
pipepid=$(pgrep -P "$(m display -p '#{pid}')" -x cat)
[ -n "$pipepid" ] || fail "the pipe's command not found"

# A session grouped with c: the group comes back, each session its own.
m new -d -t c -s cg || fail "new grouped"

# Session w: a program that keeps writing numbered lines until told to
# stop (with the history it needs to keep them all).
m new -d -s w -x 40 -y 10 sh || fail "new w"
m send -t w 'i=0; while [ ! -e stop ]; do i=$((i+1)); echo $i; done; echo DONE' Enter
poll_until "the writer to write" sh -c \
    "[ \"\$(\"$MUX_BIN\" -L $LABEL display -p -t w '#{history_size}')\" -gt 100 ]"

FMT_S='#{session_id} #{session_name} #{session_windows} #{session_created} #{session_group} #{session_attached} #{session_path}'
FMT_W='#{session_name} #{window_id} #{window_index} #{window_name} #{window_flags} #{window_layout} #{window_active} #{window_panes} #{window_zoomed_flag} #{window_width}x#{window_height}'
FMT_P='#{session_name} #{window_index} #{pane_id} #{pane_index} #{pane_pid} #{pane_tty} #{pane_width}x#{pane_height} #{pane_left},#{pane_top} #{pane_active} #{pane_current_path} #{pane_title} #{pane_start_command} #{pane_dead} #{pane_dead_status} #{history_size} #{history_limit} #{cursor_x},#{cursor_y} #{cursor_flag} #{alternate_on} #{alternate_saved_x},#{alternate_saved_y} #{scroll_region_upper},#{scroll_region_lower} #{insert_flag} #{keypad_cursor_flag} #{keypad_flag} #{mouse_any_flag} #{mouse_sgr_flag} #{pane_tabs} #{wrap_flag} #{origin_flag} #{pane_in_mode} #{pane_path} #{pane_mode} #{scroll_position} #{copy_cursor_x},#{copy_cursor_y} #{selection_present} #{selection_active} #{selection_start_x},#{selection_start_y} #{selection_end_x},#{selection_end_y} #{search_present} #{search_match} #{pane_search_string} #{rectangle_toggle} #{pane_pipe}'

# Everything compared before and after (session w's panes only by pid:
# their program runs on, and automatic-rename may name its window from
# the fork before the exec).
state() {
	m ls -F "$FMT_S"
	m lsw -a -F "$FMT_W" | grep -v '^w '
	m lsp -a -F "$FMT_P" | grep -v '^w '
	m lsp -a -F '#{pane_id} #{pane_pid}'
	for p in $(m lsp -a -F '#{session_name}:#{window_index}.#{pane_index}' |
	    grep -v '^w:'); do
		echo "--- $p"
		m capture-pane -p -e -S - -t "$p"
		m capture-pane -p -e -a -q -t "$p"
	done
	m show -g
	m show -gw
	m show -s
	m show -t a
	m show -w -t a:0
	m show -p -t a:0.1
	m list-keys
	m list-keys -N
	m lsb -F '#{buffer_name} #{buffer_size} #{buffer_created} #{buffer_sample}'
	m show-hooks -g
	m show-hooks -t a
	m showenv -g
	m showenv -g -h
	m showenv -t a
	m display -p '#{pid} #{start_time} #{next_session_id}'
}

m run-shell -b 'sleep 4242' || fail "run-shell -b"
poll_until "the run-shell job" pgrep -P "$(m display -p '#{pid}')" -f 'slee[p] 4242'
jobpid=$(pgrep -P "$(m display -p '#{pid}')" -f 'slee[p] 4242')
state >before || fail "state before"
pid=$(m display -p '#{pid}')

# Upgrade to itself.
m server-upgrade || fail "server-upgrade"
state >after || fail "state after"
cmp -s before after || { diff before after >&2; fail "state changed by the upgrade to itself"; }
expect_eq "$(m display -p '#{pid}')" "$pid" "same server process"

# Upgrade to a copy of the binary, named as make's user would (relative
# to the client's directory, not the server's).
cp "$MUX_BIN" "$TEST_DIR/mux-copy"
m server-upgrade -b ./mux-copy || fail "server-upgrade -b copy"
state >after2 || fail "state after the copy"
cmp -s before after2 || { diff before after2 >&2; fail "state changed by the upgrade to a copy"; }
expect_eq "$(pgrep -P "$pid" -x cat)" "$pipepid" "the pipe's command"
# The run-shell -b job ended cleanly (killed and reaped), and a #() job
# runs in the new server.
poll_until "the run-shell job to end" sh -c "! kill -0 $jobpid 2>/dev/null"
poll_until "a #() job after the upgrades" sh -c \
    "\"$MUX_BIN\" -L $LABEL display -p '#(echo job-ran)' | grep -qx job-ran"
m send -t b:0 'echo after-pipe' Enter
poll_until "the pipe's output after the upgrades" grep -q '^after-pipe' pipe.out
m send -t a:1 -X copy-selection-and-cancel || fail "copy-selection"
expect_eq "$(m show-buffer)" 4999 "the selection after the upgrades"
expect_eq "$(m display -p -t a:1 '#{pane_in_mode}')" 0 "copy mode left"

# A pane mode that is not carried (clock mode) ends cleanly: the pane
# shows its screen again and takes keys.
m clock-mode -t c || fail "clock-mode"
expect_eq "$(m display -p -t c '#{pane_mode}')" clock-mode "clock mode on"
m server-upgrade || fail "server-upgrade in clock mode"
expect_eq "$(m display -p -t c '#{pane_in_mode}')" 0 "clock mode after the upgrade"
# Its window is named for the program again (automatic-rename's check, at
# most twice a second) with no output from it to prompt the check.
c_named() { ! m lsw -t c -F '#{window_name}' | grep -qF '[tmux]'; }
poll_until "c's window named for its program" c_named
m send -t c 'echo after-clock' Enter
wait_line c after-clock

# The programs never noticed: the alternate screen's program still reads
# its terminal, the shells still run commands, hooks still fire.
m send -t c 'echo after upgrade' Enter
wait_line c 'after upgrade'
wait_prompt c
m new-window -d -t c || fail "new-window after"
expect_eq "$(m show -gv @hooked)" yes "hook after the upgrade"
m kill-window -t c:1
m set -gu @hooked

# The writer lost nothing: every number up to where it stopped, in order.
touch stop
wait_line w DONE
m capture-pane -p -S - -t w | grep -E '^[0-9]+$' >numbers
[ "$(wc -l <numbers)" -gt 200 ] || fail "writer wrote too little"
awk 'NR > 1 && $1 != prev + 1 { print "gap after " prev; bad = 1 }
    { prev = $1 } END { exit bad }' numbers >&2 ||
    fail "output lost across the upgrades"

# What refuses leaves the old server running, as it was.
state >before || fail "state before the refusals"
ver=$(sed -n 's/^#define UPGRADE_VERSION[	 ]*\([0-9]*\).*/\1/p' \
    "$REGRESS_DIR/../server/upgrade.h")
[ -n "$ver" ] || fail "UPGRADE_VERSION not found"
m setenv -g MUX_UPGRADE_TEST_VERSION $((ver + 1))
m server-upgrade 2>err && fail "a newer state version was taken"
grep -q "state version $((ver + 1)), this mux reads $ver and older" err ||
    fail "newer version error: $(cat err)"
m setenv -gu MUX_UPGRADE_TEST_VERSION
m setenv -g MUX_UPGRADE_TEST_CORRUPT 1
m server-upgrade 2>err && fail "a corrupted state was taken"
grep -q 'checksum mismatch' err || fail "corrupted error: $(cat err)"
m setenv -gu MUX_UPGRADE_TEST_CORRUPT
m server-upgrade -b /bin/false 2>err && fail "/bin/false took the state"
grep -q 'refused the state (exit status 1)' err ||
    fail "refusing binary: $(cat err)"
m server-upgrade -b "$TEST_DIR/nothing-here" 2>err && fail "no binary"
grep -q 'nothing-here: No such file' err || fail "missing binary: $(cat err)"
state >after || fail "state after the refusals"
cmp -s before after || { diff before after >&2; fail "a refused upgrade changed the state"; }
expect_eq "$(m display -p '#{pid}')" "$pid" "refusals keep the server"
ls "$TEST_DIR"/mux-*/"$LABEL".upgrade-* >/dev/null 2>&1 &&
    fail "a state file was left behind"

# A state of the oldest version (1: no clients, pipes, copy modes, kitty
# keyboard flags, OSC 7 paths or VT52 mode in it) is still read: all the
# rest is kept.
m pipe-pane -t b:0 || fail "pipe-pane closing"
m setenv -g MUX_UPGRADE_TEST_VERSION 1
state | sed 's|file://host/tmp/upg-path||' >before ||
    fail "state before version 1"
m server-upgrade || fail "server-upgrade with a version 1 state"
state >after || fail "state after version 1"
cmp -s before after || { diff before after >&2; fail "a version 1 state changed the state"; }
m setenv -gu MUX_UPGRADE_TEST_VERSION

# An attached client whose terminal the server draws is adopted, not
# reconnected: the same client (name, creation time, terminal type and
# the features its answers proved, size, flags, key table), no
# client-attached hook, and a prefix typed before the upgrade finishes
# its binding after it; what is typed still reaches the pane.
m bind-key -T prefix X set -g @prefixed yes
m set-hook -g client-attached 'set -g @reattached yes'
FMT_C='#{client_name} #{client_created} #{client_termname} #{client_termtype} #{client_termfeatures} #{client_key_table} #{client_prefix} #{client_width}x#{client_height} #{client_flags} #{client_readonly} #{client_session} #{client_last_session} #{client_utf8}'
"$PTYDRIVE" -s 60x16 -X 'XTerm(370)' -D '41;370;0' -- "$MUX_BIN" -L "$LABEL" attach -t c <<EOF >ptydrive.out 2>&1 ||
wait after upgrade
run "$UNTIL" '"$MUX_BIN" -L "$LABEL" lsc -F "#{client_termtype}" | grep -q XTerm'
run "$MUX_BIN" -L "$LABEL" set -g @reattached no
send \x02
run "$UNTIL" '"$MUX_BIN" -L "$LABEL" lsc -F "#{client_key_table}" | grep -qx prefix'
run "$MUX_BIN" -L "$LABEL" lsc -F '$FMT_C' >clients.before
run "$MUX_BIN" -L "$LABEL" server-upgrade
run "$MUX_BIN" -L "$LABEL" lsc -F '$FMT_C' >clients.after
send X
run "$UNTIL" '"$MUX_BIN" -L "$LABEL" show -gv @prefixed | grep -qx yes'
send echo typed-after\r
line typed-after
send \x02d
exit 0
EOF
    { cat ptydrive.out >&2; fail "attached client through an upgrade"; }
expect_eq "$(m display -p '#{pid}')" "$pid" "same process after the attached upgrade"
cmp -s clients.before clients.after ||
    { diff clients.before clients.after >&2; fail "the adopted client changed"; }
expect_eq "$(m show -gv @reattached)" no "the adopted client attached again"

# A popup on an adopted client is carried with it: its program keeps
# its pid and its pty, the box shows what it showed, and keys typed after
# the upgrade reach it. A menu is closed.
# (The client's name is asked as the script runs: the shell that runs
# each step expands it. display-popup and display-menu wait for the box to
# close: they run in the background, and the upgrade ends them.)
CNAME="\$(\"$MUX_BIN\" -L $LABEL lsc -F '#{client_name}')"
"$PTYDRIVE" -s 60x16 -- "$MUX_BIN" -L "$LABEL" attach -t c <<EOF >ptydrive.out 2>&1 ||
wait typed-after
run "$MUX_BIN" -L "$LABEL" display-popup -c "$CNAME" -w 30 -h 8 -E 'echo popup-up; exec tr a-z A-Z' >/dev/null 2>&1 &
wait popup-up
run pgrep -P $pid -x tr >popup.before
run "$MUX_BIN" -L "$LABEL" server-upgrade
run pgrep -P $pid -x tr >popup.after
send in-the-popup\r
wait IN-THE-POPUP
send \x04
gone popup-up
run "$MUX_BIN" -L "$LABEL" display-menu -c "$CNAME" -x 0 -y 0 one 1 'display one' >/dev/null 2>&1 &
wait one
run "$MUX_BIN" -L "$LABEL" server-upgrade
gone one
send \x02d
exit 0
EOF
    { cat ptydrive.out >&2; fail "popup through an upgrade"; }
[ -s popup.before ] || fail "the popup's program not found"
cmp -s popup.before popup.after || fail "the popup's program changed"

# The same for a client that reads and draws its terminal itself, and
# asks for the upgrade itself (a key binding, back to $MUX_BIN: the
# server's /proc/PID/exe says when it is done): adopted too.
[ "$(readlink /proc/$pid/exe)" = "$TEST_DIR/mux-copy" ] ||
    fail "the server does not run the copy: $(readlink /proc/$pid/exe)"
m bind-key U server-upgrade -b "$MUX_BIN"
MUX_KEEP_TTY=1 "$PTYDRIVE" -s 60x16 -- "$MUX_BIN" -L "$LABEL" attach -t c \
    <<EOF >ptydrive.out 2>&1 ||
wait typed-after
run "$UNTIL" '"$MUX_BIN" -L "$LABEL" show -gv @reattached | grep -qx yes'
run "$MUX_BIN" -L "$LABEL" set -g @reattached no
run "$MUX_BIN" -L "$LABEL" lsc -F '$FMT_C' >clients.before
send \x02U
run "$UNTIL" '[ "\$(readlink /proc/$pid/exe)" = "$MUX_BIN" ]'
send clear\r
row 0 \$
send echo typed-drawn\r
line typed-drawn
run "$MUX_BIN" -L "$LABEL" lsc -F '$FMT_C' >clients.after
send \x02d
exit 0
EOF
    { cat ptydrive.out >&2; fail "drawing client through an upgrade"; }
expect_eq "$(m show -gv @reattached)" no "the adopted drawing client attached again"
cmp -s clients.before clients.after ||
    { diff clients.before clients.after >&2; fail "the adopted drawing client changed"; }

# libvterm's own state came back too, not only what formats show: the
# program in the alternate screen asked for application cursor keys, and
# after three upgrades Up still reaches it as ESC O A.
m send -t a:0.2 Up Enter
poll_until "Up as an application cursor key" grep -q "$(printf '\033OA')" keys.out
exit 0
