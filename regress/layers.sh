#!/bin/sh
# layers.sh: every #include in mux's sources keeps the include rules of
# regress/layers.rules (which folder may include which, and which folders
# alone may include libvterm, ncurses and libevent). A quoted include must
# be root-relative ("model/window.h"); a folder (or top-level file) with C
# sources and no rule fails too, so a new folder gets a rule. regress/ is
# not checked, nor config.h (made by configure).
#
# The checker runs first on a small tree made here with one include of
# each kind the rules forbid, and must report exactly those; then on the
# source tree, where it must report nothing.
. "$(dirname "$0")/lib.sh"

: "${MUX_SRCDIR:=$REGRESS_DIR/..}"
RULES="$REGRESS_DIR/layers.rules"
[ -r "$RULES" ] || fail "no rules at $RULES"

# The rules as lines "folder" and "folder what-it-may-include".
awk '{ sub(/#.*/, "") } NF == 1 { print $1 }
    NF > 1 { for (i = 2; i <= NF; i++) print $1, $i }' "$RULES" >rules
[ -s rules ] || fail "no rules in $RULES"

# check ROOT: print each include under ROOT that breaks the rules, as
# "path:line: ...", sorted.
check() {
	root=$1
	(cd "$root" && find . -name '*.[ch]' ! -path './regress/*' \
	    ! -path './.*' ! -path './config.h' -print | sed 's|^\./||' |
	    sort >"$TEST_DIR/files")
	[ -s "$TEST_DIR/files" ] || fail "no sources under $root"
	(cd "$root" && xargs awk -v rules="$TEST_DIR/rules" '
	BEGIN {
		while ((getline line < rules) > 0) {
			n = split(line, f, " ")
			if (!(f[1] in allow))
				allow[f[1]] = " "
			if (n > 1)
				allow[f[1]] = allow[f[1]] f[2] " "
		}
	}
	FNR == 1 {
		key = FILENAME
		sub(/\/.*/, "", key)
		if (!(key in allow))
			printf "%s: no rule for %s in layers.rules\n", FILENAME, key
	}
	/^[ \t]*#[ \t]*include[ \t]*[<"]/ {
		line = $0
		sub(/^[ \t]*#[ \t]*include[ \t]*/, "", line)
		quoted = substr(line, 1, 1) == "\""
		what = substr(line, 2)
		sub(/[">].*/, "", what)
		if (!(key in allow))
			next
		if (quoted) {
			if (what !~ /\//) {
				printf "%s:%d: \"%s\" is not root-relative\n", \
				    FILENAME, FNR, what
				next
			}
			dir = what
			sub(/\/.*/, "", dir)
			if (dir == key || index(allow[key], " " dir " ") ||
			    index(allow[key], " " what " "))
				next
			printf "%s:%d: includes \"%s\" (%s may include:%s)\n", \
			    FILENAME, FNR, what, key, allow[key]
			next
		}
		guard = ""
		if (what ~ /^(vterm|curses|ncurses|term)\.h$/)
			guard = "<" what ">"
		else if (what ~ /^(ncursesw|event2)\//) {
			guard = what
			sub(/\/.*/, "/", guard)
			guard = "<" guard ">"
		}
		if (guard != "" && !index(allow[key], " " guard " "))
			printf "%s:%d: includes <%s> (only folders with %s " \
			    "in layers.rules may)\n", FILENAME, FNR, what, guard
	}' <"$TEST_DIR/files") | sort
}

# The checker can fail: a tree with one of each kind of break.
fake="$TEST_DIR/fake"
mkdir -p "$fake/model" "$fake/tty" "$fake/common" "$fake/cmd" \
    "$fake/grid" "$fake/extra" "$fake/regress"
printf '#include "model/window.h"\n#include "grid/vt.h"\n#include <stdlib.h>\n  #  include "draw/compose.h"\n' >"$fake/model/a.c"
printf '#include "grid/cell.h"\n#include "grid/grid.h"\n#include <term.h>\n' >"$fake/tty/t.h"
printf '#include <vterm.h>\n#include "xmalloc.h"\n' >"$fake/common/c.c"
printf '#include <event2/event.h>\n#include <ncursesw/curses.h>\n#include "server/mouse.h"\n' >"$fake/cmd/k.c"
printf '#include <event2/buffer.h>\n#include "common/log.h"\n' >"$fake/grid/g.c"
printf 'int x;\n' >"$fake/extra/e.c"
printf '#include "server/loop.h"\n#include <vterm.h>\n' >"$fake/regress/r.c"
printf '#include "server/loop.h"\n' >"$fake/mux.c"
check "$fake" >got
cat >want <<'EOF'
cmd/k.c:2: includes <ncursesw/curses.h> (only folders with <ncursesw/> in layers.rules may)
cmd/k.c:3: includes "server/mouse.h" (cmd may include: common grid model copy draw <event2/> )
common/c.c:1: includes <vterm.h> (only folders with <vterm.h> in layers.rules may)
common/c.c:2: "xmalloc.h" is not root-relative
extra/e.c: no rule for extra in layers.rules
grid/g.c:1: includes <event2/buffer.h> (only folders with <event2/> in layers.rules may)
model/a.c:4: includes "draw/compose.h" (model may include: common grid <event2/> )
tty/t.h:2: includes "grid/grid.h" (tty may include: common grid/cell.h <curses.h> <ncurses.h> <term.h> <ncursesw/> )
EOF
expect_eq "$(cat got)" "$(cat want)" "the checker on a tree that breaks the rules"

# The sources keep the rules.
check "$MUX_SRCDIR" >broken
if [ -s broken ]; then
	cat broken >&2
	fail "$(wc -l <broken) includes break regress/layers.rules"
fi

# And so do the libraries, which is what a declaration moved to a lower
# header cannot hide: no symbol one folder's library (libX.a) needs is
# defined in the library of a folder it may not include. (A header-only
# allowance, tty's grid/cell.h, allows no symbols.)
BUILD_DIR=$(dirname "$MUX_BIN")
if [ ! -r "$BUILD_DIR/libcommon.a" ] || ! command -v nm >/dev/null 2>&1; then
	echo "layers.sh: no libraries in $BUILD_DIR (or no nm): link check skipped" >&2
	exit 0
fi
libs=$(awk '$1 !~ /\./ { print $1 }' rules | uniq)
for l in $libs; do
	[ -r "$BUILD_DIR/lib$l.a" ] || continue
	nm -g --defined-only "$BUILD_DIR/lib$l.a" 2>/dev/null |
	    awk -v l="$l" 'NF == 3 { print l, $3, "D" }'
	nm -u "$BUILD_DIR/lib$l.a" 2>/dev/null |
	    awk -v l="$l" 'NF == 2 && $1 == "U" { print l, $2, "U" }'
done >symbols
awk -v rules="$TEST_DIR/rules" '
BEGIN {
	while ((getline line < rules) > 0) {
		if (split(line, f, " ") == 2 && f[2] !~ /[\/<]/)
			may[f[1], f[2]] = 1
	}
}
$3 == "D" { def[$2] = def[$2] " " $1 }
$3 == "U" { need[++n] = $1 " " $2 }
END {
	for (i = 1; i <= n; i++) {
		split(need[i], f, " ")
		if (!(f[2] in def))
			continue
		k = split(def[f[2]], d, " ")
		ok = 0
		for (j = 1; j <= k; j++) {
			if (d[j] == f[1] || ((f[1], d[j]) in may))
				ok = 1
		}
		if (!ok)
			printf "lib%s.a needs %s from lib%s.a\n", f[1], f[2], \
			    substr(def[f[2]], 2)
	}
}' symbols | sort -u >badlinks
[ -s symbols ] || fail "nm listed no symbols in $BUILD_DIR/lib*.a"
if [ -s badlinks ]; then
	cat badlinks >&2
	fail "$(wc -l <badlinks) symbols cross regress/layers.rules"
fi
exit 0
