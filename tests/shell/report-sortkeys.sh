#!/bin/sh
# report's sort keys symbol_size, dso_size, transaction, socket (in a hierarchy), weight, local_weight, ins_lat, local_ins_lat, p_stage_cyc, local_p_stage_cyc, cgroup, cgroup_id, code_page_size, addr (and the ipc_null column perf adds after "symbol") equal perf report's, alone, combined, with and without children, with -n, -F and -F with -s
. "$(dirname "$0")/lib.sh"
need_perf
need_root
tmpdir
[ -x "$WL/dsouser" ] || skip "workloads not built (make workloads)"
"$PERF" record -q -g -o "$T/fp.data" "$WL/dsouser" 0.2 >/dev/null 2>&1 ||
	skip "perf record -g does not work here"
awk '$1 !~ /^0+$/ { ok = 1; exit } END { exit !ok }' /proc/kallsyms ||
	skip "/proc/kallsyms shows no addresses (kptr_restrict)"
n=0
cmp_all() {
	report_vs_perf "$T/fp.data" "$@"
	report_vs_perf "$T/fp.data" --no-children -g none "$@"
	n=$((n + 2))
}
for k in symbol_size dso_size dso,symbol_size symbol_size,dso_size,sym symbol; do
	cmp_all -s "$k"
done
cmp_all -n -s dso_size,symbol_size
report_vs_perf "$T/fp.data" --no-children -F overhead,dso_size,symbol_size
report_vs_perf "$T/fp.data" -F overhead,overhead_children,dso_size,symbol_size
n=$((n + 2))
grep -q 'Children  DSO size  Symbol size$' "$T/perf" ||
	{ head -12 "$T/perf" >&2; fail "perf's -F report has no DSO size/Symbol size columns"; }
# transaction: the samples' TSX flags (none here: an empty column 27 wide)
for k in transaction transaction,comm comm,transaction,dso; do
	cmp_all -s "$k"
done
report_vs_perf "$T/fp.data" --no-children -g none -s comm,transaction,dso --hierarchy
report_vs_perf "$T/fp.data" --no-children -g none -s transaction,comm -t '|'
n=$((n + 3))

grep -q '^# Overhead|Transaction  *|Command$' "$T/perf" || fail "perf's report has no Transaction column"
# socket ("%6.3d", right-aligned): a hierarchy level is its number alone,
# nothing after it (a left-aligned key such as dso keeps its padding)
for k in socket,cpu dso,socket,sym cpu,socket; do
	report_vs_perf "$T/fp.data" --no-children -g none -s "$k" --hierarchy
	n=$((n + 1))
done
grep -Eq '^ +[0-9.]+% +-?[0-9]+$' "$T/perf" || fail "perf's socket level is not its number alone"
# 27 wide even when a filter hides every entry
report_vs_perf "$T/fp.data" --no-children -g none -s transaction,dso --comm nosuch
# addr: children entries take perf's twice-mapped user frame addresses
for k in addr comm,addr,sym; do
	cmp_all -s "$k"
done
grep -qE '  0x[0-9a-f]{6,16} ' "$T/perf" || fail "perf's addr column shows no address"
# -F with -s: the -s keys come after the -F columns and order the rows first
report_vs_perf "$T/fp.data" --no-children -g none -s dso -F overhead,symbol_size
grep -q 'Overhead  Symbol size  Shared Object' "$T/perf" || fail "perf did not append -s dso to -F"
report_vs_perf "$T/fp.data" --no-children -g none -F overhead,sample,sym -s dso_size,comm
n=$((n + 2))
# the kernel's map is as large as its kallsyms symbols (perf's map fixup)
report_vs_perf "$T/fp.data" --no-children -g none -s dso,dso_size
grep -q '\[kernel.kallsyms\]  *[0-9][0-9]*$' "$T/perf" || {
	grep -q '\[kernel.kallsyms\]' "$T/perf" && fail "no kernel dso_size in perf's report"; }
# the perf 6.1 files, with their unresolved user symbols
D="$DATA/perf-6.1"
for f in "$D/dsouser-fp.data"; do
	[ -f "$f" ] || continue
	for k in dso,symbol_size dso_size,sym; do
		report_vs_perf "$f" --kallsyms "$D/kallsyms" -s "$k"
		report_vs_perf "$f" --kallsyms "$D/kallsyms" --no-children -g none -s "$k"
		n=$((n + 2))
	done
