#!/bin/sh
# bench-smoke: every mux-bench subcommand runs briefly (a few keys, a tiny
# workload, a 1 s idle window) and prints well-formed figures: each table
# row parses, counts are above zero, percentiles are in order. Never a
# timing: how fast anything is belongs to `make bench`.
#
# Also: the sample minimums give INCONCLUSIVE (not PASS), a broken or hung
# mux gives a clear error and a non-zero exit instead of a hang, and after
# a normal exit, an error or SIGINT no process the bench started is left.
#
# Uses mux when it is built ($MUX_BIN, default ./mux), never tmux (CI may
# not have it). Needs no TERM and no controlling terminal.

set -u
if [ -x ./mux-bench ]; then
	: "${MUX_BENCH:=$(pwd)/mux-bench}"
else
	: "${MUX_BENCH:=$(cd "$(dirname "$0")/.." && pwd)/mux-bench}"
fi
: "${MUX_BIN:=$(pwd)/mux}"
[ -x "$MUX_BENCH" ] || { echo "bench-smoke: no $MUX_BENCH" >&2; exit 99; }

T=$(mktemp -d "${TMPDIR:-/tmp}/bench-smoke.XXXXXX") || exit 99
trap 'rm -rf "$T"' EXIT
mkdir "$T/tmp"
# The bench makes its private directory under TMPDIR and sets MUX_TMPDIR to
# it: every process it starts has $MARK in its environment.
export TMPDIR="$T/tmp"
export MUX_BENCH_BASELINES="$T/baselines"
unset TERM TMUX MUX MUX_TRACE MUX_TMPDIR 2>/dev/null || true
MARK="MUX_TMPDIR=$T/tmp/"

if [ -x "$MUX_BIN" ]; then
	MODES=direct,mux
	HAVE_MUX=1
else
	echo "bench-smoke: no mux at $MUX_BIN; direct mode only"
	MODES=direct
	HAVE_MUX=0
fi

fail() {
	echo "FAIL: bench-smoke: $*" >&2
	if [ -s "$T/out" ]; then
		sed 's/^/  | /' "$T/out" >&2
	fi
	exit 1
}

# bench NAME ARGS...: run mux-bench, expect exit 0; output in $T/out.
bench() {
	name=$1
	shift
	"$MUX_BENCH" --mux "$MUX_BIN" --modes "$MODES" --timeout 20 "$@" \
	    >"$T/out" 2>&1 </dev/null
	rc=$?
	[ $rc -eq 0 ] || fail "$name: exit status $rc"
	leftovers "$name"
}

# ours: the /proc/PID directories of processes the bench started.
ours() {
	grep -ls "$MARK" /proc/[0-9]*/environ 2>/dev/null | sed 's,/environ$,,'
}

# leftovers NAME: no process the bench started may outlive it.
leftovers() {
	left=$(ours)
	[ -z "$left" ] || fail "$1: processes left behind: $(echo $left)"
	[ -z "$(ls -A "$T/tmp")" ] || fail "$1: temporary files left behind"
}

# row NF METRIC MODE: a row of exactly NF columns for METRIC and MODE whose
# columns from the third on are numbers (or "-"), count (3rd) at least 1.
row() {
	awk -v nf="$1" -v metric="$2" -v mode="$3" '
	$1 == metric && $2 == mode {
		found = 1
		if (NF != nf) bad = "has " NF " columns, not " nf
		for (i = 3; i <= nf; i++)
			if ($i !~ /^-?[0-9]+(\.[0-9]+)?$/ && $i != "-")
				bad = "column " i " is not a number: " $i
		if ($3 + 0 < 1) bad = "count below 1"
	}
	END {
		if (!found) { print "no row"; exit 1 }
		if (bad != "") { print bad; exit 1 }
	}' "$T/out" >"$T/why" || fail "row '$2 $3': $(cat "$T/why")"
}

# latency METRIC MODE COUNT: a latency row, percentiles in order.
latency() {
	row 7 "$1" "$2"
	awk -v metric="$1" -v mode="$2" -v count="$3" '
	$1 == metric && $2 == mode {
		if ($3 != count) { print "count " $3 ", expected " count; exit 1 }
		if (!($4 > 0 && $4 <= $5 && $5 <= $6 && $6 <= $7)) {
			print "percentiles out of order"; exit 1
		}
	}' "$T/out" >"$T/why" || fail "latency '$1 $2': $(cat "$T/why")"
}

