#!/bin/sh
# The clients written for tmux, driving mux installed as tmux (a directory
# whose tmux is a symbolic link to mux, first in PATH), side by side with
# tmux 3.3a: Debian's python3-libtmux and tmuxp (./bootstrap installs
# them). Part of make check-peers (regress/check-peers.sh), not make check.
#
# 1. libtmux: a script creates a session, windows and panes, sets and shows
#    options, sends keys and captures the output. It prints what it saw,
#    one fact a line; the two transcripts must be the same.
# 2. tmuxp load -d of a four-window workspace (several panes, layouts,
#    start_directory, shell_command, focus, options, environment); then the
#    sessions, windows, pane counts, layouts, active panes, directories,
#    options and environment it built must be the same.
# 3. TPM (Debian's tmux-plugin-manager) loading tmux-sensible (from
#    ../shared/peers) as a user's ~/.tmux.conf has it: what the two change
#    in show -g, show -s, show -gw and list-keys must be the same. (TPM
#    installs plugins with git from the network; here the plugin is in
#    place already, which is what TPM does at every start after that.)
#    tmux-resurrect is not in Debian: it is not tested.
#
# Each failure names the step: the libtmux call that raised, tmuxp's error,
# or the lines of the state that differ.
#
# usage: ecosystem.sh [MUX] (default ./mux). Exit status 1 if anything
# failed, 2 if it cannot run here (no tmux, libtmux or tmuxp).
set -u
mux=$(readlink -f "${1:-./mux}")
top=$(cd "$(dirname "$0")/.." && pwd)
peers=${PEERS:-$top/../shared/peers}
tpm=/usr/share/tmux-plugin-manager/tpm
out=${OUT:-/tmp/mux-check-peers}
py=/usr/bin/python3
[ -x "$mux" ] || { echo "ecosystem: not executable: $mux" >&2; exit 2; }
for need in /usr/bin/tmux /usr/bin/tmuxp; do
	[ -x "$need" ] || {
		echo "ecosystem: $need missing (./bootstrap installs it)" >&2
		exit 2
	}
