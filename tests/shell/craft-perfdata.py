#!/usr/bin/env python3
# Make perf.data files with records this VM cannot record, from a file-mode
# perf.data of one event whose sample_type is IP|TID|TIME[|PERIOD] and
# whose attr has sample_id_all (for script-fields.sh):
#   craft-perfdata.py brstack IN OUT   every sample gets a 3-entry branch
#       stack (BRANCH_STACK set in the attr), entries with every
#       mispredicted/predicted/in_tx/cycles/type/new-type combination
#   craft-perfdata.py brblocks IN OUT ELF  3-entry branch stacks for the
#       samples in ELF (the executable mapped in IN; others get an empty
#       stack) with branches at its instruction boundaries (objdump -d), so
#       the blocks between them disassemble as real LBR blocks do
#       (brstackinsn): blocks of a few instructions before the sample's ip;
#       in turn the last branch at the ip, a last target past the ip, a
#       block through kernel addresses, an empty block
#   craft-perfdata.py branches IN OUT [OPT,...]  a file of IP|TID|TIME
#       [|CALLCHAIN][|ID][|CPU][|PERIOD] samples (every attr) gets branch
#       stacks as brstack's (3 entries, every flag combination), with OPTs:
#       feat (the HEADER_BRANCH_STACK feature, as perf record -b writes
#       it), hwidx (PERF_SAMPLE_BRANCH_HW_INDEX: hw_idx before the
#       entries), typesave (PERF_SAMPLE_BRANCH_TYPE_SAVE), call (the
#       stack holds calls: ANY_CALL, not ANY), kernel (branches into and
#       inside the kernel's map), unres (branches from and to addresses
#       no map covers), empty (every 7th sample an empty stack), nr=N
#       (N entries a stack)
#   craft-perfdata.py textpoke IN OUT  a KSYMBOL and a TEXT_POKE record
#       are appended to the data section
#   craft-perfdata.py bpfout IN OUT    the event becomes a bpf-output one
#       (software event 10) whose samples carry raw data as a BPF program
#       writes it: strings, binary, bytes of every class, padded to 8
#   craft-perfdata.py datasrc IN OUT [V,...]  every sample gets a data_src
#       (DATA_SRC set in the attr): the values given (hex), else 0, the
#       kernel's "not available" value, every single bit, every value of
#       each field with the others not available, then fixed pseudo-random
#       words, in turn
#   craft-perfdata.py memsrc IN OUT  a memory recording (perf record -d: ADDR
#       and DATA_SRC set; ID, CPU, PERIOD, CALLCHAIN, WEIGHT or
#       WEIGHT_STRUCT may be; nothing else before DATA_SRC) rewritten in
#       place: the samples get data sources as memory events report them
#       (loads and stores hitting L1, LFB, L2, L3, local and remote RAM or
#       caches, snoops, TLB levels, locked, blocked), then 0, the "not
#       available" value and every single bit, in turn; weights (and
#       instruction latencies) too
#   craft-perfdata.py ips IN OUT MODE ADDR[:PERIOD],...  the first 40
#       samples per address get the addresses in turn as ip, with cpumode
#       MODE (1 kernel, 2 user), and the period given (IP|TID|TIME|PERIOD
#       files); the sample's ip must come first (IP set)
#   craft-perfdata.py kchain IN OUT ADDR,...  the first sample becomes a
#       kernel sample at the first address whose callchain is the kernel
#       marker and the addresses (IP|TID|TIME|PERIOD|CALLCHAIN files)
#   craft-perfdata.py records IN OUT SPEC  the data section is replaced by
#       the records SPEC lists (';' between them) in that file order, for
#       IP|TID|TIME|PERIOD files whose first MMAP2 is the workload's:
#         comm PID TID TIME NAME [exec]   fork|exit PID TID PPID PTID TIME
#         mmap PID TID TIME   (IN's first MMAP2, for that thread)
#         kmap                (IN's kernel MMAP)
#         sample PID TID TIME N   (IN's sample N: its ip and period)
#         round               (a FINISHED_ROUND)
#   craft-perfdata.py kmod IN OUT START,LEN,PATH[;...]  kernel module maps
#       (MMAP records as perf record writes for /proc/modules) after IN's
#       kernel MMAP, with its pid and id fields
#   craft-perfdata.py noeventdesc IN OUT [SET CLR [TYPE CONFIG [BPTYPE BPADDR]]]
#       the EVENT_DESC feature taken out (as in a recording cut short), the
#       attrs' flags ORed with SET and cleared of CLR (hex), their type and
#       config (hex), a breakpoint's bp_type and bp_addr (hex) set
#   craft-perfdata.py noidall IN OUT  sample_id_all is cleared in every
#       attr, as a kernel without it records (the records keep their
#       trailing id fields: a reader without sample_id_all skips them)
# The feature sections after the data move by what was added.
import struct
import sys

