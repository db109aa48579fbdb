#!/bin/sh
# refusals that teach: paranoid 2/3 as nobody, tracefs absent or root-only, 64 fds, kptr_restrict=2, missing PMU events
. "$(dirname "$0")/lib.sh"
need_root
need_perf
[ -x "$WL/syscalls" ] || skip "workloads not built (make workloads)"
id nobody >/dev/null 2>&1 || skip "no user nobody"
command -v setpriv >/dev/null || skip "no setpriv"
tmpdir
chmod 755 "$T"
mkdir -m 777 "$T/u"
cd "$T/u" || exit 1

# The global sysctls this test changes come back whatever happens.
paranoid0=$(cat /proc/sys/kernel/perf_event_paranoid)
kptr0=$(cat /proc/sys/kernel/kptr_restrict)
restore() {
	sysctl -qw kernel.perf_event_paranoid="$paranoid0"

# ---- a recording of root's (mode 0600, as record writes it) read by nobody
"$MPERF" record -e cpu-clock -o root-own.data -- true >/dev/null 2>&1 || fail "record as root"
refused "another user's file" "cannot open root-own.data: Permission denied (owner uid 0, mode 0600)" \
	'`chmod a+r root-own.data`' as_nobody "$MPERF" report --stdio -i root-own.data
perf_also_fails as_nobody $PERF report --stdio -i root-own.data
	sysctl -qw kernel.kptr_restrict="$kptr0"
	rm -rf "$T"
}
trap restore EXIT
trap 'exit 1' INT TERM

lines() { grep -c . "$1"; }
as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }

# refused WHAT NEEDLE FIX CMD...: CMD fails (1..127) with one stderr line
# "mperf: ..." that holds NEEDLE (the cause) and FIX (the command that
# fixes it), and no errno stack.
refused() {
	what=$1 needle=$2 fix=$3
	shift 3
	"$@" >out 2>err
	rc=$?
	# (129: an event refused while parsed, as perf's usage errors)
	clean_error $rc || { cat err; fail "$what: exit $rc"; }
	assert_eq "$what: lines" 1 "$(lines err)"
	grep -q '^mperf: ' err || { cat err; fail "$what: not an mperf: line"; }
	assert_contains "$what: cause" "$needle" err
	assert_contains "$what: fix" "$fix" err
	grep -q '(errno [0-9]*)' err && { cat err; fail "$what: an errno, not a cause"; }
	echo "mperf ($what): $(cat err)"
}
# perf_also_fails CMD...: perf 6.1 refuses the same (how many lines it says)
perf_also_fails() {
	"$@" >/dev/null 2>perf.err && fail "perf succeeded where mperf refused: $*"
	echo "  perf 6.1: $(lines perf.err) lines, first: $(grep -m1 . perf.err)"
}

# ---- kernel.perf_event_paranoid 2 and 3, as nobody
for p in 2 3; do
	sysctl -qw kernel.perf_event_paranoid=$p
	refused "paranoid $p: record -a" "kernel.perf_event_paranoid is $p, it needs 0 or lower" \
		'`sysctl -w kernel.perf_event_paranoid=0`' as_nobody "$MPERF" record -a -o n.data -- true
	perf_also_fails as_nobody $PERF record -a -o pn.data -- true
	refused "paranoid $p: stat -a" "kernel.perf_event_paranoid is $p, it needs 0 or lower" \
		'`sysctl -w kernel.perf_event_paranoid=0`' as_nobody "$MPERF" stat -a -e cpu-clock -- true
	perf_also_fails as_nobody $PERF stat -a -e cpu-clock -- true
	refused "paranoid $p: record :k" "kernel.perf_event_paranoid is $p, it needs 1 or lower" \
		'`sysctl -w kernel.perf_event_paranoid=1`' as_nobody "$MPERF" record -e cpu-clock:k -o n.data -- true
	perf_also_fails as_nobody $PERF record -e cpu-clock:k -o pn.data -- true
	refused "paranoid $p: stat :k" "kernel.perf_event_paranoid is $p, it needs 1 or lower" \
		'`sysctl -w kernel.perf_event_paranoid=1`' as_nobody "$MPERF" stat -e cpu-clock:k -- true
	perf_also_fails as_nobody $PERF stat -e cpu-clock:k -- true
	# user space alone is allowed at 2 (and at 3 on kernels without
	# Debian's level 3); where it is not, the refusal says what is needed
	if as_nobody "$PERF" record -e cpu-clock -o pn.data -- "$WL/syscalls" 100 >/dev/null 2>&1; then
		as_nobody "$MPERF" record -e cpu-clock -o n.data -- "$WL/syscalls" 100 >/dev/null 2>err ||
			{ cat err; fail "paranoid $p: record of user space as nobody"; }
		$PERF evlist -f -i n.data | grep -q '^cpu-clock:u$' || fail "paranoid $p: not named cpu-clock:u"
		as_nobody "$MPERF" stat -e cpu-clock -- "$WL/syscalls" 100 >/dev/null 2>err ||
			{ cat err; fail "paranoid $p: stat of user space as nobody"; }
		assert_contains "paranoid $p: stat falls back to :u" "cpu-clock:u" err
	else
		refused "paranoid $p: record" "kernel.perf_event_paranoid is $p, it needs 2 or lower" \
			'`sysctl -w kernel.perf_event_paranoid=2`' as_nobody "$MPERF" record -o n.data -- true
	fi
