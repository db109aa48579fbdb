#!/bin/sh
# mperf stat vs perf stat on the same work, in the same run: whole-process
# wall time of `stat -e task-clock true` (startup + one run) and of
# `stat -r 100 true` (the per-run cost). Prints both and the mperf/perf ratio.
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
M=./mperf
P=${PERF:-/usr/bin/perf}
[ -x "$P" ] || { echo "skip: no $P"; exit 0; }
[ -x "$M" ] || { echo "skip: build mperf first"; exit 0; }
N=${N:-50}		# invocations of the short command
REPS=${REPS:-5}		# invocations of -r 100

# total seconds of COUNT runs of the command line in "$@"
timeit() {
	count=$1
	shift
	s=$(date +%s%N)
	i=0
	while [ $i -lt "$count" ]; do
		"$@" >/dev/null 2>&1
		i=$((i + 1))
	done
	e=$(date +%s%N)
	awk -v a="$s" -v b="$e" 'BEGIN { printf "%.4f", (b - a) / 1e9 }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }
per() { awk -v t="$1" -v n="$2" 'BEGIN { printf "%.2f", t * 1000 / n }'; }

# warm the page cache for both binaries
timeit 3 $M stat -e task-clock true >/dev/null
timeit 3 $P stat -e task-clock true >/dev/null

# interleave the tools so machine noise hits both alike
mt=0; pt=0
for r in 1 2 3; do
	a=$(timeit $((N / 3 + 1)) $M stat -e task-clock true)
	b=$(timeit $((N / 3 + 1)) $P stat -e task-clock true)
	mt=$(awk -v x="$mt" -v y="$a" 'BEGIN { print x + y }')
	pt=$(awk -v x="$pt" -v y="$b" 'BEGIN { print x + y }')
done
n=$(((N / 3 + 1) * 3))
printf 'stat -e task-clock true   (%d runs): mperf %s ms/run  perf %s ms/run  ratio %s\n' \
	"$n" "$(per "$mt" $n)" "$(per "$pt" $n)" "$(ratio "$mt" "$pt")"

mt=0; pt=0
for r in $(seq "$REPS"); do
	a=$(timeit 1 $M stat -r 100 true)
	b=$(timeit 1 $P stat -r 100 true)
	mt=$(awk -v x="$mt" -v y="$a" 'BEGIN { print x + y }')
	pt=$(awk -v x="$pt" -v y="$b" 'BEGIN { print x + y }')
done
printf 'stat -r 100 true          (%d runs): mperf %s ms/run  perf %s ms/run  ratio %s\n' \
	"$REPS" "$(per "$mt" "$REPS")" "$(per "$pt" "$REPS")" "$(ratio "$mt" "$pt")"
