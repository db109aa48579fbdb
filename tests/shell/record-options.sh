#!/bin/sh
# perf 6.1's record options: known to mperf, the same attrs as perf's, readable files
. "$(dirname "$0")/lib.sh"
# perf records through perf-quick (--no-bpf-event): where attrs are
# compared mperf records so too (record.sh compares the default ones)
need_root
need_perf
[ -x "$WL/cpuburn" ] || skip "workloads not built (make workloads)"
tmpdir
cd "$T" || exit 1

# Every long option perf record -h lists is known to mperf: it works or
# is refused in one line, never "unknown option".
"$PERF" record -h 2>&1 | sed -n 's/^ *\(-[A-Za-z], \)\{0,1\}--\([a-z0-9-]*\).*/\2/p' | sort -u >perf.opts
[ "$(wc -l <perf.opts)" -ge 60 ] || { cat perf.opts; fail "could not read perf record -h"; }
start=$(date +%s)
while read -r o; do
	$MPERF record --dry-run "--$o" -o dry.data -- true >/dev/null 2>o.err </dev/null
	if grep -q "unknown option" o.err; then
		cat o.err
		fail "perf's record option --$o is unknown to mperf"
	fi
	if grep -q "is not supported by mperf" o.err && [ "$(wc -l <o.err)" != 1 ]; then
		cat o.err
		fail "--$o: the refusal is more than one line"
	fi
done <perf.opts
[ -e dry.data ] && fail "--dry-run wrote a file"
echo "option loop: $(( $(date +%s) - start ))s"

# same_attrs "OPTIONS": perf evlist -v of both recordings equal, and the
# file mperf wrote is read by perf without a word
same_attrs() {
	# shellcheck disable=SC2086
	$MPERF record -q -o m.data --no-bpf-event $1 -- "$WL/cpuburn" 0.05 >/dev/null 2>m.err ||
		{ cat m.err; fail "mperf record $1"; }
	# perf reads the files whose records change (each read costs time)
	[ -n "$2" ] && perf_reads m.data
	# shellcheck disable=SC2086
	$PERF record -q -o p.data $1 -- "$WL/cpuburn" 0.05 >/dev/null 2>&1 || fail "perf record $1"
	$PERF evlist -v -i m.data >m.ev 2>&1
	$PERF evlist -v -i p.data >p.ev 2>&1
	assert_eq "attrs of: record $1" "$(cat p.ev)" "$(cat m.ev)"
}
# options that set independent bits share a recording (52 s to 24 s of
# the suite; "@" stands for a space)
READ="-W@--phys-data@--data-page-size@--code-page-size@-R@--transaction -s@--sample-identifier@--running-time --switch-events@--namespaces --user-regs=ip,sp@--intr-regs=ip,sp,ax --no-bpf-event@--no-buffering@-N@--buildid-all@--tail-synthesize@--timestamp-boundary@--max-size@10M"
for o in -W@--phys-data@--data-page-size@--code-page-size@-R@--transaction \
	-s@--sample-identifier@--running-time --switch-events@--namespaces \
	--all-kernel --all-user -e@cpu-clock:k@--all-user \
	-g@--user-callchains -g@--kernel-callchains --call-graph@fp,7 \
	-k@mono -k@CLOCK_MONOTONIC_RAW --no-samples -D@20@--buildid-mmap \
	--user-regs=ip,sp@--intr-regs=ip,sp,ax --user-regs -e@cpu-clock,task-clock@--group \
	-e@cpu-clock,task-clock@--sample-identifier \
	--no-bpf-event@--no-buffering@-N@--buildid-all@--tail-synthesize@--timestamp-boundary@--max-size@10M; do
	case " $READ " in *" $o "*) r=1 ;; *) r= ;; esac
	same_attrs "$(echo "$o" | tr @ " ")" "$r"
done

