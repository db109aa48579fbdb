#!/bin/sh
# perf's "+" lists: -s +KEYS sorts by the default keys and then KEYS, -F +FIELDS keeps the default columns and keys and puts FIELDS' columns (keys, samples, period, sys/usr shares) first in their order: equal to perf report's on perf 6.1's files, with and without children and -n/--show-total-period; "-s +" and "-F +" alone are refused
. "$(dirname "$0")/lib.sh"
need_perf
tmpdir
D="$DATA/perf-6.1"
S=$(report_symargs)
n=0
for f in cpuburn-fp multi-event sched-switch cpuburn-dwarf; do
	for a in "-s +srcline" "-s +pid,srcline --no-children" "-s +sym" "-s +dso -g caller" \
		 "-F +srcline" "-F +srcline -n" "-F +period" "-F +srcline,period" \
		 "-F +sample,srcline,period -n" "-F +srcline,sample --show-total-period" \
		 "-F +cpu -s sym" "-F +cpu --no-children -s sym" "-F +overhead_us,srcline,overhead_sys" \
		 "-F +dso,sym --no-children" "-F +pid -s comm"; do
		# shellcheck disable=SC2086
		report_vs_perf "$D/$f.data" $S $a
		n=$((n + 1))
	done
done
# (not vacuous: the columns are where perf puts them)
"$MPERF" report -i "$D/cpuburn-fp.data" $S --stdio -F +srcline,sample --show-total-period 2>/dev/null |
	grep -q "Self        Period  Source:Line  *Samples  Command  Shared Object" ||
	fail "-F +srcline,sample --show-total-period: columns not in perf's order"
for a in "-s +" "-F +"; do
	"$MPERF" report -i "$D/cpuburn-fp.data" --stdio $a >/dev/null 2>"$T/err" && fail "$a accepted"
	assert_contains "$a refused" "name the" "$T/err"
done
echo "ok: $n reports equal to perf's"
