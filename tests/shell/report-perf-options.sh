#!/bin/sh
# perf report options equal perf 6.1's output on its own files: --ignore-callees, -w, -v, --full-source-path (report and script), --stdio-color, --pretty, the annotate options (--objdump, -M, --asm-raw, --source, --prefix, --prefix-strip, --samples), a pipe's -I/--header with --comm (and bad input: one line, non-zero exit)
. "$(dirname "$0")/lib.sh"
need_perf
D="$DATA/perf-6.1"
[ -f "$D/dsouser-fp.data" ] || skip "no perf 6.1 test data"
tmpdir
SA=$(report_symargs)
n=0
# bad_input WHAT NEEDLE ARGS...: mperf report fails with one line naming NEEDLE
bad_input() {
	_what=$1 _needle=$2
	shift 2
	"$MPERF" report -i "$D/dsouser-fp.data" --stdio "$@" > /dev/null 2> "$T/e" &&
		fail "$_what was accepted"
	[ "$(wc -l < "$T/e")" = 1 ] && grep -qF -- "$_needle" "$T/e" ||
		{ cat "$T/e" >&2; fail "$_what: not one line naming '$_needle'"; }
}

# --ignore-callees: the chain starts afresh at the last matching frame in
# the order shown (callee order cuts the callees, caller order the callers),
# which takes the sample's self period; the root frame's location is no
# sample's, so the filters (which judged the sample) leave its entries shown
while read -r file opts; do
	# shellcheck disable=SC2086
	report_vs_perf "$D/$file.data" $SA $opts
	n=$((n + 1))
done <<'LIST'
dsouser-fp --ignore-callees mwork_entry|^local --no-children
dsouser-fp --ignore-callees mwork_entry|^local
dsouser-fp --ignore-callees mwork_entry|^local --no-children -G
dsouser-fp --ignore-callees driver -s sym,addr --no-children
dsouser-fp --ignore-callees mwork_entry -s parent -p main --no-children
dsouser-fp --ignore-callees mwork_entry --no-children --max-stack 2
syswide-fp --ignore-callees ^do_|^__x64|entry_SYSCALL --no-children
cpuburn-dwarf --ignore-callees ^cb_|main --no-children
dsouser-fp --ignore-callees main --symbols mwork_inner --no-children
syswide-fp --ignore-callees main --symbols mwork_inner --no-children
dsouser-fp --ignore-callees main --comm nosuch --no-children
syswide-fp --ignore-callees main --comm nosuch --no-children
LIST
bad_input "--ignore-callees '('" "--ignore-callees" --ignore-callees '('

# --branch-history on files without branch stacks: perf's call graphs
# keyed by address, sorted by srcline,symbol,dso (and its IPC column);
# -s and -g still apply; a file without callchains: perf's error, exit 0
while read -r file opts; do
	# shellcheck disable=SC2086
	report_vs_perf "$D/$file.data" $SA --branch-history $opts
	n=$((n + 1))
done <<'LIST'
dsouser-fp
dsouser-fp --no-children -g caller
cpuburn-dwarf -s sym
syswide-fp -g folded --no-children
LIST
"$PERF" report -i "$D/cpuburn-plain.data" $SA --stdio --branch-history > "$T/p" 2>/dev/null
"$MPERF" report -i "$D/cpuburn-plain.data" $SA --stdio --branch-history > "$T/m" 2> "$T/e" ||
	fail "--branch-history on a file without callchains: not exit 0 as perf"
cmp -s "$T/p" "$T/m" || { diff "$T/p" "$T/m" >&2; fail "--branch-history without callchains: stdout differs from perf's"; }
grep -q "no callchains" "$T/e" || { cat "$T/e" >&2; fail "--branch-history without callchains: no error naming it"; }

