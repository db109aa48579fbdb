#!/bin/sh
# stat record/report: perf's STAT records in files and pipes, read by perf 6.1 and by mperf both ways
. "$(dirname "$0")/lib.sh"
need_perf
need_tracefs
tmpdir
[ -x "$WL/getppid" ] || skip "run 'make workloads' first"

EV=syscalls:sys_enter_getppid,task-clock,cycles
# the value of EVENT in -x, output FILE
val() { awk -F, -v e="$1" '$3 == e { print $1 }' "$2"; }
cnt() { grep -E "^ +$2 +$1 *\$|^ +$2 +$1 " "$3" >/dev/null; }

# 1. mperf writes a file, perf and mperf read it: the exact count, <not supported> kept
$MPERF stat record -o "$T/m.data" -e $EV -- "$WL/getppid" 4242 2>"$T/rec" || fail "mperf stat record"
assert_contains "record prints the counts too" "syscalls:sys_enter_getppid" "$T/rec"
$PERF stat report -i "$T/m.data" 2>"$T/p.txt" >&2 || fail "perf stat report of mperf's file"
grep -q "4242      syscalls:sys_enter_getppid" "$T/p.txt" || { cat "$T/p.txt"; fail "perf reads the count"; }
assert_contains "perf sees not supported" "<not supported>      cycles" "$T/p.txt"
grep -qi "warning\|error" "$T/p.txt" && { cat "$T/p.txt"; fail "perf warns on mperf's file"; }
$MPERF stat report -i "$T/m.data" 2>"$T/m.txt" || fail "mperf stat report"
# both reports print the same rows (timing values aside)
sed 's/  *[0-9.]* msec/ T msec/; s/#.*//' "$T/p.txt" >"$T/p.rows"
sed 's/  *[0-9.]* msec/ T msec/; s/#.*//' "$T/m.txt" >"$T/m.rows"
diff "$T/p.rows" "$T/m.rows" >&2 || fail "perf and mperf report the file differently"
$MPERF stat report -x, -i "$T/m.data" 2>"$T/m.csv" || fail "mperf stat report -x,"
assert_eq "report -x, count" 4242 "$(val syscalls:sys_enter_getppid "$T/m.csv")"

# 2. perf writes, mperf reads
$PERF stat record -o "$T/p.data" -e $EV -- "$WL/getppid" 999 2>/dev/null || fail "perf stat record"
$MPERF stat report -x, -i "$T/p.data" 2>"$T/m.csv" || fail "mperf stat report of perf's file"
assert_eq "perf's file" 999 "$(val syscalls:sys_enter_getppid "$T/m.csv")"
assert_eq "perf's file: cycles" "<not supported>" "$(val cycles "$T/m.csv")"

# 3. pipes, both directions
$MPERF stat record -o - -e $EV -- "$WL/getppid" 31 2>/dev/null | $PERF stat report -i - 2>"$T/p.txt" >&2 ||
	fail "mperf | perf"
grep -q "31      syscalls:sys_enter_getppid" "$T/p.txt" || { cat "$T/p.txt"; fail "mperf | perf count"; }
$PERF stat record -o - -e $EV -- "$WL/getppid" 32 2>/dev/null | $MPERF stat report -x, -i - 2>"$T/m.csv" ||
	fail "perf | mperf"
assert_eq "perf | mperf" 32 "$(val syscalls:sys_enter_getppid "$T/m.csv")"
$MPERF stat record -o - -e $EV -- "$WL/getppid" 33 2>/dev/null | $MPERF stat report -x, -i - 2>"$T/m.csv" ||
	fail "mperf | mperf"
assert_eq "mperf | mperf" 33 "$(val syscalls:sys_enter_getppid "$T/m.csv")"

# 4. intervals: one row per event per interval in both readers
$MPERF stat record -o "$T/i.data" -I 100 -e task-clock,page-faults -- "$WL/cpuburn" 0.25 >/dev/null 2>&1 ||
	fail "mperf stat record -I"
$PERF stat report -i "$T/i.data" 2>"$T/p.txt" >&2 || fail "perf stat report -I"
$MPERF stat report -i "$T/i.data" 2>"$T/m.txt" || fail "mperf stat report -I"
assert_eq "-I rows" "$(grep -c task-clock "$T/p.txt")" "$(grep -c task-clock "$T/m.txt")"
assert_eq "-I header" "$(head -1 "$T/p.txt")" "$(head -1 "$T/m.txt")"

# 5. not a stat file, missing file: one line, non-zero
$MPERF stat report -i /nonexistent.data 2>"$T/err" && fail "missing file accepted"
assert_eq "missing file: one line" 1 "$(grep -c . "$T/err")"
$PERF record -o "$T/rec.data" -e cpu-clock -- true >/dev/null 2>&1
$MPERF stat report -i "$T/rec.data" 2>"$T/err" && fail "a record file accepted"
assert_contains "not stat data" "not a stat data file" "$T/err"
echo "stat record/report interoperate with perf"
