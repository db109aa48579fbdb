#!/bin/sh
# report -s trace_fields on a recording of every syscalls tracepoint (720 events, 2118 fields: a field key each, more than any fixed table held; mperf 0.1 refused past 1000) equals perf report's, with --no-skip-empty (a table per event), -n --hierarchy, --raw-trace and with built-in keys around them; beside the trace key, a formatted field of an event widens the trace column to every entry's text (perf formats each one to read the field's width off it), a /raw one does not
. "$(dirname "$0")/lib.sh"
need_perf
tmpdir
gzip -dc "$DATA/perf-6.1/syscalls-all.data.gz" > "$T/s.data" || fail "cannot unpack syscalls-all.data.gz"
# premise: the file's events have more fields than 1000
nf=$("$PERF" report -i "$T/s.data" --stdio -s trace_fields --no-skip-empty 2>/dev/null |
	awk '/^# Overhead/ { nf += NF - 2 } END { print nf + 0 }')
[ "$nf" -gt 1000 ] || fail "perf shows $nf field columns of syscalls-all.data (the premise: more than 1000)"
n=0
for o in "-s trace_fields" "-s trace_fields --no-skip-empty" "-s trace_fields -n --hierarchy" \
	"-s comm,trace_fields,pid" "-s trace_fields --raw-trace" \
	"-s trace,trace_fields" "-s trace_fields,trace" "-s trace,ret" "-s trace,__syscall_nr/raw"; do
	# shellcheck disable=SC2086
	report_vs_perf "$T/s.data" $o
	n=$((n + 1))
done
# mperf's columns: as many as perf's
nm=$("$MPERF" report -i "$T/s.data" --stdio -s trace_fields --no-skip-empty 2>/dev/null |
	awk '/^# Overhead/ { nf += NF - 2 } END { print nf + 0 }')
[ "$nm" = "$nf" ] || fail "mperf shows $nm field columns, perf $nf"
# premise: an entry alone in its table shows its whole text beside a
# field key, cut at the header's width without one
"$PERF" report -i "$T/s.data" --stdio -s trace,ret 2>/dev/null | grep -q '100.00%  0x556a0b0c8000 ' ||
	fail "perf cuts sys_exit_brk's text beside the ret key (the premise)"
"$PERF" report -i "$T/s.data" --stdio -s trace 2>/dev/null | grep -q '100.00%  0x556a0b0c80$' ||
	fail "perf shows sys_exit_brk's whole text with -s trace alone (the premise)"
echo "ok: $n reports equal perf's over $nf field keys"
