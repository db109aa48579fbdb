#!/bin/sh
# report -s trace_fields over a recording of eight tracepoint subsystems (sched, timer, irq, workqueue, writeback, filemap, rcu, x86_fpu: more than 128 field keys) equals perf report's, and a field whose name stands alone in the event's print format ("work struct %p: function %ps") shows what perf shows: the rest of the formatted record, in a column that no longer widens with its values
. "$(dirname "$0")/lib.sh"
need_perf
need_root
need_tracefs
tmpdir
n=0
# a kworker runs on every sync: workqueue_execute_end samples
"$PERF" record -q -a -o "$T/w.data" -e 'sched:*' -e 'timer:*' -e 'irq:*' -e 'workqueue:*' \
	-e 'writeback:*' -e 'filemap:*' -e 'rcu:*' -e 'x86_fpu:*' \
	-- sh -c 'for i in 1 2 3 4 5; do echo x > "$0/f$i"; sync; sleep 0.05; done' "$T" \
	>/dev/null 2>&1 || skip "perf record of the eight tracepoint subsystems failed"
"$PERF" script -i "$T/w.data" -F event 2>/dev/null | grep -q workqueue_execute_end ||
	skip "no workqueue_execute_end in the recording"
# premise: more field keys than the 128 mperf had room for
nf=$("$PERF" report -i "$T/w.data" --stdio -s trace_fields -g none 2>/dev/null |
	awk '/^# Overhead/ { nf += NF - 2 } END { print nf + 0 }')
[ "$nf" -gt 128 ] || skip "only $nf field columns in the recording (need more than 128)"
for o in "-s trace_fields -g none" "-s comm,trace_fields -g none" \
	"-s trace_fields --hierarchy -g none" "-s work,function -g none" \
	"-s workqueue:workqueue_execute_end.work,workqueue:workqueue_execute_end.function -g none"; do
	# shellcheck disable=SC2086
	report_vs_perf "$T/w.data" $o
	n=$((n + 1))
done
# the work column of workqueue_execute_end: perf's text after "work "
# (the field name alone in "work struct %p: function %ps"), cut at the
# field's width
grep -q '^ *[0-9.]*%  *struct 0x' "$T/perf" ||
	{ head -20 "$T/perf" >&2; fail "perf's work column does not read 'struct 0x...'"; }
echo "ok: $n trace_fields reports of $nf field columns equal perf's"
