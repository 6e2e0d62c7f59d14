#!/bin/sh
# Targets: every token and lookup rule of tmux 3.3a's manual (COMMANDS),
# checked against what tmux 3.3a answers for the same layout: sessions by
# $id, exact name, prefix, fnmatch pattern and "=exact" (several matches
# are none); windows by @id, index, name, prefix, pattern, +N -N ! ^ $ and
# the {start} ... {previous} forms; panes by %id, index, + - !, the
# {top} ... {bottom-right} sides and corners and {up-of} ... {right-of};
# bare names falling back from pane to window to session; the error
# messages. Each line of the table below is
#	target|what display -p -t TARGET prints|has-session -t TARGET: status and message
# (for has-session, a session target; for display, a pane target).
. "$(dirname "$0")/lib.sh"

m new -d -s alpha -n vim -x 80 -y 24 || fail "new alpha"
m neww -d -t alpha:1 -n vimdiff
m neww -d -t alpha:3 -n shell
m new -d -s alphabet -n one -x 80 -y 24
m new -d -s beta -n grid -x 80 -y 24
# beta:0 is a 2x2 grid: 0 top-left, 1 bottom-left, 2 top-right, 3
# bottom-right; 1 is active, 3 was active before it.
m splitw -t beta:0 -h
m splitw -t beta:0.0 -v
m splitw -t beta:0.2 -v
m neww -d -t beta:5 -n last
m selectw -t beta:5
m selectw -t beta:0
m selectp -t beta:0.3
m selectp -t beta:0.1
expect_eq "$(m display -p -t beta:0 '#{P:#{pane_index}:#{pane_left}#,#{pane_top} }')" \
    "0:0,0 1:0,13 2:41,0 3:41,13 " "the grid"

F='#{session_name}:#{window_index}.#{pane_index}'
while IFS='|' read -r t want_display want_has; do
	# (display-message takes a target it cannot find quietly, as
	# tmux's; pipe-pane, with no command a no-op, reports it.)
	got=$(m pipe-pane -t "$t" 2>&1 && m display -p -t "$t" "$F" 2>&1)
	expect_eq "$got" "$want_display" "display -t $t"
	got=$(m has -t "$t" 2>&1; echo "$?")
	got=$(printf '%s' "$got" | tr '\n' ' ')
	case $want_has in
	0) want="0" ;;
	*) want="${want_has#1 } 1" ;;
	esac
	expect_eq "$got" "$want" "has -t $t"