# events that all exclude the kernel: no kernel map in the file, as perf
for o in "-e cpu-clock:u" "--all-user"; do
	# shellcheck disable=SC2086
	$MPERF record -q $o -o m.data -- "$WL/cpuburn" 0.02 >/dev/null 2>&1 || fail "record $o"
	# shellcheck disable=SC2086
	$PERF record -q $o -o p.data -- "$WL/cpuburn" 0.02 >/dev/null 2>&1 || fail "perf record $o"
	km=$($PERF script -i m.data --show-mmap-events 2>/dev/null | grep -c 'PERF_RECORD_MMAP.*kernel.kallsyms')
	kp=$($PERF script -i p.data --show-mmap-events 2>/dev/null | grep -c 'PERF_RECORD_MMAP.*kernel.kallsyms')
	assert_eq "record $o: kernel maps in the file, as perf's" "$kp" "$km"
done

# --buildid-mmap: the kernel's map an MMAP2 with its build-id, the tasks'
# maps with theirs, no BUILD_ID feature; as perf's twin
$MPERF record -q --buildid-mmap -o m.data -- "$WL/cpuburn" 0.02 >/dev/null 2>&1 || fail "record --buildid-mmap"
$PERF record -q --buildid-mmap -o p.data -- "$WL/cpuburn" 0.02 >/dev/null 2>&1 || fail "perf record --buildid-mmap"
for f in m p; do
	$PERF script -i $f.data -D 2>/dev/null | sed -n 's/^.*\(PERF_RECORD_MMAP2 -1\/0: .*kernel.kallsyms.*\)$/\1/p' > $f.kmap
	$PERF script -i $f.data -D 2>/dev/null | grep 'PERF_RECORD_MMAP2 .*<[0-9a-f]*>.*/cpuburn$' |
		sed 's/^.*: \[0x[0-9a-f]*\(.*\)$/\1/' | head -1 > $f.umap
	$PERF report -i $f.data --header-only 2>/dev/null | grep -q '^# missing features:.* BUILD_ID ' ||
		fail "--buildid-mmap: $f.data has a BUILD_ID feature"
done
[ -s p.kmap ] || fail "perf's --buildid-mmap file has no kernel MMAP2 (the premise)"
assert_eq "--buildid-mmap: the kernel's MMAP2" "$(cat p.kmap)" "$(cat m.kmap)"
[ -s p.umap ] || fail "perf's --buildid-mmap file has no cpuburn MMAP2 with a build-id (the premise)"
assert_eq "--buildid-mmap: cpuburn's MMAP2" "$(cat p.umap)" "$(cat m.umap)"

# -k: the clock's CLOCKID and CLOCK_DATA features, as perf writes them
$MPERF record -q -k mono -o m.data -- "$WL/cpuburn" 0.05 >/dev/null 2>&1 || fail "-k mono"
$PERF report --header-only -i m.data 2>&1 | grep -q '^# clockid: monotonic (1)' || fail "-k: no CLOCK_DATA"
$PERF report --header-only -i m.data 2>&1 | grep -q '^# clockid frequency: ' || fail "-k: no CLOCKID"

# perf and mperf print the same from mperf's files with the new records
$MPERF record -q --switch-events -o m.data -- "$WL/mthreads" 2 0.1 >/dev/null 2>&1 || fail "--switch-events"
$PERF script -i m.data --show-switch-events >p.out 2>&1
$MPERF script -i m.data --show-switch-events >m.out 2>&1
grep -q PERF_RECORD_SWITCH p.out || fail "--switch-events: no SWITCH records"
cmp -s p.out m.out || { diff p.out m.out | head; fail "--switch-events: script differs from perf's"; }
$MPERF record -q -s -o m.data -- "$WL/mthreads" 2 0.1 >/dev/null 2>&1 || fail "-s"
$PERF report -T --stdio -i m.data 2>/dev/null | sed -n '/PID *TID/,$p' >p.out
$MPERF report -T --stdio -i m.data 2>/dev/null | sed -n '/PID *TID/,$p' >m.out
[ "$(wc -l <p.out)" -ge 3 ] || { cat p.out; fail "-s: no per-thread counts"; }
cmp -s p.out m.out || { diff p.out m.out; fail "-s: report -T differs from perf's"; }

