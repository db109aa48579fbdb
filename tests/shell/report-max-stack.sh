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
echo "ok: $n reports and scripts with --max-stack equal perf's"
