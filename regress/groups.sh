#!/bin/sh
# regress/groups.sh: session groups (new-session -t). A scripted run of
# grouped sessions (creation and naming, formats, list-sessions' "(group
# NAME)", window changes seen in every session, the errors, killing
# sessions and the last window) must print what tmux 3.3a prints, as
# recorded below from it and, when tmux is installed, as it prints it
# now. Then what a control client hears of its group's changes (tmux's
# record but for the two lines about the window tmux starts and kills at
# once for a new grouped session, which mux never starts), alerts kept
# per session (tmux's record and tmux live), clients
# moving within a group (switch-client, detach-on-destroy,
# destroy-unattached; tmux 3.3a's own server crashed on this sequence
# here, so the record is what it gives up to that point and for the
# rest alone), choose-tree's lines and a group through kill-server and
# resurrect.
. "$(dirname "$0")/lib.sh"

TMUX_BIN=$(command -v tmux) || TMUX_BIN=
export TMUX_TMPDIR="$TEST_DIR"
unset TMUX
# tmux's server for one part of the test (each part its own label).
t1() { "$TMUX_BIN" -L "r1$LABEL" -f /dev/null "$@"; }
t2() { "$TMUX_BIN" -L "r2$LABEL" -f /dev/null "$@"; }
t3() { "$TMUX_BIN" -L "r3$LABEL" -f /dev/null "$@"; }
trap 't1 kill-server >/dev/null 2>&1; t2 kill-server >/dev/null 2>&1; t3 kill-server >/dev/null 2>&1; cleanup' EXIT

# body G: the group scenario against the server function G.
# Without the last-window flag (tmux keeps a stack of last windows, mux
# one: which window is last after the current one goes can differ).
N() { $G lsw -a -F '#{session_name}:#{window_index}:#{window_name}#{?window_active,*,}' | sort | tr '\n' ' '; echo; }
L() { $G lsw -a -F '#{session_name}:#{window_index}:#{window_name}#{?window_active,*,}#{?window_last_flag,-,}' | sort | tr '\n' ' '; echo; }
S() { $G ls -F "$1" | sort | tr '\n' ' '; echo; }
body() {
G=$1
$G new -d -s main -n w0 -x 80 -y 24 'sleep 1000'
$G neww -d -t main:1 -n w1 'sleep 1000'
$G new -d -t main; echo "new -t $?"
$G new -d -t main -s other -x 100 -y 30; echo "new -t -s $?"
$G ls | sed 's/(created [^)]*)/(created D)/' | sort
S '#{session_name} #{session_group}|#{session_grouped}|#{session_group_size}|#{session_group_list}|#{session_group_attached}|#{session_group_many_attached}|#{session_many_attached}'
$G show -v -t other default-size
L
$G new -d -t main -n x 2>&1; echo "new -t -n $?"
$G new -d -t main 'sleep 1' 2>&1; echo "new -t command $?"
$G new -d -t main -s main 2>&1; echo "new -t -s taken $?"
$G new -d -t nosuch -n solo 2>&1; echo "new -t -n nosuch $?"
$G new -d -t 'a.b' 2>&1; echo "new -t a.b $?"
$G renamew -t a_b-3:0 ab
S '#{session_name} #{session_group} #{session_windows}'
$G new -A -t main 2>&1; echo "new -A -t $?"
S '#{session_name}'
# Window changes in one session show in all.
$G neww -d -t main-1:5 -n w5 'sleep 1000'; echo "neww $?"; L
$G renamew -t other:5 five; L
$G selectw -t other:5; $G selectw -t main-1:1; L
$G swapw -s main:0 -t main:1; echo "swapw $?"; L
$G movew -s main:1 -t main:3; echo "movew $?"; L
$G linkw -s main:3 -t other:7 2>&1; echo "linkw grouped $?"
$G movew -s main:3 -t other:8 2>&1; echo "movew grouped $?"
$G swapw -s main:3 -t other:5 2>&1; echo "swapw grouped $?"
$G new -d -s solo -n s0 'sleep 1000'
$G linkw -s solo:0 -t main:9; echo "linkw $?"; L
$G lsw -t other -F '#{window_index} #{window_linked} #{window_linked_sessions}' | tr '\n' ' '; echo
$G unlinkw -t main:5 2>&1; echo "unlinkw $?"
$G unlinkw -t other:9; echo "unlinkw linked $?"; N
$G killw -t main-1:3; echo "killw $?"; N
$G selectw -t main:5; $G killw -t other:5; N
# Killing a session leaves the group; the group keeps its name.
$G kill-session -t main; echo "kill-session $?"
S '#{session_name} #{session_group} #{session_group_size} #{session_group_list}'
$G has -t main 2>&1; echo "has main $?"
$G new -d -t main -s back; echo "new -t group name $?"
S '#{session_name} #{session_group} #{session_group_size} #{session_group_list}'
$G kill-session -t main-1; $G kill-session -t back; $G kill-session -t nosuch-4; $G kill-session -t a_b-5
S '#{session_name} #{session_group} #{session_grouped} #{session_group_size}'
$G ls | sed 's/(created [^)]*)/(created D)/' | sort
# The last window killed ends every session of the group.
$G new -d -t other -s third
$G killw -t third:0; echo "killw last $?"
S '#{session_name} #{session_group}'
# -e and -c with -t: the new session's environment and directory.
$G new -d -t solo -s env -e FOO=bar -c /; echo "new -t -e -c $?"
$G showenv -t env FOO; $G display -p -t env '#{session_path} #{session_group}'
}

