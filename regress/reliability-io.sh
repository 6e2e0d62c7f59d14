#!/bin/sh
# Reliability of the transport and the queues: sizes from outside are
# clamped, running out of file descriptors does not wedge the server,
# connections that never identify are bounded and closed, what a stopped
# client is owed stays bounded, and a large paste arrives whole.
. "$(dirname "$0")/lib.sh"
: "${RAWSOCK:=$REGRESS_DIR/rawsock}"
# Under AddressSanitizer freed memory is kept in a quarantine (256 MB by
# default) that would hide the bounds measured here: keep it small.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=4"
export ASAN_OPTIONS

sock="$MUX_TMPDIR/mux-$(id -u)/$LABEL"
# An identify message (this protocol version): flags 1 (a terminal), COLS and ROWS as
# little-endian hex u16 ("3075" is 30000), empty strings, no environment.
ver=$(sed -n 's/^#define PROTO_VERSION[	 ]*\([0-9]*\).*/\1/p' \
    "$REGRESS_DIR/../common/proto.h")
[ -n "$ver" ] || fail "PROTO_VERSION not found"
identify() {
	echo "01000000 20000000 $(printf %02x "$ver")000000 01000000 $1 $2 00000000 00000000 00000000 00000000 00000000"
}
# A command message for "attach -t big".
attach_big="02000000 1b000000 03000000 06000000 617474616368 02000000 2d74 03000000 626967"

# server_kb NAME: the server's VmRSS or VmHWM (peak) in KiB.
server_kb() {
	awk -v f="$1:" '$1 == f { print $2 }' "/proc/$server_pid/status"
}

# A session that stays, so that killing another never ends the server.
m new -d -s keep || fail "new keep"

# Sizes: ---------------------------------------------------------------
# As tmux 3.3a: new-session -x/-y take up to 65535 and clamp at 10000.
m new -d -s big -x 20000 -y 10 || fail "new -x 20000"
server_pid=$(m display -p '#{pid}')
expect_eq "$(m display -p -t big '#{window_width}x#{window_height}')" \
    "10000x10" "new-session -x 20000 is clamped"
m new -d -s huge -x 65536 -y 10 2>err && fail "new -x 65536 was taken"
m kill-session -t huge 2>/dev/null
# A client whose terminal claims 30000 columns: the window it sizes gets
# 10000 (before: 30000x30000 was fatal, out of memory).
"$RAWSOCK" "$sock" "$(identify 3075 0500) $attach_big" >/dev/null
expect_eq "$(m display -p -t big '#{window_width}x#{window_height}')" \
    "10000x4" "a client's size in identify is clamped"
# The same through a resize message.
"$RAWSOCK" "$sock" "$(identify 5000 0600) $attach_big 07000000 04000000 3075 0600" >/dev/null
expect_eq "$(m display -p -t big '#{window_width}x#{window_height}')" \
    "10000x5" "a client's size in a resize message is clamped"
m kill-session -t big

# Connections that do not identify: ------------------------------------
m new -d -s a || fail "new a"
server_pid=$(m display -p '#{pid}')
# Each announces a 16 MiB message and sends 1 MiB of it: before identify
# that is too large, so each is closed at once, not held (before: 60 such
# held the server at 955 MB).
"$RAWSOCK" -n 60 -z 1048576 -w "$sock" "02000000 00000001" >out ||
    fail "connections announcing 16 MiB were held: $(cat out)"
# Each announces a message it never finishes: closed at the identify
# deadline; at most SERVER_UNIDENTIFIED_MAX (16) are held at once, so the
# server's peak memory stays bounded.
"$RAWSOCK" -n 24 -z 1000000 -w "$sock" "01000000 00f00f00" >out ||
    fail "stalled connections were not closed: $(cat out)"
peak=$(server_kb VmHWM)
echo "reliability-io: peak server RSS with 24 stalled 1 MB messages: $peak KiB"
[ "$peak" -lt 65536 ] || fail "server peak RSS $peak KiB with stalled connections"
m has -t a || fail "server died"

# Out of file descriptors: ---------------------------------------------
m kill-server
# The server inherits a limit of 64 file descriptors; 100 clients that
# identify and stay run it out, and its pane prints meanwhile. When they
# have gone it answers again (before: the listening socket stayed readable,
# the loop never finished a turn with the pane's output waiting behind it,
# and the server spun for ever without freeing the clients that went).
sh -c 'ulimit -n 64 && exec "$MUX_BIN" -L "$LABEL" -f /dev/null new -d -s fd \
    "while [ ! -e go ]; do sleep 0.01; done; echo output; touch printed; exec cat"' ||
    fail "new with ulimit -n 64"
