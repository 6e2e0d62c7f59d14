#!/bin/sh
# Snapshots and resurrect (issue 16): kill-server writes the sessions to
# $XDG_STATE_HOME/mux/LABEL.snapshot and resurrect brings back the same
# windows (indexes, names, layouts, active and zoomed flags), panes
# (directories, active pane) and history (with styles and wrapped lines)
# above a fresh prompt; programs come back only when resurrect-commands
# allows them. A damaged snapshot restores nothing, says what is wrong
# and leaves the good one alone; a session whose name is taken is not
# touched. A tmux-resurrect save file, written here by hand in both of its
# layouts, restores too. resurrect -s writes from a forked child.
. "$(dirname "$0")/lib.sh"
export PS1='$ '
XDG_STATE_HOME="$TEST_DIR/state"
export XDG_STATE_HOME
SNAP="$XDG_STATE_HOME/mux/$LABEL.snapshot"

D="$TEST_DIR/dirs"
mkdir -p "$D/one" "$D/two" "$D/three" "$D/with space"
: > "$D/three/notes.txt"

# Panes run sh (not a login shell, which may set its own prompt); a
# shell comes back as a fresh shell.
# Session a: window 0 "edit" split three ways, window 3 "logs" in two
# panes, the second active; session b: one zoomed window of two panes.
m new -d -s a -n edit -x 80 -y 24 -c "$D/one" sh || fail "new a"
m split-window -h -t a:0 -c "$D/two" sh || fail "split a:0"
m split-window -v -t a:0.1 -c "$D/with space" sh || fail "split a:0.1"
m new-window -d -t a:3 -n logs -c "$D/three" sh || fail "new-window a:3"
m split-window -v -t a:3 -c "$D/one" sh || fail "split a:3"
m new-window -d -t a:5 -n third sh || fail "new-window a:5"
m select-window -t a:5
m select-window -t a:0
m select-pane -t a:0.0
m new -d -s b -x 60 -y 20 -c "$D/two" sh || fail "new b"
m split-window -h -t b:0 -c "$D/three" sh || fail "split b"
m resize-pane -Z -t b:0.1 || fail "zoom b"
m set -t a status-left '[a]' || fail "session option"
m set -w -t a:3 monitor-activity on || fail "window option"

for p in a:0.0 a:0.1 a:0.2 a:3.0 a:3.1 a:5.0 b:0.0 b:0.1; do
	wait_prompt "$p"
done
# History with styles, a line longer than the pane (it wraps) and more
# lines than the screen holds.
m send-keys -t a:0.0 "printf '\\033[1;31mred\\033[0m plain \\033[4munder\\033[0m\\n'; printf '%0100d\\n' 7; seq 1 40" Enter
wait_line a:0.0 40
m send-keys -t b:0.1 'seq 100 130' Enter
m send-keys -t a:3.1 'echo logs here' Enter
wait_line a:3.1 'logs here'
poll_until "b:0.1 output" pane_has_line b:0.1 130

windows() {
	m list-windows -a -F '#{session_name}:#{window_index} #{window_name} #{window_layout} #{?window_active,A,-}#{?window_last_flag,L,-}#{?window_zoomed_flag,Z,-}'
}
panes() {
	m list-panes -a -F '#{session_name}:#{window_index}.#{pane_index} #{pane_current_path} #{?pane_active,A,-} #{pane_width}x#{pane_height}'
}
# Every line of a pane's history and screen, styles included, without
# the empty lines below the last one written.
contents() {
	m capture-pane -p -e -S - -t "$1" | awk '{ l[NR] = $0 }
	    END { n = NR; while (n > 0 && l[n] == "") n--
	    for (i = 1; i <= n; i++) print l[i] }'
}
windows > windows.before
panes > panes.before
for p in a:0.0 a:3.1 b:0.1; do
	contents "$p" > "contents.$p.before"
done
grep -q 'red' contents.a:0.0.before || fail "history not made"