cat >expected <<'END'
new -t 0
new -t -s 0
main-1: 2 windows (created D) (group main)
main: 2 windows (created D) (group main)
other: 2 windows (created D) (group main)
main main|1|3|main,main-1,other|0|0|0 main-1 main|1|3|main,main-1,other|0|0|0 other main|1|3|main,main-1,other|0|0|0 
100x30
main-1:0:w0* main-1:1:w1 main:0:w0* main:1:w1 other:0:w0* other:1:w1 
command or window name given with target
new -t -n 1
command or window name given with target
new -t command 1
duplicate session: main
new -t -s taken 1
command or window name given with target
new -t -n nosuch 1
new -t a.b 0
a_b-3 a.b 1 main main 2 main-1 main 2 other main 2 
open terminal failed: not a terminal
new -A -t 1
a_b-3 main main-1 other 
neww 0
a_b-3:0:ab* main-1:0:w0* main-1:1:w1 main-1:5:w5 main:0:w0* main:1:w1 main:5:w5 other:0:w0* other:1:w1 other:5:w5 
a_b-3:0:ab* main-1:0:w0* main-1:1:w1 main-1:5:five main:0:w0* main:1:w1 main:5:five other:0:w0* other:1:w1 other:5:five 
a_b-3:0:ab* main-1:0:w0- main-1:1:w1* main-1:5:five main:0:w0* main:1:w1 main:5:five other:0:w0- other:1:w1 other:5:five* 
swapw 0
a_b-3:0:ab* main-1:0:w1- main-1:1:w0* main-1:5:five main:0:w1* main:1:w0 main:5:five other:0:w1- other:1:w0 other:5:five* 
movew 0
a_b-3:0:ab* main-1:0:w1* main-1:3:w0 main-1:5:five main:0:w1- main:3:w0* main:5:five other:0:w1- other:3:w0 other:5:five* 
sessions are grouped
linkw grouped 1
sessions are grouped
movew grouped 1
can't move window, sessions are grouped
swapw grouped 1
linkw 0
a_b-3:0:ab* main-1:0:w1* main-1:3:w0 main-1:5:five main-1:9:s0 main:0:w1 main:3:w0- main:5:five main:9:s0* other:0:w1- other:3:w0 other:5:five* other:9:s0 solo:0:s0* 
0 0 3 3 0 3 5 0 3 9 1 4 
window only linked to one session
unlinkw 1
unlinkw linked 0
a_b-3:0:ab* main-1:0:w1* main-1:3:w0 main-1:5:five main:0:w1 main:3:w0* main:5:five other:0:w1 other:3:w0 other:5:five* solo:0:s0* 
killw 0
a_b-3:0:ab* main-1:0:w1* main-1:5:five main:0:w1* main:5:five other:0:w1 other:5:five* solo:0:s0* 
a_b-3:0:ab* main-1:0:w1* main:0:w1* other:0:w1* solo:0:s0* 
kill-session 0
a_b-3 a.b 1 a_b-3 main-1 main 2 main-1,other other main 2 main-1,other solo    
has main 0
new -t group name 0
a_b-3 a.b 1 a_b-3 back main 3 main-1,other,back main-1 main 3 main-1,other,back other main 3 main-1,other,back solo    
can't find session: nosuch-4
can't find session: a_b-5
a_b-3 a.b 1 1 other main 1 1 solo  0  
a_b-3: 1 windows (created D) (group a.b)
other: 1 windows (created D) (group main)
solo: 1 windows (created D)
killw last 0
a_b-3 a.b solo  
new -t -e -c 0
FOO=bar
/ solo
END
body m >got 2>&1
expect_eq "$(cat got)" "$(cat expected)" "groups as tmux 3.3a"
m kill-server
if [ -n "$TMUX_BIN" ]; then
	body t1 >got.tmux 2>&1
	t1 kill-server
	expect_eq "$(cat got.tmux)" "$(cat expected)" "the record is tmux's"