# -n and --show-total-period: perf appends its shown columns to its sort
# keys, so entries the keys leave equal (unresolved symbols: perf's sym
# order says equal) are ordered by their samples, more first; crafted
# ties: 0x10 in 80 samples of 1000, 0x20 in 40 of 2000, 0x30 in 160 of 500
python3 "$TOP/tests/shell/craft-perfdata.py" ips "$D/cpuburn-plain.data" "$T/tie.data" 2 \
	10:1000,10:1000,20:2000,30:500,30:500,30:500,30:500 || fail "craft of tied entries failed"
report_vs_perf "$T/tie.data" $SA -s dso,sym -n
grep -A2 ' 160  *\[unknown\]  *\[\.\] 0x0*30$' "$T/perf" | grep -q ' 80 .* 0x0*10$' ||
	fail "perf's tied rows are not ordered by their samples (the premise)"
for opts in "-s sym -n" "-s sym -n --show-total-period" "-s sym -n --show-cpu-utilization"; do
	# shellcheck disable=SC2086
	report_vs_perf "$T/tie.data" $SA $opts
	n=$((n + 1))
done
n=$((n + 1))

# -p with --hierarchy: the parent key is a level of its own, the last
report_vs_perf "$D/dsouser-fp.data" $SA -s comm --hierarchy -p '^main$'
grep -q 'Command / Parent symbol$' "$T/perf" || fail "perf's hierarchy has no Parent symbol level (the premise)"
report_vs_perf "$D/dsouser-fp.data" $SA --hierarchy -p '^main$' -g none
n=$((n + 2))

# --pretty: perf 6.1 takes any value and changes nothing
for o in raw normal bogus; do
	report_vs_perf "$D/dsouser-fp.data" $SA --pretty "$o" --no-children
	n=$((n + 1))
done

# -w: numbers as wide as given (their column as wide as its header at
# least), keys cut and padded to the width, the CPU zero-padded, symbols
# cut after their "[.] " (not below 4); 0 or an empty item: as computed;
# sizes right-aligned and never cut, pid's comm in max(7, W) - 8 (unsigned:
# whole below 8), a symbol's -v prefix and "[.] " whole, its name in what
# is left, " (inlined)" after it, srcline/srcfile last unpadded, a width for each column
# of the list, one a single-value filter leaves out too
while read -r file opts; do
	# shellcheck disable=SC2086
	report_vs_perf "$D/$file.data" $SA $opts
	n=$((n + 1))
done <<'LIST'
dsouser-fp -w 5,5,5,5
dsouser-fp -w 12,3,5,9,4,30 -n
dsouser-fp -w 10,,10 --no-children
syswide-fp -n --show-total-period -w 4,3,4,30 --no-children -g none
syswide-fp -s cpu,sym -w 0,2,2 --no-children
syswide-fp -s socket,cpu -w 0,20,5 --no-children -g none
syswide-fp -s sym,dso -w 0,25,40 --no-children -g none
syswide-fp -w 3,4,5,6,7 --no-children -s sym,srcline -g none
syswide-fp -t , -w 12,4,4 --no-children -g none
dsouser-fp -s pid -w 10,5 --no-children -g none
syswide-fp -s pid,sym -w 10,9,3 --no-children -g none
dsouser-fp -s symbol_size,dso -w 10,5,3 --no-children -g none
syswide-fp -s comm,dso --comm mt-worker-0 -w 10,5,30 --no-children -g none
dsouser-fp -s srcline,srcfile -w 10,5 --no-children -g none
dsouser-fp -s srcfile -w 10,50 --no-children -g none
cpuburn-dwarf -v -F overhead,sym -s comm,sym -w 10,5,30 -g none
cpuburn-dwarf -s sym -w 0,0,12 -g none
LIST
# -v: objects by path, each symbol after the entry's address and perf's
# letter for where its symbols came from (d: the file, b: a debug file by
# build-id, k: kallsyms; unresolved: !)
while read -r file opts; do
	# shellcheck disable=SC2086
	report_vs_perf "$D/$file.data" $SA -v $opts
	n=$((n + 1))