SAMPLE, KSYMBOL, TEXT_POKE = 9, 17, 20


def sections(b):
    attr_off, attr_sz, data_off, data_sz = struct.unpack_from('<QQQQ', b, 24)
    return attr_off, data_off, data_sz


def records(b, data_off, data_sz):
    pos = data_off
    while pos < data_off + data_sz:
        typ, misc, size = struct.unpack_from('<IHH', b, pos)
        if size < 8:
            raise SystemExit('bad record size')
        yield typ, misc, b[pos:pos + size]
        pos += size


def write(out, b, hdr, data, data_off, data_sz, add_feat=None):
    """The header, DATA and IN's feature sections moved past it; with
    add_feat, that feature bit set too, with an empty section."""
    rest = bytearray(b[data_off + data_sz:])
    delta = len(data) - data_sz
    bitmap = int.from_bytes(b[72:104], 'little')
    nfeat = bin(bitmap).count('1')
    if add_feat is not None and not bitmap >> add_feat & 1:
        at = bin(bitmap & ((1 << add_feat) - 1)).count('1')
        delta += 16                     # one more (offset, size) pair
        table = [struct.unpack_from('<QQ', rest, 16 * i) for i in range(nfeat)]
        body = rest[16 * nfeat:]
        # (its offset: where the next section's content starts)
        table.insert(at, (table[at][0] if at < nfeat else len(b), 0))
        rest = bytearray(b''.join(struct.pack('<QQ', o, s) for o, s in table)) + body
        nfeat += 1
        bitmap |= 1 << add_feat
        hdr[72:104] = bitmap.to_bytes(32, 'little')
    for i in range(nfeat):
        o, s = struct.unpack_from('<QQ', rest, 16 * i)
        struct.pack_into('<QQ', rest, 16 * i, o + delta, s)
    struct.pack_into('<Q', hdr, 48, len(data))
    with open(out, 'wb') as f:
        f.write(hdr + data + rest)


def attrs(b):
    """Offsets of the attrs of IN's attr section."""
    attr_sz, = struct.unpack_from('<Q', b, 16)
    off, size = struct.unpack_from('<QQ', b, 24)
    return [off + i for i in range(0, size, attr_sz)]


def branches(b, out, opts):
    """brstack for files of any event count and callchains, with the
    variants of OPTS (see the top)."""
    opts = set(o for o in opts.split(',') if o)
    nr = 3
    for o in list(opts):
        if o.startswith('nr='):
            nr = int(o[3:])
            opts.discard(o)
    bad = opts - {'feat', 'hwidx', 'typesave', 'call', 'kernel', 'unres', 'empty'}
    if bad:
        raise SystemExit('branches: unknown option(s) %s' % ','.join(sorted(bad)))
    attr_off, data_off, data_sz = sections(b)
    hdr = bytearray(b[:data_off])
    bst = 0x1 | (0x10 if 'call' in opts else 0x8)      # USER, ANY_CALL or ANY
    bst |= 0x20000 if 'hwidx' in opts else 0
    bst |= 0x10000 if 'typesave' in opts else 0
    for a in attrs(b):
        st, = struct.unpack_from('<Q', b, a + 24)
        if st >> 11:
            raise SystemExit('sample_type %#x: fields after BRANCH_STACK' % st)
        struct.pack_into('<Q', hdr, a + 24, st | 0x800)
        struct.pack_into('<Q', hdr, a + 72, bst)
    kern = None
    for typ, misc, rec in records(b, data_off, data_sz):
        if typ == 1 and kern is None:                  # the kernel's MMAP
            kern = struct.unpack_from('<Q', rec, 32)[0]    # pgoff: _text
    data = bytearray()
    n = 0
    for typ, misc, rec in records(b, data_off, data_sz):
        if typ == SAMPLE:
            ip, = struct.unpack_from('<Q', rec, 8)
            ents = []
            for k in range(nr):
                fr, to = ip - 0x20 * (k + 1), ip - 0x10 * k
                if 'kernel' in opts and kern and n % 3 == 0 and k == 1:
                    fr, to = ip, kern + 0x1000 * (n % 5)           # a syscall
                if 'kernel' in opts and kern and n % 3 == 0 and k == 2:
                    fr, to = kern + 0x2000 + 0x40 * (n % 4), kern + 0x1000 * (n % 5)
                if 'unres' in opts and n % 4 == 1 and k == 0:
                    to = 0x4000 + 0x100 * (n % 3)
                if 'unres' in opts and n % 4 == 2 and k == 1:
                    fr = 0x4000 + 0x100 * (n % 3)
                fl = branch_flags(n, k)
                ents.append(struct.pack('<QQQ', fr, to, fl))
            if 'empty' in opts and n % 7 == 3:
                ents = []
            add = struct.pack('<Q', len(ents))
            if 'hwidx' in opts:
                add += struct.pack('<Q', n % 32)
            add += b''.join(ents)
            rec = struct.pack('<IHH', typ, misc, len(rec) + len(add)) + rec[8:] + add
            n += 1
        data += rec
    write(out, b, hdr, data, data_off, data_sz, 15 if 'feat' in opts else None)


