#!/bin/sh
# display-menu on an attached client (ptydrive), as tmux 3.3a: the box,
# title, the selected item in mode-style, disabled items dim; an item
# chosen by its key, by the arrows and Enter, and by the mouse (tmux's
# default right-click menu, released over an item); prefix < opens the
# window menu; bad arguments give clear errors. Then side by side with
# tmux 3.3a in the same outer terminal.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

m new -d -s a -x 80 -y 24 sh || fail "new"
wait_prompt a
m display-menu 2>err && fail "menu with no arguments"
expect_eq "$(cat err)" \
    "command display-menu: too few arguments (need at least 1)" \
    "no arguments, in tmux 3.3a's words"

P="$MUX_BIN -L $LABEL"
MENU="-T '#[align=centre]Title' x a 'set -g @chosen x' '' -Dis b 'set -g @chosen dis' y c 'set -g @chosen y'"
# --- By key, by arrows and Enter ----------------------------------------------
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF || fail "keys"
wait [a]
run $P display-menu x a 2>e1; true
run $P display-menu -c nosuch x a b 2>e2; true
run ($P display-menu $MENU; echo \$? >st1) &
wait Title
row 8 $(printf '%35s' '')┌─Title─┐
cell 37 9 ch=x fg=0 bg=3
cell 41 9 ch=) fg=0 bg=3
cell 37 11 ch=D bg=default
cell 43 9 ch=\xe2\x94\x82 bg=default
cell 35 10 ch=\xe2\x94\x9c
cell 43 10 ch=\xe2\x94\xa4
send b
absent Dis(
cell 37 9 ch=x fg=0 bg=3
send c
gone Title
run ($P display-menu $MENU) &
wait Title
send \e[B
cell 37 12 ch=y bg=3
cell 37 9 ch=x bg=default
send \e[A
cell 37 9 ch=x bg=3
send \e[A
cell 37 12 ch=y bg=3
send \r
gone Title
EOF
"$UNTIL" 'test -s st1' || fail "menu command did not finish"
expect_eq "$(cat st1)" 0 "display-menu's status"
grep -q "^not enough arguments" e1 || fail "two arguments: $(cat e1)"
grep -q "can't find client: nosuch" e2 || fail "-c nosuch: $(cat e2)"
expect_eq "$(m show -gv @chosen)" y "chosen by Up (wrapping) and Enter"

# --- By the mouse: tmux's right-click menu, and prefix < -----------------------
m set -g mouse on
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF || fail "mouse"
wait [a]
send \e[<2;11;6M
wait Horizontal Split
send \e[<34;11;7M
cell 2 6 ch=H fg=0 bg=3
send \e[<2;11;7m
gone Horizontal Split
run "$UNTIL" 'test "\$($P display -p -t a "#{window_panes}")" = 2'
send \x02<
wait Swap Left
send q
gone Swap Left
EOF
# -O: released off an item, the menu stays; a click on one chooses it.
m bind -n MouseDown3Status display-menu -O -x M -y M One a 'set -g @o one' Two b 'set -g @o two'
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF || fail "mouse -O"
wait [a]
send \e[<2;6;24M
wait Two
send \e[<2;70;3m
send \e[<34;6;20M
wait Two
send \e[<0;6;22M
gone Two
run "$UNTIL" 'test "\$($P show -gv @o)" = two'
EOF
m kill-pane -t a.1

# --- Side by side with tmux 3.3a ---------------------------------------------
m kill-server
. "$REGRESS_DIR/side-by-side.sh"
side_by_side 80x24
keys() {
	o send-keys -t o:0 "$@" || fail "keys to tmux"
	o send-keys -t o:1 "$@" || fail "keys to mux"
}
t set -s escape-time 0
m set -s escape-time 0
compare "the default screen"
for c in t m; do
	$c display-menu -T '#[align=centre]A title' -x 3 -y 20 \
	    First f 'set -g @x 1' '' '-Disabled' d '' \
	    '#[fg=red]Red#[default] item' r '' 'No key' '' '' &
done
compare "a menu"
keys Down
compare "the next item"
keys Escape
compare "closed"
keys C-b '>'
compare "prefix > (the pane menu)"
keys Escape
compare "closed again"
keys C-b '<'
compare "prefix < (the window menu, at the window in the status line)"
keys Escape
compare "closed once more"
t set -g mouse on
m set -g mouse on
esc=$(printf '\033')
keys -l "$esc[<2;31;9M"
compare "the right-click menu at the mouse"
keys -l "$esc[<34;31;11M"
compare "the mouse over an item"
keys -l "$esc[<2;79;2m"
compare "released off the menu"
keys -l "$esc[<2;8;24M"
compare "the status line's right-click menu"
keys Escape
compare "the last closed"
exit 0
