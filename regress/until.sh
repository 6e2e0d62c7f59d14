#!/bin/sh
# until.sh COMMAND...: run COMMAND (through sh -c) until it succeeds, for
# at most 10 seconds; exit 1 naming it if it never does. For tests that
# wait on state from inside a ptydrive script.
i=0
until sh -c "$*" >/dev/null 2>&1; do
	i=$((i + 1))
	if [ $i -gt 1000 ]; then
		echo "until.sh: timed out waiting for: $*" >&2
		exit 1
	fi
	sleep 0.01
done
