#!/bin/sh
# flags-misc: display-message -a (every variable with a value, name=value
# in name order, each as #{name} gives it, then command=), show-messages
# -J (the jobs, as tmux 3.3a prints them), display-message -v and -I,
# split-window -I, select-layout -o, -E and layout descriptions,
# resize-pane -T.
. "$(dirname "$0")/lib.sh"
PS1='$ '
export PS1

# select-layout -o: back to the layout before the last select-layout,
# next-layout or previous-layout (again: undo the undo); nothing before
# the first. And a layout description is applied as it is. As tmux.
m new -d -s l -x 80 -y 24 || fail "mux new"
if command -v tmux >/dev/null 2>&1; then
	REF="ref$$"
	t() { tmux -L "$REF" -f /dev/null "$@"; }
	trap 't kill-server >/dev/null 2>&1; cleanup' EXIT
	t new -d -s l -x 80 -y 24 || fail "tmux new"
	for cmd in "selectl -o" "splitw" "selectl even-horizontal" \
	    "selectl -o" "selectl -o" "nextl" "selectl -o" "splitw -h" \
	    "selectl e470,80x24,0,0[80x7,0,0,0,80x7,0,8,1,80x8,0,16,2]" \
	    "selectl -o" "selectl -o"; do
		# shellcheck disable=SC2086
		set -- $cmd
		c1=$1
		shift
		t "$c1" -t l "$@" || fail "tmux $cmd"
		m "$c1" -t l "$@" || fail "mux $cmd"
		expect_eq "$(m display -p -t l '#{window_layout}')" \
		    "$(t display -p -t l '#{window_layout}')" "after $cmd"
	done
	# select-layout -E: the pane and those beside it the same size, or
	# the nearest split above that changes (with pane status lines too).
	for x in t m; do
		$x new -d -s E -x 80 -y 24 || fail "$x new E"
		$x splitw -t E && $x splitw -t E -l 3 && $x splitw -h -t E:0.0 &&
		    $x resize-pane -t E:0.0 -x 10 || fail "$x panes for -E"
	done
	for cmd in "selectl -E -t E:0.0" "selectl -E -t E:0.2" \
	    "resize-pane -t E:0.3 -y 2" "set -g pane-border-status top" \
	    "selectl -E -t E:0.3" "set -g pane-border-status off" \
	    "resize-pane -t E:0.3 -y 2" "set -g pane-border-status bottom" \
	    "selectl -E -t E:0.3" "set -g pane-border-status off"; do
		# shellcheck disable=SC2086
		t $cmd || fail "tmux $cmd"
		# shellcheck disable=SC2086
		m $cmd || fail "mux $cmd"
		expect_eq "$(m display -p -t E '#{window_layout}')" \
		    "$(t display -p -t E '#{window_layout}')" "after $cmd"
	done

	# display-message -v: each step of the expansion, as tmux words it.
	# (The window named by hand: an automatic name is whatever the
	# pane's process is called when it is read, and tmux's is "tmux"
	# while its child has yet to run the shell.)
	t renamew -t l shell-name || fail "tmux renamew"
	m renamew -t l shell-name || fail "mux renamew"
	for f in '#{session_name} #{?pane_active,y,n}' \
	    'x#{=3:session_name}#{p5:window_index}|#{n:session_name}' \
	    '#{?#{==:a,b},yes,no}' '#S:#I ##[x] #,' '#{s/l/d/:session_name}' \
	    '#{?nonesuch,a,b}' '#{w:session_name}' '#{E:status-left}' \
	    '#{W:#{window_index} }' '#{m:*l*,alb}' '#{l:#{x}}' \
	    '#{e|+|:1,2}' '#{e|*|f|3:2,4}' '#{a:65}' '#{q:session_name}' \
	    '#{||:0,1}' '#{P:#{pane_index}}' '#{=/2/...:window_name}'; do
		expect_eq "$(m display -v -p -t l "$f" 2>&1)" \
		    "$(t display -v -p -t l "$f" 2>&1)" "display -v '$f'"
	done

	# split-window -I: an empty pane showing the client's standard
	# input; display-message -I adds to it; an empty command makes an
	# empty pane too; a pane with a program is not empty.
	for x in t m; do
		$x new -d -s I -x 80 -y 24 || fail "$x new I"
		printf 'hello\nworld' | $x splitw -I -t I || fail "$x splitw -I"
		printf ' more\n' | $x display -I -t I:0.1 || fail "$x display -I"
		$x splitw -t I '' || fail "$x splitw ''"
		$x send -t I:0.1 abc || fail "$x send-keys to an empty pane"
	done
	f='#{pane_index} #{pane_pid} #{pane_dead} #{pane_start_command}'
	expect_eq "$(m capture-pane -p -t I:0.1; m list-panes -t I -F "$f" |
	    sed 's/^0 [0-9]* /0 PID /')" \
	    "$(t capture-pane -p -t I:0.1; t list-panes -t I -F "$f" |
	    sed 's/^0 [0-9]* /0 PID /')" "split-window -I"
	printf x | m display -I -t I:0.0 2>err && fail "display -I, not empty"
	expect_eq "$(cat err)" "pane is not empty" "display -I, not empty"

	# resize-pane -T: the lines below the cursor go, history comes back.
	for x in t m; do
		$x new -d -s T -x 40 -y 10 sh || fail "$x new T"
		$x send -t T "clear; seq 1 25; printf '\\033[3;5H'; cat" Enter
	done
	at() { [ "$($1 display -p -t T '#{cursor_x},#{cursor_y}')" = "4,2" ]; }
	poll_until "tmux's cursor at 4,2" at t
	poll_until "mux's cursor at 4,2" at m
	f='#{cursor_x},#{cursor_y} #{history_size}'
	t resize-pane -T -t T || fail "tmux resize-pane -T"
	m resize-pane -T -t T || fail "mux resize-pane -T"
	expect_eq "$(m capture-pane -p -t T; m display -p -t T "$f")" \
	    "$(t capture-pane -p -t T; t display -p -t T "$f")" "resize-pane -T"
	m resize-pane -T -t T || fail "resize-pane -T at the bottom"
	expect_eq "$(m display -p -t T "$f")" "$(t display -p -t T "$f")" \
	    "resize-pane -T again"
