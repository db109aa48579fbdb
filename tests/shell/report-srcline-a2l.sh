#!/bin/sh
# report -s srcline names header code (inlined and not) as perf's addr2line does: every instruction of a fresh -O2 build, and DWARF callchains with inlined frames
. "$(dirname "$0")/lib.sh"
need_perf
need_root
need_cmds gcc addr2line objdump readelf python3
tmpdir
# hdr_mix: a function of a header, kept out of line, alone in its section
# (-ffunction-sections): its line-table rows come before any file switch
# of the sequence. hdr_step: inlined into main, after a switch.
cat >"$T/work.h" <<'SRC'
static inline unsigned hdr_step(unsigned x)
{
	x ^= x << 13;
	x ^= x >> 17;
	return x ^ (x << 5);
}

static __attribute__((noinline)) unsigned hdr_mix(unsigned x, long n)
{
	for (long i = 0; i < n; i++) {
		x = x * 2654435761u + (unsigned)i;
		x ^= x >> 15;
	}
	return x;
}
SRC
cat >"$T/a2lwork.c" <<'SRC'
#include <stdlib.h>
#include <time.h>
#include "work.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

volatile unsigned sink;

int main(int argc, char **argv)
{
	double end = now() + (argc > 1 ? atof(argv[1]) : 0.3);
	unsigned x = 1;

	while (now() < end) {
		for (int i = 0; i < 100000; i++)
			x = hdr_step(x + i);
		x = hdr_mix(x, 100000);
	}
	sink = x;
	return 0;
}
SRC
W="$T/a2lwork"
gcc -O2 -g -gdwarf-5 -ffunction-sections -fno-omit-frame-pointer -o "$W" "$T/a2lwork.c" ||
	fail "cannot build the workload"
# the pattern: the line table says work.h where addr2line says a2lwork.c
mix=$(nm "$W" | awk '/ t hdr_mix/ { print $1; exit }')
[ -n "$mix" ] || fail "no hdr_mix in the build"
readelf --debug-dump=decodedline "$W" | grep -q "^work\.h .*0x$(echo "$mix" | sed 's/^0*//')" ||
	skip "this gcc does not start hdr_mix's line rows in work.h"
addr2line -e "$W" "$mix" | grep -q 'a2lwork\.c:' ||
	skip "this addr2line names work.h for hdr_mix (not binutils 2.40's rule)"

same() {	# FILE OPTS
	# shellcheck disable=SC2086
	"$PERF" report -i "$1" --stdio $2 >"$T/p" 2>/dev/null || fail "perf report $2"
	# shellcheck disable=SC2086
	"$MPERF" report -i "$1" --stdio $2 >"$T/m" 2>"$T/err" ||
		{ cat "$T/err" >&2; fail "mperf report $2: exit status"; }
	head -n -3 "$T/m" >"$T/a"
	head -n -3 "$T/p" >"$T/b"
	if ! diff "$T/a" "$T/b" >"$T/diff"; then
		head -20 "$T/diff" >&2
		fail "report $2 on $(basename "$1") differs from perf's"
	fi
	n=$((n + 1))
}
n=0

# 1. every instruction of .text, one sample each at least: the samples of
# a plain recording moved onto them (a loaded machine gives the workload
# little CPU time: then a longer recording)
objdump -d -j .text --no-show-raw-insn "$W" | awk '/^ +[0-9a-f]+:/ { sub(":", "", $1); print $1 }' >"$T/insns"
for secs in 0.3 1 3; do
	"$PERF" record -q -e cpu-clock:u -c 50000 -o "$T/p.data" "$W" $secs >/dev/null 2>&1 ||
		skip "perf record does not work here"
	[ "$("$PERF" script -i "$T/p.data" -F comm 2>/dev/null | grep -c a2lwork)" -gt \
		"$(wc -l <"$T/insns")" ] && break
