#!/bin/sh
# mperf list -j: one valid JSON document with the same events as the text list
. "$(dirname "$0")/lib.sh"
need_tracefs
command -v python3 >/dev/null || skip "no python3 to parse JSON"
tmpdir

"$MPERF" list -j >"$T/all.json" || fail "list -j exits non-zero"
"$MPERF" list --raw-dump >"$T/raw"
python3 - "$T/all.json" "$T/raw" <<'PY' || fail "JSON check failed"
import json, sys
doc = json.load(open(sys.argv[1]))
names = open(sys.argv[2]).read().split()
ev = doc["events"]
assert doc["arch"] in ("x86", "arm64"), doc["arch"]
assert doc["cpuid"], "no cpuid"
# same events, same order as the raw dump of the text list
got = [e["name"] for e in ev]
assert got == names, (len(got), len(names), [x for x in zip(got, names) if x[0] != x[1]][:3])
by = {e["name"]: e for e in ev}
cs = by["context-switches"]
assert cs["aliases"] == ["cs"] and cs["type"] == 1 and cs["config"] == "0x3", cs
assert cs["category"] == "sw" and cs["event_type"] == "Software event", cs
tp = by["sched:sched_switch"]
assert tp["type"] == 2 and tp["category"] == "tracepoint", tp
want_id = int(open("/sys/kernel/tracing/events/sched/sched_switch/id").read())
assert int(tp["config"], 16) == want_id, (tp, want_id)
assert by["duration_time"]["category"] == "tool"
PY

# the fake sysfs: PMU aliases with their encodings, units and scales
MPERF_SYSFS="$DATA/sysfs" "$MPERF" list -j pmu >"$T/pmu.json" || fail "list -j pmu"
python3 - "$T/pmu.json" <<'PY' || fail "fake sysfs JSON check failed"
import json, sys
ev = {e["name"]: e for e in json.load(open(sys.argv[1]))["events"]}
c = ev["uncore_imc_0/cas_count_read/"]
assert c["pmu"] == "uncore_imc_0" and c["type"] == 17, c
assert c["config"] == "0x304" and c["encoding"] == "uncore_imc_0/event=0x04,umask=0x03/", c
assert c["unit"] == "MiB" and abs(c["scale"] - 6.103515625e-05) < 1e-12, c
y = ev["cpu/cycles/"]
assert y["aliases"] == ["cycles"] and y["config"] == "0x3c", y
assert len(ev) == 13, len(ev)
PY

# vendor events and metrics of another CPU's table
"$MPERF" list -j --cpuid SKX 'inst_retired.any' metric >"$T/skx.json" || fail "list -j --cpuid SKX"
python3 - "$T/skx.json" <<'PY' || fail "vendor/metric JSON check failed"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["events_cpuid"] == "SKX", d.get("events_cpuid")
ev = {e["name"]: e for e in d["events"]}
i = ev["inst_retired.any"]
assert i["category"] == "vendor" and i["topic"] == "pipeline", i
assert i["encoding"].startswith("cpu/") and i["desc"], i
m = ev["cpi"]
assert m["category"] == "metric" and "INST_RETIRED.ANY" in m["expr"], m
assert sum(1 for e in d["events"] if e["category"] == "metric") > 10
PY

"$MPERF" list -j --raw-dump 2>"$T/err" && fail "-j with --raw-dump accepted"
[ "$(wc -l <"$T/err")" -eq 1 ] || fail "not one error line: $(cat "$T/err")"
exit 0
