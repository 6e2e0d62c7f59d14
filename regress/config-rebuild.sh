#!/bin/sh
# config-rebuild: configuring with other flags rebuilds everything. configure
# writes the compiler and flags into config.h (MUX_BUILD_FLAGS), which it
# rewrites only when they change, and every object includes config.h, so
# make sees each object out of date. Checked here without reconfiguring (too
# slow for make check): config.h holds this tree's flags, and the
# dependency file of every object compiled names config.h. The full check,
# by hand:
#   ./configure && make && ./configure --enable-sanitizers && make &&
#   nm mux | grep -q __asan_init && echo rebuilt
set -eu
build=$(cd "$(dirname "$MUX_BIN")" && pwd)
fail() { echo "config-rebuild: $*" >&2; exit 1; }

flags=$(sed -n 's/^MUX_CFLAGS = //p' "$build/Makefile")
[ -n "$flags" ] || fail "no MUX_CFLAGS in $build/Makefile"
line=$(grep '^#define MUX_BUILD_FLAGS ' "$build/config.h") ||
	fail "config.h does not record the build flags"
case $line in
*"$flags"*) ;;
*) fail "config.h's MUX_BUILD_FLAGS lacks MUX_CFLAGS ($flags): $line" ;;
esac

n=0
# Not the copies .ci/run builds inside the tree: but the tree may itself be
# such a copy (.ci/asan), so only .ci below $build is left out.
for po in $(find "$build" -path "$build/.ci" -prune -o \
    -path '*/.deps/*.Po' -print); do
	grep -q '# dummy' "$po" && continue
	grep -q 'config\.h' "$po" || fail "$po: object does not depend on config.h"
	n=$((n + 1))
done
[ "$n" -gt 50 ] || fail "only $n dependency files found"
echo "config-rebuild: ok ($n objects depend on config.h)"
