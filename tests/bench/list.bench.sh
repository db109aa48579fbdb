#!/bin/sh
# mperf list vs perf list on this machine, in the same run: wall time of
# `list tracepoint`, the full `list` and `list --raw-dump`, median of REPS
# runs each, and the mperf/perf ratio (below 1: mperf is faster).
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
M=./mperf
P=${PERF:-/usr/bin/perf}
REPS=${REPS:-15}
[ -x "$P" ] || { echo "skip: no $P"; exit 0; }
[ -x "$M" ] || { echo "skip: build ./mperf first"; exit 0; }

# median wall seconds of running "$@" REPS times (output discarded)
med() {
	for i in $(seq "$REPS"); do
		s=$(date +%s%N)
		"$@" >/dev/null 2>&1
		e=$(date +%s%N)
		echo $(( (e - s) / 1000 ))
	done | sort -n | awk '{ v[NR] = $1 } END { printf "%.4f", v[int((NR + 1) / 2)] / 1e6 }'
}

for args in "tracepoint" "" "--raw-dump"; do
	tm=$(med $M list $args)
	tp=$(med $P list $args)
	r=$(awk -v a="$tm" -v b="$tp" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
	printf 'list %-12s mperf %ss  perf %ss  ratio %s\n' "${args:-(all)}" "$tm" "$tp" "$r"
done
