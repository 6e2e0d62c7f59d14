#!/bin/sh
# The cursor drawn on the terminal, as tmux 3.3a draws it: its shape and
# colour are the program's (DECSCUSR, OSC 12; reset with CSI 0 SP q and
# OSC 112) or else the pane's cursor-style and cursor-colour options,
# sent through terminfo Ss/Se and Cs/Cr (the cstyle and ccolour features,
# which xterm-256color has). The same whether the server draws or the
# client does (MUX_KEEP_TTY=1).
. "$(dirname "$0")/lib.sh"

export PS1='$ '
m new -d -s x -x 80 -y 20 sh
wait_pane x '$'
m set -g cursor-style bar
m set -g cursor-colour red

for keep in 0 1; do
	if [ "$keep" = 1 ]; then
		MUX_KEEP_TTY=1
		export MUX_KEEP_TTY
	fi
	m set -g cursor-colour red
	"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t x <<'EOF2' || fail "cursor (MUX_KEEP_TTY=$keep)"
wait $
shape bar steady
osc 12;rgb:cd/00/00
mark
send clear; printf '\\033[3 q\\033]12;#0000ff\\007'\r
shape underline blink
raw \e]12;rgb:00/00/ff\x07
mark
send clear; printf '\\033[0 q\\033]112\\007'\r
shape bar steady
raw \e]12;rgb:cd/00/00\x07
mark
run "$MUX_BIN" -L "$LABEL" set -g cursor-style blinking-block
shape block blink
run "$MUX_BIN" -L "$LABEL" set -gu cursor-colour
raw \e]112\x07
mark
run "$MUX_BIN" -L "$LABEL" set -p -t x cursor-colour '#102030'
raw \e]12;rgb:10/20/30\x07
mark
run "$MUX_BIN" -L "$LABEL" set -g cursor-style default
raw \e[2 q
EOF2
	m set -g cursor-style bar
	m set -pu -t x cursor-colour
done
unset MUX_KEEP_TTY

# A terminal without ccolour (terminal-features gives it none) gets no
# colour at all.
m set -g cursor-colour red
"$PTYDRIVE" -s 80x24 -T vt220 -- "$MUX_BIN" -L "$LABEL" attach -t x <<'EOF2' || fail "vt220"
wait $
noraw \e]12
EOF2
