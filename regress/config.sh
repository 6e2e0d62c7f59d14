#!/bin/sh
# The config file as tmux 3.3a reads it: %if/%elif/%else/%endif with
# formats, %hidden, NAME=value and $NAME, { } blocks over lines, line
# continuation; a file that does not parse runs nothing; source-file -F -n
# -q -v, globs and its nesting limit; the first command waits for the
# whole config (run-shell and if-shell too); start-server's config makes
# detached sessions and a server with none exits; ~/.tmux.conf when there
# is no mux config; the errors go to the first client.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

# Syntax. Options show what ran.
cat >"$TEST_DIR/syntax.conf" <<'EOF2'
# NAME=value sets the global environment now; later lines expand it.
FOO=left
%hidden HID=secret
set -g status-left "$FOO-$HID"
%if "#{==:#{status-left},left-secret}"
set -g status-right no
%elif "#{!=:a,b}"
set -g status-right elif
%else
set -g status-right else
%endif
%if 0
set -g base-index 9
%if 1
NOTSET=x
%endif
%else
set -g base-index 2
%endif
set -g status-left-length \
  33 ; %if 1 set -g status-right-length 44 %endif
bind x { display -p a; display -p b
  display -p "c d" }
bind y if -F 1 { display -p yes } { display -p no }
setenv -g ML 'multi
   # inside quotes, indents go and a comment line is left empty
   line'
set -g window-status-format '%1'
EOF2
m new -d -s s \; source "$TEST_DIR/syntax.conf" || fail "syntax.conf"
expect_eq "$(m show -gv status-left)" "left-secret" "NAME=value and %hidden"
expect_eq "$(m show -gv status-right)" "elif" "%if evaluated while parsing"
expect_eq "$(m show -gv base-index)" "2" "%else"
expect_eq "$(m show -gv status-left-length)" "33" "continued line"
expect_eq "$(m show -gv status-right-length)" "44" "an inline %if"
expect_eq "$(m show -gv window-status-format)" "%1" "a % word"
expect_eq "$(m showenv -g ML)" "ML=multi

line" "a quote over lines"
expect_eq "$(m showenv -g FOO)" "FOO=left" "NAME=value in the environment"
m showenv -g NOTSET >/dev/null 2>&1 && fail "NAME=value ran in a false %if"
m run 'echo ${HID:-none} >hid' || fail "run for hidden"
expect_eq "$(cat hid)" "none" "hidden from processes"
expect_eq "$(m list-keys -T prefix x)" \
    'bind-key -T prefix x display-message -p a \; display-message -p b \;\; display-message -p "c d"' \
    "a block over lines, as tmux prints it"
expect_eq "$(m list-keys -T prefix y)" \
    'bind-key -T prefix y if-shell -F 1 { display-message -p yes } { display-message -p no }' \
    "blocks as if-shell's arguments"
m kill-server

# A file that does not parse runs none of its lines, and says where.
m new -d -s s
printf 'set -g base-index 5\nbind z {\ndisplay hi\n' >"$TEST_DIR/bad.conf"
if m source "$TEST_DIR/bad.conf" 2>err; then fail "bad.conf ran"; fi
expect_eq "$(cat err)" "$TEST_DIR/bad.conf:4: unterminated { block" \
    "unterminated block"
printf 'set -g base-index 5\n%%if 1\nset -g base-index 6\n' >"$TEST_DIR/bad.conf"
if m source "$TEST_DIR/bad.conf" 2>err; then fail "bad.conf ran"; fi
grep -q "bad.conf:4: %if without %endif" err || fail "no %endif: $(cat err)"
printf 'set -g base-index 5 ; %%if 0\nset -g base-index 6\n%%endif\n' \
    >"$TEST_DIR/bad.conf"
if m source "$TEST_DIR/bad.conf" 2>err; then fail "inline %if"; fi
grep -q "bad.conf:1: syntax error" err || fail "inline %if: $(cat err)"
printf 'set -g base-index 5\n%%frobnicate\n' >"$TEST_DIR/bad.conf"
if m source "$TEST_DIR/bad.conf" 2>err; then fail "%frobnicate"; fi
grep -q "bad.conf:2: unknown directive: %frobnicate" err ||
    fail "unknown directive: $(cat err)"
expect_eq "$(m show -gv base-index)" "0" "nothing of a bad file ran"

