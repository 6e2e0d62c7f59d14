#!/bin/sh
# Terminal fidelity: what a program in a pane draws reaches the user's
# terminal as it was sent, and what the terminal reports reaches the
# program as it asked for it. Replies to queries are read back by a small
# program in the pane; what the user sees is checked in an attached client
# whose output ptydrive parses (cell colours and attributes, cursor shape,
# title, bell, OSC strings). Only what attach.sh, mouse.sh and buffers.sh
# do not already check.
. "$(dirname "$0")/lib.sh"
export PS1='$ '
unset COLORTERM COLORFGBG TERMINFO 2>/dev/null || true

# rd.sh QUERY END TAG: write QUERY (a printf format) to the terminal, read
# the reply up to its last byte (END: that character, "bel" or "st"), and
# print "TAG:reply" with cat -v.
cat >rd.sh <<'EOF'
stty raw -echo
printf "$1"
case $2 in
bel) end=$(printf '\007') ;;
st) end='\' ;;
*) end=$2 ;;
esac
r=
while c=$(dd bs=1 count=1 2>/dev/null); do
	r="$r$c"
	case "$end" in
	*"$c"*) break ;;
	esac
done
stty sane
printf '\r'
printf '%s:%s\n' "$3" "$r" | cat -v
EOF

# reply TARGET 'QUERY' END TAG EXPECTED: run rd.sh in the pane, wait for
# TAG:EXPECTED on a line of its own.
reply() {
	m send-keys -t "$1" "clear; sh rd.sh '$2' $3 $4" Enter
	poll_until "$4 reply $5" sh -c "\"$MUX_BIN\" -L $LABEL capture-pane -p -t $1 | grep -qxF -- '$4:$5'"
}

# raw.sh MODES TAG: write MODES (a printf format: the modes the program
# asks for) and ready-TAG, then show what it reads, control characters
# visible.
cat >raw.sh <<'EOF'
stty raw -echo
printf "$1"
printf 'ready-%s\r\n' "$2"
exec cat -v
EOF

m new -d -s a -x 80 -y 24 sh || fail "new"
wait_prompt a

# --- Replies come from the pane's own state -------------------------------
reply a '\033[c' c DA1 '^[[?1;2c'
reply a '\033[>c' c DA2 '^[[>84;0;0c'
reply a '\033[5n' n DSR '^[[0n'
# The cursor position is the pane's, not the window's.
m split-window -h -t a sh
wait_prompt a.1
reply a.1 '\033[5;7H\033[6n' R CPR '^[[5;7R'
m kill-pane -t a.1
reply a '\033[?2004$p' y RQM '^[[?2004;2$y'
reply a '\033[?2004h\033[?2004$p\033[?2004l' y RQM '^[[?2004;1$y'
reply a '\033[?4m' m MOK '^[[>4;0m'

# --- Colour queries --------------------------------------------------------
# No client knows the terminal's colours: a dark default, ended as asked.
reply a '\033]11;?\007' bel BG '^[]11;rgb:0000/0000/0000^G'
reply a '\033]10;?\033\\' st FG '^[]10;rgb:e5e5/e5e5/e5e5^[\'
# The xterm palette, what the program set, and a reset.
reply a '\033]4;1;?\007' bel P1 '^[]4;1;rgb:cdcd/0000/0000^G'
reply a '\033]4;1;#102030\007\033]4;1;?\007' bel P1 '^[]4;1;rgb:1010/2020/3030^G'
reply a '\033]104\007\033]4;1;?\007' bel P1 '^[]4;1;rgb:cdcd/0000/0000^G'

# An attached client asks its terminal and the pane gets the answer. Keys
# typed after the answer reach the server after it, so no waiting is
# needed once the terminal has been asked.
"$PTYDRIVE" -F rgb:1111/2222/3333 -B rgb:fdfd/f6f6/e3e3 -s 80x24 -- \
    "$MUX_BIN" -L "$LABEL" attach -t a <<'EOF2' || fail "host colours"
osc 10;?
osc 11;?
send clear; sh rd.sh '\\033]11;?\\007' bel BG\r
line BG:^[]11;rgb:fdfd/f6f6/e3e3^G
send clear; sh rd.sh '\\033]10;?\\007' bel FG\r
line FG:^[]10;rgb:1111/2222/3333^G
EOF2
# A terminal that does not answer: COLORFGBG says, and the keys typed
# meanwhile are not held up.
COLORFGBG='0;15' "$PTYDRIVE" -s 80x24 -- \
    "$MUX_BIN" -L "$LABEL" attach -t a <<'EOF2' || fail "COLORFGBG"
