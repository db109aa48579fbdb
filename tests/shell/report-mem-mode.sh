#!/bin/sh
# report --mem-mode and the memory sort keys (data symbol and object, data source fields, dcacheline, phys_daddr, data_page_size, symbol_iaddr) equal perf 6.1's on page-fault recordings with real-looking data sources; script -F addr,sym,dso too
. "$(dirname "$0")/lib.sh"
need_perf
need_root
tmpdir
command -v python3 >/dev/null || skip "no python3"
CRAFT="$TOP/tests/shell/craft-perfdata.py"
n=0
# page faults carry their data address (-d: ADDR and DATA_SRC): with and
# without callchains, with weights, by perf and by mperf
"$PERF" record -q -d -e page-faults -c 1 -o "$T/pf.data" -- ls -R /usr/share/doc \
	>/dev/null 2>&1 || skip "perf record -d -e page-faults failed"
"$PERF" record -q -d -g -W -e page-faults -c 1 -o "$T/pfg.data" -- ls -R /usr/share/doc \
	>/dev/null 2>&1 || fail "perf record -d -g -W"
"$MPERF" record -q -d -g -e page-faults -c 1 -o "$T/mpf.data" -- ls -R /usr/share/doc \
	>/dev/null 2>&1 || fail "mperf record -d -g"
# the same files with loads and stores at every cache level, snoops, TLB
# levels, locked and blocked accesses, weights (craft-perfdata.py memsrc)
for f in pf pfg mpf; do
	python3 "$CRAFT" memsrc "$T/$f.data" "$T/${f}m.data" || fail "craft memsrc $f"
done
for f in pf pfm pfgm mpfm; do
	both "$T/$f.data" --mem-mode
	both "$T/$f.data" --mem-mode -s mem,snoop,tlb,locked,blocked
	both "$T/$f.data" --mem-mode -n -s dso_daddr,symbol_daddr
	both "$T/$f.data" --mem-mode -s dcacheline,sym
	both "$T/$f.data" --mem-mode -s symbol_iaddr,phys_daddr,data_page_size
	# (-v: not on mperf's file, whose vdso perf finds in its build-id
	# cache, 'B', where mperf has no symbols for it, '!')
	[ $f = mpfm ] || both "$T/$f.data" --mem-mode -v -s sym,symbol_daddr,dcacheline
done
both "$T/pf.data" --mem-mode -s dso_daddr
grep -q ' anon ' "$T/perf" || fail "no anonymous data object in perf's report"
grep -q ' \[heap\] ' "$T/perf" || fail "no heap data object in perf's report"
# samples with a data source but no data address (a dwarf recording's
# cpu-clock): every data object unknown, its column 16 wide as perf's
# (not with -w)
if "$PERF" record -q --call-graph dwarf,4096 -e cpu-clock -c 100000 -o "$T/nd.data" -- \
	ls -R /usr/share/doc >/dev/null 2>&1; then
	both "$T/nd.data" --mem-mode -s dso_daddr -g none
	grep -q '^# \.\.\.\.\.\.\.\.  \.\{16\}$' "$T/perf" || fail "perf's unknown data object column is not 16 wide (the premise)"
	both "$T/nd.data" --mem-mode -s dso_daddr -w 5 -g none
fi
both "$T/pfm.data" --mem-mode -F overhead,sample,period,mem,tlb
# -F without a key: every sample in one row, --mem-mode or not
both "$T/pfm.data" --mem-mode -F overhead,sample
grep -q '100.00%' "$T/perf" || fail "perf shows no single row for -F overhead,sample (the premise)"
both "$T/pfgm.data" --mem-mode -F sample,period
both "$T/pfm.data" --mem-mode -s local_weight,locked -w 10,10,3
both "$T/pfgm.data" --mem-mode -s weight,ins_lat,local_ins_lat,mem,sym
both "$T/pfgm.data" --mem-mode -g caller
both "$T/pfgm.data" --mem-mode --children -s mem,sym
grep -q 'L1 or L1 hit' "$T/perf" || fail "no L1 hit in perf's report"
grep -q '^# Total weight : ' "$T/perf" || fail "no total weight in perf's header"
# the keys need --mem-mode, and --mem-mode memory samples: one line each
for a in "-s mem" "-s symbol_daddr" "-F overhead,dcacheline"; do
	# shellcheck disable=SC2086
	"$MPERF" report -i "$T/pf.data" --stdio $a >/dev/null 2>"$T/err" &&
		fail "report $a taken without --mem-mode"
	assert_eq "one error line" 1 "$(wc -l <"$T/err")"
	assert_contains "$a refusal" "--mem-mode" "$T/err"
done
"$PERF" record -q -e page-faults -c 1 -o "$T/nod.data" -- true >/dev/null 2>&1 ||
	fail "perf record page-faults"
"$MPERF" report -i "$T/nod.data" --stdio --mem-mode >/dev/null 2>"$T/err" &&
	fail "--mem-mode taken on a file without data sources"
assert_contains "no data source" "record them with perf record -d" "$T/err"
# script: a page fault's data symbol and object after its address
for F in addr,sym,dso ip,addr,sym,dso,symoff +addr; do
	script_vs_perf "$T/pfg.data" -F $F
	script_vs_perf "$T/mpf.data" -F $F
done
echo "ok: $n reports and scripts equal perf's"
