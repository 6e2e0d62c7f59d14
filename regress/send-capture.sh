#!/bin/sh
# send-keys and capture-pane round trips: text, Enter, C-c to a running
# command, key names, literal text.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

m new -d -s a -x 80 -y 24 sh || fail "new"
wait_prompt a

m send-keys -t a 'echo hi' Enter
wait_line a hi
out=$(m capture-pane -p -t a | grep -v '^\$' | head -1)
expect_eq "$out" "hi" "echo hi"

# C-c interrupts a running command; the shell prompt comes back.
m send-keys -t a 'sleep 100' Enter
poll_until "sleep to run" sh -c "test \"\$($MUX_BIN -L $LABEL display -p -t a '#{pane_current_command}')\" = sleep"
m send-keys -t a C-c
poll_until "shell after C-c" sh -c "test \"\$($MUX_BIN -L $LABEL display -p -t a '#{pane_current_command}')\" = sh"

# -l sends key names as text.
m send-keys -t a -l 'echo Enter' 
m send-keys -t a Enter
wait_line a 'Enter'

# Unicode text goes through whole.
m send-keys -t a 'echo héllo wörld' Enter
wait_line a 'héllo wörld'

# Tab, BSpace and friends are keys.
m send-keys -t a 'echo xyz' BSpace BSpace 'Q' Enter
wait_line a 'xQ'

# capture-pane shows exactly the lines of the pane, blanks trimmed.
m send-keys -t a 'clear' Enter
poll_until "screen cleared" sh -c "test \"\$($MUX_BIN -L $LABEL capture-pane -p -t a | grep -c .)\" = 1"
m send-keys -t a 'printf "one\ntwo  \nthree\n"' Enter
wait_line a three
out=$(m capture-pane -p -t a | sed -n '2,4p')
expect_eq "$out" "one
two
three" "capture lines"
lines=$(m capture-pane -p -t a | wc -l)
expect_eq "$lines" 24 "capture line count"

# Bad targets and keys are errors, not crashes.
if m send-keys -t nosuch x 2>err; then fail "send to nosuch"; fi
expect_eq "$(cat err)" "can't find pane: nosuch" "send-keys bad target"
if m send-keys -t a -H zz 2>err; then fail "bad hex accepted"; fi
expect_eq "$(cat err)" "invalid hex byte: zz" "bad hex"
m has -t a || fail "server died"
exit 0
