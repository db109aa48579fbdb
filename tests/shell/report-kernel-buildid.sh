#!/bin/sh
# A file recorded on another kernel (its kernel build-id is not the running
# one's): kernel symbols come from the kallsyms perf record put in the
# build-id cache, else stay raw addresses with one warning, as perf's; never
# names from this machine's /proc/kallsyms. report and script equal perf's
# on the perf 6.1 files both ways.
. "$(dirname "$0")/lib.sh"
perf61_data syswide-fp.data sched-switch.data
kernel_bid "$D/syswide-fp.data"
[ "$(cat /sys/kernel/notes 2>/dev/null | od -An -tx1 | tr -d ' \n' | grep -c "$bid")" = 0 ] ||
	skip "the test files were recorded on this kernel"
# no cache: raw kernel addresses, one warning naming the fix
export HOME="$T/empty"
mkdir -p "$HOME"
for f in syswide-fp sched-switch cpuburn-fp; do
	both "$D/$f.data"
	both "$D/$f.data" --no-children -s dso,sym -g none
	script_vs_perf "$D/$f.data"
done
both "$D/syswide-fp.data" --no-children -s sym -g none
grep -q '\[k\] 0xffffffff' "$T/perf" || fail "perf resolved another kernel's addresses"
grep -q "build-id $bid" "$T/err" || fail "no warning: $(cat "$T/err")"
[ "$(wc -l < "$T/err")" = 1 ] || fail "more than one line: $(cat "$T/err")"
grep -q -- '--kallsyms FILE' "$T/err" || fail "the warning names no fix"
# the cache holds the recorded kernel's kallsyms: its names
export HOME="$T/home"
mkdir -p "$HOME/.debug/[kernel.kallsyms]/$bid"
cp "$D/kallsyms" "$HOME/.debug/[kernel.kallsyms]/$bid/kallsyms"
both "$D/syswide-fp.data"
both "$D/syswide-fp.data" --no-children -s sym -g none
grep -q '\[k\] 0xffffffff' "$T/perf" && fail "perf did not read the cached kallsyms"
grep -q '\[k\] [a-z_]' "$T/a" || fail "no kernel symbol from the cached kallsyms"
script_vs_perf "$D/syswide-fp.data"
echo "ok: $n reports and scripts of another kernel's files equal perf's"
