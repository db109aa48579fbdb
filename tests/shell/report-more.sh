#!/bin/sh
# report -D and script -D (raw dump), --time, --percentage, --show-total-period, -U, -s time/socket/srcfile, --ns, --group, --hierarchy, --no-demangle equal perf report's on fresh recordings and the perf 6.1 files
. "$(dirname "$0")/lib.sh"
need_perf
need_root
tmpdir
[ -x "$WL/dsouser" ] || skip "workloads not built (make workloads)"
"$PERF" record -q -g -o "$T/fp.data" "$WL/dsouser" 0.3 >/dev/null 2>&1 ||
	skip "perf record -g does not work here"
"$PERF" record -q -o - -e '{cpu-clock,task-clock}' "$WL/dsouser" 0.2 \
	> "$T/pipe.data" 2>/dev/null || fail "perf record -o - of a group failed"
"$PERF" record -q --call-graph dwarf -o "$T/dwarf.data" "$WL/cpuburn" 0.2 >/dev/null 2>&1 ||
	fail "perf record --call-graph dwarf failed"
n=0
for i in 1 2 3 4 5; do
	cp /proc/kallsyms "$T/kallsyms"
	awk '$1 !~ /^0+$/ { ok = 1; exit } END { exit !ok }' "$T/kallsyms" && break
	sleep 1
done
awk '$1 !~ /^0+$/ { ok = 1; exit } END { exit !ok }' "$T/kallsyms" ||
	skip "/proc/kallsyms shows no addresses (kptr_restrict)"
# -D: byte-equal, hex dumps and all (the dump ends with the record counts;
# perf prints no tip there)
for f in "$T/fp.data" "$T/dwarf.data" "$DATA/perf-6.1/cpuburn-zstd.data" \
	 "$DATA/perf-6.1/sched-switch.data" "$DATA/perf-6.1/stat-record.data"; do
	"$PERF" report -D -i "$f" > "$T/perf" 2>/dev/null
	"$MPERF" report -D -i "$f" > "$T/mperf" 2> "$T/err" ||
		{ cat "$T/err" >&2; fail "mperf report -D -i $f: exit status"; }
	[ "$(grep -c PERF_RECORD_ "$T/perf")" -gt 5 ] || fail "perf -D printed few records for $f"
	if ! cmp -s "$T/mperf" "$T/perf"; then
		diff "$T/mperf" "$T/perf" | head -20 >&2
		fail "report -D -i $f differs from perf's"
	fi
	n=$((n + 1))
done
# context switches (SWITCH, SWITCH_CPU_WIDE), NAMESPACES and CGROUP.
# The shell waits for a sleep before it runs the workload: a task that only
# computes may never be switched out on an idle machine (CI saw a file with
# no SWITCH record), one that blocks always is.
"$PERF" record -q --switch-events --namespaces --all-cgroups -o "$T/side.data" \
	-- sh -c 'sleep 0.02; exec "$1" 0.1' sh "$WL/dsouser" >/dev/null 2>&1 ||
	fail "perf record --switch-events failed"
"$PERF" record -q -a --switch-events -o "$T/sidea.data" -- sleep 0.1 >/dev/null 2>&1 ||
	fail "perf record -a --switch-events failed"
# the sample fields of -d --phys-data --data-page-size --code-page-size -W
# (3000 pages: 100 gave one or two samples, now and then none)
"$PERF" record -q -d --phys-data --data-page-size --code-page-size -W -o "$T/pgsz.data" \
	-- "$WL/pagetouch" 3000 >/dev/null 2>&1 || fail "perf record --data-page-size failed"
for f in "$T/side.data" "$T/sidea.data" "$T/pgsz.data"; do
	"$PERF" report -D -i "$f" > "$T/perf" 2>/dev/null
	"$MPERF" report -D -i "$f" > "$T/mperf" 2>/dev/null || fail "mperf report -D -i $f failed"
	case $f in
	*pgsz*) grep -q 'code page size: 4K' "$T/perf" || fail "no code page sizes in $f" ;;
	*) grep -q 'PERF_RECORD_SWITCH' "$T/perf" || fail "no switch records in $f" ;;
	esac
	cmp -s "$T/mperf" "$T/perf" || { diff "$T/mperf" "$T/perf" | head -20 >&2; fail "report -D -i $f differs"; }
	n=$((n + 1))
