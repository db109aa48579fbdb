#!/bin/sh
# report --pprof: gzip'd profile.proto decoded by protoc; top functions' samples equal perf's (fp, dwarf, multi-event)
. "$(dirname "$0")/lib.sh"
"$MPERF" report --list-opts 2>/dev/null | grep -q -- '--pprof' || skip "mperf report has no --pprof"
command -v protoc >/dev/null || skip "protoc missing (apt-get install protobuf-compiler)"
command -v python3 >/dev/null || skip "python3 missing"
tmpdir
D=$DATA/perf-6.1

# protoc's text format -> python dicts (a tiny parser: "key: value" and "key {...}")
cat > "$T/pb.py" <<'PY'
import sys, re, collections
def parse(lines):
    obj = collections.defaultdict(list)
    for line in lines:
        line = line.strip()
        if line == '}':
            return obj
        if line.endswith('{'):
            obj[line[:-1].strip()].append(parse(lines))
            continue
        k, v = line.split(':', 1)
        v = v.strip()
        obj[k].append(v[1:-1].encode().decode('unicode_escape') if v.startswith('"') else
                      (v == 'true') if v in ('true', 'false') else int(v))
    return obj
p = parse(iter(open(sys.argv[1]).read().splitlines()))
strs = p['string_table']
assert strs[0] == '', 'string_table[0] must be empty'
funcs = {f['id'][0]: strs[f['name'][0]] for f in p['function']}
maps = {m['id'][0]: m for m in p['mapping']}
locs = {l['id'][0]: l for l in p['location']}
types = [(strs[t['type'][0]], strs[t['unit'][0]]) for t in p['sample_type']]
ev = sys.argv[2]
idx = types.index((ev + '_samples', 'count'))
self_ = collections.Counter()
total = 0
for s in p['sample']:
    n = s['value'][idx]
    assert len(s['value']) == len(types)
    if not n:
        continue
    total += n
    leaf = locs[s['location_id'][0]]
    self_[funcs[leaf['line'][-1]['function_id'][0]]] += n    # the physical function
    for lid in s['location_id']:
        l = locs[lid]
        m = maps[l['mapping_id'][0]]
        assert 'line' in l and l['line'], 'location without line'
print('total', total)
print('duration', p.get('duration_nanos', [0])[0])
for f, n in self_.most_common():
    print('self', f, n)
for m in maps.values():
    print('mapping', strs[m['filename'][0]], strs[m['build_id'][0]] if m.get('build_id') else '-',
          'inline' if m.get('has_inline_frames', [False])[0] else '')
for t in types:
    print('type', *t)
# file offsets and lines of the locations in the main binary, for addr2line
for l in p['location']:
    m = maps[l['mapping_id'][0]]
    if strs[m['filename'][0]].endswith('/cpuburn') and l['line'][-1].get('line'):
        off = l['address'][0] - m['memory_start'][0] + m.get('file_offset', [0])[0]
        print('line %x %d' % (off, l['line'][-1]['line'][0]))
PY

