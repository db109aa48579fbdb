#!/bin/sh
# stat -M / --topdown: metric events counted by name, errors for unknown metrics
. "$(dirname "$0")/lib.sh"
tmpdir

# No PMU here: the metric's events are opened (and reported <not
# supported>, as perf does on such a machine) and no metric row is printed.
MPERF_CPUID=GenuineIntel-6-55-4 "$MPERF" stat -M cpi -- true >"$T/o" 2>&1 || fail "stat -M cpi failed: $(cat "$T/o")"
assert_eq "cpi events" "cpu_clk_unhalted.thread inst_retired.any" \
	"$(awk '/not supported|not counted/{print $NF}' "$T/o" | tr '\n' ' ' | sed 's/ $//')"
grep -q '# .* cpi$' "$T/o" && fail "a cpi value was printed without counts"

# the events stat opens for -M: each metric's group, shared when a
# metric's events are a subset of another's (TopdownL1 on SKX: 2 groups)
MPERF_CPUID=SKX "$MPERF" stat --topdown -- true >"$T/t" 2>&1 || fail "--topdown failed: $(tail -3 "$T/t")"
assert_eq "TopdownL1 events" 8 "$(grep -cE '<not (supported|counted)>' "$T/t")"
MPERF_CPUID=SKX "$MPERF" stat -M cpi,l1d_mpi -e task-clock -- true >"$T/o2" 2>&1
assert_contains "task-clock counted" "task-clock" "$T/o2"
assert_eq "-e and -M events" 5 "$(grep -cE 'msec task-clock|<not (supported|counted)>' "$T/o2")"

# errors: one line, exit 129
MPERF_CPUID=SKX "$MPERF" stat -M nosuchmetric -- true >"$T/o" 2>"$T/e" && fail "unknown metric accepted"
assert_eq "error lines" 1 "$(wc -l <"$T/e")"
assert_contains "unknown metric" "unknown metric or metric group 'nosuchmetric' for SKX" "$T/e"
MPERF_CPUID=ADL "$MPERF" stat --topdown -- true >"$T/o" 2>"$T/e" && fail "--topdown without TopdownL1 accepted"
assert_contains "no topdown" "--topdown: no TopdownL1 metrics for this CPU model ADL" "$T/e"
if ! "$MPERF" list metric 2>/dev/null | grep -q .; then
	"$MPERF" stat -M cpi -- true >"$T/o" 2>"$T/e" && fail "-M without a table accepted"
	assert_contains "no table" "no metrics are known for this CPU" "$T/e"
fi
echo ok
