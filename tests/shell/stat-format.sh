#!/bin/sh
# stat: std, -x and -j layouts field by field against perf 6.1 on the same workload
. "$(dirname "$0")/lib.sh"
need_perf
need_tracefs
command -v python3 >/dev/null || skip "python3 not installed"
tmpdir
[ -x "$WL/getppid" ] || skip "run 'make workloads' first"

EV=syscalls:sys_enter_getppid,task-clock,page-faults,context-switches,cycles
CMD="$WL/getppid 2000"

for mode in std csv json; do
	case $mode in
	std)  opt= ;;
	csv)  opt=-x, ;;
	json) opt=-j ;;
	esac
	# both write to stderr, as perf does
	$PERF stat $opt -e $EV -- $CMD >"$T/perf.$mode.out" 2>"$T/perf.$mode" || fail "perf stat $opt failed"
	$MPERF stat $opt -e $EV -- $CMD >"$T/mperf.$mode.out" 2>"$T/mperf.$mode" || fail "mperf stat $opt failed"
	[ -s "$T/mperf.$mode.out" ] && fail "mperf stat $opt wrote to stdout"
done

python3 - "$T" <<'EOF' || fail "layouts differ (see above)"
import json, re, sys
T = sys.argv[1]
bad = 0
def err(msg):
    global bad
    bad += 1
    print("MISMATCH:", msg)

# ---- std: same lines, same columns; counts equal where exact -----------
def std_rows(path):
    rows = []
    for line in open(path).read().split("\n"):
        m = re.match(r"^( *)(\S+|<not supported>|<not counted>) (msec|    |ns  ) (\S+)( *)(#.*)?$", line)
        if m and not line.startswith(" Performance"):
            rows.append(line)
    return rows
P = std_rows(T + "/perf.std"); M = std_rows(T + "/mperf.std")
if len(P) != len(M):
    err("std: %d rows in perf, %d in mperf" % (len(P), len(M)))
for p, m in zip(P, M):
    pn = p[24:].split()[0]; mn = m[24:].split()[0]
    if pn != mn: err("std: event %r vs %r" % (pn, mn))
    if len(p) != len(m): err("std %s: line length %d vs %d" % (pn, len(p), len(m)))
    if p.find("#") != m.find("#"): err("std %s: '#' at %d vs %d" % (pn, p.find("#"), m.find("#")))
    if p[18:24] != m[18:24]: err("std %s: unit column %r vs %r" % (pn, p[18:24], m[18:24]))
    pu = re.sub(r"[KMG]/sec", "/sec", p[58:].split(None, 1)[-1].strip()) if "#" in p else ""
    mu = re.sub(r"[KMG]/sec", "/sec", m[58:].split(None, 1)[-1].strip()) if "#" in m else ""
    if pu != mu: err("std %s: metric %r vs %r" % (pn, pu, mu))
    if pn.startswith("syscalls:") and p[:18] != m[:18]:
        err("std %s: count %r vs %r" % (pn, p[:18], m[:18]))
    if pn == "cycles" and p != m: err("std cycles row %r vs %r" % (p, m))
for what in ("seconds time elapsed", "seconds user", "seconds sys"):
    if (what in open(T + "/perf.std").read()) != (what in open(T + "/mperf.std").read()):
        err("std: '%s' line" % what)
ps = open(T + "/perf.std").read(); ms = open(T + "/mperf.std").read()
if ps.count("\n") != ms.count("\n"): err("std: %d lines vs %d" % (ps.count("\n"), ms.count("\n")))
if ps.split("\n")[1] != ms.split("\n")[1]: err("std header %r vs %r" % (ps.split("\n")[1], ms.split("\n")[1]))

