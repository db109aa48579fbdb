#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Turn the vendor PMU event JSON under data/ into compact C tables.

usage: jevents.py DATA_DIR OUTPUT.c

Inputs (kept in the project with their licenses):
  DATA_DIR/intel-perfmon/mapfile.csv and the per-model core, uncore and
  metric JSON it names (Intel's perfmon format: EventCode, UMask,
  CounterMask, Invert, EdgeDetect, AnyThread, MSRIndex, MSRValue, ...);
  DATA_DIR/arm-pmu/*.json (Arm's PMU data: code, name, description).

Output: one C file with, per model, a sorted array of struct pmu_event and
of struct pmu_metric, and the two cpuid maps (x86 mapfile regexes, arm64
MIDRs) that util/pmu-events.c searches. Strings are interned in one pool
so repeated topics, PMU names and counter lists cost nothing.
"""

import csv
import json
import os
import re
import sys

# MSR index -> the sysfs format term that carries its value (config1).
MSR_TERMS = {
    0x3f6: "ldlat",
    0x1a6: "offcore_rsp",
    0x1a7: "offcore_rsp",
    0x3f7: "frontend",
}

F_INV, F_EDGE, F_ANY, F_PEBS, F_DEPRECATED, F_TAKEN_ALONE, F_UNCORE = \
    1, 2, 4, 8, 16, 32, 64

# Name prefix -> topic for Intel core events. First match wins; the rest is
# "pipeline". Our own grouping, close to the topics perf's lists use.
INTEL_TOPICS = [
    ("floating point", ("FP_", "ARITH.FP", "ASSISTS.FP", "SIMD_", "X87",
                        "AVX_INSTS", "FP_ASSIST", "ASSISTS.SSE_AVX_MIX")),
    ("virtual memory", ("DTLB", "ITLB", "STLB", "TLB_FLUSH", "EPT",
                        "PAGE_WALKER")),
    ("frontend", ("FRONTEND_RETIRED", "IDQ", "DSB2MITE", "DSB_FILL",
                  "ICACHE", "DECODE", "BACLEARS", "ILD_STALL", "MS_DECODED",
                  "INST_DECODED", "TOPDOWN_FE_BOUND", "BTCLEAR",
                  "IDQ_BUBBLES")),
    ("memory", ("MEM_TRANS_RETIRED", "MACHINE_CLEARS.MEMORY_ORDERING",
                "HLE_RETIRED", "RTM_RETIRED", "TX_MEM", "TX_EXEC",
                "MEMORY_ACTIVITY", "MEM_BOUND_STALLS", "MISALIGN_MEM_REF",
                "MEMORY_DISAMBIGUATION", "LD_HEAD")),
    ("cache", ("L1D", "L2_", "LLC", "LONGEST_LAT_CACHE", "MEM_LOAD",
               "MEM_INST_RETIRED", "MEM_UOPS_RETIRED", "MEM_UOP_RETIRED",
               "MEM_STORE_RETIRED", "OFFCORE_REQUESTS", "OFFCORE_RESPONSE",
               "OCR.", "SQ_MISC", "CORE_SNOOP_RESPONSE", "SW_PREFETCH",
               "LOAD_HIT_PRE", "IDI_MISC", "XQ", "CORE_REJECT_L2Q",
               "L2_REJECT_XQ", "L2_REQUEST", "MEM_SCHEDULER_BLOCK")),
    ("other", ("CORE_POWER", "HW_INTERRUPTS", "LBR_INSERTS", "SERIALIZATION")),
]

UNCORE_TOPICS = {
    "cha": "uncore cache", "cbo": "uncore cache", "cbox": "uncore cache",
    "imc": "uncore memory", "m2m": "uncore memory", "m2hbm": "uncore memory",
    "mchbm": "uncore memory", "b2cmi": "uncore memory",
    "iio": "uncore io", "irp": "uncore io", "m2pcie": "uncore io",
    "cxlcm": "uncore io", "cxldp": "uncore io",
    "upi ll": "uncore interconnect", "m3upi": "uncore interconnect",
    "pcu": "uncore power",
}

# Arm "component"/"type" -> topic.
ARM_COMPONENT_TOPICS = {
    "L1I": "cache", "L1D": "cache", "L2": "cache", "L3": "cache",
    "LL": "cache", "L1ITLB": "tlb", "L1DTLB": "tlb", "L2TLB": "tlb",
    "DTLB": "tlb", "ITLB": "tlb", "BPU": "branch", "BUS": "bus",
    "MEM": "memory",
}
ARM_TYPE_TOPICS = {"EXC": "exception", "INS": "instruction",
                   "CYCLE": "pipeline", "ETM": "trace"}


# Level 1 of Intel's Top-down Microarchitecture Analysis from core events,
# for models whose metric JSON does not carry it (group "TopdownL1"). Slots
# are issue width x core cycles before Ice Lake, TOPDOWN.SLOTS after; the
# per-thread cycle count is used as is (no SMT correction).
_PRE_ICL_SLOTS = "(4 * CPU_CLK_UNHALTED.THREAD)"
_TOPDOWN_PRE_ICL = [
    ("tma_frontend_bound", "IDQ_UOPS_NOT_DELIVERED.CORE / " + _PRE_ICL_SLOTS,
     "Fraction of issue slots where the frontend delivered no uops while the backend could accept them"),
    ("tma_bad_speculation",
     "(UOPS_ISSUED.ANY - UOPS_RETIRED.RETIRE_SLOTS + 4 * INT_MISC.RECOVERY_CYCLES) / "
     + _PRE_ICL_SLOTS,
     "Fraction of issue slots wasted on uops that never retired (mispredictions, machine clears)"),
    ("tma_retiring", "UOPS_RETIRED.RETIRE_SLOTS / " + _PRE_ICL_SLOTS,
     "Fraction of issue slots that retired uops"),
    ("tma_backend_bound",
     "1 - (IDQ_UOPS_NOT_DELIVERED.CORE + UOPS_ISSUED.ANY + 4 * INT_MISC.RECOVERY_CYCLES) / "
     + _PRE_ICL_SLOTS,
     "Fraction of issue slots where the backend could not accept uops (memory or core bound)"),
]
_TOPDOWN_ICL = [
    ("tma_frontend_bound",
     "(IDQ_UOPS_NOT_DELIVERED.CORE - INT_MISC.UOP_DROPPING) / TOPDOWN.SLOTS",
     _TOPDOWN_PRE_ICL[0][2]),
    ("tma_backend_bound", "TOPDOWN.BACKEND_BOUND_SLOTS / TOPDOWN.SLOTS",
     _TOPDOWN_PRE_ICL[3][2]),
    ("tma_retiring", "UOPS_RETIRED.SLOTS / TOPDOWN.SLOTS", _TOPDOWN_PRE_ICL[2][2]),
    ("tma_bad_speculation",
     "1 - (IDQ_UOPS_NOT_DELIVERED.CORE - INT_MISC.UOP_DROPPING + "
     "TOPDOWN.BACKEND_BOUND_SLOTS + UOPS_RETIRED.SLOTS) / TOPDOWN.SLOTS",
     _TOPDOWN_PRE_ICL[1][2]),
]
_TOPDOWN_SPR = [
    ("tma_frontend_bound",
     "(IDQ_BUBBLES.CORE - INT_MISC.UOP_DROPPING) / TOPDOWN.SLOTS",
     _TOPDOWN_PRE_ICL[0][2]),
    ("tma_bad_speculation", "TOPDOWN.BAD_SPEC_SLOTS / TOPDOWN.SLOTS",
     _TOPDOWN_PRE_ICL[1][2]),
    ("tma_backend_bound", "TOPDOWN.BACKEND_BOUND_SLOTS / TOPDOWN.SLOTS",
     _TOPDOWN_PRE_ICL[3][2]),
    ("tma_retiring", "UOPS_RETIRED.SLOTS / TOPDOWN.SLOTS", _TOPDOWN_PRE_ICL[2][2]),
]
TOPDOWN_L1 = {"HSW": _TOPDOWN_PRE_ICL, "SKL": _TOPDOWN_PRE_ICL,
              "SKX": _TOPDOWN_PRE_ICL, "ICL": _TOPDOWN_ICL,
              "ICX": _TOPDOWN_ICL, "TGL": _TOPDOWN_ICL,
              "SPR": _TOPDOWN_SPR, "GNR": _TOPDOWN_SPR}


def add_topdown(model, m):
    """Add TopdownL1 when every event it names is in the model's table."""
    names = {n for (_, n) in m["events"]}
    have = {x["name"] for x in m["metrics"]}
    for name, expr, desc in TOPDOWN_L1.get(model, []):
        ids = re.findall(r"[A-Z][A-Z0-9_]*\.[A-Z0-9_.]+", expr)
        if name in have or any(i.lower() not in names for i in ids):
            continue
        m["metrics"].append({"name": name, "group": "TopdownL1",
                             "expr": expr, "desc": desc, "unit": "100%"})


def num(s, default=0):
    """Parse a JSON number field ("0x1A", "12", "0x2A,0x2B", "null")."""
    if s is None:
        return default
    if isinstance(s, int):
        return s
    s = str(s).split(",")[0].strip()
    if not s or s.lower() in ("na", "null", "none"):
        return default
    try:
        return int(s, 0)
    except ValueError:
        try:
            return int(s, 16)
        except ValueError:
            return default


def c_str(s):
    if s is None:
        return "NULL"
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"' or ch == "\\":
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif o < 0x20 or o > 0x7e:
            if o > 0x7e:
                for b in ch.encode("utf-8"):
                    out.append("\\%03o" % b)
            else:
                out.append("\\%03o" % o)
        elif ch == "?":
            out.append("\\?")	# no trigraphs
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


class Pool:
    """One big string with every table string, referenced by offset."""

    def __init__(self):
        self.offsets = {}
        self.parts = []
        self.size = 0

    def add(self, s):
        if s is None:
            s = ""
        off = self.offsets.get(s)
        if off is None:
            off = self.size
            self.offsets[s] = off
            self.parts.append(s)
            self.size += len(s.encode("utf-8")) + 1
        return off


def intel_topic(name, unit):
    if unit:
        return UNCORE_TOPICS.get(unit.lower(), "uncore other")
    for topic, prefixes in INTEL_TOPICS:
        for p in prefixes:
            if name.startswith(p):
                return topic
    return "pipeline"


def intel_pmu(unit, core_pmu):
    if not unit:
        return core_pmu
    u = unit.lower().replace(" ll", "").replace(" ", "_")
    return "uncore_" + u


def intel_event(e, core_pmu, uncore):
    name = e.get("EventName")
    if not name:
        return None
    unit = e.get("Unit") if uncore else None
    code = num(e.get("EventCode"))
    code |= num(e.get("ExtSel")) << 8 if uncore and num(e.get("ExtSel")) else 0
    umask = num(e.get("UMask"))
    if uncore:
        umask |= num(e.get("UMaskExt")) << 8
    cmask = num(e.get("CounterMask"))
    flags = 0
    if num(e.get("Invert")):
        flags |= F_INV
    if num(e.get("EdgeDetect")):
        flags |= F_EDGE
    if num(e.get("AnyThread")):
        flags |= F_ANY
    if num(e.get("PEBS")) or num(e.get("Precise")):
        flags |= F_PEBS
    if num(e.get("Deprecated")):
        flags |= F_DEPRECATED
    if num(e.get("TakenAlone")):
        flags |= F_TAKEN_ALONE
    if uncore:
        flags |= F_UNCORE
    msr_index = num(e.get("MSRIndex"))
    msr_value = num(e.get("MSRValue"))
    msr_term = MSR_TERMS.get(msr_index)
    if not msr_term:
        msr_index, msr_value = 0, 0
    period = num(e.get("SampleAfterValue"))
    # The term string, in the order perf's sysfs-style aliases use.
    terms = ["event=%#x" % code if code else "event=0"]
    if umask:
        terms.append("umask=%#x" % umask)
    if cmask:
        terms.append("cmask=%#x" % cmask)
    if flags & F_INV:
        terms.append("inv=1")
    if flags & F_EDGE:
        terms.append("edge=1")
    if flags & F_ANY:
        terms.append("any=1")
    if uncore and num(e.get("PortMask")):
        terms.append("ch_mask=%#x" % num(e.get("PortMask")))
    if uncore and num(e.get("FCMask")):
        terms.append("fc_mask=%#x" % num(e.get("FCMask")))
    if msr_term:
        terms.append("%s=%#x" % (msr_term, msr_value))
    desc = e.get("BriefDescription") or ""
    counter = e.get("Counter") or ""
    return {
        "name": name.lower(), "topic": intel_topic(name, unit),
        "desc": desc, "encoding": ",".join(terms),
        "pmu": intel_pmu(unit, core_pmu), "counter": counter,
        "msr_value": msr_value, "umask": umask, "period": period,
        "code": code, "msr_index": msr_index, "cmask": cmask,
        "flags": flags,
    }


def arm_topic(e):
    comp = e.get("component")
    if comp in ARM_COMPONENT_TOPICS:
        return ARM_COMPONENT_TOPICS[comp]
    if e.get("type") in ARM_TYPE_TOPICS:
        return ARM_TYPE_TOPICS[e["type"]]
    n = e.get("name", "")
    if n.startswith(("BR_", "BRB_")):
        return "branch"
    if n.startswith(("MEM_", "LD_", "ST_", "LDST_")):
        return "memory"
    if "TLB" in n:
        return "tlb"
    if "CACHE" in n:
        return "cache"
    if n.startswith(("STALL", "OP_", "CPU_CYCLES", "INST_", "SVE", "ASE",
                     "VFP", "DP_", "CRYPTO", "SAMPLE", "CNT_", "TRB_",
                     "TRCEXTOUT")):
        return "pipeline"
    return "other"


def arm_event(e):
    name = e.get("name") or e.get("trm_name")
    if not name or "code" not in e:
        return None
    code = int(e["code"])
    return {
        "name": name.lower(), "topic": arm_topic(e),
        "desc": e.get("description") or "", "encoding": "event=%#x" % code,
        "pmu": "armv8_pmuv3", "counter": "",
        "msr_value": 0, "umask": 0, "period": 0, "code": code,
        "msr_index": 0, "cmask": 0, "flags": 0,
    }


def load_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def metric_path(intel, fname):
    """mapfile names metrics/x_metrics.json; the perf flavour may sit in
    metrics/perf/x_metrics_perf.json."""
    p = os.path.join(intel, fname.lstrip("/"))
    if os.path.exists(p):
        return p
    d, b = os.path.split(p)
    stem = b[:-len(".json")]
    alt = os.path.join(d, "perf", stem + "_perf.json")
    return alt if os.path.exists(alt) else None


def intel_tables(data):
    """-> (list of (regex, model, core_types), {model: table})"""
    intel = os.path.join(data, "intel-perfmon")
    rows = []
    with open(os.path.join(intel, "mapfile.csv"), newline="") as f:
        for r in csv.DictReader(f):
            rows.append(r)
    models = {}	# model dir -> {"events": [...], "metrics": [...], "files": set}
    maps = []	# (regex, model) in mapfile order, unique
    seen = set()
    for r in rows:
        fname = r["Filename"]
        model = fname.strip("/").split("/")[0]
        etype = r["EventType"]
        ctype = (r.get("Core Type") or "").strip()
        role = (r.get("Core Role Name") or "").strip()
        if etype == "metrics":
            path = metric_path(intel, fname)
        else:
            path = os.path.join(intel, fname.lstrip("/"))
            if not os.path.exists(path):
                path = None
        if path is None:
            continue
        m = models.setdefault(model, {"events": {}, "metrics": [],
                                      "files": set(), "hybrid": False})
        key = (r["Family-model"], model)
        if key not in seen:
            seen.add(key)
            maps.append(key)
        if path in m["files"]:
            if etype == "hybridcore":
                m["hybrid"] = True
            continue
        m["files"].add(path)
        if etype in ("core", "hybridcore"):
            pmu = "cpu"
            if etype == "hybridcore":
                m["hybrid"] = True
                pmu = "cpu_atom" if role == "Atom" or ctype == "0x20" \
                    else "cpu_core"
            for e in load_json(path)["Events"]:
                ev = intel_event(e, pmu, False)
                if ev:
                    m["events"][(ev["pmu"], ev["name"])] = ev
        elif etype == "uncore":
            for e in load_json(path)["Events"]:
                ev = intel_event(e, "cpu", True)
                if ev:
                    m["events"][(ev["pmu"], ev["name"])] = ev
        elif etype == "metrics":
            for e in load_json(path):
                name = e.get("MetricName")
                expr = e.get("MetricExpr")
                if not name or not expr:
                    continue
                m["metrics"].append({
                    "name": name, "group": e.get("MetricGroup") or "",
                    "expr": " ".join(expr.split()),
                    "desc": e.get("BriefDescription") or "",
                    "unit": e.get("ScaleUnit") or "",
                })
    return maps, models


def arm_tables(data):
    arm = os.path.join(data, "arm-pmu")
    out = []	# (midr, model, events)
    for fn in sorted(os.listdir(arm)):
        if not fn.endswith(".json"):
            continue
        d = load_json(os.path.join(arm, fn))
        model = fn[:-len(".json")]
        cpuid = d.get("cpuid")
        midr = None
        if cpuid:
            v = int(cpuid, 16)	# 0x41d0c: implementer << 12 | part
            impl, part = v >> 12, v & 0xfff
            midr = "0x%016x" % ((impl << 24) | (0xf << 16) | (part << 4))
        events = {}
        for e in d.get("events", []):
            ev = arm_event(e)
            if ev and ev["name"] not in events:
                events[ev["name"]] = ev
        out.append((midr, model, list(events.values())))
    return out


def sort_events(evs):
    # hybrid: cpu_atom before cpu_core, the order perf 6.1 opens them in
    return sorted(evs, key=lambda e: (e["topic"], e["name"], e["pmu"]))


def emit(out, data):
    pool = Pool()
    body = []
    tables = []	# (cname, model, nr_ev, nr_met)

    def emit_table(cname, evs, metrics):
        body.append("static const struct pmu_event %s_events[] = {" % cname)
        for e in evs:
            body.append(
                "\tEV(%d, %d, %d, %d, %d, %d, %#xULL, %#xULL, %u, %#x, %#x, %u, %#x),"
                % (pool.add(e["name"]), pool.add(e["topic"]),
                   pool.add(e["desc"]), pool.add(e["encoding"]),
                   pool.add(e["pmu"]), pool.add(e["counter"]),
                   e["msr_value"], e["umask"], e["period"], e["code"],
                   e["msr_index"], e["cmask"], e["flags"]))
        body.append("};")
        if metrics:
            body.append("static const struct pmu_metric %s_metrics[] = {"
                        % cname)
            for m in metrics:
                body.append("\tMT(%d, %d, %d, %d, %d),"
                            % (pool.add(m["name"]), pool.add(m["group"]),
                               pool.add(m["expr"]), pool.add(m["desc"]),
                               pool.add(m["unit"])))
            body.append("};")

    maps, models = intel_tables(data)
    x86_models = []
    for model in sorted(models):
        m = models[model]
        if not m["events"]:
            continue
        cname = "x86_" + re.sub(r"[^a-z0-9]", "_", model.lower())
        add_topdown(model, m)
        evs = sort_events(m["events"].values())
        metrics = sorted(m["metrics"], key=lambda x: x["name"])
        emit_table(cname, evs, metrics)
        x86_models.append((model, cname, len(evs), len(metrics),
                           m["hybrid"]))
    arm = arm_tables(data)
    arm_models = []
    for midr, model, evs in arm:
        cname = "arm64_" + re.sub(r"[^a-z0-9]", "_", model.lower())
        evs = sort_events(evs)
        emit_table(cname, evs, [])
        arm_models.append((midr, model, cname, len(evs)))

    w = out.write
    w("/* Generated by scripts/jevents.py from data/: do not edit. */\n")
    w("#include \"util/pmu-events.h\"\n\n")
    # The pool as one string literal, split over lines.
    w("static const char pool[] =\n")
    for s in pool.parts:
        w("\t%s \"\\0\"\n" % c_str(s))
    w(";\n\n")
    w("#define P(o) (pool + (o))\n")
    w("#define EV(n, t, d, e, p, c, mv, um, per, co, mi, cm, fl) \\\n"
      "\t{ .name = P(n), .topic = P(t), .desc = P(d), .encoding = P(e), \\\n"
      "\t  .pmu = P(p), .counter = P(c), .msr_value = mv, .umask = um, \\\n"
      "\t  .period = per, .code = co, .msr_index = mi, .cmask = cm, \\\n"
      "\t  .flags = fl }\n")
    w("#define MT(n, g, e, d, u) \\\n"
      "\t{ .name = P(n), .group = P(g), .expr = P(e), .desc = P(d), \\\n"
      "\t  .unit = P(u) }\n\n")
    w("\n".join(body))
    w("\n\n")

    # One table per model, then the cpuid maps.
    for model, cname, nev, nmet, hybrid in x86_models:
        w("static const struct pmu_events_table %s_table = {\n" % cname)
        first = next((r for r, mm in maps if mm == model), None)
        w("\t.cpuid_pattern = %s, .model = %s, .arch = \"x86\",\n"
          % (c_str(first), c_str(model)))
        w("\t.events = %s_events, .nr = %d,\n" % (cname, nev))
        if nmet:
            w("\t.metrics = %s_metrics, .nr_metrics = %d,\n" % (cname, nmet))
        w("\t.hybrid = %s,\n};\n" % ("true" if hybrid else "false"))
    for midr, model, cname, nev in arm_models:
        w("static const struct pmu_events_table %s_table = {\n" % cname)
        w("\t.cpuid_pattern = %s, .model = %s, .arch = \"arm64\",\n"
          % (c_str(midr), c_str(model)))
        w("\t.events = %s_events, .nr = %d,\n};\n" % (cname, nev))

    known = {m[0]: m[1] for m in x86_models}
    w("\nconst struct pmu_events_map pmu_events_map_x86[] = {\n")
    for regex, model in maps:
        if model in known:
            w("\t{ %s, &%s_table },\n" % (c_str(regex), known[model]))
    w("\t{ NULL, NULL },\n};\n\n")
    w("const struct pmu_events_map pmu_events_map_arm64[] = {\n")
    for midr, model, cname, nev in arm_models:
        if midr:
            w("\t{ %s, &%s_table },\n" % (c_str(midr), cname))
    w("\t{ NULL, NULL },\n};\n\n")
    w("const struct pmu_events_table *const pmu_events_tables[] = {\n")
    for model, cname, nev, nmet, hybrid in x86_models:
        w("\t&%s_table,\n" % cname)
    for midr, model, cname, nev in arm_models:
        w("\t&%s_table,\n" % cname)
    w("\tNULL,\n};\n")


def main():
    if len(sys.argv) != 3:
        sys.stderr.write("usage: jevents.py DATA_DIR OUTPUT.c\n")
        return 2
    data, outp = sys.argv[1], sys.argv[2]
    tmp = outp + ".tmp"
    with open(tmp, "w", encoding="utf-8") as out:
        emit(out, data)
    os.replace(tmp, outp)
    return 0


if __name__ == "__main__":
    sys.exit(main())