done
sysctl -qw kernel.perf_event_paranoid="$paranoid0"

# ---- tracefs readable by root only (its default mode), as nobody
if [ -e /sys/kernel/tracing/events ] && ! as_nobody test -r /sys/kernel/tracing/events; then
	refused "tracefs root-only" "tracefs is readable by root only" \
		'`mount -o remount,mode=755 /sys/kernel/tracing`' \
		as_nobody "$MPERF" record -e sched:sched_switch -o n.data -- true
	perf_also_fails as_nobody $PERF record -e sched:sched_switch -o pn.data -- true
fi

# ---- tracefs not mounted: in a private mount namespace only (other
# tests run meanwhile); as root mperf mounts it itself, as nobody it says
# how
if command -v unshare >/dev/null && unshare -m true 2>/dev/null; then
	cat >nt.sh <<EOF
umount /sys/kernel/tracing 2>/dev/null
umount /sys/kernel/debug/tracing 2>/dev/null
umount /sys/kernel/debug 2>/dev/null
[ -e /sys/kernel/tracing/events ] && { echo "tracefs still there" >&2; exit 3; }
setpriv --reuid=nobody --regid=nogroup --clear-groups "$MPERF" record -e sched:sched_switch -o n.data -- true >/dev/null 2>nt.err
echo \$? >nt.rc
setpriv --reuid=nobody --regid=nogroup --clear-groups "$MPERF" list tracepoint >nt.list 2>nt.list.err
echo \$? >nt.list.rc
setpriv --reuid=nobody --regid=nogroup --clear-groups $PERF record -e sched:sched_switch -o pn.data -- true >/dev/null 2>perf.err
"$MPERF" record -e sched:sched_switch -o root.data -- sleep 0.05 >/dev/null 2>nt.root.err
echo \$? >nt.root.rc
EOF
	unshare -m sh nt.sh || fail "tracefs could not be unmounted in a private namespace"
	[ -e /sys/kernel/tracing/events ] || fail "tracefs gone outside the private namespace"
	rc=$(cat nt.rc)
	[ "$rc" -gt 0 ] && [ "$rc" -lt 128 ] || [ "$rc" -eq 129 ] || fail "no tracefs: exit $rc"
	assert_eq "no tracefs: lines" 1 "$(lines nt.err)"
	assert_contains "no tracefs" "tracepoint 'sched:sched_switch' needs tracefs, which is not mounted" nt.err
	assert_contains "no tracefs: fix" '`mount -t tracefs nodev /sys/kernel/tracing`' nt.err
	echo "mperf (no tracefs): $(cat nt.err)"
	echo "  perf 6.1: $(lines perf.err) lines, first: $(grep -m1 . perf.err)"
	assert_eq "no tracefs: list exits 0" 0 "$(cat nt.list.rc)"
	[ -s nt.list.err ] && { cat nt.list.err; fail "no tracefs: list wrote to stderr"; }
	assert_eq "no tracefs, root: mperf mounts it and records" 0 "$(cat nt.root.rc)"
	perf_reads root.data
fi

# ---- 64 open files: the soft limit is raised to the hard one as perf
# does; when the hard limit is 64 too, one line
evs=cs
for i in $(seq 40); do evs="$evs,cs"; done
refused "RLIMIT_NOFILE 64" "too many open files (limit 64)" '`ulimit -n 65536`' \
	prlimit --nofile=64 "$MPERF" stat -a -e $evs -- true
