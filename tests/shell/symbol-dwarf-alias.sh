#!/bin/sh
# --call-graph dwarf frames in libc's syscall stubs (one DWARF subprogram per alias) are named as perf 6.1 names them
. "$(dirname "$0")/lib.sh"
need_perf
need_root
tmpdir
command -v cc >/dev/null 2>&1 || skip "no C compiler"
cat > "$T/sc.c" <<'C'
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 0.3;
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		for (int i = 0; i < 200; i++) {
			void *p = mmap(0, 8192, PROT_READ | PROT_WRITE,
				       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

			mprotect(p, 4096, PROT_READ);
			munmap(p, 8192);
			getppid();
		}
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while (t.tv_sec - t0.tv_sec + (t.tv_nsec - t0.tv_nsec) / 1e9 < secs);
	return 0;
}
C
cc -O2 -g -o "$T/sc" "$T/sc.c" || fail "cc failed"
"$PERF" record -q --call-graph dwarf -o "$T/d.data" "$T/sc" 0.3 >/dev/null 2>&1 ||
	skip "perf record --call-graph dwarf does not work here"
"$PERF" script -i "$T/d.data" 2>/dev/null > "$T/perf.all"
"$MPERF" script -i "$T/d.data" 2>"$T/err" > "$T/mperf.all" ||
	{ cat "$T/err" >&2; fail "mperf script failed"; }
# the frames in the stubs (perf: __GI_munmap+0x7 (inlined), addr2line's
# pick among the aliases' subprograms)
pat='munmap|mprotect|getppid|mmap64'
grep -E "$pat" "$T/perf.all" > "$T/perf"
grep -E "$pat" "$T/mperf.all" > "$T/mperf"
[ -s "$T/perf" ] || skip "no sample in the syscall stubs"
if ! diff "$T/perf" "$T/mperf" > "$T/diff"; then
	sort "$T/diff" | uniq -c | sort -rn | head -10 >&2
	fail "$(grep -c '^<' "$T/diff") of $(wc -l < "$T/perf") stub frames named differently"
fi
echo "$(wc -l < "$T/perf") stub frames named alike"
