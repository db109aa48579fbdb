#!/bin/sh
# report option forms perf 6.1 takes: -s/-F naming a key, an overhead or a tracepoint field twice (one column, the first); -g ...,branch on files without branch stacks (no change); --percent-limit as the callchain threshold unless a later -g gives one; the order -p gives rows with -F; -I alone on a pipe (its features in full, report and script); -g without a mode after -g none; -s trace --raw-trace (the fields' raw values)
. "$(dirname "$0")/lib.sh"
perf61_data cpuburn-fp.data sched-switch.data cpuburn-plain.data syswide-fp.data cpuburn-pipe.data raw-syscalls.data
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
cpuburn-fp.data -g graph,0.5,callee,function,branch
cpuburn-fp.data --no-children -g fractal,5,caller,branch
cpuburn-fp.data -g folded,branch
cpuburn-fp.data --no-children -g caller,5,branch
cpuburn-fp.data --percent-limit 5 -g graph,0.1
cpuburn-fp.data -g graph,0.1 --percent-limit 5
cpuburn-fp.data --no-children --percent-limit 5 -g fractal,0.1,caller
cpuburn-fp.data --percent-limit 5 -g caller
cpuburn-fp.data --percent-limit 0 -g graph
cpuburn-fp.data --percent-limit 5% --no-children
syswide-fp.data --no-children -F overhead,sym -p main
syswide-fp.data --no-children -F overhead,sym,parent -p main
syswide-fp.data --no-children -F overhead,sym -s comm -p main
sched-switch.data -s trace --raw-trace
sched-switch.data -s trace,prev_pid --raw-trace
raw-syscalls.data -s trace --raw-trace
LIST
# -I alone on a pipe: perf prints the features in full as they come
both "$D/cpuburn-pipe.data" $S -I
both "$D/cpuburn-pipe.data" $S -I --no-children -g none
both "$D/cpuburn-pipe.data" $S -I -q
# script -I of a pipe prints its features too (in full), without --header
script_vs_perf "$D/cpuburn-pipe.data" $S -I
script_vs_perf "$D/cpuburn-pipe.data" $S -I -F comm,tid
# no callchains: -g is refused as perf refuses it (status 0), branch or not
for g in graph,branch graph; do
	"$MPERF" report -i "$D/cpuburn-plain.data" --stdio -g $g >/dev/null 2>"$T/err"
	assert_eq "report -g $g without callchains: status" 0 $?
	assert_contains "report -g $g without callchains" "have no callchains" "$T/err"
done
# a -g without a mode after -g none / --no-call-graph: refused (129) as
# perf refuses it; with a mode it is taken
for g in "-g none -g caller" "-g none -g 5" "--no-call-graph -g address" "-g none -g graph" "-g none -g none"; do
	# shellcheck disable=SC2086
	"$PERF" report -i "$D/cpuburn-fp.data" $S --stdio $g >/dev/null 2>&1
	pr=$?
	# shellcheck disable=SC2086
	"$MPERF" report -i "$D/cpuburn-fp.data" $S --stdio $g >/dev/null 2>"$T/err"
	assert_eq "report $g: exit status" "$pr" $?
	n=$((n + 1))
done
echo "ok: $n report/script option forms equal perf's"
