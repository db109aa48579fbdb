#!/bin/sh
# mperf list --details shows each event's encoding; fake sysfs PMUs listed as perf does
. "$(dirname "$0")/lib.sh"
need_tracefs
tmpdir

"$MPERF" list --details sw 'sched:sched_switch' >"$T/d" || fail "--details exits non-zero"
head -1 "$T/d" | grep -Eq '^# arch (x86|arm64), cpuid ' || fail "no arch/cpuid line: $(head -1 "$T/d")"
grep -A1 '^  context-switches OR cs ' "$T/d" | tail -1 >"$T/l"
assert_eq "context-switches encoding" "        type=1,config=0x3" "$(cat "$T/l")"
id=$(cat /sys/kernel/tracing/events/sched/sched_switch/id)
grep -A1 '^  sched:sched_switch ' "$T/d" | tail -1 >"$T/l"
assert_eq "sched_switch encoding" "$(printf '        type=2,config=0x%x' "$id")" "$(cat "$T/l")"

# x86 cpuid as perf writes it in the CPUID feature: vendor-family-model-stepping
case $(uname -m) in
x86_64)
	if [ -x "$PERF_BIN" ]; then
		want=$("$PERF" stat -v -e cpu-clock true 2>&1 | sed -n 's/^Using CPUID //p' | head -1)
		[ -n "$want" ] && assert_eq "cpuid" "# arch x86, cpuid $want" "$(head -1 "$T/d")"
	fi ;;
esac

# PMUs from the fake sysfs: core PMU events "X OR cpu/X/", others pmu/X/,
# core first, then by PMU and event name; --details shows the sysfs terms
MPERF_SYSFS="$DATA/sysfs" "$MPERF" list --details pmu >"$T/p" || fail "list pmu on fake sysfs"
cat >"$T/want" <<'W'
  branch-instructions OR cpu/branch-instructions/    [Kernel PMU event]
        cpu/event=0xc4/
  branch-misses OR cpu/branch-misses/                [Kernel PMU event]
        cpu/event=0xc5/
  cache-misses OR cpu/cache-misses/                  [Kernel PMU event]
        cpu/event=0x2e,umask=0x41/
  cache-references OR cpu/cache-references/          [Kernel PMU event]
        cpu/event=0x2e,umask=0x4f/
  cycles OR cpu/cycles/                              [Kernel PMU event]
        cpu/event=0x3c/
  instructions OR cpu/instructions/                  [Kernel PMU event]
        cpu/event=0xc0/
  mem-loads OR cpu/mem-loads/                        [Kernel PMU event]
        cpu/event=0xcd,umask=0x1,ldlat=3/
  ref-cycles OR cpu/ref-cycles/                      [Kernel PMU event]
        cpu/event=0x00,umask=0x03/
  topdown-slots-issued OR cpu/topdown-slots-issued/  [Kernel PMU event]
        cpu/event=0x0e,umask=0x01/
  topdown-total-slots OR cpu/topdown-total-slots/    [Kernel PMU event]
        cpu/event=0x3c,umask=0x00/
  uncore_imc_0/cas_count_read/                       [Kernel PMU event]
        uncore_imc_0/event=0x04,umask=0x03/
  uncore_imc_0/cas_count_write/                      [Kernel PMU event]
        uncore_imc_0/event=0x04,umask=0x0c/
  uncore_imc_0/clockticks/                           [Kernel PMU event]
        uncore_imc_0/event=0x00,umask=0x00/
W
sed 1d "$T/p" >"$T/got"
diff "$T/want" "$T/got" >&2 || fail "fake sysfs pmu list differs"

# tracefs absent: an empty tracepoint list and exit 0, never a crash
MPERF_TRACEFS=/nonexistent "$MPERF" list tracepoint >"$T/none" || fail "no tracefs: non-zero exit"
[ ! -s "$T/none" ] || fail "no tracefs: output not empty"
exit 0
