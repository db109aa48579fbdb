#!/bin/sh
# mperf script vs perf script on the same recordings, same run: the ~1M-
# sample -a -g file and the --call-graph dwarf file of recordings.sh, and a
# tracepoint recording. Wall time and peak RSS (GNU time, best of
# BENCH_RUNS, default 3, output to /dev/null), then the outputs compared
# (checksums of one more run of each).
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
M=$top/mperf
PERF=${PERF:-/usr/bin/perf}
[ -x "$PERF" ] || { echo "skip: no $PERF"; exit 0; }
[ -x /usr/bin/time ] || { echo "skip: no /usr/bin/time"; exit 0; }
[ -x tests/workloads/cpuburn ] || make -s workloads >/dev/null
T=$(mktemp -d /tmp/mperf-bench.XXXXXX)
trap 'rm -rf "$T"' EXIT INT TERM
D=${MPERF_BENCH_DATA:-$T}
. tests/bench/recordings.sh
bench_recordings "$D" || { echo "skip: perf record failed"; exit 0; }
runs=${BENCH_RUNS:-3}

measure() {	# LABEL FILE
	for tool in mperf perf; do
		bin=$M; [ $tool = perf ] && bin=$PERF
		best= rss=
		i=0
		while [ $i -lt "$runs" ]; do
			/usr/bin/time -f "%e %M" -o "$T/t" "$bin" script -i "$2" >/dev/null 2>&1
			read -r t r < "$T/t"
			if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; rss=$r; fi
			i=$((i + 1))
		done
		"$bin" script -i "$2" 2>/dev/null | cksum > "$T/$tool.sum"
		eval "${tool}_t=$best ${tool}_rss=$rss"
	done
	same=no; cmp -s "$T/mperf.sum" "$T/perf.sum" && same=yes
	awk -v l="$1" -v mt="$mperf_t" -v pt="$perf_t" -v mr="$mperf_rss" -v pr="$perf_rss" -v s="$same" \
		-v n="$(cut -d' ' -f2 "$T/perf.sum")" 'BEGIN {
		printf "%-28s %6.0f MB out  mperf %6.2fs %7d KB  perf %6.2fs %7d KB  speedup %.1fx  rss %.2fx  identical=%s\n",
			l, n / 1048576, mt, mr, pt, pr, (mt > 0 ? pt / mt : 0), (pr > 0 ? mr / pr : 0), s }'
}

measure "script (-a -g)" "$D/ag.data"
measure "script (dwarf)" "$D/dw.data"
measure "script (dwarf, execs)" "$D/ex.data"
if [ -e /sys/kernel/tracing/events/sched ]; then
	"$PERF" record -q -o "$T/tp.data" -e sched:sched_switch -e raw_syscalls:sys_enter -a -- sleep 2 >/dev/null 2>&1 &&
		measure "tracepoints -a, 2s" "$T/tp.data"
fi
