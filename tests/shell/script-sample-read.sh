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
# -F metric: perf's stat rates, printed when a round of samples as long as
# the sample's group is full (one count for all events, so groups of other
# sizes overshoot it), from the round's clock values on the sample's CPU
# (a clock's ns cut to whole ms; a clock of other exclude bits counts), for
# the last sample's value; with clock periods of 2 ms the rates are not 0
# (cpuburn: user time enough for many rounds; pagetouch alone left one)
"$PERF" record -q -a -c 2000000 -e '{cpu-clock:u,page-faults:k,task-clock}:S' \
	-o "$T/met.data" -- sh -c "'$WL/pagetouch' 20000; '$WL/cpuburn' 0.2" >/dev/null 2>&1 ||
	fail "perf record of a group failed"
"$PERF" record -q -a -c 2000000 -e '{task-clock,context-switches,cpu-migrations}:S' \
	-e '{task-clock,minor-faults}' -o "$T/met2.data" -- "$WL/pagetouch" 3000 \
	>/dev/null 2>&1 || fail "perf record of groups failed"
script_vs_perf "$T/grp.data" -F event,period,metric
grep -q '	metric:  *0.000 /sec$' "$T/p" || fail "perf printed no metric line for grp.data"
# after a callchain, the metric line's comm is unpadded as the sample's
script_vs_perf "$T/grp.data" -F comm,tid,ip,sym,event,metric
grep -q '^cpuburn  *[0-9]* 	metric: ' "$T/p" || fail "perf printed no unpadded metric line"
script_vs_perf "$T/met.data" -F comm,tid,cpu,event,period,metric
grep -q '	metric:  *[0-9.]* [KMG]/sec$' "$T/p" || fail "perf printed no rate above 0 for met.data"
script_vs_perf "$T/met2.data" -F comm,tid,cpu,event,period,metric
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
