#!/bin/sh
# tracepoint formats the system libtraceevent refuses as written and perf 6.1 reads: a literal TAB in the print fmt string (maple_tree's ma_read/ma_op/ma_write) prints its fields with that tab, not [FAILED TO PARSE]; script, -F trace and report -s trace/trace_fields equal perf's
. "$(dirname "$0")/lib.sh"
need_perf
need_root
need_tracefs
tmpdir
fmt=/sys/kernel/tracing/events/maple_tree/ma_read/format
[ -r "$fmt" ] || skip "no maple_tree:ma_read tracepoint on this kernel"
grep '^print fmt:' "$fmt" | grep -q "$(printf '\t')" ||
	skip "maple_tree:ma_read's print fmt has no TAB on this kernel"
"$PERF" record -q -e maple_tree:ma_read -e maple_tree:ma_write -c 1 -o "$T/mt.data" -- \
	sh -c 'for i in 1 2 3; do /bin/true; done' >/dev/null 2>&1 || fail "perf record of maple_tree events failed"
n=0
for opts in "" "-F trace" "-F comm,tid,event,trace"; do
	# shellcheck disable=SC2086
	script_vs_perf "$T/mt.data" $opts
done
"$MPERF" script -i "$T/mt.data" 2>/dev/null | grep -q 'FAILED TO PARSE' && fail "an event printed [FAILED TO PARSE]"
"$MPERF" script -i "$T/mt.data" 2>/dev/null | grep -q "$(printf 'Node: ')" ||
	fail "no ma_read/ma_write line with its fields (the premise)"
reports_vs_perf "$T/mt.data" <<'LIST'
-s trace
-s trace_fields
-s comm,trace
LIST
[ "$n" -eq 6 ] || fail "only $n comparisons ran"
echo "$n scripts and reports of TAB formats equal to perf's"
