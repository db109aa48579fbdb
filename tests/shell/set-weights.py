#!/usr/bin/env python3
"""Give the samples of a perf.data recorded with `perf record -W` chosen weights.

usage: set-weights.py FILE [--plain]
Rewrites FILE in place: sample i gets the weight W[h(i) % 8] and the
instruction latency L[h(i) % 4] (h a fixed hash), so the samples of a
software event (whose weight the kernel leaves 0) carry several weights.
The samples must have sample_type IP|TID|TIME|[ADDR|ID|STREAM_ID|CPU]|PERIOD|
[CALLCHAIN]|WEIGHT or WEIGHT_STRUCT (no READ, RAW, BRANCH_STACK or regs).
--plain turns a WEIGHT_STRUCT file into a WEIGHT one (the same 8 bytes,
the weight alone) in the attr section.
"""
import struct, sys

W = [0, 30, 30, 10, 50, 30, 20, 10]
L = [0, 3, 7, 3]
IP, TID, TIME, ADDR, READ, CALLCHAIN, ID, CPU, PERIOD, STREAM_ID = \
    1, 2, 4, 8, 16, 32, 64, 128, 256, 512
RAW, BRANCH, REGS_USER, STACK_USER, WEIGHT = 1 << 10, 1 << 11, 1 << 12, 1 << 13, 1 << 14
WSTRUCT = 1 << 24

path = sys.argv[1]
plain = '--plain' in sys.argv[2:]
b = bytearray(open(path, 'rb').read())
if b[:8] != b'PERFILE2':
    sys.exit('%s: not a perf.data file' % path)
attr_size, = struct.unpack_from('<Q', b, 16)
attr_off, attrs_size = struct.unpack_from('<QQ', b, 24)
data_off, data_size = struct.unpack_from('<QQ', b, 40)
if attrs_size != attr_size:
    sys.exit('%s: one event expected' % path)
st, = struct.unpack_from('<Q', b, attr_off + 24)
if not st & (WEIGHT | WSTRUCT) or st & (READ | RAW | BRANCH | REGS_USER | STACK_USER):
    sys.exit('%s: sample_type %#x not handled' % (path, st))
pos, i = data_off, 0
while pos + 8 <= data_off + data_size:
    typ, misc, size = struct.unpack_from('<IHH', b, pos)
    if size < 8:
        sys.exit('%s: bad record at %d' % (path, pos))
    if typ == 9:
        o = pos + 8
        for bit in (IP, TID, TIME, ADDR, ID, STREAM_ID, CPU, PERIOD):
            if st & bit:
                o += 8
        if st & CALLCHAIN:
            nr, = struct.unpack_from('<Q', b, o)
            o += 8 + 8 * nr
        h = (i * 2654435761) >> 7
        w, lat = W[h % 8], L[(h >> 3) % 4]
        struct.pack_into('<Q', b, o, w | lat << 32 if st & WSTRUCT and not plain else w)
        i += 1
    pos += size
if plain and st & WSTRUCT:
    struct.pack_into('<Q', b, attr_off + 24, (st & ~WSTRUCT) | WEIGHT)
open(path, 'wb').write(b)
print('%d samples' % i)
