#!/bin/sh
# event strings give the same perf_event_attr as perf stat -vv builds
. "$(dirname "$0")/lib.sh"
need_perf
need_tracefs
tmpdir

# Fair comparison: `mperf list --print-attr STR` applies exactly the bits
# perf stat adds for a forked workload (sample_type IDENTIFIER, read_format
# TOTAL_TIME_ENABLED|RUNNING [+ID|GROUP in groups], inherit, disabled and
# enable_on_exec on leaders) to what parse-events built, and prints every
# attr in perf's -vv layout. perf prints the attr before it tries to open,
# so the comparison works even for events this machine cannot count. The
# whole attr block is compared, field by field, for every evsel in order.
# (Strings whose open makes perf retry with other bits, such as the msr
# PMU's exclude_guest fallback, would print extra blocks and are left out.)
attrs() { awk '/^perf_event_attr:/{p=1; next} /^-----/{if (p) print "--"; p=0} p' ; }

n=0
while IFS= read -r ev; do
	case "$ev" in ''|'#'*) continue ;; esac
	n=$((n + 1))
	"$PERF" stat -vv -e "$ev" true 2>&1 | attrs >"$T/perf"
	"$MPERF" list --print-attr "$ev" 2>&1 | attrs >"$T/mperf"
	[ -s "$T/perf" ] || fail "perf printed no attr for '$ev'"
	if ! cmp -s "$T/perf" "$T/mperf"; then
		echo "attr mismatch for '$ev' (perf <, mperf >):" >&2
		diff "$T/perf" "$T/mperf" >&2
		fail "attr of '$ev' differs from perf's"
	fi
done <<'LIST'
cycles
cpu-cycles
instructions
cache-references
cache-misses
branches
branch-instructions
branch-misses
bus-cycles
stalled-cycles-frontend
idle-cycles-frontend
stalled-cycles-backend
idle-cycles-backend
ref-cycles
cpu-clock
task-clock
page-faults
faults
context-switches
cs
cpu-migrations
migrations
minor-faults
major-faults
alignment-faults
emulation-faults
dummy
bpf-output
cgroup-switches
duration_time
user_time
L1-dcache-loads
L1-dcache-load-misses
L1-dcache-stores
L1-dcache-prefetch-misses
L1-icache-load-misses
LLC-loads
LLC-store-misses
dTLB-load-misses
dTLB-misses
iTLB-loads
branch-loads
branch-load-misses
node-loads
node-prefetch-misses
l1d-misses
L1-dcache
r1a2b
rFFFF
r0123456789abcdef
r1a2b:ku
sched:sched_switch
sched:sched_switch:u
sched:sched_process_*
syscalls:sys_enter_getppid
mem:0x1000
mem:0x1000:rw
mem:0x1000/8:w
cycles:u
cycles:k
cycles:h
cycles:uk
cycles:ukh
cycles:p
cycles:pp
cycles:ppp
cycles:upp
cycles:G
cycles:H
cycles:GH
cycles:Gu
cycles:I
cycles:S
cycles:D
cycles:P
cpu-clock:Pu
cycles:e
cycles:W
cycles:I
cpu-clock:u
cpu-clock:k
task-clock:uG
cycles/period=1000/
instructions/config=5/
cs/name=foo/
{cpu-clock,task-clock}
{cpu-clock,task-clock}:u
{cpu-clock:u,page-faults:k}
{cpu-clock:k,task-clock}:u
{cpu-clock:k,task-clock:h}:uS
{cs,faults}:D
{task-clock,faults}:S
cpu-clock,{task-clock,faults},cs
{cs:u,faults:k}:p
{cs,faults}:G
{cpu-clock, task-clock}:u
 cs ,faults
LIST
echo "$n event strings: same attrs as perf stat -vv"
exit 0