osc 11;?
send clear; sh rd.sh '\\033]11;?\\007' bel BG\r
line BG:^[]11;rgb:ffff/ffff/ffff^G
send clear; sh rd.sh '\\033]10;?\\007' bel FG\r
line FG:^[]10;rgb:0000/0000/0000^G
EOF2
# Detached again: what the last terminal said.
reply a '\033]11;?\007' bel BG '^[]11;rgb:fdfd/f6f6/e3e3^G'

# pane_is TARGET FORMAT VALUE: wait until FORMAT expands to VALUE.
pane_is() {
	poll_until "$2 = $3" sh -c "test \"\$(\"$MUX_BIN\" -L $LABEL display -p -t '$1' '$2')\" = '$3'"
}

# --- Titles ----------------------------------------------------------------
m send-keys -t a "clear; printf '\\033]2;osc-two\\007'" Enter
pane_is a '#{pane_title}' osc-two
m send-keys -t a "clear; printf '\\033]0;osc-zero\\033\\\\'" Enter
pane_is a '#T' osc-zero
m set -t a set-titles on
m set -t a set-titles-string 'T=#T'
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<'EOF2' || fail "host title"
title T=osc-zero
send printf '\\033]2;%s\\007' new-title\r
title T=new-title
EOF2
m set -t a set-titles off

# --- What the user sees: attributes, colours, wide characters --------------
cat >draw.sh <<'EOF'
printf '\033[1mB\033[m\033[2mD\033[m\033[3mI\033[m\033[4mU\033[m\033[5mK\033[m'
printf '\033[7mR\033[m\033[8mH\033[m\033[9mS\033[m\033[4:2mW\033[m\033[4:3mC\033[m\n'
printf 'x\033[31ma\033[38;5;200mb\033[38;2;10;20;30mc\033[48;2;200;100;50md\033[m\n'
printf 'a\344\270\255b\360\237\230\200ce\314\201f\n'
exec cat
EOF
m new -d -s draw -x 80 -y 24 sh draw.sh || fail "new draw"
wait_pane draw 'xabcd'
# The pane's grid: a wide character takes two columns, a combining mark
# stays on its base.
expect_eq "$(m capture-pane -p -t draw | sed -n 3p)" \
    "$(printf 'a\344\270\255b\360\237\230\200ce\314\201f')" "wide and combining"
