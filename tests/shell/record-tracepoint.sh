#!/bin/sh
# record tracepoints: raw data and formats (TRACING_DATA) so perf script prints the fields
. "$(dirname "$0")/lib.sh"
# perf's record as it is: its attrs (bpf_event) are compared with mperf's
PERF=$PERF_BIN
need_root
need_perf
need_tracefs
[ -x "$WL/syscalls" ] || skip "workloads not built (make workloads)"
tmpdir
cd "$T" || exit 1

# exact count: 5000 iterations make 5000 getppid() calls
$MPERF record -q -m 1M -e syscalls:sys_enter_getppid -o g.data -- "$WL/syscalls" 5000 >/dev/null 2>&1 || fail "record syscalls:sys_enter_getppid"
perf_reads g.data
n=$($PERF script -i g.data 2>/dev/null | grep -c 'syscalls:sys_enter_getppid:')
assert_eq "getppid events" 5000 "$n"
$PERF evlist -v -i g.data >m.ev
$PERF record -q -e syscalls:sys_enter_getppid -o p.data -- "$WL/syscalls" 10 >/dev/null 2>&1 || fail "perf record"
$PERF evlist -v -i p.data >p.ev
assert_eq "tracepoint attr vs perf" "$(cat p.ev)" "$(cat m.ev)"

# fields decoded from the recorded formats
$MPERF record -q -m 2M -e raw_syscalls:sys_enter -o r.data -- "$WL/syscalls" 2000 >/dev/null 2>&1 || fail "record raw_syscalls"
perf_reads r.data
$PERF script -i r.data 2>/dev/null >r.txt
assert_contains "raw_syscalls fields" "NR 110 (" r.txt
grep -q 'raw_syscalls:sys_enter: NR [0-9]* (' r.txt || fail "no decoded raw_syscalls fields"

# several systems in one file, system-wide, with a sampling event
$MPERF record -q -e sched:sched_switch,sched:sched_wakeup,raw_syscalls:sys_exit,cpu-clock -a -o s.data -- "$WL/mthreads" 2 0.3 >/dev/null 2>&1 || fail "record -a tracepoints"
perf_reads s.data
$PERF script -i s.data 2>/dev/null >s.txt
grep -q 'sched:sched_switch: prev_comm=.* ==> next_comm=' s.txt || fail "sched_switch fields"
grep -q 'sched:sched_wakeup: .*comm=' s.txt || fail "sched_wakeup fields"
grep -q 'raw_syscalls:sys_exit: NR ' s.txt || fail "sys_exit fields"
grep -q 'cpu-clock' s.txt || fail "cpu-clock samples"
$PERF report --header-only -i s.data | grep -q 'missing features:.*TRACING_DATA' && fail "TRACING_DATA missing"

# pipe mode: the formats travel as a HEADER_TRACING_DATA record
$MPERF record -q -e syscalls:sys_enter_getppid -o - -- "$WL/syscalls" 300 2>/dev/null | $PERF script -i - 2>pipe.err >pipe.txt
[ -s pipe.err ] && { cat pipe.err; fail "perf script -i - wrote to stderr"; }
assert_eq "getppid events through a pipe" 300 "$(grep -c 'sys_enter_getppid:' pipe.txt)"
echo ok
