# regress/side-by-side.sh: sourced after lib.sh by tests that compare what
# mux draws with what tmux 3.3a draws. Both run in an outer tmux at the
# same size (tmux in window 0, mux in window 1, each a session "a"
# running sh); compare waits until the outer panes' capture-pane -e (the
# clock in the status line blanked) and cursors are the same. Exits 77
# (skipped) when tmux is not installed.
command -v python3 >/dev/null || { echo "$TEST_NAME: no python3, side by side skipped"; exit 77; }
TMUX_BIN=$(command -v tmux) || { echo "$TEST_NAME: no tmux, side by side skipped"; exit 77; }
export TMUX_TMPDIR="$TEST_DIR"
unset TMUX
OUTER="o$LABEL"
REF="r$LABEL"
t() { "$TMUX_BIN" -L "$REF" "$@"; }
o() { "$TMUX_BIN" -L "$OUTER" "$@"; }
trap 'o kill-server >/dev/null 2>&1; t kill-server >/dev/null 2>&1; cleanup' EXIT

# side_by_side COLSxROWS: start both.
side_by_side() {
	o -f /dev/null new -d -s o -x "${1%x*}" -y "${1#*x}" \
	    "env -u TMUX '$TMUX_BIN' -L '$REF' -f /dev/null new -s a sh" ||
	    fail "outer tmux"
	o new-window -d -t o:1 "'$MUX_BIN' -L '$LABEL' -f /dev/null new -s a sh" ||
	    fail "outer window for mux"
	for w in 0 1; do
		poll_until "window $w to start" sh -c \
		    "'$TMUX_BIN' -L '$OUTER' capture-pane -p -t o:$w | grep -qF '[a] 0:sh*'"
	done
}
# The outer pane as text with its colours (each run of characters after
# its full style: see sgr-runs.py), the clock blanked, and where its
# cursor is and whether it shows.
outer() {
	o capture-pane -e -p -t "o:$1" |
	    sed -e 's/[0-9][0-9]:[0-9][0-9] [0-9][0-9]-[A-Z][a-z][a-z]-[0-9][0-9]/CLOCK/' |
	    python3 "$REGRESS_DIR/sgr-runs.py"
	o display -p -t "o:$1" 'cursor #{?cursor_flag,#{cursor_x}#,#{cursor_y},hidden}'
}
same() {
	outer 0 >ref.out
	outer 1 >mux.out
	cmp -s ref.out mux.out
}
# compare WHAT: wait until both outer panes look the same.
compare() {
	i=0
	while ! same; do
		i=$((i + 1))
		if [ $i -gt 500 ]; then
			diff ref.out mux.out | cat -v >&2
			t list-panes -F "tmux #{pane_index} #{pane_active} #{pane_left},#{pane_top} #{pane_width}x#{pane_height}" >&2
			m list-panes -F "mux #{pane_index} #{pane_active} #{pane_left},#{pane_top} #{pane_width}x#{pane_height}" >&2
			fail "side by side: $1"
		fi
		sleep 0.01
	done
}
# both COMMAND...: run a command on tmux and on mux.
both() {
	t "$@" || fail "tmux: $*"
	m "$@" || fail "mux: $*"
}
# keys KEYS...: type into both outer panes (the clients).
keys() {
	o send-keys -t o:0 "$@" || fail "keys to tmux"
	o send-keys -t o:1 "$@" || fail "keys to mux"
}
# mode PANE-MODE: the active pane of both is in that mode ("" for none).
mode() {
	poll_until "tmux in '$1'" sh -c "test \"\$('$TMUX_BIN' -L '$REF' display -p '#{pane_mode}')\" = '$1'"
	poll_until "mux in '$1'" sh -c "test \"\$('$MUX_BIN' -L '$LABEL' display -p '#{pane_mode}')\" = '$1'"
}
# outer_shows TEXT: both outer panes show TEXT.
outer_shows() {
	for w in 0 1; do
		poll_until "'$1' in outer window $w" sh -c \
		    "'$TMUX_BIN' -L '$OUTER' capture-pane -p -t o:$w | grep -qF -- '$1'"
	done
}
