#!/bin/sh
# record's per-event terms and modifiers set the attr as perf's do (call-graph=fp|dwarf|no, stack-size=, max-stack=, no-inherit, time=0, period= and freq= over -c/-F, :S alone and on a group, :P): the "event :" lines of perf's header equal; terms mperf cannot honour (per-event overwrite, nr=, call-graph=lbr here) fail with one line; a per-event dwarf on a second event gets the data maps its unwinding needs
. "$(dirname "$0")/lib.sh"
need_perf
tmpdir
[ -x "$WL/deeprec" ] || skip "workloads not built (make workloads)"
cd "$T" || fail "no temp dir"
attrs() {	# the event lines of a file's header, without ids (perf-quick records with --no-bpf-event: so does mperf here)
	"$PERF" report --header-only -i "$1" 2>/dev/null | grep '^# event :' | sed 's/id = {[^}]*}, //'
}
n=0
while read -r ev; do
	"$PERF" record -q -e "$ev" -o p.data -- sleep 0.01 >/dev/null 2>&1 || { echo "note: perf record -e $ev failed here"; continue; }
	"$MPERF" record -q --no-bpf-event -e "$ev" -o m.data -- sleep 0.01 >/dev/null 2>m.err ||
		{ cat m.err >&2; fail "mperf record -e '$ev' failed"; }
	attrs p.data > p.attr
	attrs m.data > m.attr
	[ -s p.attr ] || fail "perf's header of -e '$ev' has no event line"
	cmp -s p.attr m.attr || { diff p.attr m.attr >&2; fail "-e '$ev': the attrs differ from perf's"; }
	n=$((n + 1))
done <<'LIST'
cpu-clock/call-graph=dwarf/
cpu-clock/call-graph=dwarf,stack-size=1024/
cpu-clock/max-stack=5,call-graph=fp/
cpu-clock/no-inherit/
cpu-clock/inherit=0/
cpu-clock/time=0/
cpu-clock:S
{cpu-clock,page-faults}:S
cpu-clock:uP
LIST
[ "$n" -ge 7 ] || fail "only $n of 9 event specs compared"
# global -g, and an event that wants none
"$PERF" record -q -g -e cpu-clock -e 'page-faults/call-graph=no/' -o p.data -- sleep 0.01 >/dev/null 2>&1 &&
"$MPERF" record -q --no-bpf-event -g -e cpu-clock -e 'page-faults/call-graph=no/' -o m.data -- sleep 0.01 >/dev/null 2>&1 ||
	fail "record -g with call-graph=no on one event failed"
attrs p.data > p.attr
attrs m.data > m.attr
cmp -s p.attr m.attr || { diff p.attr m.attr >&2; fail "-g with page-faults/call-graph=no/: the attrs differ from perf's"; }
# a period= or freq= term wins over -c and -F (freq=0: perf's event never
# samples)
for o in "-c 5000000 -e cpu-clock/period=1000000/ -e task-clock" \
	 "-F 300 -e cpu-clock -e task-clock/freq=200/" "-c 1000000 -e cpu-clock/freq=100/" \
	 "-e cpu-clock/period=50000,freq=0/ -e task-clock"; do
	# shellcheck disable=SC2086
	"$PERF" record -q $o -o p.data -- sleep 0.01 >/dev/null 2>&1 || fail "perf record $o"
	# shellcheck disable=SC2086
	"$MPERF" record -q --no-bpf-event $o -o m.data -- sleep 0.01 >/dev/null 2>&1 || fail "mperf record $o"
	attrs p.data > p.attr
	attrs m.data > m.attr
	cmp -s p.attr m.attr || { diff p.attr m.attr >&2; fail "$o: the attrs differ from perf's"; }
done
"$MPERF" record -q -c 5000000 -e cpu-clock/period=1000000/ -o m.data -- sleep 0.01 >/dev/null 2>&1
attrs m.data | grep -q 'sample_freq } = 1000000,' || fail "-c 5000000 took the place of period=1000000"
# terms mperf cannot honour: one line, exit non-zero
for ev in 'cpu-clock/overwrite/' 'cpu-clock/nr=5/' 'cpu-clock/call-graph=lbr/'; do
	"$MPERF" record -q -e "$ev" -o x.data -- true >/dev/null 2>x.err && fail "-e '$ev' was accepted"
	[ "$(wc -l < x.err)" = 1 ] || { cat x.err >&2; fail "-e '$ev': not one error line"; }
done
# call-graph=dwarf on the second event: mperf records the data maps
# (perf 6.1 does not, and its own chains stop short: report-dwarf-nodata),
# so both tools unwind mperf's file to main
"$MPERF" record -q -e page-faults -e 'cpu-clock/call-graph=dwarf/' -o d.data -- "$WL/deeprec" 0.2 20 \
	>/dev/null 2>&1 || fail "mperf record of a dwarf second event failed"
attrs d.data | head -1 | grep -q 'mmap_data = 1' || fail "the tracking event has no mmap_data"
"$PERF" script -i d.data 2>/dev/null | grep -q ' main+' || fail "perf does not unwind mperf's file to main"
script_vs_perf d.data
echo "ok: $n event specs recorded with perf's attrs"
