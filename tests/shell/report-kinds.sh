#!/bin/sh
# report/script on perf 6.1 recordings of other kinds (event groups, several software events, tracepoints with -g in file and pipe mode, stat record, no samples) equal perf's output
. "$(dirname "$0")/lib.sh"
need_perf
need_root
tmpdir
[ -x "$WL/dsouser" ] && [ -x "$WL/getppid" ] || skip "workloads not built (make workloads)"

n=0
# rep NAME FILE OPTS: mperf report --stdio == perf's (less perf's closing tip
# and mperf's quality summary), same exit status
rep() {
	name=$1; f=$2; shift 2
	"$PERF" report -i "$f" --stdio "$@" >"$T/$name.p" 2>/dev/null; pe=$?
	"$MPERF" report -i "$f" --stdio --no-quality "$@" >"$T/$name.m" 2>"$T/$name.err"; me=$?
	[ $((pe != 0)) = $((me != 0)) ] || { cat "$T/$name.err" >&2; fail "$name: exit $me, perf's $pe"; }
	# perf's random tip: "#", "# (Tip: ...)", "#" (anywhere: -T prints after it)
	awk '{ a[NR] = $0 } END { for (i = 1; i <= NR; i++) {
		if (a[i] == "#" && a[i + 1] ~ /^# \(Tip:/ && a[i + 2] == "#") { i += 2; continue }
		print a[i] } }' "$T/$name.p" > "$T/$name.pp"
	awk '{ a[NR] = $0 } END {
		n = NR; while (n > 0 && a[n] == "") n--
		for (i = 1; i <= n; i++) print a[i] }' "$T/$name.m" > "$T/$name.mm"
	awk '{ a[NR] = $0 } END { n = NR; while (n > 0 && a[n] == "") n--
		for (i = 1; i <= n; i++) print a[i] }' "$T/$name.pp" > "$T/$name.p2"
	if ! diff "$T/$name.p2" "$T/$name.mm" > "$T/$name.diff"; then
		head -20 "$T/$name.diff" >&2
		fail "report $name ($*) differs from perf's"
	fi
	n=$((n + 1))
}
# scr NAME FILE OPTS: mperf script == perf script, byte for byte, same exit
scr() {
	name=$1; f=$2; shift 2
	"$PERF" script -i "$f" "$@" >"$T/$name.p" 2>/dev/null; pe=$?
	"$MPERF" script -i "$f" "$@" >"$T/$name.m" 2>"$T/$name.err"; me=$?
	[ $((pe != 0)) = $((me != 0)) ] || { cat "$T/$name.err" >&2; fail "script $name: exit $me, perf's $pe"; }
	cmp -s "$T/$name.p" "$T/$name.m" || { diff "$T/$name.p" "$T/$name.m" | head -20 >&2; fail "script $name ($*) differs"; }
	n=$((n + 1))
}

# an event group, without and with callchains: perf's group view
"$PERF" record -q -o "$T/grp.data" -e '{cpu-clock,task-clock}' -- "$WL/dsouser" 0.3 >/dev/null 2>&1 ||
	skip "perf record of an event group does not work here"
rep grp "$T/grp.data"
rep grp-n "$T/grp.data" -n -s sym
rep grp-dso "$T/grp.data" -s dso
rep grp-nogroup "$T/grp.data" --no-group
rep grp-time "$T/grp.data" --time 10%/2 -s dso
"$PERF" record -q -g -o "$T/grpg.data" -e '{cpu-clock,task-clock}' -- "$WL/dsouser" 0.3 >/dev/null 2>&1 ||
	fail "perf record -g of an event group"
rep grpg "$T/grpg.data" -s comm,dso
rep grpg-self "$T/grpg.data" --no-children -s dso

# several software events, some without samples: --stats leaves those out
"$PERF" record -q -o "$T/sw.data" -e cpu-clock,page-faults,cpu-migrations -- "$WL/dsouser" 0.2 >/dev/null 2>&1 ||
	fail "perf record of software events"
rep sw-stats "$T/sw.data" --stats
# --no-skip-empty: every record type (zeros too) and every event by name
rep sw-stats-all "$T/sw.data" --stats --no-skip-empty
rep stat-stats-all "$DATA/perf-6.1/stat-record.data" --stats --no-skip-empty
# ring buffers too small for 32 KiB stacks: LOST records, and perf record's
# LOST_SAMPLES (the kernel's count, by event): --stats lists those by
# event; the quality line counts the losses once (where this machine loses
# some samples and keeps others)
"$PERF" record -q -e cpu-clock,task-clock -c 50000 --call-graph dwarf,32768 -m 16 \
	-o "$T/lost.data" "$WL/dsouser" 0.3 >/dev/null 2>&1 || fail "perf record -m 16"
