#!/bin/sh
# startup-flags: mux -N never starts a server, -D runs one in the
# foreground that stays when its last session ends (exit-empty off), -l and
# -u are taken (as tmux takes them).
. "$(dirname "$0")/lib.sh"

m -N new -d 2>err && fail "-N started a server"
grep -q "no server running" err || fail "-N error: $(cat err)"

"$MUX_BIN" -L "$LABEL" -f /dev/null -D ls 2>err && fail "-D with a command"
grep -q "no command with -D" err || fail "-D error: $(cat err)"

"$MUX_BIN" -L "$LABEL" -f /dev/null -D &
FG=$!
poll_until "the foreground server" m -N start-server
m -N new -d -s fg 'sleep 100' || fail "new on the -D server"
m kill-session -t fg
expect_eq "$(m -N show -sv exit-empty)" "off" "-D turns exit-empty off"
m -N start-server || fail "the -D server went with its last session"
m kill-server
wait $FG || fail "the -D server's exit status"

m -l -u new -d 'sleep 100' || fail "-l -u"
m has || fail "session after -l -u"
exit 0