m kill-server || fail "kill-server"
[ -f "$SNAP" ] || fail "kill-server wrote no snapshot at $SNAP"
head -n 1 "$SNAP" | grep -q "^mux-snapshot	1\$" || fail "snapshot header: $(head -n 1 "$SNAP")"
tail -n 1 "$SNAP" | grep -q '^end	2	4	8$' || fail "snapshot end line: $(tail -n 1 "$SNAP")"
cp "$SNAP" good.snapshot

# A snapshot cut short (its end line lost) and one with a damaged line:
# clear errors, nothing restored, the good snapshot untouched.
lines=$(wc -l < "$SNAP")
head -n $((lines - 1)) "$SNAP" > cut.snapshot
if m resurrect -f cut.snapshot 2>err; then fail "a cut snapshot restored"; fi
grep -q 'cut short (no end line): not restored' err || fail "cut error: $(cat err)"
out=$(m ls 2>/dev/null) || true
[ -z "$out" ] || fail "a cut snapshot made sessions: $out"
sed 's/^window	3	logs	1	\.	/window	3	logs	1	?	/' "$SNAP" > bad.snapshot
if m resurrect -f bad.snapshot 2>err; then fail "a damaged snapshot restored"; fi
grep -q 'bad.snapshot:[0-9]*: bad window flags: ?' err || fail "damaged line error: $(cat err)"
sed 's/{40x24,0,0,/{41x24,0,0,/' "$SNAP" > layout.snapshot
if m resurrect -f layout.snapshot 2>err; then fail "a bad layout restored"; fi
grep -q 'resurrect: a:0: layout checksum mismatch' err || fail "layout error: $(cat err)"
head -c 100 "$SNAP" > short.snapshot
if m resurrect -f short.snapshot 2>err; then fail "100 bytes restored"; fi
grep -q 'cut short' err || fail "short error: $(cat err)"
printf 'hello\n' > other.txt
if m resurrect -f other.txt 2>err; then fail "a text file restored"; fi
grep -q 'not a mux snapshot or tmux-resurrect file' err || fail "other file: $(cat err)"
if m resurrect -f missing.snapshot 2>err; then fail "a missing file restored"; fi
grep -q 'missing.snapshot: No such file or directory' err || fail "missing: $(cat err)"
out=$(m ls 2>/dev/null) || true
[ -z "$out" ] || fail "a bad snapshot made sessions: $out"
cmp -s "$SNAP" good.snapshot || fail "a failed resurrect changed the snapshot"

# The real one comes back.
m resurrect 2>err || fail "resurrect: $(cat err)"
expect_eq "$(windows)" "$(cat windows.before)" "windows after resurrect"
# A new pane's shell changes to its directory as it starts.
panes_back() { [ "$(panes)" = "$(cat panes.before)" ]; }
poll_until "pane directories" panes_back
expect_eq "$(panes)" "$(cat panes.before)" "panes after resurrect"
expect_eq "$(m show -v -t a status-left)" "[a]" "session option restored"
expect_eq "$(m show -wv -t a:3 monitor-activity)" "on" "window option restored"
expect_eq "$(m display -p -t a '#{window_index}')" "0" "a's current window"
# The saved lines are the history, with the new prompt below them.
for p in a:0.0 a:3.1 b:0.1; do
	wait_prompt "$p"
	n=$(wc -l < "contents.$p.before")
	contents "$p" | head -n "$n" > "contents.$p.after"
	cmp -s "contents.$p.before" "contents.$p.after" || {
		diff "contents.$p.before" "contents.$p.after" >&2
		fail "history of $p differs after resurrect"
	}
	# And the new shell's prompt follows.
	expect_eq "$(contents "$p" | sed -n "$((n + 1))p")" '$' "new prompt in $p"
done

# The sessions are there: resurrecting again restores nothing and says so.
if m resurrect 2>err; then fail "resurrect over existing sessions succeeded"; fi
grep -q 'session a exists, not restored' err || fail "exists: $(cat err)"
grep -q 'session b exists, not restored' err || fail "exists b: $(cat err)"
expect_eq "$(m ls -F '#{session_name}' | tr '\n' ' ')" "a b " "sessions after the refused resurrect"
# One missing session comes back, the other is left alone.
m kill-session -t b
m resurrect -f good.snapshot 2>err && fail "partly refused resurrect succeeded"
grep -q 'session a exists, not restored' err || fail "partial: $(cat err)"
expect_eq "$(m ls -F '#{session_name}' | tr '\n' ' ')" "a b " "b restored beside a"

