#!/bin/sh
# Key bindings against tmux 3.3a (skipped when tmux is not installed):
# with no config, list-keys and list-keys -N must print exactly what
# tmux's do, every table, key order, column widths, command text, quoting
# and notes; bindings with awkward words and { } blocks must print back
# as tmux prints them; and oh my tmux's configuration (when
# ../shared/peers has it) must leave the same bindings in both.
#
# The only differences allowed are the bindings listed in PENDING below,
# whose commands or features mux does not have yet; for each the reason
# is given. A pending binding mux does not have, or has with other text,
# is left out of both sides (so the columns still line up); once it
# matches it is compared like the rest.
command -v tmux >/dev/null 2>&1 || exit 77
. "$(dirname "$0")/lib.sh"
FAILED=0
bad() {
	echo "FAIL: $TEST_NAME: $*" >&2
	FAILED=1
}

# table:key of bindings not yet as tmux's, and why (one that now matches
# fails the test: take it off the list): none today.
PENDING=""

REF="ref$$"
unset TMUX MUX
# The reference server's socket is named by its path: TMUX_TMPDIR changes
# below (oh my tmux), and a name would then find no server to kill.
t() { tmux -S "$TEST_DIR/$REF.sock" -f /dev/null "$@"; }
trap 't kill-server >/dev/null 2>&1; cleanup' EXIT

t new -d -x 80 -y 24 || fail "tmux new"
m new -d -x 80 -y 24 || fail "mux new"

