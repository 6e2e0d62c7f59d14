#!/bin/sh
# flags-client: the client flags of attach -f, new -f and refresh-client
# -f: active-pane (a client's own active pane in each window: select-pane
# from it, its keys and its cursor; the window's active pane stays),
# no-detach-on-destroy, and the control flags (no-output, pause-after,
# wait-exit) given to attach; client_flags lists them as tmux does.
. "$(dirname "$0")/lib.sh"
# ./mm: mux with the test's server, for ptydrive's run steps.
printf '#!/bin/sh\nexec "$MUX_BIN" -L "$LABEL" "$@"\n' >mm
chmod +x mm
PS1='$ '
export PS1

m new -d -s a -x 80 -y 24 sh || fail "new"
m split-window -t a sh || fail "split"
wait_prompt a:0.0
wait_prompt a:0.1

# The client picks pane 0; the window's active pane stays 1.
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -f active-pane -t a <<'EOF2' || fail "active-pane"
wait [a] 0:sh*
run test "$(./mm display -p '#{client_flags}')" = attached,focused,active-pane,UTF-8
run ./mm select-pane -t a:0.0
run test "$(./mm display -p -t a '#{window_active}#{P:#{pane_active}}')" = 101
cursor 2 0
send echo one\r
line one
run ./mm capture-pane -p -t a:0.0 | grep -qx one
send \x02\e[B
cursor 2 12
send echo two\r
line two
run ./mm capture-pane -p -t a:0.1 | grep -qx two
send \x02\e[A
cursor 2 2
run ./mm refresh-client -f '!active-pane'
cursor 2 14
send echo three\r
line three
run ./mm capture-pane -p -t a:0.1 | grep -qx three
run test "$(./mm display -p '#{client_flags}')" = attached,focused,UTF-8
EOF2

# no-detach-on-destroy: the client goes to another session even with
# detach-on-destroy on.
m new -d -s b || fail "new b"
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -f no-detach-on-destroy -t b <<'EOF2' || fail "no-detach-on-destroy"
wait [b] 0:sh*
run test "$(./mm display -p '#{client_flags}')" = attached,focused,no-detach-on-destroy,UTF-8
run ./mm kill-session -t b
wait [a] 0:sh*
run ./mm kill-session -t a
exit 0
EOF2
m has -t a 2>/dev/null && fail "session a outlived its kill"

# Control flags through attach -f, and an error for a terminal's client
# (tmux 3.3a's list, but for UTF-8: mux does not know a control client's
# locale).
m new -d -s c || fail "new c"
out=$(printf 'display -p "#{client_flags}"\n' |
    m -C attach -f no-output,pause-after=3 -t c) || fail "-C attach -f"
echo "$out" | grep -qx "attached,focused,control-mode,no-output,pause-after=3" ||
    fail "control flags: $out"
out=$(printf 'refresh-client -f !no-output,pause-after\ndisplay -p "#{client_flags}"\n' |
    m -C attach -t c) || fail "-C attach"
echo "$out" | grep -qx "attached,focused,control-mode,pause-after=0" ||
    fail "pause-after with no value: $out"
out=$(printf 'refresh-client -f bogus\n' | m -C attach -t c)
echo "$out" | grep -qx "unknown client flag: bogus" || fail "unknown flag: $out"
exit 0
