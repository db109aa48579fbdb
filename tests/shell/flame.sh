#!/bin/sh
# report --flamegraph: valid SVG whose frames carry perf script's counts, rendered by headless Chromium
. "$(dirname "$0")/lib.sh"
"$MPERF" report --list-opts 2>/dev/null | grep -q -- '--flamegraph' || skip "mperf report has no --flamegraph"
command -v python3 >/dev/null || skip "python3 missing (apt-get install python3)"
tmpdir
D=$DATA/perf-6.1
cat "$D/cpuburn-fp.script.txt" > "$T/script.txt"

"$MPERF" report -i "$D/cpuburn-fp.data" $(report_symargs) --flamegraph "$T/fg.svg" 2> "$T/err" ||
	{ cat "$T/err" >&2; fail "report --flamegraph failed"; }
"$MPERF" report -i "$D/cpuburn-fp.data" $(report_symargs) --flamegraph "$T/icicle.svg" \
	--flamegraph-reverse --flamegraph-title "cpuburn icicle" 2>/dev/null || fail "--flamegraph-reverse failed"

# expected: samples whose stack contains each function (perf's own script output)
awk '/^[^ \t]/ { n++; delete seen; next }
     /^[ \t]/ { s = $2; sub(/\+0x[0-9a-f]+$/, "", s); if (!(s in seen)) { seen[s] = 1; c[s]++ } }
     END { print "all", n; for (s in c) print s, c[s] }' "$T/script.txt" > "$T/want"

cat > "$T/check.py" <<'PY'
import sys, xml.etree.ElementTree as ET
S = '{http://www.w3.org/2000/svg}'
svg, want_file, mode = sys.argv[1], sys.argv[2], sys.argv[3]
root = ET.parse(svg).getroot()                      # well-formed XML
assert root.tag == S + 'svg', root.tag
assert root.find(S + 'script') is not None, 'no script'
for el in root.iter():                              # self-contained
    for k, v in el.attrib.items():
        assert not v.startswith('http') or k == 'xmlns' or 'w3.org' in v, (k, v)
want = dict(l.split()[0:2] for l in open(want_file))
frames = {}
for g in root.iter(S + 'g'):
    if g.get('class') != 'f':
        continue
    title = g.find(S + 'title').text
    name = title.rsplit(' (', 1)[0]
    n = int(title.rsplit(' (', 1)[1].split()[0])
    assert int(g.get('data-w')) == n
    y = float(g.find(S + 'rect').get('y'))
    frames.setdefault(name, []).append((n, int(g.get('data-d')), y))
total = int(want['all'])
assert frames['all'][0][0] == total, (frames['all'], total)
# a function's frames add up to the samples whose stack holds it (no recursion here)
checked = 0
for name, c in want.items():
    if name == 'all' or name.startswith('['):
        continue
    got = sum(n for n, d, y in frames.get(name, []))
    # frames narrower than 0.1 px are not drawn: allow that much
    assert abs(got - int(c)) <= 2 * len(frames.get(name, [1])) or got == int(c), (name, got, c)
    if got == int(c):
        checked += 1
assert checked >= 20, checked
ys = {d: y for fl in frames.values() for n, d, y in fl}
if mode == 'flame':
    assert ys[0] > ys[1] > ys[2], 'root not at the bottom'
else:
    assert ys[0] < ys[1] < ys[2], 'root not at the top'
kinds = {g.get('data-k') for g in root.iter(S + 'g') if g.get('class') == 'f'}
assert {'user', 'kernel', 'root', 'comm'} <= kinds, kinds
print('%s: %d frames, %d functions with exact counts, total %d' %
      (mode, sum(len(v) for v in frames.values()), checked, total))
PY
python3 "$T/check.py" "$T/fg.svg" "$T/want" flame || fail "flame graph check"
python3 "$T/check.py" "$T/icicle.svg" "$T/want" icicle || fail "icicle graph check"
grep -q '>cpuburn icicle<' "$T/icicle.svg" || fail "--flamegraph-title not used"

# caller graph: the level above the process holds the leaf functions with
# their self samples (perf script's first frame of each sample)
"$MPERF" report -i "$D/cpuburn-fp.data" $(report_symargs) --flamegraph "$T/callers.svg" \
	--flamegraph-callers 2>/dev/null || fail "--flamegraph-callers failed"
awk '/^[^ \t]/ { first = 1; next } /^[ \t]/ && first { first = 0; s = $2; sub(/\+0x[0-9a-f]+$/, "", s); c[s]++ }
     END { for (s in c) print s, c[s] }' "$T/script.txt" | sort > "$T/leaves.want"
