#!/bin/sh
# record robustness: Ctrl-C/SIGTERM write a complete file, full disk keeps the last round, clear errors
. "$(dirname "$0")/lib.sh"
# perf's record as it is: its attrs (bpf_event) are compared with mperf's
PERF=$PERF_BIN
need_root
need_perf
[ -x "$WL/cpuburn" ] || skip "workloads not built (make workloads)"
tmpdir
cd "$T" || exit 1

# SIGINT ends a system-wide recording; the file is complete
$MPERF record -a -g -o int.data 2>int.err &
pid=$!
sleep 0.6
kill -INT $pid
wait $pid
rc=$?
# the file is written, then mperf dies of the signal as perf 6.1 does (130)
assert_eq "exit status after SIGINT" 130 "$rc"
perf_reads int.data
grep -q 'Captured and wrote .* int.data ([0-9]* samples)' int.err || { cat int.err; fail "no summary after SIGINT"; }
[ "$($PERF script -i int.data 2>/dev/null | grep -c .)" -gt 100 ] || fail "SIGINT file has few samples"

# SIGTERM with a workload: the file is complete and the workload stopped
$MPERF record -o term.data -- "$WL/cpuburn" 20 >/dev/null 2>term.err &
pid=$!
sleep 0.6
wl=$(pgrep -P $pid cpuburn)
kill -TERM $pid
wait $pid
perf_reads term.data
$PERF report -i term.data --stdio --sort sym 2>/dev/null | grep -q 'cb_' || fail "SIGTERM file has no cpuburn samples"
[ -n "$wl" ] && kill -0 "$wl" 2>/dev/null && { kill "$wl"; fail "the workload survived SIGTERM of the recorder"; }

# the workload's exit status is ours; a failed exec is one clear line
$MPERF record -q -o st.data -- sh -c 'exit 3' 2>/dev/null
assert_eq "workload exit status" 3 "$?"
$MPERF record -q -o st.data -- /nonexistent/cmd 2>ex.err
assert_eq "exec failure status" 127 "$?"
assert_eq "exec failure: one line" 1 "$(wc -l <ex.err)"
assert_contains "exec failure" "cannot run '/nonexistent/cmd': No such file or directory" ex.err

# bad input: one line naming the problem, non-zero status, no crash
check_err() {
	want=$1; shift
	$MPERF record -o bad.data "$@" >/dev/null 2>bad.err
	rc=$?
	[ $rc -ne 0 ] && [ $rc -lt 128 -o $rc -eq 129 ] || fail "record $*: exit $rc"
	grep -q -- "$want" bad.err || { cat bad.err; fail "record $*: no '$want'"; }
	[ "$(grep -c '^mperf: ' bad.err)" -eq 1 ] || { cat bad.err; fail "record $*: not one error line"; }
}
check_err "nothing to record"
check_err "invalid frequency '0'" -F 0 -- true
check_err "-c and -F both" -c 1000 -F 99 -- true
check_err "unknown --call-graph mode 'xyz'" --call-graph xyz -- true
check_err "invalid --switch-output '3x'" --switch-output=3x -- true
check_err "no such process" -p 99999999
check_err "invalid CPU list '77'" -C 77 -- true
check_err "cannot create '/nonexistent/x.data'" -o /nonexistent/x.data -- true
check_err "unknown event" -e nosuchevent -- true
check_err "-p and -t" -p 1 -t 1
# an open failure gives evsel's advice in one line
( ulimit -n 8; $MPERF record -o bad.data -e cpu-clock,task-clock,page-faults,cs -a -- true ) >/dev/null 2>bad.err &&
	fail "8 fds were enough for 8 events"
[ "$(grep -c '^mperf: ' bad.err)" -eq 1 ] || { cat bad.err; fail "EMFILE: not one error line"; }
assert_contains "EMFILE advice" "ulimit -n" bad.err

# unprivileged (perf_event_paranoid 2): the default event samples user space
# only, as perf's does, and the attrs are perf's
if [ "$(cat /proc/sys/kernel/perf_event_paranoid)" -ge 2 ] && id nobody >/dev/null 2>&1; then
	chmod 755 "$T"
	mkdir -m 777 "$T/nr"
	cp "$MPERF" "$T/nr/mperf-nr"
	su nobody -s /bin/sh -c "cd '$T/nr' && ./mperf-nr record -q -o nr.data -- '$WL/cpuburn' 0.2 && $PERF record -q -o np.data -- '$WL/cpuburn' 0.1" >/dev/null 2>nr.err ||
		{ cat nr.err; fail "unprivileged record failed"; }
	$PERF evlist -f -v -i nr/nr.data >nr.ev 2>&1
	$PERF evlist -f -v -i nr/np.data >np.ev 2>&1
	assert_eq "unprivileged attrs vs perf" "$(cat np.ev)" "$(cat nr.ev)"
	chown root nr/nr.data
	perf_reads nr/nr.data
