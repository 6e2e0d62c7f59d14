#!/bin/sh
# Options against tmux 3.3a (skipped when tmux is not installed): the
# output of show -g, -gw, -s and -gp must be tmux's, but for the
# deliberate differences, each of which the manual lists under
# "Deliberate differences"; then the same set-option and show-options
# commands (user options at every scope, arrays, flags, errors) must give
# the same output, errors and exit status in both.
command -v tmux >/dev/null 2>&1 || exit 77
MAN="$(cd "$(dirname "$0")/.." && pwd)/man/mux.1"
. "$(dirname "$0")/lib.sh"
# lib.sh makes the client UTF-8, for both: tmux prints non-ASCII text as
# "_" to a client whose locale is not UTF-8, which mux does not do (see
# the manual).
FAILED=0
# Note a difference and go on, so that one run lists them all.
bad() {
	echo "FAIL: $TEST_NAME: $*" >&2
	FAILED=1
}

# Options mux deliberately gives another default, or has and tmux lacks.
DELIBERATE="default-terminal escape-time extended-keys assume-paste-time set-clipboard frame-interval save-interval save-history-lines resurrect-commands"

REF="ref$$"
unset TMUX MUX
SHELL=/bin/sh
export SHELL
t() { tmux -L "$REF" -f /dev/null "$@"; }
cleanup_ref() { t kill-server 2>/dev/null; }
trap 'cleanup_ref; cleanup' EXIT

# Every deliberate difference is in the manual's list.
section=$(awk '/^\.Ss Deliberate differences/ { on = 1; next }
    on && /^\.S[sh] / { on = 0 } on' "$MAN")
for name in $DELIBERATE; do
	printf '%s\n' "$section" | grep -q "^\.It Ic $name\$" ||
	    bad "deliberate difference $name is not in the manual's list"
done

t new -d -s a -x 80 -y 24 || fail "tmux new"
m new -d -s a -x 80 -y 24 || fail "mux new"

# A line of show output whose option is a deliberate difference.
strip() {
	awk -v list="$DELIBERATE" 'BEGIN { n = split(list, d, " ")
	    for (i = 1; i <= n; i++) skip[d[i]] = 1 }
	    { name = $1; sub(/\[.*/, "", name); sub(/\*$/, "", name)
	      if (!(name in skip)) print }'
}
for flags in -g -gw -s -gp -gA -gwA -sA -gpA; do
	t show $flags | strip >"$TEST_DIR/tmux.out" 2>&1
	m show $flags | strip >"$TEST_DIR/mux.out" 2>&1
	if ! cmp -s "$TEST_DIR/tmux.out" "$TEST_DIR/mux.out"; then
		diff "$TEST_DIR/tmux.out" "$TEST_DIR/mux.out" >&2
		bad "show $flags differs from tmux"
	fi
done

# The same commands in both: output, errors and status must match.
n=0
while IFS= read -r line; do
	case "$line" in ''|'#'*) continue ;; esac
	n=$((n + 1))
	eval "set -- $line"
	t "$@" >"$TEST_DIR/tmux.raw" 2>&1; echo "status $?" >>"$TEST_DIR/tmux.raw"
	m "$@" >"$TEST_DIR/mux.raw" 2>&1; echo "status $?" >>"$TEST_DIR/mux.raw"
	strip <"$TEST_DIR/tmux.raw" >"$TEST_DIR/tmux.out"
	strip <"$TEST_DIR/mux.raw" >"$TEST_DIR/mux.out"
	if ! cmp -s "$TEST_DIR/tmux.out" "$TEST_DIR/mux.out"; then
		printf '%s\n' "--- $line" >&2
		diff "$TEST_DIR/tmux.out" "$TEST_DIR/mux.out" >&2
		bad "differs from tmux: $line"
	fi
