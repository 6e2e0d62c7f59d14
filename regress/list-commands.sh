#!/bin/sh
# list-commands: mux prints, for each command, the usage line tmux 3.3a
# prints (when tmux is installed to compare with; skipped otherwise). The
# commands whose line still differs are listed below, each with the reason;
# any other difference fails, and so does a listed command that now
# matches (take it off the list).
. "$(dirname "$0")/lib.sh"

command -v tmux >/dev/null 2>&1 || exit 77
tmux -L "ref$LABEL" -f /dev/null start \; list-commands > tmux.txt ||
    fail "tmux list-commands"
tmux -L "ref$LABEL" kill-server >/dev/null 2>&1
m list-commands > mux.txt || fail "list-commands"

# Not yet as tmux 3.3a, each with why. A command listed here that now
# matches fails the test (take it off the list).
#   command-prompt: -i and -T not done (one history, no incremental
#     prompts)
#   new-session: -R (start from a snapshot, see resurrect) is mux's own
KNOWN=" command-prompt new-session "
# Commands other parts of the work own (options, hooks, the config file,
# key notes): a difference there is theirs to list, and a match is fine.
OTHERS=" set-option set-window-option show-options source-file set-hook
 show-hooks bind-key list-keys "

# Deliberate differences, mux extensions tmux 3.3a lacks: these take -J
# (JSON output). Their line must have it; it is taken out before the
# comparison, so the rest must still match (for those not listed above).
JSON=" list-sessions list-windows list-panes list-clients list-buffers
 list-keys list-commands show-options show-window-options
 show-environment show-hooks "
# mux's own commands, which tmux lacks (issue 16: resurrect,
# server-upgrade).
MUX_OWN="resurrect server-upgrade"

# One line, single spaces: " name name ... ".
KNOWN=" $(echo $KNOWN) "
OTHERS=" $(echo $OTHERS) "
JSON=" $(echo $JSON) "
status=0
# No command tmux lacks, and the same order (tmux's table is sorted).
sed 's/ .*//' tmux.txt > tmux-names
sed 's/ .*//' mux.txt | grep -vxF "$(printf '%s\n' $MUX_OWN)" > mux-names
extra=$(grep -vxF -f tmux-names mux-names)
[ -z "$extra" ] || fail "commands tmux 3.3a does not have: $extra"
expect_eq "$(grep -xF -f mux-names tmux-names)" "$(cat mux-names)" \
    "the commands' order"
while IFS= read -r line; do
	cmd=${line%% *}
	mine=$(grep "^$cmd " mux.txt)
	case "$JSON" in
	*" $cmd "*)
		case "$mine" in
		*"[-J] "*|*"[-"*J*"] "*) ;;
		*)
			echo "list-commands: $cmd lost -J: $mine" >&2
			status=1
			;;
		esac
		mine=$(printf '%s\n' "$mine" |
		    sed 's/\[-J\] //; s/\(\[-[0-9A-IK-Za-z]*\)J/\1/')
		;;
	esac
	case "$OTHERS" in
	*" $cmd "*)
		continue
		;;
	esac
	case "$KNOWN" in
	*" $cmd "*)
		if [ "$mine" = "$line" ]; then
			echo "list-commands: $cmd now matches tmux: unlist it" >&2
			status=1
		fi
		continue
		;;
	esac
	if [ "$mine" != "$line" ]; then
		printf 'list-commands: %s differs\n  tmux: %s\n  mux:  %s\n' \
		    "$cmd" "$line" "$mine" >&2
		status=1
	fi
done < tmux.txt
[ $status = 0 ] || fail "list-commands differs from tmux 3.3a"

# The one-command form and an unknown command.
expect_eq "$(m lscm new-window)" "$(grep '^new-window ' tmux.txt)" "lscm new-window"
expect_eq "$(m lscm neww)" "$(grep '^new-window ' tmux.txt)" "lscm by alias"
m lscm no-such-command 2>err && fail "unknown command accepted"
grep -q "unknown command: no-such-command" err || fail "lscm error: $(cat err)"
exit 0
