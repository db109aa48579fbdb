#!/bin/sh
# report -s srcfile with children: the entries of callchain frames have no source file in perf 6.1, DWARF-unwound frames too (their srcline is kept); perf's giving up on an object's lines after 123 misses counts those look-ups
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
# perf gives up on an object's lines after 123 look-ups in a row that
# found none, and its look-ups of the callchain frames' files (at their
# raw addresses) all miss: libclate is in libc's frames for long before
# its samples in libc's strtod, whose lines perf then no longer looks up
# (a sample landing in libc's clock_gettime wrapper late in dsouser's run
# made a CI run fail this way)
[ -x "$WL/libclate" ] || skip "workloads not built (make workloads)"
# perf's given-up rows are the premise: a sample in libc's start-up code
# (frequency mode samples early and often) can find a line first, and
# perf then never gives up; another recording is made then
for _try in 1 2 3; do
	"$PERF" record -q --call-graph dwarf,8192 -F 499 -o "$T/l.data" "$WL/libclate" >/dev/null 2>&1 ||
		fail "perf record of libclate"
	"$PERF" report -i "$T/l.data" --stdio -q -g none -s srcfile,srcline > "$T/gave" 2>/dev/null
	grep -q '_strtod_l_internal+[0-9]' "$T/gave" && break
	echo "note: perf kept libc's lines in recording $_try (no give-up to compare)"
done
"$MPERF" report -i "$T/l.data" --stdio -q --no-children -g none -s srcline > "$T/own"
if grep -q 'strtod_l\.c:[0-9]' "$T/own"; then
	for s in srcfile,srcline srcline,srcfile; do
		report_vs_perf "$T/l.data" -q -g none -s $s
		report_vs_perf "$T/l.data" -q --no-children -g none -s $s
		n=$((n + 2))
	done
	report_vs_perf "$T/l.data" -q -g none -s srcfile,sym,srcline
	report_vs_perf "$T/l.data" -s srcline,srcfile
	n=$((n + 2))
else
	echo "note: libc has no line information here (libc6-dbg): the give-up part is not run"
fi
# the DWARF frames' lines stay in srcline (perf's too)
"$MPERF" report -i "$T/d.data" --stdio -q -g none -s srcline > "$T/lines"
grep -q 'dsouser\.c:[0-9]' "$T/lines" || fail "no dsouser.c line among the children entries"
echo "ok: $n srcfile reports of a DWARF recording equal perf's"