def branch_flags(n, k):
    """The flags word of sample n's branch k: mispredicted/predicted,
    cycles, in_tx, abort, type (15: extended) and new type vary."""
    fl = (1, 2, 0, 3)[(n + k) % 4]          # mispred, predicted
    fl |= ((n * 7 + k) % 50) << 4          # cycles
    fl |= 4 if k == 2 else 0               # in_tx
    fl |= 8 if (n + k) % 5 == 0 else 0     # abort
    fl |= ((n + k) % 16) << 20             # type, 15: extended
    fl |= ((n * 3 + k) % 10) << 26         # new type
    return fl


def brstack(b, out):
    attr_off, data_off, data_sz = sections(b)
    st, = struct.unpack_from('<Q', b, attr_off + 24)
    if st not in (0x7, 0x107):
        raise SystemExit('sample_type %#x: need IP|TID|TIME[|PERIOD]' % st)
    hdr = bytearray(b[:data_off])
    struct.pack_into('<Q', hdr, attr_off + 24, st | 0x800)   # BRANCH_STACK
    struct.pack_into('<Q', hdr, attr_off + 72, 0x1 | 0x8)    # USER, ANY
    data = bytearray()
    n = 0
    for typ, misc, rec in records(b, data_off, data_sz):
        if typ == SAMPLE:
            ip, = struct.unpack_from('<Q', rec, 8)
            ents = b''
            for k in range(3):
                fl = branch_flags(n, k)
                ents += struct.pack('<QQQ', ip - 0x20 * (k + 1), ip - 0x10 * k, fl)
            add = struct.pack('<Q', 3) + ents
            rec = struct.pack('<IHH', typ, misc, len(rec) + len(add)) + rec[8:] + add
            n += 1
        data += rec
    write(out, b, hdr, data, data_off, data_sz)


def elf_insns(elf):
    """Addresses of the instructions of ELF's code, by objdump -d (not the
    lines that continue a long instruction's bytes: no mnemonic)."""
    import re
    import subprocess
    out = subprocess.run(['objdump', '-d', elf], capture_output=True, text=True,
                         check=True).stdout
    return sorted(int(m.group(1), 16) for m in
                  re.finditer(r'^ *([0-9a-f]+):\t(?:[0-9a-f]{2} )+ *\t\S', out, re.M))


