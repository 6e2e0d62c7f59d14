#!/bin/sh
# regress/long/run.sh [TEST...]: make check-long. Runs each long test
# (default: all but the soak) one after another, prints what each
# measured ("figure:" lines) and PASS, FAIL or SKIP, and exits 1 if any
# failed. Logs go to $LONG_LOGS (default regress/long/logs in the build
# tree's working directory).
dir=$(cd "$(dirname "$0")" && pwd)
logs=${LONG_LOGS:-$(pwd)/regress/long/logs}
mkdir -p "$logs"
tests=${*:-"clients panes resize attach-detach sigstop paste slow-paste"}
failed=0
for t in $tests; do
	start=$(date +%s)
	sh "$dir/$t.sh" >"$logs/$t.log" 2>&1
	rc=$?
	took=$(($(date +%s) - start))
	grep '^figure:' "$logs/$t.log"
	case $rc in
	0) echo "PASS: long/$t (${took}s)" ;;
	77) echo "SKIP: long/$t" ;;
	*) echo "FAIL: long/$t (${took}s; log $logs/$t.log)"
	   grep -v '^ *[0-9]*|\|^figure:' "$logs/$t.log" | tail -20
	   failed=1 ;;
	esac
done
exit $failed
