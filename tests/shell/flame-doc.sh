#!/bin/sh
# every report output option (--folded*, --flamegraph*, --json*, --pprof, --diff) is documented
. "$(dirname "$0")/lib.sh"
opts=$("$MPERF" report --list-opts 2>/dev/null | tr ' ' '\n' | grep -E '^--(folded|flamegraph|json|pprof|diff)' | sed 's/=.*//' | sort -u)
[ -n "$opts" ] || skip "mperf report has no profile output options"
doc="$TOP/Documentation/mperf-report-outputs.txt"
n=0
for o in $opts; do
	grep -q -- "^$o" "$doc" || fail "$o is not in $doc"
	grep -q -- "$o" "$TOP/README.md" "$TOP/Documentation/mperf-report-outputs.txt" || fail "$o undocumented"
	n=$((n + 1))
done
[ $n -ge 13 ] || fail "expected 13 options, found $n: $opts"
echo "$n options documented"