done
python3 - "$T/p.data" "$T/all.data" "$W" "$T/insns" <<'PY' || fail "cannot rewrite the samples"
import struct, sys
src, dst, wl, insns = sys.argv[1:]
elf = open(wl, 'rb').read()
phoff, = struct.unpack_from('<Q', elf, 32)
phentsize, phnum = struct.unpack_from('<HH', elf, 54)
loads = []
for i in range(phnum):
    p_type, _, p_offset, p_vaddr, _, p_filesz = struct.unpack_from('<IIQQQQ', elf, phoff + i * phentsize)
    if p_type == 1:
        loads.append((p_vaddr, p_filesz, p_offset))
def fileoff(v):
    for va, sz, off in loads:
        if va <= v < va + sz:
            return v - va + off
    raise SystemExit('no segment for %x' % v)
offs = [fileoff(int(l, 16)) for l in open(insns) if l.strip()]
d = bytearray(open(src, 'rb').read())
attr_off, = struct.unpack_from('<Q', d, 24)
sample_type, = struct.unpack_from('<Q', d, attr_off + 24)
if sample_type & (1 << 16) or not sample_type & 1:    # IDENTIFIER, IP
    raise SystemExit('unexpected sample_type %x' % sample_type)
data_off, data_sz = struct.unpack_from('<QQ', d, 40)
# (the file holds each CPU's buffer in turn, not in time order: a sample
# in the workload's code is one whose address lies in its mapping)
off, m, all_samples = data_off, None, []
while off < data_off + data_sz:
    typ, misc, size = struct.unpack_from('<IHH', d, off)
    if typ == 10:
        pid, = struct.unpack_from('<I', d, off + 8)
        start, ln, pgoff = struct.unpack_from('<QQQ', d, off + 16)
        prot, = struct.unpack_from('<I', d, off + 64)
        name = bytes(d[off + 72:off + size]).split(b'\0')[0]
        if name.endswith(b'/a2lwork') and prot & 4:
            m = (pid, start, pgoff, ln)
    elif typ == 9:
        ip, pid = struct.unpack_from('<QI', d, off + 8)
        all_samples.append((off, pid, ip))
    off += size
samples = [o for o, pid, ip in all_samples
           if m and pid == m[0] and m[1] <= ip < m[1] + m[3]]
if not m or len(samples) < len(offs):
    raise SystemExit('%d samples for %d instructions' % (len(samples), len(offs)))
for i, o in enumerate(samples):
    misc, = struct.unpack_from('<H', d, o + 4)
    struct.pack_into('<H', d, o + 4, (misc & ~7) | 2)      # user
    struct.pack_into('<Q', d, o + 8, m[1] - m[2] + offs[i % len(offs)])
open(dst, 'wb').write(d)
PY
for o in "-s srcline" "-s sym,srcline" "-s srcline,sym"; do
	same "$T/all.data" "$o"
done
# the header's function out of line: the .c file; inlined: the header
"$MPERF" report -i "$T/all.data" --stdio --no-children -s sym,srcline -g none >"$T/a" 2>&1
grep -Eq '\] hdr_mix[^ ]* +a2lwork\.c:' "$T/a" ||
	{ cat "$T/a" >&2; fail "hdr_mix not named after a2lwork.c"; }
grep -Eq '\] main +work\.h:' "$T/a" || fail "no work.h line for hdr_step inlined in main"

# 2. DWARF callchains: each inlined level's line and its call site (user
# space only: kernel symbols of a live system are no part of this test)
"$PERF" record -q -e cpu-clock:u -c 200000 --call-graph dwarf,8192 -o "$T/d.data" "$W" 0.3 \
	>/dev/null 2>&1 || skip "perf record --call-graph dwarf does not work here"
same "$T/d.data" "-s srcline -g none"
same "$T/d.data" "--no-children -s sym,srcline -g none"
same "$T/d.data" "--no-children -s srcline"
echo "$n reports equal to perf's"