fi

# What a control client attached to main hears of its group's changes.
attached() { [ "$($G display -p -t "$1" '#{session_attached}')" = "$2" ]; }
ctl_done() { grep -q '^done' ctl.main; }
ctl_body() {
G=$1
rm -f f3 ctl.main
mkfifo f3
$G new -d -s main -n w0 -x 80 -y 24 'sleep 1000'
$G new -d -s solo -n s0 'sleep 1000'
$G -C attach -t main <f3 >ctl.main 2>&1 &
exec 3>f3
poll_until "control client" attached main 1
$G new -d -t main -s view; $G neww -d -t main -n w1 'sleep 1000'
$G neww -d -t view -n w2 'sleep 1000'; $G neww -d -t solo -n s1 'sleep 1000'
$G killw -t main:1; $G kill-session -t view
echo 'display -p done' >&3
poll_until "control client output" ctl_done
exec 3>&-
poll_until "control client gone" attached main 0
grep -v '^%begin\|^%end\|^done\|^%exit' ctl.main | sed 's/@[0-9]*/@N/g; s/\$[0-9]*/$N/g'
}

cat >expected <<'END'
%session-changed $N main
%unlinked-window-add @N
%window-add @N
%unlinked-window-close @N
%sessions-changed
%window-add @N
%window-add @N
%window-add @N
%window-add @N
%window-add @N
%window-add @N
%window-add @N
%unlinked-window-add @N
%unlinked-window-close @N
%window-add @N
%window-add @N
%unlinked-window-close @N
%sessions-changed
%window-close @N
%window-close @N
END
# mux starts no window for a new grouped session: no second and fourth
# line.
ctl_body m >got 2>&1
expect_eq "$(cat got)" "$(sed '2d;4d' expected)" "control notifications"
m kill-server
if [ -n "$TMUX_BIN" ]; then
	ctl_body t2 >got.tmux 2>&1
	t2 kill-server
	expect_eq "$(cat got.tmux)" "$(cat expected)" "the control record is tmux's"
fi

