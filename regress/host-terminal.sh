#!/bin/sh
# The host terminal says who it is: at attach mux asks XTVERSION and DA2,
# and turns on what the answer proves (tmux 3.3a's terminal features for
# the terminals it knows, mux's own for kitty and the like). Each run
# below is a fake terminal (ptydrive -X/-D) answering as one terminal
# does; mux's output to it is checked for the features turned on: 24-bit
# colour, the kitty keyboard protocol asked for, and keys it then sends,
# frames sent as synchronized updates where the terminal has sync.
. "$(dirname "$0")/lib.sh"

unset COLORTERM 2>/dev/null || true
# The outer tmux and mux below go too, whatever happens.
OUTER="o$$"
OUTER_MUX="om$$"
trap 'tmux -L "$OUTER" kill-server >/dev/null 2>&1;
    "$MUX_BIN" -L "$OUTER_MUX" kill-server >/dev/null 2>&1; cleanup' EXIT
export PS1='$ '
m new -d -s x -x 80 -y 20 sh
wait_pane x '$'
clients() {
	m list-clients -F '#{client_termtype}|#{client_termfeatures}'
}

# (ptydrive answers queries only while it reads, so each script first
# waits for the screen, which comes after the queries, then for the
# answers' effect.)
# A truecolor test pattern the pane prints on demand.
m send-keys -t x "tc() { printf '\\033[38;2;1;2;3mTRUE\\033[m\\n'; }" Enter

# kitty: 24-bit colour, and the disambiguated keys asked for.
"$PTYDRIVE" -s 80x24 -X 'kitty(0.26.5)' -D '1;4000;21' -- \
    "$MUX_BIN" -L "$LABEL" attach -t x <<'EOF2' || fail "kitty"
