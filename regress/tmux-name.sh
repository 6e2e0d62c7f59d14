#!/bin/sh
# mux installed as tmux (a link named tmux): -V as tmux's clients parse it,
# $TMUX and $TMUX_PANE in panes, a tmux in a pane or run-shell finding its
# server through $TMUX, $TMUX_TMPDIR and tmux-UID for the socket, tmux's
# config files first. Under its own name: mux -V, $MUX, $MUX_TMPDIR, mux's
# config first, and $TMUX followed only when it names a mux server.
. "$(dirname "$0")/lib.sh"

mkdir bin tsock
ln -s "$MUX_BIN" bin/tmux
T="$TEST_DIR/bin/tmux"
export TMUX_TMPDIR="$TEST_DIR/tsock"
export PATH="$TEST_DIR/bin:$PATH"
uid=$(id -u)
tsock="$TMUX_TMPDIR/tmux-$uid/$LABEL"
msock="$MUX_TMPDIR/mux-$uid/$LABEL"
trap '"$T" -L "$LABEL" kill-server >/dev/null 2>&1; "$T" -L "${LABEL}c" \
    kill-server >/dev/null 2>&1; "$MUX_BIN" -L "${LABEL}c" kill-server \
    >/dev/null 2>&1; cleanup' EXIT
t() {
	"$T" -L "$LABEL" -f /dev/null "$@"
}

# -V. tmux 3.3a prints "tmux 3.3a"; each parser's rule must give from ours
# what it gives from that.
v=$("$T" -V) || fail "tmux -V failed"
case $v in
*mux*) ;;
*) fail "tmux -V does not say it is mux: $v" ;;
esac
# libtmux (common.get_version): the first line's text after "tmux ", its
# lower-case letters and '-' dropped.
libtmux_rule() {
	printf '%s\n' "$1" | head -n 1 | sed 's/^[^ ]*tmux //; s/[a-z-]//g'
}
expect_eq "$(libtmux_rule "$v")" "$(libtmux_rule "tmux 3.3a")" \
    "libtmux's reading of tmux -V"
# TPM and tmux-resurrect (check_tmux_version.sh): every digit of the whole
# output, as one integer, compared with -lt to the minimum's digits.
digits_rule() {
	printf '%s\n' "$1" | tr -dC '[:digit:]'
}
expect_eq "$(digits_rule "$v")" "$(digits_rule "tmux 3.3a")" \
    "TPM's and tmux-resurrect's reading of tmux -V"
[ "$(digits_rule "$v")" -lt 19 ] && fail "below resurrect's minimum 1.9"
# Scripts that take the second field and keep digits and dots.
field_rule() {
	printf '%s\n' "$1" | cut -d ' ' -f 2 | tr -dc '0-9.'
}
expect_eq "$(field_rule "$v")" "$(field_rule "tmux 3.3a")" \
    "the second field of tmux -V"
# libtmux itself, when it is installed (make check-peers drives it more).
if /usr/bin/python3 -c 'import libtmux' 2>/dev/null; then
	lv=$(/usr/bin/python3 -c 'from libtmux.common import get_version
print(get_version())') || fail "libtmux's get_version failed"
	expect_eq "$lv" "3.3" "libtmux's get_version"
fi
# Under its own name mux says its own name and version.
mv=$("$MUX_BIN" -V)
case $mv in
"mux "[0-9]*) ;;
*) fail "mux -V: $mv" ;;
esac
case $mv in
*tmux*) fail "mux -V says tmux: $mv" ;;
esac

# The socket: $TMUX_TMPDIR/tmux-UID, nothing in mux's directory.
t new -d -s a -x 80 -y 24 "env >env.tmp; mv env.tmp env; exec cat" ||
    fail "new-session as tmux"
test -S "$tsock" || fail "no socket at $tsock"
test -e "$msock" && fail "tmux's server made a socket in $msock"
test "$(stat -c %a "$TMUX_TMPDIR/tmux-$uid")" = 700 ||
    fail "tmux-UID mode $(stat -c %a "$TMUX_TMPDIR/tmux-$uid")"

# The pane's environment: $TMUX as tmux's (socket,server pid,session id),
# $TMUX_PANE, no $MUX.
poll_until "the pane's environment" test -f env
pid=$(t display -p '#{pid}')
sid=$(t display -p '#{session_id}')
expect_eq "$(sed -n 's/^TMUX=//p' env)" "$tsock,$pid,${sid#\$}" '$TMUX'
expect_eq "$(sed -n 's/^TMUX_PANE=//p' env)" \
    "$(t display -p -t a '#{pane_id}')" '$TMUX_PANE'
grep -q '^MUX=' env && fail "\$MUX in a pane of tmux: $(grep '^MUX=' env)"
grep -q '^MUX_PANE=' env && fail "\$MUX_PANE in a pane of tmux"

