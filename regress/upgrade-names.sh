#!/bin/sh
# A pane mode the live upgrade does not carry (clock mode) named its
# window "[tmux]" (automatic-rename-format); the upgraded server checks
# the names once it runs, so the window is named for its program again
# with no output from any pane to prompt the check (as tmux 3.3a's name
# follows a mode's end).
. "$(dirname "$0")/lib.sh"
export PS1='$ '

m new -d -s c -x 60 -y 15 sh || fail "new c"
wait_prompt c
name() { m lsw -t c -F '#{window_name}'; }
expect_eq "$(name)" sh "the window before the mode"
m clock-mode -t c || fail "clock-mode"
poll_until "the window named for the mode" sh -c \
    "\"$MUX_BIN\" -L $LABEL lsw -t c -F '#{window_name}' | grep -qxF '[tmux]'"
m server-upgrade || fail "server-upgrade in clock mode"
expect_eq "$(m display -p -t c '#{pane_in_mode}')" 0 "the mode after the upgrade"
poll_until "the window named for its program" sh -c \
    "\"$MUX_BIN\" -L $LABEL lsw -t c -F '#{window_name}' | grep -qx sh"
exit 0
