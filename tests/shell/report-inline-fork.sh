#!/bin/sh
# --call-graph dwarf children: an inlined function's entry reached by a sample of another process (a fork's copy of the maps) takes its caller's name, as perf renames it; rows and call graphs equal perf report's
. "$(dirname "$0")/lib.sh"
need_perf
need_root
tmpdir
command -v cc >/dev/null 2>&1 || skip "no C compiler"
# parent and forked child run the same loop, inlined into work()
cat > "$T/fk.c" <<'C'
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
volatile unsigned long sink;
static inline __attribute__((always_inline)) void mix(int n)
{
	for (int i = 0; i < n; i++)
		sink = sink * 31 + i;
}
__attribute__((noinline)) void work(double secs)
{
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		mix(100000);
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while (t.tv_sec - t0.tv_sec + (t.tv_nsec - t0.tv_nsec) / 1e9 < secs);
}
int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 0.3;
	pid_t p = fork();

	work(secs);
	if (p > 0)
		waitpid(p, NULL, 0);
	return 0;
}
C
cc -O2 -g -fno-omit-frame-pointer -o "$T/fk" "$T/fk.c" || fail "cc failed"
"$PERF" record -q --call-graph dwarf -F 499 -o "$T/fk.data" "$T/fk" 0.3 >/dev/null 2>&1 ||
	skip "perf record --call-graph dwarf does not work here"
# the subject: perf shows work() twice (its own entry and the renamed
# entry of mix), which needs samples of both processes in turn
"$PERF" report -i "$T/fk.data" --stdio -s sym -g none 2>/dev/null > "$T/p"
[ "$(grep -c '\[\.\] work *$' "$T/p")" -ge 2 ] ||
	skip "perf renamed no inlined entry in this recording"
n=0
while read -r opts; do
	# shellcheck disable=SC2086
	report_vs_perf "$T/fk.data" $opts
	n=$((n + 1))
done <<'LIST'
--children
-g none
-s sym
-s sym -g caller
-s comm,sym
-s dso,sym -g none
--no-children
LIST
echo "$n option sets equal to perf's on a forked process's inlined frames"
