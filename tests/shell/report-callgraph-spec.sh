#!/bin/sh
# -g/--call-graph specs read as perf 6.1 reads them: words by their
# prefixes (a = address, s = srcline), the first number anywhere is the
# threshold and every later one the print limit, digits followed by other
# characters taken, a negative threshold hides every chain; record's
# unwinding modes refused with perf's status (sweep O: mperf refused
# '5,fractal', took 'caller,3' after a threshold for a new threshold)
. "$(dirname "$0")/lib.sh"
perf61_data dsouser-fp.data cpuburn-dwarf.data
BOTH_OPTS=$(report_symargs)
for f in dsouser-fp cpuburn-dwarf; do
	for g in 5,fractal 0.5,graph graph,0.5,caller,3 graph,0.5,3,7 graph,0.5x graph,-1 \
		 fractal,-1 graph,a graph,s graph,0.5,3x 1e1,graph calle,a,1 graph,0x10 \
		 flat,0,callee,3 folded,1,2 graph,peri,1 fu,graph graph,inf; do
		both "$D/$f.data" --no-children -g "$g"
	done
	both "$D/$f.data" -g graph,0.5,caller,2
	# (the premise: perf takes that 2 for a limit, its chains are cut)
	# shellcheck disable=SC2086
	"$PERF" report -i "$D/$f.data" $BOTH_OPTS --stdio -g graph,0.5,caller >"$T/full" 2>/dev/null
	[ "$(wc -l < "$T/b")" -lt "$(wc -l < "$T/full")" ] || fail "$f: perf's -g ...,caller,2 cut nothing"
done
# refused by both, with perf's status (its usage: 129)
for g in fp graph,fp dwarf graph,x graph,0.5,x; do
	"$PERF" report -i "$D/dsouser-fp.data" --stdio -g "$g" >/dev/null 2>&1
	pr=$?
	"$MPERF" report -i "$D/dsouser-fp.data" --stdio -g "$g" >/dev/null 2>"$T/e"
	assert_eq "-g $g: exit status" "$pr" "$?"
	[ "$pr" = 0 ] && fail "perf took -g $g (the premise)"
	n=$((n + 1))
done
echo "$n -g specs read as perf reads them"