# Programs: less (in resurrect-commands' default) is typed into the new
# shell again; sleep is not (and resurrect says so); a pane started with
# a program that is not allowed gets a shell.
m kill-server
m new -d -s p -x 80 -y 24 sh || fail "new p"
m split-window -t p sh || fail "split p"
m new-window -d -t p:1 'cat' || fail "new-window cat"
wait_prompt p:0.0
wait_prompt p:0.1
m send-keys -t p:0.0 "less $REGRESS_DIR/resurrect.sh" Enter
m send-keys -t p:0.1 'sleep 1000' Enter
# runs TARGET PROGRAM: the pane's foreground program is PROGRAM.
runs() { [ "$(m display -p -t "$1" '#{pane_current_command}')" = "$2" ]; }
poll_until "less runs" runs p:0.0 less
poll_until "sleep runs" runs p:0.1 sleep
m kill-server
grep -q "^fg	less $REGRESS_DIR/resurrect.sh\$" "$SNAP" || fail "less not saved: $(grep '^fg' "$SNAP")"
grep -q '^start	cat$' "$SNAP" || fail "start command not saved"
m resurrect > out 2>&1 || fail "resurrect p: $(cat out)"
grep -q 'not restarting (resurrect-commands): sleep 1000' out || fail "sleep message: $(cat out)"
grep -q 'not restarting (resurrect-commands): cat' out || fail "cat message: $(cat out)"
poll_until "less again" runs p:0.0 less
wait_prompt p:0.1
poll_until "a shell in p:1" runs p:1 sh
expect_eq "$(m display -p -t p:0.1 '#{pane_current_command}')" sh "sleep not restarted"
expect_eq "$(m display -p -t p:1 '#{pane_current_command}')" sh "cat not restarted"
# A word in double quotes holds spaces, and -> runs another command.
m kill-server
m new -d -s q -x 80 -y 24 'cat' || fail "new q"
m set -s resurrect-commands '"~ca->sleep 999" vim'
m kill-server
m new -d -s keep sh || fail "new keep"
m set -s resurrect-commands '"~ca->sleep 999" vim'
m resurrect 2>err || fail "resurrect q: $(cat err)"
expect_eq "$(m display -p -t q '#{pane_start_command}')" '"sleep 999"' "the -> replacement started"

# new-session -R brings the snapshot back too (detached here).
m kill-session -t keep
m kill-server
m new -R -d >out 2>err || fail "new -R: $(cat err)"
expect_eq "$(m ls -F '#{session_name}')" q "new -R"

# resurrect -s writes in the background (a forked child): the file
# appears whole, by rename.
rm -f "$SNAP"
# A writer that died (its pid gone: this shell's child that exited) left
# its temporary file; the next write removes it.
sh -c 'exit 0' & wait $!
dead=$!
: > "$SNAP.tmp.$dead"
m resurrect -s || fail "resurrect -s"
poll_until "background snapshot" test -f "$SNAP"
tail -n 1 "$SNAP" | grep -q '^end	1	1	1$' || fail "background snapshot: $(tail -n 1 "$SNAP")"
# (After the rename: the writer may still be at it.)
stale_gone() { [ ! -e "$SNAP.tmp.$dead" ]; }
poll_until "a dead writer's temporary file to go" stale_gone
m resurrect -s -f "$TEST_DIR/elsewhere.snapshot" || fail "resurrect -s -f"
poll_until "snapshot elsewhere" test -f "$TEST_DIR/elsewhere.snapshot"
ls "$XDG_STATE_HOME/mux" | grep -q tmp && fail "a temporary file was left"