has() {
	grep -q -- "$1" "$T/out" || fail "output lacks: $1"
}

# The echo child on its own (no tty: raw mode is skipped).
out=$(printf 'ab\004cd' | "$MUX_BENCH" echo-child)
[ "$out" = "> ab" ] || fail "echo-child printed \"$out\", not \"> ab\""
# relay-child with no program to run is an error.
"$MUX_BENCH" relay-child >/dev/null 2>&1 && fail "relay-child with no program"

# keys: startup and keystrokes (2 runs of 3 keys: the first run is warm-up).
bench keys keys --runs 2 --keys 3
latency startup direct 2
latency keystroke direct 6
latency keystroke relay 6
has "^gate:"
if [ $HAVE_MUX = 1 ]; then
	latency startup mux 2
	latency startup-cold mux 2
	latency keystroke mux 6
fi

# keys --gap: each key that long after the last echo, said in the header
# and the record; a gap that is not a number is refused.
bench gap keys --runs 1 --keys 3 --gap 200 --record "$T/gap.tsv"
has "each key 200 us after the last echo"
latency keystroke direct 3
head -n 1 "$T/gap.tsv" | grep -q '"gap_us":200' || fail "record: no gap_us"
"$MUX_BENCH" --gap soon keys >"$T/gapbad" 2>&1 && fail "--gap soon accepted"
grep -q -- '--gap: expected a number' "$T/gapbad" ||
    fail "--gap soon: $(cat "$T/gapbad")"

# keys --flood (mux may lack split-window yet: then a note says so).
bench "keys --flood" keys --flood --runs 1 --keys 3
latency keystroke-flood direct 3
if [ $HAVE_MUX = 1 ] && ! grep -q "flood measurement of mux is skipped" \
    "$T/out"; then
	latency keystroke-flood mux 3
fi

# throughput: every workload, tiny.
bench throughput throughput --runs 1 --mib 0.05
for w in ascii highlight dense region unicode cursor; do
	row 7 "tput-$w" bare
	[ $HAVE_MUX = 1 ] && row 7 "tput-$w" mux
done

# emulator: mux's grid and libvterm, tiny.
bench emulator emulator --runs 1 --mib 0.05 ascii unicode
for w in ascii unicode; do
	row 5 "emu-$w" libvterm
	if ! grep -q "emu-$w *mux-grid .*(screens differ)" "$T/out"; then
		row 5 "emu-$w" mux-grid
	fi
done

# memory, idle and hops need a server.
bench memory memory --lines 200 --panes 2
if [ $HAVE_MUX = 1 ]; then
	for m in mem-rest mem-pane mem-line-full mem-line-half mem-line-rgb; do
		awk -v m=$m '$1 == m && $2 == "mux" && NF == 4 &&
		    $3 ~ /^-?[0-9]+(\.[0-9]+)?$/ { ok = 1 } END { exit !ok }' \
		    "$T/out" || fail "memory: no well-formed $m row"
	done
fi
bench idle idle --seconds 1
if [ $HAVE_MUX = 1 ]; then
	row 5 idle-server mux
	row 5 idle-client mux
fi
bench hops hops --runs 1 --keys 3
if [ $HAVE_MUX = 1 ] && ! grep -q "no MUX_TRACE stamps" "$T/out"; then
	has "^probe-seen  *bench  *3 "
fi
# footprint: the server under valgrind's lackey (not an ASan build, which
# valgrind cannot run), or a note that it needs valgrind.
"$MUX_BENCH" footprint extra >"$T/out" 2>&1 && fail "footprint extra accepted"
has "footprint: unexpected argument: extra"
if [ $HAVE_MUX = 1 ] && command -v valgrind >/dev/null 2>&1 &&
    ! nm "$MUX_BIN" 2>/dev/null | grep -q __asan_init; then
	bench footprint footprint --runs 1 --keys 3
	for m in fp-code-lines fp-data-lines fp-code-pages fp-data-pages \
	    fp-instr fp-data-access; do
		awk -v m=$m '$1 == m && $2 == "mux" && NF == 7 && $3 == 3 &&
		    $4 > 0 && $4 <= $5 && $5 <= $6 { ok = 1 }
		    END { exit !ok }' "$T/out" ||
		    fail "footprint: no well-formed $m row"
	done
	has "^first touched by, lines a key (mean of the [0-9]* keys of 3 at or "
	grep -Eq '^ +[0-9]+\.[0-9] +[0-9]+\.[0-9]  [a-z_]' "$T/out" ||
	    fail "footprint: no function listed"