done <<'LIST'
dsouser-fp --no-children
syswide-fp --no-children -g none -s sym,dso
cpuburn-dwarf -g none
ldso-inline-dwarf --no-children -g none
LIST
report_vs_perf "$D/cpuburn-pipe.data" -v --no-children -g none
n=$((n + 1))
# a pipe: perf decides on children before the attrs arrive, so --children
# given too shows no children column (the chains stay in caller order)
report_vs_perf "$D/cpuburn-pipe.data" $SA --children -n
n=$((n + 1))
# --hierarchy: -t puts the separator after " P%" (padded to "Overhead"'s
# width) at each level's indent, and after each column (" 1200" padded to
# the column's width), "no entry" lines past the columns; pid's comm is padded to the widest comm
# before the number's spaces go (sched-switch: comms of 4 to 15 letters);
# with callchains each leaf's call graph (children off, the caller order
# of their default kept), a dso level 16 wide when a symbol is unresolved
while read -r file opts; do
	# shellcheck disable=SC2086
	report_vs_perf "$D/$file.data" $SA $opts
	n=$((n + 1))
done <<'LIST'
sched-switch --hierarchy -s sym,pid
sched-switch -t , --hierarchy -s pid,sym
syswide-fp -t , --hierarchy -n --percent-limit 3 -g none
dsouser-fp -t | --hierarchy --show-total-period -n
syswide-fp -t ; --hierarchy --show-cpu-utilization -s dso,sym -g none
multi-event -t : --hierarchy
dsouser-fp --hierarchy
dsouser-fp --hierarchy -g flat -s dso,sym
cpuburn-dwarf --hierarchy --no-children --percent-limit 5
syswide-fp --hierarchy -G -s comm,dso
LIST
# -q: no header of a file (--header dropped, --header-only leaves the
# quiet report), a pipe's features without the header's own lines; a
# pipe's features not with --stats or --tasks
while read -r file opts; do
	# shellcheck disable=SC2086
	report_vs_perf "$D/$file.data" $SA $opts
	n=$((n + 1))
done <<'LIST'
dsouser-fp -q --header --no-children
dsouser-fp -q --header-only -g none
cpuburn-pipe -q --header -g none
cpuburn-pipe --header --stats
cpuburn-pipe --header --tasks
LIST
# -t: a row longer than the columns' widths (+2 each between, +3) is cut
# there: an inlined symbol's " (inlined)" is not in its column's width
while read -r file opts; do
	# shellcheck disable=SC2086
	report_vs_perf "$D/$file.data" $SA $opts
	n=$((n + 1))
done <<'LIST'
cpuburn-dwarf -t , -g none
ldso-inline-dwarf -t , -s sym,dso -g none
cpuburn-dwarf -t , -v -s sym -g none
LIST
# -F without a sort key: no key (perf's default keys are for -s alone),
# every sample in one entry, children, callchains and groups too
while read -r file opts; do
	# shellcheck disable=SC2086
	report_vs_perf "$D/$file.data" $SA $opts
	n=$((n + 1))
done <<'LIST'
cpuburn-fp -F overhead,sample
cpuburn-fp -F overhead_children
cpuburn-dwarf -F overhead_sys,overhead
sched-switch -F overhead_children,sample
multi-event -F overhead,period --group
LIST
# --stats: every sample of an event, whatever --time, --comm or -U keep,
# after the lines of single-value filters; no notice with a bad --time
while read -r file opts; do
	# shellcheck disable=SC2086
	report_vs_perf "$D/$file.data" $SA $opts
	n=$((n + 1))
