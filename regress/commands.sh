#!/bin/sh
# The command language end to end: wait-for, run-shell, if-shell,
# source-file (errors with file:line, the rest still runs), options,
# bindings and list-commands.
. "$(dirname "$0")/lib.sh"

m new -d -s a sh || fail "new"

# wait-for: a waiter returns only once signalled; a signal with nobody
# waiting is kept for the next waiter.
m wait-for -S early || fail "signal"
m wait-for early || fail "wait after early signal"
m wait-for chan &
waiter=$!
m send-keys -t a "$MUX_BIN -L $LABEL wait-for -S chan" Enter
wait $waiter || fail "waiter did not return"

# Locks: -L takes the lock, a second -L waits for -U.
m wait-for -L lk || fail "lock"
m wait-for -L lk &
locker=$!
if ! kill -0 $locker 2>/dev/null; then fail "second lock did not wait"; fi
m wait-for -U lk || fail "unlock"
wait $locker || fail "second locker did not get the lock"
m wait-for -U lk || fail "unlock by the second"
if m wait-for -U lk 2>err; then fail "unlock of a free lock"; fi
expect_eq "$(cat err)" "channel lk not locked" "unlock error"

# run-shell shows its output in view mode over the current pane, as tmux
# 3.3a does (never on stdout), and the command client exits with the
# command's status; a failure is a line of output, not an error.
out=$(m run-shell 'echo one; echo two') || fail "run-shell"
expect_eq "$out" "" "run-shell prints nothing"
expect_eq "$(m display -p '#{pane_mode}')" "view-mode" "run-shell view mode"
expect_eq "$(view_text)" "one
two" "run-shell output"
rc=0; m run-shell 'exit 3' 2>err || rc=$?
expect_eq "$rc" 3 "run-shell status"
expect_eq "$(cat err)" "" "run-shell failure is not an error"
expect_eq "$(view_text)" "'exit 3' returned 3" "run-shell failure line"
out=$(m run-shell -C 'display -p "#{session_name}"')
expect_eq "$out" "a" "run-shell -C"

# if-shell picks a branch by exit status, or by a format with -F.
out=$(m if-shell true 'display -p yes' 'display -p no')
expect_eq "$out" "yes" "if-shell true"
out=$(m if-shell false 'display -p yes' 'display -p no')
expect_eq "$out" "no" "if-shell false"
out=$(m if-shell -F '#{==:#{session_name},a}' 'display -p match')
expect_eq "$out" "match" "if-shell -F"
out=$(m if-shell 'sleep 0.2; true' 'run-shell "echo nested >>order"' ';' \
    run-shell 'echo after >>order')
expect_eq "$(cat order)" "nested
after" "if-shell then more commands, in order"

# source-file: as in tmux, a file that does not parse runs none of its
# commands; a command that fails when it runs does not stop the others.
hl=$(m show -gv history-limit)
[ "$hl" != 1234 ] || fail "history-limit is already 1234"
cat >"$TEST_DIR/conf" <<'EOF2'
# comment
set -g history-limit 1234
bogus-command x
EOF2
if m source-file "$TEST_DIR/conf" 2>err; then fail "source-file with errors succeeded"; fi
expect_eq "$(cat err)" "$TEST_DIR/conf:3: unknown command: bogus-command" \
    "source-file parse error"
expect_eq "$(m show -gv history-limit)" "$hl" "nothing of a bad file ran"
printf "set -g base-index 'unterminated\n" >"$TEST_DIR/conf"
if m source-file "$TEST_DIR/conf" 2>err; then fail "unterminated quote"; fi
expect_eq "$(cat err)" "$TEST_DIR/conf:1: unterminated single quote" \
    "unterminated quote"
cat >"$TEST_DIR/conf" <<'EOF2'
# comment
set -g history-limit 1234
set -g status-right "it's \
joined"
set -g no-such-option 1
bind-key -T prefix X display -p hi
EOF2
if m source-file "$TEST_DIR/conf" 2>err; then fail "source-file with errors succeeded"; fi
expect_eq "$(cat err)" "$TEST_DIR/conf:5: invalid option: no-such-option" \
    "source-file errors"
expect_eq "$(m show -gv history-limit)" "1234" "first line ran"
expect_eq "$(m show -gv status-right)" "it's joined" "continued line"
m list-keys -T prefix X | grep -q 'display-message -p hi' || fail "bind from file"
if m source-file "$TEST_DIR/nonexistent" 2>err; then fail "missing file"; fi
expect_eq "$(cat err)" "$TEST_DIR/nonexistent: No such file or directory" "missing file"
m source-file -q "$TEST_DIR/nonexistent" || fail "source-file -q missing file"

