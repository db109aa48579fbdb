#!/bin/sh
# report -s srcfile with children: the entries of callchain frames have no source file in perf 6.1, DWARF-unwound frames too (their srcline is kept)
. "$(dirname "$0")/lib.sh"
need_perf
need_root
tmpdir
[ -x "$WL/dsouser" ] || skip "workloads not built (make workloads)"
"$PERF" record -q --call-graph dwarf,8192 -F 499 -o "$T/d.data" "$WL/dsouser" 0.3 >/dev/null 2>&1 ||
	skip "perf record --call-graph dwarf does not work here"
n=0
for s in srcfile pid,srcfile srcline,srcfile srcfile,sym; do
	report_vs_perf "$T/d.data" -q -g none -s $s
	n=$((n + 1))
done
report_vs_perf "$T/d.data" --show-total-period -s srcfile,srcline,dso_size
n=$((n + 1))
# the DWARF frames' lines stay in srcline (perf's too)
"$MPERF" report -i "$T/d.data" --stdio -q -g none -s srcline > "$T/lines"
grep -q 'dsouser\.c:[0-9]' "$T/lines" || fail "no dsouser.c line among the children entries"
echo "ok: $n srcfile reports of a DWARF recording equal perf's"