def brblocks(b, out, elf):
    """Branch stacks whose branches are at instruction boundaries of ELF
    (the file of the samples' executable mapping), as a real LBR gives."""
    import bisect
    import os
    attr_off, data_off, data_sz = sections(b)
    st, = struct.unpack_from('<Q', b, attr_off + 24)
    if st not in (0x7, 0x107):
        raise SystemExit('sample_type %#x: need IP|TID|TIME[|PERIOD]' % st)
    hdr = bytearray(b[:data_off])
    struct.pack_into('<Q', hdr, attr_off + 24, st | 0x800)   # BRANCH_STACK
    struct.pack_into('<Q', hdr, attr_off + 72, 0x1 | 0x8)    # USER, ANY
    insns = elf_insns(elf)
    name = os.path.basename(elf).encode()
    base = None
    data = bytearray()
    n = 0
    kern = 0xffffffff81000000
    for typ, misc, rec in records(b, data_off, data_sz):
        if typ == 10 and base is None:                      # MMAP2
            start, length, pgoff = struct.unpack_from('<QQQ', rec, 16)
            fn = rec[8 + 64:].split(b'\0')[0]
            if os.path.basename(fn) == name and pgoff:
                base = start - pgoff                        # vaddr == offset
        if typ == SAMPLE:
            ip, = struct.unpack_from('<Q', rec, 8)
            j = bisect.bisect_left(insns, ip - base) if base is not None else -1
            ents = []
            if j >= 16 and j < len(insns) and insns[j] == ip - base:
                a = [base + insns[j - k] for k in range(17)]   # a[k]: k insns before ip
                gap = 1 + n % 3
                # newest first; blocks a[12]..a[9], a[7]..a[4], a[2]..ip
                br = [(a[4], a[2]), (a[9], a[7]), (a[14], a[12])]
                if n % 5 == 1:
                    br[0] = (ip, a[gap])                     # the sample at the branch
                elif n % 5 == 2:
                    br[0] = (a[4], ip + 0x10)                # target past the sample
                elif n % 5 == 3:
                    br[1] = (kern + 0x100, kern + 0x180)     # through the kernel
                elif n % 5 == 4:
                    br[2] = (a[16], a[9])                    # an empty block
                for k in range(3):
                    fl = (1, 2, 0, 3)[(n + k) % 4]
                    fl |= ((n * 5 + k) % 40) << 4
                    fl |= 8 if (n + k) % 9 == 0 else 0
                    ents.append(struct.pack('<QQQ', br[k][0], br[k][1], fl))
            add = struct.pack('<Q', len(ents)) + b''.join(ents)
            rec = struct.pack('<IHH', typ, misc, len(rec) + len(add)) + rec[8:] + add
            n += 1
        data += rec
    write(out, b, hdr, data, data_off, data_sz)


def textpoke(b, out):
    attr_off, data_off, data_sz = sections(b)
    pid = tid = t = 0
    for typ, misc, rec in records(b, data_off, data_sz):
        if typ == SAMPLE:
            ip, pid, tid, t = struct.unpack_from('<QIIQ', rec, 8)
    tail = struct.pack('<IIQ', pid, tid, t + 1000)            # sample_id: TID, TIME
    name = b'bpf_trampoline_6442\0'
    name += b'\0' * (-len(name) % 8)
    ks = struct.pack('<QIHH', 0xffffffffc0001000, 0x80, 2, 0) + name + tail
    ks = struct.pack('<IHH', KSYMBOL, 1, 8 + len(ks)) + ks
    old = bytes(range(0x10, 0x10 + 5))
    new = bytes(range(0x80, 0x80 + 21))                       # two lines of bytes
    tp = struct.pack('<QHH', 0xffffffff81000c80, len(old), len(new)) + old + new
    tp += b'\0' * (-len(tp) % 8) + tail
    tp = struct.pack('<IHH', TEXT_POKE, 1, 8 + len(tp)) + tp
    data = bytearray(b[data_off:data_off + data_sz]) + ks + tp
    write(out, b, bytearray(b[:data_off]), data, data_off, data_sz)


def bpfout(b, out):
    attr_off, data_off, data_sz = sections(b)
    st, = struct.unpack_from('<Q', b, attr_off + 24)
    if st not in (0x7, 0x107):
        raise SystemExit('sample_type %#x: need IP|TID|TIME[|PERIOD]' % st)
    hdr = bytearray(b[:data_off])
    struct.pack_into('<I', hdr, attr_off, 1)                 # PERF_TYPE_SOFTWARE
    struct.pack_into('<Q', hdr, attr_off + 8, 10)            # PERF_COUNT_SW_BPF_OUTPUT
    struct.pack_into('<Q', hdr, attr_off + 24, st | 0x400)   # RAW
    kinds = [b'', b'hello world\0', b'hi', b'\0', b'a\0b\0', b'tab\there\0',
             b'x' * 13, b'\x7f\0', bytes(range(0x78, 0xa8)) + b'\0',
             bytes(range(0xf0, 0x100)) + b'\0', bytes(range(0, 0x21)), b'\xa0\xff\0']
    data = bytearray()
    n = 0
    for typ, misc, rec in records(b, data_off, data_sz):
        if typ == SAMPLE:
            payload = kinds[n % len(kinds)]
            if not payload:
                payload = bytes((n * 5 + i) & 0xff for i in range(n % 40))
            payload += b'\0' * (-(len(payload) + 4) % 8)
            raw = struct.pack('<I', len(payload)) + payload
            rec = struct.pack('<IHH', typ, misc, len(rec) + len(raw)) + rec[8:] + raw
            n += 1
        data += rec
    write(out, b, hdr, data, data_off, data_sz)


