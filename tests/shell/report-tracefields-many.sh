#!/bin/sh
# report -s trace_fields on a recording of every syscalls tracepoint (720 events, 2118 fields: a field key each, more than any fixed table held; mperf 0.1 refused past 1000) equals perf report's, with --no-skip-empty (a table per event), -n --hierarchy, --raw-trace and with built-in keys around them
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
	"-s comm,trace_fields,pid" "-s trace_fields --raw-trace"; do
	# shellcheck disable=SC2086
	report_vs_perf "$T/s.data" $o
	n=$((n + 1))
done
# mperf's columns: as many as perf's
nm=$("$MPERF" report -i "$T/s.data" --stdio -s trace_fields --no-skip-empty 2>/dev/null |
	awk '/^# Overhead/ { nf += NF - 2 } END { print nf + 0 }')
[ "$nm" = "$nf" ] || fail "mperf shows $nm field columns, perf $nf"
echo "ok: $n reports equal perf's over $nf field keys"