server_pid=$(m display -p '#{pid}')
grep -q '^Max open files *64 ' "/proc/$server_pid/limits" ||
    fail "the server does not have the low limit"
server_fds() {
	[ "$(ls "/proc/$server_pid/fd" | wc -l)" -ge "$1" ]
}
mkfifo hold
"$RAWSOCK" -n 100 -H "$sock" "$(identify 5000 1800)" <hold &
exec 3>hold
poll_until "the server to run out of file descriptors" server_fds 64
touch go
poll_until "the pane to print" test -e printed
exec 3>&-
wait $! || fail "rawsock -H"
out=$(timeout 20 "$MUX_BIN" -L "$LABEL" -f /dev/null ls -F '#{session_name}') ||
    fail "no answer after running out of file descriptors"
expect_eq "$out" "fd" "ls after running out of file descriptors"
wait_pane fd output
m kill-server

# What a stopped client is owed: ---------------------------------------
# A pane sets the clipboard (OSC 52, 4 KB each) 20000 times, 80 MB in all,
# while its client's terminal (or the client, when it draws) is stopped.
# Only the newest set is owed, so the server's memory stays bounded
# (before: every one was queued for the client).
payload=$(head -c 3000 /dev/zero | base64 -w0)
m new -d -s keep || fail "new keep"
for how in terminal client; do
	rm -f go done attached
	m new -d -s clip -x 80 -y 24 "echo ready; while [ ! -e go ]; do sleep 0.01; done;
	    i=0; while [ \$i -lt 20000 ]; do printf '\\033]52;c;%s\\a' $payload;
	    i=\$((i + 1)); done; touch done; echo FINISHED; exec cat" || fail "new clip"
	m set -g set-clipboard on
	server_pid=$(m display -p '#{pid}')
	keep=
	[ $how = client ] && keep=1
	MUX_KEEP_TTY=$keep "$PTYDRIVE" -t 60 -s 80x24 -- "$MUX_BIN" -L "$LABEL" \
	    -f /dev/null attach -t clip <<EOF2 >/dev/null &
wait ready
run touch attached
wait FINISHED
EOF2
	drive=$!
	poll_until "the client to attach" test -e attached
	if [ $how = client ]; then
		stopped=$(pgrep -x -P $drive mux)
	else
		stopped=$drive
	fi
	kill -STOP $stopped
	touch go
	i=0
	while [ ! -e done ]; do
		i=$((i + 1))
		[ $i -gt 6000 ] && fail "the pane did not finish its clipboard sets"
		sleep 0.01
	done
	rss=$(server_kb VmRSS)
	echo "reliability-io: server RSS after 80 MB of OSC 52 for a stopped $how: $rss KiB"
	[ "$rss" -lt 65536 ] || fail "server RSS $rss KiB (stopped $how)"
	kill -CONT $stopped
	wait $drive || fail "the client did not show the pane's end ($how)"
	m kill-session -t clip
done

# A large paste: ------------------------------------------------------
# 10 MiB (short lines: a terminal's line discipline holds at most 4095
# bytes of a line) pasted into cat arrives whole and in order (before:
# over 1 MiB was dropped whole, silently). The pane feeds it from the
# buffer's bytes, which stay while it does though -d deletes the buffer.
seq 1 1500000 >big
size=$(wc -c <big)
m new -d -s paste "stty -echo; echo ready; cat >got" || fail "new paste"
server_pid=$(m display -p '#{pid}')
wait_pane paste ready
m load-buffer -b big big || fail "load-buffer"
m paste-buffer -d -b big -t paste || fail "paste-buffer"
m list-buffers -F '#{buffer_name}' | grep -qx big && fail "-d kept the buffer"
got_all() {
	[ "$(wc -c <got)" -ge "$size" ]
}
i=0
while ! got_all; do
	i=$((i + 1))
	[ $i -gt 6000 ] && fail "paste: $(wc -c <got) of $size bytes arrived"
	sleep 0.01
done
cmp -s big got || fail "the pasted bytes differ from the buffer's"
echo "reliability-io: paste of $size bytes into cat: all arrived, in order"
m kill-session -t paste

# A command's output over the largest message (16 MiB) goes in pieces
# (before: the client dropped the connection).
head -c 20000000 /dev/zero | tr '\0' a >huge
m load-buffer -b huge huge || fail "load-buffer huge"
m save-buffer -b huge - >huge.out || fail "save-buffer - of 20 MB"
cmp -s huge huge.out || fail "save-buffer - of 20 MB: $(wc -c <huge.out) bytes"
m delete-buffer -b huge
rm huge huge.out

