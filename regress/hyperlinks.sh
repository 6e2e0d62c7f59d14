#!/bin/sh
# Hyperlinks (OSC 8): kept in the pane's cells and history, written back
# by capture-pane -e (beyond tmux 3.3a, which keeps none), and drawn on a
# terminal that has the hyperlinks feature (terminal-features, as tmux
# names it), not on one without, whether the server draws or the client
# (MUX_KEEP_TTY=1, which gets them in its frames); underline colours the
# same. The attached client runs in ptydrive, which sees every byte mux
# writes to its terminal.
. "$(dirname "$0")/lib.sh"

cat > link.sh <<'EOF2'
printf 'a\033]8;;http://example.com\033\\link\033]8;;\033\\b\n'
printf '\033]8;id=7;file:///tmp\007x\033]8;;\007\n'
EOF2

m new -d -s h -x 40 -y 10 "PS1='$ ' sh" || fail "new"
wait_prompt h
m send -t h 'clear; sh link.sh' Enter
wait_line h alinkb

esc=$(printf '\033')
expect_eq "$(m capture-pane -p -t h | grep -x 'alinkb')" "alinkb" "plain capture"
expect_eq "$(m capture-pane -pe -t h | grep 'link' | grep -v sh)" \
    "a${esc}]8;;http://example.com${esc}\\link${esc}]8;;${esc}\\b" \
    "capture -e writes the link"
expect_eq "$(m capture-pane -pe -t h | grep 'tmp')" \
    "${esc}]8;id=7;file:///tmp${esc}\\x${esc}]8;;${esc}\\" \
    "capture -e writes id="

# Into history and back out with capture -S -.
m send -t h 'i=0; while [ $i -lt 20 ]; do echo $i; i=$((i+1)); done' Enter
wait_line h 19
m capture-pane -p -t h | grep -qx 'alinkb' && fail "still on screen"
expect_eq "$(m capture-pane -pe -S - -t h | grep 'link' | grep -v sh)" \
    "a${esc}]8;;http://example.com${esc}\\link${esc}]8;;${esc}\\b" \
    "history keeps the link"

m send -t h 'clear; sh link.sh' Enter
wait_line h alinkb
# No hyperlinks feature: the terminal gets the text, no OSC 8.
"$PTYDRIVE" -s 40x11 -- "$MUX_BIN" -L "$LABEL" attach -t h <<'EOF2' || fail "no feature"
line alinkb
noraw \e]8;
EOF2
# With it: the link, ended where the text is no longer linked.
m set -as terminal-features ',*:hyperlinks'
"$PTYDRIVE" -s 40x11 -- "$MUX_BIN" -L "$LABEL" attach -t h <<'EOF2' || fail "hyperlinks"
line alinkb
raw \e]8;;http://example.com\e\\link\e]8;;\e\\b
raw \e]8;id=7;file:///tmp\e\\x
mark
send seq 12\r
line 12
gone alinkb
mark
run "$MUX_BIN" -L "$LABEL" copy-mode -t h
run "$MUX_BIN" -L "$LABEL" send -X -t h history-top
wait [6/6]
raw \e]8;;http://example.com\e\\link\e]8;;\e\\b
EOF2
m send -X -t h cancel

# A client that draws for itself (MUX_KEEP_TTY=1) gets the links in its
# frames and draws them the same; and underline colours (SGR 58), drawn
# with Setulc where the terminal has usstyle, by either.
m send -t h "clear; sh link.sh; printf '\\033[4;58;2;1;2;3mUL\\033[m\\n'" Enter
wait_line h UL
m set -as terminal-features ',*:usstyle'
for keep in 0 1; do
	if [ "$keep" = 1 ]; then
		MUX_KEEP_TTY=1
		export MUX_KEEP_TTY
	fi
	"$PTYDRIVE" -s 40x11 -- "$MUX_BIN" -L "$LABEL" attach -t h <<'EOF2' || fail "client draws (MUX_KEEP_TTY=$keep)"
line alinkb
raw \e]8;;http://example.com\e\\link\e]8;;\e\\b
raw \e]8;id=7;file:///tmp\e\\x
raw \e[58:2:1:2:3m
line UL
EOF2
done
exit 0
