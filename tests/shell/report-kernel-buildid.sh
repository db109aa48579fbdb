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
# kallsyms_opens: the opens of kallsyms files by a report (strace), in $T/trace
kallsyms_opens() {
	strace -f -e trace=openat -o "$T/trace" "$MPERF" report -i "$D/syswide-fp.data" \
		--stdio >/dev/null 2>&1
	grep kallsyms "$T/trace" | grep -v ENOENT > "$T/opens"
}
# the kallsyms prefetch reads what the load takes: nothing here, never
# this machine's /proc/kallsyms
has_strace=false
command -v strace >/dev/null 2>&1 && strace -o /dev/null true 2>/dev/null && has_strace=true
if $has_strace; then
	kallsyms_opens
	[ -s "$T/opens" ] && fail "another kernel's file read a kallsyms: $(cat "$T/opens")"
fi
# the cache holds the recorded kernel's kallsyms: its names
export HOME="$T/home"
mkdir -p "$HOME/.debug/[kernel.kallsyms]/$bid"
cp "$D/kallsyms" "$HOME/.debug/[kernel.kallsyms]/$bid/kallsyms"
both "$D/syswide-fp.data"
both "$D/syswide-fp.data" --no-children -s sym -g none
grep -q '\[k\] 0xffffffff' "$T/perf" && fail "perf did not read the cached kallsyms"
grep -q '\[k\] [a-z_]' "$T/a" || fail "no kernel symbol from the cached kallsyms"
script_vs_perf "$D/syswide-fp.data"
# the cached copy, read once (by the prefetch, taken by the load)
if $has_strace; then
	kallsyms_opens
	grep -q "$bid/kallsyms" "$T/opens" && [ "$(wc -l < "$T/opens")" = 1 ] ||
		fail "not the cached kallsyms alone, once: $(cat "$T/opens")"
fi
echo "ok: $n reports and scripts of another kernel's files equal perf's"
