#!/usr/bin/env python3
"""Seed corpora for the libFuzzer harnesses, made from tests/data.

usage: make-seeds.py TOP OUTDIR
Writes OUTDIR/{perfdata,perfdata-pipe,parse-events,trace-event}/. The perf
6.1 files are cut to a few KiB of records (so mutations reach the header,
the attrs and the features as often as the samples), their TRACING_DATA
shrunk (kallsyms and printk formats to a few lines), and each is also
converted to pipe mode (ATTR, FEATURE and TRACING_DATA records).
"""
import glob, os, re, struct, sys

top, out = sys.argv[1], sys.argv[2]
D = os.path.join(top, 'tests/data/perf-6.1')
for sub in ('perfdata', 'perfdata-pipe', 'parse-events', 'trace-event'):
    os.makedirs(os.path.join(out, sub), exist_ok=True)

def put(sub, name, data):
    if len(data) > 65536:       # run.sh's -max_len
        return
    open(os.path.join(out, sub, name), 'wb').write(data)

TD_MAGIC = b'\x17\x08\x44tracing'
HEADER_TRACING_DATA = 1

def shrink_tracing(blob):
    """The same TRACING_DATA with 3 ftrace formats, 40 kallsyms and 40
    printk lines at most; None if it does not parse."""
    p = 0
    def take(n):
        nonlocal p
        b = blob[p:p + n]
        if len(b) != n:
            raise ValueError
        p += n
        return b
    def cstr():
        nonlocal p
        e = blob.index(b'\0', p)
        s = blob[p:e + 1]
        p = e + 1
        return s
    try:
        o = take(10)
        if o != TD_MAGIC:
            return None
        ver = cstr()
        o += ver + take(2 + 4)
        for tag in (b'header_page\0', b'header_event\0'):
            t = take(len(tag))
            n, = struct.unpack('<Q', take(8))
            o += t + struct.pack('<Q', n) + take(n)
        nf, = struct.unpack('<I', take(4))
        fmts = []
        for _ in range(nf):
            n, = struct.unpack('<Q', take(8))
            fmts.append(take(n))
        fmts = fmts[:3]
        o += struct.pack('<I', len(fmts)) + b''.join(struct.pack('<Q', len(f)) + f for f in fmts)
        ns, = struct.unpack('<I', take(4))
        o += struct.pack('<I', ns)
        for _ in range(ns):
            o += cstr()
            ne, = struct.unpack('<I', take(4))
            o += struct.pack('<I', ne)
            for _ in range(ne):
                n, = struct.unpack('<Q', take(8))
                o += struct.pack('<Q', n) + take(n)
        for _ in range(2):  # kallsyms, printk formats
            n, = struct.unpack('<I', take(4))
            lines = take(n).split(b'\n')[:40]
            t = b'\n'.join(lines) + b'\n' if n else b''
            o += struct.pack('<I', len(t)) + t
        if ver.rstrip(b'\0') >= b'0.6' and len(blob) - p >= 8:
            n, = struct.unpack('<Q', take(8))
            o += struct.pack('<Q', n) + take(n)
        return o
    except (ValueError, struct.error):
        return None

def records(data, start, end):
    off = start
    while off + 8 <= end:
        typ, misc, size = struct.unpack_from('<IHH', data, off)
        if size < 8 or off + size > end:
            break
        extra = 0
        if typ == 66:           # TRACING_DATA: payload follows
            tsz, = struct.unpack_from('<I', data, off + 8)
            extra = (tsz + 7) & ~7
        yield off, typ, data[off:off + size + extra]
        off += size + extra

def pick(data, start, end, budget):
    """Records kept: the other records up to @budget bytes, the first
    @budget/512 samples and the first COMPRESSED record, in file order."""
    recs, other, samples, comp = b'', 0, 0, 0
    for _, typ, r in records(data, start, end):
        if typ == 9:
            if samples >= budget // 512:
                continue
            samples += 1
        elif typ == 81:
            if comp:
                continue
            comp += 1
        elif typ in (64, 66, 80):
            continue
        else:
            if other + len(r) > budget:
                continue
            other += len(r)
        recs += r
    return recs

def cut_file(data, budget):
    """File mode: header/ids/attrs as they are, the first records up to
    @budget bytes, then every feature section (TRACING_DATA shrunk)."""
    hsize, attr_size = struct.unpack_from('<QQ', data, 8)
    attr_off, attr_sz, data_off, data_sz = struct.unpack_from('<QQQQ', data, 24)
    bits = int.from_bytes(data[72:104], 'little')
    feats = [b for b in range(256) if bits >> b & 1]
    fsec = data_off + data_sz
    secs = [struct.unpack_from('<QQ', data, fsec + 16 * i) for i in range(len(feats))]
    recs = pick(data, data_off, data_off + data_sz, budget)
    bodies = []
    for b, (o, s) in zip(feats, secs):
        body = data[o:o + s]
        if b == HEADER_TRACING_DATA:
            body = shrink_tracing(body) or body
        bodies.append(body)
    head = bytearray(data[:data_off])
    struct.pack_into('<Q', head, 48, len(recs))
    out = bytes(head) + recs
    table_off = len(out)
    pos = table_off + 16 * len(feats)
    table = b''
    for body in bodies:
        table += struct.pack('<QQ', pos, len(body))
        pos += len(body)
    return out + table + b''.join(bodies), feats, bodies

