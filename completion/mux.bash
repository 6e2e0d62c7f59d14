# bash completion for mux.
#
# Commands, aliases and flags come from `mux list-commands` (and the
# command-alias option of the running server); options, hooks, sessions,
# windows, panes, clients and buffers are asked of the running server,
# the one that -L or -S earlier on the command line name. Self-contained:
# it needs bash only, not the bash-completion package's helpers.

# A list-commands line's alias: "name (alias) usage".
__mux_alias_re='^[^ ]+ \(([^)]+)\)'

# __mux_run ARGS...: mux with the command line's -L or -S; errors hidden.
__mux_run() {
	"$__mux_bin" "${__mux_server[@]}" "$@" 2>/dev/null
}

# __mux_flags USAGE: sets __mux_noarg (letters of the flags without an
# argument) and __mux_argflags (lines "LETTER ARGUMENT-NAME") and
# __mux_positional (the names of the positional arguments, in order; a
# last "..." repeats the one before) from a usage text such as
# "[-ab] [-t target-pane] [-L|-S|-U] name [value]".
__mux_flags() {
	local usage=${1//\[%\]/} group alt
	__mux_noarg= __mux_argflags= __mux_positional=()
	local re='^[[:space:]]*(\[([^]]*)\]|([^][:space:]]+))(.*)$'
	while [[ $usage =~ $re ]]; do
		usage=${BASH_REMATCH[4]}
		if [[ -n ${BASH_REMATCH[3]} ]]; then
			__mux_positional+=("${BASH_REMATCH[3]}")
			continue
		fi
		group=${BASH_REMATCH[2]}
		if [[ $group != -* ]]; then
			__mux_positional+=("${group%%[[ ]*}")
			continue
		fi
		local IFS='|'
		for alt in $group; do
			alt=${alt# }
			if [[ $alt =~ ^-([[:alnum:]])[[:space:]]+([^[:space:]]+) ]]; then
				__mux_argflags+="${BASH_REMATCH[1]} ${BASH_REMATCH[2]}"$'\n'
			elif [[ $alt =~ ^-([[:alnum:]]+)$ ]]; then
				__mux_noarg+=${BASH_REMATCH[1]}
			fi
		done
		unset IFS
	done
}

# __mux_argof LETTER: the argument name of flag LETTER, or nothing.
__mux_argof() {
	local line
	while read -r line; do
		[[ ${line%% *} == "$1" ]] && { printf '%s\n' "${line#* }"; return; }
	done <<<"$__mux_argflags"
}

# __mux_commands: every command name and alias, one a line.
__mux_commands() {
	local line
	__mux_run list-commands | while read -r line; do
		printf '%s\n' "${line%% *}"
		[[ $line =~ $__mux_alias_re ]] && printf '%s\n' "${BASH_REMATCH[1]}"
	done
	__mux_run show -sv command-alias | sed 's/=.*//'
}

# __mux_usage WORD: sets __mux_cmdline to the list-commands line of the
# command WORD names (a name, an alias, a command-alias or a unique prefix)
# and __mux_cmdname to its name.
__mux_usage() {
	local word=$1 lines line name alias target
	target=$(__mux_run show -sv command-alias |
	    while IFS= read -r line; do
		[[ ${line%%=*} == "$word" ]] && { line=${line#*=}; printf '%s\n' "${line%% *}"; break; }
	    done)
	[[ -n $target ]] && word=$target
	lines=$(__mux_run list-commands)
	__mux_cmdname= __mux_cmdline=
	while read -r line; do
		name=${line%% *}
		alias=
		[[ $line =~ $__mux_alias_re ]] && alias=${BASH_REMATCH[1]}
		if [[ $name == "$word" || $alias == "$word" ]]; then
			__mux_cmdname=$name
			__mux_cmdline=$line
			return
		fi
	done <<<"$lines"
	# A unique prefix names a command too.
	local found= n=0
	while read -r line; do
		[[ $line == "$word"* ]] && { found=$line; ((n++)); }
	done <<<"$lines"
	if ((n == 1)); then
		__mux_cmdname=${found%% *}
		__mux_cmdline=$found
	fi
}

# __mux_reply PREFIX: COMPREPLY from the lines of the input that start
# with PREFIX (taken as they are: a name with a $ or a * is no pattern).
__mux_reply() {
	local line
	COMPREPLY=()
	while IFS= read -r line; do
		[[ -n $line && $line == "$1"* ]] && COMPREPLY+=("$line")
	done
}

# __mux_compgen FLAG: COMPREPLY from compgen FLAG (files, directories,
# commands, variables) for the current word, names with spaces kept whole.
__mux_compgen() {
	mapfile -t COMPREPLY < <(compgen "$1" -- "$cur")
	[[ $1 == -[fd] ]] && compopt -o filenames 2>/dev/null
	return 0
}

# __mux_letters NOARG: -X for each flag, those without an argument
# (NOARG) then those with one (__mux_argflags).
__mux_letters() {
	local i line
	for ((i = 0; i < ${#1}; i++)); do
		printf -- '-%s\n' "${1:i:1}"
	done
	while read -r line; do
		[[ -n $line ]] && printf -- '-%s\n' "${line%% *}"
	done <<<"$__mux_argflags"
}

# __mux_only_noarg LETTERS: every letter is a flag without an argument.
__mux_only_noarg() {
	local i
	for ((i = 0; i < ${#1}; i++)); do
		[[ $__mux_noarg == *"${1:i:1}"* ]] || return 1
	done
}

# __mux_options ARGS: the option names show ARGS gives (ARGS: the flags
# of a show-options, then more commands). With no server running, a
# private server started only for the question (and gone with it) tells
# the names.
__mux_options() {
	local out
	out=$(__mux_run show "$@")
	if [[ -z $out ]]; then
		out=$("$__mux_bin" -L mux-completion -f /dev/null \
		    start-server \; show "$@" 2>/dev/null)
	fi
	sed 's/[[ ].*//' <<<"$out" | sort -u
}

__mux_hooks() {
	local out
	out=$(__mux_run show-hooks -g)
	if [[ -z $out ]]; then
		out=$("$__mux_bin" -L mux-completion -f /dev/null start-server \; \
		    show-hooks -g 2>/dev/null)
	fi
	sed 's/[[ ].*//' <<<"$out" | sort -u
}

# __mux_sockets: the names of the sockets in the socket directory (the
# one of tmux's name and variable when mux runs as tmux).
__mux_sockets() {
	local prog=${__mux_bin##*/} env=MUX_TMPDIR s
	if [[ $prog == tmux ]]; then
		env=TMUX_TMPDIR
	else
		prog=mux
	fi
	for s in "${!env:-/tmp}/$prog-$UID"/*; do
		[[ -S $s ]] && printf '%s\n' "${s##*/}"
	done
}

# __mux_targets KIND: the candidates for an argument named KIND.
__mux_targets() {
	case $1 in
	target-session|session-name)
		__mux_run list-sessions -F '#{session_name}'
		;;
	*-window)
		__mux_run list-sessions -F '#{session_name}:'
		__mux_run list-windows -a -F '#{session_name}:#{window_index}'
		__mux_run list-windows -a -F '#{window_id}'
		;;
	*-pane)
		__mux_run list-panes -a -F '#{session_name}:#{window_index}.#{pane_index}'
		__mux_run list-panes -a -F '#{pane_id}'
		;;
	target-client)
		__mux_run list-clients -F '#{client_name}'
		;;
	buffer-name)
		__mux_run list-buffers -F '#{buffer_name}'
		;;
	key-table)
		__mux_run list-keys | awk '$2 == "-T" { print $3 }' | sort -u
		;;
	layout-name)
		printf '%s\n' even-horizontal even-vertical main-horizontal \
		    main-vertical tiled
		;;
	option)
		case $__mux_cmdname in
		*-window-options|set-window-option) __mux_options -gw ;;
		*) __mux_options -s \; show -g \; show -gw ;;
		esac
		;;
	hook)
		__mux_hooks
		;;
	command)
		__mux_commands
		;;
	esac
}

