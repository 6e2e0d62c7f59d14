#!/bin/sh
# run.sh SECONDS SRCDIR TARGET...: run each libFuzzer target for SECONDS
# on a fresh corpus (regress/fuzz/out/NAME/corpus) seeded from
# SRCDIR/regress/fuzz/corpus/NAME, crash inputs going to
# regress/fuzz/out/NAME/. Prints each target's executions; fails when any
# target found a crash, a leak or a timeout.
set -u
secs=$1 srcdir=$2
shift 2
status=0
summary=""
for t in "$@"; do
	name=${t##*/fuzz-}
	out=regress/fuzz/out/$name
	rm -rf "$out"
	mkdir -p "$out/corpus"
	echo "== fuzz-$name: $secs s"
	"$t" -max_total_time="$secs" -print_final_stats=1 -timeout=10 \
		-rss_limit_mb=2048 -max_len=4096 -artifact_prefix="$out/" \
		"$out/corpus" "$srcdir/regress/fuzz/corpus/$name" \
		>"$out/log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/log")
	if [ "$rc" -ne 0 ]; then
		status=1
		tail -40 "$out/log"
		summary="$summary
fuzz-$name	FAILED (exit $rc) after ${execs:-?} executions: $out/log"
	else
		summary="$summary
fuzz-$name	${execs:-?} executions in $secs s, corpus $(ls "$out/corpus" | wc -l)"
	fi
done
echo "== check-fuzz$summary"
exit $status
