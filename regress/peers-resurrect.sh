#!/bin/sh
# A tmux-resurrect round trip as a user makes it, under tmux 3.3a and
# under mux installed as tmux (a directory whose tmux links to mux, first
# in PATH), side by side. tmux-resurrect is neither in Debian nor in
# ../shared/peers, so this runs only when a copy is given:
#
#	TMUX_RESURRECT_DIR=/path/to/tmux-resurrect regress/peers-resurrect.sh [MUX]
#
# (MUX: default ./mux; regress/ptydrive must be built: make
# regress/ptydrive.) Not part of make check. Exit status 0 when both
# agree, 1 when they differ, 2 when it cannot run (no copy, no tmux).
#
# Each side gets a fresh home whose ~/.tmux.conf loads the plugin as TPM
# does (run-shell .../resurrect.tmux) and its own socket directory. Three
# sessions are built (windows with names and gaps in their indexes, split
# panes in presets and by hand, a zoomed window, panes in different
# directories, tail and less running) and a fourth grouped with the first
# (the plugin saves it as a grouped_session line); a client is attached (ptydrive,
# 120x36) and prefix C-s pressed; once the plugin says it saved, the
# client detaches and the server is killed. Then tmux is started again in
# a terminal and prefix C-r pressed; once the plugin says it restored and
# tail and less run again, the state is recorded. The three records (the
# sessions, windows and panes before the save, the save file, and the
# state after the restore: names, indexes, layouts, flags, active panes,
# directories, sizes, commands, modes, the client's session and last
# session) must be the same under both, paths written as WORK.
#
# The trial runs twice: as the plugin is by default, and with
# @resurrect-capture-pane-contents on (capture-pane -epJ -S at the save,
# each pane started with cat of its contents at the restore), whose
# records add what three panes show after the restore.
#
# OUT (default /tmp/mux-peers-resurrect) keeps plain/ and contents/, each
# with tmux/ and mux/ holding before.txt, saved.txt and after.txt.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
self=$top/regress/peers-resurrect.sh

if [ -z "${RT_SIDE:-}" ]; then
	R=${TMUX_RESURRECT_DIR:-}
	[ -n "$R" ] && [ -x "$R/resurrect.tmux" ] || {
		echo "peers-resurrect: set TMUX_RESURRECT_DIR to a copy of" \
		    "tmux-resurrect (with resurrect.tmux executable): skipped" >&2
		exit 2
	}
	R=$(cd "$R" && pwd)
	mux=$(readlink -f "${1:-./mux}")
	[ -x "$mux" ] || { echo "peers-resurrect: not executable: $mux" >&2; exit 2; }
	[ -x /usr/bin/tmux ] || { echo "peers-resurrect: no /usr/bin/tmux" >&2; exit 2; }
	ptydrive=${PTYDRIVE:-$top/regress/ptydrive}
	[ -x "$ptydrive" ] || {
		echo "peers-resurrect: $ptydrive missing (make regress/ptydrive)" >&2
		exit 2
	}
	status=0
	for trial in plain contents; do
		out=${OUT:-/tmp/mux-peers-resurrect}/$trial
		for side in tmux mux; do
			work=$out/$side
			rm -rf "$work"
			mkdir -p "$work/home" "$work/sock" "$work/bin"
			ln -s "$mux" "$work/bin/tmux"
			# (assume-paste-time 0: prefix and key come in one
			# write from ptydrive, which tmux would take for a
			# paste and type into the pane.)
			{
				echo "set -g assume-paste-time 0"
				[ "$trial" = contents ] &&
				    echo "set -g @resurrect-capture-pane-contents on"
				echo "run-shell $R/resurrect.tmux"
			} >"$work/home/.tmux.conf"
			if [ "$side" = tmux ]; then bindir=/usr/bin; else bindir=$work/bin; fi
			# A clean environment: the plugin's scripts find tmux in PATH.
			env -i RT_SIDE="$side" RT_WORK="$work" RT_TRIAL="$trial" \
			    PTYDRIVE="$ptydrive" HOME="$work/home" \
			    PATH="$bindir:/usr/bin:/bin" TERM=xterm-256color \
			    LC_ALL=C.UTF-8 SHELL=/bin/sh ENV= PS1='$ ' \
			    TMUX_TMPDIR="$work/sock" sh "$self" || {
				echo "peers-resurrect: $trial: the $side side did not finish"
				status=1
			}
		done
		for f in before saved after; do
			if cmp -s "$out/tmux/$f.txt" "$out/mux/$f.txt"; then
				echo "peers-resurrect: $trial: $f: same"
			else
				echo "peers-resurrect: $trial: $f differs (< tmux 3.3a, > mux as tmux):"
				diff "$out/tmux/$f.txt" "$out/mux/$f.txt" | grep '^[<>]'
				status=1
			fi
		done
	done
	[ "$status" = 0 ] &&
	    echo "peers-resurrect: PASS (records in ${OUT:-/tmp/mux-peers-resurrect})"
	exit $status
