#!/bin/sh
# stat: exact counts equal to perf's (getppid syscalls, page faults), -r and -I row counts
. "$(dirname "$0")/lib.sh"
need_perf
need_tracefs
tmpdir
[ -x "$WL/getppid" ] || skip "run 'make workloads' first"

# the value of EVENT in -x, output FILE
val() { awk -F, -v e="$1" '$3 == e { print $1 }' "$2"; }

# 1. exactly N getppid syscalls, counted by the tracepoint
for n in 1 777 20000; do
	$MPERF stat -x, -e syscalls:sys_enter_getppid -- "$WL/getppid" $n 2>"$T/m" || fail "mperf stat getppid $n"
	$PERF stat -x, -e syscalls:sys_enter_getppid -- "$WL/getppid" $n 2>"$T/p" || fail "perf stat getppid $n"
	assert_eq "getppid $n (mperf)" "$n" "$(val syscalls:sys_enter_getppid "$T/m")"
	assert_eq "getppid $n (perf)" "$n" "$(val syscalls:sys_enter_getppid "$T/p")"
done

# the same inside a group (read with PERF_FORMAT_GROUP) and with --no-inherit
$MPERF stat -x, -e '{syscalls:sys_enter_getppid,syscalls:sys_exit_getppid}' -- "$WL/getppid" 4321 2>"$T/m" ||
	fail "mperf stat group"
assert_eq "group member 1" 4321 "$(val syscalls:sys_enter_getppid "$T/m")"
assert_eq "group member 2" 4321 "$(val syscalls:sys_exit_getppid "$T/m")"
# a group larger than 64 members: every member read whole, as perf
g="{$(for i in $(seq 69); do printf 'syscalls:sys_enter_getppid,'; done)syscalls:sys_exit_getppid}"
$MPERF stat -x, -e "$g" -- "$WL/getppid" 321 2>"$T/m" || fail "mperf stat 70-member group"
$PERF stat -x, -e "$g" -- "$WL/getppid" 321 2>"$T/p" || fail "perf stat 70-member group"
assert_eq "70-member group: counts (perf)" "69 321" "$(val syscalls:sys_enter_getppid "$T/p" | sort | uniq -c | awk '{print $1, $2}')"
assert_eq "70-member group: counts" "69 321" "$(val syscalls:sys_enter_getppid "$T/m" | sort | uniq -c | awk '{print $1, $2}')"
assert_eq "70-member group: last member" 321 "$(val syscalls:sys_exit_getppid "$T/m")"
$MPERF stat -i -x, -e syscalls:sys_enter_getppid -- "$WL/getppid" 99 2>"$T/m" || fail "mperf stat -i"
assert_eq "--no-inherit" 99 "$(val syscalls:sys_enter_getppid "$T/m")"

# 2. N new pages: at least N faults; perf and mperf within a few of each other
n=3000
$MPERF stat -x, -e page-faults -- "$WL/pagetouch" $n 2>"$T/m" || fail "mperf stat pagetouch"
$PERF stat -x, -e page-faults -- "$WL/pagetouch" $n 2>"$T/p" || fail "perf stat pagetouch"
m=$(val page-faults "$T/m"); p=$(val page-faults "$T/p")
[ "$m" -ge $n ] && [ "$m" -le $((n + 200)) ] || fail "page-faults $m for $n pages"
d=$((m - p)); [ ${d#-} -le 10 ] || fail "page-faults: mperf $m, perf $p"

# 3. -r N: one row per event, the mean of exact counts is exact, 0.00% noise
$MPERF stat -r 4 -x, -e syscalls:sys_enter_getppid,task-clock -- "$WL/getppid" 500 2>"$T/m" || fail "mperf -r"
$PERF stat -r 4 -x, -e syscalls:sys_enter_getppid,task-clock -- "$WL/getppid" 500 2>"$T/p" || fail "perf -r"
assert_eq "-r rows" "$(grep -c . "$T/p")" "$(grep -c . "$T/m")"
assert_eq "-r mean" 500 "$(val syscalls:sys_enter_getppid "$T/m")"
assert_eq "-r noise" "0.00%" "$(awk -F, '$3 == "syscalls:sys_enter_getppid" { print $4 }' "$T/m")"
$MPERF stat -r 3 -e task-clock -- "$WL/getppid" 10 2>"$T/m" || fail "mperf -r std"
assert_contains "-r header" "(3 runs):" "$T/m"
grep -Eq '^ +[0-9.]+ \+- [0-9.]+ seconds time elapsed' "$T/m" || fail "-r elapsed line"

# 4. -I: one row per event per interval, --interval-count stops after N
$MPERF stat -I 100 --interval-count 3 -x, -e task-clock,page-faults -- "$WL/cpuburn" 0.6 >/dev/null 2>"$T/m" ||
	fail "mperf -I"
assert_eq "-I rows" 6 "$(grep -c 'task-clock\|page-faults' "$T/m")"
assert_eq "-I stamps" 3 "$(cut -d, -f1 "$T/m" | sort -u | wc -l)"
$MPERF stat -I 100 -e task-clock -- "$WL/cpuburn" 0.25 >/dev/null 2>"$T/m" || fail "mperf -I std"
assert_eq "-I header" "#           time             counts unit events" "$(head -1 "$T/m")"
r=$(grep -c 'task-clock' "$T/m")
[ "$r" -ge 2 ] && [ "$r" -le 4 ] || fail "-I 100 over 0.25s gave $r rows"

# 5. -a -- sleep: counts every CPU for that long
$MPERF stat -a -x, -e cpu-clock -- sleep 0.2 2>"$T/m" || fail "mperf -a"
ms=$(val cpu-clock "$T/m" | cut -d. -f1)
ncpu=$(grep -c ^processor /proc/cpuinfo)
[ "$ms" -ge $((150 * ncpu)) ] && [ "$ms" -le $((400 * ncpu)) ] || fail "-a cpu-clock $ms ms for 0.2s on $ncpu CPUs"
echo "counts match perf"
