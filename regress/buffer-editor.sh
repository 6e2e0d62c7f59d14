#!/bin/sh
# choose-buffer's e: the selected buffer is edited in a popup running the
# editor option's command with a temporary file (as tmux 3.3a); what the
# editor leaves replaces the buffer (a newline it added at the end of a
# buffer that had none goes), a failed editor or an empty file changes
# nothing. The same against tmux 3.3a when it is installed: the buffers
# must end the same.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

# edit BIN EDITOR: a buffer "old text", edited with EDITOR from
# choose-buffer; print the buffer afterwards (as list-buffers shows it).
n=0
L=$LABEL
trap '"$MUX_BIN" -L "$L" kill-server >/dev/null 2>&1
    [ -n "${TMUX_BIN:-}" ] && "$TMUX_BIN" -L "$L" kill-server >/dev/null 2>&1
    cleanup' EXIT
edit() {
	bin=$1
	# A socket of its own each time: tmux's kill-server returns before
	# its server has gone, and a new one on that socket may find it.
	n=$((n + 1))
	L="$LABEL-$n"
	"$bin" -L "$L" -f /dev/null new -d -s a -x 80 -y 24 sh ||
	    fail "$bin: new"
	"$bin" -L "$L" set -g editor "$2" || fail "$bin: editor"
	"$bin" -L "$L" set-buffer -b one 'old text' || fail "$bin: buffer"
	"$PTYDRIVE" -s 80x24 -- "$bin" -L "$L" attach -t a <<EOF2 || fail "$bin: attached ($2)"
wait \$
run "$bin" -L "$L" choose-buffer -t a
run "\$UNTIL" '"$bin" -L "$L" display -p -t a "#{pane_in_mode}" | grep -qx 1'
send e
run "\$UNTIL" 'test -e done || "$bin" -L "$L" list-buffers -F "#{buffer_sample}" | grep -q new'
run "$bin" -L "$L" detach-client
exit 0
EOF2
	"$bin" -L "$L" show-buffer -b one | od -c | sed -n 1p
	"$bin" -L "$L" kill-server
}

cases() {
	# The editor changes the text (sed keeps the missing newline).
	edit "$1" "sed -i s/old/new/"
	# It writes a line: the newline the buffer lacked goes.
	edit "$1" "printf 'new line\\n' >"
	# It fails, or leaves nothing: the buffer stays. (These make a
	# file named done, so the wait above ends.)
	edit "$1" "f() { printf 'new\\n' >\"\$1\"; touch $TEST_DIR/done; false; }; f"
	rm -f done
	edit "$1" "touch $TEST_DIR/done; : >"
	rm -f done
}
cases "$MUX_BIN" >mux.out
expect_eq "$(cat mux.out)" "$(printf 'new text\nnew line\nold text\nold text\n' |
    while IFS= read -r l; do printf '%s' "$l" | od -c | sed -n 1p; done)" \
    "the buffers after each editor"

if TMUX_BIN=$(command -v tmux); then
	export TMUX_TMPDIR="$TEST_DIR"
	unset TMUX
	cases "$TMUX_BIN" >tmux.out
	diff tmux.out mux.out >&2 || fail "not as tmux 3.3a"
fi
exit 0
