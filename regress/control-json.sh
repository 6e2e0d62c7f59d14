#!/bin/sh
# refresh-client -f json (a mux extension): control-mode notifications as
# JSON lines, one object per notification; the same steps give the same
# notifications as tmux's text form (regress/control-json.py).
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
python3 "$REGRESS_DIR/control-json.py" "$MUX_BIN" "$LABEL" "${LABEL}j" \
    >out 2>&1 || fail "$(cat out)"
"$MUX_BIN" -L "${LABEL}j" kill-server >/dev/null 2>&1
expect_eq "$(cat out)" "ok" "control-json.py"

# A bad flag still names itself.
m new -d -s x || fail "new"
m -C attach -t x >out 2>&1 <<'EOF2'
refresh-client -f jsonx
EOF2
grep -q "unknown client flag: jsonx" out || fail "bad flag: $(cat out)"
exit 0