done <<'EOT'
alpha|alpha:0.0|0
=alpha|can't find pane: =alpha|0
alph|can't find pane: alph|1 can't find session: alph
=alph|can't find pane: =alph|1 can't find session: alph
alphab|alphabet:0.0|0
al*|can't find pane: al*|1 can't find session: al*
a*|can't find pane: a*|1 can't find session: a*
bet|beta:0.1|0
b?ta|beta:0.1|0
$0|alpha:0.0|0
$1|alphabet:0.0|0
$9|can't find session: $9|1 can't find session: $9
@0|alpha:0.0|0
@1|alpha:1.0|0
@99|can't find window: @99|1 can't find window: @99
%0|alpha:0.0|0
%3|alphabet:0.0|0
%99|can't find pane: %99|1 can't find pane: %99
beta:|beta:0.1|0
beta:0|beta:0.1|0
beta:=grid|beta:0.1|0
beta:gr|beta:0.1|0
beta:g*|beta:0.1|0
beta:nosuch|can't find window: nosuch|1 can't find window: nosuch
alpha:vim|alpha:0.0|0
alpha:=vim|alpha:0.0|0
alpha:vi|can't find window: vi|1 can't find window: vi
alpha:vimd|alpha:1.0|0
alpha:v*|can't find window: v*|1 can't find window: v*
alpha:9|can't find window: 9|1 can't find window: 9
beta:^|beta:0.1|0
beta:$|beta:5.0|0
beta:!|beta:5.0|0
beta:+|beta:5.0|0
beta:-|beta:5.0|0
beta:+2|beta:0.1|0
beta:-3|beta:5.0|0
beta:{start}|beta:0.1|0
beta:{end}|beta:5.0|0
beta:{last}|beta:5.0|0
beta:{next}|beta:5.0|0
beta:{previous}|beta:5.0|0
beta:0.0|beta:0.0|0
beta:0.1|beta:0.1|0
beta:0.9|can't find pane: 9|1 can't find pane: 9
beta:0.!|beta:0.3|0
beta:0.+|beta:0.2|0
beta:0.-|beta:0.0|0
beta:0.+2|beta:0.3|0
beta:0.{last}|beta:0.3|0
beta:0.{next}|beta:0.2|0
beta:0.{previous}|beta:0.0|0
beta:0.{top}|beta:0.0|0
beta:0.{bottom}|beta:0.1|0
beta:0.{left}|beta:0.0|0
beta:0.{right}|beta:0.2|0
beta:0.{top-left}|beta:0.0|0
beta:0.{top-right}|beta:0.2|0
beta:0.{bottom-left}|beta:0.1|0
beta:0.{bottom-right}|beta:0.3|0
beta:0.{up-of}|beta:0.0|0
beta:0.{down-of}|beta:0.0|0
beta:0.{left-of}|beta:0.3|0
beta:0.{right-of}|beta:0.3|0
beta:0.%3|can't find pane: %3|1 can't find pane: %3
beta:0.%0|can't find pane: %0|1 can't find pane: %0
beta:.2|beta:0.2|0
beta.2|beta:0.2|0
beta:0.|beta:0.1|0
:|beta:0.1|0
:.|beta:0.1|0
.|beta:0.1|0
.1|beta:0.1|0
:1|can't find window: 1|1 can't find window: 1
1|beta:0.1|1 can't find session: 1
5|beta:5.0|1 can't find session: 5
grid|beta:0.1|1 can't find session: grid
grid.1|beta:0.1|0
last|beta:5.0|1 can't find session: last
shell|can't find pane: shell|1 can't find session: shell
nosuch|can't find pane: nosuch|1 can't find session: nosuch
nosuch:1|can't find session: nosuch|1 can't find session: nosuch
beta:nosuch.1|can't find window: nosuch|1 can't find window: nosuch
{marked}|no marked target|1 no marked target
~|no marked target|1 no marked target
{mouse}|no mouse target|1 no mouse target
=|no mouse target|1 no mouse target
=beta|can't find pane: =beta|0
beta:0.{nosuch}|can't find pane: {nosuch}|1 can't find pane: {nosuch}
{last}|beta:0.3|1 can't find session: {last}
!|beta:0.3|1 can't find session: !
+|beta:0.2|1 can't find session: +
{up-of}|beta:0.0|1 can't find session: {up-of}
{top}|beta:0.0|1 can't find session: {top}
top|beta:0.0|1 can't find session: top
EOT

# A window index for new-window: "+N" from the current window (alpha's is
# 0), a free index, the next free one for a bare session; a pane is
# refused.
expect_eq "$(m neww -d -t alpha:+2 -n plus -P -F '#{window_index}')" "2" \
    "neww -t alpha:+2"
expect_eq "$(m neww -d -t alpha:-1 2>&1)" "can't find window: -1" \
    "neww below 0"
expect_eq "$(m neww -d -t alpha -n bare -P -F '#{window_index}')" "4" \
    "neww -t session"
expect_eq "$(m neww -d -t alpha: -P -F '#{window_index}')" "5" \
    "neww -t session:"
expect_eq "$(m neww -d -t alpha:9 -P -F '#{window_index}')" "9" \
    "neww -t free index"
expect_eq "$(m neww -d -t beta:0.1 2>&1)" "can't specify pane here" \
    "neww -t pane"
# Nothing is marked.
expect_eq "$(m neww -d -t '{marked}' 2>&1)" "no marked target" \
    "neww {marked}"
exit 0
