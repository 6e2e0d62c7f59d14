#!/bin/sh
# fuzz-replay: every fuzz target (regress/fuzz/) runs over its seed corpus
# and over every crash input kept as a regression test
# (regress/fuzz/crashes/NAME/); any crash or sanitizer report fails.
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
build=$(dirname "$MUX_BIN")
for name in proto cmd format config input vt; do
	t=$build/regress/fuzz/fuzz-$name
	set -- "$src/regress/fuzz/corpus/$name"
	[ -d "$src/regress/fuzz/crashes/$name" ] &&
		set -- "$@" "$src/regress/fuzz/crashes/$name"
	# With libFuzzer, a directory is a corpus to grow: name the files.
	files=$(find "$@" -type f | sort)
	# shellcheck disable=SC2086
	if ! "$t" $files >"$build/regress/fuzz-$name.log" 2>&1; then
		cat "$build/regress/fuzz-$name.log"
		echo "fuzz-replay: fuzz-$name failed" >&2
		exit 1
	fi
done
echo "fuzz-replay: ok"
