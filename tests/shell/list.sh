#!/bin/sh
# mperf list output equals perf list, category by category
. "$(dirname "$0")/lib.sh"
need_perf
need_tracefs
tmpdir

# stdout is a file here, so neither tool adds its terminal header/spacing.
same() {
	"$PERF" list "$@" >"$T/perf" 2>/dev/null
	"$MPERF" list "$@" >"$T/mperf" || fail "mperf list $* exits non-zero"
	if ! cmp -s "$T/perf" "$T/mperf"; then
		diff "$T/perf" "$T/mperf" | head -20 >&2
		fail "mperf list $* differs from perf list $*"
	fi
}

for c in tracepoint sw hw cache pmu sdt 'sched:sched_s*' 'syscalls:sys_enter_*' '*:*_exit' \
	 cpu cs sched_sw 'xyz_nothing_matches'; do
	same "$c"
	same --raw-dump "$c"
done
same sw hw
same --raw-dump sw tracepoint

# the tracepoint list is not empty and equals what tracefs has
"$MPERF" list tracepoint >"$T/tp"
n=$(grep -c '\[Tracepoint event\]$' "$T/tp")
[ "$n" -gt 100 ] || fail "only $n tracepoints listed"
want=$(cd /sys/kernel/tracing/events && ls -d */*/id 2>/dev/null | wc -l)
assert_eq "tracepoints with an id in tracefs" "$want" "$n"

# the whole list, up to the metrics (perf has AMD metric tables, mperf's
# vendor tables are Intel and Arm: compared by tests/shell/arch*.sh)
upto_metrics() { sed '/^Metric Groups:/,$d' "$1" | sed '${/^$/d}'; }
"$PERF" list >"$T/perf.all" 2>/dev/null
"$MPERF" list >"$T/mperf.all"
upto_metrics "$T/perf.all" >"$T/perf"
upto_metrics "$T/mperf.all" >"$T/mperf"
cmp -s "$T/perf" "$T/mperf" || { diff "$T/perf" "$T/mperf" | head >&2; fail "full list differs"; }

# every listed software event is accepted by the event parser
for e in $("$MPERF" list --raw-dump sw); do
	"$MPERF" list --print-attr "$e" >/dev/null || fail "listed event '$e' does not parse"
done
exit 0
