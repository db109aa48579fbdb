#!/bin/sh
# script -F srcline,misc,tod,flags,iregs,uregs,phys_addr,page sizes,weight,insn,brstack*,bpf-output..., per-type -F, --reltime/--deltatime, --show-round/namespace/cgroup/text-poke-events print what perf script prints
. "$(dirname "$0")/lib.sh"
need_perf
[ -x "$WL/cpuburn" ] || skip "workloads not built (make workloads)"
tmpdir
D="$DATA/perf-6.1"
S=$(report_symargs)
n=0


# every sample field this VM can record: registers, data addresses, page
# sizes, weights, cgroups, namespaces, switches, a clock for tod
"$PERF" record -q -o "$T/f.data" -k mono -e cpu-clock -c 200000 --intr-regs=ax,bx,r15 \
	--user-regs=ip,sp -d --phys-data --data-page-size --code-page-size --all-cgroups \
	--namespaces -W -T --switch-events -- "$WL/cpuburn" 0.2 >/dev/null 2>&1 ||
	skip "perf record cannot record registers/page sizes/namespaces here"
f="$T/f.data"
base=comm,tid,time,ip,sym,dso
for x in misc tod flags iregs uregs phys_addr data_page_size code_page_size weight ins_lat \
	 callindent ipc insnlen,insn srcline; do
	script_vs_perf "$f" -F "$base,$x"
done
script_vs_perf "$f" -F comm,pid,tid,time,misc,tod,period,event,flags,addr,weight,ins_lat,ip,sym,symoff,dso,srcline,iregs,uregs,insnlen,insn,phys_addr,data_page_size,code_page_size
script_vs_perf "$f" -F +misc,+tod --ns
# sym/dso belong to the ip: nothing of them (nor a callchain) without it;
# symoff left without sym is refused (status 255)
for x in "-F -ip" "-F comm,sym,dso" "-F comm,addr,sym" "-F -ip,-symoff" "-F -sym" "-F -ip,-sym"; do
	# shellcheck disable=SC2086
	script_vs_perf "$f" $x
done
script_vs_perf "$D/cpuburn-fp.data" $S -F -ip
# times from the first line, from the line before; --time from the first sample
for a in --reltime --deltatime "--reltime --ns" "--deltatime --ns"; do
	script_vs_perf "$f" -F comm,tid,time $a
done
script_vs_perf "$f" -F comm,tid,time --reltime --time 0.05,0.1
script_vs_perf "$f" -F comm,tid,time --deltatime --time 10%-20%
script_vs_perf "$f" -F comm,tid,time,misc --deltatime --show-task-events --show-mmap-events --show-switch-events
# side-band records
script_vs_perf "$f" -F comm,tid,time,misc,tod --show-namespace-events --show-cgroup-events --show-task-events
script_vs_perf "$f" -F comm,tid,time --show-round-events
script_vs_perf "$D/cpuburn-fp.data" -F comm,tid,time,event --show-round-events
# data maps (-d): callchain entries into the stack or the heap named
# [stack], [heap] as perf names them (ls: libc code without frame
# pointers leaves such entries in fp callchains)
"$PERF" record -q -o "$T/d.data" -d -g -e cpu-clock -c 100000 -- ls -lR /usr/lib/x86_64-linux-gnu \
	>/dev/null 2>&1 || fail "perf record -d -g"
script_vs_perf "$T/d.data"
script_vs_perf "$T/d.data" --show-mmap-events -F +misc
# callchains with source lines (the top frames: the workload's own)
script_vs_perf "$D/cpuburn-fp.data" $S --max-stack 3 -F +srcline,+misc
# per event type lists, later ones overriding
m="$D/multi-event.data"
for a in "-F sw:comm,tid" "-F sw:" "-F comm -F sw:tid" "-F sw:comm,tid -F trace:time" "-F trace:comm"; do
	script_vs_perf "$m" $S $a
done
script_vs_perf "$D/sched-switch.data" -F trace:comm,tid,misc
# a list naming bpf-output adds its fields to what came before (software
# and tracepoint events), as +fields would
for a in "-F comm -F bpf-output,tid" "-F -ip -F bpf-output" "-F sw:comm -F sw:bpf-output"; do
	script_vs_perf "$D/cpuburn-plain.data" $S $a
