#!/bin/sh
# mperf record -g, then report --folded equals stackcollapse-perf of /usr/bin/perf script on that file
. "$(dirname "$0")/lib.sh"
need_perf
"$MPERF" report --list-opts 2>/dev/null | grep -q -- '--folded' || skip "mperf report has no --folded"
[ -x "$WL/cpuburn" ] || skip "workloads not built (make workloads)"
tmpdir
"$MPERF" record -g -F 999 -o "$T/fp.data" -- "$WL/cpuburn" 0.3 > "$T/rec.log" 2>&1 ||
	skip "mperf record cannot sample here: $(tail -1 "$T/rec.log")"
# the awk of folded.sh: stackcollapse-perf's rules
sed -n '/^cat > "\$T\/sc.awk" <<.AWK.$/,/^AWK$/p' "$(dirname "$0")/folded.sh" | sed '1d;$d' > "$T/sc.awk"
[ -s "$T/sc.awk" ] || fail "cannot extract the stackcollapse awk from folded.sh"
"$PERF" script -i "$T/fp.data" 2> "$T/perf.err" | awk -f "$T/sc.awk" | LC_ALL=C sort > "$T/want"
[ -s "$T/want" ] || { cat "$T/perf.err" >&2; fail "perf script gave no stacks"; }
"$MPERF" report -i "$T/fp.data" --folded > "$T/got" || fail "mperf report --folded failed"
diff -u "$T/want" "$T/got" > "$T/diff" || { head -30 "$T/diff" >&2; fail "folded lines differ from perf script's"; }
echo "$(wc -l < "$T/got") folded lines, $(awk '{s += $NF} END {print s}' "$T/got") samples, identical to perf script + stackcollapse"