done
# pipe mode from stdin: offsets in the stream, '@pipe', ATTR/FEATURE records
# (perf names the vdso of a pipe by the temporary file it extracts it to,
# /tmp/perf-vdso.so-XXXXXX: a random name mperf does not imitate)
"$PERF" report -D -i - < "$T/pipe.data" 2>/dev/null |
	sed 's|dso: /tmp/perf-vdso\.so-[A-Za-z0-9]*$|dso: [vdso]|' > "$T/perf"
"$MPERF" report -D -i - < "$T/pipe.data" > "$T/mperf" 2>/dev/null ||
	fail "mperf report -D -i - failed"
assert_contains "pipe dump" "PERF_RECORD_FEATURE" "$T/mperf"
cmp -s "$T/mperf" "$T/perf" || { diff "$T/mperf" "$T/perf" | head -20 >&2; fail "report -D of a pipe differs"; }
n=$((n + 1))

# script -D: the same dumps, each sample's line after its dump (no counts
# at the end; THREAD_MAP, CPU_MAP and the stat records are script's own),
# a shown EXIT's line between its header and its body, a pipe from stdin
sdump() {
	_in=$1; shift
	# shellcheck disable=SC2086
	"$PERF" script -D "$@" < "$_in" 2>/dev/null |
		sed 's|dso: /tmp/perf-vdso\.so-[A-Za-z0-9]*$|dso: [vdso]|' > "$T/perf"
	# shellcheck disable=SC2086
	"$MPERF" script -D "$@" < "$_in" > "$T/mperf" 2>/dev/null || fail "mperf script -D $* failed"
	cmp -s "$T/mperf" "$T/perf" || { diff "$T/mperf" "$T/perf" | head -20 >&2; fail "script -D $* differs"; }
	n=$((n + 1))
}
sdump /dev/null -i "$T/fp.data"
sdump /dev/null -i "$T/side.data" --show-task-events -F comm,tid,time
grep -q 'PERF_RECORD_EXIT .*PERF_RECORD_EXIT(' "$T/mperf" || fail "script -D: no EXIT line inside its dump"
sdump /dev/null -i "$DATA/perf-6.1/sched-switch.data" -F trace:
sdump /dev/null -i "$DATA/perf-6.1/stat-record.data"
sdump "$T/pipe.data" -i -

# --time: every form perf takes; the first/last sample times of the file
first=$("$PERF" report -i "$T/fp.data" --header-only | awk '/time of first sample/ { print $NF }')
last=$("$PERF" report -i "$T/fp.data" --header-only | awk '/time of last sample/ { print $NF }')
[ -n "$first" ] && [ -n "$last" ] || fail "no sample times in the header"
mid=$(awk -v a="$first" -v b="$last" 'BEGIN { printf "%.6f", (a + b) / 2 }')
q1=$(awk -v a="$first" -v b="$last" 'BEGIN { printf "%.6f", a + (b - a) / 4 }')
# compare OPTS...: mperf report's rows equal perf's (the last 3 lines are
# perf's random tip / mperf's quality summary)
# Both read this copy of the kernel symbols: other tests on the machine may
# hide /proc/kallsyms's addresses (kptr_restrict) for a moment.
compare() {
	report_vs_perf "$T/fp.data" --kallsyms "$T/kallsyms" "$@"
	n=$((n + 1))
}
for tm in "$first,$mid" "$mid," ",$mid" "20%-60%" "25%/2" "10%/2,30%/3" "40%" \
	  "$first,$q1 $mid,$last"; do
	compare --no-children -g none --time "$tm"
	grep -q "time slices: $tm" "$T/perf" || { head -12 "$T/perf" >&2; fail "perf did not take --time $tm"; }
	compare --time "$tm"
	compare --no-children -s dso --time "$tm"
done
# --percentage, --show-total-period, -U (a shell loop: dash has no
# .symtab, so some of its samples and frames stay unresolved)
"$PERF" record -q -g -o "$T/un.data" -- sh -c \
	'i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done' >/dev/null 2>&1 ||
	fail "perf record of a shell loop failed"
