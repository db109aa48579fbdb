#!/bin/sh
# report options (-s with keys and overheads, -F, -n, -g modes, filters and the header lines of single-value filters, --symbol-filter, --show-cpu-utilization, --parent/-x, --socket-filter, --time-quantum, --percent-limit, --stats) equal perf report's on a fresh recording
. "$(dirname "$0")/lib.sh"
need_perf
need_root
tmpdir
[ -x "$WL/dsouser" ] || skip "workloads not built (make workloads)"
"$PERF" record -q -g -o "$T/p.data" "$WL/dsouser" 0.3 >/dev/null 2>&1 ||
	skip "perf record -g does not work here"
n=0
while read -r opts; do
	# shellcheck disable=SC2086
	report_vs_perf "$T/p.data" $opts
	n=$((n + 1))
done <<'LIST'
--no-children
--no-children -g folded
--no-children -g folded,0,count
--no-children -g flat
-g period
-g graph,0.5,count
--no-children -g flat,0,period
--no-children -g fractal,0.5,callee,count
--no-children -g fractal
--no-children -g caller
--no-children -s sym -g graph,2
--no-children -n -g none
--no-children --dsos libmwork.so
--no-children --comm dsouser -g none
--no-children -F overhead,sample,period,sym -g none
--no-children -s {comm,dso},sym -g none
-s dso
-s pid
-s cpu
--percent-limit 5
--stats
-s sym --dsos dsouser,libmwork.so
-S mwork_inner,main
--max-stack 2
--no-children -g caller --max-stack 3
-c dsouser -s dso --no-children
-s sym -S main --no-children
-s dso -S main --no-children
-s sym,comm,dso -S main --comms dsouser --dsos dsouser --no-children
-s sym,comm -S main --comms dsouser --no-children
-s sym,comm --comms dsouser --no-children -g none
-F overhead,sym -s comm,sym --comms dsouser
--hierarchy -s comm,dso --comms dsouser --no-children -g none
-F overhead,comm,sym --comms dsouser --no-children
--symbol-filter=mwork
--symbol-filter=mwork --no-children -g caller
--symbol-filter=_ --percentage relative
--show-cpu-utilization -n
--show-cpu-utilization --no-children -g none --show-total-period
--showcpuutilization --no-children -g none
-p mwork_entry
-x -p mwork_entry --no-children -g none --percentage relative
-p main|driver -s parent
-p main|driver -s parent --no-children
--socket-filter 0
--socket-filter 1 --no-children
-s time --time-quantum 10ms --no-children -g none
-s time,sym --time-quantum 10 --ns -g none
-s sym,overhead -g none
-s overhead_sys,sym -g none
-s sym,period --no-children
-s dso,sample -n -g none
-s overhead_us,dso --no-children
-s overhead_children,sym -g none
-F overhead_children,sym --no-children
-q --comms dsouser --no-children
LIST
# blanks separate names too, as perf splits the lists
report_vs_perf "$T/p.data" --no-children -s "comm dso" -F "overhead sym,comm" -g none
n=$((n + 1))
[ "$n" -eq 57 ] || fail "only $n option sets ran"
# an N/A Children column breaks no ties by callchain depth (perf 6.1's file)
# shellcheck disable=SC2046
report_vs_perf "$DATA/perf-6.1/cpuburn-fp.data" $(report_symargs) -F overhead_children,sym --no-children
# -t ' ': the padding of keys perf formats padded reads as dots
# shellcheck disable=SC2046
report_vs_perf "$DATA/perf-6.1/dsouser-fp.data" $(report_symargs) -t ' ' -s dso,sym -g none --no-children
# shellcheck disable=SC2046
report_vs_perf "$DATA/perf-6.1/dsouser-fp.data" $(report_symargs) -t ' | ' -s dso_size,pid,comm,sym -g none
grep -q "libmwork.so.. \[.\].mwork" "$T/perf" || grep -q "dsouser" "$T/perf" || fail "the -t report is empty"
# -t . would read as perf's mark of a separator inside a value
"$MPERF" report -i "$DATA/perf-6.1/dsouser-fp.data" --stdio -t . >/dev/null 2>"$T/e" && fail "-t . accepted"
grep -q "pick another separator" "$T/e" || fail "-t .: no error naming the fix"
# a bad key stops before the "-g without callchains" path prints anything
"$MPERF" report -i "$DATA/perf-6.1/multi-event.data" --stdio -s nosuch -g graph >"$T/o" 2>"$T/e" &&
	fail "-s nosuch -g graph accepted"
[ -s "$T/o" ] && { cat "$T/o"; fail "-s nosuch -g graph printed a report header"; }
# --tasks with a bad --time: perf's status, no header lines
"$PERF" report -i "$DATA/perf-6.1/multi-event.data" --stdio --tasks --time 10%/x >"$T/p" 2>/dev/null
pr=$?
"$MPERF" report -i "$DATA/perf-6.1/multi-event.data" --stdio --tasks --time 10%/x >"$T/m" 2>/dev/null
assert_eq "--tasks --time 10%/x: exit status" "$pr" "$?"
cmp -s "$T/p" "$T/m" || { diff "$T/p" "$T/m"; fail "--tasks --time 10%/x: output differs from perf's"; }
"$MPERF" report -i "$T/p.data" --stdio --time-quantum 2x >/dev/null 2>"$T/e" &&
	fail "--time-quantum 2x was accepted"
