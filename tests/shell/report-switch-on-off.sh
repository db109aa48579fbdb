#!/bin/sh
# --switch-on/--switch-off/--show-on-off-events: report and script equal perf 6.1's on a cpu-clock + sched_switch recording (and an unknown event: one line, non-zero exit)
. "$(dirname "$0")/lib.sh"
need_perf
need_root
need_tracefs
tmpdir
B="$DATA/perf-6.1/bin"
[ -x "$B/mthreads" ] || skip "no perf 6.1 test binaries"
"$PERF" record -q -o "$T/p.data" -e cpu-clock -e sched:sched_switch -g -- "$B/mthreads" 2 0.2 \
	>/dev/null 2>&1 || skip "perf record -e sched:sched_switch does not work here"
n=0
while read -r opts; do
	# (per comm: the tie order of equal rows is not what is tested)
	# shellcheck disable=SC2086
	report_vs_perf "$T/p.data" -s comm -n $opts
	# shellcheck disable=SC2086
	script_vs_perf "$T/p.data" $opts
done <<'LIST'
--switch-on sched:sched_switch
--switch-off sched:sched_switch
--switch-on sched:sched_switch --show-on-off-events
--switch-on sched:sched_switch --switch-off sched:sched_switch
--switch-on cpu-clock --switch-off sched:sched_switch --no-children
--switch-on sched:sched_switch --time 50%-100%
--switch-on sched:sched_switch --comms mt-worker-1
LIST
[ "$n" -eq 7 ] || fail "only $n option sets ran"
# the windows change what is counted: the on-event's first sample is out
"$MPERF" report -i "$T/p.data" --stdio -s comm -g none > "$T/all" 2>/dev/null
"$MPERF" report -i "$T/p.data" --stdio -s comm -g none --switch-on sched:sched_switch \
	> "$T/on" 2>/dev/null
cmp -s "$T/all" "$T/on" && fail "--switch-on changed nothing"
for c in report script; do
	"$MPERF" $c -i "$T/p.data" --switch-on sched_switch > /dev/null 2> "$T/e" &&
		fail "$c: an event not in the file was accepted"
	[ "$(wc -l < "$T/e")" = 1 ] && grep -q "'sched_switch' is not in the file" "$T/e" ||
		{ cat "$T/e" >&2; fail "$c: unknown --switch-on event: not one line naming it"; }
done
