#!/bin/sh
# report -s time/socket with children, -t SEP, -F lists with cumulated callchains (with and without -s), group views with callchains (-n, -t, rows of members only) and -g fractal equal perf report's on fresh -g recordings
. "$(dirname "$0")/lib.sh"
need_perf
need_root
tmpdir
{ [ -x "$WL/cpuburn" ] && [ -x "$WL/pagetouch" ]; } || skip "workloads not built (make workloads)"
"$PERF" record -q -g -o "$T/fp.data" "$WL/cpuburn" 0.3 >/dev/null 2>&1 ||
	skip "perf record -g does not work here"
# a group whose member (page-faults) samples where the leader does not:
# rows of the member only
"$PERF" record -q -g -e '{cpu-clock,page-faults}' -o "$T/grp.data" -- \
	sh -c "$WL/pagetouch >/dev/null; $WL/dsouser 0.2 >/dev/null" >/dev/null 2>&1 ||
	fail "perf record of a group failed"
"$PERF" record -q -a -g -o "$T/sys.data" -- sleep 0.2 >/dev/null 2>&1 ||
	fail "perf record -a -g failed"
n=0
run() {
	_f=$1; shift
	report_vs_perf "$T/$_f" "$@"
	n=$((n + 1))
}
# children with a time or socket key: perf's frames add the sample again
# (above 100%, past 1000% for cpuburn's deep chains with socket)
run fp.data -s time
run fp.data -s time --ns
run fp.data -s comm,time
run fp.data -s socket
grep -qE '^ +[0-9]{4}\.[0-9]{2}%' "$T/perf" || fail "perf's -s socket showed no children over 1000%"
run sys.data -s time,sym
# -t: the header line alone, numbers left in their columns, keys padded,
# the separator's first character in a key as '.'
run fp.data -t ,
run fp.data -t _ -n --show-total-period
grep -q 'cb\.' "$T/perf" || fail "perf did not turn '_' in the names into '.'"
run fp.data --no-children -t '|' -s pid,dso,sym -g none
# -t in folded call graphs: perf joins the frames by the separator
run fp.data -g folded -t ,
grep -q '%.*,.*,' "$T/perf" || fail "perf's folded lines with -t , have no ',' between frames (the premise)"
run sys.data -t , -g none
# -F without overhead_children on callchain files: cumulation kept (rows of
# callers with 0.00% and their call graphs); with -s the keys order first
# and the -s keys -F lacks become columns
run fp.data -F overhead,sym
# (a caller with no sample of its own: main can have one, so any such row)
grep -qE '^ +0\.00%  \[' "$T/perf" || fail "perf showed no children-only row with -F"
run fp.data -F sym,overhead,sample
run fp.data -F overhead,sym -s dso,sym
run fp.data -F overhead,sample -s comm,dso
run fp.data -F overhead_sys,overhead_us,dso
# a guest's shares (none here: 0.00%, columns as wide as "guest sys"),
# as -F fields and -s keys, a group's a column per member
run fp.data -F overhead,overhead_guest_sys,overhead_guest_us,comm
run sys.data -s overhead_guest_us,comm -g none
run grp.data -s overhead_guest_sys --no-children
run sys.data -F overhead,comm,sym -s sym -g none
run sys.data -F sym,comm,dso,overhead -g none
# group view with callchains
run grp.data
grep -q "of events 'anon group { cpu-clock, page-faults }'" "$T/perf" ||
	fail "perf did not show the group view"
grep -qE '^ +0\.00% +([1-9][0-9]*\.[0-9]+|0\.[0-9][1-9]|0\.[1-9][0-9])%' "$T/perf" ||
	fail "perf showed no row of the member only"
run grp.data -n --show-total-period
run grp.data -t ,
run grp.data -t , -n --show-total-period --no-children
run grp.data -F overhead,sample,sym
run grp.data -s time
run sys.data --group -n
# -g fractal (the threshold a share of the hits below the node: the idle
# loop's small children stay): perf 6.1 follows its '[...]' remainder line
# with ' (inlined)' or not, from a flag it never sets (it changes from run
# to run): compared without it
for fo in "fp.data" "fp.data --no-children" "sys.data" "sys.data --no-children"; do
	# shellcheck disable=SC2086
	set -- $fo
	_f=$1; shift
	"$PERF" report -i "$T/$_f" --stdio -g fractal "$@" 2>/dev/null |
		sed 's/\[\.\.\.\] (inlined)$/[...]/' | head -n -3 > "$T/b"
	"$MPERF" report -i "$T/$_f" --stdio -g fractal "$@" 2>/dev/null | head -n -3 > "$T/a"
	grep -q -- '--[0-9.]*%--' "$T/b" && branches=1
	if ! diff "$T/a" "$T/b" > "$T/diff"; then
		head -20 "$T/diff" >&2
		fail "report -g fractal on $fo differs from perf's"
	fi
	n=$((n + 1))
done
[ -n "${branches:-}" ] || fail "perf's fractal call graphs had no branch"
[ "$n" -eq 31 ] || fail "only $n option sets ran"
echo "$n option sets equal to perf's"