"$PERF" report -i "$T/un.data" --stdio --no-children -g none 2>/dev/null > "$T/b"
grep -q '\[\.\] 0x0000' "$T/b" || echo "note: no unresolved symbol in the shell loop's recording"
compare --no-children -g none --show-total-period -n
compare --show-total-period
compare --no-children --percentage relative --dsos libmwork.so -g none
compare --no-children --percentage relative --comm dsouser --dsos libmwork.so,dsouser -g caller
compare --no-children --percentage absolute --dsos libmwork.so -g none
grep -q '^# dso: libmwork.so' "$T/perf" || fail "perf did not filter by dso"
cp "$T/fp.data" "$T/fp.keep"
cp "$T/un.data" "$T/fp.data"	# compare() reads fp.data
compare --no-children -g none -U
compare -U
compare --no-children -g caller -U
compare --no-children --percentage relative --dsos libc.so.6 -g none
cp "$T/fp.keep" "$T/fp.data"
# sort keys time (100 ms slots; --ns) and socket
for k in time socket socket,time time,sym comm,time sym,time cpu,socket; do
	compare --no-children -g none -s "$k"
done
compare --no-children -g none -s time --ns
compare --no-children -g none -F overhead,time,sym --ns
grep -qE '^ +[0-9.]+%  [0-9]+\.[0-9]{9} ' "$T/perf" || fail "perf's --ns times have no 9 decimals"
compare --no-children -s socket,sym
# --hierarchy: a level per sort key
for o in "" "-s dso,sym --percent-limit 1" "--percent-limit 2" "-s cpu,comm" "-s sym" "-s dso,comm,sym" \
	 "--comm dsouser" "--dsos libmwork.so -s dso,sym"; do
	# shellcheck disable=SC2086
	compare --no-children -g none --hierarchy $o
done
grep -q 'Shared Object / Symbol' "$T/perf" || fail "perf did not print a hierarchy"
# --percentage relative with a filter: the leaves' call graphs too
compare --no-children --hierarchy --dsos libmwork.so --percentage relative
# the columns after the overhead: each node's sums
for o in "-n" "--show-total-period --show-cpu-utilization" "-n --percent-limit 5 -s dso,sym" \
	 "-n --comm dsouser -s dso,sym"; do
	# shellcheck disable=SC2086
	compare --no-children -g none --hierarchy $o
done
grep -q 'Overhead       sys       usr        Period  Command' "$T/perf" ||
	grep -q 'Overhead       Samples  Shared Object / Symbol' "$T/perf" || fail "perf printed no hierarchy columns"
"$MPERF" report -i "$T/fp.data" --stdio --hierarchy -F overhead,comm > /dev/null 2> "$T/err" &&
	fail "--hierarchy with -F: exit status 0"
grep -q 'cannot be used together' "$T/err" || fail "--hierarchy with -F: no error line"
# levels above a filter's key keep the samples it hides, shown when a
# node below passes; without a level of its key, all hidden (perf's)
for o in "--comm dsouser -s dso,comm" "--dsos libmwork.so --percentage relative" \
	 "--symbols mwork_inner -s comm,sym" "--dsos libmwork.so -s comm" "--dsos libmwork.so"; do
	# shellcheck disable=SC2086
	compare --no-children -g none --hierarchy $o
done
awk '/^ +[0-9.]+%  +dsouser/ { t = $1 } /^ +[0-9.]+%  +libmwork.so/ { d = $1 }
     END { exit !(t + 0 > d + 0) }' "$T/perf" || fail "perf's comm level has no more than the dso"
# srcfile: the file of the source line (the workloads have debug info;
# libc's files and objects without DWARF: srcline-fresh.sh)
for k in srcfile srcfile,sym sym,srcfile comm,srcfile dso,srcfile; do
	compare --no-children -g none -s "$k" --dsos dsouser,libmwork.so
done
grep -q 'libmwork.c' "$T/perf" || fail "perf showed no source file"
compare -s srcfile --dsos dsouser,libmwork.so
# --group (perf's default for files with groups): one table, a value
# per event of the group; --no-group: a table per event
"$PERF" record -q -e '{cpu-clock,task-clock,page-faults}' -e dummy -o "$T/fp.data" \
	"$WL/dsouser" 0.2 >/dev/null 2>&1 || fail "perf record of a group failed"
compare --no-children -g none
grep -q "of events 'anon group { cpu-clock, task-clock, page-faults }'" "$T/perf" ||
	fail "perf did not show the group view"