done
# weights: perf record -W on a software event leaves them 0; set-weights.py
# gives the samples several (weight struct: weight and instruction latency;
# --plain: a WEIGHT file), read back by perf script first
"$PERF" record -q -W -g -o "$T/w.data" "$WL/dsouser" 0.2 >/dev/null 2>&1 ||
	fail "perf record -W failed"
report_vs_perf "$T/w.data" --no-children -g none -s weight,local_weight,ins_lat,local_ins_lat
n=$((n + 1))
grep -qE '^ +100\.00%  0 +0 +0 +0 +$' "$T/perf" || fail "perf's -W weights are not all 0"
python3 "$(dirname "$0")/set-weights.py" "$T/w.data" > /dev/null || fail "set-weights.py failed"
"$PERF" script -i "$T/w.data" -F weight,ins_lat 2>/dev/null | sort -u > "$T/wl"
[ "$(wc -l < "$T/wl")" -ge 10 ] || { cat "$T/wl" >&2; fail "perf reads few weight/latency pairs"; }
for k in weight local_weight comm,weight weight,sym sym,weight dso,local_weight ins_lat \
	 local_ins_lat,weight weight,dso_size,symbol_size; do
	report_vs_perf "$T/w.data" --no-children -n -g none -s "$k"
	n=$((n + 1))
done
for k in weight sym,weight local_ins_lat,weight; do
	report_vs_perf "$T/w.data" -s "$k"
	n=$((n + 1))
done
# p_stage_cyc keys: 0 on x86; -s shows no column for them, -F does
for o in "-s comm,p_stage_cyc" "-s sym,local_p_stage_cyc,dso -n --no-children" \
	 "-F overhead,p_stage_cyc,sym" "-F local_p_stage_cyc,comm -s comm --no-children"; do
	# shellcheck disable=SC2086
	report_vs_perf "$T/w.data" $o
	n=$((n + 1))
done
grep -q 'Local Pipeline Stage Cycle' "$T/perf" || fail "perf showed no -F p_stage_cyc column"
# -D prints a weight struct as perf: weight, latency, 0 (x86 has no stage cycles)
report_vs_perf "$T/w.data" -D
grep -q '^\.\.\. weight: [1-9][0-9]*,0x[1-9],0x0$' "$T/perf" || fail "perf -D showed no weight struct"
n=$((n + 1))
# --hierarchy: a node's weight is its samples' (not its first entry's)
report_vs_perf "$T/w.data" --hierarchy --no-children -g none -s comm,weight,local_ins_lat
n=$((n + 1))
# children on weight entries add up above 100%, as perf's do
report_vs_perf "$T/w.data" -g none -s weight
grep -qE '^ +[0-9]{3}\.[0-9]{2}% ' "$T/perf" || fail "perf's weight children do not pass 100%"
report_vs_perf "$T/w.data" --no-children -F overhead,sample,weight,ins_lat,local_ins_lat
report_vs_perf "$T/w.data" -F overhead,overhead_children,weight,local_weight,sym
n=$((n + 3))
"$PERF" record -q -W -o "$T/wp.data" "$WL/dsouser" 0.2 >/dev/null 2>&1 || fail "perf record -W failed"
python3 "$(dirname "$0")/set-weights.py" "$T/wp.data" --plain > /dev/null || fail "set-weights.py --plain failed"
for k in weight local_weight,sym ins_lat,weight; do
	report_vs_perf "$T/wp.data" -n -s "$k"
	n=$((n + 1))
done
# cgroup (--all-cgroups: the sample's cgroup, CGROUP records name it),
# cgroup_id (--namespaces: the thread's cgroup namespace) and code_page_size
# (--code-page-size): a shell moves itself into a cgroup of its own between
# two runs, then runs a third in a new cgroup namespace
CG=
CG2=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
if [ -n "$CG2" ] && mkdir "$CG2/mperf-test-$$" 2>/dev/null; then
	CG="$CG2/mperf-test-$$"
	trap 'rmdir "$CG" 2>/dev/null; rm -rf "$T"' EXIT INT TERM
