#!/bin/sh
# script -F per event type (hw:/sw:/trace:) as perf 6.1 applies it to a file of tracepoints and sampling events: which lists take a tracepoint's callchain away, the flags switch, fields the samples lack (left out of typed lists, refused in untyped ones), fields a type never has
. "$(dirname "$0")/lib.sh"
need_root
need_perf
need_tracefs
[ -x "$WL/syscalls" ] || skip "workloads not built (make workloads)"
tmpdir
n=0

# tracepoints and a software event, with callchains
"$PERF" record -q -o "$T/t.data" -e syscalls:sys_enter_getppid -e cpu-clock -c 100000 -g \
	-- "$WL/syscalls" 300 >/dev/null 2>&1 || skip "perf record of a tracepoint failed"
f="$T/t.data"
# a tracepoint's line keeps its callchain unless a list or a change
# applies to tracepoints: -F sw:/hw: lists leave it, untyped and trace:
# ones take it away
for a in "-F sw:comm,tid" "-F hw:comm" "-F sw:-event,+sym" "-F sw:+comm" \
	 "-F +comm" "-F -cpu" "-F trace:+cpu" "-F trace:comm,trace" "-F comm,tid,event,trace"; do
	# shellcheck disable=SC2086
	script_vs_perf "$f" $a
done
# flags is one switch for every type whatever list names it
for a in "-F sw:comm,flags" "-F trace:flags,comm" "-F trace:comm,flags -F -flags" "-F +flags" \
	 "-F sw:tid,flags -F trace:comm"; do
	# shellcheck disable=SC2086
	script_vs_perf "$f" $a
done
# a typed list of flags alone hides that type: refused when the file has
# none of its events (status 255), as -F hw: is
script_vs_perf "$f" -F trace:flags
script_vs_perf "$f" -F hw:flags
# fields the samples lack: a typed list or change leaves them out, an
# untyped one is refused (status 255; 234 in pipe mode), as perf
D="$DATA/perf-6.1"
S=$(report_symargs)
for x in tid cpu addr iregs uregs data_src weight phys_addr data_page_size ins_lat; do
	for a in "sw:comm,$x" "sw:+$x" "+$x" "comm,$x"; do
		# shellcheck disable=SC2086
		script_vs_perf "$D/cpuburn-plain.data" $S -F $a
	done
done
script_vs_perf "$f" -F trace:comm,time,trace,weight,period
script_vs_perf "$f" -F trace:+addr
script_vs_perf "$D/cpuburn-pipe.data" $S -F sw:comm,addr
script_vs_perf "$D/cpuburn-pipe.data" $S -F +weight
# a typed list naming a field its type never has is a usage error (129)
for a in sw:trace hw:comm,trace raw:trace sw:+trace sw:-trace hw:bpf-output raw:bpf-output \
	 trace:trace sw:bpf-output; do
	script_vs_perf "$f" -F $a
done
# the dummy event of a tracepoint file is no software event to check a
# sw: list against (perf prints the tracepoints)
for a in sw:-sym,+symoff sw:comm,symoff sw:tod sw:ip,srcline -sym,+symoff; do
	script_vs_perf "$D/sched-switch.data" $S -F $a
done
# +f/-f changes apply in order: the last one for a field wins
for a in -ip,+ip +period,-period sw:+pid,-comm,+comm -sym,+sym,-dso; do
	script_vs_perf "$D/cpuburn-fp.data" $S -F $a
done
script_vs_perf "$f" -F -ip,+ip,-cpu
# tod without clock data: refused, but where the tracepoints print their
# callchains perf's check passes over the clock and prints "disabled"
for a in sw:tod tod +tod trace:tod sw:comm,tod; do
	script_vs_perf "$f" -F $a
done
# the fields are checked before --time (status 255, not 234)
script_vs_perf "$D/cpuburn-plain.data" $S -F +weight --time 1/2,2/2
# the first event of a type decides its fields: addr asked for, the
# first (a dwarf event) has it, a later software event has not: perf
# prints that one's address as 0 (its symbol [unknown])
if [ -x "$WL/deeprec" ] && "$PERF" record -q -e 'cpu-clock/call-graph=dwarf/' -e page-faults \
	-o "$T/two.data" -- "$WL/deeprec" 0.1 10 >/dev/null 2>&1; then
	for a in "addr" "+addr" "comm,event,addr,sym" "sw:comm,addr"; do
		script_vs_perf "$T/two.data" -F "$a"
	done
	"$PERF" script -i "$T/two.data" -F event,addr 2>/dev/null | grep -q 'page-faults: *0$' ||
		fail "perf prints no 0 address for the page-faults samples (the premise)"
	# data_src too: the later event's is "not available" (5080021, N/A)
	script_vs_perf "$T/two.data" -F event,data_src
	script_vs_perf "$T/two.data" -F +data_src
fi
# the same rule for every field, the default list too: a first event with
# timestamps and a later one without (time=0) prints the later one's time
# as -1 (18446744073.709551); in the other order no line has a time
if [ -x "$WL/deeprec" ]; then
	for ev in "-e cpu-clock -e page-faults/time=0/" "-e page-faults/time=0/ -e cpu-clock"; do
		# shellcheck disable=SC2086
		"$PERF" record -q $ev -o "$T/tm.data" -- "$WL/deeprec" 0.1 10 >/dev/null 2>&1 || continue
		for a in "" "-F event,time,ip" "-F -time" "-F +cpu"; do
			# shellcheck disable=SC2086
			script_vs_perf "$T/tm.data" $a
		done
	done
	"$MPERF" script -i "$T/tm.data" 2>/dev/null | grep -q 'cpu-clock:' ||
		fail "mperf prints no cpu-clock line of its file"
fi
# a tracepoint that records the address (its dwarf call graph adds it):
# perf prints its text before the address
if "$PERF" record -q -e 'sched:sched_switch/call-graph=dwarf/' -a -o "$T/tpa.data" -- sleep 0.05 \
	>/dev/null 2>&1; then
	script_vs_perf "$T/tpa.data" -F trace,addr
	script_vs_perf "$T/tpa.data" -F comm,trace,addr,sym
fi
echo "ok: $n script -F per-type comparisons with perf"
