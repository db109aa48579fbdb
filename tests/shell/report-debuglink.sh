#!/bin/sh
# An object whose DWARF is in a separate file named by its .gnu_debuglink
# (objcopy --only-keep-debug, --add-gnu-debuglink): perf takes symbols and
# lines from that file first (origin 'l' with -v) wherever perf looks for
# it (the object's directory, its .debug subdirectory, the working
# directory); report -s srcline, callchains with inlined frames, and
# script -F srcline equal perf's. A debug file of another build there is
# passed over, as perf does.
. "$(dirname "$0")/lib.sh"
need_perf
need_root
need_cmds gcc objcopy strip
tmpdir
private_home
mkdir -p "$T/w/.debug" "$T/cwd" "$T/other"
cat > "$T/w/p.c" <<'EOC'
#include <stdlib.h>
static volatile long sink;
__attribute__((noinline)) static void inner(long n)
{
	for (long i = 0; i < n; i++)
		sink += i * i;
}
static inline void mid(long n)
{
	inner(n);
	for (long i = 0; i < n; i++)
		sink ^= i;
}
int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 20000000;

	for (int k = 0; k < 4; k++)
		mid(n);
	return 0;
}
EOC
gcc -O2 -g -fno-omit-frame-pointer -o "$T/w/p" "$T/w/p.c" || fail "cannot build the workload"
objcopy --only-keep-debug "$T/w/p" "$T/p.debug"
strip --strip-debug "$T/w/p"
objcopy --add-gnu-debuglink="$T/p.debug" "$T/w/p"
# premise: the object has no DWARF of its own, its debuglink names p.debug
readelf -S "$T/w/p" | grep -q debug_info && fail "premise: the stripped object keeps .debug_info"
readelf -p .gnu_debuglink "$T/w/p" | grep -q 'p\.debug' || fail "premise: no .gnu_debuglink"
"$PERF" record -q -g -o "$T/p.data" -- "$T/w/p" >/dev/null 2>&1 || skip "perf record -g does not work here"

n=0
compare() {
	both "$T/p.data" -s sym,srcline --no-children
	both "$T/p.data" -g caller
	both "$T/p.data" --no-children -s dso,sym -v
	script_vs_perf "$T/p.data" -F ip,sym,srcline
}
# the debug file in the object's .debug subdirectory, then beside it
mv "$T/p.debug" "$T/w/.debug/p.debug"
compare
grep -q ' l \[\.\] inner' "$T/perf" || fail "perf did not take the debuglink's file"
"$MPERF" report -i "$T/p.data" --stdio -s sym,srcline --no-children > "$T/m.sl" 2>&1
grep -q 'inner  *p\.c:6' "$T/m.sl" || { cat "$T/m.sl" >&2; fail "no line of inner from the debug file"; }
mv "$T/w/.debug/p.debug" "$T/w/p.debug"
compare
# in the working directory (perf's first place): report from there
mv "$T/w/p.debug" "$T/cwd/p.debug"
(cd "$T/cwd" && compare) || exit 1
grep -q ' l \[\.\] inner' "$T/perf" || fail "perf did not take p.debug from the working directory"
# a p.debug of another build: not the object's, passed over (perf takes
# the build-id cache's copy of the object then)
gcc -O1 -g -o "$T/other/p" "$T/w/p.c" && objcopy --only-keep-debug "$T/other/p" "$T/w/.debug/p.debug"
rm "$T/cwd/p.debug"
compare
grep -q ' l \[\.\] inner' "$T/perf" && fail "perf took a debug file of another build-id"
# a program stripped of all symbols (its .dynsym defines none): perf
# takes that .dynsym all the same, and -v names the file's place (the
# build-id cache's copy, 'B'), not '!'
mkdir -p "$T/s"
gcc -O2 -o "$T/s/q" "$T/w/p.c" && strip --strip-all "$T/s/q" || fail "cannot build the stripped workload"
nm -D --defined-only "$T/s/q" 2>/dev/null | grep -q ' [TtDdBb] ' &&
	fail "premise: the stripped program defines dynamic symbols"
"$PERF" record -q -o "$T/q.data" -- "$T/s/q" 5000000 >/dev/null 2>&1 || fail "perf record of the stripped program failed"
both "$T/q.data" --no-children -s dso,sym -v
grep -q '/s/q  .* [Bd] \[\.\] 0x' "$T/perf" || { grep '/s/q ' "$T/perf" | head -3 >&2; fail "perf's -v letter of the stripped program is not B or d (the premise)"; }
echo "ok: $n reports and scripts of a debuglink's object equal perf's"
