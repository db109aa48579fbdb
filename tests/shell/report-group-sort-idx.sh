#!/bin/sh
# --group-sort-idx N: the group view of a {cpu-clock,task-clock,page-faults} recording is ordered as perf 6.1 orders it (valid, invalid and default indexes; with and without children and -F)
. "$(dirname "$0")/lib.sh"
need_perf
need_root
tmpdir
B="$DATA/perf-6.1/bin"
[ -x "$B/dsouser" ] || skip "no perf 6.1 test binaries"
"$PERF" record -q -o "$T/g.data" -e '{cpu-clock,task-clock,page-faults}' -g -- "$B/dsouser" 0.2 \
	>/dev/null 2>&1 || skip "perf record of an event group does not work here"
n=0
for i in 0 1 2 3 -1; do
	while read -r opts; do
		# shellcheck disable=SC2086
		report_vs_perf "$T/g.data" --group-sort-idx $i $opts
		n=$((n + 1))
	done <<'LIST'
--no-children -g none
-g none
--no-children -g none -n -F overhead,sample,sym
LIST
done
[ "$n" -eq 15 ] || fail "only $n option sets ran"
# index 2 (page-faults) puts the row with the most page faults first (the
# loader's, with few or no cpu-clock samples), as the leader does not
"$MPERF" report -i "$T/g.data" --stdio --no-children -g none -q --group-sort-idx 2 > "$T/o" 2>/dev/null
awk '/%/ { v = $3; sub(/%/, "", v); if (NR == 1) first = v; else if (v + 0 > first + 0) bad = 1 }
     END { exit bad || first == "" }' "$T/o" ||
	{ head -3 "$T/o" >&2; fail "--group-sort-idx 2: the first row has not the most page faults"; }
"$MPERF" report -i "$T/g.data" --stdio --group-sort-idx x > /dev/null 2> "$T/e" &&
	fail "--group-sort-idx x was accepted"
[ "$(wc -l < "$T/e")" = 1 ] || { cat "$T/e" >&2; fail "--group-sort-idx x: not one line"; }