elif ! command -v valgrind >/dev/null 2>&1; then
	bench footprint footprint --runs 1 --keys 3
	has "footprint: needs valgrind"
fi
bench scroll scroll --runs 1 --size 64x24
if [ $HAVE_MUX = 1 ]; then
	for m in repaint scroll-up scroll-down insert-lines delete-lines; do
		awk -v m=$m '$1 == m && $2 == "mux" && NF == 5 && $3 == 1 &&
		    $4 ~ /^[0-9]+$/ && $4 > 0 && $5 ~ /^[0-9]+(\.[0-9]+)?$/ {
		    ok = 1 } END { exit !ok }' "$T/out" ||
		    fail "scroll: no well-formed $m row"
	done
fi

# slowlink: a few keys over a 1 MiB/s link beside a flood.
bench slowlink slowlink --runs 1 --keys 3 1M
latency slow-1M-echo direct 3
has "^slow-1M-sent  *direct  *1 "
if [ $HAVE_MUX = 1 ]; then
	latency slow-1M-echo mux 3
	has "^slow-1M-sent  *mux  *1 "
fi

# --record: a JSON header describing the machine, then TSV samples.
bench record keys --runs 1 --keys 3 --record "$T/rec.tsv" \
    --save-baseline smoke
head -n 1 "$T/rec.tsv" | grep -q '^# {"bench":"mux-bench"' ||
    fail "record: no JSON header"
for k in cpu cores kernel load_start load_end commit version; do
	head -n 1 "$T/rec.tsv" | grep -q "\"$k\":" ||
	    fail "record: the header lacks \"$k\""
done
sed -n 2p "$T/rec.tsv" | grep -q "^metric	mode	run	index	value	unit$" ||
    fail "record: no TSV header"
[ "$(grep -c '^keystroke	direct	0	' "$T/rec.tsv")" = 3 ] ||
    fail "record: not 3 keystroke samples"
[ -s "$MUX_BENCH_BASELINES/smoke.tsv" ] || fail "baseline not saved"

# --baseline: the comparison section, each change a percentage.
bench baseline keys --runs 1 --keys 3 --baseline smoke
has 'compared with baseline "smoke"'
grep -q '^keystroke  *direct .*%  *\((noise)\|better\|worse\)' "$T/out" ||
    fail "baseline: no keystroke comparison"

# gate: too few samples is INCONCLUSIVE and a failing exit, never PASS.
"$MUX_BENCH" --mux "$MUX_BIN" --modes "$MODES" gate --runs 1 --keys 3 \
    --seconds 1 >"$T/out" 2>&1 </dev/null && fail "gate passed on 3 keys"
has "INCONCLUSIVE"
leftovers gate

# A mux that fails, and one that hangs: a clear error, no hang.
"$MUX_BENCH" --mux /bin/false --modes mux keys --runs 1 --keys 1 \
    >"$T/out" 2>&1 </dev/null && fail "a failing mux gave exit 0"
has "mux new-session"
leftovers "failing mux"
printf '#!/bin/sh\nexec sleep 60\n' >"$T/hang"
chmod +x "$T/hang"
"$MUX_BENCH" --mux "$T/hang" --modes mux --timeout 1 keys --runs 1 \
    --keys 1 >"$T/out" 2>&1 </dev/null && fail "a hung mux gave exit 0"
has "timed out"
leftovers "hung mux"

# SIGINT in the middle of a run: exit 130, nothing left behind.
"$MUX_BENCH" --mux "$MUX_BIN" --modes "$MODES" keys --runs 100 \
    >"$T/out" 2>&1 </dev/null &
pid=$!
# started: an echo child of the bench is running.
started() {
	for d in $(ours); do
		{ tr '\0' ' ' <"$d/cmdline"; } 2>/dev/null |
		    grep -q echo-child && return 0
	done
	return 1
}
i=0
while ! started; do
	i=$((i + 1))
	[ $i -gt 1000 ] && fail "SIGINT: the bench never started its child"
	sleep 0.01
done
kill -INT $pid
wait $pid
rc=$?
[ $rc -eq 130 ] || fail "SIGINT: exit status $rc, not 130"
leftovers SIGINT

exit 0
