#!/bin/sh
# source lines of code whose DWARF has no .debug_aranges (every clang-built object; here gcc's with the section removed) as perf's addr2line finds them by the units' ranges: report -s srcline/srcfile and script -F srcline equal to perf's; a "sym+off" fallback of a 600-character name is not cut; a shared object linked at 0x20000000 gets perf's fallbacks for its callers' lines
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

# a shared object linked at an address of its own: perf adjusts its
# symbols as an executable's, and the callers' look-ups at their raw
# addresses miss ("lib_work+536870937"-like rows), as mperf's do
cat >"$T/nzlib.c" <<'SRC'
long lib_work(long n)
{
	long s = 0;

	for (long i = 0; i < n; i++)
		s += i * i ^ s;
	return s;
}
SRC
printf 'long lib_work(long n);\nvolatile long sink;\nint main(void) { sink = lib_work(60000000); return 0; }\n' >"$T/nzmain.c"
gcc -O1 -g -fPIC -shared -fno-omit-frame-pointer -Wl,-Ttext-segment=0x20000000 \
	-o "$T/libnz.so" "$T/nzlib.c" || fail "gcc libnz failed"
gcc -O1 -g -fno-omit-frame-pointer -o "$T/nzmain" "$T/nzmain.c" -L"$T" -lnz \
	-Wl,-rpath,"$T" || fail "gcc nzmain failed"
"$PERF" record -q -g -o "$T/nz.data" -- "$T/nzmain" >/dev/null 2>&1 || fail "perf record failed"
report_vs_perf "$T/nz.data" -s srcline -g none
grep -q "lib_work+[0-9]" "$T/perf" || fail "perf's report has no lib_work+N fallback (the premise)"
report_vs_perf "$T/nz.data" -s sym,srcfile
echo "reports and script equal to perf's"