lost=$("$PERF" report -i "$T/lost.data" --stdio 2>/dev/null | sed -n 's/^# Total Lost Samples: //p')
if [ -n "$lost" ] && [ "$lost" -gt 0 ]; then
	rep lost-stats "$T/lost.data" --stats
	rep lost-stats-all "$T/lost.data" --stats --no-skip-empty
	"$MPERF" report -i "$T/lost.data" --stdio 2>/dev/null | grep -q "symbols, $lost lost," ||
		fail "the quality line does not count perf's $lost lost samples once"
else
	echo "note: perf record -m 16 lost no sample, or all: lost-sample stats not compared"
fi
# a -F list without -s is also the output order; --group on a file
# without groups makes its events one group
rep sw-F "$T/sw.data" -F sym,overhead
rep sw-F2 "$T/sw.data" -F overhead,sample,period,comm,sym
rep sw-group "$T/sw.data" --group -n
# the trace key of events that are not tracepoints: perf's N/A
rep sw-trace "$T/sw.data" -s trace,comm
# -g on a file without callchains: perf's error, before any record (exit 0)
rep sw-g "$T/sw.data" -g caller -s dso
rep sw-g-stats "$T/sw.data" -g --stats
rep sw-g-D "$T/sw.data" -g -D
rep sw-parent "$T/sw.data" -s parent,sym
rep sw-p "$T/sw.data" -p main
# no sample left (--time): the single-value filter lines still come
rep sw-notime "$T/sw.data" --comms dsouser --time 1,2
grep -q '^# comm: dsouser$' "$T/sw-notime.mm" || fail "no '# comm:' line without samples"
[ -s "$T/sw-g.mm" ] && ! grep -q '%' "$T/sw-g.mm" || fail "report -g without callchains: not perf's lines alone"
grep -q 'no callchains' "$T/sw-g.err" || fail "report -g without callchains: no error line"
# ... with the lines of single-value filters (-q, --stats too)
rep sw-g-filter "$T/sw.data" -g -S main --comm dsouser
grep -q '^# symbol: main$' "$T/sw-g-filter.mm" || fail "report -g without callchains: no '# symbol:' line"
rep sw-p-filter-q "$T/sw.data" -p main -S main -q
rep sw-g-filter-stats "$T/sw.data" -g --stats --dsos dsouser
# -U hiding every sample (no symbols from an empty --symfs): a file
# without samples for perf
mkdir "$T/nosyms"
rep sw-U-none "$T/sw.data" -U --symfs "$T/nosyms"
grep -q -- '-U hid all' "$T/sw-U-none.err" || fail "report -U hiding all: no line saying so"
# -C of a CPU no sample ran on, --time outside the recording: no entry, a
# file without samples for perf too; the line says which option did it
"$PERF" record -q -C 0 -o "$T/cpu0.data" -- "$WL/dsouser" 0.1 >/dev/null 2>&1 ||
	fail "perf record -C 0"
rep cpu0-C1 "$T/cpu0.data" -C 1
grep -q -- "-C 1 leaves none of the" "$T/cpu0-C1.err" || fail "report -C leaving none: no line saying so"
rep sw-time-none "$T/sw.data" --time 1,2
grep -q -- "--time 1,2 selects none of the" "$T/sw-time-none.err" || fail "report --time selecting none: no line saying so"
# events without samples (dummy): perf's empty table with --no-skip-empty;
# a group whose leader has no samples is skipped as an empty event
"$PERF" record -q -o "$T/dummy.data" -e cpu-clock,dummy -- "$WL/dsouser" 0.1 >/dev/null 2>&1 ||
	fail "perf record -e cpu-clock,dummy"
rep dummy-noskip "$T/dummy.data" --no-skip-empty
grep -q "^# Samples: 0  of event 'dummy'" "$T/dummy-noskip.mm" || fail "--no-skip-empty: no table of dummy"
rep dummy-group "$T/dummy.data" --group -s dso
"$PERF" record -q -o "$T/gdummy.data" -e '{dummy,cpu-clock}' -- "$WL/dsouser" 0.1 >/dev/null 2>&1 ||
	fail "perf record -e {dummy,cpu-clock}"
rep gdummy "$T/gdummy.data"
rep gdummy-noskip "$T/gdummy.data" --no-skip-empty -s dso
# callchains for one event only (a call-graph term): the other event's
# entries have no call graph; with children their children entries come
# from the chain of the sample perf resolved before (its cursor), shown as
# their graphs with --show-ref-call-graph
"$PERF" record -q -o "$T/mixg.data" -e cpu-clock/call-graph=fp/ -e task-clock -e page-faults -- \
	"$WL/dsouser" 0.1 >/dev/null 2>&1 ||
	fail "perf record -e cpu-clock/call-graph=fp/ -e task-clock -e page-faults"
