#!/bin/sh
# data objects (STT_OBJECT, kallsyms D/B) print "name+0x<off>" in the
# symbol column as perf's do: perf's entry address (a sample's
# map-relative one, a frame's raw one) minus the object's start mapped out
# by the entry's map; report equals perf's on a perf 6.1 file given kernel
# data addresses (craft-perfdata.py) and on a -d recording given a user one
. "$(dirname "$0")/lib.sh"
perf61_data cpuburn-plain.data
K="--kallsyms $D/kallsyms"
BOTH_OPTS=$K
# a kernel sample in the map, then one in a data symbol (D)
python3 "$CRAFT" ips "$D/cpuburn-plain.data" "$T/k.data" 1 ffffffff81001000,ffffffff83000010 ||
	fail "craft failed"
both "$T/k.data" -s sym,dso
grep -q '__start_init_stack+0x10 ' "$T/perf" || fail "perf printed no data symbol offset"
both "$T/k.data"
# a user data object (a -d recording maps the read-only segment): perf
# subtracts the mapped-out start from the map-relative address
if [ "$(id -u)" = 0 ] && [ -x "$WL/cpuburn" ] &&
	"$PERF" record -q -d -o "$T/d.data" -- "$WL/cpuburn" 0.1 >/dev/null 2>&1; then
	off=$(readelf -sW "$WL/cpuburn" | awk '$8 == "_IO_stdin_used" { print $2 }')
	[ -n "$off" ] || fail "cpuburn has no _IO_stdin_used"
	# its segment maps vaddr = file offset (PIE, first pages)
	addr=$("$PERF" script -i "$T/d.data" --show-mmap-events 2>/dev/null | python3 -c '
import re, sys
off, path = int(sys.argv[1], 16), sys.argv[2]
for line in sys.stdin:
    m = re.search(r"MMAP2 .*\[0x([0-9a-f]+)\(0x([0-9a-f]+)\) @ (0x[0-9a-f]+|0) .*: r--p (.*)$", line)
    if m and m.group(4) == path:
        s, l, p = int(m.group(1), 16), int(m.group(2), 16), int(m.group(3), 16)
        if p <= off < p + l:
            print("%x" % (s + off - p + 2))
            break
' "$off" "$WL/cpuburn")
	[ -n "$addr" ] || fail "no read-only mapping of cpuburn in the -d recording"
	python3 "$CRAFT" ips "$T/d.data" "$T/obj.data" 2 "$addr" || fail "craft failed"
	K=
	both "$T/obj.data" -s sym,dso
	grep -q '_IO_stdin_used+0xffff' "$T/perf" || fail "perf printed no map-relative object offset"
fi
echo "ok: $n reports with data objects equal perf's"
