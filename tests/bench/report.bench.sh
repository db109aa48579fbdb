#!/bin/sh
# mperf report vs perf report on the same files, same run: a ~1M-sample
# `-a -g` recording, a `--call-graph dwarf` one and an exec-heavy dwarf one
# (recordings.sh), and a raw_syscalls tracepoint one. Prints
# wall time and peak RSS (best of BENCH_RUNS runs: default 1 on the -a -g
# file, 3 on the small dwarf one) and the ratios.
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
PERF=${PERF:-/usr/bin/perf}
M=./mperf
[ -x "$PERF" ] || { echo "skip: no $PERF"; exit 0; }
[ -x /usr/bin/time ] || { echo "skip: no /usr/bin/time (apt-get install time)"; exit 0; }
[ -x tests/workloads/cpuburn ] || make -s workloads >/dev/null
T=$(mktemp -d /tmp/mperf-bench.XXXXXX)
trap 'rm -rf "$T"' EXIT INT TERM
D=${MPERF_BENCH_DATA:-$T}
. tests/bench/recordings.sh
bench_recordings "$D" || { echo "skip: perf record failed"; exit 0; }

# measure LABEL CMD...: best "wall_s rss_kb" of $runs into $T/LABEL
measure() {
	label=$1
	shift
	: > "$T/$label.all"
	i=0
	while [ $i -lt "$runs" ]; do
		/usr/bin/time -f "%e %M" -o "$T/t" "$@" >/dev/null 2>"$T/$label.err"
		cat "$T/t" >> "$T/$label.all"
		i=$((i + 1))
	done
	sort -n "$T/$label.all" | head -1 > "$T/$label"
}

row() {
	what=$1
	shift
	measure perf "$PERF" report "$@"
	measure mperf "$M" report "$@"
	read -r pw pr < "$T/perf"
	read -r mw mr < "$T/mperf"
	awk -v w="$what" -v pw="$pw" -v pr="$pr" -v mw="$mw" -v mr="$mr" 'BEGIN {
		printf "%-34s perf %7.2fs %8.0fMB   mperf %7.2fs %8.0fMB   %5.2fx faster, %5.2fx less memory\n",
			w, pw, pr / 1024, mw, mr / 1024, (mw > 0 ? pw / mw : 0), (mr > 0 ? pr / mr : 0)
	}'
}

runs=${BENCH_RUNS:-1}
row "report --stdio (-a -g)" -i "$D/ag.data" --stdio
row "report --stdio --no-children (-a -g)" -i "$D/ag.data" --stdio --no-children
runs=${BENCH_RUNS:-3}
row "report --stdio (dwarf)" -i "$D/dw.data" --stdio
row "report --stdio --no-children (dwarf)" -i "$D/dw.data" --stdio --no-children
row "report --stdio (dwarf, execs)" -i "$D/ex.data" --stdio
row "report --stdio --no-children (dwarf, execs)" -i "$D/ex.data" --stdio --no-children
# tracepoints: the trace sort key (every sample's fields formatted), no
# callchains; raw_syscalls of three `ls -R /usr/lib` (some 400K samples)
if [ ! -s "$D/sc.data" ]; then
	"$PERF" record -q -o "$D/sc.data" -e raw_syscalls:sys_enter -e raw_syscalls:sys_exit -- \
		sh -c 'for i in 1 2 3; do ls -R /usr/lib >/dev/null; done' >/dev/null 2>&1 ||
		rm -f "$D/sc.data"
fi
[ -s "$D/sc.data" ] && row "report --stdio (raw_syscalls tracepoints)" -i "$D/sc.data" --stdio
