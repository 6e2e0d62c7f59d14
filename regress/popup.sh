#!/bin/sh
# display-popup on an attached client (ptydrive), as tmux 3.3a: the box,
# its border, title and styles; typing into its program; the client
# resized while it is open (the box and the program's terminal follow);
# closing with Escape, -C, and by the program's exit with -E and -EE; the
# command client's exit status is the program's; bad arguments give
# clear errors. Then side by side with tmux 3.3a in the same outer
# terminal.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

m new -d -s a -x 80 -y 24 sh || fail "new"
wait_prompt a

# --- Without a client to show it on --------------------------------------
m display-popup true 2>err && fail "popup without a client"
grep -q "no current client" err || fail "no client: $(cat err)"

P="$MUX_BIN -L $LABEL"
# --- Open, type, resize the client, close with Escape ----------------------
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF || fail "open type resize close"
wait [a]
run ($P display-popup -w abc 2>e1; $P display-popup -h 0 2>e2; $P display-popup -b foo 2>e3; $P display-popup -Z 2>e4; $P display-popup -w 101% 2>e5; true)
run ($P display-popup -T hello -x 0 -y 12 -w 40 -h 12 'echo ready; read x; stty size; cat'; echo \$? >st1) &
wait ready
cell 0 0 ch=\xe2\x94\x8c
cell 1 0 ch=\xe2\x94\x80
cell 2 0 ch=h
cell 6 0 ch=o
cell 39 0 ch=\xe2\x94\x90
cell 0 11 ch=\xe2\x94\x94
cell 39 11 ch=\xe2\x94\x98
cell 0 5 ch=\xe2\x94\x82
cell 1 1 ch=r
cursor 1 2
send abc
cell 3 2 ch=c
cursor 4 2
resize 30x10
cell 29 0 ch=\xe2\x94\x90
cell 0 9 ch=\xe2\x94\x94
cell 29 9 ch=\xe2\x94\x98
send \r
wait 8 28
resize 80x24
cell 39 11 ch=\xe2\x94\x98
send \e
gone ready
row 0 $
EOF
run_until() { "$UNTIL" "$@" || fail "timed out: $*"; }
run_until 'test -s st1'
expect_eq "$(cat st1)" 0 "status of a popup closed before its program exited"
grep -q "^width invalid" e1 || fail "-w abc: $(cat e1)"
grep -q "^height too small" e2 || fail "-h 0: $(cat e2)"
grep -q "^popup-border-lines unknown value: foo" e3 || fail "-b foo: $(cat e3)"
grep -q "unknown flag -Z" e4 || fail "-Z: $(cat e4)"
grep -q "^width too large" e5 || fail "-w 101%: $(cat e5)"

# --- -E, -EE, -C, -B, styles, -d and -e --------------------------------------
mkdir sub
m set -s default-terminal screen-256color
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF || fail "flags"
wait [a]
run $P display-popup -E 'exit 3'; echo \$? >st2
run $P display-popup -EE 'exit 0'; echo \$? >st3
run ($P display-popup -EE -T ee 'echo gone; exit 4'; echo \$? >st4) &
wait gone
cell 19 5 ch=\xe2\x94\x8c
send \e
gone gone
run ($P display-popup -E 'echo inside; cat'; echo \$? >st5) &
wait inside
send \e
send x
cell 20 7 ch=^
cell 22 7 ch=x
run $P display-popup -C
gone inside
run ($P display-popup -B -x 0 -y 24 -E -w 20 -h 3 'echo noborder; cat') &
wait noborder
cell 0 21 ch=n
run $P display-popup -C
gone noborder
run ($P display-popup -b double -S fg=red -s bg=blue -T '#{session_name}' 'echo styled; cat') &
wait styled
cell 19 5 ch=\xe2\x95\x94 fg=1 bg=4
cell 21 5 ch=a fg=1 bg=4
cell 20 6 ch=s fg=default bg=4
cell 30 10 bg=4
send \e
gone styled
run ($P display-popup -d '#{pane_current_path}/sub' -e V=ok 'echo "\$(basename \$PWD) \$V \$TERM"; cat') &
wait sub ok screen-256color
send \e
gone sub ok
EOF
run_until 'test -s st4 && test -s st5'
expect_eq "$(cat st2)" 3 "-E: the program's status"
expect_eq "$(cat st3)" 0 "-EE: a zero status closes"
expect_eq "$(cat st4)" 4 "-EE: a non-zero status stays, then Escape"
expect_eq "$(cat st5)" 0 "-C closes"

# --- Side by side with tmux 3.3a ---------------------------------------------
m kill-server
. "$REGRESS_DIR/side-by-side.sh"
side_by_side 80x24
# both_bg COMMAND...: the same command on tmux and on mux, in the
# background (a popup's command waits until it closes).
both_bg() {
	t "$@" &
	m "$@" &
}
compare "the default screen"
both_bg display-popup -b rounded -T '#[align=centre]#{session_name}' \
    -w 30 -h 8 -x 5 -y 10 'printf "one\ntwo\n"; cat'
compare "a rounded popup with a centred title"
o send-keys -t o:0 'typed' && o send-keys -t o:1 'typed'
compare "typing into the popup"
t display-popup -C && m display-popup -C
compare "closed"
both_bg display-popup -B -E -w 20 -h 5 'echo plain; cat'
compare "no border"
t display-popup -C && m display-popup -C
compare "closed again"
both_bg display-popup -T '#[align=right]right' -S fg=yellow -E 'echo x; cat'
compare "right-aligned title, border style"
t display-popup -C && m display-popup -C
compare "closed at last"
both_bg display-popup -w 60 -h 16 -x 15 -y 20 -T big 'echo big; cat'
compare "a large popup"
o resize-window -t o:0 -x 50 -y 14 && o resize-window -t o:1 -x 50 -y 14
compare "the client made smaller than the popup"
o resize-window -t o:0 -x 80 -y 24 && o resize-window -t o:1 -x 80 -y 24
compare "and larger again"
t display-popup -C && m display-popup -C
compare "closed after resizing"
exit 0
