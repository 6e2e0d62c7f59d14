#!/bin/sh
# The socket directory must be ours and closed to group and others.
. "$(dirname "$0")/lib.sh"

dir="$MUX_TMPDIR/mux-$(id -u)"
m new -d -s a || fail "new"
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
exit 0
