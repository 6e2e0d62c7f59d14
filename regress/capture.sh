#!/bin/sh
# capture-pane: the history at its limit, in order; -e styles and their
# round trip through a second pane; -J joins wrapped lines and a resize
# narrow then wide gives the lines back; wide and combining characters in
# their columns; -a (the primary screen under the alternate one) and -q;
# -C escapes; -P. Panes run a fixed program and stay when it exits
# (remain-on-exit), so the expected text is known exactly.
. "$(dirname "$0")/lib.sh"

# pane_dead TARGET: the pane's program has exited and all its output has
# been read.
pane_dead() {
	test "$(m display -p -t "$1" '#{pane_dead}')" = 1
}

# run_pane SESSION WIDTH HEIGHT COMMAND: a session whose one pane runs
# COMMAND; returns when it has exited.
run_pane() {
	m new -d -s "$1" -x "$2" -y "$3" "$4" || fail "new $1"
	poll_until "$1 to finish" pane_dead "$1"
}

# A server with the options the panes need before they exist.
m new -d -s keep cat || fail "new keep"
m set -g history-limit 10000
m set -g remain-on-exit on
# No "Pane is dead" line: these checks count the program's own lines.
m set -g remain-on-exit-format ''

# History: 20000 lines through a 24-row pane keeping 10000. The screen
# holds 19978 to 20000 and the empty line the cursor is on; 19977 lines
# scrolled off, of which the newest 10000 (9978 to 19977) are kept.
run_pane h 80 24 'seq 1 20000'
{ seq 9978 20000; echo; } >expect
m capture-pane -p -t h -S -10000 >out
cmp -s out expect || fail "-S -10000: $(wc -l <out) lines, from $(head -1 out)"
m capture-pane -p -t h -S - >out
cmp -s out expect || fail "-S - is not the whole history"
m capture-pane -p -t h -S -20000 -E 0 >out
expect_eq "$(head -1 out) $(tail -1 out) $(wc -l <out)" "9978 19978 10001" \
    "-S beyond the history, -E 0"
m capture-pane -p -t h -S -3 -E -1 >out
expect_eq "$(cat out)" "19975
19976
19977" "history lines only"
# The limit is read when the pane is made.
m set -g history-limit 100
run_pane h2 80 24 'seq 1 20000'
m capture-pane -p -t h2 -S - >out
{ seq 19878 20000; echo; } >expect
cmp -s out expect || fail "history-limit 100: $(wc -l <out) lines"

# -e: each attribute, 16, 256 and 24-bit colours, as tmux 3.3a writes
# them (the expected text is tmux's own output for this fixture, but for
# overline: tmux writes 5:3, which terminals read as blink, mux 53): a
# sequence for each part, a style running on into the next line, spaces
# at a line's end dropped but the change to their style kept.
printf '%b' \
    '\033[1mbold\033[0m \033[2mdim\033[0m \033[3mitalic\033[0m \033[4mul\033[0m \033[4:2mdouble\033[0m \033[4:3mcurly\033[0m\n' \
    '\033[5mblink\033[0m \033[7mreverse\033[0m \033[8mhidden\033[0m \033[9mstrike\033[0m \033[53mover\033[0m\n' \
    '\033[31mred\033[0m \033[91mbright\033[0m \033[38;5;123mc123\033[0m \033[38;2;1;2;3mrgb\033[0m\n' \
    '\033[42mbg\033[0m \033[102mbrbg\033[0m \033[48;5;200mbg200\033[0m \033[48;2;10;20;255mbgrgb\033[0m\n' \
    '\033[1;31;44mmulti\033[22mnobold\033[39mdeffg\033[0m plain\n' \
    '\033[1;38;5;208mrunning on\n' \
    'next line \033[7m   \033[0m\n' \
    'plain\033[44m   \033[0mx\n' >fixture
