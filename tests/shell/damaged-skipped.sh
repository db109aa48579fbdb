#!/bin/sh
# damaged perf.data files whose damage drops data: a sample too short for its fields, a sample of no event, a record of unknown type, a malformed MMAP2, a cut COMPRESSED record each say what was skipped (one warning) and the rest is read; attrs below the smallest size or an empty attr section are refused; a file without EVENT_DESC names its tracepoints from their formats as perf
. "$(dirname "$0")/lib.sh"
tmpdir
command -v python3 >/dev/null || skip "needs python3 to damage files"
D="$DATA/perf-6.1"
SYM="--symfs $D/bin --kallsyms $D/kallsyms"
# Each copy changes one thing and keeps every record boundary (a record
# made shorter is followed by FINISHED_ROUND records filling its bytes).
python3 - "$T" "$D" <<'PY'
import struct, sys
out, d = sys.argv[1], sys.argv[2]

def records(data):
    doff, dsize = struct.unpack_from('<QQ', data, 40)
    pos = doff
    while pos + 8 <= doff + dsize:
        typ, misc, size = struct.unpack_from('<IHH', data, pos)
        if size < 8:
            break
        yield pos, typ, size
        pos += size

def shorten(b, pos, size, new):
    """record at pos keeps its first new bytes; the rest become rounds"""
    struct.pack_into('<H', b, pos + 6, new)
    for p in range(pos + new, pos + size, 8):
        struct.pack_into('<IHH', b, p, 68, 0, 8)

def first(data, typ, skip=0):
    found = [(p, s) for p, t, s in records(data) if t == typ]
    return found[skip]

def save(name, b):
    open(f"{out}/{name}.data", 'wb').write(bytes(b))

fp = open(f"{d}/cpuburn-fp.data", 'rb').read()
me = open(f"{d}/multi-event.data", 'rb').read()
zs = open(f"{d}/cpuburn-zstd.data", 'rb').read()

