#!/bin/sh
# make bench: each benchmark script in tests/bench/*.bench.sh runs mperf and
# /usr/bin/perf on the same work in the same run and prints ratios.
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
for b in tests/bench/*.bench.sh; do
	[ -f "$b" ] || continue
	echo "== $b"
	sh "$b"
done