# A tmux in a pane (no -L, no -S) finds the pane's server through $TMUX.
t new-window -d -n inner "tmux display -p '#{session_name}:#{pane_id}' \
    >inner.tmp 2>&1; mv inner.tmp inner; exec cat" || fail "new-window"
poll_until "the tmux inside a pane" test -f inner
expect_eq "$(cat inner)" "a:$(t display -p -t a:inner '#{pane_id}')" \
    "what tmux in a pane printed"
# So does one that run-shell runs, and mux under its own name there.
t run-shell "tmux display -p '#{session_name}' >rs1" || fail "run-shell tmux"
expect_eq "$(cat rs1)" a "tmux in run-shell"
t run-shell 'printf %s "${TMUX%%,*}" >rs2' || fail "run-shell \$TMUX"
expect_eq "$(cat rs2)" "$tsock" '$TMUX in run-shell'
t run-shell "$MUX_BIN display -p '#{socket_path}' >rs3" || fail "run-shell mux"
expect_eq "$(cat rs3)" "$tsock" \
    "mux (own name) in run-shell of a tmux-named server"
# Nesting is refused through $TMUX, as in tmux.
out=$(TMUX="$(sed -n 's/^TMUX=//p' env)" t attach -t a 2>&1 </dev/null)
case $out in
*"unset \$TMUX"*|*"not a terminal"*) ;;
*) fail "attach inside a pane: $out" ;;
esac

# Under its own name: $MUX in panes, no $TMUX.
m new -d -s b "env >menv.tmp; mv menv.tmp menv; exec cat" ||
    fail "new-session as mux"
poll_until "the mux pane's environment" test -f menv
grep -q "^MUX=$msock," menv || fail "no \$MUX in a mux pane"
grep -q '^TMUX=' menv && fail "\$TMUX in a pane of mux: $(grep TMUX= menv)"
# mux follows $TMUX only when it names a mux server: pid 1 is not one.
out=$(TMUX="$msock,1,0" "$MUX_BIN" display -p '#{session_name}' 2>&1)
case $out in
*"no server running on $MUX_TMPDIR/mux-$uid/default"*) ;;
*) fail "mux followed \$TMUX naming a process that is no mux server: $out" ;;
esac
# ... and does when it names one (a tmux-named mux, here).
expect_eq "$(TMUX="$(sed -n 's/^TMUX=//p' env)" "$MUX_BIN" \
    display -p '#{session_name}')" a "mux with \$TMUX naming a mux server"
# Inside real tmux, mux keeps to its own server.
if [ -x /usr/bin/tmux ]; then
	/usr/bin/tmux -L "${LABEL}r" -f /dev/null new -d -s real ||
	    fail "real tmux"
	rt=$(/usr/bin/tmux -L "${LABEL}r" display -p \
	    '#{socket_path},#{pid},0')
	out=$(TMUX="$rt" "$MUX_BIN" -f /dev/null display -p \
	    '#{session_name}' 2>&1)
	case $out in
	*"no server running on $MUX_TMPDIR/mux-$uid/default"*) ;;
	*) fail "mux inside real tmux: $out" ;;
	esac
	# Installed as tmux, mux shares tmux's socket directory: it sends
	# nothing to a tmux server there, and says so.
	if out=$("$T" -L "${LABEL}r" ls 2>&1); then
		fail "tmux-named mux used real tmux's server: $out"
	fi
	/usr/bin/tmux -L "${LABEL}r" kill-server
	case $out in
	*"belongs to a server that is not mux"*) ;;
	*) fail "tmux-named mux on real tmux's socket: $out" ;;
	esac
fi

# Config files: as tmux, tmux's first; as mux, mux's first.
echo 'set -g history-limit 1111' >"$HOME/.tmux.conf"
echo 'set -g history-limit 2222' >"$HOME/.mux.conf"
"$T" -L "${LABEL}c" new -d -s c || fail "tmux with its config"
expect_eq "$("$T" -L "${LABEL}c" show -gv history-limit)" 1111 \
    "the config tmux reads"
"$MUX_BIN" -L "${LABEL}c" new -d -s c || fail "mux with its config"
expect_eq "$("$MUX_BIN" -L "${LABEL}c" show -gv history-limit)" 2222 \
    "the config mux reads"
# Without tmux's files, tmux-named mux reads mux's.
"$T" -L "${LABEL}c" kill-server
rm "$HOME/.tmux.conf"
"$T" -L "${LABEL}c" new -d -s c || fail "tmux without tmux.conf"
expect_eq "$("$T" -L "${LABEL}c" show -gv history-limit)" 2222 \
    "the config tmux reads when it has none of its own"
exit 0
