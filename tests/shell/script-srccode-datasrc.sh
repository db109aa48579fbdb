#!/bin/sh
# script -F srccode, data_src, synth, metric, brstackinsn print what perf script 6.1 prints (or refuse as it does)
. "$(dirname "$0")/lib.sh"
need_perf
[ -x "$WL/cpuburn" ] || skip "workloads not built (make workloads)"
command -v python3 >/dev/null 2>&1 || skip "no python3 to craft perf.data files"
command -v objdump >/dev/null 2>&1 || skip "no objdump to find instruction boundaries"
tmpdir
D="$DATA/perf-6.1"
S=$(report_symargs)
c="$(dirname "$0")/craft-perfdata.py"
n=0


# srccode: the source line under each sample, once per thread until it
# changes. Workloads built -O2 -g from tests/workloads (inlined code, a
# shared library, threads), and a -O0 program compiled here.
cat >"$T/o0.c" <<'EOC'
static volatile long sink;
static long step(long x)
{
	return x * 31 + 7;
}
int main(void)
{
	long s = 0;
	for (long i = 0; i < 60000000; i++)
		s += step(i);
	sink = s;
	return 0;
}
EOC
cc -O0 -g -o "$T/o0" "$T/o0.c" || fail "cc -O0 -g"
"$PERF" record -q -o "$T/o0.data" -g -e cpu-clock -c 300000 "$T/o0" >/dev/null 2>&1 ||
	skip "perf record cannot sample cpu-clock here"
"$PERF" record -q -o "$T/cb.data" --call-graph dwarf -e cpu-clock -c 500000 "$WL/cpuburn" 0.2 \
	>/dev/null 2>&1 || fail "perf record cpuburn"
"$PERF" record -q -o "$T/mt.data" -g -e cpu-clock -c 300000 "$WL/mthreads" 3 0.2 \
	>/dev/null 2>&1 || fail "perf record mthreads"
"$PERF" record -q -o "$T/du.data" -e cpu-clock -c 200000 "$WL/dsouser" >/dev/null 2>&1 ||
	fail "perf record dsouser"
for f in o0 cb mt du; do
	script_vs_perf "$T/$f.data" -F +srccode
	script_vs_perf "$T/$f.data" -F comm,tid,ip,sym,srccode
done
script_vs_perf "$T/o0.data" -F comm,tid,ip,sym,srcline,srccode
script_vs_perf "$T/o0.data" -F ip,srccode -G
grep -q '^|[0-9]' "$T/p" || fail "no source line printed for the -O0 program"
# without ip there is no address to look up: refused, as perf
script_vs_perf "$T/o0.data" -F comm,srccode
script_vs_perf "$T/o0.data" -F srccode

# data_src: a software event's (the kernel's "not available" value), then
# a perf 6.1 file given data_src values covering every bit field
"$PERF" record -q -o "$T/d.data" -d -e cpu-clock -c 300000 "$T/o0" >/dev/null 2>&1 ||
	fail "perf record -d"
script_vs_perf "$T/d.data" -F +data_src
script_vs_perf "$T/d.data" -F comm,tid,addr,data_src,ip
python3 "$c" datasrc "$D/cpuburn-plain.data" "$T/ds.data" || fail "craft datasrc"
script_vs_perf "$T/ds.data" -F data_src
script_vs_perf "$T/ds.data" $S -F +data_src
script_vs_perf "$T/ds.data" $S -F comm,data_src,ip,sym
python3 "$c" datasrc "$D/cpuburn-plain.data" "$T/ds0.data" 0 || fail "craft datasrc 0"
script_vs_perf "$T/ds0.data" -F data_src
script_vs_perf "$D/cpuburn-plain.data" -F comm,data_src
script_vs_perf "$D/cpuburn-plain.data" -F +data_src

# synth and metric: nothing to print for these events (an empty line with
# no other field); brstackinsn needs a stack of every branch
python3 "$c" brstack "$D/cpuburn-plain.data" "$T/br.data" || fail "craft brstack"
# (--symfs only for the files of tests/data, whose binaries are there)
for f in "$D/cpuburn-plain.data" "$D/sched-switch.data" "$T/mt.data"; do
	case $f in "$T"/*) o= ;; *) o=$S ;; esac
	for a in synth +synth,+metric comm,tid,metric,ip brstackinsn; do
		script_vs_perf "$f" $o -F $a
	done
done
script_vs_perf "$D/cpuburn-plain.data" $S -F +brstackinsnlen
script_vs_perf "$D/multi-event.data" $S -F sw:+metric,+synth
script_vs_perf "$T/br.data" $S -F +brstack,+synth,+metric
"$MPERF" script -i "$D/cpuburn-plain.data" -F +brstackinsn >/dev/null 2>"$T/err" &&
	fail "brstackinsn taken without branch stacks"
assert_eq "one error line" 1 "$(wc -l <"$T/err")"
assert_contains "brstackinsn refusal" "record with -b" "$T/err"
# stacks of every branch, at instruction boundaries of the workload (as
# real LBRs give): the code of each block, read and decoded (capstone)
python3 "$c" brblocks "$D/cpuburn-plain.data" "$T/bb.data" "$D/bin/cpuburn" || fail "craft brblocks"
for a in +brstackinsn ip,brstack,brstackinsnlen comm,ip,sym,srcline,brstackinsn,brstackinsnlen \
	 ip,brstackinsn,srccode; do
	script_vs_perf "$T/bb.data" $S -F $a
done
grep -q "not reaching sample" "$T/p" || fail "no block ended before the sample"
# --max-blocks N: the blocks of the N+1 newest branches
for b in 1 2 0; do
	script_vs_perf "$T/bb.data" $S -F +brstackinsn --max-blocks $b
done
"$MPERF" script -i "$T/bb.data" $S -F +brstackinsn --max-blocks -1 >/dev/null 2>"$T/err" &&
	fail "--max-blocks -1 taken"
assert_contains "--max-blocks -1" "0 for all" "$T/err"
grep -q "IPC" "$T/p" || fail "no block with cycles"
echo "$n runs equal to perf's"
