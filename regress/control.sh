#!/bin/sh
# regress/control.sh: control mode (-C, -CC). A scripted control client
# (regress/control.py) attaches, splits, renames, types, lets a second
# control client attach and leave, and detaches; the sequence of
# notifications (times, command numbers and client names normalised,
# %output checked apart) must be tmux 3.3a's, as recorded below from
# tmux 3.3a and, when tmux is installed, as it gives it now. Then the
# mux-only checks: octal escaping, pause-after and %extended-output,
# refresh-client -A pause and continue, no-output, bad arguments, paste
# buffer notifications, an empty line, -CC's DCS and ST.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
DRIVER="$REGRESS_DIR/control.py"

cat >expected <<'END'
# A: new -s main
%begin T N 0
%end T N 0
%window-add @0
%sessions-changed
%session-changed $0 main
# A: refresh-client -C 80x24
%begin T N 1
%end T N 1
%layout-change @0 b25d,80x24,0,0,0 b25d,80x24,0,0,0 *
# A: split-window
%begin T N 1
%end T N 1
%window-pane-changed @0 %1
%layout-change @0 c195,80x24,0,0[80x12,0,0,0,80x11,0,13,1] c195,80x24,0,0[80x12,0,0,0,80x11,0,13,1] *
# A: rename-window foo
%begin T N 1
%end T N 1
%window-renamed @0 foo
# A: rename-session ren
%begin T N 1
%end T N 1
%session-renamed $0 ren
# A: new-window
%begin T N 1
%end T N 1
%session-window-changed $0 @1
%window-add @1
# A: select-window -t :0
%begin T N 1
%end T N 1
%session-window-changed $0 @0
# A: copy-mode -t %1
%begin T N 1
%end T N 1
%pane-mode-changed %1
# A: send-keys -t %1 -X cancel
%begin T N 1
%end T N 1
%pane-mode-changed %1
# A: send-keys (typing)
%begin T N 1
%end T N 1
# B: attach -t ren
B %begin T N 0
B %end T N 0
B %session-changed $0 ren
# A: (B attached)
%client-session-changed client-N $0 ren
%begin T N 1
x
# A: new-session -d -s other
%begin T N 1
%end T N 1
%unlinked-window-add @2
%sessions-changed
# A: kill-window -t @1
%begin T N 1
%end T N 1
%unlinked-window-close @1
# B: empty line
B %unlinked-window-add @2
B %sessions-changed
B %unlinked-window-close @1
B %exit
# A: (B gone)
%client-detached client-N
%begin T N 1
x
# A: bogus
%begin T N 1
parse error: unknown command: bogus
%error T N 1
# A: detach-client
%begin T N 1
%end T N 1
%exit
END

python3 "$DRIVER" "$MUX_BIN" "$LABEL" transcript >got 2>&1 ||
    fail "transcript: $(cat got)"
expect_eq "$(cat got)" "$(cat expected)" "notifications as tmux 3.3a's"

if [ -x /usr/bin/tmux ]; then
	mkdir tmuxdir
	TMUX_TMPDIR="$TEST_DIR/tmuxdir" python3 "$DRIVER" /usr/bin/tmux ref \
	    transcript >tmux-got 2>&1
	TMUX_TMPDIR="$TEST_DIR/tmuxdir" /usr/bin/tmux -L ref kill-server \
	    >/dev/null 2>&1
	expect_eq "$(cat got)" "$(cat tmux-got)" \
	    "notifications as tmux's here"
fi

m kill-server >/dev/null 2>&1
python3 "$DRIVER" "$MUX_BIN" "$LABEL" extra >extra 2>&1 ||
    fail "extra: $(cat extra)"
expect_eq "$(cat extra)" "ok" "control-mode checks"

# Standard input a file or /dev/null (which epoll cannot wait on): the
# commands in it run, and nothing but the protocol is printed.
m new -d -s f || fail "new for file input"
printf 'display -p "from a file"\n' >cmds
timeout 60 "$MUX_BIN" -L "$LABEL" -f /dev/null -C attach -t f <cmds >fout 2>ferr || fail "control from a file"
grep -q '^from a file$' fout || fail "file commands: $(cat fout)"
timeout 60 "$MUX_BIN" -L "$LABEL" -f /dev/null -C attach -t f </dev/null >nout 2>nerr || fail "control from /dev/null"
expect_eq "$(cat ferr nerr)" "" "control input from a file: stderr"
tail -1 nout | grep -q '^%exit' || fail "/dev/null: $(cat nout)"
