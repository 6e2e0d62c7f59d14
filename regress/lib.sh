# regress/lib.sh: shared set-up for the black-box tests. Each test gets a
# private socket directory and server (-L), no config (-f /dev/null), and
# everything it started is gone when it exits. Tests wait for state by
# polling it (poll_until), never by sleeping for a guessed time.

set -u
: "${MUX_BIN:=$(cd "$(dirname "$0")/.." && pwd)/mux}"
: "${PTYDRIVE:=$(cd "$(dirname "$0")" && pwd)/ptydrive}"
REGRESS_DIR="$(cd "$(dirname "$0")" && pwd)"
UNTIL="$REGRESS_DIR/until.sh"
export UNTIL
TEST_NAME=$(basename "$0" .sh)
TEST_DIR=$(mktemp -d "${TMPDIR:-/tmp}/mux-test.XXXXXX")
export MUX_TMPDIR="$TEST_DIR"
export HOME="$TEST_DIR"
export SHELL=/bin/sh
export ENV=
# One locale whatever the user's: UTF-8, as tmux's own regress runs (tmux,
# the reference some tests compare with, draws and prints differently
# for a client whose locale is not UTF-8).
LC_ALL=C.UTF-8
export LC_ALL
unset MUX MUX_PANE TMUX 2>/dev/null || true
LABEL="t$$"
export MUX_BIN LABEL

# mux with the test's private server.
m() {
	"$MUX_BIN" -L "$LABEL" -f /dev/null "$@"
}

# The text of the view mode over a pane (run-shell's output goes there, as
# in tmux 3.3a), copied whole with copy-mode commands, which leave it; $1
# is a target pane, or none for the current one. The trailing newlines go.
view_text() {
	for _vc in history-top start-of-line begin-selection history-bottom \
	    end-of-line copy-selection-and-cancel; do
		m send -X ${1:+-t "$1"} "$_vc" || return 1
	done
	m show-buffer
}

# Work inside the test's own directory: files a test writes (err, out)
# never meet another test's when tests run in parallel (make -j).
cd "$TEST_DIR" || exit 1

cleanup() {
	"$MUX_BIN" -L "$LABEL" kill-server >/dev/null 2>&1 || true
	rm -rf "$TEST_DIR"
}
trap cleanup EXIT

fail() {
	echo "FAIL: $TEST_NAME: $*" >&2
	exit 1
}

# expect_eq ACTUAL EXPECTED WHAT
expect_eq() {
	if [ "$1" != "$2" ]; then
		printf 'FAIL: %s: %s\n--- expected ---\n%s\n--- got ---\n%s\n' \
		    "$TEST_NAME" "$3" "$2" "$1" >&2
		exit 1
	fi
}

# flood_screens FILE ROWS: FILE becomes a script that paints 3000 screens
# of ROWS rows, each all one letter and numbered at its foot (every frame
# a whole pane, far more than a slow terminal takes), then clears and
# prints FLOOD-END, then waits in cat.
flood_screens() {
	cat >"$1" <<EOF
awk 'BEGIN {
	for (i = 0; i < 3000; i++) {
		printf "\\033[H";
		c = sprintf("%c", 97 + i % 26);
		row = "";
		for (k = 0; k < 79; k++)
			row = row c;
		for (j = 0; j < $2; j++)
			printf "%s\\n", row;
		printf "%05d", i;
	}
	printf "\\033[2J\\033[HFLOOD-END\\n";
}'
exec cat
EOF
}

# poll_until DESCRIPTION COMMAND...: run COMMAND until it succeeds, at most
# 10 seconds; fail naming DESCRIPTION otherwise.
poll_until() {
	what=$1
	shift
	i=0
	while ! "$@" >/dev/null 2>&1; do
		i=$((i + 1))
		[ $i -gt 1000 ] && fail "timed out waiting for: $what"
		sleep 0.01
	done
}

# pane_shows TARGET TEXT: the pane's visible text contains TEXT.
pane_shows() {
	m capture-pane -p -t "$1" | grep -qF -- "$2"
}

# Wait until a pane shows text.
wait_pane() {
	poll_until "pane $1 to show '$2'" pane_shows "$1" "$2"
}

# pane_has_line TARGET TEXT: a visible line of the pane is exactly TEXT
# (so a command's output, not the typed command line that names it).
pane_has_line() {
	m capture-pane -p -t "$1" | grep -qxF -- "$2"
}

# Wait until a pane has a line that is exactly TEXT.
wait_line() {
	poll_until "pane $1 to have the line '$2'" pane_has_line "$1" "$2"
}

# Wait until a new shell in a pane is ready for input: it has drawn its
# prompt (a shell started with PS1='$ ').
wait_prompt() {
	wait_pane "$1" '$'
}
