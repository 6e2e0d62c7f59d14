#!/bin/sh
# Formats against a live server: the variables of sessions, windows and
# panes, the S: W: P: loops (with the current window's or active pane's
# own format), N: name tests, C: searching a pane's screen, copy mode's
# variables, options and the environment as variables, #() and the
# modifiers on real values. The expected text is what tmux 3.3a prints for
# the same commands.
. "$(dirname "$0")/lib.sh"

d() {
	m display -p -t "$1" "$2"
}

m new -d -s work -n editor -x 100 -y 30 \
    "printf 'first line\nmarker-text here\n'; exec cat" || fail "new"
m neww -d -n logs cat
m splitw -h -t work:0 cat
m new -d -s play -n game -x 80 -y 24 cat
m selectw -t work:1
m selectw -t work:0
wait_pane work:0.0 marker-text

# Loops: sessions in name order; the current window's own format; panes.
expect_eq "$(d work '#{S:#{session_name}#{?session_attached,+,-} }')" \
    "play- work- " "S: loop"
expect_eq "$(d work '#{W:#{window_index}#{window_flags} ,[#{window_index}]}')" \
    "[0]1- " "W: loop with a current format"
expect_eq "$(d work '#{P:#{pane_index}#{?pane_active,*,} }')" "0 1* " \
    "P: loop"
expect_eq "$(d work '#{W:#{P:#{pane_id}}/}')" "%0%2/%1/" "nested loops"
expect_eq "$(d work '#{N/w:logs}#{N/w:nope}#{N/s:work}#{N/s:nope}')" "1010" \
    "N: names"

# The variables, zoomed and not.
expect_eq "$(d work '#{window_flags}|#{window_active}#{window_last_flag}#{window_start_flag}#{window_end_flag}')" \
    "*|1010" "window flags"
expect_eq "$(d work '#{active_window_index}|#{last_window_index}|#{session_stack}|#{next_session_id}')" \
    "0|1|0,1|\$2" "session stack"
m resize-pane -Z -t work:0.1
expect_eq "$(d work '#{window_flags}|#{window_raw_flags}|#{window_zoomed_flag}|#{pane_width}x#{pane_height}|#{pane_at_left}#{pane_at_top}#{pane_at_right}#{pane_at_bottom}')" \
    "*Z|*Z|1|100x30|1111" "zoomed"
m resize-pane -Z -t work:0.1
expect_eq "$(d work:0.0 '#{pane_left},#{pane_top},#{pane_right},#{pane_bottom}|#{pane_active}#{pane_last}#{pane_dead}')" \
    "0,0,49,29|010" "pane geometry"
expect_eq "$(d work '#{pane_format}#{window_format}#{session_format}|#{session_windows}|#{session_grouped}')" \
    "100|2|0" "format kinds"