# (a bad option value: perf's status 129)
"$PERF" report -i "$T/p.data" --stdio --time-quantum 2x >/dev/null 2>&1
pr=$?
"$MPERF" report -i "$T/p.data" --stdio --time-quantum 2x >/dev/null 2>&1
assert_eq "--time-quantum 2x: exit status" "$pr" "$?"
grep -q "time-quantum '2x'" "$T/e" || fail "--time-quantum 2x: no error naming it"
# -C on a file whose samples have no CPU: perf says so (and prints an empty
# report); mperf says so in one line and fails
"$MPERF" report -i "$DATA/perf-6.1/dsouser-fp.data" --stdio -C 0 >/dev/null 2>"$T/e" &&
	fail "-C 0 on a file without sample CPUs was accepted"
grep -q "do not record the CPU" "$T/e" && [ "$(wc -l < "$T/e")" = 1 ] ||
	{ cat "$T/e" >&2; fail "-C 0 without sample CPUs: not one line naming the cause"; }
# -C with a CPU the recording had not (2 of 2), or any -C on a pipe: perf
# refuses (its hint lines, then an error); mperf prints the same stdout,
# one line on stderr, and fails (it reported the CPUs that exist)
# (and a list perf's grammar refuses: ',1', '+1'; and samples without
# their CPU; with --header perf prints the header first)
# (and the "# comm: perf" lines of the filters given one value, which
# perf prints before it refuses -C)
for f_c in "syswide-fp.data 0-5" "syswide-fp.data 1,2" "cpuburn-pipe.data 0" "syswide-fp.data 5" \
	   "syswide-fp.data ,1" "syswide-fp.data +1" "cpuburn-fp.data 0"; do
	set -- $f_c
	for extra in "" --stats --header "--comms=perf --dsos=[kernel.kallsyms]"; do
		# shellcheck disable=SC2086
		"$PERF" report -i "$DATA/perf-6.1/$1" --stdio -C "$2" $extra >"$T/p" 2>/dev/null
		# shellcheck disable=SC2086
		"$MPERF" report -i "$DATA/perf-6.1/$1" --stdio -C "$2" $extra >"$T/m" 2>"$T/e" &&
			fail "-C $2 $extra on $1 was accepted"
		grep -v '^# captured on' "$T/p" >"$T/p2"; grep -v '^# captured on' "$T/m" >"$T/m2"
		cmp -s "$T/p2" "$T/m2" || { diff "$T/p2" "$T/m2" | head; fail "-C $2 $extra on $1: stdout differs from perf's"; }
		[ "$(wc -l < "$T/e")" = 1 ] && grep -q -- "-C" "$T/e" ||
			{ cat "$T/e" >&2; fail "-C $2 $extra on $1: not one line naming -C"; }
		n=$((n + 1))
	done
done
# a pipe's features end with an empty record of the last id: the end, no
# feature to skip (-v said "unknown feature 32, skipped")
"$MPERF" report -v -i "$DATA/perf-6.1/cpuburn-pipe.data" --stdio >/dev/null 2>"$T/e" ||
	fail "report -v of a pipe file failed"
grep "feature" "$T/e" && fail "report -v of a pipe file warns about a feature"
# perf's parent key looks at the sampled callchain, not at frames unwound
# from a DWARF user stack: --parent on perf 6.1's dwarf file
while read -r opts; do
	# shellcheck disable=SC2086
	report_vs_perf "$DATA/perf-6.1/cpuburn-dwarf.data" $(report_symargs) $opts
	n=$((n + 1))
done <<'LIST'
-p ^cb_ -s parent
-x -p ^cb_ --no-children
-p ^__|^do_ -s parent,sym --no-children -g none
LIST
# --percentage relative: the callchain threshold is a share of the shown
# samples' total (the graphs' percentages stay of the whole)
report_vs_perf "$DATA/perf-6.1/cpuburn-fp.data" $(report_symargs) --dsos cpuburn --percentage relative
report_vs_perf "$DATA/perf-6.1/syswide-fp.data" $(report_symargs) --dsos '[kernel.kallsyms]' --percentage relative
# a one-comm filter elides the comm column and perf's output order skips
# that key: rows of equal children go by callchain depth and symbol only
# (comm compared, kernel rows of the filtered thread came out of order)
report_vs_perf "$DATA/perf-6.1/syswide-fp.data" $(report_symargs) --comms mt-worker-0 --percentage relative
report_vs_perf "$DATA/perf-6.1/syswide-fp.data" $(report_symargs) --comms mt-worker-0
n=$((n + 4))
echo "$n option sets equal to perf's"