# data_src fields: (shift, width) of op, lvl, snoop, lock, dtlb, lvl_num,
# remote, snoopx, blk, hops (<linux/perf_event.h>)
DATA_SRC_FIELDS = [(0, 5), (5, 14), (19, 5), (24, 2), (26, 7), (33, 4), (37, 1),
                   (38, 2), (40, 3), (43, 3)]
DATA_SRC_NA = 0x1 | (0x1 << 5) | (0x1 << 19) | (0x1 << 24) | (0x1 << 26) | \
    (0xf << 33) | (0x1 << 40)


def datasrc_values():
    vals = [0, DATA_SRC_NA] + [1 << i for i in range(64)]
    for shift, width in DATA_SRC_FIELDS:
        for v in range(1 << min(width, 7)):
            vals.append((DATA_SRC_NA & ~(((1 << width) - 1) << shift)) | (v << shift))
    x = 0x2545F4914F6CDD1D
    for _ in range(200):
        x ^= (x << 13) & (2**64 - 1)
        x ^= x >> 7
        x ^= (x << 17) & (2**64 - 1)
        # mostly the defined bits, sometimes reserved ones too
        vals.append(x & ((1 << 46) - 1) if x & 3 else x)
    return vals


def datasrc(b, out, given=None):
    attr_off, data_off, data_sz = sections(b)
    st, = struct.unpack_from('<Q', b, attr_off + 24)
    if st not in (0x7, 0x107):
        raise SystemExit('sample_type %#x: need IP|TID|TIME[|PERIOD]' % st)
    hdr = bytearray(b[:data_off])
    struct.pack_into('<Q', hdr, attr_off + 24, st | 0x8000)  # DATA_SRC
    vals = [int(v, 16) for v in given.split(',')] if given else datasrc_values()
    data = bytearray()
    n = 0
    for typ, misc, rec in records(b, data_off, data_sz):
        if typ == SAMPLE:
            add = struct.pack('<Q', vals[n % len(vals)])
            rec = struct.pack('<IHH', typ, misc, len(rec) + len(add)) + rec[8:] + add
            n += 1
        data += rec
    write(out, b, hdr, data, data_off, data_sz)


# data_src values of real memory events, built from the fields
def ds(op=0x1, lvl=0x1, snoop=0x1, lock=0x1, tlb=0x1, lvlnum=0xf, remote=0, snoopx=0,
       blk=0x1, hops=0):
    return op | lvl << 5 | snoop << 19 | lock << 24 | tlb << 26 | lvlnum << 33 | \
        remote << 37 | snoopx << 38 | blk << 40 | hops << 43


LOAD, STORE, PFETCH = 0x2, 0x4, 0x8
HIT, MISS, L1, LFB, L2, L3, LRAM, RRAM1, RCACHE1, IO, UNC = \
    0x2, 0x4, 0x8, 0x10, 0x20, 0x40, 0x80, 0x100, 0x400, 0x1000, 0x2000
S_NONE, S_HIT, S_MISS, S_HITM = 0x2, 0x4, 0x8, 0x10
T_HIT, T_MISS, T_L1, T_L2, T_WK, T_OS = 0x2, 0x4, 0x8, 0x10, 0x20, 0x40
MEM_VALUES = [
    ds(LOAD, L1 | HIT, S_NONE, 0, T_L1 | T_L2 | T_HIT, 1),
    ds(LOAD, LFB | HIT, S_NONE, 0, T_L1 | T_L2 | T_HIT, 0xc),
    ds(LOAD, L2 | HIT, S_NONE, 0, T_L1 | T_L2 | T_HIT, 2),
    ds(LOAD, L3 | HIT, S_HIT, 0, T_L2 | T_MISS | T_WK, 3),
    ds(LOAD, L3 | HIT, S_HITM, 0x2, T_L1 | T_L2 | T_HIT, 3),
    ds(LOAD, L3 | MISS, S_MISS, 0, T_WK | T_MISS, 3),
    ds(LOAD, LRAM | HIT, S_MISS, 0, T_L2 | T_WK | T_MISS, 0xd),
    ds(LOAD, RRAM1 | HIT, S_HIT, 0, T_WK | T_HIT, 0xd, 1, 0, 0x1, 1),
    ds(LOAD, RCACHE1 | HIT, S_HITM, 0, T_L1 | T_HIT, 3, 1, 1),
    ds(LOAD, L1 | HIT, S_NONE, 0, T_L1 | T_HIT, 1, 0, 0, 0x2),
    ds(LOAD, LFB | HIT, S_NONE, 0, T_L1 | T_HIT, 0xc, 0, 0, 0x4),
    ds(LOAD, LFB | HIT, S_NONE, 0x2, T_L1 | T_HIT, 0xc, 0, 0, 0x6),
    ds(LOAD, UNC | HIT, S_NONE, 0, T_OS | T_MISS, 0xf),
    ds(LOAD, IO | HIT, 0x1, 0, T_HIT | T_L2, 0xe),
    ds(STORE, L1 | HIT, 0x1, 0, T_L1 | T_HIT, 1),
    ds(STORE, L1 | MISS, 0x1, 0x2, T_L1 | T_MISS, 1),
    ds(STORE, 0x1, 0x1, 0x1, 0x1),
    ds(PFETCH, L2 | MISS, S_MISS, 0x1, T_WK | T_OS | T_MISS, 2),
    ds(LOAD, 0x1, S_NONE, 0, T_L1 | T_HIT, 2),
    ds(LOAD, L1 | L2 | HIT, S_NONE | S_HIT, 0x3, T_L1 | T_L2 | T_WK | T_OS | T_HIT, 1, 0, 3, 0x7),
]


