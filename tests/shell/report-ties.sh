#!/bin/sh
# report on a busy system-wide -g recording: rows of equal overhead (and callchain siblings of equal weight) in perf's order for several sort keys, children and not; comm keys merge rows as perf's collapse does, call graphs split a symbol as perf's walk does
. "$(dirname "$0")/lib.sh"
need_perf
need_root
tmpdir
[ -x "$WL/mthreads" ] || skip "workloads not built (make workloads)"
# the rows of the load below only: the shared machine runs other jobs
# whose symbols (fuzzers' garbage stacks, sanitizer runtimes) are not this
# test's subject
C="--comm mt-worker-0,mt-worker-1,mthreads,syscalls,ls,sh,sleep,swapper,stripburn"
# a stripped program burning user time: its unresolved addresses ([.] 0x...)
# are the rows of equal overhead the --hierarchy checks below need (a quiet
# machine's recording may have none otherwise). Without its build-id note:
# perf would name its symbols from cpuburn's copy in the build-id cache.
strip --remove-section=.note.gnu.build-id -o "$T/stripburn" "$WL/cpuburn" ||
	skip "no strip"
# background load: threads, syscalls, short-lived processes, file reads.
# On a machine busy with other jobs the load may get too few samples for
# ties to matter: record again (at most 3 times) until it has enough rows.
tries=0
while :; do
	tries=$((tries + 1))
	"$WL/mthreads" 2 1.5 >/dev/null 2>&1 &
	l1=$!
	"$WL/syscalls" 20000 >/dev/null 2>&1 &
	l2=$!
	sh -c 'i=0; while [ $i -lt 400 ]; do ls /usr/lib >/dev/null; i=$((i + 1)); done' &
	l3=$!
	"$T/stripburn" 1.5 >/dev/null 2>&1 &
	l4=$!
	"$PERF" record -q -a -g -F 999 -o "$T/busy.data" -- sleep 1 >/dev/null 2>&1
	rc=$?
	wait $l1 $l2 $l3 $l4 2>/dev/null
	[ $rc -eq 0 ] || skip "perf record -a -g does not work here"
	# shellcheck disable=SC2086
	rows=$("$PERF" report -i "$T/busy.data" --stdio -g none --no-children $C 2>/dev/null | grep -c "%")
	[ "$rows" -ge 6 ] && break
	[ $tries -lt 3 ] || skip "the load got $rows rows in 3 recordings: machine too busy for a tie test"
done
n=0
while read -r opts; do
	# shellcheck disable=SC2086
	"$PERF" report -i "$T/busy.data" --stdio -g none $C $opts >"$T/perf" 2>/dev/null
	# shellcheck disable=SC2086
	"$MPERF" report -i "$T/busy.data" --stdio -g none $C $opts >"$T/mperf" 2>"$T/err" ||
		{ cat "$T/err" >&2; fail "mperf report $opts: exit status"; }
	# the last 3 lines are perf's random tip / mperf's quality summary
	head -n -3 "$T/mperf" >"$T/a"
	head -n -3 "$T/perf" >"$T/b"
	# a handful of objects (kernel, libc, ld.so, the workloads) for -s dso
	min=6; [ "$opts" = "-s dso" ] && min=3
	[ "$(grep -c "%" "$T/b")" -ge $min ] || fail "perf report $opts: too few rows for a busy recording"
	if ! diff "$T/a" "$T/b" >"$T/diff" 2>&1; then
		head -20 "$T/diff" >&2
		fail "report $opts: rows differ from perf's"
	fi
	n=$((n + 1))
done <<'LIST'
--children
--no-children
-s sym
-s sym,dso
-s dso,sym
-s dso
-s pid,sym
-s cpu,sym
-s parent,sym
--no-children -s sym
--no-children -s cpu,comm,dso
-g graph,0.5,callee
--no-children -g graph,0.5,caller
--no-children -s comm,sym
--no-children -s cpu,comm,dso -g graph,0,callee
--no-children -s pid,sym -g graph,0,caller
-s comm,dso -g graph,0,caller
-s comm,sym
--no-children -s dso,sym -w 7,12,30
LIST
[ "$n" -eq 19 ] || fail "only $n option sets ran"
# objects named in less than 16 characters (a static, stripped program's
# user samples): perf widens the dso column to 16 for its unresolved
# addresses, but not with -w, -t or --dsos
if gcc -static -O2 -o "$T/sburn" "$WL/cpuburn.c" 2>/dev/null && strip "$T/sburn" &&
	"$PERF" record -q -e cpu-clock:u -o "$T/s.data" -- "$T/sburn" 0.2 >/dev/null 2>&1; then
	reports_vs_perf "$T/s.data" <<'LIST'
-s dso
-s dso,sym
-s dso -w 5,10
-s dso -t ,
-s dso --dsos sburn
LIST
	[ "$n" -eq 24 ] || fail "only $n option sets ran"
	"$PERF" report -i "$T/s.data" --stdio -s dso 2>/dev/null | grep -q '^# \.\.\.\.\.\.\.\.  \.\{16\}$' ||
		fail "perf did not widen the dso column to 16 (the premise)"
fi
# --hierarchy, the whole recording: a level's nodes of equal overhead (the
# stripped programs' unresolved addresses) in perf's order, which is its
# level tree's, and each leaf's call graph merged from its entries as perf
# merges them; a filter judged on a node's first entry, and on a level
# without its key, hidden at the top and below a hidden parent (a forked
# shell's samples before its exec of ls are not ls's); --symbol-filter on
# each node's first entry alone, a shown node below a hidden one printed;
# -s '{a,b}' groups keys into one level (their texts after each other)
reports_vs_perf "$T/busy.data" <<'LIST'
-s sym --hierarchy
--no-children -s sym,dso --hierarchy
-s sym --hierarchy -g graph,0.5,callee
--no-children -s sym --hierarchy -g graph,0,caller
LIST
grep -q '^ *[0-9.]*%  *\[\.\] 0x' "$T/b" ||
	fail "perf's hierarchy has no unresolved address (the premise)"
reports_vs_perf "$T/busy.data" <<'LIST'
--hierarchy -s pid,sym --comm ls -g none
--hierarchy -s pid,dso,sym --comm ls,sh -g none
--hierarchy -s dso,pid --dsos libc.so.6 -g none
--hierarchy -s dso,sym --symbol-filter a -g none
--hierarchy -s comm,dso --symbol-filter e --percentage relative
--hierarchy -s {comm,dso},sym -g none
--hierarchy -s pid,{dso,sym} -t ,
LIST
[ "$n" -eq 35 ] || [ "$n" -eq 30 ] || fail "only $n option sets ran"
echo "$n sort orders (eight with call graphs, eleven hierarchies) equal to perf's on a busy -a -g recording"
