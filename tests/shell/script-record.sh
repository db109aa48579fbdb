#!/bin/sh
# mperf script on files mperf record writes (file, pipe, -z, tracepoint) prints exactly what perf script prints
. "$(dirname "$0")/lib.sh"
need_root
need_perf
tmpdir
[ -x "$WL/cpuburn" ] || skip "workloads not built (make workloads)"

same() {	# NAME FILE [extra args]: mperf script == perf script, stderr empty
	# (but for the lost-events warning a loaded machine may cause, which
	# perf gives too)
	name=$1; f=$2; shift 2
	$MPERF script -i "$f" "$@" >"$T/$name.m" 2>"$T/$name.merr" || fail "$name: mperf script exit $?"
	$PERF script -i "$f" "$@" >"$T/$name.p" 2>/dev/null || fail "$name: perf script exit $?"
	[ -s "$T/$name.p" ] || fail "$name: perf printed nothing"
	cmp "$T/$name.m" "$T/$name.p" || { diff "$T/$name.m" "$T/$name.p" | head; fail "$name differs"; }
	grep -v 'events were lost in' "$T/$name.merr" > "$T/$name.merr2"
	[ -s "$T/$name.merr2" ] && { cat "$T/$name.merr2"; fail "$name: stderr"; }
	return 0
}

$MPERF record -q -o "$T/fp.data" -F 999 -g -- "$WL/cpuburn" 0.3 >/dev/null 2>&1 || fail "record -g"
same fp "$T/fp.data"
same fp-F "$T/fp.data" -F comm,tid,time,ip,sym

$MPERF record -q -z -o "$T/z.data" -F 999 -g -- "$WL/cpuburn" 0.3 >/dev/null 2>&1 || fail "record -z"
same zstd "$T/z.data"

$MPERF record -q -o - -F 999 -g -- "$WL/cpuburn" 0.3 2>/dev/null >"$T/pipe.data" || fail "record -o -"
$MPERF script -i - <"$T/pipe.data" >"$T/pipe.m" 2>"$T/pipe.merr" || fail "script from stdin"
$PERF script -i - <"$T/pipe.data" >"$T/pipe.p" 2>/dev/null
cmp "$T/pipe.m" "$T/pipe.p" || { diff "$T/pipe.m" "$T/pipe.p" | head; fail "pipe differs"; }
# and straight through a pipe
$MPERF record -q -o - -F 999 -- "$WL/cpuburn" 0.2 2>/dev/null | $MPERF script >"$T/live.m" || fail "record | script"
[ "$(grep -c cpu-clock "$T/live.m")" -gt 5 ] || fail "record | script: no samples came through"

need_tracefs
$MPERF record -q -e sched:sched_switch -a -o "$T/tp.data" -- sleep 0.2 >/dev/null 2>&1 || fail "record tracepoint"
same tracepoint "$T/tp.data"
grep -q 'sched:sched_switch: prev_comm=' "$T/tracepoint.m" || fail "no tracepoint fields"
# function-pointer fields (%ps, %pS) are printed as kernel symbol names, as
# perf names them from the kernel map: hrtimer_start's function=, kmalloc's
# call_site=sym+0xoff
$MPERF record -q -e timer:hrtimer_start,timer:hrtimer_expire_entry,kmem:kmalloc -a \
	-o "$T/fn.data" -- sh -c 'ls /usr/lib >/dev/null; sleep 0.2' >/dev/null 2>&1 || fail "record timer/kmem tracepoints"
same functions "$T/fn.data"
grep -q 'hrtimer_start: hrtimer=0x[0-9a-f]* function=[a-z_]' "$T/functions.m" || fail "hrtimer function not named"
grep -q 'kmalloc: call_site=[a-z_].*+0x' "$T/functions.m" || fail "kmalloc call_site not named"
exit 0
