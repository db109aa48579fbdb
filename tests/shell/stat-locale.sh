#!/bin/sh
# stat: thousands separators and decimal point follow LC_NUMERIC in the std layout as perf's, never in -x/-j
. "$(dirname "$0")/lib.sh"
need_perf
command -v localedef >/dev/null || skip "no localedef to build a test locale"
tmpdir
[ -x "$WL/pagetouch" ] || skip "run 'make workloads' first"
mkdir "$T/loc"
for l in en_US de_DE; do
	localedef -i $l -f UTF-8 "$T/loc/$l.UTF-8" >/dev/null 2>&1 || skip "cannot build the $l locale"
done
export LOCPATH="$T/loc"

# C locale: no separator (as perf: "%'" groups nothing there)
LC_ALL=C $MPERF stat -e page-faults -- "$WL/pagetouch" 3000 2>"$T/m"
grep -Eq '^ +3[0-9]{3}      page-faults' "$T/m" || { cat "$T/m"; fail "C locale grouped digits"; }

# en_US: 3,05x; de_DE: 3.05x and decimal commas in the metrics and times
for l in en_US de_DE; do
	LC_ALL=$l.UTF-8 $MPERF stat -e page-faults,task-clock -- "$WL/pagetouch" 3000 2>"$T/m.$l" || fail "mperf $l"
	LC_ALL=$l.UTF-8 $PERF stat -e page-faults,task-clock -- "$WL/pagetouch" 3000 2>"$T/p.$l" || fail "perf $l"
	# the same shape: digits masked, lengths and separators equal
	sed 's/[0-9]/9/g' "$T/m.$l" | grep -E 'faults|clock|elapsed|user|sys' >"$T/ms"
	sed 's/[0-9]/9/g' "$T/p.$l" | grep -E 'faults|clock|elapsed|user|sys' >"$T/ps"
	# counts and metrics may have a digit more or less: compare the
	# punctuation (and a rate near 1M/sec may be K/sec in one run, M/sec
	# in the other: the unit's letter is not compared)
	tr -d ' 9' <"$T/ms" | sed 's|[KMG]/sec|/sec|' >"$T/ms2"
	tr -d ' 9' <"$T/ps" | sed 's|[KMG]/sec|/sec|' >"$T/ps2"
	diff "$T/ps2" "$T/ms2" >&2 || fail "$l: punctuation differs from perf's"
done
grep -Eq '^ +3,0[0-9]{2}      page-faults' "$T/m.en_US" || { cat "$T/m.en_US"; fail "en_US grouping"; }
grep -Eq '^ +3\.0[0-9]{2}      page-faults' "$T/m.de_DE" || { cat "$T/m.de_DE"; fail "de_DE grouping"; }
grep -Eq '[0-9],[0-9]+ msec task-clock' "$T/m.de_DE" || fail "de_DE decimal comma"

# CSV and JSON never depend on the locale
LC_ALL=de_DE.UTF-8 $MPERF stat -x';' -e page-faults,task-clock -- "$WL/pagetouch" 3000 2>"$T/m"
grep -Eq '^3[0-9]{3};;page-faults;' "$T/m" || { cat "$T/m"; fail "CSV grouped under de_DE"; }
grep -Eq '^[0-9]+\.[0-9]+;msec;task-clock;' "$T/m" || { cat "$T/m"; fail "CSV decimal comma under de_DE"; }
LC_ALL=de_DE.UTF-8 $MPERF stat -j -e task-clock -- true 2>"$T/m"
python3 -c 'import json,sys; [json.loads(l) for l in open(sys.argv[1]) if l.strip()]' "$T/m" ||
	fail "JSON not valid under de_DE"
echo "locale handling as perf's"
