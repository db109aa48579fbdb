#!/bin/sh
# call-graph=dwarf on another event than the first: perf 6.1 cuts the stacks short (no map of the CFI tables), and mperf's scripts and reports equal perf's
# -e page-faults -e cpu-clock/call-graph=dwarf/: the file gets no data mmaps, so no map of
# an object's read-only segment, where its .eh_frame_hdr is; perf 6.1's
# libunwind reads the table through the maps, fails, and ends each chain at
# its first user frame. mperf's script and reports equal perf's, it says
# why the stacks are short, and --exact-unwind unwinds them whole. Also a
# tracepoint recorded beside them: its samples take the last chain over
# (perf's cursor), their frames keep that chain's maps (children entries
# of an inlined frame keep their name in a forked child's samples).
. "$(dirname "$0")/lib.sh"
need_perf
[ "$(uname -m)" = x86_64 ] || skip "perf's libunwind frames are checked on x86_64"
tmpdir
[ -x "$WL/deeprec" ] || skip "workloads not built (make workloads)"
"$PERF" record -q -o "$T/nd.data" -e page-faults -e 'cpu-clock/period=500000,call-graph=dwarf/' \
	-- "$WL/deeprec" 0.3 20 >/dev/null 2>&1 || fail "perf record of page-faults and a dwarf cpu-clock failed"
# the premise: perf's chains stop at the first user frame of an object
# (two frames at most: the vdso's table is in its one map, and the libc
# frame after it ends there), where mperf --exact-unwind goes on to main
user_frames() {	# most user frames of a cpu-clock sample, from script output
	awk '/cpu-clock/ { n = 0; s = 1; next } /^$/ { s = 0 }
	     s && $1 !~ /^ffffffff/ { n++; if (n > m) m = n } END { print m + 0 }'
}
"$PERF" script -i "$T/nd.data" 2>/dev/null > "$T/ps"
grep -q 'level' "$T/ps" || fail "perf's script of nd.data has no deeprec frame (the premise)"
[ "$(user_frames < "$T/ps")" -le 2 ] ||
	fail "perf unwound past a first user frame in nd.data (the premise: it cannot)"
for opts in "" "-F comm,tid,ip,sym,dso"; do
	# shellcheck disable=SC2086
	script_vs_perf "$T/nd.data" $opts
done
reports_vs_perf "$T/nd.data" <<'LIST'
--no-children
-g caller
LIST
report_vs_perf "$T/nd.data"
"$MPERF" script -i "$T/nd.data" > /dev/null 2> "$T/err"
grep -q 'cut short as perf 6.1 cuts them' "$T/err" ||
	{ cat "$T/err" >&2; fail "no warning that the DWARF stacks are cut as perf cuts them"; }
[ "$("$MPERF" script -i "$T/nd.data" --exact-unwind 2>/dev/null | user_frames)" -gt 20 ] ||
	fail "--exact-unwind does not unwind nd.data's stacks through deeprec's 20 levels"
# a tracepoint beside them, the workload started by a shell that forks
if "$PERF" record -q -o "$T/sw.data" -e sched:sched_switch \
	-e 'cpu-clock/period=500000,call-graph=dwarf/' \
	-- sh -c "$WL/deeprec 0.2 20; ls / >/dev/null" >/dev/null 2>&1; then
	report_vs_perf "$T/sw.data"
	report_vs_perf "$T/sw.data" --no-children
fi
echo "ok: scripts and reports of call-graph=dwarf on a second event equal perf's"