def memsrc(b, out):
    attr_off, data_off, data_sz = sections(b)
    st, = struct.unpack_from('<Q', b, attr_off + 24)
    allowed = 0x1ff | 0x20 | 0x4000   # IP..PERIOD, CALLCHAIN, WEIGHT
    if not st & 0x8 or not st & 0x8000 or st & ((1 << 15) - 1) & ~allowed:
        raise SystemExit('sample_type %#x: need ADDR and DATA_SRC, and before DATA_SRC '
                         'only IP TID TIME ADDR ID CPU PERIOD CALLCHAIN WEIGHT' % st)
    wstruct = st & (1 << 24)
    # (perf 6.1 overflows its buffers on some words of many bits: the
    # single bits, not datasrc's sweeps and random words)
    vals = MEM_VALUES + [0, DATA_SRC_NA] + [1 << i for i in range(64)]
    weights = [0, 30, 7, 30, 250, 12, 30]
    b = bytearray(b)
    n = 0
    pos = data_off
    while pos < data_off + data_sz:
        typ, misc, size = struct.unpack_from('<IHH', b, pos)
        if size < 8:
            raise SystemExit('bad record size')
        if typ == SAMPLE:
            p = pos + 8
            for bit in (1, 2, 4, 8, 64, 128, 256):   # IP TID TIME ADDR ID CPU PERIOD
                if st & bit:
                    p += 8
            if st & 0x20:
                nr, = struct.unpack_from('<Q', b, p)
                p += 8 + 8 * nr
            if st & (0x4000 | (1 << 24)):
                w = weights[n % len(weights)]
                if wstruct:
                    w |= ((n * 3) % 5) << 32   # instruction latency
                struct.pack_into('<Q', b, p, w)
                p += 8
            struct.pack_into('<Q', b, p, vals[n % len(vals)])
            n += 1
        pos += size
    with open(out, 'wb') as f:
        f.write(b)

def ips(b, out, mode, addrs):
    attr_off, data_off, data_sz = sections(b)
    hdr = bytearray(b[:data_off])
    vals = [int(v.split(':')[0], 16) for v in addrs.split(',')]
    periods = [int(v.split(':')[1]) if ':' in v else None for v in addrs.split(',')]
    data = bytearray()
    n = 0
    for typ, misc, rec in records(b, data_off, data_sz):
        if typ == SAMPLE and n < 40 * len(vals):
            rec = bytearray(rec)
            struct.pack_into('<HHQ', rec, 4, (misc & ~7) | int(mode), len(rec), vals[n % len(vals)])
            if periods[n % len(vals)] is not None:    # IP|TID|TIME|PERIOD
                struct.pack_into('<Q', rec, 32, periods[n % len(vals)])
            n += 1
        data += rec
    write(out, b, hdr, data, data_off, data_sz)


def kchain(b, out, addrs):
    attr_off, data_off, data_sz = sections(b)
    hdr = bytearray(b[:data_off])
    chain = [0xffffffffffffff80] + [int(v, 16) for v in addrs.split(',')]
    data = bytearray()
    n = 0
    for typ, misc, rec in records(b, data_off, data_sz):
        if typ == SAMPLE and not n:
            ip, pidtid, time, period = struct.unpack_from('<QQQQ', rec, 8)
            body = struct.pack('<QQQQQ', chain[1], pidtid, time, period, len(chain))
            body += b''.join(struct.pack('<Q', a) for a in chain)
            rec = struct.pack('<IHH', SAMPLE, (misc & ~7) | 1, 8 + len(body)) + body
            n += 1
        data += rec
    write(out, b, hdr, data, data_off, data_sz)


