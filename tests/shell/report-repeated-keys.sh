#!/bin/sh
# report -s/-F naming a key, an overhead or a tracepoint field twice shows one column, the first, as perf 6.1
. "$(dirname "$0")/lib.sh"
perf61_data cpuburn-fp.data sched-switch.data
S=$(report_symargs)
while read -r f opts; do
	# shellcheck disable=SC2086
	both "$D/$f" $S -q $opts
done <<'LIST'
cpuburn-fp.data --no-children -s comm,comm
cpuburn-fp.data --no-children -s comm,dso,comm
cpuburn-fp.data --no-children -F comm,comm
cpuburn-fp.data --no-children -F overhead,comm,overhead
cpuburn-fp.data --no-children -F sample,comm,sample
cpuburn-fp.data --no-children -s comm -F overhead,comm,comm
cpuburn-fp.data --no-children -s sym,trace,trace
sched-switch.data -s prev_pid,prev_pid
sched-switch.data -s prev_pid/raw,prev_pid
sched-switch.data -s prev_state,prev_state/raw
sched-switch.data -s trace_fields,prev_pid
sched-switch.data -s sched:sched_switch.prev_pid,prev_pid,comm
LIST
echo "ok: $n reports with repeated keys equal perf's"
