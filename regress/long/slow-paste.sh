#!/bin/sh
# A bracketed paste of 1.5 MiB from the terminal into a program that reads
# it slowly (64 KiB every half second, so the first 1 MiB piece takes
# about 8 s to go): every byte arrives, in order. The terminal is not read
# while the pane's queue is full; the server gives up waiting only when
# the program takes nothing for a while (before: after 5 s of waiting in
# all, however much it was reading, and the pieces after that were
# refused: lost).
. "$(dirname "$0")/lib.sh"

# 20 blocks of the reader's 64 KiB, so its last read is a whole one.
seq 1 210000 | head -c 1310720 >data
size=$(wc -c <data)
# The reader's slowness is the program's own pace, not the test's timing.
m new -d -s slow -x 80 -y 24 "stty raw -echo; echo ready;
    while dd bs=65536 count=1 iflag=fullblock 2>/dev/null; do sleep 0.5; done >$TEST_DIR/got" ||
    fail "new"
{
	echo "wait ready"
	printf 'send \\e[200~'
	tr '\n' '\r' <data | sed 's/\r/\\r/g'
	printf '\\e[201~\n'
	echo "run i=0; until [ \$(wc -c <$TEST_DIR/got) -ge $size ]; do i=\$((i+1)); [ \$i -gt 1200 ] && exit 1; sleep 0.1; done"
} >script
"$PTYDRIVE" -t 150 -s 80x24 -- "$MUX_BIN" -L "$LABEL" -f /dev/null \
    attach -t slow <script >/dev/null ||
    fail "slow reader: $(wc -c <got) of $size bytes arrived"
tr '\r' '\n' <got >plain
expect_eq "$(cksum <plain)" "$(cksum <data)" "the pasted bytes"
figure "paste from a terminal into a slow reader: bytes arrived / sent" "$(wc -c <plain) / $size"
exit 0
