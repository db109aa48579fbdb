#!/bin/sh
# report -s srcline (alone, after and before sym, children and not) equals perf report's on the perf 6.1 files, inlined code of -O2 builds included
. "$(dirname "$0")/lib.sh"
need_perf
command -v addr2line >/dev/null 2>&1 || skip "perf 6.1 needs addr2line for source lines"
tmpdir
D="$DATA/perf-6.1"
S=$(report_symargs)
n=0
same() {	# FILE OPTS
	# shellcheck disable=SC2086
	"$PERF" report -i "$D/$1.data" $S --stdio $2 >"$T/p" 2>/dev/null || fail "perf report $2 on $1"
	# shellcheck disable=SC2086
	"$MPERF" report -i "$D/$1.data" $S --stdio $2 >"$T/m" 2>"$T/err" ||
		{ cat "$T/err" >&2; fail "mperf report $2 on $1: exit status"; }
	# the last 3 lines are perf's random tip / mperf's quality summary
	head -n -3 "$T/m" >"$T/a"
	head -n -3 "$T/p" >"$T/b"
	grep -q ':[0-9]' "$T/b" || fail "perf printed no source lines for $1 $2"
	if ! diff "$T/a" "$T/b" >"$T/diff"; then
		head -20 "$T/diff" >&2
		fail "report $2 on $1 differs from perf's"
	fi
	n=$((n + 1))
}
for f in dsouser-fp cpuburn-fp cpuburn-plain cpuburn-zstd syswide-fp multi-event; do
	for o in "-s srcline" "-s sym,srcline" "-s srcline,sym" "--no-children -s srcline -g none"; do
		same "$f" "$o"
	done
done
# DWARF callchains: each inlined level's line (children), and self lines
same cpuburn-dwarf "--no-children -s srcline"
same cpuburn-dwarf "--no-children -s sym,srcline -g none"
# children: the line in each inlined function and the call sites above
# it; glibc's __libc_start_call_main, whose rows come before the first
# file switch of its sequence, named after libc-start.c as binutils does
same cpuburn-dwarf "-s srcline -g none"
assert_contains "inlined call site" "cpuburn.c:771" "$T/a"
assert_contains "binutils' file of a sequence's first rows" "libc-start.c:58" "$T/a"
same cpuburn-dwarf "-s srcline"
# a column cut at the width of the lines perf had computed
same multi-event "-s sym,srcline -g none"
assert_contains "cut srcline" "get-dynamic-" "$T/a"
echo "$n srcline reports equal to perf's"
