#!/bin/sh
# window-link: link-window, move-window, swap-window, unlink-window,
# resize-window and respawn-window, against what tmux 3.3a prints for the
# same commands (recorded from it).
. "$(dirname "$0")/lib.sh"

L() {
	m lsw -a -F '#{session_name}:#{window_index}:#{window_name}#{?window_active,*,}' |
	    tr '\n' ' '
	echo
}
run() {
m new -d -s a -n w0 'sleep 100'
m neww -d -t a -n w1 'sleep 100'
m neww -d -t a -n w2 'sleep 100'
m new -d -s b -n b0 'sleep 100'
m linkw -s a:1 -t b:5; echo "linkw $?"; L
m linkw -s a:2 -t b:5 2>&1; echo "linkw busy $?"
m linkw -k -d -s a:2 -t b:5; echo "linkw -k $?"; L
m linkw -d -s a:0 -t b:6; echo "linkw -d $?"; L
m movew -s a:0 -t b:7; echo "movew $?"; L
m swapw -s b:0 -t a:1; echo "swapw $?"; L
m swapw -d -s b:0 -t b:5; echo "swapw -d $?"; L
m unlinkw -t b:7 2>&1; echo "unlinkw $?"
m unlinkw -t b:5; echo "unlinkw linked $?"; L
m unlinkw -k -t b:7 2>&1; echo "unlinkw -k $?"; L
m movew -r -t b; echo "movew -r $?"; L
m movew -a -s a:1 -t b:0; echo "movew -a $?"; L
m linkw -b -s a:2 -t b:0; echo "linkw -b $?"; L
m linkw -s b:1 -t b:9; echo "linkw same session $?"; L
# tmux keeps a stack of last windows; mux one, so which window becomes
# current here differs: only the windows are compared.
m killw -t b:9; echo "killw twice-linked $?"
m lsw -a -F '#{session_name}:#{window_index}:#{window_name}' | tr '\n' ' '
echo
m new -d -s c -x 80 -y 24 'sleep 100'
m resizew -x 30 -y 12 -t c:; m display -p -t c: '#{window_width}x#{window_height}'
m show -wv -t c: window-size
m resizew -L -t c: 5; m resizew -U -t c:
m display -p -t c: '#{window_width}x#{window_height}'
m resizew -R -D -t c: 3; m display -p -t c: '#{window_width}x#{window_height}'
m resizew -t c: x0 2>&1; echo "resizew bad $?"
m respawnw -t c: 2>&1; echo "respawnw $?"
m splitw -t c: 'sleep 100'
m respawnw -k -t c: 'sleep 200'; echo "respawnw -k $?"
m lsp -t c: -F '#{pane_index}' | wc -l | tr -d ' '
}
expect_eq "$(run 2>&1)" "$(cat <<'END'
linkw 0
a:0:w0* a:1:w1 a:2:w2 b:0:b0 b:5:w1* 
index in use: 5
linkw busy 1
linkw -k 0
a:0:w0* a:1:w1 a:2:w2 b:0:b0 b:5:w2* 
linkw -d 0
a:0:w0* a:1:w1 a:2:w2 b:0:b0 b:5:w2* b:6:w0 
movew 0
a:1:w1 a:2:w2* b:0:b0 b:5:w2 b:6:w0 b:7:w0* 
swapw 0
a:1:b0 a:2:w2* b:0:w1 b:5:w2 b:6:w0 b:7:w0* 
swapw -d 0
a:1:b0 a:2:w2* b:0:w2 b:5:w1* b:6:w0 b:7:w0 
unlinkw 0
window only linked to one session
unlinkw linked 1
a:1:b0 a:2:w2* b:0:w2 b:5:w1* b:6:w0 
can't find window: 7
unlinkw -k 1
a:1:b0 a:2:w2* b:0:w2 b:5:w1* b:6:w0 
movew -r 0
a:1:b0 a:2:w2* b:0:w2 b:1:w1* b:2:w0 
movew -a 0
a:2:w2* b:0:w2 b:1:b0* b:2:w1 b:3:w0 
linkw -b 0
a:2:w2* b:0:w2* b:1:w2 b:2:b0 b:3:w1 b:4:w0 
linkw same session 0
a:2:w2* b:0:w2 b:1:w2 b:2:b0 b:3:w1 b:4:w0 b:9:w2* 
killw twice-linked 0
b:2:b0 b:3:w1 b:4:w0 
30x12
manual
25x11
28x11
adjustment invalid
resizew bad 1
respawn window failed: window c:0 still active
respawnw 1
respawnw -k 0
1
END
)" "window commands as tmux 3.3a"
