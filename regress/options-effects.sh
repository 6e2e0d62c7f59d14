#!/bin/sh
# What options do, where it lives in the server: remain-on-exit (failed)
# and remain-on-exit-format, synchronize-panes, backspace, key-table,
# alternate-screen, allow-rename, main-pane-height and the other layout
# sizes, default-size, status-bg, monitor-silence, command-alias,
# detach-on-destroy, destroy-unattached, history-file, status-keys,
# scroll-on-clear and exit-unattached.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

# The main layouts' sizes (the layouts tmux 3.3a makes with them).
m new -d -s l -x 120 -y 40 || fail "new"
m split-window -d -t l
m split-window -d -t l
m set -w -t l main-pane-height 10
m select-layout -t l main-horizontal
expect_eq "$(m display -p -t l '#{window_layout}')" \
    "4add,120x40,0,0[120x10,0,0,0,120x29,0,11{59x29,0,11,2,60x29,60,11,1}]" \
    "main-pane-height"
m set -w -t l other-pane-width 20%
m select-layout -t l main-vertical
expect_eq "$(m display -p -t l '#{window_layout}')" \
    "5dbc,120x40,0,0{96x40,0,0,0,23x40,97,0[23x19,97,0,2,23x20,97,20,1]}" \
    "other-pane-width as a percentage"
m kill-session -t l

m new -d -s a -x 80 -y 24 sh || fail "new"
wait_prompt a

# remain-on-exit failed keeps only a pane whose program failed; a dead pane
# says so on its last line, in remain-on-exit-format.
m set -g remain-on-exit failed
m set -g remain-on-exit-format 'dead #{pane_id}'
m new-window -d -t a:1 'exit 0'
m new-window -d -t a:2 'exit 3'
poll_until "the window whose program succeeded to go" \
    sh -c "! $MUX_BIN -L $LABEL list-windows -t a -F '#I' | grep -qx 1"
poll_until "the failed pane to be dead" \
    sh -c "$MUX_BIN -L $LABEL display -p -t a:2 '#{pane_dead}' | grep -qx 1"
id=$(m display -p -t a:2 '#{pane_id}')
poll_until "the dead pane's message" \
    sh -c "$MUX_BIN -L $LABEL capture-pane -p -t a:2 | tail -n 1 | grep -qx 'dead $id'"
m kill-window -t a:2
m set -gu remain-on-exit
m set -gu remain-on-exit-format
expect_eq "$(m show -gv remain-on-exit)" "off" "remain-on-exit back to default"

# synchronize-panes: a key sent to one pane goes to the others that have it.
m new-window -d -t a:3 'cat -v'
m split-window -d -t a:3 'cat -v'
m split-window -d -t a:3 'cat -v'
m set -w -t a:3 synchronize-panes on
m set -p -t a:3.2 synchronize-panes off
m send-keys -t a:3.0 'sync' Enter
wait_pane a:3.1 sync
wait_pane a:3.0 sync
others=$(m capture-pane -p -t a:3.2 | grep -c sync)
expect_eq "$others" "0" "a pane with synchronize-panes off is left alone"

# backspace: the key Backspace sends.
m set -s backspace C-h
m send-keys -t a:3.2 BSpace Enter
wait_pane a:3.2 '^H'
m set -su backspace
m kill-window -t a:3

# alternate-screen off: the program stays on the primary screen.
m set -w -t a:0 alternate-screen off
m send-keys -t a:0 "printf '\\033[?1049hALT-ON\\n'" Enter
wait_pane a:0 ALT-ON
expect_eq "$(m display -p -t a:0 '#{alternate_on}')" "0" "alternate-screen off"
m set -w -t a:0 alternate-screen on
m send-keys -t a:0 "printf '\\033[?1049h'; printf '\\033[?1049l'; clear" Enter
wait_pane a:0 '$'

# scroll-on-clear: clearing the screen (ED 2) moves it into history; off,
# it is only erased.
m new -d -s sc -x 20 -y 5 sh
wait_prompt sc
m send-keys -t sc "clear; seq 1 3; printf '\\033[2J'; echo cleared" Enter
wait_line sc cleared
expect_eq "$(m capture-pane -p -t sc -S - | head -n 3 | tr '\n' ' ')" "1 2 3 " \
    "scroll-on-clear on"
m set -w -t sc scroll-on-clear off
m send-keys -t sc "clear; seq 4 6; printf '\\033[2J'; echo again" Enter
wait_line sc again
m capture-pane -p -t sc -S - | grep -qx 4 && fail "scroll-on-clear off kept history"
m kill-session -t sc

