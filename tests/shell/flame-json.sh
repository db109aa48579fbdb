#!/bin/sh
# report --json: versioned document whose entries match perf report's overheads and perf script's sample counts
. "$(dirname "$0")/lib.sh"
"$MPERF" report --list-opts 2>/dev/null | grep -q -- '--json' || skip "mperf report has no --json"
command -v python3 >/dev/null || skip "python3 missing"
tmpdir
D=$DATA/perf-6.1
for name in cpuburn-fp dsouser-fp cpuburn-dwarf; do
	cat "$D/$name.script.txt" > "$T/$name.script"
	"$MPERF" report -i "$D/$name.data" $(report_symargs) --json > "$T/$name.json" 2> "$T/err" ||
		{ cat "$T/err" >&2; fail "$name: report --json failed"; }
	"$MPERF" report -i "$D/$name.data" $(report_symargs) --stdio -n --no-children --sort comm,dso,sym -g none \
		> "$T/$name.mreport" 2>/dev/null || fail "$name: mperf report --stdio failed"
	python3 - "$T/$name.json" "$T/$name.script" "$D/$name.report-nochildren.txt" "$T/$name.mreport" "$D/$name.report.txt" <<'PY' || fail "$name: JSON check"
import sys, json, re, collections
doc = json.load(open(sys.argv[1]))
assert doc['schema'] == 'mperf-report' and doc['version'] == 1, doc.get('version')
ev = doc['events'][0]
# perf script: samples, and samples per leaf symbol
leaf, total, first = collections.Counter(), 0, False
for line in open(sys.argv[2]):
    if line[:1] not in (' ', '\t', '\n', ''):
        total += 1; first = True
    elif line.strip() and first:
        first = False
        sym = re.sub(r'\+0x[0-9a-f]+$', '', line.split()[1])
        leaf[sym] += 1
assert ev['samples'] == total, (ev['samples'], total)
byname = collections.Counter()
for e in ev['entries']:
    byname[e['symbol']] += e['samples']
for sym, n in leaf.most_common(10):
    assert byname[sym] == n, (sym, byname[sym], n)
# perf report --no-children --sort comm,dso,sym: the same overheads (to 0.01)
rows = 0
for line in open(sys.argv[3]):
    m = re.match(r'\s+([\d.]+)%\s+(\S+)\s+(\S+)\s+\[(.)\]\s+(\S+)', line)
    if not m:
        continue
    pct, comm, dso, k, sym = float(m[1]), m[2], m[3], m[4], m[5]
    got = [e for e in ev['entries'] if e['symbol'] == sym and e['dso'] == dso and e['comm'] == comm]
    assert got, (sym, dso)
    assert abs(got[0]['overhead'] - pct) <= 0.011, (sym, got[0]['overhead'], pct)
    assert got[0]['kind'] == ('kernel' if k == 'k' else 'user')
    rows += 1
assert rows >= 3, rows
# mperf report -n: the same sample counts and overheads, row for row
mrows = 0
for line in open(sys.argv[4]):
    m = re.match(r'\s+([\d.]+)%\s+(\d+)\s+(\S+)\s+(\S+)\s+\[(.)\]\s+(\S+)', line)
    if not m:
        continue
    pct, n, comm, dso, sym = float(m[1]), int(m[2]), m[3], m[4], m[6]
    got = [e for e in ev['entries'] if e['symbol'] == sym and e['dso'] == dso and e['comm'] == comm]
    assert got and got[0]['samples'] == n, (sym, got and got[0]['samples'], n)
    assert abs(got[0]['overhead'] - pct) <= 0.005, (sym, got[0]['overhead'], pct)
    mrows += 1
assert mrows >= 3, mrows
# perf report (children by default on -g files): Children and Self to 0.01
crows = 0
for line in open(sys.argv[5]):
    m = re.match(r'\s+([\d.]+)%\s+([\d.]+)%\s+(\S+)\s+(\S+)\s+\[(.)\]\s+(\S+)\s*$', line)
    if not m:
        continue
    ch, pct, comm, dso, sym = float(m[1]), float(m[2]), m[3], m[4], m[6]
    got = [e for e in ev['entries'] if e['symbol'] == sym and e['dso'] == dso and e['comm'] == comm]
    assert got, ('children', sym, dso)
    assert abs(got[0]['children'] - ch) <= 0.011 and abs(got[0]['overhead'] - pct) <= 0.011, \
        (sym, got[0]['children'], ch, got[0]['overhead'], pct)
    crows += 1
assert crows >= 3, crows
rows = '%d perf report rows, %d mperf report -n rows, %d perf children rows' % (rows, mrows, crows)
# stacks reference frames; they add up to the event's samples
assert sum(s['samples'] for s in ev['stacks']) == total
nf = len(doc['frames'])
assert all(0 <= i < nf for s in ev['stacks'] for i in s['frames'])
print('%s: %d samples, %d entries, %s equal' % (sys.argv[1].split('/')[-1], total, len(ev['entries']), rows))
PY
done
"$MPERF" report -i "$D/dsouser-fp.data" $(report_symargs) --json --json-pretty --json-no-stacks > "$T/p.json" || fail "--json-pretty"
grep -q '^  "version": 1,' "$T/p.json" || fail "--json-pretty not indented"
grep -q '"stacks"' "$T/p.json" && fail "--json-no-stacks still has stacks"
# perf's dummy tracking event (no samples) is left out; a file without
# samples still gives a valid document and exit 0, as report
n=$("$MPERF" report -i "$D/syswide-fp.data" $(report_symargs) --json --json-no-stacks |
	python3 -c 'import json, sys; print(",".join(e["name"] for e in json.load(sys.stdin)["events"]))')
assert_eq "syswide-fp events" "cpu-clock:ppp" "$n"
"$MPERF" report -i "$D/stat-record.data" --json > "$T/empty.json" 2>/dev/null || fail "--json on a file without samples failed"
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert d["events"] == [], d' "$T/empty.json" ||
	fail "no-sample document"
"$MPERF" report -i "$D/stat-record.data" --flamegraph "$T/none.svg" 2> "$T/none.err" && fail "flame graph of nothing succeeded"
grep -q 'has no samples' "$T/none.err" || fail "no reason given for an empty flame graph"
exit 0