# The same into a program that never reads: the paste is taken (the
# buffer's copy waits in the pane's queue), the server goes on answering,
# and a paste the full queue has no room for is refused with an error
# rather than lost silently.
m new -d -s stuck "echo ready; exec sleep 1000" || fail "new stuck"
server_pid=$(m display -p '#{pid}')
wait_pane stuck ready
m load-buffer -b big big || fail "load-buffer"
m paste-buffer -b big -t stuck || fail "paste-buffer into a stuck pane"
m paste-buffer -b big -t stuck 2>err && fail "a second paste into a full queue was taken"
grep -q "is not reading its input" err || fail "paste refused without saying why: $(cat err)"
m paste-buffer -b big -t stuck 2>err && fail "a third paste into a full queue was taken"
expect_eq "$(m display -p -t stuck ok)" "ok" "the server answers"
rss=$(server_kb VmRSS)
echo "reliability-io: server RSS after 3 pastes of $size bytes into a pane that never reads: $rss KiB"
[ "$rss" -lt 65536 ] || fail "server RSS $rss KiB with a stuck paste"
m kill-session -t stuck

# A bracketed paste of 2.7 MB from the terminal into cat: the decoder cuts
# it into 1 MiB pieces, and the terminal is not read while the pane's
# queue is full, so all of it arrives (before: a marked 1 MiB piece was
# over the limit and dropped, so the program got empty pastes).
seq 1 400000 >tbig
tsize=$(wc -c <tbig)
# The pane asks for bracketed paste, so each piece comes marked; its
# program is slow to start reading, so the first piece fills its queue.
m new -d -s tpaste "stty -echo; printf '\\033[?2004h'; echo ready; sleep 1; cat >tgot" ||
    fail "new tpaste"
{
	echo "wait ready"
	printf 'send \\e[200~'
	tr '\n' '\r' <tbig | sed 's/\r/\\r/g'
	printf '\\e[201~\n'
	echo "run i=0; until [ \$(wc -c <tgot) -ge $((tsize + 36)) ]; do i=\$((i+1)); [ \$i -gt 6000 ] && exit 1; sleep 0.01; done"
} >script
"$PTYDRIVE" -t 60 -s 80x24 -- "$MUX_BIN" -L "$LABEL" -f /dev/null \
    attach -t tpaste <script >/dev/null ||
    fail "terminal paste: $(wc -c <tgot) of $tsize bytes arrived"
sed 's/\x1b\[20[01]~//g' tgot >tplain
cmp -s tbig tplain || fail "the bytes pasted from the terminal differ"
echo "reliability-io: bracketed paste of $tsize bytes from a terminal: all arrived, in order"

# A paste whose end may come in the same read from the terminal as the
# piece that fills the pane's queue: decoding stops after that piece and
# the rest of the read waits until the pane takes its input (the decoder's
# side is checked exactly in test_input's test_stop; before, those bytes
# were decoded at once and refused by the full queue).
yes abcdefg | head -c 2097152 >ebig
printf 'tail-012\n' >>ebig
esize=$(wc -c <ebig)
m new -d -s epaste "stty -echo; echo ready; sleep 1; cat >egot" ||
    fail "new epaste"
{
	echo "wait ready"
	printf 'send \\e[200~'
	tr '\n' '\r' <ebig | sed 's/\r/\\r/g'
	printf '\\e[201~\n'
	echo "run i=0; until [ \$(wc -c <egot) -ge $esize ]; do i=\$((i+1)); [ \$i -gt 6000 ] && exit 1; sleep 0.01; done"
} >script
"$PTYDRIVE" -t 60 -s 80x24 -- "$MUX_BIN" -L "$LABEL" -f /dev/null \
    attach -t epaste <script >/dev/null ||
    fail "paste ending in the read that filled the pane: $(wc -c <egot) of $esize bytes arrived"
cmp -s ebig egot || fail "the paste ending in the read that filled the pane differs"
echo "reliability-io: a paste whose end came with the read that filled the pane: all $esize bytes arrived"

# A client terminal of 10000x10000 (before: the server blocked 9 s and
# took 3 GB): it counts as 4,000,000 cells, so 10000x400, and the server's
# memory stays bounded while it is attached. (Last: it raises the peak.)
m new -d -s big -x 80 -y 24 || fail "new big"
"$RAWSOCK" "$sock" "$(identify 1027 1027) $attach_big" >/dev/null
expect_eq "$(m display -p -t big '#{window_width}x#{window_height}')" \
    "10000x399" "a client's area is clamped"
peak=$(server_kb VmHWM)
[ "$peak" -lt 1048576 ] || fail "a 10000x10000 client took the server to $peak KiB"
echo "reliability-io: server peak RSS with a 10000x10000 client: $peak KiB"
m kill-server
exit 0