fi
m selectl -t l 'ffff,80x24,0,0,0' 2>err && fail "a bad checksum"
grep -qx "invalid layout: ffff,80x24,0,0,0" err || fail "bad checksum error: $(cat err)"

m new -d -s c -x 80 -y 24 sh || fail "new"
wait_prompt c:0.0
m display -a -t c:0.0 >all || fail "display -a"
grep -qx "session_name=c" all || fail "no session_name in: $(cat all)"
grep -qx "pane_index=0" all || fail "no pane_index"
grep -qx "window_width=80" all || fail "no window_width"
expect_eq "$(tail -1 all)" "command=display-message" "the command last"
sed '$d' all | cut -d= -f1 >names
LC_ALL=C sort -c names || fail "not in name order"
[ "$(wc -l <names)" -gt 50 ] || fail "too few variables: $(wc -l <names)"
sed '$d' all | while IFS= read -r line; do
	name=${line%%=*}
	case $name in
	*activity|*_time|history_bytes) continue ;;	# may move on
	esac
	have=$(m display -p -t c:0.0 "#{$name}")
	[ "$name=$have" = "$line" ] || fail "display -a has '$line', #{$name} '$have'"
done || exit 1

# show-messages -J: a job that has not finished (it needs a client, as in
# tmux: a control client's).
m run -b 'sleep 30 # flags-misc' || fail "run -b"
out=$(printf 'show-messages -J\n' | m -C attach -t c) || fail "showmsgs -J"
echo "$out" | grep -Eqx 'Job 0: sleep 30 # flags-misc \[fd=[0-9]+, pid=[0-9]+, status=0\]' ||
    fail "show-messages -J: $out"

exit 0
