#!/usr/bin/env python3
"""Write a perf.data with one user sample at each chosen address of ELF files.

usage: synth-samples.py OUT ELF[:WHAT[:SYMFILE]] ...
WHAT picks the addresses (default "plt"):
  plt   every byte of .init, .plt, .plt.got and .plt.sec, and the first
        16 bytes after each of them
  syms  each function symbol's start and start+1 (.symtab, else .dynsym;
        of SYMFILE when given, e.g. the object's separate debug file)
Each ELF is mapped as the kernel maps it (one MMAP2 per executable
PT_LOAD; shared objects and PIEs at a base above 4 GiB), all in one
process. Used to compare which symbol perf and mperf name an address
with: a sample's ip is exactly the chosen address, nothing is random.
"""
import os, struct, sys

def elf_read(path):
    b = open(path, 'rb').read()
    if b[:4] != b'\x7fELF' or b[4] != 2 or b[5] != 1:
        sys.exit('%s: not a 64-bit little-endian ELF' % path)
    e_type, = struct.unpack_from('<H', b, 16)
    phoff, shoff = struct.unpack_from('<QQ', b, 32)
    phentsize, phnum, shentsize, shnum, shstrndx = struct.unpack_from('<HHHHH', b, 54)
    phdrs = [struct.unpack_from('<IIQQQQQQ', b, phoff + i * phentsize) for i in range(phnum)]
    shdrs = [struct.unpack_from('<IIQQQQIIQQ', b, shoff + i * shentsize) for i in range(shnum)]
    strs = shdrs[shstrndx][4] if shnum else 0
    def cstr(off):
        return b[off:b.index(b'\0', off)].decode('latin-1')
    secs = {}
    for s in shdrs:
        secs[cstr(strs + s[0])] = s
    return b, e_type, phdrs, shdrs, secs, cstr

def addresses(path, what, symfile):
    b, e_type, phdrs, shdrs, secs, cstr = elf_read(path)
    out = []
    if symfile:
        b, _, _, shdrs, _, _ = elf_read(symfile)
    if what == 'plt':
        for name in ('.init', '.plt', '.plt.got', '.plt.sec'):
            if name in secs:
                s = secs[name]
                out += range(s[3], s[3] + s[5] + 16)
    elif what == 'syms':
        tab = [s for s in shdrs if s[1] == 2] or [s for s in shdrs if s[1] == 11]
        if tab:
            s = tab[0]
            link = shdrs[s[6]][4]
            for i in range(s[5] // 24):
                name, info, other, shndx, value, size = struct.unpack_from('<IBBHQQ', b, s[4] + i * 24)
                if (info & 15) in (2, 10) and shndx and value:
                    out += [value, value + 1]
    else:
        sys.exit('unknown address set ' + what)
    return sorted(set(out)), e_type, phdrs

def rec(typ, misc, body):
    body += b'\0' * (-len(body) % 8)
    return struct.pack('<IHH', typ, misc, 8 + len(body)) + body

PID = 4242
SAMPLE_TYPE = 1 | 2 | 4 | 0x100        # IP | TID | TIME | PERIOD
recs = [rec(3, 0, struct.pack('<II', PID, PID) + b'synth\0')]
samples = []
base = 0x7f0000000000
t = 1000
for arg in sys.argv[2:]:
    path, _, what = arg.partition(':')
    what, _, symfile = what.partition(':')
    addrs, e_type, phdrs = addresses(path, what or 'plt', symfile)
    load = 0 if e_type == 2 else base
    base += 0x10000000
    for p in phdrs:
        if p[0] != 1 or not p[1] & 1:  # PT_LOAD with PF_X
            continue
        start = (p[3] & ~0xfff)
        pgoff = p[2] & ~0xfff
        end = (p[3] + p[6] + 0xfff) & ~0xfff
        fn = os.path.abspath(path).encode() + b"\0"
        recs.append(rec(10, 2, struct.pack('<IIQQQIIQQII', PID, PID, load + start,
                                           end - start, pgoff, 0, 0, 0, 0, 5, 2) + fn))
        for a in addrs:
            if p[3] <= a < p[3] + p[6]:
                samples.append(rec(9, 2, struct.pack('<QIIQQ', load + a, PID, PID, t, 1)))
                t += 1000
data = b''.join(recs + samples)

ATTR_SIZE = 128
attr = struct.pack('<IIQQQQQ', 1, ATTR_SIZE, 0, 1, SAMPLE_TYPE, 0,
                   (1 << 8) | (1 << 9) | (1 << 23))
attr += b'\0' * (ATTR_SIZE - len(attr))
hdr_size = 104
attrs_off = hdr_size
ids_off = attrs_off + ATTR_SIZE + 16
data_off = ids_off
hdr = b'PERFILE2' + struct.pack('<QQ', hdr_size, ATTR_SIZE + 16)
hdr += struct.pack('<QQ', attrs_off, ATTR_SIZE + 16)
hdr += struct.pack('<QQ', data_off, len(data))
hdr += struct.pack('<QQ', 0, 0) + b'\0' * 32
with open(sys.argv[1], 'wb') as f:
    f.write(hdr + attr + struct.pack('<QQ', ids_off, 0) + data)
