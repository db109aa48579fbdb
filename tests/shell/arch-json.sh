#!/bin/sh
# every named event of every model encodes as its vendor JSON says
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip "no python3 to read the JSON"
tmpdir

# For each Intel model and Arm core in data/, `mperf list --cpuid C -d
# --deprecated` prints every event with the config/config1 it encodes to;
# an independent reading of the vendor JSON in Python computes what the
# IA32_PERFEVTSELx layout (event 0-7, umask 8-15, edge 18, any 21, inv 23,
# cmask 24-31; ldlat/offcore_rsp/frontend MSR values in config1) or the
# Armv8 PMU (event number in config 0-15) gives, and the two must agree
# for every core event, each table must hold every event of its JSON, and
# a spot check pins a few values.
check() {	# cpuid json-files...
	id=$1; shift
	"$MPERF" list --cpuid "$id" --details --deprecated >"$T/list" 2>&1 ||
		fail "mperf list --cpuid $id failed: $(head -3 "$T/list")"
	python3 - "$T/list" "$@" <<'PY' || fail "$id: encodings differ from the JSON"
import json, re, sys
listing, files = sys.argv[1], sys.argv[2:]
got = {}
name = pmu = None
for line in open(listing):
    m = re.match(r'^  (\S+)$', line)
    if m:
        name = m.group(1)
        continue
    m = re.match(r'^       ([a-z0-9_]+)/', line)
    if m:
        pmu = m.group(1)
        continue
    m = re.match(r'^       config=(0x[0-9a-f]+|0)(?: config1=(0x[0-9a-f]+))?', line)
    if m and name:
        got[(pmu, name)] = (int(m.group(1), 16), int(m.group(2) or '0', 16))
def num(s):
    s = str(s).split(',')[0].strip()
    return int(s, 16) if s.lower().startswith('0x') else int(s or 0)
bad = checked = 0
for f in files:
    d = json.load(open(f))
    if 'Events' in d:		# Intel perfmon
        hybrid = f.endswith(('gracemont_core.json', 'goldencove_core.json'))
        p = 'cpu'
        if hybrid:
            p = 'cpu_atom' if 'gracemont' in f else 'cpu_core'
        for e in d['Events']:
            cfg = (num(e['EventCode']) | num(e['UMask']) << 8
                   | num(e.get('EdgeDetect', 0)) << 18
                   | num(e.get('AnyThread', 0) or 0) << 21
                   | num(e.get('Invert', 0)) << 23
                   | num(e.get('CounterMask', 0)) << 24)
            msr = num(e.get('MSRIndex', '0') or '0')
            cfg1 = num(e.get('MSRValue', '0') or '0') if msr in (0x3f6, 0x3f7, 0x1a6) else 0
            want = (cfg, cfg1)
            key = (p, e['EventName'].lower())
            checked += 1
            if got.get(key) != want:
                bad += 1
                if bad < 10:
                    print('%s %s: mperf %s, JSON says %s' % (f, key, got.get(key), want))
    else:			# Arm
        for e in d['events']:
            n = e.get('name') or e.get('trm_name')
            if not n:
                continue
            key = ('armv8_pmuv3', n.lower())
            checked += 1
            if got.get(key) != (e['code'], 0):
                bad += 1
                if bad < 10:
                    print('%s %s: mperf %s, JSON says %#x' % (f, key, got.get(key), e['code']))
print('%s: %d events checked, %d differ' % (files[0].split('/')[-1], checked, bad))
sys.exit(1 if bad or checked < 30 else 0)
PY
}
I="$TOP/data/intel-perfmon"
A="$TOP/data/arm-pmu"
check GenuineIntel-6-3C-3 "$I/HSW/events/haswell_core.json"
check GenuineIntel-6-5E-3 "$I/SKL/events/skylake_core.json"
check GenuineIntel-6-55-4 "$I/SKX/events/skylakex_core.json"
check GenuineIntel-6-7E-5 "$I/ICL/events/icelake_core.json"
check GenuineIntel-6-6A-5 "$I/ICX/events/icelakex_core.json"
check GenuineIntel-6-8C-1 "$I/TGL/events/tigerlake_core.json"
check GenuineIntel-6-97-2 "$I/ADL/events/alderlake_goldencove_core.json" "$I/ADL/events/alderlake_gracemont_core.json"
check GenuineIntel-6-8F-0 "$I/SPR/events/sapphirerapids_core.json"
check GenuineIntel-6-AD-1 "$I/GNR/events/graniterapids_core.json"
check 0x00000000410fd034 "$A/cortex-a53.json"
check 0x00000000410fd083 "$A/cortex-a72.json"
check 0x00000000413fd0b1 "$A/cortex-a76.json"
check 0x00000000413fd0c1 "$A/neoverse-n1.json"
check 0x00000000410fd400 "$A/neoverse-v1.json"
check 0x00000000410fd490 "$A/neoverse-n2.json"
check 0x00000000410fd4f0 "$A/neoverse-v2.json"

# spot checks, worked out by hand
"$MPERF" list --cpuid GenuineIntel-6-8F-0 --details 'ocr.demand_data_rd.l3_miss' >"$T/o"
assert_contains "SPR ocr" "config=0x12a config1=0x3fbfc00001 counters=0,1,2,3" "$T/o"
"$MPERF" list --cpuid GenuineIntel-6-55-4 --details 'UOPS_ISSUED.STALL_CYCLES' >"$T/o"
assert_contains "SKX inv+cmask" "config=0x180010e" "$T/o"
"$MPERF" list --cpuid 0x00000000413fd0c1 --details cpu_cycles >"$T/o"
assert_contains "N1 cpu_cycles" "armv8_pmuv3/event=0x11/" "$T/o"

# `mperf list --cpuid GenuineIntel-6-8F-0` is Sapphire Rapids: every
# non-deprecated core event of its JSON, grouped by topic
"$MPERF" list --cpuid GenuineIntel-6-8F-0 >"$T/spr"
want=$(python3 -c "
import json
print(sum(1 for e in json.load(open('$I/SPR/events/sapphirerapids_core.json'))['Events'] if e.get('Deprecated') != '1'))")
got=$(grep -c '^  [a-z][^ ]*$' "$T/spr")	# named events only, not '[Kind]' lines
uncore=$(grep -c '^  unc_' "$T/spr")
core=$((got - uncore))
assert_eq "SPR core events listed (metrics: 58 + TopdownL1)" "$((want + 62))" "$core"
for topic in cache: "floating point:" frontend: memory: pipeline: "virtual memory:" "uncore cache:"; do
	grep -qx "$topic" "$T/spr" || fail "no '$topic' heading in the SPR list"
done
assert_contains "SPR event" "  topdown.slots" "$T/spr"
assert_contains "SPR metric" "  cpu_operating_frequency" "$T/spr"
echo "ok"