rep mixg "$T/mixg.data" --no-children
rep mixg-caller "$T/mixg.data" --no-children -g caller -s dso,sym
rep mixg-children "$T/mixg.data"
rep mixg-ref "$T/mixg.data" --show-ref-call-graph -G
rep mixg-ref-sym "$T/mixg.data" --show-ref-call-graph -s sym
# a -F field the samples lack is an error in both (no CPU without -a/--sample-cpu)
scr sw-cpu "$T/sw.data" -F comm,tid,cpu,event
[ -s "$T/sw-cpu.m" ] && fail "script -F cpu printed lines without a cpu"
grep -q "cpu" "$T/sw-cpu.err" || fail "script -F cpu: no line naming the cpu field"

# a tracepoint with callchains: script prints them by default; a pipe
# adds ip,sym only, and report sorts a tracepoint pipe by comm,dso,sym
need_tracefs
"$PERF" record -q -g -o "$T/tp.data" -e syscalls:sys_enter_getppid -- "$WL/getppid" 20 >/dev/null 2>&1 ||
	skip "perf record of a tracepoint does not work here"
scr tp "$T/tp.data"
grep -q '__libc_start_call_main' "$T/tp.m" || fail "script: no callchain under the tracepoint lines"
"$PERF" record -q -g -o - -e syscalls:sys_enter_getppid -- "$WL/getppid" 20 2>/dev/null >"$T/tpp.data"
scr tp-pipe "$T/tpp.data"
scr tp-pipe-F "$T/tpp.data" -F comm,tid,time
rep tp-pipe "$T/tpp.data"

# perf stat record: script prints the counts table; report has no samples
# (perf's header hint on stdout, exit 0) and says what the file is
"$PERF" stat record -o "$T/stat.data" -e task-clock,page-faults -- "$WL/getppid" 20 >/dev/null 2>&1 ||
	fail "perf stat record"
scr stat "$T/stat.data"
grep -q "task-clock" "$T/stat.m" || fail "script: no counts of a stat file"
rep stat "$T/stat.data"
grep -q "stat record" "$T/stat.err" || { cat "$T/stat.err" >&2; fail "report: a stat file is not named as such"; }

# no samples (page faults of a process that sleeps): perf's header hint, exit 0
sleep 5 & sp=$!
"$PERF" record -q -o "$T/none.data" -e page-faults -p $sp -- sleep 0.2 >/dev/null 2>&1
kill $sp 2>/dev/null
rep none "$T/none.data"
grep -q "no samples" "$T/none.err" || fail "report: no line saying there are no samples"

# --max-stack: perf walks a chain in the order it shows it, so the caller
# order (children's default) keeps the outermost frame-pointer entries;
# DWARF-unwound frames are counted from the leaf, inlined ones not at all
"$PERF" record -q -g -o "$T/fp.data" -- "$WL/dsouser" 0.2 >/dev/null 2>&1 ||
	fail "perf record -g"
rep fp-max2 "$T/fp.data" --max-stack 2
rep fp-max3-caller "$T/fp.data" --no-children -g caller --max-stack 3
"$PERF" record -q --call-graph dwarf,8192 -o "$T/dw.data" -- "$WL/dsouser" 0.2 >/dev/null 2>&1 ||
	fail "perf record --call-graph dwarf"
rep dw-max3 "$T/dw.data" --max-stack 3
rep dw-max5-G "$T/dw.data" -G --max-stack 5

# threads sampled before their first COMM: recording CPU 0 only misses
# the FORK/COMM of children started on CPU 1, so their first samples are
# ":TID"; the COMM of their exec renames those rows (perf overrides its
# placeholder comm), which then merge with the new comm's rows
i=0 placeholder=0
while [ $i -lt 3 ] && [ $placeholder = 0 ]; do
	i=$((i + 1))
	"$PERF" record -q -a -C 0 -o "$T/c0.data" -- sh -c \
		"for i in \$(seq 100); do $WL/cpuburn 0.01 >/dev/null; done" >/dev/null 2>&1 ||
		fail "perf record -a -C 0"
	"$PERF" script -i "$T/c0.data" 2>/dev/null | grep -qE '^ *:[0-9]+ ' && placeholder=1
done
if [ $placeholder = 1 ]; then
	rep c0-comm "$T/c0.data" -s comm
	rep c0-comm-dso "$T/c0.data" -s comm,dso
	scr c0 "$T/c0.data"
else
	echo "no sample before its thread's COMM in 3 recordings: placeholder case not compared"
fi

echo "$n outputs equal to perf's"