def spec_records(b, out, spec):
    attr_off, data_off, data_sz = sections(b)
    st, = struct.unpack_from('<Q', b, attr_off + 24)
    if st != 0x107:
        raise SystemExit('sample_type %#x: need IP|TID|TIME|PERIOD' % st)
    hdr = bytearray(b[:data_off])
    mmap2 = kmap = None
    samples = []
    for typ, misc, rec in records(b, data_off, data_sz):
        if typ == 10 and mmap2 is None:         # MMAP2
            mmap2 = (misc, rec)
        elif typ == 1 and kmap is None:         # MMAP (the kernel's)
            kmap = rec
        elif typ == SAMPLE:
            samples.append(struct.unpack_from('<Q', rec, 8)[0:1] +
                           struct.unpack_from('<Q', rec, 32) + (misc,))
    data = bytearray()

    def rec(typ, misc, body, pid, tid, time):
        body += struct.pack('<IIQ', pid, tid, time)   # sample_id_all: TID, TIME
        return struct.pack('<IHH', typ, misc, 8 + len(body)) + body

    for item in spec.split(';'):
        w = item.split()
        if not w:
            continue
        if w[0] == 'comm':
            pid, tid, time = int(w[1]), int(w[2]), int(w[3])
            name = w[4].encode() + b'\0'
            name += b'\0' * (-len(name) % 8)
            misc = 0x2000 if len(w) > 5 and w[5] == 'exec' else 0
            data += rec(3, misc, struct.pack('<II', pid, tid) + name, pid, tid, time)
        elif w[0] in ('fork', 'exit'):
            pid, tid, ppid, ptid, time = (int(v) for v in w[1:6])
            data += rec(7 if w[0] == 'fork' else 4, 0,
                        struct.pack('<IIIIQ', pid, ppid, tid, ptid, time), pid, tid, time)
        elif w[0] == 'mmap':
            pid, tid, time = int(w[1]), int(w[2]), int(w[3])
            misc, r = mmap2
            body = struct.pack('<II', pid, tid) + r[16:-16]
            data += rec(10, misc, body, pid, tid, time)
        elif w[0] == 'kmap':
            data += kmap
        elif w[0] == 'sample':
            pid, tid, time, n = (int(v) for v in w[1:5])
            ip, period, misc = samples[n]
            body = struct.pack('<QIIQQ', ip, pid, tid, time, period)
            data += struct.pack('<IHH', SAMPLE, misc, 8 + len(body)) + body
        elif w[0] == 'round':
            data += struct.pack('<IHH', 68, 0, 8)
        elif w[0] in ('throttle', 'unthrottle'):
            pid, tid, time = int(w[1]), int(w[2]), int(w[3])
            data += rec(5 if w[0] == 'throttle' else 6, 0,
                        struct.pack('<QQQ', time, 0, 0), pid, tid, time)
        else:
            raise SystemExit('unknown record %r' % item)
    write(out, b, hdr, data, data_off, data_sz)


def kmod(b, out, spec):
    attr_off, data_off, data_sz = sections(b)
    hdr = bytearray(b[:data_off])
    data = bytearray()
    done = False
    for typ, misc, rec in records(b, data_off, data_sz):
        data += rec
        name = rec[40:].split(b'\0')[0] if typ == 1 else b''
        if done or not name.startswith(b'[kernel.kallsyms]'):
            continue
        done = True
        pid, tid = struct.unpack_from('<II', rec, 8)
        nlen = len(name) + 1
        nlen += -nlen % 8
        tail = rec[40 + nlen:]               # sample_id_all fields
        for item in spec.split(';'):
            start, size, path = item.split(',')
            fn = path.encode() + b'\0'
            fn += b'\0' * (-len(fn) % 8)
            body = struct.pack('<IIQQQ', pid, tid, int(start, 16), int(size, 16), 0) + fn + tail
            data += struct.pack('<IHH', 1, misc, 8 + len(body)) + body
    if not done:
        raise SystemExit('no kernel MMAP in the file')
    write(out, b, hdr, data, data_off, data_sz)


