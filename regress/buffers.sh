#!/bin/sh
# Paste buffers: set/show/list/delete, load and save (files and stdin/
# stdout), paste-buffer into a pane, capture-pane into a buffer,
# buffer-limit, and OSC 52 from a program landing in a buffer.
. "$(dirname "$0")/lib.sh"
export PS1='$ '

m new -d -s a sh || fail "new"
wait_prompt a

m set-buffer "first" || fail "set-buffer"
m set-buffer -b named "the named one" || fail "set-buffer -b"
expect_eq "$(m show-buffer)" "the named one" "newest is the default"
expect_eq "$(m show-buffer -b buffer0)" "first" "automatic name"
m set-buffer -a -b named " and more"
expect_eq "$(m show-buffer -b named)" "the named one and more" "append"
m set-buffer -b exact abc
expect_eq "$(m show-buffer -b exact | od -An -c | tr -d ' ')" "abc" \
    "show-buffer prints the bytes, nothing added"
m delete-buffer -b exact
expect_eq "$(m list-buffers -F '#{buffer_name}:#{buffer_size}' | tr '\n' ' ')" \
    "named:22 buffer0:5 " "list-buffers"
m set-buffer -b named -n renamed || fail "rename"
m delete-buffer -b renamed || fail "delete-buffer"
if m show-buffer -b renamed 2>err; then fail "deleted buffer shown"; fi
expect_eq "$(cat err)" "no buffer renamed" "deleted buffer"

# Files and standard input/output; arbitrary bytes survive.
printf 'bin\001\002\377ary\n' >"$TEST_DIR/in"
m load-buffer -b file "$TEST_DIR/in" || fail "load-buffer"
m save-buffer -b file "$TEST_DIR/out" || fail "save-buffer"
cmp "$TEST_DIR/in" "$TEST_DIR/out" || fail "bytes changed through a buffer"
printf 'from stdin' | m load-buffer -b piped - || fail "load-buffer -"
expect_eq "$(m save-buffer -b piped -)" "from stdin" "save-buffer -"
m save-buffer -a -b piped "$TEST_DIR/out"
expect_eq "$(tail -c 10 "$TEST_DIR/out")" "from stdin" "save-buffer -a"
if m load-buffer "$TEST_DIR/missing" 2>err; then fail "missing file"; fi
expect_eq "$(cat err)" "$TEST_DIR/missing: No such file or directory" "missing file"

# paste-buffer types the buffer into the pane, newlines as Enter.
m set-buffer -b cmd "echo pasted-text"
m paste-buffer -b cmd -t a
m send-keys -t a Enter
wait_pane a pasted-text

# capture-pane without -p makes a buffer.
m capture-pane -t a -b cap
m show-buffer -b cap | grep -q pasted-text || fail "capture into a buffer"

# buffer-limit bounds automatic buffers, oldest dropped.
m set -g buffer-limit 3
for i in 1 2 3 4 5; do m set-buffer "auto$i"; done
expect_eq "$(m list-buffers -F '#{buffer_name}' | grep -c '^buffer')" "3" "buffer-limit"
expect_eq "$(m show-buffer)" "auto5" "newest kept"

# OSC 52 from a program becomes a buffer (set-clipboard on, the default).
m send-keys -t a "printf '\\033]52;c;%s\\a' \$(printf osc-copy | base64)" Enter
poll_until "OSC 52 buffer" sh -c "\"$MUX_BIN\" -L $LABEL show-buffer | grep -qx osc-copy"
m set -g set-clipboard off
m send-keys -t a "printf '\\033]52;c;%s\\a' \$(printf ignored | base64); echo sent-off" Enter
wait_pane a sent-off
if m show-buffer | grep -q ignored; then fail "set-clipboard off ignored"; fi
exit 0