# samples where each function is the leaf, from perf's own perf script output
leafcount() {
	awk -v ev="$2" '/^[^ \t]/ { want = index($0, " " ev ":") > 0; first = 1; next }
	     /^[ \t]/ && first { first = 0; if (!want) next; s = $2; sub(/\+0x[0-9a-f]+$/, "", s); if (s == "[unknown]") { s = $3; sub(/.*\//, "", s); sub(/\)$/, "", s); s = "[" s "]" } c[s]++ }
	     END { for (s in c) print "self", s, c[s] }' "$1" | sort -k3,3nr -k2,2 | head -12
}

for name in cpuburn-fp cpuburn-dwarf dsouser-fp; do
	cat "$D/$name.script.txt" > "$T/$name.script"
	"$MPERF" report -i "$D/$name.data" $(report_symargs) --pprof "$T/$name.pb.gz" 2> "$T/err" ||
		{ cat "$T/err" >&2; fail "$name: report --pprof failed"; }
	[ "$(head -c2 "$T/$name.pb.gz" | od -An -tx1 | tr -d ' ')" = 1f8b ] || fail "$name: not gzip"
	gzip -dc "$T/$name.pb.gz" > "$T/$name.pb" || fail "$name: gzip -d failed"
	protoc --proto_path="$DATA" --decode perftools.profiles.Profile profile.proto \
		< "$T/$name.pb" > "$T/$name.txt" 2> "$T/perr" || { cat "$T/perr" >&2; fail "$name: protoc cannot decode"; }
	python3 "$T/pb.py" "$T/$name.txt" cpu-clock:ppp > "$T/$name.got" || fail "$name: decoded profile inconsistent"
	want_total=$(grep -c 'cpu-clock:ppp:' "$T/$name.script")
	assert_eq "$name: total samples" "total $want_total" "$(grep '^total' "$T/$name.got")"
	leafcount "$T/$name.script" cpu-clock:ppp > "$T/$name.want"
	# the top functions (by samples where they are the leaf) with equal counts
	head -8 "$T/$name.want" | while read -r _ f n; do
		grep -qx "self $f $n" "$T/$name.got" || { grep "self $f " "$T/$name.got" >&2; fail "$name: $f: want $n samples"; }
	done || exit 1
	echo "$name: $(grep -c '^self' "$T/$name.got") functions; top ones equal perf script's counts"
done
grep -q 'mapping /opt/mperf-testdata/bin/cpuburn b81b3801f70f882d62888716d744daced03486c8' "$T/cpuburn-fp.got" ||
	fail "cpuburn mapping without its build-id"
grep -q 'mapping /opt/mperf-testdata/bin/libmwork.so ed067ce4ce34e08a37c1536841de5bea92c7e460' "$T/dsouser-fp.got" ||
	fail "libmwork.so mapping without its build-id"
grep -q 'mapping \[kernel.kallsyms\]' "$T/cpuburn-fp.got" || fail "no kernel mapping"
# every mapped file carries a build-id (perf records only those with samples:
# the others, libc here, are read from the files)
for n in cpuburn-fp cpuburn-dwarf dsouser-fp; do
	awk '$1 == "mapping" && $2 ~ /^\// && ($3 !~ /^[0-9a-f]+$/ || length($3) != 40) { print; bad = 1 } END { exit bad }' "$T/$n.got" ||
		fail "$n: a file mapping without build-id"
done
grep -q '^type cpu-clock:ppp nanoseconds' "$T/cpuburn-fp.got" || fail "no cpu-clock period type"
# duration: first to last sample, as perf script's timestamps say (to 1 us)
want=$(awk '/^[^ \t]/ { t = $3; sub(/:$/, "", t); if (!f) f = t; l = t } END { printf "%d", (l - f) * 1e6 }' "$T/cpuburn-fp.script")
got=$(awk '$1 == "duration" { printf "%d", $2 / 1000 }' "$T/cpuburn-fp.got")
[ "$want" -ge $((got - 1)) ] && [ "$want" -le $((got + 1)) ] || fail "duration: want ${want}us, got ${got}us"
# source lines: the same as binutils' addr2line gives for the same file offsets
if command -v addr2line >/dev/null; then
	grep '^line ' "$T/cpuburn-fp.got" | head -40 > "$T/lines"
	[ "$(wc -l < "$T/lines")" -ge 20 ] || fail "cpuburn locations without line numbers"
	while read -r _ off line; do
		want=$(addr2line -e "$D/bin/cpuburn" "0x$off" | sed 's/.*://; s/ .*//')
		[ "$want" = "$line" ] || fail "location at file offset 0x$off: line $line, addr2line says $want"
	done < "$T/lines"
	echo "40 cpuburn locations: lines equal addr2line's"
fi

# two events: four sample types, each sample counted under its own event only
"$MPERF" report -i "$D/multi-event.data" $(report_symargs) --pprof "$T/multi.pb.gz" 2>/dev/null ||
	fail "multi-event: report --pprof failed"
gzip -dc "$T/multi.pb.gz" | protoc --proto_path="$DATA" --decode perftools.profiles.Profile profile.proto \
	> "$T/multi.txt" || fail "multi-event: protoc"
for ev in cpu-clock page-faults; do
	python3 "$T/pb.py" "$T/multi.txt" $ev > "$T/multi-$ev.got" || fail "multi-event $ev"
	want=$(awk -v ev=" $ev:" 'index($0, ev) { n++ } END { print n }' "$D/multi-event.script.txt")
	assert_eq "multi-event $ev samples" "total $want" "$(grep '^total' "$T/multi-$ev.got")"
done
[ "$(grep -c '^type' "$T/multi-cpu-clock.got")" = 4 ] || fail "multi-event: want 4 sample types"
exit 0
