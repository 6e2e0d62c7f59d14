#!/bin/sh
# terminal-overrides and terminal-features reach a client's terminal: an
# inner server draws, through its client, into a pane of the outer one,
# whose capture shows what the inner server sent. "am@" takes automatic
# margins away, so the bottom-right cell is not drawn (as tmux 3.3a's
# am-terminal expects); a string override changes what an attribute
# sends; changing the option redraws the attached client at once.
. "$(dirname "$0")/lib.sh"

INNER="${LABEL}i"
inner() { "$MUX_BIN" -L "$INNER" -f /dev/null "$@"; }
trap 'inner kill-server >/dev/null 2>&1; cleanup' EXIT

inner new -d || fail "inner new"
inner set -as terminal-overrides ',*:am@' || fail "set terminal-overrides"
inner set -g status-right 'RRR'
inner set -g status-left 'LLL'
inner set -g window-status-current-format 'WWW'
m new -d -x 20 -y 2 "env TERM=screen '$MUX_BIN' -L '$INNER' attach" ||
    fail "outer new"

last() { m capture-pane -p | tail -1; }
last_is() { [ "$(last)" = "$1" ]; }
poll_until "the status line without its last cell" last_is \
    'LLLWWW           RR'
expect_eq "$(last)" 'LLLWWW           RR' "no am: bottom-right cell"

# Without the override the terminal has am (and xenl): the cell is drawn.
inner set -s terminal-overrides '' || fail "clear terminal-overrides"
poll_until "the status line with its last cell" last_is \
    'LLLWWW           RRR'

# A string capability: bold sent as reverse video.
inner set -g status-left '#[bold]LLL#[nobold]'
esc=$(printf '\033')
# has_sgr N: the SGR sequences just before LLL's cell (capture-pane -e
# writes one for each part) hold attribute N.
has_sgr() {
	sgr=$(m capture-pane -p -e | tail -1 |
	    sed -n "s/^\(.*[^m]\)\{0,1\}\(\(${esc}\[[0-9;:]*m\)*\)LLL.*$/\2/p" |
	    sed "s/${esc}\[//g; s/m/;/g")
	case ";$sgr;" in *";$1;"*) return 0 ;; esac
	return 1
}
poll_until "bold as terminfo has it" has_sgr 1
inner set -s terminal-overrides 'scr*:bold=\E[7m:am@' ||
    fail "set bold override"
poll_until "bold sent as reverse" has_sgr 7
has_sgr 1 && fail "bold still sent as bold"
last_is 'LLLWWW           RR' || fail "am@ in the same entry: $(last)"

# An entry for another terminal changes nothing.
inner set -s terminal-overrides 'xterm*:bold=\E[4m' || fail "set xterm"
poll_until "bold again" has_sgr 1
has_sgr 4 && fail "an xterm* override applied to screen"

# A feature: without strikethrough in terminfo (screen has none), the
# strikethrough feature gives the terminal smxx.
inner set -g status-left '#[strikethrough]LLL#[nostrikethrough]'
inner set -s terminal-overrides ''
inner set -s terminal-features 'screen*:strikethrough' || fail "set feature"
poll_until "strikethrough from the feature" has_sgr 9

# user-keys: a sequence the terminal sends is the key User<N>, bound like
# any other (set here from the shell, so the value is the bytes).
m new -d -s uk "exec cat -v" || fail "new uk"
m set -s user-keys[0] "$(printf '\033[5;30012~')"
m bind -n User0 send-keys -t uk USERZERO
expect_eq "$(m list-keys -T root User0)" \
    "bind-key -T root User0 send-keys -t uk USERZERO" "User0 bound"
"$PTYDRIVE" -s 80x24 -- "$MUX_BIN" -L "$LABEL" attach -t uk <<'EOF2' || fail "user-keys"
wait [uk]
send \e[5;30012~
wait USERZERO
absent 5;30012
EOF2
exit 0
