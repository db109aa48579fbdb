#!/bin/sh
# stat: exit status of the workload (0, 3, signal, missing program) and one-line errors
. "$(dirname "$0")/lib.sh"
tmpdir
[ -x "$WL/getppid" ] || skip "run 'make workloads' first"

# status ST of `mperf stat ARGS...`, stderr in $T/err
run() { "$MPERF" stat "$@" >"$T/out" 2>"$T/err"; echo $?; }
one_line() {	# the error is one line starting with "mperf: "
	[ "$(grep -c . "$T/err")" -le 2 ] || { cat "$T/err"; fail "$1: more than one line"; }
	grep -q "^mperf: " "$T/err" || { cat "$T/err"; fail "$1: no 'mperf:' line"; }
}

assert_eq "exit 0" 0 "$(run -e task-clock -- "$WL/getppid" 1 0)"
assert_contains "counts printed" "task-clock" "$T/err"
assert_eq "exit 3" 3 "$(run -e task-clock -- "$WL/getppid" 1 3)"
assert_contains "counts printed on failure" "task-clock" "$T/err"
assert_eq "exit 3 with -r" 3 "$(run -r 2 -e task-clock -- "$WL/getppid" 1 3)"
# a signal: named like a shell does, status 128+sig (perf 6.1 says 0 here)
assert_eq "SIGSEGV" 139 "$(run -e task-clock -- sh -c 'kill -SEGV $$')"
assert_contains "signal named" "sh: Segmentation fault" "$T/err"
assert_contains "counts printed after a signal" "task-clock" "$T/err"
assert_eq "SIGTERM" 143 "$(run -e task-clock -- sh -c 'kill -TERM $$')"

# a program that cannot run: 127 like a shell, one line
assert_eq "missing program" 127 "$(run -e task-clock -- /nonexistent/prog)"
one_line "missing program"
assert_contains "missing program" "cannot run '/nonexistent/prog': No such file or directory" "$T/err"
assert_eq "not executable" 127 "$(run -e task-clock -- /etc/passwd)"
assert_contains "not executable" "Permission denied" "$T/err"

# bad input: one line, non-zero, no crash
assert_eq "unknown event" 129 "$(run -e cyclez true)"
assert_contains "did you mean" "did you mean 'cycles'" "$T/err"
assert_eq "no such pid" 1 "$(run -p 999999999 -e task-clock)"
one_line "no such pid"
assert_contains "no such pid" "no such process: 999999999" "$T/err"
assert_eq "-x with -j" 1 "$(run -x, -j true)"
one_line "-x with -j"
assert_eq "-r 0" 1 "$(run -r 0 true)"
one_line "-r 0"
assert_eq "-A without -a" 1 "$(run -A true)"
assert_contains "-A without -a" "add -a" "$T/err"
assert_eq "--per-thread without -p" 1 "$(run --per-thread true)"
assert_eq "bad cpu list" 1 "$(run -C 99999 -e task-clock true)"
one_line "bad cpu list"
assert_eq "nothing to count" 129 "$(run)"
assert_eq "bad control" 129 "$(run --control fifo:/nonexistent/ctl -e task-clock true)"
assert_contains "bad control" "mkfifo" "$T/err"

# too many open files: say how to raise the limit
(ulimit -n 10 && exec "$MPERF" stat -a -e task-clock,page-faults,context-switches,cpu-migrations,minor-faults,major-faults true) >/dev/null 2>"$T/err"
assert_eq "EMFILE" 1 $?
assert_contains "EMFILE" "ulimit -n" "$T/err"

# permission denied: the paranoid value and the sysctl, when we can drop root
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null &&
   [ "$(cat /proc/sys/kernel/perf_event_paranoid)" -ge 1 ]; then
	cp "$MPERF" "$T/mperf"
	chmod 755 "$T" "$T/mperf"
	setpriv --reuid=65534 --regid=65534 --clear-groups "$T/mperf" stat -a -e task-clock true 2>"$T/err"
	assert_eq "EACCES status" 1 $?
	assert_contains "EACCES" "kernel.perf_event_paranoid is" "$T/err"
	assert_contains "EACCES" "sysctl -w kernel.perf_event_paranoid=" "$T/err"
	# a workload: fall back to user space (":u") as perf does
	setpriv --reuid=65534 --regid=65534 --clear-groups "$T/mperf" stat -e task-clock true 2>"$T/err" ||
		fail "non-root workload"
	if [ "$(cat /proc/sys/kernel/perf_event_paranoid)" -ge 2 ]; then
		assert_contains "fallback" "task-clock:u" "$T/err"
	fi
fi

# SIGINT while counting system-wide: still prints, then dies of SIGINT (130)
"$MPERF" stat -a -e task-clock 2>"$T/err" &
pid=$!
sleep 0.3
kill -INT $pid
wait $pid
assert_eq "SIGINT -a" 130 $?
assert_contains "printed after SIGINT" "seconds time elapsed" "$T/err"
# -p: counting ends by itself when the process is gone
sleep 0.3 &
timeout 10 "$MPERF" stat -e task-clock -p $! 2>"$T/err"
assert_eq "-p of an exiting task ends by itself (124: still counting)" 0 $?
assert_contains "-p prints" "task-clock" "$T/err"

# Ctrl-C at a terminal (SIGINT to the whole process group): the command
# dies, mperf still prints the counts, status 130
if command -v python3 >/dev/null; then
	python3 - "$MPERF" "$WL/cpuburn" >"$T/ctrlc" 2>&1 <<'PY' || { cat "$T/ctrlc"; fail "Ctrl-C"; }
import os, signal, subprocess, sys, time
p = subprocess.Popen([sys.argv[1], "stat", "-e", "task-clock", "--", sys.argv[2], "5"],
                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
                     preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
time.sleep(0.4)
os.killpg(p.pid, signal.SIGINT)
err = p.communicate(timeout=20)[1].decode()
print(err)
assert p.returncode == 130, p.returncode
assert "task-clock" in err and "seconds time elapsed" in err
PY
fi
echo "exit statuses and errors as expected"