def noidall(b, out):
    b = bytearray(b)
    attr_size, attr_off, attrs_sz = struct.unpack_from('<QQQ', b, 16)
    for off in range(attr_off, attr_off + attrs_sz, attr_size):
        flags, = struct.unpack_from('<Q', b, off + 40)
        struct.pack_into('<Q', b, off + 40, flags & ~(1 << 18))   # sample_id_all
    with open(out, 'wb') as f:
        f.write(b)


def noeventdesc(b, out, args):
    """the EVENT_DESC feature out (its bit and section entry), and every
    attr's flags ORed with args[0] and cleared of args[1] (hex), its type
    and config args[2], args[3], its bp_type and bp_addr args[4], args[5]"""
    magic, hsize, attr_size = struct.unpack_from('<QQQ', b, 0)
    aoff, asz, doff, dsz = struct.unpack_from('<QQQQ', b, 24)
    b = bytearray(b)
    bits = int.from_bytes(b[72:104], 'little')
    foff = doff + dsz
    secs, pos = [], foff
    for bit in range(256):
        if bits >> bit & 1:
            secs.append((bit, b[pos:pos + 16]))
            pos += 16
    EVENT_DESC = 12
    tbl = b''.join(s for bit, s in secs if bit != EVENT_DESC)
    b[72:104] = (bits & ~(1 << EVENT_DESC)).to_bytes(32, 'little')
    b[foff:foff + len(tbl)] = tbl
    for i in range(asz // attr_size):
        o = aoff + i * attr_size
        if len(args) > 1:
            fl, = struct.unpack_from('<Q', b, o + 40)
            struct.pack_into('<Q', b, o + 40, (fl & ~int(args[1], 16)) | int(args[0], 16))
        if len(args) > 3:
            struct.pack_into('<I', b, o, int(args[2]))
            struct.pack_into('<Q', b, o + 8, int(args[3], 16))
        if len(args) > 5:
            struct.pack_into('<I', b, o + 52, int(args[4]))
            struct.pack_into('<Q', b, o + 56, int(args[5], 16))
    with open(out, 'wb') as f:
        f.write(b)


if __name__ == '__main__':
    modes = {'brstack': brstack, 'textpoke': textpoke, 'bpfout': bpfout,
             'datasrc': datasrc, 'memsrc': memsrc, 'noidall': noidall}
    if len(sys.argv) == 5 and sys.argv[1] == 'brblocks':
        with open(sys.argv[2], 'rb') as f:
            brblocks(f.read(), sys.argv[3], sys.argv[4])
        sys.exit(0)
    if len(sys.argv) in (4, 5) and sys.argv[1] == 'branches':
        with open(sys.argv[2], 'rb') as f:
            branches(f.read(), sys.argv[3], sys.argv[4] if len(sys.argv) == 5 else '')
        sys.exit(0)
    if len(sys.argv) == 5 and sys.argv[1] == 'datasrc':
        with open(sys.argv[2], 'rb') as f:
            datasrc(f.read(), sys.argv[3], sys.argv[4])
        sys.exit(0)
    if len(sys.argv) == 6 and sys.argv[1] == 'ips':
        with open(sys.argv[2], 'rb') as f:
            ips(f.read(), sys.argv[3], sys.argv[4], sys.argv[5])
        sys.exit(0)
    if len(sys.argv) == 5 and sys.argv[1] == 'records':
        with open(sys.argv[2], 'rb') as f:
            spec_records(f.read(), sys.argv[3], sys.argv[4])
        sys.exit(0)
    if len(sys.argv) == 5 and sys.argv[1] == 'kmod':
        with open(sys.argv[2], 'rb') as f:
            kmod(f.read(), sys.argv[3], sys.argv[4])
        sys.exit(0)
    if len(sys.argv) >= 4 and sys.argv[1] == 'noeventdesc':
        with open(sys.argv[2], 'rb') as f:
            noeventdesc(f.read(), sys.argv[3], sys.argv[4:])
        sys.exit(0)
    if len(sys.argv) == 5 and sys.argv[1] == 'kchain':
        with open(sys.argv[2], 'rb') as f:
            kchain(f.read(), sys.argv[3], sys.argv[4])
        sys.exit(0)
    if len(sys.argv) != 4 or sys.argv[1] not in modes:
        raise SystemExit('usage: craft-perfdata.py brstack|textpoke|bpfout|datasrc|memsrc|noidall IN OUT (brblocks IN OUT ELF)')
    with open(sys.argv[2], 'rb') as f:
        raw = f.read()
    if raw[:8] != b'PERFILE2':
        raise SystemExit('%s: not a file-mode perf.data' % sys.argv[2])
    modes[sys.argv[1]](raw, sys.argv[3])
