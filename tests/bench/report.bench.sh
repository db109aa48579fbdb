#!/bin/sh
# mperf report vs perf report on the same files, same run: a ~1M-sample
# `-a -g` recording and a `--call-graph dwarf` one, both made here with
# /usr/bin/perf. Prints wall time, peak RSS and the ratios.
# BENCH_SECS (default 10) scales the -a -g recording (~100K samples/s).
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
PERF=${PERF:-/usr/bin/perf}
M=./mperf
[ -x "$PERF" ] || { echo "skip: no $PERF"; exit 0; }
[ -x /usr/bin/time ] || { echo "skip: no /usr/bin/time (apt-get install time)"; exit 0; }
[ -x tests/workloads/cpuburn ] || make -s workloads >/dev/null
T=$(mktemp -d /tmp/mperf-bench.XXXXXX)
trap 'rm -rf "$T"' EXIT INT TERM
secs=${BENCH_SECS:-10}

echo "recording: perf record -a -g -e cpu-clock -c 20000 -- cpuburn $secs"
"$PERF" record -q -o "$T/ag.data" -a -g -e cpu-clock -c 20000 -- \
	tests/workloads/cpuburn "$secs" >/dev/null 2>&1 || { echo "skip: perf record -a failed"; exit 0; }
echo "recording: perf record --call-graph dwarf,4096 -F 2000 -- cpuburn 5"
"$PERF" record -q -o "$T/dw.data" --call-graph dwarf,4096 -F 2000 -- \
	tests/workloads/cpuburn 5 >/dev/null 2>&1 || { echo "skip: perf record dwarf failed"; exit 0; }
nr=$("$M" report -i "$T/ag.data" --stdio --no-children -s comm -g none 2>/dev/null |
	sed -n 's/^# Samples: \([^ ]*\).*/\1/p' | head -1)
echo "-a -g file: $nr samples, $(du -m "$T/ag.data" | cut -f1) MB"

# measure LABEL CMD...: "wall_s rss_kb" into $T/LABEL
measure() {
	label=$1
	shift
	/usr/bin/time -f "%e %M" -o "$T/$label" "$@" >/dev/null 2>"$T/$label.err"
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

row "report --stdio (-a -g)" -i "$T/ag.data" --stdio
row "report --stdio --no-children (-a -g)" -i "$T/ag.data" --stdio --no-children
row "report --stdio (dwarf)" -i "$T/dw.data" --stdio
row "report --stdio --no-children (dwarf)" -i "$T/dw.data" --stdio --no-children