python3 - "$T/callers.svg" <<'PY' | sort > "$T/leaves.got" || fail "caller graph parse"
import sys, xml.etree.ElementTree as ET
S = '{http://www.w3.org/2000/svg}'
for g in ET.parse(sys.argv[1]).getroot().iter(S + 'g'):
    if g.get('class') == 'f' and g.get('data-d') == '2':
        t = g.find(S + 'title').text
        print(t.rsplit(' (', 1)[0], g.get('data-w'))
PY
diff -u "$T/leaves.want" "$T/leaves.got" || fail "caller graph leaves differ from perf script's leaf counts"
echo "caller graph: $(wc -l < "$T/leaves.got") leaf functions with perf script's counts"

# render in headless Chromium (no network): non-blank, frames in the DOM, search works
CHROME=$(command -v chromium || command -v chromium-browser || command -v google-chrome)
[ -n "$CHROME" ] || skip "chromium not installed (apt-get install chromium): SVG checked as XML only"
chrome() {
	timeout 120 "$CHROME" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$T/chrome" "$@" 2>/dev/null
}
chrome --screenshot="$T/fg.png" --window-size=1200,800 "file://$T/fg.svg" >/dev/null
[ -s "$T/fg.png" ] || fail "chromium made no screenshot"
cat > "$T/png.py" <<'PY'
import sys, zlib, struct
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n'
pos, idat, w = 8, b'', 0
while pos < len(data):
    n, t = struct.unpack('>I4s', data[pos:pos + 8])
    if t == b'IHDR':
        w, h, depth, ctype = struct.unpack('>IIBB', data[pos + 8:pos + 18])
    if t == b'IDAT':
        idat += data[pos + 8:pos + 8 + n]
    pos += 12 + n
raw = zlib.decompress(idat)
bpp = {2: 3, 6: 4}[ctype]
stride = w * bpp
prev = bytearray(stride)
colours = set()
for r in range(h):
    f = raw[r * (stride + 1)]
    line = bytearray(raw[r * (stride + 1) + 1:(r + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b = prev[i]
        c = prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + ((a + b) >> 1)) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    prev = line
    if r % 4 == 0:
        for x in range(0, stride, bpp * 3):
            colours.add(bytes(line[x:x + 3]))
print('%dx%d, %d distinct colours' % (w, h, len(colours)))
assert len(colours) >= 20, 'blank screenshot'
PY
python3 "$T/png.py" "$T/fg.png" || fail "screenshot looks blank"
chrome --dump-dom "file://$T/fg.svg?s=cb_bravo_a_l1" > "$T/dom.html"
for f in main cb_run_batch cb_alpha_a_l0 __libc_start_call_main; do
	grep -q "<title>$f (" "$T/dom.html" || fail "$f not in the rendered DOM"
done
want=$(awk -v t="$(awk '$1 == "all" {print $2}' "$T/want")" '$1 == "cb_bravo_a_l1" { printf "%.2f", 100 * $2 / t }' "$T/want")
grep -q "Matched: $want%" "$T/dom.html" || { grep -o 'id="matched"[^<]*' "$T/dom.html" >&2; fail "search share: want $want%"; }
echo "rendered; search cb_bravo_a_l1 matched $want%"
# zoom (what a click does) to cb_charlie_a_l1: it spans the full width, its
# ancestors too, frames beside it are hidden, and "Reset Zoom" shows
chrome --dump-dom "file://$T/fg.svg?z=cb_charlie_a_l1" > "$T/zoom.html"
python3 - "$T/zoom.html" <<'PY' || fail "zoom in the browser"
import sys, re
dom = open(sys.argv[1]).read()
assert re.search(r'id="unzoom"[^>]*opacity: 1', dom), 'Reset Zoom not shown'
def frame(name):
    m = re.search(r'<g class="f( anc)?"([^>]*)><title>' + re.escape(name) +
                  r' \(.*?</title><rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"', dom)
    assert m, name
    return m
z = frame('cb_charlie_a_l1')
assert float(z.group(3)) == 10.0 and float(z.group(4)) == 1180.0, z.groups()
a = frame('cb_alpha_a_l0')
assert a.group(1) == ' anc' and float(a.group(4)) == 1180.0, a.groups()
b = frame('cb_bravo_a_l1')
assert 'display: none' in b.group(2), b.groups()
print('zoom: cb_charlie_a_l1 full width, ancestors kept, siblings hidden')
PY
if [ -n "$FLAME_SCREENSHOT" ]; then cp "$T/fg.png" "$FLAME_SCREENSHOT"; fi
exit 0
