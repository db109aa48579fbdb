#!/bin/sh
# --call-graph dwarf stacks deeper than their copy: a return address past
# the copy reads as 0 in perf's unwinder (its read of the [stack] map's
# object fails, and it hands libunwind 0), so perf 6.1 ends such chains
# with a ffffffffffffffff frame, which its graph shows and its flat and
# folded lines leave out. Recordings with dwarf,4096 by perf and mperf of
# tests/workloads/deeprec: scripts and reports equal perf's, the quality
# line counts the truncated stacks, and libdw's own unwinder agrees with
# the fast path (MPERF_UNWIND_CHECK).
. "$(dirname "$0")/lib.sh"
need_perf
[ "$(uname -m)" = x86_64 ] || skip "perf's libunwind frames are checked on x86_64"
tmpdir
[ -x "$WL/deeprec" ] || skip "workloads not built (make workloads)"
n=0
"$PERF" record -q --call-graph dwarf,4096 -o "$T/p.data" "$WL/deeprec" 0.3 >/dev/null 2>&1 ||
	fail "perf record --call-graph dwarf,4096 of deeprec failed"
"$MPERF" record -q --call-graph dwarf,4096 -o "$T/m.data" "$WL/deeprec" 0.3 >/dev/null 2>&1 ||
	fail "mperf record --call-graph dwarf,4096 of deeprec failed"
for f in "$T/p.data" "$T/m.data"; do
	# the premise: perf's chains that ran past the copy end at -1
	"$PERF" script -i "$f" -F ip 2>/dev/null > "$T/ips"
	minus=$(grep -c 'ffffffffffffffff' "$T/ips")
	[ "$minus" -ge 3 ] || fail "$f: perf shows only $minus ffffffffffffffff frames"
	for opts in "" "-F ip,sym" "-F comm,tid,ip,sym,dso -G"; do
		# shellcheck disable=SC2086
		script_vs_perf "$f" $opts
	done
	reports_vs_perf "$f" <<'LIST'
--no-children
--no-children -g flat
--no-children -g folded
-g caller -s sym
-s dso,sym -F overhead,sample,sym
LIST
	report_vs_perf "$f"
	n=$((n + 1))
	# every one of them counts as truncated in the quality line
	MPERF_UNWIND_CHECK=1 "$MPERF" report --stdio -i "$f" > "$T/out" 2> "$T/err" ||
		fail "mperf report -i $f failed: $(head -1 "$T/err")"
	trunc=$(sed -n 's/.* \([0-9]*\) truncated DWARF stacks.*/\1/p' "$T/out")
	[ -n "$trunc" ] && [ "$trunc" -ge "$minus" ] ||
		fail "$f: the quality line counts ${trunc:-no} truncated stacks, perf shows $minus cut chains"
	line=$(grep '^unwind check:' "$T/err") || fail "$f: no unwind check line"
	set -- $(echo "$line" | tr -dc '0-9 ')
	[ "$3" = 0 ] || fail "$f: libdw's unwinder differs from the fast path ($line)"
	n=$((n + 2))
done
echo "$n reports, scripts and counts of truncated DWARF stacks as perf's"
