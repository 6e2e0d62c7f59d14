#!/bin/sh
# make check-peers: mux against other people's tmux tests (../shared/peers,
# see its README), side by side with tmux 3.3a. Needs tmux installed
# (./bootstrap installs it). Not part of make check: it takes minutes.
#
# 1. tmux 3.3a's regress scripts, each through run-tmux-regress.sh. A
#    script starts only while the time budget (CHECK_PEERS_BUDGET seconds,
#    default 200) lasts; those left are listed as not run.
# 2. tmux-sensible, loaded as TPM loads it (run-shell sensible.tmux, the
#    script calling `tmux` back through $TMUX or, for mux, $MUX: a `tmux`
#    that runs mux comes first in PATH). What it changes in show -g,
#    show -s, show -gw and list-keys must be what it changes in tmux.
# 3. regress/ecosystem.sh: Debian's libtmux and tmuxp driving mux installed
#    as tmux, side by side with tmux.
#
# usage: check-peers.sh [MUX] (default ./mux). Exit status 1 if anything
# counted failed.
set -u
mux=$(readlink -f "${1:-./mux}")
top=$(cd "$(dirname "$0")/.." && pwd)
peers=${PEERS:-$top/../shared/peers}
budget=${CHECK_PEERS_BUDGET:-200}
out=${OUT:-/tmp/mux-check-peers}
tmux=$(command -v tmux) || {
	echo "check-peers: tmux is not installed (./bootstrap installs it)" >&2
	exit 2
}
[ -x "$mux" ] || { echo "check-peers: not executable: $mux" >&2; exit 2; }
[ -d "$peers/tmux-3.3a-regress" ] || {
	echo "check-peers: no peers folder at $peers" >&2
	exit 2
}
mkdir -p "$out"
status=0

echo "== tmux 3.3a regress scripts (logs in $out)"
start=$(date +%s)
pass=0 fail=0 skip=0 notrun=""
printf '%-28s %-8s %s\n' script tmux mux
for s in $(cd "$peers/tmux-3.3a-regress" && ls *.sh); do
	s=${s%.sh}
	if [ $(($(date +%s) - start)) -ge "$budget" ]; then
		notrun="$notrun $s"
		continue
	fi
	said=$(OUT=$out "$peers/run-tmux-regress.sh" "$mux" "$s" 2>&1)
	line=$(printf '%s\n' "$said" | grep "^$s ")
	[ -n "$line" ] || line=$(printf '%-28s %-8s %s' "$s" "?" \
	    "ERROR (the runner said: $(printf '%s' "$said" | tr '\n' ' '))")
	printf '%s\n' "$line"
	case $line in
	*"not counted"*) skip=$((skip + 1)) ;;
	*" PASS") pass=$((pass + 1)) ;;
	*) fail=$((fail + 1)) ;;
	esac
done
echo "tmux-regress: $pass passed, $fail failed, $skip not counted" \
    "(tmux fails them here)"
if [ -n "$notrun" ]; then
	echo "tmux-regress: not run (over the ${budget}s budget):$notrun"
	status=1
fi
[ "$fail" = 0 ] || status=1

echo "== tmux-sensible through run-shell"
work=$(mktemp -d /tmp/mux-check-peers.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin" "$work/home" "$work/sock"
printf '#!/bin/sh\nexec "%s" "$@"\n' "$mux" >"$work/bin/tmux"
chmod +x "$work/bin/tmux"
# sensible NAME BIN PATH: load sensible.tmux into a fresh server; leave
# what it added and removed in $work/NAME.{added,removed}.
sensible() {
	env -i HOME="$work/home" PATH="$3" TERM=xterm LC_CTYPE=C.UTF-8 \
	    TMUX_TMPDIR="$work/sock" MUX_TMPDIR="$work/sock" sh -c '
		. "$0"
		: >"$2.before"
		: >"$2.after"
		# Both start at tmux'"'"'s escape-time (mux'"'"'s default is a
		# deliberate 10, which sensible leaves alone): what sensible
		# does is then what is compared.
		if ! "$1" -L sens -f /dev/null new -d -x 80 -y 24 \; \
		    set -s escape-time 500 >"$2.run" 2>&1; then
			echo "new-session failed" >>"$2.run"
			exit 1
		fi
		state "$1" sens "$2.before"
		timeout 60 "$1" -L sens run-shell "$3" >>"$2.run" 2>&1
		echo "exit $?" >>"$2.run"
		state "$1" sens "$2.after"
		"$1" -L sens kill-server
	' "$work/state.sh" "$2" "$work/$1" "$peers/tmux-sensible/sensible.tmux"
	LC_ALL=C comm -13 "$work/$1.before" "$work/$1.after" >"$work/$1.added"
	LC_ALL=C comm -23 "$work/$1.before" "$work/$1.after" >"$work/$1.removed"
}
# state BIN LABEL FILE: the options and bindings a server has, one a line,
# blanks squeezed (list-keys pads its columns), sorted.
cat >"$work/state.sh" <<'EOF'
state() {
	{
		"$1" -L "$2" show -g
		"$1" -L "$2" show -s
		"$1" -L "$2" show -gw
		"$1" -L "$2" list-keys
	} 2>&1 | tr -s ' ' | LC_ALL=C sort >"$3"
}
EOF
sensible tmux "$tmux" "/usr/bin:/bin"
sensible mux "$mux" "$work/bin:/usr/bin:/bin"
sens_ok=1
for what in added removed; do
	if ! cmp -s "$work/tmux.$what" "$work/mux.$what"; then
		sens_ok=0
		echo "tmux-sensible: lines it $what differ (< tmux, > mux):"
		diff "$work/tmux.$what" "$work/mux.$what" | grep '^[<>]'
	fi
done
if ! cmp -s "$work/tmux.run" "$work/mux.run"; then
	sens_ok=0
	echo "tmux-sensible: run-shell said (tmux, then mux):"
	cat "$work/tmux.run" "$work/mux.run"
fi
cp "$work"/tmux.* "$work"/mux.* "$out/" 2>/dev/null
if [ "$sens_ok" = 1 ]; then
	echo "tmux-sensible: PASS ($(wc -l <"$work/tmux.added") lines" \
	    "changed, as in tmux)"
else
	echo "tmux-sensible: FAIL (files in $out: tmux.* mux.*)"
	status=1
fi

echo "== libtmux and tmuxp (regress/ecosystem.sh)"
OUT=$out sh "$top/regress/ecosystem.sh" "$mux" || status=1
exit $status
