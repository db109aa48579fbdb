#!/bin/sh
# -k/--vmlinux: kernel symbols at their ELF addresses (the kernel's map is
# identity), dso_size the .text section's span as perf's map takes it once
# it has read the file; report and script equal perf's on a perf 6.1 file
# given kernel samples (craft-perfdata.py) and a small vmlinux made here
# with the file's kernel build-id
. "$(dirname "$0")/lib.sh"
perf61_data cpuburn-plain.data
{ command -v gcc && command -v ld; } >/dev/null || skip "no gcc/ld to make a vmlinux"
kernel_bid "$D/cpuburn-plain.data"
# two functions in .text at the kernel's start, as a vmlinux links them
cat > "$T/vm.S" <<'EOS'
	.text
	.globl _stext, f_one, f_two, _etext
_stext:
	.type f_one, @function
f_one:	.space 0x1000
	.size f_one, 0x1000
	.type f_two, @function
f_two:	.space 0x400000
	.size f_two, 0x400000
_etext:
EOS
gcc -c "$T/vm.S" -o "$T/vm.o" && ld -o "$T/vmlinux" -nostdlib -static -e f_one \
	-Ttext=0xffffffff81000000 --build-id=0x"$bid" "$T/vm.o" || fail "cannot link the vmlinux"
python3 "$CRAFT" ips "$D/cpuburn-plain.data" "$T/k.data" 1 \
	ffffffff81000010,ffffffff81002000,ffffffff83000000,ffffffff81400ff0 || fail "craft failed"
for o in "" "-s dso_size,sym,dso" "-s symbol_size,sym" "--no-children -s sym"; do
	# shellcheck disable=SC2086
	report_vs_perf "$T/k.data" -k "$T/vmlinux" $o
	n=$((n + 1))
done
grep -q '\[k\] f_two' "$T/perf" || fail "perf did not read the vmlinux"
report_vs_perf "$T/k.data" -k "$T/vmlinux" -s dso_size
grep -q '4198400' "$T/perf" || fail "perf's kernel map is not .text's span"
n=$((n + 1))
script_vs_perf "$T/k.data" -k "$T/vmlinux"
# --show-kernel-path: the kernel by the -k path (as given), not a kallsyms one
script_vs_perf "$T/k.data" -k "$T/vmlinux" --show-kernel-path
grep -q "($T/vmlinux)" "$T/p" || fail "perf --show-kernel-path did not name the vmlinux"
script_vs_perf "$T/k.data" --kallsyms "$D/kallsyms" --show-kernel-path -F ip,sym,dso
# with --kallsyms too, perf reads the kallsyms file, not the vmlinux
report_vs_perf "$T/k.data" -k "$T/vmlinux" --kallsyms "$D/kallsyms"
grep -q '\[k\] f_two' "$T/perf" && fail "perf read the vmlinux over --kallsyms"
n=$((n + 1))
script_vs_perf "$T/k.data" -k "$T/vmlinux" --kallsyms "$D/kallsyms"
echo "ok: $n reports and scripts with -k equal perf's"
