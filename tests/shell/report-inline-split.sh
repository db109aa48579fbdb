#!/bin/sh
# --call-graph dwarf children: perf's symbol key compares an inlined frame's symbol by name and the others by address, so even with a dso key its tree can keep one inlined symbol as two entries (two rows with -s dso,sym); its collapse merges them with the first one's callchain depth, which orders children ties (ld.so's _dl_start_final (inlined) after _dl_sysdep_start): mperf's rows are perf's on a perf 6.1 file where this happens
. "$(dirname "$0")/lib.sh"
need_perf
F="$DATA/perf-6.1/ldso-inline-dwarf.data"
[ -f "$F" ] || skip "no perf 6.1 test data"
# the inlined frames come from the debug file of the Debian 12 ld.so the
# file was recorded with
[ -f /usr/lib/debug/.build-id/7e/bc65e52f2bbea498b4040fa92f7238377aaba9.debug ] ||
	skip "libc6-dbg of the ld.so the file was made with is not installed"
tmpdir
S=$(report_symargs)
# the subject: perf shows one inlined symbol as two rows
# shellcheck disable=SC2086
"$PERF" report -i "$F" --stdio $S -s dso,sym -g none 2>/dev/null | grep '%' |
	awk '{ $1 = $2 = ""; print }' | sort | uniq -d >"$T/dup"
grep -q '_dl_start_final (inlined)' "$T/dup" ||
	fail "perf's -s dso,sym does not show _dl_start_final (inlined) twice on this file"
n=0
while read -r opts; do
	# shellcheck disable=SC2086
	report_vs_perf "$F" $S $opts
	n=$((n + 1))
done <<'LIST'
--sort comm,dso,sym
-s dso,sym
-s sym,dso
-s dso,sym -g none
-g caller
-g callee
-s sym
--no-children
LIST
[ "$n" -eq 8 ] || fail "only $n option sets ran"
echo "$n reports equal to perf's on an inlined entry perf keeps as two"