# IP|TID|TIME|CALLCHAIN|PERIOD: the callchain's nr after 4 words
b = bytearray(fp); p, s = first(fp, 9, 5)
struct.pack_into('<Q', b, p + 8 + 32, 1 << 40); save('bad-nr', b)
# IP|TID|TIME|ID|PERIOD: an id no attr has
b = bytearray(me); p, s = first(me, 9, 3)
struct.pack_into('<Q', b, p + 8 + 24, 0xdeadbeef); save('bad-id', b)
# a COMM of type 63 (unknown to perf 6.1 and mperf)
b = bytearray(fp); p, s = first(fp, 3, 1)
struct.pack_into('<I', b, p, 63); save('bad-type', b)
# the cpuburn binary's MMAP2 cut to 16 bytes
b = bytearray(fp)
p, s = [(p, s) for p, t, s in records(fp) if t == 10 and b'cpuburn' in fp[p:p + s]][0]
shorten(b, p, s, 16); save('short-mmap2', b)
# the last COMPRESSED record keeps half its zstd bytes
b = bytearray(zs); p, s = [(p, s) for p, t, s in records(zs) if t == 81][-1]
# (perf's COMPRESSED records are not 8-byte aligned: cut a multiple of 8)
shorten(b, p, s, s - (s - 8) // 2 // 8 * 8); save('cut-zstd', b)
# the first attr's size field (attrs at header offset 24) set to 1
b = bytearray(fp); aoff, = struct.unpack_from('<Q', fp, 24)
struct.pack_into('<I', b, aoff + 4, 1); save('attr-size1', b)
# an empty attr section
b = bytearray(fp); struct.pack_into('<Q', b, 32, 0); save('no-attrs', b)
PY
[ -s "$T/bad-nr.data" ] || fail "python could not damage the files"

# check NAME EXIT WARNING: report's exit status and its one warning
check() {
	"$MPERF" report --stdio $SYM -i "$T/$1.data" >"$T/$1.out" 2>"$T/$1.err"
	rc=$?
	assert_eq "report of $1: exit status" "$2" "$rc"
	assert_contains "report of $1: the warning" "$3" "$T/$1.err"
	[ "$(wc -l <"$T/$1.err")" -le 2 ] || { cat "$T/$1.err"; fail "$1: more than two lines on stderr"; }
}
# samples FILE: how many samples script prints
samples() { "$MPERF" script -G -F tid -i "$1" 2>/dev/null | wc -l; }

check bad-nr 0 "bad-nr.data: 1 sample is shorter than the fields its event records (damaged data): skipped"
assert_eq "bad-nr: the other samples" "$(($(samples "$D/cpuburn-fp.data") - 1))" "$(samples "$T/bad-nr.data")"
check bad-id 0 "bad-id.data: 1 sample belongs to no event the file describes (damaged attrs or ids): skipped"
check bad-type 0 "bad-type.data: 1 record of unknown type skipped"
check short-mmap2 0 "a malformed MMAP2 record (16 bytes) was skipped"
# the samples stay (their map is unknown now)
assert_eq "short-mmap2: samples" "$(samples "$D/cpuburn-fp.data")" "$(samples "$T/short-mmap2.data")"
# script reads on past the record too (it stopped with a bare EINVAL)
"$MPERF" script $SYM -i "$T/short-mmap2.data" >"$T/s.out" 2>"$T/s.err" || fail "script stopped at the short MMAP2: $(cat "$T/s.err")"
assert_eq "script of short-mmap2: lines" "$("$MPERF" script $SYM -i "$D/cpuburn-fp.data" 2>/dev/null | wc -l)" "$(wc -l <"$T/s.out")"
check cut-zstd 0 "cut-zstd.data: the compressed data ends inside a record (a COMPRESSED record was cut)"
check attr-size1 255 "attr 0 says its size is 1 bytes, below the first perf_event_attr's 64: damaged file"
check no-attrs 255 "the file header is damaged (attr section at"
# the undamaged files say none of this
for f in cpuburn-fp multi-event cpuburn-zstd; do
	"$MPERF" report --stdio $SYM -i "$D/$f.data" >/dev/null 2>"$T/e"
	grep -q "skipped\|damaged\|was cut" "$T/e" && { cat "$T/e"; fail "$f.data: a warning on an undamaged file"; }
done

# a file whose EVENT_DESC is gone (cut inside the feature sections): perf
# names the tracepoints from the tracing data's formats, and so does mperf
python3 - "$D/sched-switch.data" "$T/nodesc.data" <<'PY'
import struct, sys
data = bytearray(open(sys.argv[1], 'rb').read())
doff, dsize = struct.unpack_from('<QQ', data, 40)
bits = int.from_bytes(data[72:72 + 32], 'little')
feats = [i for i in range(256) if bits >> i & 1]
table = doff + dsize
# cut at the start of the EVENT_DESC (12) section's contents
i = feats.index(12)
off, size = struct.unpack_from('<QQ', data, table + 16 * i)
open(sys.argv[2], 'wb').write(bytes(data[:off]))
PY
"$MPERF" script -i "$T/nodesc.data" >"$T/m.s" 2>/dev/null || fail "script of a file cut at EVENT_DESC failed"
grep -q "unknown tracepoint" "$T/m.s" && fail "tracepoints not named from their formats"
grep -q "sched:sched_switch:" "$T/m.s" || fail "no sched:sched_switch line"
if [ -x "$PERF_BIN" ]; then
	script_vs_perf "$T/nodesc.data"
	"$PERF" report --stdio -i "$T/nodesc.data" 2>/dev/null | grep "^# Samples" >"$T/p.r"
	"$MPERF" report --stdio -i "$T/nodesc.data" 2>/dev/null | grep "^# Samples" >"$T/m.r"
	assert_eq "report's event names" "$(cat "$T/p.r")" "$(cat "$T/m.r")"
fi
exit 0