done
"$py" -c 'import libtmux' 2>/dev/null || {
	echo "ecosystem: python3-libtmux missing (./bootstrap installs it)" >&2
	exit 2
}
mkdir -p "$out"
work=$(mktemp -d /tmp/mux-ecosystem.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin" "$work/home" "$work/d1" "$work/d2" "$work/d3"
ln -s "$mux" "$work/bin/tmux"
status=0

# run NAME PATHDIR COMMAND: COMMAND in a clean environment whose tmux is
# PATHDIR's, each side with its own socket directory and home.
run() {
	mkdir -p "$work/sock-$1"
	env -i HOME="$work/home" PATH="$2:/usr/bin:/bin" TERM=xterm \
	    LC_ALL=C.UTF-8 SHELL=/bin/sh ENV= TMUX_TMPDIR="$work/sock-$1" \
	    MUX_TMPDIR="$work/sock-$1" WORK="$work" sh -c "$3"
}
# side NAME: the PATH directory for tmux or mux.
side() {
	if [ "$1" = mux ]; then echo "$work/bin"; else echo /usr/bin; fi
}
# compare WHAT: $work/tmux.WHAT against $work/mux.WHAT.
compare() {
	cp "$work/tmux.$1" "$work/mux.$1" "$out/" 2>/dev/null
	if cmp -s "$work/tmux.$1" "$work/mux.$1"; then
		return 0
	fi
	echo "ecosystem: $1 differs (< tmux 3.3a, > mux as tmux):"
	diff "$work/tmux.$1" "$work/mux.$1" | grep '^[<>]'
	return 1
}

echo "== ecosystem: tmux -V, as libtmux reads it"
for s in tmux mux; do
	run "$s" "$(side $s)" "$py"' -c "from libtmux.common import get_version
print(get_version())"' >"$work/$s.version" 2>&1
done
if compare version; then
	echo "libtmux version: PASS ($(cat "$work/mux.version"))"
else
	echo "libtmux version: FAIL"
	status=1
fi

echo "== ecosystem: a libtmux script"
cat >"$work/libtmux-script.py" <<'EOF'
# Prints the step it is at before each call, and what it saw after: a
# failure's last "step" line names the call that raised.
import sys
import libtmux

def step(what):
    print("step", what, flush=True)

def wait_for(pane, text):
    # Until the pane shows text (the shell has run the command); bounded.
    for _ in range(2000):
        lines = pane.capture_pane()
        if any(text in line for line in lines):
            return lines
        libtmux.common.tmux_cmd("-L", "eco", "wait-for", "-S", "nothing")
    return pane.capture_pane()

step("Server(socket_name=eco)")
server = libtmux.Server(socket_name="eco")
step("new_session")
s = server.new_session(session_name="lt", window_name="first",
                       attach=False, start_directory=sys.argv[1])
print("session", s.name, "windows", len(s.windows))
step("new_window")
w = s.new_window(window_name="second", attach=False,
                 start_directory=sys.argv[1] + "/d1")
step("split_window")
p2 = w.split_window(attach=False, vertical=False)
step("split_window again")
p3 = w.split_window(attach=False)
step("select_layout even-vertical")
w.select_layout("even-vertical")
print("windows", [x.name for x in s.windows])
print("panes", len(w.panes))
step("sessions")
print("sessions", [x.name for x in server.sessions])
step("set_option history-limit")
s.set_option("history-limit", 4321)
step("show_option history-limit")
print("history-limit", s.show_option("history-limit"))
step("set_window_option automatic-rename off")
w.set_window_option("automatic-rename", "off")
step("show_window_option automatic-rename")
print("automatic-rename", w.show_window_option("automatic-rename"))
step("rename_window")
w.rename_window("renamed")
print("renamed", w.name)
step("send_keys")
p2.send_keys("echo out-$((6*7))", enter=True)
step("capture_pane")
lines = wait_for(p2, "out-42")
print("captured", [line for line in lines if "out-" in line])
step("pane current path")
print("path", w.panes[0].pane_current_path)
step("kill_window")
s.windows[0].kill_window()
print("windows after kill", [x.name for x in s.windows])
step("kill_server")
server.kill_server()
step("done")
EOF
for s in tmux mux; do
	run "$s" "$(side $s)" "timeout 60 $py \"\$WORK/libtmux-script.py\" \
	    \"\$WORK\"" >"$work/$s.libtmux" 2>&1
	echo "exit $?" >>"$work/$s.libtmux"
	# Python's traceback names files and lines, the same on both sides;
	# paths are the same too (one $WORK).
done
if compare libtmux; then
	echo "libtmux script: PASS ($(grep -c '^step' "$work/mux.libtmux")" \
	    "steps, as under tmux)"
else
	echo "libtmux script: FAIL at $(grep '^step' "$work/mux.libtmux" |
	    tail -n 1): $(grep -i 'exception\|error' "$work/mux.libtmux" |
	    tail -n 1)"
	status=1
fi

echo "== ecosystem: tmuxp load -d"
cat >"$work/workspace.yaml" <<EOF
session_name: eco
start_directory: $work
environment:
  ECO_VAR: from-the-workspace
options:
  history-limit: 3333
global_options:
  escape-time: 7
windows:
  - window_name: edit
    layout: main-vertical
    start_directory: d1
    options:
      automatic-rename: 'off'
      main-pane-width: 30
    panes:
      - shell_command:
          - echo pane-one
      - echo pane-two
      - focus: true
        shell_command: echo pane-three
  - window_name: build
    start_directory: $work/d2
    layout: even-horizontal
    focus: true
    panes:
      - start_directory: $work/d3
        shell_command: echo in-d3
      - pane
  - window_name: logs
    window_shell: cat
    panes:
      - null
  - window_name: tiled
    layout: tiled
    panes: [echo a, echo b, echo c, echo d]