perf_also_fails prlimit --nofile=64 $PERF stat -a -e $evs -- true
refused "RLIMIT_NOFILE 64: record" "too many open files (limit 64)" '`ulimit -n 65536`' \
	prlimit --nofile=64 "$MPERF" record -a -e $evs -o n.data -- true
prlimit --nofile=64:4096 "$MPERF" stat -a -e $evs -- true >/dev/null 2>err ||
	{ cat err; fail "a soft limit of 64 under a hard one of 4096 was not raised"; }

# ---- kernel.kptr_restrict=2: kernel symbols unresolvable, said once
"$MPERF" record -e cpu-clock -o kmap.data -- "$WL/syscalls" 20000 >/dev/null 2>&1 || fail "record before kptr_restrict"
sysctl -qw kernel.kptr_restrict=2
"$MPERF" record -e cpu-clock -o kr.data -- "$WL/syscalls" 20000 >/dev/null 2>kr.err
rc=$?
"$MPERF" report --stdio -i kmap.data >kmap.out 2>kmap.err
rc2=$?
sysctl -qw kernel.kptr_restrict="$kptr0"
assert_eq "kptr_restrict=2: record exit" 0 $rc
assert_eq "kptr_restrict=2: record warns once" 1 "$(grep -c '^mperf: warning:' kr.err)"
assert_contains "kptr_restrict=2: record" 'kernel.kptr_restrict=2 hides the addresses in /proc/kallsyms: run `sysctl -w kernel.kptr_restrict=0`' kr.err
echo "mperf (record, kptr_restrict=2): $(grep '^mperf: warning' kr.err)"
"$MPERF" report --stdio -i kr.data >kr.out 2>kr.rep.err || { cat kr.rep.err; fail "report of a file without a kernel map"; }
assert_eq "no kernel map: one line" 1 "$(lines kr.rep.err)"
assert_contains "no kernel map" "kernel samples cannot be resolved: the file has no kernel map" kr.rep.err
grep -q '%.*syscalls' kr.out || fail "no kernel map: nothing reported"
"$MPERF" script -i kr.data >/dev/null 2>kr.scr.err || fail "script of a file without a kernel map"
assert_eq "no kernel map, script: one line" 1 "$(lines kr.scr.err)"
echo "mperf (report, no kernel map): $(cat kr.rep.err)"
# a file with a kernel map, reported while kptr_restrict=2 hides kallsyms
assert_eq "kptr_restrict=2 at report: exit" 0 $rc2
assert_eq "kptr_restrict=2 at report: one line" 1 "$(lines kmap.err)"
assert_contains "kptr_restrict=2 at report" 'kernel symbols cannot be resolved: kernel.kptr_restrict=2 hides the addresses in /proc/kallsyms: run `sysctl -w kernel.kptr_restrict=0`' kmap.err
grep -q '\[k\]' kmap.out || fail "kptr_restrict=2 at report: no kernel samples reported"
echo "mperf (report, kptr_restrict=2): $(cat kmap.err)"

# ---- events this machine does not have (no hardware PMU here)
if [ ! -e /sys/bus/event_source/devices/cpu ] && [ ! -e /sys/bus/event_source/devices/armv8_pmuv3_0 ]; then
	"$MPERF" stat -e cycles,instructions,task-clock -- true >/dev/null 2>m.err || fail "stat with unsupported events"
	$PERF stat -e cycles,instructions,task-clock -- true >/dev/null 2>p.err
	assert_eq "<not supported> lines as perf's" \
		"$(grep '<not supported>' p.err | tr -s ' ')" "$(grep '<not supported>' m.err | tr -s ' ')"
	[ "$(grep -c '<not supported>' m.err)" -eq 2 ] || fail "cycles and instructions not shown <not supported>"
	refused "record -e instructions" "the 'instructions' event is not supported by this machine: no hardware PMU" \
		"software events such as cpu-clock work" "$MPERF" record -e instructions -o n.data -- true
	perf_also_fails $PERF record -e instructions -o pn.data -- true
	# cycles falls back to cpu-clock with one line, as perf
	"$MPERF" record -e cycles -o c.data -- true >/dev/null 2>c.err || { cat c.err; fail "record -e cycles"; }
	assert_eq "record -e cycles: one line before the summary" 1 "$(grep -vc '^\[ mperf record' c.err)"
	assert_contains "record -e cycles" "cycles event is not supported, trying to fall back to cpu-clock" c.err
fi
echo ok
