#!/bin/sh
# completion.sh: completion/mux.bash, driven as bash drives it: COMP_WORDS
# and COMP_CWORD set, _mux called, COMPREPLY read. Commands and aliases,
# flags, option names, and targets asked of the server -L names. Needs
# bash (always on Debian), not the bash-completion package. When zsh is
# installed, completion/_mux is driven the same way at the end.
. "$(dirname "$0")/lib.sh"

: "${MUX_SRCDIR:=$REGRESS_DIR/..}"
SCRIPT="$MUX_SRCDIR/completion/mux.bash"
[ -r "$SCRIPT" ] || fail "no completion script at $SCRIPT"
command -v bash >/dev/null 2>&1 || fail "bash is not installed"

cat >drive.bash <<'EOF'
. "$SCRIPT" || exit 1
COMP_WORDS=("$@")
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
COMP_LINE="$*"
COMP_POINT=${#COMP_LINE}
_mux || exit 1
for w in "${COMPREPLY[@]}"; do
	printf '%s\n' "$w"
done | sort
EOF
export SCRIPT

# comp WORD...: the completions of the last WORD (mux is the built one).
comp() {
	bash --norc --noprofile drive.bash "$MUX_BIN" "$@" ||
	    fail "completion of '$*' failed"
}

m new -d -s alpha -x 80 -y 24 || fail "new-session failed"
m new -d -s beta -x 80 -y 24
m neww -d -t alpha:
m splitw -d -t alpha:1

# A command name: every command and alias starting with sp, from
# list-commands (no server runs on the default socket of the test).
m list-commands | sed -n 's/^\([^ ]*\) *\(([^)]*)\)\{0,1\}.*/\1 \2/p' |
    tr -d '()' | tr ' ' '\n' | grep '^sp' | sort >want
[ -s want ] || fail "list-commands has no sp* command"
grep -qx split-window want || fail "split-window is not in list-commands"
expect_eq "$(comp sp)" "$(cat want)" "mux sp<TAB>"
# With the server, its command-alias option adds split-pane and splitp.
(cat want; echo split-pane; echo splitp) | sort >want2
expect_eq "$(comp -L "$LABEL" sp)" "$(cat want2)" "mux -L label sp<TAB>"

# Sessions of the server -L names, for -t target-session.
expect_eq "$(comp -L "$LABEL" attach -t '')" "alpha
beta" "mux attach -t <TAB>"
expect_eq "$(comp -L "$LABEL" attach-session -t b)" "beta" \
    "mux attach-session -t b<TAB>"
# A flag with an argument at the end of a group of flags: -at.
expect_eq "$(comp -L "$LABEL" kill-session -at '')" "alpha
beta" "mux kill-session -at <TAB>"
# The command after a ';' (bash keeps it as \; in COMP_WORDS).
expect_eq "$(comp -L "$LABEL" new -d '\;' attach -t a)" "alpha" \
    "mux new -d \\; attach -t a<TAB>"
# -S names the server by its socket path.
expect_eq "$(comp -S "$TEST_DIR/mux-$(id -u)/$LABEL" attach -t '')" "alpha
beta" "mux -S path attach -t <TAB>"
# The command bind-key binds is completed as a command.
expect_eq "$(comp -L "$LABEL" bind -n F1 kill-session -t '')" "alpha
beta" "mux bind -n F1 kill-session -t <TAB>"
# Another server (-L) has other sessions.
"$MUX_BIN" -L "${LABEL}b" -f /dev/null new -d -s gamma ||
    fail "second server failed"
expect_eq "$(comp -L "${LABEL}b" attach -t '')" "gamma" \
    "mux -L other attach -t <TAB>"
"$MUX_BIN" -L "${LABEL}b" kill-server

# Windows and panes; bash splits alpha:1 at ':' into alpha, :, 1.
expect_eq "$(comp -L "$LABEL" select-window -t alpha : '')" "0
1" "mux select-window -t alpha:<TAB>"
expect_eq "$(comp -L "$LABEL" select-pane -t alpha : 1.)" "1.0
1.1" "mux select-pane -t alpha:1.<TAB>"

# Option names: set -g status-<TAB> is every status-* option the server has.
m show -s \; show -g \; show -gw | sed 's/[[ ].*//' | grep '^status-' |
    sort -u >want
grep -qx status-left want || fail "show -g has no status-left"
expect_eq "$(comp -L "$LABEL" set -g status-)" "$(cat want)" \
    "mux set -g status-<TAB>"
# setw offers window options only.
m show -gw | sed 's/[[ ].*//' | grep '^pane-' | sort -u >want
expect_eq "$(comp -L "$LABEL" setw -g pane-)" "$(cat want)" \
    "mux setw -g pane-<TAB>"
# With no server running, the names still come (a private server asked).
m show -s \; show -g \; show -gw | sed 's/[[ ].*//' | grep '^status-l' |
    sort -u >want
expect_eq "$(comp set -g status-l)" "$(cat want)" \
    "mux set -g status-l<TAB> with no server"

# Flags: those of split-window's usage line (with and without an
# argument), read here from list-commands on their own.
usage=$(m list-commands split-window)
{
	printf '%s\n' "$usage" | grep -o '\[-[[:alnum:]]*\]' | tr -d '[]-' |
	    fold -w1
	printf '%s\n' "$usage" | grep -o '\[-[[:alnum:]] ' | cut -c3
} | sed 's/^/-/' | sort >want
grep -qx -- -t want || fail "split-window's usage has no -t"
expect_eq "$(comp -L "$LABEL" split-window -)" "$(cat want)" \
    "mux split-window -<TAB>"
expect_eq "$(comp -L "$LABEL" splitw -)" "$(cat want)" "mux splitw -<TAB>"
# Socket names, for -L: those in the socket directory.
comp -L '' >got
grep -qx -- "$LABEL" got || fail "mux -L <TAB> does not offer $LABEL"
# The global flags, from mux -h.
expect_eq "$(comp -f)" "-f" "mux -f<TAB>"
comp -L "$LABEL" - >got
for f in -L -S -f -V; do
	grep -qx -- "$f" got || fail "mux -L label -<TAB> does not offer $f"
done

# zsh (when installed; make check does not need it): completion/_mux with
# zsh's completion builtins replaced by functions that print what would be
# offered, filtered by the word's prefix as zsh does.
if ! command -v zsh >/dev/null 2>&1; then
	echo "completion.sh: zsh not installed, zsh part skipped" >&2
	exit 0
fi
cat >drive.zsh <<'EOF'
_mux_offer() { # the names zsh would list for PREFIX
	local e
	for e in "$@"; do
		[[ $e == ${(b)PREFIX}* ]] && print -r -- "$e"
	done
}
compadd() {
	local -a a
	while [[ $1 == -* ]]; do
		if [[ $1 == -a ]]; then a+=(${(P)2}); shift 2; else shift; fi
	done
	_mux_offer $a "$@"
}
_describe() { # _describe -t TAG DESCRIPTION ARRAY: the names before ':'
	_mux_offer ${${(P)4}%%:*}
}
_files() { print -r -- "(files $*)"; }
_command_names() { print -r -- "(command names)"; }
_parameters() { print -r -- "(parameters)"; }
source "$SCRIPT_ZSH" >/dev/null 2>&1
words=("$@")
CURRENT=$#words
PREFIX=$words[-1]
_mux | sort
EOF
SCRIPT_ZSH="$MUX_SRCDIR/completion/_mux"
export SCRIPT_ZSH
zcomp() {
	zsh -f drive.zsh "$MUX_BIN" "$@" || fail "zsh completion of '$*' failed"
}
expect_eq "$(zcomp -L "$LABEL" attach -t '')" "alpha
beta" "zsh: mux attach -t <TAB>"
expect_eq "$(zcomp -L "$LABEL" select-window -t alpha:)" "alpha:
alpha:0
alpha:1" "zsh: mux select-window -t alpha:<TAB>"
m list-commands | sed -n 's/^\([^ ]*\) *\(([^)]*)\)\{0,1\}.*/\1 \2/p' |
    tr -d '()' | tr ' ' '\n' | grep '^sp' |
    (cat; echo split-pane; echo splitp) | sort >want
expect_eq "$(zcomp -L "$LABEL" sp)" "$(cat want)" "zsh: mux sp<TAB>"
m show -s \; show -g \; show -gw | sed 's/[[ ].*//' | grep '^status-' |
    sort -u >want
expect_eq "$(zcomp -L "$LABEL" set -g status-)" "$(cat want)" \
    "zsh: mux set -g status-<TAB>"
{
	printf '%s\n' "$usage" | grep -o '\[-[[:alnum:]]*\]' | tr -d '[]-' |
	    fold -w1
	printf '%s\n' "$usage" | grep -o '\[-[[:alnum:]] ' | cut -c3
} | sed 's/^/-/' | sort >want
expect_eq "$(zcomp -L "$LABEL" splitw -)" "$(cat want)" "zsh: mux splitw -<TAB>"
expect_eq "$(zcomp -L "$LABEL" bind -n F1 kill-session -t '')" "alpha
beta" "zsh: mux bind -n F1 kill-session -t <TAB>"
expect_eq "$(zcomp -L "$LABEL" new -c '')" "(files -/)" \
    "zsh: mux new -c <TAB> (directories)"
exit 0
