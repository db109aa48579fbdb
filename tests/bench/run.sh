#!/bin/sh
# make bench: each benchmark script in tests/bench/*.bench.sh runs mperf and
# /usr/bin/perf on the same work in the same run and prints ratios. The
# report and script benches share one set of recordings (recordings.sh),
# made once here.
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
MPERF_BENCH_DATA=$(mktemp -d /tmp/mperf-bench-data.XXXXXX)
export MPERF_BENCH_DATA
trap 'rm -rf "$MPERF_BENCH_DATA"' EXIT INT TERM
for b in tests/bench/*.bench.sh; do
	[ -f "$b" ] || continue
	echo "== $b"
	sh "$b"
done
