#!/bin/sh
# report --hierarchy of event groups ({a,b,c} recordings, --group on files of several events) equals perf 6.1's: a column per member, each level's member nodes paired to the leader's by the key, member-only nodes (the leader's 0.00%) where perf adds them, --group-sort-idx, -n/-t/--show-total-period columns, filters, call graphs
. "$(dirname "$0")/lib.sh"
need_perf
need_root
tmpdir
[ -x "$WL/mthreads" ] || skip "workloads not built (make workloads)"
# a system-wide group: page faults land where the cpu-clock does not (the
# members' own nodes), in threads and short-lived processes
"$PERF" record -q -a -g -e '{cpu-clock,task-clock,page-faults}' -o "$T/g3.data" -- \
	sh -c "$WL/mthreads 2 0.5; for i in \$(seq 20); do ls /usr/lib >/dev/null; done" \
	>/dev/null 2>&1 || skip "perf record -a of a group does not work here"
"$PERF" record -q -g -e '{cpu-clock,page-faults}:S' -o "$T/gs.data" "$WL/dsouser" 0.3 \
	>/dev/null 2>&1 || fail "perf record of a :S group failed"
n=0
reports_vs_perf "$T/g3.data" <<'LIST'
--hierarchy
--hierarchy -g none
--hierarchy -s dso,sym -n
--hierarchy -s sym -g caller
--hierarchy --group-sort-idx 2 -g none
--hierarchy -s comm,sym -g none --comm mt-worker-0,ls
--hierarchy -s sym,comm -g none --comm ls
--hierarchy -s sym,pid -g none --comm ls
--hierarchy --percentage relative --comm ls -g none
--hierarchy --percent-limit 1 -g none -s dso,sym
--hierarchy -t , --show-total-period -g none
--hierarchy --show-cpu-utilization -g none -s sym
LIST
grep -qE '^ +0\.00% +[0-9.]+% +[0-9.]+% ' "$T/b" ||
	fail "perf's hierarchy of the group has no node of members alone (the premise)"
reports_vs_perf "$T/gs.data" <<'LIST'
--hierarchy
--hierarchy -s dso,sym -n -g none
--hierarchy -t , -n -g none
--hierarchy -s comm,dso --symbol-filter mwork --percentage relative
--hierarchy -s dso,sym --symbol-filter a -g none
LIST
# a file of two events, shown as one group with --group
reports_vs_perf "$DATA/perf-6.1/multi-event.data" <<'LIST'
--hierarchy --group -g none
--hierarchy --group -s dso,sym -n
LIST
[ "$n" -eq 19 ] || fail "only $n option sets ran"
echo "$n group hierarchies equal to perf's"