# kill-server right after resurrect -s: the background writer is stopped
# or done, and the snapshot is kill-server's, whole, with no temporary
# file left.
m resurrect -s || fail "resurrect -s before kill-server"
m kill-server || fail "kill-server after resurrect -s"
tail -n 1 "$SNAP" | grep -q '^end	1	1	1$' || fail "snapshot after -s and kill-server"
ls "$XDG_STATE_HOME/mux" | grep -q tmp && fail "a temporary file was left by kill-server"
# SIGTERM (a machine shutting down) writes one too.
m new -d -s term sh || fail "new term"
rm -f "$SNAP"
kill -TERM "$(m display -p '#{pid}')"
poll_until "the snapshot SIGTERM writes" test -f "$SNAP"
grep -q '^session	term	' "$SNAP" || fail "SIGTERM snapshot: $(cat "$SNAP")"
server_gone() { ! m ls >/dev/null 2>&1; }
poll_until "the server to end on SIGTERM" server_gone
m resurrect 2>err || fail "resurrect after SIGTERM: $(cat err)"
expect_eq "$(m ls -F '#{session_name}')" term "SIGTERM's session back"
m kill-server
m new -d -s q sh || fail "new q again"

# The options: ranges are checked.
m set -s save-interval -1 2>err && fail "save-interval -1 accepted"
m set -s save-interval 5 || fail "save-interval 5"
expect_eq "$(m show -sv save-interval)" 5 "save-interval"
expect_eq "$(m show -sv save-history-lines)" 2000 "save-history-lines default"
m set -s save-history-lines 3 || fail "save-history-lines 3"
poll_until "a shell in q" runs q sh
m send-keys -t q 'seq 1 10' Enter
wait_line q 10
m kill-server
expect_eq "$(grep -c '^line' "$SNAP")" 3 "save-history-lines 3 keeps 3 lines"

# tmux-resurrect's save file: the older layout (window name on pane lines)
# and the newer one (on window lines, with pane titles), by hand.
T=$(printf '\t')
cat > tmux-old.txt <<EOF
pane${T}work${T}0${T}:editor${T}1${T}:*${T}0${T}:$D/one${T}1${T}bash${T}:
pane${T}work${T}0${T}:editor${T}1${T}:*${T}1${T}:$D/two${T}0${T}bash${T}:
pane${T}work${T}0${T}:editor${T}1${T}:*${T}2${T}:$D/with\\ space${T}0${T}sleep${T}:sleep 1000
pane${T}work${T}2${T}:shell${T}0${T}:-${T}0${T}:$D/three${T}0${T}bash${T}:
pane${T}work${T}2${T}:shell${T}0${T}:-${T}1${T}:$D/one${T}1${T}bash${T}:
window${T}work${T}0${T}1${T}:*${T}d67e,80x24,0,0{40x24,0,0,0,39x24,41,0[39x12,41,0,1,39x11,41,13,2]}
window${T}work${T}2${T}0${T}:-${T}41a3,80x24,0,0[80x12,0,0,3,80x11,0,13,4]
state${T}work${T}
EOF
# Pane contents (tmux-resurrect's @resurrect-capture-pane-contents) are
# in a tar archive beside the file, as capture-pane -epJ printed them.
mkdir -p save/pane_contents
printf '\033[1mold bold\033[0m\nsecond saved line\n\n' > "save/pane_contents/pane-work:0.0"
tar -czf pane_contents.tar.gz -C save ./pane_contents || fail "tar"
m kill-server 2>/dev/null
unpacked=$(ls -d "${TMPDIR:-/tmp}"/mux-resurrect.* 2>/dev/null | wc -l)
m resurrect -f tmux-old.txt > out 2>&1 || fail "tmux-resurrect (older): $(cat out)"
expect_eq "$(m capture-pane -p -t work:0.0 | head -n 2)" "old bold
second saved line" "tmux-resurrect pane contents"
m capture-pane -p -e -t work:0.0 | head -n 1 | grep -q "$(printf '\033')\[1mold bold" ||
    fail "tmux-resurrect pane contents lost their style"