def to_pipe(data, feats, bodies, budget):
    """The same content in pipe mode."""
    attr_size, = struct.unpack_from('<Q', data, 16)
    attr_off, attr_sz, data_off, data_sz = struct.unpack_from('<QQQQ', data, 24)
    o = b'PERFILE2' + struct.pack('<Q', 16)
    for i in range(attr_sz // attr_size):
        e = data[attr_off + i * attr_size:attr_off + (i + 1) * attr_size]
        attr = e[:attr_size - 16]
        ioff, isz = struct.unpack_from('<QQ', e, attr_size - 16)
        body = attr + data[ioff:ioff + isz]
        o += struct.pack('<IHH', 64, 0, 8 + len(body)) + body
    for b, body in zip(feats, bodies):
        if b == HEADER_TRACING_DATA:
            pad = (len(body) + 7) & ~7
            o += struct.pack('<IHHII', 66, 0, 16, len(body), 0) + body + b'\0' * (pad - len(body))
        elif 8 + 8 + len(body) < 65536:
            o += struct.pack('<IHHQ', 80, 0, 16 + len(body), b) + body
    return o + pick(data, data_off, data_off + data_sz, budget)

tracing = []
for path in sorted(glob.glob(os.path.join(D, '*.data'))):
    base = os.path.basename(path)[:-5]
    data = open(path, 'rb').read()
    if data[:8] != b'PERFILE2':
        continue
    hsize, = struct.unpack_from('<Q', data, 8)
    if hsize == 16:             # pipe mode: the first records
        o, n = data[:16], 0
        for _, _, r in records(data, 16, len(data)):
            if n + len(r) > 16384 and n:
                break
            o += r
            n += len(r)
        put('perfdata-pipe', base, o)
        continue
    for budget in (4096, 16384):
        cut, feats, bodies = cut_file(data, budget)
        put('perfdata', f'{base}.{budget}', cut)
        put('perfdata-pipe', f'{base}.{budget}', to_pipe(data, feats, bodies, budget))
    for b, body in zip(feats, bodies):
        if b == HEADER_TRACING_DATA:
            tracing.append((base, body))

# TRACING_DATA blobs, each followed by a payload of its first event's id
for base, blob in tracing:
    m = re.search(rb'\nID: (\d+)\n', blob)
    tp = int(m.group(1)) if m else 0
    payload = struct.pack('<HBBi', tp, 0, 0, 1234) + bytes(range(56))
    put('trace-event', base, blob + payload)
# ... and one blob per format file of the fake tracefs
fmts = sorted(glob.glob(os.path.join(top, 'tests/data/sysfs/kernel/tracing/events/*/*/format')))
for f in fmts:
    sysname = f.split('/')[-3].encode()
    fmt = open(f, 'rb').read()
    hp = (b'\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n'
          b'\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n'
          b'\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n'
          b'\tfield: char data;\toffset:16;\tsize:4080;\tsigned:1;\n')
    blob = (TD_MAGIC + b'0.6\0' + bytes([0, 8]) + struct.pack('<I', 4096) +
            b'header_page\0' + struct.pack('<Q', len(hp)) + hp +
            b'header_event\0' + struct.pack('<Q', 0) +
            struct.pack('<I', 0) + struct.pack('<I', 1) + sysname + b'\0' +
            struct.pack('<I', 1) + struct.pack('<Q', len(fmt)) + fmt +
            struct.pack('<I', 0) + struct.pack('<I', 0) + struct.pack('<Q', 0))
    m = re.search(rb'\nID: (\d+)\n', fmt)
    tp = int(m.group(1)) if m else 0
    put('trace-event', 'fmt-' + f.split('/')[-3] + '-' + f.split('/')[-2],
        blob + struct.pack('<HBBi', tp, 0, 0, 99) + bytes(range(64)))

# event strings: the literals of the parse-events unit test and the -e
# arguments of the shell tests
strs = set()
src = open(os.path.join(top, 'tests/unit/test-parse-events.c'), encoding='utf-8').read()
for m in re.finditer(r'"((?:[^"\\\n]|\\.)*)"', src):
    s = m.group(1).encode().decode('unicode_escape')
    if s and ' ' not in s and len(s) < 200:
        strs.add(s)
for f in glob.glob(os.path.join(top, 'tests/shell/*.sh')):
    for m in re.finditer(r"-e ['\"]?([^ '\"]+)", open(f, encoding='utf-8').read()):
        if '$' not in m.group(1):
            strs.add(m.group(1))
for i, s in enumerate(sorted(strs)):
    put('parse-events', f'e{i:04d}', s.encode())
