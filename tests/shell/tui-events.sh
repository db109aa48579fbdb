#!/bin/sh
# report TUI in tmux: TAB/shift-TAB between events, k zoom, colours, NO_COLOR, TERM linux/xterm, fallback notice
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/tui-lib.sh"
tui_setup multi-event.data
ARGS="-i $D/multi-event.data --symfs $T/symfs --kallsyms $D/kallsyms"

for term in linux xterm xterm-256color; do
	# shellcheck disable=SC2086
	tui_start 80 24 $term "$MPERF" report $ARGS
	tui_wait "of event 'cpu-clock'"
	tui_assert_row 1 "^Samples: 2K of event 'cpu-clock', Event count \(approx\.\): 500750000  \[1/2\]$"
	tui_assert_row 3 '^ +Overhead +Command +Shared Object +Symbol'
	tui_assert_row 4 '^ +42\.04% +dsouser +libmwork\.so +\[\.\] mwork_inner'
	tui_assert_row 5 '^ +35\.50% +dsouser +dsouser +\[\.\] local_burn'
	# TAB: the next event, with perf's numbers for it
	tui_keys Tab
	tui_wait "of event 'page-faults'"
	tui_assert_row 1 "^Samples: 7  of event 'page-faults', Event count \(approx\.\): 77  \[2/2\]$"
	tui_assert_row 4 '^ +70\.13% +dsouser +ld-linux-x86-64\.so\.2 +\[\.\] _dl_map_object_from_fd'
	tui_assert_row 7 '^ +2\.60% +dsouser +\[kernel\.kallsyms\] +\[k\] elf_load'
	# shift-TAB: back
	tui_keys BTab
	tui_wait "of event 'cpu-clock'"
	# q quits, and so does Ctrl-C
	if [ $term = xterm ]; then tui_keys C-c; else tui_keys q; fi
	tui_wait "[exit 0]"
done

# k: zoom into the kernel, only [k] rows; Left: out
# shellcheck disable=SC2086
tui_start 80 24 xterm-256color "$MPERF" report $ARGS
tui_wait "of event 'cpu-clock'"
tui_keys k
tui_wait "All > kernel"
tui_assert_not '\[\.\]'
tui_assert_row 4 '^ +0\.05% +dsouser +\[kernel\.kallsyms\] +\[k\] '
# annotating a kernel symbol with only kallsyms: a notice, not a crash
tui_keys a
tui_wait "kallsyms: not an ELF file"
tui_assert_has "cannot disassemble __folio_throttle_swaprate: "
tui_keys Enter
tui_wait_gone "not an ELF file"
tui_assert_row 2 '^ All > kernel'
tui_keys Left
tui_wait "All   (7 rows)"
# colours as perf: >= 5% red (31), >= 0.5% green (32); cursor row cyan (46)
n=30
while [ $n -gt 0 ]; do
	tmx capture-pane -p -e -t "$TUI_S" > "$T/esc"
	grep 'mwork_inner' "$T/esc" | grep -q '46m' && break
	sleep 0.1; n=$((n - 1))
done
grep 'mwork_inner' "$T/esc" | grep -q '46m' || fail "cursor row not highlighted"
grep 'local_burn' "$T/esc" | grep -q '31m' || { cat -v "$T/esc" >&2; fail "35.50% is not red"; }
grep '_dl_relocate_object' "$T/esc" | grep -qE '3[12]m' &&
	fail "0.05% should have no colour"
tui_keys q
tui_wait "[exit 0]"

# NO_COLOR: no colours at all, the cursor row in reverse video
# shellcheck disable=SC2086
tui_start 80 24 xterm-256color env NO_COLOR=1 "$MPERF" report $ARGS
tui_wait "of event 'cpu-clock'"
tmx capture-pane -p -e -t "$TUI_S" > "$T/esc"
grep -qE '\[3[0-7]m|\[4[0-7]m|;3[0-7]m|;4[0-7]m' "$T/esc" &&
	{ cat -v "$T/esc" >&2; fail "NO_COLOR: colour sequences on the screen"; }
grep 'mwork_inner' "$T/esc" | grep -q '7m' || { cat -v "$T/esc" >&2; fail "NO_COLOR: no reverse cursor row"; }
tui_keys q
tui_wait "[exit 0]"

# Ctrl-Z under a job-control shell: stopped with the terminal restored,
# fg brings the browser back redrawn
tui_start 80 24 xterm-256color bash --norc --noprofile -i
tui_wait "bash-"
tui_keys "TERM=xterm-256color $MPERF report $ARGS" Enter
tui_wait "of event 'cpu-clock'"
tui_keys C-z
tui_wait "Stopped"
tui_keys "fg" Enter
tui_wait "of event 'cpu-clock'"
tui_assert_row 4 '^ +42\.04% +dsouser +libmwork\.so +\[\.\] mwork_inner'
tui_keys q
tui_keys "echo rc=\$?" Enter
tui_wait "rc=0"

# a terminal that cannot be driven: one notice line, then the stdio report
# shellcheck disable=SC2086
tui_start 80 24 dumb "$MPERF" report --tui $ARGS
tui_wait "[exit 0]"
tui_history > "$T/hist"
assert_eq "TERM=dumb notice" "mperf: TERM is 'dumb', a terminal that cannot be driven: showing the --stdio report" \
	"$(grep '^mperf:' "$T/hist")"
grep -qE '^ +42\.04% +dsouser +libmwork\.so +\[\.\] mwork_inner' "$T/hist" ||
	fail "TERM=dumb: no stdio report after the notice"
# not a terminal at all (a pipe), with --tui
# shellcheck disable=SC2086
"$MPERF" report --tui $ARGS > "$T/out" 2> "$T/err" || fail "--tui into a pipe: exit $?"
assert_eq "fallback notice" "mperf: standard output is not a terminal: showing the --stdio report" \
	"$(cat "$T/err")"
grep -qE '^ +42\.04% +dsouser +libmwork\.so +\[\.\] mwork_inner' "$T/out" ||
	fail "no stdio report after the fallback"
# --stdio never starts the TUI, even on a terminal
# shellcheck disable=SC2086
tui_start 80 24 xterm-256color "$MPERF" report --stdio $ARGS
tui_wait "[exit 0]"
tui_assert_has "^# Samples: 7  of event 'page-faults'"
exit 0
