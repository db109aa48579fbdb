#!/bin/sh
# flight recorder: --overwrite snapshots on SIGUSR2 and at exit hold the newest samples, readable by perf
. "$(dirname "$0")/lib.sh"
need_root
need_perf
[ -x "$WL/cpuburn" ] || skip "workloads not built (make workloads)"
tmpdir
cd "$T" || exit 1

# small buffers (2 pages per CPU): only the newest samples can survive
$MPERF record --overwrite --switch-output=signal -m 2 -- "$WL/cpuburn" 1.6 >/dev/null 2>rec.err &
pid=$!
sleep 0.8
kill -USR2 $pid
sig_at=$(awk '{print $1}' /proc/uptime)
wait $pid || { cat rec.err; fail "mperf record exited $?"; }
cat rec.err
n=$(ls perf.data.* 2>/dev/null | wc -l)
assert_eq "snapshot files" 2 "$n"
ls perf.data.* | grep -qE '^perf\.data\.[0-9]{16}$' || fail "snapshot names are not perf.data.<YYYYmmddHHMMSScc>"
[ -e perf.data ] && fail "perf.data left behind next to the snapshots"
grep -q '^\[ mperf record: Dump perf.data.[0-9]* \]$' rec.err || fail "no Dump line"
first=$(ls perf.data.* | head -1)
last=$(ls perf.data.* | tail -1)
for f in $first $last; do
	perf_reads "$f"
	# symbols resolve in every snapshot (tracking records are kept)
	$PERF report -i "$f" --stdio --sort sym 2>/dev/null | grep -q 'cb_' || fail "$f: no cpuburn symbols"
	# 8 KiB per CPU at ~40 bytes per sample: at most ~410 samples
	s=$($PERF script -i "$f" 2>/dev/null | wc -l)
	[ "$s" -gt 50 ] && [ "$s" -lt 420 ] || fail "$f holds $s samples, not one small buffer's worth"
done
# the SIGUSR2 snapshot ends at the signal: its newest sample is within
# 0.2 s of it (perf script times are CLOCK_MONOTONIC like /proc/uptime)
newest=$($PERF script -i "$first" -F time 2>/dev/null | tr -d ' :' | sort -n | tail -1)
awk -v a="$newest" -v b="$sig_at" 'BEGIN { d = b - a; if (d < 0) d = -d; exit !(d < 0.2) }' ||
	fail "first snapshot's newest sample $newest is not at the signal ($sig_at)"
# the exit snapshot holds only samples after the first one
old=$($PERF script -i "$first" -F time 2>/dev/null | tr -d ' :' | sort -n | tail -1)
new=$($PERF script -i "$last" -F time 2>/dev/null | tr -d ' :' | sort -n | head -1)
awk -v a="$old" -v b="$new" 'BEGIN { exit !(b > a) }' || fail "exit snapshot has samples older than the first ($new <= $old)"

# --overwrite alone: one file at exit with the newest data
$MPERF record -q --overwrite -m 2 -o ow.data -- "$WL/cpuburn" 0.5 >/dev/null 2>&1 || fail "--overwrite"
perf_reads ow.data
s=$($PERF script -i ow.data 2>/dev/null | wc -l)
[ "$s" -gt 50 ] && [ "$s" -lt 420 ] || fail "ow.data holds $s samples"

# Ctrl-C ends a system-wide flight recording with a last snapshot
$MPERF record -q --overwrite -a -g -m 4 -o int.data 2>/dev/null &
pid=$!
sleep 0.6
kill -INT $pid
wait $pid
rc=$?
# the snapshot is written, then mperf dies of SIGINT as perf 6.1 does
assert_eq "SIGINT: exit" 130 $rc
perf_reads int.data
[ "$($PERF script -i int.data -F ip 2>/dev/null | wc -l)" -gt 20 ] || fail "SIGINT snapshot is empty"

# --switch-output=SIZE rotates plain recordings; every piece is complete
$MPERF record -q -g --switch-output=60K -o sw.data -- "$WL/cpuburn" 0.8 >/dev/null 2>&1 || fail "--switch-output=60K"
n=$(ls sw.data.* | wc -l)
[ "$n" -ge 2 ] || fail "--switch-output=60K made $n files"
total=0
for f in sw.data.*; do
	perf_reads "$f"
	total=$((total + $($PERF script -i "$f" -F ip 2>/dev/null | wc -l)))
done
[ "$total" -gt 2500 ] || fail "the pieces hold $total samples together"
# --switch-output=TIME
$MPERF record -q --switch-output=1s -o tm.data -- "$WL/cpuburn" 3.5 >/dev/null 2>&1 || fail "--switch-output=1s"
n=$(ls tm.data.* | wc -l)
[ "$n" -ge 3 ] || fail "--switch-output=1s made $n files in 3.5 s"
for f in tm.data.*; do perf_reads "$f"; done
echo ok
