#!/bin/sh
# Real configurations against tmux 3.3a (skipped when tmux is not
# installed): a hand-written .tmux.conf (regress/configs/, with hooks,
# %if on #{version}, @ options, a two-line status-format) and oh my tmux
# (when ../shared/peers has it, with its .local file) must load with no
# error and leave the same options at every scope, the same hooks and,
# for the hand-written one, the same key bindings as in tmux. The options
# mux deliberately sets apart (options-compare.sh checks the manual lists
# them) are left out. Oh my tmux's key bindings are list-keys-compare.sh's.
command -v tmux >/dev/null 2>&1 || exit 77
. "$(dirname "$0")/lib.sh"
FAILED=0
bad() {
	echo "FAIL: $TEST_NAME: $*" >&2
	FAILED=1
}
DELIBERATE="default-terminal escape-time extended-keys assume-paste-time set-clipboard frame-interval save-interval save-history-lines resurrect-commands"
strip() {
	awk -v list="$DELIBERATE" 'BEGIN { n = split(list, d, " ")
	    for (i = 1; i <= n; i++) skip[d[i]] = 1 }
	    { name = $1; sub(/\[.*/, "", name); sub(/\*$/, "", name)
	      if (!(name in skip)) print }'
}
REF="ref$$"
unset TMUX MUX
SHELL=/bin/sh
export SHELL
mkdir -p bin tsock
ln -s "$MUX_BIN" bin/tmux
TMUX_TMPDIR="$TEST_DIR/tsock"
export TMUX_TMPDIR
# tmux, and mux under the name tmux first in PATH (oh my tmux calls
# `tmux` back from run-shell).
o() { w=$1; shift; tmux -L "$REF$w" "$@"; }
om() { w=$1; shift; PATH="$TEST_DIR/bin:$PATH" "$TEST_DIR/bin/tmux" \
    -L "$LABEL$w" "$@"; }
trap 'o h kill-server >/dev/null 2>&1; om h kill-server >/dev/null 2>&1
    o o kill-server >/dev/null 2>&1; om o kill-server >/dev/null 2>&1
    cleanup' EXIT

# What one server has: every scope's options, the hooks and, with keys,
# the bindings. refresh-client -c/-U/-D/-L/-R (panning) bindings are left
# out while mux lacks them (list-keys-compare.sh's PENDING).
state() {
	for flags in -g -gw -s -gp; do
		echo "== show $flags"
		"$@" show $flags 2>&1 | strip | grep -v '^@uptime'
	done
	echo "== show-hooks -g"
	"$@" show-hooks -g 2>&1
	if [ -n "$KEYS" ]; then
		echo "== list-keys"
		"$@" list-keys 2>&1 | grep -v 'refresh-client -[cUDLR]'
		echo "== list-keys -N"
		"$@" list-keys -N 2>&1 |
		    awk '$2 !~ /^(DC|S-Up|S-Down|S-Left|S-Right)$/'
	fi
}
# Both load config $2 (into $HOME/.tmux.conf) without an error, and,
# once what they start in the background has run, have the same state.
compare() {
	w=$1
	o "$w" -f "$HOME/.tmux.conf" new -d -x 120 -y 40 >tmux-new.txt 2>&1 ||
	    bad "$w: tmux: $(cat tmux-new.txt)"
	om "$w" -f "$HOME/.tmux.conf" new -d -x 120 -y 40 >mux-new.txt 2>&1 ||
	    bad "$w: mux: $(cat mux-new.txt)"
	[ -s mux-new.txt ] && bad "$w: mux said: $(cat mux-new.txt)"
	i=0
	until state o "$w" >want.txt; state om "$w" >have.txt
	    cmp -s want.txt have.txt; do
		i=$((i + 1))
		if [ $i -gt 500 ]; then
			bad "$w: differs from tmux 3.3a:"
			diff want.txt have.txt | head -40 >&2
			break
		fi
		sleep 0.02
	done
}

cp "$REGRESS_DIR/configs/handwritten.tmux.conf" "$HOME/.tmux.conf"
KEYS=1 compare h
expect_eq "$(om h show -gv @modern)" "yes" "%if on #{version}"

OMT="$REGRESS_DIR/../../shared/peers/oh-my-tmux-2022"
if [ -f "$OMT/tmux.conf" ] && [ -f "$OMT/tmux.conf.local" ]; then
	cp "$OMT/tmux.conf" "$HOME/.tmux.conf"
	cp "$OMT/tmux.conf.local" "$HOME/.tmux.conf.local"
	KEYS= compare o
else
	echo "$TEST_NAME: no oh-my-tmux-2022 in ../shared/peers: not compared"
fi
exit $FAILED
