#!/bin/sh
# Run every libFuzzer harness of build-fuzz/ for SECONDS each (one at a
# time, niced), ASan+UBSan+LeakSanitizer on, and print per harness the
# execs and what it found. Exit 1 on any finding (crash, leak, timeout,
# out-of-memory); the input is kept in build-fuzz/findings/.
# usage: sh tests/fuzz/run.sh SECONDS [HARNESS...]
# The corpus of each harness grows in build-fuzz/corpus/NAME across runs
# (FUZZ_CORPUS=DIR puts it elsewhere, e.g. a fresh one for a short run);
# the seeds come from tests/data (tests/fuzz/make-seeds.py).
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
secs=${1:-60}
shift
names=${*:-"perfdata perfdata-pipe parse-events trace-event"}
B=build-fuzz
C=${FUZZ_CORPUS:-$B/corpus}
mkdir -p "$B/findings" "$B/logs"
if [ ! -d "$B/seeds" ] || [ tests/fuzz/make-seeds.py -nt "$B/seeds" ]; then
	rm -rf "$B/seeds"
	python3 tests/fuzz/make-seeds.py "$top" "$B/seeds" || exit 1
fi
total_found=0
for n in $names; do
	bin="$B/fuzz-$n"
	[ -x "$bin" ] || { echo "fuzz $n: $bin not built (make fuzz-build)"; exit 1; }
	mkdir -p "$C/$n"
	log="$B/logs/$n.log"
	# -malloc_limit_mb: no single allocation may be larger than 64 MiB
	# (inputs are at most 64 KiB); -rss_limit_mb: the whole process stays
	# under 1 GiB; -timeout: one input may not take 10 s.
	start=$(date +%s)
	ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
	LSAN_OPTIONS=suppressions="$top/tests/fuzz/lsan.supp":print_suppressions=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	nice "$bin" -max_total_time="$secs" -max_len=65536 -timeout=10 \
		-rss_limit_mb=1024 -malloc_limit_mb=64 -close_fd_mask=3 \
		-print_final_stats=1 -artifact_prefix="$B/findings/$n-" \
		"$C/$n" "$B/seeds/$n" >"$log" 2>&1
	rc=$?
	took=$(( $(date +%s) - start ))
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
	found=$(grep -c '^==[0-9]*==ERROR\|^SUMMARY: \|runtime error\|ALARM: working on the last Unit\|out-of-memory\|malloc(.*) exceeds' "$log")
	if [ "$rc" -ne 0 ] || [ "$found" -gt 0 ]; then
		total_found=$((total_found + 1))
		art=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
		echo "fuzz $n: FINDING after ${execs:-?} execs in ${took} s (exit $rc): $(grep -m1 'ERROR\|runtime error\|ALARM\|out-of-memory\|exceeds' "$log")"
		echo "    input: ${art:-none written}; log: $log"
	else
		echo "fuzz $n: ${execs:-?} execs in ${took} s, ${cov:-cov: ?} edges, corpus $(ls "$C/$n" | wc -l) inputs, no finding"
	fi
done
[ "$total_found" -eq 0 ]
