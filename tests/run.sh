#!/bin/sh
# Run every unit test binary (cmocka, TAP output) and every shell test,
# then print one closing line: "N passed, N failed, N skipped".
# usage: sh tests/run.sh [PATTERN]   (only tests whose path contains PATTERN)
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
. tests/tap-lib.sh
pat=${1:-}
out=tests/out
mkdir -p "$out"
# the suite's own cache (kallsyms, inflated debug files: mperf-report(1)),
# empty at its start
MPERF_CACHE_DIR="$top/$out/cache"
export MPERF_CACHE_DIR
rm -rf "$MPERF_CACHE_DIR"
pass=0 fail=0 skip=0
failed_list=""

# Tracepoint tests need tracefs; as root, mount it where the kernel expects
# it when nothing is there yet (mperf itself does the same).
if [ "$(id -u)" = 0 ] && [ -d /sys/kernel/tracing ] && [ ! -e /sys/kernel/tracing/events ]; then
	mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null
fi

want() { [ -z "$pat" ] || case "$1" in *"$pat"*) return 0 ;; *) return 1 ;; esac; }

for t in tests/unit/test-*; do
	case "$t" in *.c|*.o|*.d) continue ;; esac
	[ -x "$t" ] || continue
	want "$t" || continue
	name=$(basename "$t")
	log="$out/$name.log"
	CMOCKA_MESSAGE_OUTPUT=TAP timeout 300 "$t" >"$log" 2>&1
	rc=$?
	tap_count "$log"
	if [ "$f" -gt 0 ] || { [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; }; then
		[ "$f" -eq 0 ] && fail=$((fail + 1))
		failed_list="$failed_list $name"
		echo "FAIL $name (exit $rc)"
		grep -v '^ok ' "$log" | tail -20 | sed 's/^/    /'
	else
		echo "PASS $name ($p tests$([ "$k" -gt 0 ] && echo ", $k skipped"))"
	fi
done

for t in tests/shell/*.sh; do
	[ -f "$t" ] || continue
	case "$t" in */lib.sh|*-lib.sh) continue ;; esac	# sourced helpers
	want "$t" || continue
	name=$(basename "$t" .sh)
	log="$out/shell-$name.log"
	desc=$(sed -n 2p "$t" | sed 's/^# *//')
	start=$(date +%s)
	MPERF="$top/mperf" TOP="$top" timeout 600 sh "$t" >"$log" 2>&1 </dev/null
	rc=$?
	secs=$(( $(date +%s) - start ))
	case $rc in
	0) pass=$((pass + 1)); echo "PASS $name: $desc (${secs}s)" ;;
	2) skip=$((skip + 1)); echo "SKIP $name: $(tail -1 "$log")" ;;
	*) fail=$((fail + 1)); failed_list="$failed_list $name"
	   echo "FAIL $name: $desc (exit $rc, ${secs}s)"
	   tail -25 "$log" | sed 's/^/    /' ;;
	esac
done

[ -n "$failed_list" ] && echo "failed:$failed_list"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
