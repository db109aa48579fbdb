#!/bin/sh
# mperf script vs perf script on the same recordings, same run: wall time
# and peak RSS (GNU time), output compared line for line.
top=$(cd "$(dirname "$0")/../.." && pwd)
M=$top/mperf
P=/usr/bin/perf
[ -x "$P" ] || { echo "skip: no $P"; exit 0; }
[ -x /usr/bin/time ] || { echo "skip: no /usr/bin/time"; exit 0; }
T=$(mktemp -d /tmp/mperf-bench.XXXXXX)
trap 'rm -rf "$T"' EXIT INT TERM

measure() {	# LABEL FILE: best of 3 for each tool
	for tool in mperf perf; do
		bin=$M; [ $tool = perf ] && bin=$P
		best=
		for i in 1 2 3; do
			/usr/bin/time -f "%e %M" -o "$T/t" $bin script -i "$2" >"$T/$tool.out" 2>/dev/null
			set -- "$1" "$2" $(cat "$T/t")
			if [ -z "$best" ] || awk "BEGIN{exit !($3 < $best)}"; then best=$3; rss=$4; fi
			set -- "$1" "$2"
		done
		eval "${tool}_t=$best ${tool}_rss=$rss"
	done
	same=no; cmp -s "$T/mperf.out" "$T/perf.out" && same=yes
	awk -v l="$1" -v mt="$mperf_t" -v pt="$perf_t" -v mr="$mperf_rss" -v pr="$perf_rss" -v s="$same" \
		-v n="$(grep -c . "$T/perf.out")" 'BEGIN {
		printf "%-28s %9d lines  mperf %6.2fs %7d KB  perf %6.2fs %7d KB  speedup %.1fx  rss %.2fx  identical=%s\n",
			l, n, mt, mr, pt, pr, (mt > 0 ? pt / mt : 0), (pr > 0 ? mr / pr : 0), s }'
}

# a -a -g recording (fp callchains) and a tracepoint recording
$P record -q -o "$T/ag.data" -a -g -F 4000 -- sleep 4 >/dev/null 2>&1 || { echo "skip: perf record failed"; exit 0; }
measure "perf record -a -g, 4s" "$T/ag.data"
$P record -q -o "$T/dw.data" --call-graph dwarf,8192 -F 2000 -- "$top/tests/workloads/cpuburn" 2 >/dev/null 2>&1 &&
	measure "perf record --call-graph dwarf" "$T/dw.data"
if [ -e /sys/kernel/tracing/events/sched ]; then
	$P record -q -o "$T/tp.data" -e sched:sched_switch -e raw_syscalls:sys_enter -a -- sleep 2 >/dev/null 2>&1 &&
		measure "tracepoints -a, 2s" "$T/tp.data"
fi
