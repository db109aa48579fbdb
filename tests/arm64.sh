#!/bin/sh
# The arm64 cross build under qemu-user (run by `make test-arm64`):
#  1. every unit test of build-arm64/, each under `timeout`, counted per
#     cmocka case (cases that need perf_event_open skip themselves: the
#     syscall is ENOSYS under qemu-user);
#  2. the arm64 mperf against the host's ./mperf on commands that need no
#     kernel PMU: list --cpuid of Arm and Intel cores, report and script of
#     every x86 perf 6.1 recording in tests/data (report follows the file's
#     arch, not the host's), and the arm64 --call-graph dwarf recording that
#     test-unwind made. Output, errors and exit status must be equal;
#  3. stat and record, which need perf_event_open, fail at once with one line.
# Closing line: "N passed, N failed, N skipped"; exit non-zero on a failure.
# usage: sh tests/arm64.sh [PATTERN]   (only checks whose name has PATTERN)
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
. tests/tap-lib.sh
pat=${1:-}
B=build-arm64
# The arm64 programs load their libraries from the multiarch arm64 packages
# in / (libc6:arm64 comes with them). No -L/QEMU_LD_PREFIX of the cross
# compiler's /usr/aarch64-linux-gnu: its ld.so (libc6-arm64-cross) with the
# multiarch libc.so.6 of another glibc build hangs in pthread_create.
QEMU="${QEMU:-qemu-aarch64} -L /"
TIMEOUT=${ARM64_TIMEOUT:-120}
out=$B/tests/out
mkdir -p "$out"
pass=0 fail=0 skip=0
failed_list=""

want() { [ -z "$pat" ] || case "$1" in *"$pat"*) return 0 ;; *) return 1 ;; esac; }

[ -x "$B/mperf" ] || { echo "no $B/mperf: run 'make test-arm64'"; exit 1; }
[ -x ./mperf ] || { echo "no ./mperf (the host build to compare with): run 'make'"; exit 1; }
command -v "${QEMU%% *}" >/dev/null || { echo "no ${QEMU%% *}: apt-get install qemu-user"; exit 1; }

# ---- 1. unit tests, per cmocka case, from build-arm64/ (relative data paths)
for t in "$B"/tests/unit/test-*; do
	case "$t" in *.c|*.h|*.o|*.d|*.log) continue ;; esac
	[ -x "$t" ] || continue
	name=$(basename "$t")
	want "$name" || continue
	log="$out/$name.log"
	(cd "$B" && CMOCKA_MESSAGE_OUTPUT=TAP timeout "$TIMEOUT" $QEMU "tests/unit/$name") >"$log" 2>&1
	rc=$?
	tap_count "$log"
	if [ "$f" -gt 0 ] || [ "$rc" -ne 0 ]; then
		[ "$f" -eq 0 ] && fail=$((fail + 1))
		failed_list="$failed_list $name"
		[ "$rc" = 124 ] && echo "FAIL $name (arm64): killed after ${TIMEOUT}s" ||
			echo "FAIL $name (arm64, exit $rc)"
		grep -v '^ok ' "$log" | tail -20 | sed 's/^/    /'
	else
		echo "PASS $name (arm64: $p tests$([ "$k" -gt 0 ] && echo ", $k skipped: $(sed -n 's/^not ok [0-9]* # SKIP *//p' "$log" | tr '\n' ' ' | sed 's/ $//')"))"
	fi
done

# ---- 2. arm64 mperf == x86 mperf on the same command
# same NAME ARGS...: run both from the top directory, compare stdout, stderr
# and exit status.
same() {
	name=$1
	shift
	want "$name" || return 0
	timeout "$TIMEOUT" ./mperf "$@" >"$out/cmp.x86.out" 2>"$out/cmp.x86.err"
	rx=$?
	timeout "$TIMEOUT" $QEMU "$B/mperf" "$@" >"$out/cmp.arm64.out" 2>"$out/cmp.arm64.err"
	ra=$?
	if [ "$rx" != "$ra" ] || ! cmp -s "$out/cmp.x86.out" "$out/cmp.arm64.out" ||
	   ! cmp -s "$out/cmp.x86.err" "$out/cmp.arm64.err"; then
		fail=$((fail + 1))
		failed_list="$failed_list $name"
		echo "FAIL $name: arm64 differs from x86 (exit $ra vs $rx): mperf $*"
		diff "$out/cmp.x86.out" "$out/cmp.arm64.out" | head -10 | sed 's/^/    /'
		diff "$out/cmp.x86.err" "$out/cmp.arm64.err" | head -5 | sed 's/^/    /'
		return
	fi
	# a run that printed nothing compares nothing
	if [ ! -s "$out/cmp.x86.out" ] && [ ! -s "$out/cmp.x86.err" ]; then
		fail=$((fail + 1))
		failed_list="$failed_list $name"
		echo "FAIL $name: no output: mperf $*"
		return
	fi
	pass=$((pass + 1))
	echo "PASS $name: arm64 = x86 ($(cat "$out/cmp.x86.out" "$out/cmp.x86.err" | wc -l) lines, exit $rx)"
}

