#!/bin/sh
# report group view with --percentage relative and a filter: the call graphs' percentages stay those of the whole event, as perf 6.1's; -w widens each member's values and the group's header as perf's
. "$(dirname "$0")/lib.sh"
need_perf
need_root
tmpdir
[ -x "$WL/dsouser" ] || skip "workloads not built (make workloads)"
"$PERF" record -q -g -e '{cpu-clock,task-clock}' -o "$T/g.data" "$WL/dsouser" 0.3 >/dev/null 2>&1 ||
	skip "perf record of a group does not work here"
n=0
for o in "--dsos libmwork.so" "--comm dsouser -s sym" "--dsos dsouser -s dso,sym" "--dsos libmwork.so -g caller"; do
	# shellcheck disable=SC2086
	report_vs_perf "$T/g.data" --percentage relative $o
	n=$((n + 1))
done
# -w in a group view: each member's value takes the width, the group's
# header at least that (perf)
for o in "-w 40 -s comm" "-w 30 -n -s comm" "-w 3 -s comm" "-w 5,20,30,40"; do
	# shellcheck disable=SC2086
	report_vs_perf "$T/g.data" --group -g none $o
	n=$((n + 1))
done
# 21 events with long names in one --group view: perf cuts the header's
# list of them at 511 bytes
ev=$(for i in $(seq 10 30); do printf 'cpu-clock/name=a_rather_long_event_name_%s/,' "$i"; done)
"$PERF" record -q -e "${ev%,}" -o "$T/many.data" -- "$WL/cpuburn" 0.1 >/dev/null 2>&1 ||
	fail "perf record of 21 named events"
"$PERF" report -i "$T/many.data" --stdio --group -s comm 2>/dev/null | grep -qE "^# Samples: .* of events '.{511}'$" ||
	fail "perf's --group header does not cut the list of 21 events at 511 bytes (the premise)"
report_vs_perf "$T/many.data" --group -s comm
n=$((n + 1))
# the rows' shares are relative there (the call graphs' are not)
"$MPERF" report -i "$T/g.data" --stdio --percentage relative --dsos libmwork.so --no-children -g none -q > "$T/rows"
grep -q '%' "$T/rows" || fail "no rows for libmwork.so"
echo "ok: $n group reports (--percentage relative, -w) equal perf's"
