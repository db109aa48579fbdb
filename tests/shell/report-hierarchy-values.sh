#!/bin/sh
# report --hierarchy -s with sample or period: perf makes a level of each (one node under each parent, showing its sum), where the flat table has a column; equal to perf 6.1's with groups, -t, -n/--show-total-period, braces, limits and call graphs; -t with a blank-led separator dots the padding of the keys perf pads
. "$(dirname "$0")/lib.sh"
need_perf
need_root
tmpdir
[ -x "$WL/dsouser" ] || skip "workloads not built (make workloads)"
"$PERF" record -q -g -e cpu-clock -o "$T/one.data" "$WL/dsouser" 0.3 \
	>/dev/null 2>&1 || fail "perf record failed"
# a group whose members have nodes of their own (page faults in ld.so)
"$PERF" record -q -g -e '{cpu-clock,page-faults}' -o "$T/grp.data" "$WL/dsouser" 0.3 \
	>/dev/null 2>&1 || fail "perf record of a group failed"
n=0
reports_vs_perf "$T/one.data" <<'LIST'
--hierarchy -s comm,period,sym
--hierarchy -s comm,sample,sym -g none
--hierarchy -s sample,period
--hierarchy -s period
--hierarchy -n -s comm,sample
--hierarchy -n -s dso,period -g caller
--hierarchy --show-total-period -s period,dso,sym -g none --percent-limit 5
--hierarchy -s {comm,period},sym -g none
--hierarchy -s dso,sample -t ;
--hierarchy -s dso,sym,period --no-children -g none
LIST
# the "no entry" line of a node whose children --percent-limit hides: at
# perf's indent, which counts levels of -s sample/period that come first
# and the widths -w gives the leading columns
reports_vs_perf "$DATA/perf-6.1/sched-switch.data" <<'LIST'
--hierarchy --percent-limit 2 -s sample,comm,trace
--hierarchy --percent-limit 2 -s period,sample,comm,trace -w 20,3
--hierarchy --percent-limit 2 -n -s comm,trace -w 15,14
LIST
"$PERF" report -i "$DATA/perf-6.1/sched-switch.data" --stdio --hierarchy --percent-limit 2 -s sample,comm,trace 2>/dev/null |
	grep -q 'no entry >= 2.00%' || fail "perf's hierarchy has no 'no entry' line (the premise)"
# -t with a separator that starts with a blank: perf's padding of the
# keys it pads (pid, socket, symbol_size) reads as dots
for sep in ' ' ' | '; do
	report_vs_perf "$T/one.data" --hierarchy -s pid,sample,socket,symbol_size -t "$sep"
	n=$((n + 1))
done
# the page-fault samples make member-only nodes and ties the member
# values break
reports_vs_perf "$T/grp.data" <<'LIST'
--hierarchy -s comm,sample,sym -g none
--hierarchy -s dso,sym,period -g none
--hierarchy -s dso,sample,sym -t , -g none
--hierarchy -s {dso,sample},sym -g none
--hierarchy -s pid,period -n --no-group
LIST
"$PERF" report -i "$T/grp.data" --stdio --hierarchy -s dso,sym,sample -g none 2>/dev/null |
	grep -qE '^ +0\.00% +[0-9.]+% +0 [0-9]+$' ||
	fail "perf's group hierarchy has no member-only node (the premise)"
[ "$n" -eq 20 ] || fail "only $n option sets ran"
echo "$n hierarchies with sample/period levels equal to perf's"