S=$top/$out/symfs
rm -rf "$S"
mkdir -p "$S/opt/mperf-testdata"
D=tests/data/perf-6.1
ln -s "$top/$D/bin" "$S/opt/mperf-testdata/bin"
# Arm cores by MIDR as sysfs shows it (Neoverse N1 r3p1, Cortex-A53, the
# ARMv8 common events only), with the sysfs of an armv8_pmuv3 for encodings;
# an Intel model's events too (x86 tables in the arm64 binary).
same list-neoverse-n1 list --cpuid 0x00000000413fd0c1
same list-neoverse-n1-details list --cpuid 0x00000000413fd0c1 --details
same list-cortex-a53 list --cpuid 0x00000000410fd034
same list-neoverse-v2 list --cpuid 0x00000000410fd4f0 --details 'l1d*'
MPERF_SYSFS=tests/data/sysfs-arch
export MPERF_SYSFS
same print-attr-arm64 list --cpuid 0x00000000413fd0c1 \
	--print-attr 'cpu_cycles,inst_retired:u,l2d_cache_refill:k'
unset MPERF_SYSFS
same list-spr list --cpuid GenuineIntel-6-8F-0
same list-spr-metrics list --cpuid GenuineIntel-6-8F-0 --details metric
same list-unknown-midr list --cpuid 0x00000000420f1000
for data in "$D"/*.data; do
	f=$(basename "$data" .data)
	same "report-$f" report -i "$data" --stdio --symfs "$S" --kallsyms "$D/kallsyms"
	[ "$f" = stat-record ] && continue	# perf stat record: no samples
	same "report-flat-$f" report -i "$data" --stdio --symfs "$S" --kallsyms "$D/kallsyms" \
		--no-children --sort comm,dso,sym -g none
	same "script-$f" script -i "$data" --symfs "$S" --kallsyms "$D/kallsyms"
done
same header-only report -i "$D/cpuburn-dwarf.data" --header-only

# an arm64 --call-graph dwarf recording (test-unwind wrote it under qemu,
# from its own registers and stack): unwound alike, f3 <- f2 <- f1 first
U=$B/tests/out/unwind-self.data
if [ -f "$U" ] && want arm64-dwarf; then
	same arm64-dwarf-script script -i "$U"
	same arm64-dwarf-report report -i "$U" --stdio
	chain=$(./mperf script -i "$U" 2>&1 | awk '$2 ~ /^f[123]\+0x/ { sub(/\+.*/, "", $2); printf "%s ", $2 }')
	if [ "$chain" = "f3 f2 f1 " ]; then
		pass=$((pass + 1)); echo "PASS arm64-dwarf-chain: the x86 mperf unwinds the arm64 sample: $chain"
	else
		fail=$((fail + 1)); failed_list="$failed_list arm64-dwarf-chain"
		echo "FAIL arm64-dwarf-chain: the x86 mperf gives '$chain', not 'f3 f2 f1'"
	fi
fi

# ---- 3. what needs perf_event_open (ENOSYS under qemu-user) ends at once
# with one error line and a non-zero exit: no retry loop, no hang.
enosys() {
	name=$1
	shift
	want "$name" || return 0
	timeout "$TIMEOUT" $QEMU "$B/mperf" "$@" >"$out/enosys.out" 2>"$out/enosys.err"
	rc=$?
	if [ "$rc" = 0 ] || [ "$rc" = 124 ] || [ "$(wc -l <"$out/enosys.err")" != 1 ] ||
	   ! grep -q "no perf_event_open (ENOSYS)" "$out/enosys.err"; then
		fail=$((fail + 1))
		failed_list="$failed_list $name"
		echo "FAIL $name: mperf $* (exit $rc)"
		head -5 "$out/enosys.err" | sed 's/^/    /'
		return
	fi
	pass=$((pass + 1))
	echo "PASS $name: $(cat "$out/enosys.err")"
}
enosys stat-enosys stat true
enosys stat-a-enosys stat -a -e cs sleep 0.1
enosys record-enosys record -o "$out/enosys.data" true
enosys record-p-enosys record -o "$out/enosys.data" -p $$

[ -n "$failed_list" ] && echo "failed:$failed_list"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
