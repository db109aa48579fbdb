#!/bin/sh
# {a,b}:S recordings (PERF_SAMPLE_READ, group and single reads): script,
# report (group view, --no-group, -n, --show-ref-call-graph) and -D equal perf's: a sample per
# member, worth its value's growth since its last read, none when it did
# not grow
. "$(dirname "$0")/lib.sh"
need_perf
need_root
tmpdir
[ -x "$WL/cpuburn" ] || skip "workloads not built (make workloads)"
# page-faults grows in a few samples only: the others make no member sample
"$PERF" record -q -g -e '{cpu-clock,page-faults}:S' -o "$T/grp.data" -- "$WL/cpuburn" 0.2 \
	>/dev/null 2>&1 || skip "perf record of a :S group does not work here"
# a single :S event, with the times in its read format (-s)
"$PERF" record -q -s -e 'cpu-clock:S' -o "$T/one.data" -- "$WL/cpuburn" 0.1 \
	>/dev/null 2>&1 || fail "perf record -e cpu-clock:S failed"
n=0
script_vs_perf "$T/grp.data"
grep -q ' page-faults: ' "$T/p" || fail "perf script printed no page-faults sample"
[ "$(grep -c ' cpu-clock: ' "$T/p")" -gt "$(grep -c ' page-faults: ' "$T/p")" ] ||
	fail "every sample read a grown page-faults value: no zero growth to skip"
script_vs_perf "$T/grp.data" -G -F comm,tid,period,event,ip,sym
script_vs_perf "$T/one.data"
run() {
	_f=$1; shift
	report_vs_perf "$T/$_f" "$@"
	n=$((n + 1))
}
run grp.data
grep -q "of events 'anon group { cpu-clock, page-faults }'" "$T/perf" ||
	fail "perf did not show the group view"
run grp.data --no-group -n --no-children
run grp.data -D
grep -q '^\.\.\.\.\. id [0-9a-f]*, value [0-9a-f]*, lost 0$' "$T/perf" ||
	fail "perf -D printed no read values"
run one.data -D
grep -q '^\.\.\.\.\.\. time enabled ' "$T/perf" || fail "perf -D printed no time enabled"
run one.data -n
# --show-ref-call-graph marks the tables of call-graph=no members
"$PERF" record -q -e '{cpu-clock/call-graph=fp/,page-faults/call-graph=no/}:S' \
	-o "$T/ref.data" -- "$WL/cpuburn" 0.1 >/dev/null 2>&1 || fail "perf record of call-graph terms failed"
run ref.data --show-ref-call-graph
grep -q "page-faults/call-graph=no/ }', show reference callgraph" "$T/perf" ||
	fail "perf did not mark the group"
run ref.data --show-ref-call-graph --no-group
grep -q "of event 'page-faults/call-graph=no/', show reference callgraph" "$T/perf" ||
	fail "perf did not mark the member's table"
echo "ok: $n script and report outputs of :S recordings equal perf's"