# source-file -n parses only; -q is quiet about missing files; -v prints;
# -F expands; globs; a file that sources itself stops at the limit.
printf 'set -g base-index 3\nbind q display -p q\n' >"$TEST_DIR/a.conf"
m source -n "$TEST_DIR/a.conf" || fail "source -n"
expect_eq "$(m show -gv base-index)" "0" "source -n ran nothing"
if m source -n "$TEST_DIR/bad.conf" 2>err; then fail "source -n bad"; fi
grep -q "bad.conf:2: unknown directive" err || fail "-n error: $(cat err)"
m source -q "$TEST_DIR/missing.conf" || fail "source -q missing"
if m source "$TEST_DIR/missing.conf" 2>err; then fail "missing file"; fi
expect_eq "$(cat err)" "$TEST_DIR/missing.conf: No such file or directory" \
    "missing file"
expect_eq "$(m source -v "$TEST_DIR/a.conf")" \
    "$TEST_DIR/a.conf:1: set-option -g base-index 3
$TEST_DIR/a.conf:2: bind-key q display -p q" "source -v"
expect_eq "$(m show -gv base-index)" "3" "source ran"
mkdir "$TEST_DIR/d"
echo 'set -g status-left G1' >"$TEST_DIR/d/1.conf"
echo 'set -ga status-left G2' >"$TEST_DIR/d/2.conf"
m source "$TEST_DIR/d/*.conf" || fail "glob"
expect_eq "$(m show -gv status-left)" "G1G2" "glob, in order"
(cd "$TEST_DIR" && m source 'd/1.conf') || fail "relative path"
# A command that fails skips the rest of its line, never the next file's.
mkdir "$TEST_DIR/e"
echo 'set -g no-such-option 1' >"$TEST_DIR/e/1.conf"
echo 'set -g status-left G3' >"$TEST_DIR/e/2.conf"
if m source "$TEST_DIR/e/*.conf" 2>err; then fail "bad option ran"; fi
expect_eq "$(m show -gv status-left)" "G3" "the next file's first line ran"
m source "$TEST_DIR/d/1.conf" || fail "source again"
m rename-session -t s d
m source -F "$TEST_DIR/#{session_name}/2.conf" || fail "source -F"
expect_eq "$(m show -gv status-left)" "G1G2" "source -F"
echo 'set -g status-left from-stdin' | m source - || fail "source -"
expect_eq "$(m show -gv status-left)" "from-stdin" "source - reads stdin"
if printf 'bogus\n' | m source - 2>err; then fail "source - bad"; fi
expect_eq "$(cat err)" "-:1: unknown command: bogus" "source - error"
echo "source $TEST_DIR/self.conf" >"$TEST_DIR/self.conf"
if m source "$TEST_DIR/self.conf" 2>err; then fail "endless nesting"; fi
grep -q "too many nested files" err || fail "nesting: $(cat err)"
m kill-server

# The first command waits for the whole config, run-shell and if-shell
# included; the session it makes sees what the config set.
cat >"$TEST_DIR/wait.conf" <<'EOF2'
run 'sleep 0.3'
set -g base-index 4
if 'sleep 0.3; true' 'set -g status-left waited'
EOF2
"$MUX_BIN" -L "$LABEL" -f "$TEST_DIR/wait.conf" new -d -s w || fail "new"
expect_eq "$(m display -p -t w '#{window_index}')" "4" "new waited for run"
expect_eq "$(m show -gv status-left)" "waited" "new waited for if-shell"
m kill-server

# A mux run by the config (if-shell) talks to the server while the first
# command waits: no deadlock.
cat >"$TEST_DIR/nested.conf" <<EOF2
if '"$MUX_BIN" set -g status-right from-inside' 'set -g status-left ok'
EOF2
"$MUX_BIN" -L "$LABEL" -f "$TEST_DIR/nested.conf" new -d -s n ||
    fail "nested config"
expect_eq "$(m show -gv status-left)" "ok" "if-shell with a mux inside"
expect_eq "$(m show -gv status-right)" "from-inside" "the mux inside ran"
m kill-server

# start-server: the config's new-session makes detached sessions; a
# server left with none exits.
printf 'new sleep 101\nnew -- sleep 102\nnew "sleep 103"\n' \
    >"$TEST_DIR/start.conf"
"$MUX_BIN" -L "$LABEL" -f "$TEST_DIR/start.conf" start ||
    fail "start with sessions"
expect_eq "$(m ls | wc -l)" "3" "three detached sessions"
m kill-server
"$MUX_BIN" -L "$LABEL" -f /dev/null start || fail "start"
server_gone() { ! m ls >/dev/null 2>&1; }
poll_until "an empty server to exit" server_gone
m list-commands >/dev/null || fail "list-commands"
poll_until "a server started for list-commands to exit" server_gone

