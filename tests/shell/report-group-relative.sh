#!/bin/sh
# report group view with --percentage relative and a filter: the call graphs' percentages stay those of the whole event, as perf 6.1's
. "$(dirname "$0")/lib.sh"
need_perf
need_root
tmpdir
[ -x "$WL/dsouser" ] || skip "workloads not built (make workloads)"
"$PERF" record -q -g -e '{cpu-clock,task-clock}' -o "$T/g.data" "$WL/dsouser" 0.3 >/dev/null 2>&1 ||
	skip "perf record of a group does not work here"
n=0
for o in "--dsos libmwork.so" "--comm dsouser -s sym" "--dsos dsouser -s dso,sym" "--dsos libmwork.so -g caller"; do
	# shellcheck disable=SC2086
	report_vs_perf "$T/g.data" --percentage relative $o
	n=$((n + 1))
done
# the rows' shares are relative there (the call graphs' are not)
"$MPERF" report -i "$T/g.data" --stdio --percentage relative --dsos libmwork.so --no-children -g none -q > "$T/rows"
grep -q '%' "$T/rows" || fail "no rows for libmwork.so"
echo "ok: $n group reports with --percentage relative equal perf's"