_mux() {
	local -a words=() __mux_server=() __mux_positional=()
	local i w cur cword=-1 __mux_bin __mux_noarg __mux_argflags __mux_cmdname
	local __mux_cmdline
	local start cmd usage kind npos flags_done letter arg

	# Put back together the words bash split at ':' (a target such as
	# session:window), as COMP_WORDBREAKS has it.
	for ((i = 0; i < ${#COMP_WORDS[@]}; i++)); do
		w=${COMP_WORDS[i]}
		if ((i > 0)) && [[ $w == : || ${words[-1]} == *: ]] &&
		    [[ -n ${words[-1]} && ${words[-1]} != -* ]] && ((${#words[@]} > 1)); then
			words[-1]+=$w
		else
			words+=("$w")
		fi
		((i == COMP_CWORD)) && cword=$((${#words[@]} - 1))
	done
	((cword < 0)) && cword=${#words[@]}
	cur=${words[cword]}
	COMPREPLY=()

	__mux_bin=${words[0]/#\~/$HOME}
	command -v "$__mux_bin" >/dev/null 2>&1 || __mux_bin=mux

	# The global flags before the command, from mux -h.
	__mux_flags "$("$__mux_bin" -h 2>&1 | sed -e 's/^usage: [^ ]*//' \
	    -e 's/\[command.*//')"
	local gnoarg=$__mux_noarg gargflags=$__mux_argflags
	for ((i = 1; i < cword; i++)); do
		w=${words[i]}
		[[ $w == -- ]] && { ((i++)); break; }
		[[ $w == -?* ]] || break
		__mux_argflags=$gargflags
		letter=${w:1:1}
		arg=$(__mux_argof "$letter")
		if [[ -n $arg ]]; then
			if ((${#w} > 2)); then
				arg=${w:2}
			else
				((i++))
				arg=${words[i]}
			fi
			[[ $letter == [LS] ]] && __mux_server=("-$letter" "$arg")
		fi
	done
	start=$i
	if ((cword <= start)) || ((start >= ${#words[@]})); then
		__mux_argflags=$gargflags
		if ((cword > 1)) && [[ ${words[cword - 1]} == -[[:alnum:]] ]]; then
			arg=$(__mux_argof "${words[cword - 1]:1}")
			if [[ -n $arg ]]; then
				case $arg in
				file|socket-path) __mux_compgen -f ;;
				socket-name) __mux_reply "$cur" <<<"$(__mux_sockets)" ;;
				esac
				return 0
			fi
		fi
		if [[ $cur == -* ]]; then
			__mux_argflags=$gargflags
			__mux_reply "$cur" <<<"$(__mux_letters "$gnoarg")"
		else
			__mux_reply "$cur" <<<"$(__mux_commands)"
		fi
		return 0
	fi

	# The command the cursor is in: after the last ';' before it.
	for ((i = cword - 1; i >= start; i--)); do
		if [[ ${words[i]} == ';' || ${words[i]} == '\;' ]]; then
			start=$((i + 1))
			break
		fi
	done
	if ((cword == start)); then
		__mux_reply "$cur" <<<"$(__mux_commands)"
		return 0
	fi
	# Walk the command's words: flags (and their arguments), then
	# positional arguments. A command given as an argument (bind-key,
	# if-shell, confirm-before) is walked in its turn.
	local nested
	while :; do
		cmd=${words[start]}
		__mux_usage "$cmd"
		[[ -z $__mux_cmdline ]] && return 0
		usage=${__mux_cmdline#* }
		[[ $usage == \(* ]] && usage=${usage#*) }
		__mux_flags "$usage"
		kind= npos=0 flags_done= nested=
		for ((i = start + 1; i < cword; i++)); do
			w=${words[i]}
			kind=
			if [[ -z $flags_done && $w == -- ]]; then
				flags_done=1
			elif [[ -z $flags_done && $w == -?* ]]; then
				letter=${w: -1}
				arg=$(__mux_argof "$letter")
				# A flag with an argument takes the next word
				# when it ends its word (-t NAME, -dt NAME).
				if [[ -n $arg ]] && __mux_only_noarg "${w:1:${#w}-2}"; then
					((i++))
					((i == cword)) && kind=$arg
				fi
			else
				flags_done=1
				if [[ ${__mux_positional[npos]} == command ]]; then
					nested=$i
					break
				fi
				((npos++))
			fi
		done
		[[ -z $nested ]] && break
		start=$nested
	done
	if [[ -z $kind && -z $flags_done && $cur == -* ]]; then
		__mux_reply "$cur" <<<"$(__mux_letters "$__mux_noarg")"
		return 0
	fi
	if [[ -z $kind ]]; then
		if ((npos < ${#__mux_positional[@]})); then
			kind=${__mux_positional[npos]}
		elif ((${#__mux_positional[@]} > 1)) &&
		    [[ ${__mux_positional[-1]} == ... ]]; then
			kind=${__mux_positional[-2]}
		fi
		# bind-key KEY COMMAND and if-shell's COMMANDs complete as
		# commands only for their first word.
		[[ $kind == arguments ]] && return 0
	fi
	kind=${kind%%[[]*}
	case $kind in
	'') ;;
	start-directory) __mux_compgen -d ;;
	path|file) __mux_compgen -f ;;
	shell-command) __mux_compgen -c ;;
	name) __mux_compgen -e ;;
	*) __mux_reply "$cur" <<<"$(__mux_targets "$kind")" ;;
	esac

	# bash replaces only what follows the last ':' of the word.
	if [[ $cur == *:* && $COMP_WORDBREAKS == *:* ]]; then
		local pre=${cur%"${cur##*:}"}
		local -a trimmed=()
		for w in "${COMPREPLY[@]}"; do
			w=${w#"$pre"}
			[[ -n $w ]] && trimmed+=("$w")
		done
		COMPREPLY=("${trimmed[@]}")
	fi
	return 0
}

complete -F _mux mux
