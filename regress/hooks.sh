#!/bin/sh
# Hooks: set-hook and show-hooks (-a -g -p -R -u -w, array members, the
# table a hook lives in and what it inherits), the output as tmux 3.3a
# prints it, and hooks firing: after-<command>, session-*, window-*,
# pane-*, alert-* and client-* with their #{hook...} formats.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

LOG="$TEST_DIR/log"
: >"$LOG"

# A hook that logs a line of formats to $LOG (run-shell expands them).
logger() {
	printf 'run-shell "echo %s >> %s"' "'$1'" "$LOG"
}

# Wait until $LOG has a line that is exactly $1.
logged() {
	grep -qxF -- "$1" "$LOG"
}
wait_log() {
	i=0
	while ! logged "$1"; do
		i=$((i + 1))
		[ $i -gt 1000 ] && fail "no log line '$1' in: $(cat "$LOG")"
		sleep 0.01
	done
}

m new -d -s a -x 80 -y 24 sh || fail "new"

# --- show-hooks -g lists every session hook, as tmux 3.3a does.
expected="after-bind-key after-capture-pane after-copy-mode \
after-display-message after-display-panes after-kill-pane \
after-list-buffers after-list-clients after-list-keys after-list-panes \
after-list-sessions after-list-windows after-load-buffer after-lock-server \
after-new-session after-new-window after-paste-buffer after-pipe-pane \
after-queue after-refresh-client after-rename-session after-rename-window \
after-resize-pane after-resize-window after-save-buffer after-select-layout \
after-select-pane after-select-window after-send-keys after-set-buffer \
after-set-environment after-set-hook after-set-option \
after-show-environment after-show-messages after-show-options \
after-split-window after-unbind-key alert-activity alert-bell alert-silence \
client-active client-attached client-detached client-focus-in \
client-focus-out client-resized client-session-changed session-closed \
session-created session-renamed session-window-changed window-linked \
window-unlinked"
expect_eq "$(m show-hooks -g | tr '\n' ' ')" "$expected " "show-hooks -g"
expected="pane-died pane-exited pane-focus-in pane-focus-out \
pane-mode-changed pane-set-clipboard pane-title-changed \
window-layout-changed window-pane-changed window-renamed window-resized"
expect_eq "$(m show-hooks -gw | tr '\n' ' ')" "$expected " "show-hooks -gw"
expect_eq "$(m show-hooks)" "" "nothing set on the session"
expect_eq "$(m show-hooks -p)" "" "nothing set on the pane"

# --- Array members: set clears and sets [0], -a appends at the first free
# index, [N] sets one, -u [N] removes one, -gu resets to empty.
m set-hook -g after-new-window 'display -p a' || fail "set-hook"
m set-hook -ga after-new-window 'display -p "b c"' || fail "set-hook -a"
m set-hook -g 'after-new-window[5]' "set -g status-left '1 2'" ||
    fail "set-hook [5]"
expect_eq "$(m show-hooks -g after-new-window)" \
"after-new-window[0] display-message -p a
after-new-window[1] display-message -p \"b c\"
after-new-window[5] set-option -g status-left \"1 2\"" "array members"
expect_eq "$(m show-hooks -g 'after-new-window[1]')" \
    'after-new-window[1] display-message -p "b c"' "one member"
expect_eq "$(m show-hooks -g 'after-new-window[3]')" \
    'after-new-window[3] ' "a member not set"
m set-hook -gu 'after-new-window[1]' || fail "set-hook -u [1]"
m set-hook -ga after-new-window 'display -p again' || fail "append again"
expect_eq "$(m show-hooks -g after-new-window)" \
"after-new-window[0] display-message -p a
after-new-window[1] display-message -p again
after-new-window[5] set-option -g status-left \"1 2\"" "-a fills the gap"
m set-hook -g after-new-window 'display -p only' || fail "set again"
expect_eq "$(m show-hooks -g after-new-window)" \
    'after-new-window[0] display-message -p only' "set clears the array"
# An empty command clears without setting; a blank one or a comment is
# an empty member; -a of an empty command adds nothing.
m set-hook -g after-new-window '' || fail "set-hook ''"
expect_eq "$(m show-hooks -g after-new-window)" 'after-new-window' \
    "'' clears"
m set-hook -ga after-new-window '' || fail "set-hook -a ''"
m set-hook -g 'after-new-window[3]' '# nothing' || fail "comment member"
expect_eq "$(m show-hooks -g after-new-window)" 'after-new-window[3] ' \
    "an empty member"
m new-window -d -t a sh || fail "new-window with an empty member"
m kill-window -t a:1
m set-hook -gu after-new-window || fail "set-hook -gu"
expect_eq "$(m show-hooks -g after-new-window)" 'after-new-window' \
    "-gu resets to empty"

