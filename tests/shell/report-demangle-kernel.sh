#!/bin/sh
# --demangle-kernel and --ignore-vmlinux: a vmlinux's C++ names stay mangled without it (whatever --demangle says) and are demangled with it, in report and script, as perf 6.1; --ignore-vmlinux reads kallsyms, not -k's vmlinux (a small vmlinux made here, kernel samples crafted into a perf 6.1 file)
. "$(dirname "$0")/lib.sh"
need_perf
tmpdir
D="$DATA/perf-6.1"
[ -f "$D/cpuburn-plain.data" ] || skip "no perf 6.1 test data"
command -v python3 >/dev/null || skip "no python3"
{ command -v gcc && command -v ld; } >/dev/null || skip "no gcc/ld to make a vmlinux"
kernel_bid "$D/cpuburn-plain.data"
cat > "$T/vm.S" <<'EOS'
	.text
	.globl _stext, f_one, _ZN6kernel3fooEv, _etext
_stext:
	.type f_one, @function
f_one:	.space 0x1000
	.size f_one, 0x1000
	.type _ZN6kernel3fooEv, @function
_ZN6kernel3fooEv:	.space 0x400000
	.size _ZN6kernel3fooEv, 0x400000
_etext:
EOS
gcc -c "$T/vm.S" -o "$T/vm.o" && ld -o "$T/vmlinux" -nostdlib -static -e f_one \
	-Ttext=0xffffffff81000000 --build-id=0x"$bid" "$T/vm.o" || fail "cannot link the vmlinux"
python3 "$TOP/tests/shell/craft-perfdata.py" ips "$D/cpuburn-plain.data" "$T/k.data" 1 \
	ffffffff81000010,ffffffff81002000,ffffffff81400ff0 || fail "craft failed"
n=0
for o in "" --demangle-kernel --no-demangle "--no-demangle --demangle-kernel"; do
	# shellcheck disable=SC2086
	report_vs_perf "$T/k.data" -k "$T/vmlinux" $o
	# shellcheck disable=SC2086
	script_vs_perf "$T/k.data" -k "$T/vmlinux" $o
done
[ "$n" -eq 4 ] || fail "only $n script comparisons ran"
"$MPERF" report -i "$T/k.data" -k "$T/vmlinux" --stdio --demangle-kernel 2>/dev/null |
	grep -q '\[k\] kernel::foo' || fail "--demangle-kernel: no kernel::foo"
"$MPERF" report -i "$T/k.data" -k "$T/vmlinux" --stdio 2>/dev/null |
	grep -q '\[k\] _ZN6kernel3fooEv' || fail "without --demangle-kernel: not the mangled name"
# --ignore-vmlinux: -k's file is not read; the kallsyms given is
report_vs_perf "$T/k.data" -k "$T/vmlinux" --ignore-vmlinux --kallsyms "$D/kallsyms"
grep -q 'kernel3foo' "$T/a" && fail "--ignore-vmlinux: the vmlinux was read"
grep -q '\[k\] __entry_text_start' "$T/a" || fail "--ignore-vmlinux: no kallsyms symbol"