# Options: types are checked, -u falls back to the global value.
if m set -g history-limit lots 2>err; then fail "bad number"; fi
grep -qx "value is invalid: lots" err || fail "bad number: $(cat err)"
if m set -g mouse maybe 2>err; then fail "bad flag"; fi
grep -qx "bad value: maybe" err || fail "bad flag: $(cat err)"
m set -t a history-limit 99 || fail "session option"
expect_eq "$(m show -t a -v history-limit)" "99" "session value"
m set -u -t a history-limit
expect_eq "$(m show -t a -v history-limit)" "" "unset: nothing set in the session (tmux scope rule)"
expect_eq "$(m show -A -t a -v history-limit)" "1234" "unset falls back"
# list-commands and list-keys start a server when none runs, as tmux's do.
"$MUX_BIN" -L "${LABEL}s" -f /dev/null list-commands | grep -q '^choose-buffer ' ||
    fail "list-commands with no server"
"$MUX_BIN" -L "${LABEL}s" -f /dev/null list-keys -T prefix d | grep -q 'detach-client' ||
    fail "list-keys with no server"
"$MUX_BIN" -L "${LABEL}s" kill-server

# One argument after the key is command text, as in tmux.
m bind X 'display -p one ; display -p "two three"' || fail "bind text"
m list-keys -T prefix X | grep -qF 'display-message -p one \; display-message -p "two three"' ||
    fail "bind text: $(m list-keys -T prefix X)"
m unbind X
# list-keys aligns its columns to the widest table and key it lists, and
# keeps room for -r only when one of them repeats, as tmux does.
expect_eq "$(m list-keys -T prefix Space)" "bind-key -T prefix Space next-layout" \
    "list-keys one key"
widths=$(m list-keys | awk '{ match($0, /^bind-key (-r |   )-T [^ ]+ +[^ ]+ +/); print RLENGTH }' | sort -u)
expect_eq "$widths" "$(m list-keys | head -n 1 | awk '{ match($0, /^bind-key (-r |   )-T [^ ]+ +[^ ]+ +/); print RLENGTH }')" \
    "list-keys columns"
m set -g prefix C-a || fail "prefix"
if m set -g prefix NotAKey 2>err; then fail "bad key"; fi
expect_eq "$(cat err)" "bad key: NotAKey" "bad key"

# show-options prints lines that read back as the same value.
m set -g status-left '"quoted" $HOME \\ #{session_name} '
printf "set -g %s\n" "$(m show -g status-left)" >"$TEST_DIR/opt"
m set -g status-left x
m source-file "$TEST_DIR/opt" || fail "show output does not read back"
expect_eq "$(m show -gv status-left)" '"quoted" $HOME \\ #{session_name} ' "show round trip"

# Bindings.
m bind-key -n F5 new-window || fail "bind -n"
m list-keys -T root | grep -q 'F5 *new-window' || fail "root binding"
m unbind-key -n F5
if m list-keys -T root | grep -q F5; then fail "unbind"; fi
if m bind-key Nope ls 2>err; then fail "bad key bound"; fi
expect_eq "$(cat err)" "unknown key: Nope" "bind bad key"

# #(command) in a format: empty at first, then the last line the command printed,
# never blocking the server.
m display -p '#(sleep 100)' >/dev/null || fail "#() with a slow command"
poll_until "#() output" sh -c "test \"\$(\"$MUX_BIN\" -L $LABEL display -p 'x#(echo hi; echo more)y')\" = xmorey"

# Environments: global and session tables reach new panes.
m set-environment -g MUXTEST_G global || fail "setenv -g"
m set-environment -t a MUXTEST_S session || fail "setenv"
m set-environment -t a -r HOME || fail "setenv -r"
expect_eq "$(m show-environment -g MUXTEST_G)" "MUXTEST_G=global" "showenv -g"
expect_eq "$(m show-environment -t a HOME)" "-HOME" "showenv removed"
expect_eq "$(m show-environment -t a -s MUXTEST_S)" \
    'MUXTEST_S="session"; export MUXTEST_S;' "showenv -s"
m new-window -d -t a:8 'echo "[$MUXTEST_G $MUXTEST_S ${HOME-unset}]"; sleep 100'
wait_pane a:8 '[global session unset]'
m set-environment -t a -u MUXTEST_S
if m show-environment -t a MUXTEST_S 2>err; then fail "unset variable shown"; fi
expect_eq "$(cat err)" "unknown variable: MUXTEST_S" "showenv unknown"
if m set-environment -t a 'BAD=NAME' x 2>err; then fail "bad name"; fi
expect_eq "$(cat err)" "invalid environment variable: BAD=NAME" "setenv bad name"

# list-commands lists every command once, with usage.
m list-commands | grep -q '^wait-for (wait) \[-L|-S|-U\] channel$' || fail "list-commands"
m has -t a || fail "server died"
exit 0
