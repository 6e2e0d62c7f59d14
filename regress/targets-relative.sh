#!/bin/sh
# Pane targets relative to the active pane, as tmux 3.3a resolves them:
# {last} ! {next} {previous} + - +N -N, sides and corners, {up-of}
# {down-of} {left-of} {right-of} (of the panes beside, the most recently
# active), with a session and window part or without, and errors; the
# same for select-pane -U -D -L -R. display-message, if-shell and
# run-shell take a target that is not found as tmux does: no error, what
# of it was found is used. Compared with tmux 3.3a line for line when it
# is installed (bar one tmux bug: "s:w.{next}" of another window takes
# the current window's pane, where mux takes the next pane of w).
. "$(dirname "$0")/lib.sh"

n=0
L=$LABEL
trap '"$MUX_BIN" -L "$L" kill-server >/dev/null 2>&1
    [ -n "${TMUX_BIN:-}" ] && "$TMUX_BIN" -L "$L" kill-server >/dev/null 2>&1
    cleanup' EXIT

# resolve BIN: five panes in window 0 (0 top-left, 1 and 2 under it, 3
# top-right, 4 under it), two in window 1; each target from each active
# pane, by send-keys (which fails on a bad target) and display-message.
resolve() {
	bin=$1
	n=$((n + 1))
	L="$LABEL-$n"
	b() { "$bin" -L "$L" "$@"; }
	b -f /dev/null new -d -s a -x 100 -y 40 || fail "$bin: new"
	b splitw -h -t a:0 && b splitw -v -t a:0.0 && b splitw -v -t a:0.2 &&
	    b splitw -h -t a:0.1 && b neww -t a:1 && b splitw -t a:1 &&
	    b selectw -t a:0 || fail "$bin: panes"
	for act in 0 1 2 3 4; do
		b selectp -t a:0.3 && b selectp -t "a:0.$act" || fail "$bin: selectp"
		for t in '{last}' '!' '{next}' '{previous}' + - +1 +2 -1 -3 \
		    +9 '{top}' '{bottom}' '{left}' '{right}' '{top-left}' \
		    '{top-right}' '{bottom-left}' '{bottom-right}' '{up-of}' \
		    '{down-of}' '{left-of}' '{right-of}' '{active}' \
		    '.{up-of}' ':.{down-of}' 'a:0.{left-of}' 'a:.+' 'a:0.-1' \
		    .+ .- .! '.{last}' 0 3 .3 ':1.!' '{marked}' '=a:0.1' %1 \
		    %99 '.{foo}' a:0.x '{mouse}' '~' .+1 .-2 a:0.+3 :. . a: a \
		    1 @1 @1.1 '{start}' '{end}' '{start}.1' ':{next}.0' ':+.1' \
		    ':-1.{bottom}'; do
			r=$(b send-keys -t "$t" 2>&1; echo "rc=$?")
			d=$(b display -p -t "$t" \
			    '#{window_index}.#{pane_index}' 2>&1)
			echo "$act $t => $d" $r
		done
		b selectp -t a:1.0 && b selectp -t a:1.1 || fail "$bin: selectp 1"
		echo "$act a:1.{next} => $(b display -p -t 'a:1.{next}' \
		    '#{window_index}.#{pane_index}')"
	done
	b kill-server
	n=$((n + 1))
	L="$LABEL-$n"
	b -f /dev/null new -d -s a -x 100 -y 40 || fail "$bin: new"
	b splitw -h && b splitw -v -t .0 && b splitw -v -t .2 &&
	    b splitw -h -t .1 && b splitw -v -t .3 -d || fail "$bin: panes"
	for step in "0 U" "0 D" "0 L" "0 R" "3 U" "3 D" "4 L" "1 R" "2 R" \
	    "1 L" "4 R" "5 U" "0 D" "2 U" "1 U" "3 L" "5 L"; do
		set -- $step
		b selectp -t ".$1" && b selectp "-$2" || fail "$bin: selectp -$2"
		echo "$step => $(b display -p '#{pane_index}')"
	done
	b kill-server
}

resolve "$MUX_BIN" >mux.out
# Checked against tmux 3.3a: the most recently active of the panes
# above (2, made last, not 1), a bad target display-message quietly
# takes, what s:w.{next} is in mux.
grep -qxF '0 {up-of} => 0.2 rc=0' mux.out || fail "{up-of}: $(grep '^0 {up-of}' mux.out)"
grep -qxF '0 %99 => . can'"'"'t find pane: %99 rc=1' mux.out ||
    fail "display -t %99: $(grep '^0 %99' mux.out)"
grep -qxF '0 .{foo} => 0.0 can'"'"'t find pane: {foo} rc=1' mux.out ||
    fail "display -t .{foo}: $(grep '^0 .{foo}' mux.out)"
grep -qxF '2 a:1.{next} => 1.0' mux.out || fail "a:1.{next}"
grep -qxF '0 U => 2' mux.out || fail "select-pane -U: $(grep '^0 U' mux.out)"

if TMUX_BIN=$(command -v tmux); then
	export TMUX_TMPDIR="$TEST_DIR"
	unset TMUX
	resolve "$TMUX_BIN" >tmux.out
	grep -v ' a:1.{next} ' tmux.out >tmux.cmp
	grep -v ' a:1.{next} ' mux.out >mux.cmp
	diff tmux.cmp mux.cmp >&2 || fail "not as tmux 3.3a"
fi
exit 0