done
script_vs_perf "$D/sched-switch.data" -F comm -F bpf-output
# a guest's pid and vcpu: nothing for a host's samples (a line each with
# nothing else)
script_vs_perf "$D/sched-switch.data" -F machine_pid,comm,vcpu
script_vs_perf "$D/cpuburn-plain.data" $S -F vcpu
script_vs_perf "$D/cpuburn-plain.data" $S -F +machine_pid,-vcpu
# pipe mode: a list of events with callchains gets ip and sym (as perf)
script_vs_perf "$D/cpuburn-pipe.data" $S -F comm,tid,time,event
script_vs_perf "$D/cpuburn-pipe.data" $S -F comm,tid -G
# ... even to a list of flags alone; a typed -ip takes ip out of the line
# only (the chain gets it back), an untyped one out of the chain too
script_vs_perf "$D/cpuburn-pipe.data" $S -F flags
script_vs_perf "$D/cpuburn-pipe.data" $S -F sw:-ip
script_vs_perf "$D/cpuburn-pipe.data" $S -F -ip
script_vs_perf "$D/cpuburn-pipe.data" $S -F -ip -F +ip
script_vs_perf "$D/cpuburn-fp.data" $S -F flags
# perf's other two types: breakpoints and synthesized (AUX) events
script_vs_perf "$D/cpuburn-fp.data" $S -F break:comm,tid -F sw:comm
script_vs_perf "$D/cpuburn-fp.data" $S -F synth:comm
script_vs_perf "$D/cpuburn-fp.data" $S -F synth:
script_vs_perf "$D/cpuburn-fp.data" $S -F break:
# -L: perf's latency layout (comm in 8 columns, the CPU's number alone)
script_vs_perf "$D/sched-switch.data" -L
script_vs_perf "$D/cpuburn-fp.data" $S -L -F +cpu
script_vs_perf "$D/multi-event.data" $S -L --show-task-events
# a -k vmlinux that is not there: perf stops before reading (report too)
script_vs_perf "$D/cpuburn-fp.data" $S -k "$T/no-vmlinux"
"$PERF" report -i "$D/cpuburn-fp.data" --stdio -k "$T/no-vmlinux" >/dev/null 2>&1
pr=$?
"$MPERF" report -i "$D/cpuburn-fp.data" --stdio -k "$T/no-vmlinux" >/dev/null 2>"$T/err"
assert_eq "report -k missing: exit status" "$pr" "$?"
assert_contains "report -k missing: the error" "no-vmlinux: No such file or directory" "$T/err"
# a pipe's field the samples lack: perf refuses it at the attrs, before
# the side records --show-task-events would print and the features
# --header would
script_vs_perf "$D/cpuburn-pipe.data" $S -F +addr --show-task-events
script_vs_perf "$D/cpuburn-pipe.data" $S -F +addr --header

# branch stacks and text pokes, which this VM cannot record: perf 6.1's
# own file with records added (tests/shell/craft-perfdata.py)
if command -v python3 >/dev/null 2>&1; then
	c="$(dirname "$0")/craft-perfdata.py"
	python3 "$c" brstack "$D/cpuburn-plain.data" "$T/br.data" || fail "craft brstack"
	python3 "$c" textpoke "$D/cpuburn-plain.data" "$T/tp.data" || fail "craft textpoke"
	for a in +brstack comm,tid,ip,dso,brstack comm,ip,sym,dso,brstacksym \
		 comm,ip,dso,brstackoff comm,brstackoff,misc comm,brstack,brstacksym; do
		script_vs_perf "$T/br.data" $S -F $a
	done
	python3 "$c" bpfout "$D/cpuburn-plain.data" "$T/bo.data" || fail "craft bpfout"
	script_vs_perf "$T/bo.data" $S
	script_vs_perf "$T/bo.data" $S -F comm,tid -F +bpf-output,+insnlen
	script_vs_perf "$T/bo.data" $S -F -bpf-output
	script_vs_perf "$T/tp.data" $S --show-text-poke-events
	script_vs_perf "$T/tp.data" $S --show-bpf-events -F comm,tid,time,misc
	# insn of VEX/EVEX instructions (mask moves, AVX-512, AMX, FP16),
	# which capstone 4 does not decode: samples crafted at each one of a
	# never-called function of a freshly built program
	if command -v cc >/dev/null 2>&1; then
		cat > "$T/vex.c" <<'EOC'