done <<'LIST'
syswide-fp --stats --time 20%-70%
syswide-fp --stats -U --comm mt-worker-0
dsouser-fp --stats -S main --dsos dsouser
LIST
"$PERF" report -i "$D/cpuburn-pipe.data" --stdio --stats --time 10%-20% > "$T/perf" 2>/dev/null
"$MPERF" report -i "$D/cpuburn-pipe.data" --stdio --stats --time 10%-20% > "$T/mperf" 2>/dev/null
cmp -s "$T/perf" "$T/mperf" || fail "report --stats with a bad --time: not perf's output"
# script -F with bpf-output (software and tracepoint events only): those
# events print their default fields, as perf's
script_vs_perf "$D/multi-event.data" $SA -F bpf-output,tid
script_vs_perf "$D/sched-switch.data" -F trace:bpf-output,comm
script_vs_perf "$D/sched-switch.data" -F comm,trace
script_vs_perf "$D/multi-event.data" $SA -F comm,tid -F +bpf-output
# -v: a debug file in perf's build-id cache (DIR/.debug with --symfs DIR)
# goes before /usr/lib/debug/.build-id ('D', not 'b')
if command -v objcopy >/dev/null; then
	mkdir -p "$T/cs/opt/mperf-testdata/bin"
	for b in dsouser libmwork.so; do
		objcopy --strip-all "$D/bin/$b" "$T/cs/opt/mperf-testdata/bin/$b"
		h=$(readelf -n "$D/bin/$b" | awk '/Build ID/ { print $3 }')
		h2=$(echo "$h" | cut -c1-2) h38=$(echo "$h" | cut -c3-)
		mkdir -p "$T/cs/usr/lib/debug/.build-id/$h2" "$T/cs/.debug/.build-id/$h2/$h38"
		cp "$D/bin/$b" "$T/cs/usr/lib/debug/.build-id/$h2/$h38.debug"
		cp "$D/bin/$b" "$T/cs/.debug/.build-id/$h2/$h38/debug"
	done
	report_vs_perf "$D/dsouser-fp.data" --symfs "$T/cs" --kallsyms "$D/kallsyms" -v --no-children -g none
	grep -q ' D \[\.\] local_burn' "$T/perf" || fail "perf -v did not take the build-id cache's debug file"
fi
# -g none,...: nothing after "none" is taken, so a later -g keeps its
# own threshold, limit, order and key
while read -r file opts; do
	# shellcheck disable=SC2086
	report_vs_perf "$D/$file.data" $SA $opts
	n=$((n + 1))
done <<'LIST'
cpuburn-fp -g none,20,2 -g flat,callee,function
cpuburn-fp -g none,callee,address -g graph --no-children
LIST
# -q silences -v (given before or after it)
report_vs_perf "$D/dsouser-fp.data" $SA -v -q --no-children -g none
n=$((n + 1))
# N/A (children of a file without callchains): right-aligned in its
# width with -t, once for a group, the column not padded when last
while read -r file opts; do
	# shellcheck disable=SC2086
	report_vs_perf "$D/$file.data" $SA $opts
	n=$((n + 1))
done <<'LIST'
cpuburn-plain -t , -F overhead,overhead_children
multi-event -F overhead_children --group
multi-event -t : -F overhead_children,sample --group
LIST
# -w in the group view: each member's value in the given width (the
# column padded to its header's width), keys cut as without a group; an
# unresolved address is never cut
while read -r file opts; do
	# shellcheck disable=SC2086
	report_vs_perf "$D/$file.data" $SA $opts
	n=$((n + 1))
done <<'LIST'
multi-event --group -w 3,5,4,6
multi-event --group -w 12,12,9 -n
LIST
# (the objects not found without --symfs: unresolved addresses)
report_vs_perf "$D/syswide-fp.data" -s sym -w 0,8 --no-children -g none
n=$((n + 1))
# script -F flags alone: no line per sample (-D: the dump alone), as perf
script_vs_perf "$D/cpuburn-fp.data" $SA -F flags
script_vs_perf "$D/multi-event.data" $SA -F flags -D
# script -v: messages on stderr only, the same lines on stdout
script_vs_perf "$D/dsouser-fp.data" $SA -v
# --full-source-path: the file as binutils names it, a relative name after
# its unit's directory (libc's "./csu/../sysdeps/x86/libc-start.c")
while read -r file opts; do
	# shellcheck disable=SC2086
	report_vs_perf "$D/$file.data" $SA --full-source-path $opts
	n=$((n + 1))