wait $
run "$UNTIL" '"$MUX_BIN" -L "$LABEL" list-clients -F "#{client_termtype}" | grep -qx "kitty(0.26.5)"'
raw \e[>1u
mark
send tc\r
line TRUE
raw \e[38;2;1;2;3mTRUE
raw \e[?2026h
raw \e[?2026l
EOF2
expect_eq "$(clients)" "" "client gone after kitty"

# What was on the screen before the answer came is drawn again with what
# it proves.
m send-keys -t x clear Enter tc Enter
wait_pane x TRUE
"$PTYDRIVE" -s 80x24 -X 'kitty(0.26.5)' -D '1;4000;21' -- \
    "$MUX_BIN" -L "$LABEL" attach -t x <<'EOF2' || fail "kitty redraw"
wait TRUE
raw \e[38;2;1;2;3mTRUE
EOF2

# What kitty sends for C-Enter and C-S-Enter reaches a program that asked
# for the kitty protocol as CSI 13;5u, and C-S-Enter is bindable.
m bind -n C-S-Enter set -g @hit yes
"$PTYDRIVE" -s 80x24 -X 'kitty(0.26.5)' -D '1;4000;21' -- \
    "$MUX_BIN" -L "$LABEL" attach -t x <<'EOF2' || fail "kitty keys"
wait $
run "$UNTIL" '"$MUX_BIN" -L "$LABEL" list-clients -F "#{client_termfeatures}" | grep -q kittykeys'
send clear; stty -echo; printf '\\033[>1u'; echo READY; read -r l; printf '%s\\n' "$l" | cat -v; printf '\\033[<u'; stty echo\r
line READY
send \e[13;5u\r
line ^[[13;5u
wait $
send \e[13;6u
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" show -gv @hit)" = yes'
EOF2

# The same from send-keys, and the protocol's own replies and stack.
m send-keys -t x "clear; stty -echo; printf '\\033[>1u'; echo READY; read -r l; printf '%s\\n' \"\$l\" | cat -v; printf '\\033[<u'; stty echo" Enter
wait_pane x READY
m send-keys -t x C-Enter Enter
poll_until "C-Enter from send-keys" pane_has_line x '^[[13;5u'

# The features, as client_termfeatures lists them, for each terminal.
features() {
	# features XTVERSION DA2 EXPECTED
	"$PTYDRIVE" -s 80x24 -X "$1" -D "$2" -- \
	    "$MUX_BIN" -L "$LABEL" attach -t x >/dev/null <<EOF2 || fail "features of $1"
wait \$
run "\$UNTIL" 'test "\$("\$MUX_BIN" -L "\$LABEL" list-clients -F "#{client_termtype}|#{client_termfeatures}")" = "$1|$3"'
EOF2
}
# tmux 3.3a's own answers.
features 'XTerm(380)' '41;380;0' \
    256,bpaste,ccolour,clipboard,cstyle,extkeys,focus,margins,mouse,rectfill,RGB,strikethrough,title
features 'tmux 3.3a' '84;0;0' \
    256,bpaste,ccolour,clipboard,cstyle,focus,mouse,overline,RGB,strikethrough,title,usstyle
features 'iTerm2 3.4.19' '0;95;0' \
    256,bpaste,ccolour,clipboard,cstyle,extkeys,focus,margins,mouse,osc7,RGB,strikethrough,sync,title,usstyle
features 'mintty 3.6.1' '77;30601;0' \
    256,bpaste,ccolour,clipboard,cstyle,extkeys,focus,margins,mouse,overline,RGB,strikethrough,title,usstyle
# mux's own.
features 'foot(1.16.2)' '1;11602;0' \
    256,bpaste,ccolour,clipboard,hyperlinks,cstyle,extkeys,focus,kittykeys,mouse,RGB,strikethrough,sync,title,usstyle
features 'WezTerm 20230712' '1;277;0' \
    256,bpaste,ccolour,clipboard,hyperlinks,cstyle,focus,kittykeys,mouse,overline,RGB,strikethrough,sync,title,usstyle
features 'mux 0.1' '0;100;0' \
    256,bpaste,ccolour,clipboard,cstyle,extkeys,focus,kittykeys,mouse,overline,RGB,strikethrough,sync,title,usstyle
# By DA2 alone: VTE (GNOME Terminal), alacritty and Windows Terminal.
features 'none' '65;6003;1' \
    256,bpaste,ccolour,clipboard,hyperlinks,cstyle,focus,mouse,overline,RGB,strikethrough,title,usstyle
features 'none' '0;1302;1' \
    256,bpaste,ccolour,clipboard,hyperlinks,cstyle,focus,kittykeys,mouse,RGB,strikethrough,sync,title,usstyle
features 'none' '0;10;1' \
    256,bpaste,ccolour,clipboard,hyperlinks,cstyle,focus,mouse,RGB,strikethrough,title

# A terminal that proves nothing: what terminfo and terminal-features
# give xterm-256color, no 24-bit colour, no kitty keys asked for.
"$PTYDRIVE" -s 80x24 -X 'VT100-fake' -D '0;115;0' -- \
    "$MUX_BIN" -L "$LABEL" attach -t x <<'EOF2' || fail "plain"
wait $
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" list-clients -F "#{client_termtype}|#{client_termfeatures}")" = "VT100-fake|bpaste,ccolour,clipboard,cstyle,focus,title"'
send tc\r
line TRUE
noraw 38;2;
noraw \e[?2026
noraw \e[>1u
EOF2

# A TERM without colours at all (vt100): a kitty answer still gives 24-bit
# colour.
"$PTYDRIVE" -s 80x24 -T vt100 -X 'kitty(0.26.5)' -- \
    "$MUX_BIN" -L "$LABEL" attach -t x <<'EOF2' || fail "vt100 kitty"
wait $
run "$UNTIL" '"$MUX_BIN" -L "$LABEL" list-clients -F "#{client_termtype}" | grep -qx "kitty(0.26.5)"'
mark
send tc\r
line TRUE
raw \e[38;2;1;2;3mTRUE
EOF2

# A client that draws for itself (MUX_KEEP_TTY) asks too, and draws with
# what the answer proves.
MUX_KEEP_TTY=1 "$PTYDRIVE" -s 80x24 -X 'kitty(0.26.5)' -D '1;4000;21' -- \
    "$MUX_BIN" -L "$LABEL" attach -t x <<'EOF2' || fail "client draws"
wait $
raw \e[>1u
mark
send tc\r
line TRUE
raw \e[38;2;1;2;3mTRUE
EOF2

# Inside tmux 3.3a, with no configuration: tmux answers "tmux 3.3a" and
# mux draws 24-bit colour into tmux's pane.
if command -v tmux >/dev/null 2>&1; then
	t() { tmux -L "$OUTER" -f /dev/null "$@"; }
	t new -d -x 80 -y 24 "$MUX_BIN -L $LABEL attach -t x"
	poll_until "mux inside tmux" sh -c \
	    "'$MUX_BIN' -L '$LABEL' list-clients -F '#{client_termtype}' | grep -qx 'tmux 3.3a'"
	m send-keys -t x clear Enter tc Enter
	poll_until "24-bit colour in tmux's pane" sh -c \
	    "tmux -L '$OUTER' capture-pane -p -e | grep -q '38;2;1;2;3mTRUE'"
	t kill-server
fi
# Inside mux itself: the outer pane answers "mux VERSION".
om() { "$MUX_BIN" -L "$OUTER_MUX" -f /dev/null "$@"; }
om new -d -x 80 -y 24 "$MUX_BIN -L $LABEL attach -t x"
poll_until "mux inside mux" sh -c \
    "'$MUX_BIN' -L '$LABEL' list-clients -F '#{client_termtype}' | grep -q '^mux '"
m send-keys -t x clear Enter tc Enter
poll_until "24-bit colour in the outer mux's pane" sh -c \
    "'$MUX_BIN' -L '$OUTER_MUX' capture-pane -p -e | grep -q '38;2;1;2;3mTRUE'"
om kill-server
exit 0