run_pane e 100 10 'cat fixture'
m capture-pane -p -e -C -t e -E 7 >out
cat >expect <<'EOF'
\033[1mbold\033[0m\033[39m\033[49m \033[2mdim\033[0m\033[39m\033[49m \033[3mitalic\033[0m\033[39m\033[49m \033[4mul\033[0m\033[39m\033[49m \033[4:2mdouble\033[0m\033[39m\033[49m \033[4:3mcurly
\033[0;5m\033[39m\033[49mblink\033[0m\033[39m\033[49m \033[7mreverse\033[0m\033[39m\033[49m \033[8mhidden\033[0m\033[39m\033[49m \033[9mstrike\033[0m\033[39m\033[49m \033[53mover
\033[0m\033[31m\033[49mred\033[39m \033[91mbright\033[39m \033[38;5;123mc123\033[39m \033[38;2;1;2;3mrgb
\033[39m\033[42mbg\033[49m \033[102mbrbg\033[49m \033[48;5;200mbg200\033[49m \033[48;2;10;20;255mbgrgb
\033[1m\033[31m\033[44mmulti\033[0m\033[31m\033[44mnobold\033[39mdeffg\033[49m plain
\033[1m\033[38;5;208mrunning on
next line \033[7m
\033[0m\033[39m\033[49mplain\033[44m   \033[49mx
EOF
expect_eq "$(cat out)" "$(cat expect)" "-e -C"
# Without -e the same text, trailing blanks trimmed.
m capture-pane -p -t e -E 7 >out
expect_eq "$(sed -n '6,8p' out)" "running on
next line
plain   x" "text of styled lines"
# The captured bytes printed into a fresh pane capture the same text, and
# the same styles where no line ended in styled blanks (line 7's reverse
# blanks are dropped with only their style kept, as tmux does, so they do
# not come back).
m capture-pane -p -e -t e -E 7 >styled
run_pane e2 100 10 'cat styled'
m capture-pane -p -e -t e2 -E 5 >out
head -n 6 styled >styled6
cmp -s out styled6 || fail "-e round trip: $(cat -v out)"
m capture-pane -p -t e -E 7 >text
m capture-pane -p -t e2 -E 7 >out
cmp -s out text || fail "-e round trip, text: $(cat -v out)"
# Into a buffer too.
m capture-pane -e -t e -E 7 -b cap
m show-buffer -b cap >out
cmp -s out styled || fail "-e into a buffer"

# -J: a line wrapped over rows comes back whole; resizing narrower and
# wider re-wraps it and gives back the rows it had.
long=$(seq -s - 1 40)
printf 'short\n%s\nend\n' "$long" >text
run_pane j 40 5 'cat text'
m capture-pane -p -J -t j -S - | sed 's/ *$//' >out
expect_eq "$(sed -n '1,3p' out)" "short
$long
end" "-J joins wrapped lines"
m capture-pane -p -t j -S - >wide
expect_eq "$(sed -n '2,4p' wide)" "$(printf '%s\n' "$long" | cut -c1-40)
$(printf '%s\n' "$long" | cut -c41-80)
$(printf '%s\n' "$long" | cut -c81-)" "wrapped at 40"
m split-window -h -d -t j cat || fail "split"
expect_eq "$(m display -p -t j.0 '#{pane_width}')" 20 "narrower"
m capture-pane -p -t j.0 -S - >out
expect_eq "$(sed -n '3p' out)" "$(printf '%s\n' "$long" | cut -c21-40)" \
    "re-wrapped at 20"
m capture-pane -p -J -t j.0 -S - | sed 's/ *$//' >out
expect_eq "$(sed -n '1,3p' out)" "short
$long
end" "-J at 20"
m kill-pane -t j.1
expect_eq "$(m display -p -t j.0 '#{pane_width}')" 40 "wider"
m capture-pane -p -t j -S - >out
cmp -s out wide || fail "narrow then wide: $(cat out)"

# Wide (CJK) and combining characters: the cells after them are where the
# columns say. \344\270\255 is U+4E2D, \346\226\207 U+6587 (2 columns
# each), \314\201 U+0301 (combining acute, 0 columns).
printf '%b' \
    '\344\270\255\346\226\207|\n' \
    '\344\270\255\346\226\207\033[2;6HX\n' \
    'e\314\201\033[3;3HZ\n' \
    'abcde\344\270\255\n' \
    '\033[6;5H\344\270\255\n' >cjk
run_pane u 6 8 'cat cjk'
m capture-pane -p -t u -E 5 >out
printf '%b' '\344\270\255\346\226\207|\n' \
    '\344\270\255\346\226\207 X\n' \
    'e\314\201 Z\n' \
    'abcde\n' \
    '\344\270\255\n' \
    '    \344\270\255\n' >expect
cmp -s out expect || fail "wide and combining: $(od -c out)"
# Overwriting the right half of a wide character blanks its left half.
run_pane u2 10 2 "printf '\\344\\270\\255\\346\\226\\207\\033[1;2Hy'"
m capture-pane -p -t u2 -E 0 >out
printf '%b' ' y\346\226\207\n' >expect
cmp -s out expect || fail "half a wide character: $(od -c out)"

# The alternate screen: -a reads the primary screen it hides; leaving it
# brings the primary screen back; -a with no alternate screen is an
# error, which -q silences.
printf '%s\n' 'printf "primary one\nprimary two\n"' \
    'printf "\033[?1049h\033[HALT SCREEN"' \
    'read x' \
    'printf "\033[?1049l"' \
    'read x' >alt.sh
m new -d -s a -x 30 -y 5 'sh alt.sh' || fail "new a"
wait_pane a 'ALT SCREEN'
expect_eq "$(m capture-pane -p -t a)" "ALT SCREEN" "alternate screen shown"
expect_eq "$(m capture-pane -p -a -t a)" "primary one
primary two" "-a: the primary screen"
expect_eq "$(m capture-pane -p -a -t a -S -5 -E 0)" "primary one" \
    "-a: no history"
m send-keys -t a Enter
wait_pane a 'primary one'
expect_eq "$(m capture-pane -p -t a)" "primary one
primary two" "primary screen back"
if m capture-pane -p -a -t a >out 2>err; then fail "-a with no alternate"; fi
expect_eq "$(cat err)" "no alternate screen" "-a error"
m capture-pane -p -a -q -t a >out 2>err || fail "-a -q"
expect_eq "$(cat err)" "" "-a -q is quiet"
expect_eq "$(od -An -c out | tr -d ' ')" '\n' "-a -q prints an empty line"
m capture-pane -a -q -t a -b none || fail "-a -q into a buffer"
if m show-buffer -b none >/dev/null 2>&1; then fail "-a -q made a buffer"; fi

# -C: backslashes doubled, the ESC of -e sequences in octal.
run_pane c 40 3 "printf 'back\\\\slash\\n\\033[1mbold\\033[0m\\n'"
expect_eq "$(m capture-pane -p -t c -E 0)" 'back\slash' "the text"
expect_eq "$(m capture-pane -p -C -t c -E 0)" 'back\\slash' "-C"
expect_eq "$(m capture-pane -p -C -e -t c -E 1)" 'back\\slash
\033[1mbold' "-C -e"

# -P: an escape sequence the program has begun but not finished.
m new -d -s p -x 40 -y 3 "printf 'x\\033[12;'; cat" || fail "new p"
wait_pane p x
expect_eq "$(m capture-pane -p -P -C -t p)" '\033[12;' "-P -C"
m send-keys -t p -l 'H'
poll_until "sequence to end" sh -c \
    "test -z \"\$($MUX_BIN -L $LABEL capture-pane -p -P -t p)\""

m has -t keep || fail "server died"
exit 0
