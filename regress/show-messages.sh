#!/bin/sh
# show-messages -T: every terminal the server draws on, with tmux 3.3a's
# list of capabilities and the value each has once terminal-features and
# terminal-overrides apply (tmux's "::" for a ':' in an item too), the
# same line for line as tmux 3.3a prints for the same terminal and
# options when tmux is installed; -J after it with a blank line; a
# client that draws its own terminal has none on the server.
. "$(dirname "$0")/lib.sh"

# (Not sync: mux's Sync is tmux 3.4's, on purpose, see tty-term.c.)
feats='xterm*:256:bpaste:ccolour:extkeys:focus:margins:mouse:osc7:rectfill:usstyle:overline:strikethrough:title:clipboard:cstyle'
over='xterm*:Tc:colors=77:kf1@:Setulc=\E[a::b:Ss=\E[%p1%d q'

# describe BIN OUT: run BIN's server with the options, attach a client
# in a terminal, and keep show-messages -T (the tty's name blanked).
describe() {
	bin=$1
	"$bin" -L "$LABEL" -f /dev/null new -d -s a || fail "$bin: new"
	"$bin" -L "$LABEL" set -as terminal-features "$feats" || fail "$bin: features"
	"$bin" -L "$LABEL" set -as terminal-overrides "$over" || fail "$bin: overrides"
	"$PTYDRIVE" -s 80x24 -- "$bin" -L "$LABEL" attach -t a <<EOF2 || fail "$bin: attached"
wait [a]
run "$bin" -L "$LABEL" show-messages -T | sed 's,/dev/pts/[0-9]*,TTY,' >$2
send \x02d
exit 0
EOF2
	"$bin" -L "$LABEL" kill-server
}

describe "$MUX_BIN" mux.out
expect_eq "$(head -1 mux.out)" "Terminal 0: xterm-256color for TTY, flags=0x3d:" \
    "the header: 256, margins, rectfill, RGB (Tc), a VT100"
expect_eq "$(wc -l <mux.out | tr -d ' ')" 229 "one line for each of tmux's 228"
grep -qxF '  13: colors: (number) 77' mux.out || fail "a number override"
grep -qxF '  80: kf1: [missing]' mux.out || fail "a removed capability"
grep -qxF ' 209: Setulc: (string) \033[a:b' mux.out || fail "'::' is a ':'"
grep -qxF ' 223: Tc: (flag) true' mux.out || fail "a flag override"
grep -qxF '  42: Enbp: (string) \033[?2004h' mux.out || fail "a feature's string"

if TMUX_BIN=$(command -v tmux); then
	export TMUX_TMPDIR="$TEST_DIR"
	unset TMUX
	describe "$TMUX_BIN" tmux.out
	diff tmux.out mux.out >&2 || fail "show-messages -T differs from tmux 3.3a's"
fi

# A client that draws its own terminal has none on the server: -TJ is
# then -J, with no blank line; -J follows -T after a blank line.
m new -d -s a || fail "new"
m run-shell -b 'sleep 30' || fail "run-shell"
MUX_KEEP_TTY=1 "$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF2 || fail "MUX_KEEP_TTY"
wait [a]
run "$MUX_BIN" -L "$LABEL" show-messages -TJ >keep.out
send \x02d
exit 0
EOF2
grep -q '^Job 0: sleep 30 ' keep.out && [ "$(wc -l <keep.out)" -eq 1 ] ||
    fail "a client that draws its own terminal: $(cat keep.out)"
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF2 || fail "attached"
wait [a]
run "$MUX_BIN" -L "$LABEL" show-messages -TJ >tj.out
send \x02d
exit 0
EOF2
expect_eq "$(sed -n 230p tj.out)" "" "a blank line between -T and -J"
sed -n 231p tj.out | grep -q '^Job 0: sleep 30 ' || fail "-J after -T: $(sed -n 231p tj.out)"
m show-messages -T -t nosuch 2>err && fail "-T with a bad client"
expect_eq "$(cat err)" "can't find client: nosuch" "-t is a client, as tmux"
exit 0
