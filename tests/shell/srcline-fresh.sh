#!/bin/sh
# report -s srcline and script -F srcline equal perf's on fresh recordings: libc callbacks and inlined code (-g and --call-graph dwarf), a build without -g, its stripped copy read from the build-id cache, C++ inlined frames
. "$(dirname "$0")/lib.sh"
need_perf
need_root
need_cmds gcc strip addr2line
tmpdir
private_home
cat >"$T/slwork.c" <<'SRC'
#include <stdlib.h>
#include <time.h>

static int cmp(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static inline void sort_some(int *a, int n)
{
	for (int i = 0; i < n; i++)
		a[i] = rand();
	qsort(a, n, sizeof(*a), cmp);
}

volatile int sink;

int main(int argc, char **argv)
{
	double end = now() + (argc > 1 ? atof(argv[1]) : 0.3);
	int a[256];

	while (now() < end) {
		sort_some(a, 256);
		/* main's own work: its row must have samples */
		for (int k = 0; k < 20000; k++)
			sink += k * a[k & 255];
	}
	return 0;
}
SRC
gcc -O2 -g -fno-omit-frame-pointer -o "$T/slg" "$T/slwork.c" || fail "cannot build the workload"
# no DWARF: addr2line names the function's file from the ELF symbols
gcc -O2 -fno-omit-frame-pointer -o "$T/slnd" "$T/slwork.c" || fail "cannot build the workload"
n=0
rep() {	# FILE OPTS
	# shellcheck disable=SC2086
	"$PERF" report -i "$1" --stdio $2 >"$T/p" 2>/dev/null || fail "perf report $2"
	# shellcheck disable=SC2086
	"$MPERF" report -i "$1" --stdio $2 >"$T/m" 2>"$T/err" ||
		{ cat "$T/err" >&2; fail "mperf report $2: exit status"; }
	# the last 3 lines are perf's random tip / mperf's quality summary
	head -n -3 "$T/m" >"$T/a"
	head -n -3 "$T/p" >"$T/b"
	if ! diff "$T/a" "$T/b" >"$T/diff"; then
		head -20 "$T/diff" >&2
		fail "report $2 on $(basename "$1") differs from perf's"
	fi
	n=$((n + 1))
}
rec() {	# NAME OPTS BINARY
	# shellcheck disable=SC2086
	"$PERF" record -q -e cpu-clock:u -F 999 $2 -o "$T/$1.data" "$3" 0.3 >/dev/null 2>&1 ||
		skip "perf record $2 does not work here"
}

rec fp -g "$T/slg"
rec dw "--call-graph dwarf,8192" "$T/slg"
rec nd -g "$T/slnd"
# a stripped copy, same build-id: perf and mperf read the cache's copy
cp "$T/slnd" "$T/slst" && strip "$T/slst"
rec st -g "$T/slst"

for f in fp nd st; do
	rep "$T/$f.data" "--no-children -s sym,srcline -g none"
	rep "$T/$f.data" "-s srcline"
	script_vs_perf "$T/$f.data" -F ip,sym,srcline
	rep "$T/$f.data" "--no-children -s sym,srcfile -g none"
done
# no DWARF: 'slwork.c:0' for a local function, '??:0' for main (report),
# the line left out (script)
rep "$T/nd.data" "--no-children -s sym,srcline -g none"
assert_contains "file symbol's name" "slwork.c:0" "$T/a"
grep -Eq '\] main +\?\?:0' "$T/a" || fail "main of a build without -g: no '??:0' line"
rep "$T/dw.data" "--no-children -s sym,srcline -g none"
rep "$T/dw.data" "-s sym,srcline"
# DWARF frames of inlined code: each level's line (the call site above)
script_vs_perf "$T/dw.data" -F ip,sym,srcline
grep -q 'sort_some' "$T/p" || fail "perf script shows no inlined sort_some frame"

# C++: an inlined frame is named by its demangled linkage name
# ("std::sort<...>"), the outermost one as the ELF symbol is
command -v g++ >/dev/null 2>&1 || { echo "$n srcline outputs equal to perf's (no g++)"; exit 0; }
cat >"$T/slcxx.cc" <<'SRC'
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 0.3;
	auto t0 = std::chrono::steady_clock::now();
	std::vector<int> v(1000);
	long sum = 0;

	while (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < secs) {
		for (auto &x : v)
			x = rand();
		std::sort(v.begin(), v.end());
		sum += v[0];
	}
	return sum == 42;
}
SRC
g++ -O2 -g -fno-omit-frame-pointer -o "$T/slcxx" "$T/slcxx.cc" || fail "cannot build the C++ workload"
rec cxx "--call-graph dwarf,8192" "$T/slcxx"
script_vs_perf "$T/cxx.data" -F ip,sym,srcline
grep -q 'std::__introsort_loop<' "$T/p" || fail "perf script shows no inlined std:: frame"
rep "$T/cxx.data" "--no-children"
rep "$T/cxx.data" "--no-children -g caller"
rep "$T/cxx.data" "--no-children -s sym,srcline -g none"
rep "$T/cxx.data" "--no-children --no-demangle"
echo "$n srcline outputs equal to perf's"