# allow-rename: ESC k renames the window only when it is on, and is never
# shown.
m send-keys -t a:0 "clear; printf '\\033knamed\\033\\\\'; echo done-\$((0+1))" Enter
wait_pane a:0 done-1
m capture-pane -p -t a:0 | grep -q named && fail "ESC k text was shown"
[ "$(m display -p -t a:0 '#W')" != named ] || fail "renamed with allow-rename off"
m set -w -t a:0 allow-rename on
m send-keys -t a:0 "clear; printf '\\033knamed\\033\\\\'; echo done-\$((1+1))" Enter
wait_pane a:0 done-2
poll_until "ESC k rename" sh -c "$MUX_BIN -L $LABEL display -p -t a:0 '#W' | grep -qx named"
expect_eq "$(m show -wv -t a:0 automatic-rename)" "off" "ESC k turns automatic-rename off"

# default-size sizes a detached session; -x and -y set it for the session.
m set -g default-size 100x30
m new -d -s z
expect_eq "$(m display -p -t z '#{window_width}x#{window_height}')" "100x30" \
    "default-size"
m kill-session -t z
expect_eq "$(m show -v -t a default-size)" "80x24" "new -x -y set default-size"
m set -gu default-size

# monitor-silence: a quiet window gets the ~ flag.
m new-window -d -t a:5 'sleep 100'
m set -w -t a:5 monitor-silence 1
poll_until "the silence flag" sh -c "$MUX_BIN -L $LABEL display -p -t a:5 '#{window_flags}' | grep -q '~'"
m kill-window -t a:5

# command-alias: an alias runs as its command, with the arguments after it.
m set -s command-alias[100] 'showbase=show-options -gv base-index'
expect_eq "$(m showbase)" "0" "command-alias"
m set -su command-alias[100]
if m showbase 2>err; then fail "an unset alias still ran"; fi
expect_eq "$(cat err)" "unknown command: showbase" "alias gone"
m split-pane -d -t a:0 || fail "tmux's default alias split-pane"

# status-bg wins over status-style's background; key-table is where keys
# start; detach-on-destroy off moves the client to another session; the
# prompt's history goes to history-file.
m new -d -s b sh
m set -g status-bg red
m set -s history-file "$TEST_DIR/history"
m set -g key-table mine
m bind -T mine z send-keys -t a:0 zzz-bound
m set -g detach-on-destroy off
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<'EOF2' || fail "attached effects"
wait [a]
cell 40 23 bg=1
send z
wait zzz-bound
send \x02:
send display-message from-prompt\r
wait from-prompt
run "$MUX_BIN" -L "$LABEL" kill-session -t a
wait [b]
EOF2
m set -gu key-table
grep -qx 'command:display-message from-prompt' "$TEST_DIR/history" ||
    fail "history-file: $(cat "$TEST_DIR/history" 2>&1)"

# status-keys vi: Escape gives vi's command mode (in message-command-style),
# where 0 and x edit and i types again.
m set -g status-keys vi
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t b <<'EOF2' || fail "status-keys vi"
wait [b]
send \x02:
send display-message vi-ok
cell 0 23 bg=3
send \e
cell 0 23 bg=0
send 0x
wait :isplay-message vi-ok
send id\r
wait vi-ok
EOF2
m set -gu status-keys

# destroy-unattached: the session goes when its last client detaches.
# (Set from the attached client: set by a command client, it would go as
# that client went, as the next check shows.)
m new -d -s keeper || fail "new keeper"
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t b \; \
    set -t b destroy-unattached on <<'EOF2' || fail "destroy-unattached"
wait [b]
send \x02d
exit 0
EOF2
poll_until "session b to go" sh -c "! $MUX_BIN -L $LABEL has -t b"
# And, as in tmux 3.3a, once any client goes (a command client too), so
# does every session nobody is attached to that has the option, even one
# no client ever attached.
m new -d -s du || fail "new du"
m set -t du destroy-unattached on
m has -t du 2>/dev/null && fail "du kept after a client went"

# pane-colours: the pane's palette, drawn for colour 1 (#ff0000, as 196
# to this 256-colour terminal) and answered to an OSC 4 query.
m new -d -s pc -x 80 -y 5 "printf '\033[31mred\033[0m\n'; exec cat"
m set -w -t pc pane-colours[1] '#ff0000'
m set -w -t pc pane-colours[2] colour200
"$PTYDRIVE" -s 80x6 -- "$MUX_BIN" -L "$LABEL" attach -t pc <<'EOF2' || fail "pane-colours drawn"
wait red
cell 0 0 ch=r fg=196
EOF2
m respawn-pane -k -t pc "stty -echo -icanon; printf '\033]4;1;?\007\033]4;2;?\007'; exec cat -v"
poll_until "OSC 4 answers" sh -c "$MUX_BIN -L $LABEL capture-pane -p -t pc | grep -q 'rgb:ffff/0000/d7d7'"
expect_eq "$(m capture-pane -p -t pc | grep rgb)" \
    "^[]4;1;rgb:ffff/0000/0000^G^[]4;2;rgb:ffff/0000/d7d7^G" "OSC 4 answers"
m kill-session -t pc

# exit-unattached: with no client attached the server goes.
m new -d -s c
m set -s exit-unattached on
poll_until "the server to exit" sh -c "! $MUX_BIN -L $LABEL list-sessions"
exit 0