# Commands are shown as tmux prints them: full names, value-less flags
# grouped, then flags with values, then arguments, quoted tmux's way.
check_print() {
	m set-hook -g window-linked "$1" || fail "set-hook '$1'"
	expect_eq "$(m show-hooks -g window-linked)" "window-linked[0] $2" \
	    "printed form of '$1'"
}
check_print 'splitw -h -d -t 1 -c /tmp' 'split-window -dh -c /tmp -t 1'
check_print 'neww -dP -n "a b" -F "#{pane_id}"' \
    'new-window -Pd -F "#{pane_id}" -n "a b"'
check_print "display -p '\$HOME x'" 'display-message -p "\$HOME x"'
check_print "display -p 'a\"b'" "display-message -p 'a\"b'"
check_print "display -p ''" "display-message -p ''"
check_print "display -p '#'" 'display-message -p \#'
check_print "display -p '~x'" 'display-message -p \~x'
check_print "display -p 'a\\b'" 'display-message -p a\\b'
check_print "display -p 'a;b'" 'display-message -p "a;b"'
check_print 'display a ; display b' 'display-message a ; display-message b'
m set-hook -gu window-linked

# --- Errors, in tmux's words.
check_error() {
	what=$1
	msg=$2
	shift 2
	if m "$@" 2>err; then fail "$what accepted"; fi
	expect_eq "$(cat err)" "$msg" "$what"
}
check_error "unknown hook" "invalid option: nonsuch" \
    set-hook -g nonsuch 'display x'
check_error "ambiguous hook" "ambiguous option: pane" \
    set-hook -g pane 'display x'
check_error "no command" "empty value" set-hook -g after-new-window
check_error "bad command" "unknown command: bogus-cmd" \
    set-hook -g after-new-window 'bogus-cmd'
check_error "bad index" "invalid option: after-new-window[x]" \
    set-hook -g 'after-new-window[x]' 'display x'
check_error "show unknown" "invalid option: nonsuch" show-hooks -g nonsuch
# Hooks are options in tmux: set-hook and show-hooks of an option's name
# act as set-option and show-options.
old=$(m show -gv status-left)
m set-hook -g status-left 'xx' || fail "set-hook of an option"
expect_eq "$(m show -g status-left)" "status-left xx" "set-hook status-left"
expect_eq "$(m show-hooks -g status)" "status on" "show-hooks status"
m set -g status-left "$old"
# A unique prefix names the hook.
m set-hook -g session-cre 'display -p x' || fail "prefix"
expect_eq "$(m show-hooks -g session-created)" \
    'session-created[0] display-message -p x' "prefix names session-created"
m set-hook -gu session-created

# --- Tables: a session hook set without -g is the session's (-p and -w
# change nothing for it); window hooks go to the window, or with -p the
# pane. A level that has the hook hides the one above; -u uncovers it.
m set-hook -p session-renamed 'display -p s' || fail "session hook -p"
expect_eq "$(m show-hooks)" 'session-renamed[0] display-message -p s' \
    "session hook on the session"
m set-hook -p pane-died 'display -p p' || fail "pane hook -p"
m set-hook -w pane-died 'display -p w' || fail "pane hook -w"
expect_eq "$(m show-hooks -p)" 'pane-died[0] display-message -p p' \
    "pane hook on the pane"
expect_eq "$(m show-hooks -w)" 'pane-died[0] display-message -p w' \
    "pane hook on the window"
m set-hook -u session-renamed
m set-hook -pu pane-died
m set-hook -u pane-died
expect_eq "$(m show-hooks; m show-hooks -w; m show-hooks -p)" "" \
    "unset at each level"

# --- set-hook -R runs a hook at once, before the next command, for the
# client that ran it; only #{hook} is given.
m set-hook -g session-renamed 'display -p "ran #{hook} [#{hook_session}]"'
expect_eq "$(m set-hook -R session-renamed \; display -p next)" \
"ran session-renamed []
next" "set-hook -R"
m set-hook -R nonsuch || fail "-R of an unknown name"
m set-hook -gu session-renamed

# --- after-<command>: runs after the command, before the next one, for
# its target, with its arguments as formats; a failing hook is reported
# (exit status 1) but the next command still runs. Hooks set off no
# hooks: a new-window in after-new-window makes one window, not a loop.
m set-hook -g after-new-window \
    'display -p "#{hook} a=#{hook_arguments} n=#{hook_flag_n} d=#{hook_flag_d} cur=#{window_index}:#{window_name}"'