expect_eq "$(ls -d "${TMPDIR:-/tmp}"/mux-resurrect.* 2>/dev/null | wc -l)" "$unpacked" \
    "the unpacked archive is removed"
grep -q 'not restarting (resurrect-commands): sleep 1000' out || fail "tmux sleep: $(cat out)"
expect_eq "$(m list-windows -t work -F '#{window_index} #{window_name} #{window_layout} #{?window_active,A,-}' | tr '\n' '|')" \
    "0 editor d67e,80x24,0,0{40x24,0,0,0,39x24,41,0[39x12,41,0,1,39x11,41,13,2]} A|2 shell 41a3,80x24,0,0[80x12,0,0,3,80x11,0,13,4] -|" \
    "tmux-resurrect windows"
expected="work:0.0 $D/one A
work:0.1 $D/two -
work:0.2 $D/with space -
work:2.0 $D/three -
work:2.1 $D/one A"
work_panes() { [ "$(m list-panes -s -t work -F '#{session_name}:#{window_index}.#{pane_index} #{pane_current_path} #{?pane_active,A,-}')" = "$expected" ]; }
poll_until "tmux-resurrect directories" work_panes

cat > tmux-new.txt <<EOF
pane${T}new${T}1${T}1${T}:*Z${T}0${T}title one${T}:$D/two${T}0${T}bash${T}:
pane${T}new${T}1${T}1${T}:*Z${T}1${T}title two${T}:$D/three${T}1${T}bash${T}:tail -f notes.txt
window${T}new${T}1${T}:named${T}1${T}:*Z${T}d67e,80x24,0,0{40x24,0,0,0,39x24,41,0,1}${T}off
state${T}new${T}work
EOF
# A job's command with a control character in it (a newline would type a
# second command) is not typed.
printf 'pane\tctl\t0\t:w\t1\t:*\t0\t:/\t1\tbash\t:less a\033b\nwindow\tctl\t0\t1\t:*\tb25d,80x24,0,0,0\n' > ctl.txt
m resurrect -f ctl.txt > out 2>&1 || fail "resurrect ctl: $(cat out)"
grep -q 'not restarting (control characters in the command)' out || fail "control characters: $(cat out)"
m kill-session -t ctl
# That layout's checksum is wrong: a clear error, nothing made.
if m resurrect -f tmux-new.txt 2>err; then fail "bad tmux layout restored"; fi
grep -q 'resurrect: new:1: layout checksum mismatch' err || fail "tmux layout error: $(cat err)"
m has -t new 2>/dev/null && fail "session made from a bad file"
# The right one, as mux (and tmux) write it.
m new -d -s tmp -x 80 -y 24 && m split-window -h -t tmp || fail "tmp"
layout=$(m display -p -t tmp '#{window_layout}')
m kill-session -t tmp
sed "s/d67e,80x24,0,0{40x24,0,0,0,39x24,41,0,1}/$layout/" tmux-new.txt > tmux-new2.txt
m resurrect -f tmux-new2.txt 2>err || fail "tmux-resurrect (newer): $(cat err)"
expect_eq "$(m display -p -t new '#{window_index} #{window_name} #{window_zoomed_flag} #{pane_index} #{pane_title}')" \
    "1 named 1 1 title two" "tmux-resurrect newer layout"
expect_eq "$(m show -wv -t new:1 automatic-rename)" off "automatic-rename off kept"
poll_until "tail typed into the shell" runs new:1.1 tail
wait_pane new:1.1 'tail -f notes.txt'

# new-session -R from a terminal attaches to the restored session, its
# history on the screen above the new prompt.
m kill-server
m new -d -s att -x 80 -y 24 sh || fail "new att"
wait_prompt att
m send-keys -t att 'echo attached-history-line' Enter
wait_line att attached-history-line
m kill-server
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" -f /dev/null new -R <<EOF2 || fail "new -R attached"
line attached-history-line
run "$MUX_BIN" -L "$LABEL" detach-client
exit 0
EOF2
expect_eq "$(m ls -F '#{session_name}')" att "new -R attached"
exit 0
