# bash completion for mperf: commands, then each command's long options
# (asked from the binary itself with --list-opts, so it never goes stale).
_mperf()
{
	local cur=${COMP_WORDS[COMP_CWORD]}
	if [ "$COMP_CWORD" -eq 1 ]; then
		COMPREPLY=( $(compgen -W "$(mperf --list-cmds 2>/dev/null)" -- "$cur") )
		return
	fi
	case "$cur" in
	-*) COMPREPLY=( $(compgen -W "$(mperf ${COMP_WORDS[1]} --list-opts 2>/dev/null)" -- "$cur") ) ;;
	*)  COMPREPLY=( $(compgen -f -- "$cur") ) ;;
	esac
}
complete -F _mperf mperf
