#!/bin/sh
# The status lines as tmux 3.3a draws them: status-format[N] for status 2
# to 5, status-justify, the #[...] directives (align=, list=, range=,
# fill=, push-default and pop-default), a message on the last status line,
# and a click on a window drawn by a range. Cell by cell on an attached
# client (ptydrive), then side by side with tmux 3.3a.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

m new -d -s a -x 80 -y 24 sh || fail "new"
m new-window -d sh
m set -g status-right 'R'

# --- status-justify: the window list centred, right, absolute-centre ------
m set -g status-justify centre
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF || fail "justify centre"
wait 0:sh* 1:sh
cell 0 23 ch=[ fg=0 bg=2
cell 36 23 ch=0 fg=0 bg=2
cell 79 23 ch=R fg=0 bg=2
EOF
m set -g status-justify right
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF || fail "justify right"
wait 0:sh* 1:sh
cell 68 23 ch=0 fg=0 bg=2
cell 77 23 ch=h
cell 79 23 ch=R
EOF
m set -g status-justify left

# --- Two lines: status-format[1] is the pane list, centred ----------------
m set -g status 2
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF || fail "status 2"
wait 0[80x22]
cell 0 22 ch=[ fg=0 bg=2
cell 36 23 ch=0 fg=0 bg=2 reverse
cell 43 23 ch=] reverse
cell 44 23 ch=\x20 fg=0 bg=2 !reverse
cell 0 21 fg=default bg=default
EOF

# --- Three lines at the top; a line with no format is blank; fill= and
# align= in a format of one's own; a message goes on the last line --------
m set -g status 3
m set -g status-position top
m set -g 'status-format[1]' '#[fill=blue align=right fg=yellow]right#[align=left]left'
m set -g display-time 600000
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF || fail "status 3 at the top"
wait right
cell 0 0 ch=[ fg=0 bg=2
cell 0 1 ch=l fg=3 bg=2
cell 10 1 ch=\x20 fg=default bg=4
cell 79 1 ch=t fg=3 bg=2
cell 0 2 ch=\x20 fg=0 bg=2
cell 0 3 ch=$
run "\$MUX_BIN" -L "\$LABEL" display-message -t a hello
wait hello
cell 0 2 ch=h fg=0 bg=3
cell 0 0 ch=[ fg=0 bg=2
EOF
m set -g display-time 750

# --- A click on a window's range selects it (status 3, at the top) --------
m set -g mouse on
m select-window -t :0
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<'EOF2' || fail "a click on a range"
wait 1:sh
send \e[<0;13;1M\e[<0;13;1m
run "$UNTIL" 'test "$("$MUX_BIN" -L "$LABEL" display -p -t a "#{window_index}")" = 1'
EOF2
# A user range on line 2 is the status line (Status, no window); a window
# range of a window that is not there is nothing; elsewhere the line is
# StatusDefault. (Other buttons: a second press of one button soon after
# the first is a SecondClick, not a MouseDown.)
m set -g 'status-format[1]' '#[range=user|x]USER#[norange] #[range=window|7]GONE'
m bind -n MouseDown1Status display-message -t a 'status'
m bind -n MouseDown2Status display-message -t a 'wrong'
m bind -n MouseDown3StatusDefault display-message -t a 'default'
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<'EOF2' || fail "user and missing ranges"
wait USER
send \e[<0;2;2M\e[<0;2;2m
wait status
send \e[<1;8;2M\e[<1;8;2m
send \e[<2;30;2M\e[<2;30;2m
wait default
EOF2
m kill-server

# --- Side by side with tmux 3.3a ------------------------------------------
. "$REGRESS_DIR/side-by-side.sh"
side_by_side 80x24
both set -s escape-time 0
compare "the default status line"
both new-window -d sh
both new-window -d sh
for j in centre right absolute-centre left; do
	both set -g status-justify $j
	compare "status-justify $j"
done
for n in 2 3 4 5 off on; do
	both set -g status $n
	compare "status $n"
done
both set -g status 2
both set -g status-position top
compare "two lines at the top"
both split-window -h sh
compare "two lines, two panes"
both set -g 'status-format[1]' '#[align=right]R#[align=centre]C#[align=left]L#[align=absolute-centre]A'
compare "aligned sections"
both set -g 'status-format[1]' '#[fill=colour100 bg=red]x#[push-default]#[fg=blue]y#[default]z#[pop-default]w#[default]v'
compare "fill and push-default"
both set -g 'status-format[1]' '#{W:#[range=window|#{window_index}]#I#[norange] }#[align=right]#{P:#{pane_index} }'
compare "window and pane loops"
both set -g display-time 600000
both display-message 'a message'
compare "a message on the last status line"
both set -g status-position bottom
compare "a message at the bottom"
keys C-c
both set -g display-time 750
both set -u -g 'status-format[1]'
both set -g status on
# A window list too long, centred and right: cut around the current
# window with its markers.
for i in 3 4 5 6 7 8 9 10 11 12; do
	both new-window -d sh
done
for j in centre right absolute-centre left; do
	both set -g status-justify $j
	for w in 0 6 12; do
		both select-window -t ":$w"
		compare "a long list, $j, window $w"
	done
done
both set -g status-left-length 40
both set -g status-left '#[bg=red]#{=10:session_name}#[align=right]over#[default] '
compare "status-left with its own alignment"
exit 0
