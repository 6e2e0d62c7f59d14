# regress/long/lib.sh: set-up for the long tests (make check-long, make
# soak): regress/lib.sh, with the paths from this folder, and helpers that
# read the server's memory and fds from /proc.
LONG_REGRESS="$(cd "$(dirname "$0")/.." && pwd)"
: "${MUX_BIN:=$(cd "$LONG_REGRESS/.." && pwd)/mux}"
: "${PTYDRIVE:=$LONG_REGRESS/ptydrive}"
. "$LONG_REGRESS/lib.sh"
UNTIL="$LONG_REGRESS/until.sh"
REGRESS_DIR="$LONG_REGRESS"
export UNTIL

# The server's pid (the server must be running).
server_pid() {
	m display -p '#{pid}'
}

# rss_kb PID: resident memory in KiB.
rss_kb() {
	awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"
}

# fd_count PID: open fds.
fd_count() {
	ls "/proc/$1/fd" | wc -l
}

# figure NAME VALUE: a measured figure, for the report (and the README).
figure() {
	echo "figure: $TEST_NAME: $1: $2"
}

# bounded WHAT GOT MAX: fail unless GOT <= MAX.
bounded() {
	[ "$2" -le "$3" ] || fail "$1: $2 (bound $3)"
}

# long_poll DESCRIPTION COMMAND...: as poll_until, for at most 60 s (long
# tests wait on real work: megabytes through a pty).
long_poll() {
	what=$1
	shift
	i=0
	while ! "$@" >/dev/null 2>&1; do
		i=$((i + 1))
		[ $i -gt 6000 ] && fail "timed out waiting for: $what"
		sleep 0.01
	done
}