# 256 colours as sent without COLORTERM, 24-bit mapped to the nearest;
# curly and double underline plain where terminfo has no Smulx; default
# colours stay the terminal's.
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t draw <<'EOF2' || fail "attributes and 256 colours"
wait xabcd
cell 0 0 ch=B bold !italic !reverse fg=default bg=default
cell 2 0 ch=I italic !bold
cell 3 0 ch=U ul=1
cell 4 0 ch=K blink
cell 5 0 ch=R reverse
cell 7 0 ch=S strike
cell 8 0 ch=W ul=1
cell 9 0 ch=C ul=1
raw \e[2mD
raw \e[8mH
cell 0 1 ch=x fg=default bg=default
cell 1 1 ch=a fg=1 bg=default
cell 2 1 ch=b fg=200
cell 3 1 ch=c fg=233
cell 4 1 ch=d fg=233 bg=167
cell 0 2 ch=a width=1
cell 1 2 ch=中 width=2
cell 3 2 ch=b
cell 4 2 ch=😀 width=2
cell 6 2 ch=c
cell 7 2 ch=e\xcc\x81
cell 8 2 ch=f
EOF2
# 24-bit where COLORTERM says so; curly and double underline where
# terminfo has Smulx.
COLORTERM=truecolor "$PTYDRIVE" -T tmux-256color -s 80x24 -- \
    "$MUX_BIN" -L "$LABEL" attach -t draw <<'EOF2' || fail "24-bit colour"
cell 3 1 ch=c fg=#0a141e
cell 4 1 ch=d fg=#0a141e bg=#c86432
cell 2 1 ch=b fg=200
cell 8 0 ch=W ul=2
cell 9 0 ch=C ul=3
EOF2

# --- The cursor: shape (DECSCUSR) and visibility ---------------------------
m new -d -s k -x 80 -y 24 sh || fail "new k"
wait_prompt k
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t k <<'EOF2' || fail "cursor"
run "$MUX_BIN" -L "$LABEL" respawn-pane -k -t k "sh raw.sh '\033[6 q' t1"
wait ready-t1
shape bar steady
run "$MUX_BIN" -L "$LABEL" respawn-pane -k -t k "sh raw.sh '\033[3 q\033[?25l' t2"
shape underline blink
visible 0
run "$MUX_BIN" -L "$LABEL" respawn-pane -k -t k "sh raw.sh '\033[2 q\033[?25h' t3"
shape block steady
visible 1
EOF2

# --- Keys, paste, focus and mouse reach a program as it asked ---------------
m set -g mouse on
# A program that asked for nothing: classic keys (C-Enter is Enter), no
# paste markers, no focus or mouse events. Z ends what is sent.
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t k <<'EOF2' || fail "keys, no modes"
raw \e[>4;1m
run "$MUX_BIN" -L "$LABEL" respawn-pane -k -t k "sh raw.sh '' t4"
wait ready-t4
send \e[1;5A\e[15;2~\e[A\eOp\e[27;5;13~
send \e[200~pasted\e[201~\e[I\e[O\e[<0;10;5M\e[<0;10;5mZ
line ^[[1;5A^[[15;2~^[[A0^MpastedZ
EOF2
# extended-keys always: C-Enter reaches even a program that did not ask.
m set -s extended-keys always
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t k <<'EOF2' || fail "extended-keys always"
run "$MUX_BIN" -L "$LABEL" respawn-pane -k -t k "sh raw.sh '' t4a"
wait ready-t4a
send \e[27;5;13~\rZ
line ^[[27;5;13~^MZ
EOF2
m set -s extended-keys on
if m set -s extended-keys sometimes 2>err; then fail "bad extended-keys"; fi
# Focus events reach programs only with focus-events on (tmux's default is
# off).
m set -s focus-events on
# One that asked for application cursor keys and keypad, bracketed paste,
# focus events, SGR mouse and modifyOtherKeys gets each.
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t k <<'EOF2' || fail "keys, all modes"
run "$MUX_BIN" -L "$LABEL" respawn-pane -k -t k "sh raw.sh '\033[?1h\033=\033[?2004h\033[?1004h\033[?1000h\033[?1006h\033[>4;1m' t5"
wait ready-t5
send \e[1;5A\e[A\eOp\e[27;5;13~|
wait ^[[1;5A^[OA^[Op^[[27;5;13~|
send \e[200~pasted\e[201~|
wait |^[[200~pasted^[[201~|
send \e[I\e[O|
wait |^[[I^[[O|
send \e[<0;10;5M\e[<0;10;5m|
wait |^[[<0;10;5M^[[<0;10;5m|
mark
run "$MUX_BIN" -L "$LABEL" set -s extended-keys off
raw \e[>4m
EOF2
m set -s extended-keys on

# Mouse: X10 encoding and any-event motion at pane-relative coordinates;
# the pane beside it, which asked for nothing, gets nothing. The wheel
# down (which tmux 3.3a leaves unbound; up enters copy mode, as its
# WheelUpPane binding says) over a full-screen program without the mouse
# scrolls it by arrow keys.
m split-window -h -t k sh
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t k <<'EOF2' || fail "mouse encodings"
run "$MUX_BIN" -L "$LABEL" respawn-pane -k -t k.1 "sh raw.sh '\033[?1000h' t6"
run "$MUX_BIN" -L "$LABEL" respawn-pane -k -t k.0 "sh raw.sh '\033[?1049h' t7"
wait ready-t7
send \e[<0;60;5M\e[<0;60;5m
wait ^[[M 3%^[[M#3%
run "$MUX_BIN" -L "$LABEL" respawn-pane -k -t k.1 "sh raw.sh '\033[?1003h\033[?1006h' t8"
wait ready-t8
send \e[<35;61;6M
wait ^[[<35;20;6M
send \e[<65;10;5M
wait ^[[B^[[B^[[B
EOF2
m kill-pane -t k.1
# UTF-8 (1005) and urxvt (1015) encodings, far enough right to tell.
m new -d -s w -x 200 -y 24 sh || fail "new w"
"$PTYDRIVE" -s 200x24 -- "$MUX_BIN" -L "$LABEL" attach -t w <<'EOF2' || fail "mouse encodings, wide"
run "$MUX_BIN" -L "$LABEL" respawn-pane -k -t w "sh raw.sh '\033[?1000h\033[?1005h' u1"
wait ready-u1
send \e[<0;150;5M|
wait ^[[M M-BM-6%|
run "$MUX_BIN" -L "$LABEL" respawn-pane -k -t w "sh raw.sh '\033[?1000h\033[?1015h' u2"
wait ready-u2
send \e[<0;150;5M|
wait ^[[32;150;5M|
EOF2
m kill-session -t w

# Focus: switching panes or windows sends out to the one left and in to
# the one chosen, when they asked for it (?1004).
m new -d -s f -x 80 -y 24 "sh raw.sh '\033[?1004h' t9" || fail "new f"
m split-window -t f "sh raw.sh '\033[?1004h' t10"
m new-window -d -t f:1 "sh raw.sh '\033[?1004h' t11"
wait_pane f.0 ready-t9
wait_pane f.1 ready-t10
wait_pane f:1 ready-t11
m select-pane -t f.0
wait_pane f.0 '^[[I'
wait_pane f.1 '^[[O'
m select-window -t f:1
wait_pane f:1 '^[[I'
wait_pane f:0.0 '^[[I^[[O'
m kill-session -t f

# --- 24-bit colour: terminfo, and the options that force it ----------------
# The draw session's 24-bit cell, by whatever told the client.
if command -v tic >/dev/null 2>&1; then
	cat >ti.src <<'EOF'
mux-tc|xterm-256color with Tc,
	Tc, use=xterm-256color,
mux-rgb|xterm-256color with RGB,
	RGB, use=xterm-256color,
mux-setrgb|xterm-256color with setrgbf,
	setrgbb=\E[48;2;%p1%d;%p2%d;%p3%dm,
	setrgbf=\E[38;2;%p1%d;%p2%d;%p3%dm, use=xterm-256color,
EOF
	tic -x -o "$TEST_DIR/ti" ti.src || fail "tic"
	for t in mux-tc mux-rgb mux-setrgb; do
		TERMINFO="$TEST_DIR/ti" "$PTYDRIVE" -T $t -s 80x24 -- \
		    "$MUX_BIN" -L "$LABEL" attach -t draw <<'EOF2' || fail "24-bit colour from terminfo $t"
cell 3 1 ch=c fg=#0a141e
EOF2
	done
fi
m set -s terminal-features 'xterm*:RGB'
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t draw <<'EOF2' || fail "terminal-features RGB"
cell 3 1 ch=c fg=#0a141e
run "$MUX_BIN" -L "$LABEL" set -s terminal-features ''
cell 3 1 ch=c fg=233
run "$MUX_BIN" -L "$LABEL" set -as terminal-overrides ',xterm-256color:Tc'
cell 3 1 ch=c fg=#0a141e
EOF2
m set -s terminal-overrides ''

# A program's palette (OSC 4), default background (OSC 11) and reverse
# video (DECSCNM) are drawn.
cat >pal.sh <<'EOF'
printf '\033]4;1;#102030\007\033]11;#0a0b0c\007\033[31mP\033[mQ\n'
printf '\033[?5h'
exec cat
EOF
m new -d -s pal -x 80 -y 24 sh pal.sh || fail "new pal"
COLORTERM=truecolor "$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t pal <<'EOF2' || fail "palette"
cell 0 0 ch=P fg=#102030 bg=#0a0b0c reverse
cell 1 0 ch=Q fg=default bg=#0a0b0c reverse
EOF2

# --- OSC 52: forwarded to the terminal with set-clipboard on, neither
# kept nor forwarded with external or off ---------------------------------
m new -d -s o -x 80 -y 24 sh || fail "new o"
wait_prompt o
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t o <<'EOF2' || fail "OSC 52"
send printf '\\033]52;c;%s\\007' $(printf osc-copy | base64)\r
osc 52;c;b3NjLWNvcHk=
run "$MUX_BIN" -L "$LABEL" set -s set-clipboard external
mark
send printf '\\033]52;c;%s\\007%s\\n' $(printf ext | base64) sent-ext\r
wait sent-ext
noraw 52;c;ZXh0
EOF2
expect_eq "$(m show-buffer)" "osc-copy" "OSC 52 with set-clipboard external"
m set -s set-clipboard on

# --- The bell: to the terminal (bell-action), flagged in the status line
# (monitor-bell), or shown as a message (visual-bell) ----------------------
m new -d -s b -x 80 -y 24 sh || fail "new b"
m new-window -d -t b:1 -n ringer sh
m new-window -d -t b:2 -n quiet sh
m set -w -t b:2 monitor-bell off
wait_prompt b:1
wait_prompt b:2
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t b <<'EOF2' || fail "bell"
wait 0:sh*
run "$MUX_BIN" -L "$LABEL" send-keys -t b:1 "printf '\\a'" Enter
wait 1:ringer!
bell 1
run "$MUX_BIN" -L "$LABEL" set -t b visual-bell on
run "$MUX_BIN" -L "$LABEL" send-keys -t b:1 "printf '\\a'" Enter
wait Bell in window 1
bell 1
EOF2
m send-keys -t b:2 "printf '\\a%s\\n' rang" Enter
wait_pane b:2 rang
expect_eq "$(m display -p -t b:2 '#{window_bell_flag}')" 0 "monitor-bell off"

# --- Synchronized output that never ends shows after its timeout ----------
m new -d -s y -x 80 -y 24 "printf '\\033[?2026hSYNC-NEVER-ENDS'; exec cat" || fail "new y"
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t y <<'EOF2' || fail "sync timeout"
wait SYNC-NEVER-ENDS
EOF2

# --- The pane's modes: alternate screens, origin, regions, insert, and
# CSI 3 J -------------------------------------------------------------------
# alt.sh MODE: a primary screen, the cursor at 5,3, the alternate screen
# (MODE), and back after a line is read.
cat >alt.sh <<'EOF'
printf '\033[H\033[2Jprimary-%s\033[3;5H' "$1"
printf '\033[?%sh\033[HALT-%s' "$1" "$1"
read x
printf '\033[?%sl' "$1"
exec cat
EOF
m new -d -s alt -x 80 -y 24 sh || fail "new alt"
wait_prompt alt
for mode in 1049 1047 47; do
	m respawn-pane -k -t alt "sh alt.sh $mode"
	wait_pane alt "ALT-$mode"
	expect_eq "$(m capture-pane -p -t alt | grep -c primary)" 0 "alternate screen $mode shown"
	m send-keys -t alt Enter
	wait_pane alt "primary-$mode"
	expect_eq "$(m capture-pane -p -t alt | grep -c ALT)" 0 "alternate screen $mode left"
done
m respawn-pane -k -t alt "sh alt.sh 1049"
wait_pane alt ALT-1049
m send-keys -t alt Enter
wait_pane alt primary-1049
pane_is alt '#{cursor_x},#{cursor_y}' 4,2

cat >modes.sh <<'EOF'
printf '\033[H\033[2J\033[5;10r\033[?6h\033[1;1HORIGIN\033[?6l\033[r'
printf '\033[12;1Habc\r\033[4hX\033[4l'
printf '\033[15;17r\033[15;1H1\n2\n3\n4\033[r\033[20;1HDONE'
exec cat
EOF
m respawn-pane -k -t alt "sh modes.sh"
wait_pane alt DONE
expect_eq "$(m capture-pane -p -t alt | sed -n '5p;12p;15,18p' | tr '\n' ' ')" \
    "ORIGIN Xabc 2 3 4  " "origin mode, insert mode, scroll region"

m respawn-pane -k -t alt sh
wait_prompt alt
m send-keys -t alt 'seq 1 60' Enter
wait_pane alt 60
poll_until "history" sh -c "test \"\$(\"$MUX_BIN\" -L $LABEL display -p -t alt '#{history_size}')\" -gt 0"
# The lines the prompt and the command scroll away afterwards go to
# history again: a handful, not the 37 of seq.
m send-keys -t alt "printf '\\033[3J'; echo cleared" Enter
wait_pane alt cleared
poll_until "CSI 3 J" sh -c "test \"\$(\"$MUX_BIN\" -L $LABEL display -p -t alt '#{history_size}')\" -lt 5"
pane_shows alt 60 || fail "CSI 3 J cleared the screen"
exit 0