done <<'LIST'
dsouser-fp --no-children -g none -s sym,srcline
ldso-inline-dwarf -s srcline -g none
cpuburn-dwarf --no-children -g none -s srcfile
LIST
for file in dsouser-fp ldso-inline-dwarf; do
	# shellcheck disable=SC2086
	script_vs_perf "$D/$file.data" $SA --full-source-path -F +srcline
done
# --stdio-color always: percentages red from 5%, green above 0.5%, in the
# columns, the group view, --hierarchy and every call graph mode (not -t)
while read -r file opts; do
	# shellcheck disable=SC2086
	report_vs_perf "$D/$file.data" $SA --stdio-color always $opts
	n=$((n + 1))
done <<'LIST'
dsouser-fp
cpuburn-fp --no-children
cpuburn-fp --no-children -g flat
cpuburn-fp --no-children -g folded
cpuburn-fp --no-children -g fractal
syswide-fp --no-children -n --show-cpu-utilization
multi-event --group
dsouser-fp --hierarchy --no-children -g none
dsouser-fp -t , --no-children -g none
dsouser-fp -w 10,3 -g none
LIST
"$MPERF" report -i "$D/cpuburn-fp.data" $SA --stdio --stdio-color always --no-children > "$T/c" 2>/dev/null
grep -q "$(printf '\033')\[32m" "$T/c" || fail "--stdio-color always: no green percentage"
bad_input "--stdio-color red" "--stdio-color" --stdio-color red
bad_input "-w x" "--column-widths" -w x
bad_input "-w 3,-1" "--column-widths" -w 3,-1
# perf's annotate options: its --stdio report takes them and changes
# nothing (mperf's TUI takes -M and --asm-raw); --prefix-strip alone is
# perf's error, status 234 and nothing on stdout
for o in "--objdump /bin/false" "-M intel" "--disassembler-style=att" "--asm-raw" \
	"--no-source" "--source" "--prefix /src --prefix-strip 2" "--samples 5" "-M bogus"; do
	# shellcheck disable=SC2086
	report_vs_perf "$D/cpuburn-plain.data" $SA $o
	n=$((n + 1))
done
"$MPERF" report -i "$D/cpuburn-plain.data" --stdio --prefix-strip 1 > "$T/o" 2> "$T/e"
[ $? = 234 ] || fail "--prefix-strip without --prefix: not perf's status 234"
[ -s "$T/o" ] && fail "--prefix-strip without --prefix: printed a report"
[ "$(wc -l < "$T/e")" = 1 ] || fail "--prefix-strip without --prefix: not one line"
# a pipe's features (-I, --header) print after the lines of single-value
# filters ("# comm: cpuburn"), as perf prints those before it reads; from
# a file and from stdin
for o in "-I --comm cpuburn" "--header --comm cpuburn --dsos cpuburn"; do
	# shellcheck disable=SC2086
	report_vs_perf "$D/cpuburn-pipe.data" $SA $o
	# shellcheck disable=SC2086
	"$PERF" report -i - --stdio $SA $o < "$D/cpuburn-pipe.data" 2>/dev/null | head -n -3 > "$T/p"
	# shellcheck disable=SC2086
	"$MPERF" report -i - --stdio $SA $o < "$D/cpuburn-pipe.data" 2>/dev/null | head -n -3 > "$T/m"
	cmp -s "$T/m" "$T/p" || { diff "$T/m" "$T/p" | head >&2; fail "report -i - $o differs from perf's"; }
	n=$((n + 2))
done
bad_input "--samples -1" "--samples" --samples -1
bad_input "-m" "/proc/modules" -m
[ "$n" -eq 118 ] || fail "only $n option sets ran"
