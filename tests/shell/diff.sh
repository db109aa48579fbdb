#!/bin/sh
# report --diff BASE: per-symbol share change equals perf script's counts; diff flame graph red/blue
. "$(dirname "$0")/lib.sh"
"$MPERF" report --list-opts 2>/dev/null | grep -q -- '--diff' || skip "mperf report has no --diff"
tmpdir
D=$DATA/perf-6.1
cat "$D/cpuburn-fp.script.txt" > "$T/base.script"
cp "$D/dsouser-fp.script.txt" "$T/new.script"

# self shares per "dso symbol" from perf's own script output
shares() {
	awk '/^[^ \t]/ { first = 1; n++; next }
	     /^[ \t]/ && first { first = 0; s = $2; sub(/\+0x[0-9a-f]+$/, "", s); d = $NF; gsub(/[()]/, "", d); sub(/.*\//, "", d); c[d " " s]++ }
	     END { for (k in c) printf "%s %.6f\n", k, 100 * c[k] / n }' "$1"
}
shares "$T/base.script" | sort > "$T/base.shares"
shares "$T/new.script" | sort > "$T/new.shares"
# expected deltas, largest first
awk 'NR == FNR { b[$1 "|" $2] = $3; next } { n[$1 "|" $2] = $3 }
     END { for (k in b) print k, b[k], (k in n ? n[k] : 0); for (k in n) if (!(k in b)) print k, 0, n[k] }' \
     "$T/base.shares" "$T/new.shares" > "$T/joined"
awk '{ d = $3 - $2; printf "%s %.2f %.2f %+.2f %.6f\n", $1, $2, $3, d, d < 0 ? -d : d }' "$T/joined" |
	sort -k5,5nr -k1,1 > "$T/want"

"$MPERF" report -i "$D/dsouser-fp.data" $(report_symargs) --diff "$D/cpuburn-fp.data" > "$T/got" 2> "$T/err" ||
	{ cat "$T/err" >&2; fail "report --diff failed"; }
grep -q "^# Baseline" "$T/got" || fail "no diff header"
# the 5 largest changes: same symbols and numbers among mperf's first 8 rows (ties may swap)
grep -v '^#' "$T/got" | awk 'NF { sub(/%/, "", $1); sub(/%/, "", $2); sub(/%/, "", $3); print $4 "|" $6, $1, $2, $3 }' |
	head -8 > "$T/got8"
head -5 "$T/want" | awk '{print $1, $2, $3, $4}' > "$T/want5"
while read -r row; do
	grep -qxF "$row" "$T/got8" || { cat "$T/got8" >&2; fail "diff row '$row' (from perf script) not in mperf's top rows"; }
done < "$T/want5"
echo "top rows:"; grep -v '^#' "$T/got" | head -4

# a file against itself: no change anywhere
"$MPERF" report -i "$D/cpuburn-fp.data" $(report_symargs) --diff "$D/cpuburn-fp.data" > "$T/self" 2>/dev/null
[ -z "$(grep -v '^#' "$T/self" | awk 'NF && $3 != "+0.00%" && $3 != "-0.00%"')" ] || fail "self diff not zero"

# diff flame graph: frames coloured by the change; local_burn only in the new file: red
"$MPERF" report -i "$D/dsouser-fp.data" $(report_symargs) --diff "$D/cpuburn-fp.data" \
	--flamegraph "$T/diff.svg" 2>/dev/null || fail "--diff --flamegraph failed"
command -v python3 >/dev/null || skip "python3 missing: diff graph not parsed"
python3 - "$T/diff.svg" <<'PY' || fail "diff flame graph check"
import sys, re, xml.etree.ElementTree as ET
S = '{http://www.w3.org/2000/svg}'
root = ET.parse(sys.argv[1]).getroot()
seen = {}
for g in root.iter(S + 'g'):
    if g.get('class') != 'f':
        continue
    t = g.find(S + 'title').text
    seen[t.rsplit(' (', 1)[0]] = (t, g.find(S + 'rect').get('fill'))
t, fill = seen['local_burn']
r, gr, b = map(int, re.match(r'rgb\((\d+),(\d+),(\d+)\)', fill).groups())
assert '+' in t.rsplit(',', 1)[1] and r == 255 and b < 255, (t, fill)
print('local_burn:', t, fill)
PY
exit 0
