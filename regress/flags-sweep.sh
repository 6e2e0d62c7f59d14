#!/bin/sh
# Every flag of every tmux 3.3a command against mux and tmux: the same
# exit status and error (flags-sweep.py has the list of known
# differences and why). Skipped without tmux or python3.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || exit 77
TMUX_BIN=$(command -v tmux) || exit 77
unset TMUX
python3 "$REGRESS_DIR/flags-sweep.py" "$MUX_BIN" "$TMUX_BIN" "$TEST_DIR" >&2 ||
    fail "commands differ from tmux 3.3a's"
exit 0
