#!/bin/sh
# report -T: per-thread counts from the READ records of perf record -s, the table perf prints (one and two events), and -D of those READ records
. "$(dirname "$0")/lib.sh"
need_perf
need_root
tmpdir
[ -x "$WL/mthreads" ] || skip "workloads not built (make workloads)"
"$PERF" record -q -s -o "$T/s.data" -- "$WL/mthreads" 2 0.2 >/dev/null 2>&1 ||
	skip "perf record -s does not work here"
"$PERF" record -q -s -e cpu-clock,page-faults -o "$T/s2.data" -- "$WL/mthreads" 3 0.2 >/dev/null 2>&1 ||
	fail "perf record -s -e cpu-clock,page-faults"
for f in s s2; do
	# the table follows the profile; from its "PID" line to the end
	"$PERF" report -i "$T/$f.data" --stdio -T 2>/dev/null | sed -n '/^# *PID  *TID/,$p' >"$T/p"
	"$MPERF" report -i "$T/$f.data" --stdio -T 2>"$T/err" | sed -n '/^# *PID  *TID/,$p' >"$T/m" ||
		{ cat "$T/err" >&2; fail "mperf report -T on $f"; }
	# (perf's table of s2 had one thread row once, under make
	# sanitize's load: the premise is recorded again then)
	if [ "$f" = s2 ] && [ "$(wc -l <"$T/p")" -lt 3 ]; then
		echo "note: perf's -T table of s2 has $(($(wc -l <"$T/p") - 1)) rows: recording again" >&2
		"$PERF" record -q -s -e cpu-clock,page-faults -o "$T/s2.data" -- "$WL/mthreads" 3 0.2 \
			>/dev/null 2>&1 || fail "perf record -s -e cpu-clock,page-faults"
		"$PERF" report -i "$T/$f.data" --stdio -T 2>/dev/null | sed -n '/^# *PID  *TID/,$p' >"$T/p"
		"$MPERF" report -i "$T/$f.data" --stdio -T 2>"$T/err" | sed -n '/^# *PID  *TID/,$p' >"$T/m" ||
			{ cat "$T/err" >&2; fail "mperf report -T on $f"; }
	fi
	[ "$(wc -l <"$T/p")" -ge 3 ] || { cat "$T/p" >&2; fail "perf printed no thread rows for $f"; }
	cmp -s "$T/m" "$T/p" || { diff "$T/m" "$T/p" >&2; fail "-T table of $f differs from perf's"; }
done
# two events: a column each, named
assert_contains "event columns" "cpu-clock  page-faults" "$T/m"
# -D decodes the READ records as perf does (event, value, the read_format's fields)
for f in s s2; do
	"$PERF" report -D -i "$T/$f.data" 2>/dev/null | grep -v 'dso: /tmp/perf-vdso' >"$T/p"
	"$MPERF" report -D -i "$T/$f.data" 2>/dev/null | grep -v 'dso: \[vdso\]' >"$T/m"
	grep -q 'PERF_RECORD_READ: [0-9]' "$T/p" || fail "perf -D printed no READ record of $f"
	cmp -s "$T/m" "$T/p" || { diff "$T/m" "$T/p" | head >&2; fail "-D of $f differs from perf's"; }
	# script -D: the same, the READ records unhandled by script
	"$PERF" script -D -i "$T/$f.data" 2>/dev/null | grep -v 'dso: /tmp/perf-vdso' >"$T/p"
	"$MPERF" script -D -i "$T/$f.data" 2>/dev/null | grep -v 'dso: \[vdso\]' >"$T/m"
	cmp -s "$T/m" "$T/p" || { diff "$T/m" "$T/p" | head >&2; fail "script -D of $f differs from perf's"; }
done
# no READ records (no -s): the bare header, as perf
"$PERF" record -q -o "$T/n.data" -- "$WL/mthreads" 1 0.1 >/dev/null 2>&1 || fail "perf record"
"$MPERF" report -i "$T/n.data" --stdio -T 2>/dev/null | tail -1 >"$T/m"
assert_eq "no READ records" "# PID  TID" "$(cat "$T/m")"
echo "-T tables equal to perf's"
