#!/bin/sh
# record: the host features of the header (hostname, os release, arch, cpus, cpudesc, cpuid, memory) read as perf's own
. "$(dirname "$0")/lib.sh"
need_root
need_perf
tmpdir
"$MPERF" record -q -o "$T/m.data" -- true || fail "mperf record"
"$PERF" record -q -o "$T/p.data" -- true 2>/dev/null || fail "perf record"
keys='hostname|os release|arch|nrcpus online|nrcpus avail|cpudesc|cpuid|total memory|cpu pmu capabilities'
"$PERF" report -i "$T/m.data" --header-only 2>"$T/err" | grep -E "^# ($keys) " >"$T/m.txt"
[ -s "$T/err" ] && fail "perf warns on mperf's header: $(cat "$T/err")"
"$PERF" report -i "$T/p.data" --header-only 2>/dev/null | grep -E "^# ($keys) " >"$T/p.txt"
[ "$(wc -l <"$T/p.txt")" -ge 7 ] || fail "too few header lines from perf: $(cat "$T/p.txt")"
diff "$T/p.txt" "$T/m.txt" || fail "host features differ from perf's"
exit 0
