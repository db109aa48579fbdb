#!/bin/sh
# report -F with a sym column but no -s: perf counts sym as no sort key there, so an entry found again from another process keeps its symbol (an inlined function's entry is not renamed after the function around it, as with -s sym) and frames are checked for duplicates without the symbol shortcut; compared with perf on a --call-graph dwarf recording of several processes
. "$(dirname "$0")/lib.sh"
need_perf
need_root
tmpdir
private_home
[ -x "$WL/dsouser" ] || skip "workloads not built (make workloads)"
# processes of a program with symbols (few unresolved addresses, whose
# order is perf's walk's alone), each through ld.so's and libc's inlines
"$PERF" record -q --call-graph dwarf -o "$T/p.data" -- \
	sh -c "for i in 1 2 3 4 5 6; do '$WL/dsouser' 0.03; done" >/dev/null 2>&1 ||
	skip "perf record --call-graph dwarf does not work here"
n=0
same() {	# OPTS...
	"$PERF" report -i "$T/p.data" --stdio "$@" 2>/dev/null | head -n -3 >"$T/p"
	"$MPERF" report -i "$T/p.data" --stdio "$@" 2>"$T/err" | head -n -3 >"$T/m"
	[ -s "$T/p" ] || fail "perf report $* printed nothing"
	diff "$T/m" "$T/p" >"$T/diff" || { head -20 "$T/diff" >&2; fail "report $* differs from perf's"; }
	n=$((n + 1))
}
same -F overhead,sym
grep -q '(inlined)$' "$T/p" || fail "premise: perf's -F overhead,sym shows no inlined entry"
same -F overhead,sym -g none
same -F overhead,dso,sym -g none
same -F overhead,sym -s sym -g none
same -s sym -g none
echo "$n reports equal to perf's"
