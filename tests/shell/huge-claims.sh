#!/bin/sh
# perf.data files whose sections and records claim huge sizes (data, attrs, features, counts, TRACING_DATA, AUXTRACE, a zstd bomb): report and script read them in bounded memory
. "$(dirname "$0")/lib.sh"
tmpdir
command -v python3 >/dev/null || skip "needs python3 to craft the files"
python3 "$TOP/tests/fuzz/make-seeds.py" "$TOP" "$T/seeds" || fail "make-seeds.py failed"
bomb=""
if command -v zstd >/dev/null; then
	# 300 MB of zeros in a few KiB of zstd
	head -c 300000000 /dev/zero | zstd -19 -q -c >"$T/zeros.zst" && bomb="$T/zeros.zst"
fi
python3 - "$T" "$bomb" <<'PY' || fail "crafting failed"
import struct, sys
T, bomb = sys.argv[1], sys.argv[2]
src = open(f'{T}/seeds/perfdata/sched-switch.4096', 'rb').read()
pipe = open(f'{T}/seeds/perfdata-pipe/sched-switch.4096', 'rb').read()
def w(n, b): open(f'{T}/{n}.data', 'wb').write(b)
doff, dsz = struct.unpack_from('<QQ', src, 40)
nf = bin(int.from_bytes(src[72:104], 'little')).count('1')
b = bytearray(src); struct.pack_into('<Q', b, 48, 1 << 62); w('data-size', b)
b = bytearray(src); struct.pack_into('<Q', b, 32, 1 << 40); w('attr-size', b)
b = bytearray(src)
for i in range(nf):
    struct.pack_into('<Q', b, doff + dsz + 16 * i + 8, (1 << 40) + i)
w('feature-size', b)
b = bytearray(src)
for i in range(nf):     # every feature's leading counts at 2^31-1
    o, sz = struct.unpack_from('<QQ', b, doff + dsz + 16 * i)
    if sz >= 8:
        struct.pack_into('<II', b, o, 0x7fffffff, 0x7fffffff)
w('feature-count', b)
i = pipe.index(struct.pack('<IHH', 66, 0, 16))
b = bytearray(pipe); struct.pack_into('<I', b, i + 8, 0xfffffff0)
w('pipe-tracing-size', bytes(b[:i + 16 + 100]))
w('pipe-auxtrace-size', pipe[:16] + struct.pack('<IHHQQQIII', 71, 0, 48, 1 << 62, 0, 0, 0, 0, 0) + b'x' * 100)
if bomb:
    z = open(bomb, 'rb').read()
    w('pipe-zstd-bomb', pipe + struct.pack('<IHH', 81, 0, 8 + len(z)) + z)
PY
# max RSS in KiB of one run (GNU time when there, else the address-space
# limit alone is the check)
bad=0 n=0
for f in "$T"/*.data; do
	b=$(basename "$f" .data)
	modes="file"
	case $b in pipe-*) modes="file stream" ;; esac
	for mode in $modes; do
	for cmd in "report --stdio" "script"; do
		n=$((n + 1))
		# pipe-mode content also through a real pipe (the streaming reader)
		set -- sh -c '"$1" $2 -i "$3" --kallsyms /dev/null' sh "$MPERF" "$cmd" "$f"
		[ $mode = stream ] &&
			set -- sh -c 'cat "$3" | "$1" $2 -i - --kallsyms /dev/null' sh "$MPERF" "$cmd" "$f"
		if [ -x /usr/bin/time ] && [ -z "${MPERF_SANITIZE:-}" ]; then
			( ulimit -v 1048576; /usr/bin/time -f "%M" -o "$T/rss" timeout 20 "$@" >/dev/null 2>"$T/err" )
			rc=$?
			rss=$(tail -1 "$T/rss")
		else
			( [ -z "${MPERF_SANITIZE:-}" ] && ulimit -v 1048576; timeout 20 "$@" >/dev/null 2>"$T/err" )
			rc=$?
			rss=0
		fi
		# a few KiB of input: 64 MiB is far more than reading it needs
		if [ $rc -eq 124 ] || crashed $rc || grep -qi 'sanitizer\|cannot allocate\|out of memory' "$T/err" ||
		   [ "${rss:-0}" -gt 65536 ]; then
			bad=$((bad + 1))
			echo "FAIL: mperf $cmd $b ($mode): exit $rc, max RSS ${rss} KiB"; head -3 "$T/err"
		else
			echo "ok: mperf $cmd $b ($mode): exit $rc, max RSS ${rss} KiB: $(head -1 "$T/err" | cut -c1-100)"
		fi
	done
	done
done
[ $n -ge 12 ] || fail "only $n runs"
[ $bad -eq 0 ] || fail "$bad of $n runs crashed, hung or used too much memory"
