#!/bin/sh
# Who drives an attached client's terminal. By default the client passes
# its terminal to the server, which reads and draws it (the client only
# forwards resizes): the server has the terminal open while attached,
# two clients of different sizes each get their own frames, and the
# terminal is restored on every way out, including the client or the
# server being killed outright. With MUX_KEEP_TTY set (or when the server
# cannot open the terminal) the client keeps it and draws, as before.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

m new -d -s a -x 80 -y 24 sh || fail "new"
wait_prompt a
pid=$(m display -p '#{pid}')

# The server has the terminal open while attached, and not after.
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF2 || fail "server has the terminal"
wait \$
run tty=\$("$MUX_BIN" -L "$LABEL" list-clients -F '#{client_tty}'); ls -l /proc/$pid/fd | grep -q " -> \$tty\$"
send echo typed-$$\r
line typed-$$
send \x02d
exit 0
restored
wait [detached (from session a)]
EOF2
ls -l "/proc/$pid/fd" | grep -q ' -> /dev/pts/' && fail "server kept a terminal"

# Two clients at different sizes: each is drawn at its own size (the
# bigger one with the window's edge and a fill beyond it); what one types
# the other sees. Each waits for the other's checks before it detaches
# (the window grows back when the small one goes).
m set -g window-size smallest
dot=$(printf '\302\267')
edge=$(printf '\342\224\202%39s' '' | sed "s/ /$dot/g")
"$PTYDRIVE" -t 20 -s 100x30 -- "$MUX_BIN" -L "$LABEL" attach -t a \
    <<EOF2 >big.out 2>&1 &
row 0 $(printf 'from-small%50s' '')$edge
row 1 $(printf '$ %58s' '')$edge
cell 0 29 ch=[
send echo from-big\r
row 2 $(printf 'from-big%52s' '')$edge
run "$MUX_BIN" -L "$LABEL" wait-for -S big-checked
run "$MUX_BIN" -L "$LABEL" wait-for small-checked
send \x02d
exit 0
output [detached (from session a)]
EOF2
big=$!
poll_until "first client" sh -c "test \"\$(\"$MUX_BIN\" -L $LABEL list-clients | wc -l)\" = 1"
"$PTYDRIVE" -s 60x20 -- "$MUX_BIN" -L "$LABEL" attach -t a <<'EOF2' || fail "second client"
wait $
run "$UNTIL" '"$MUX_BIN" -L "$LABEL" display -p -t a "#{window_width}x#{window_height}" | grep -qx 60x19'
send clear; echo from-small\r
line from-small
line from-big
cell 0 19 ch=[
run "$MUX_BIN" -L "$LABEL" wait-for -S small-checked
run "$MUX_BIN" -L "$LABEL" wait-for big-checked
send \x02d
exit 0
restored
EOF2
wait $big || fail "first client: $(cat big.out)"
m set -g window-size latest

# The client killed outright: the server restores the terminal.
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF2 || fail "client killed"
wait \$
run "$MUX_BIN" -L "$LABEL" list-clients -F '#{client_tty}' >tty.txt
mark
kill 9
exit 137
raw \e[?1049l
run "\$UNTIL" 'stty -a -F \$(cat tty.txt) | grep -q " icanon"'
restored
EOF2
m has -t a || fail "session gone after its client was killed"

# The client keeps its terminal: it draws, and restores it.
MUX_KEEP_TTY=1 "$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF2 || fail "MUX_KEEP_TTY"
wait \$
run ! ls -l /proc/$pid/fd | grep -q ' -> /dev/pts/'
send clear; echo kept-$$\r
line kept-$$
resize 70x20
run "\$UNTIL" '"$MUX_BIN" -L "$LABEL" display -p -t a "#{window_width}" | grep -qx 70'
send tput cols\r
line 70
send \x02d
exit 0
restored
wait [detached (from session a)]
EOF2
MUX_KEEP_TTY=1 "$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<'EOF2' || fail "MUX_KEEP_TTY and SIGTERM"
wait $
kill 15
exit 1
restored
wait [terminated]
EOF2

# The server killed outright: the client restores the terminal.
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF2 || fail "server killed"
wait \$
run kill -9 $pid
exit 1
restored
wait [lost server]
EOF2
exit 0
