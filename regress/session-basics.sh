#!/bin/sh
# new / ls / has / kill-session, and the errors a user gets when wrong.
. "$(dirname "$0")/lib.sh"

m new -d -s alpha || fail "new -d -s alpha"
m new -d -s beta -x 100 -y 30 || fail "new -d -s beta"
m has -t alpha || fail "has alpha"
m has-session -t beta || fail "has beta"

out=$(m ls -F '#{session_name} #{window_width}x#{window_height}')
expect_eq "$out" "alpha 80x24
beta 100x30" "ls -F"

out=$(m ls | sed 's/(created .*)/(created)/')
expect_eq "$out" "alpha: 1 windows (created)
beta: 1 windows (created)" "ls"

# Session ids and unique prefixes find sessions as in tmux.
m has -t '$0' || fail 'has $0'
m has -t alp || fail "has by prefix"

# Errors: message on stderr, status 1.
if m has -t nosuch 2>err; then fail "has nosuch succeeded"; fi
expect_eq "$(cat err)" "can't find session: nosuch" "has error"
if m new -d -s alpha 2>err; then fail "duplicate new succeeded"; fi
expect_eq "$(cat err)" "duplicate session: alpha" "duplicate error"
if m new -d -s 'bad:name' 2>err; then fail "bad name accepted"; fi
expect_eq "$(cat err)" "invalid session: bad:name" "bad name error"
if m frobnicate 2>err; then fail "unknown command succeeded"; fi
expect_eq "$(cat err)" "unknown command: frobnicate" "unknown command"
if m new-session -Q 2>err; then fail "bad flag accepted"; fi
expect_eq "$(cat err)" "command new-session: unknown flag -Q" \
    "a bad flag, in tmux 3.3a's words"
if m new -d -x 0 2>err; then fail "-x 0 accepted"; fi
grep -q -- "-x: 0 is out of range" err || fail "-x 0 message: $(cat err)"

# new without -d needs a terminal.
if m new -s gamma </dev/null 2>err; then fail "new without tty attached"; fi
expect_eq "$(cat err)" "open terminal failed: not a terminal" "no tty"
m has -t gamma 2>/dev/null && fail "gamma exists after failed attach"

m kill-session -t alpha || fail "kill-session"
if m has -t alpha 2>/dev/null; then fail "alpha still there"; fi
out=$(m ls -F '#{session_name}')
expect_eq "$out" "beta" "ls after kill"
# Sessions are listed, walked and chosen in name order (strcmp: "10"
# before "9"), as tmux 3.3a keeps them, whatever order they were made
# in; a rename moves the session to its new place.
m new -d -s zeta && m new -d -s 10 && m new -d -s 9 && m new -d -s aa ||
    fail "new for order"
expect_eq "$(m ls -F '#{session_name}' | tr '\n' ' ')" "10 9 aa beta zeta " \
    "sessions in name order"
m rename -t aa zz || fail "rename aa"
expect_eq "$(m ls -F '#{session_name}' | tr '\n' ' ')" "10 9 beta zeta zz " \
    "renamed session moves"
exit 0