compare --no-children -g none -s comm,dso -n
compare --no-children -g none -s sym --show-total-period
compare --no-children -g none --percent-limit 5
# --percentage relative with filters that hide every sample: perf prints
# the group's table with 0 samples
compare --no-children -g none --percentage relative --comm nosuch
grep -q "^# Samples: 0  of events 'anon group" "$T/perf" || fail "perf printed no empty group table"
compare --no-children -g none --no-group
compare --no-children -g none --group -F overhead,sample,comm
cp "$T/fp.keep" "$T/fp.data"
# --no-demangle: C++ names as the ELF file has them (needs a C++ compiler)
if command -v g++ >/dev/null 2>&1; then
	cat > "$T/cxx.cc" <<'CXX'
namespace work { struct Burner { static long spin(long n, double k); }; }
long work::Burner::spin(long n, double k)
{ volatile long s = 0; for (long i = 0; i < n; i++) s += i * (long)k; return s; }
int main() { long s = 0; for (int r = 0; r < 10; r++) s += work::Burner::spin(3000000, 2.0); return (int)(s & 1); }
CXX
	g++ -O1 -fno-omit-frame-pointer -o "$T/cxx" "$T/cxx.cc" || fail "g++ failed"
	"$PERF" record -q -o "$T/fp.data" "$T/cxx" >/dev/null 2>&1 || fail "perf record of C++ failed"
	compare --no-children --no-demangle
	grep -q '_ZN4work6Burner4spinEld' "$T/perf" || fail "perf did not show the mangled name"
	compare --no-children
	grep -q 'work::Burner::spin' "$T/perf" || fail "perf did not demangle"
	compare --no-children --demangle -f
	# -v: with the parameter list, as perf's demangler gives it then
	compare --no-children -v
	grep -q 'work::Burner::spin(long, double)' "$T/perf" || fail "perf -v: no parameters"
	# script: the same names, mangled with --no-demangle
	for o in --no-demangle --demangle -v; do
		"$PERF" script -i "$T/fp.data" $o > "$T/ps" 2>/dev/null
		"$MPERF" script -i "$T/fp.data" $o > "$T/ms" 2>/dev/null || fail "mperf script $o failed"
		cmp -s "$T/ms" "$T/ps" || { diff "$T/ms" "$T/ps" | head >&2; fail "script $o differs from perf's"; }
		case $o in
		--no-demangle) grep -q '_ZN4work6Burner4spinEld' "$T/ms" || fail "script $o: no mangled name" ;;
		*) grep -q 'work::Burner::spin' "$T/ms" || fail "script $o: no demangled name" ;;
		esac
		n=$((n + 1))
	done
	# --hierarchy with names longer than perf's dotted line (cut at 207
	# dots) and commas in them (-t , prints them as '.'), call graphs
	cat > "$T/cxxl.cc" <<'CXX'
#include <map>
#include <string>
#include <vector>
template <typename A, typename B, typename C> struct Long_template_name_for_width {
	static long __attribute__((noinline)) work(std::map<std::string, std::vector<std::pair<A, B> > > &m, C)
	{ volatile long s = 0; for (int i = 0; i < 100000; i++) s += (long)m.size() + i; return s; }
};
int main()
{
	std::map<std::string, std::vector<std::pair<std::string, std::map<int, std::string> > > > m;
	std::map<std::string, std::vector<std::pair<int, long> > > m2;
	long t = 0;
	for (int k = 0; k < 1500; k++) {
		t += Long_template_name_for_width<std::string, std::map<int, std::string>,
			std::vector<std::map<std::string, int> > *>::work(m, nullptr);
		t += Long_template_name_for_width<int, long, int>::work(m2, k);
	}
	return (int)(t & 1);
}
CXX
	g++ -O1 -fno-omit-frame-pointer -o "$T/cxxl" "$T/cxxl.cc" || fail "g++ of the long names failed"
	"$PERF" record -q -g -o "$T/fp.data" "$T/cxxl" >/dev/null 2>&1 || fail "perf record of C++ failed"
	compare --hierarchy
	[ "$(awk '/^# \.\.\./ { print length($NF) }' "$T/perf")" -eq 207 ] ||
		fail "perf's dotted line is not cut at 207 dots (the premise)"
	compare --hierarchy -s sym,dso --no-children
	compare --hierarchy -t , -s dso,sym -g none
	compare --hierarchy -t ,
	grep -q "^# Overhead,Command / Shared Object / Symbol$" "$T/perf" || fail "perf's -t , hierarchy header not seen"
	grep -q "std::map<int. std::" "$T/perf" || fail "perf's -t , hierarchy: no comma shown as '.'"
	cp "$T/fp.keep" "$T/fp.data"