fi

# One side, in its clean environment.
side=$RT_SIDE
work=$RT_WORK
D=$work/d
t() { tmux -L trial "$@"; }
die() { echo "peers-resurrect($side): $*" >&2; exit 1; }

# poll WHAT COMMAND...: until COMMAND succeeds (at most 20 s).
poll() {
	what=$1
	shift
	i=0
	until "$@" >/dev/null 2>&1; do
		i=$((i + 1))
		[ $i -gt 2000 ] && die "timed out waiting for $what"
		sleep 0.01
	done
}
runs() { [ "$(t display -p -t "$1" '#{pane_current_command}')" = "$2" ]; }
prompt() { t capture-pane -p -t "$1" | grep -q '[#$]'; }
gone() { ! t ls; }

# state: the sessions, windows and panes, paths relative to WORK (a pane
# in view-mode holds what a run-shell of the plugin printed).
state() {
	{
		# (Sorted: tmux lists sessions in name order, mux in the
		# order they were made.)
		echo "## list-sessions"
		t ls -F '#{session_name} windows=#{session_windows} attached=#{session_attached} group=#{session_group}' | sort
		echo "## list-windows -a"
		t lsw -a -F '#{session_name}:#{window_index} #{window_name} #{?window_active,active,-} flags=#{window_flags} #{window_layout}' | sort
		echo "## list-panes -a"
		t lsp -a -F '#{session_name}:#{window_index}.#{pane_index} #{pane_current_path} #{?pane_active,active,-} #{pane_width}x#{pane_height} #{pane_current_command}#{?pane_in_mode, #{pane_mode},}' | sort
		echo "## list-clients"
		t lsc -F 'client session=#{client_session} last=#{client_last_session} #{client_width}x#{client_height}'
		# What the panes show (pane contents come back in these).
		if [ "$RT_TRIAL" = contents ]; then
			for p in alpha:0.0 alpha:2.1 beta:0.0; do
				echo "## capture-pane -p -t $p"
				t capture-pane -p -t "$p" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
			done
		fi
	} | sed "s|$work|WORK|g"
}

case ${1:-} in
state) state >"$work/$2.txt"; exit 0 ;;
procs)
	# The programs restore types into the shells run again.
	poll "tail in alpha:1.1" runs alpha:1.1 tail
	poll "less in beta:7.0" runs beta:7.0 less
	exit 0 ;;
esac

mkdir -p "$D/src" "$D/docs" "$D/logs" "$D/build" "$D/notes" "$D/tmp" "$D/music"
echo "log line" >"$D/logs/app.log"
seq 1 100 >"$D/notes/todo.txt"

