#!/bin/sh
# refresh-client -l: the server asks the client's terminal for its
# clipboard (OSC 52 with "?", through the Ms capability), and the answer
# (BEL or ST ended, whole or split across reads) becomes a new buffer;
# an answer nobody asked for is dropped, never typed into the pane. Run
# the same against tmux 3.3a when it is installed: the buffers must be
# the same.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

# clip BIN OUT: attach to BIN's server in a terminal, ask twice, answer,
# and keep list-buffers and what the pane shows.
clip() {
	bin=$1
	"$bin" -L "$LABEL" -f /dev/null new -d -s a -x 80 -y 24 sh ||
	    fail "$bin: new"
	"$PTYDRIVE" -s 80x24 -- "$bin" -L "$LABEL" attach -t a <<EOF2 || fail "$bin: attached"
wait \$
run "$bin" -L "$LABEL" refresh-client -l
osc 52;;?
send \e]52;c;aGVsbG8=\e\\\\
run "\$UNTIL" '"$bin" -L "$LABEL" list-buffers | grep -q hello'
send \e]52;c;bm9ib2R5\x07
run "$bin" -L "$LABEL" refresh-client -l
send \e]52;c;d29y
send bGQ=\x07
run "\$UNTIL" '"$bin" -L "$LABEL" list-buffers | grep -q world'
send echo done-\$((6*7))\r
line done-42
run "$bin" -L "$LABEL" list-buffers -F '#{buffer_name} #{buffer_sample}' >$2
run "$bin" -L "$LABEL" capture-pane -p | grep -v '^\$* *$' >>$2
send \x02d
exit 0
EOF2
	"$bin" -L "$LABEL" kill-server
}

clip "$MUX_BIN" mux.out
expect_eq "$(cat mux.out)" "buffer1 world
buffer0 hello
$ echo done-\$((6*7))
done-42" "the answers asked for became buffers, nothing was typed"

if TMUX_BIN=$(command -v tmux); then
	export TMUX_TMPDIR="$TEST_DIR"
	unset TMUX
	clip "$TMUX_BIN" tmux.out
	diff tmux.out mux.out >&2 || fail "not as tmux 3.3a"
fi

# Without a client in a terminal there is nobody to ask.
m new -d -s a || fail "new"
m refresh-client -l 2>err && fail "-l without a client"
expect_eq "$(cat err)" "no current client" "-l without a client"
m refresh-client -l -t nosuch 2>err && fail "-l with a bad client"
expect_eq "$(cat err)" "can't find client: nosuch" "-l with a bad client"
exit 0
