#!/bin/sh
# --max-stack N in caller order (--children, -G) cuts a chain as perf's
# root-first walk does: it reads the last context marker, then at each
# marker it passes the one before, and drops the chain when one of those
# is no context it knows (a corrupt frame-pointer walk); markers past the
# cut are never read. report and script equal perf's on a crafted perf 6.1
# file and on the perf 6.1 fp and dwarf files with N = 1, 2, 3, 5
. "$(dirname "$0")/lib.sh"
perf61_data cpuburn-fp.data
S=$(report_symargs)
BOTH_OPTS=$S
# kernel marker, leaf, a bogus marker, a frame, kernel marker, the root
python3 "$CRAFT" kchain "$D/cpuburn-fp.data" "$T/bad.data" \
	ffffffff81001000,ffffffffffffffea,ffffffff81002000,ffffffffffffff80,ffffffff81003000 ||
	fail "craft failed"
for N in 1 2 3; do
	both "$T/bad.data" --max-stack "$N" -s sym,dso
	both "$T/bad.data" --max-stack "$N" --no-children -s sym,dso
	both "$T/bad.data" --max-stack "$N" -G --no-children -s sym -g folded
done
# N = 1: the root alone, the bogus marker unread
report_vs_perf "$T/bad.data" $S --max-stack 1 -s sym -g folded
grep -q '__irqentry_text_end' "$T/perf" || fail "perf kept no root frame at --max-stack 1"
for N in 1 2 3 5; do
	for f in cpuburn-fp dsouser-fp cpuburn-dwarf; do
		both "$D/$f.data" --max-stack "$N"
		both "$D/$f.data" --max-stack "$N" -G --no-children
	done
	# shellcheck disable=SC2086
	script_vs_perf "$D/cpuburn-dwarf.data" $S --max-stack "$N"
done
# N = 0: no frame at all (children = self, no graph); a dwarf stack does
# not unwind into none: perf script prints its sample without callchain,
# perf report fails on it (mperf: one line, non-zero exit)
both "$D/cpuburn-fp.data" --max-stack 0
both "$D/dsouser-fp.data" --max-stack 0 -G --no-children
for f in cpuburn-fp cpuburn-dwarf; do
	# shellcheck disable=SC2086
	script_vs_perf "$D/$f.data" $S --max-stack 0
done
"$MPERF" report -i "$D/cpuburn-dwarf.data" $S --stdio --max-stack 0 > /dev/null 2> "$T/err" &&
	fail "report --max-stack 0 of a dwarf file: exit status 0"
[ "$(wc -l < "$T/err")" = 1 ] && grep -q -- "--max-stack 0" "$T/err" ||
	{ cat "$T/err" >&2; fail "report --max-stack 0 of a dwarf file: not one line naming it"; }
echo "ok: $n reports and scripts with --max-stack equal perf's"
