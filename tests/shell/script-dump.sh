#!/bin/sh
# script -D/--dump-raw-trace and --dump-unsorted-raw-trace equal perf 6.1's on its files (records dumped, each sample's script lines after its dump; file order and rounds when unsorted)
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
[ "$n" -eq 15 ] || fail "only $n comparisons ran"
# the dump is there: every record's offset line, and the samples' lines
"$MPERF" script -i "$D/dsouser-fp.data" $SA -D > "$T/o" 2>/dev/null
[ "$(grep -c 'PERF_RECORD_SAMPLE(IP' "$T/o")" = 500 ] || fail "-D: not 500 sample records"
[ "$(grep -c 'cpu-clock:ppp: $' "$T/o")" = 500 ] || fail "-D: not 500 script lines"
