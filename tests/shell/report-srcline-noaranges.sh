#!/bin/sh
# source lines of code whose DWARF has no .debug_aranges (every clang-built object; here gcc's with the section removed) as perf's addr2line finds them by the units' ranges: report -s srcline/srcfile and script -F srcline equal to perf's; a "sym+off" fallback of a 600-character name is not cut
. "$(dirname "$0")/lib.sh"
need_perf
need_root
need_cmds gcc objcopy
tmpdir
private_home
cat >"$T/na.c" <<'SRC'
#include <stdlib.h>

volatile long sink;

__attribute__((noinline)) long work(long n)
{
	long s = 0;

	for (long i = 0; i < n; i++)
		s += i * 7 % 13;
	return s;
}

int main(int argc, char **argv)
{
	sink = work(argc > 1 ? atol(argv[1]) : 20000000);
	return 0;
}
SRC
gcc -O0 -g -fno-omit-frame-pointer -o "$T/na" "$T/na.c" || fail "gcc failed"
objcopy --remove-section .debug_aranges "$T/na" || fail "objcopy failed"
readelf -S "$T/na" | grep -q debug_aranges && fail "the section is still there"
"$PERF" record -q -g -o "$T/na.data" -- "$T/na" >/dev/null 2>&1 || fail "perf record failed"
report_vs_perf "$T/na.data" -s sym,srcline --no-children
# (not vacuous: perf found the loop's lines)
grep -q "work  *na.c:1[01]" "$T/perf" || { cat "$T/perf"; fail "perf found no line of work()"; }
report_vs_perf "$T/na.data" -s srcline
report_vs_perf "$T/na.data" -s sym,srcfile
script_vs_perf "$T/na.data" -F ip,sym,srcline

# a function with a 600-character name and no DWARF: its callchain
# entries fall back to "name+offset", one entry per offset
name=f$(printf '%0600d' 0 | tr 0 x)
sed "s/work/$name/g" "$T/na.c" >"$T/ln.c"
gcc -O1 -fno-omit-frame-pointer -o "$T/ln" "$T/ln.c" || fail "gcc failed"
"$PERF" record -q -g -o "$T/ln.data" -- "$T/ln" >/dev/null 2>&1 || fail "perf record failed"
report_vs_perf "$T/ln.data" -s srcline -g none
grep -q "$name+[0-9]" "$T/perf" || fail "perf's fallback has no offset (the premise)"
echo "reports and script equal to perf's"
