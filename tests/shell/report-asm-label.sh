#!/bin/sh
# A frame in code without DWARF functions (hand-written assembly, V8's
# builtins) where the symbol table has a label of no type inside the
# function: binutils' addr2line names the closest symbol below the
# address, the label, and perf 6.1 shows the frame by that name as
# inlined when it is not its own symbol's ('spin_enter+0x9 (inlined)' in
# spin_asm). Recordings (-g and dwarf) by perf and mperf of
# tests/workloads/asmlabel: reports and scripts equal perf's.
. "$(dirname "$0")/lib.sh"
need_perf
[ "$(uname -m)" = x86_64 ] || skip "the workload's assembler is x86_64"
tmpdir
[ -x "$WL/asmlabel" ] || skip "workloads not built (make workloads)"
n=0
"$PERF" record -q -g -o "$T/p.data" "$WL/asmlabel" 0.3 >/dev/null 2>&1 ||
	fail "perf record -g of asmlabel failed"
"$PERF" record -q --call-graph dwarf -o "$T/pd.data" "$WL/asmlabel" 0.3 >/dev/null 2>&1 ||
	fail "perf record --call-graph dwarf of asmlabel failed"
"$MPERF" record -q --call-graph dwarf -o "$T/md.data" "$WL/asmlabel" 0.3 >/dev/null 2>&1 ||
	fail "mperf record --call-graph dwarf of asmlabel failed"
# the premise: perf names the label, as inlined, in its dwarf chains
"$PERF" script -i "$T/pd.data" -F ip,sym 2>/dev/null | grep -q 'spin_enter (inlined)' ||
	fail "perf shows no 'spin_enter (inlined)' frame: the premise"
"$MPERF" script -i "$T/md.data" -F ip,sym 2>/dev/null | grep -q 'spin_enter (inlined)' ||
	fail "mperf shows no 'spin_enter (inlined)' frame in its own recording"
for f in "$T/p.data" "$T/pd.data" "$T/md.data"; do
	# (--full-source-path: a line no table has is named after the
	# symbol table's file symbol, without a directory, as binutils)
	for opts in "" "-F ip,sym,srcline" "-G" "-F ip,sym,srcline --full-source-path"; do
		# shellcheck disable=SC2086
		script_vs_perf "$f" $opts
	done
	reports_vs_perf "$f" <<'LIST'
--no-children
-s sym
-s srcline --no-children
-s srcline --no-children --full-source-path
-g caller -s dso,sym
LIST
done
echo "$n reports and scripts of assembler labels equal to perf's"