expect_eq "$(m new-window -d -t a -n foo sh \; display -p after)" \
"after-new-window a=-d -n foo -t a sh n=foo d=1 cur=1:foo
after" "after-new-window"
m set-hook -g after-new-window 'select-window -t a:99'
if m new-window -d -t a sh \; display -p after2 >out 2>err; then
	fail "a failing hook left exit status 0"
fi
expect_eq "$(cat out)" "after2" "the next command after a failed hook"
grep -q "99" err || fail "hook error not reported: $(cat err)"
m set-hook -g after-new-window 'new-window -d -t a sh'
n=$(m list-windows -t a | wc -l)
m new-window -d -t a sh || fail "new-window with a recursive hook"
expect_eq "$(m list-windows -t a | wc -l)" "$((n + 2))" \
    "a hook's own new-window runs no hook"
m set-hook -gu after-new-window
m set-hook -g after-rename-window 'display -p "renamed #{hook_argument_0}"'
expect_eq "$(m rename-window -t a:0 zero)" "renamed zero" \
    "after-rename-window"
m set-hook -gu after-rename-window
# A command that kills its own target (the last pane of a session):
# the hook runs for what is current now.
m new -d -s gone sh || fail "new gone"
m set-hook -g after-kill-pane 'display -p "killed, now #{session_name}"'
expect_eq "$(m kill-pane -t gone:0.0)" "killed, now a" "after-kill-pane"
m has -t gone 2>/dev/null && fail "session gone survived"
m set-hook -gu after-kill-pane
# A session's own after hook hides the global one.
m set-hook -g after-select-window 'display -p global'
m set-hook -t a after-select-window 'display -p own'
expect_eq "$(m select-window -t a:0)" "own" "the session's after hook"
m set-hook -u -t a after-select-window
expect_eq "$(m select-window -t a:0)" "global" "back to the global hook"
m set-hook -gu after-select-window

# --- session-*, window-*: queued by the event, run at the end of the
# loop turn for where it happened.
m set-hook -g session-created "$(logger 'created #{hook} #{hook_session_name} cur=#{session_name}')"
m set-hook -g session-renamed "$(logger 'renamed #{hook_session_name}')"
m set-hook -g session-closed "$(logger 'closed #{hook_session_name}')"
m set-hook -g window-linked "$(logger 'linked #{hook_session_name} #{hook_window} #{hook_window_name}')"
m set-hook -g window-unlinked "$(logger 'unlinked #{hook_session_name} #{hook_window}')"
m set-hook -g window-renamed "$(logger 'wrenamed #{hook_window_name} [#{hook_session}]')"
m set-hook -g session-window-changed "$(logger 'swc #{hook_session_name} cur=#{window_index}')"
m set-hook -g window-layout-changed "$(logger 'layout #{hook_window}')"
m set-hook -g window-pane-changed "$(logger 'wpc #{hook_window} cur=#{pane_index}')"
m new -d -s b -n bw sh || fail "new b"
wait_log "created session-created b cur=b"
wait_log "linked b $(m display -p -t b:0 '#{window_id}') bw"
m rename-session -t b bb
wait_log "renamed bb"
m new-window -t bb -n second sh
wait_log "swc bb cur=1"
wid=$(m display -p -t bb:0 '#{window_id}')
m rename-window -t bb:0 named
wait_log "wrenamed named []"
m split-window -t bb:0 sh
wait_log "layout $wid"
wait_log "wpc $wid cur=1"
m kill-session -t bb
wait_log "closed bb"
wait_log "unlinked bb $wid"

# --- pane-*: pane-died with remain-on-exit, pane-exited, copy mode, a
# title and a clipboard write.
m set-hook -g pane-died "$(logger 'died #{hook_pane} cur=#{pane_id}')"
m set-hook -g pane-exited "$(logger 'exited #{hook_pane}')"
m set-hook -g pane-mode-changed "$(logger 'mode #{hook_pane} #{pane_in_mode}')"
m set-hook -g pane-title-changed "$(logger 'title #{hook_pane} #{pane_title}')"
m set-hook -g pane-set-clipboard "$(logger 'clip #{hook_pane}')"
pid=$(m split-window -P -F '#{pane_id}' -t a:0 'exit 0')
wait_log "exited $pid"
m set -w -t a:0 remain-on-exit on
pid=$(m split-window -P -F '#{pane_id}' -t a:0 'exit 3')
wait_log "died $pid cur=$pid"
m kill-pane -t "$pid"
m set -w -t a:0 remain-on-exit off
p0=$(m display -p -t a:0.0 '#{pane_id}')
m copy-mode -t a:0.0
wait_log "mode $p0 1"
m send-keys -t a:0.0 -X cancel
wait_log "mode $p0 0"
m send-keys -t a:0.0 "printf '\\033]2;newtitle\\033\\\\'" Enter
wait_log "title $p0 newtitle"
m send-keys -t a:0.0 "printf '\\033]52;c;aGk=\\a'" Enter
wait_log "clip $p0"
# A pane's own hook is that pane's only.
m set-hook -p -t a:0.0 pane-mode-changed "$(logger 'own mode #{hook_pane}')"
m copy-mode -t a:0.0
wait_log "own mode $p0"
m send-keys -t a:0.0 -X cancel
m split-window -d -t a:0 sh
# (display -p would pass "%10" through strftime.)
p1=$(m list-panes -t a:0 -F '#{pane_id}' | sed -n 2p)
m copy-mode -t a:0.1
wait_log "mode $p1 1"
if logged "own mode $p1"; then fail "a pane's hook ran for another pane"; fi