__asm__(".text\n.globl vexfun\nvexfun:\n"
	"kmovd %k0,%eax\nvpcmpeqb 0x40(%rdi),%zmm16,%k1\nvpternlogd $0xff,%zmm1,%zmm2,%zmm3\n"
	"kmovq 0x12345678(%rip),%k2\ntilerelease\nvzeroupper\n"
	"vmovdqu64 0x100(%rsp,%rax,8),%zmm17{%k1}{z}\nvpcmpub $4,(%rax),%zmm1,%k3\n"
	"vaddph %zmm1,%zmm2,%zmm3\nvcmpph $3,%zmm1,%zmm2,%k1\nret\n");
int main(void) { for (volatile unsigned long i = 0; i < 60000000UL; i++); return 0; }
EOC
		cc -O0 -no-pie -o "$T/vex" "$T/vex.c" || fail "cannot build the VEX program"
		"$PERF" record -q -o "$T/v0.data" -e cpu-clock -c 100000 -- "$T/vex" >/dev/null 2>&1 ||
			fail "perf record of the VEX program"
		a=$(objdump -d "$T/vex" | awk '/<vexfun>:/ { on = 1; next } on && /^$/ { exit }
			on && /^ +[0-9a-f]+:/ { sub(":", "", $1); s = s (s ? "," : "") $1 } END { print s }')
		[ -n "$a" ] || fail "no instructions of vexfun in objdump -d"
		python3 "$c" ips "$T/v0.data" "$T/v.data" 2 "$a" || fail "craft ips"
		script_vs_perf "$T/v.data" -F comm,ip,sym,symoff,insnlen,insn
	fi
fi

# refusals: perf's exit status (129 usage, 255 fields the file lacks), one line
script_vs_perf "$f" -F comm,bogus
script_vs_perf "$f" -F xx:comm
script_vs_perf "$D/cpuburn-plain.data" -F comm,ip,iregs
script_vs_perf "$D/cpuburn-plain.data" -F +uregs
script_vs_perf "$D/cpuburn-plain.data" -F comm,tod
# a pipe: tod without clock data is "disabled"; a missing field is refused
# while the attrs are read (perf's status 234)
script_vs_perf "$D/cpuburn-pipe.data" $S -F comm,tid,tod,time
script_vs_perf "$D/cpuburn-pipe.data" $S -F comm,cpu
script_vs_perf "$D/cpuburn-pipe.data" $S -F comm,addr
script_vs_perf "$D/cpuburn-plain.data" -F comm,srcline
script_vs_perf "$f" -F comm,tid,time --reltime --deltatime
script_vs_perf "$D/cpuburn-fp.data" $S -F hw:
script_vs_perf "$D/cpuburn-pipe.data" $S -F sw:
# a pipe's side-band records before its first sample: the fields perf
# adds for callchains are there already (comm not padded)
script_vs_perf "$D/cpuburn-pipe.data" $S --show-task-events --show-mmap-events -F comm,tid,time
# the dummy event is no software event to hide; a stat file takes any -F
script_vs_perf "$D/sched-switch.data" -F sw:
script_vs_perf "$D/stat-record.data" -F comm,tid
# its side-band lines keep perf's default columns (zeros: no sample_id_all)
script_vs_perf "$D/stat-record.data" --show-mmap-events
script_vs_perf "$D/stat-record.data" --show-mmap-events -F +misc
script_vs_perf "$D/stat-record.data" --show-mmap-events -F comm,tid,time
script_vs_perf "$D/stat-record.data" -F ip,sym,iregs
"$MPERF" script -i "$D/cpuburn-plain.data" -F comm,ip,iregs >/dev/null 2>"$T/err"
assert_eq "one error line" 1 "$(wc -l <"$T/err")"
assert_contains "iregs refusal" "record with -I/--intr-regs" "$T/err"
# a perf stat record file: perf prints its counts whatever -F asks
for x in tid ip,brstack cpu; do
	script_vs_perf "$D/stat-record.data" -F "$x"
done
grep -q 'task-clock' "$T/p" || fail "perf printed no counts for -F cpu"
echo "$n runs equal to perf's"
