#!/bin/sh
# the names of events a file does not name (no EVENT_DESC: a recording cut short, a pipe without names) are perf's, from the attr: the event and the modifiers of its exclude bits and precise level ('cpu-clock:ppp', 'page-faults:k'), cache, raw and breakpoint events, perf's words for unknown configs
. "$(dirname "$0")/lib.sh"
need_perf
tmpdir
D="$DATA/perf-6.1"
CRAFT="$TOP/tests/shell/craft-perfdata.py"
n=0
name_of() {	# name_of TOOL FILE: the event of the first table
	"$1" report --stdio -i "$2" 2>/dev/null | sed -n "s/^# Samples: .* of event '\\(.*\\)'$/\\1/p" | head -1
}
# flags: exclude_user 0x10, _kernel 0x20, _hv 0x40, precise_ip 0x8000 a
# level, exclude_host 0x80000, exclude_guest 0x100000
while read -r set clr rest; do
	# shellcheck disable=SC2086
	python3 "$CRAFT" noeventdesc "$D/cpuburn-plain.data" "$T/n.data" $set $clr $rest ||
		fail "craft noeventdesc $set $clr $rest failed"
	p=$(name_of "$PERF" "$T/n.data")
	m=$(name_of "$MPERF" "$T/n.data")
	[ -n "$p" ] || fail "perf names no event for $set $clr $rest"
	[ "$p" = "$m" ] || fail "flags +$set -$clr $rest: perf names the event '$p', mperf '$m'"
	n=$((n + 1))
done <<'LIST'
0 0
0 18000
20 18000
10 18000
50 18000
8000 18000
18000 0
100000 18000
80000 18000
100010 18000
180000 18000
28 18000
0 18000 0 0
0 18000 0 b
0 18000 1 2
0 18000 1 a
0 18000 3 10000
0 18000 3 102
0 18000 3 30000
0 18000 3 103
0 18000 4 1a2b
0 18000 5 0 3 7ffe1000
0 18000 5 0 4 1000
0 18000 9 1
LIST
# the premise: a name the file no longer gives
[ "$(name_of "$PERF" "$D/cpuburn-plain.data")" = "cpu-clock:ppp" ] ||
	fail "perf's name of cpuburn-plain's event is not cpu-clock:ppp (the premise)"
echo "ok: $n attrs named as perf names them"
