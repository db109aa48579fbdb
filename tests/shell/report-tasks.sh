#!/bin/sh
# report --tasks/--mmaps: the thread tree and each thread's maps as perf prints them, on perf 6.1's files and on fresh system-wide recordings by perf and by mperf (whose synthesized FORKs are marked as perf marks them), and a -d recording's guard pages and split anonymous maps
. "$(dirname "$0")/lib.sh"
need_perf
tmpdir
n=0
same() {	# same FILE OPTION...
	_f=$1; shift
	"$PERF" report -i "$_f" "$@" > "$T/p" 2>/dev/null
	"$MPERF" report -i "$_f" "$@" > "$T/m" 2> "$T/err" ||
		{ cat "$T/err" >&2; fail "mperf report $* -i $_f: exit status"; }
	[ "$(wc -l < "$T/p")" -gt 1 ] || fail "perf report $* printed no tasks for $_f"
	cmp -s "$T/m" "$T/p" || { diff "$T/m" "$T/p" | head -20 >&2; fail "report $* -i $_f differs from perf's"; }
	n=$((n + 1))
}
for f in syswide-fp sched-switch dsouser-fp cpuburn-pipe; do
	same "$DATA/perf-6.1/$f.data" --tasks
	same "$DATA/perf-6.1/$f.data" --mmaps
done
# the lines of single-value filters come first ("# comm: ls"), as with --stats
same "$DATA/perf-6.1/syswide-fp.data" --tasks --comm ls
same "$DATA/perf-6.1/dsouser-fp.data" --mmaps --dsos libc.so.6 --symbols main
# --stats with --tasks or --mmaps: one error line, nothing on stdout, status 0 (as perf)
for o in --tasks --mmaps; do
	"$PERF" report -i "$DATA/perf-6.1/syswide-fp.data" --stats $o > "$T/p" 2>/dev/null
	_pr=$?
	"$MPERF" report -i "$DATA/perf-6.1/syswide-fp.data" --stats $o > "$T/m" 2> "$T/err"
	assert_eq "report --stats $o: exit status (perf's)" "$_pr" "$?"
	cmp -s "$T/m" "$T/p" || fail "report --stats $o: stdout differs from perf's"
	[ "$(wc -l < "$T/err")" = 1 ] || fail "report --stats $o: not one error line"
done
# the tree has depth: pid 1 one level under the idle task
"$MPERF" report -i "$DATA/perf-6.1/syswide-fp.data" --tasks | grep -q '^ *1 *1 *0 | [^ ]' ||
	fail "--tasks: pid 1 is not a child of the idle task"
# threads known from MMAP records alone (a process forked before the
# recording that exec'd during it, a thread of an unknown process, one
# that exits): perf's --mmaps lists them, its --tasks (no MMAP read) not
if command -v python3 >/dev/null && [ -f "$DATA/perf-6.1/cpuburn-plain.data" ]; then
	python3 "$TOP/tests/shell/craft-perfdata.py" records "$DATA/perf-6.1/cpuburn-plain.data" \
		"$T/mo.data" "kmap; comm 100 100 1000 prog; mmap 100 100 1001; sample 100 100 2000 0; mmap 200 200 3000; exit 200 200 1 1 3500; mmap 300 301 3600; round" ||
		fail "cannot craft the MMAP-only file"
	same "$T/mo.data" --mmaps
	same "$T/mo.data" --tasks
	grep -q '|:301$' "$T/p" && fail "perf's --tasks lists a thread of MMAPs alone (the premise)"
	"$PERF" report -i "$T/mo.data" --mmaps 2>/dev/null | grep -q '|:301$' ||
		fail "perf's --mmaps does not list a thread of MMAPs alone (the premise)"
fi
need_root
W='for i in 1 2 3; do ls >/dev/null; done; sleep 0.2'
# a thread made by another thread than the main one hangs below it
PY='import threading; t = threading.Thread(target=lambda: threading.Thread(target=lambda: None).start()); t.start(); t.join()'
command -v python3 >/dev/null && W="$W; python3 -c '$PY'"
"$PERF" record -q -a -o "$T/perf.data" -- sh -c "$W" >/dev/null 2>&1 ||
	skip "perf record -a does not work here"
"$MPERF" record -q -a -o "$T/mperf.data" -- sh -c "$W" >/dev/null 2>&1 ||
	fail "mperf record -a failed"
for f in perf mperf; do
	same "$T/$f.data" --tasks
	same "$T/$f.data" --mmaps
	# the recording's own shell forked ls three times: children of sh
	"$MPERF" report -i "$T/$f.data" --tasks | awk '$NF ~ /ls$/ { n++ } END { exit n < 3 }' ||
		fail "--tasks of $f's recording: fewer than three ls children"
	if command -v python3 >/dev/null; then
		"$MPERF" report -i "$T/$f.data" --tasks |
			awk '$NF ~ /python3$/ && $1 != $2 && $3 != $1 { n++ } END { exit n < 1 }' ||
			fail "--tasks of $f's recording: no thread below another thread"
	fi
done
# data maps (-d): a thread stack's guard page, mapped PROT_NONE, stays
# anonymous memory (no JIT map), and the part of a map that a later one
# leaves keeps its offset moved by what it lost, as perf's
if command -v python3 >/dev/null; then
	"$PERF" record -q -d -o "$T/d.data" -- python3 -c "$PY" >/dev/null 2>&1 ||
		fail "perf record -d of python threads"
	same "$T/d.data" --mmaps
	grep -q -- ' ---p .* //anon$' "$T/p" || fail "premise: perf shows no PROT_NONE anonymous map"
fi
echo "$n --tasks/--mmaps outputs equal to perf's"
