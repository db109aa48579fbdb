#!/bin/sh
# damaged perf.data files: truncated at many offsets and byte-flipped; report and script never crash or hang
. "$(dirname "$0")/lib.sh"
tmpdir
command -v python3 >/dev/null || skip "needs python3 to damage files"
D="$DATA/perf-6.1"
SYM="--symfs $D/bin --kallsyms $D/kallsyms"
# Make the damaged copies: cuts at 24 offsets spread over each file and 12
# copies with 8 random bytes flipped each (fixed seed: the same set every run).
python3 - "$T" "$D/cpuburn-fp.data" "$D/cpuburn-pipe.data" "$D/cpuburn-zstd.data" \
	"$D/sched-switch.data" "$D/multi-event.data" <<'PY'
import os, random, sys
out = sys.argv[1]
rnd = random.Random(1234)
for path in sys.argv[2:]:
    data = open(path, 'rb').read()
    base = os.path.basename(path)[:-5]
    n = len(data)
    cuts = sorted(set([0, 7, 8, 15, 16, 64, 103, 104, 200] +
                      [rnd.randrange(n) for _ in range(15)]))
    for c in cuts:
        open(f"{out}/{base}.cut{c}.data", 'wb').write(data[:c])
    for k in range(12):
        b = bytearray(data)
        for _ in range(8):
            # half the flips land in the first 4 KiB (header, attrs)
            i = rnd.randrange(min(n, 4096)) if rnd.random() < 0.5 else rnd.randrange(n)
            b[i] ^= 1 << rnd.randrange(8)
        open(f"{out}/{base}.flip{k}.data", 'wb').write(bytes(b))
PY
total=0 crashes=0 hangs=0 noisy=0
# 1 GiB of address space is far more than any of these files needs; under
# ASan (make sanitize) the shadow memory alone reserves terabytes of address
# space, so there the limit is on each allocation instead (1 GiB; ASan
# reports a larger request as an error, counted as a crash below)
vlimit=1048576
if [ -n "${MPERF_SANITIZE:-}" ]; then
	vlimit=unlimited
	export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}max_allocation_size_mb=1024"
fi
for f in "$T"/*.data; do
	for cmd in "report --stdio" "script"; do
		total=$((total + 1))
		( ulimit -v $vlimit; timeout 20 "$MPERF" $cmd -i "$f" $SYM >/dev/null 2>"$T/err" )
		rc=$?
		if [ $rc -eq 124 ]; then
			hangs=$((hangs + 1)); echo "HANG: mperf $cmd $(basename "$f")"
		elif crashed $rc || grep -q 'Sanitizer\|runtime error' "$T/err"; then
			crashes=$((crashes + 1)); echo "CRASH ($rc): mperf $cmd $(basename "$f")"
			head -5 "$T/err"
		elif [ "$(wc -l <"$T/err")" -gt 3 ]; then
			noisy=$((noisy + 1)); echo "NOISY: mperf $cmd $(basename "$f"):"; head -5 "$T/err"
		fi
	done
done
echo "mperf: $total runs on damaged files: $crashes crashes, $hangs hangs, $noisy with more than 3 error lines"
if [ -x "$PERF_BIN" ] && [ -z "${MPERF_SANITIZE:-}" ]; then
	# informational: how perf 6.1 fares on the same copies
	pc=0 pn=0
	for f in "$T"/*.data; do
		pn=$((pn + 1))
		timeout 20 "$PERF" report --stdio -i "$f" $SYM >/dev/null 2>&1
		rc=$?
		{ [ $rc -eq 124 ] || crashed $rc; } && pc=$((pc + 1))
	done
	echo "perf 6.1 (report only): $pc crashes or hangs in $pn runs"
fi
[ $crashes -eq 0 ] && [ $hangs -eq 0 ] && [ $noisy -eq 0 ] ||
	fail "$crashes crashes, $hangs hangs, $noisy noisy of $total"
exit 0