# With no mux config, tmux's are read (all that exist, in tmux's order);
# a mux config or -f takes precedence.
export XDG_CONFIG_HOME="$TEST_DIR/xdg"
mkdir -p "$XDG_CONFIG_HOME/tmux"
echo 'set -g status-left from-tmux-conf' >"$HOME/.tmux.conf"
echo 'set -ga status-left +xdg' >"$XDG_CONFIG_HOME/tmux/tmux.conf"
"$MUX_BIN" -L "$LABEL" new -d || fail "new with ~/.tmux.conf"
expect_eq "$(m show -gv status-left)" "from-tmux-conf+xdg" "tmux's configs"
m kill-server
echo 'set -g status-left from-mux-conf' >"$HOME/.mux.conf"
"$MUX_BIN" -L "$LABEL" new -d || fail "new with ~/.mux.conf"
expect_eq "$(m show -gv status-left)" "from-mux-conf" "mux's config first"
m kill-server
"$MUX_BIN" -L "$LABEL" -f "$TEST_DIR/a.conf" new -d || fail "new -f"
expect_eq "$(m show -gv base-index)" "3" "-f first"
expect_eq "$(m show -gv status-left)" "[#{session_name}] " "-f only"
m kill-server
rm "$HOME/.mux.conf" "$HOME/.tmux.conf" "$XDG_CONFIG_HOME/tmux/tmux.conf"
unset XDG_CONFIG_HOME

# bind -N gives a binding a note; list-keys -N lists the notes, root keys
# indented as far as the prefix. (The default prefix bindings have notes
# too, as in tmux: they go first. list-keys-compare.sh checks those.)
m new -d -s k
m unbind -a -T prefix
m bind -N "my note" x display hi \; bind -N other -n F5 display f5 \; \
    bind y display y || fail "bind -N"
expect_eq "$(m list-keys -N)" "    F5 other
C-b x  my note" "list-keys -N"
expect_eq "$(m list-keys -N -T root)" "F5 other" "list-keys -N -T"
# -1 with -N: only the first key of each table; without -N, tmux 3.3a
# ignores it.
expect_eq "$(m list-keys -1N)" "    F5 other
C-b x  my note" "list-keys -1N"
expect_eq "$(m list-keys -1 | wc -l)" "$(m list-keys | wc -l)" "list-keys -1"
expect_eq "$(m list-keys -N -P 'P> ' -T prefix x)" "P> x my note" \
    "list-keys -N -P"
m bind -N "later note" y || fail "bind -N with no command"
expect_eq "$(m list-keys -N y)" "C-b y later note" "a note for a bound key"
expect_eq "$(m list-keys -T prefix y)" \
    "bind-key -T prefix y display-message y" "the binding stays"
m bind y display z
# As tmux 3.3a: a key asked for that is not listed is an error, and
# with -a the keys are padded as wide as the noted ones (none here).
expect_eq "$(m list-keys -N y 2>&1)" "unknown key: y" \
    "binding again drops the note"
expect_eq "$(m list-keys -aN -T prefix y)" "ydisplay-message z" \
    "list-keys -aN"
m kill-server

# The command prompt completes command names (first word), then option
# and layout names, with Tab. Output of a command run there shows in view
# mode over the pane (draw.sh compares it with tmux's).
m new -d -s p sh
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t p <<'EOF2' || fail "prompt Tab"
wait $
send \x02:new-w\t
wait :new-window
send \r
run "$UNTIL" '[ "$("$MUX_BIN" -L "$LABEL" list-windows -t p | wc -l)" = 2 ]'
send \x02:set -g status-left-le\t
wait :set -g status-left-length
send 44\r
run "$UNTIL" '[ "$("$MUX_BIN" -L "$LABEL" show -gv status-left-length)" = 44 ]'
send \x02:set -g status-le\t
wait :set -g status-left
send  XY\r
run "$UNTIL" '[ "$("$MUX_BIN" -L "$LABEL" show -gv status-left)" = XY ]'
send \x02:list-windows\r
wait [0/0]
run "$UNTIL" '[ "$("$MUX_BIN" -L "$LABEL" display -p -t p "#{pane_mode}")" = view-mode ]'
line 1: sh* (1 panes) [80x23] [layout ae5e,80x23,0,0,1] @1 (active)
send q
run "$UNTIL" '[ "$("$MUX_BIN" -L "$LABEL" display -p -t p "#{pane_in_mode}")" = 0 ]'
send \x02:sel\t
wait :select-
send \x1b
gone :select-
send \x02d
exit 0
EOF2
m kill-server