fi

# above the kernel's max rate: lowered, explained, recorded
max=$(cat /proc/sys/kernel/perf_event_max_sample_rate)
$MPERF record -F $((max + 1000)) -o f.data -- true >/dev/null 2>f.err || fail "-F above the limit failed"
assert_contains "max sample rate explained" "perf_event_max_sample_rate" f.err
$PERF evlist -v -i f.data 2>/dev/null | grep -q "sample_freq }: $max," || fail "-F not lowered to $max"
check_err "above the kernel's limit" --strict-freq -F $((max + 1000)) -- true

# lost records: counted, warned about, and in the file as LOST records
if [ -x "$WL/syscalls" ] && [ -e /sys/kernel/tracing/events/raw_syscalls ]; then
	$MPERF record -m 1 -e raw_syscalls:sys_enter -o lost.data -- "$WL/syscalls" 20000 >/dev/null 2>lost.err || fail "record with a tiny buffer"
	grep -q '^mperf: warning: lost [0-9]* events in [0-9]* chunks' lost.err || { cat lost.err; fail "no lost warning"; }
	chunks=$(sed -n 's/.*lost [0-9]* events in \([0-9]*\) chunks.*/\1/p' lost.err)
	pl=$($PERF report -i lost.data --stats 2>/dev/null | awk '/ LOST events:/ { print $3 }')
	assert_eq "LOST records perf counts" "$chunks" "$pl"
	$PERF script -i lost.data >/dev/null 2>&1 || fail "perf script on a file with LOST records"
fi

# full disk: one clear error; the file is readable up to the last round
mkdir disk
mount -t tmpfs -o size=400k tmpfs disk || skip "cannot mount a tmpfs"
trap 'umount "$T/disk" 2>/dev/null; rm -rf "$T"' EXIT INT TERM
# fixed work far beyond 400K of samples, whatever the load
$MPERF record -g -F 10000 -o disk/f.data -- "$WL/cpuburn" -n 40000 >/dev/null 2>disk.err
rc=$?
cp disk/f.data full.data
umount disk
[ $rc -ne 0 ] || fail "a full disk did not fail the recording"
[ "$(grep -c '^mperf: ' disk.err)" -eq 1 ] || { cat disk.err; fail "full disk: not one error line"; }
assert_contains "full disk" "No space left on device" disk.err
perf_reads full.data
n=$(sed -n 's/.*(\([0-9]*\) samples).*/\1/p' disk.err)
# how many depends on the size of the round that did not fit (a slow,
# sanitized build reads the ring buffers in bigger rounds: 29 kept once)
[ "$n" -gt 0 ] || { cat disk.err; fail "full disk kept no sample"; }
# every sample, one line each (-F tid): the exec enables the counters
# (enable_on_exec) before it renames the process, so a sample taken in
# between, on a loaded machine, has comm "mperf"
$PERF script -F tid -i full.data >full.perf 2>full.perr
if [ "$(grep -c . full.perf)" != "$n" ]; then
	cat disk.err full.perr
	$PERF script -F comm -i full.data 2>/dev/null | sort | uniq -c
	$PERF report --stats -i full.data 2>&1 | grep -E 'events:|Warning'
fi
assert_eq "samples kept on a full disk" "$n" "$(grep -c . full.perf)"
# and mperf reads the same, with at most one warning (no room for features)
"$MPERF" script -F tid -i full.data >full.out 2>full.err || { cat full.err; fail "mperf script on the full-disk file"; }
[ "$(grep -c . full.err)" -le 1 ] || { cat full.err; fail "mperf script on the full-disk file: more than one line"; }
assert_eq "mperf: samples kept on a full disk" "$n" "$(grep -c . full.out)"
# SIGUSR2 without --switch-output (with and without --overwrite): ignored,
# as perf ignores it; the recording goes on and ends with a whole file
for o in "" --overwrite; do
	# shellcheck disable=SC2086
	"$MPERF" record -q $o -o usr2.data -- sh -c "sleep 0.3; $WL/cpuburn -n 2000" >/dev/null 2>usr2.err &
	pid=$!
	sleep 0.1
	kill -USR2 "$pid"
	wait "$pid"
	st=$?
	[ "$st" = 0 ] || { cat usr2.err; fail "SIGUSR2 ended mperf record $o (status $st)"; }
	$PERF report --stdio -i usr2.data >usr2.out 2>usr2.perr || fail "perf cannot read the file of record $o after SIGUSR2"
	grep -qi 'warning\|error' usr2.perr && { cat usr2.perr; fail "perf warns on the file of record $o after SIGUSR2"; }
	grep -q 'cpuburn' usr2.out || fail "no cpuburn samples in the file of record $o after SIGUSR2"
done
echo ok