# --- alert-*: a bell and activity in a window not shown.
m set-hook -g alert-bell "$(logger 'bell #{hook_session_name} #{hook_window}')"
m set-hook -g alert-activity "$(logger 'activity #{hook_window}')"
m new-window -d -t a:7 sh
w7=$(m display -p -t a:7 '#{window_id}')
m send-keys -t a:7 "printf '\\a'" Enter
wait_log "bell a $w7"
m set -w -t a:7 monitor-activity on
m send-keys -t a:7 "echo busy" Enter
wait_log "activity $w7"

# --- The same set-hook and show-hooks lines against tmux 3.3a, when it is
# installed: every line of output and error, and the exit statuses, agree.
if command -v tmux >/dev/null 2>&1; then
	compare() {
		"$@" new -d -s c -x 80 -y 24 sh
		for args in \
		    "set-hook -g after-new-window 'display -p a'" \
		    "set-hook -ga after-new-window 'splitw -h -d -t 1 -c /tmp'" \
		    "set-hook -g after-new-window[7] \"if -F 1 'display x' 'display y'\"" \
		    "set-hook -g after-new-window[9] 'set -g @x \"a b\" ; display x'" \
		    "show-hooks -g" "show-hooks -g after-new-window[7]" \
		    "set-hook -gu after-new-window[7]" \
		    "set-hook -t c session-renamed 'rename-session x'" \
		    "set-hook -p pane-exited 'display -p gone'" \
		    "set-hook -w window-renamed 'display -p r'" \
		    "show-hooks" "show-hooks -w" "show-hooks -p" "show-hooks -gw" \
		    "show-hooks -t c window-renamed" \
		    "set-hook -g after-bogus 'display x'" \
		    "set-hook -g client 'display x'" \
		    "set-hook -g session-created" \
		    "set-hook -g session-created ''" \
		    "set-hook -g session-created '# none'" \
		    "show-hooks -g session-created"; do
			echo "> $args"
			eval "\"\$@\" $args" 2>&1
			echo "= $?"
		done
		"$@" kill-server
	}
	compare "$MUX_BIN" -L "${LABEL}c" -f /dev/null >mux.out
	TMUX_TMPDIR="$TEST_DIR" compare tmux -L "${LABEL}c" -f /dev/null \
	    >tmux.out
	expect_eq "$(cat mux.out)" "$(cat tmux.out)" "the same as tmux 3.3a"
fi

# --- client-*: an attached client (in a pty) attaching, resizing,
# detaching; #{hook_client} is its terminal.
m set-hook -g client-attached "$(logger 'attached #{hook_client} cur=#{session_name}')"
m set-hook -g client-session-changed "$(logger 'changed #{hook_client}')"
m set-hook -g client-resized "$(logger 'resized #{client_width}')"
m set-hook -g client-detached "$(logger 'detached #{hook_client}')"
m set-hook -g client-focus-in "$(logger 'focus-in #{hook_client}')"
m set-hook -g client-focus-out "$(logger 'focus-out #{hook_client}')"
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t a <<EOF2 || fail "attach"
wait \$
run "\$UNTIL" "grep -q '^attached /dev/' '$LOG'"
resize 100x30
run "\$UNTIL" "grep -qx 'resized 100' '$LOG'"
send \\e[I
run "\$UNTIL" "grep -q '^focus-in /dev/' '$LOG'"
send \\e[O
run "\$UNTIL" "grep -q '^focus-out /dev/' '$LOG'"
send \\x02d
exit 0
EOF2
tty=$(sed -n 's/^attached \(.*\) cur=a$/\1/p' "$LOG")
[ -n "$tty" ] || fail "client-attached: $(cat "$LOG")"
wait_log "changed $tty"
wait_log "detached $tty"
wait_log "focus-in $tty"
wait_log "focus-out $tty"
exit 0
