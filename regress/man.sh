#!/bin/sh
# man.sh: man/mux.1 is lint-clean (mandoc -T lint -W warning, when mandoc
# is installed) and documents every command with each of its flags (mux
# list-commands), option (show-options -s, -g and -gw of a fresh server),
# hook (show-hooks -g) and format variable (the two tables in
# model/format-vars.c and model/format-pane.c). A name listed in regress/man-gaps.txt is a
# known gap and is not reported; a listed name that is documented after
# all fails too, so the file only ever shrinks.
. "$(dirname "$0")/lib.sh"

: "${MUX_SRCDIR:=$REGRESS_DIR/..}"
PAGE="$MUX_SRCDIR/man/mux.1"
GAPS="$REGRESS_DIR/man-gaps.txt"
[ -r "$PAGE" ] || fail "no man page at $PAGE"

# (a) mandoc lint, when mandoc is there (bootstrap installs it).
if command -v mandoc >/dev/null 2>&1; then
	mandoc -T lint -W warning "$PAGE" >lint 2>&1
	if [ -s lint ]; then
		cat lint >&2
		fail "mandoc -T lint -W warning reports problems in man/mux.1"
	fi
else
	echo "man.sh: mandoc not installed, lint skipped" >&2
fi

# (b) Every name in the code is on the page.
m list-commands | awk '{ print $1 }' >commands
[ -s commands ] || fail "list-commands printed no commands"
# Options from show-options (name, or name[N] for an array member, then a
# value); hook names from show-hooks.
m start-server \; show -s \; show -g \; show -gw >shown ||
    fail "show-options failed"
sed 's/[[ ].*//' shown | sort -u >options
m start-server \; show-hooks -g >shown || fail "show-hooks failed"
sed 's/[[ ].*//' shown | sort -u >hooks
[ -s options ] || fail "show-options printed no options"
[ -s hooks ] || fail "show-hooks printed no hooks"
sed -n 's/^[[:space:]]*{ "\([a-z0-9_]*\)", fv_.*/\1/p' \
    "$MUX_SRCDIR/model/format-vars.c" "$MUX_SRCDIR/model/format-pane.c" |
    sort -u >formats
[ "$(wc -l <formats)" -gt 100 ] ||
    fail "found only $(wc -l <formats) format variables in the C tables"

# The after-COMMAND hooks are documented as one list of commands in HOOKS.
sed -n '/^The commands with one:/,/^\.Pp/p' "$PAGE" | tr -s ' ,()\n' '\n' \
    >after-list

: >missing
# A command or option is documented as a list item: .It Ic NAME
# (or .It Xo Ic NAME).
for what in commands options; do
	while read -r name; do
		grep -qE "^\.It (Xo )?Ic $name( |\$)" "$PAGE" ||
		    echo "$what: $name" >>missing
	done <$what
done
while read -r name; do
	grep -qw -- "$name" "$PAGE" || echo "formats: $name" >>missing
done <formats
while read -r name; do
	case $name in
	after-*)
		grep -qxF -- "${name#after-}" after-list ||
		    echo "hooks: $name" >>missing
		;;
	*)
		grep -qw -- "$name" "$PAGE" || echo "hooks: $name" >>missing
		;;
	esac
done <hooks

# Every flag of a command's usage (list-commands) is in its item, from
# its .It to the next command's: "Fl x" or "Fl xyz" (a group).
m list-commands >usage
awk '
NR == FNR {
	name = $1
	u = $0
	sub(/^[^ ]+ (\([^)]*\) )?/, "", u)
	gsub(/\[%\]/, "", u)
	fl = ""
	s = u
	while (match(s, /\[-[[:alnum:]|-]+\]/)) {
		g = substr(s, RSTART + 1, RLENGTH - 2)
		gsub(/[-|]/, "", g)
		fl = fl g
		s = substr(s, RSTART + RLENGTH)
	}
	s = u
	while (match(s, /\[-[[:alnum:]] /)) {
		fl = fl substr(s, RSTART + 2, 1)
		s = substr(s, RSTART + RLENGTH)
	}
	flags[name] = fl
	next
}
/^\.Sh/ { cur = "" }
/^\.It (Xo )?Ic [a-z]/ {
	n = $0
	sub(/^\.It (Xo )?Ic /, "", n)
	sub(/ .*/, "", n)
	if (n in flags)
		cur = n
}
cur != "" {
	line = $0
	while (match(line, /Fl [[:alnum:]]+/)) {
		w = substr(line, RSTART + 3, RLENGTH - 3)
		for (i = 1; i <= length(w); i++)
			seen[cur, substr(w, i, 1)] = 1
		line = substr(line, RSTART + RLENGTH)
	}
}
END {
	for (c in flags) {
		f = flags[c]
		for (i = 1; i <= length(f); i++)
			if (!((c, substr(f, i, 1)) in seen))
				print "flags: " c " -" substr(f, i, 1)
	}
}' usage "$PAGE" >>missing

# Known gaps: lines "KIND: NAME" in man-gaps.txt ('#' starts a comment).
sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$GAPS" | sort -u >gaps
sort -u missing >missing.sorted
comm -23 missing.sorted gaps >new
comm -13 missing.sorted gaps >fixed
if [ -s new ]; then
	echo "man/mux.1 does not document:" >&2
	sed 's/^/  /' new >&2
	fail "$(wc -l <new) names missing from the man page"
fi
if [ -s fixed ]; then
	echo "documented now, remove from regress/man-gaps.txt:" >&2
	sed 's/^/  /' fixed >&2
	fail "man-gaps.txt lists names the page documents"
fi
exit 0
