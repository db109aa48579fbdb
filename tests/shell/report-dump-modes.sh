#!/bin/sh
# report -D with --stats, --tasks, --mmaps and on files without sample_id_all as perf 6.1: the records each mode's tool leaves alone are dumped as unhandled, --stats in file order without the sample lines, no header hint; a file without sample_id_all is read in file order by reports and script (--tasks sorts it)
. "$(dirname "$0")/lib.sh"
perf61_data cpuburn-plain.data cpuburn-pipe.data multi-event.data stat-record.data
SYM=$(report_symargs)

# whole FILE OPTS...: mperf report prints all perf prints, same status
whole() {
	_f=$1; shift
	# shellcheck disable=SC2086
	report_whole_vs_perf "$_f" $SYM "$@"
	n=$((n + 1))
}
# modes FILE: the dump alone and with each mode, in both orders
modes() {
	for _o in "" --stats --tasks --mmaps; do
		whole "$1" -D $_o
		whole "$1" -D --disable-order $_o
	done
}

# 1. Out of order records (a FORK after its child's records in the file,
#    earlier in time): --stats dumps them in file order, --tasks in time
#    order; --tasks leaves MMAPs and samples alone, --mmaps the samples
python3 "$CRAFT" records "$D/cpuburn-plain.data" "$T/ooo.data" "kmap; comm 100 100 0 parent;
	mmap 100 100 1; comm 200 200 10 child; sample 200 200 20 0; fork 200 200 100 100 5;
	sample 200 200 50 2; exit 200 200 100 100 60; round" || fail "craft-perfdata.py records"
modes "$T/ooo.data"
"$MPERF" report -i "$T/ooo.data" -D --tasks > "$T/d" || fail "report -D --tasks"
assert_contains "--tasks: an MMAP2 unhandled" "PERF_RECORD_MMAP2: unhandled!" "$T/d"
grep -q '^ \.\.\. thread:' "$T/d" && fail "--tasks: samples resolved in the dump"

# 2. The same without sample_id_all: a report reads it in file order, the
#    dump says so; and a multi-event file (EVENT_UPDATE records, which the
#    session prints before saying unhandled), a pipe (FEATURE records) and
#    a stat file (no sample_id_all: the warning)
python3 "$CRAFT" noidall "$T/ooo.data" "$T/noid.data" || fail "craft-perfdata.py noidall"
modes "$T/noid.data"
"$MPERF" report -i "$T/noid.data" -D > "$T/d" || fail "report -D (no sample_id_all)"
awk '/PERF_RECORD_SAMPLE/ && !s { s = NR } /PERF_RECORD_FORK/ { f = NR }
	END { exit !(s && f > s) }' "$T/d" || fail "no sample_id_all: the FORK is not after the first sample"
python3 "$CRAFT" noidall "$D/multi-event.data" "$T/noid-multi.data" || fail "craft-perfdata.py noidall"
for f in "$T/noid-multi.data" "$D/multi-event.data" "$D/cpuburn-pipe.data" "$D/stat-record.data"; do
	for o in "" --stats --tasks; do
		whole "$f" -D $o
	done
done
# a report of them follows the file order too
for f in "$T/noid.data" "$T/noid-multi.data"; do
	# shellcheck disable=SC2086
	report_vs_perf "$f" $SYM --no-children -s pid,comm,sym
	n=$((n + 1))
done
# script reads such a file in file order too (its dump and its lines)
for o in "" -D "-F comm,tid,time,event,ip"; do
	# shellcheck disable=SC2086
	script_vs_perf "$T/noid.data" $o
	# shellcheck disable=SC2086
	script_vs_perf "$T/noid-multi.data" $o
done
# 3. THROTTLE and UNTHROTTLE records (a busy -a recording has them):
#    report's dump says unhandled, script's handler prints nothing, not
#    even the line's end
python3 "$CRAFT" records "$D/cpuburn-plain.data" "$T/thr.data" "kmap; comm 100 100 0 burn;
	mmap 100 100 1; sample 100 100 20 0; throttle 100 100 30; sample 100 100 40 1;
	unthrottle 100 100 50; sample 100 100 60 2; round" || fail "craft-perfdata.py records"
"$PERF" script -i "$T/thr.data" -D 2>/dev/null | grep -q 'PERF_RECORD_UNTHROTTLE$' ||
	fail "perf script -D does not end the UNTHROTTLE line there: the premise"
modes "$T/thr.data"
for o in -D "" "-F comm,tid,time,ip"; do
	# shellcheck disable=SC2086
	script_vs_perf "$T/thr.data" $o
done
echo "$n outputs equal to perf's"