done <<'EOF'
# User options at every scope, and tmux's scope rule for show.
set -g @plugin 'tmux-plugins/tpm'
set -g @a 1
set -s @s 2
set -w @w 3
set -p @p 4
set -gw @gw 5
show -g @plugin
show -gv @a
show -g
show -s @s
show -w
show -p
show -gw
show @a
show -A @a
show -pA @gw
show -A
show -wA
show -pA
show -sA
show -gw
show -wA @gw
set -g @a
set -ga @a 23
show -gv @a
set -gu @a
show -g @a
show -gq @a
set -gu @nosuch
set -u -g status on
show -g status
set -g '@x[1]' y
# Names: prefixes, ambiguity, unknown options.
show -g status-l
show -g status-left-l
show -gv history-l
set -g nosuch 1
set -gq nosuch 1
show -g nosuch
show -gq nosuch
set -gu nosuch
set -g '' x
set -g '[1]' x
set -g 'status-format[' x
set -g mouse ''
show -g mouse
set -gw pane-colours red,blue
show -gw pane-colours
set -g status-style ''
show -g status-style
set -g prefix ''
set -g status ''
show -s 'nosuch[1]'
show -s 'terminal-features[x]'
# Types and their errors.
set -g history-limit -1
set -g history-limit 99999999999
set -g history-limit 1x
set -g history-limit
set -g status-left-length 40000
set -g repeat-time 32768
set -g mouse maybe
set -g mouse
show -g mouse
set -g mouse
set -g mouse YES
show -g mouse
set -g status-position left
set -g status 2
show -g status
set -g status
show -g status
set -g visual-bell
show -g visual-bell
set -g prefix NotAKey
set -g prefix C-a
show -g prefix
set -g prefix2 None
show -g prefix2
set -s backspace C-h
show -s backspace
set -g display-panes-colour colour300
set -g display-panes-colour Red
show -g display-panes-colour
set -g display-panes-colour colour200
show -g display-panes-colour
set -g display-panes-colour '#FF0000'
show -g display-panes-colour
set -g status-style bg=red,junk
set -g status-style bg=red,bold
show -g status-style
set -ga status-style fg=blue
show -g status-style
set -g status-style '#{?client_prefix,bg=red,}'
show -g status-style
set -g message-style 'align=left range=window|1 list=on fill=blue noitalics'
show -g message-style
set -g default-size 10
set -g default-size 100x40
show -g default-size
set -g default-shell bogus
set -w mode-keys vi
show -w mode-keys
show -w
set -p mode-keys emacs
show -w
set -w -u mode-keys
set -ag status-left X
show -g status-left
set -o -g status-left Y
set -oq -g status-left Y
set -o -g @new Z
show -g @new
# Window and pane options.
set -p remain-on-exit on
show -p
show -w
set -w remain-on-exit failed
show -w remain-on-exit
set -Uw remain-on-exit
show -p
show -w
set -w @x 1
set -p @x 2
set -Uw @x
show -p
show -w
set -gp synchronize-panes on
show -p
show -gw synchronize-panes
set -pu synchronize-panes
# Arrays.
show -g status-format[1]
show -gv status-format[1]
show -g status-format[7]
show -gv update-environment
set -ga update-environment FOO
show -g update-environment
set -gu update-environment[3]
show -g update-environment
set -g update-environment[20] BAR
show -g update-environment
set -g update-environment 'A B,C'
show -g update-environment
set -g update-environment
set -g status-left[1] y
show -gv status-left[0]
set -ga terminal-overrides ',xterm*:Tc,foo:bar'
show -s terminal-overrides
show -sv terminal-overrides[1]
set -su terminal-overrides
show -s terminal-overrides
set -s terminal-features 'a:b'
show -s terminal-features
set -gw pane-colours[3] red
set -gw pane-colours[4] nocolour
show -gw pane-colours
set -s command-alias[10] 'foo=show-options -gv'
show -s command-alias[10]
foo base-index
foo status-justify
split-pane -d
set -su command-alias[10]
foo
# Values that need quoting read back as set-option arguments.
set -g @q 'a$b'
show -g @q
set -g @q '$1 $_ ${x} $%'
show -g @q
set -g @q '~x'
show -g @q
set -g @q '#'
show -g @q
set -g @q 'a"b'
show -g @q
set -g @q "a'b"
show -g @q
set -g @q 'x\y'
show -g @q
set -g @q ' '
show -g @q
set -g @q 'é ü'
show -g @q
set -g @q ''
show -g @q
# -F expands a format.
set -g base-index 3
set -gF @f '#{session_name}:#{window_index}'
show -gv @f
# The window forms.
setw -g aggressive-resize on
showw -g aggressive-resize
showw -gv aggressive-resize
setw @ww 1
showw
EOF
[ "$n" -gt 100 ] || fail "only $n commands compared"
exit "$FAILED"
