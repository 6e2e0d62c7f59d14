#!/bin/sh
# The socket directory must be ours and closed to group and others; the
# lock file of a server start does not stay in it.
. "$(dirname "$0")/lib.sh"

dir="$MUX_TMPDIR/mux-$(id -u)"
m new -d -s a || fail "new"
# The lock that made starting one client's job is gone once the server
# listens, as tmux's is; the socket stays.
test -S "$dir/$LABEL" || fail "no socket at $dir/$LABEL"
test -e "$dir/$LABEL.lock" && fail "the lock file stayed: $dir/$LABEL.lock"
m kill-server
test "$(stat -c %a "$dir")" = 700 || fail "socket dir mode $(stat -c %a "$dir")"

chmod 0755 "$dir"
if m new -d -s a 2>err; then fail "used a group/other-readable directory"; fi
grep -q "accessible to group or others" err || fail "message: $(cat err)"
chmod 0700 "$dir"

if [ "$(id -u)" = 0 ]; then
	chown 65534 "$dir"
	if m new -d -s a 2>err; then fail "used a directory owned by another user"; fi
	grep -q "owned by uid 65534" err || fail "message: $(cat err)"
	chown 0 "$dir"
fi
m new -d -s a || fail "new after fixing the directory"

# Clients that start at once start one server between them, which has
# every session, and leave no lock.
m kill-server
for i in 1 2 3 4 5 6 7 8; do
	m new -d -s "c$i" &
done
wait
expect_eq "$(m ls -F '#{session_name}' | sort | tr '\n' ' ')" \
    "c1 c2 c3 c4 c5 c6 c7 c8 " "sessions of clients started at once"
test -e "$dir/$LABEL.lock" && fail "the lock file stayed after a race"
exit 0