# --namespaces: a NAMESPACES record for the tasks that already ran, as perf
$MPERF record -q --namespaces -o m.data -- "$WL/cpuburn" 0.05 >/dev/null 2>&1 || fail "--namespaces"
$PERF script -i m.data --show-namespace-events 2>/dev/null | grep -q 'PERF_RECORD_NAMESPACES .* nr_namespaces: 7' ||
	fail "--namespaces: no synthesized NAMESPACES record"
$PERF script -i m.data --show-namespace-events >p.out 2>&1
$MPERF script -i m.data --show-namespace-events >m.out 2>&1
cmp -s p.out m.out || { diff p.out m.out | head; fail "--namespaces: script differs from perf's"; }

# --switch-max-files: only the newest N files stay
$MPERF record -q --switch-output=signal --switch-max-files 2 -o sw.data -- \
	sh -c 'for i in 1 2 3 4; do kill -USR2 $PPID; sleep 0.1; done' >/dev/null 2>&1 || fail "--switch-max-files"
assert_eq "--switch-max-files 2: files left" 2 "$(ls sw.data.* | wc -l)"

# --filter applies to the preceding -e; a refused filter is one line
$MPERF record -q -a -e sched:sched_switch --filter 'prev_pid != 0' -o m.data -- sleep 0.1 >/dev/null 2>&1 ||
	fail "--filter"
$MPERF script -i m.data >m.out 2>&1
[ -s m.out ] || fail "--filter: no samples"
grep -q 'prev_pid=0 ' m.out && fail "--filter: filtered records came through"
$MPERF record -q -e sched:sched_switch --filter 'nosuchfield == 1' -o m.data -- true >/dev/null 2>m.err &&
	fail "a bad filter was accepted"
assert_eq "bad filter: one line" 1 "$(wc -l <m.err)"
grep -q "refused the filter" m.err || { cat m.err; fail "bad filter: unclear message"; }
$MPERF record -q --filter 'x' -o m.data -- true >/dev/null 2>m.err && fail "--filter without -e accepted"

# -D: no sample before the delay is over
$MPERF record -q -D 150 -o m.data -- "$WL/cpuburn" 0.3 >/dev/null 2>&1 || fail "-D"
exec_t=$($PERF script -i m.data --show-task-events -F time 2>/dev/null | awk '/PERF_RECORD_COMM exec/ {sub(":", "", $1); print $1; exit}')
first_t=$($PERF script -i m.data -F time 2>/dev/null | awk '{sub(":", "", $1); print $1; exit}')
[ -n "$exec_t" ] && [ -n "$first_t" ] || fail "-D: no exec or no samples"
awk -v a="$exec_t" -v b="$first_t" 'BEGIN { exit !(b - a >= 0.15) }' ||
	fail "-D 150: a sample $exec_t -> $first_t came before the delay was over"

# --timestamp-filename: the file gets perf's timestamp suffix
$MPERF record -q --timestamp-filename -o ts.data -- true >/dev/null 2>&1 || fail "--timestamp-filename"
ls ts.data.[0-9]* >/dev/null 2>&1 || fail "--timestamp-filename: no ts.data.<timestamp>"
[ -e ts.data ] && fail "--timestamp-filename left ts.data"

# -b/-j parse, and the kernel's refusal (no branch-recording PMU here) is one line
if ! $PERF record -q -b -o p.data -- true >/dev/null 2>&1; then
	$MPERF record -q -j any_call,u -o m.data -- true >/dev/null 2>m.err && fail "-j accepted without a PMU"
	assert_eq "-j refusal: one line" 1 "$(wc -l <m.err)"
	grep -q "branch stack" m.err || { cat m.err; fail "-j: unclear refusal"; }
fi
$MPERF record -q -j nosuch -o m.data -- true >/dev/null 2>m.err && fail "-j nosuch accepted"
grep -q "unknown branch filter" m.err || { cat m.err; fail "-j nosuch: unclear"; }
echo ok
