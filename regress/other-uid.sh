#!/bin/sh
# Another user: a client of another uid is refused by root's server, at
# its -L socket and at a -S socket, and told why ("access denied", with
# the uid); and root's client refuses a server run by that user (given
# with -S) before it sends a byte or its terminal. Needs root (it makes
# an unprivileged user with useradd and runs as it with setpriv): skips
# otherwise.
. "$(dirname "$0")/lib.sh"

if [ "$(id -u)" != 0 ]; then
	echo "other-uid: not root: skipped"
	exit 77
fi
if ! command -v useradd >/dev/null 2>&1 || ! command -v setpriv >/dev/null 2>&1; then
	echo "other-uid: no useradd or setpriv: skipped"
	exit 77
fi
U=muxtest
if ! id -u $U >/dev/null 2>&1 &&
    ! useradd -M -r -s /bin/sh $U >/dev/null 2>&1 &&
    ! id -u $U >/dev/null 2>&1; then
	echo "other-uid: useradd $U failed: skipped"
	exit 77
fi
uid=$(id -u $U)
gid=$(id -g $U)

# The test directory is the user's /tmp too (sticky, world-writable).
chmod 1777 "$TEST_DIR"
USOCK="$TEST_DIR/user/sock"
mkdir "$TEST_DIR/user" "$TEST_DIR/pub"
chown $uid:$gid "$TEST_DIR/user"

# The user runs a copy of mux it can reach (the build tree may be under a
# directory only root can enter, as /root is).
mkdir "$TEST_DIR/bin"
cp "$MUX_BIN" "$TEST_DIR/bin/mux"
chmod 0755 "$TEST_DIR/bin" "$TEST_DIR/bin/mux"
UMUX="$TEST_DIR/bin/mux"
as_user() {
	setpriv --reuid=$uid --regid=$gid --clear-groups \
	    env HOME="$TEST_DIR/user" MUX_TMPDIR="$TEST_DIR" "$@"
}
trap 'as_user "$UMUX" -S "$USOCK" kill-server >/dev/null 2>&1;
    "$MUX_BIN" -S "$TEST_DIR/pub/sock" kill-server >/dev/null 2>&1; cleanup' EXIT

# refused WHAT COMMAND...: as the user, COMMAND fails with an access
# denied message naming the user's uid.
denied="access denied: uid $uid may not use this server (it belongs to uid 0)"
refused() {
	what=$1
	shift
	if as_user "$UMUX" "$@" >out 2>&1; then
		fail "$what: the other user got in: $(cat out)"
	fi
	expect_eq "$(cat out)" "$denied" "$what"
}

# Root's -L server. Its directory keeps the user out already; with the
# directory opened up, the server itself refuses and says why.
m new -d -s root -x 80 -y 24 cat || fail "new"
LSOCK=$(m display -p '#{socket_path}')
expect_eq "$LSOCK" "$TEST_DIR/mux-0/$LABEL" "socket path"
as_user "$UMUX" -L "$LABEL" ls >out 2>&1 &&
    fail "-L as the user reached something: $(cat out)"
expect_eq "$(cat out)" "no server running on $TEST_DIR/mux-$uid/$LABEL" \
    "-L as the user is the user's own socket"
as_user "$UMUX" -S "$LSOCK" ls >out 2>&1 && fail "-S through a 0700 dir"
grep -q "Permission denied" out || fail "0700 dir: $(cat out)"
chmod 0711 "$TEST_DIR/mux-0"
chmod 0777 "$LSOCK"
refused "root's -L socket, opened up: ls" -S "$LSOCK" ls
refused "root's -L socket, opened up: attach" -S "$LSOCK" attach -t root
refused "root's -L socket, opened up: kill-server" -S "$LSOCK" kill-server
chmod 0700 "$TEST_DIR/mux-0"
chmod 0600 "$LSOCK"
expect_eq "$(m ls -F '#{session_name}')" "root" "root's server after refusals"

# Root's -S server in a public directory, its socket opened up.
"$MUX_BIN" -S "$TEST_DIR/pub/sock" -f /dev/null new -d cat || fail "new -S"
chmod 0777 "$TEST_DIR/pub/sock"
refused "root's -S socket: ls" -S "$TEST_DIR/pub/sock" ls
refused "root's -S socket: new" -S "$TEST_DIR/pub/sock" new -d
expect_eq "$("$MUX_BIN" -S "$TEST_DIR/pub/sock" ls -F '#{session_windows}')" \
    "1" "root's -S server after refusals"

# The user's own server; root's client refuses it.
as_user "$UMUX" -S "$USOCK" -f /dev/null new -d -s mine cat ||
    fail "the user's server"
want="access denied: $USOCK is a socket owned by uid $uid, not uid 0: not connecting"
for cmd in ls attach "kill-server"; do
	"$MUX_BIN" -S "$USOCK" $cmd >out 2>&1 && fail "root used the user's server: $cmd"
	expect_eq "$(cat out)" "$want" "root's $cmd to the user's server"
done
expect_eq "$(as_user "$UMUX" -S "$USOCK" ls -F '#{session_name}:#{session_attached}')" \
    "mine:0" "the user's server after root's refusals"

# Not a byte: a listener of the user's counts what a root client sends.
if [ -x /usr/bin/python3 ]; then
	FSOCK="$TEST_DIR/user/fake"
	as_user /usr/bin/python3 -c '
import os, socket, sys
s = socket.socket(socket.AF_UNIX)
s.bind(sys.argv[1]); s.listen(1)
open(sys.argv[2] + ".tmp", "w").close(); os.rename(sys.argv[2] + ".tmp", sys.argv[2])
c, _ = s.accept()
n = 0
while True:
    b = c.recv(65536)
    if not b: break
    n += len(b)
open(sys.argv[3], "w").write("%d\n" % n)
' "$FSOCK" "$TEST_DIR/user/ready" "$TEST_DIR/user/count" &
	poll_until "the listener" test -e "$TEST_DIR/user/ready"
	"$MUX_BIN" -S "$FSOCK" attach >out 2>&1 && fail "root attached to a fake"
	poll_until "the listener's count" test -s "$TEST_DIR/user/count"
	expect_eq "$(cat "$TEST_DIR/user/count")" 0 "bytes sent to a foreign server"
	wait
fi

# The lock file is never followed through a link.
ln -s "$TEST_DIR/pub/target" "$TEST_DIR/pub/none.lock"
"$MUX_BIN" -S "$TEST_DIR/pub/none" -f /dev/null new -d cat >out 2>&1 &&
    fail "started a server through a linked lock"
expect_eq "$(cat out)" "$TEST_DIR/pub/none.lock is a symbolic link: refusing to follow it" \
    "linked lock file"
[ -e "$TEST_DIR/pub/target" ] && fail "the lock link was followed"
exit 0