else
	echo "note: no g++: --no-demangle not compared"
fi
"$MPERF" report -i "$T/fp.data" --stdio --percentage bogus > /dev/null 2> "$T/err" &&
	fail "--percentage bogus was accepted"
assert_contains "--percentage error" "use relative or absolute" "$T/err"
"$MPERF" report -i "$T/fp.data" --stdio --time bogus > /dev/null 2> "$T/err" &&
	fail "--time bogus was accepted"
assert_contains "--time error" "--time 'bogus': invalid" "$T/err"
[ "$(wc -l < "$T/err")" -eq 1 ] || fail "--time bogus: more than one line of error"
# perf's status (234) and its first lines on stdout; -s tid (a key perf
# 6.1 does not have: it stops at it, status 0) is a key as any other
"$MPERF" report -i "$T/fp.data" --stdio -s tid --time bogus > /dev/null 2> "$T/err"
_ms=$?
[ "$_ms" = 234 ] || fail "report -s tid --time bogus: status $_ms, not perf's 234 for a bad --time"
[ "$(wc -l < "$T/err")" -eq 1 ] || fail "-s tid --time bogus: not one line of error"
for o in "--time bogus" "-q --time 10%/0" "-s pid --time bogus"; do
	# shellcheck disable=SC2086
	"$PERF" report -i "$T/fp.data" --stdio $o > "$T/perf" 2>/dev/null
	_ps=$?
	# shellcheck disable=SC2086
	"$MPERF" report -i "$T/fp.data" --stdio $o > "$T/mperf" 2>/dev/null
	_ms=$?
	[ "$_ps" = "$_ms" ] || fail "report $o: status $_ms, perf's $_ps"
	cmp -s "$T/perf" "$T/mperf" || fail "report $o: stdout differs from perf's"
done
# --hierarchy: a comm that starts with blanks is padded to its column
# and then trimmed, as perf ("  lead" reads "lead ", not "lead   ")
if command -v cc >/dev/null; then
	printf '#include <sys/prctl.h>\nvolatile unsigned long sink;\nint main(void) { prctl(PR_SET_NAME, "  lead"); for (long i = 0; i < 100000000; i++) sink += i; return 0; }\n' >"$T/spcomm.c"
	cc -O1 -o "$T/spcomm" "$T/spcomm.c" || fail "cc spcomm failed"
	"$PERF" record -q -o "$T/sp.data" -e cpu-clock -c 1000000 -- "$T/spcomm" >/dev/null 2>&1 ||
		fail "perf record of spcomm failed"
	for o in "-s comm" "-s dso,comm" "-s comm,pid,sym"; do
		# shellcheck disable=SC2086
		report_vs_perf "$T/sp.data" --hierarchy $o
		n=$((n + 1))
	done
	grep -q "lead $" "$T/perf" || fail "perf's comm is not 'lead ' (the premise)"
	# -t: a comm longer than the thread's last one is cut at the column
	# (sized by the last comms), its padding elsewhere made dots
	printf '#include <sys/prctl.h>\nvolatile unsigned long sink;\nstatic void spin(void) { for (long i = 0; i < 50000000; i++) sink += i; }\nint main(void) { prctl(PR_SET_NAME, "longname_abcde"); spin(); prctl(PR_SET_NAME, "x"); spin(); return 0; }\n' >"$T/ren.c"
	cc -O1 -fno-omit-frame-pointer -o "$T/ren" "$T/ren.c" || fail "cc ren failed"
	"$PERF" record -q -g -o "$T/ren.data" -- "$T/ren" >/dev/null 2>&1 || fail "perf record of ren failed"
	report_vs_perf "$T/ren.data" -t , -g none
	grep -q ",longnam," "$T/perf" || fail "perf did not cut the old comm (the premise)"
	report_vs_perf "$T/ren.data" -t ' ' -s dso,comm --no-children
	n=$((n + 2))
fi
echo "$n comparisons equal to perf's"
