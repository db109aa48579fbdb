#!/bin/sh
# script -D/--dump-raw-trace, --dump-unsorted-raw-trace and -d/--debug-mode equal perf 6.1's on its files (records dumped, each sample's script lines after its dump; file order and rounds when unsorted; -d: no samples, the misordered count on stderr)
. "$(dirname "$0")/lib.sh"
need_perf
D="$DATA/perf-6.1"
[ -f "$D/dsouser-fp.data" ] || skip "no perf 6.1 test data"
tmpdir
SA=$(report_symargs)
n=0
for f in dsouser-fp cpuburn-pipe sched-switch stat-record cpuburn-dwarf; do
	for o in -D --dump-unsorted-raw-trace "-D --show-round-events"; do
		# shellcheck disable=SC2086
		script_vs_perf "$D/$f.data" $SA $o
	done
done
[ "$n" -ge 15 ] || fail "only $n comparisons ran"
# a thread map of several threads (perf record -p of a process with
# threads): "threads:", one thread "thread:"
if [ "$(id -u)" = 0 ] && [ -x "$WL/mthreads" ]; then
	"$WL/mthreads" 3 2 >/dev/null &
	wl=$!
	sleep 0.3
	"$PERF" record -q -p $wl -e cpu-clock -o "$T/p.data" -- sleep 0.2 >/dev/null 2>&1
	kill $wl 2>/dev/null
	wait $wl 2>/dev/null
	script_vs_perf "$T/p.data" -D
	grep -q 'PERF_RECORD_THREAD_MAP nr: 4 threads: ' "$T/m" ||
		fail "-D: no thread map of 4 threads"
fi
# -d: stdout and stderr as perf's (no sample lines, "Misordered timestamps: 0")
for f in dsouser-fp sched-switch cpuburn-pipe; do
	"$PERF" script -i "$D/$f.data" -d > "$T/p" 2>&1
	"$MPERF" script -i "$D/$f.data" -d > "$T/m" 2>&1 || fail "script -d on $f: exit status"
	cmp -s "$T/m" "$T/p" || { diff "$T/m" "$T/p" | head >&2; fail "script -d on $f differs from perf's"; }
done
grep -qx 'Misordered timestamps: 0' "$T/m" || fail "script -d: no misordered count"
# the dump is there: every record's offset line, and the samples' lines
"$MPERF" script -i "$D/dsouser-fp.data" $SA -D > "$T/o" 2>/dev/null
[ "$(grep -c 'PERF_RECORD_SAMPLE(IP' "$T/o")" = 500 ] || fail "-D: not 500 sample records"
[ "$(grep -c 'cpu-clock:ppp: $' "$T/o")" = 500 ] || fail "-D: not 500 script lines"
