#!/bin/sh
# report TUI annotate view with --percent-type: global-period shows mwork_inner's instruction as its share of the whole event (42.40), global-hits the same from sample counts; a bad type is one line
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/tui-lib.sh"
tui_setup dsouser-fp.data
cd "$T" || exit 1
# mwork_inner: 212 of the 500 samples (42.40%), all at one instruction;
# local-period (the default) shows it as 100.00 of the symbol
for type in global-period global-hits local-hits; do
	case $type in
	global-*) want=42.40 ;;
	*) want=100.00 ;;
	esac
	tui_start 80 24 xterm-256color "$MPERF" report -i "$D/dsouser-fp.data" \
		--symfs "$T/symfs" --kallsyms "$D/kallsyms" --percent-type $type
	tui_wait "of event 'cpu-clock:ppp'"
	tui_keys Home Down Down Down a
	tui_wait "Annotate: mwork_inner  (libmwork.so, cpu-clock:ppp, 1 of 10 insns hit)"
	# (AT&T by default, as perf's objdump: capstone writes addq)
	tui_assert_has "^ +$want . +[0-9a-f]+: +addq +%rcx, %rax"
	tui_keys q q
	tui_stop
done
"$MPERF" report -i "$D/dsouser-fp.data" --stdio --percent-type hits > /dev/null 2> "$T/e" &&
	fail "--percent-type hits was accepted"
[ "$(wc -l < "$T/e")" = 1 ] && grep -q "percent-type 'hits'" "$T/e" ||
	{ cat "$T/e" >&2; fail "--percent-type hits: not one line naming it"; }
