#!/bin/sh
# -g address and -g srcline: call graph frames merge by address or by source
# line and print "sym file:line" ("sym +off" where an object has no line),
# as perf's; report equals perf's on the perf 6.1 files (fp, DWARF, inlined
# frames) and on a fresh recording of a workload and ls, in graph, flat,
# folded and callee order, with and without children
. "$(dirname "$0")/lib.sh"
perf61_data cpuburn-fp.data
S=$(report_symargs)
BOTH_OPTS=$S
for f in cpuburn-fp dsouser-fp syswide-fp ldso-inline-dwarf; do
	for k in address srcline; do
		both "$D/$f.data" -g "$k"
		both "$D/$f.data" -g "$k,0,callee" --no-children
	done
done
both "$D/cpuburn-dwarf.data" -g address,0.1,caller,flat --no-children
both "$D/cpuburn-dwarf.data" -g srcline,folded --no-children
# the same line at two addresses: two frames by address, one by line
both "$D/cpuburn-fp.data" -g address -s sym
na=$(grep -c -- '--cb_bravo_a_l1 cpuburn.c:82$' "$T/a")
both "$D/cpuburn-fp.data" -g srcline -s sym
ns=$(grep -c -- '--cb_bravo_a_l1 cpuburn.c:82$' "$T/a")
[ "$ns" -gt 0 ] && [ "$na" -gt "$ns" ] || fail "frames of one line: $na by address, $ns by line"
# kernel frames: "+off" by address, the name alone by line
both "$D/syswide-fp.data" -g address,0,callee --no-children
grep -q -- '---vma_interval_tree_subtree_search +27$' "$T/a" || fail "no kernel frame offset by address"
BOTH_OPTS=
if [ "$(id -u)" = 0 ] && [ -x "$WL/dsouser" ] &&
	"$PERF" record -q -g -o "$T/w.data" -- sh -c "$WL/dsouser 0.2; ls -R /usr/share/doc >/dev/null" \
	>/dev/null 2>&1; then
	for k in address srcline; do
		both "$T/w.data" -g "$k"
		both "$T/w.data" -g "$k,0,callee" --no-children
	done
fi
# bad keys still give one line
"$MPERF" report -i "$D/cpuburn-fp.data" --stdio -g graph,bogus > /dev/null 2> "$T/err" &&
	fail "-g graph,bogus accepted"
[ "$(wc -l < "$T/err")" = 1 ] || fail "-g graph,bogus: $(cat "$T/err")"
echo "ok: $n call graphs by address and source line equal perf's"