# Alerts are per session: a bell in the window an attached client's
# session shows flags it only in the other sessions of the group; a bell
# elsewhere flags it in all; selecting the window clears it everywhere;
# kill-session -C clears the session's.
flag_is() { [ "$($G display -p -t "$1" "#{$2}")" = "$3" ]; }
shown() { [ -n "$($G capture-pane -p -t "$1")" ]; }
flags() { $G lsw -a -F '#{session_name}:#{window_index}:#{window_bell_flag}#{window_flags}' | sort | tr '\n' ' '; echo; }
alert_body() {
G=$1
rm -f f5
mkfifo f5
$G new -d -s main -n w0 -x 80 -y 24 sh
$G neww -d -t main:1 -n w1 sh
$G neww -d -t main:2 -n w2 sh
$G new -d -t main -s view
$G -C attach -t main <f5 >/dev/null 2>&1 &
exec 5>f5
poll_until "control client" flag_is main session_attached 1
for w in 0 1 2; do poll_until "shell in $w" shown main:$w; done
$G send-keys -t main:0 'printf "\007"' Enter
poll_until "bell in view" flag_is view:0 window_bell_flag 1
flags
$G ls -F '#{session_name} #{session_alerts}' | sort
$G send-keys -t main:1 'printf "\007"' Enter
poll_until "bell in main" flag_is main:1 window_bell_flag 1
$G send-keys -t main:2 'printf "\007"' Enter
poll_until "bell in main" flag_is main:2 window_bell_flag 1
flags
$G selectw -t view:1
flags
$G kill-session -C -t view
flags
exec 5>&-
}

cat >expected <<'END'
main:0:0* main:1:0 main:2:0 view:0:1!* view:1:0 view:2:0 
main 
view 0!
main:0:0* main:1:1! main:2:1! view:0:1!* view:1:1! view:2:1! 
main:0:0* main:1:0 main:2:1! view:0:1!- view:1:0* view:2:1! 
main:0:0* main:1:0 main:2:1! view:0:0- view:1:0* view:2:0 
END
alert_body m >got 2>&1
expect_eq "$(cat got)" "$(cat expected)" "alerts per session"
m kill-server
if [ -n "$TMUX_BIN" ]; then
	alert_body t3 >got.tmux 2>&1
	t3 kill-server
	expect_eq "$(cat got.tmux)" "$(cat expected)" "the alerts record is tmux's"
fi

# Clients within a group: the attached counts and lists,
# switch-client, detach-on-destroy off (the session active longest ago,
# as tmux 3.3a picks it) and destroy-unattached (the session goes, the
# group stays).
gone() { ! m has -t "=$1" 2>/dev/null; }
rm -f f3 f4
mkfifo f3 f4
m new -d -s main -n w0 -x 80 -y 24 'sleep 1000'
m new -d -s solo -n s0 'sleep 1000'
m -C attach -t main <f3 >/dev/null 2>&1 &
exec 3>f3
G=m
poll_until "first client" attached main 1
m new -d -t main -s view
m -C attach -t view <f4 >/dev/null 2>&1 &
exec 4>f4
poll_until "second client" attached view 1
clients() {
m ls -F '#{session_name} #{session_attached} #{session_group_attached} #{session_group_many_attached} #{session_many_attached}' | sort
m display -p -t view '#{s/client-[0-9]*/C/:session_group_attached_list}'
c=$(m lsc -t view -F '#{client_name}')
m switch-client -c "$c" -t main; echo "switch-client $?"
m lsc -F '#{client_session}' | sort | tr '\n' ' '; echo
m ls -F '#{session_name} #{session_attached} #{session_group_attached} #{session_many_attached}' | sort
m switch-client -c "$c" -t view
m set -t view detach-on-destroy off
m kill-session -t view; echo "kill-session $?"
poll_until "client moved" attached solo 1
m lsc -F '#{client_session}' | sort | tr '\n' ' '; echo
m new -d -t main -s gone
c=$(m lsc -t solo -F '#{client_name}')
m switch-client -c "$c" -t gone
poll_until "client on gone" attached gone 1
m set -t gone destroy-unattached on
exec 4>&-
poll_until "destroy-unattached" gone gone
m ls -F '#{session_name} #{session_group} #{session_group_size}' | sort
}
# (Not in a command substitution: its subshell would keep fd 4 open.)
clients >got 2>&1
expect_eq "$(cat got)" "$(cat <<'END'
main 1 2 1 0
solo 0   0
view 1 2 1 0
C,C
switch-client 0
main main 
main 2 2 1
solo 0  0
view 0 2 0
kill-session 0
main solo 
main main 1
solo  
END
)" "clients in a group"
exec 3>&-
m kill-server

# choose-tree lists one session of a group (the client's), -G all, each
# line naming the group and its sessions as tmux's does.
m new -d -s main -n w0 sh
m new -d -t main -s view
m new -d -s solo -n s0 sh
"$PTYDRIVE" -s 80x25 -- "$MUX_BIN" -L "$LABEL" attach -t view <<'EOF2' || fail "choose-tree"
wait [view]
send \x02s
line view: 1 windows (group main: main,view) (attached)
line solo: 1 windows
absent main: 1 windows
send \x1b
gone solo: 1 windows
send \x02:
send choose-tree -Gs\r
line main: 1 windows (group main: main,view)
line view: 1 windows (group main: main,view) (attached)
send \x1b
gone solo: 1 windows
send \x02d
exit 0
EOF2
m kill-server

# kill-server writes the group; resurrect makes it again, each session
# at its own current and last window.
XDG_STATE_HOME="$TEST_DIR/state"
export XDG_STATE_HOME
m new -d -s main -n w0 -x 80 -y 24 sh
m neww -d -t main:3 -n w3 sh
m new -d -t main -s view
m new -d -t main
m selectw -t view:3
m rename-session -t main boss
m new -d -s solo -n s0 sh
state() {
	m ls -F '#{session_name} #{session_group} #{session_group_list} #{session_windows}' | sort
	m lsw -a -F '#{session_name}:#{window_index}:#{window_name}#{?window_active,*,}#{?window_last_flag,-,}' | sort | tr '\n' ' '
}
before=$(state)
m kill-server
expect_eq "$(grep '^group' "$XDG_STATE_HOME/mux/$LABEL.snapshot")" "$(printf 'group\tmain\t\t0\t-1\ngroup\tmain\tboss\t3\t0\ngroup\tmain\tboss\t0\t-1')" \
    "the snapshot's group records"
m resurrect >out 2>&1 || fail "resurrect: $(cat out)"
expect_eq "$(state)" "$before" "groups after resurrect"
m kill-server

# A group record naming no session before it is refused whole.
sed 's/^group	main	boss	3	0/group	main	nosuch	3	0/' "$XDG_STATE_HOME/mux/$LABEL.snapshot" >bad.snapshot
if m resurrect -f bad.snapshot >err 2>&1; then fail "a bad group record was taken"; fi
grep -q 'group main: no session nosuch before it' err || fail "bad group: $(cat err)"
m kill-server 2>/dev/null

# A group of the snapshot's name the server already has (its session
# renamed) is not joined, or the restored sessions would lose their
# windows to it: they make a group of their own, named after the first.
m new -d -s main -n live sh
m new -d -t main -s x
m rename-session -t main live
m resurrect >out 2>&1 || fail "resurrect beside a taken group: $(cat out)"
grep -q 'boss: group main exists, not joined' out || fail "taken group: $(cat out)"
expect_eq "$(m ls -F '#{session_name} #{session_group} #{session_windows}' | sort | tr '\n' ' ')" \
    "boss boss 2 live main 1 main-2 boss 2 solo  1 view boss 2 x main 1 " "a taken group"
m kill-server
# With that one taken too, the grouped sessions are not restored.
m new -d -s main -n live sh
m new -d -t main -s x
m rename-session -t main live
m new -d -s boss -n b sh
m new -d -t boss -s y
m rename-session -t boss other
if m resurrect >out 2>&1; then fail "resurrect into two taken groups"; fi
grep -q 'resurrect: session view: group boss exists, not restored' out ||
    fail "two taken groups: $(cat out)"
expect_eq "$(m ls -F '#{session_name} #{session_group} #{session_windows}' | sort | tr '\n' ' ')" \
    "boss  2 live main 1 other boss 1 solo  1 x main 1 y boss 1 " "two taken groups"
m kill-server

# tmux-resurrect's grouped_session line.
T=$(printf '\t')
cat >tmux-group.txt <<END
pane${T}orig${T}0${T}1${T}:*${T}0${T}t${T}:$TEST_DIR${T}1${T}bash${T}:
pane${T}orig${T}2${T}0${T}:-${T}0${T}t${T}:$TEST_DIR${T}1${T}bash${T}:
window${T}orig${T}0${T}:a${T}1${T}:*${T}b25d,80x24,0,0,0${T}off
window${T}orig${T}2${T}:b${T}0${T}:-${T}b25d,80x24,0,0,0${T}off
grouped_session${T}copy${T}orig${T}:0${T}:2
state${T}orig${T}
END
m resurrect -f tmux-group.txt >out 2>&1 || fail "tmux-resurrect groups: $(cat out)"
expect_eq "$(state)" "copy orig orig,copy 2
orig orig orig,copy 2
copy:0:a- copy:2:b* orig:0:a* orig:2:b- " "tmux-resurrect's grouped_session"