EOF
# state: what the workspace built, one fact a line.
cat >"$work/state.sh" <<'EOF'
tmux -L ecows list-sessions -F 'session #{session_name} #{session_windows}'
tmux -L ecows list-windows -a -F 'window #{window_index} #{window_name} panes=#{window_panes} active=#{window_active} layout=#{window_layout}'
tmux -L ecows list-panes -a -F 'pane #{window_name}.#{pane_index} active=#{pane_active} #{pane_current_path}'
tmux -L ecows show -v history-limit
tmux -L ecows show -sv escape-time
tmux -L ecows show -wv -t eco:edit automatic-rename
tmux -L ecows show -wv -t eco:edit main-pane-width
tmux -L ecows show-environment -t eco ECO_VAR
EOF
for s in tmux mux; do
	run "$s" "$(side $s)" "timeout 60 tmuxp load -d -L ecows \
	    \"\$WORK/workspace.yaml\"" >"$work/$s.tmuxp-load" 2>&1
	echo "exit $?" >>"$work/$s.tmuxp-load"
	run "$s" "$(side $s)" 'sh "$WORK/state.sh" 2>&1;
	    tmux -L ecows kill-server' >"$work/$s.tmuxp-state" 2>&1
done
cp "$work/tmux.tmuxp-load" "$work/mux.tmuxp-load" "$out/"
if grep -q '^exit 0$' "$work/mux.tmuxp-load"; then
	echo "tmuxp load: loaded"
else
	echo "tmuxp load: FAIL: $(grep -v '^exit' "$work/mux.tmuxp-load" |
	    tail -n 1)"
	status=1
fi
if compare tmuxp-state; then
	echo "tmuxp state: PASS ($(wc -l <"$work/mux.tmuxp-state") lines," \
	    "as under tmux)"
else
	echo "tmuxp state: FAIL (files in $out: tmux.* mux.*)"
	status=1
fi
echo "== ecosystem: TPM loading tmux-sensible"
if [ ! -x "$tpm" ]; then
	echo "TPM: FAIL: $tpm missing (./bootstrap installs tmux-plugin-manager)"
	status=1
elif [ ! -f "$peers/tmux-sensible/sensible.tmux" ]; then
	echo "TPM: FAIL: no tmux-sensible in $peers"
	status=1
else
	mkdir -p "$work/home/.tmux/plugins"
	cp -R "$peers/tmux-sensible" "$work/home/.tmux/plugins/"
	# Both start at tmux's escape-time (mux's default is a deliberate 10,
	# which sensible leaves alone): what TPM and sensible do is then what
	# is compared.
	cat >"$work/tmux.conf" <<EOF
set -s escape-time 500
set -g @plugin 'tmux-plugins/tmux-sensible'
run-shell $tpm
EOF
	cat >"$work/tpm-state.sh" <<'EOF'
{
	tmux -L "$1" show -g
	tmux -L "$1" show -s
	tmux -L "$1" show -gw
	tmux -L "$1" list-keys
	tmux -L "$1" show-environment -g TMUX_PLUGIN_MANAGER_PATH
} 2>&1 | tr -s ' ' | LC_ALL=C sort
EOF
	for s in tmux mux; do
		# Before: no config. After: the user's, which loads TPM.
		run "$s" "$(side $s)" 'tmux -L tpm0 -f /dev/null new -d \; \
		    set -s escape-time 500 &&
		    sh "$WORK/tpm-state.sh" tpm0; tmux -L tpm0 kill-server' \
		    >"$work/$s.tpm-before" 2>&1
		cp "$work/tmux.conf" "$work/home/.tmux.conf"
		run "$s" "$(side $s)" 'timeout 60 tmux -L tpm1 new -d 2>&1 ||
		    echo "new-session failed"; sh "$WORK/tpm-state.sh" tpm1;
		    tmux -L tpm1 kill-server' >"$work/$s.tpm-after" 2>&1
		rm "$work/home/.tmux.conf"
		LC_ALL=C comm -13 "$work/$s.tpm-before" "$work/$s.tpm-after" \
		    >"$work/$s.tpm-added"
		LC_ALL=C comm -23 "$work/$s.tpm-before" "$work/$s.tpm-after" \
		    >"$work/$s.tpm-removed"
	done
	tpm_ok=1
	compare tpm-added || tpm_ok=0
	compare tpm-removed || tpm_ok=0
	if [ "$tpm_ok" = 1 ]; then
		echo "TPM: PASS ($(wc -l <"$work/mux.tpm-added") lines added," \
		    "as under tmux)"
	else
		echo "TPM: FAIL (files in $out: tmux.tpm-* mux.tpm-*)"
		status=1
	fi
fi
exit $status
