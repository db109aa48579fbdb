#!/bin/sh
# list --cpuid/metric/metricgroup and named-event errors
. "$(dirname "$0")/lib.sh"
tmpdir

# metrics of Skylake-SP: the 39 of its metric JSON and our TopdownL1
"$MPERF" list --cpuid GenuineIntel-6-55-4 metric >"$T/m" || fail "list metric failed"
assert_eq "first line" "" "$(sed -n 1p "$T/m")"
assert_eq "heading" "Metrics:" "$(sed -n 2p "$T/m")"
assert_eq "SKX metrics" 43 "$(grep -c '^  [a-z]' "$T/m")"
grep -A1 '^  cpi$' "$T/m" >"$T/cpi"
assert_contains "cpi description" "[Cycles per instruction retired; indicating how much time each executed" "$T/cpi"
"$MPERF" list --cpuid SKX --details metric >"$T/d"
assert_contains "expression" "       CPU_CLK_UNHALTED.THREAD / INST_RETIRED.ANY" "$T/d"

"$MPERF" list --cpuid GenuineIntel-6-8F-0 metricgroup >"$T/g"
assert_eq "SPR groups" "cpu_cstate: No_group: TopdownL1:" "$(grep '^[A-Za-z]' "$T/g" | grep -v Metric | tr '\n' ' ' | sed 's/ $//')"

# a glob over names, any case; metrics match too
"$MPERF" list --cpuid SPR 'INST_RETIRED.*' >"$T/i"
assert_eq "inst_retired events" "inst_retired.any inst_retired.any_p inst_retired.macro_fused inst_retired.nop inst_retired.prec_dist inst_retired.rep_iteration" \
	"$(grep '^  inst_retired' "$T/i" | tr -d ' ' | tr '\n' ' ' | sed 's/ $//')"
"$MPERF" list --cpuid SPR 'tma_*' >"$T/t"
assert_eq "tma metrics" 4 "$(grep -c '^  tma_' "$T/t")"

# hybrid: both core types, with their PMU
"$MPERF" list --cpuid GenuineIntel-6-97-2 'inst_retired.any' >"$T/h"
assert_contains "atom" "cpu_atom]" "$T/h"
assert_contains "core" "cpu_core]" "$T/h"
MPERF_SYSFS="$DATA/sysfs-arch" "$MPERF" list --cpuid ADL --print-attr 'inst_retired.any:u' >"$T/a"
assert_eq "one evsel per core type, atom first as perf" "10 4" "$(awk '/^  type/{print $2}' "$T/a" | tr '\n' ' ' | sed 's/ $//')"

# deprecated events only on request
n1=$("$MPERF" list --cpuid SKX | grep -c '^  [a-z]')
n2=$("$MPERF" list --cpuid SKX --deprecated | grep -c '^  [a-z]')
[ "$n2" -gt "$n1" ] || fail "--deprecated added nothing ($n1 vs $n2)"

# arm64 by MIDR, variant/revision ignored; the event number in config
MPERF_SYSFS="$DATA/sysfs-arch" "$MPERF" list --cpuid 0x00000000413fd0c1 --print-attr 'CPU_CYCLES,l1d_cache_refill:k' >"$T/arm"
assert_eq "arm64 configs" "0x11 0x3" "$(awk '/^  config /{print $2}' "$T/arm" | tr '\n' ' ' | sed 's/ $//')"
assert_eq "arm64 type" "8 8" "$(awk '/^  type/{print $2}' "$T/arm" | tr '\n' ' ' | sed 's/ $//')"
# the --details heading names the listed CPU's arch, not the host's
assert_eq "arm64 heading" "# arch arm64, cpuid 0x00000000413fd0c1" \
	"$("$MPERF" list --cpuid 0x00000000413fd0c1 --details cpu_cycles | head -1)"
assert_eq "x86 heading" "# arch x86, cpuid SKX" "$("$MPERF" list --cpuid SKX --details cycles | head -1)"

# errors: one line, non-zero exit
"$MPERF" list --cpuid GenuineIntel-6-55-7 >"$T/o" 2>"$T/e" && fail "unknown cpuid accepted"
assert_contains "cpuid error" "no named event table for cpuid 'GenuineIntel-6-55-7'" "$T/e"
assert_eq "one error line" 1 "$(wc -l <"$T/e")"
MPERF_CPUID=SKX "$MPERF" list --print-attr 'INST_RETIRED.ANZ' >"$T/o" 2>"$T/e" && fail "typo accepted"
assert_contains "did you mean" "did you mean 'inst_retired.any'?" "$T/e"
MPERF_CPUID=SKX "$MPERF" list --print-attr 'unc_cha_clockticks' >"$T/o" 2>"$T/e" && fail "uncore without PMU accepted"
assert_contains "uncore" "needs PMU 'uncore_cha', which this machine does not have" "$T/e"
echo ok