# ---- CSV: same fields; exact counts equal; numeric where perf's are ----
P = [l.split(",") for l in open(T + "/perf.csv").read().splitlines() if l]
M = [l.split(",") for l in open(T + "/mperf.csv").read().splitlines() if l]
if len(P) != len(M): err("csv: %d rows vs %d" % (len(P), len(M)))
num = re.compile(r"^[0-9]+(\.[0-9]+)?$")
for p, m in zip(P, M):
    if len(p) != len(m): err("csv %s: %d fields vs %d" % (p[2], len(p), len(m))); continue
    for i, (a, b) in enumerate(zip(p, m)):
        if i in (1, 2) or not num.match(a):
            a2 = re.sub(r"[KMG]/sec", "/sec", a); b2 = re.sub(r"[KMG]/sec", "/sec", b)
            if a2 != b2: err("csv %s field %d: %r vs %r" % (p[2], i, a, b))
        elif not num.match(b):
            err("csv %s field %d: %r is not a number like %r" % (p[2], i, b, a))
    if p[2].startswith("syscalls:") and p[0] != m[0]: err("csv count %s vs %s" % (p[0], m[0]))
    if p[4] != m[4]: err("csv %s pcnt %s vs %s" % (p[2], p[4], m[4]))

# ---- JSON: one object per line, same keys in the same order -----------
def objs(path):
    return [json.loads(l, object_pairs_hook=lambda kv: kv) for l in open(path).read().splitlines() if l]
try:
    P = objs(T + "/perf.json"); M = objs(T + "/mperf.json")
except ValueError as e:
    err("json: not one object per line: %s" % e); P = M = []
if len(P) != len(M): err("json: %d objects vs %d" % (len(P), len(M)))
for p, m in zip(P, M):
    pk = [k for k, v in p]; mk = [k for k, v in m]
    if pk != mk: err("json keys %s vs %s" % (pk, mk))
    pd = dict(p); md = dict(m)
    for k in pd:
        if type(pd[k]) != type(md.get(k)): err("json %s: type of %s" % (pd["event"], k))
    for k in ("unit", "event", "pcnt-running"):
        if pd.get(k) != md.get(k): err("json %s: %s %r vs %r" % (pd["event"], k, pd.get(k), md.get(k)))
    if re.sub(r"[KMG]/sec", "/sec", str(pd.get("metric-unit"))) != re.sub(r"[KMG]/sec", "/sec", str(md.get("metric-unit"))):
        err("json %s: metric-unit %r vs %r" % (pd["event"], pd.get("metric-unit"), md.get("metric-unit")))
    if pd["event"].startswith("syscalls:") and pd["counter-value"] != md["counter-value"]:
        err("json count %s vs %s" % (pd["counter-value"], md["counter-value"]))
sys.exit(1 if bad else 0)
EOF
# -I headers and aggregation columns of every mode, system wide
for agg in "" -A --per-core --per-die --per-socket; do
	$PERF stat -a $agg -I 100 --interval-count 1 -e task-clock 2>"$T/p" || fail "perf -a $agg -I"
	$MPERF stat -a $agg -I 100 --interval-count 1 -e task-clock 2>"$T/m" || fail "mperf -a $agg -I"
	assert_eq "-I header $agg" "$(head -1 "$T/p")" "$(head -1 "$T/m")"
	# the row up to the count: timestamp and aggregation columns
	assert_eq "-I rows $agg" "$(sed -n '2,$p' "$T/p" | cut -c17-35 | sed 's/[0-9.]*$//')" \
		"$(sed -n '2,$p' "$T/m" | cut -c17-35 | sed 's/[0-9.]*$//')"
done
# a clock pairs with counters of other exclude bits: page-faults:k gets
# its rate from cpu-clock:u in perf (mperf printed none)
for t in perf mperf; do
	if [ $t = perf ]; then tool=$PERF; else tool=$MPERF; fi
	$tool stat -x, -e cpu-clock:u,page-faults:k -- $CMD 2>"$T/x.$t" >/dev/null || fail "$t stat -x, :u/:k"
done
assert_eq "page-faults:k metric unit" "$(grep page-faults "$T/x.perf" | cut -d, -f3,7 | sed 's/^[0-9.]*//;s/[KMG]\/sec/\/sec/')" \
	"$(grep page-faults "$T/x.mperf" | cut -d, -f3,7 | sed 's/^[0-9.]*//;s/[KMG]\/sec/\/sec/')"
grep page-faults "$T/x.perf" | grep -q '/sec' || fail "perf printed no rate for page-faults:k (expected one)"
echo "std, CSV and JSON layouts match perf"
