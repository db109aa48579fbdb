#!/bin/sh
# report names as perf 6.1 shows them: C++ operator names keep their spaces ("operator unsigned long", not "long"), column titles and call graph names are cut at 1023 characters, as perf's buffers cut them
. "$(dirname "$0")/lib.sh"
need_perf
need_root
tmpdir
command -v cc >/dev/null 2>&1 || skip "no C compiler"
# a symbol of 1100 characters, and a C function under the mangled name of
# a C++ conversion operator (llvm::TypeSize::operator unsigned long)
long=f_$(printf '%01100d' 0 | tr 0 x)
cat > "$T/ln.c" <<C
#include <stdlib.h>
#include <time.h>
volatile unsigned long sink;
unsigned long conv(int n) __asm__("_ZNK4llvm8TypeSizecvmEv");
__attribute__((noinline)) unsigned long conv(int n)
{
	for (int i = 0; i < n; i++)
		sink += i;
	return sink;
}
__attribute__((noinline)) void $long(int n)
{
	for (int i = 0; i < n; i++)
		sink ^= i;
	conv(n);
}
int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 0.3;
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		$long(100000);
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while (t.tv_sec - t0.tv_sec + (t.tv_nsec - t0.tv_nsec) / 1e9 < secs);
	return 0;
}
C
cc -O1 -g -fno-omit-frame-pointer -o "$T/ln" "$T/ln.c" || fail "cc failed"
"$PERF" record -q -g -F 999 -o "$T/ln.data" "$T/ln" 0.3 >/dev/null 2>&1 ||
	skip "perf record -g does not work here"
n=0
while read -r opts; do
	# shellcheck disable=SC2086
	report_vs_perf "$T/ln.data" $opts
	n=$((n + 1))
done <<'LIST'
--children
--no-children -g fractal
--no-children -g folded
-g caller -s sym
-t , -g none
LIST
# what the comparisons saw: the operator's name, a row wider than 1023
# characters and perf's title cut to 1023
"$PERF" report -i "$T/ln.data" --stdio --no-children -s sym -g none 2>/dev/null > "$T/p"
grep -q 'llvm::TypeSize::operator unsigned long' "$T/p" || fail "perf showed no sample in the operator"
[ "$(awk 'length($0) > 1100' "$T/p" | wc -l)" -ge 2 ] || fail "perf showed no row of the long name"
[ "$(sed -n '/^# Overhead/p' "$T/p" | awk '{print length($0)}')" = $((2 + 8 + 2 + 1023)) ] ||
	fail "perf's column title is not cut at 1023 characters"
echo "$n option sets equal to perf's with a long name and a C++ operator"