# $MUX: a mux run in a pane or by run-shell, with no -L or -S, talks to
# that server; attaching is refused only from a pane of the same server.
m new -d -s q sh
m send-keys -t q "\"\$MUX_BIN\" display -p 'in #{session_name}' >\"$TEST_DIR/inpane\"" Enter
poll_until "mux in a pane to answer" test -s "$TEST_DIR/inpane"
expect_eq "$(cat "$TEST_DIR/inpane")" "in q" "mux in a pane"
sid=$(m display -p -t q '#{session_id}')
m run -t q 'echo $MUX >muxenv' || fail "run for \$MUX"
expect_eq "$(cat muxenv)" \
    "$TEST_DIR/mux-$(id -u)/$LABEL,$(m display -p '#{pid}'),${sid#\$}" \
    "\$MUX for run-shell"
m run -t q '"$MUX_BIN" display -p "from #{session_name}" >frommux' ||
    fail "run for mux"
expect_eq "$(cat frommux)" "from q" "mux in run-shell"
m send-keys -t q "\"\$MUX_BIN\" attach -t q 2>\"$TEST_DIR/nest\"; echo done >>\"$TEST_DIR/nest\"" Enter
poll_until "a nested attach to be refused" grep -q done "$TEST_DIR/nest"
grep -q "sessions should be nested with care, unset \$MUX to force" \
    "$TEST_DIR/nest" || fail "nested attach: $(cat "$TEST_DIR/nest")"
"$MUX_BIN" -L "${LABEL}b" -f /dev/null new -d -s other ||
    fail "second server"
m send-keys -t q "\"\$MUX_BIN\" -L ${LABEL}b attach -t other" Enter
attached() { "$MUX_BIN" -L "${LABEL}b" list-clients | grep -q other; }
poll_until "a pane of one server to attach to another" attached
"$MUX_BIN" -L "${LABEL}b" kill-server
m kill-server
# A server started from inside another's pane gives its own jobs (#() as
# well) its own $MUX.
MUX=/nonexistent,1,1 "$MUX_BIN" -L "${LABEL}c" -f /dev/null new -d ||
    fail "server started with another \$MUX"
own_mux() {
	"$MUX_BIN" -L "${LABEL}c" display -p '#(echo $MUX)' |
	    grep -q "/${LABEL}c,"
}
poll_until "#() to see this server's \$MUX" own_mux
"$MUX_BIN" -L "${LABEL}c" kill-server

# Config errors show in view mode over the first session's pane, as
# tmux 3.3a shows them, whether its client attaches or not; with no session
# at all they go to the stderr of the client that started the server.
printf 'set -g base-index 1\nwibble wobble\n' >"$TEST_DIR/err.conf"
"$MUX_BIN" -L "$LABEL" -f "$TEST_DIR/err.conf" new -d 2>err || fail "new -d"
expect_eq "$(cat err)" "" "no errors on the stderr of new -d"
expect_eq "$(m display -p '#{pane_mode}')" "view-mode" \
    "errors in view mode"
m ls >/dev/null 2>err
expect_eq "$(cat err)" "" "errors only once"
m kill-server
"$MUX_BIN" -L "$LABEL" -f "$TEST_DIR/err.conf" start-server 2>err
expect_eq "$(cat err)" "$TEST_DIR/err.conf:2: unknown command: wibble" \
    "errors without a session"
m kill-server 2>/dev/null	# (it may have gone: no sessions)
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" -f "$TEST_DIR/err.conf" \
    new -s e sh <<'EOF2' || fail "errors in view mode"
wait err.conf:2: unknown command: wibble
wait [0/0]
run "$UNTIL" '[ "$("$MUX_BIN" -L "$LABEL" display -p "#{pane_mode}")" = view-mode ]'
send \x02d
exit 0
EOF2
m kill-server
# #{current_file}: the file a command came from, its nested files' own,
# kept for what if-shell runs, empty from the command line.
mkdir -p cf
cat >cf/main.conf <<'EOF2'
set -gF @b "#{current_file}"
source-file -F "#{d:current_file}/inner.conf"
if-shell true { set -gF @d "#{current_file}" }
EOF2
echo 'set -gF @c "#{current_file}"' >cf/inner.conf
"$MUX_BIN" -L "$LABEL" -f "$TEST_DIR/cf/main.conf" new -d || fail "current_file config"
expect_eq "$(m show -gv @b) $(m show -gv @c) $(m show -gv @d)" \
    "$TEST_DIR/cf/main.conf $TEST_DIR/cf/inner.conf $TEST_DIR/cf/main.conf" "current_file"
expect_eq "$(m display -p '[#{current_file}]')" "[]" "no current_file from the CLI"
m kill-server
exit 0