# Leave out, on both sides, each pending binding that does not match yet.
for pk in $PENDING; do
	table=${pk%%:*}
	key=${pk#*:}
	want=$(t list-keys -T "$table" "$key" 2>&1 | tr -s ' ')
	have=$(m list-keys -T "$table" "$key" 2>&1 | tr -s ' ')
	if [ "$want" = "$have" ]; then
		bad "$pk now matches tmux 3.3a: take it off PENDING"
		continue
	fi
	t unbind -T "$table" "$key" || fail "tmux unbind $pk"
	m unbind -q -T "$table" "$key"
done

for flags in "" "-N" "-aN -T prefix" "-T root" "-T copy-mode" \
    "-T copy-mode-vi" "-N -P >" "-1N" "-T prefix C-b" "-N M-Up"; do
	# shellcheck disable=SC2086
	t list-keys $flags >want.txt 2>&1
	# shellcheck disable=SC2086
	m list-keys $flags >have.txt 2>&1
	if ! cmp -s want.txt have.txt; then
		bad "list-keys $flags differs from tmux 3.3a's:"
		diff want.txt have.txt | head -20 >&2
	fi
done

# Words that need quoting or escapes, flags in tmux's order, repeated
# flags, and { } blocks (nested, over lines, empty) as tmux prints them.
cat >binds.conf <<'EOC'
bind -T t a display-message 'a$b'
bind -T t b display-message 'a"b'
bind -T t c display-message "a'b"
bind -T t d display-message "a b"
bind -T t e display-message ""
bind -T t f display-message '~x'
bind -T t g display-message '~'
bind -T t h display-message " "
bind -T t i display-message "a\tb"
bind -T t j display-message "a\\b"
bind -T t k display-message "a%b"
bind -T t l { display-message x ; display-message y
display-message z }
bind -T t m { }
bind -T t n if -F 1 { if -F 1 { display x } }
bind -T t o display-message "a\"b c"
bind -T t p display-message "é ü"
bind -T t q display-message "a\033b"
bind -T t r send -N 5 -X foo
bind -T t u display-message "a;b"
bind -T t v display-message 'a"b$c'
bind -T t w display-message "#"
bind -T t x display-message "\${a}"
bind -T t y display-message "a\nb"
bind -T t z display-message -t x -t y -N -N
bind -T t A display-message "a~b"
bind -T t B display-message "a{b"
bind -T t C display-message "x" \; display-message "y"
bind -T t D display-message "a\001b"
bind -T t E if -F 1 { display x ; display y
display z } { }
bind -T t F if -F 1 "display x"
bind -T t G command-prompt { send -N 5 -X foo }
bind -T t H if -F 1 { display "a;b" }
bind -T t I command-prompt -pa,b "x"
bind -T t J display-message "a`b c"
bind -T t K display-message "a\\b c"
bind -T t L display-message "a\007b\010c\013d\014e\177f"
bind -T t M display-message '~a"b'
bind -T t N display-message '{'
bind -T t O display-message 'x}'
bind -T t P display-message "%"
bind -T t Q display-message "a,b=c|d&e!f"
bind -T t M-\{ display-message x
bind -T t \~ display-message x
EOC
t source-file binds.conf || fail "tmux source-file"
m source-file binds.conf || fail "mux source-file"
t list-keys -T t >want.txt 2>&1
m list-keys -T t >have.txt 2>&1
if ! cmp -s want.txt have.txt; then
	bad "bindings print differently from tmux 3.3a's:"
	diff want.txt have.txt >&2
fi

# Notes: widths, -a, -1 (the first key of each table), -P, a key asked
# for that is not listed ("unknown key"), in both.
for side in t m; do
	$side list-keys -aN -T t >aN-$side.txt 2>&1
	$side unbind -a -T prefix \; bind -N "my note" x display hi \; \
	    bind y display z \; bind -n F5 display f \; \
	    bind -N rn -n F6 display g || fail "$side: bind"
done
cmp -s aN-t.txt aN-m.txt || bad "list-keys -aN -T t differs: $(diff \
    aN-t.txt aN-m.txt)"
for flags in "-N y" "-N x" "-N q" "-N -T prefix y" "-aN -T prefix q" \
    "-aN -T prefix y" "-aN x" "-aN y" "-aN F5" "-N F5" "-N F6" \
    "-aN -T root F5" "-T prefix q" "y" "zz" "-T nosuch" "-N -T nosuch" \
    "-1N" "-1aN" "-aN" "-aN -P >>" "-1N -T prefix" "-1 -T prefix" \
    "-1N x"; do
	# shellcheck disable=SC2086
	want=$(t list-keys $flags 2>&1; echo "rc=$?")
	# shellcheck disable=SC2086
	have=$(m list-keys $flags 2>&1; echo "rc=$?")
	[ "$want" = "$have" ] || bad "list-keys $flags: tmux:
$want
mux:
$have"
done

# A real configuration: oh my tmux (2022) with its .local file, loaded as
# ~/.tmux.conf in both. Its scripts call "tmux" back, so mux runs under
# that name (a link first in PATH). Its bindings made in the background
# (run -b) land when they land: wait until both sides agree, and show
# the difference if they never do.
OMT="$REGRESS_DIR/../../shared/peers/oh-my-tmux-2022"
if [ -f "$OMT/tmux.conf" ] && [ -f "$OMT/tmux.conf.local" ]; then
	cp "$OMT/tmux.conf" "$HOME/.tmux.conf"
	cp "$OMT/tmux.conf.local" "$HOME/.tmux.conf.local"
	mkdir -p bin tsock
	ln -s "$MUX_BIN" bin/tmux
	TMUX_TMPDIR="$TEST_DIR/tsock"
	export TMUX_TMPDIR
	o() { tmux -L "${REF}o" "$@"; }
	om() { PATH="$TEST_DIR/bin:$PATH" "$TEST_DIR/bin/tmux" -L "${LABEL}o" \
	    "$@"; }
	trap 'o kill-server >/dev/null 2>&1; om kill-server >/dev/null 2>&1
	    t kill-server >/dev/null 2>&1; cleanup' EXIT
	o -f "$HOME/.tmux.conf" new -d -x 120 -y 40 || fail "tmux oh my tmux"
	om -f "$HOME/.tmux.conf" new -d -x 120 -y 40 ||
	    fail "mux (as tmux) oh my tmux"
	for pk in $PENDING; do
		o unbind -q -T "${pk%%:*}" "${pk#*:}"
		om unbind -q -T "${pk%%:*}" "${pk#*:}"
	done
	same() {
		o list-keys >want.txt 2>&1
		om list-keys >have.txt 2>&1
		cmp -s want.txt have.txt || return 1
		o list-keys -N >want.txt 2>&1
		om list-keys -N >have.txt 2>&1
		cmp -s want.txt have.txt
	}
	i=0
	until same; do
		i=$((i + 1))
		if [ $i -gt 1000 ]; then
			bad "oh my tmux's bindings differ from tmux 3.3a's:"
			diff want.txt have.txt | head -30 >&2
			break
		fi
		sleep 0.01
	done
else
	echo "$TEST_NAME: no oh-my-tmux-2022 in ../shared/peers: not compared"
fi
exit $FAILED