fi
UNSHARE=
unshare -C true 2>/dev/null && UNSHARE="unshare -C"
"$PERF" record -q -g --all-cgroups --namespaces --code-page-size -o "$T/cg.data" -- sh -c "
	$WL/dsouser 0.1
	[ -n '$CG' ] && echo \$\$ > '$CG/cgroup.procs'
	$WL/dsouser 0.1
	$UNSHARE $WL/cpuburn 0.1" >/dev/null 2>&1 || fail "perf record --all-cgroups --namespaces --code-page-size failed"
[ -n "$CG" ] && rmdir "$CG" 2>/dev/null
for k in cgroup cgroup,comm comm,cgroup cgroup_id,comm comm,cgroup_id code_page_size \
	 code_page_size,sym comm,cgroup,cgroup_id,code_page_size dso,cgroup_id,sym \
	 cgroup,sym; do
	report_vs_perf "$T/cg.data" --no-children -n -g none -s "$k"
	n=$((n + 1))
done
# children: perf's duplicate check has no cgroup or page size either
for k in cgroup comm,cgroup_id code_page_size,sym; do
	report_vs_perf "$T/cg.data" -s "$k"
	n=$((n + 1))
done
report_vs_perf "$T/cg.data" --no-children -g none -s cgroup,cgroup_id,code_page_size,comm
n=$((n + 1))
grep -q ' 4K  ' "$T/perf" || fail "perf shows no 4K code pages"
if [ -n "$CG" ]; then
	grep -q "  /mperf-test-$$ " "$T/perf" || fail "perf shows no sample in the test's cgroup"
fi
if [ -n "$UNSHARE" ]; then
	[ "$(grep -oE ' [0-9]+/0x[0-9a-f]+ ' "$T/perf" | sort -u | wc -l)" -ge 2 ] ||
		fail "perf shows one cgroup namespace only"
fi
report_vs_perf "$T/cg.data" --no-children -F overhead,cgroup,code_page_size,cgroup_id
n=$((n + 1))
# perf refuses ipc keys in -s; so does mperf, with one line
"$MPERF" report -i "$T/fp.data" --stdio -s ipc_null > /dev/null 2> "$T/err" &&
	fail "-s ipc_null was accepted"
[ "$(wc -l < "$T/err")" = 1 ] || { cat "$T/err" >&2; fail "-s ipc_null: not one line"; }
# a name is the first of perf's dimensions it is a prefix of, in any case,
# before the overhead columns ("s": symbol, "pe": period) and before a
# tracepoint field ("ip" is ipc_null, not a field named ip)
reports_vs_perf "$T/fp.data" <<'LIST'
--no-children -s sy,co
--no-children -s SYM,Comm -n
--no-children -s s,d
--no-children -s pe,p
--no-children -s ip
--no-children -s ti,sr
--no-children -F ov,s,pe
--no-children -F OVERHEAD,sa,c
LIST
reports_vs_perf "$DATA/perf-6.1/sched-switch.data" <<'LIST'
-s c,prev_pid
-s prev_state,pa
LIST
# -s parent: the _start of the program and ld.so's are one parent (by name)
"$PERF" record -q -e page-faults -c 1 -g -o "$T/par.data" -- "$WL/getppid" 1 >/dev/null 2>&1 ||
	fail "perf record -g of page faults failed"
"$PERF" report -i "$T/par.data" --stdio -s parent --parent '^_start$' -g none 2>/dev/null |
	grep -c '%  _start' | grep -qx 1 || fail "perf shows no single _start parent row (the premise)"
report_vs_perf "$T/par.data" -s parent --parent '^_start$' -g none
report_vs_perf "$T/par.data" -s parent,dso --parent '^_start$' --no-children
n=$((n + 2))
"$MPERF" report -i "$T/fp.data" --stdio -s bogus > /dev/null 2> "$T/err" && fail "-s bogus accepted"
assert_contains "known keys" "symbol_size, dso_size, weight, local_weight, ins_lat, local_ins_lat, p_stage_cyc, local_p_stage_cyc, cgroup, cgroup_id, transaction, code_page_size, addr" "$T/err"
echo "ok: $n reports equal to perf's"