# Three sessions, the size the attached client gives them (120x36, one
# status line), and a fourth grouped with the first.
t new -d -s alpha -n editor -x 120 -y 35 -c "$D/src" || die "new alpha"
t list-keys -T prefix C-s >/dev/null 2>&1 || die "the plugin bound no C-s"
t splitw -h -t alpha:editor -c "$D/docs" || die "split"
t splitw -v -t alpha:editor.1 -c "$D/logs" || die "split"
t selectp -t alpha:editor.0
t neww -t alpha:1 -n build -c "$D/build" || die "neww build"
t splitw -v -l 10 -t alpha:build -c "$D/logs" || die "split build"
t selectl -t alpha:build main-horizontal
t selectp -t alpha:build.0
t neww -t alpha:2 -n monitor -c "$D/src" || die "neww monitor"
t splitw -t alpha:monitor -c "$D/docs"
t splitw -t alpha:monitor -c "$D/logs"
t splitw -t alpha:monitor -c "$D/tmp"
t selectl -t alpha:monitor tiled
t selectp -t alpha:monitor.2
t selectw -t alpha:2
t selectw -t alpha:0

t new -d -s beta -n notes -x 120 -y 35 -c "$D/notes" || die "new beta"
t neww -t beta:3 -n scratch -c "$D/tmp" || die "neww scratch"
t splitw -h -t beta:scratch -c "$D/music"
t selectl -t beta:scratch even-horizontal
t neww -t beta:7 -n reading -c "$D/notes" || die "neww reading"
t selectw -t beta:7
t selectw -t beta:3
t selectp -t beta:3.1

t new -d -s gamma -n zoomed -x 120 -y 35 -c "$D/tmp" || die "new gamma"
t splitw -h -t gamma:zoomed -c "$D/music"
t resizep -Z -t gamma:zoomed.1
t neww -t gamma:1 -n side -c "$D/build"
t splitw -t gamma:side -c "$D/src"
t splitw -t gamma:side -c "$D/docs"
t selectl -t gamma:side main-vertical
t selectw -t gamma:0

# A session grouped with alpha, showing another of its windows.
t new -d -s delta -t alpha || die "new delta -t alpha"
t selectw -t delta:1
t selectw -t delta:2

for p in $(t lsp -a -F '#{session_name}:#{window_index}.#{pane_index}'); do
	poll "a prompt in $p" prompt "$p"
done
# Some output to save (and, with pane contents, to see again).
t send-keys -t alpha:0.0 'echo in-alpha-0-0' Enter
t send-keys -t alpha:2.1 'seq 1 40' Enter
t send-keys -t beta:0.0 "printf 'x\\033[1mbold\\033[0my\\n'" Enter
shows() { t capture-pane -p -t "$1" | grep -qx -- "$2"; }
poll "alpha:0.0's output" shows alpha:0.0 in-alpha-0-0
poll "alpha:2.1's output" shows alpha:2.1 40
poll "beta:0.0's output" shows beta:0.0 xboldy
t send-keys -t alpha:1.1 'tail -f app.log' Enter
t send-keys -t beta:7.0 'less todo.txt' Enter
sh "$0" procs || exit 1

# Attached as a user is: record, press prefix C-s, wait for the plugin's
# message, detach.
"$PTYDRIVE" -s 120x36 -t 60 -- tmux -L trial attach -t alpha <<EOF || die "attach and save"
wait editor
run sh "$0" state before
send \\x02\\x13
wait Tmux environment saved!
send \\x02d
exit 0
EOF
last=$(readlink -f "$work/home/.tmux/resurrect/last") || die "no save file"
sed "s|$work|WORK|g" "$last" >"$work/saved.txt"
t kill-server || die "kill-server"
poll "the server to exit" gone

# A new server: tmux in a terminal (a new session 0), prefix C-r, wait for
# the plugin's message and the programs it starts again, record, detach.
"$PTYDRIVE" -s 120x36 -t 60 -- tmux -L trial <<EOF || die "start and restore"
wait [0]
send \\x02\\x12
wait Tmux restore complete!
run sh "$0" procs
run sh "$0" state after
send \\x02d
exit 0
EOF
t kill-server
exit 0