case $(d work '#{pane_tty}') in
/dev/pts/*) ;;
*) fail "pane_tty: $(d work '#{pane_tty}')" ;;
esac
expect_eq "$(d work '#{client_name}|#{mouse_x}|#{mouse_word}|#{pane_fg}')" \
    "|||default" "no client, no mouse"

# The command a pane started with, quoted as tmux quotes it.
m neww -d -t work:7 sh -c 'exec sleep 100 # "$x"'
expect_eq "$(d work:7 '#{pane_start_command}')" \
    'sh -c "exec sleep 100 # \"\$x\""' "pane_start_command"
expect_eq "$(d work:1 '[#{pane_start_command}]')" "[cat]" \
    "pane_start_command of a plain word"
m kill-window -t work:7

# C: the first screen line that matches (from 1), or 0.
expect_eq "$(d work:0.0 '#{C:marker-text}|#{C/r:^mark}|#{C/i:MARKER}|#{C:absent}|#{C/r:(}|#{C:first*}')" \
    "2|2|2|0|0|1" "C: search"
expect_eq "$(d work:0.0 '#{cursor_x},#{cursor_y}|#{cursor_character}|')" \
    "0,2| |" "cursor"

# Copy mode's variables.
m copy-mode -t work:0.0
m send -t work:0.0 -X cursor-up
expect_eq "$(d work:0.0 '#{pane_in_mode}|#{pane_mode}|#{scroll_position}|#{copy_cursor_x},#{copy_cursor_y}|#{selection_present}|#{copy_cursor_line}')" \
    "1|copy-mode|0|16,1|0|marker-text here" "copy mode"
m send -t work:0.0 -X cancel

# Options and the environment as variables; E: expands an option's value.
m set -g status-left '[#{session_name}]'
expect_eq "$(d work '#{status-left}|#{E:status-left}|#{=3:status-left}')" \
    "[#{session_name}]|[work]|[#{" "options"
expect_eq "$(d work '#{?mouse,on,off}|#{mouse}')" "off|0" "a flag option"
m setenv -g GREETING 'hello world'
m setenv -t work LOCAL here
expect_eq "$(d work '#{GREETING}|#{q:GREETING}|#{LOCAL}|#{n:GREETING}')" \
    'hello world|hello\ world|here|11' "environment"
expect_eq "$(d play '#{LOCAL}|')" "|" "another session's environment"

# Modifiers on real values.
expect_eq "$(d work '#{=/5/>:window_name}|#{p-6:window_index}|#{w:window_name}|#{s/i/I/:window_name}')" \
    "edito>|     0|6|edItor" "modifiers"
expect_eq "$(d work '#{e|+:#{session_windows},1}|#{?#{e|>:#{window_panes},1},many,one}')" \
    "3|many" "arithmetic on variables"
expect_eq "$(d work '#{t:session_created}' | wc -w | tr -d ' ')" "5" "t: a date"
expect_eq "$(d work '#{l:#{session_name}}|#{l:##}')" "#{session_name}|##" "l:"

# The mouse variables, in a mouse key's binding: where the click was in
# the pane and the word under it.
m new -d -s mouse -x 80 -y 24 "printf 'hello world\n'; exec cat"
m set -g mouse on
m bind -n MouseDown3Pane display '#{mouse_x},#{mouse_y}:#{mouse_word}:#{mouse_line}'
wait_pane mouse hello
"$PTYDRIVE" -s 80x25 -- "$MUX_BIN" -L "$LABEL" attach -t mouse <<'EOF2' || fail "mouse variables"
wait hello world
send \e[<2;8;1M\e[<2;8;1m
wait 7,0:world:hello world
EOF2

# window_flags escapes '#' as "##" and the status line draws it as one.
m new -d -s act -n quiet -x 60 -y 10 cat
m neww -d -t act:1 -n busy cat
m set -w -t act:1 monitor-activity on
expect_eq "$(d act:1 '#{window_raw_flags}|')" "|" "no activity yet"
m send -t act:1 x
poll_until "activity in act:1" sh -c \
    "test \"\$(\"$MUX_BIN\" -L $LABEL display -p -t act:1 '#{window_flags}|#{window_raw_flags}')\" = '##|#'"
"$PTYDRIVE" -s 60x11 -- "$MUX_BIN" -L "$LABEL" attach -t act <<'EOF2' || fail "activity flag drawn"
wait 1:busy#
absent 1:busy##
EOF2

# #(): empty at first, then the last line the command printed.
m display -p '#(echo one; echo two)' >/dev/null
poll_until "#() output" sh -c "test \"\$(\"$MUX_BIN\" -L $LABEL display -p 'x#(echo one; echo two)y')\" = xtwoy"

# Tab stops, the scroll region and OSC 7's path are the pane's own: HTS
# and TBC move the stops (and a tab lands where pane_tabs says), RIS
# brings the defaults back, DECSTBM sets the region.
m new -d -s tabs -x 40 -y 10 "printf '\033[6G\033H\033[9G\033[g\r\tA\tB\n'; exec cat"
wait_pane tabs B
expect_eq "$(m capture-pane -p -t tabs | head -1)" "     A          B" "tabs land on the stops"
expect_eq "$(d tabs '#{pane_tabs}')" "5,16,24,32" "pane_tabs after HTS and TBC"
m resize-window -t tabs -x 60
poll_until "wider" sh -c "test \"\$(\"$MUX_BIN\" -L $LABEL display -p -t tabs '#{pane_width}')\" = 60"
expect_eq "$(d tabs '#{pane_tabs}')" "5,16,24,32,40,48,56" "stops kept, defaults in new columns"
m new -d -s region -x 40 -y 10 "printf '\033[3g\033[3;6r\033]7;file://h/tmp/x\007region\n'; exec cat"
wait_pane region region
expect_eq "$(d region '#{pane_tabs}|#{scroll_region_upper},#{scroll_region_lower}|#{pane_path}')" \
    "|2,5|file://h/tmp/x" "TBC 3, DECSTBM, OSC 7"
m respawn-pane -k -t region "printf '\033[3g\033[3;6r\033cafter\n'; exec cat"
wait_pane region after
expect_eq "$(d region '#{pane_tabs}|#{scroll_region_upper},#{scroll_region_lower}')" \
    "8,16,24,32|0,9" "RIS resets stops and region"

# select-pane -d and pipe-pane show in pane_input_off and pane_pipe.
m select-pane -t tabs -d
m pipe-pane -t tabs 'cat >/dev/null'
expect_eq "$(d tabs '#{pane_input_off}#{pane_pipe}')" "11" "input off, piped"
m select-pane -t tabs -e
m pipe-pane -t tabs
expect_eq "$(d tabs '#{pane_input_off}#{pane_pipe}')" "00" "input on, not piped"
# The mouse encodings a program asks for (the last of 1005 and 1006, as
# libvterm encodes them), and a read-only client.
m new -d -s menc -x 40 -y 10 "printf '\033[?1000h\033[?1006hsgr\n'; exec cat"
wait_pane menc sgr
expect_eq "$(d menc '#{mouse_standard_flag}#{mouse_sgr_flag}#{mouse_utf8_flag}')" "110" "SGR mouse"
m respawn-pane -k -t menc "printf '\033[?1006h\033[?1005hutf8\n'; exec cat"
wait_pane menc utf8
expect_eq "$(d menc '#{mouse_standard_flag}#{mouse_sgr_flag}#{mouse_utf8_flag}')" "001" "UTF-8 mouse"
"$PTYDRIVE" -s 40x10 -- "$MUX_BIN" -L "$LABEL" attach -r -t menc <<'EOF2' || fail "client_readonly"
wait utf8
run test "$("$MUX_BIN" -L "$LABEL" list-clients -F '#{client_readonly}')" = 1
run test "$("$MUX_BIN" -L "$LABEL" display -p '#{client_readonly} #{client_width}')" = "1 40"
EOF2
# The modes and saved cursor of a pane (as tmux 3.3a gives them, with its
# 4294967295 before the alternate screen was ever used), and the match
# under copy mode's cursor.
m new -d -s alt -x 40 -y 10 "printf 'abc\033[5;7H\033[?1049h\033[4h\033[?6hX'; exec cat"
m new -d -s noalt -x 40 -y 10 "printf 'one two three two\n'; exec cat"
wait_pane alt X
wait_pane noalt three
expect_eq "$(d alt '#{alternate_saved_x},#{alternate_saved_y} #{insert_flag}#{origin_flag}')" "6,4 11" "saved cursor, IRM, DECOM"
expect_eq "$(d noalt '#{alternate_saved_x},#{alternate_saved_y} #{insert_flag}#{origin_flag}')" "4294967295,4294967295 00" "never saved"
m copy-mode -t noalt
m send -t noalt -X history-top
m send -t noalt -X search-forward two
expect_eq "$(d noalt '[#{search_match}]')" "[two]" "search_match"
m send -t noalt -X cursor-down
expect_eq "$(d noalt '[#{search_match}]')" "[]" "no match under the cursor"
# pane_bg: window-style, then the background the program set (OSC 11),
# then window-active-style for the active pane, as tmux 3.3a gives it.
m new -d -s bg -x 80 -y 24 "printf '\\033]11;cmy:0.9373/0.6941/0.4549\\007'; exec cat" ||
    fail "new bg"
m setw -t bg window-style bg=red
poll_until "the program's background" sh -c \
    "[ \"\$('$MUX_BIN' -L '$LABEL' display -p -t bg '#{pane_bg}')\" = '#0f4e8b' ]"
m setw -t bg window-active-style bg=blue
expect_eq "$(m display -p -t bg '#{pane_bg} #{pane_fg}')" "blue default" \
    "window-active-style over the program's background"
exit 0
