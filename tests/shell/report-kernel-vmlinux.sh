#!/bin/sh
# A file whose build-id list names the kernel by a vmlinux path: perf record
# does so when it finds a vmlinux (here one in its working directory, with
# another build-id, which it takes anyway). perf then calls the kernel
# "[kernel.vmlinux]" in report and prints that path in script; its
# symbols still come from kallsyms (with -v the kernel is "[kernel.kallsyms]"
# then, "vmlinux" when it has no symbols). Compared with perf on a fresh recording.
. "$(dirname "$0")/lib.sh"
need_perf
need_root
tmpdir
{ command -v gcc && command -v ld; } >/dev/null || skip "no gcc/ld to make a vmlinux"
mkdir "$T/rec" "$T/elsewhere"
cat > "$T/vm.S" <<'EOS'
	.text
	.globl _stext, f_one, _etext
_stext:
	.type f_one, @function
f_one:	.space 0x1000
	.size f_one, 0x1000
_etext:
EOS
gcc -c "$T/vm.S" -o "$T/vm.o" && ld -o "$T/rec/vmlinux" -nostdlib -static -e f_one \
	-Ttext=0xffffffff81000000 "$T/vm.o" || fail "cannot link the vmlinux"
# -N: nothing goes to the build-id cache
(cd "$T/rec" && "$PERF" record -N -q -e cpu-clock -g -o k.data -- \
	sh -c 'for i in 1 2 3; do ls -R /usr/lib /usr/share/doc >/dev/null; done' 2>/dev/null) ||
	skip "perf record failed"
"$PERF" buildid-list -i "$T/rec/k.data" 2>/dev/null | grep -q ' vmlinux$' ||
	skip "perf record did not name the kernel by the vmlinux"
cd "$T/elsewhere" || fail "cd"
report_vs_perf ../rec/k.data -s dso
grep -q '\[kernel\.vmlinux\]' "$T/perf" || fail "perf did not call the kernel [kernel.vmlinux]"
n=1
for o in "" "--no-children -s dso,sym" "--dsos [kernel.vmlinux] -s sym" \
	 "--dsos [kernel.kallsyms] --no-children" "-v --no-children" \
	 "-v --no-children --symfs $T/elsewhere"; do
	# shellcheck disable=SC2086
	report_vs_perf ../rec/k.data $o
	n=$((n + 1))
done
grep -q ' vmlinux  ' "$T/perf" || fail "perf -v did not name the kernel without symbols vmlinux"
script_vs_perf ../rec/k.data
grep -q '(vmlinux)$' "$T/p" || fail "perf script did not print (vmlinux)"
script_vs_perf ../rec/k.data -F comm,tid,ip,sym,dso
echo "ok: $n reports and scripts equal perf's on a kernel named vmlinux"
